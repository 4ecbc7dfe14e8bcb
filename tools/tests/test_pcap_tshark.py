# SPDX-License-Identifier: GPL-2.0-only
"""Wireshark's dissector as an independent check of the model's MPTCP on the wire.

Runs build/mptcp-two-hosts (or $MPTCP_TWO_HOSTS) with --pcap, then tshark on the captures of
host A's and host B's links, and asserts that tshark (a) decodes MPTCP options with the
MP_CAPABLE, MP_JOIN and DSS subtypes, (b) finds no malformed packet and no expert info of
severity error, and no data segment without a DSS mapping, and (c) attributes every subflow
(TCP stream) to the same MPTCP connection, with as many TCP streams as subflows the example
reports. Skipped without tshark, except in CI (CI=true), where a missing tshark fails.

Run with: python3 -m pytest tools/tests/test_pcap_tshark.py
"""
import json
import os
import shutil
import subprocess

import pytest

import paths

BINARY = paths.program("mptcp-two-hosts", "MPTCP_TWO_HOSTS")
SUBFLOWS = 4
PORT = 5000  # the example's server port
# MPTCP analysis (token -> connection, DSN mappings); tshark 4.0 spells these "mptcp.*".
# Port 5000 is Wireshark's RSL (GSM Abis) port: decode the payload as plain data instead.
TSHARK_OPTIONS = ["-o", "mptcp.analyze_mptcp:TRUE", "-o", "mptcp.analyze_mappings:TRUE",
                  "-o", "mptcp.relative_sequence_numbers:TRUE",
                  "-d", "tcp.port==%d,data" % PORT]
SUBTYPES = {"0": "MP_CAPABLE", "1": "MP_JOIN", "2": "DSS"}


def tshark_or_skip():
    path = shutil.which("tshark")
    if path is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("tshark is not installed (tools/deps.sh installs it)")
        pytest.skip("tshark is not installed")
    return path


@pytest.fixture(scope="module")
def capture(tmp_path_factory):
    tshark = tshark_or_skip()
    if not os.path.exists(BINARY):
        pytest.skip("build/mptcp-two-hosts not built")
    prefix = str(tmp_path_factory.mktemp("pcap") / "x")
    p = subprocess.run([BINARY, "--subflows=%d" % SUBFLOWS, "--duration=1",
                        "--pcap=%s" % prefix], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    summary = json.loads(p.stdout.strip().splitlines()[-1])
    assert summary["pcap"] == [prefix + "-a.pcap", prefix + "-b.pcap"]
    for f in summary["pcap"]:
        assert os.path.getsize(f) > 24, f  # more than the pcap file header
    return tshark, summary


def fields(tshark, pcap, display_filter, *names):
    """Rows (lists of field strings) of the frames matching display_filter."""
    cmd = [tshark, "-n", "-r", pcap] + TSHARK_OPTIONS + ["-Y", display_filter, "-T", "fields",
                                                          "-E", "separator=\t"]
    for n in names:
        cmd += ["-e", n]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    return [line.split("\t") for line in p.stdout.splitlines() if line.strip()]


def count(tshark, pcap, display_filter):
    return len(fields(tshark, pcap, display_filter, "frame.number"))


def test_summary(capture):
    _, s = capture
    assert s["subflows_requested"] == SUBFLOWS
    assert s["subflows_established"] == SUBFLOWS
    assert s["server_subflows_established"] == SUBFLOWS
    assert s["fallback"] is False
    assert s["protocol_errors"] == 0
    assert s["bytes_received"] > 100000


@pytest.mark.parametrize("side", [0, 1], ids=["host-a", "host-b"])
def test_mptcp_options_decoded(capture, side):
    tshark, s = capture
    pcap = s["pcap"][side]
    assert count(tshark, pcap, "tcp.option_kind == 30") > 100
    assert count(tshark, pcap, "mptcp") > 100
    seen = set()
    for (subtypes,) in fields(tshark, pcap, "mptcp", "tcp.options.mptcp.subtype"):
        seen.update(subtypes.split(","))
    for code, name in SUBTYPES.items():
        assert code in seen, "no %s option decoded (subtypes seen: %s)" % (name, sorted(seen))
    # One MP_CAPABLE handshake and one MP_JOIN handshake per additional subflow.
    assert count(tshark, pcap, "tcp.options.mptcp.subtype == 0 && tcp.flags.syn == 1") == 2
    assert (count(tshark, pcap, "tcp.options.mptcp.subtype == 1 && tcp.flags.syn == 1")
            == 2 * (SUBFLOWS - 1))


@pytest.mark.parametrize("side", [0, 1], ids=["host-a", "host-b"])
def test_no_malformed_packets_or_errors(capture, side):
    tshark, s = capture
    pcap = s["pcap"][side]
    assert count(tshark, pcap, "_ws.malformed") == 0
    assert count(tshark, pcap, "_ws.expert.severity == error") == 0
    p = subprocess.run([tshark, "-n", "-r", pcap, "-q", "-z", "expert"] + TSHARK_OPTIONS,
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    assert "Errors (" not in p.stdout, p.stdout
    # Every data segment lies in a DSS mapping tshark knows (mappings are never changed after
    # they were sent, RFC 8684 §3.3.1), so tshark derives a data sequence number for each.
    assert count(tshark, pcap, "mptcp.dss.missing_mapping") == 0
    assert count(tshark, pcap, "tcp.len > 0 && !mptcp.dsn") == 0
    assert count(tshark, pcap, "tcp.len > 0") > 100


@pytest.mark.parametrize("side", [0, 1], ids=["host-a", "host-b"])
def test_every_subflow_in_one_mptcp_connection(capture, side):
    tshark, s = capture
    pcap = s["pcap"][side]
    streams = {}
    for row in fields(tshark, pcap, "tcp", "tcp.stream", "mptcp.stream"):
        tcp_stream = row[0]
        mptcp_stream = row[1] if len(row) > 1 else ""
        streams.setdefault(tcp_stream, set())
        if mptcp_stream:  # the MP_CAPABLE SYN carries no key yet: not attributed
            streams[tcp_stream].add(mptcp_stream)
    assert len(streams) == s["subflows_established"]
    for tcp_stream, connections in streams.items():
        assert len(connections) == 1, "TCP stream %s in MPTCP streams %s" % (tcp_stream,
                                                                          connections)
    assert len(set().union(*streams.values())) == 1, streams
    # The subflows tshark sees are the example's: A's ports.
    ports = {int(r[0]) for r in fields(tshark, pcap, "tcp.dstport == %d" % PORT, "tcp.srcport")}
    assert ports == set(s["subflow_ports"])


@pytest.mark.skipif(not os.path.exists(BINARY), reason="build/mptcp-two-hosts not built")
@pytest.mark.parametrize("arg,option", [
    ("--subflows=0", "subflows"), ("--subflows=33", "subflows"), ("--duration=0", "duration"),
    ("--mss=10", "mss"), ("--pcap=/nonexistent-dir/x", "pcap"),
])
def test_bad_option_one_line(arg, option):
    p = subprocess.run([BINARY, arg], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    lines = [l for l in p.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and ("--%s=" % option) in lines[0], p.stderr
