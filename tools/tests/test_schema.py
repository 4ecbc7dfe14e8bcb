# SPDX-License-Identifier: GPL-2.0-only
"""The results schema is defined once: the C++ programs write it
(helper/database/experiment-database.cc), the tests' fake databases are built from that source (results_db.py), and the package reads its
version and refuses another one with one line. Run with: python3 -m pytest tools/
"""
import sqlite3
import subprocess

import pytest

import paths
import results_db
from mptcp_ns3 import schema
from mptcp_ns3.common import BadInput, PlotError

PROGRAM = paths.program("mptcp-file-transfer", "MPTCP_FILE_TRANSFER")


def table_info(con):
    return {t: [(r[1], r[2]) for r in con.execute(f"PRAGMA table_info({t})")]
            for t in schema.tables(con) if not t.startswith("sqlite_")}


@pytest.mark.skipif(not paths.os.path.exists(PROGRAM), reason="build/mptcp-file-transfer not "
                    "built")
def test_fake_schema_is_the_programs(tmp_path):
    real = tmp_path / "real.db"
    p = subprocess.run([PROGRAM, "--packets=1", f"--db={real}"], capture_output=True,
                       text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    fake = tmp_path / "fake.db"
    results_db.create_db(str(fake)).close()
    with sqlite3.connect(real) as a, sqlite3.connect(fake) as b:
        assert table_info(a) == table_info(b)
        assert len(table_info(a)) == 15  # fourteen result tables (run_metrics the last) and meta
        # The program records its schema version, the one the package reads.
        assert a.execute("SELECT key, value FROM meta").fetchall() == [("schema_version", "1")]
        assert schema.results_schema_version(a) == schema.RESULTS_SCHEMA_VERSION == 1
    assert schema.check_db(str(real)) is True
    schema.open_db(str(real), ("runs", "transfers")).close()


def test_results_schema_version_is_read_from_the_database(tmp_path):
    db = tmp_path / "r.db"
    con = results_db.create_db(str(db))
    assert schema.results_schema_version(con) == 1
    con.execute("DELETE FROM meta")
    con.commit()
    assert schema.results_schema_version(con) == 1  # no row: version 1
    con.execute("DROP TABLE meta")
    con.commit()
    assert schema.results_schema_version(con) == 1  # no table: written before it existed
    con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    con.execute("INSERT INTO meta VALUES ('schema_version', '1')")
    con.commit()
    assert schema.check_db(str(db)) is True
    con.execute("UPDATE meta SET value = '3' WHERE key = 'schema_version'")
    con.commit()
    con.close()
    before = db.read_bytes()
    with pytest.raises(BadInput, match="result schema version 3 .* read version 1"):
        schema.check_db(str(db))
    with pytest.raises(PlotError, match="result schema version 3"):
        schema.open_db(str(db))
    r = paths.cli("plot", "fattree", "--db", db, "--out", tmp_path / "out")
    assert r.returncode == 1
    assert r.stderr.strip().splitlines() == [
        f"mptcp-ns3 plot fattree: error: database '{db}' has result schema version 3 (written "
        "by another release of the programs), these tools read version 1; use another --db"]
    assert db.read_bytes() == before and not (tmp_path / "out").exists()


def test_sweep_tables_are_defined_once():
    """Only schema.py names the sweep tables' columns."""
    import mptcp_ns3
    pkg = paths.os.path.dirname(mptcp_ns3.__file__)
    for root, _, files in paths.os.walk(pkg):
        for f in files:
            if f.endswith(".py") and f != "schema.py":
                with open(paths.os.path.join(root, f)) as fh:
                    text = fh.read()
                assert "CREATE TABLE" not in text and "stderr_tail TEXT" not in text, f
