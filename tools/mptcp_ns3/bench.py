# SPDX-License-Identifier: GPL-2.0-only
"""``mptcp-ns3 bench``: speed benchmark of the FatTree experiment (issue 18).

Runs examples/mptcp-fattree side by side in one invocation, one run after the other on the same
machine, on the same FatTree (default k=8: 128 hosts, 100 Mb/s) with a permutation matrix:

  * ``stock``: ns-3's own stack, Ipv4GlobalRouting and TCP NewReno (the unchanged reference);
  * ``tcp``: TCP over this module's stack and per-flow ECMP routing;
  * ``mptcp8``: MPTCP with 8 subflows (LIA) over this module's stack and per-flow ECMP;
  * ``tcp-ipv4``, ``mptcp8-ipv4``: the same with the switches forwarding through ns-3's IPv4
    stack (``--switchForwarding=ipv4``) instead of the switch path below IPv4 (the default),
    for a before/after comparison in one invocation (the results are identical);
  * ``tcp-ingress``, ``mptcp8-ingress``: same-instant arrivals at the switches ordered by ingress
    port (``--arrivalOrder=ingress``), what ``--mpi`` runs use: the sequential reference of
    ``--mpi-ranks`` with the same results.

``--optimized-binary PATH`` runs every configuration again with a second mptcp-fattree, built
against an ns-3 configured with ``--build-profile=optimized`` (``tools/build-optimized.sh``),
and reports both side by side: the ``vs stock`` ratio stays relative to the first binary's stock
run, and each optimized row says how much faster it is than the same configuration of the first.

**Steady state, set-up removed.** Each configuration runs twice, for two simulated durations
S < L with the same warm-up. Building the fabric and its routes costs the same in both runs,
so the differences measure the simulation itself:

  * wall s per simulated s = (wall_L - wall_S) / (L - S);
  * us per delivered data packet = 1e6 * (wall_L - wall_S) / (packets_L - packets_S), where
    packets = delivered payload bytes / MSS (the program's ``delivered_bytes``);
  * the cost per packet relative to stock ns-3 TCP (``vs stock``).

``--mpi-ranks 2`` (a comma-separated list) runs every configuration again under ``mpirun -np N
... --mpi`` (ns-3's MPI distributed simulator, the fabric split by pod over N ranks; a program
built with ``--enable-mpi``: the optimized binary when given, else ``--binary``) and reports the
speed-up over the same program's sequential run. Wall times are rank 0's.

It also reports each configuration's peak memory (maximum resident set size of the longer run,
MiB, from ``wait4``) and, when ``perf`` is installed, a flat profile of one more run of the
longer duration of one configuration (``--profile``, default mptcp8; not one of the timed runs)
grouped by component (:data:`COMPONENTS`).
Wall times are the program's own ``wall_s`` (simulation and set-up, not process start); with
``--repeat N`` the median of N runs (the spread between two runs of one configuration is often
10-25 % on a shared 2-core machine).

It prints figures, it is not a test: machines are noisy. The last stdout line is a JSON summary.

  tools/mptcp-ns3 bench [--binary build/mptcp-fattree] [--k 8] [--durations 0.2,0.4]
                        [--warmup 0.1] [--configs stock,tcp,mptcp8] [--profile mptcp8|none]
                        [--optimized-binary PATH] [--mpi-ranks 2]
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

from .common import ArgumentParser, error

PROG = "mptcp-ns3 bench"

#: name -> (description, program options)
CONFIGS = {
    "stock": ("stock ns-3 TCP, global routing", ["--transport=tcp", "--stock=true"]),
    "tcp": ("TCP, flow ECMP", ["--transport=tcp"]),
    "mptcp8": ("MPTCP-8 (LIA), flow ECMP", ["--transport=mptcp", "--subflows=8"]),
    "tcp-ipv4": ("TCP, flow ECMP, IPv4 switches", ["--transport=tcp",
                                                  "--switchForwarding=ipv4"]),
    "mptcp8-ipv4": ("MPTCP-8, flow ECMP, IPv4 switches", ["--transport=mptcp", "--subflows=8",
                                                         "--switchForwarding=ipv4"]),
    "tcp-ingress": ("TCP, flow ECMP, ingress order", ["--transport=tcp",
                                                     "--arrivalOrder=ingress"]),
    "mptcp8-ingress": ("MPTCP-8, flow ECMP, ingress order", ["--transport=mptcp",
                                                            "--subflows=8",
                                                            "--arrivalOrder=ingress"]),
}
#: Suffix of the configurations run with --optimized-binary.
OPTIMIZED = "@optimized"
#: Environment of mpirun (Open MPI): root may run it in a container, more ranks than detected
#: slots are allowed, no ptrace-based single copy between ranks.
MPI_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
           "OMPI_MCA_rmaps_base_oversubscribe": "1",
           "OMPI_MCA_btl_vader_single_copy_mechanism": "none"}

#: Components of a flat profile, first match wins: (name, regular expression searched in
#: "DSO SYMBOL"). The groups of issue 18's profile.
COMPONENTS = [
    ("disabled-log checks", r"LogComponent::"),
    ("malloc/free", r"\s(malloc|free|_int_malloc|_int_free|cfree|calloc|realloc|"
                    r"malloc_consolidate|unlink_chunk|tcache\w*|operator new|operator delete)"
                    r"(@\S+)?(\(|$)"),
    ("our ECMP lookup", r"Ipv4FlowEcmpRouting|EqualCostPathCounter|EcmpForwardingTable|"
                        r"EcmpSwitchForwarder"),
    ("endpoint demux", r"Ipv4EndPointDemux|Ipv4EndPoint::"),
    ("MPTCP (our model)", r"libns3-mptcp|ns3::MpTcp|ns3::Mmptcp|ns3::PacketScatter"),
    # ns-3 TCP's own send and receive buffers (TcpTxBuffer, TcpRxBuffer) are ns-3 TCP, not
    # packet buffers.
    ("packets, buffers, headers, tags", r"Packet|(?<!Tcp[TR]x)Buffer|Header|Tag|"
                                        r"\s_*mem(cpy|move|set|cmp)"),
    ("event scheduler", r"Scheduler|SimulatorImpl|Simulator::|EventImpl|MakeEvent|EventId|"
                        r"int64x64|Time::"),
    ("ns-3 TCP", r"Tcp|RttEstimator"),
    ("IPv4 path (L3, routes, traffic control, node)",
     r"Ipv4|Arp|TrafficControl|QueueDisc|libns3-traffic-control|Node::|ProtocolHandler"),
    ("point-to-point devices, queues", r"libns3-point-to-point|PointToPoint|Queue|DropTail|"
                                       r"DataRate|Mac48Address"),
    ("callbacks, traces, RTTI", r"Callback|Traced|dynamic_cast|dyncast|type_info|TypeId|"
                                r"IidManager|Object|Ptr<|Attribute|Value::"),
    ("kernel, dynamic loader", r"\[kernel|ld-linux"),
]
OTHER = "other"


class BenchError(Exception):
    """A run failed: one line on stderr, exit status 1."""


class BadArgs(Exception):
    """Bad arguments: one line on stderr, exit status 2."""


def classify(dso, symbol):
    """The component (:data:`COMPONENTS`) of one profile entry, or 'other'."""
    text = f"{dso} {symbol}"
    for name, pattern in COMPONENTS:
        if re.search(pattern, text):
            return name
    return OTHER


PERF_LINE = re.compile(r"^\s*([\d.]+)%\s+(\S+)\s+\[.\]\s+(.*?)\s*(?:-\s+-\s*)?$")


def group_profile(report_text):
    """{component: percent of samples} from ``perf report --stdio --sort dso,symbol
    --no-children -q`` output; every component of :data:`COMPONENTS` and 'other' is present."""
    totals = {name: 0.0 for name, _ in COMPONENTS}
    totals[OTHER] = 0.0
    for line in report_text.splitlines():
        m = PERF_LINE.match(line)
        if m:
            totals[classify(m[2], m[3])] += float(m[1])
    return totals


def run(binary, args, perf_data=None, ranks=0):
    """(JSON summary, peak RSS in KiB) of one run of the program (no database, quiet); under
    ``perf record`` when perf_data is a path; under ``mpirun -np ranks ... --mpi`` when ranks
    is positive (rank 0's summary)."""
    cmd = [str(binary)] + args + ["--db=none", "--quiet=true"]
    env = None
    if ranks:
        cmd = ["mpirun", "-np", str(ranks)] + cmd + ["--mpi=true"]
        env = dict(os.environ, **MPI_ENV)
    if perf_data:
        cmd = ["perf", "record", "-q", "-F", "499", "-o", perf_data, "--"] + cmd
    try:
        with tempfile.TemporaryFile() as out:
            proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, env=env)
            _, status, usage = os.wait4(proc.pid, 0)
            code = os.waitstatus_to_exitcode(status)
            out.seek(0)
            stdout = out.read().decode(errors="replace")
    except OSError as e:
        raise BenchError(f"cannot run {binary}: {e}") from None
    if code != 0:
        raise BenchError(f"{' '.join(cmd)} failed with exit code {code}")
    lines = [ln for ln in stdout.splitlines() if ln.strip()]
    try:
        return json.loads(lines[-1]), usage.ru_maxrss
    except (IndexError, ValueError):
        raise BenchError(f"{' '.join(cmd)} printed no JSON summary") from None


