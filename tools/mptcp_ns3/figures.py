# SPDX-License-Identifier: GPL-2.0-only
"""``mptcp-ns3 reproduce``: reproduce a figure of Raiciu et al., SIGCOMM 2011 (seed 000), or of
Duan, Wang, Wu, ICC 2015 (seed 004, the responsive-* entries): run its grid, plot, compare. The
figure registry (:data:`FIGURES`).

  tools/mptcp-ns3 reproduce FIGURE [--scale small|paper|scaled] [--runs 1-3] [--jobs N]
      [--db results/reproduction.db] [--out results/] [--set name=value ...]
      [--only name=v1,v2 ...] [--dry-run] [--plot-only] [--dpi N]

FIGURE is one of fig2 fig3 fig4 fig5 fig6 fig7 fig8 fig9 fig10 fig11 fig12 fig13 hostlimited
fig15 fig16 fig17 responsive-table1 responsive-fig5 responsive-fig6, 'all', or 'list' (each
figure, its setting and its number of points). The scale 'scaled' (k=8 at seed 004's factor 10)
exists for the responsive-* figures only; 'all' and 'list' with it take those. A figure is a
grid of options of build/mptcp-fattree or build/mptcp-file-transfer (run through sweep.py, so a
rerun only runs the points not yet done), a plot drawn from the database only
(results/figN-*.png) and a table of our numbers beside the paper's on stdout. Figures that share
runs (2, 3 and 6; 9 and 10; the three responsive-*) share their points. The settings of each
scale are in doc/reproduction.rst. The last stdout line is a JSON summary. Exit status 0: done;
1: some run or plot failed; 2: unknown figure or scale of it, unknown --set name, empty grid or
incompatible database.
"""

import json
import math
import os
import shlex
import sqlite3
import statistics
import sys

from . import load_variance, responsive_figures, schema, sdn_figures, sweep
from .options import program_options
from .common import (ArgumentParser, BadInput, PlotError, ci95, ci_text, error, int_list, mean,
                     mean_ci, norm_value, paired_difference, paired_ratio, parse_value,
                     percentile, pyplot, save_figure)
from . import reference
from .plots import fattree as fattree_plots
from .schema import require_table

PROG = "mptcp-ns3 reproduce"
DPI = 130  # of the figures drawn here; fattree_plots' own (Figs. 2, 3, 4) draw at 150
FATTREE = "mptcp-fattree"
FILE_TRANSFER = "mptcp-file-transfer"
MANAGED = {"db": "--db", "label": "the sweep name", "RngRun": "--runs"}
SCALES = ("small", "paper")  # of every figure; the responsive-* ones also have "scaled"
FIG17_PACKETS = "1,2,5,10,20,50,100,150,200,500,1000"

# The algorithms of Figs. 9-12 (seed 000 §4.3.5); MPTCP ones with 8 subflows.
ALGORITHMS = [
    ("TCP", dict(transport="tcp")),
    ("MPTCP", dict(transport="mptcp", cc="lia", subflows=8)),
    ("EWTCP", dict(transport="mptcp", cc="ewtcp", subflows=8)),
    ("UNCOUPLED", dict(transport="mptcp", cc="uncoupled", subflows=8)),
    ("PACKETSCATTER", dict(transport="packetscatter")),
]
PAPER_FIG12_MBPS = {"TCP": 28, "EWTCP": 43, "MPTCP": 47, "UNCOUPLED": 49}
# htsim, the paper's simulator, has no receive window (sdyy1990/htsimMPTCP sim/tcp.cpp: the sink
# accepts everything). The algorithm comparisons (Figs. 9-12) run with 16 MB buffers, which
# never fill, because a 1 MB connection-level window fills behind a subflow held up by the hot
# spot (Fig. 11) and changes Fig. 12's order (doc/reproduction.rst); ``--set buffer=1048576``
# gives mptcp-fattree's default.
HTSIM_RECEIVER = dict(buffer=16 * 1024 * 1024)


def base(scale):
    """Options common to the long-flow runs of a scale."""
    if scale == "small":
        return dict(duration=1.0, warmup=0.3, quiet=True)
    return dict(duration=3.0, warmup=1.0, quiet=True)


def transports_1_to_8():
    return [dict(transport="tcp")] + [dict(transport="mptcp", subflows=s) for s in range(1, 9)]


def tree_4to1(scale):
    """The 4:1 oversubscribed FatTree (hosts per ToR = 4 x uplinks)."""
    return dict(k=4, hostsPerTor=8) if scale == "small" else dict(k=8, hostsPerTor=16)


