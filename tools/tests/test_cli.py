"""The mptcp-fattree program rejects bad input with one clear line and writes nothing.

Run with: python3 -m pytest tools/ (the binary is build/mptcp-fattree, or $MPTCP_FATTREE).
"""
import json
import os
import sqlite3
import subprocess

import pytest

import paths

BINARY = paths.program("mptcp-fattree", "MPTCP_FATTREE")

pytestmark = pytest.mark.skipif(not os.path.exists(BINARY), reason="build/mptcp-fattree not built")

BAD = [
    ("--k=7", "k"),
    ("--k=0", "k"),
    ("--subflows=0", "subflows"),
    ("--subflows=33", "subflows"),
    ("--cc=cubic", "cc"),
    ("--transport=udp", "transport"),
    ("--duration=-1", "duration"),
    ("--warmup=5", "warmup"),
    ("--matrix=alltoall", "matrix"),
    ("--linkRate=fast", "linkRate"),
    ("--queue=0", "queue"),
    ("--initialCwnd=0", "initialCwnd"),
    ("--scheduler=random", "scheduler"),
    ("--firstDataRto=-1s", "firstDataRto"),
    ("--firstDataRto=soon", "firstDataRto"),
    ("--minRto=soon", "minRto"),
    ("--delay=far", "delay"),
    ("--delAckTimeout=1x", "delAckTimeout"),
    ("--connTimeout=0s", "connTimeout"),
    ("--connTimeout=later", "connTimeout"),
    ("--workload=mix --duration=2 --shortFlowStart=0.5 --shortFlowStop=0.4", "shortFlowStop"),
    ("--workload=mix --duration=2 --shortFlowStop=2.5", "shortFlowStop"),
    ("--switchThreshold=0", "switchThreshold"),
    ("--shortFlowRate=-1", "shortFlowRate"),
    ("--longFlowFraction=1.5", "longFlowFraction"),
    ("--longFlowFraction=-0.1", "longFlowFraction"),
    ("--flowSizeCdf=/nonexistent/cdf.txt", "flowSizeCdf"),
    ("--workload=burst", "workload"),
    ("--shortTransport=udp", "shortTransport"),
    ("--shortTransport=packetscatter", "shortTransport"),
    ("--workload=incast --incastSenders=0", "incastSenders"),
    ("--stock --transport=tcp --workload=mix --shortTransport=mptcp", "shortTransport"),
    ("--k=4 --connectionsPerHost=0", "connectionsPerHost"),
    ("--k=4 --connectionsPerHost=-1", "connectionsPerHost"),
    ("--k=4 --connectionsPerHost=15.5", "connectionsPerHost"),
    ("--k=4 --connectionsPerHost=0.01", "connectionsPerHost"),
    ("--k=4 --matrix=stride --connectionsPerHost=2", "connectionsPerHost"),
    ("--k=4 --workload=mix --connectionsPerHost=2", "connectionsPerHost"),
    ("--k=4 --localFraction=1.5", "localFraction"),
    ("--k=4 --localFraction=-0.1", "localFraction"),
    ("--k=4 --hostsPerTor=1 --localFraction=0.5", "localFraction"),
    ("--topology=perfect --hosts=16 --localFraction=0.5", "localFraction"),
    ("--topology=vl2 --k=4 --hotspot=9", "hotspot"),
    ("--k=4 --hotspot=-1", "hotspot"),
    ("--k=4 --ecnThreshold=-1", "ecnThreshold"),
    ("--k=4 --ecnThreshold=100", "ecnThreshold"),
    ("--k=4 --queue=20 --ecnThreshold=30", "ecnThreshold"),
    ("--k=4 --ecnThreshold=20 --switchForwarding=ipv4", "ecnThreshold"),
    ("--k=4 --transport=tcp --stock --ecnThreshold=20", "ecnThreshold"),
    ("--k=4 --hotspot=17", "hotspot"),
    ("--k=4 --SchedulerType=ns3::Node", "SchedulerType"),
    ("--k=4 --controller=ryu", "controller"),
    ("--k=4 --controller=hedera --hederaInterval=0", "hederaInterval"),
    ("--k=4 --controller=hedera --hederaInterval=0.001", "hederaInterval"),
    ("--k=4 --controller=hedera --hederaThreshold=0", "hederaThreshold"),
    ("--k=4 --controller=hedera --hederaThreshold=1.01", "hederaThreshold"),
    ("--k=4 --controller=hedera --transport=tcp --stock=true", "controller"),
    ("--k=4 --workload=closed", "workload"),
    ("--k=4 --workload=closed-loop --closedLoopDestination=stride", "closedLoopDestination"),
    ("--k=4 --closedLoopDestination=random", "closedLoopDestination"),
    ("--k=4 --hostLimitedRate=fast", "hostLimitedRate"),
    ("--k=4 --hostLimitedRate=100Mbps", "hostLimitedRate"),
    ("--k=4 --workload=mix --hostLimitedRate=10Mbps", "hostLimitedRate"),
    ("--k=4 --workload=closed-loop --flowSizeCdf=/nonexistent/vl2.cdf", "flowSizeCdf"),
    ("--k=4 --controller=responsive --monitorInterval=0ms", "monitorInterval"),
    ("--k=4 --controller=responsive --monitorInterval=soon", "monitorInterval"),
    ("--k=4 --controller=responsive --monitorInterval=11s", "monitorInterval"),
    ("--k=4 --controller=responsive --deltaDgt=1", "deltaDgt"),
    ("--k=4 --controller=responsive --deltaDgt=-0.1", "deltaDgt"),
    ("--k=4 --controller=responsive --deltaRvt=0", "deltaRvt"),
    ("--k=4 --controller=responsive --deltaRvt=1.5", "deltaRvt"),
    ("--k=4 --controller=responsive --stableCount=0", "stableCount"),
    ("--k=4 --controller=responsive --maxSubflows=0", "maxSubflows"),
    ("--k=4 --controller=responsive --maxSubflows=9", "maxSubflows"),
    ("--k=4 --controller=responsive --deltaDdt=1.5", "deltaDdt"),
    ("--k=4 --controller=responsive --transport=tcp", "controller"),
    ("--k=4 --workload=random-closed-loop --flows=0", "flows"),
    ("--k=4 --workload=random-closed-loop --flowSizeMin=5000 --flowSizeMax=4000", "flowSizeMin"),
    ("--k=4 --workload=permutation-finite --flowSizeMax=2000000000000", "flowSizeMax"),
    ("--k=4 --workload=random-closed-loop --maxFlowsPerReceiver=0", "maxFlowsPerReceiver"),
    ("--k=4 --workload=permutation-finit", "workload"),
    ("--k=4 --workload=shuffle --shuffleJobs=0", "shuffleJobs"),
    ("--k=4 --workload=shuffle --reducers=0", "reducers"),
    ("--k=4 --workload=shuffle --reducers=8 --mappers=9", "mappers"),
    ("--k=4 --workload=shuffle --shuffleResponse=0", "shuffleResponse"),
    ("--k=4 --workload=shuffle --shuffleRequest=0", "shuffleRequest"),
    ("--k=4 --workload=shuffle --backgroundFraction=1.5", "backgroundFraction"),
    ("--k=4 --subflowTraceInterval=0s", "subflowTraceInterval"),
    ("--k=4 --queueUnit=cells", "queueUnit"),
    ("--k=4 --duration=0.3 --warmup=0.1 --subflowTrace=/nonexistent-dir/t.csv", "subflowTrace"),
]


