# SPDX-License-Identifier: GPL-2.0-only
"""Tests of ``mptcp-ns3 reproduce`` (tools/mptcp_ns3/figures.py: figure registry and plots, with
the fake program of tests/fake_experiment.py) and of the Fig. 6 model (load_variance.py).
Run with: python3 -m pytest tools/
"""

import io
import json
import math
import os
import re
import sqlite3

import pytest

import paths
from mptcp_ns3 import figures as reproduce
from mptcp_ns3 import load_variance
from mptcp_ns3 import responsive_figures as responsive
from mptcp_ns3.options import program_options
from paths import PNG_MAGIC
from test_sweep import install_fake, log_lines
FIGS = ["fig2", "fig3", "fig4", "fig5", "fig6", "fig7", "fig8", "fig9", "fig10", "fig11",
        "fig12", "fig13", "hostlimited", "fig15", "fig16", "fig17", "responsive-table1",
        "responsive-fig5", "responsive-fig6"]
RESPONSIVE_FIGS = FIGS[-3:]


def cli(*args, env_extra=None):
    return paths.cli("reproduce", *args, env_extra=env_extra)


@pytest.fixture(scope="module")
def all_small(tmp_path_factory):
    """`mptcp-ns3 reproduce all` at small scale on the fake programs, run once for the module."""
    d = tmp_path_factory.mktemp("repro")
    install_fake(str(d / "bin"))
    log = str(d / "log")
    r = cli("all", "--bin-dir", str(d / "bin"), "--db", str(d / "r.db"), "--out",
            str(d / "out"), "--jobs", "2", env_extra=dict(FAKE_LOG=log))
    return d, r, log


def test_registry_names_and_options():
    assert list(reproduce.FIGURES) == FIGS
    assert reproduce.ALL_SCALES == ("small", "paper", "scaled")
    for f in reproduce.FIGURES.values():
        assert f.scales == (responsive.SCALES if f.name in RESPONSIVE_FIGS else
                            reproduce.SCALES), f.name
        for scale in f.scales:
            grid = f.grid(scale)
            assert grid, (f.name, scale)
            for p in grid:
                unknown = set(p) - set(program_options(paths.BUILD, f.program))
                assert not unknown, (f.name, unknown)
    # Figures that share runs have the same grid.
    for a, b in (("fig2", "fig3"), ("fig2", "fig6"), ("fig9", "fig10"), ("fig4", "fig5"),
                 ("responsive-table1", "responsive-fig5"),
                 ("responsive-table1", "responsive-fig6")):
        assert reproduce.FIGURES[a].grid("small") == reproduce.FIGURES[b].grid("small")
        assert reproduce.FIGURES[a].sweep_name == reproduce.FIGURES[b].sweep_name


def test_settings_of_the_paper_scale():
    pts = reproduce.FIGURES["fig2"].grid("paper")
    assert sorted({p["k"] for p in pts}) == [4, 8, 12]
    assert len(pts) == 27
    assert sorted({p["k"] for p in reproduce.FIGURES["fig2"].grid("small")}) == [4, 8]
    f7 = reproduce.FIGURES["fig7"].grid("paper")
    assert {(p["k"], p["hostsPerTor"]) for p in f7} == {(8, 16)}
    assert sorted({p["connectionsPerHost"] for p in f7}) == [0.1, 0.25, 0.5, 1, 2, 4, 10]
    mix = reproduce.FIGURES["fig12"].grid("paper")
    assert {p["shortFlowRate"] for p in mix} == {512 * 5}
    # htsim's receiver has no window: buffers that never fill
    assert {p["buffer"] for p in mix} == {16777216}
    for fig in ("fig9", "fig10", "fig11"):
        assert {p["buffer"] for p in reproduce.FIGURES[fig].grid("paper")} == {16777216}, fig
    assert not any("minRto" in p or "delAckCount" in p for p in mix)
    assert [reproduce.series_of(p) for p in mix] == ["TCP", "MPTCP", "EWTCP", "UNCOUPLED"]
    f15 = reproduce.FIGURES["fig15"].grid("paper")
    perfect = [p for p in f15 if p["topology"] == "perfect"]
    # one perfect-switch run (one rack: no --localFraction), 11 fractions per DHFT series
    assert {p["hosts"] for p in perfect} == {576} and len(perfect) == 1
    assert "localFraction" not in perfect[0] and len(f15) == 2 * 11 + 1
    assert {(p["k"], p["hostsPerTor"]) for p in f15 if p["topology"] == "dhft"} == {(12, 8)}