def dhft_size(scale):
    """(k, hosts per ToR pair, hosts) of the DHFT; the perfect switch gets the same hosts."""
    k, h = (4, 2) if scale == "small" else (12, 8)
    return k, h, k * (k // 2) * h


def cross(*lists):
    out = [{}]
    for lst in lists:
        out = [dict(a, **b) for a in out for b in lst]
    return out


# --- grids (without RngRun) ---------------------------------------------------------------------

def grid_fattree(scale):
    ks = [4, 8] if scale == "small" else [4, 8, 12]
    return cross([base(scale)], [dict(k=k) for k in ks], transports_1_to_8())


def grid_vl2(scale):
    """VL2 with 20 hosts per ToR (the helper's default: 20 x 100 Mb/s below, 2 x 1 Gb/s above,
    full bisection): 80 hosts with k=4 (D_A = D_I = 4), 320 with k=8."""
    size = dict(k=4 if scale == "small" else 8, hostsPerTor=20)
    return cross([base(scale)], [dict(topology="vl2", **size)], transports_1_to_8())


def grid_load(scale):
    cph = [0.1, 0.25, 0.5, 1, 2, 4] + ([] if scale == "small" else [10])
    return cross([base(scale)], [tree_4to1(scale)],
                 [dict(transport="tcp"), dict(transport="mptcp", subflows=4)],
                 [dict(connectionsPerHost=c) for c in cph])


def grid_locality(scale):
    fr = [0, 0.25, 0.5, 0.75, 1] if scale == "small" else [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6,
                                                             0.7, 0.8, 0.9, 1]
    return cross([base(scale)], [dict(tree_4to1(scale), matrix="random")],
                 [dict(transport="tcp"), dict(transport="mptcp", subflows=4)],
                 [dict(localFraction=f) for f in fr])


def grid_algorithms(scale, hotspot=0):
    size = dict(k=4) if scale == "small" else dict(k=8)
    if hotspot:
        size["hotspot"] = hotspot
    return cross([base(scale)], [dict(size, **HTSIM_RECEIVER)], [a for _, a in ALGORITHMS])


def grid_mix(scale):
    tree = tree_4to1(scale)
    hosts = tree["k"] * (tree["k"] // 2) * tree["hostsPerTor"]
    dur = dict(duration=2.0, warmup=0.5) if scale == "small" else dict(duration=5.0, warmup=1.0)
    mix = dict(workload="mix", longFlowFraction=0.33, shortTransport="tcp",
               shortFlowSize=70000, shortFlowRate=hosts * 5, quiet=True, **tree, **dur,
               **HTSIM_RECEIVER)
    return cross([mix], [a for name, a in ALGORITHMS if name != "PACKETSCATTER"])


def dhft_series(scale):
    k, h, hosts = dhft_size(scale)
    return [dict(topology="dhft", k=k, hostsPerTor=h, transport="tcp"),
            dict(topology="dhft", k=k, hostsPerTor=h, transport="mptcp", subflows=8),
            dict(topology="perfect", hosts=hosts, transport="tcp")]


def grid_dhft_locality(scale):
    fr = [0, 0.25, 0.5, 0.75, 1] if scale == "small" else [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6,
                                                             0.7, 0.8, 0.9, 1]
    # The perfect switch is one rack: locality does not apply, one run gives its flat line.
    dhft, perfect = dhft_series(scale)[:2], dhft_series(scale)[2:]
    return (cross([base(scale)], dhft, [dict(localFraction=f) for f in fr]) +
            cross([base(scale)], perfect))


def grid_dhft_load(scale):
    cph = [0.25, 0.5, 1, 2, 4] if scale == "small" else [0.1, 0.25, 0.5, 1, 2, 4, 8]
    return cross([base(scale)], [dict(matrix="random")], dhft_series(scale),
                 [dict(connectionsPerHost=c) for c in cph])


def grid_file_transfer(scale):
    return [dict(transport=t, packets=FIG17_PACKETS) for t in ("tcp", "mptcp")]


# --- reading the database -----------------------------------------------------------------------

class Ctx:
    """What a plot function gets: the figure, its finished points and where to write."""

    def __init__(self, fig, con, rows, out, scale, stream, dpi=None):
        self.fig, self.con, self.rows, self.out, self.scale, self.stream = \
            fig, con, rows, out, scale, stream
        self.dpi = dpi  # None: each plot's own resolution

    def say(self, *a):
        print(*a, file=self.stream)

    def path(self, suffix):
        return os.path.join(self.out, f"{self.fig.name}-{suffix}.png")

    def save(self, fig, suffix):
        """Write a matplotlib figure as OUT/figN-SUFFIX.png; returns the path."""
        return save_figure(fig, self.path(suffix), self.dpi or DPI)


def finished(con, program, points):
    """[(params, runs row as dict)] of the points with an 'ok' sweep_points row."""
    tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "sweep_points" not in tables or "runs" not in tables:
        return []
    out = []
    for i, rid in sorted(sweep.ok_runs(con, program, points).items()):
        row = con.execute("SELECT * FROM runs WHERE run_id = ?", (rid,)).fetchone()
        if row is not None:
            out.append((points[i], dict(row)))
    return out


def series_of(p):
    t = str(p.get("transport", "mptcp")).lower()
    if t == "tcp":
        return "TCP"
    if t in ("packetscatter", "ps"):
        return "PACKETSCATTER"
    cc = str(p.get("cc", "lia")).lower()
    return {"lia": "MPTCP", "ewtcp": "EWTCP", "uncoupled": "UNCOUPLED"}.get(cc, cc.upper())


def group(rows, key):
    out = {}
    for p, r in rows:
        out.setdefault(key(p, r), []).append((p, r))
    return out


def flow_goodputs_mbps(con, run_ids):
    if not run_ids:
        return []
    marks = ",".join("?" * len(run_ids))
    return sorted(r[0] / 1e6 for r in con.execute(
        f"SELECT goodput_bps FROM flows WHERE run_id IN ({marks}) AND goodput_bps IS NOT NULL",
        list(run_ids)))


def line_axes(ctx, title, xlabel, ylabel, figsize=(6.4, 4.2)):
    """A figure with one set of axes: its labels, the title with the scale, a dotted grid."""
    fig, ax = pyplot().subplots(figsize=figsize)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(f"{title} ({ctx.scale} scale)", fontsize=9)
    ax.grid(linestyle=":", linewidth=0.5)
    return fig, ax


def plot_ranked(ctx, series, title, ylabel, suffix, ax=None):
    """Ranked values (lowest first) of several series, x scaled to 0..1; drawn in ax, or
    written as OUT/figN-SUFFIX.png (returns its path) when ax is None."""
    plt = pyplot()
    own = ax is None
    if own:
        fig, ax = plt.subplots(figsize=(6.6, 4.2))
    for label, vals in series:
        if vals:
            xs = [(i + 1) / len(vals) for i in range(len(vals))]
            ax.plot(xs, vals, label=f"{label} ({len(vals)})", linewidth=1.3)
    ax.set_xlabel("rank (fraction of flows or links)")
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=9)
    ax.grid(linestyle=":", linewidth=0.5)
    ax.legend(fontsize=7)
    if own:
        return ctx.save(fig, suffix)
    return None


# --- plots --------------------------------------------------------------------------------------

def split_tcp_mptcp(rows):
    tcp = [r for p, r in rows if series_of(p) == "TCP"]
    mp = [r for p, r in rows if p.get("transport") == "mptcp"]
    return tcp, mp


def plot_throughput_vs_subflows(ctx, topo_name):
    written = []
    for k, krows in sorted(group(ctx.rows, lambda p, r: p.get("k")).items()):
        tcp, mp = split_tcp_mptcp(krows)
        rows = fattree_plots.fig2_rows(tcp, mp)
        if not rows:
            continue
        hosts = krows[-1][1].get("hosts")
        title = f"{topo_name} k={k} ({hosts} hosts), permutation ({ctx.scale} scale)"
        ctx.say(f"{topo_name} k={k}:")
        fattree_plots.print_fig2(rows, ctx.stream, tcp + mp)
        path = ctx.path(f"k{k}-throughput")
        fattree_plots.plot_fig2(rows, {}, tcp + mp, path, title=title, dpi=ctx.dpi or 150)
        written.append(path)
    return written


def plot_fig2(ctx):
    written = plot_throughput_vs_subflows(ctx, "FatTree")
    ctx.say("paper (Fig. 2 left, k=8, htsim): TCP below 50 % of optimal; about 90 % needs 8 "
            "subflows (MPTCP-8 about 90 %); htsim rerun in the paper's setting: "
            + ", ".join(f"{'TCP' if k == 'TCP' else 'MPTCP-' + str(k)} {v}"
                        for k, v in reference.HTSIM_FIG2.items()))
    return written


def ranked_lines(ctx, krows, mp_subflows, per_run=None):
    """Fig. 3's lines (name, subflows, runs, pooled sorted values); fills PER_RUN (a dict) with
    {(name, subflows): [sorted values of each run]} when given."""
    tcp, mp = split_tcp_mptcp(krows)
    groups = []
    if tcp:
        groups.append(("TCP", 1, tcp))
    for sf in mp_subflows(sorted({r["subflows"] for r in mp})):
        groups.append(("MPTCP", sf, [r for r in mp if r["subflows"] == sf]))
    lines = []
    for name, sf, g in groups:
        ids = [r["run_id"] for r in g]
        lines.append((name, sf, len(g), sorted(fattree_plots.load_flow_pcts(ctx.con, ids))))
        if per_run is not None:
            per_run[(name, sf)] = list(fattree_plots.load_flow_pcts_by_run(ctx.con, ids).values())
    return [ln for ln in lines if ln[3]]


def plot_fig3(ctx):
    written = []
    for k, krows in sorted(group(ctx.rows, lambda p, r: p.get("k")).items()):
        per_run = {}
        lines = ranked_lines(ctx, krows, lambda sfs: sfs[-1:], per_run)
        if not lines:
            continue
        ctx.say(f"FatTree k={k}:")
        fattree_plots.print_fig3(lines, ctx.stream, False, per_run)
        path = ctx.path(f"k{k}-flow-rank")
        fattree_plots.plot_fig3(lines, {}, [r for _, r in krows], path,
                                title=f"FatTree k={k}, per-flow throughput ({ctx.scale} scale)",
                                dpi=ctx.dpi or 150, per_run=per_run)
        written.append(path)
    ctx.say("paper (Fig. 3, k=8): TCP: some flows below 10 %; MPTCP-8: most flows at least "
            "90 %, none below 50 %")
    return written


def plot_fig4(ctx):
    written = plot_throughput_vs_subflows(ctx, "VL2")
    ctx.say("paper (Fig. 4): VL2 gains less than FatTree; most of the gain with 2 subflows")
    return written


def plot_fig5(ctx):
    per_run = {}
    lines = ranked_lines(ctx, ctx.rows, lambda sfs: [s for s in sfs if s in (2, sfs[-1])],
                         per_run)
    if not lines:
        raise PlotError("no per-flow rows for the fig5 runs")
    fattree_plots.print_fig3(lines, ctx.stream, False, per_run)
    series = [("TCP" if n == "TCP" else f"MPTCP-{sf}", v) for n, sf, _, v in lines]
    path = plot_ranked(ctx, series, f"VL2, per-flow throughput ({ctx.scale} scale)",
                       "throughput (% of optimal)", "flow-rank")
    ctx.say("paper (Fig. 5): TCP on VL2 has high total but low fairness; 2 subflows bring most "
            "of the gain, more subflows improve fairness")
    return [path]


def link_variances(con, run_id):
    """{layer: population variance of the links' utilisation (both directions)}."""
    out = {}
    for layer in ("edge-aggregation", "aggregation-core"):
        u = [r[0] for r in con.execute("SELECT utilization FROM links WHERE run_id = ? AND "
                                       "layer = ? AND utilization IS NOT NULL", (run_id, layer))]
        if len(u) > 1:
            out[layer] = statistics.pvariance(u)
    return out


def plot_fig6(ctx):
    require_table(ctx.con, "links", "per-link statistics of mptcp-fattree")
    ms = list(range(1, 17))
    ks_model = (4, 8, 16, 32)
    measured = {}  # (k, m) -> {layer: [variances]}
    for p, r in ctx.rows:
        m = 1 if series_of(p) == "TCP" else int(p.get("subflows", 1))
        for layer, v in link_variances(ctx.con, r["run_id"]).items():
            measured.setdefault((p.get("k"), m), {}).setdefault(layer, []).append(v)
    ctx.say("Fig. 6: model V_p, V_c (weight per link, seed 000 §4.3.2) and measured variance of "
            "per-link utilisation (links table)")
    ctx.say(f"{'k':>3} {'m':>3} {'model V_p':>10} {'model V_c':>10} {'meas edge-agg':>14} "
            f"{'meas agg-core':>14} {'ci95':>6} {'ci95':>6} {'runs':>4}")
    for (k, m), d in sorted(measured.items()):
        ea, ac = d.get("edge-aggregation", []), d.get("aggregation-core", [])
        ctx.say(f"{k:>3} {m:>3} {load_variance.variance_pod(k, m):>10.4f} "
                f"{load_variance.variance_core(k, m):>10.4f} "
                f"{mean(ea):>14.4f} {mean(ac):>14.4f} {ci_text(ci95(ea), 4):>6} "
                f"{ci_text(ci95(ac), 4):>6} {max(len(ea), len(ac)):>4}")
    plt = pyplot()
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 4))
    for k in ks_model:
        a1.plot(ms, [load_variance.variance_pod(k, m) for m in ms], marker=".",
                label=f"V_p, k={k}")
    a1.set_xlabel("subflows m")
    a1.set_ylabel("variance of link weight")
    a1.set_title("model (seed 000 Fig. 6)", fontsize=9)
    a1.grid(linestyle=":", linewidth=0.5)
    a1.legend(fontsize=7)
    for k in sorted({k for k, _ in measured}):
        for layer, style in (("edge-aggregation", "-o"), ("aggregation-core", "--s")):
            pts = sorted((m, mean(d[layer])) for (kk, m), d in measured.items()
                         if kk == k and layer in d)
            if pts:
                a2.plot([m for m, _ in pts], [v for _, v in pts], style,
                        label=f"k={k} {layer}")
    a2.set_xlabel("subflows m (1 = TCP)")
    a2.set_ylabel("variance of link utilisation")
    a2.set_title(f"measured, fig2 runs ({ctx.scale} scale)", fontsize=9)
    a2.grid(linestyle=":", linewidth=0.5)
    a2.legend(fontsize=7)
    ctx.say("paper (Fig. 6): the variance settles above 8 subflows, almost independent of k")
    return [ctx.save(fig, "load-variance")]


