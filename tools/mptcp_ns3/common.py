# SPDX-License-Identifier: GPL-2.0-only
"""What every subcommand shares: its two kinds of failure, an argument parser that reports a bad
argument in one line, list parsing, matplotlib set-up and small statistics.

Failures are one line on stderr, ``mptcp-ns3 SUBCOMMAND: error: ...``:

* :class:`BadInput` (bad arguments, empty grid, incompatible database): exit status 2;
* :class:`PlotError` (missing or unreadable data, nothing to plot): exit status 1.
"""

import argparse
import math
import statistics
import sys

TOOL = "mptcp-ns3"


class BadInput(Exception):
    """Bad input (arguments, grid, database): one line on stderr, exit status 2."""


class PlotError(Exception):
    """A failure reported as one line on stderr, exit status 1."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line (``PROG: error: ...``) and exit status 2."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def split_extra(argv):
    """(options, extra): the arguments before and after a lone '--' (passed to every run)."""
    if "--" in argv:
        i = argv.index("--")
        return argv[:i], argv[i + 1:]
    return argv, []


def add_db_out(parser, db, out, out_help="output directory for the PNG files, created if "
               "missing"):
    """The --db (read-only results database) and --out options of a plot."""
    parser.add_argument("--db", default=db, help="SQLite results database (default: "
                        "%(default)s); opened read-only")
    parser.add_argument("--out", default=out, help=f"{out_help} (default: %(default)s)")


def error(prog, message):
    """Print the one error line of a subcommand."""
    print(f"{prog}: error: {message}", file=sys.stderr)


def run_plot_main(prog, run, argv):
    """Call ``run(argv)`` (a plot's entry point); PlotError or a missing matplotlib is one line
    and exit status 1, else 0."""
    try:
        run(argv)
    except PlotError as e:
        error(prog, e)
        return 1
    except ImportError as e:
        error(prog, f"matplotlib is needed ({e}); apt-get install python3-matplotlib")
        return 1
    return 0


def int_list(text):
    """'1,2,4' or '1-8' or '1-4,8' -> [1, 2, ...] (positive integers, order kept, no repeats)."""
    out = []
    try:
        for part in text.split(","):
            part = part.strip()
            if not part:
                continue
            if "-" in part:
                a, b = part.split("-", 1)
                rng = range(int(a), int(b) + 1)
            else:
                rng = [int(part)]
            for v in rng:
                if v < 1:
                    raise ValueError
                if v not in out:
                    out.append(v)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of positive integers: '{text}'") from None
    if not out:
        raise argparse.ArgumentTypeError("empty list")
    return out


def parse_value(text):
    """A command-line value as int, else float, else the string."""
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def norm_value(v):
    """Parameter value as passed on the command line (bools lower-case, floats to 15 digits)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return format(v, ".15g")
    return str(v)


def pyplot():
    """matplotlib.pyplot with the Agg backend (no display needed)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def save_figure(fig, path, dpi):
    """tight_layout, write the PNG, close the figure; returns path."""
    fig.tight_layout()
    fig.savefig(path, dpi=dpi)
    pyplot().close(fig)
    return path


def percentile(sorted_vals, q):
    """Linear-interpolation percentile (q in 0..100) of a sorted list."""
    if not sorted_vals:
        return float("nan")
    pos = (len(sorted_vals) - 1) * q / 100.0
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_vals) - 1)
    return sorted_vals[lo] + (sorted_vals[hi] - sorted_vals[lo]) * (pos - lo)


# Two-sided 95 % quantiles of Student's t distribution, by degrees of freedom (1..30).
_T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
         2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
         2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def ci95(vals):
    """Half-width of the 95 % confidence interval of the mean of VALS (Student's t, sample
    standard deviation); NaN with fewer than two values."""
    vals = [float(v) for v in vals if v is not None and not math.isnan(float(v))]
    if len(vals) < 2:
        return math.nan
    df = len(vals) - 1
    t = _T975[df - 1] if df <= len(_T975) else 1.960
    return t * statistics.stdev(vals) / math.sqrt(len(vals))


def ci_text(half, digits):
    """A 95 % half-width (:func:`ci95`) for a table: DIGITS decimals, or '-' when it is NaN
    (fewer than two runs)."""
    return "-" if math.isnan(half) else f"{half:.{digits}f}"


def paired_difference(a, b):
    """The difference a - b paired by run: A and B map an RngRun to a value (the same
    permutation, salts and flow sizes in both runs of one RngRun); returns (mean, 95 %
    half-width (:func:`ci95`), number of RngRuns both have). Pairing removes the spread between
    RngRuns, which at small scale is larger than most differences between series (seed 000 Fig.
    13: 10-30 points between RngRuns, 0.5 between two intervals). (nan, nan, 0) without a
    common RngRun."""
    common = sorted(a.keys() & b.keys())
    d = [a[r] - b[r] for r in common]
    return mean(d), ci95(d), len(d)


def paired_ratio(a, b):
    """The ratio a / b paired by run, as :func:`paired_difference`: A and B map an RngRun to a
    value; returns (mean of the per-RngRun ratios, its 95 % half-width (:func:`ci95`), number
    of RngRuns both have, with a non-zero B). (nan, nan, 0) without a common RngRun."""
    common = sorted(r for r in a.keys() & b.keys() if b[r])
    q = [a[r] / b[r] for r in common]
    return mean(q), ci95(q), len(q)


def mean_ci(vals):
    """(mean, 95 % half-width (:func:`ci95`), count) of the values that are not None."""
    vals = [v for v in vals if v is not None]
    return mean(vals), ci95(vals), len(vals)


def mean(vals):
    """Mean of the values that are not None or NaN; NaN if there are none."""
    vals = [v for v in vals if v is not None and not (isinstance(v, float) and math.isnan(v))]
    return statistics.fmean(vals) if vals else math.nan