def config_key(p):
    """A point's configuration, scale-free: controller, subflows, delta_DGT, R, M, ..."""
    return tuple(sorted((k, v) for k, v in p.items() if k in (
        "transport", "controller", "subflows", "deltaDgt", "deltaRvt", "stableCount",
        "maxSubflows", "deltaDdt", "hederaInterval", "hederaThreshold")))


def test_responsive_grids_and_scales():
    """Table I's grid: 6 configurations x 3 workloads at each scale; the three responsive
    settings; the factor 10 applied to every size (/10), t_m (x10) and the link rate at the small
    and scaled scales, and nothing else scaled."""
    grids = {s: reproduce.FIGURES["responsive-table1"].grid(s) for s in responsive.SCALES}
    for scale, grid in grids.items():
        assert len(grid) == 18, scale
        assert [p["workload"] for p in grid] == (["random-closed-loop"] * 6 +
                                                 ["permutation-finite"] * 6 + ["shuffle"] * 6)
        for p in grid:
            assert p["cc"] == "xmp" and p["ecnThreshold"] == 10 and p["addressesPerHost"] == 2
            assert (p["edgeDelay"], p["aggDelay"], p["coreDelay"]) == ("20us", "30us", "40us")
            assert p["transport"] == "mptcp" and "delay" not in p
        resp = [p for p in grid if p.get("controller") == "responsive"]
        assert len(resp) == 9
        assert {(p["deltaRvt"], p["stableCount"], p["maxSubflows"], p["deltaDdt"])
                for p in resp} == {(0.15, 5, 4, 0.15)}
        f = 1 if scale == "paper" else 10
        assert sorted({(p["monitorInterval"], p["deltaDgt"]) for p in resp}) == sorted(
            [(f"{2 * f}ms", 0.15), (f"{4 * f}ms", 0.25), (f"{8 * f}ms", 0.35)])
        others = sorted((p.get("controller", "none"), p["subflows"]) for p in grid
                        if p.get("controller") != "responsive")
        assert others == sorted([("none", 4), ("none", 2), ("hedera", 1)] * 3)
        assert {p["hederaInterval"] for p in grid if p.get("controller") == "hedera"} == {0.1}
        assert {p["linkRate"] for p in grid} == {"1Gbps" if f == 1 else "100Mbps"}
        # The configurations are the same in every workload.
        assert [config_key(p) for p in grid[:6]] == [config_key(p) for p in grid[6:12]] == \
            [config_key(p) for p in grid[12:]]
    paper, small, scaled = grids["paper"], grids["small"], grids["scaled"]
    assert {p["k"] for p in paper} == {p["k"] for p in scaled} == {8}
    assert {p["k"] for p in small} == {4}
    # The paper's setting, literally.
    rnd, perm, shf = paper[0], paper[6], paper[12]
    assert (rnd["flows"], rnd["flowSizeMin"], rnd["flowSizeMax"], rnd["maxFlowsPerReceiver"]) \
        == (500, 32_000_000, 400_000_000, 4)
    assert (perm["flowSizeMin"], perm["flowSizeMax"]) == (64_000_000, 512_000_000)
    assert (shf["shuffleJobs"], shf["reducers"], shf["mappers"], shf["shuffleRequest"],
            shf["shuffleResponse"], shf["flowSizeMin"], shf["flowSizeMax"]) == \
        (30, 8, 8, 2048, 16_000_000, 32_000_000, 400_000_000)
    assert 0 < shf["backgroundFraction"] < 1
    # Factor 10, point by point: sizes /10, t_m x10; the counts of the small scale.
    sizes = ("flowSizeMin", "flowSizeMax", "shuffleRequest", "shuffleResponse")
    for a, b, c in zip(paper, small, scaled):
        assert config_key(a) == config_key(b) == config_key(c)
        assert a["workload"] == b["workload"] == c["workload"]
        for name in sizes:
            assert (name in a) == (name in b) == (name in c)
            if name in a:
                assert b[name] == c[name] == round(a[name] / 10), name
        if "monitorInterval" in a:
            tm = float(a["monitorInterval"][:-2])
            assert b["monitorInterval"] == c["monitorInterval"] == f"{tm * 10:g}ms"
        for name in ("flows", "shuffleJobs", "reducers", "mappers"):
            if name in a:
                assert c[name] == a[name]
        # Not scaled: delays, ECN threshold, Hedera, the monitor's other parameters.
        for name in ("edgeDelay", "aggDelay", "coreDelay", "ecnThreshold", "hederaInterval",
                     "deltaDgt", "backgroundFraction", "maxFlowsPerReceiver"):
            assert a.get(name) == b.get(name) == c.get(name), name
    assert (small[0]["flows"], small[12]["shuffleJobs"], small[12]["reducers"],
            small[12]["mappers"]) == (60, 10, 4, 4)


