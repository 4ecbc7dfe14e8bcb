# SPDX-License-Identifier: GPL-2.0-only
"""Tests of ``mptcp-ns3 plot fattree`` (tools/mptcp_ns3/plots/fattree.py) and of
``mptcp-ns3 fattree`` (fattree.py) on fake databases and a fake mptcp-fattree binary, both
generated here. Run with: python3 -m pytest tools/
"""

import io
import json
import os
import random
import re
import sqlite3
import stat
import statistics
import sys
import textwrap

import pytest

import paths
import results_db
from mptcp_ns3 import fattree as run_fattree_sweep
from mptcp_ns3 import schema
from mptcp_ns3.plots import fattree as mptcp_plots
from paths import PNG_MAGIC, ROOT as REPO, TESTS

RUN_COLUMNS = results_db.tables()["runs"][1:]
FLOW_COLUMNS = results_db.tables()["flows"][1:]


def create_db(path):
    return results_db.create_db(path)


def insert_run(con, flow_pcts, **fields):
    """Insert one run (defaults: k=8 FatTree, permutation) and its flows; returns run_id."""
    k = fields.get("k", 8)
    hosts = k ** 3 // 4
    row = dict(created_utc="2024-05-01T10:00:00Z", label="L", experiment="fattree",
               topology="fattree", k=k, hosts_per_tor=k // 2, hosts=hosts, link_rate_bps=100e6,
               delay_s=20e-6, queue_pkts=100, transport="tcp", subflows=1, cc="newreno",
               matrix="permutation", duration_s=10.0, warmup_s=2.0, rng_seed=1, rng_run=1,
               ns3_version="3.37", flows=len(flow_pcts), optimal_bps=hosts * 100e6,
               min_flow_pct=min(flow_pcts) if flow_pcts else None, jain_index=0.9, wall_s=12.0,
               params_json="{}")
    row.update(fields)
    if "optimal_pct" not in row:
        row["optimal_pct"] = sum(flow_pcts) / len(flow_pcts)
    row["aggregate_goodput_bps"] = row["optimal_pct"] / 100 * row["optimal_bps"]
    cols = [n for n, _ in RUN_COLUMNS]
    cur = con.execute(f"INSERT INTO runs ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                      [row[c] for c in cols])
    run_id = cur.lastrowid
    for i, pct in enumerate(flow_pcts):
        con.execute("INSERT INTO flows VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (run_id, i, i, (i + 1) % len(flow_pcts), f"10.0.{i}.2", f"10.1.{i}.2",
                     int(pct / 100 * 100e6 / 8 * 8), pct / 100 * 100e6, pct))
    con.commit()
    return run_id


def fake_sweep_db(path):
    """Label 'old' (k=4, TCP + MPTCP 1,2,4) then label 'new' (k=8, TCP + MPTCP 1..8, 2-3 runs).

    Returns {label: {(series, subflows): [optimal_pct, ...]}} and the flow pcts of 'new'.
    """
    rnd = random.Random(42)
    con = create_db(path)
    expected = {"old": {}, "new": {}}
    flows_new = {}
    for sf in (None, 1, 2, 4):
        pcts = [rnd.uniform(20, 100) for _ in range(16)]
        fields = dict(label="old", k=4) if sf is None else dict(
            label="old", k=4, transport="mptcp", subflows=sf, cc="lia")
        insert_run(con, pcts, **fields)
        expected["old"][("TCP" if sf is None else "MPTCP", sf or 1)] = [sum(pcts) / len(pcts)]
    for run in (1, 2, 3):
        for sf in [None] + list(range(1, 9)):
            if sf is not None and sf % 2 == 1 and run == 3:
                continue  # some groups have 2 runs, others 3
            if sf is None:
                pcts = [rnd.choice([10, 25, 50, 100]) * rnd.uniform(0.9, 1.0) for _ in range(128)]
                fields = dict(label="new", rng_run=run)
                key = ("TCP", 1)
            else:
                lo = 100 - 60 / sf
                pcts = [rnd.uniform(lo - 10, 100) for _ in range(128)]
                fields = dict(label="new", rng_run=run, transport="mptcp", subflows=sf, cc="lia")
                key = ("MPTCP", sf)
            insert_run(con, pcts, **fields)
            expected["new"].setdefault(key, []).append(sum(pcts) / len(pcts))
            flows_new.setdefault(key, []).extend(pcts)
    # A run of another experiment and an MPTCP run with another cc: both must be ignored.
    insert_run(con, [1.0] * 4, label="new", experiment="other", transport="mptcp", subflows=8)
    insert_run(con, [5.0] * 128, label="new", transport="mptcp", subflows=8, cc="uncoupled",
               rng_run=9)
    # ...but that other-cc run is the latest MPTCP run, so select lia explicitly in tests, or
    # insert one more lia run last so the default picks lia.
    pcts = [rnd.uniform(90, 100) for _ in range(128)]
    insert_run(con, pcts, label="new", transport="mptcp", subflows=8, cc="lia", rng_run=3)
    expected["new"][("MPTCP", 8)].append(sum(pcts) / len(pcts))
    flows_new[("MPTCP", 8)].extend(pcts)
    con.close()
    return expected, flows_new


