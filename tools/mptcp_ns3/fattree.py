# SPDX-License-Identifier: GPL-2.0-only
"""``mptcp-ns3 fattree``: the main job of the README (what tools/quickstart.sh runs): the FatTree
sweep of Raiciu et al. SIGCOMM 2011 (Figs. 2 and 3), then its plots.

Runs examples/mptcp-fattree (--binary) once with --transport=tcp and once per MPTCP subflow
count (--subflows, default 1..8) with --transport=mptcp --subflows=N, for every RNG run number
in --runs, up to --jobs processes at a time. Every run appends its row to the results database
(--db) under one --label; then ``mptcp-ns3 plot fattree`` (plots/fattree.py) draws the
figures from that label.

Each run's stderr (progress) is streamed, each line prefixed with the run's configuration.
A run succeeds if it exits with status 0 and its last non-empty stdout line is a JSON object
with the keys k, hosts, flows, transport, subflows, cc, duration_s, aggregate_goodput_bps,
optimal_pct, min_flow_pct, jain_index, wall_s (with transport, subflows and k matching the
requested ones). A summary table is printed at the end. The exit status is 1 if any run or the
plotting failed, 2 for bad arguments.

Arguments after a lone "--" are passed unchanged to every run, e.g.
  tools/mptcp-ns3 fattree --k 8 --duration 10 -- --linkRate=100Mbps
"""

import datetime
import json
import os
import shlex
import sys
import threading
import time

from . import sweep
from .common import ArgumentParser, int_list, split_extra
from .plots import fattree as fattree_plots

PROG = "mptcp-ns3 fattree"
REQUIRED_KEYS = ("k", "hosts", "flows", "transport", "subflows", "cc", "duration_s",
                 "aggregate_goodput_bps", "optimal_pct", "min_flow_pct", "jain_index", "wall_s")
NUMERIC_KEYS = ("k", "hosts", "flows", "subflows", "duration_s", "aggregate_goodput_bps",
                "optimal_pct", "min_flow_pct", "jain_index", "wall_s")
_print_lock = threading.Lock()


def eprint(*a):
    with _print_lock:
        print(*a, file=sys.stderr, flush=True)


def parse_args(argv):
    argv, extra = split_extra(argv)
    p = ArgumentParser(
        prog=PROG,
        description="Run examples/mptcp-fattree for TCP and for MPTCP with 1..8 subflows "
        "(Raiciu et al. SIGCOMM 2011, Figs. 2-3), in parallel, check each run's JSON result, "
        "print a summary and draw the figures (mptcp-ns3 plot fattree).",
        epilog="Arguments after a lone '--' are passed to every run of the binary.",
    )
    p.add_argument("--binary", default="build/mptcp-fattree",
                   help="the mptcp-fattree program (default: %(default)s)")
    p.add_argument("--k", type=int, default=8, help="FatTree k, passed as --k (default: 8)")
    p.add_argument("--hostsPerTor", type=int, default=None,
                   help="passed as --hostsPerTor (default: the program's)")
    p.add_argument("--duration", default=None,
                   help="simulated seconds per run, passed as --duration (default: the program's)")
    p.add_argument("--warmup", default=None,
                   help="warm-up seconds, passed as --warmup (default: the program's)")
    p.add_argument("--db", default="results/fattree.db",
                   help="results database, passed as --db; its directory is created if missing "
                   "(default: %(default)s)")
    p.add_argument("--label", default=None,
                   help="label of this sweep, passed as --label "
                   "(default: sweep-<UTC date and time>)")
    p.add_argument("--subflows", type=int_list, default=list(range(1, 9)),
                   help="MPTCP subflow counts, e.g. '1,2,4,8' or '1-8' (default: 1-8)")
    p.add_argument("--no-tcp", action="store_true", help="skip the single-path TCP runs")
    p.add_argument("--no-mptcp", action="store_true", help="skip the MPTCP runs")
    p.add_argument("--cc", default=None,
                   help="MPTCP congestion control, passed as --cc to MPTCP runs "
                   "(default: the program's)")
    p.add_argument("--runs", type=int_list, default=[1],
                   help="RNG run numbers, each passed as --RngRun; e.g. '1-5' (default: 1)")
    p.add_argument("--jobs", type=int, default=2,
                   help="runs executed in parallel (default: %(default)s)")
    p.add_argument("--timeout", type=float, default=None,
                   help="wall-clock limit per run in seconds (default: none)")
    p.add_argument("--out", default=None,
                   help="directory for the figures (default: the directory of --db)")
    p.add_argument("--no-plots", action="store_true", help="do not draw the figures")
    p.add_argument("--dry-run", action="store_true",
                   help="print the commands without running anything")
    args = p.parse_args(argv)
    if args.jobs < 1:
        p.error("--jobs must be >= 1")
    if args.no_tcp and args.no_mptcp:
        p.error("--no-tcp and --no-mptcp leave nothing to run")
    if args.label is None:
        args.label = "sweep-" + datetime.datetime.now(datetime.timezone.utc).strftime(
            "%Y%m%dT%H%M%SZ")
    if args.out is None:
        args.out = os.path.dirname(args.db) or "."
    args.extra = extra
    return args