def test_all_figures_run_and_plot(all_small):
    d, r, log = all_small
    assert r.returncode == 0, r.stderr[-3000:]
    summary = json.loads(r.stdout.splitlines()[-1])
    assert summary["failed"] == 0 and summary["plot_errors"] == []
    # No point is shared between sweeps (fig9's TCP point has fig12's 16 MB buffers, fig2's the
    # default), so every point runs.
    n_points = sum(len(pts) for pts in {f.sweep_name: f.grid("small")
                                        for f in reproduce.FIGURES.values()}.values())
    assert summary["ok"] + summary["skipped"] == n_points
    assert len(log_lines(log)) == summary["ok"]
    assert summary["skipped"] == 0
    names = {os.path.basename(p) for p in summary["plots"]}
    for fig in FIGS:
        assert any(n.startswith(fig + "-") for n in names), fig
    assert "fig11-hotspot-flows.png" in names
    assert {"responsive-table1-table.png", "responsive-fig5-random-permutation.png",
            "responsive-fig6-shuffle.png"} <= names
    for p in summary["plots"]:
        with open(p, "rb") as f:
            assert f.read(8) == PNG_MAGIC
        assert os.path.getsize(p) > 5000


def table_after(text, header):
    return text.split(header, 1)[1]


def test_figure_tables_show_the_database_values(all_small):
    d, r, _ = all_small
    out = r.stdout
    con = sqlite3.connect(str(d / "r.db"))
    # Fig. 2: the TCP bar is runs.optimal_pct of the TCP run of the fattree sweep.
    tcp = con.execute("SELECT optimal_pct FROM runs WHERE label='fattree-small' AND "
                      "transport='tcp'").fetchone()[0]
    m = re.search(r"^TCP\s+1\s+1\s+([\d.]+)", table_after(out, "== fig2"), re.M)
    assert float(m[1]) == pytest.approx(tcp, abs=0.006)
    # Fig. 12: long-flow goodput from workload_runs (fake: optimal_pct / 2 Mb/s) beside the
    # paper's numbers.
    sec = table_after(out, "== fig12")
    for name, mbps, paper in (("TCP", 22.5, 28), ("MPTCP", 46.9, 47), ("EWTCP", 44.4, 43),
                              ("UNCOUPLED", 46.9, 49)):
        m = re.search(rf"^{name}\s+1\s+40\s+40\s+[\d.]+\s+[\d.]+\s+([\d.]+)\s+(\d+)\s+-\s+-$", sec,
                      re.M)
        assert m, (name, sec[:800])
        assert (float(m[1]), int(m[2])) == (mbps, paper)
    # Fig. 7: the ratio is MPTCP / TCP aggregate goodput of the same load.
    rows = {}
    for cph, tr, gp in con.execute("SELECT json_extract(params_json, '$.connectionsPerHost'), "
                                   "transport, aggregate_goodput_bps FROM runs "
                                   "WHERE label='load-small'"):
        rows[(float(cph), tr)] = gp
    sec = table_after(out, "== fig7")
    m = re.search(r"^\s+0.25\s+([\d.]+)\s+-\s+([\d.]+)\s+-\s+([\d.]+)\s+-\s+1$", sec, re.M)
    assert m, sec[:800]
    assert float(m[3]) == pytest.approx(rows[(0.25, "mptcp")] / rows[(0.25, "tcp")], abs=0.001)
    # Fig. 17: the fake's transfer times (TCP 1e-4 + n * 11.2 us) in ms.
    sec = table_after(out, "== fig17")
    m = re.search(r"^\s+1000\s+([\d.]+)\s+([\d.]+)", sec, re.M)
    assert float(m[1]) == pytest.approx(1e3 * (1e-4 + 1000 * 1400 * 8 / 1e9), abs=0.001)
    # Fig. 11: the flows of the hot-spot run with a hotspot_flows row, against the same flow
    # ids of the fig9 run with the same RngRun (the fake: every 8th flow crosses).
    sec = table_after(out, "flows through the hot spot")
    for name, where in (("PACKETSCATTER", "transport='packetscatter'"),
                        ("MPTCP", "transport='mptcp' AND cc='lia'")):
        hot, base = (con.execute(f"SELECT run_id FROM runs WHERE label=? AND {where} AND "
                                 "rng_run=1", (label,)).fetchone()[0]
                     for label in ("hotspot-small", "algorithms-small"))
        crossing = {f for (f,) in con.execute("SELECT flow_id FROM hotspot_flows WHERE "
                                              "run_id=?", (hot,))}
        assert crossing and con.execute("SELECT COUNT(*) FROM hotspot_flows WHERE run_id=?",
                                        (base,)).fetchone()[0] == 0

        def goodput(rid, inside):
            vals = [g for f, g in con.execute("SELECT flow_id, goodput_bps FROM flows WHERE "
                                              "run_id=?", (rid,)) if (f in crossing) == inside]
            return sum(vals) / len(vals)
        m = re.search(rf"^{name}\s+1\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+-$", sec, re.M)
        assert m, sec[:800]
        assert float(m[1]) == len(crossing)
        assert float(m[2]) == pytest.approx(goodput(hot, True) / goodput(base, True), abs=6e-4)
        assert float(m[3]) == pytest.approx(goodput(hot, False) / goodput(base, False),
                                            abs=6e-4)
    # Host-limited table: the change of the network-limited flows' goodput (flow ids 0..15 of
    # the 16 hosts; the fake appends the host-limited ones as 16..31) against the run without.
    def nl_goodput(where):
        rid = con.execute(f"SELECT run_id FROM runs WHERE label='hostlimited-small' AND {where}"
                          ).fetchone()[0]
        n = con.execute("SELECT COUNT(*) FROM flows WHERE run_id=?", (rid,)).fetchone()[0]
        return n, con.execute("SELECT SUM(goodput_bps) FROM flows WHERE run_id=? AND "
                              "flow_id < 16", (rid,)).fetchone()[0]
    hedera10 = ("json_extract(params_json, '$.hederaThreshold') IN (0.1, '0.1') AND "
                "json_extract(params_json, '$.hostLimitedRate') ")
    n0, base = nl_goodput(hedera10 + "IS NULL")
    n1, over = nl_goodput(hedera10 + "= '12000kbps'")
    n2, under = nl_goodput(hedera10 + "= '8000kbps'")
    assert (n0, n1, n2) == (16, 32, 32)
    sec = table_after(out, "== hostlimited")
    m = re.search(r"^\s+10%\s+([\d.]+)\s+([-+\d.]+)\s+([-+\d.]+)\s+-17\s+-21\s", sec, re.M)
    assert m, sec[:800]
    assert float(m[1]) == pytest.approx(base / 1e6, abs=0.06)
    assert float(m[2]) == pytest.approx(100 * (over / base - 1), abs=0.06)
    assert float(m[3]) == pytest.approx(100 * (under / base - 1), abs=0.06)
    # Fig. 6: the model columns are load_variance's values.
    sec = table_after(out, "== fig6")
    m = re.search(r"^\s+4\s+8\s+([\d.]+)\s+([\d.]+)", sec, re.M)
    assert float(m[1]) == pytest.approx(load_variance.variance_pod(4, 8), abs=1e-4)
    assert float(m[2]) == pytest.approx(load_variance.variance_core(4, 8), abs=1e-4)
    con.close()


