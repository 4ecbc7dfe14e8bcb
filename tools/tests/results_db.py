# SPDX-License-Identifier: GPL-2.0-only
"""The C++ result schema for the tests' fake databases, read from its one definition: the
column arrays, CREATE TABLE code and version of helper/database/experiment-database-schema.h,
and the checks of helper/database/experiment-database.cc (ns3::ExperimentDatabase).

The tools never create these tables; the tests do (fake programs, hand-made databases), and
build them from the C++ source so that they cannot drift from it. test_schema.py checks that
this reading matches doc/results-schema.rst, the header and a database the real program wrote.
"""
import functools
import os
import re
import sqlite3

from paths import ROOT

SCHEMA_HEADER = os.path.join(ROOT, "helper", "database", "experiment-database-schema.h")
SOURCE = os.path.join(ROOT, "helper", "database", "experiment-database.cc")


@functools.lru_cache(maxsize=None)
def _source():
    text = ""
    for path in (SCHEMA_HEADER, SOURCE):
        with open(path) as f:
            text += f.read()
    return text


@functools.lru_cache(maxsize=None)
def schema_version():
    """kResultSchemaVersion of the C++ header: the version the programs write into `meta`."""
    m = re.search(r"kResultSchemaVersion = (\d+);", _source())
    if not m:
        raise RuntimeError(f"cannot read the result schema version from {SCHEMA_HEADER}")
    return int(m[1])


@functools.lru_cache(maxsize=None)
def tables():
    """{table: [(column, SQL type), ...]} in the C++ order, run_id first."""
    src = _source()
    arrays = {}
    for m in re.finditer(r"const Column (k\w+)\[\] = \{(.*?)\n\};", src, re.S):
        arrays[m[1]] = re.findall(r'\{"(\w+)", ColType::(\w+)\}', m[2])
    out = {}
    for table, array in re.findall(r'CheckColumns\(db, path, "(\w+)", (k\w+), error\)', src):
        run_id = "INTEGER"
        out[table] = [("run_id", run_id)] + arrays[array]
    if not out or "runs" not in out:
        raise RuntimeError(f"cannot read the result schema from {SOURCE}")
    return out


@functools.lru_cache(maxsize=None)
def primary_keys():
    """{table: ', PRIMARY KEY (...)' clause or ''} as CreateSql() writes them."""
    src = _source()
    keys = {t: "" for t in tables()}
    m = re.search(r'CREATE TABLE IF NOT EXISTS flows .*?"(, PRIMARY KEY \([^)]*\))', src, re.S)
    keys["flows"] = m[1]
    for table, key in re.findall(r'WorkloadTableSql\(\s*"(\w+)",\s*k\w+,\s*"([^"]*)"\)', src):
        keys[table] = key
    return keys


def create_sql():
    """The CREATE TABLE IF NOT EXISTS statements of every result table."""
    stmts = []
    for table, cols in tables().items():
        first = ("run_id INTEGER PRIMARY KEY AUTOINCREMENT" if table == "runs"
                 else "run_id INTEGER REFERENCES runs(run_id)")
        body = ", ".join([first] + [f"{n} {t}" for n, t in cols[1:]])
        stmts.append(f"CREATE TABLE IF NOT EXISTS {table} ({body}{primary_keys()[table]});")
    stmts.append("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);")
    stmts.append("INSERT OR IGNORE INTO meta (key, value) VALUES "
                 f"('schema_version', '{schema_version()}');")
    return "\n".join(stmts) + "\n"


def create_db(path):
    """A connection to path with every result table created."""
    con = sqlite3.connect(path)
    con.executescript(create_sql())
    con.commit()
    return con


def columns(table):
    """The column names of a result table, run_id first."""
    return [n for n, _ in tables()[table]]