def steady_state(short, long, mss):
    """Steady-state figures of one configuration from its two runs ((duration s, JSON summary)
    each): wall s per simulated s and us per delivered data packet (None if the longer run
    delivered no more packets)."""
    (ds, rs), (dl, rl) = short, long
    dwall = rl["wall_s"] - rs["wall_s"]
    dpackets = (rl["delivered_bytes"] - rs["delivered_bytes"]) / mss
    return {
        "wall_per_sim_s": dwall / (dl - ds),
        "us_per_packet": 1e6 * dwall / dpackets if dpackets > 0 else None,
        "packets_per_sim_s": dpackets / (dl - ds),
    }


def parse_args(argv):
    ap = ArgumentParser(prog=PROG, description="Speed benchmark of the FatTree experiment: "
                        "stock ns-3 TCP, TCP and MPTCP-8 of this module side by side, steady "
                        "state (set-up removed): wall s per simulated s, us per delivered data "
                        "packet, peak memory, and a profile by component (perf).")
    ap.add_argument("--binary", default="build/mptcp-fattree", help="the mptcp-fattree program "
                    "(default: %(default)s)")
    ap.add_argument("--k", type=int, default=8, help="FatTree k (default: %(default)s)")
    ap.add_argument("--durations", default="0.2,0.4", help="the two simulated durations S,L, "
                    "s (default: %(default)s)")
    ap.add_argument("--warmup", type=float, default=0.1, help="warm-up of both runs, s, less "
                    "than S (default: %(default)s)")
    ap.add_argument("--mss", type=int, default=1400, help="segment size, bytes (default: "
                    "%(default)s)")
    ap.add_argument("--configs", default="stock,tcp,mptcp8", help="configurations, in order; "
                    "the cost ratio is to 'stock' when it is run (default: %(default)s)")
    ap.add_argument("--event-schedulers", default="", help="also run the last of --configs "
                    "once per ns-3 event scheduler of this comma-separated list (e.g. "
                    "ns3::MapScheduler,ns3::HeapScheduler,ns3::ListScheduler,"
                    "ns3::CalendarScheduler,ns3::PriorityQueueScheduler), steady state each")
    ap.add_argument("--repeat", type=int, default=1, help="run each (configuration, duration) "
                    "this many times and use the median wall time (default: %(default)s)")
    ap.add_argument("--profile", default="mptcp8", help="configurations (comma-separated) "
                    "profiled with perf, each in one more, untimed run of the longer duration, "
                    "or 'none' (default: %(default)s)")
    ap.add_argument("--optimized-binary", default=None, help="a second mptcp-fattree, built "
                    "against an optimized ns-3 (tools/build-optimized.sh): every configuration "
                    "runs with it too, reported side by side")
    ap.add_argument("--mpi-ranks", default="", help="comma-separated rank counts: every "
                    "configuration runs again under mpirun -np N ... --mpi with the optimized "
                    "binary (else --binary), which needs ns-3's MPI support; the speed-up is "
                    "over that binary's sequential run")
    a = ap.parse_args(argv)
    try:
        durations = [float(x) for x in a.durations.split(",")]
    except ValueError:
        raise BadArgs(f"--durations={a.durations}: two numbers S,L expected") from None
    if len(durations) != 2 or not 0 < durations[0] < durations[1]:
        raise BadArgs(f"--durations={a.durations}: two numbers 0 < S < L expected")
    if not 0 <= a.warmup < durations[0]:
        raise BadArgs(f"--warmup={a.warmup:g}: must be >= 0 and less than S={durations[0]:g}")
    configs = [c for c in a.configs.split(",") if c]
    unknown = [c for c in configs if c not in CONFIGS]
    if unknown or not configs:
        raise BadArgs(f"--configs={a.configs}: choose from {','.join(CONFIGS)}")
    a.profiles = [] if a.profile == "none" else [c for c in a.profile.split(",") if c]
    if any(c not in configs for c in a.profiles) or (a.profile != "none" and not a.profiles):
        raise BadArgs(f"--profile={a.profile}: not one of --configs, or 'none'")
    if a.optimized_binary is not None and not os.access(a.optimized_binary, os.X_OK):
        raise BadArgs(f"--optimized-binary={a.optimized_binary}: not an executable program")
    if a.repeat < 1:
        raise BadArgs(f"--repeat={a.repeat}: must be at least 1")
    if a.k < 2 or a.k % 2 or a.mss < 1:
        raise BadArgs("--k must be even and >= 2, --mss >= 1")
    try:
        a.mpi_ranks = [int(x) for x in a.mpi_ranks.split(",") if x]
    except ValueError:
        raise BadArgs(f"--mpi-ranks={a.mpi_ranks}: comma-separated rank counts expected") \
            from None
    if any(n < 1 for n in a.mpi_ranks):
        raise BadArgs("--mpi-ranks: rank counts must be at least 1")
    if a.mpi_ranks and shutil.which("mpirun") is None:
        raise BadArgs("--mpi-ranks: mpirun not found (apt-get install openmpi-bin)")
    a.event_schedulers = [s for s in a.event_schedulers.split(",") if s]
    bad = [s for s in a.event_schedulers if not re.fullmatch(r"ns3::\w+Scheduler", s)]
    if bad:
        raise BadArgs(f"--event-schedulers: {bad[0]} is not an ns-3 event scheduler name "
                      "(ns3::...Scheduler)")
    a.durations, a.config_list = durations, configs
    return a


