#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Stand-in for build/mptcp-fattree and build/mptcp-file-transfer in the tests of the sweep,
fattree, reproduce and thesis-table53 subcommands (never used for results); tests install it
with tests/test_sweep.py:install_fake, which puts this folder on its sys.path.

Takes --name=value options, appends a synthetic run to --db (runs, flows, links, link_layers,
workload_runs, short_flows, hotspot_flows with --hotspot, or transfers when called as
mptcp-file-transfer; with seed 004's finite workloads random-closed-loop, permutation-finite
and shuffle: no long flows, but short_flows, flow_subflows, shuffle_jobs and, with
--controller=responsive, control_servers, see finite_workload) and prints a JSON
summary with its run_id as the last stdout line. Environment:
  FAKE_LOG=file         append one line per invocation (its sorted options) before anything else
  FAKE_SLEEP=s          sleep s seconds before writing
  FAKE_FAIL=name=value  with that option: 25 lines on stderr, then exit status 3
  FAKE_CRASH=name=value with that option: killed by SIGABRT
  FAKE_MEM_MB=n         touch n MB of memory
"""
import json
import os
import random
import signal
import sqlite3
import sys
import time

import results_db

# The result tables as the real programs create them (read from
# helper/database/experiment-database.cc).
SCHEMA = results_db.create_sql()


def matches(env, opts):
    spec = os.environ.get(env, "")
    if "=" not in spec:
        return False
    name, value = spec.split("=", 1)
    return opts.get(name) == value


FINITE = ("random-closed-loop", "permutation-finite", "shuffle")


def rate_bps(text):
    for unit, mult in (("Gbps", 1e9), ("Mbps", 1e6), ("kbps", 1e3), ("bps", 1.0)):
        if text.endswith(unit):
            return float(text[:-len(unit)]) * mult
    return float(text)


def finite_workload(opts, rng, hosts, rate):
    """Seed 004's finite workloads, made up: (flows, jobs, control rows, extra JSON).

    flows: [(flow_id, src, dst, size, subflows, throughput_bps or None)], the measured flows
    (flow_subflows rows) first, then shuffle's background flows (short_flows only); jobs:
    [(job_id, start_s, end_s, jct_s, completed)]. Subflows: --subflows with ECMP or Hedera,
    1..--maxSubflows with --controller=responsive, fewer the larger --deltaDgt. Random's last
    flow and shuffle's last job do not complete."""
    w = opts["workload"]
    ctl = opts.get("controller", "none")
    f_min = int(opts.get("flowSizeMin", 0)) or (64_000_000 if w == "permutation-finite"
                                                 else 32_000_000)
    f_max = int(opts.get("flowSizeMax", 0)) or (512_000_000 if w == "permutation-finite"
                                                else 400_000_000)
    m = int(opts.get("maxSubflows", 4))
    dgt = float(opts.get("deltaDgt", 0.15))

    def subflows():
        if ctl == "responsive":
            return max(1, min(m, round(m * rng.uniform(1 - 2 * dgt, 1.1))))
        return int(opts.get("subflows", 8))

    def throughput(sf):
        return rate * min(0.95, rng.uniform(0.3, 0.6) + 0.08 * sf)

    measured, background, jobs = [], [], []
    if w == "shuffle":
        mappers, reducers = int(opts.get("mappers", 8)), int(opts.get("reducers", 8))
        response = int(opts.get("shuffleResponse", 16_000_000))
        n_jobs = int(opts.get("shuffleJobs", 30))
        t = 0.0
        for j in range(n_jobs):
            reducer = j % reducers
            for i in range(mappers):
                sf = subflows()
                tp = throughput(sf)
                measured.append(((reducer + 1 + i) % hosts, reducer, response, sf, tp))
            jct = mappers * response * 8 / rate * rng.uniform(1.1, 1.5)
            done = j < n_jobs - 1
            jobs.append((j, t, t + jct if done else None, jct if done else None, int(done)))
            t += jct / reducers
        for i in range(max(1, round(hosts * float(opts.get("backgroundFraction", 0))))):
            background.append((hosts - 1 - i, i, rng.randint(f_min, f_max), 1, rate * 0.4))
    else:
        n = int(opts.get("flows", 500)) if w == "random-closed-loop" else hosts
        for i in range(n):
            sf = subflows()
            tp = None if (w == "random-closed-loop" and i == n - 1) else throughput(sf)
            measured.append((i % hosts, (i + 1) % hosts, rng.randint(f_min, f_max), sf, tp))
    flows = [(i,) + f for i, f in enumerate(measured + background)]
    control = []
    if ctl == "responsive":
        for h in range(hosts):
            sent, received = rng.randint(0, 20), rng.randint(1, 30)
            control.append((h, sent, received, 64 * (sent + received)))
    done_tps = [f[5] for f in flows[:len(measured)] if f[5] is not None]
    ends = [f[3] * 8 / f[5] for f in flows if f[5] is not None] + \
        [j[2] for j in jobs if j[2] is not None]
    sim_end = max(ends) if ends else 0.0
    extra = dict(finite_flows=len(flows), finite_flows_completed=sum(
        1 for f in flows if f[5] is not None),
        subflows_per_flow_mean=sum(f[4] for f in flows[:len(measured)]) / len(measured),
        flow_throughput_mean_bps=sum(done_tps) / len(done_tps) if done_tps else None,
        jct_mean_ms=(1e3 * sum(j[3] for j in jobs if j[4]) / sum(j[4] for j in jobs)
                     if w == "shuffle" else None),
        sim_end_s=sim_end)
    if ctl == "responsive":
        cbytes = sum(c[3] for c in control)
        extra.update(path_requests=sum(c[1] for c in control),
                     subflows_granted=sum(f[4] - 1 for f in flows[:len(measured)]),
                     server_control_bytes=cbytes,
                     server_control_bps_per_server=cbytes * 8 / sim_end / hosts)
    return flows[:len(measured)], flows[len(measured):], jobs, control, extra


