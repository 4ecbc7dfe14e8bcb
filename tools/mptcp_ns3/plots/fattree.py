# SPDX-License-Identifier: GPL-2.0-only
"""``mptcp-ns3 plot fattree``: Figs. 2 and 3 of Raiciu et al., SIGCOMM 2011, from the results
database (the plots of ``mptcp-ns3 fattree``; ``mptcp-ns3 reproduce`` reuses its tables and
bar/rank plots).

Reads the SQLite database written by ns3::ExperimentDatabase (schema: doc/results-schema.rst),
selects the runs of one FatTree sweep and writes

  fig2-throughput-vs-subflows.png  aggregate throughput (% of optimal, runs.optimal_pct) of
                                   single-path TCP and of MPTCP against the number of
                                   subflows; bar = mean over the runs with the same parameters
                                   (different --RngRun), error bar = its 95 % confidence
                                   interval (Student's t) when there are several; in the
                                   paper's setting (k=8, permutation, 100 Mb/s) the paper's own
                                   simulator's values (htsim, mptcp_ns3.reference) beside;
  fig3-flow-rank.png               per-flow throughput (% of optimal, flows.pct_of_optimal)
                                   ranked from lowest to highest, for TCP and for MPTCP with the
                                   largest subflow count present: the median over the runs of
                                   each rank, the band from the lowest to the highest run when
                                   there are several, and htsim's lowest flow, 10th and 50th
                                   percentiles (paper's setting).

Selection: runs of --experiment (default 'fattree'); --label (default: the label of the most
recent such run); --k, --hosts-per-tor, --matrix (default: those of the most recent run of that
label); MPTCP runs with congestion control --cc (default: that of the most recent MPTCP run).
Runs whose transport is 'tcp' form the TCP baseline; 'mptcp' runs are grouped by subflows.

The numbers plotted are printed to stdout as tables. Exits with status 1 and one line on stderr
("mptcp-ns3 plot fattree: error: ...") when the database is missing or unreadable or no runs match.
Needs only matplotlib (Agg backend) and the standard library.
"""

import math
import os
import sqlite3
import statistics
import sys

from ..common import (ArgumentParser, PlotError, add_db_out, ci95, percentile, pyplot,
                      run_plot_main, save_figure)
from ..schema import open_db
from .. import reference

PROG = "mptcp-ns3 plot fattree"
FIG2_NAME = "fig2-throughput-vs-subflows.png"
FIG3_NAME = "fig3-flow-rank.png"


def parse_args(argv):
    p = ArgumentParser(
        prog=PROG,
        description="Draw Fig. 2 (aggregate throughput vs number of subflows) and Fig. 3 "
        "(ranked per-flow throughput) of Raiciu et al. SIGCOMM 2011 from the results database "
        "of examples/mptcp-fattree (schema: doc/results-schema.rst).",
        epilog="Example: tools/mptcp-ns3 plot fattree --db results/fattree.db --out results/",
    )
    add_db_out(p, "results/fattree.db", "results/")
    p.add_argument("--label", default=None,
                   help="runs.label of the sweep to plot (default: label of the latest run)")
    p.add_argument("--experiment", default="fattree",
                   help="runs.experiment to select (default: %(default)s)")
    p.add_argument("--k", type=int, default=None,
                   help="FatTree k to select (default: that of the latest selected run)")
    p.add_argument("--hosts-per-tor", type=int, default=None, dest="hosts_per_tor",
                   help="hosts per ToR to select (default: that of the latest selected run)")
    p.add_argument("--matrix", default=None,
                   help="traffic matrix to select (default: that of the latest selected run)")
    p.add_argument("--cc", default=None,
                   help="congestion control of the MPTCP runs to select "
                   "(default: that of the latest MPTCP run)")
    p.add_argument("--print-flows", action="store_true",
                   help="print every ranked per-flow value of Fig. 3, not only percentiles")
    return p.parse_args(argv)


def load_runs(con, experiment):
    """All runs of one experiment, as dicts, ordered by run_id."""
    try:
        cur = con.execute("SELECT * FROM runs WHERE experiment = ? ORDER BY run_id", (experiment,))
        return [dict(r) for r in cur.fetchall()]
    except sqlite3.Error as e:
        raise PlotError(f"cannot read table runs: {e}") from None