def responsive_run(con, workload, where):
    """run_id of the small responsive sweep's run of a workload and configuration (the fake
    stores its options as strings in params_json)."""
    rows = con.execute("SELECT run_id FROM runs WHERE label = 'responsive-small' AND "
                       "json_extract(params_json, '$.workload') = ? AND " + where,
                       (workload,)).fetchall()
    assert len(rows) == 1, (workload, where)
    return rows[0][0]


def table_row(section, config, n):
    """The n numbers after a configuration's label on its row of a printed table."""
    m = re.search(rf"^{re.escape(config)}((?:\s+[-+\d.]+){{{n}}})\s*$", section, re.M)
    assert m, (config, section[:1500])
    return [float(v) if v != "-" else None for v in m[1].split()]


def test_responsive_table_shows_the_database_values(all_small):
    """Table I's rows against flow_subflows and shuffle_jobs read by hand: NS = mean subflows
    of every measured flow, TP = mean throughput of the completed ones (the fake leaves the last
    random flow incomplete), JCT = mean of the completed jobs (the fake leaves the last one
    open), and the paper's numbers beside them."""
    d, r, _ = all_small
    out = r.stdout
    con = sqlite3.connect(str(d / "r.db"))
    sec = table_after(out, "== responsive-table1").split("\n== ", 1)[0]
    assert "scale factor 10 of the paper's k=8 (128 hosts), 1 Gb/s" in sec
    assert "k=4 (16 hosts), 100 Mb/s" in sec
    rnd = table_after(sec, "Table I, random").split("Table I, permutation")[0]
    perm = table_after(sec, "Table I, permutation").split("Table I, shuffle")[0]
    shf = table_after(sec, "Table I, shuffle")

    def ns_tp(rid):
        ns = [n for (n,) in con.execute("SELECT subflows FROM flow_subflows WHERE run_id = ?",
                                        (rid,))]
        tp = [t for (t,) in con.execute("SELECT throughput_bps FROM flow_subflows WHERE "
                                        "run_id = ? AND throughput_bps IS NOT NULL", (rid,))]
        return ns, tp

    # random, responsive (t_m 4 ms x10, delta_DGT 0.25): 60 flows, 59 completed
    rid = responsive_run(con, "random-closed-loop", "json_extract(params_json, "
                         "'$.monitorInterval') = '40ms'")
    ns, tp = ns_tp(rid)
    assert (len(ns), len(tp)) == (60, 59)
    runs, flows, done, our_ns, paper_ns, mbps, x10, paper_tp, ci, d, dci = table_row(
        rnd, "resp(4ms,0.25)", 11)
    assert ci is None and dci is None  # one run: no interval
    rid4 = responsive_run(con, "random-closed-loop", "json_extract(params_json, "
                          "'$.subflows') = '4'")
    assert d == pytest.approx(sum(tp) / 59 / 1e6 - (lambda t: sum(t) / len(t) / 1e6)(
        ns_tp(rid4)[1]), abs=0.06)
    assert (runs, flows, done) == (1, 60, 59)
    assert our_ns == pytest.approx(sum(ns) / 60, abs=0.006)
    assert mbps == pytest.approx(sum(tp) / 59 / 1e6, abs=0.06)
    assert x10 == pytest.approx(10 * sum(tp) / 59 / 1e6, abs=0.06)
    assert (paper_ns, paper_tp) == (3.40, 513)
    # permutation, 4 subflows + ECMP: one flow per host
    rid = responsive_run(con, "permutation-finite", "json_extract(params_json, "
                         "'$.subflows') = '4'")
    ns, tp = ns_tp(rid)
    vals = table_row(perm, "ECMP-4sf", 11)
    assert vals[8:] == [None, None, None]  # one run: no interval; no difference to itself
    assert vals[:3] == [1, 16, 16] and vals[3] == 4.0 and vals[4] == 4
    assert vals[5] == pytest.approx(sum(tp) / 16 / 1e6, abs=0.06)
    assert vals[7] == 734
    # shuffle, 1 subflow + Hedera: 10 jobs, 9 completed, 4 x 1.6 MB at 100 Mb/s = 512 ms ideal
    rid = responsive_run(con, "shuffle", "json_extract(params_json, '$.controller') = "
                         "'hedera'")
    jct = [j for (j,) in con.execute("SELECT jct_s FROM shuffle_jobs WHERE run_id = ? AND "
                                     "completed = 1", (rid,))]
    ns, tp = ns_tp(rid)
    assert len(jct) == 9 and len(ns) == 40
    runs, jobs, done, ms, ratio, paper_ms, paper_ratio, our_ns, paper_ns, mbps, x10, ci, d, \
        dci = table_row(shf, "Hedera-1sf", 14)
    rid4 = responsive_run(con, "shuffle", "json_extract(params_json, '$.subflows') = '4'")
    jct4 = [j for (j,) in con.execute("SELECT jct_s FROM shuffle_jobs WHERE run_id = ? AND "
                                      "completed = 1", (rid4,))]
    assert d == pytest.approx(1e3 * (sum(jct) / len(jct) - sum(jct4) / len(jct4)), abs=0.06)
    assert (runs, jobs, done) == (1, 10, 9)
    assert ms == pytest.approx(1e3 * sum(jct) / 9, abs=0.06)
    assert ratio == pytest.approx(sum(jct) / 9 / (4 * 1_600_000 * 8 / 100e6), abs=6e-4)
    assert (paper_ms, our_ns, paper_ns) == (1652, 1.0, 1.0)
    assert paper_ratio == pytest.approx(1652 / 1024, abs=6e-4)
    assert mbps == pytest.approx(sum(tp) / 40 / 1e6, abs=0.06)
    # Control traffic per server of a responsive run: control_servers over its last delivery.
    ctl = {}
    for w in ("random-closed-loop", "permutation-finite", "shuffle"):
        rid = responsive_run(con, w, "json_extract(params_json, '$.monitorInterval') = '20ms'")
        b, n = con.execute("SELECT SUM(control_bytes), COUNT(*) FROM control_servers WHERE "
                           "run_id = ?", (rid,)).fetchone()
        end = con.execute("SELECT MAX(last_rx_s) FROM short_flows WHERE run_id = ?",
                          (rid,)).fetchone()[0]
        ctl[w] = b * 8 / end / n
    m = re.search(r"resp\(2ms,0\.15\) ([\d.]+) kb/s", sec)
    assert float(m[1]) == pytest.approx(sum(ctl.values()) / 3 / 1e3, abs=0.006)
    # Figs. 5 and 6: the NS shares and the JCT percentiles of the same rows.
    sec5 = table_after(out, "== responsive-fig5").split("\n== ", 1)[0]
    rid = responsive_run(con, "random-closed-loop", "json_extract(params_json, "
                         "'$.monitorInterval') = '80ms'")
    ns, _ = ns_tp(rid)
    row = table_row(table_after(sec5, "Fig. 5, random"), "resp(8ms,0.35)", 8)
    assert row[0] == 60
    assert row[1:5] == [pytest.approx(100 * ns.count(i) / 60, abs=0.06) for i in (1, 2, 3, 4)]
    sec6 = table_after(out, "== responsive-fig6").split("\n== ", 1)[0]
    row = table_row(sec6, "Hedera-1sf", 11)
    assert row[:5] == [40, 100.0, 0.0, 0.0, 0.0]
    assert row[9] == pytest.approx(1e3 * sorted(jct)[4], abs=0.06)  # the median of 9
    con.close()


