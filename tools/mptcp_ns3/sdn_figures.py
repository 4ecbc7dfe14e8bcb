# SPDX-License-Identifier: GPL-2.0-only
"""Seed 000 §4.4, centralized scheduling: the grids and plots of ``reproduce fig13`` (Hedera's
First Fit at several scheduling intervals beside TCP over ECMP and MPTCP, closed-loop flows
with VL2 sizes) and ``reproduce hostlimited`` (the table under "Host-limited Flows").
Registered in :data:`mptcp_ns3.figures.FIGURES`."""

import math
import os

from .common import PlotError, ci95, ci_text, mean, paired_difference, paired_ratio, pyplot

#: The VL2 flow-size distribution shipped with the module (data/vl2-flow-size.cdf).
VL2_CDF = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "data", "vl2-flow-size.cdf")
#: Fig. 13's scheduling intervals, s.
HEDERA_INTERVALS = (0.1, 0.5, 1.0, 5.0)
#: The host-limited table's scheduling thresholds (fraction of the NIC rate).
THRESHOLDS = (0.05, 0.1, 0.2, 0.5)
#: "Just over" and "just under" the threshold: the host-limited rate as a multiple of it.
OVER, UNDER = 1.2, 0.8
#: Hedera's interval in the host-limited runs (the paper does not give it), s.
TABLE_INTERVAL = 0.1
#: The paper's table: (over, under) Hedera's change in %, per threshold.
PAPER_TABLE = {0.05: (-21, -22), 0.1: (-17, -21), 0.2: (-22, -23), 0.5: (-51, -45)}
LINK_MBPS = 100  # mptcp-fattree's default --linkRate


def fattree_size(scale):
    """128 hosts (k=8) as the paper; 16 (k=4) at the small scale."""
    return dict(k=4) if scale == "small" else dict(k=8)


def grid_fig13(scale):
    dur = dict(duration=6.0, warmup=1.0) if scale == "small" else dict(duration=12.0, warmup=2.0)
    common = dict(workload="closed-loop", flowSizeCdf=VL2_CDF, quiet=True,
                  **fattree_size(scale), **dur)
    series = [dict(transport="tcp"), dict(transport="mptcp", subflows=8)]
    series += [dict(transport="tcp", controller="hedera", hederaInterval=i)
               for i in HEDERA_INTERVALS]
    return [dict(common, **s) for s in series]


def grid_hostlimited(scale):
    dur = dict(duration=3.0, warmup=1.0)
    common = dict(quiet=True, **fattree_size(scale), **dur)
    out = []
    for t in THRESHOLDS:
        hedera = dict(common, transport="tcp", controller="hedera",
                      hederaInterval=TABLE_INTERVAL, hederaThreshold=t)
        out.append(hedera)
        for m in (OVER, UNDER):
            out.append(dict(hedera, hostLimitedRate=rate(t * m)))
    mptcp = dict(common, transport="mptcp", subflows=8)
    out.append(mptcp)
    for m in (OVER, UNDER):
        out.append(dict(mptcp, hostLimitedRate=rate(0.1 * m)))
    return out


def rate(fraction):
    """The host-limited rate of a fraction of the link rate, as an ns-3 DataRate."""
    return f"{round(fraction * LINK_MBPS * 1000)}kbps"


def label13(p):
    if p.get("controller") == "hedera":
        return f"Hedera FF {p['hederaInterval'] * 1000:g} ms"
    return "MPTCP-8 ECMP" if p.get("transport") == "mptcp" else "TCP ECMP"