def fig2_table(stdout):
    """{(series, subflows): (runs, mean, min, max)} parsed from the printed Fig. 2 table."""
    rows = {}
    section = stdout.split("Fig. 2", 1)[1].split("\n\n", 1)[0]
    for line in section.splitlines():
        m = re.match(r"^(TCP|MPTCP)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s", line)
        if m:
            rows[(m[1], int(m[2]))] = (int(m[3]), float(m[4]), float(m[5]), float(m[6]))
    return rows


def assert_png(path):
    assert os.path.isfile(path), path
    with open(path, "rb") as f:
        assert f.read(8) == PNG_MAGIC
    assert os.path.getsize(path) > 5000


PLOTS = ("plot", "fattree")
SWEEP = ("fattree",)


def run_cli(cmd, *args, env=None, cwd=None):
    return paths.cli(*cmd, *args, env=env, cwd=cwd, timeout=300)


# ------------------------------------------------------------------------------------------------
# mptcp-ns3 plot fattree


def test_schema_matches_doc_and_header():
    """The C++ schema (as results_db reads it from experiment-database.cc) is the documented one
    (doc/results-schema.rst, C++ header), and has every column the tools read."""
    with open(os.path.join(REPO, "doc", "results-schema.rst")) as f:
        doc = f.read()
    with open(os.path.join(REPO, "helper", "database", "experiment-database.h")) as f:
        header = f.read()
    for text in (doc, header):
        flat = re.sub(r"[\s*]+", " ", text)
        for table, cols in (("runs", RUN_COLUMNS), ("flows", FLOW_COLUMNS)):
            m = re.search(rf"CREATE TABLE (?:IF NOT EXISTS )?{table} \((.*?)\);", flat)
            assert m, f"no CREATE TABLE {table}"
            body = m[1]
            names = [c.strip().split()[0] for c in body.split(",")
                     if c.strip() and not c.strip().startswith(("PRIMARY", "flow_id)"))]
            assert names[0] == "run_id"
            assert [(n, t) for n, t in cols] == [
                (c.strip().split()[0], c.strip().split()[1]) for c in body.split(",")[1:]
                if not c.strip().startswith("PRIMARY") and not c.strip().endswith("flow_id)")]
    assert set(schema.RUNS_COLUMNS_READ) <= set(results_db.columns("runs"))