def test_responsive_scaled_scale_and_its_limits(tmp_path):
    """--scale scaled: the 128 hosts at factor 10, for the responsive figures only."""
    r = cli("responsive-fig6", "--scale", "scaled", "--dry-run", "--db", str(tmp_path / "r.db"))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 18
    assert all("--k=8 " in ln and "--linkRate=100Mbps " in ln and
               "--label=responsive-scaled" in ln for ln in lines)
    assert sum("--monitorInterval=80ms " in ln for ln in lines) == 3
    buf = io.StringIO()
    assert reproduce.main(["list", "--scale", "scaled"], stream=buf) == 0
    assert [ln.split()[0] for ln in buf.getvalue().splitlines()[1:]] == RESPONSIVE_FIGS
    assert not (tmp_path / "r.db").exists()


def test_rerun_skips_done_points_and_plot_only(all_small):
    d, _, log = all_small
    n = len(log_lines(log))
    args = ["--bin-dir", str(d / "bin"), "--db", str(d / "r.db"), "--out", str(d / "out2")]
    r = cli("fig9", *args, env_extra=dict(FAKE_LOG=log))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.splitlines()[-1])["skipped"] == 5
    assert len(log_lines(log)) == n
    assert os.path.exists(d / "out2" / "fig9-flow-rank.png")
    r = cli("fig10", "--plot-only", *args)
    assert r.returncode == 0, r.stderr
    big = d / "out2" / "fig10-link-loss.png"
    assert os.path.exists(big)
    # --dpi redraws smaller (the figures of doc/figures/), the same tables on stdout.
    r2 = cli("fig10", "--plot-only", "--dpi", "50", *args[:-1], str(d / "out3"))
    assert r2.returncode == 0, r2.stderr
    small = d / "out3" / "fig10-link-loss.png"
    assert 0 < os.path.getsize(small) < os.path.getsize(big) / 2
    assert r2.stdout.replace("out3", "out2") == r.stdout
    # Dry run: every command, marked as done.
    r = cli("fig2", "--dry-run", *args)
    lines = r.stdout.splitlines()
    assert len(lines) == 18 and all(ln.startswith("# done: ") for ln in lines)


