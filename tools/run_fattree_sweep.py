#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Run the FatTree sweep of Raiciu et al. SIGCOMM 2011 (Figs. 2 and 3) and plot it.

Runs examples/mptcp-fattree (--binary) once with --transport=tcp and once per MPTCP subflow
count (--subflows, default 1..8) with --transport=mptcp --subflows=N, for every RNG run number
in --runs, up to --jobs processes at a time. Every run appends its row to the results database
(--db) under one --label; then tools/mptcp_plots.py draws the figures from that label.

Each run's stderr (progress) is streamed, each line prefixed with the run's configuration.
A run succeeds if it exits with status 0 and its last non-empty stdout line is a JSON object
with the keys k, hosts, flows, transport, subflows, cc, duration_s, aggregate_goodput_bps,
optimal_pct, min_flow_pct, jain_index, wall_s (with transport, subflows and k matching the
requested ones). A summary table is printed at the end. The exit status is 1 if any run or the
plotting failed, 2 for bad arguments.

Arguments after a lone "--" are passed unchanged to every run, e.g.
  python3 tools/run_fattree_sweep.py --k 8 --duration 10 -- --linkRate=100Mbps
"""

import argparse
import concurrent.futures
import datetime
import json
import os
import shlex
import subprocess
import sys
import threading
import time

PROG = "run_fattree_sweep.py"
REQUIRED_KEYS = ("k", "hosts", "flows", "transport", "subflows", "cc", "duration_s",
                 "aggregate_goodput_bps", "optimal_pct", "min_flow_pct", "jain_index", "wall_s")
NUMERIC_KEYS = ("k", "hosts", "flows", "subflows", "duration_s", "aggregate_goodput_bps",
                "optimal_pct", "min_flow_pct", "jain_index", "wall_s")
HERE = os.path.dirname(os.path.abspath(__file__))

_print_lock = threading.Lock()
_procs = set()
_procs_lock = threading.Lock()


def eprint(*a):
    with _print_lock:
        print(*a, file=sys.stderr, flush=True)


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


def parse_args(argv):
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    else:
        extra = []
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Run examples/mptcp-fattree for TCP and for MPTCP with 1..8 subflows "
        "(Raiciu et al. SIGCOMM 2011, Figs. 2-3), in parallel, check each run's JSON result, "
        "print a summary and draw the figures with tools/mptcp_plots.py.",
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
    p.add_argument("--no-plots", action="store_true", help="do not call mptcp_plots.py")
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


def run_one(cfg, args):
    """Run one configuration; returns cfg updated with status, result, error, wall."""
    prefix = f"[{cfg['name']}]"
    eprint(f"{prefix} start: {shlex.join(cfg['cmd'])}")
    t0 = time.monotonic()
    try:
        proc = subprocess.Popen(cfg["cmd"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, text=True, errors="replace", bufsize=1)
    except OSError as e:
        cfg.update(ok=False, error=f"cannot start {cfg['cmd'][0]}: {e}", wall=0.0, result=None)
        eprint(f"{prefix} FAILED: {cfg['error']}")
        return cfg
    with _procs_lock:
        _procs.add(proc)
    out_lines = []

    def read_stdout():
        for line in proc.stdout:
            out_lines.append(line)

    reader = threading.Thread(target=read_stdout, daemon=True)
    reader.start()
    timer = None
    timed_out = threading.Event()
    if args.timeout:
        def kill():
            timed_out.set()
            proc.kill()
        timer = threading.Timer(args.timeout, kill)
        timer.start()
    for line in proc.stderr:
        eprint(f"{prefix} {line.rstrip()}")
    rc = proc.wait()
    reader.join()
    if timer:
        timer.cancel()
    with _procs_lock:
        _procs.discard(proc)
    wall = time.monotonic() - t0
    cfg.update(wall=wall, result=None, error=None, ok=False, rc=rc)
    lines = [ln.strip() for ln in out_lines if ln.strip()]
    if timed_out.is_set():
        cfg["error"] = f"killed after the --timeout of {args.timeout:g} s"
    elif rc != 0:
        cfg["error"] = f"exit status {rc}"
    elif not lines:
        cfg["error"] = "no output on stdout (expected a JSON result line)"
    else:
        res, err = check_result(lines[-1], cfg, args.k)
        cfg["result"], cfg["error"] = res, err
        cfg["ok"] = err is None
    if cfg["ok"]:
        eprint(f"{prefix} done in {wall:.1f} s: optimal_pct={cfg['result']['optimal_pct']}")
    else:
        eprint(f"{prefix} FAILED after {wall:.1f} s: {cfg['error']}")
    return cfg


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
    plots_cmd = [sys.executable, os.path.join(HERE, "mptcp_plots.py"), "--db", args.db,
                 "--out", args.out, "--label", args.label]
    if args.dry_run:
        for c in configs:
            print(shlex.join(c["cmd"]))
        if not args.no_plots:
            print(shlex.join(plots_cmd))
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
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            list(pool.map(lambda c: run_one(c, args), configs))
    except KeyboardInterrupt:
        with _procs_lock:
            for p in _procs:
                p.terminate()
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
        rc = subprocess.call(plots_cmd)
        if rc != 0:
            eprint(f"{PROG}: mptcp_plots.py failed with status {rc}")
            status = 1
    if failed:
        eprint(f"{PROG}: {len(failed)} of {len(configs)} run(s) failed: "
               + ", ".join(c["name"] for c in failed))
    return status


if __name__ == "__main__":
    sys.exit(main())
