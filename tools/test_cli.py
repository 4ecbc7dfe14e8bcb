"""The mptcp-fattree program rejects bad input with one clear line and writes nothing.

Run with: python3 -m pytest tools/ (the binary is build/mptcp-fattree, or $MPTCP_FATTREE).
"""
import os
import sqlite3
import subprocess

import pytest

BINARY = os.environ.get("MPTCP_FATTREE",
                        os.path.join(os.path.dirname(__file__), "..", "build", "mptcp-fattree"))

pytestmark = pytest.mark.skipif(not os.path.exists(BINARY), reason="build/mptcp-fattree not built")

BAD = [
    ("--k=7", "k"),
    ("--k=0", "k"),
    ("--subflows=0", "subflows"),
    ("--subflows=33", "subflows"),
    ("--cc=cubic", "cc"),
    ("--transport=udp", "transport"),
    ("--duration=-1", "duration"),
    ("--warmup=5", "warmup"),
    ("--matrix=alltoall", "matrix"),
    ("--linkRate=fast", "linkRate"),
    ("--queue=0", "queue"),
]


@pytest.mark.parametrize("arg,option", BAD)
def test_bad_option_exits_nonzero_with_one_line(tmp_path, arg, option):
    db = tmp_path / "r.db"
    p = subprocess.run([BINARY, arg, "--db=%s" % db], capture_output=True, text=True, timeout=60)
    assert p.returncode != 0
    lines = [l for l in p.stderr.splitlines() if l.strip()]
    assert len(lines) == 1, p.stderr
    assert ("--%s=" % option) in lines[0]
    assert not db.exists(), "nothing may be written on bad input"


def test_unwritable_db_is_rejected_before_simulating(tmp_path):
    p = subprocess.run([BINARY, "--k=4", "--db=/nonexistent-dir/r.db"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode != 0
    assert "--db=" in p.stderr
    assert "simulated" not in p.stderr


def test_existing_non_database_is_left_untouched(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_bytes(b"my precious notes\n")
    p = subprocess.run([BINARY, "--k=4", "--db=%s" % f], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode != 0
    assert f.read_bytes() == b"my precious notes\n"


def test_runs_append_and_json_summary(tmp_path):
    db = tmp_path / "r.db"
    for transport in ("tcp", "mptcp"):
        p = subprocess.run([BINARY, "--k=4", "--transport=%s" % transport, "--subflows=2",
                            "--duration=0.1", "--warmup=0.05", "--db=%s" % db, "--quiet"],
                           capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
    con = sqlite3.connect(str(db))
    runs = con.execute("select run_id, transport, subflows, flows from runs order by run_id").fetchall()
    assert runs == [(1, "tcp", 1, 16), (2, "mptcp", 2, 16)]
    assert con.execute("select count(*) from flows").fetchone()[0] == 32
    import json
    last = json.loads(p.stdout.strip().splitlines()[-1])
    for key in ("k", "hosts", "flows", "transport", "subflows", "cc", "duration_s",
                "aggregate_goodput_bps", "optimal_pct", "min_flow_pct", "jain_index", "wall_s"):
        assert key in last
    assert last["hosts"] == 16 and last["flows"] == 16 and last["subflows"] == 2


@pytest.mark.parametrize("cc", ["lia", "olia", "balia", "ewtcp", "coupled", "semicoupled",
                                "uncoupled"])
def test_every_congestion_control_runs(cc):
    p = subprocess.run([BINARY, "--k=4", "--transport=mptcp", "--subflows=2", "--cc=%s" % cc,
                        "--duration=0.1", "--warmup=0.05", "--db=none", "--quiet"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    import json
    last = json.loads(p.stdout.strip().splitlines()[-1])
    assert last["cc"] == cc
    assert last["aggregate_goodput_bps"] > 0


def _summary(*args):
    p = subprocess.run([BINARY, "--k=4", "--db=none", "--quiet"] + list(args),
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    import json
    return json.loads(p.stdout.strip().splitlines()[-1])


def test_packetscatter_sprays_and_beats_single_path_tcp():
    # Seed 000 §4.3.5: switches spray packets over every equal-cost path. On the k=4 FatTree
    # a permutation of single-path TCP flows collides on core links (39 % of optimal,
    # measured), spraying spreads the same flows over all paths (74 %, measured).
    tcp = _summary("--transport=tcp", "--duration=1", "--warmup=0.3")
    ps = _summary("--transport=packetscatter", "--duration=1", "--warmup=0.3")
    assert ps["transport"] == "packetscatter" and ps["subflows"] == 1
    assert tcp["optimal_pct"] < 55
    assert ps["optimal_pct"] > 1.4 * tcp["optimal_pct"]
    assert ps["min_flow_pct"] > 30, "no flow is stuck behind a collision"