def test_dry_run_set_and_only(tmp_path):
    r = cli("fig2", "--dry-run", "--db", str(tmp_path / "r.db"), "--set", "duration=2",
            "--set", "queue=50", "--only", "transport=tcp", "--only", "k=4", "--runs", "1-2")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0] == (f"build/mptcp-fattree --duration=2 --warmup=0.3 --quiet=true --k=4 "
                        f"--transport=tcp --queue=50 --RngRun=1 --db={tmp_path}/r.db "
                        "--label=fattree-small")
    assert not (tmp_path / "r.db").exists()


@pytest.mark.parametrize("args,words", [
    (["fig14"], "unknown figure 'fig14'"),
    (["fig2", "--set", "bogus=1"], "unknown parameter 'bogus'"),
    (["fig17", "--set", "hotspot=1"], "unknown parameter 'hotspot'"),
    (["fig2", "--set", "db=x.db"], "parameter 'db' is set by"),
    (["fig2", "--only", "subflows=99"], "empty grid"),
    (["fig2", "--set", "novalue"], "is not NAME=VALUE"),
    (["fig2", "--scale", "scaled"], "fig2 has no scale 'scaled'"),
    (["responsive-table1", "--set", "shuffleJob=3"], "unknown parameter 'shuffleJob'"),
])
def test_bad_input_exits_2_with_one_line(tmp_path, args, words):
    r = cli(*args, "--db", str(tmp_path / "r.db"), "--out", str(tmp_path / "out"))
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mptcp-ns3 reproduce: error: ") and \
        words in lines[0], \
        r.stderr
    assert not (tmp_path / "r.db").exists() and not (tmp_path / "out").exists()