def load_flow_pcts_by_run(con, run_ids):
    """{run_id: sorted flows.pct_of_optimal} of the given runs (NULLs dropped)."""
    out = {}
    for rid in run_ids:
        cur = con.execute("SELECT pct_of_optimal FROM flows WHERE run_id = ? "
                          "AND pct_of_optimal IS NOT NULL", (rid,))
        vals = sorted(float(r[0]) for r in cur.fetchall())
        if vals:
            out[rid] = vals
    return out


def rank_spread(per_run):
    """Per rank (runs resampled to the smallest run's flow count): (median, lowest, highest)
    over the runs; per_run is a list of sorted per-flow lists."""
    per_run = [v for v in per_run if v]
    if not per_run:
        return [], [], []
    n = min(len(v) for v in per_run)
    med, lo, hi = [], [], []
    for i in range(n):
        q = 100.0 * i / (n - 1) if n > 1 else 0.0
        vals = sorted(percentile(v, q) for v in per_run)
        med.append(statistics.median(vals))
        lo.append(vals[0])
        hi.append(vals[-1])
    return med, lo, hi


def load_flow_pcts(con, run_ids):
    """flows.pct_of_optimal of the given runs (NULLs dropped), unsorted."""
    if not run_ids:
        return []
    marks = ",".join("?" * len(run_ids))
    cur = con.execute(
        f"SELECT pct_of_optimal FROM flows WHERE run_id IN ({marks}) "
        "AND pct_of_optimal IS NOT NULL", list(run_ids))
    return [float(r[0]) for r in cur.fetchall()]


def is_tcp(run):
    return str(run.get("transport") or "").lower() == "tcp"


def is_mptcp(run):
    return str(run.get("transport") or "").lower() == "mptcp"


def select_runs(runs, args):
    """Apply the selection rules of the module docstring. Returns (selection dict, runs)."""
    if not runs:
        raise PlotError(f"no runs of experiment '{args.experiment}' in '{args.db}'")
    labels = []
    for r in runs:
        if r["label"] not in labels:
            labels.append(r["label"])
    label = args.label if args.label is not None else runs[-1]["label"]
    chosen = [r for r in runs if r["label"] == label]
    if not chosen:
        raise PlotError(f"no runs of experiment '{args.experiment}' with label '{label}' in "
                        f"'{args.db}' (labels: {', '.join(map(str, labels))})")
    latest = chosen[-1]
    sel = {"experiment": args.experiment, "label": label}
    for key, given in (("k", args.k), ("hosts_per_tor", args.hosts_per_tor),
                       ("matrix", args.matrix)):
        value = given if given is not None else latest[key]
        sel[key] = value
        chosen = [r for r in chosen if r[key] == value]
        if not chosen:
            raise PlotError(f"no runs of experiment '{args.experiment}' with label '{label}' "
                            f"and {key}={value} in '{args.db}'")
    tcp = [r for r in chosen if is_tcp(r)]
    mptcp = [r for r in chosen if is_mptcp(r)]
    if mptcp:
        cc = args.cc if args.cc is not None else mptcp[-1]["cc"]
        mptcp = [r for r in mptcp if r["cc"] == cc]
        sel["mptcp_cc"] = cc
        if not mptcp and not tcp:
            raise PlotError(f"no MPTCP runs with cc '{cc}' and no TCP runs for {describe(sel)}")
    if not tcp and not mptcp:
        raise PlotError(f"no tcp or mptcp runs for {describe(sel)} in '{args.db}'")
    return sel, tcp, mptcp


def describe(sel):
    parts = [f"{k}={sel[k]}" for k in ("experiment", "label", "k", "hosts_per_tor", "matrix",
                                      "mptcp_cc") if k in sel]
    return ", ".join(parts)


def summarize(values):
    """(n, mean, min, max) of the non-null values; None if there are none."""
    vals = [float(v) for v in values if v is not None and not math.isnan(float(v))]
    if not vals:
        return None
    return len(vals), statistics.fmean(vals), min(vals), max(vals)


def fig2_rows(tcp, mptcp):
    """Rows (series, subflows, n, mean, min, max, run_ids, ci95) of Fig. 2, TCP first; ci95 is
    the half-width of the mean's 95 % confidence interval (NaN for one run)."""
    rows = []
    s = summarize(r["optimal_pct"] for r in tcp)
    if s:
        rows.append(("TCP", 1, *s, [r["run_id"] for r in tcp],
                     ci95(r["optimal_pct"] for r in tcp)))
    for sf in sorted({r["subflows"] for r in mptcp}):
        group = [r for r in mptcp if r["subflows"] == sf]
        s = summarize(r["optimal_pct"] for r in group)
        if s:
            rows.append(("MPTCP", sf, *s, [r["run_id"] for r in group],
                         ci95(r["optimal_pct"] for r in group)))
    return rows


