/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// DatacenterExperiment::DeclareOptions(): every option of mptcp-fattree, declared once (name,
// field of DatacenterExperiment::Config, unit, help, allowed values), grouped by the part of the
// experiment it configures.

#include "ns3/datacenter-experiment.h"
#include "ns3/datacenter-topology-registry.h"
#include "ns3/datacenter-transport-registry.h"
#include "ns3/datacenter-workload-helper.h"
#include "ns3/experiment-options.h"
#include "ns3/mptcp-algorithm-registry.h"
#include "ns3/traffic-matrix.h"

namespace ns3
{

namespace
{

/// \return the congestion controls' short names (--cc)
std::vector<std::string>
CcNames()
{
    std::vector<std::string> names;
    for (const auto& e : MpTcpCongestionControlRegistry::GetEntries())
    {
        names.push_back(e.name);
    }
    return names;
}

} // namespace

std::vector<std::string>
DatacenterExperiment::GetWorkloadNames()
{
    using W = DatacenterWorkloadHelper::Workload;
    std::vector<std::string> names;
    for (W w : {W::LONG,
                W::MIX,
                W::INCAST,
                W::INCAST_LONG,
                W::CLOSED_LOOP,
                W::RANDOM_CLOSED_LOOP,
                W::PERMUTATION_FINITE,
                W::SHUFFLE})
    {
        names.push_back(DatacenterWorkloadHelper::ToString(w));
    }
    for (const std::string& name : ExperimentWorkloadRegistry::GetNames())
    {
        names.push_back(name);
    }
    return names;
}

namespace
{

/// The options of the fabric (DatacenterTopology): its shape, links, queues and switches.
void
DeclareFabricOptions(DatacenterExperiment::Config& c, ExperimentOptions& o)
{
    o.Add(ExperimentOption::Bind("topology",
                                 c.topology,
                                 "",
                                 DatacenterTopologyRegistry::Describe() +
                                 ". The optimum (optimal_pct) is the max-min fair share of "
                                 "the host NICs; a dual-homed host counts both NICs (2x its "
                                 "link), also for single-path TCP, which uses one (the "
                                 "paper's feasible region)",
                                 DatacenterTopologyRegistry::GetNames()));
    o.Add(ExperimentOption::Bind("k",
                                 c.k,
                                 "ports",
                                 "switch ports: fattree k pods of k-port switches (even, >= "
                                 "2); dhft the same (a multiple of 4); vl2 D_A = D_I, ports "
                                 "of aggregation and intermediate switches (even)"));
    o.Add(ExperimentOption::Bind("hostsPerTor",
                                 c.hostsPerTor,
                                 "hosts",
                                 "hosts per edge (ToR) switch (fattree default k/2 = no "
                                 "oversubscription); dhft: per ToR pair (default 2k/3 rounded "
                                 "down, k=12: 576 hosts); vl2: default 20"));
    o.Add(ExperimentOption::Bind("hosts",
                                 c.hosts,
                                 "hosts",
                                 "number of hosts, only with --topology=perfect (>= 2)"));
    o.Add(ExperimentOption::Bind("linkRate",
                                 c.linkRate,
                                 "rate",
                                 "rate of every link (ns-3 DataRate, e.g. 100Mbps)"));
    o.Add(ExperimentOption::Bind("delay",
                                 c.delay,
                                 "time",
                                 "one-way propagation delay of every link (ns-3 Time, e.g. "
                                 "20us)"));
    o.Add(ExperimentOption::Bind("edgeDelay",
                                 c.edgeDelay,
                                 "time",
                                 "one-way delay of the host-edge (host-ToR) links, ns-3 Time "
                                 ">= 0 (default: --delay; seed 004: 20us)"));
    o.Add(ExperimentOption::Bind("aggDelay",
                                 c.aggDelay,
                                 "time",
                                 "one-way delay of the edge-aggregation links, ns-3 Time >= 0 "
                                 "(default: --delay; seed 004: 30us; not with "
                                 "--topology=perfect)"));
    o.Add(ExperimentOption::Bind("coreDelay",
                                 c.coreDelay,
                                 "time",
                                 "one-way delay of the aggregation-core links, ns-3 Time >= 0 "
                                 "(default: --delay; seed 004: 40us; not with "
                                 "--topology=perfect)"));
    o.Add(ExperimentOption::Bind("addressesPerHost",
                                 c.addressesPerHost,
                                 "addresses",
                                 "IPv4 addresses of every host on its one NIC, 1..256/k, "
                                 "fattree only (seed 004: 2); above 1 MPTCP runs fullmesh, "
                                 "--subflows spread over the address pairs"));
    o.Add(ExperimentOption::Bind("queue",
                                 c.queue,
                                 "packets",
                                 "DropTail queue of every switch port and NIC, packets"));
    o.Add(ExperimentOption::Bind("queueUnit",
                                 c.queueUnit,
                                 "",
                                 "unit of --queue: packets (every packet, an ACK too, takes "
                                 "one slot) or bytes (--queue x 1500 bytes: an ACK takes only "
                                 "its own bytes, as in a switch's buffer memory)",
                                 {"packets", "bytes"}));
    o.Add(ExperimentOption::Bind("ackPriority",
                                 c.ackPriority,
                                 "",
                                 "what-if, not real behaviour: every queue (hosts and "
                                 "switches) serves packets without payload (ACKs) before data "
                                 "(ns3::AckPriorityQueue), to measure what the ACK path's "
                                 "queueing costs (the paper's simulator returns ACKs "
                                 "instantly)"));
    o.Add(ExperimentOption::Bind("switchForwarding",
                                 c.switchForwarding,
                                 "",
                                 "how switches forward: fast (ns3::EcmpSwitchForwarder, below "
                                 "IPv4; default) | ipv4 (ns-3's IPv4 forwarding); same "
                                 "results, fast is faster",
                                 {"fast", "ipv4"}).NotRecorded());
    o.Add(ExperimentOption::Bind("ecnThreshold",
                                 c.ecnThreshold,
                                 "packets",
                                 "ECN marking at the switches: CE on an ECN-capable packet "
                                 "when K or more packets wait in its egress queue, K packets "
                                 "(0 = off, the default; 0 < K < --queue; needs "
                                 "--switchForwarding=fast). For --cc=xmp (whose subflows "
                                 "negotiate ECN); doc/mptcp.rst, \"XMP\"").RecordedWhen([&c]() { return c.ecnThreshold > 0; }));
    o.Add(ExperimentOption::Bind("arrivalOrder",
                                 c.arrivalOrder,
                                 "",
                                 "packets that reach a switch at the same instant on "
                                 "different links: event (ns-3's order of their receive "
                                 "events) | ingress (by ingress port, after the instant's "
                                 "other events: the same results on any number of MPI ranks); "
                                 "default ingress with --mpi, else event",
                                 {"", "event", "ingress"}));
    o.Add(ExperimentOption::Bind("hotspot",
                                 c.hotspot,
                                 "links",
                                 "aggregation-core links, chosen at random, run at a tenth of "
                                 "their rate in both directions (paper Fig. 11; default 0)"));
}

/// The options of the hosts' transport: TCP, MPTCP, PacketScatter or MMPTCP and their parameters.
void
DeclareTransportOptions(DatacenterExperiment::Config& c, ExperimentOptions& o)
{
    o.Add(ExperimentOption::Bind("transport",
                                 c.transport,
                                 "",
                                 DatacenterTransportRegistry::Help(),
                                 DatacenterTransportRegistry::GetNames()));
    o.Add(ExperimentOption::Bind("dupAckThreshold",
                                 c.dupAckThreshold,
                                 "ACKs",
                                 "duplicate ACKs that trigger a fast retransmit (0: 3; for "
                                 "packetscatter 3 + the (k/2)^2 equal-cost paths between "
                                 "pods; for ps and mmptcp's scatter phase 3 + the equal-cost "
                                 "paths to each destination)"));
    o.Add(ExperimentOption::Bind("subflows",
                                 c.subflows,
                                 "subflows",
                                 "MPTCP subflows per connection, 1..32 (ndiffports)"));
    o.Add(ExperimentOption::Bind("cc",
                                 c.cc,
                                 "",
                                 "MPTCP congestion control: " +
                                 MpTcpCongestionControlRegistry::Describe(),
                                 CcNames()));
    o.Add(ExperimentOption::Bind("scheduler",
                                 c.scheduler,
                                 "",
                                 "MPTCP scheduler, NAME of an ns3::MpTcp<NAME>Scheduler: " +
                                 MpTcpSchedulerRegistry::ListNames() +
                                 " (doc/mptcp.rst)",
                                 MpTcpSchedulerRegistry::GetNames()));
    o.Add(ExperimentOption::Bind("mss",
                                 c.mss,
                                 "bytes",
                                 "TCP segment size, bytes"));
    o.Add(ExperimentOption::Bind("buffer",
                                 c.buffer,
                                 "bytes",
                                 "socket send and receive buffers, bytes"));
    o.Add(ExperimentOption::Bind("minRto",
                                 c.minRto,
                                 "time",
                                 "minimum retransmission timeout (ns-3 Time)"));
    o.Add(ExperimentOption::Bind("firstDataRto",
                                 c.firstDataRto,
                                 "time",
                                 "MPTCP, PS and MMPTCP subflows: if positive, forget the "
                                 "handshake's RTT sample and time the first data segments "
                                 "with this RTO (ns-3 Time; the MMPTCP thesis's model: 1.5s; "
                                 "ns3::MpTcpSocketBase::FirstDataRto)"));
    o.Add(ExperimentOption::Bind("connTimeout",
                                 c.connTimeout,
                                 "time",
                                 "retransmission timeout of a lost SYN or SYN/ACK "
                                 "(MP_CAPABLE, MP_JOIN too), doubled on each retry (ns-3 "
                                 "Time; Linux's TCP_TIMEOUT_INIT 1s, RFC 6298; ns-3's default "
                                 "3s; ns3::TcpSocket::ConnTimeout)"));
    o.Add(ExperimentOption::Bind("delAckCount",
                                 c.delAckCount,
                                 "segments",
                                 "segments per delayed ACK (1: ACK every segment)"));
    o.Add(ExperimentOption::Bind("initialCwnd",
                                 c.initialCwnd,
                                 "segments",
                                 "initial congestion window of every TCP connection and "
                                 "subflow, segments (ns-3's default 10; the MMPTCP thesis's "
                                 "runs used 1)"));
    o.Add(ExperimentOption::Bind("delAckTimeout",
                                 c.delAckTimeout,
                                 "time",
                                 "delayed-ACK timeout (ns-3 Time; Linux's minimum 40ms; "
                                 "ns-3's default is 200ms, which with --minRto=200ms locks "
                                 "flows out: doc/mptcp.rst)"));
    o.Add(ExperimentOption::Bind("stock",
                                 c.stock,
                                 "",
                                 "baseline for benchmarks: ns-3's own stack and "
                                 "Ipv4GlobalRouting (one path, no ECMP); needs --transport=tcp"));
    o.Add(ExperimentOption::Bind("smallQueues",
                                 c.smallQueues,
                                 "",
                                 "TCP Small Queues on every TCP socket and MPTCP subflow, as "
                                 "a Linux host: a socket keeps at most max(2 segments, ~1 ms "
                                 "at its pacing rate) in its own host's queues "
                                 "(ns3::TcpSmallQueuesSocket; doc/mptcp.rst \"Host queues\")"));
    o.Add(ExperimentOption::Bind("cwndValidation",
                                 c.cwndValidation,
                                 "",
                                 "grow a congestion window only while it limits the sender "
                                 "(RFC 7661, Linux tcp_is_cwnd_limited)"));
}

/// The options of the workload: the traffic matrix and the flows on it.
void
DeclareWorkloadOptions(DatacenterExperiment::Config& c, ExperimentOptions& o)
{
    // Seed 004's sizes and counts are recorded only with its finite workloads (the other
    // runs' params_json as it always was).
    auto finite = [&c]() {
        const auto w = DatacenterWorkloadHelper::WorkloadFromString(c.workload);
        return w && DatacenterWorkloadHelper::IsFinite(*w);
    };
    o.Add(ExperimentOption::Bind("matrix",
                                 c.matrix,
                                 "",
                                 "traffic matrix: " +
                                 TrafficMatrix::TypeNames(),
                                 {"permutation", "random", "stride"}));
    o.Add(ExperimentOption::Bind("stride",
                                 c.stride,
                                 "hosts",
                                 "stride of the stride matrix (0 = hosts/2)"));
    o.Add(ExperimentOption::Bind("connectionsPerHost",
                                 c.connectionsPerHost,
                                 "flows per host",
                                 "long flows per host, X > 0 (paper Fig. 7, 16): round(X * "
                                 "hosts) flows; X <= 1: distinct random senders, X > 1: "
                                 "floor(X) or ceil(X) flows per host to distinct hosts "
                                 "(default 1: the plain matrix)"));
    o.Add(ExperimentOption::Bind("localFraction",
                                 c.localFraction,
                                 "fraction",
                                 "fraction 0..1 of the flows sent to a random other host of "
                                 "the sender's rack (paper Fig. 8, 15); with permutation the "
                                 "others leave the rack (default: the matrix as drawn)"));
    o.Add(ExperimentOption::Bind("workload",
                                 c.workload,
                                 "",
                                 "long (Sim_Long) | mix (Sim_Mix: long flows from "
                                 "--longFlowFraction of the hosts, Poisson short flows from "
                                 "the rest) | incast (--incastSenders short flows into one "
                                 "random host every 0.5 s) | incast-long | closed-loop (one "
                                 "flow per matrix row at all times, replaced when it "
                                 "completes by one with a --flowSizeCdf size: seed 000 Fig. "
                                 "13) | random-closed-loop (seed 004: closed loop to random "
                                 "receivers, at most --maxFlowsPerReceiver into one, --flows "
                                 "flows in all, sizes U(--flowSizeMin, --flowSizeMax)) | "
                                 "permutation-finite (seed 004: one flow per host of the "
                                 "--matrix, all at once) | shuffle (seed 004: shuffle jobs "
                                 "beside random background flows); the last three end when "
                                 "their flows completed (--duration: the limit)" +
                                     (ExperimentWorkloadRegistry::Help().empty()
                                          ? std::string()
                                          : " | " + ExperimentWorkloadRegistry::Help()),
                                 DatacenterExperiment::GetWorkloadNames()));
    c.workloadParts.DeclareOptions(o, [&c](const std::string& name) { return c.workload == name; });
    o.Add(ExperimentOption::Bind("hostLimitedRate",
                                 c.hostLimitedRate,
                                 "rate",
                                 "beside every long flow, a host-limited flow between the "
                                 "same hosts whose application sends at this fixed rate (ns-3 "
                                 "DataRate below --linkRate; seed 000 §4.4; default 0: none)"));
    o.Add(ExperimentOption::Bind("closedLoopDestination",
                                 c.closedLoopDestination,
                                 "",
                                 "closed-loop: the next flow of a sender goes to the same "
                                 "host (permutation, default) or to a random other host "
                                 "(random)",
                                 {"permutation", "random"}));
    o.Add(ExperimentOption::Bind("flowSizeMin",
                                 c.flowSizeMin,
                                 "bytes",
                                 "smallest flow of random-closed-loop, permutation-finite and "
                                 "shuffle's background, bytes (0: 32 MB, permutation-finite "
                                 "64 MB; MB = 10^6 bytes)").RecordedWhen(finite));
    o.Add(ExperimentOption::Bind("flowSizeMax",
                                 c.flowSizeMax,
                                 "bytes",
                                 "largest such flow, bytes, at most 10^12 (0: 400 MB, "
                                 "permutation-finite 512 MB)").RecordedWhen(finite));
    o.Add(ExperimentOption::Bind("flows",
                                 c.flows,
                                 "flows",
                                 "random-closed-loop: flows in all, 1..10^7 (seed 004: 500)").RecordedWhen(finite));
    o.Add(ExperimentOption::Bind("maxFlowsPerReceiver",
                                 c.maxFlowsPerReceiver,
                                 "flows",
                                 "random-closed-loop and shuffle's background: most flows "
                                 "into one receiver at a time, >= 1 (seed 004: 4)").RecordedWhen(finite));
    o.Add(ExperimentOption::Bind("shuffleJobs",
                                 c.shuffleJobs,
                                 "jobs",
                                 "shuffle: jobs, one after another, 1..10^6 (seed 004: 30)").RecordedWhen(finite));
    o.Add(ExperimentOption::Bind("reducers",
                                 c.reducers,
                                 "hosts",
                                 "shuffle: reducers per job (seed 004: 8)").RecordedWhen(finite));
    o.Add(ExperimentOption::Bind("mappers",
                                 c.mappers,
                                 "hosts",
                                 "shuffle: mappers per job; reducers + mappers at most the "
                                 "hosts (seed 004: 8)").RecordedWhen(finite));
    o.Add(ExperimentOption::Bind("shuffleRequest",
                                 c.shuffleRequest,
                                 "bytes",
                                 "shuffle: each reducer's read request to a mapper, bytes "
                                 "(seed 004: 2 KB)").RecordedWhen(finite));
    o.Add(ExperimentOption::Bind("shuffleResponse",
                                 c.shuffleResponse,
                                 "bytes",
                                 "shuffle: each mapper's answer to a reducer, bytes (seed "
                                 "004: 16 MB = 16000000)").RecordedWhen(finite));
    o.Add(ExperimentOption::Bind("backgroundFraction",
                                 c.backgroundFraction,
                                 "fraction",
                                 "shuffle: fraction of the hosts sending random closed-loop "
                                 "background flows (sizes U(--flowSizeMin, --flowSizeMax)), "
                                 "in [0, 1] (the paper gives no rate; default 0.25)").RecordedWhen(finite));
}

/// The options of the workload's short flows (mix, incast, closed-loop sizes).
void
DeclareShortFlowOptions(DatacenterExperiment::Config& c, ExperimentOptions& o)
{
    o.Add(ExperimentOption::Bind("shortFlowRate",
                                 c.shortFlowRate,
                                 "flows/s",
                                 "Poisson short-flow arrivals per second, whole fabric"));
    o.Add(ExperimentOption::Bind("longFlowFraction",
                                 c.longFlowFraction,
                                 "fraction",
                                 "fraction of the hosts sending a long flow in mix, 0..1 "
                                 "(default 1/3)"));
    o.Add(ExperimentOption::Bind("shortFlowSize",
                                 c.shortFlowSize,
                                 "bytes",
                                 "short-flow size, bytes (default 70000)"));
    o.Add(ExperimentOption::Bind("flowSizeCdf",
                                 c.flowSizeCdf,
                                 "file",
                                 "file of short-flow and closed-loop flow sizes: lines "
                                 "'size_bytes cumulative_probability' (doc/mptcp.rst; the VL2 "
                                 "distribution: data/vl2-flow-size.cdf), instead of "
                                 "--shortFlowSize"));
    std::vector<std::string> shortTransports = DatacenterTransportRegistry::GetShortFlowNames();
    shortTransports.insert(shortTransports.begin(), "same");
    std::string shortHelp;
    for (const std::string& name : shortTransports)
    {
        shortHelp += (shortHelp.empty() ? "" : " | ") + name;
    }
    o.Add(ExperimentOption::Bind("shortTransport",
                                 c.shortTransport,
                                 "",
                                 "transport of the short flows: " + shortHelp,
                                 shortTransports));
    o.Add(ExperimentOption::Bind("switchThreshold",
                                 c.switchThreshold,
                                 "bytes",
                                 "MMPTCP's switch to MPTCP after this many bytes "
                                 "(ns3::MmpTcpSocket::SwitchThreshold)"));
    o.Add(ExperimentOption::Bind("incastSenders",
                                 c.incastSenders,
                                 "hosts",
                                 "senders per incast round, N"));
    o.Add(ExperimentOption::Bind("shortFlowStart",
                                 c.shortFlowStart,
                                 "s",
                                 "first short flow (after the warm-up), s"));
    o.Add(ExperimentOption::Bind("shortFlowStop",
                                 c.shortFlowStop,
                                 "s",
                                 "no short flow starts after this time, s (default 0.2 s "
                                 "before the end, as the thesis's code; earlier leaves slow "
                                 "short flows time to complete)"));
}

/// The options of the run and its records: time, database, traces, MPI.
void
DeclareRunOptions(DatacenterExperiment::Config& c, ExperimentOptions& o)
{
    o.Add(ExperimentOption::Bind("duration",
                                 c.duration,
                                 "s",
                                 "simulated time of the run including the warm-up, s"));
    o.Add(ExperimentOption::Bind("warmup",
                                 c.warmup,
                                 "s",
                                 "initial simulated time excluded from goodput, s (default: "
                                 "the smaller of 1 s and a third of --duration)"));
    o.Add(ExperimentOption::Bind("db",
                                 c.db,
                                 "file",
                                 "SQLite results database, appended to (\"none\": no database; "
                                 "the default's folder results/ is created if missing)").NotRecorded());
    o.Add(ExperimentOption::Bind("label",
                                 c.label,
                                 "",
                                 "free-form label stored with the run").NotRecorded());
    o.Add(ExperimentOption::Bind("subflowTrace",
                                 c.subflowTrace,
                                 "file",
                                 "CSV file of per-subflow samples of the long MPTCP flows "
                                 "after the warm-up (cwnd, RTT, RTO, congestion state, bytes "
                                 "in flight and in the host, ...) and FILE.paths with every "
                                 "subflow's path (ns3::SubflowTracer; default: none)"));
    o.Add(ExperimentOption::Bind("subflowTraceInterval",
                                 c.subflowTraceInterval,
                                 "time",
                                 "sampling interval of --subflowTrace (ns-3 Time)"));
    o.Add(ExperimentOption::Bind("mpi",
                                 c.mpi,
                                 "",
                                 "split the fabric by pod over the ranks of mpirun (ns-3's "
                                 "MPI distributed simulator; ns-3 configured with "
                                 "--enable-mpi): mpirun -np N mptcp-fattree --mpi ...; rank 0 "
                                 "prints and writes the results").NotRecorded());
    o.Add(ExperimentOption::Bind("mpiSync",
                                 c.mpiSync,
                                 "",
                                 "with --mpi: granted (ns3::DistributedSimulatorImpl, "
                                 "default) | nullmsg (ns3::NullMessageSimulatorImpl)",
                                 {"granted", "nullmsg"}).NotRecorded());
}

} // namespace

ExperimentOptions
DatacenterExperiment::DeclareOptions(Config& c)
{
    ExperimentOptions o;
    DeclareFabricOptions(c, o);
    DeclareTransportOptions(c, o);
    DeclareWorkloadOptions(c, o);
    DeclareShortFlowOptions(c, o);
    c.sdn.DeclareOptions(o);
    c.metrics.DeclareOptions(o);
    DeclareRunOptions(c, o);
    return o;
}

} // namespace ns3