def test_incompatible_database_rejected(tmp_path):
    install_fake(str(tmp_path / "bin"))
    db = tmp_path / "r.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE sweep_meta (key TEXT PRIMARY KEY, value TEXT)")
    con.execute("INSERT INTO sweep_meta VALUES ('schema_version', '7')")
    con.commit()
    con.close()
    before = db.read_bytes()
    for extra in ([], ["--plot-only"]):
        r = cli("fig17", "--bin-dir", str(tmp_path / "bin"), "--db", str(db), *extra)
        assert r.returncode == 2
        assert len(r.stderr.strip().splitlines()) == 1 and "schema version 7" in r.stderr
        assert db.read_bytes() == before


def test_plot_only_without_results(tmp_path):
    r = cli("fig2", "--plot-only", "--db", str(tmp_path / "none.db"))
    assert r.returncode == 1
    assert "does not exist" in r.stderr
    assert not (tmp_path / "none.db").exists()


def test_list():
    buf = io.StringIO()
    assert reproduce.main(["list", "--runs", "1-3"], stream=buf) == 0
    lines = buf.getvalue().splitlines()[1:]
    assert [ln.split()[0] for ln in lines] == FIGS
    counts = {ln.split()[0]: int(ln.split()[1]) for ln in lines}
    assert counts["fig2"] == 54 and counts["fig9"] == 15 and counts["fig17"] == 6
    assert counts["responsive-table1"] == counts["responsive-fig6"] == 54


