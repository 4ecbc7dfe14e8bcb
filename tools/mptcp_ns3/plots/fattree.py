# SPDX-License-Identifier: GPL-2.0-only
"""``mptcp-ns3 plot fattree``: Figs. 2 and 3 of Raiciu et al., SIGCOMM 2011, from the results
database (the plots of ``mptcp-ns3 fattree``; ``mptcp-ns3 reproduce`` reuses its tables and
bar/rank plots).

Reads the SQLite database written by ns3::ExperimentDatabase (schema: doc/results-schema.rst),
selects the runs of one FatTree sweep and writes

  fig2-throughput-vs-subflows.png  aggregate throughput (% of optimal, runs.optimal_pct) of
                                   single-path TCP and of MPTCP against the number of
                                   subflows; bar = mean over the runs with the same parameters
                                   (different --RngRun), error bar = min..max when several;
  fig3-flow-rank.png               per-flow throughput (% of optimal, flows.pct_of_optimal)
                                   ranked from lowest to highest, for TCP and for MPTCP with the
                                   largest subflow count present.

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

from ..common import (ArgumentParser, PlotError, add_db_out, percentile, pyplot,
                      run_plot_main, save_figure)
from ..schema import open_db

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
    """Rows (series, subflows, n, mean, min, max, run_ids) of Fig. 2, TCP first."""
    rows = []
    s = summarize(r["optimal_pct"] for r in tcp)
    if s:
        rows.append(("TCP", 1, *s, [r["run_id"] for r in tcp]))
    for sf in sorted({r["subflows"] for r in mptcp}):
        group = [r for r in mptcp if r["subflows"] == sf]
        s = summarize(r["optimal_pct"] for r in group)
        if s:
            rows.append(("MPTCP", sf, *s, [r["run_id"] for r in group]))
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


def plot_fig2(rows, sel, runs, path, title=None, dpi=150):
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    xs, labels, legended = [], [], set()
    for x, (series, sf, n, mean, lo, hi, _) in enumerate(rows):
        color = "#d62728" if series == "TCP" else "#1f77b4"
        yerr = [[mean - lo], [hi - mean]] if n > 1 else None
        legend = None
        if series not in legended:
            legended.add(series)
            legend = "TCP (single path, ECMP)" if series == "TCP" else "MPTCP"
        ax.bar(x, mean, width=0.7, color=color, edgecolor="black", linewidth=0.5,
               yerr=yerr, capsize=4 if yerr else 0, label=legend)
        ax.text(x, (hi if n > 1 else mean) + 1.5, f"{mean:.0f}", ha="center", va="bottom",
                fontsize=8)
        xs.append(x)
        labels.append("TCP" if series == "TCP" else str(sf))
    ax.set_xticks(xs)
    ax.set_xticklabels(labels)
    ax.axhline(100, color="grey", linestyle="--", linewidth=0.8)
    if any(r[0] == "TCP" for r in rows) and len(rows) > 1:
        ax.axvline(0.5, color="black", linewidth=0.6)
    ax.set_ylim(0, max([110.0] + [r[5] + 8 for r in rows]))
    ax.set_xlabel("No. of MPTCP subflows (TCP: single-path baseline)")
    ax.set_ylabel("Throughput (% of optimal)")
    ax.set_title(title or title_of(sel, runs), fontsize=9)
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(axis="y", linestyle=":", linewidth=0.5)
    save_figure(fig, path, dpi)


def plot_fig3(lines, sel, runs, path, title=None, dpi=150):
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4.2))
    styles = {"TCP": dict(color="#d62728", linestyle="--"), "MPTCP": dict(color="#1f77b4")}
    for name, sf, nruns, vals in lines:
        per_run = len(vals) / max(nruns, 1)
        # With several runs pooled, x is scaled so that it still spans 0..flows per run.
        xs = [(i + 1) * per_run / len(vals) for i in range(len(vals))]
        label = "TCP" if name == "TCP" else f"MPTCP, {sf} subflows"
        label += f" ({nruns} run{'s' if nruns != 1 else ''}, {len(vals)} flows)"
        ax.plot(xs, vals, label=label, linewidth=1.4, **styles[name])
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


def print_fig2(rows, out):
    print("Fig. 2: aggregate throughput (% of optimal) vs number of subflows", file=out)
    print(f"{'series':<7} {'subflows':>8} {'runs':>5} {'mean_pct':>9} {'min_pct':>8} "
          f"{'max_pct':>8}  run_ids", file=out)
    for series, sf, n, mean, lo, hi, ids in rows:
        print(f"{series:<7} {sf:>8} {n:>5} {mean:>9.2f} {lo:>8.2f} {hi:>8.2f}  "
              f"{','.join(map(str, ids))}", file=out)


def print_fig3(lines, out, all_flows):
    print("Fig. 3: per-flow throughput (% of optimal), ranked lowest to highest", file=out)
    qs = (0, 10, 25, 50, 75, 90, 100)
    print(f"{'series':<7} {'subflows':>8} {'runs':>5} {'flows':>6} "
          + " ".join(f"{'p' + str(q):>6}" for q in qs)
          + f" {'<50%':>6} {'>=90%':>6}", file=out)
    for name, sf, nruns, vals in lines:
        below50 = sum(v < 50 for v in vals)
        above90 = sum(v >= 90 for v in vals)
        print(f"{name:<7} {sf:>8} {nruns:>5} {len(vals):>6} "
              + " ".join(f"{percentile(vals, q):>6.1f}" for q in qs)
              + f" {below50:>6} {above90:>6}", file=out)
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
        if tcp:
            vals = sorted(load_flow_pcts(con, [r["run_id"] for r in tcp]))
            if vals:
                lines.append(("TCP", 1, len(tcp), vals))
        if mptcp:
            top = max(r["subflows"] for r in mptcp)
            group = [r for r in mptcp if r["subflows"] == top]
            vals = sorted(load_flow_pcts(con, [r["run_id"] for r in group]))
            if vals:
                lines.append(("MPTCP", top, len(group), vals))
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
    print_fig2(rows, out)
    written = []
    fig2 = os.path.join(args.out, FIG2_NAME)
    plot_fig2(rows, sel, tcp + mptcp, fig2)
    written.append(fig2)
    print("", file=out)
    if lines:
        print_fig3(lines, out, args.print_flows)
        fig3 = os.path.join(args.out, FIG3_NAME)
        plot_fig3(lines, sel, tcp + mptcp, fig3)
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
