# SPDX-License-Identifier: GPL-2.0-only
"""``mptcp-ns3 plot fct``: short-flow completion times and per-layer loss of the MMPTCP thesis
(Kheirkhah 2015, Tables 5.3-5.5, Figs. 5.3-5.6), from the results database.

Reads the SQLite database written by ns3::ExperimentDatabase (schema: doc/results-schema.rst;
tables runs, workload_runs, short_flows, link_layers), selects the runs of one --label whose
workload is 'mix' (or --workload) and groups them by the thesis's configuration names
(Table 5.1):

  TCP_Pure     transport tcp, short flows tcp
  MPTCP_Pure   transport mptcp, short flows mptcp (every flow with the same subflows)
  MPTCP_SFTCP  transport mptcp, short flows tcp
  PS_Pure      transport ps (host-side PacketScatter), short flows ps
  PS_SFTCP     transport ps, short flows tcp
  MMPTCP       transport mmptcp, short flows mmptcp
  (other combinations are named TRANSPORT/SHORT, e.g. packetscatter/tcp)

and writes

  fct-cdf.png          the cumulative distribution of the completed short flows' FCT (ms), one
                       line per configuration, all runs of a configuration pooled;
  layer-loss.png       the loss rate (%) of each link layer (host-edge, edge-aggregation,
                       aggregation-core; up and down) per configuration, mean over runs.

It prints the Table 5.3 columns per configuration: short-flow FCT mean and standard deviation
(ms, over all completed short flows of all runs), completed short flows, long-flow goodput mean
and standard deviation (Mb/s, over all long flows of all runs), core utilisation (%) and core
loss (%) (means of workload_runs.core_util / core_loss over runs). Standard deviations are of
the sample (n - 1), as workload_runs.fct_sd_s and the JSON fct_sd_ms.

Exits with status 1 and one line on stderr ("mptcp-ns3 plot fct: error: ...") when the database is
missing, unreadable or lacks the workload tables, or when no runs match.
"""

import math
import os
import sqlite3
import statistics
import sys

from .. import schema
from ..common import (ArgumentParser, PlotError, add_db_out, percentile, pyplot,
                      run_plot_main, save_figure)

PROG = "mptcp-ns3 plot fct"
CDF_NAME = "fct-cdf.png"
LOSS_NAME = "layer-loss.png"
LAYERS = ("host-edge", "edge-aggregation", "aggregation-core")
# Table 5.1 of the thesis: (long-flow transport, short-flow transport) -> name.
CONFIG_NAMES = {
    ("tcp", "tcp"): "TCP_Pure",
    ("mptcp", "mptcp"): "MPTCP_Pure",
    ("mptcp", "tcp"): "MPTCP_SFTCP",
    ("ps", "ps"): "PS_Pure",
    ("ps", "tcp"): "PS_SFTCP",
    ("mmptcp", "mmptcp"): "MMPTCP",
}
ORDER = ("PS_Pure", "PS_SFTCP", "TCP_Pure", "MMPTCP", "MPTCP_SFTCP", "MPTCP_Pure")


def parse_args(argv):
    p = ArgumentParser(
        prog=PROG,
        description="Short-flow FCT distributions and per-layer loss rates per transport "
        "configuration (MMPTCP thesis Tables 5.3-5.5) from the results database of "
        "examples/mptcp-fattree --workload=mix (schema: doc/results-schema.rst).",
        epilog="Example: tools/mptcp-ns3 plot fct --db results/mix.db --out results/",
    )
    add_db_out(p, "results/mix.db", "results/")
    p.add_argument("--label", default=None,
                   help="runs.label to select (default: the label of the latest mix run)")
    p.add_argument("--workload", default="mix",
                   help="workload_runs.workload to select (default: %(default)s)")
    return p.parse_args(argv)


def open_db(path):
    """Open an existing database of workload runs read-only (schema.open_db)."""
    return schema.open_db(path, ("runs", "flows", "workload_runs", "short_flows", "link_layers"),
                          "not a results database of a workload run")


def config_name(transport, short_transport):
    """The thesis's name of a (long, short) transport pair; 'same' means the long one."""
    t = (transport or "").lower()
    s = (short_transport or "same").lower()
    if s in ("", "same"):
        s = t
    return CONFIG_NAMES.get((t, s), f"{t}/{s}")


def load(con, label, workload):
    """Runs of the selection as dicts (runs joined with workload_runs), ordered by run_id."""
    rows = [dict(r) for r in con.execute(
        "SELECT r.run_id, r.label, r.transport, r.subflows, r.hosts, w.* FROM runs r "
        "JOIN workload_runs w ON w.run_id = r.run_id WHERE w.workload = ? ORDER BY r.run_id",
        (workload,))]
    if not rows:
        raise PlotError(f"no runs with workload '{workload}' in the database")
    if label is None:
        label = rows[-1]["label"]
    rows = [r for r in rows if r["label"] == label]
    if not rows:
        raise PlotError(f"no runs with workload '{workload}' and label '{label}'")
    for r in rows:
        r["config"] = config_name(r["transport"], r["short_transport"])
    return label, rows


