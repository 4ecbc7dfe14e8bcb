/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The FatTree experiment of Raiciu et al., "Improving Datacenter Performance and Robustness
 * with Multipath TCP", SIGCOMM 2011, Fig. 2 and Fig. 3: long-lived flows of a traffic matrix
 * (permutation by default) over a k-ary FatTree with per-flow ECMP, single-path TCP against
 * MPTCP with 1..8 subflows (ndiffports, LIA).
 *
 * Output: per-flow goodput after the warm-up, the aggregate as a percentage of optimal (see
 * doc/mptcp.rst, "Optimal throughput"), a row in an SQLite database (doc/results-schema.rst),
 * and a one-line JSON summary as the last line of stdout. Progress goes to stderr.
 *
 * --workload adds the MMPTCP thesis' templates (§5.2.3, §5.12): mix (Sim_Mix: long flows from
 * a fraction of the hosts, Poisson short flows from the others, flow completion times),
 * incast and incast-long; the default, long, is the paper's Sim_Long.
 *
 *   ./mptcp-fattree --k=8 --transport=mptcp --subflows=8 --duration=3 --warmup=1
 *   ./mptcp-fattree --k=4 --workload=mix --transport=mptcp --shortTransport=tcp --duration=2
 *   mpirun -np 2 ./mptcp-fattree --mpi --k=8      (ns-3 built with --enable-mpi)
 *
 * The experiment itself is ns3::DatacenterExperiment (helper/datacenter-experiment.h); this
 * program parses and prints. The --topology, --cc and --scheduler names come from
 * DatacenterTopologyRegistry, MpTcpCongestionControlRegistry and MpTcpSchedulerRegistry, so a
 * new topology or congestion control needs no edit here.
 */
#include "mptcp-example-common.h"

#include "ns3/core-module.h"
#include "ns3/datacenter-experiment.h"
#include "ns3/datacenter-partition.h"
#include "ns3/datacenter-topology-registry.h"
#include "ns3/mptcp-algorithm-registry.h"

#include <iomanip>
#include <iostream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("MpTcpFatTree");

namespace
{

const char* PROGRAM = "mptcp-fattree";

/**
 * Print one line naming the bad option and exit with status 2, before anything is written.
 * \param e the invalid option
 */
[[noreturn]] void
Fail(const DatacenterExperiment::Error& e)
{
    DatacenterPartition::Disable(); // every rank fails alike (same options, same draws)
    mptcp_example::FailOption(PROGRAM, e.option, e.value, e.why);
}

} // namespace

