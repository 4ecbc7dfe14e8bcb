# SPDX-License-Identifier: GPL-2.0-only
"""Tests of ``mptcp-ns3 plot timeseries`` (tools/mptcp_ns3/plots/timeseries.py) on a small CSV
written here, and of the shape of the time series examples/mptcp-link-failure writes (build/mptcp-link-failure, or
$MPTCP_LINK_FAILURE; skipped when not built). Run with: python3 -m pytest tools/
"""
import csv
import json
import os
import subprocess

import pytest

import paths
from mptcp_ns3.plots import timeseries as pst
from paths import PNG_MAGIC

BINARY = paths.program("mptcp-link-failure", "MPTCP_LINK_FAILURE")


def write_csv(path, rows, header=("time_s", "subflow", "path", "throughput_bps")):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def tiny_rows():
    """Two subflows at 5 Mb/s; path 2 fails over (2, 4]; subflow 0 carries 9 Mb/s meanwhile."""
    rows = []
    for i in range(1, 61):
        t = i / 10
        failed = 2 < t <= 4
        a, b = (9e6, 0.0) if failed else (5e6, 5e6)
        rows += [(t, 0, 1, a), (t, 1, 2, b), (t, "total", "all", a + b)]
    return rows


def run(*args):
    return paths.cli("plot", "timeseries", *args, timeout=120)


def test_load_and_phases(tmp_path):
    f = tmp_path / "s.csv"
    write_csv(f, tiny_rows())
    series = pst.load(str(f))
    assert sorted(series) == ["subflow 0 (path 1)", "subflow 1 (path 2)", "total"]
    assert len(series["total"]) == 60
    assert pst.path_of("subflow 1 (path 2)") == 2 and pst.path_of("total") is None
    ph = pst.phases(series, 2.0, 4.0, 0.5)
    assert ph["subflow 0 (path 1)"] == pytest.approx((5e6, 9e6, 5e6))
    assert ph["subflow 1 (path 2)"] == pytest.approx((5e6, 0.0, 5e6))
    assert ph["total"] == pytest.approx((10e6, 9e6, 10e6))
    # Never restored: no "after" phase.
    assert pst.phases(series, 2.0, -1, 0.5)["total"][2] is None


def test_plot_writes_png_and_prints_means(tmp_path):
    f = tmp_path / "s.csv"
    write_csv(f, tiny_rows())
    out = tmp_path / "s.png"
    p = run(str(f), "--fail-at", "2", "--restore-at", "4", "--settle", "0.5", "--out", str(out))
    assert p.returncode == 0, p.stderr
    assert out.read_bytes()[:8] == PNG_MAGIC
    assert out.stat().st_size > 10000
    lines = {l.split()[0] + " " + l.split()[1]: l.split() for l in p.stdout.splitlines()
             if l.startswith("subflow")}
    assert lines["subflow 1"][-3:] == ["5.00", "0.00", "5.00"]
    assert "wrote %s" % out in p.stdout
    # Default output name: the CSV's, with .png.
    p = run(str(f))
    assert p.returncode == 0, p.stderr
    assert (tmp_path / "s.png").exists()


@pytest.mark.parametrize("content,message", [
    (None, "cannot read"),
    ("a,b,c\n1,2,3\n", "expected columns"),
    ("time_s,subflow,path,throughput_bps\n1,0,1\n", "expected 4 fields"),
    ("time_s,subflow,path,throughput_bps\nx,0,1,5\n", "not a number"),
    ("time_s,subflow,path,throughput_bps\n", "no samples"),
])
def test_bad_csv_one_line_error(tmp_path, content, message):
    f = tmp_path / "bad.csv"
    if content is not None:
        f.write_text(content)
    p = run(str(f), "--out", str(tmp_path / "x.png"))
    assert p.returncode == 1
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mptcp-ns3 plot timeseries: error:")
    assert message in lines[0]
    assert not (tmp_path / "x.png").exists()


def test_restore_before_fail_rejected(tmp_path):
    f = tmp_path / "s.csv"
    write_csv(f, tiny_rows())
    p = run(str(f), "--fail-at", "3", "--restore-at", "2")
    assert p.returncode == 1 and "--restore-at" in p.stderr


# ---- The example's CSV: the expected shape of Fig. 19 -------------------------------------

needs_binary = pytest.mark.skipif(not os.path.exists(BINARY),
                                  reason="build/mptcp-link-failure not built")


