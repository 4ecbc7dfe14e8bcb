#!/usr/bin/env python3
"""Speed benchmark of the FatTree experiment (issue: MPTCP-8 costs at most 1.3x stock TCP per
delivered packet).

Runs examples/mptcp-fattree side by side, one after the other on the same machine, for the same
simulated time on a k=8 FatTree (128 hosts, 100 Mb/s), permutation traffic:
  * stock ns-3: InternetStackHelper + Ipv4GlobalRouting (one path per destination), TCP NewReno;
  * TCP over this module's stack and per-flow ECMP routing;
  * MPTCP with 8 subflows (LIA) over this module's stack and per-flow ECMP routing;
and prints, for each, wall seconds per simulated second, delivered packets (payload bytes / MSS)
per wall second, and the cost per delivered packet relative to stock TCP. It is a script that
prints figures, not a test: machines are noisy.

  python3 tools/bench_fattree.py [--binary build/mptcp-fattree] [--k 8] [--duration 0.5]
"""
import argparse
import json
import subprocess
import sys


def run(binary, args):
    cmd = [binary] + args + ["--db=none", "--quiet"]
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if out.returncode != 0:
        sys.exit("bench_fattree: %s failed with exit code %d" % (" ".join(cmd), out.returncode))
    lines = [l for l in out.stdout.splitlines() if l.strip()]
    return json.loads(lines[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--binary", default="build/mptcp-fattree")
    ap.add_argument("--k", type=int, default=8)
    ap.add_argument("--duration", type=float, default=0.5, help="simulated seconds per run")
    ap.add_argument("--mss", type=int, default=1400)
    a = ap.parse_args()
    common = ["--k=%d" % a.k, "--duration=%g" % a.duration, "--warmup=%g" % (a.duration / 2),
              "--mss=%d" % a.mss]
    configs = [
        ("stock ns-3 TCP, global routing", ["--transport=tcp", "--stock=true"]),
        ("TCP, flow ECMP", ["--transport=tcp"]),
        ("MPTCP-8 (LIA), flow ECMP", ["--transport=mptcp", "--subflows=8"]),
    ]
    rows = []
    for name, extra in configs:
        print("running: %s ..." % name, file=sys.stderr, flush=True)
        r = run(a.binary, common + extra)
        packets = r["delivered_bytes"] / a.mss
        rows.append((name, r["wall_s"], r["wall_s"] / a.duration, packets / r["wall_s"],
                     r["wall_s"] / max(packets, 1), r["optimal_pct"]))
    base = rows[0][4]
    print("k=%d, %d hosts, %.2f simulated s per run" % (a.k, a.k ** 3 // 4, a.duration))
    print("%-34s %9s %12s %15s %13s %9s" % ("configuration", "wall s", "wall s/sim s",
                                            "pkts/wall s", "cost/packet", "% optimal"))
    for name, wall, per_sim, pps, cost, pct in rows:
        print("%-34s %9.1f %12.1f %15.0f %12.2fx %9.1f" % (name, wall, per_sim, pps, cost / base,
                                                             pct))
    return 0


if __name__ == "__main__":
    sys.exit(main())