def by_run(rows, value):
    """{RngRun: value(params, runs row)} of ROWS (RngRun 1 when a point has none)."""
    return {int(p.get("RngRun", 1)): value(p, r) for p, r in rows}


def ratio_table(ctx, xname, xlabel, rows):
    """Aggregate goodput of TCP and MPTCP per x, mean over the runs with the 95 % half-width,
    and MPTCP / TCP as the mean of the ratios paired by RngRun (same matrix and ECMP salts)
    with its half-width; returns [(x, tcp Mb/s, mptcp Mb/s, ratio, ratio half-width)]."""
    g = group(rows, lambda p, r: (p.get(xname), series_of(p)))
    gp = lambda p, r: r["aggregate_goodput_bps"] / 1e6
    out = []
    ctx.say(f"{xlabel:>20} {'TCP Mb/s':>10} {'ci95':>6} {'MPTCP Mb/s':>11} {'ci95':>6} "
            f"{'MPTCP/TCP':>10} {'ci95':>6} {'runs':>4}  (ratio: mean of the per-RngRun ratios)")
    for x in sorted({x for x, _ in g}):
        tcp, mp = by_run(g.get((x, "TCP"), []), gp), by_run(g.get((x, "MPTCP"), []), gp)
        t, tci, _ = mean_ci(list(tcp.values()))
        m, mci, _ = mean_ci(list(mp.values()))
        q, qci, n = paired_ratio(mp, tcp)
        out.append((x, t, m, q, qci))
        ctx.say(f"{x:>20g} {t:>10.1f} {ci_text(tci, 1):>6} {m:>11.1f} {ci_text(mci, 1):>6} "
                f"{q:>10.3f} {ci_text(qci, 3):>6} {n:>4}")
    return out