def steady_runs(a, extra, desc, perf_data_for=None, binary=None, ranks=0):
    """(row, profile) of one configuration: its timed runs and steady-state figures; when
    perf_data_for is a path, one more run of the longer duration under perf, not timed; on
    that many MPI ranks when ranks is positive."""
    binary = binary or a.binary
    common = ["--k=%d" % a.k, "--warmup=%g" % a.warmup, "--mss=%d" % a.mss]
    runs = []
    rss = 0
    profile = None
    for d in a.durations:
        walls = []
        for i in range(a.repeat):
            print(f"running: {desc}, {d:g} simulated s ({i + 1}/{a.repeat}) ...",
                  file=sys.stderr, flush=True)
            summary, rss_kb = run(binary, common + extra + ["--duration=%g" % d], None, ranks)
            walls.append(summary["wall_s"])
            rss = max(rss, rss_kb)
        summary = dict(summary, wall_s=statistics.median(walls))
        runs.append((d, summary))
    if perf_data_for:
        print(f"profiling: {desc}, {a.durations[1]:g} simulated s ...", file=sys.stderr,
              flush=True)
        run(binary, common + extra + ["--duration=%g" % a.durations[1]], perf_data_for)
        rep = subprocess.run(["perf", "report", "-i", perf_data_for, "--stdio", "--sort",
                              "dso,symbol", "--no-children", "-q"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        profile = group_profile(rep.stdout)
    row = dict(description=desc, wall_s=[s["wall_s"] for _, s in runs],
               delivered_bytes=[s["delivered_bytes"] for _, s in runs],
               optimal_pct=runs[1][1].get("optimal_pct"), peak_rss_mib=rss / 1024.0)
    row.update(steady_state(runs[0], runs[1], a.mss))
    return row, profile


def main(argv=None):
    try:
        a = parse_args(sys.argv[1:] if argv is None else argv)
    except BadArgs as e:
        error(PROG, e)
        return 2
    profile_on = bool(a.profiles) and shutil.which("perf") is not None
    results = []
    sched_rows = []
    profiles = {}
    binaries = [(a.binary, "", "")]
    if a.optimized_binary:
        binaries.append((a.optimized_binary, OPTIMIZED, " [optimized ns-3]"))
    try:
        with tempfile.TemporaryDirectory() as tmp:
            mpi_binary = a.optimized_binary or a.binary
            mpi_suffix = OPTIMIZED if a.optimized_binary else ""
            for n in a.mpi_ranks:
                binaries.append((mpi_binary, "%s@%dranks" % (mpi_suffix, n),
                                 " [%s%d MPI ranks]" % ("optimized, " if mpi_suffix else "", n),
                                 n))
            for binary, suffix, label, *ranks in binaries:
                for name in a.config_list:
                    desc, extra = CONFIGS[name]
                    perf_data = (os.path.join(tmp, "perf.data")
                                 if profile_on and name in a.profiles and not suffix else None)
                    row, prof = steady_runs(a, extra, desc + label, perf_data, binary,
                                            ranks[0] if ranks else 0)
                    row = dict(config=name + suffix, **row)
                    results.append(row)
                    if prof is not None:
                        profiles[name] = prof
            last = a.config_list[-1]
            for sched in a.event_schedulers:
                desc, extra = CONFIGS[last]
                row, _ = steady_runs(a, extra + ["--SchedulerType=" + sched],
                                     f"{desc}, {sched}")
                sched_rows.append(dict(config=last, event_scheduler=sched, **row))
    except BenchError as e:
        error(PROG, e)
        return 1
    base = next((r["us_per_packet"] for r in results if r["config"] == "stock"), None)
    for r in results:
        r["vs_stock"] = (r["us_per_packet"] / base
                         if base and r["us_per_packet"] is not None else None)
        m = re.fullmatch(r"(.*?)(@optimized)?@(\d+)ranks", r["config"])
        if m:
            seq = next(x for x in results if x["config"] == m[1] + (m[2] or ""))
            r["speedup_vs_sequential"] = (
                seq["wall_per_sim_s"] / r["wall_per_sim_s"]
                if seq["wall_per_sim_s"] and r["wall_per_sim_s"] else None)
        elif r["config"].endswith(OPTIMIZED):
            plain = next(x for x in results if x["config"] == r["config"][:-len(OPTIMIZED)])
            r["speedup_vs_first_binary"] = (
                plain["us_per_packet"] / r["us_per_packet"]
                if plain["us_per_packet"] and r["us_per_packet"] else None)
    profile = profiles.get(a.profiles[0]) if a.profiles else None
    print_table(a, results, profiles)
    if sched_rows:
        print("event schedulers, %s:" % CONFIGS[a.config_list[-1]][0])
        print("  %-32s %12s %13s" % ("SchedulerType", "wall s/sim s", "us/packet"))
        for r in sched_rows:
            print("  %-32s %12s %13s" % (r["event_scheduler"], fmt(r["wall_per_sim_s"], ".1f"),
                                         fmt(r["us_per_packet"], ".1f")))
    print(json.dumps(dict(k=a.k, hosts=a.k ** 3 // 4, durations_s=a.durations, warmup_s=a.warmup,
                          mss=a.mss, configs=results, profile=profile, profiles=profiles,
                          event_schedulers=sched_rows)))
    return 0


def fmt(x, spec):
    return "-" if x is None else format(x, spec)


def print_table(a, results, profiles):
    print("k=%d (%d hosts), steady state from %g s and %g s runs (warm-up %g s)"
          % (a.k, a.k ** 3 // 4, a.durations[0], a.durations[1], a.warmup))
    print("%-50s %12s %13s %10s %9s %9s" % ("configuration", "wall s/sim s", "us/packet",
                                            "vs stock", "peak MiB", "% optimal"))
    for r in results:
        print("%-50s %12s %13s %10s %9.0f %9s" % (
            r["description"], fmt(r["wall_per_sim_s"], ".1f"), fmt(r["us_per_packet"], ".1f"),
            fmt(r["vs_stock"], ".2f") + ("x" if r["vs_stock"] is not None else ""),
            r["peak_rss_mib"], fmt(r["optimal_pct"], ".1f")))
    for r in results:
        if r.get("speedup_vs_first_binary") is not None:
            print("%s: %.2fx faster per packet than with the first binary"
                  % (r["description"], r["speedup_vs_first_binary"]))
        if r.get("speedup_vs_sequential") is not None:
            print("%s: %.2fx faster per simulated second than the sequential run"
                  % (r["description"], r["speedup_vs_sequential"]))
    for name, profile in profiles.items():
        print("profile of %s (%g s run, perf, %% of samples):" % (name, a.durations[1]))
        for comp, pct in sorted(profile.items(), key=lambda kv: -kv[1]):
            print("  %-48s %6.1f" % (comp, pct))