# --- Fig. 6 model -------------------------------------------------------------------------------

def test_load_variance_by_hand():
    # k=4: n0 = 16 hosts, n1 = 4 per pod, n2 = 2 per rack.
    # E_p = 1 - 2/4 = 0.5; m=1: V_p = 0.5 (0 + 1 + (1/2)(1 - 1/15) - 0.5) = 0.5 (0.5 + 7/15)
    assert load_variance.expected_pod(4) == 0.5
    assert load_variance.variance_pod(4, 1) == pytest.approx(0.5 * (0.5 + 7 / 15))
    # m=2: (1/(2*2) + 1/2) = 0.75 -> 0.5 (0.75 + 7/15 - 0.5)
    assert load_variance.variance_pod(4, 2) == pytest.approx(0.5 * (0.25 + 7 / 15))
    # E_c = 1 - 4/16 = 0.75; m=1: V_c = 0.75 (1 + (3/4)(1 - 3/15) - 0.75) = 0.75 * 0.85
    assert load_variance.expected_core(4) == 0.75
    assert load_variance.variance_core(4, 1) == pytest.approx(0.6375)
    # k=8, m=8: n0 = 128, n2 = 4, E_p = 0.75:
    # 0.75 (7/32 + 1/8 + (3/4)(124/127) - 0.75)
    assert load_variance.variance_pod(8, 8) == pytest.approx(
        0.75 * (7 / 32 + 1 / 8 + 0.75 * 124 / 127 - 0.75))
    # More subflows never increase the variance; the paper's Fig. 6 flattens above 8.
    for k in (4, 8, 16, 32):
        v = [load_variance.variance_pod(k, m) for m in range(1, 17)]
        assert all(a > b for a, b in zip(v, v[1:]))
        assert v[7] - v[15] < 0.1 * v[0]
    for bad in ((3, 1), (0, 1)):
        with pytest.raises(ValueError):
            load_variance.variance_pod(*bad)
    with pytest.raises(ValueError):
        load_variance.variance_core(4, 0)


def test_paired_difference_by_hand():
    """Fig. 13's paired column: differences per RngRun 2, 3, 1 (RngRun 4 is in one series only):
    mean 2, sample sd 1, t(0.975, 2) = 4.303, half-width 4.303 / sqrt(3)."""
    from mptcp_ns3.common import paired_difference
    d, h, n = paired_difference({1: 10.0, 2: 20.0, 3: 30.0}, {1: 8.0, 2: 17.0, 3: 29.0, 4: 99.0})
    assert n == 3 and d == pytest.approx(2.0) and h == pytest.approx(4.303 / 3 ** 0.5)
    d, h, n = paired_difference({1: 5.0}, {2: 5.0})
    assert n == 0 and math.isnan(d) and math.isnan(h)
    d, h, n = paired_difference({1: 5.0}, {1: 4.0})
    assert (n, d) == (1, 1.0) and math.isnan(h)


def test_paired_ratio_by_hand():
    """Figs. 7, 8 and 16: ratios per RngRun 1.2, 1.5, 1.8 (RngRun 4 is in one series only, RngRun
    5's base is zero and left out): mean 1.5, sample sd 0.3, half-width 4.303 * 0.3 / sqrt(3)."""
    from mptcp_ns3.common import paired_ratio
    q, h, n = paired_ratio({1: 12.0, 2: 30.0, 3: 9.0, 5: 1.0},
                           {1: 10.0, 2: 20.0, 3: 5.0, 4: 7.0, 5: 0.0})
    assert n == 3 and q == pytest.approx(1.5) and h == pytest.approx(4.303 * 0.3 / 3 ** 0.5)
    q, h, n = paired_ratio({1: 3.0}, {1: 2.0})
    assert (n, q) == (1, 1.5) and math.isnan(h)
    q, h, n = paired_ratio({1: 3.0}, {2: 2.0})
    assert n == 0 and math.isnan(q)