def plot_fig13(ctx):
    order = ["TCP ECMP"] + [f"Hedera FF {i * 1000:g} ms" for i in HEDERA_INTERVALS] + \
        ["MPTCP-8 ECMP"]
    by, pct_by_run = {}, {}
    for p, r in ctx.rows:
        by.setdefault(label13(p), []).append(r["run_id"])
        pct_by_run.setdefault(label13(p), {})[r["rng_run"]] = r["optimal_pct"]
    names = [n for n in order if n in by]
    # With several RngRuns: the 95 % interval of each mean, and each series minus First Fit
    # every 100 ms paired by RngRun (the paper's claim is about that difference).
    ref = f"Hedera FF {HEDERA_INTERVALS[0] * 1000:g} ms"
    ctx.say(f"{'series':<18} {'runs':>4} {'% of optimal':>12} {'+-95%':>6} "
            f"{'-FF100 (paired)':>16} {'flows done':>10} {'scheduled':>9} {'rules':>6} "
            f"{'ctl msgs':>8}")
    vals, errs = [], []
    for n in names:
        ids = by[n]
        marks = ",".join("?" * len(ids))
        pct = mean(list(pct_by_run[n].values()))
        half = ci95(list(pct_by_run[n].values()))
        diff = "-"
        if n != ref and ref in pct_by_run:
            d, h, k = paired_difference(pct_by_run[n], pct_by_run[ref])
            if k >= 2:
                diff = f"{d:+.1f} +-{h:.1f}"
        done = sum(row[0] for row in ctx.con.execute(
            f"SELECT COUNT(*) FROM short_flows WHERE run_id IN ({marks}) AND completed = 1",
            ids))
        ctl = ctx.con.execute(
            "SELECT SUM(flows_scheduled), SUM(rules_installed), SUM(control_messages) FROM "
            f"controller_runs WHERE run_id IN ({marks})", ids).fetchone()
        ctl = [c or 0 for c in ctl]
        half_s = ci_text(half, 1)
        ctx.say(f"{n:<18} {len(ids):>4} {pct:>12.1f} {half_s:>6} {diff:>16} {done:>10} "
                f"{ctl[0]:>9} {ctl[1]:>6} {ctl[2]:>8}")
        vals.append(pct)
        errs.append(0.0 if math.isnan(half) else half)
    fig, ax = pyplot().subplots(figsize=(6.6, 4.2))
    ax.bar(range(len(names)), vals, color=["0.5"] + ["0.75"] * (len(names) - 2) + ["0.2"],
           yerr=errs if any(errs) else None, capsize=3)
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels(names, rotation=20, fontsize=7)
    ax.set_ylabel("throughput (% of optimal)")
    ax.set_ylim(0, 100)
    ax.set_title(f"FatTree, permutation, closed-loop VL2 flow sizes ({ctx.scale} scale)",
                 fontsize=9)
    ax.grid(axis="y", linestyle=":", linewidth=0.5)
    ctx.say("paper (Fig. 13, 128 hosts): MPTCP beats TCP over ECMP; First Fit needs to run "
            "every 100 ms to approach MPTCP, at 500 ms there is little benefit, Hedera's own "
            "5 s gives none")
    return [ctx.save(fig, "first-fit")]


def network_limited(con, run_id, params):
    """(goodput in bit/s, mean per-flow % of optimal) of a run's network-limited flows.

    With ``--hostLimitedRate`` the experiment appends one host-limited flow per long flow, so
    the network-limited flows are the first half of the ``flows`` rows (flow ids 0..n-1) and the
    host-limited ones the second (n..2n-1); without it every flow is network-limited."""
    n = con.execute("SELECT COUNT(*) FROM flows WHERE run_id = ?", (run_id,)).fetchone()[0]
    if host_limited(params):
        n //= 2
    gp, pct = con.execute("SELECT SUM(goodput_bps), AVG(pct_of_optimal) FROM flows "
                          "WHERE run_id = ? AND flow_id < ?", (run_id, n)).fetchone()
    return gp, pct


def host_limited(params):
    return str(params.get("hostLimitedRate", "0")) not in ("0", "")