def _rejected(tmp_path, arg, option):
    """Runs the program with bad arguments: one stderr line naming --option=, no database
    written; returns the exit status."""
    db = tmp_path / "r.db"
    p = subprocess.run([BINARY] + arg.split() + ["--db=%s" % db], capture_output=True,
                       text=True, timeout=60)
    lines = [l for l in p.stderr.splitlines() if l.strip()]
    assert len(lines) == 1, p.stderr
    assert ("--%s=" % option) in lines[0]
    assert not db.exists(), "nothing may be written on bad input"
    return p.returncode


@pytest.mark.parametrize("arg,option", BAD)
def test_bad_option_exits_nonzero_with_one_line(tmp_path, arg, option):
    assert _rejected(tmp_path, arg, option) != 0


def test_every_event_scheduler_gives_the_same_results():
    """CalendarScheduler is the program's default (--PrintGlobals); ns-3's other event schedulers
    give a field-for-field identical summary (issue 18: the fastest is picked by speed alone)."""
    p = subprocess.run([BINARY, "--PrintGlobals"], capture_output=True, text=True, timeout=60)
    assert "--SchedulerType=[ns3::CalendarScheduler]" in p.stdout
    base = ["--k=4", "--duration=0.3", "--warmup=0.1", "--db=none", "--quiet=true",
            "--transport=mptcp", "--subflows=4"]
    summaries = {}
    for sched in ("", "ns3::MapScheduler", "ns3::ListScheduler", "ns3::HeapScheduler",
                  "ns3::PriorityQueueScheduler"):
        args = base + (["--SchedulerType=" + sched] if sched else [])
        p = subprocess.run([BINARY] + args, capture_output=True, text=True, timeout=120)
        assert p.returncode == 0, p.stderr
        summary = json.loads(p.stdout.splitlines()[-1])
        summary.pop("wall_s")
        summaries[sched or "default"] = summary
    assert summaries["default"]["delivered_bytes"] > 0
    for sched, summary in summaries.items():
        assert summary == summaries["default"], sched


def test_unwritable_db_is_rejected_before_simulating(tmp_path):
    p = subprocess.run([BINARY, "--k=4", "--db=/nonexistent-dir/r.db"], capture_output=True,
                       text=True, timeout=60)
    assert p.returncode != 0
    assert "--db=" in p.stderr
    assert "simulated" not in p.stderr


