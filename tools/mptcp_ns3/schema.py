# SPDX-License-Identifier: GPL-2.0-only
"""The results database as the tools see it (doc/results-schema.rst).

Two owners, one file:

* The experiment programs (``helper/database/experiment-database.cc``, ns3::ExperimentDatabase) create
  and write the result tables (``runs``, ``flows``, ``links``, ...). This package never creates
  or alters them: it names only the columns it reads (:data:`RUNS_COLUMNS_READ`) and the schema
  version it understands (:data:`RESULTS_SCHEMA_VERSION`), read from the database by
  :func:`results_schema_version`.
* The sweep runner owns the bookkeeping tables ``sweep_meta`` and ``sweep_points``, defined
  here only (:data:`SWEEP_TABLES`), with their own version in ``sweep_meta``.

A database that is not SQLite, has another schema version of either part, or lacks a column the
tools read is refused with one line (:class:`~mptcp_ns3.common.BadInput` before a sweep writes,
:class:`~mptcp_ns3.common.PlotError` when a plot reads), and the file is left untouched.
"""

import datetime
import json
import os
import sqlite3
import threading
import urllib.parse

from .common import BadInput, PlotError

SQLITE_MAGIC = b"SQLite format 3\x00"

# --- the result tables (written by C++) ---------------------------------------------------------

#: Version of the C++ result schema this package reads. ExperimentDatabase records its version
#: (kResultSchemaVersion of helper/database/experiment-database-schema.h) as the row
#: ``schema_version`` of a key/value table ``meta``; a database without that row was written
#: before the table existed and has the schema of version 1.
RESULTS_SCHEMA_VERSION = 1
RESULTS_META_TABLE = "meta"
#: Columns of ``runs`` that the tools read (doc/results-schema.rst).
RUNS_COLUMNS_READ = ("run_id", "label", "experiment", "topology", "k", "hosts_per_tor", "hosts",
                     "link_rate_bps", "transport", "subflows", "cc", "matrix", "duration_s",
                     "warmup_s", "rng_run", "flows", "aggregate_goodput_bps", "optimal_bps",
                     "optimal_pct", "min_flow_pct", "params_json")

# --- the sweep bookkeeping tables (written here) ------------------------------------------------

SWEEP_SCHEMA_VERSION = 1
SWEEP_TABLES = """
CREATE TABLE IF NOT EXISTS sweep_meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS sweep_points (sweep TEXT, point_key TEXT, params_json TEXT,
  status TEXT, run_id INTEGER, exit_code INTEGER, wall_s REAL, peak_rss_kb INTEGER,
  stderr_tail TEXT, created_utc TEXT);
CREATE INDEX IF NOT EXISTS sweep_points_key ON sweep_points (point_key, status);
"""


def tables(con):
    """Names of the tables of an open database."""
    return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def results_schema_version(con):
    """The C++ result schema's version recorded in the database (int or the text found), or
    RESULTS_SCHEMA_VERSION if it records none."""
    if RESULTS_META_TABLE not in tables(con):
        return RESULTS_SCHEMA_VERSION
    row = con.execute(f"SELECT value FROM {RESULTS_META_TABLE} WHERE key = 'schema_version'") \
        .fetchone()
    if row is None:
        return RESULTS_SCHEMA_VERSION
    try:
        return int(row[0])
    except (TypeError, ValueError):
        return row[0]


def incompatibility(con, path):
    """Why the tools cannot use an open database (one line), or None."""
    names = tables(con)
    version = results_schema_version(con)
    if version != RESULTS_SCHEMA_VERSION:
        return (f"database '{path}' has result schema version {version} (written by another "
                f"release of the programs), these tools read version {RESULTS_SCHEMA_VERSION}; "
                "use another --db")
    if "sweep_meta" in names:
        row = con.execute("SELECT value FROM sweep_meta WHERE key='schema_version'").fetchone()
        sweep_version = row[0] if row else None
        if str(sweep_version) != str(SWEEP_SCHEMA_VERSION):
            return (f"database '{path}' has sweep schema version {sweep_version}, this tool "
                    f"needs {SWEEP_SCHEMA_VERSION}; use another --db")
    elif "sweep_points" in names:
        return (f"database '{path}' has a sweep_points table but no sweep_meta: unknown schema "
                "version; use another --db")
    if "runs" in names:
        cols = {r[1] for r in con.execute("PRAGMA table_info(runs)")}
        missing = [c for c in RUNS_COLUMNS_READ if c not in cols]
        if missing:
            return (f"database '{path}' has a runs table without column(s) "
                    f"{', '.join(missing)}: not a results database of this module; use another "
                    "--db")
    return None


def _read_only(path):
    uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
    return sqlite3.connect(uri, uri=True, timeout=60)


