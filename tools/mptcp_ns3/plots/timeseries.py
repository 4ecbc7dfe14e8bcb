# SPDX-License-Identifier: GPL-2.0-only
"""``mptcp-ns3 plot timeseries``: per-subflow throughput against time, with a link failure
marked (the shape of Fig. 19 of Raiciu et al., SIGCOMM 2011), from the CSV of
examples/mptcp-link-failure.

The CSV has the columns time_s, subflow, path, throughput_bps: one row per subflow and sample
(subflow = the sender's subflow id, path = 1 or 2) and one row per sample with subflow "total"
and path "all". One line is drawn per subflow and one (thicker) for the total, in Mb/s; the
failure of path 2 (--fail-at .. --restore-at, or to the end) is shaded.

Prints the mean throughput of each line before, during and after the failure (skipping
--settle seconds after each change). Exits with status 1 and one line on stderr
("mptcp-ns3 plot timeseries: error: ...") on a missing or malformed CSV. Needs only matplotlib
(Agg backend) and the standard library.
"""

import csv
import os
import sys

from ..common import ArgumentParser, PlotError, pyplot, run_plot_main, save_figure

PROG = "mptcp-ns3 plot timeseries"
COLUMNS = ["time_s", "subflow", "path", "throughput_bps"]


def load(path):
    """{label: [(time_s, bps), ...]} with labels 'subflow N (path P)' and 'total'."""
    try:
        with open(path, newline="") as f:
            reader = csv.reader(f)
            header = next(reader, None)
            if header != COLUMNS:
                raise PlotError("%s: expected columns %s, got %s" % (path, ",".join(COLUMNS),
                                                                    header))
            series = {}
            for n, row in enumerate(reader, start=2):
                if len(row) != 4:
                    raise PlotError("%s:%d: expected 4 fields, got %d" % (path, n, len(row)))
                try:
                    t, bps = float(row[0]), float(row[3])
                except ValueError:
                    raise PlotError("%s:%d: time or throughput is not a number" % (path, n))
                label = "total" if row[1] == "total" else "subflow %s (path %s)" % (row[1],
                                                                                   row[2])
                series.setdefault(label, []).append((t, bps))
    except OSError as e:
        raise PlotError("cannot read %s: %s" % (path, e.strerror))
    if not series:
        raise PlotError("%s: no samples" % path)
    return series


def path_of(label):
    """The path number of a 'subflow N (path P)' label, or None for the total."""
    if label == "total":
        return None
    return int(label.rsplit("path ", 1)[1].rstrip(")"))


def mean(samples, start, end):
    """Mean throughput of the samples with start < time <= end (None if there are none)."""
    v = [bps for t, bps in samples if start < t <= end]
    return sum(v) / len(v) if v else None


def phases(series, fail_at, restore_at, settle):
    """{label: (before, during, after)} mean throughputs, bit/s; after is None if never
    restored. Each phase skips its first `settle` seconds."""
    end = max(t for s in series.values() for t, _ in s)
    fail_end = restore_at if restore_at is not None and restore_at > 0 else end
    out = {}
    for label, samples in series.items():
        after = mean(samples, restore_at + settle, end) if fail_end < end else None
        out[label] = (mean(samples, settle, fail_at), mean(samples, fail_at + settle, fail_end),
                      after)
    return out


def plot(series, fail_at, restore_at, out, title):
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7, 4))
    for label in sorted(series, key=lambda l: (l == "total", l)):
        t = [x for x, _ in series[label]]
        mbps = [y / 1e6 for _, y in series[label]]
        if label == "total":
            ax.plot(t, mbps, color="black", linewidth=2, label="total")
        else:
            ax.plot(t, mbps, linewidth=1.2, label=label)
    end = max(t for s in series.values() for t, _ in s)
    if fail_at is not None:
        stop = restore_at if restore_at is not None and restore_at > 0 else end
        ax.axvspan(fail_at, stop, color="red", alpha=0.12, label="path 2 failed")
        ax.axvline(fail_at, color="red", linestyle="--", linewidth=1)
        if stop < end:
            ax.axvline(stop, color="green", linestyle="--", linewidth=1)
    ax.set_xlabel("time (s)")
    ax.set_ylabel("throughput (Mb/s)")
    ax.set_xlim(0, end)
    ax.set_ylim(bottom=0)
    ax.set_title(title)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=4, fontsize=8)
    save_figure(fig, out, 120)


def parse_args(argv):
    p = ArgumentParser(
        prog=PROG,
        description="Per-subflow throughput against time with a link failure marked (Fig. 19 "
        "of Raiciu et al. SIGCOMM 2011), from the CSV of examples/mptcp-link-failure.",
        epilog="Example: ./build/mptcp-link-failure --csv=lf.csv && "
        "tools/mptcp-ns3 plot timeseries lf.csv --fail-at 3 --restore-at 6 --out lf.png")
    p.add_argument("csv", help="time_s,subflow,path,throughput_bps CSV")
    p.add_argument("--out", help="PNG to write (default: the CSV's name with .png)")
    p.add_argument("--fail-at", type=float, help="time path 2 failed, s (shaded from here)")
    p.add_argument("--restore-at", type=float,
                   help="time path 2 came back, s (default or negative: never)")
    p.add_argument("--settle", type=float, default=1.0,
                   help="seconds skipped after each change in the printed means "
                   "(default: %(default)s)")
    p.add_argument("--title", default="MPTCP subflows across a link failure",
                   help="figure title")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    return run_plot_main(PROG, lambda _: draw(args), argv)


def draw(args):
    """Plot, then print the phases' means; raises PlotError."""
    series = load(args.csv)
    if args.restore_at is not None and args.restore_at >= 0 and (
            args.fail_at is None or args.restore_at <= args.fail_at):
        raise PlotError("--restore-at must come after --fail-at")
    out = args.out or os.path.splitext(args.csv)[0] + ".png"
    plot(series, args.fail_at, args.restore_at, out, args.title)
    if args.fail_at is not None:
        print("%-22s %12s %12s %12s" % ("Mb/s", "before", "during", "after"))
        fmt = lambda v: "%12s" % ("-" if v is None else "%.2f" % (v / 1e6))
        for label, (b, d, a) in sorted(phases(series, args.fail_at, args.restore_at,
                                              args.settle).items()):
            print("%-22s %s %s %s" % (label, fmt(b), fmt(d), fmt(a)))
    print("wrote %s" % out)

