# SPDX-License-Identifier: GPL-2.0-only
"""``mptcp-ns3 bench``: speed benchmark of the FatTree experiment (issue: MPTCP-8 costs at most
1.3x stock TCP per delivered packet).

Runs examples/mptcp-fattree side by side, one after the other on the same machine, for the same
simulated time on a k=8 FatTree (128 hosts, 100 Mb/s), permutation traffic:
  * stock ns-3: InternetStackHelper + Ipv4GlobalRouting (one path per destination), TCP NewReno;
  * TCP over this module's stack and per-flow ECMP routing;
  * MPTCP with 8 subflows (LIA) over this module's stack and per-flow ECMP routing;
and prints, for each, wall seconds per simulated second, delivered packets (payload bytes / MSS)
per wall second, and the cost per delivered packet relative to stock TCP. It is a command that
prints figures, not a test: machines are noisy.

  tools/mptcp-ns3 bench [--binary build/mptcp-fattree] [--k 8] [--duration 0.5]
"""
import json
import subprocess
import sys

from .common import ArgumentParser, error

PROG = "mptcp-ns3 bench"
CONFIGS = [
    ("stock ns-3 TCP, global routing", ["--transport=tcp", "--stock=true"]),
    ("TCP, flow ECMP", ["--transport=tcp"]),
    ("MPTCP-8 (LIA), flow ECMP", ["--transport=mptcp", "--subflows=8"]),
]


class BenchError(Exception):
    """A run failed: one line on stderr, exit status 1."""


def run(binary, args):
    """The JSON summary of one run of the program (no database, quiet)."""
    cmd = [binary] + args + ["--db=none", "--quiet"]
    try:
        out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    except OSError as e:
        raise BenchError(f"cannot run {binary}: {e}") from None
    if out.returncode != 0:
        raise BenchError(f"{' '.join(cmd)} failed with exit code {out.returncode}")
    lines = [ln for ln in out.stdout.splitlines() if ln.strip()]
    return json.loads(lines[-1])


def main(argv=None):
    ap = ArgumentParser(prog=PROG, description="Speed benchmark of the FatTree experiment: "
                        "stock ns-3 TCP, TCP and MPTCP-8 of this module, cost per delivered "
                        "packet.")
    ap.add_argument("--binary", default="build/mptcp-fattree")
    ap.add_argument("--k", type=int, default=8)
    ap.add_argument("--duration", type=float, default=0.5, help="simulated seconds per run")
    ap.add_argument("--mss", type=int, default=1400)
    a = ap.parse_args(sys.argv[1:] if argv is None else argv)
    common = ["--k=%d" % a.k, "--duration=%g" % a.duration, "--warmup=%g" % (a.duration / 2),
              "--mss=%d" % a.mss]
    rows = []
    try:
        for name, extra in CONFIGS:
            print("running: %s ..." % name, file=sys.stderr, flush=True)
            r = run(a.binary, common + extra)
            packets = r["delivered_bytes"] / a.mss
            rows.append((name, r["wall_s"], r["wall_s"] / a.duration, packets / r["wall_s"],
                         r["wall_s"] / max(packets, 1), r["optimal_pct"]))
    except BenchError as e:
        error(PROG, e)
        return 1
    base = rows[0][4]
    print("k=%d, %d hosts, %.2f simulated s per run" % (a.k, a.k ** 3 // 4, a.duration))
    print("%-34s %9s %12s %15s %13s %9s" % ("configuration", "wall s", "wall s/sim s",
                                            "pkts/wall s", "cost/packet", "% optimal"))
    for name, wall, per_sim, pps, cost, pct in rows:
        print("%-34s %9.1f %12.1f %15.0f %12.2fx %9.1f" % (name, wall, per_sim, pps, cost / base,
                                                             pct))
    return 0