def check_db(path):
    """Reject a database a sweep must not write to (BadInput), never modifying it.

    Returns True if the file exists (and is compatible), False if it does not exist yet."""
    if not os.path.exists(path):
        d = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(d):
            raise BadInput(f"database directory '{d}' does not exist")
        return False
    if not os.path.isfile(path):
        raise BadInput(f"database '{path}' is not a file")
    with open(path, "rb") as f:
        head = f.read(16)
    if head and head != SQLITE_MAGIC:
        raise BadInput(f"'{path}' is not an SQLite 3 database; refusing to touch it")
    if not head:
        return True  # an empty file is a valid empty SQLite database
    try:
        con = _read_only(path)
        try:
            why = incompatibility(con, path)
        finally:
            con.close()
    except sqlite3.Error as e:
        raise BadInput(f"cannot read database '{path}': {e}") from None
    if why:
        raise BadInput(why)
    return True


def open_db(path, required=("runs", "flows"), hint="not a results database"):
    """Open an existing database read-only (never creates or modifies the file), rows as
    sqlite3.Row; it must have a schema version these tools read and the tables `required`,
    else PlotError names what is wrong (and `hint` for missing tables)."""
    if not os.path.exists(path):
        raise PlotError(f"database '{path}' does not exist")
    if not os.path.isfile(path):
        raise PlotError(f"database '{path}' is not a file")
    try:
        con = _read_only(path)
        con.row_factory = sqlite3.Row
        names = tables(con)
        why = incompatibility(con, path)
    except sqlite3.Error as e:
        raise PlotError(f"cannot read database '{path}': {e}") from None
    if why:
        con.close()
        raise PlotError(why)
    missing = set(required) - names
    if missing:
        con.close()
        raise PlotError(f"database '{path}' has no table(s) {', '.join(sorted(missing))}: "
                        f"{hint}")
    return con


def require_table(con, table, why):
    """PlotError unless the open database has `table` (`why`: what writes it)."""
    if table not in tables(con):
        raise PlotError(f"the database has no table '{table}' ({why})")


# --- sweep bookkeeping --------------------------------------------------------------------------

def utc_now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def connect(path):
    """A read-write connection that waits up to 60 s for other writers."""
    con = sqlite3.connect(path, timeout=60, isolation_level=None)
    con.execute("PRAGMA busy_timeout = 60000")
    return con


def init_sweep_tables(path):
    """Check the database, then create the sweep tables if missing (one transaction)."""
    check_db(path)
    con = connect(path)
    try:
        con.execute("BEGIN IMMEDIATE")
        for stmt in SWEEP_TABLES.strip().split(";"):
            if stmt.strip():
                con.execute(stmt)
        con.execute("INSERT OR IGNORE INTO sweep_meta (key, value) VALUES ('schema_version', ?)",
                    (str(SWEEP_SCHEMA_VERSION),))
        con.execute("COMMIT")
    except sqlite3.Error as e:
        raise BadInput(f"cannot initialise database '{path}': {e}") from None
    finally:
        con.close()


def done_keys(path):
    """Point keys with an 'ok' row."""
    if not os.path.exists(path):
        return set()
    con = connect(path)
    try:
        if "sweep_points" not in tables(con):
            return set()
        return {r[0] for r in con.execute("SELECT DISTINCT point_key FROM sweep_points "
                                          "WHERE status = 'ok'")}
    finally:
        con.close()


def ok_runs(con, keys):
    """{index in keys: run_id of the key's latest 'ok' row} for the keys that have one."""
    out = {}
    if "sweep_points" not in tables(con):
        return out
    for i, key in enumerate(keys):
        row = con.execute("SELECT run_id FROM sweep_points WHERE point_key = ? AND status = 'ok' "
                          "ORDER BY rowid DESC LIMIT 1", (key,)).fetchone()
        if row is not None and row[0] is not None:
            out[i] = row[0]
    return out


_db_lock = threading.Lock()


def record(path, sweep, res):
    """Append one sweep_points row (res: key, params, status, run_id, exit_code, wall_s,
    peak_rss_kb, stderr_tail) in its own short transaction."""
    with _db_lock:
        con = connect(path)
        try:
            con.execute("BEGIN IMMEDIATE")
            con.execute("INSERT INTO sweep_points (sweep, point_key, params_json, status, run_id, "
                        "exit_code, wall_s, peak_rss_kb, stderr_tail, created_utc) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (sweep, res["key"], json.dumps(res["params"], sort_keys=True),
                         res["status"], res["run_id"], res["exit_code"], res["wall_s"],
                         res["peak_rss_kb"], res["stderr_tail"], utc_now()))
            con.execute("COMMIT")
        finally:
            con.close()