def check_uniform(runs):
    """Warn on stderr when runs of one figure differ in parameters other than the RNG run."""
    for key in ("link_rate_bps", "delay_s", "queue_pkts", "duration_s", "warmup_s", "hosts"):
        values = {r[key] for r in runs}
        if len(values) > 1:
            print(f"{PROG}: warning: selected runs differ in {key}: "
                  f"{', '.join(str(v) for v in sorted(values, key=str))}", file=sys.stderr)


def title_of(sel, runs):
    hosts = runs[-1]["hosts"] if runs else None
    rate = runs[-1]["link_rate_bps"] if runs else None
    t = f"FatTree k={sel['k']}"
    if hosts:
        t += f" ({hosts} hosts)"
    if rate:
        t += f", {rate / 1e6:g} Mb/s links"
    t += f", {sel['matrix']}"
    return t + f"\nlabel '{sel['label']}'"


def runs_per_point(rows, series):
    """How many runs the points of SERIES average, as the legend says it: "3", or "2-5" when
    the points differ (a sweep under way). ROWS: Fig. 2's rows (series, subflows, n, ...);
    points of one run are left out (they have no confidence interval)."""
    ns = sorted({r[2] for r in rows if r[0] == series and r[2] > 1})
    if not ns:
        return "1"
    return f"{ns[0]}" if ns[0] == ns[-1] else f"{ns[0]}-{ns[-1]}"


def plot_fig2(rows, sel, runs, path, title=None, dpi=150):
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    xs, labels, legended = [], [], set()
    show_ref = bool(runs) and all(reference.applies(r) for r in runs)
    for x, (series, sf, n, mean, lo, hi, _, ci) in enumerate(rows):
        color = "#d62728" if series == "TCP" else "#1f77b4"
        has_ci = n > 1 and not math.isnan(ci)
        yerr = [[ci], [ci]] if has_ci else None
        legend = None
        if series not in legended:
            legended.add(series)
            legend = "TCP (single path, ECMP)" if series == "TCP" else "MPTCP"
            if has_ci:
                legend += f", mean of {runs_per_point(rows, series)} runs ± 95 % CI"
        ax.bar(x, mean, width=0.7, color=color, edgecolor="black", linewidth=0.5,
               yerr=yerr, capsize=4 if yerr else 0, label=legend)
        ax.text(x, mean + (ci if has_ci else 0) + 1.5, f"{mean:.1f}", ha="center",
                va="bottom", fontsize=7)
        ref = reference.htsim_fig2(series, sf) if show_ref else None
        if ref is not None:
            lab = None
            if "htsim" not in legended:
                legended.add("htsim")
                lab = "paper's simulator (htsim, 3 seeds)"
            ax.plot([x - 0.35, x + 0.35], [ref, ref], color="black", linewidth=2.0, label=lab)
        xs.append(x)
        labels.append("TCP" if series == "TCP" else str(sf))
    if show_ref and any(r[0] == "MPTCP" and r[1] == 8 for r in rows):
        ax.axhline(reference.PAPER_MPTCP8_PCT, color="green", linestyle="-.", linewidth=0.8,
                   label="paper: 90 % with 8 subflows")
    ax.set_xticks(xs)
    ax.set_xticklabels(labels)
    ax.axhline(100, color="grey", linestyle="--", linewidth=0.8)
    if any(r[0] == "TCP" for r in rows) and len(rows) > 1:
        ax.axvline(0.5, color="black", linewidth=0.6)
    ax.set_ylim(0, max([110.0] + [r[5] + 8 for r in rows]))
    if show_ref:
        ax.text(0.01, 0.99, "black bars: htsim rerun with the paper's setting "
                "(notes/fidelity.md)", transform=ax.transAxes, fontsize=6, va="top")
    ax.set_xlabel("No. of MPTCP subflows (TCP: single-path baseline)")
    ax.set_ylabel("Throughput (% of optimal)")
    ax.set_title(title or title_of(sel, runs), fontsize=9)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(axis="y", linestyle=":", linewidth=0.5)
    save_figure(fig, path, dpi)


