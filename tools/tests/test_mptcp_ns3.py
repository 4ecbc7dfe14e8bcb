# SPDX-License-Identifier: GPL-2.0-only
"""Tests of the one entry point (tools/mptcp-ns3, ``python3 -m mptcp_ns3``): its subcommands,
bad arguments as one line with exit status 2, and the subcommands without tests of their own
(thesis-table53, bench) on fake programs. Run with: python3 -m pytest tools/
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys

import pytest

import paths
from mptcp_ns3 import cli, plots, thesis
from test_sweep import install_fake, log_lines


def test_help_lists_every_subcommand_and_plot_kind():
    r = paths.cli("--help")
    assert r.returncode == 0, r.stderr
    for name in list(cli.SUBCOMMANDS) + list(plots.KINDS):
        assert f"\n  {name} " in r.stdout, name
    for name in cli.SUBCOMMANDS:
        if name != "plot":
            h = paths.cli(name, "--help")
            assert h.returncode == 0 and h.stdout.startswith(f"usage: mptcp-ns3 {name}"), name
    for kind in plots.KINDS:
        h = paths.cli("plot", kind, "--help")
        assert h.returncode == 0 and h.stdout.startswith(f"usage: mptcp-ns3 plot {kind}"), kind


def test_installed_command_and_checkout_script_are_the_same_command(tmp_path):
    # The console script of the installed package (tools/pyproject.toml), run from a folder
    # outside the checkout, and tools/mptcp-ns3 of the checkout (no install needed) print the
    # same as python3 -m mptcp_ns3.
    installed = shutil.which("mptcp-ns3")
    assert installed, "no mptcp-ns3 on PATH: python3 -m pip install -e tools/"
    expected = paths.cli("reproduce", "list").stdout
    assert expected.splitlines()[1].startswith("fig2 ")
    for command in ([installed], [sys.executable, os.path.join(paths.TOOLS, "mptcp-ns3")]):
        r = subprocess.run(command + ["reproduce", "list"], capture_output=True, text=True,
                           cwd=str(tmp_path), timeout=120)
        assert r.returncode == 0, (command, r.stderr)
        assert r.stdout == expected, command


def test_package_declares_its_dependencies():
    # pyproject.toml: matplotlib (the figures) with a version floor, and the command.
    import importlib.metadata as metadata
    requires = metadata.requires("mptcp-ns3") or []
    assert any(r.replace(" ", "").startswith("matplotlib>=") for r in requires), requires
    scripts = [e for e in metadata.entry_points(group="console_scripts") if e.name == "mptcp-ns3"]
    assert [e.value for e in scripts] == ["mptcp_ns3.cli:main"]


def test_closed_stdout_ends_quietly(tmp_path):
    """A reader that goes away (``| head``) ends the command with status 1 and no traceback:
    here standard output is a pipe whose reading end is closed before anything is written."""
    p = subprocess.Popen([*paths.CLI, "reproduce", "all", "--dry-run",
                          "--db", str(tmp_path / "r.db")], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, cwd=str(tmp_path))
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 1, err
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


@pytest.mark.parametrize("args,words", [
    ([], "mptcp-ns3: error: a subcommand is needed (sweep, fattree, reproduce,"),
    (["nope"], "mptcp-ns3: error: unknown subcommand 'nope'"),
    (["plot"], "mptcp-ns3 plot: error: a plot kind is needed (fattree, fct, timeseries;"),
    (["plot", "fig99"], "mptcp-ns3 plot: error: unknown plot kind 'fig99'"),
    (["sweep", "--db", "x.db"], "mptcp-ns3 sweep: error: the following arguments are required"),
    (["fattree", "--k", "eight"], "mptcp-ns3 fattree: error: argument --k: invalid int"),
    (["reproduce", "fig2", "--jobs", "0"], "mptcp-ns3 reproduce: error: --jobs must be >= 1"),
    (["thesis-table53", "--duration", "0.2"], "mptcp-ns3 thesis-table53: error: --duration"),
    (["bench", "--k"], "mptcp-ns3 bench: error: argument --k: expected one argument"),
    (["plot", "fattree", "--bogus"], "mptcp-ns3 plot fattree: error: unrecognized arguments"),
])
def test_bad_arguments_exit_2(tmp_path, args, words):
    r = paths.cli(*args, cwd=str(tmp_path))
    assert r.returncode == 2
    assert r.stdout == ""
    assert words in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert os.listdir(tmp_path) == []


def test_thesis_table53_dry_run():
    r = paths.cli("thesis-table53", "--dry-run", "--runs", "1-2", "--db", "t/t.db", "--out",
                  "t", "--", "--scheduler=RoundRobin")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 2 * 6 + 1
    assert lines[0] == (
        "build/mptcp-fattree --k=8 --hostsPerTor=16 --linkRate=100Mbps --delay=20us --queue=100 "
        "--mss=1400 --delAckCount=1 --initialCwnd=1 --minRto=200ms --matrix=permutation "
        "--workload=mix --shortFlowRate=256 --longFlowFraction=0.33 --shortFlowSize=70000 "
        "--shortFlowStart=0.5 --duration=2.5 --warmup=0.5 --quiet=true --transport=tcp "
        "--RngRun=1 --db=t/t.db --label=table53-iw1-2.5s --scheduler=RoundRobin")
    assert "--transport=mmptcp --subflows=8 --switchThreshold=100000 --RngRun=2" in lines[11]
    assert lines[12] == "mptcp-ns3 plot fct --db t/t.db --label table53-iw1-2.5s --out t"
    assert list(thesis.CONFIGS) == ["TCP_Pure", "MPTCP_Pure", "MPTCP_SFTCP", "PS_Pure",
                                    "PS_SFTCP", "MMPTCP"]


def test_thesis_table53_runs_resumes_and_tabulates(tmp_path):
    fake = install_fake(str(tmp_path / "bin"))["mptcp-fattree"]
    log = str(tmp_path / "log")
    args = ["thesis-table53", "--binary", fake, "--db", tmp_path / "t.db", "--out",
            tmp_path / "out", "--duration", "1", "--jobs", "2"]
    r = paths.cli(*args, env_extra=dict(FAKE_LOG=log))
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout.splitlines()[-1])
    assert (summary["points"], summary["ok"], summary["failed"], summary["plot_status"]) == \
        (6, 6, 0, 0)
    assert len(log_lines(log)) == 6
    # Each run's JSON line, its stderr in OUT/CONFIG-RUN.log, the Table 5.3 row per config.
    assert '[MMPTCP run 1] {"k": 8, "hosts": 512' in r.stdout
    with open(tmp_path / "out" / "PS_SFTCP-1.log") as f:
        assert f.read() == "fake: starting\nfake: done\n"
    for name in thesis.CONFIGS:
        assert any(ln.startswith(name + " ") for ln in r.stdout.splitlines()), name
    assert (tmp_path / "out" / "fct-cdf.png").exists()
    con = sqlite3.connect(tmp_path / "t.db")
    assert con.execute("SELECT DISTINCT label FROM runs").fetchall() == [("table53-iw1-1s",)]
    con.close()
    # Resumable: a rerun runs nothing and tabulates again.
    r = paths.cli(*args, env_extra=dict(FAKE_LOG=log))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.splitlines()[-1])["skipped"] == 6
    assert len(log_lines(log)) == 6


def test_bench_steady_state_table_and_failure(tmp_path):
    """Figures computed by hand from a fake program whose wall time and delivered bytes are
    linear in the simulated duration: set-up (the intercept) is removed."""
    prog = tmp_path / "mptcp-fattree"
    prog.write_text(f"#!{sys.executable}\n" + """import json, sys
opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if "=" in a)
if opts.get("transport") == "mptcp" and opts.get("k") == "6":
    sys.exit(4)
d = float(opts["duration"])
per_sim = {"tcp": 20.0, "mptcp": 30.0}[opts["transport"]] * (2 if "stock" in opts else 1)
per_sim *= 0.5 if opts.get("SchedulerType") == "ns3::HeapScheduler" else 1
per_sim *= 0.25 if sys.argv[0].endswith("-optimized") else 1
per_sim *= 2 if opts.get("switchForwarding") == "ipv4" else 1
setup = 7.0 if "stock" in opts else 1.0
print(json.dumps(dict(wall_s=setup + per_sim * d, delivered_bytes=1400 * 100000 * d,
                      optimal_pct=50.0)))
""")
    prog.chmod(0o755)
    r = paths.cli("bench", "--binary", prog, "--k", "4", "--durations", "0.2,0.4",
                  "--warmup", "0.1", "--profile", "none")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    rows = {ln[:50].strip(): ln[50:].split() for ln in lines[2:5]}
    # stock: 40 wall s per simulated s, 100000 packets per simulated s -> 400 us per packet
    assert rows["stock ns-3 TCP, global routing"][:3] == ["40.0", "400.0", "1.00x"]
    assert rows["TCP, flow ECMP"][:3] == ["20.0", "200.0", "0.50x"]
    assert rows["MPTCP-8 (LIA), flow ECMP"][:3] == ["30.0", "300.0", "0.75x"]
    summary = json.loads(lines[-1])
    assert summary["durations_s"] == [0.2, 0.4] and summary["profile"] is None
    mptcp = summary["configs"][2]
    assert mptcp["config"] == "mptcp8" and mptcp["wall_s"] == [7.0, 13.0]
    assert abs(mptcp["us_per_packet"] - 300.0) < 1e-9 and mptcp["peak_rss_mib"] > 0
    r = paths.cli("bench", "--binary", prog, "--k", "4", "--configs", "stock,mptcp8",
                  "--profile", "none", "--repeat", "3", "--event-schedulers",
                  "ns3::MapScheduler,ns3::HeapScheduler")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    i = lines.index("event schedulers, MPTCP-8 (LIA), flow ECMP:")
    assert lines[i + 2].split() == ["ns3::MapScheduler", "30.0", "300.0"]
    assert lines[i + 3].split() == ["ns3::HeapScheduler", "15.0", "150.0"]
    scheds = json.loads(lines[-1])["event_schedulers"]
    assert [(x["event_scheduler"], x["config"]) for x in scheds] == [
        ("ns3::MapScheduler", "mptcp8"), ("ns3::HeapScheduler", "mptcp8")]
    # Before/after of the switch path, and an optimized binary side by side.
    opt = tmp_path / "mptcp-fattree-optimized"
    opt.write_text(prog.read_text())
    opt.chmod(0o755)
    r = paths.cli("bench", "--binary", prog, "--k", "4", "--configs", "stock,mptcp8-ipv4,mptcp8",
                  "--profile", "none", "--optimized-binary", opt)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    rows = {ln[:50].strip(): ln[50:].split() for ln in lines[2:8]}
    assert rows["MPTCP-8, flow ECMP, IPv4 switches"][:3] == ["60.0", "600.0", "1.50x"]
    assert rows["MPTCP-8 (LIA), flow ECMP"][:3] == ["30.0", "300.0", "0.75x"]
    # optimized: a quarter of the wall time; the ratio stays relative to the first stock run
    assert rows["MPTCP-8 (LIA), flow ECMP [optimized ns-3]"][:3] == ["7.5", "75.0", "0.19x"]
    assert rows["stock ns-3 TCP, global routing [optimized ns-3]"][:3] == ["10.0", "100.0",
                                                                          "0.25x"]
    assert "MPTCP-8 (LIA), flow ECMP [optimized ns-3]: 4.00x faster per packet than with the " \
           "first binary" in lines
    configs = json.loads(lines[-1])["configs"]
    assert [c["config"] for c in configs] == [
        "stock", "mptcp8-ipv4", "mptcp8", "stock@optimized", "mptcp8-ipv4@optimized",
        "mptcp8@optimized"]
    assert abs(configs[5]["speedup_vs_first_binary"] - 4.0) < 1e-9
    # MPI ranks: a fake mpirun runs the program once with MPI_RANKS set; the fake program is
    # that many times faster with --mpi=true.
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "mpirun").write_text(f"#!{sys.executable}\n" + """import os, sys
assert sys.argv[1] == "-np" and os.environ["OMPI_ALLOW_RUN_AS_ROOT"] == "1"
os.environ["MPI_RANKS"] = sys.argv[2]
os.execv(sys.argv[3], sys.argv[3:])
""")
    (bindir / "mpirun").chmod(0o755)
    mpi = tmp_path / "mpi-fattree-optimized"
    mpi.write_text(prog.read_text().replace(
        'setup = 7.0', 'per_sim /= int(os.environ.get("MPI_RANKS", "1")) if opts.get("mpi") '
        '== "true" else 1\nsetup = 7.0').replace("import json, sys", "import json, os, sys"))
    mpi.chmod(0o755)
    env_path = f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}"
    r = paths.cli("bench", "--binary", prog, "--k", "4", "--configs", "mptcp8", "--profile",
                  "none", "--optimized-binary", mpi, "--mpi-ranks", "2,4",
                  env=dict(os.environ, PATH=env_path))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "MPTCP-8 (LIA), flow ECMP [optimized, 4 MPI ranks]: 4.00x faster per simulated " \
           "second than the sequential run" in lines
    configs = json.loads(lines[-1])["configs"]
    assert [c["config"] for c in configs] == [
        "mptcp8", "mptcp8@optimized", "mptcp8@optimized@2ranks", "mptcp8@optimized@4ranks"]
    assert abs(configs[2]["wall_per_sim_s"] - 3.75) < 1e-9
    assert abs(configs[2]["speedup_vs_sequential"] - 2.0) < 1e-9
    r = paths.cli("bench", "--binary", prog, "--k", "6", "--profile", "none")
    assert r.returncode == 1
    assert "failed with exit code 4" in r.stderr.strip().splitlines()[-1]
    r = paths.cli("bench", "--binary", tmp_path / "nope", "--profile", "none")
    assert r.returncode == 1
    assert r.stderr.strip().splitlines()[-1].startswith("mptcp-ns3 bench: error: cannot run")


@pytest.mark.parametrize("args,message", [
    (["--durations", "0.4,0.2"], "--durations=0.4,0.2: two numbers 0 < S < L expected"),
    (["--durations", "x"], "--durations=x: two numbers S,L expected"),
    (["--warmup", "0.3"], "--warmup=0.3: must be >= 0 and less than S=0.2"),
    (["--configs", "tcp,quic"],
     "--configs=tcp,quic: choose from stock,tcp,mptcp8,tcp-ipv4,mptcp8-ipv4,tcp-ingress,"
     "mptcp8-ingress"),
    (["--configs", "tcp,mptcp8", "--profile", "tcp,stock"],
     "--profile=tcp,stock: not one of --configs, or 'none'"),
    (["--optimized-binary", "/nonexistent/mptcp-fattree"],
     "--optimized-binary=/nonexistent/mptcp-fattree: not an executable program"),
    (["--configs", "tcp"], "--profile=mptcp8: not one of --configs, or 'none'"),
    (["--repeat", "0"], "--repeat=0: must be at least 1"),
    (["--mpi-ranks", "two"], "--mpi-ranks=two: comma-separated rank counts expected"),
    (["--mpi-ranks", "0"], "--mpi-ranks: rank counts must be at least 1"),
    (["--event-schedulers", "heap"],
     "--event-schedulers: heap is not an ns-3 event scheduler name (ns3::...Scheduler)"),
])
def test_bench_bad_arguments(tmp_path, args, message):
    r = paths.cli("bench", "--binary", tmp_path / "never-run", *args)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [f"mptcp-ns3 bench: error: {message}"]
    assert r.stdout == ""


def test_bench_profile_components():
    from mptcp_ns3 import bench
    report = """
    10.00%  libns3-core.so.37             [.] ns3::LogComponent::IsEnabled            -      -
     8.00%  libc.so.6                     [.] _int_free
     2.00%  libc.so.6                     [.] __memmove_avx512_unaligned_erms
     6.00%  libns3-mptcp.so               [.] ns3::Ipv4FlowEcmpRouting::RouteInput
     5.00%  libns3-mptcp.so               [.] ns3::MpTcpSubflow::SendDataPacket
     4.00%  libns3-network.so.37          [.] ns3::Buffer::AddAtStart
     3.00%  libns3-core.so.37             [.] ns3::HeapScheduler::TopDown
     2.50%  libns3-internet.so.37         [.] ns3::TcpSocketBase::ReceivedAck
     1.25%  libns3-internet.so.37         [.] ns3::TcpTxBuffer::NextSeg
     0.75%  libns3-internet.so.37         [.] ns3::TcpRxBuffer::Add
     2.00%  libns3-internet.so.37         [.] ns3::Ipv4L3Protocol::Receive
     1.50%  libns3-internet.so.37         [.] ns3::Ipv4EndPointDemux::Lookup
     1.00%  libns3-point-to-point.so.37   [.] ns3::PointToPointNetDevice::Receive
     0.75%  libstdc++.so.6.0.30           [.] __dynamic_cast
     0.25%  [kernel.kallsyms]             [k] clear_page_erms
     0.50%  libfoo.so                     [.] bar
"""
    g = bench.group_profile(report)
    assert g["disabled-log checks"] == 10.0
    assert g["malloc/free"] == 8.0
    assert g["packets, buffers, headers, tags"] == 6.0  # memmove + Buffer
    assert g["our ECMP lookup"] == 6.0
    assert g["MPTCP (our model)"] == 5.0  # its DSO, though the symbol names a packet
    assert g["event scheduler"] == 3.0
    assert g["ns-3 TCP"] == 4.5  # TcpTxBuffer and TcpRxBuffer are TCP's, not packet buffers
    assert g["IPv4 path (L3, routes, traffic control, node)"] == 2.0
    assert g["endpoint demux"] == 1.5
    assert g["point-to-point devices, queues"] == 1.0
    assert g["callbacks, traces, RTTI"] == 0.75
    assert g["other"] == 0.5
    assert g["kernel, dynamic loader"] == 0.25  # a [k] line: a kernel sample
    assert abs(sum(g.values()) - 48.5) < 1e-9