def summarize(con, runs):
    """Per configuration: the Table 5.3 columns, the pooled FCTs (ms) and per-layer loss."""
    groups = {}
    for r in runs:
        groups.setdefault(r["config"], []).append(r)
    out = {}
    for name, rs in groups.items():
        ids = [r["run_id"] for r in rs]
        marks = ",".join("?" * len(ids))
        fcts = sorted(1e3 * row[0] for row in con.execute(
            f"SELECT fct_s FROM short_flows WHERE run_id IN ({marks}) AND completed = 1 "
            "AND fct_s IS NOT NULL", ids))
        started = con.execute(
            f"SELECT COUNT(*) FROM short_flows WHERE run_id IN ({marks})", ids).fetchone()[0]
        goodputs = [row[0] / 1e6 for row in con.execute(
            f"SELECT goodput_bps FROM flows WHERE run_id IN ({marks}) "
            "AND goodput_bps IS NOT NULL", ids)]
        loss = {}
        for row in con.execute(
                f"SELECT layer, direction, AVG(loss_rate), AVG(utilization) FROM link_layers "
                f"WHERE run_id IN ({marks}) GROUP BY layer, direction", ids):
            loss[(row[0], row[1])] = (row[2], row[3])
        util = [r["core_util"] for r in rs if r["core_util"] is not None]
        closs = [r["core_loss"] for r in rs if r["core_loss"] is not None]
        out[name] = {
            "runs": len(rs),
            "fcts": fcts,
            "started": started,
            "fct_mean": statistics.fmean(fcts) if fcts else math.nan,
            "fct_sd": statistics.stdev(fcts) if len(fcts) > 1 else math.nan,
            "fct_p99": percentile(fcts, 99) if fcts else math.nan,
            "gp_mean": statistics.fmean(goodputs) if goodputs else math.nan,
            "gp_sd": statistics.stdev(goodputs) if len(goodputs) > 1 else math.nan,
            "core_util": 100 * statistics.fmean(util) if util else math.nan,
            "core_loss": 100 * statistics.fmean(closs) if closs else math.nan,
            "layers": loss,
        }
    return out


def ordered(names):
    known = [n for n in ORDER if n in names]
    return known + sorted(n for n in names if n not in ORDER)


def print_table(summary, out):
    print(f"{'config':<12} {'runs':>4} {'short':>7} {'done':>7} {'FCT mean':>9} {'FCT sd':>8} "
          f"{'FCT p99':>8} {'long Mb/s':>9} {'sd':>6} {'core util%':>10} {'core loss%':>10}",
          file=out)
    for name in ordered(summary):
        s = summary[name]
        print(f"{name:<12} {s['runs']:>4} {s['started']:>7} {len(s['fcts']):>7} "
              f"{s['fct_mean']:>9.1f} {s['fct_sd']:>8.1f} {s['fct_p99']:>8.1f} "
              f"{s['gp_mean']:>9.1f} {s['gp_sd']:>6.1f} {s['core_util']:>10.1f} "
              f"{s['core_loss']:>10.4f}", file=out)


def plot_cdf(summary, label, path):
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for name in ordered(summary):
        f = summary[name]["fcts"]
        if not f:
            continue
        ys = [(i + 1) / len(f) for i in range(len(f))]
        ax.step(f, ys, where="post", label=f"{name} (mean {summary[name]['fct_mean']:.0f} ms)")
    ax.set_xscale("log")
    ax.set_xlabel("short-flow completion time (ms)")
    ax.set_ylabel("fraction of completed short flows")
    ax.set_title(f"Short-flow FCT distribution ({label})", fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8, loc="lower right")
    save_figure(fig, path, 120)


def plot_loss(summary, label, path):
    plt = pyplot()
    names = ordered(summary)
    cols = [(layer, d) for layer in LAYERS for d in ("up", "down")]
    fig, ax = plt.subplots(figsize=(7.2, 4.2))
    width = 0.8 / max(1, len(names))
    for i, name in enumerate(names):
        vals = [100 * (summary[name]["layers"].get(c, (math.nan, math.nan))[0] or 0)
                for c in cols]
        xs = [j + (i - (len(names) - 1) / 2) * width for j in range(len(cols))]
        ax.bar(xs, vals, width=width, label=name)
    ax.set_xticks(range(len(cols)))
    ax.set_xticklabels([f"{layer}\n{d}" for layer, d in cols], fontsize=7)
    ax.set_ylabel("loss rate (%)")
    ax.set_title(f"Loss rate per link layer ({label})", fontsize=10)
    ax.grid(True, axis="y", alpha=0.3)
    ax.legend(fontsize=8)
    save_figure(fig, path, 120)


def run(argv, out=sys.stdout):
    """Entry point without sys.exit; raises PlotError on failure. Returns the written paths."""
    args = parse_args(argv)
    con = open_db(args.db)
    try:
        label, runs = load(con, args.label, args.workload)
        summary = summarize(con, runs)
    except sqlite3.Error as e:
        raise PlotError(f"cannot read database '{args.db}': {e}") from None
    finally:
        con.close()
    try:
        os.makedirs(args.out, exist_ok=True)
    except OSError as e:
        raise PlotError(f"cannot create output directory '{args.out}': {e}") from None
    print(f"Selected: label '{label}', workload '{args.workload}', {len(runs)} run(s)", file=out)
    print_table(summary, out)
    written = [os.path.join(args.out, CDF_NAME), os.path.join(args.out, LOSS_NAME)]
    plot_cdf(summary, label, written[0])
    plot_loss(summary, label, written[1])
    for w in written:
        print(f"wrote {w}", file=out)
    return written


def main(argv=None):
    return run_plot_main(PROG, run, sys.argv[1:] if argv is None else argv)