def plot_fig7(ctx):
    tab = ratio_table(ctx, "connectionsPerHost", "connections/host", ctx.rows)
    fig, ax = line_axes(ctx, "4:1 FatTree, load", "connections per host",
                        "throughput MPTCP / TCP", figsize=(6.4, 4))
    ax.errorbar([t[0] for t in tab], [t[3] for t in tab],
                yerr=[0 if math.isnan(t[4]) else t[4] for t in tab], fmt="-o", capsize=3,
                label="MPTCP-4 / TCP (95 % CI)")
    log_x_at(ax, [t[0] for t in tab])
    ax.axhline(1, color="grey", linewidth=0.8)
    ax.axvline(0.25, color="grey", linestyle=":", linewidth=0.8)
    ax.legend(fontsize=8)
    best = max(tab, key=lambda t: t[3] if not math.isnan(t[3]) else -1)
    ctx.say(f"ours: largest gain {best[3]:.2f}x at {best[0]:g} connections/host; paper (Fig. 7): "
            "largest gain at 0.25 connections per host (the load that saturates the 4:1 core)")
    return [ctx.save(fig, "gain-vs-load")]


def plot_fig8(ctx):
    tab = ratio_table(ctx, "localFraction", "local fraction", ctx.rows)
    fig, ax = line_axes(ctx, "4:1 FatTree, random matrix, locality",
                        "fraction of rack-local flows", "aggregate throughput (Gb/s)",
                        figsize=(6.4, 4))
    xs = [t[0] for t in tab]
    ax.plot(xs, [t[1] / 1e3 for t in tab], "-o", label="TCP")
    ax.plot(xs, [t[2] / 1e3 for t in tab], "-s", label="MPTCP-4")
    ax.legend(fontsize=8)
    ctx.say("paper (Fig. 8): MPTCP keeps about the same gain until about 75 % of the flows are "
            "rack-local, none above")
    return [ctx.save(fig, "locality")]


def algorithm_flows(ctx, rows):
    """{algorithm: (sorted per-flow goodputs Mb/s, runs)} in ALGORITHMS order."""
    g = group(rows, lambda p, r: series_of(p))
    out = {}
    for name, _ in ALGORITHMS:
        if name in g:
            runs = [r for _, r in g[name]]
            out[name] = (flow_goodputs_mbps(ctx.con, [r["run_id"] for r in runs]), runs)
    return out


def print_flows(ctx, flows):
    """One row per algorithm: the flows of all its runs pooled (mean, p10, min), the mean of the
    runs' % of optimal and, with two runs or more, its 95 % interval over the runs ('-' with
    one)."""
    ctx.say(f"{'algorithm':<14} {'runs':>4} {'flows':>6} {'mean Mb/s':>10} {'p10':>7} "
            f"{'min':>7} {'% optimal':>10} {'+-95%':>6}")
    for name, (vals, runs) in flows.items():
        half_s = ci_text(ci95([r['optimal_pct'] for r in runs]), 2)
        ctx.say(f"{name:<14} {len(runs):>4} {len(vals):>6} {mean(vals):>10.2f} "
                f"{percentile(vals, 10):>7.2f} {(min(vals) if vals else math.nan):>7.2f} "
                f"{mean([r['optimal_pct'] for r in runs]):>10.2f} {half_s:>6}")


def plot_fig9(ctx):
    flows = algorithm_flows(ctx, ctx.rows)
    print_flows(ctx, flows)
    ctx.say("paper (Fig. 9, k=8): PACKETSCATTER best, MPTCP, EWTCP and UNCOUPLED close, TCP "
            "worst")
    return [plot_ranked(ctx, [(n, v) for n, (v, _) in flows.items()],
                        f"FatTree, per-flow throughput per algorithm ({ctx.scale} scale)",
                        "throughput (Mb/s)", "flow-rank")]


def plot_fig10(ctx):
    require_table(ctx.con, "links", "per-link statistics of mptcp-fattree")
    g = group(ctx.rows, lambda p, r: series_of(p))
    data = {"aggregation-core": [], "host-edge": []}
    ctx.say(f"{'algorithm':<14} {'layer':<17} {'links':>6} {'mean loss %':>12} "
            f"{'max loss %':>11} {'ci95':>7}  (ci95: of the per-run means)")
    for name, _ in ALGORITHMS:
        if name not in g:
            continue
        ids = [r["run_id"] for _, r in g[name]]
        marks = ",".join("?" * len(ids))
        for layer in data:
            by_id = {}  # run_id -> [loss %], one query for the pooled and the per-run values
            for rid, loss in ctx.con.execute(
                    f"SELECT run_id, loss_rate FROM links WHERE run_id IN ({marks}) AND "
                    "layer = ? AND loss_rate IS NOT NULL", ids + [layer]):
                by_id.setdefault(rid, []).append(100 * loss)
            vals = sorted(v for losses in by_id.values() for v in losses)
            data[layer].append((name, vals))
            per_run = [mean(by_id[i]) if i in by_id else None for i in ids]
            ctx.say(f"{name:<14} {layer:<17} {len(vals):>6} {mean(vals):>12.4f} "
                    f"{(max(vals) if vals else math.nan):>11.4f} "
                    f"{ci_text(mean_ci(per_run)[1], 4):>7}")
    plt = pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, (layer, title) in zip(axes, (("aggregation-core", "core links"),
                                         ("host-edge", "access links"))):
        plot_ranked(ctx, data[layer], f"{title} ({layer}), {ctx.scale} scale", "loss rate (%)",
                    None, ax=ax)
    ctx.say("paper (Fig. 10): UNCOUPLED has the highest loss in core and access; MPTCP, EWTCP "
            "and TCP load the access links equally; MPTCP relieves core hot spots")
    return [ctx.save(fig, "link-loss")]


def plot_fig11(ctx):
    flows = algorithm_flows(ctx, ctx.rows)
    print_flows(ctx, flows)
    # The same algorithms without the hot spot (fig9's points), if they were run.
    fig9 = FIGURES["fig9"]
    base_rows = finished(ctx.con, fig9.program, ctx.fig9_points) if hasattr(ctx, "fig9_points") \
        else []
    if base_rows:
        before = algorithm_flows(ctx, base_rows)
        ctx.say(f"{'algorithm':<14} {'no hot spot':>12} {'hot spot':>9} {'ratio':>6}  "
                "(mean Mb/s)")
        for name, (vals, _) in flows.items():
            b = mean(before.get(name, ([], []))[0])
            ctx.say(f"{name:<14} {b:>12.2f} {mean(vals):>9.2f} {mean(vals) / b:>6.3f}")
    ctx.say("paper (Fig. 11): MPTCP hardly affected; EWTCP and UNCOUPLED lose on the flows "
            "through the slow link; PACKETSCATTER worst (those flows at about 10 %)")
    written = [plot_ranked(ctx, [(n, v) for n, (v, _) in flows.items()],
                           f"FatTree with one slow core link, per-flow throughput "
                           f"({ctx.scale} scale)", "throughput (Mb/s)", "hotspot")]
    if base_rows:
        written += plot_hotspot_flows(ctx, hotspot_flow_ratios(ctx.con, ctx.rows, base_rows))
    return written


