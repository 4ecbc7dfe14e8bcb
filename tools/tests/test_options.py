# SPDX-License-Identifier: GPL-2.0-only
"""Every option of the programs is declared once (C++: ExperimentOptions) and the tools read the
programs' --list-options instead of a list of their own (tools/mptcp_ns3/options.py).
Run with: python3 -m pytest tools/
"""
import json
import os
import re
import subprocess

import pytest

import paths
from mptcp_ns3.common import BadInput
from mptcp_ns3.options import program_options

PROGRAMS = ["mptcp-fattree", "mptcp-file-transfer"]
TYPES = {"bool", "int", "uint", "double", "string", "typeid"}
GLOBALS = {"RngSeed", "RngRun", "SchedulerType", "SimulatorImplementationType",
           "ChecksumEnabled"}

pytestmark = pytest.mark.skipif(
    not all(os.path.exists(paths.program(p)) for p in PROGRAMS), reason="programs not built")


def listed(program):
    p = subprocess.run([paths.program(program), "--list-options"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def help_names(program):
    """The options ns-3's CommandLine shows in --help ("    --name:  help [default]")."""
    p = subprocess.run([paths.program(program), "--help"], capture_output=True, text=True,
                       timeout=60)
    out = p.stdout + p.stderr
    program_part = out.split("Program Options:", 1)[1].split("General Arguments:", 1)[0]
    return re.findall(r"^\s+--([\w-]+):", program_part, re.M)


@pytest.mark.parametrize("program", PROGRAMS)
def test_list_options_is_the_command_line(program):
    options = listed(program)
    names = [o["name"] for o in options]
    assert len(names) == len(set(names)), "an option declared twice"
    for o in options:
        assert set(o) == {"name", "type", "default", "unit", "help", "allowed"}, o
        assert o["type"] in TYPES, o
        assert o["help"], o["name"]
        if o["allowed"]:
            assert o["type"] == "string" and o["default"] in o["allowed"], o
    own = [n for n in names if n not in GLOBALS]
    assert set(names) - set(own) == GLOBALS
    # What --help offers is exactly what --list-options lists (and --list-options itself).
    assert sorted(help_names(program)) == sorted(own + ["list-options"])


def test_fattree_declarations():
    o = {x["name"]: x for x in listed("mptcp-fattree")}
    assert len(o) == 78 + len(GLOBALS)  # 77 and --metrics
    assert (o["k"]["type"], o["k"]["default"], o["k"]["unit"]) == ("uint", 8, "ports")
    assert (o["duration"]["default"], o["duration"]["unit"]) == (3, "s")
    assert o["warmup"]["default"] is None  # the smaller of 1 s and a third of --duration
    assert o["localFraction"]["default"] is None
    assert (o["connTimeout"]["default"], o["connTimeout"]["unit"]) == ("1s", "time")
    assert o["transport"]["allowed"] == ["tcp", "mptcp", "packetscatter", "ps", "mmptcp"]
    assert o["cc"]["allowed"][:3] == ["lia", "olia", "balia"] and "uncoupled" in o["cc"]["allowed"]
    assert {"fattree", "dhft", "vl2", "perfect"} <= set(o["topology"]["allowed"])
    assert o["quiet"] == dict(name="quiet", type="bool", default=False, unit="",
                              help="no per-flow lines on stdout", allowed=[])
    assert o["SchedulerType"]["default"] == "ns3::CalendarScheduler"
    # The six the tools' old hand-kept list lacked.
    assert {"arrivalOrder", "firstDataRto", "mpi", "mpiSync", "shortFlowStop",
            "switchForwarding"} <= set(o)


def test_declared_defaults_are_the_programs_defaults():
    # Each listed default, given back explicitly, changes nothing: the same run.
    o = {x["name"]: x for x in listed("mptcp-fattree")}
    base = ["--k=4", "--duration=0.2", "--warmup=0.1", "--db=none", "--quiet"]
    def text(x):
        return str(x["default"]).lower() if x["type"] == "bool" else str(x["default"])
    explicit = [f"--{n}={text(o[n])}"
                for n in ("transport", "subflows", "cc", "scheduler", "queue", "mss", "buffer",
                          "minRto", "connTimeout", "delAckCount", "initialCwnd", "delAckTimeout",
                          "smallQueues", "cwndValidation", "queueUnit", "linkRate", "delay")]
    runs = []
    for args in (base, base + explicit):
        p = subprocess.run([paths.program("mptcp-fattree")] + args, capture_output=True,
                           text=True, timeout=300)
        assert p.returncode == 0, p.stderr
        summary = json.loads(p.stdout.splitlines()[-1])
        summary.pop("wall_s")
        runs.append(summary)
    assert runs[0] == runs[1]
    assert runs[0]["delivered_bytes"] > 0


def test_the_tools_read_the_programs_lists():
    opts = program_options(paths.BUILD, "mptcp-fattree")
    assert set(opts) == {x["name"] for x in listed("mptcp-fattree")}
    assert set(program_options(paths.BUILD, "mptcp-file-transfer")) == {
        x["name"] for x in listed("mptcp-file-transfer")}
    with pytest.raises(BadInput, match="not found"):
        program_options(paths.BUILD, "no-such-program")


def test_reproduce_accepts_every_listed_option_and_nothing_else(tmp_path):
    # arrivalOrder was missing from the tools' old list: now any option of the program works.
    ok = paths.cli("reproduce", "list", "--set", "arrivalOrder=event", "--only", "mpiSync=granted",
                   "--bin-dir", paths.BUILD)
    assert ok.returncode == 0, ok.stderr
    bad = paths.cli("reproduce", "list", "--set", "nosuch=1", "--bin-dir", paths.BUILD)
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "mptcp-ns3 reproduce: error: unknown parameter 'nosuch' (options of mptcp-fattree, "
        "mptcp-file-transfer; see --list-options of the program)"]
    missing = paths.cli("reproduce", "list", "--set", "k=4", "--bin-dir", str(tmp_path))
    assert missing.returncode == 2
    assert "--list-options" in missing.stderr and "not found" in missing.stderr