def main():
    if "--list-options" in sys.argv[1:]:
        # The tools read the real program's options (the fake takes any): build/PROGRAM's list.
        import paths
        real = paths.program(os.path.basename(sys.argv[0]))
        if not os.path.isfile(real):
            sys.exit(f"fake: {real} is not built: no options to list")
        os.execv(real, [real, "--list-options"])
    opts = dict(a[2:].split("=", 1) for a in sys.argv[1:] if a.startswith("--") and "=" in a)
    if os.environ.get("FAKE_LOG"):
        with open(os.environ["FAKE_LOG"], "a") as f:
            f.write(" ".join(f"{k}={v}" for k, v in sorted(opts.items())
                             if k not in ("db", "label")) + "\n")
    print("fake: starting", file=sys.stderr, flush=True)
    if matches("FAKE_FAIL", opts):
        for i in range(25):
            print(f"fake stderr line {i}", file=sys.stderr)
        print("fatal: simulated failure", file=sys.stderr)
        sys.exit(3)
    if matches("FAKE_CRASH", opts):
        os.kill(os.getpid(), signal.SIGABRT)
    hog = bytearray(int(float(os.environ.get("FAKE_MEM_MB", "0")) * 1e6))
    for i in range(0, len(hog), 4096):
        hog[i] = 1
    time.sleep(float(os.environ.get("FAKE_SLEEP", "0")))

    program = os.path.basename(sys.argv[0])
    transport = opts.get("transport", "mptcp")
    sf = int(opts.get("subflows", 8)) if transport == "mptcp" else 1
    if opts.get("controller") == "responsive":  # as the program: --maxSubflows
        sf = int(opts.get("maxSubflows", 4))
    cc = opts.get("cc", "lia") if transport == "mptcp" else "newreno"
    rng = random.Random(json.dumps(opts, sort_keys=True))
    k = int(opts.get("k", 8))
    hpt = int(opts.get("hostsPerTor", k // 2))
    topo = opts.get("topology", "fattree")
    hosts = int(opts["hosts"]) if topo == "perfect" else k * (k // 2) * hpt
    if transport == "tcp":
        pct = 45.0
    elif transport == "packetscatter":
        pct = 92.0
    else:
        pct = 100.0 - 50.0 / sf - (5 if cc == "ewtcp" else 0)
    if int(opts.get("hotspot", 0)):
        pct *= 0.5 if transport == "packetscatter" else 0.95
    cph = float(opts.get("connectionsPerHost", 1))
    finite = opts.get("workload") in FINITE
    nflows = 0 if program.endswith("file-transfer") or finite else max(1, round(cph * hosts))
    pcts = [min(100.0, pct * rng.uniform(0.6, 1.3)) for _ in range(nflows)]
    # With a hot spot, every 8th flow crosses the slow link and loses most with PACKETSCATTER.
    crossing = [i for i in range(nflows) if i % 8 == 0] if int(opts.get("hotspot", 0)) else []
    for i in crossing:
        pcts[i] *= 0.1 if transport == "packetscatter" else 0.7
    rate = rate_bps(opts.get("linkRate", "100Mbps"))
    extra = {}
    if finite:
        measured, background, jobs, control, extra = finite_workload(opts, rng, hosts, rate)
    # --hostLimitedRate=Nkbps: one host-limited flow per flow, appended (ids n..2n-1) at that
    # rate; the network-limited flows lose its share of the NIC.
    hl = float(opts.get("hostLimitedRate", "0").replace("kbps", "") or 0) * 1e3 / rate
    if hl > 0:
        pcts = [p * (1 - hl) for p in pcts] + [100.0 * hl] * nflows
        nflows *= 2
    db = opts.get("db", "none")
    run_id = -1
    if db != "none":
        con = sqlite3.connect(db, timeout=60)
        con.executescript(SCHEMA)
        con.execute("BEGIN IMMEDIATE")
        cur = con.execute(
            "INSERT INTO runs (created_utc, label, experiment, topology, k, hosts_per_tor, hosts,"
            " link_rate_bps, delay_s, queue_pkts, transport, subflows, cc, matrix, duration_s, "
            "warmup_s, rng_seed, rng_run, ns3_version, flows, aggregate_goodput_bps, optimal_bps,"
            " optimal_pct, min_flow_pct, jain_index, wall_s, params_json) VALUES "
            "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            ("2026-11-23T00:00:00Z", opts.get("label", ""),
             "file-transfer" if program.endswith("file-transfer") else "fattree",
             "dual-homed-pair" if program.endswith("file-transfer") else topo, k, hpt, hosts,
             rate, 20e-6, 100, transport, sf, cc, opts.get("matrix", "permutation"),
             float(opts.get("duration", 3)), float(opts.get("warmup", 1)), 1,
             int(opts.get("RngRun", 1)), "3.37", nflows, sum(pcts) / 100 * rate,
             nflows * rate, sum(pcts) / nflows if nflows else None,
             min(pcts) if pcts else None, 0.9, 0.01, json.dumps(opts)))
        run_id = cur.lastrowid
        for i, p in enumerate(pcts):
            con.execute("INSERT INTO flows VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (run_id, i, i % hosts, (i + 1) % hosts, "10.0.0.1", "10.0.0.2",
                         int(p * 1e4), p / 100 * rate, p))
        for i in crossing:
            con.execute("INSERT INTO hotspot_flows VALUES (?, ?, ?, ?)",
                        (run_id, i, 100 + i, 50 + i))
        lid = 0
        for layer, n in (("host-edge", hosts), ("edge-aggregation", k * k // 2),
                         ("aggregation-core", k * k // 2)):
            spread = 0.5 / sf
            for _ in range(n):
                lid += 1
                for d in ("up", "down"):
                    u = max(0.0, min(1.0, pct / 100 + rng.uniform(-spread, spread)))
                    loss = rng.uniform(0, 0.02 * (3 if cc == "uncoupled" else 1))
                    con.execute("INSERT INTO links VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                (run_id, lid, layer, d, lid, lid + 1, rate, 1000,
                                 int(loss * 1000), loss, u))
        if opts.get("workload") == "mix":
            fcts = [rng.uniform(0.006, 0.2) * (2 if cc == "uncoupled" else 1) for _ in range(40)]
            for i, f in enumerate(fcts):
                con.execute("INSERT INTO short_flows VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                            "?)", (run_id, nflows + i, 0, 1, 70000, "tcp", 0.5, 0.5, 0.5 + f,
                                   f, 1, 0, 0))
            con.execute("INSERT INTO workload_runs (run_id, workload, short_transport, "
                        "short_flows_started, short_flows_completed, long_goodput_mean_bps) "
                        "VALUES (?, 'mix', ?, 40, 40, ?)",
                        (run_id, opts.get("shortTransport", "same"), pct / 2 * 1e6))
        if finite:
            for fid, src, dst, size, sf, tp in measured + background:
                fct = size * 8 / tp if tp is not None else None
                con.execute("INSERT INTO short_flows VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                            "?)", (run_id, fid, src, dst, size, transport, 0.0, 0.001,
                                   0.001 + fct if fct else None, fct, int(tp is not None), 0,
                                   0))
            for fid, _, _, _, sf, tp in measured:
                con.execute("INSERT INTO flow_subflows VALUES (?, ?, ?, ?)",
                            (run_id, fid, sf, tp))
            for job in jobs:
                con.execute("INSERT INTO shuffle_jobs VALUES (?, ?, ?, ?, ?, ?)",
                            (run_id,) + job)
            for row in control:
                con.execute("INSERT INTO control_servers VALUES (?, ?, ?, ?, ?)",
                            (run_id,) + row)
        if program.endswith("file-transfer"):
            for n in [int(x) for x in opts.get("packets", "1").split(",")]:
                t = 1e-4 + n * 1400 * 8 / (1e9 if transport == "tcp" else 2e9) + \
                    (0 if transport == "tcp" else 2e-4)
                con.execute("INSERT INTO transfers VALUES (?, ?, ?, ?)",
                            (run_id, n, n * 1400, t))
        con.execute("COMMIT")
        con.close()
    print("fake: done", file=sys.stderr)
    print(json.dumps(dict(k=k, hosts=hosts, flows=nflows, transport=transport, subflows=sf,
                          cc=cc, optimal_pct=None if finite else pct, run_id=run_id, **extra)))


if __name__ == "__main__":
    main()