def goodputs_by_flow(con, run_id):
    return {f: g for f, g in con.execute(
        "SELECT flow_id, goodput_bps FROM flows WHERE run_id = ? AND goodput_bps IS NOT NULL",
        (run_id,))}


def hotspot_flow_ratios(con, hot_rows, base_rows):
    """{algorithm: (crossing flows per run, ratio crossing, ratio others, runs, 95 % half-width
    of ratio crossing over the runs (NaN with one run))}: per hot-spot
    run, the flows with a `hotspot_flows` row cross the slowed link; each ratio is the mean
    goodput of a set of flow ids in the hot-spot run over the mean goodput of the same flow ids
    in the run without hot spot of the same algorithm and RngRun (same permutation and ECMP
    salts); the numbers are averaged over the paired runs."""
    require_table(con, "hotspot_flows", "per-flow hot-spot counts of mptcp-fattree --hotspot")
    base = {(series_of(p), r["rng_run"]): r for p, r in base_rows}
    per = {}
    for p, r in hot_rows:
        b = base.get((series_of(p), r["rng_run"]))
        if b is None:
            continue
        crossing = {f for (f,) in con.execute(
            "SELECT flow_id FROM hotspot_flows WHERE run_id = ? AND packets > 0",
            (r["run_id"],))}
        hot, before = goodputs_by_flow(con, r["run_id"]), goodputs_by_flow(con, b["run_id"])
        common = hot.keys() & before.keys()

        def ratio(ids):
            num, den = mean([hot[f] for f in ids]), mean([before[f] for f in ids])
            return num / den if ids and den > 0 else math.nan
        per.setdefault(series_of(p), []).append(
            (len(crossing), ratio(common & crossing), ratio(common - crossing)))
    return {name: (mean([c for c, _, _ in v]), mean([x for _, x, _ in v]),
                   mean([y for _, _, y in v]), len(v), ci95([x for _, x, _ in v]))
            for name, _ in ALGORITHMS if name in per for v in [per[name]]}


def plot_hotspot_flows(ctx, ratios):
    ctx.say("flows through the hot spot: goodput in the hot-spot run / goodput of the same flow "
            "ids in the fig9 run of the same RngRun (mean over runs)")
    ctx.say(f"{'algorithm':<14} {'runs':>4} {'crossing':>9} {'ratio crossing':>15} "
            f"{'ratio others':>13} {'+-95% crossing':>15}")
    for name, (n, cross_r, other_r, runs, half) in ratios.items():
        half_s = ci_text(half, 3)
        ctx.say(f"{name:<14} {runs:>4} {n:>9.1f} {cross_r:>15.3f} {other_r:>13.3f} "
                f"{half_s:>15}")
    if not ratios:
        ctx.say("(no hot-spot run has a fig9 run with the same RngRun)")
        return []
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6.6, 4.2))
    names = list(ratios)
    xs = range(len(names))
    errs = [0.0 if math.isnan(ratios[n][4]) else ratios[n][4] for n in names]
    ax.bar([x - 0.2 for x in xs], [ratios[n][1] for n in names], 0.4,
           label="flows crossing the slow link", yerr=errs if any(errs) else None, capsize=3)
    ax.bar([x + 0.2 for x in xs], [ratios[n][2] for n in names], 0.4, label="the other flows")
    ax.set_xticks(list(xs))
    ax.set_xticklabels([f"{n}\n({ratios[n][0]:.0f} crossing)" for n in names], fontsize=7)
    ax.axhline(1.0, color="grey", linewidth=0.6)
    ax.set_ylabel("goodput with / without the hot spot")
    ax.set_title(f"FatTree, one core link at a tenth: same flows with and without it "
                 f"({ctx.scale} scale)", fontsize=9)
    ax.grid(axis="y", linestyle=":", linewidth=0.5)
    ax.legend(fontsize=7)
    return [ctx.save(fig, "hotspot-flows")]