def build_configs(args):
    """The runs of the sweep: list of dicts with name, transport, subflows, rng_run, cmd."""
    base = [args.binary, f"--k={args.k}"]
    if args.hostsPerTor is not None:
        base.append(f"--hostsPerTor={args.hostsPerTor}")
    if args.duration is not None:
        base.append(f"--duration={args.duration}")
    if args.warmup is not None:
        base.append(f"--warmup={args.warmup}")
    base += [f"--db={args.db}", f"--label={args.label}"]
    configs = []
    for run in args.runs:
        if not args.no_tcp:
            configs.append(dict(name=f"tcp run={run}", transport="tcp", subflows=1, rng_run=run,
                                cmd=base + ["--transport=tcp", f"--RngRun={run}"] + args.extra))
        if not args.no_mptcp:
            for sf in args.subflows:
                cmd = base + ["--transport=mptcp", f"--subflows={sf}"]
                if args.cc is not None:
                    cmd.append(f"--cc={args.cc}")
                cmd += [f"--RngRun={run}"] + args.extra
                configs.append(dict(name=f"mptcp sf={sf} run={run}", transport="mptcp",
                                    subflows=sf, rng_run=run, cmd=cmd))
    return configs


def check_result(line, cfg, k):
    """Parse and check a run's last stdout line. Returns (dict, None) or (None, reason)."""
    try:
        res = json.loads(line)
    except ValueError:
        return None, f"last stdout line is not JSON: {line[:120]!r}"
    if not isinstance(res, dict):
        return None, "last stdout line is not a JSON object"
    missing = [key for key in REQUIRED_KEYS if key not in res]
    if missing:
        return None, f"result JSON lacks key(s) {', '.join(missing)}"
    for key in NUMERIC_KEYS:
        if res[key] is not None and not isinstance(res[key], (int, float)):
            return None, f"result JSON key {key} is not a number: {res[key]!r}"
    if str(res["transport"]).lower() != cfg["transport"]:
        return None, f"result transport is {res['transport']!r}, expected {cfg['transport']!r}"
    if cfg["transport"] == "mptcp" and res["subflows"] != cfg["subflows"]:
        return None, f"result subflows is {res['subflows']!r}, expected {cfg['subflows']}"
    if res["k"] != k:
        return None, f"result k is {res['k']!r}, expected {k}"
    return res, None


def run_cost(cfg):
    """The relative wall time of a run, for ordering: its number of subflows (TCP as 0.5), as
    measured: every added subflow adds packets, and so events, to the same capacity."""
    return cfg["subflows"] if cfg["transport"] == "mptcp" else 0.5


