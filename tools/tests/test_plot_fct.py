# SPDX-License-Identifier: GPL-2.0-only
"""Tests of ``mptcp-ns3 plot fct`` (tools/mptcp_ns3/plots/fct.py) on a small database generated
here with the workload tables of the C++ schema (results_db). Run with: python3 -m pytest tools/
"""

import io
import os

import pytest

import results_db
from mptcp_ns3.plots import fct as fct_plots
from paths import PNG_MAGIC


def make_db(path, with_workload_tables=True):
    con = results_db.create_db(path)
    if not with_workload_tables:  # a database of an older release: runs and flows only
        for table in results_db.tables():
            if table not in ("runs", "flows"):
                con.execute(f"DROP TABLE {table}")
    runs = [
        # run_id, label, transport, short_transport, core_util, core_loss, fcts (s), goodputs
        (1, "t53", "tcp", "same", 0.40, 0.0002, [0.010, 0.020, 0.030, None], [30e6, 50e6]),
        (2, "t53", "tcp", "same", 0.50, 0.0004, [0.040], [40e6]),
        (3, "t53", "mmptcp", "same", 0.75, 0.0001, [0.050, 0.070], [60e6, 64e6]),
        (4, "t53", "mptcp", "tcp", 0.74, 0.0001, [0.020], [62e6]),
        (5, "other", "ps", "same", 0.9, 0.0, [0.001], [1e6]),
    ]
    for rid, label, tr, st, util, loss, fcts, gps in runs:
        con.execute("INSERT INTO runs (run_id, label, experiment, transport, subflows, hosts) "
                    "VALUES (?,?,?,?,?,?)", (rid, label, "fattree", tr, 8, 16))
        for i, g in enumerate(gps):
            con.execute("INSERT INTO flows (run_id, flow_id, goodput_bps) VALUES (?,?,?)",
                        (rid, i, g))
        if not with_workload_tables:
            continue
        con.execute("INSERT INTO workload_runs (run_id, workload, short_transport, core_util, "
                    "core_loss) VALUES (?,?,?,?,?)", (rid, "mix", st, util, loss))
        for i, f in enumerate(fcts):
            con.execute("INSERT INTO short_flows (run_id, flow_id, fct_s, completed) "
                        "VALUES (?,?,?,?)", (rid, i, f, 0 if f is None else 1))
        con.execute("INSERT INTO link_layers (run_id, layer, direction, utilization, loss_rate) "
                    "VALUES (?,?,?,?,?)", (rid, "aggregation-core", "up", util, loss))
    con.commit()
    con.close()


def test_config_names_follow_table_5_1():
    assert fct_plots.config_name("tcp", "same") == "TCP_Pure"
    assert fct_plots.config_name("mptcp", "mptcp") == "MPTCP_Pure"
    assert fct_plots.config_name("mptcp", "tcp") == "MPTCP_SFTCP"
    assert fct_plots.config_name("ps", "") == "PS_Pure"
    assert fct_plots.config_name("ps", "tcp") == "PS_SFTCP"
    assert fct_plots.config_name("mmptcp", "same") == "MMPTCP"
    assert fct_plots.config_name("packetscatter", "tcp") == "packetscatter/tcp"


def test_table_values_and_plots(tmp_path):
    db = str(tmp_path / "mix.db")
    make_db(db)
    out = io.StringIO()
    written = fct_plots.run(["--db", db, "--out", str(tmp_path / "png"), "--label", "t53"],
                            out=out)
    for w in written:
        with open(w, "rb") as f:
            assert f.read(8) == PNG_MAGIC
    lines = {ln.split()[0]: ln.split() for ln in out.getvalue().splitlines()[2:]
             if ln and not ln.startswith("wrote")}
    assert set(lines) == {"TCP_Pure", "MMPTCP", "MPTCP_SFTCP"}
    tcp = lines["TCP_Pure"]
    # 2 runs, 5 short flows started, 4 completed: FCTs 10, 20, 30, 40 ms pooled.
    assert tcp[1:4] == ["2", "5", "4"]
    assert float(tcp[4]) == pytest.approx(25.0)
    assert float(tcp[5]) == pytest.approx(12.91, abs=0.05)  # sample sd (n - 1) of 10..40
    # Long flows 30, 50, 40 Mb/s pooled over both runs; core util/loss averaged over runs.
    assert float(tcp[7]) == pytest.approx(40.0)
    assert float(tcp[9]) == pytest.approx(45.0)
    assert float(tcp[10]) == pytest.approx(0.03)
    mm = lines["MMPTCP"]
    assert float(mm[4]) == pytest.approx(60.0)
    assert float(mm[7]) == pytest.approx(62.0)


def test_default_label_is_latest(tmp_path):
    db = str(tmp_path / "mix.db")
    make_db(db)
    out = io.StringIO()
    fct_plots.run(["--db", db, "--out", str(tmp_path)], out=out)
    assert "label 'other'" in out.getvalue()
    assert "PS_Pure" in out.getvalue()


def test_errors_are_one_line(tmp_path, capsys):
    db = str(tmp_path / "old.db")
    make_db(db, with_workload_tables=False)
    assert fct_plots.main(["--db", db, "--out", str(tmp_path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "workload_runs" in err[0]
    assert fct_plots.main(["--db", str(tmp_path / "none.db")]) == 1
    assert "does not exist" in capsys.readouterr().err
    db2 = str(tmp_path / "mix.db")
    make_db(db2)
    assert fct_plots.main(["--db", db2, "--label", "nope", "--out", str(tmp_path)]) == 1
    assert "label 'nope'" in capsys.readouterr().err
    assert not os.path.exists(str(tmp_path / "none.db"))  # never created