def plot_fig12(ctx):
    require_table(ctx.con, "short_flows", "short flows of --workload=mix")
    require_table(ctx.con, "workload_runs", "--workload=mix")
    g = group(ctx.rows, lambda p, r: series_of(p))
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ctx.say(f"{'algorithm':<11} {'runs':>4} {'short':>6} {'done':>6} {'FCT mean ms':>11} "
            f"{'p99 ms':>8} {'long Mb/s':>9} {'paper':>6} {'ci95':>6} {'FCT ci95':>8}  "
            "(ci95: of the per-run means)")
    long_by_run = {}  # algorithm -> {RngRun: long flows' mean goodput, Mb/s}
    for name, _ in ALGORITHMS:
        if name not in g:
            continue
        ids = [r["run_id"] for _, r in g[name]]
        marks = ",".join("?" * len(ids))
        fct_by_id = {}  # run_id -> [FCT ms] of its completed short flows
        for rid, fct in ctx.con.execute(
                f"SELECT run_id, fct_s FROM short_flows WHERE run_id IN ({marks}) AND "
                "completed = 1 AND fct_s IS NOT NULL", ids):
            fct_by_id.setdefault(rid, []).append(1e3 * fct)
        fcts = sorted(v for run in fct_by_id.values() for v in run)
        run_fct = [mean(fct_by_id[i]) if i in fct_by_id else None for i in ids]
        started = ctx.con.execute(f"SELECT COUNT(*) FROM short_flows WHERE run_id IN ({marks})",
                                  ids).fetchone()[0]
        long_of = dict(ctx.con.execute(f"SELECT run_id, long_goodput_mean_bps / 1e6 FROM "
                                       f"workload_runs WHERE run_id IN ({marks})", ids))
        long_by_run[name] = {int(p.get("RngRun", 1)): long_of[r["run_id"]] for p, r in g[name]
                             if r["run_id"] in long_of}
        lg, lci, _ = mean_ci(list(long_of.values()))
        ctx.say(f"{name:<11} {len(ids):>4} {started:>6} {len(fcts):>6} {mean(fcts):>11.1f} "
                f"{percentile(fcts, 99):>8.1f} {lg:>9.1f} {PAPER_FIG12_MBPS.get(name, '-'):>6} "
                f"{ci_text(lci, 1):>6} {ci_text(mean_ci(run_fct)[1], 1):>8}")
        if fcts:
            ax.step(fcts, [(i + 1) / len(fcts) for i in range(len(fcts))], where="post",
                    label=f"{name} (long flows {lg:.0f} Mb/s)")
    order = [n for n in ("TCP", "EWTCP", "MPTCP", "UNCOUPLED") if n in long_by_run]
    for lo, hi in zip(order, order[1:]):
        d, h, n = paired_difference(long_by_run[hi], long_by_run[lo])
        above = sum(long_by_run[hi][r] > long_by_run[lo][r]
                    for r in long_by_run[hi].keys() & long_by_run[lo].keys())
        ctx.say(f"long flows, paired by RngRun: {hi} - {lo} {d:+.2f} +- {ci_text(h, 2)} Mb/s "
                f"(above in {above} of {n} RngRuns)")
    ax.set_xscale("log")
    ax.set_xlabel("short-flow completion time (ms)")
    ax.set_ylabel("fraction of completed short flows")
    ax.set_title(f"4:1 FatTree, 70 KB short flows beside long flows ({ctx.scale} scale)",
                 fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")
    ctx.say("paper (Fig. 12): long flows TCP 28, EWTCP 43, MPTCP 47, UNCOUPLED 49 Mb/s (at most "
            "65); UNCOUPLED hurts short flows most")
    return [ctx.save(fig, "fct-cdf")]


def dhft_label(p):
    if p.get("topology") == "perfect":
        return "Perfect switch TCP"
    return "DHFT " + ("TCP" if series_of(p) == "TCP" else f"MPTCP-{p.get('subflows')}")


def dhft_table(ctx, xname, xlabel):
    """Aggregate goodput per x and series (Gb/s), mean over the runs with its 95 % half-width;
    returns (xs, {series: [mean per x]}, {series: [{RngRun: Gb/s} per x]})."""
    g = group(ctx.rows, lambda p, r: (p.get(xname), dhft_label(p)))
    names = sorted({n for _, n in g})
    xs = sorted({x for x, _ in g})
    gp = lambda p, r: r["aggregate_goodput_bps"] / 1e9
    runs = {n: [by_run(g.get((x, n), []), gp) for x in xs] for n in names}
    tab = {n: [mean(list(d.values())) for d in runs[n]] for n in names}
    ctx.say(f"{xlabel:>16} " + " ".join(f"{n + ' Gb/s':>22} {'ci95':>6}" for n in names))
    for i, x in enumerate(xs):
        ctx.say(f"{x:>16g} " + " ".join(
            f"{tab[n][i]:>22.3f} {ci_text(ci95(list(runs[n][i].values())), 3):>6}"
            for n in names))
    return xs, tab, runs


def plot_fig15(ctx):
    # The perfect-switch run has no --localFraction: it is drawn at every x of the DHFT runs.
    fractions = sorted({p["localFraction"] for p, _ in ctx.rows if "localFraction" in p})
    rows = []
    for p, r in ctx.rows:
        if p.get("topology") == "perfect":
            rows += [(dict(p, localFraction=x), r) for x in fractions]
        else:
            rows.append((p, r))
    ctx.rows = rows
    xs, tab, runs = dhft_table(ctx, "localFraction", "local fraction")
    relative_to_perfect(ctx, xs, tab, runs)
    fig, ax = line_axes(ctx, "DHFT vs perfect switch, permutation",
                        "fraction of rack-local flows", "aggregate throughput (Gb/s)")
    for n, ys in tab.items():
        ax.plot(xs, ys, "-o", label=n)
    ax.legend(fontsize=8)
    ctx.say("paper (Fig. 15, k=12, 576 hosts, 100 Mb/s): at most 43 Gb/s with no local traffic, "
            "115 Gb/s all local; MPTCP on DHFT beats the perfect switch from 12 % local flows")
    return [ctx.save(fig, "locality")]


def log_x_at(ax, xs):
    """A log x axis labelled at the data's x values only (matplotlib's minor labels of a short
    log range overlap)."""
    ax.set_xscale("log")
    ax.set_xticks(xs)
    ax.set_xticklabels([f"{x:g}" for x in xs])
    ax.minorticks_off()


def relative_to_perfect(ctx, xs, tab, runs):
    """Prints and returns {series: [(ratio, 95 % half-width) per x]}: each series over the
    perfect switch's run of the same x and RngRun (mean of the per-RngRun ratios)."""
    ref = runs.get("Perfect switch TCP")
    if not ref:
        raise PlotError(f"{ctx.fig.name} needs the perfect-switch runs (none finished)")
    ctx.say("relative to the perfect switch (mean of the per-RngRun ratios, +- 95 % half-width):")
    out = {}
    for n in tab:
        out[n] = [paired_ratio(runs[n][i], ref[i])[:2] for i in range(len(xs))]
        ctx.say(f"  {n:<22} " + " ".join(f"{q:.2f}+-{ci_text(c, 2)}" for q, c in out[n]))
    return out


def plot_fig16(ctx):
    xs, tab, runs = dhft_table(ctx, "connectionsPerHost", "connections/host")
    rel = relative_to_perfect(ctx, xs, tab, runs)
    fig, ax = line_axes(ctx, "DHFT, random matrix, load", "connections per host",
                        "throughput relative to the perfect switch")
    for n, qs in rel.items():
        ax.errorbar(xs, [q for q, _ in qs], yerr=[0 if math.isnan(c) else c for _, c in qs],
                    fmt="-o", capsize=3, label=n)
    log_x_at(ax, xs)
    ax.legend(fontsize=8)
    ctx.say("paper (Fig. 16): MPTCP on DHFT nearly 2x the perfect switch at light to medium "
            "load; the perfect switch wins at high load (DHFT worst case about 75 %)")
    return [ctx.save(fig, "load")]


def plot_fig17(ctx):
    require_table(ctx.con, "transfers", "tables of mptcp-file-transfer")
    per = {}
    for p, r in ctx.rows:
        for pk, t in ctx.con.execute("SELECT packets, transfer_time_s FROM transfers WHERE "
                                     "run_id = ? AND transfer_time_s IS NOT NULL",
                                     (r["run_id"],)):
            per.setdefault(series_of(p), {}).setdefault(pk, []).append(1e3 * t)
    if not per:
        raise PlotError("no rows in 'transfers' for the fig17 runs")
    pks = sorted({pk for d in per.values() for pk in d})
    ctx.say(f"{'packets':>8} {'TCP ms':>9} {'MPTCP ms':>9} {'MPTCP/TCP':>10}")
    cross_at = None
    for pk in pks:
        t = mean(per.get("TCP", {}).get(pk, []))
        m = mean(per.get("MPTCP", {}).get(pk, []))
        ctx.say(f"{pk:>8} {t:>9.3f} {m:>9.3f} {m / t if t else math.nan:>10.3f}")
        if cross_at is None and m < t:
            cross_at = pk
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for name, d in per.items():
        xs = sorted(d)
        ax.loglog(xs, [mean(d[x]) for x in xs], "-o", label=name)
    ax.set_xlabel("file size (MSS-sized packets)")
    ax.set_ylabel("connection setup + transfer time (ms)")
    ax.set_title(f"two dual-homed hosts on one switch ({ctx.scale} scale)", fontsize=9)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    ctx.say(f"ours: MPTCP faster from {cross_at} packets; paper (Fig. 17): TCP faster below "
            "about 150 packets")
    return [ctx.save(fig, "transfer-time")]


# --- registry -----------------------------------------------------------------------------------

class Figure:
    def __init__(self, name, title, program, sweep_name, grid, plot, setting, scales=SCALES):
        self.name, self.title, self.program, self.sweep_name = name, title, program, sweep_name
        self.grid, self.plot, self.setting, self.scales = grid, plot, setting, scales


FIGURES = {f.name: f for f in [
    Figure("fig2", "throughput vs subflows, FatTree", FATTREE, "fattree", grid_fattree,
           plot_fig2, "FatTree permutation, TCP and MPTCP 1..8 subflows"),
    Figure("fig3", "per-flow throughput ranked, FatTree", FATTREE, "fattree", grid_fattree,
           plot_fig3, "the runs of fig2: TCP vs MPTCP-8"),
    Figure("fig4", "throughput vs subflows, VL2", FATTREE, "vl2", grid_vl2, plot_fig4,
           "--topology=vl2 permutation, TCP and MPTCP 1..8"),
    Figure("fig5", "per-flow throughput ranked, VL2", FATTREE, "vl2", grid_vl2, plot_fig5,
           "the runs of fig4: TCP vs MPTCP-2 and MPTCP-8"),
    Figure("fig6", "link-load variance vs subflows", FATTREE, "fattree", grid_fattree,
           plot_fig6, "analytical model (§4.3.2) beside the fig2 runs' link utilisation"),
    Figure("fig7", "MPTCP/TCP vs load, 4:1 FatTree", FATTREE, "load", grid_load, plot_fig7,
           "4:1 FatTree, TCP vs MPTCP-4, --connectionsPerHost 0.1..10"),
    Figure("fig8", "throughput vs locality, 4:1 FatTree", FATTREE, "locality", grid_locality,
           plot_fig8, "4:1 FatTree, random matrix, TCP vs MPTCP-4, --localFraction 0..1"),
    Figure("fig9", "per-flow throughput per algorithm", FATTREE, "algorithms", grid_algorithms,
           plot_fig9, "FatTree permutation, TCP, MPTCP, EWTCP, UNCOUPLED (8), PACKETSCATTER"),
    Figure("fig10", "per-link loss per algorithm", FATTREE, "algorithms", grid_algorithms,
           plot_fig10, "the runs of fig9: loss of core and access links"),
    Figure("fig11", "hot spot, per-flow throughput", FATTREE, "hotspot",
           lambda s: grid_algorithms(s, hotspot=1), plot_fig11,
           "the fig9 setting with --hotspot=1 (one core link at a tenth of its rate)"),
    Figure("fig12", "short flows beside long flows", FATTREE, "mix", grid_mix, plot_fig12,
           "4:1 FatTree, --workload=mix, 33 % long flows, 70 KB TCP short flows, 5/s per host"),
    Figure("fig13", "First Fit (Hedera) vs ECMP and MPTCP", FATTREE, "hedera",
           sdn_figures.grid_fig13, sdn_figures.plot_fig13,
           "FatTree permutation, closed-loop VL2 flow sizes: TCP, MPTCP-8, Hedera every "
           "0.1/0.5/1/5 s"),
    Figure("hostlimited", "Hedera with host-limited flows (table)", FATTREE, "hostlimited",
           sdn_figures.grid_hostlimited, sdn_figures.plot_hostlimited,
           "FatTree permutation + a host-limited flow per host just over / under Hedera's "
           "threshold 5/10/20/50 %; MPTCP-8 beside"),
    Figure("fig15", "DHFT vs perfect switch, locality", FATTREE, "dhft-locality",
           grid_dhft_locality, plot_fig15,
           "DHFT TCP and MPTCP-8, perfect switch TCP, permutation, --localFraction 0..1"),
    Figure("fig16", "DHFT vs perfect switch, load", FATTREE, "dhft-load", grid_dhft_load,
           plot_fig16, "DHFT TCP and MPTCP-8, perfect switch TCP, random, --connectionsPerHost"),
    Figure("fig17", "file transfer time, TCP vs MPTCP", FILE_TRANSFER, "file-transfer",
           grid_file_transfer, plot_fig17,
           "mptcp-file-transfer, two dual-homed hosts, --packets=" + FIG17_PACKETS),
    Figure("responsive-table1", "Responsive MPTCP, Table I", FATTREE,
           responsive_figures.SWEEP, responsive_figures.grid_responsive,
           responsive_figures.plot_table1,
           "seed 004: responsive (t_m, delta_DGT) = (2 ms, 0.15), (4 ms, 0.25), (8 ms, 0.35), "
           "4/2 subflows + ECMP, 1 subflow + Hedera; random, permutation, shuffle; XMP",
           scales=responsive_figures.SCALES),
    Figure("responsive-fig5", "Responsive MPTCP, random and permutation", FATTREE,
           responsive_figures.SWEEP, responsive_figures.grid_responsive,
           responsive_figures.plot_fig5,
           "the runs of responsive-table1: subflows and throughput per flow (Fig. 5a-d)",
           scales=responsive_figures.SCALES),
    Figure("responsive-fig6", "Responsive MPTCP, shuffle", FATTREE,
           responsive_figures.SWEEP, responsive_figures.grid_responsive,
           responsive_figures.plot_fig6,
           "the runs of responsive-table1: shuffle JCT, subflows, throughput (Fig. 6a-c)",
           scales=responsive_figures.SCALES),
]}
#: Every scale of some figure, in the order of --help.
ALL_SCALES = tuple(dict.fromkeys(s for f in FIGURES.values() for s in f.scales))


# --- CLI ----------------------------------------------------------------------------------------

def parse_args(argv):
    p = ArgumentParser(
        prog=PROG, description="Reproduce a figure of Raiciu et al. SIGCOMM 2011 (or of seed "
        "004, responsive-*): run its grid (resumable), plot it from the database and print our "
        "numbers beside the paper's.",
        epilog="Figures: " + " ".join(FIGURES) + " all list. See doc/reproduction.rst.")
    p.add_argument("figure", help="a figure of the registry, 'all' or 'list'")
    p.add_argument("--scale", choices=ALL_SCALES, default="small",
                   help="small (minutes on 2 cores) or paper (the paper's setting); scaled: "
                   "responsive-* only, the paper's 128 hosts at a tenth of its rates and sizes; "
                   "default: %(default)s")
    p.add_argument("--runs", type=int_list, default=[1],
                   help="RNG run numbers, each point once per number as --RngRun (default 1)")
    p.add_argument("--jobs", type=int, default=os.cpu_count(),
                   help="parallel runs (default: the number of CPUs, %(default)s)")
    p.add_argument("--db", default="results/reproduction.db", help="results database "
                   "(default: %(default)s)")
    p.add_argument("--out", default="results/", help="directory of the PNG files "
                   "(default: %(default)s)")
    p.add_argument("--bin-dir", default="build", help="directory of mptcp-fattree and "
                   "mptcp-file-transfer (default: %(default)s)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="set a program option in every point (repeatable)")
    p.add_argument("--only", action="append", default=[], metavar="NAME=V1[,V2...]",
                   help="keep only the points whose option NAME has one of these values")
    p.add_argument("--timeout", type=float, default=None, help="wall-clock limit per run, s")
    p.add_argument("--dry-run", action="store_true", help="print the commands, run nothing")
    p.add_argument("--plot-only", action="store_true", help="plot what is in the database")
    p.add_argument("--dpi", type=int, default=None,
                   help=f"resolution of the PNG files (default: {DPI}; 150 for Figs. 2-4)")
    args = p.parse_args(argv)
    if args.jobs is None or args.jobs < 1:
        p.error("--jobs must be >= 1")
    if args.dpi is not None and args.dpi < 10:
        p.error("--dpi must be >= 10")
    return args


def parse_assignments(specs, what):
    out = []
    for spec in specs:
        name, sep, value = spec.partition("=")
        if not sep or not name:
            raise BadInput(f"{what} '{spec}' is not NAME=VALUE")
        out.append((name, value))
    return out


def figure_points(fig, scale, runs, sets=(), only=(), bin_dir=None):
    """The figure's points (with RngRun), after --set and --only; a --set NAME applies to the
    figures whose program has the option NAME (its --list-options, in BIN_DIR)."""
    grid = fig.grid(scale)
    names = program_options(bin_dir, fig.program) if sets else {}
    for name, value in sets:
        if name in names:
            grid = [dict(p, **{name: parse_value(value)}) for p in grid]
    for name, values in only:
        allowed = {norm_value(parse_value(v)) for v in values.split(",")}
        grid = [p for p in grid if norm_value(p.get(name, "")) in allowed]
    return sweep.dedupe(sweep.with_runs(grid, runs))


def check_names(figs, sets, only, bin_dir):
    """Every --set and --only NAME is an option of one of the figures' programs (their
    --list-options) and not one the tool sets itself."""
    if not sets and not only:
        return
    known = set().union(*(program_options(bin_dir, p) for p in {f.program for f in figs}))
    for name, _ in list(sets) + list(only):
        if name in MANAGED:
            raise BadInput(f"parameter '{name}' is set by {PROG} ({MANAGED[name]})")
        if name not in known:
            raise BadInput(f"unknown parameter '{name}' (options of "
                           f"{', '.join(sorted({f.program for f in figs}))}; see "
                           "--list-options of the program)")


def require_run_id(point, result):
    if not isinstance(result.get("run_id"), int) or result["run_id"] < 1:
        return "result JSON has no run_id >= 1 (was the run stored in the database?)"
    return None


def plot_figure(fig, args, stream):
    con = schema.open_db(args.db, ("runs", "sweep_points"),
                         "run the figure first (without --plot-only)")
    try:
        points = figure_points(fig, args.scale, args.runs, args.sets, args.only,
                               args.bin_dir)
        rows = finished(con, fig.program, points)
        if not rows:
            raise PlotError(f"none of the {len(points)} points of {fig.name} ({args.scale} "
                            f"scale) has a finished run in '{args.db}'")
        os.makedirs(args.out, exist_ok=True)
        ctx = Ctx(fig, con, rows, args.out, args.scale, stream, args.dpi)
        if fig.name == "fig11":
            ctx.fig9_points = figure_points(FIGURES["fig9"], args.scale, args.runs, args.sets,
                                            args.only, args.bin_dir)
        print(f"== {fig.name}: {fig.title} ({args.scale} scale, {len(rows)}/{len(points)} "
              "points with results)", file=stream)
        written = fig.plot(ctx)
        for w in written:
            print(f"wrote {w}", file=stream)
        return written
    except sqlite3.Error as e:
        raise PlotError(f"cannot read database '{args.db}': {e}") from None
    finally:
        con.close()


def main(argv=None, stream=sys.stdout):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        args.sets = parse_assignments(args.set, "--set")
        args.only = parse_assignments(args.only, "--only")
        # 'all' and 'list': the figures that have the scale (every one but at 'scaled').
        scaled = [f for f in FIGURES.values() if args.scale in f.scales]
        if args.figure == "list":
            check_names(scaled, args.sets, args.only, args.bin_dir)
            width = max(len(f.name) for f in scaled)
            print(f"{'figure':<{width}} {'points':>6}  setting ({args.scale} scale, "
                  f"{len(args.runs)} run(s) per point)", file=stream)
            for f in scaled:
                n = len(figure_points(f, args.scale, args.runs, args.sets, args.only,
                                      args.bin_dir))
                print(f"{f.name:<{width}} {n:>6}  {f.title}: {f.setting}", file=stream)
            return 0
        if args.figure == "all":
            figs = scaled
        elif args.figure in FIGURES:
            figs = [FIGURES[args.figure]]
            if args.scale not in figs[0].scales:
                raise BadInput(f"{args.figure} has no scale '{args.scale}' (its scales: "
                               f"{' '.join(figs[0].scales)})")
        else:
            raise BadInput(f"unknown figure '{args.figure}' (known: "
                           f"{' '.join(FIGURES)} all list)")
        check_names(figs, args.sets, args.only, args.bin_dir)
        plan = {}
        for f in figs:
            pts = figure_points(f, args.scale, args.runs, args.sets, args.only, args.bin_dir)
            if not pts:
                raise BadInput(f"empty grid: no point of {f.name} is left after --only")
            plan.setdefault((f.program, f.sweep_name), pts)
        summary = dict(figure=args.figure, scale=args.scale, points=0, ok=0, failed=0,
                       skipped=0, interrupted=False, plots=[], plot_errors=[])
        if not args.plot_only:
            if not args.dry_run:
                db_dir = os.path.dirname(args.db)
                if db_dir:
                    os.makedirs(db_dir, exist_ok=True)
                schema.check_db(args.db)
            for (program, name), pts in plan.items():
                path = os.path.join(args.bin_dir, program)
                label = f"{name}-{args.scale}"
                if args.dry_run:
                    done = schema.done_keys(args.db) if os.path.exists(args.db) else set()
                    for p in pts:
                        mark = "# done: " if sweep.point_key(program, p) in done else ""
                        print(mark + shlex.join(sweep.command(path, p, args.db, label)),
                              file=stream)
                    continue
                if not os.path.exists(path):
                    error(PROG, f"program '{path}' not found (build it, or give --bin-dir)")
                    return 1
                res = sweep.run_sweep(path, pts, args.db, label, jobs=args.jobs,
                                      timeout=args.timeout, check=require_run_id)
                for key in ("points", "ok", "failed", "skipped"):
                    summary[key] += res[key]
                if res["interrupted"]:
                    summary["interrupted"] = True
                    print(json.dumps(summary), file=stream)
                    return 1
        if args.dry_run:
            return 0
        if os.path.exists(args.db):
            schema.check_db(args.db)  # read-only; an incompatible file is rejected (exit 2)
        for f in figs:
            try:
                summary["plots"] += plot_figure(f, args, stream)
            except PlotError as e:
                error(PROG, f"{f.name}: {e}")
                summary["plot_errors"].append(f.name)
            except ImportError as e:
                error(PROG, f"matplotlib is needed ({e})")
                summary["plot_errors"].append(f.name)
    except BadInput as e:
        error(PROG, e)
        return 2
    print(json.dumps(summary), file=stream)
    return 1 if summary["failed"] or summary["plot_errors"] else 0