int
main(int argc, char* argv[])
{
    DatacenterExperiment::Config c; // every option's default
    bool quiet = false;

    // The fastest of ns-3's event schedulers for this workload (`mptcp-ns3 bench
    // --event-schedulers`, doc/mptcp.rst "Speed"); --SchedulerType=... chooses another.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::CalendarScheduler"));
    CommandLine cmd(__FILE__);
    cmd.Usage("FatTree experiment of Raiciu et al. (SIGCOMM 2011, Fig. 2 and 3): long-lived "
              "flows over a k-ary FatTree with per-flow ECMP, TCP against MPTCP.");
    cmd.AddValue("topology",
                 DatacenterTopologyRegistry::Describe() +
                     ". The optimum (optimal_pct) is the max-min fair share of the host NICs; a "
                     "dual-homed host counts both NICs (2x its link), also for single-path TCP, "
                     "which uses one (the paper's feasible region)",
                 c.topology);
    cmd.AddValue("k",
                 "switch ports: fattree k pods of k-port switches (even, >= 2); dhft the same "
                 "(a multiple of 4); vl2 D_A = D_I, ports of aggregation and intermediate "
                 "switches (even)", c.k);
    cmd.AddValue("hostsPerTor",
                 "hosts per edge (ToR) switch (fattree default k/2 = no oversubscription); dhft: "
                 "per ToR pair (default 2k/3 rounded down, k=12: 576 hosts); vl2: default 20",
                 c.hostsPerTor);
    cmd.AddValue("hosts", "number of hosts, only with --topology=perfect (>= 2)", c.hosts);
    cmd.AddValue("linkRate", "rate of every link (ns-3 DataRate, e.g. 100Mbps)", c.linkRate);
    cmd.AddValue("delay", "one-way propagation delay of every link (ns-3 Time, e.g. 20us)",
                 c.delay);
    cmd.AddValue("edgeDelay",
                 "one-way delay of the host-edge (host-ToR) links, ns-3 Time >= 0 (default: "
                 "--delay; seed 004: 20us)",
                 c.edgeDelay);
    cmd.AddValue("aggDelay",
                 "one-way delay of the edge-aggregation links, ns-3 Time >= 0 (default: --delay; "
                 "seed 004: 30us; not with --topology=perfect)",
                 c.aggDelay);
    cmd.AddValue("coreDelay",
                 "one-way delay of the aggregation-core links, ns-3 Time >= 0 (default: --delay; "
                 "seed 004: 40us; not with --topology=perfect)",
                 c.coreDelay);
    cmd.AddValue("addressesPerHost",
                 "IPv4 addresses of every host on its one NIC, 1..256/k, fattree only (seed 004: "
                 "2); above 1 MPTCP runs fullmesh, --subflows spread over the address pairs",
                 c.addressesPerHost);
    cmd.AddValue("queue", "DropTail queue of every switch port and NIC, packets", c.queue);
    cmd.AddValue("transport",
                 "tcp | mptcp | packetscatter (seed 000 §4.3.5: switches spray every packet over "
                 "the equal-cost paths, TCP with a raised duplicate-ACK threshold) | ps (hosts "
                 "spray: ns3::PacketScatterSocket) | mmptcp (ns3::MmpTcpSocket)", c.transport);
    cmd.AddValue("dupAckThreshold",
                 "duplicate ACKs that trigger a fast retransmit (0: 3; for packetscatter "
                 "3 + the (k/2)^2 equal-cost paths between pods; for ps and mmptcp's scatter "
                 "phase 3 + the equal-cost paths to each destination)", c.dupAckThreshold);
    cmd.AddValue("subflows", "MPTCP subflows per connection, 1..32 (ndiffports)", c.subflows);
    cmd.AddValue("cc",
                 "MPTCP congestion control: " + MpTcpCongestionControlRegistry::Describe(),
                 c.cc);
    cmd.AddValue("scheduler",
                 "MPTCP scheduler, NAME of an ns3::MpTcp<NAME>Scheduler: " +
                     MpTcpSchedulerRegistry::ListNames() + " (doc/mptcp.rst)",
                 c.scheduler);
    cmd.AddValue("matrix", "traffic matrix: " + TrafficMatrix::TypeNames(), c.matrix);
    cmd.AddValue("stride", "stride of the stride matrix (0 = hosts/2)", c.stride);
    cmd.AddValue("connectionsPerHost",
                 "long flows per host, X > 0 (paper Fig. 7, 16): round(X * hosts) flows; X <= 1: "
                 "distinct random senders, X > 1: floor(X) or ceil(X) flows per host to distinct "
                 "hosts (default 1: the plain matrix)", c.connectionsPerHost);
    cmd.AddValue("localFraction",
                 "fraction 0..1 of the flows sent to a random other host of the sender's rack "
                 "(paper Fig. 8, 15); with permutation the others leave the rack (default: the "
                 "matrix as drawn)", c.localFraction);
    cmd.AddValue("hotspot",
                 "aggregation-core links, chosen at random, run at a tenth of their rate in both "
                 "directions (paper Fig. 11; default 0)", c.hotspot);
    cmd.AddValue("duration", "simulated time of the run including the warm-up, s", c.duration);
    cmd.AddValue("warmup", "initial simulated time excluded from goodput, s", c.warmup);
    cmd.AddValue("db", "SQLite results database, appended to (\"none\": no database)", c.db);
    cmd.AddValue("label", "free-form label stored with the run", c.label);
    cmd.AddValue("mss", "TCP segment size, bytes", c.mss);
    cmd.AddValue("buffer", "socket send and receive buffers, bytes", c.buffer);
    cmd.AddValue("minRto", "minimum retransmission timeout (ns-3 Time)", c.minRto);
    cmd.AddValue("firstDataRto",
                 "MPTCP, PS and MMPTCP subflows: if positive, forget the handshake's RTT sample "
                 "and time the first data segments with this RTO (ns-3 Time; the MMPTCP thesis's "
                 "model: 1.5s; ns3::MpTcpSocketBase::FirstDataRto)", c.firstDataRto);
    cmd.AddValue("connTimeout",
                 "retransmission timeout of a lost SYN or SYN/ACK (MP_CAPABLE, MP_JOIN too), "
                 "doubled on each retry (ns-3 Time; Linux's TCP_TIMEOUT_INIT 1s, RFC 6298; "
                 "ns-3's default 3s; ns3::TcpSocket::ConnTimeout)", c.connTimeout);
    cmd.AddValue("delAckCount", "segments per delayed ACK (1: ACK every segment)", c.delAckCount);
    cmd.AddValue("initialCwnd",
                 "initial congestion window of every TCP connection and subflow, segments "
                 "(ns-3's default 10; the MMPTCP thesis's runs used 1)", c.initialCwnd);
    cmd.AddValue("delAckTimeout",
                 "delayed-ACK timeout (ns-3 Time; Linux's minimum 40ms; ns-3's default is 200ms, "
                 "which with --minRto=200ms locks flows out: doc/mptcp.rst)", c.delAckTimeout);
    cmd.AddValue("quiet", "no per-flow lines on stdout", quiet);
    cmd.AddValue("stock",
                 "baseline for benchmarks: ns-3's own stack and Ipv4GlobalRouting (one path, no "
                 "ECMP); needs --transport=tcp", c.stock);
    cmd.AddValue("smallQueues",
                 "TCP Small Queues on every TCP socket and MPTCP subflow, as a Linux host: a "
                 "socket keeps at most max(2 segments, ~1 ms at its pacing rate) in its own host's "
                 "queues (ns3::TcpSmallQueuesSocket; doc/mptcp.rst \"Host queues\")", c.smallQueues);
    cmd.AddValue("cwndValidation",
                 "grow a congestion window only while it limits the sender (RFC 7661, Linux "
                 "tcp_is_cwnd_limited)", c.cwndValidation);
    cmd.AddValue("ackPriority",
                 "what-if, not real behaviour: every queue (hosts and switches) serves packets "
                 "without payload (ACKs) before data (ns3::AckPriorityQueue), to measure what "
                 "the ACK path's queueing costs (the paper's simulator returns ACKs instantly)",
                 c.ackPriority);
    cmd.AddValue("queueUnit",
                 "unit of --queue: packets (every packet, an ACK too, takes one slot) or bytes "
                 "(--queue x 1500 bytes: an ACK takes only its own bytes, as in a switch's "
                 "buffer memory)",
                 c.queueUnit);
    cmd.AddValue("subflowTrace",
                 "CSV file of per-subflow samples of the long MPTCP flows after the warm-up "
                 "(cwnd, RTT, RTO, congestion state, bytes in flight and in the host, ...) and "
                 "FILE.paths with every subflow's path (ns3::SubflowTracer; default: none)",
                 c.subflowTrace);
    cmd.AddValue("subflowTraceInterval",
                 "sampling interval of --subflowTrace (ns-3 Time)", c.subflowTraceInterval);
    cmd.AddValue("switchForwarding",
                 "how switches forward: fast (ns3::EcmpSwitchForwarder, below IPv4; default) | "
                 "ipv4 (ns-3's IPv4 forwarding); same results, fast is faster", c.switchForwarding);
    cmd.AddValue("ecnThreshold",
                 "ECN marking at the switches: CE on an ECN-capable packet when K or more "
                 "packets wait in its egress queue, K packets (0 = off, the default; 0 < K < "
                 "--queue; needs --switchForwarding=fast). For --cc=xmp (whose subflows "
                 "negotiate ECN); doc/mptcp.rst, \"XMP\"", c.ecnThreshold);
    cmd.AddValue("mpi",
                 "split the fabric by pod over the ranks of mpirun (ns-3's MPI distributed "
                 "simulator; ns-3 configured with --enable-mpi): mpirun -np N mptcp-fattree "
                 "--mpi ...; rank 0 prints and writes the results",
                 c.mpi);
    cmd.AddValue("arrivalOrder",
                 "packets that reach a switch at the same instant on different links: event "
                 "(ns-3's order of their receive events) | ingress (by ingress port, after the "
                 "instant's other events: the same results on any number of MPI ranks); "
                 "default ingress with --mpi, else event",
                 c.arrivalOrder);
    cmd.AddValue("mpiSync",
                 "with --mpi: granted (ns3::DistributedSimulatorImpl, default) | nullmsg "
                 "(ns3::NullMessageSimulatorImpl)",
                 c.mpiSync);

    cmd.AddValue("controller",
                 "SDN controller: none | hedera (Hedera's Global First Fit, seed 000 §4.4: "
                 "elephants above --hederaThreshold of the NIC rate placed every "
                 "--hederaInterval) | responsive (Responsive MPTCP, seed 004: a monitor on "
                 "every server asks for subflows, the controller grants them; needs "
                 "--transport=mptcp)",
                 c.sdn.controller);
    cmd.AddValue("hederaInterval", "Hedera's scheduling interval, s (> 0.001)",
                 c.sdn.hederaInterval);
    cmd.AddValue("hederaThreshold",
                 "Hedera's elephant threshold, fraction of the NIC rate in (0, 1]",
                 c.sdn.hederaThreshold);
    cmd.AddValue("monitorInterval",
                 "responsive: the monitors' sampling interval t_m (ns-3 Time, 100us..10s; seed "
                 "004 Table I: 2ms, 4ms, 8ms)",
                 c.sdn.monitorInterval);
    cmd.AddValue("deltaDgt",
                 "responsive: a stable flow asks for paths below (1 - deltaDgt) of its demand, "
                 "in [0, 1) (seed 004: 0.15, 0.25, 0.35)",
                 c.sdn.deltaDgt);
    cmd.AddValue("deltaRvt",
                 "responsive: a throughput sample is stable within deltaRvt of the smoothed "
                 "one, in (0, 1] (seed 004: 0.15)",
                 c.sdn.deltaRvt);
    cmd.AddValue("stableCount",
                 "responsive: stable samples in a row before a request, R, 1..1000 (seed 004: 5)",
                 c.sdn.stableCount);
    cmd.AddValue("maxSubflows",
                 "responsive: the most subflows of a flow, M, 1..8 (seed 004: 4)",
                 c.sdn.maxSubflows);
    cmd.AddValue("deltaDdt",
                 "responsive: a flow's demand is sent again when it moved by more than this "
                 "fraction, in [0, 1] (seed 004: 0.15)",
                 c.sdn.deltaDdt);

    cmd.AddValue("workload",
                 "long (Sim_Long) | mix (Sim_Mix: long flows from --longFlowFraction of the "
                 "hosts, Poisson short flows from the rest) | incast (--incastSenders short "
                 "flows into one random host every 0.5 s) | incast-long | closed-loop (one "
                 "flow per matrix row at all times, replaced when it completes by one with a "
                 "--flowSizeCdf size: seed 000 Fig. 13) | random-closed-loop (seed 004: "
                 "closed loop to random receivers, at most --maxFlowsPerReceiver into one, "
                 "--flows flows in all, sizes U(--flowSizeMin, --flowSizeMax)) | "
                 "permutation-finite (seed 004: one flow per host of the --matrix, all at "
                 "once) | shuffle (seed 004: shuffle jobs beside random background flows); "
                 "the last three end when their flows completed (--duration: the limit)",
                 c.workload);
    cmd.AddValue("flowSizeMin",
                 "smallest flow of random-closed-loop, permutation-finite and shuffle's "
                 "background, bytes (0: 32 MB, permutation-finite 64 MB; MB = 10^6 bytes)",
                 c.flowSizeMin);
    cmd.AddValue("flowSizeMax",
                 "largest such flow, bytes, at most 10^12 (0: 400 MB, permutation-finite "
                 "512 MB)",
                 c.flowSizeMax);
    cmd.AddValue("flows", "random-closed-loop: flows in all, 1..10^7 (seed 004: 500)", c.flows);
    cmd.AddValue("maxFlowsPerReceiver",
                 "random-closed-loop and shuffle's background: most flows into one receiver "
                 "at a time, >= 1 (seed 004: 4)",
                 c.maxFlowsPerReceiver);
    cmd.AddValue("shuffleJobs", "shuffle: jobs, one after another, 1..10^6 (seed 004: 30)",
                 c.shuffleJobs);
    cmd.AddValue("reducers", "shuffle: reducers per job (seed 004: 8)", c.reducers);
    cmd.AddValue("mappers",
                 "shuffle: mappers per job; reducers + mappers at most the hosts (seed 004: 8)",
                 c.mappers);
    cmd.AddValue("shuffleRequest", "shuffle: each reducer's read request to a mapper, bytes "
                 "(seed 004: 2 KB)", c.shuffleRequest);
    cmd.AddValue("shuffleResponse", "shuffle: each mapper's answer to a reducer, bytes (seed "
                 "004: 16 MB = 16000000)", c.shuffleResponse);
    cmd.AddValue("backgroundFraction",
                 "shuffle: fraction of the hosts sending random closed-loop background flows "
                 "(sizes U(--flowSizeMin, --flowSizeMax)), in [0, 1] (the paper gives no "
                 "rate; default 0.25)",
                 c.backgroundFraction);
    cmd.AddValue("shortFlowRate",
                 "Poisson short-flow arrivals per second, whole fabric",
                 c.shortFlowRate);
    cmd.AddValue("longFlowFraction", "fraction of the hosts sending a long flow in mix, "
                 "0..1 (default 1/3)", c.longFlowFraction);
    cmd.AddValue("shortFlowSize", "short-flow size, bytes (default 70000)", c.shortFlowSize);
    cmd.AddValue("flowSizeCdf", "file of short-flow and closed-loop flow sizes: lines "
                 "'size_bytes cumulative_probability' (doc/mptcp.rst; the VL2 distribution: "
                 "data/vl2-flow-size.cdf), instead of --shortFlowSize",
                 c.flowSizeCdf);
    cmd.AddValue("closedLoopDestination",
                 "closed-loop: the next flow of a sender goes to the same host (permutation, "
                 "default) or to a random other host (random)", c.closedLoopDestination);
    cmd.AddValue("hostLimitedRate",
                 "beside every long flow, a host-limited flow between the same hosts whose "
                 "application sends at this fixed rate (ns-3 DataRate below --linkRate; seed 000 "
                 "§4.4; default 0: none)", c.hostLimitedRate);
    cmd.AddValue("shortTransport", "transport of the short flows: same | tcp | mptcp | ps | "
                 "mmptcp", c.shortTransport);
    cmd.AddValue("switchThreshold", "MMPTCP's switch to MPTCP after this many bytes "
                 "(ns3::MmpTcpSocket::SwitchThreshold)", c.switchThreshold);
    cmd.AddValue("incastSenders", "senders per incast round, N", c.incastSenders);
    cmd.AddValue("shortFlowStart", "first short flow (after the warm-up), s", c.shortFlowStart);
    cmd.AddValue("shortFlowStop",
                 "no short flow starts after this time, s (default 0.2 s before the end, "
                 "as the thesis's code; earlier leaves slow short flows time to complete)",
                 c.shortFlowStop);
    cmd.Parse(argc, argv);

    // ---- Validate everything before simulating or writing anything.
    TypeIdValue eventScheduler; // CommandLine has checked that it names a TypeId
    GlobalValue::GetValueByName("SchedulerType", eventScheduler);
    if (!eventScheduler.Get().IsChildOf(Scheduler::GetTypeId()))
    {
        mptcp_example::FailOption(PROGRAM,
                                  "SchedulerType",
                                  eventScheduler.Get().GetName(),
                                  "is not an event scheduler (a subclass of ns3::Scheduler)");
    }
    DatacenterExperiment experiment;
    DatacenterExperiment::Error error;
    const bool valid = experiment.Configure(c, &error);
    for (const std::string& warning : experiment.GetWarnings())
    {
        std::cerr << PROGRAM << ": warning: " << warning << std::endl;
    }
    if (!valid || !experiment.Build(&error))
    {
        Fail(error);
    }
    experiment.Run();
    // A distributed run: every rank holds the combined results, rank 0 prints and writes them.
    const bool writer = DatacenterPartition::GetRank() == 0;

    if (!quiet && writer)
    {
        for (const FlowRecord& r : experiment.GetFlowRecords())
        {
            std::cout << "flow " << r.flowId << " host " << r.srcHost << " -> " << r.dstHost
                      << " " << std::fixed << std::setprecision(3) << r.goodputBps / 1e6
                      << " Mb/s " << std::setprecision(1) << r.pctOfOptimal << "%" << std::endl;
        }
    }
    int64_t runId = -1;
    if (experiment.HasDatabase() && writer)
    {
        std::string why;
        runId = experiment.WriteDatabase(&why);
        if (runId < 0)
        {
            std::cerr << PROGRAM << ": could not store the run in " << experiment.GetConfig().db
                      << ": " << why << std::endl;
        }
    }
    Simulator::Destroy();
    DatacenterPartition::Disable();
    if (!writer)
    {
        return 0;
    }
    std::cout << experiment.GetSummaryJson(runId) << std::endl;
    return (experiment.HasDatabase() && runId < 0) ? 1 : 0;
}