def test_plots_latest_label(tmp_path):
    db = tmp_path / "fattree.db"
    expected, flows_new = fake_sweep_db(str(db))
    out = tmp_path / "figs"
    buf = io.StringIO()
    written = mptcp_plots.run(["--db", str(db), "--out", str(out)], out=buf)
    text = buf.getvalue()
    assert len(written) == 2
    assert_png(out / "fig2-throughput-vs-subflows.png")
    assert_png(out / "fig3-flow-rank.png")
    assert "label=new" in text and "k=8" in text and "mptcp_cc=lia" in text
    table = fig2_table(text)
    assert set(table) == set(expected["new"])
    for key, pcts in expected["new"].items():
        n, mean, lo, hi = table[key]
        assert n == len(pcts), key
        assert mean == pytest.approx(sum(pcts) / len(pcts), abs=0.006), key
        assert lo == pytest.approx(min(pcts), abs=0.006), key
        assert hi == pytest.approx(max(pcts), abs=0.006), key
    # TCP is listed first, then MPTCP by increasing subflows.
    order = [line.split()[:2] for line in text.splitlines() if re.match(r"^(TCP|MPTCP) ", line)]
    assert order[0] == ["TCP", "1"]
    assert [int(o[1]) for o in order[1:9]] == list(range(1, 9))
    # Fig. 3: TCP (3 runs pooled) and MPTCP with 8 subflows (4 lia runs; not uncoupled).
    m_tcp = re.search(r"^TCP\s+1\s+3\s+384\s+([\d.]+)", text, re.M)
    m_mp = re.search(r"^MPTCP\s+8\s+4\s+512\s+([\d.]+)", text, re.M)
    assert m_tcp and m_mp, text
    assert float(m_tcp[1]) == pytest.approx(min(flows_new[("TCP", 1)]), abs=0.06)
    assert float(m_mp[1]) == pytest.approx(min(flows_new[("MPTCP", 8)]), abs=0.06)


def test_plots_label_option_and_print_flows(tmp_path):
    db = tmp_path / "fattree.db"
    expected, _ = fake_sweep_db(str(db))
    buf = io.StringIO()
    mptcp_plots.run(["--db", str(db), "--out", str(tmp_path), "--label", "old",
                     "--print-flows"], out=buf)
    text = buf.getvalue()
    assert "label=old" in text and "k=4" in text
    table = fig2_table(text)
    assert set(table) == {("TCP", 1), ("MPTCP", 1), ("MPTCP", 2), ("MPTCP", 4)}
    for key, pcts in expected["old"].items():
        assert table[key][0] == 1
        assert table[key][1] == pytest.approx(pcts[0], abs=0.006)
    ranked = [line for line in text.splitlines() if "ranked:" in line]
    assert len(ranked) == 2
    vals = [float(v) for v in ranked[1].split("ranked:")[1].split()]
    assert len(vals) == 16 and vals == sorted(vals)
    assert "MPTCP subflows=4" in ranked[1]


def test_plots_other_cc(tmp_path):
    db = tmp_path / "fattree.db"
    fake_sweep_db(str(db))
    buf = io.StringIO()
    mptcp_plots.run(["--db", str(db), "--out", str(tmp_path), "--cc", "uncoupled"], out=buf)
    table = fig2_table(buf.getvalue())
    assert table[("MPTCP", 8)][:2] == (1, 5.0)
    assert ("MPTCP", 1) not in table


def test_plots_tcp_only(tmp_path):
    db = tmp_path / "t.db"
    con = create_db(str(db))
    insert_run(con, [40.0, 60.0])
    con.close()
    buf = io.StringIO()
    written = mptcp_plots.run(["--db", str(db), "--out", str(tmp_path)], out=buf)
    assert len(written) == 2
    assert fig2_table(buf.getvalue()) == {("TCP", 1): (1, 50.0, 50.0, 50.0)}


@pytest.mark.parametrize("case", ["empty", "missing", "label", "notdb", "k", "experiment"])
def test_plots_cli_errors(tmp_path, case):
    db = tmp_path / "fattree.db"
    args = ["--db", str(db), "--out", str(tmp_path / "out")]
    before = None
    if case == "empty":
        create_db(str(db)).close()
    elif case == "notdb":
        db.write_text("not a database\n" * 100)
        before = db.read_bytes()
    elif case in ("label", "k", "experiment"):
        fake_sweep_db(str(db))
        args += {"label": ["--label", "nope"], "k": ["--k", "16"],
                 "experiment": ["--experiment", "bcube"]}[case]
    r = run_cli(PLOTS, *args)
    assert r.returncode == 1
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("mptcp-ns3 plot fattree: error: ")
    assert not (tmp_path / "out").exists()
    if case == "missing":
        assert not db.exists(), "the database must not be created"
        assert "does not exist" in lines[0]
    if case == "notdb":
        assert db.read_bytes() == before
    if case == "label":
        assert "labels: old, new" in lines[0]
    if case == "empty":
        assert "no runs" in lines[0]


