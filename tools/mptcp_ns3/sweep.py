# SPDX-License-Identifier: GPL-2.0-only
"""``mptcp-ns3 sweep``: resumable parallel sweep runner for the experiment programs (library
and subcommand; every other grid of this package, ``fattree``, ``reproduce`` and
``thesis-table53``, runs through its :class:`Runner`).

A sweep is a grid: a list of parameter dicts for one program (e.g. build/mptcp-fattree). Each
point runs as ``PROGRAM --name=value ... --db=DB --label=SWEEP [extra args]`` in its own process,
up to --jobs at a time. A point succeeds when the program exits with status 0 and its last
non-empty stdout line is a JSON object; its ``run_id`` (the program's row in ``runs``) is kept.

Every finished point appends one row to the table ``sweep_points`` of the results database
(defined in schema.py; doc/reproduction.rst): the point's stable key (program name and the sorted
parameters, RngRun included; not --db, --label or the extra args), status 'ok' or 'failed',
exit code, wall time, peak memory of the child (ru_maxrss from os.wait4) and the last lines of
its stderr. A point that already has an 'ok' row (from any sweep) is skipped, so an interrupted
sweep resumes where it stopped; a failed point is run again and gets a new row. Ctrl-C (or
SIGTERM) kills the running children and records nothing for them.

The database is checked before anything is written (schema.check_db): a file that is not
SQLite, a result or sweep schema version other than the package's, or a ``runs`` table lacking
the columns the tools read is rejected with one line (exit status 2), without modifying the file.

CLI: tools/mptcp-ns3 sweep --program build/mptcp-fattree --grid grid.json --db r.db
     [--sweep NAME] [--param name=v1,v2 ...] [--runs 1-3] [--jobs N] [-- extra args]
The last stdout line is a JSON summary. Exit status 0: every point ok; 1: some failed or the
sweep was interrupted; 2: bad arguments, empty grid or incompatible database.
"""

import collections
import itertools
import json
import os
import shlex
import signal
import subprocess
import sys
import threading
import time

from . import schema
from .common import (ArgumentParser, BadInput, error, int_list, norm_value, parse_value,
                     split_extra)

PROG = "mptcp-ns3 sweep"
STDERR_TAIL_LINES = 20


# ----------------------------------------------------------------------------------------------
# Grid and keys


def product(**axes):
    """Cartesian product of parameter lists: product(k=[4, 8], subflows=[1, 2]) -> 4 dicts."""
    names = list(axes)
    return [dict(zip(names, values)) for values in itertools.product(*axes.values())]


def with_runs(grid, runs):
    """Every point of grid once per RNG run number (parameter RngRun), points kept in order."""
    return [dict(p, RngRun=r) for p in grid for r in runs]


def point_key(program, params):
    """Stable key of a point: program name and its sorted --name=value parameters."""
    name = os.path.basename(str(program))
    return " ".join([name] + [f"--{k}={norm_value(params[k])}" for k in sorted(params)])