def test_default_database_folder_is_created(tmp_path):
    # Under `./ns3 run` from the ns-3 top there is no results/ folder: the default --db
    # (results/fattree.db) creates it; an explicit --db in a missing folder is still an error.
    p = subprocess.run([BINARY, "--k=4", "--duration=0.1", "--warmup=0.05", "--quiet"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    con = sqlite3.connect(str(tmp_path / "results" / "fattree.db"))
    assert con.execute("SELECT COUNT(*), MIN(duration_s) FROM runs").fetchone() == (1, 0.1)


def test_default_database_folder_is_not_created_on_bad_input(tmp_path):
    p = subprocess.run([BINARY, "--k=7"], cwd=tmp_path, capture_output=True, text=True,
                       timeout=60)
    assert p.returncode != 0
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("duration, warmup", [("0.3", 0.1), ("1.5", 0.5), ("3.6", 1)])
def test_default_warmup_fits_the_duration(duration, warmup):
    # The smaller of 1 s and a third of --duration: --duration=0.3 alone is a valid run.
    p = subprocess.run([BINARY, "--k=4", "--transport=tcp", "--duration=" + duration,
                        "--db=none", "--quiet"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout.splitlines()[-1])["warmup_s"] == pytest.approx(warmup, rel=1e-5)


def test_existing_non_database_is_left_untouched(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_bytes(b"my precious notes\n")
    p = subprocess.run([BINARY, "--k=4", "--db=%s" % f], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode != 0
    assert f.read_bytes() == b"my precious notes\n"


def test_runs_append_and_json_summary(tmp_path):
    db = tmp_path / "r.db"
    for transport in ("tcp", "mptcp"):
        p = subprocess.run([BINARY, "--k=4", "--transport=%s" % transport, "--subflows=2",
                            "--duration=0.1", "--warmup=0.05", "--db=%s" % db, "--quiet"],
                           capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
    con = sqlite3.connect(str(db))
    runs = con.execute("select run_id, transport, subflows, flows from runs order by run_id").fetchall()
    assert runs == [(1, "tcp", 1, 16), (2, "mptcp", 2, 16)]
    assert con.execute("select count(*) from flows").fetchone()[0] == 32
    import json
    last = json.loads(p.stdout.strip().splitlines()[-1])
    for key in ("k", "hosts", "flows", "transport", "subflows", "cc", "duration_s",
                "aggregate_goodput_bps", "optimal_pct", "min_flow_pct", "jain_index", "wall_s"):
        assert key in last
    assert last["hosts"] == 16 and last["flows"] == 16 and last["subflows"] == 2


@pytest.mark.parametrize("cc", ["lia", "olia", "balia", "ewtcp", "coupled", "semicoupled", "xmp",
                                "uncoupled"])
def test_every_congestion_control_runs(cc):
    p = subprocess.run([BINARY, "--k=4", "--transport=mptcp", "--subflows=2", "--cc=%s" % cc,
                        "--duration=0.1", "--warmup=0.05", "--db=none", "--quiet"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    import json
    last = json.loads(p.stdout.strip().splitlines()[-1])
    assert last["cc"] == cc
    assert last["aggregate_goodput_bps"] > 0


def _summary(*args):
    p = subprocess.run([BINARY, "--k=4", "--db=none", "--quiet"] + list(args),
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    import json
    return json.loads(p.stdout.strip().splitlines()[-1])


def test_packetscatter_sprays_and_beats_single_path_tcp():
    # Seed 000 §4.3.5: switches spray packets over every equal-cost path. On the k=4 FatTree
    # a permutation of single-path TCP flows collides on core links (39 % of optimal,
    # measured), spraying spreads the same flows over all paths (74 %, measured).
    tcp = _summary("--transport=tcp", "--duration=1", "--warmup=0.3")
    ps = _summary("--transport=packetscatter", "--duration=1", "--warmup=0.3")
    assert ps["transport"] == "packetscatter" and ps["subflows"] == 1
    assert tcp["optimal_pct"] < 55
    assert ps["optimal_pct"] > 1.4 * tcp["optimal_pct"]
    assert ps["min_flow_pct"] > 30, "no flow is stuck behind a collision"


def test_default_delayed_ack_timeout_does_not_lock_flows_out():
    # ns-3's TCP leaves loss recovery after an RTO with a one-segment window; with ns-3's 200 ms
    # delayed-ACK timeout the ACK of that segment loses the race against the 200 ms minimum RTO,
    # every time: 4 of these 16 flows moved one segment per RTO (0.05 % of optimal, measured
    # with --delAckTimeout=200ms). The default is Linux's 40 ms (doc/mptcp.rst).
    tcp = _summary("--transport=tcp", "--duration=1", "--warmup=0.3")
    assert tcp["min_flow_pct"] > 5
    p = subprocess.run([BINARY, "--k=4", "--db=none", "--quiet", "--duration=0.01",
                        "--warmup=0", "--delAckTimeout=200ms"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    warnings = [l for l in p.stderr.splitlines() if "warning" in l]
    assert len(warnings) == 1 and "--delAckTimeout=200ms" in warnings[0]
    quiet = subprocess.run([BINARY, "--k=4", "--db=none", "--quiet", "--duration=0.01",
                            "--warmup=0", "--delAckTimeout=200ms", "--delAckCount=1"],
                           capture_output=True, text=True, timeout=300)
    assert "warning" not in quiet.stderr


def test_lost_handshake_is_retransmitted_after_one_second():
    # Eight subflows' initial windows (8 x 10 segments) overflow a 20-packet host queue, which
    # tail-drops handshake segments too. With ns-3's 3 s ConnTimeout one connection of this run
    # never starts (min 0 % of optimal, measured); with Linux's 1 s (RFC 6298, the default) its
    # retransmitted SYN/ACK lets it move data before the end at 2 s (min 33.7 %, measured).
    args = ["--transport=mptcp", "--subflows=8", "--queue=20", "--duration=2", "--warmup=0.5"]
    linux = _summary(*args)
    ns3 = _summary(*args, "--connTimeout=3s")
    assert ns3["min_flow_pct"] == 0
    assert linux["min_flow_pct"] > 20


@pytest.mark.parametrize("content,line", [
    ("1000 0.5\n900 1\n", 2),          # sizes must increase
    ("# header\n1000 0.5\n2000 0.9\n", 3),  # last probability is not 1
    ("1000 half\n", 1),                 # not a number
])
@pytest.mark.parametrize("workload", ["mix", "closed-loop"])
def test_malformed_flow_size_cdf_names_option_and_line(tmp_path, content, line, workload):
    cdf = tmp_path / "cdf.txt"
    cdf.write_text(content)
    db = tmp_path / "r.db"
    p = subprocess.run([BINARY, "--workload=" + workload, "--flowSizeCdf=%s" % cdf,
                        "--db=%s" % db], capture_output=True, text=True, timeout=60)
    assert p.returncode != 0
    lines = [l for l in p.stderr.splitlines() if l.strip()]
    assert len(lines) == 1, p.stderr
    assert "--flowSizeCdf=" in lines[0] and ("line %d:" % line) in lines[0], lines[0]
    assert not db.exists()


def test_mix_workload_stores_short_flows(tmp_path):
    # Sim_Mix (thesis §5.2.3) on k=4: 1/3 of the hosts send long flows, Poisson short flows
    # of 70 KB at 256/s from 0.5 s to 0.2 s before the end.
    db = tmp_path / "r.db"
    p = subprocess.run([BINARY, "--k=4", "--workload=mix", "--transport=tcp", "--duration=1.2",
                        "--db=%s" % db, "--quiet"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    import json
    last = json.loads(p.stdout.strip().splitlines()[-1])
    assert last["workload"] == "mix" and last["flows"] == round(16 / 3)
    started, completed = last["short_flows_started"], last["short_flows_completed"]
    # lambda T = 256 * 0.5 = 128 arrivals; 4 sigma = 45
    assert abs(started - 128) < 45
    assert 0 < completed <= started
    con = sqlite3.connect(str(db))
    rows = con.execute("select size_bytes, start_s, fct_s, completed, transport, rtos, "
                       "fast_retransmits from short_flows where run_id = 1").fetchall()
    assert len(rows) == started
    assert sum(r[3] for r in rows) == completed
    # 70 KB at 100 Mb/s with 1454 wire bytes per 1400-byte segment: at least 5.8 ms.
    min_transfer = 70000 * 1454 / 1400 * 8 / 100e6
    for size, start, fct, done, transport, rtos, frs in rows:
        assert size == 70000 and transport == "tcp" and 0.5 <= start < 1.0
        assert rtos >= 0 and frs >= 0
        if done:
            assert fct >= min_transfer
        else:
            assert fct is None
    summary = con.execute("select workload, short_flows_started, short_flows_completed, "
                          "fct_mean_s, core_util, core_loss from workload_runs").fetchall()
    assert summary[0][:3] == ("mix", started, completed)
    assert abs(summary[0][3] * 1e3 - last["fct_mean_ms"]) < 1e-3 * last["fct_mean_ms"]
    assert 0 < summary[0][4] <= 1 and 0 <= summary[0][5] <= 1
    assert con.execute("select count(*) from flow_counters").fetchone()[0] == last["flows"]
    layers = con.execute("select layer, direction, links from link_layers").fetchall()
    assert sorted(layers) == sorted([(l, d, 16) for l in ("host-edge", "edge-aggregation",
                                                          "aggregation-core")
                                     for d in ("up", "down")])


def test_incast_flow_count(tmp_path):
    # N = 5 senders every 0.5 s from 0.5 s until 0.2 s before the end (2.2 s): rounds at
    # 0.5, 1.0, 1.5 s.
    db = tmp_path / "r.db"
    p = subprocess.run([BINARY, "--k=4", "--workload=incast", "--incastSenders=5",
                        "--transport=tcp", "--duration=2.2", "--warmup=0.4", "--db=%s" % db,
                        "--quiet"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    import json
    last = json.loads(p.stdout.strip().splitlines()[-1])
    assert last["short_flows_started"] == 5 * 3 and last["flows"] == 0
    con = sqlite3.connect(str(db))
    per_round = con.execute("select start_s, count(distinct src_host), count(distinct dst_host) "
                            "from short_flows group by start_s order by start_s").fetchall()
    assert [(round(t, 6), s, d) for t, s, d in per_round] == [(0.5, 5, 1), (1.0, 5, 1),
                                                              (1.5, 5, 1)]


def test_host_side_ps_and_mmptcp_mix_runs_feed_the_fct_table(tmp_path):
    # PS_Pure and MMPTCP (thesis Table 5.1) on k=4: runs stored with their transport and
    # congestion control, short flows completed, and `mptcp-ns3 plot fct` names both.
    import json
    db = tmp_path / "r.db"
    for transport, cc in (("ps", "newreno"), ("mmptcp", "lia")):
        p = subprocess.run([BINARY, "--k=4", "--workload=mix", "--transport=%s" % transport,
                            "--duration=1.2", "--label=t", "--db=%s" % db, "--quiet"],
                           capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
        last = json.loads(p.stdout.strip().splitlines()[-1])
        assert last["transport"] == transport and last["cc"] == cc
        assert last["short_flows_started"] > 0
        assert last["short_flows_completed"] >= 0.8 * last["short_flows_started"]
    con = sqlite3.connect(str(db))
    assert con.execute("select distinct transport from short_flows order by 1").fetchall() == [
        ("mmptcp",), ("ps",)]
    out = paths.cli("plot", "fct", "--db=%s" % db, "--out=%s" % tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    names = [ln.split()[0] for ln in out.stdout.splitlines()[2:4]]
    assert names == ["PS_Pure", "MMPTCP"]


def test_traffic_options_and_links_table(tmp_path):
    # 2.5 connections per host on 16 hosts: 40 flows; half of them rack-local; 3 slow core
    # links; a 3-packet queue so that links drop packets.
    import json
    db = tmp_path / "r.db"
    p = subprocess.run([BINARY, "--k=4", "--transport=tcp", "--connectionsPerHost=2.5",
                        "--localFraction=0.5", "--hotspot=3", "--queue=3", "--duration=0.3",
                        "--warmup=0.1", "--db=%s" % db, "--quiet"], capture_output=True,
                       text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    last = json.loads(p.stdout.strip().splitlines()[-1])
    assert last["flows"] == 40 and last["connections_per_host"] == 2.5
    assert last["local_fraction"] == 0.5 and last["rack_local_flows"] == 20
    assert len(last["hotspot_links"]) == 3 and len(set(last["hotspot_links"])) == 3
    assert sum("hot spot: link" in l for l in p.stderr.splitlines()) == 3
    con = sqlite3.connect(str(db))
    params = json.loads(con.execute("select params_json from runs").fetchone()[0])
    assert params["hotspot"] == 3 and params["connectionsPerHost"] == 2.5
    flows = con.execute("select src_host, dst_host from flows").fetchall()
    assert len(flows) == 40 and all(s != d for s, d in flows)
    # k=4, 2 hosts per edge switch: hosts 2r and 2r+1 share rack r.
    assert sum(s // 2 == d // 2 for s, d in flows) == 20
    rows = con.execute("select link_id, layer, direction, rate_bps, tx_packets, drops, "
                       "loss_rate, utilization from links where run_id = 1").fetchall()
    assert len(rows) == 48 * 2
    assert len({(r[0], r[2]) for r in rows}) == 96
    slow = {r[0] for r in rows if r[3] == 10e6}
    assert slow == set(last["hotspot_links"])
    assert all(r[1] == "aggregation-core" for r in rows if r[0] in slow)
    assert all(r[3] == 100e6 for r in rows if r[0] not in slow)
    assert sum(r[5] for r in rows) > 0, "the tiny queue drops packets"
    for _, _, _, _, tx, drops, loss, util in rows:
        assert loss == pytest.approx(drops / (tx + drops) if tx + drops else 0.0, abs=1e-12)
        assert 0 <= util <= 1.0 + 1e-9
    # The per-link counters add up to the per-layer rows.
    layers = con.execute("select layer, direction, tx_packets, drops from link_layers "
                         "where run_id = 1").fetchall()
    for layer, direction, tx, drops in layers:
        mine = [r for r in rows if r[1] == layer and r[2] == direction]
        assert sum(r[4] for r in mine) == tx and sum(r[5] for r in mine) == drops


def test_default_run_has_no_hotspot_and_plain_matrix():
    last = _summary("--transport=tcp", "--duration=0.1", "--warmup=0.05")
    assert last["hotspot_links"] == [] and last["connections_per_host"] == 1
    assert last["local_fraction"] is None and last["flows"] == 16
TOPOLOGY_BAD = [
    ("--topology=bcube", "topology"),
    ("--topology=dhft --k=6", "k"),
    ("--topology=dhft --k=2", "k"),
    ("--hosts=16", "hosts"),
    ("--topology=vl2 --hosts=16", "hosts"),
    ("--topology=perfect", "hosts"),
    ("--topology=perfect --hosts=16 --hostsPerTor=4", "hostsPerTor"),
    ("--topology=dhft --stock --transport=tcp", "stock"),
    ("--k=4 --addressesPerHost=0", "addressesPerHost"),
    ("--k=8 --addressesPerHost=33", "addressesPerHost"),
    ("--topology=dhft --k=4 --addressesPerHost=2", "addressesPerHost"),
    ("--k=4 --coreDelay=-1us", "coreDelay"),
    ("--k=4 --edgeDelay=soon", "edgeDelay"),
    ("--topology=perfect --hosts=8 --aggDelay=30us", "aggDelay"),
]


@pytest.mark.parametrize("arg,option", TOPOLOGY_BAD)
def test_bad_topology_option_exits_2_with_one_line(tmp_path, arg, option):
    assert _rejected(tmp_path, arg, option) == 2


def test_every_topology_runs_and_reports_it(tmp_path):
    db = tmp_path / "r.db"
    expected = {"fattree": 16, "dhft": 16, "vl2": 80, "perfect": 6}
    for topology, hosts in expected.items():
        args = ["--topology=%s" % topology, "--transport=tcp", "--duration=0.05",
                "--warmup=0.01", "--quiet", "--db=%s" % db]
        args += ["--hosts=6"] if topology == "perfect" else ["--k=4"]
        p = subprocess.run([BINARY] + args, capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
        s = json.loads(p.stdout.strip().splitlines()[-1])
        assert s["hosts"] == hosts
        assert s["topology"] == ("perfect-switch" if topology == "perfect" else topology)
    con = sqlite3.connect(str(db))
    rows = [r[0] for r in con.execute("SELECT topology FROM runs ORDER BY run_id")]
    assert rows == ["fattree", "dhft", "vl2", "perfect-switch"]


def test_layer_delays_and_two_addresses_per_host(tmp_path):
    """Seed 004's setting (20/30/40 us, two addresses per server) runs MPTCP over the 2 x 2
    address pairs and records the options in params_json."""
    db = tmp_path / "r.db"
    p = subprocess.run([BINARY, "--k=4", "--linkRate=1Gbps", "--edgeDelay=20us",
                        "--aggDelay=30us", "--coreDelay=40us", "--addressesPerHost=2",
                        "--transport=mptcp", "--subflows=4", "--duration=0.1", "--warmup=0.05",
                        "--db=%s" % db, "--quiet"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    last = json.loads(p.stdout.strip().splitlines()[-1])
    assert last["delivered_bytes"] > 0 and last["subflows"] == 4
    con = sqlite3.connect(str(db))
    params = json.loads(con.execute("select params_json from runs").fetchone()[0])
    assert params["edgeDelay"] == "20us" and params["aggDelay"] == "30us"
    assert params["coreDelay"] == "40us" and params["addressesPerHost"] == 2


def test_hotspot_flows_rows(tmp_path):
    # k=4 FatTree with all 16 aggregation-core links slowed: exactly the flows between pods
    # (4 hosts per pod) cross them. DHFT and VL2 with 2 slowed links: the rows are consistent
    # with the flows and the links tables.
    db = tmp_path / "r.db"
    runs = [("fattree", ["--k=4", "--hotspot=16", "--transport=tcp"]),
            ("dhft", ["--k=4", "--hotspot=2", "--transport=mptcp", "--subflows=4"]),
            ("vl2", ["--k=4", "--hotspot=2", "--transport=mptcp", "--subflows=4"]),
            ("fattree", ["--k=4", "--transport=tcp"])]
    for run_id, (topology, args) in enumerate(runs, 1):
        p = subprocess.run([BINARY, "--topology=%s" % topology, "--duration=0.1",
                            "--warmup=0.05", "--quiet", "--db=%s" % db] + args,
                           capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
        s = json.loads(p.stdout.strip().splitlines()[-1])
        con = sqlite3.connect(str(db))
        rows = con.execute("SELECT flow_id, packets, packets_after_warmup FROM hotspot_flows "
                           "WHERE run_id = ?", (run_id,)).fetchall()
        flows = {f: (a, b) for f, a, b in con.execute(
            "SELECT flow_id, src_host, dst_host FROM flows WHERE run_id = ?", (run_id,))}
        assert s["hotspot_flows"] == len(rows)
        if run_id == 1:
            assert {f for f, _, _ in rows} == {f for f, (a, b) in flows.items()
                                               if a // 4 != b // 4}
        elif run_id == 4:
            assert rows == []
        else:
            assert 0 < len(rows) <= len(flows)
        slow_tx = sum(tx for link, tx in con.execute(
            "SELECT link_id, tx_packets FROM links WHERE run_id = ?", (run_id,))
            if link in s["hotspot_links"])
        assert all(f in flows and n >= w >= 0 and n > 0 for f, n, w in rows)
        # Data packets after the warm-up are a part of what the slow links sent after it.
        assert sum(w for _, _, w in rows) <= slow_tx
        con.close()


VL2_CDF = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "data", "vl2-flow-size.cdf")


def test_vl2_flow_size_file_is_the_published_distribution():
    """data/vl2-flow-size.cdf: the VL2 "data mining" points (pFabric/PIAS, in 1460-byte
    packets: 1 .5, 2 .6, 3 .7, 7 .8, 267 .9, 2107 .95, 66667 .99, 666667 1) in bytes; its mean
    with linear interpolation is 5117 packets (7,470,236 bytes), the mean those papers give."""
    points = []
    with open(VL2_CDF) as f:
        for raw in f:
            line = raw.split("#")[0].split()
            if line:
                points.append((int(line[0]), float(line[1])))
    packets = [(1, .5), (2, .6), (3, .7), (7, .8), (267, .9), (2107, .95), (66667, .99),
               (666667, 1.0)]
    assert points == [(n * 1460, p) for n, p in packets]
    mean = points[0][0] * points[0][1] + sum(
        (p1 - p0) * (s0 + s1) / 2 for (s0, p0), (s1, p1) in zip(points, points[1:]))
    assert round(mean) == 7470236 and round(mean / 1460) == 5117


def test_bad_responsive_and_finite_workload_options_exit_2(tmp_path):
    """The issue's bad input for seed 004's options: exit status 2 exactly."""
    for arg, option in [("--k=4 --controller=responsive --monitorInterval=0ms", "monitorInterval"),
                        ("--k=4 --workload=random-closed-loop --flows=0", "flows")]:
        assert _rejected(tmp_path, arg, option) == 2


def test_responsive_random_stores_subflows_and_control_rows(tmp_path):
    """--controller=responsive with seed 004's random workload: a flow_subflows row per flow,
    none above --maxSubflows, the extra subflows exactly those the controller granted (the
    monitors open what they are told), a control_servers row per host whose bytes add up to
    the controller's count of 64-byte messages, and controller_runs as the JSON says."""
    db = tmp_path / "r.db"
    p = subprocess.run([BINARY, "--k=4", "--workload=random-closed-loop", "--flows=20",
                        "--flowSizeMin=500000", "--flowSizeMax=2000000",
                        "--controller=responsive", "--monitorInterval=2ms", "--maxSubflows=3",
                        "--deltaDgt=0.05", "--duration=10", "--db=%s" % db, "--quiet"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    last = json.loads(p.stdout.strip().splitlines()[-1])
    assert last["controller"] == "responsive" and last["subflows"] == 3
    assert last["finite_flows"] == last["finite_flows_completed"] == 20
    assert last["sim_end_s"] < 10  # ended when the flows completed
    con = sqlite3.connect(str(db))
    rows = con.execute("select flow_id, subflows, throughput_bps from flow_subflows "
                       "where run_id = 1").fetchall()
    assert len(rows) == 20
    assert all(1 <= r[1] <= 3 for r in rows)
    assert sum(r[1] - 1 for r in rows) == last["subflows_granted"] > 0
    assert abs(sum(r[1] for r in rows) / 20 - last["subflows_per_flow_mean"]) < 1e-5
    sizes = dict(con.execute("select flow_id, size_bytes * 8.0 / fct_s from short_flows "
                             "where run_id = 1").fetchall())
    for fid, _, tput in rows:
        assert tput == pytest.approx(sizes[fid], rel=1e-9)
        assert tput < 100e6  # below the host link rate
    servers = con.execute("select host, messages_sent, messages_received, control_bytes "
                          "from control_servers where run_id = 1").fetchall()
    assert [s[0] for s in servers] == list(range(16))
    assert all(s[3] == 64 * (s[1] + s[2]) for s in servers)
    assert sum(s[3] for s in servers) == last["server_control_bytes"] > 0
    assert sum(s[1] for s in servers) == last["path_requests"]
    ctl = con.execute("select controller, interval_s, threshold, flows_scheduled, rounds "
                      "from controller_runs where run_id = 1").fetchall()
    assert len(ctl) == 1 and ctl[0][:3] == ("responsive", 0.002, 0.05)
    # Flows seen: 20, and once more each SYN lost and sent again after its rules expired.
    assert ctl[0][3] == last["flows_scheduled"] >= 20 and ctl[0][4] == last["path_requests"]


def test_shuffle_stores_jobs_and_response_flows(tmp_path):
    """--workload=shuffle: one shuffle_jobs row per job, back to back, whose mean JCT is the
    JSON's; a flow_subflows row per response (R * M per job, each of --shuffleResponse bytes,
    from a mapper to a reducer of its job, each at most the host link's rate), and the run
    ends with the last job."""
    db = tmp_path / "r.db"
    p = subprocess.run([BINARY, "--k=4", "--workload=shuffle", "--reducers=3", "--mappers=2",
                        "--shuffleJobs=3", "--shuffleResponse=300000", "--flowSizeMin=1000000",
                        "--flowSizeMax=2000000", "--subflows=2", "--duration=30",
                        "--db=%s" % db, "--quiet"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    last = json.loads(p.stdout.strip().splitlines()[-1])
    con = sqlite3.connect(str(db))
    jobs = con.execute("select job_id, start_s, end_s, jct_s, completed from shuffle_jobs "
                       "where run_id = 1 order by job_id").fetchall()
    assert [j[0] for j in jobs] == [0, 1, 2] and all(j[4] == 1 for j in jobs)
    assert last["shuffle_jobs_completed"] == 3
    for a, b in zip(jobs, jobs[1:]):
        assert b[1] == pytest.approx(a[2], abs=1e-12)  # the next starts when one ends
    for j in jobs:
        assert j[3] == pytest.approx(j[2] - j[1], rel=1e-12)
        # A reducer gets 2 answers of 300 kB over its 100 Mb/s link (1400 / 1454 payload).
        assert j[3] >= 2 * 300000 * 8 / (100e6 * 1400 / 1454)
    assert last["jct_mean_ms"] == pytest.approx(1e3 * sum(j[3] for j in jobs) / 3, rel=1e-5)
    assert last["sim_end_s"] == pytest.approx(jobs[-1][2], rel=1e-5)  # JSON: 6 digits
    rows = con.execute("select f.subflows, s.size_bytes, s.transport, f.throughput_bps from "
                       "flow_subflows f join short_flows s using (run_id, flow_id) "
                       "where run_id = 1").fetchall()
    assert len(rows) == 3 * 3 * 2 == last["finite_flows"]
    assert all(r[0] == 2 and r[1] == 300000 and r[2] == "mptcp" and 0 < r[3] < 100e6
               for r in rows)
    assert last["subflows_per_flow_mean"] == 2


def test_closed_loop_hedera_stores_flows_and_controller_row(tmp_path):
    """--workload=closed-loop with VL2 sizes and Hedera: every closed-loop flow is a
    short_flows row (size from the file, start, completion), the JSON counts match the rows,
    and controller_runs holds Hedera's counts."""
    db = tmp_path / "r.db"
    p = subprocess.run([BINARY, "--k=4", "--transport=tcp", "--workload=closed-loop",
                        "--flowSizeCdf=" + VL2_CDF, "--controller=hedera",
                        "--hederaInterval=0.1", "--duration=0.6", "--warmup=0.2",
                        "--db=%s" % db, "--quiet"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    last = json.loads(p.stdout.strip().splitlines()[-1])
    assert last["workload"] == "closed-loop" and last["flows"] == 0
    con = sqlite3.connect(str(db))
    rows = con.execute("select size_bytes, start_s, last_rx_s, fct_s, completed from "
                       "short_flows where run_id = 1").fetchall()
    assert len(rows) == last["flows_started"] == last["short_flows_started"]
    assert sum(r[4] for r in rows) == last["flows_completed"]
    # 16 senders each have one flow at a time: started = completed + those still running.
    assert last["flows_started"] - last["flows_completed"] <= 16
    sizes = {n * 1460 for n in (1, 2, 3, 7, 267, 2107, 66667, 666667)}
    assert any(r[0] in sizes for r in rows)  # the file's own points occur (u below 0.5)
    for size, start, last_rx, fct, done in rows:
        assert 1460 <= size <= 666667 * 1460 and 0 <= start < 0.6
        if done:
            # At least the size at 100 Mb/s (1400 payload bytes per 1454 on the wire).
            assert fct >= size * 8 / 100e6 and last_rx >= start + fct - 1e-9
    ctl = con.execute("select controller, interval_s, threshold, rounds, flows_scheduled, "
                      "rules_installed, control_messages, control_bytes from controller_runs "
                      "where run_id = 1").fetchall()
    assert len(ctl) == 1
    c = ctl[0]
    assert c[:4] == ("hedera", 0.1, 0.1, 5)  # rounds at 0.1 .. 0.5 s
    assert (c[4], c[5], c[6], c[7]) == (last["flows_scheduled"], last["rules_installed"],
                                        last["control_messages"], last["control_bytes"])
    assert c[4] > 0 and c[5] >= c[4]


def test_subflow_trace_samples_every_subflow_and_paths(tmp_path):
    """--subflowTrace: one row per subflow per sample from the warm-up on (every interval), the
    connection's received bytes growing, and every subflow's path both ways in FILE.paths; with
    TCP Small Queues (the default) a flow keeps far less than its NIC queue in its host."""
    trace = tmp_path / "t.csv"
    p = subprocess.run([BINARY, "--k=4", "--duration=0.35", "--warmup=0.15", "--db=none",
                        "--quiet=true", "--transport=mptcp", "--subflows=4",
                        "--subflowTrace=%s" % trace, "--subflowTraceInterval=50ms"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    import csv
    with open(trace) as f:
        rows = list(csv.DictReader(f))
    times = sorted({round(float(r["t_s"]), 3) for r in rows})
    # 0.15, 0.20, 0.25, 0.30 (the one at 0.35 is the stop time: not run).
    assert times == [0.15, 0.2, 0.25, 0.3]
    for t in times:
        at = [r for r in rows if round(float(r["t_s"]), 3) == t]
        assert len({r["flow"] for r in at}) == 16
        assert len(at) == 16 * 4, t
    first = {r["flow"]: int(r["rx_bytes"]) for r in rows if round(float(r["t_s"]), 3) == 0.15}
    last = {r["flow"]: int(r["rx_bytes"]) for r in rows if round(float(r["t_s"]), 3) == 0.3}
    assert all(last[f] > first[f] for f in first)
    # TCP Small Queues: a flow's subflows keep far less than the 100-packet NIC queue in their
    # host (about 1-2 ms of their pacing rates; 30-36 packets here, just after slow start).
    per_host = {}
    for r in rows:
        key = (r["t_s"], r["flow"])
        per_host[key] = per_host.get(key, 0) + int(r["host_queued"])
    assert max(per_host.values()) <= 60 * 1400, max(per_host.values())
    assert {r["ca_state"] for r in rows} <= {"0", "1", "2", "3", "4"}
    with open(str(trace) + ".paths") as f:
        paths_rows = list(csv.DictReader(f))
    assert len(paths_rows) == 16 * 4 * 2
    for r in paths_rows:
        nodes = r["nodes"].split()
        assert len(nodes) in (3, 5, 7), r  # same edge, same pod, other pod
    data = {(r["flow"], r["subflow"]): r["nodes"].split() for r in paths_rows
            if r["direction"] == "0"}
    acks = {(r["flow"], r["subflow"]): r["nodes"].split() for r in paths_rows
            if r["direction"] == "1"}
    for key, nodes in data.items():
        assert acks[key][0] == nodes[-1] and acks[key][-1] == nodes[0]


def test_queue_unit_bytes_is_recorded_and_changes_the_run(tmp_path):
    """--queueUnit=bytes: recorded in params_json; with 5-packet queues (7,500 bytes: five data
    packets and the ACKs beside them) the run differs from the one with 5-packet queues."""
    base = ["--k=4", "--duration=0.4", "--warmup=0.1", "--quiet=true", "--transport=mptcp",
            "--subflows=4", "--queue=5"]
    delivered = {}
    for unit in ("packets", "bytes"):
        db = tmp_path / ("%s.db" % unit)
        p = subprocess.run([BINARY] + base + ["--db=%s" % db, "--queueUnit=" + unit],
                           capture_output=True, text=True, timeout=180)
        assert p.returncode == 0, p.stderr
        con = sqlite3.connect(str(db))
        params = json.loads(con.execute("SELECT params_json FROM runs").fetchone()[0])
        con.close()
        assert params["queueUnit"] == unit
        delivered[unit] = json.loads(p.stdout.splitlines()[-1])["delivered_bytes"]
    assert delivered["packets"] > 0 and delivered["bytes"] > 0
    assert delivered["packets"] != delivered["bytes"], delivered


def test_small_queues_and_window_validation_off_is_ns3_tcp():
    """--smallQueues=0 --cwndValidation=0: TCP and the subflows behave as ns-3's TcpSocketBase
    (the goldens of the module before them were reproduced to the byte that way); on, the
    sender NICs no longer drop: the link_layers host-edge 'up' drops of a MPTCP-8 run fall."""
    base = ["--k=4", "--duration=0.6", "--warmup=0.2", "--quiet=true", "--transport=mptcp",
            "--subflows=8"]
    out = {}
    for flag in ("1", "0"):
        import tempfile
        with tempfile.TemporaryDirectory() as d:
            db = os.path.join(d, "r.db")
            p = subprocess.run([BINARY] + base + ["--db=%s" % db, "--smallQueues=" + flag,
                                                   "--cwndValidation=" + flag],
                               capture_output=True, text=True, timeout=180)
            assert p.returncode == 0, p.stderr
            con = sqlite3.connect(db)
            drops = con.execute("SELECT drops FROM link_layers WHERE layer='host-edge' AND "
                                "direction='up'").fetchone()[0]
            params = json.loads(con.execute("SELECT params_json FROM runs").fetchone()[0])
            con.close()
            out[flag] = drops
            assert params["smallQueues"] is (flag == "1")
            assert params["cwndValidation"] is (flag == "1")
    assert out["1"] == 0, out
    assert out["0"] > 0, out


def test_params_json_records_every_option_that_can_change_a_result(tmp_path):
    """runs.params_json names every option of the program (--help), except those that cannot
    change a result: where it is written (db, label), how much it prints (quiet), and how
    switches forward or the run is spread over MPI ranks (switchForwarding, mpi, mpiSync: the
    same results, checked by golden-ipv4-forwarding and tools/ci/mpi-check.sh). A missing one
    loses a run's setting (dupAckThreshold was missing until session 31)."""
    import re
    h = subprocess.run([BINARY, "--help"], capture_output=True, text=True, timeout=60)
    program_options = h.stdout.split("\nGeneral Arguments:")[0]
    options = set(re.findall(r"^    --(\w+):", program_options, re.M))
    assert {"dupAckThreshold", "minRto", "k", "transport", "monitorInterval"} <= options
    # A run in which every option applies: the finite workloads' sizes (shuffle), the
    # responsive controller's parameters and the ECN threshold are recorded only then.
    db = tmp_path / "r.db"
    p = subprocess.run([BINARY, "--k=4", "--transport=mptcp", "--cc=xmp", "--workload=shuffle",
                        "--controller=responsive", "--ecnThreshold=10", "--addressesPerHost=2",
                        "--dupAckThreshold=50", "--duration=0.2", "--warmup=0.1",
                        "--db=%s" % db, "--quiet"], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    con = sqlite3.connect(str(db))
    params = json.loads(con.execute("select params_json from runs").fetchone()[0])
    assert params["dupAckThreshold"] == 50
    not_results = {"db", "label", "quiet", "switchForwarding", "mpi", "mpiSync"}
    assert sorted(options - not_results - params.keys()) == []