def test_plots_cli_ok(tmp_path):
    db = tmp_path / "fattree.db"
    fake_sweep_db(str(db))
    r = run_cli(PLOTS, "--db", str(db), "--out", str(tmp_path / "res"))
    assert r.returncode == 0, r.stderr
    assert "Fig. 2" in r.stdout and "Fig. 3" in r.stdout
    assert_png(tmp_path / "res" / "fig2-throughput-vs-subflows.png")


def test_help():
    for script in (PLOTS, SWEEP):
        r = run_cli(script, "--help")
        assert r.returncode == 0
        assert "usage:" in r.stdout and "--db" in r.stdout


# ------------------------------------------------------------------------------------------------
# mptcp-ns3 fattree, with a fake mptcp-fattree that writes the database and prints JSON.

FAKE_BINARY = textwrap.dedent("""\
    #!{python}
    import json, os, sqlite3, sys, time
    sys.path[:0] = [{here!r}]
    import test_fattree as t
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--") and "=" in a)
    transport = opts["transport"]
    sf = int(opts.get("subflows", 1)) if transport == "mptcp" else 1
    k = int(opts["k"])
    run = int(opts.get("RngRun", 1))
    tag = transport + ":" + str(sf)
    print("progress: starting " + tag, file=sys.stderr, flush=True)
    if tag in os.environ.get("FAKE_FAIL", "").split(","):
        print("fatal: simulated crash", file=sys.stderr)
        sys.exit(3)
    time.sleep(0.05)
    print("progress: 50%", file=sys.stderr, flush=True)
    pct = 45.0 if transport == "tcp" else 100.0 - 50.0 / sf
    flows = [pct * (0.8 + 0.4 * i / 15) for i in range(16)]
    con = t.create_db(opts["db"])
    con.execute("PRAGMA busy_timeout = 60000")
    t.insert_run(con, flows, label=opts["label"], k=k, transport=transport, subflows=sf,
                 cc=opts.get("cc", "lia" if transport == "mptcp" else "newreno"), rng_run=run,
                 duration_s=float(opts.get("duration", 10)), optimal_pct=pct)
    con.close()
    res = dict(k=k, hosts=k ** 3 // 4, flows=16, transport=transport, subflows=sf,
               cc=opts.get("cc", "lia"), duration_s=float(opts.get("duration", 10)),
               aggregate_goodput_bps=pct * 1e6, optimal_pct=pct, min_flow_pct=min(flows),
               jain_index=0.95, wall_s=0.05)
    if tag in os.environ.get("FAKE_BAD_JSON", "").split(","):
        del res["jain_index"]
    print("some other stdout line")
    print(json.dumps(res))
    """)


@pytest.fixture
def fake_binary(tmp_path):
    path = tmp_path / "mptcp-fattree"
    path.write_text(FAKE_BINARY.format(python=sys.executable, here=TESTS))
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_sweep_runs_checks_and_plots(tmp_path, fake_binary):
    db = tmp_path / "results" / "fattree.db"
    r = run_cli(SWEEP, "--binary", str(fake_binary), "--k", "4", "--subflows", "1,2,4",
                "--duration", "3", "--warmup", "1", "--db", str(db), "--label", "t1",
                "--jobs", "2", "--runs", "1-2")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Sweep summary (8/8 runs succeeded)" in r.stdout
    assert "[mptcp sf=2 run=2] progress: 50%" in r.stderr
    assert "[tcp run=1] progress: starting tcp:1" in r.stderr
    assert re.search(r"^mptcp sf=4 run=1\s+ok\s+16\s+[\d.]+\s+87\.50", r.stdout, re.M), r.stdout
    # The plots were drawn from this label, next to the database.
    assert "label=t1" in r.stdout
    assert_png(tmp_path / "results" / "fig2-throughput-vs-subflows.png")
    assert_png(tmp_path / "results" / "fig3-flow-rank.png")
    table = fig2_table(r.stdout)
    assert table[("TCP", 1)] == (2, 45.0, 45.0, 45.0)
    assert table[("MPTCP", 2)] == (2, 75.0, 75.0, 75.0)
    con = sqlite3.connect(db)
    assert con.execute("SELECT COUNT(*) FROM runs WHERE label='t1'").fetchone()[0] == 8
    assert con.execute("SELECT DISTINCT duration_s FROM runs").fetchall() == [(3.0,)]
    con.close()