def run_example(tmp_path, *args):
    f = tmp_path / "lf.csv"
    p = subprocess.run([BINARY, "--csv=%s" % f, *args], capture_output=True, text=True,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    summary = json.loads(p.stdout.strip().splitlines()[-1])
    series = pst.load(str(f))
    return summary, series


def by_path(series):
    out = {}
    for label, samples in series.items():
        out.setdefault(pst.path_of(label), []).append(samples)
    assert all(len(v) == 1 for v in out.values()), "one subflow per path"
    return {k: v[0] for k, v in out.items()}


@needs_binary
def test_example_independent_paths_fail_and_recover(tmp_path):
    # Defaults: 100 Mb/s host links, so each 10 Mb/s path is its own bottleneck.
    s, series = run_example(tmp_path, "--duration=12", "--failAt=3", "--restoreAt=6",
                            "--interval=0.1")
    assert s["subflows_pinned"] == 2
    assert s["reinjected_bytes"] > 0
    p = by_path(series)
    assert len(p[None]) == 120  # one total per 0.1 s
    before = {k: pst.mean(v, 1.1, 3.0) for k, v in p.items()}
    during = {k: pst.mean(v, 4.0, 6.0) for k, v in p.items()}
    end = {k: pst.mean(v, 10.5, 12.0) for k, v in p.items()}
    assert before[1] > 8e6 and before[2] > 8e6, before
    assert during[2] < 0.02 * before[2], "path 2 carries nothing while it is down"
    # Path 1 idles for 0.2 or 0.4 s after the failure, and (4, 6] may hold 0.2 s of it. The
    # bytes path 2 lost at 3 s hold the DATA_ACK at 3.008 s, and the connection keeps at most
    # 1 MB beyond it (--buffer: the send buffer, and the receive window, which is relative to
    # the DATA_ACK, RFC 8684 §3.3.4). Path 1 sends on until nothing is left to send (about
    # 3.7 s), then B takes no bytes from it in (3.8, 4.0]. Path 2's lost data goes to path 1 when
    # subflow 2's retransmission timer fires, ns-3's minimum RTO (1 s, RFC 6298) after the last
    # ACK it got. If the last segment path 2 delivered was an odd one, B's 200 ms delayed-ACK
    # timer sent that ACK: at failAt=3 with SACK, ACK at 3.204 s, RTO and 83 chunks (116,200
    # bytes) reinjected at 4.204 s, so the samples at 4.1 and 4.2 s are zero too and (4, 6]
    # holds 18/20 of the rate: 8.48 of 9.47 Mb/s, 0.895. Without SACK the last segment is an
    # even one here (ACK at 3.005 s, RTO at 4.005 s): 1.013. Which case happens is chance, not
    # SACK: over failAt = 3.000..3.019 s the odd case came 10 times in 20 with SACK (0.886-0.895,
    # otherwise 0.985-0.994) and 9 in 20 without (0.902-0.911, otherwise 1.004-1.013). 0.85
    # allows the longer stall; once the reinjected data is through, path 1 carries its whole
    # rate (1.000 and 1.019 over (4.3, 6] in every one of those runs).
    assert during[1] > 0.85 * before[1], "path 1 carries the connection meanwhile"
    assert pst.mean(p[1], 4.3, 6.0) > 0.95 * before[1], "path 1 at full rate after reinjection"
    assert during[None] == pytest.approx(during[1])
    assert end[2] > 0.5 * before[2], "path 2 is used again after the repair"
    assert end[None] > 0.8 * before[None], "the total recovers"
    # The CSV's total is the sum of its subflows at every sample (subflow rows start once the
    # subflows are established).
    a, b = dict(p[1]), dict(p[2])
    assert len(a) == len(b) > 110
    for t, total in p[None]:
        assert total == pytest.approx(a.get(t, 0) + b.get(t, 0))


@needs_binary
def test_example_shared_bottleneck_other_subflow_takes_over(tmp_path):
    # 10 Mb/s host links: both subflows share A's link, so path 1 can take over path 2's share.
    s, series = run_example(tmp_path, "--hostRate=10Mbps", "--duration=6", "--failAt=3",
                            "--restoreAt=-1")
    p = by_path(series)
    before = {k: pst.mean(v, 1.1, 3.0) for k, v in p.items()}
    during = {k: pst.mean(v, 4.5, 6.0) for k, v in p.items()}
    assert before[2] > 0.2 * before[None], "both subflows carry data before the failure"
    assert during[2] < 0.02 * before[2], "path 2 carries nothing while it is down"
    assert during[1] > 1.4 * before[1], "path 1 takes over"
    assert during[None] > 0.85 * before[None], "the total recovers without path 2"
    assert s["after_bps"]["total"] == 0  # never restored: no after phase


@needs_binary
@pytest.mark.parametrize("arg,option", [
    ("--subflows=1", "subflows"), ("--failAt=0", "failAt"), ("--failAt=20", "failAt"),
    ("--restoreAt=2", "restoreAt"), ("--interval=0", "interval"), ("--hostRate=fast", "hostRate"),
    ("--csv=/nonexistent-dir/x.csv", "csv"),
])
def test_example_bad_option_one_line(arg, option):
    p = subprocess.run([BINARY, arg], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2
    lines = [l for l in p.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and ("--%s=" % option) in lines[0], p.stderr