def run_all(configs, args):
    """Run every configuration with sweep.Runner (parallel processes, wall time, peak memory,
    progress, Ctrl-C); updates each cfg with ok, result, error, wall, rc, peak_rss_kb.
    Returns True if the sweep was interrupted."""
    # Longest first (LPT): a run's wall time grows with its subflows (k=8, 1.2 s runs:
    # TCP 83 s, MPTCP-1 97 s ... MPTCP-8 197 s), so the longest start first and the short ones
    # fill the end; in the order of the table, MPTCP-6 to 8 ran last and one core stood idle for
    # about a minute and a half.
    order = sorted(configs, key=run_cost, reverse=True)
    points = [dict(cmd=c["cmd"], name=c["name"], cfg=c) for c in order]

    def on_start(pt):
        eprint(f"[{pt['name']}] start: {shlex.join(pt['cmd'])}")

    def on_stderr(pt, line):
        eprint(f"[{pt['name']}] {line.rstrip()}")

    def check(pt, res):
        return check_result(json.dumps(res), pt["cfg"], args.k)[1]

    def on_done(res):
        cfg = next(c for c in configs if c["name"] == res["name"])
        cfg.update(ok=res["status"] == "ok", result=res["result"] if res["status"] == "ok"
                   else None, error=res["error"], wall=res["wall_s"], rc=res["exit_code"],
                   peak_rss_kb=res["peak_rss_kb"])
        if cfg["ok"]:
            eprint(f"[{cfg['name']}] done in {cfg['wall']:.1f} s: "
                   f"optimal_pct={cfg['result']['optimal_pct']}")
        else:
            eprint(f"[{cfg['name']}] FAILED after {cfg['wall']:.1f} s: {cfg['error']}")

    for c in configs:
        c.update(ok=False, result=None, error="not run (interrupted)", wall=0.0)
    runner = sweep.Runner(jobs=args.jobs, timeout=args.timeout, on_stderr=on_stderr,
                          check=check, on_start=on_start)
    _, interrupted = runner.run(points, on_done=on_done)
    return interrupted


def fmt(v, spec):
    if v is None:
        return "-"
    try:
        return format(v, spec)
    except (TypeError, ValueError):
        return str(v)


def print_summary(configs):
    print(f"Sweep summary ({sum(c['ok'] for c in configs)}/{len(configs)} runs succeeded)")
    print(f"{'config':<22} {'status':<6} {'flows':>5} {'goodput_Mbps':>12} {'optimal_pct':>11} "
          f"{'min_flow_pct':>12} {'jain':>6} {'wall_s':>8}  error")
    for c in configs:
        r = c.get("result") or {}
        gp = r.get("aggregate_goodput_bps")
        print(f"{c['name']:<22} {'ok' if c['ok'] else 'FAIL':<6} {fmt(r.get('flows'), '>5'):>5} "
              f"{fmt(gp / 1e6 if isinstance(gp, (int, float)) else None, '.2f'):>12} "
              f"{fmt(r.get('optimal_pct'), '.2f'):>11} {fmt(r.get('min_flow_pct'), '.2f'):>12} "
              f"{fmt(r.get('jain_index'), '.3f'):>6} {fmt(r.get('wall_s'), '.1f'):>8}  "
              f"{c.get('error') or ''}")
    sys.stdout.flush()


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    configs = build_configs(args)
    plots_args = ["--db", args.db, "--out", args.out, "--label", args.label]
    if args.dry_run:
        for c in configs:
            print(shlex.join(c["cmd"]))
        if not args.no_plots:
            print(shlex.join(fattree_plots.PROG.split() + plots_args))
        return 0
    if not os.path.exists(args.binary):
        print(f"{PROG}: error: binary '{args.binary}' not found (build it first, or give --binary)",
              file=sys.stderr)
        return 1
    db_dir = os.path.dirname(args.db)
    if db_dir:
        os.makedirs(db_dir, exist_ok=True)
    eprint(f"{PROG}: {len(configs)} run(s), label '{args.label}', {args.jobs} at a time")
    t0 = time.monotonic()
    if run_all(configs, args):
        eprint(f"{PROG}: interrupted")
        return 1
    print_summary(configs)
    print(f"total wall time {time.monotonic() - t0:.1f} s; label '{args.label}'; db '{args.db}'")
    failed = [c for c in configs if not c["ok"]]
    status = 1 if failed else 0
    if args.no_plots:
        pass
    elif len(failed) == len(configs):
        eprint(f"{PROG}: every run failed; not plotting")
    else:
        sys.stdout.flush()
        rc = fattree_plots.main(plots_args)
        if rc != 0:
            eprint(f"{PROG}: {fattree_plots.PROG} failed with status {rc}")
            status = 1
    if failed:
        eprint(f"{PROG}: {len(failed)} of {len(configs)} run(s) failed: "
               + ", ".join(c["name"] for c in failed))
    return status