def test_sweep_runs_longest_first(tmp_path, fake_binary):
    """The runs start longest first (most subflows, TCP last), each run's seeds in order; the
    summary keeps the order of the table."""
    r = run_cli(SWEEP, "--binary", str(fake_binary), "--k", "4", "--subflows", "1,2,4",
                "--db", str(tmp_path / "f.db"), "--out", str(tmp_path), "--jobs", "1",
                "--runs", "1-2")
    assert r.returncode == 0, r.stdout + r.stderr
    started = re.findall(r"^\[([^\]]+)\] start: ", r.stderr, re.M)
    assert started == ["mptcp sf=4 run=1", "mptcp sf=4 run=2", "mptcp sf=2 run=1",
                       "mptcp sf=2 run=2", "mptcp sf=1 run=1", "mptcp sf=1 run=2",
                       "tcp run=1", "tcp run=2"], r.stderr
    summary = [line.split()[0] for line in r.stdout.splitlines()
               if re.match(r"^(tcp|mptcp sf=\d) run=\d\s", line)]
    assert summary[:2] == ["tcp", "mptcp"], r.stdout


@pytest.mark.parametrize("mode", ["crash", "badjson"])
def test_sweep_failure_exits_nonzero(tmp_path, fake_binary, mode):
    db = tmp_path / "fattree.db"
    env = dict(os.environ)
    env["FAKE_FAIL" if mode == "crash" else "FAKE_BAD_JSON"] = "mptcp:2"
    r = run_cli(SWEEP, "--binary", str(fake_binary), "--k", "4", "--subflows", "1,2",
                "--db", str(db), "--out", str(tmp_path), env=env)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "Sweep summary (2/3 runs succeeded)" in r.stdout
    fail = [line for line in r.stdout.splitlines() if line.startswith("mptcp sf=2 run=1")]
    assert len(fail) == 1 and "FAIL" in fail[0]
    if mode == "crash":
        assert "exit status 3" in fail[0]
        assert "[mptcp sf=2 run=1] fatal: simulated crash" in r.stderr
    else:
        assert "jain_index" in fail[0]
    assert "1 of 3 run(s) failed: mptcp sf=2 run=1" in r.stderr
    # The other runs were still plotted.
    assert_png(tmp_path / "fig2-throughput-vs-subflows.png")


def test_sweep_missing_binary(tmp_path):
    r = run_cli(SWEEP, "--binary", str(tmp_path / "nope"), "--db", str(tmp_path / "x.db"))
    assert r.returncode == 1
    assert "not found" in r.stderr


def test_sweep_dry_run_and_passthrough():
    buf = io.StringIO()
    old = sys.stdout
    sys.stdout = buf
    try:
        rc = run_fattree_sweep.main(["--dry-run", "--k", "8", "--hostsPerTor", "4",
                                     "--subflows", "1-3,8", "--cc", "lia", "--label", "L",
                                     "--db", "r/f.db", "--", "--queue=100"])
    finally:
        sys.stdout = old
    assert rc == 0
    lines = buf.getvalue().splitlines()
    assert len(lines) == 1 + 4 + 1
    assert lines[0] == ("build/mptcp-fattree --k=8 --hostsPerTor=4 --db=r/f.db --label=L "
                        "--transport=tcp --RngRun=1 --queue=100")
    assert lines[4] == ("build/mptcp-fattree --k=8 --hostsPerTor=4 --db=r/f.db --label=L "
                        "--transport=mptcp --subflows=8 --cc=lia --RngRun=1 --queue=100")
    assert lines[5] == "mptcp-ns3 plot fattree --db r/f.db --out r --label L"


def test_int_list():
    assert run_fattree_sweep.int_list("1-3,8,2") == [1, 2, 3, 8]
    assert run_fattree_sweep.int_list("4") == [4]
    for bad in ("0", "a", "", "3-x"):
        with pytest.raises(Exception):
            run_fattree_sweep.int_list(bad)


