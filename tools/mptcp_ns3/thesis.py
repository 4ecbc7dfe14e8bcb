# SPDX-License-Identifier: GPL-2.0-only
"""``mptcp-ns3 thesis-table53``: the setting of Table 5.3 of the MMPTCP thesis (Kheirkhah 2015).

FatTree k=8 with 16 hosts per ToR (512 hosts, 4:1 oversubscribed), 100 Mb/s links, 20 us,
DropTail 100 packets, MSS 1400, initial window 1 segment, every segment ACKed, RTOmin 200 ms,
permutation matrix, Sim_Mix with 33 % long-flow hosts and 70 KB short flows arriving at
lambda = 256/s from 0.5 s on -- once per configuration of Table 5.1 (TCP_Pure, MPTCP_Pure,
MPTCP_SFTCP, PS_Pure, PS_SFTCP, MMPTCP) and per RNG run, --jobs runs at a time, into one
database under one label (a resumable sweep: a rerun only runs what is not done); then prints
the table and draws the plots of ``mptcp-ns3 plot fct``.

  tools/mptcp-ns3 thesis-table53 [--duration 2.5] [--runs 1] [--db results/table53.db]
      [--out results/table53] [--label L] [--jobs 2] [--binary build/mptcp-fattree]
      [--dry-run] [-- extra options of every run]

The thesis simulates 20 s and 20 runs; one 2.5 s run of the six configurations takes about
25 minutes on a 2-core machine. The thesis's own model: ``-- --scheduler=StrictRoundRobin
--firstDataRto=1.5s --shortFlowStop=2.3`` with ``--duration 5.5`` (doc/mptcp.rst). Each run's
stderr goes to OUT/CONFIG-RUN.log; its JSON summary is printed as ``[CONFIG run N] {...}``.
The last stdout line is a JSON summary. Exit status 0: every run ok and plotted; 1: a run or
the plot failed; 2: bad arguments or incompatible database.
"""

import json
import os
import shlex
import sys

from . import sweep
from .common import ArgumentParser, BadInput, error, int_list, split_extra
from .plots import fct as fct_plots

PROG = "mptcp-ns3 thesis-table53"
#: Options of every run (Table 5.3's setting) before --duration and the configuration's.
COMMON = dict(k=8, hostsPerTor=16, linkRate="100Mbps", delay="20us", queue=100, mss=1400,
              delAckCount=1, initialCwnd=1, minRto="200ms", matrix="permutation",
              workload="mix", shortFlowRate=256, longFlowFraction=0.33, shortFlowSize=70000,
              shortFlowStart=0.5)
#: Table 5.1: configuration name -> its options.
CONFIGS = {
    "TCP_Pure": dict(transport="tcp"),
    "MPTCP_Pure": dict(transport="mptcp", subflows=8),
    "MPTCP_SFTCP": dict(transport="mptcp", subflows=8, shortTransport="tcp"),
    "PS_Pure": dict(transport="ps"),
    "PS_SFTCP": dict(transport="ps", shortTransport="tcp"),
    "MMPTCP": dict(transport="mmptcp", subflows=8, switchThreshold=100000),
}


def parse_args(argv):
    argv, extra = split_extra(argv)
    p = ArgumentParser(
        prog=PROG,
        description="Run the six configurations of Table 5.1 of the MMPTCP thesis in the "
        "setting of its Table 5.3 (k=8, 512 hosts, Sim_Mix), then print the FCT table and draw "
        "its plots.",
        epilog="Arguments after a lone '--' are passed to every run, e.g. -- "
        "--scheduler=RoundRobin.")
    p.add_argument("--duration", type=float, default=2.5,
                   help="simulated seconds per run (default: %(default)s)")
    p.add_argument("--runs", type=int_list, default=[1],
                   help="RNG run numbers, e.g. '1-5' (default: 1)")
    p.add_argument("--db", default="results/table53.db", help="results database "
                   "(default: %(default)s)")
    p.add_argument("--out", default="results/table53", help="directory of the logs and "
                   "plots (default: %(default)s)")
    p.add_argument("--label", default=None, help="label of the runs "
                   "(default: table53-iw1-DURATIONs)")
    p.add_argument("--jobs", type=int, default=2, help="runs at a time (default: %(default)s)")
    p.add_argument("--binary", default="build/mptcp-fattree",
                   help="the mptcp-fattree program (default: %(default)s)")
    p.add_argument("--timeout", type=float, default=None, help="wall-clock limit per run, s")
    p.add_argument("--dry-run", action="store_true", help="print the commands, run nothing")
    args = p.parse_args(argv)
    if args.jobs < 1:
        p.error("--jobs must be >= 1")
    if args.duration <= 0.5:
        p.error("--duration must be longer than the 0.5 s warm-up")
    if args.label is None:
        args.label = f"table53-iw1-{args.duration:g}s"
    args.extra = extra
    return args


def points(args):
    """[(config name, run, parameters)] in the order they run."""
    base = dict(COMMON, duration=args.duration, warmup=0.5, quiet=True)
    return [(name, run, dict(base, **opts, RngRun=run))
            for run in args.runs for name, opts in CONFIGS.items()]


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    plan = points(args)
    plot_args = ["--db", args.db, "--label", args.label, "--out", args.out]
    if args.dry_run:
        for _, _, p in plan:
            print(shlex.join(sweep.command(args.binary, p, args.db, args.label, args.extra)))
        print(shlex.join(fct_plots.PROG.split() + plot_args))
        return 0
    if not os.path.exists(args.binary):
        error(PROG, f"{args.binary} not built (cmake --build build), or give --binary")
        return 1
    os.makedirs(args.out, exist_ok=True)
    if os.path.dirname(args.db):
        os.makedirs(os.path.dirname(args.db), exist_ok=True)
    names = {sweep.point_key(args.binary, p): f"{name}-{run}" for name, run, p in plan}
    logs = {}

    def log_of(pt):
        if pt["key"] not in logs:
            logs[pt["key"]] = open(os.path.join(args.out, names[pt["key"]] + ".log"), "w")
        return logs[pt["key"]]

    def on_stderr(pt, line):
        print(line, file=log_of(pt), flush=True)

    def on_done(res):
        name, run = names[res["key"]].rsplit("-", 1)
        tag = f"[{name} run {run}]"
        print(f"{tag} {json.dumps(res['result']) if res['result'] else 'FAILED: ' + res['error']}",
              flush=True)

    try:
        res = sweep.run_sweep(args.binary, [p for _, _, p in plan], args.db, args.label,
                              jobs=args.jobs, extra=args.extra, timeout=args.timeout,
                              on_stderr=on_stderr, on_done=on_done)
    except BadInput as e:
        error(PROG, e)
        return 2
    finally:
        for f in logs.values():
            f.close()
    summary = {k: res[k] for k in ("sweep", "points", "skipped", "ok", "failed", "interrupted")}
    rc = 1 if res["failed"] or res["interrupted"] else 0
    if res["interrupted"]:
        print(json.dumps(summary))
        return 1
    sys.stdout.flush()
    summary["plot_status"] = fct_plots.main(plot_args)
    print(json.dumps(summary))
    return rc or (1 if summary["plot_status"] else 0)
