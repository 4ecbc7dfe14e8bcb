# SPDX-License-Identifier: GPL-2.0-only
"""Tests of ``mptcp-ns3 sweep`` (tools/mptcp_ns3/sweep.py, schema.py) with a fake program
(tests/fake_experiment.py); no C++ build needed. Run with: python3 -m pytest tools/
"""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest

import paths
from mptcp_ns3 import schema, sweep


def install_fake(bindir):
    """Copies of the fake program named like the real ones; returns {name: path}."""
    os.makedirs(bindir, exist_ok=True)
    with open(os.path.join(paths.TESTS, "fake_experiment.py")) as f:
        body = f.read().split("\n", 1)[1]
    out = {}
    for name in ("mptcp-fattree", "mptcp-file-transfer"):
        path = os.path.join(bindir, name)
        with open(path, "w") as f:
            f.write(f"#!{sys.executable}\nimport sys\nsys.path.insert(0, {paths.TESTS!r})\n"
                    + body)
        os.chmod(path, 0o755)
        out[name] = path
    return out


@pytest.fixture
def fake(tmp_path):
    return install_fake(str(tmp_path / "bin"))["mptcp-fattree"]


def cli(*args, env_extra=None, timeout=120):
    return paths.cli("sweep", *args, env_extra=env_extra, timeout=timeout)


def log_lines(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [ln for ln in f.read().splitlines() if ln]


def rows(db, sql, args=()):
    con = sqlite3.connect(db)
    try:
        return con.execute(sql, args).fetchall()
    finally:
        con.close()


def grid_file(tmp_path, points):
    path = tmp_path / "grid.json"
    path.write_text(json.dumps(points))
    return str(path)


# --- grid and keys ------------------------------------------------------------------------------

def test_grid_expansion_and_keys():
    g = sweep.product(k=[4, 8], transport=["tcp", "mptcp"])
    assert g == [dict(k=4, transport="tcp"), dict(k=4, transport="mptcp"),
                 dict(k=8, transport="tcp"), dict(k=8, transport="mptcp")]
    r = sweep.with_runs(g[:2], [1, 3])
    assert [p["RngRun"] for p in r] == [1, 3, 1, 3] and r[1]["k"] == 4
    # The key is independent of the order of the parameters and of the program's directory,
    # and differs in RngRun.
    a = sweep.point_key("build/mptcp-fattree", dict(k=4, transport="tcp", RngRun=1))
    b = sweep.point_key("/x/mptcp-fattree", dict(RngRun=1, transport="tcp", k=4))
    c = sweep.point_key("build/mptcp-fattree", dict(k=4, transport="tcp", RngRun=2))
    assert a == b == "mptcp-fattree --RngRun=1 --k=4 --transport=tcp"
    assert a != c
    assert sweep.point_key("p", dict(x=0.25, q=True, y=1.0, z=1 / 3)) == \
        "p --q=true --x=0.25 --y=1 --z=0.333333333333333"
    assert sweep.dedupe([dict(k=4), dict(k=4), dict(k=8)]) == [dict(k=4), dict(k=8)]
    assert sweep.command("p", dict(k=4), "r.db", "s", ["--x=1"]) == \
        ["p", "--k=4", "--db=r.db", "--label=s", "--x=1"]


def test_cli_grid_product_dry_run(tmp_path, fake):
    r = cli("--program", fake, "--db", str(tmp_path / "r.db"), "--param", "k=4,8",
            "--param", "transport=tcp,mptcp", "--runs", "1-2", "--dry-run", "--", "--quiet=true")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 8
    assert lines[0] == (f"{fake} --k=4 --transport=tcp --RngRun=1 --db={tmp_path}/r.db "
                        "--label=mptcp-fattree --quiet=true")
    assert not (tmp_path / "r.db").exists()


# --- running ------------------------------------------------------------------------------------

def test_runs_record_wall_time_peak_memory_and_run_id(tmp_path, fake):
    db = str(tmp_path / "r.db")
    log = str(tmp_path / "log")
    r = cli("--program", fake, "--db", db, "--sweep", "s1", "--param", "subflows=1,2,3",
            "--jobs", "2", env_extra=dict(FAKE_LOG=log, FAKE_MEM_MB="40"))
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout.splitlines()[-1])
    assert (summary["points"], summary["ok"], summary["failed"], summary["skipped"]) == \
        (3, 3, 0, 0)
    assert len(log_lines(log)) == 3
    pts = rows(db, "SELECT sweep, status, run_id, exit_code, wall_s, peak_rss_kb, params_json "
               "FROM sweep_points ORDER BY run_id")
    assert [p[2] for p in pts] == [1, 2, 3]
    for sw, status, run_id, rc, wall, rss, params in pts:
        assert (sw, status, rc) == ("s1", "ok", 0)
        assert wall > 0
        assert rss > 40000, "ru_maxrss of the child, which touched 40 MB"
    # The program's own rows are the ones named by run_id, with the point's parameters.
    runs = rows(db, "SELECT run_id, subflows, label FROM runs ORDER BY run_id")
    by_id = {p[2]: json.loads(p[6])["subflows"] for p in pts}
    assert {rid: sf for rid, sf, _ in runs} == by_id
    assert {lab for _, _, lab in runs} == {"s1"}
    assert rows(db, "SELECT value FROM sweep_meta WHERE key='schema_version'") == [("1",)]
    # The progress line reports done/total, failures and the time left.
    assert "3/3 done, 0 failed" in r.stderr and "left" in r.stderr