def dedupe(points):
    """Points in order without repeats (by their sorted parameters)."""
    seen, out = set(), []
    for p in points:
        key = json.dumps({k: norm_value(v) for k, v in p.items()}, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def command(program, params, db=None, label=None, extra=()):
    cmd = [str(program)] + [f"--{k}={norm_value(v)}" for k, v in params.items()]
    if db is not None:
        cmd.append(f"--db={db}")
    if label is not None:
        cmd.append(f"--label={label}")
    return cmd + list(extra)


def ok_runs(con, program, points):
    """{index of point: run_id of its latest 'ok' row} for the points that have one."""
    return schema.ok_runs(con, [point_key(program, p) for p in points])


# ----------------------------------------------------------------------------------------------
# Execution


class Progress:
    """One status line on stderr: done/total, failures, elapsed and estimated time left."""

    def __init__(self, total, stream=sys.stderr, enabled=True):
        self.total, self.done, self.failed, self.stream = total, 0, 0, stream
        self.t0 = time.monotonic()
        self.enabled = enabled and total > 0
        self.tty = hasattr(stream, "isatty") and stream.isatty()
        self.lock = threading.Lock()

    def line(self):
        el = time.monotonic() - self.t0
        left = el / self.done * (self.total - self.done) if self.done else None
        width = 30
        fill = int(width * self.done / self.total) if self.total else width
        return (f"[{'#' * fill}{'.' * (width - fill)}] {self.done}/{self.total} done, "
                f"{self.failed} failed, {fmt_time(el)} elapsed, "
                f"{'?' if left is None else fmt_time(left)} left")

    def step(self, ok):
        with self.lock:
            self.done += 1
            self.failed += 0 if ok else 1
            if self.enabled:
                end = "" if self.tty and self.done < self.total else "\n"
                print(("\r" if self.tty else "") + self.line(), end=end, file=self.stream,
                      flush=True)

    def message(self, text):
        with self.lock:
            if self.enabled:
                print(("\r\033[K" if self.tty else "") + text, file=self.stream, flush=True)


def fmt_time(s):
    s = int(round(s))
    return f"{s // 3600}h{s // 60 % 60:02d}m{s % 60:02d}s" if s >= 3600 else \
        f"{s // 60}m{s % 60:02d}s"


class Runner:
    """Runs points in parallel child processes; see the module docstring."""

    def __init__(self, jobs=None, timeout=None, on_stderr=None, check=None, progress=True,
                 stream=sys.stderr, on_start=None):
        self.jobs = max(1, jobs or os.cpu_count() or 1)
        self.timeout = timeout
        self.on_stderr = on_stderr  # callable(point, line) for every stderr line, or None
        self.check = check  # callable(point, result_dict) -> error text or None
        self.on_start = on_start  # callable(point) before a point's process starts, or None
        self.progress_enabled = progress
        self.stream = stream
        self.stop = threading.Event()
        self.procs = {}
        self.lock = threading.Lock()

    def kill_all(self):
        self.stop.set()
        with self.lock:
            procs = list(self.procs.values())
        for p in procs:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                pass

    def run_one(self, pt):
        """Run one point (dict with cmd, key, params); returns a result dict or None if the
        sweep was interrupted while it ran."""
        res = dict(key=pt.get("key"), params=pt.get("params"), name=pt.get("name"),
                   status="failed", run_id=None, exit_code=None, wall_s=0.0, peak_rss_kb=None,
                   stderr_tail="", error=None, result=None)
        if self.stop.is_set():
            return None
        if self.on_start:
            self.on_start(pt)
        t0 = time.monotonic()
        try:
            proc = subprocess.Popen(pt["cmd"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
        except OSError as e:
            res["error"] = f"cannot start {pt['cmd'][0]}: {e}"
            res["stderr_tail"] = res["error"]
            return res
        with self.lock:
            self.procs[proc.pid] = proc
        out_chunks, tail = [], collections.deque(maxlen=STDERR_TAIL_LINES)

        def read_out():
            out_chunks.append(proc.stdout.read())

        reader = threading.Thread(target=read_out, daemon=True)
        reader.start()
        timed_out = threading.Event()
        timer = None
        if self.timeout:
            def kill():
                timed_out.set()
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except OSError:
                    pass
            timer = threading.Timer(self.timeout, kill)
            timer.start()
        for raw in proc.stderr:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            tail.append(line)
            if self.on_stderr and not self.stop.is_set():
                self.on_stderr(pt, line)
        _, status, rusage = os.wait4(proc.pid, 0)
        rc = os.waitstatus_to_exitcode(status)
        proc.returncode = rc
        reader.join()
        if timer:
            timer.cancel()
        with self.lock:
            self.procs.pop(proc.pid, None)
        if self.stop.is_set():
            return None
        res.update(exit_code=rc, wall_s=time.monotonic() - t0, peak_rss_kb=int(rusage.ru_maxrss),
                   stderr_tail="\n".join(tail))
        lines = [ln.strip() for ln in b"".join(out_chunks).decode("utf-8", "replace")
                 .splitlines() if ln.strip()]
        if timed_out.is_set():
            res["error"] = f"killed after the timeout of {self.timeout:g} s"
        elif rc != 0:
            res["error"] = (f"killed by signal {-rc}" if rc < 0 else f"exit status {rc}")
        elif not lines:
            res["error"] = "no output on stdout (expected a JSON result line)"
        else:
            try:
                js = json.loads(lines[-1])
            except ValueError:
                js = None
            if not isinstance(js, dict):
                res["error"] = f"last stdout line is not a JSON object: {lines[-1][:120]!r}"
            else:
                res["result"] = js
                rid = js.get("run_id")
                res["run_id"] = rid if isinstance(rid, int) and rid >= 0 else None
                res["error"] = self.check(pt, js) if self.check else None
        if res["error"] is None:
            res["status"] = "ok"
        elif res["error"] not in res["stderr_tail"]:
            res["stderr_tail"] = (res["stderr_tail"] + "\n" if res["stderr_tail"] else "") + \
                f"[{PROG}] {res['error']}"
        return res

    def run(self, points, on_done=None):
        """Run every point (dicts with cmd and optional key, params, name). on_done(result) is
        called, in the calling thread's order of completion, for every finished point. Returns
        (results, interrupted); results hold None for points not run because of an interrupt.
        """
        progress = Progress(len(points), self.stream, self.progress_enabled)
        results = [None] * len(points)
        queue = list(enumerate(points))
        qlock = threading.Lock()
        done_lock = threading.Lock()
        errors = []

        def worker():
            while not self.stop.is_set():
                with qlock:
                    if not queue:
                        return
                    i, pt = queue.pop(0)
                try:
                    res = self.run_one(pt)
                    if res is None:
                        return
                    with done_lock:
                        if self.stop.is_set():
                            return
                        results[i] = res
                        if on_done:
                            on_done(res)
                        progress.step(res["status"] == "ok")
                        if res["status"] != "ok":
                            last = [ln for ln in res["stderr_tail"].splitlines()
                                    if not ln.startswith(f"[{PROG}]")][-1:]
                            progress.message(f"{PROG}: point failed ({res['error']}): "
                                             f"{res.get('name') or res.get('key')}"
                                             + (f"; stderr: {last[0]}" if last else ""))
                except Exception as e:  # noqa: BLE001 - reported, the sweep continues
                    errors.append(e)
                    self.kill_all()
                    return

        threads = [threading.Thread(target=worker, daemon=True)
                   for _ in range(min(self.jobs, len(points)))]
        old_term = None
        if threading.current_thread() is threading.main_thread():
            def on_term(signum, frame):
                raise KeyboardInterrupt
            old_term = signal.signal(signal.SIGTERM, on_term)
        interrupted = False
        try:
            for t in threads:
                t.start()
            for t in threads:
                while t.is_alive():
                    t.join(0.2)
        except KeyboardInterrupt:
            interrupted = True
            with done_lock:  # no row is being written while we stop
                self.kill_all()
            for t in threads:
                t.join(5)
        finally:
            if old_term is not None:
                signal.signal(signal.SIGTERM, old_term)
        if errors:
            raise errors[0]
        return results, interrupted


def run_sweep(program, points, db, sweep, jobs=None, extra=(), timeout=None, resume=True,
              progress=True, on_stderr=None, check=None, stream=sys.stderr, on_done=None):
    """Run the points not yet 'ok' in db and record each one (then call on_done(result) if
    given). Returns a summary dict with points, skipped, ok, failed, interrupted, results (list
    of result dicts)."""
    if not points:
        raise BadInput("empty grid: no parameter sets to run")
    schema.init_sweep_tables(db)
    done = schema.done_keys(db) if resume else set()
    todo, skipped = [], 0
    for p in points:
        key = point_key(program, p)
        if key in done:
            skipped += 1
            continue
        todo.append(dict(key=key, params=p, name=key, cmd=command(program, p, db, sweep, extra)))
    if progress:
        print(f"{PROG}: sweep '{sweep}': {len(points)} point(s), {skipped} already done, "
              f"{len(todo)} to run, {jobs or os.cpu_count()} at a time", file=stream, flush=True)
    runner = Runner(jobs=jobs, timeout=timeout, on_stderr=on_stderr, check=check,
                    progress=progress, stream=stream)
    def done(res):
        schema.record(db, sweep, res)
        if on_done:
            on_done(res)

    results, interrupted = runner.run(todo, on_done=done)
    results = [r for r in results if r is not None]
    return dict(sweep=sweep, points=len(points), skipped=skipped,
                ok=sum(r["status"] == "ok" for r in results),
                failed=sum(r["status"] != "ok" for r in results),
                not_run=len(todo) - len(results), interrupted=interrupted, results=results)


# ----------------------------------------------------------------------------------------------
# CLI


def parse_args(argv):
    argv, extra = split_extra(argv)
    p = ArgumentParser(
        prog=PROG,
        description="Run a grid of parameter sets of one program as parallel processes, "
        "recording each point in the sweep_points table of the results database; points "
        "already done are skipped (resume).",
        epilog="Arguments after a lone '--' are passed unchanged to every run.")
    p.add_argument("--program", required=True, help="the program to run, e.g. "
                   "build/mptcp-fattree")
    p.add_argument("--grid", default=None,
                   help="JSON file with a list of parameter objects (one per point)")
    p.add_argument("--param", action="append", default=[], metavar="NAME=V1[,V2...]",
                   help="a grid axis; several are combined as a cartesian product (and with "
                   "--grid)")
    p.add_argument("--runs", type=int_list, default=None,
                   help="RNG run numbers, each point is run once per number as --RngRun "
                   "(default: the points' own, or none)")
    p.add_argument("--db", required=True, help="results database, passed as --db")
    p.add_argument("--sweep", default=None,
                   help="name of the sweep, passed as --label (default: program name)")
    p.add_argument("--jobs", type=int, default=os.cpu_count(),
                   help="parallel processes (default: the number of CPUs, %(default)s)")
    p.add_argument("--timeout", type=float, default=None, help="wall-clock limit per run, s")
    p.add_argument("--no-resume", action="store_true",
                   help="run every point even if it already has an 'ok' row")
    p.add_argument("--dry-run", action="store_true", help="print the commands only")
    args = p.parse_args(argv)
    if args.jobs is None or args.jobs < 1:
        p.error("--jobs must be >= 1")
    args.extra = extra
    return args


def grid_from_args(args):
    points = []
    if args.grid is not None:
        try:
            with open(args.grid) as f:
                grid = json.load(f)
        except (OSError, ValueError) as e:
            raise BadInput(f"cannot read grid '{args.grid}': {e}") from None
        if not isinstance(grid, list) or not all(isinstance(g, dict) for g in grid):
            raise BadInput(f"grid '{args.grid}' is not a JSON list of objects")
        points = grid
    axes = {}
    for spec in args.param:
        if "=" not in spec or not spec.split("=", 1)[0]:
            raise BadInput(f"--param '{spec}' is not NAME=V1[,V2...]")
        name, values = spec.split("=", 1)
        axes[name] = [parse_value(v) for v in values.split(",") if v != ""]
    if axes:
        prod = product(**axes)
        points = [dict(g, **a) for g in (points or [{}]) for a in prod]
    if args.runs:
        points = with_runs(points, args.runs)
    return dedupe(points)


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    sweep = args.sweep or os.path.basename(args.program)
    try:
        points = grid_from_args(args)
        if not points:
            raise BadInput("empty grid: no parameter sets to run")
        if args.dry_run:
            for p in points:
                print(shlex.join(command(args.program, p, args.db, sweep, args.extra)))
            return 0
        summary = run_sweep(args.program, points, args.db, sweep, jobs=args.jobs,
                            extra=args.extra, timeout=args.timeout,
                            resume=not args.no_resume)
    except BadInput as e:
        error(PROG, e)
        return 2
    results = summary.pop("results")
    summary["wall_s"] = round(sum(r["wall_s"] for r in results), 3)
    print(json.dumps(summary))
    return 0 if summary["failed"] == 0 and not summary["interrupted"] else 1