def plot_hostlimited(ctx):
    """The paper's measure is the throughput of the network-limited flows: at the 50 %
    threshold it reports -51 %, which a total including the host-limited flows (each at over
    50 % of its NIC) cannot lose. Beside it, the loss beyond the NIC share the host-limited flow
    takes: the change of the network-limited flows' mean % of optimal, whose optimum already
    leaves each host-limited flow its rate."""
    def key(p):
        thr = p.get("hederaThreshold") if p.get("controller") == "hedera" else None
        return (p.get("transport"), thr, p.get("hostLimitedRate", "0"))
    gps, pcts = {}, {}  # key -> {RngRun: value}
    for p, r in ctx.rows:
        gp, pct = network_limited(ctx.con, r["run_id"], p)
        run = int(p.get("RngRun", 1))
        gps.setdefault(key(p), {})[run] = gp
        pcts.setdefault(key(p), {})[run] = pct

    def paired_change(values, base, k):
        """(mean, 95 % half-width) over RngRuns of the change with against without, %: the
        per-RngRun ratio (:func:`paired_ratio`) less one."""
        known = lambda d: {run: v for run, v in d.items() if v is not None and not math.isnan(v)}
        q, h, n = paired_ratio(known(values.get(k, {})), known(values.get(base, {})))
        return (100 * (q - 1), 100 * h) if n else (None, math.nan)

    def changes(transport, thr, fraction):
        base = (transport, thr, "0")
        return [(paired_change(gps, base, (transport, thr, rate(fraction * m))),
                 paired_change(pcts, base, (transport, thr, rate(fraction * m))))
                for m in (OVER, UNDER)]

    fmt = lambda v: f"{v:+7.1f}" if v is not None else f"{'-':>7}"
    rows = []
    ctx.say("change of the network-limited flows' throughput against the same run (same RngRun) "
            "without host-limited flows, %, mean over RngRuns; beyond NIC share: change of their "
            "mean % of optimal; ci95: half-widths of over, under")
    ctx.say(f"{'threshold':>9} {'no HL Mb/s':>10} {'over':>7} {'under':>7} "
            f"{'paper over':>10} {'paper under':>11} {'beyond NIC: over':>16} {'under':>7} "
            f"{'ci95':>5} {'ci95':>5}")
    for t in THRESHOLDS:
        base = gps.get(("tcp", t, "0"))
        if not base:
            continue
        ((over, oci), (x_over, _)), ((under, uci), (x_under, _)) = changes("tcp", t, t)
        po, pu = PAPER_TABLE[t]
        ctx.say(f"{t * 100:>8g}% {mean(list(base.values())) / 1e6:>10.1f} {fmt(over)} "
                f"{fmt(under)} {po:>+10} {pu:>+11} {fmt(x_over):>16} {fmt(x_under)} "
                f"{ci_text(oci, 1):>5} {ci_text(uci, 1):>5}")
        rows.append((f"Hedera {t * 100:g} %", over, under, x_over, x_under, (po, pu)))
    base = gps.get(("mptcp", None, "0"))
    if base:
        ((over, oci), (x_over, _)), ((under, uci), (x_under, _)) = changes("mptcp", None, 0.1)
        ctx.say(f"{'MPTCP-8':>9} {mean(list(base.values())) / 1e6:>10.1f} {fmt(over)} "
                f"{fmt(under)} {'(12 % / 8 % of the NIC)':>22} {fmt(x_over):>16} "
                f"{fmt(x_under)} {ci_text(oci, 1):>5} {ci_text(uci, 1):>5}")
        rows.append(("MPTCP-8 (12 / 8 %)", over, under, x_over, x_under, None))
    if not rows:
        raise PlotError("hostlimited needs the runs without host-limited flows (none finished)")
    fig, axes = pyplot().subplots(1, 2, figsize=(9.6, 4.2))
    xs = list(range(len(rows)))
    for ax, (i_over, i_under), title in (
            (axes[0], (1, 2), "network-limited flows' throughput (the paper's measure)"),
            (axes[1], (3, 4), "their % of optimal (loss beyond the NIC share)")):
        ax.bar([x - 0.2 for x in xs], [r[i_over] or 0 for r in rows], width=0.4,
               label=f"host-limited just over ({OVER:g} x threshold)")
        ax.bar([x + 0.2 for x in xs], [r[i_under] or 0 for r in rows], width=0.4,
               label=f"just under ({UNDER:g} x threshold)")
        ax.axhline(0, color="black", linewidth=0.6)
        ax.set_xticks(xs)
        ax.set_xticklabels([r[0] for r in rows], fontsize=7, rotation=15)
        ax.set_title(title, fontsize=8)
        ax.grid(axis="y", linestyle=":", linewidth=0.5)
    paper = [(x, r[5]) for x, r in zip(xs, rows) if r[5]]
    axes[0].scatter([x - 0.2 for x, _ in paper], [v[0] for _, v in paper], marker="_", s=200,
                    color="black", zorder=3, label="paper")
    axes[0].scatter([x + 0.2 for x, _ in paper], [v[1] for _, v in paper], marker="_", s=200,
                    color="black", zorder=3)
    axes[0].set_ylabel("change against no host-limited flows (%)")
    axes[0].legend(fontsize=7)
    fig.suptitle(f"FatTree permutation, one host-limited + one unlimited flow per host "
                 f"({ctx.scale} scale)", fontsize=9)
    ctx.say("paper (seed 000 §4.4 table): Hedera loses 17-22 % at thresholds 5-20 %, "
            "45-51 % at 50 %; MPTCP 'consistently obtaining high throughput'")
    return [ctx.save(fig, "table")]