@pytest.mark.parametrize("mode", ["fail", "crash"])
def test_failing_point_recorded_with_stderr_tail(tmp_path, fake, mode):
    db = str(tmp_path / "r.db")
    log = str(tmp_path / "log")
    env = dict(FAKE_LOG=log)
    env["FAKE_FAIL" if mode == "fail" else "FAKE_CRASH"] = "subflows=2"
    r = cli("--program", fake, "--db", db, "--param", "subflows=1,2,3", "--jobs", "1",
            env_extra=env)
    assert r.returncode == 1
    summary = json.loads(r.stdout.splitlines()[-1])
    assert (summary["ok"], summary["failed"]) == (2, 1)
    pts = rows(db, "SELECT point_key, status, exit_code, stderr_tail, run_id FROM sweep_points")
    failed = [p for p in pts if p[1] == "failed"]
    assert len(failed) == 1 and "--subflows=2" in failed[0][0] and failed[0][4] is None
    tail = failed[0][3].splitlines()
    if mode == "fail":
        assert failed[0][2] == 3
        # 27 lines were written; the last 20 are kept, then the runner's reason.
        assert tail[:20] == [f"fake stderr line {i}" for i in range(6, 25)] + \
            ["fatal: simulated failure"]
        assert tail[20] == "[mptcp-ns3 sweep] exit status 3"
    else:
        assert failed[0][2] == -signal.SIGABRT
        assert tail[-1] == f"[mptcp-ns3 sweep] killed by signal {int(signal.SIGABRT)}"
    assert sorted(p[1] for p in pts) == ["failed", "ok", "ok"]
    # A rerun runs only the failed point and appends a row for it.
    r2 = cli("--program", fake, "--db", db, "--param", "subflows=1,2,3",
             env_extra=dict(FAKE_LOG=log))
    assert r2.returncode == 0, r2.stderr
    lines = log_lines(log)
    assert len(lines) == 4 and "subflows=2" in lines[-1]
    assert rows(db, "SELECT status FROM sweep_points WHERE point_key LIKE '%subflows=2%' "
                "ORDER BY rowid") == [("failed",), ("ok",)]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_killed_sweep_resumes_with_only_the_missing_points(tmp_path, fake, sig):
    db = str(tmp_path / "r.db")
    log = str(tmp_path / "log")
    grid = "subflows=" + ",".join(str(i) for i in range(1, 13))
    args = ["--program", fake, "--db", db, "--param", grid, "--jobs", "1"]
    env = dict(os.environ, FAKE_LOG=log, FAKE_SLEEP="1.0")
    # A background job of a non-interactive shell (e.g. a CI run started with '&') inherits
    # SIGINT ignored, and Python then installs no KeyboardInterrupt handler: restore the default.
    proc = subprocess.Popen([*paths.CLI, "sweep", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if os.path.exists(db) and len(rows(db, "SELECT 1 FROM sweep_points WHERE "
                                           "status='ok'")) >= 2:
            break
        time.sleep(0.05)
    # 12 points of 1 s each: 10 s of margin before the sweep could end by itself, even on a
    # loaded machine (0.4 s points were too short for one)
    assert proc.poll() is None, "the sweep ended before it could be interrupted"
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode != 0
    # A child orphaned by SIGKILL finishes on its own, writing its rows up to FAKE_SLEEP (1 s)
    # after the kill: wait it out, so that it cannot write beside the rerun below (once seen to
    # fail the rerun on a loaded machine with 0.6 s here).
    time.sleep(1.6)
    done_before = {k for (k,) in rows(db, "SELECT point_key FROM sweep_points "
                                      "WHERE status='ok'")}
    assert 2 <= len(done_before) < 12
    if sig == signal.SIGINT:
        assert json.loads(out.splitlines()[-1])["interrupted"] is True
        # The child that was running was killed, and nothing was recorded for it.
        assert rows(db, "SELECT COUNT(*) FROM sweep_points WHERE status != 'ok'") == [(0,)]
    started_before = len(log_lines(log))
    r = cli(*args, env_extra=dict(FAKE_LOG=log))
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout.splitlines()[-1])
    assert summary["skipped"] == len(done_before)
    assert summary["ok"] == 12 - len(done_before)
    new = log_lines(log)[started_before:]
    assert len(new) == 12 - len(done_before)
    # Each point now has exactly one 'ok' row.
    assert sorted(n for _, n in rows(db, "SELECT point_key, COUNT(*) FROM sweep_points WHERE "
                                     "status='ok' GROUP BY point_key")) == [1] * 12


# --- bad input ----------------------------------------------------------------------------------

def make_bad_db(path, case):
    if case == "text":
        with open(path, "w") as f:
            f.write("my precious notes\n" * 50)
        return
    con = sqlite3.connect(path)
    if case == "version":
        con.executescript(schema.SWEEP_TABLES)
        con.execute("INSERT INTO sweep_meta VALUES ('schema_version', '2')")
    elif case == "results-version":
        con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        con.execute("INSERT INTO meta VALUES ('schema_version', '2')")
    elif case == "no-meta":
        con.execute("CREATE TABLE sweep_points (sweep TEXT, point_key TEXT)")
    elif case == "foreign":
        con.execute("CREATE TABLE runs (run_id INTEGER PRIMARY KEY, customer TEXT)")
        con.execute("INSERT INTO runs VALUES (1, 'acme')")
    con.commit()
    con.close()


@pytest.mark.parametrize("case,words", [("version", "sweep schema version 2"),
                                        ("results-version", "result schema version 2"),
                                        ("no-meta", "unknown schema version"),
                                        ("foreign", "without column"),
                                        ("text", "not an SQLite 3 database")])
def test_incompatible_database_rejected_without_modification(tmp_path, fake, case, words):
    db = str(tmp_path / "r.db")
    make_bad_db(db, case)
    with open(db, "rb") as f:
        before = f.read()
    log = str(tmp_path / "log")
    r = cli("--program", fake, "--db", db, "--param", "subflows=1,2",
            env_extra=dict(FAKE_LOG=log))
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mptcp-ns3 sweep: error: ") and \
        words in lines[0], \
        r.stderr
    with open(db, "rb") as f:
        assert f.read() == before
    assert not os.path.exists(db + "-journal")
    assert log_lines(log) == [], "nothing may run"


@pytest.mark.parametrize("grid", [[], None])
def test_empty_grid_exits_2(tmp_path, fake, grid):
    args = ["--program", fake, "--db", str(tmp_path / "r.db")]
    if grid is not None:
        args += ["--grid", grid_file(tmp_path, grid)]
    r = cli(*args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "empty grid" in lines[0]
    assert not (tmp_path / "r.db").exists()


def test_grid_file_and_missing_json(tmp_path, fake):
    db = str(tmp_path / "r.db")
    g = grid_file(tmp_path, [dict(transport="tcp"), dict(transport="mptcp", subflows=2)])
    r = cli("--program", fake, "--db", db, "--grid", g, "--runs", "1,2")
    assert r.returncode == 0, r.stderr
    assert rows(db, "SELECT COUNT(*) FROM sweep_points WHERE status='ok'") == [(4,)]
    assert rows(db, "SELECT DISTINCT rng_run FROM runs ORDER BY 1") == [(1,), (2,)]
    # A program whose last stdout line is not JSON fails the point.
    notjson = tmp_path / "bin" / "echo-prog"
    notjson.write_text(f"#!{sys.executable}\nprint('done.')\n")
    notjson.chmod(0o755)
    r = cli("--program", str(notjson), "--db", db, "--param", "x=1")
    assert r.returncode == 1
    assert rows(db, "SELECT status, stderr_tail FROM sweep_points WHERE point_key LIKE "
                "'echo-prog%'") == [("failed", "[mptcp-ns3 sweep] last stdout line is not a JSON "
                                     "object: 'done.'")]