def plot_fig3(lines, sel, runs, path, title=None, dpi=150, per_run=None):
    """Ranked per-flow throughput. LINES: (name, subflows, runs, pooled sorted values); PER_RUN:
    {(name, subflows): [sorted values of one run, ...]}: with several runs the median of each
    rank is drawn with the band of the lowest..highest run."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    styles = {"TCP": dict(color="#d62728", linestyle="--"), "MPTCP": dict(color="#1f77b4")}
    show_ref = bool(runs) and all(reference.applies(r) for r in runs)
    for name, sf, nruns, vals in lines:
        label = "TCP" if name == "TCP" else f"MPTCP, {sf} subflows"
        runs_vals = (per_run or {}).get((name, sf))
        if runs_vals and len(runs_vals) > 1:
            med, lo, hi = rank_spread(runs_vals)
            xs = list(range(1, len(med) + 1))
            label += f" (median of {len(runs_vals)} runs per rank, band: lowest..highest run)"
            ax.fill_between(xs, lo, hi, alpha=0.25, color=styles[name]["color"], linewidth=0)
            ax.plot(xs, med, label=label, linewidth=1.4, **styles[name])
        else:
            per = len(vals) / max(nruns, 1)
            # With several runs pooled, x is scaled so that it still spans 0..flows per run.
            xs = [(i + 1) * per / len(vals) for i in range(len(vals))]
            label += f" ({nruns} run{'s' if nruns != 1 else ''}, {len(vals)} flows)"
            ax.plot(xs, vals, label=label, linewidth=1.4, **styles[name])
        ref = reference.HTSIM_FIG3.get("TCP" if name == "TCP" else sf) if show_ref else None
        if ref:
            flows = len(runs_vals[0]) if runs_vals else len(vals) / max(nruns, 1)
            for key, (a, b) in ref.items():
                x = 1 if key == "min" else flows * key / 100.0
                ax.plot([x, x], [a, b], color="black", linewidth=2.5,
                        marker="_", markersize=8)
    if show_ref:
        ax.plot([], [], color="black", linewidth=2.5,
                label="htsim (paper's simulator, 3 seeds): lowest, p10, p50")
        ax.axhline(reference.PAPER_MPTCP8_MIN_FLOW_PCT, color="green", linestyle="-.",
                   linewidth=0.8, label="paper: no MPTCP-8 flow below 50 %")
    ax.axhline(100, color="grey", linestyle=":", linewidth=0.8)
    ax.set_ylim(0, max([110.0] + [max(v) + 5 for _, _, _, v in lines]))
    ax.set_xlim(left=0)
    pooled = any(nruns > 1 for _, _, nruns, _ in lines)
    ax.set_xlabel("Rank of flow" + (" (runs pooled, scaled to one run's flows)" if pooled else ""))
    ax.set_ylabel("Throughput (% of optimal)")
    ax.set_title(title or title_of(sel, runs), fontsize=9)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(linestyle=":", linewidth=0.5)
    save_figure(fig, path, dpi)


def print_fig2(rows, out, runs=None):
    """The Fig. 2 table of ROWS (:func:`fig2_rows`); the htsim column only when every one of
    RUNS (runs-table rows; None: not checked) has the references' setting
    (:func:`reference.applies`: k=8 FatTree, permutation, 100 Mb/s), '-' otherwise."""
    show_ref = runs is None or (bool(runs) and all(reference.applies(r) for r in runs))
    print("Fig. 2: aggregate throughput (% of optimal) vs number of subflows; ci95: half-width "
          "of the 95 % confidence interval of the mean (several runs); htsim: the paper's "
          "simulator in its setting (k=8 FatTree, 100 Mb/s, permutation; '-' in any other)",
          file=out)
    print(f"{'series':<7} {'subflows':>8} {'runs':>5} {'mean_pct':>9} {'min_pct':>8} "
          f"{'max_pct':>8} {'ci95':>6} {'htsim':>6}  run_ids", file=out)
    for series, sf, n, mean, lo, hi, ids, ci in rows:
        ref = reference.htsim_fig2(series, sf) if show_ref else None
        cis = f"{ci:>6.2f}" if not math.isnan(ci) else f"{'-':>6}"
        refs = f"{ref:>6.1f}" if ref is not None else f"{'-':>6}"
        print(f"{series:<7} {sf:>8} {n:>5} {mean:>9.2f} {lo:>8.2f} {hi:>8.2f} {cis} {refs}  "
              f"{','.join(map(str, ids))}", file=out)


def print_fig3(lines, out, all_flows, per_run=None):
    """The ranked per-flow table: percentiles of the pooled flows, flows below 50 % and at
    least 90 %, and (PER_RUN given) the lowest flow of each run as 'lowest..highest' over the
    runs (the paper: no MPTCP-8 flow below 50 %, in every run)."""
    print("Fig. 3: per-flow throughput (% of optimal), ranked lowest to highest (runs pooled); "
          "run_min: the lowest flow of each run, lowest..highest over the runs", file=out)
    qs = (0, 10, 25, 50, 75, 90, 100)
    print(f"{'series':<7} {'subflows':>8} {'runs':>5} {'flows':>6} "
          + " ".join(f"{'p' + str(q):>6}" for q in qs)
          + f" {'<50%':>6} {'>=90%':>6} {'run_min':>12}", file=out)
    for name, sf, nruns, vals in lines:
        below50 = sum(v < 50 for v in vals)
        above90 = sum(v >= 90 for v in vals)
        mins = [v[0] for v in (per_run or {}).get((name, sf), []) if v]
        run_min = f"{min(mins):.1f}..{max(mins):.1f}" if mins else "-"
        print(f"{name:<7} {sf:>8} {nruns:>5} {len(vals):>6} "
              + " ".join(f"{percentile(vals, q):>6.1f}" for q in qs)
              + f" {below50:>6} {above90:>6} {run_min:>12}", file=out)
    if all_flows:
        for name, sf, _, vals in lines:
            print(f"{name} subflows={sf} ranked: " + " ".join(f"{v:.2f}" for v in vals), file=out)


def run(argv, out=sys.stdout):
    """Entry point without sys.exit; raises PlotError on failure. Returns the written paths."""
    args = parse_args(argv)
    con = open_db(args.db)
    try:
        runs = load_runs(con, args.experiment)
        sel, tcp, mptcp = select_runs(runs, args)
        rows = fig2_rows(tcp, mptcp)
        if not rows:
            raise PlotError(f"the selected runs ({describe(sel)}) have no optimal_pct values")
        check_uniform(tcp + mptcp)
        lines = []
        per_run = {}
        if tcp:
            vals = sorted(load_flow_pcts(con, [r["run_id"] for r in tcp]))
            if vals:
                lines.append(("TCP", 1, len(tcp), vals))
                per_run[("TCP", 1)] = list(
                    load_flow_pcts_by_run(con, [r["run_id"] for r in tcp]).values())
        if mptcp:
            top = max(r["subflows"] for r in mptcp)
            group = [r for r in mptcp if r["subflows"] == top]
            vals = sorted(load_flow_pcts(con, [r["run_id"] for r in group]))
            if vals:
                lines.append(("MPTCP", top, len(group), vals))
                per_run[("MPTCP", top)] = list(
                    load_flow_pcts_by_run(con, [r["run_id"] for r in group]).values())
    except sqlite3.Error as e:
        raise PlotError(f"cannot read database '{args.db}': {e}") from None
    finally:
        con.close()

    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        raise PlotError(f"cannot create output directory '{args.out}': {e}") from None
    print(f"Selected: {describe(sel)}; {len(tcp)} TCP run(s), {len(mptcp)} MPTCP run(s)",
          file=out)
    print_fig2(rows, out, tcp + mptcp)
    written = []
    fig2 = os.path.join(args.out, FIG2_NAME)
    plot_fig2(rows, sel, tcp + mptcp, fig2)
    written.append(fig2)
    print("", file=out)
    if lines:
        print_fig3(lines, out, args.print_flows, per_run)
        fig3 = os.path.join(args.out, FIG3_NAME)
        plot_fig3(lines, sel, tcp + mptcp, fig3, per_run=per_run)
        written.append(fig3)
    else:
        print(f"{PROG}: warning: no per-flow rows for the selected runs; {FIG3_NAME} not drawn",
              file=sys.stderr)
    print("", file=out)
    for w in written:
        print(f"wrote {w}", file=out)
    return written


def main(argv=None):
    return run_plot_main(PROG, run, sys.argv[1:] if argv is None else argv)