def test_check_result():
    cfg = dict(transport="mptcp", subflows=4)
    good = dict(k=8, hosts=128, flows=128, transport="mptcp", subflows=4, cc="lia",
                duration_s=10, aggregate_goodput_bps=1e9, optimal_pct=80.0, min_flow_pct=50.0,
                jain_index=0.9, wall_s=3.0)
    assert run_fattree_sweep.check_result(json.dumps(good), cfg, 8)[1] is None
    assert "not JSON" in run_fattree_sweep.check_result("done.", cfg, 8)[1]
    assert "expected 4" in run_fattree_sweep.check_result(
        json.dumps(dict(good, subflows=2)), cfg, 8)[1]
    assert "expected 16" in run_fattree_sweep.check_result(json.dumps(good), cfg, 16)[1]
    assert "not a number" in run_fattree_sweep.check_result(
        json.dumps(dict(good, optimal_pct="high")), cfg, 8)[1]


def test_fig2_confidence_interval_and_htsim_reference(tmp_path):
    """Several runs per point: the table's ci95 is Student's t 95 % half-width computed by hand
    (3 runs: t = 4.303), the htsim column has the paper's simulator's values in the paper's
    setting (k=8), and '-' where htsim has none (MPTCP-1) or for one run; Fig. 3's run_min is
    the lowest flow of each run, lowest..highest."""
    db = tmp_path / "ci.db"
    con = create_db(str(db))
    tcp_runs = [[40.0, 60.0], [44.0, 58.0], [50.0, 52.0]]        # means 50, 51, 51
    mp8_runs = [[90.0, 98.0], [88.0, 96.0], [91.0, 99.0]]        # means 94, 92, 95
    for i, pcts in enumerate(tcp_runs):
        insert_run(con, pcts, label="ci", rng_run=i + 1)
    for i, pcts in enumerate(mp8_runs):
        insert_run(con, pcts, label="ci", transport="mptcp", subflows=8, cc="lia", rng_run=i + 1)
    insert_run(con, [70.0, 72.0], label="ci", transport="mptcp", subflows=1, cc="lia")
    con.close()
    buf = io.StringIO()
    mptcp_plots.run(["--db", str(db), "--out", str(tmp_path / "f")], out=buf)
    text = buf.getvalue()
    rows = {}
    for line in text.splitlines():
        m = re.match(r"^(TCP|MPTCP)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(\S+)\s+(\S+)",
                     line)
        if m and "Fig. 3" not in line:
            rows.setdefault((m[1], int(m[2])), (m[7], m[8]))
    sd_tcp = statistics.stdev([50.0, 51.0, 51.0])
    sd_mp = statistics.stdev([94.0, 92.0, 95.0])
    assert float(rows[("TCP", 1)][0]) == pytest.approx(4.303 * sd_tcp / 3 ** 0.5, abs=0.006)
    assert float(rows[("MPTCP", 8)][0]) == pytest.approx(4.303 * sd_mp / 3 ** 0.5, abs=0.006)
    assert rows[("TCP", 1)][1] == "50.2" and rows[("MPTCP", 8)][1] == "94.6"
    assert rows[("MPTCP", 1)] == ("-", "-")
    fig3 = text.split("Fig. 3", 1)[1]
    m = re.search(r"^MPTCP\s+8\s+3\s+6\s.*\s(\d+\.\d)\.\.(\d+\.\d)\s*$", fig3, re.M)
    assert m and (float(m[1]), float(m[2])) == (88.0, 91.0), fig3
    assert_png(tmp_path / "f" / "fig2-throughput-vs-subflows.png")
    assert_png(tmp_path / "f" / "fig3-flow-rank.png")


def test_fig2_legend_counts_runs_per_point():
    """The legend says how many runs each bar averages: one count when all points agree, the
    range while a sweep is under way, single runs left out."""
    from mptcp_ns3.plots.fattree import runs_per_point
    rows = [("TCP", 1, 5), ("MPTCP", 1, 3), ("MPTCP", 4, 2), ("MPTCP", 8, 5), ("MPTCP", 5, 1)]
    assert runs_per_point(rows, "TCP") == "5"
    assert runs_per_point(rows, "MPTCP") == "2-5"
    assert runs_per_point([("MPTCP", 2, 3), ("MPTCP", 3, 3)], "MPTCP") == "3"
    assert runs_per_point([("MPTCP", 2, 1)], "MPTCP") == "1"
