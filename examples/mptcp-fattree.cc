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
 */
#include "mptcp-example-common.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/datacenter-workload-helper.h"
#include "ns3/dual-homed-fat-tree-helper.h"
#include "ns3/experiment-database.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/hot-spot-helper.h"
#include "ns3/internet-module.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/link-layer-statistics.h"
#include "ns3/mptcp-balia.h"
#include "ns3/mptcp-ewtcp.h"
#include "ns3/mptcp-fully-coupled.h"
#include "ns3/mptcp-lia.h"
#include "ns3/mptcp-olia.h"
#include "ns3/mptcp-semi-coupled.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-stack-helper.h"
#include "ns3/network-module.h"
#include "ns3/perfect-switch-helper.h"
#include "ns3/point-to-point-module.h"
#include "ns3/received-bytes.h"
#include "ns3/traffic-matrix.h"
#include "ns3/vl2-helper.h"

#include <chrono>
#include <cmath>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("MpTcpFatTree");

namespace
{

const char* PROGRAM = "mptcp-fattree";

/// Print one line naming the bad option and exit non-zero, before anything is written.
[[noreturn]] void
Fail(const std::string& option, const std::string& value, const std::string& why)
{
    mptcp_example::FailOption(PROGRAM, option, value, why);
}

using mptcp_example::Json;
using mptcp_example::ParseTime;

/**
 * Max-min fair rates of flows limited only by host links (a non-blocking fabric): each flow
 * is bounded by its source's uplink and its destination's downlink. Water-filling.
 * \param flows (src, dst) host pairs
 * \param nHosts number of hosts
 * \param rate host link goodput, bit/s
 * \return rate of each flow, bit/s
 */
std::vector<double>
NonBlockingFairShare(const TrafficMatrix::FlowList& flows, uint32_t nHosts, double rate)
{
    std::vector<double> share(flows.size(), 0);
    std::vector<bool> frozen(flows.size(), false);
    std::vector<double> up(nHosts, rate);
    std::vector<double> down(nHosts, rate);
    size_t left = flows.size();
    while (left > 0)
    {
        std::vector<uint32_t> nUp(nHosts, 0);
        std::vector<uint32_t> nDown(nHosts, 0);
        for (size_t i = 0; i < flows.size(); ++i)
        {
            if (!frozen[i])
            {
                ++nUp[flows[i].first];
                ++nDown[flows[i].second];
            }
        }
        double inc = 1e300;
        for (uint32_t h = 0; h < nHosts; ++h)
        {
            if (nUp[h])
            {
                inc = std::min(inc, up[h] / nUp[h]);
            }
            if (nDown[h])
            {
                inc = std::min(inc, down[h] / nDown[h]);
            }
        }
        for (size_t i = 0; i < flows.size(); ++i)
        {
            if (!frozen[i])
            {
                share[i] += inc;
                up[flows[i].first] -= inc;
                down[flows[i].second] -= inc;
            }
        }
        for (size_t i = 0; i < flows.size(); ++i)
        {
            if (!frozen[i] && (up[flows[i].first] <= 1e-9 || down[flows[i].second] <= 1e-9))
            {
                frozen[i] = true;
                --left;
            }
        }
    }
    return share;
}

/// The --topology names and what runs.topology stores for each.
const std::map<std::string, std::string>&
TopologyNames()
{
    static const std::map<std::string, std::string> m = {
        {"fattree", "fattree"},
        {"dhft", "dhft"},
        {"vl2", "vl2"},
        {"perfect", "perfect-switch"},
    };
    return m;
}

/**
 * Builds the fabric of --topology (links at --linkRate, VL2's switch links 10x), installs the
 * stack (flow ECMP, or ns-3's own stack and global routing for --stock) and assigns addresses.
 * \param name the --topology value
 * \param k switch ports (fattree, dhft; vl2: D_A = D_I)
 * \param perRack hosts per ToR (dhft: per ToR pair; perfect: number of hosts)
 * \param rate host link rate
 * \param delay one-way delay of every link
 * \param queue device queue size, packets
 * \param stock ns-3's own stack and global routing (fattree only)
 * \return the fabric
 */
std::unique_ptr<DatacenterTopology>
BuildTopology(const std::string& name,
              uint32_t k,
              uint32_t perRack,
              DataRate rate,
              Time delay,
              uint32_t queue,
              bool stock)
{
    std::unique_ptr<DatacenterTopology> fabric;
    std::function<void()> assign;
    const DatacenterTopology::Layer layers[] = {DatacenterTopology::HOST_EDGE,
                                                DatacenterTopology::EDGE_AGGREGATION,
                                                DatacenterTopology::AGGREGATION_CORE};
    // FatTree and DHFT: every layer at the same rate and delay.
    auto layered = [&](auto tree) {
        for (auto layer : layers)
        {
            tree->SetDataRate(layer, rate);
            tree->SetDelay(layer, delay);
        }
        tree->SetQueueSize(queue);
        tree->Create();
        assign = [p = tree.get()]() { p->AssignIpv4Addresses(); };
        fabric = std::move(tree);
    };
    if (name == "fattree")
    {
        layered(std::make_unique<FatTreeHelper>(k, perRack));
    }
    else if (name == "dhft")
    {
        layered(std::make_unique<DualHomedFatTreeHelper>(k, perRack));
    }
    else if (name == "vl2")
    {
        auto vl2 = std::make_unique<Vl2Helper>(k, perRack);
        vl2->SetHostLinkDataRate(rate);
        vl2->SetDelay(delay);
        vl2->SetQueueSize(queue);
        vl2->Create();
        assign = [p = vl2.get()]() { p->AssignIpv4Addresses(); };
        fabric = std::move(vl2);
    }
    else
    {
        auto ps = std::make_unique<PerfectSwitchHelper>(perRack);
        ps->SetHostLinkDataRate(rate);
        ps->SetHostLinkDelay(delay);
        ps->SetQueueSize(queue);
        ps->Create();
        assign = [p = ps.get()]() { p->AssignIpv4Addresses(); };
        fabric = std::move(ps);
    }
    // Flow ECMP alone (no static routing in a list before it): every hop of every packet is
    // one hash lookup, with no per-packet scan of static routes or interfaces.
    if (stock)
    {
        InternetStackHelper plain; // TcpL4Protocol, static + global routing
        plain.Install(fabric->GetNodes());
        assign();
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    }
    else
    {
        MpTcpStackHelper stack;
        stack.SetRoutingHelper(Ipv4FlowEcmpRoutingHelper());
        stack.Install(fabric->GetNodes());
        assign();
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
    }
    return fabric;
}

/// Progress on stderr for long runs.
class Progress
{
  public:
    Progress(double end)
        : m_end(end),
          m_start(std::chrono::steady_clock::now())
    {
    }

    void Start()
    {
        Simulator::Schedule(Seconds(0), &Progress::Tick, this);
    }

    double Wall() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    }

  private:
    void Tick()
    {
        double wall = Wall();
        double now = Simulator::Now().GetSeconds();
        if (wall >= m_nextReport)
        {
            double eta = now > 0 ? wall / now * (m_end - now) : 0;
            std::cerr << "[" << PROGRAM << "] simulated " << std::fixed << std::setprecision(2)
                      << now << " of " << m_end << " s, wall " << std::setprecision(1) << wall
                      << " s, about " << eta << " s left" << std::endl;
            m_nextReport = wall + 5;
        }
        Simulator::Schedule(Seconds(std::max(0.01, m_end / 200)), &Progress::Tick, this);
    }

    double m_end;
    std::chrono::steady_clock::time_point m_start;
    double m_nextReport{3};
};

/// The --cc names and the congestion control of the subflows each selects.
const std::map<std::string, TypeId>&
CongestionControls()
{
    static const std::map<std::string, TypeId> m = {
        {"lia", MpTcpLia::GetTypeId()},
        {"olia", MpTcpOlia::GetTypeId()},
        {"balia", MpTcpBalia::GetTypeId()},
        {"ewtcp", MpTcpEwtcp::GetTypeId()},
        {"coupled", MpTcpFullyCoupled::GetTypeId()},
        {"semicoupled", MpTcpSemiCoupled::GetTypeId()},
        {"uncoupled", TcpNewReno::GetTypeId()},
    };
    return m;
}

/// JSON number, null when not finite (not applicable).
std::string
JsonNumber(double v)
{
    if (!std::isfinite(v))
    {
        return "null";
    }
    std::ostringstream os;
    os << std::setprecision(6) << v;
    return os.str();
}

/// The workload options (MMPTCP thesis §5.2.3, §5.12) and what they resolve to.
struct WorkloadOptions
{
    std::string workload{"long"};         //!< --workload
    double shortFlowRate{256};            //!< --shortFlowRate, arrivals/s
    double longFlowFraction{NAN};         //!< --longFlowFraction (NaN: 1/3)
    uint64_t shortFlowSize{70000};        //!< --shortFlowSize, bytes
    std::string flowSizeCdf;              //!< --flowSizeCdf
    std::string shortTransport{"same"};   //!< --shortTransport
    uint64_t switchThreshold{100000};     //!< --switchThreshold, bytes
    uint32_t incastSenders{20};           //!< --incastSenders
    double shortFlowStart{0.5};           //!< --shortFlowStart, s
    double shortFlowStop{NAN};            //!< --shortFlowStop, s (NaN: 0.2 s before the end)
    DatacenterWorkloadHelper::Workload type{DatacenterWorkloadHelper::Workload::LONG}; //!< parsed
    FlowSizeDistribution sizes;           //!< short-flow sizes
    std::string shortResolved;            //!< transport of the short flows

    /// Adds the options to \p cmd.
    void AddTo(CommandLine& cmd)
    {
        cmd.AddValue("workload",
                     "long (Sim_Long) | mix (Sim_Mix: long flows from --longFlowFraction of the "
                     "hosts, Poisson short flows from the rest) | incast (--incastSenders short "
                     "flows into one random host every 0.5 s) | incast-long",
                     workload);
        cmd.AddValue("shortFlowRate", "Poisson short-flow arrivals per second, whole fabric",
                     shortFlowRate);
        cmd.AddValue("longFlowFraction", "fraction of the hosts sending a long flow in mix, "
                     "0..1 (default 1/3)", longFlowFraction);
        cmd.AddValue("shortFlowSize", "short-flow size, bytes (default 70000)", shortFlowSize);
        cmd.AddValue("flowSizeCdf", "file of short-flow sizes: lines 'size_bytes "
                     "cumulative_probability' (doc/mptcp.rst), instead of --shortFlowSize",
                     flowSizeCdf);
        cmd.AddValue("shortTransport", "transport of the short flows: same | tcp | mptcp | ps | "
                     "mmptcp", shortTransport);
        cmd.AddValue("switchThreshold", "MMPTCP's switch to MPTCP after this many bytes "
                     "(ns3::MmpTcpSocket::SwitchThreshold)", switchThreshold);
        cmd.AddValue("incastSenders", "senders per incast round, N", incastSenders);
        cmd.AddValue("shortFlowStart", "first short flow (after the warm-up), s", shortFlowStart);
        cmd.AddValue("shortFlowStop",
                     "no short flow starts after this time, s (default 0.2 s before the end, "
                     "as the thesis's code; earlier leaves slow short flows time to complete)",
                     shortFlowStop);
    }

    /**
     * Checks the options, exiting with one line on bad input.
     * \param transport the --transport value
     * \param nHosts number of hosts
     * \param duration the --duration value, s
     */
    void Validate(const std::string& transport, uint32_t nHosts, double duration)
    {
        auto w = DatacenterWorkloadHelper::WorkloadFromString(workload);
        if (!w)
        {
            Fail("workload", workload, "must be long, mix, incast or incast-long");
        }
        type = *w;
        if (!(shortFlowRate >= 0) || !std::isfinite(shortFlowRate))
        {
            Fail("shortFlowRate", std::to_string(shortFlowRate), "must be >= 0 arrivals/s");
        }
        if (std::isnan(longFlowFraction))
        {
            longFlowFraction = 1.0 / 3;
        }
        else if (!(longFlowFraction >= 0 && longFlowFraction <= 1))
        {
            Fail("longFlowFraction", std::to_string(longFlowFraction), "must be in [0, 1]");
        }
        if (shortFlowSize == 0)
        {
            Fail("shortFlowSize", "0", "must be at least 1 byte");
        }
        sizes = FlowSizeDistribution(shortFlowSize);
        std::string why;
        if (!flowSizeCdf.empty() && !sizes.Load(flowSizeCdf, &why))
        {
            Fail("flowSizeCdf", flowSizeCdf, why);
        }
        if (shortTransport != "same" &&
            (shortTransport == "packetscatter" ||
             DatacenterWorkloadHelper::FactoryName(shortTransport).empty()))
        {
            Fail("shortTransport", shortTransport, "must be same, tcp, mptcp, ps or mmptcp");
        }
        shortResolved = shortTransport == "same" ? transport : shortTransport;
        if (switchThreshold == 0)
        {
            Fail("switchThreshold", "0", "must be at least 1 byte");
        }
        if ((type == DatacenterWorkloadHelper::Workload::INCAST ||
             type == DatacenterWorkloadHelper::Workload::INCAST_LONG) &&
            (incastSenders == 0 || incastSenders >= nHosts))
        {
            Fail("incastSenders", std::to_string(incastSenders),
                 "must be between 1 and hosts - 1");
        }
        if (HasShortFlows() && (!(shortFlowStart >= 0) || shortFlowStart >= duration))
        {
            Fail("shortFlowStart", std::to_string(shortFlowStart),
                 "must be >= 0 and less than --duration");
        }
        if (std::isnan(shortFlowStop))
        {
            shortFlowStop = duration - 0.2;
        }
        else if (HasShortFlows() && !(shortFlowStop > shortFlowStart && shortFlowStop <= duration))
        {
            Fail("shortFlowStop", std::to_string(shortFlowStop),
                 "must be after --shortFlowStart and at most --duration");
        }
    }

    /// \return true if the run has short flows
    bool HasShortFlows() const
    {
        return type == DatacenterWorkloadHelper::Workload::MIX ||
               type == DatacenterWorkloadHelper::Workload::INCAST;
    }
};

/**
 * The long flows of the workload: the whole matrix (long), the matrix rows of a random
 * fraction of the hosts (mix), N senders into one receiver (incast-long), none (incast).
 * \param opt the workload options
 * \param workload the helper, for its random draws
 * \param matrix the traffic matrix
 * \param nHosts number of hosts
 * \return the long flows
 */
TrafficMatrix::FlowList
LongFlows(const WorkloadOptions& opt,
          DatacenterWorkloadHelper& workload,
          const TrafficMatrix::FlowList& matrix,
          uint32_t nHosts)
{
    using W = DatacenterWorkloadHelper::Workload;
    TrafficMatrix::FlowList flows;
    switch (opt.type)
    {
    case W::LONG:
        return matrix;
    case W::MIX:
        for (uint32_t h : workload.ChooseLongFlowHosts(nHosts, opt.longFlowFraction))
        {
            flows.push_back(matrix[h]);
        }
        return flows;
    case W::INCAST_LONG:
        for (const auto& f :
             workload.PlanIncast(nHosts, opt.incastSenders, 0, 1, 1, FlowSizeDistribution()))
        {
            flows.emplace_back(f.srcHost, f.dstHost);
        }
        return flows;
    case W::INCAST:
        return flows;
    }
    return flows;
}

/**
 * Plans and installs the short flows (mix: Poisson, incast: rounds every 0.5 s), from
 * --shortFlowStart until --shortFlowStop (default 0.2 s before the end, as the thesis' code).
 * \param opt the workload options
 * \param workload the helper
 * \param matrix the traffic matrix
 * \param longFlows the long flows (their sources send no short flow in mix)
 * \param nHosts number of hosts
 */
void
InstallShortFlows(const WorkloadOptions& opt,
                  DatacenterWorkloadHelper& workload,
                  const TrafficMatrix::FlowList& matrix,
                  const TrafficMatrix::FlowList& longFlows,
                  uint32_t nHosts)
{
    const double end = opt.shortFlowStop;
    std::vector<PlannedFlow> planned;
    if (opt.type == DatacenterWorkloadHelper::Workload::MIX)
    {
        std::vector<bool> isLong(nHosts, false);
        for (const auto& f : longFlows)
        {
            isLong[f.first] = true;
        }
        std::vector<uint32_t> sources;
        for (uint32_t h = 0; h < nHosts; ++h)
        {
            if (!isLong[h])
            {
                sources.push_back(h);
            }
        }
        planned = workload.PlanPoisson(opt.shortFlowRate, opt.shortFlowStart, end, sources,
                                       matrix, opt.sizes);
    }
    else if (opt.type == DatacenterWorkloadHelper::Workload::INCAST)
    {
        planned = workload.PlanIncast(nHosts, opt.incastSenders, opt.shortFlowStart, end, 0.5,
                                      opt.sizes);
    }
    const std::string factory = DatacenterWorkloadHelper::FactoryName(opt.shortResolved);
    for (const auto& f : planned)
    {
        workload.Install(f, factory, opt.shortResolved);
    }
}

/**
 * The workload rows of the results database.
 * \param opt the workload options
 * \param stats the flow statistics
 * \param longIds flow ids of the long flows, by long-flow index
 * \param records the long flows' rows (goodput)
 * \param layers the layer statistics
 * \param duration the run's duration, s
 * \return the rows
 */
WorkloadResults
CollectWorkloadResults(const WorkloadOptions& opt,
                       const FlowStatistics& stats,
                       const std::vector<uint32_t>& longIds,
                       const std::vector<FlowRecord>& records,
                       const std::vector<LinkLayerResult>& layers,
                       double duration)
{
    WorkloadResults w;
    WorkloadRunRecord& s = w.summary;
    s.workload = opt.workload;
    s.shortFlowRate = opt.shortFlowRate;
    s.longFlowFraction =
        opt.type == DatacenterWorkloadHelper::Workload::MIX ? opt.longFlowFraction : NAN;
    s.shortFlowSizeBytes = opt.sizes.IsEmpirical() ? NAN : double(opt.shortFlowSize);
    s.flowSizeCdf = opt.flowSizeCdf;
    s.shortTransport = opt.HasShortFlows() ? opt.shortResolved : "";
    s.switchThresholdBytes = NAN;
    s.shortFlowsStarted = stats.GetShortFlowsStarted(Seconds(duration));
    s.shortFlowsCompleted = stats.GetShortFlowsCompleted();
    SampleSummary fct = stats.GetShortFlowFctSummary();
    s.fctMeanS = fct.mean;
    s.fctSdS = fct.sd;
    s.fctP50S = fct.p50;
    s.fctP99S = fct.p99;
    std::vector<double> goodput;
    for (const auto& r : records)
    {
        goodput.push_back(r.goodputBps);
    }
    SampleSummary g = SampleSummary::Of(goodput);
    s.longGoodputMeanBps = g.mean;
    s.longGoodputSdBps = g.sd;
    uint64_t coreDrops = 0;
    uint64_t coreOffered = 0;
    double coreUtil = 0;
    for (const auto& l : layers)
    {
        LinkLayerRecord r;
        r.layer = FatTreeHelper::GetLayerName(l.layer);
        r.direction = l.up ? "up" : "down";
        r.links = l.links;
        r.utilization = l.utilization;
        r.lossRate = l.lossRate;
        r.txPackets = l.txPackets;
        r.drops = l.drops;
        w.linkLayers.push_back(r);
        if (l.layer == FatTreeHelper::AGGREGATION_CORE)
        {
            coreUtil += l.utilization / 2; // both directions have the same number of links
            coreDrops += l.drops;
            coreOffered += l.offered;
        }
    }
    s.coreUtil = coreUtil;
    s.coreLoss = coreOffered > 0 ? double(coreDrops) / coreOffered : 0;
    for (const auto& f : stats.GetFlows())
    {
        if (f.sizeBytes == 0)
        {
            continue;
        }
        ShortFlowRecord r;
        r.flowId = f.flowId;
        r.srcHost = f.srcHost;
        r.dstHost = f.dstHost;
        r.sizeBytes = f.sizeBytes;
        r.transport = f.transport;
        r.startS = f.startS;
        r.firstTxS = f.firstTxS;
        r.lastRxS = f.lastRxS;
        r.fctS = f.Fct();
        r.completed = f.Completed();
        r.rtos = f.rtos;
        r.fastRetransmits = f.fastRetransmits;
        w.shortFlows.push_back(r);
    }
    for (size_t i = 0; i < longIds.size(); ++i)
    {
        const auto& f = stats.GetFlows().at(longIds[i]);
        w.flowCounters.push_back({static_cast<uint32_t>(i), f.rtos, f.fastRetransmits});
    }
    return w;
}

/**
 * The workload keys of the JSON summary (null where not applicable).
 * \param w the workload rows
 * \return ", \"workload\": ..." up to the last key
 */
std::string
WorkloadJson(const WorkloadResults& w)
{
    const WorkloadRunRecord& s = w.summary;
    std::ostringstream os;
    os << ", \"workload\": " << Json(s.workload)
       << ", \"short_transport\": " << (s.shortTransport.empty() ? "null" : Json(s.shortTransport))
       << ", \"short_flows_started\": " << s.shortFlowsStarted
       << ", \"short_flows_completed\": " << s.shortFlowsCompleted
       << ", \"fct_mean_ms\": " << JsonNumber(s.fctMeanS * 1e3)
       << ", \"fct_sd_ms\": " << JsonNumber(s.fctSdS * 1e3)
       << ", \"fct_p50_ms\": " << JsonNumber(s.fctP50S * 1e3)
       << ", \"fct_p99_ms\": " << JsonNumber(s.fctP99S * 1e3)
       << ", \"long_goodput_mean_bps\": " << JsonNumber(s.longGoodputMeanBps)
       << ", \"long_goodput_sd_bps\": " << JsonNumber(s.longGoodputSdBps)
       << ", \"core_util\": " << JsonNumber(s.coreUtil)
       << ", \"core_loss\": " << JsonNumber(s.coreLoss);
    return os.str();
}

/**
 * The rack of every host, for --localFraction (DatacenterTopology::GetHostRack).
 * \param tree the fabric
 * \return rack index per host
 */
std::vector<uint32_t>
HostRacks(const DatacenterTopology& tree)
{
    std::vector<uint32_t> rackOf(tree.GetNHosts());
    for (uint32_t h = 0; h < rackOf.size(); ++h)
    {
        rackOf[h] = tree.GetHostRack(h);
    }
    return rackOf;
}

/**
 * The hot spot of paper §4.3.4 (Fig. 11): \p n aggregation-core links, chosen with RNG
 * stream \p stream, run at a tenth of their rate in both directions; printed on stderr.
 * \param tree the fabric (after Create())
 * \param n number of links to slow down
 * \param stream the RNG stream
 * \return the slowed links' indices in FatTreeHelper::GetLinks(), in draw order
 */
std::vector<uint32_t>
SlowHotspotLinks(const DatacenterTopology& tree, uint32_t n, int64_t stream)
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(stream);
    const auto& links = tree.GetLinks();
    std::vector<uint32_t> chosen =
        HotSpotHelper::SlowRandomLinks(links, FatTreeHelper::AGGREGATION_CORE, n, 10, rng);
    for (uint32_t i : chosen)
    {
        std::cerr << "[" << PROGRAM << "] hot spot: link " << i << " (node " << links[i].a->GetId()
                  << " - node " << links[i].b->GetId() << ", "
                  << FatTreeHelper::GetLayerName(links[i].layer) << ") at "
                  << HotSpotHelper::GetRate(links[i].devA) << " bit/s both ways" << std::endl;
    }
    return chosen;
}

/**
 * The `links` rows of the results database.
 * \param links the per-link statistics
 * \return the rows
 */
std::vector<LinkRecord>
LinkRecords(const std::vector<LinkResult>& links)
{
    std::vector<LinkRecord> rows;
    rows.reserve(links.size());
    for (const auto& l : links)
    {
        LinkRecord r;
        r.linkId = l.linkId;
        r.layer = FatTreeHelper::GetLayerName(l.layer);
        r.direction = l.up ? "up" : "down";
        r.nodeA = l.nodeA;
        r.nodeB = l.nodeB;
        r.rateBps = l.rateBps;
        r.txPackets = l.txPackets;
        r.drops = l.drops;
        r.lossRate = l.lossRate;
        r.utilization = l.utilization;
        rows.push_back(r);
    }
    return rows;
}

/**
 * \param v numbers
 * \return a JSON array of them
 */
std::string
JsonList(const std::vector<uint32_t>& v)
{
    std::ostringstream os;
    os << "[";
    for (size_t i = 0; i < v.size(); ++i)
    {
        os << (i ? ", " : "") << v[i];
    }
    return os.str() + "]";
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t k = 8;
    uint32_t hostsPerTor = 0;
    std::string topologyName = "fattree";
    uint32_t hostsOption = 0;
    std::string linkRate = "100Mbps";
    std::string delay = "20us";
    uint32_t queue = 100;
    std::string transport = "mptcp";
    uint32_t subflows = 8;
    std::string cc = "lia";
    std::string mpScheduler = "LowestRtt";
    std::string matrix = "permutation";
    uint32_t stride = 0;
    double connectionsPerHost = 1;
    double localFraction = NAN; // NaN: not given, the matrix as drawn
    int hotspot = 0;
    double duration = 3.0;
    double warmup = 1.0;
    std::string db = "results/fattree.db";
    std::string label;
    uint32_t mss = 1400;
    uint32_t buffer = 1 << 20;
    std::string minRto = "200ms";
    std::string firstDataRto = "0s";
    uint32_t delAckCount = 2;
    uint32_t initialCwnd = 10;
    // Linux's minimum delayed-ACK timeout (TCP_DELACK_MIN), below --minRto: see the warning below.
    std::string delAckTimeout = "40ms";
    bool quiet = false;
    bool stock = false;
    uint32_t dupAckThreshold = 0;
    WorkloadOptions wl;

    CommandLine cmd(__FILE__);
    cmd.Usage("FatTree experiment of Raiciu et al. (SIGCOMM 2011, Fig. 2 and 3): long-lived "
              "flows over a k-ary FatTree with per-flow ECMP, TCP against MPTCP.");
    cmd.AddValue("topology",
                 "fattree | dhft (dual-homed FatTree, seed 000 §5) | vl2 (VL2 Clos, §4.3.1) | "
                 "perfect (--hosts hosts on one non-blocking switch). The optimum (optimal_pct) "
                 "is the max-min fair share of the host NICs; a dhft host counts both NICs (2x "
                 "its link), also for single-path TCP, which uses one (the paper's feasible "
                 "region)",
                 topologyName);
    cmd.AddValue("k",
                 "switch ports: fattree k pods of k-port switches (even, >= 2); dhft the same "
                 "(a multiple of 4); vl2 D_A = D_I, ports of aggregation and intermediate "
                 "switches (even)",
                 k);
    cmd.AddValue("hostsPerTor",
                 "hosts per edge (ToR) switch (fattree default k/2 = no oversubscription); dhft: "
                 "per ToR pair (default 2k/3 rounded down, k=12: 576 hosts); vl2: default 20",
                 hostsPerTor);
    cmd.AddValue("hosts", "number of hosts, only with --topology=perfect (>= 2)", hostsOption);
    cmd.AddValue("linkRate", "rate of every link (ns-3 DataRate, e.g. 100Mbps)", linkRate);
    cmd.AddValue("delay", "one-way propagation delay of every link (ns-3 Time, e.g. 20us)", delay);
    cmd.AddValue("queue", "DropTail queue of every switch port and NIC, packets", queue);
    cmd.AddValue("transport",
                 "tcp | mptcp | packetscatter (seed 000 §4.3.5: switches spray every packet over "
                 "the equal-cost paths, TCP with a raised duplicate-ACK threshold) | ps (hosts "
                 "spray: ns3::PacketScatterSocket) | mmptcp (ns3::MmpTcpSocket)",
                 transport);
    cmd.AddValue("dupAckThreshold",
                 "duplicate ACKs that trigger a fast retransmit (0: 3; for packetscatter "
                 "3 + the (k/2)^2 equal-cost paths between pods; for ps and mmptcp's scatter "
                 "phase 3 + the equal-cost paths to each destination)",
                 dupAckThreshold);
    cmd.AddValue("subflows", "MPTCP subflows per connection, 1..32 (ndiffports)", subflows);
    cmd.AddValue("cc",
                 "MPTCP congestion control: lia | olia | balia | ewtcp | coupled (fully coupled) | "
                 "semicoupled | uncoupled (NewReno per subflow)",
                 cc);
    cmd.AddValue("scheduler",
                 "MPTCP scheduler: LowestRtt (Linux's default) | RoundRobin (one segment per "
                 "subflow in turn) | StrictRoundRobin (the MMPTCP thesis model's: a subflow "
                 "whose turn it is and whose MP_JOIN handshake is not complete holds up the "
                 "others)",
                 mpScheduler);
    cmd.AddValue("matrix", "traffic matrix: " + TrafficMatrix::TypeNames(), matrix);
    cmd.AddValue("stride", "stride of the stride matrix (0 = hosts/2)", stride);
    cmd.AddValue("connectionsPerHost",
                 "long flows per host, X > 0 (paper Fig. 7, 16): round(X * hosts) flows; X <= 1: "
                 "distinct random senders, X > 1: floor(X) or ceil(X) flows per host to distinct "
                 "hosts (default 1: the plain matrix)",
                 connectionsPerHost);
    cmd.AddValue("localFraction",
                 "fraction 0..1 of the flows sent to a random other host of the sender's rack "
                 "(paper Fig. 8, 15); with permutation the others leave the rack (default: the "
                 "matrix as drawn)",
                 localFraction);
    cmd.AddValue("hotspot",
                 "aggregation-core links, chosen at random, run at a tenth of their rate in both "
                 "directions (paper Fig. 11; default 0)",
                 hotspot);
    cmd.AddValue("duration", "simulated time of the run including the warm-up, s", duration);
    cmd.AddValue("warmup", "initial simulated time excluded from goodput, s", warmup);
    cmd.AddValue("db", "SQLite results database, appended to (\"none\": no database)", db);
    cmd.AddValue("label", "free-form label stored with the run", label);
    cmd.AddValue("mss", "TCP segment size, bytes", mss);
    cmd.AddValue("buffer", "socket send and receive buffers, bytes", buffer);
    cmd.AddValue("minRto", "minimum retransmission timeout (ns-3 Time)", minRto);
    cmd.AddValue("firstDataRto",
                 "MPTCP, PS and MMPTCP subflows: if positive, forget the handshake's RTT sample "
                 "and time the first data segments with this RTO (ns-3 Time; the MMPTCP thesis's "
                 "model: 1.5s; ns3::MpTcpSocketBase::FirstDataRto)",
                 firstDataRto);
    cmd.AddValue("delAckCount", "segments per delayed ACK (1: ACK every segment)", delAckCount);
    cmd.AddValue("initialCwnd",
                 "initial congestion window of every TCP connection and subflow, segments "
                 "(ns-3's default 10; the MMPTCP thesis's runs used 1)",
                 initialCwnd);
    cmd.AddValue("delAckTimeout",
                 "delayed-ACK timeout (ns-3 Time; Linux's minimum 40ms; ns-3's default is 200ms, "
                 "which with --minRto=200ms locks flows out: doc/mptcp.rst)",
                 delAckTimeout);
    cmd.AddValue("quiet", "no per-flow lines on stdout", quiet);
    cmd.AddValue("stock",
                 "baseline for benchmarks: ns-3's own stack and Ipv4GlobalRouting (one path, no "
                 "ECMP); needs --transport=tcp",
                 stock);
    wl.AddTo(cmd);
    cmd.Parse(argc, argv);
    if (db == "none")
    {
        db.clear();
    }

    // ---- Validate everything before simulating or writing anything.
    if (TopologyNames().count(topologyName) == 0)
    {
        Fail("topology", topologyName, "must be fattree, dhft, vl2 or perfect");
    }
    const bool perfect = topologyName == "perfect";
    if (perfect ? hostsOption < 2 || hostsOption > (1U << 22) : hostsOption != 0)
    {
        Fail("hosts",
             std::to_string(hostsOption),
             perfect ? "must be between 2 and 4194304" : "only with --topology=perfect");
    }
    if (perfect && hostsPerTor != 0)
    {
        Fail("hostsPerTor", std::to_string(hostsPerTor), "not with --topology=perfect");
    }
    if (topologyName == "dhft" && (k < 4 || k % 4 != 0 || k > 80))
    {
        Fail("k", std::to_string(k), "for dhft, k must be a multiple of 4 between 4 and 80");
    }
    if ((topologyName == "vl2" && (k > 254 || k < 2 || k % 2 != 0)) ||
        (!perfect && (k < 2 || k % 2 != 0)))
    {
        Fail("k", std::to_string(k), "k must be even and at least 2");
    }
    if (hostsPerTor == 0)
    {
        hostsPerTor = topologyName == "dhft"  ? DualHomedFatTreeHelper::DefaultHostsPerPair(k)
                      : topologyName == "vl2" ? 20
                      : perfect               ? hostsOption
                                              : k / 2;
    }
    if (DatacenterWorkloadHelper::FactoryName(transport).empty())
    {
        Fail("transport", transport, "must be tcp, mptcp, packetscatter, ps or mmptcp");
    }
    if (subflows < 1 || subflows > 32)
    {
        Fail("subflows", std::to_string(subflows), "must be between 1 and 32");
    }
    if (CongestionControls().count(cc) == 0)
    {
        Fail("cc", cc, "must be lia, olia, balia, ewtcp, coupled, semicoupled or uncoupled");
    }
    if (mpScheduler != "LowestRtt" && mpScheduler != "RoundRobin" &&
        mpScheduler != "StrictRoundRobin")
    {
        Fail("scheduler", mpScheduler, "must be LowestRtt, RoundRobin or StrictRoundRobin");
    }
    auto matrixType = TrafficMatrix::FromString(matrix);
    if (!matrixType)
    {
        Fail("matrix", matrix, "must be one of " + TrafficMatrix::TypeNames());
    }
    DataRateValue rateValue;
    if (!rateValue.DeserializeFromString(linkRate, MakeDataRateChecker()) ||
        rateValue.Get().GetBitRate() == 0)
    {
        Fail("linkRate", linkRate, "not a data rate such as 100Mbps");
    }
    TimeValue delayValue;
    if (!ParseTime(delay, &delayValue) ||
        delayValue.Get().IsNegative())
    {
        Fail("delay", delay, "not a non-negative time such as 20us");
    }
    TimeValue minRtoValue;
    if (!ParseTime(minRto, &minRtoValue) ||
        !minRtoValue.Get().IsStrictlyPositive())
    {
        Fail("minRto", minRto, "not a positive time such as 200ms");
    }
    TimeValue firstDataRtoValue;
    if (!ParseTime(firstDataRto, &firstDataRtoValue) ||
        firstDataRtoValue.Get().IsStrictlyNegative())
    {
        Fail("firstDataRto", firstDataRto, "not a time >= 0 such as 1.5s");
    }
    TimeValue delAckValue;
    if (!ParseTime(delAckTimeout, &delAckValue) ||
        !delAckValue.Get().IsStrictlyPositive())
    {
        Fail("delAckTimeout", delAckTimeout, "not a positive time such as 40ms");
    }
    if (delAckCount > 1 && delAckValue.Get() >= minRtoValue.Get())
    {
        // After an RTO ns-3's TCP leaves loss recovery with a one-segment window; the receiver
        // holds the ACK of that lone segment for the delayed-ACK timeout, the RTO fires first,
        // and the flow moves one segment per RTO for good (doc/mptcp.rst, "Delayed ACKs").
        std::cerr << "mptcp-fattree: warning: --delAckTimeout=" << delAckTimeout
                  << " is not below --minRto=" << minRto
                  << ": flows whose window falls to one segment send one segment per RTO"
                  << std::endl;
    }
    if (initialCwnd < 1)
    {
        Fail("initialCwnd", "0", "must be at least 1 segment");
    }
    if (delAckCount < 1)
    {
        Fail("delAckCount", "0", "must be at least 1");
    }
    if (!(duration > 0))
    {
        Fail("duration", std::to_string(duration), "must be positive");
    }
    if (!(warmup >= 0) || warmup >= duration)
    {
        Fail("warmup", std::to_string(warmup), "must be >= 0 and less than --duration");
    }
    if (queue == 0)
    {
        Fail("queue", "0", "must be at least 1 packet");
    }
    if (mss < 100 || mss > 9000)
    {
        Fail("mss", std::to_string(mss), "must be between 100 and 9000 bytes");
    }
    const uint32_t nHosts = perfect                 ? hostsOption
                            : topologyName == "vl2" ? k * k / 4 * hostsPerTor
                                                    : k * k / 2 * hostsPerTor;
    if (*matrixType == TrafficMatrix::Type::STRIDE && stride != 0 &&
        !TrafficMatrix::IsValidStride(nHosts, stride))
    {
        Fail("stride", std::to_string(stride), "must be between 1 and hosts-1");
    }
    if (!TrafficMatrix::IsValidConnectionsPerHost(nHosts, connectionsPerHost))
    {
        Fail("connectionsPerHost", std::to_string(connectionsPerHost),
             "must be > 0 and at most hosts - 1, and give at least one flow");
    }
    if (connectionsPerHost != 1 && *matrixType == TrafficMatrix::Type::STRIDE)
    {
        Fail("connectionsPerHost", std::to_string(connectionsPerHost),
             "needs --matrix=permutation or random");
    }
    if (connectionsPerHost != 1 && wl.workload != "long")
    {
        Fail("connectionsPerHost", std::to_string(connectionsPerHost), "needs --workload=long");
    }
    if (!std::isnan(localFraction) && !(localFraction >= 0 && localFraction <= 1))
    {
        Fail("localFraction", std::to_string(localFraction), "must be in [0, 1]");
    }
    if (!std::isnan(localFraction) && perfect)
    {
        Fail("localFraction", std::to_string(localFraction),
             "the perfect switch is one rack, so locality has no effect (leave it out)");
    }
    if (localFraction > 0 && hostsPerTor < 2)
    {
        Fail("localFraction", std::to_string(localFraction), "needs 2 or more hosts per rack");
    }
    if (hotspot < 0)
    {
        Fail("hotspot", std::to_string(hotspot), "must be >= 0");
    }
    wl.Validate(transport, nHosts, duration);
    if (!db.empty())
    {
        std::string why;
        if (!ExperimentDatabase::CheckWritable(db, &why))
        {
            Fail("db", db, why);
        }
    }
    if (stock && topologyName != "fattree")
    {
        Fail("stock", "true", "the stock ns-3 baseline runs --topology=fattree only");
    }
    if (stock && transport != "tcp")
    {
        Fail("stock", "true", "the stock ns-3 baseline runs --transport=tcp only");
    }
    if (stock && wl.shortResolved != "tcp")
    {
        Fail("shortTransport", wl.shortTransport, "the stock ns-3 baseline runs tcp only");
    }
    const bool mptcp = transport == "mptcp";
    const bool packetScatter = transport == "packetscatter";
    const uint32_t mpSubflows = subflows; // also for MPTCP short flows of a TCP run
    if (!mptcp && transport != "mmptcp") // MMPTCP: its phase-2 subflows
    {
        subflows = 1;
    }
    const uint32_t scatterDupAckThreshold = dupAckThreshold; // 0: the sockets' automatic one
    if (dupAckThreshold == 0)
    {
        // Packet scatter: 3 + the equal-cost paths between racks that share the least.
        const uint32_t paths = perfect                 ? 1
                               : topologyName == "vl2" ? 2 * k
                                                       : (k / 2) * (k / 2);
        dupAckThreshold = packetScatter ? 3 + paths : 3;
    }

    Progress progress(duration);
    ObjectFactory scheduler("ns3::HeapScheduler"); // faster than the default map (ns-3 bench)
    Simulator::SetScheduler(scheduler);

    // ---- Transport configuration.
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", minRtoValue);
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(delAckCount));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(initialCwnd));
    Config::SetDefault("ns3::TcpSocket::DelAckTimeout", delAckValue);
    Config::SetDefault("ns3::TcpSocketBase::ReTxThreshold", UintegerValue(dupAckThreshold));
    if (packetScatter)
    {
        Config::SetDefault("ns3::Ipv4FlowEcmpRouting::Mode", StringValue("PER_PACKET"));
    }
    Config::SetDefault("ns3::MpTcpSocketBase::NumSubflows", UintegerValue(mpSubflows));
    // Host-side PacketScatter and MMPTCP (thesis §3.3-3.6): their own RTO floor and
    // reordering threshold, and MMPTCP's switch to mpSubflows MPTCP subflows.
    for (const std::string type : {"ns3::PacketScatterSocket", "ns3::MmpTcpSocket"})
    {
        Config::SetDefault(type + "::MinRto", minRtoValue);
        Config::SetDefault(type + "::DupAckThreshold", UintegerValue(scatterDupAckThreshold));
    }
    Config::SetDefault("ns3::MmpTcpSocket::SwitchThreshold", UintegerValue(wl.switchThreshold));
    Config::SetDefault("ns3::MmpTcpSocket::Phase2Subflows", UintegerValue(mpSubflows));
    Config::SetDefault("ns3::MpTcpSocketBase::SndBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::MpTcpSocketBase::RcvBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::MpTcpSocketBase::CongestionControl",
                       TypeIdValue(CongestionControls().at(cc)));
    Config::SetDefault("ns3::MpTcpSocketBase::Scheduler",
                       StringValue("ns3::MpTcp" + mpScheduler + "Scheduler"));
    Config::SetDefault("ns3::MpTcpSocketBase::FirstDataRto", firstDataRtoValue);

    // ---- Topology: --topology, per-flow ECMP.
    std::unique_ptr<DatacenterTopology> fabric = BuildTopology(topologyName,
                                                               k,
                                                               hostsPerTor,
                                                               rateValue.Get(),
                                                               delayValue.Get(),
                                                               queue,
                                                               stock);
    const DatacenterTopology& topology = *fabric;
    const uint32_t coreLinks =
        HotSpotHelper::CountLinks(topology.GetLinks(), DatacenterTopology::AGGREGATION_CORE);
    if (static_cast<uint32_t>(hotspot) > coreLinks)
    {
        Fail("hotspot", std::to_string(hotspot),
             "must be at most the " + std::to_string(coreLinks) + " aggregation-core links");
    }
    if (topologyName == "dhft")
    {
        // Both NICs of both hosts (seed 000 §5: 8 subflows over both interfaces): fullmesh,
        // half the subflows from each NIC to the peer's same NIC (its switch plane).
        Config::SetDefault("ns3::MpTcpSocketBase::PathManager", StringValue("Fullmesh"));
        Config::SetDefault("ns3::MpTcpSocketBase::MaxSubflows", UintegerValue(mpSubflows));
        Config::SetDefault("ns3::MpTcpSocketBase::SubflowsPerPair",
                           UintegerValue((mpSubflows + 1) / 2));
        Config::SetDefault("ns3::MpTcpSocketBase::MatchAddressIndex", BooleanValue(true));
    }
    const uint32_t nicsPerHost = topology.GetHostAddresses(0).size();

    // ---- Traffic.
    const std::vector<uint32_t> hotLinks = SlowHotspotLinks(topology, hotspot, 1003);
    TrafficMatrix tm;
    tm.AssignStreams(1000);
    TrafficMatrix::FlowList flows =
        *matrixType == TrafficMatrix::Type::STRIDE
            ? tm.Generate(*matrixType, nHosts, stride)
            : tm.ConnectionsPerHost(*matrixType, nHosts, connectionsPerHost);
    const std::vector<uint32_t> rackOf = HostRacks(topology);
    if (!std::isnan(localFraction))
    {
        flows = tm.MakeRackLocal(flows, rackOf, localFraction, *matrixType);
    }
    const uint32_t rackLocalFlows = TrafficMatrix::CountRackLocal(flows, rackOf);
    Ptr<UniformRandomVariable> jitter = CreateObject<UniformRandomVariable>();
    jitter->SetStream(1001);
    FlowStatistics stats;
    DatacenterWorkloadHelper workload(topology, stats);
    workload.SetSendSize(16 * mss);
    if (wl.type != DatacenterWorkloadHelper::Workload::LONG)
    {
        workload.AssignStreams(1002); // Sim_Long draws nothing more (results unchanged)
    }
    const TrafficMatrix::FlowList matrixFlows = flows;
    flows = LongFlows(wl, workload, matrixFlows, nHosts);
    const std::string factory = DatacenterWorkloadHelper::FactoryName(transport);
    std::vector<uint32_t> longIds;
    std::vector<Ptr<PacketSink>> sinks;
    // Fig. 11 per flow: which long flows send data over the slowed links (each long flow has
    // its own receiver port, so the headers tell them apart).
    HotSpotFlowCounter hotFlows;
    for (size_t i = 0; i < flows.size(); ++i)
    {
        PlannedFlow f;
        f.srcHost = flows[i].first;
        f.dstHost = flows[i].second;
        // Connections start within the first 10 ms, not all in the same instant.
        f.startS = jitter->GetValue(0, 0.01);
        const uint16_t port = 5000 + i;
        longIds.push_back(workload.Install(f, factory, transport, port));
        sinks.push_back(workload.GetSink(longIds.back()));
        if (!hotLinks.empty())
        {
            hotFlows.AddFlow(i,
                             topology.GetHostAddresses(f.srcHost),
                             topology.GetHostAddresses(f.dstHost),
                             port);
        }
    }
    InstallShortFlows(wl, workload, matrixFlows, flows, nHosts);
    for (uint32_t l : hotLinks)
    {
        hotFlows.Watch(topology.GetLinks()[l]);
    }
    hotFlows.SetWarmup(Seconds(warmup));
    LinkLayerStatistics layers(topology);
    layers.ScheduleStart(Seconds(warmup));

    // ---- Measurement: bytes received at the end of the warm-up and at the end, whether or
    // not a hole still keeps them from the application (GetReceivedBytes): 16 MB buffers can
    // hold megabytes behind a hole when the warm-up ends.
    std::vector<uint64_t> atWarmup(flows.size(), 0);
    Simulator::Schedule(Seconds(warmup), [&]() {
        for (size_t i = 0; i < sinks.size(); ++i)
        {
            atWarmup[i] = GetReceivedBytes(sinks[i]);
        }
    });
    progress.Start();
    Simulator::Stop(Seconds(duration));
    Simulator::Run();

    const double window = duration - warmup;
    // Optimal: every flow at the goodput one TCP flow gets alone on its host link (payload
    // over wire bytes: IPv4 20 + TCP 20 + timestamps 12 + PPP 2), shared max-min fairly where
    // hosts send or receive several flows. A dual-homed host has twice the capacity.
    const double linkBps = rateValue.Get().GetBitRate();
    const double aloneBps = linkBps * mss / (mss + 54.0);
    std::vector<double> optimal = NonBlockingFairShare(flows, nHosts, aloneBps * nicsPerHost);
    std::vector<FlowRecord> records;
    uint64_t deliveredBytes = 0; // whole run, warm-up included
    for (const auto& sink : sinks)
    {
        deliveredBytes += sink->GetTotalRx();
    }
    double aggregate = 0;
    double optimalSum = 0;
    double minPct = 1e300;
    double sumPct = 0;
    double sumPct2 = 0;
    for (size_t i = 0; i < flows.size(); ++i)
    {
        FlowRecord r;
        r.flowId = i;
        r.srcHost = flows[i].first;
        r.dstHost = flows[i].second;
        std::ostringstream sa;
        std::ostringstream da;
        sa << topology.GetHostAddress(flows[i].first);
        da << topology.GetHostAddress(flows[i].second);
        r.srcAddr = sa.str();
        r.dstAddr = da.str();
        r.bytesRx = GetReceivedBytes(sinks[i]) - atWarmup[i];
        r.goodputBps = r.bytesRx * 8.0 / window;
        r.pctOfOptimal = 100.0 * r.goodputBps / optimal[i];
        aggregate += r.goodputBps;
        optimalSum += optimal[i];
        minPct = std::min(minPct, r.pctOfOptimal);
        sumPct += r.pctOfOptimal;
        sumPct2 += r.pctOfOptimal * r.pctOfOptimal;
        records.push_back(r);
        if (!quiet)
        {
            std::cout << "flow " << i << " host " << r.srcHost << " -> " << r.dstHost << " "
                      << std::fixed << std::setprecision(3) << r.goodputBps / 1e6 << " Mb/s "
                      << std::setprecision(1) << r.pctOfOptimal << "%" << std::endl;
        }
    }
    if (getenv("MPTCP_DEBUG_FLOWS"))
    {
        for (size_t i = 0; i < records.size(); ++i)
        {
            if (records[i].pctOfOptimal > 10)
            {
                continue;
            }
            auto meta = DynamicCast<MpTcpSocketBase>(workload.GetSender(longIds[i])->GetSocket());
            std::cerr << "DEBUG flow " << i << " pct " << records[i].pctOfOptimal;
            if (meta)
            {
                std::cerr << " state " << meta->GetState() << " acked " << meta->GetBytesAcked()
                          << " txavail " << meta->GetTxAvailable() << " errors "
                          << meta->GetProtocolErrors() << std::endl;
                for (const auto& sf : meta->GetSubflows())
                {
                    Ipv4Address la, ra;
                    uint16_t lp, rp;
                    sf->GetFourTuple(la, lp, ra, rp);
                    std::cerr << "   sf " << sf->GetSubflowId() << " port " << lp << " state "
                              << TcpSocket::TcpStateName[sf->GetState()] << " cwnd "
                              << sf->GetCwnd() << " ssth " << sf->GetSsThresh() << " srtt "
                              << sf->GetSrtt().GetMilliSeconds() << "ms sent "
                              << sf->GetBytesSent() << " unsent " << sf->GetUnsentBytes()
                              << " sendable " << sf->GetSendableBytes() << " peerwnd "
                              << sf->GetPeerWindow() << std::endl;
                }
            }
            else
            {
                std::cerr << std::endl;
            }
        }
    }
    if (flows.empty())
    {
        minPct = NAN; // no long flow (incast)
    }
    const double jain = sumPct2 > 0 ? sumPct * sumPct / (flows.size() * sumPct2) : 0;
    const double optimalPct = 100.0 * aggregate / optimalSum;
    const double wall = progress.Wall();

    RunRecord run;
    run.label = label;
    run.experiment = "fattree";
    run.topology = stock ? "fattree-stock-global-routing" : TopologyNames().at(topologyName);
    run.k = perfect ? 0 : k;
    run.hostsPerTor = hostsPerTor;
    run.hosts = nHosts;
    run.linkRateBps = linkBps;
    run.delayS = delayValue.Get().GetSeconds();
    run.queuePkts = queue;
    run.transport = transport;
    run.subflows = subflows;
    // PS is NewReno alone; MMPTCP couples its phase-2 subflows with --cc.
    run.cc = (mptcp || transport == "mmptcp") ? cc : "newreno";
    run.matrix = TrafficMatrix::ToString(*matrixType);
    run.durationS = duration;
    run.warmupS = warmup;
    run.rngSeed = RngSeedManager::GetSeed();
    run.rngRun = RngSeedManager::GetRun();
    run.ns3Version = "3." + std::to_string(MPTCP_NS3_MINOR);
    run.flows = flows.size();
    run.aggregateGoodputBps = aggregate;
    run.optimalBps = optimalSum;
    run.optimalPct = optimalPct;
    run.minFlowPct = minPct;
    run.jainIndex = jain;
    run.wallS = wall;
    std::ostringstream params;
    params << "{\"topology\":" << Json(topologyName) << ",\"hosts\":" << hostsOption
           << ",\"k\":" << k << ",\"hostsPerTor\":" << hostsPerTor << ",\"linkRate\":"
           << Json(linkRate) << ",\"delay\":" << Json(delay) << ",\"queue\":" << queue
           << ",\"transport\":" << Json(transport) << ",\"subflows\":" << subflows
           << ",\"cc\":" << Json(cc) << ",\"scheduler\":" << Json(mpScheduler)
           << ",\"matrix\":" << Json(matrix) << ",\"stride\":" << stride
           << ",\"duration\":" << duration << ",\"warmup\":" << warmup << ",\"mss\":" << mss
           << ",\"buffer\":" << buffer << ",\"minRto\":" << Json(minRto)
           << ",\"firstDataRto\":" << Json(firstDataRto)
           << ",\"delAckCount\":" << delAckCount << ",\"initialCwnd\":" << initialCwnd
           << ",\"delAckTimeout\":" << Json(delAckTimeout)
           << ",\"stock\":" << (stock ? "true" : "false") << ",\"workload\":"
           << Json(wl.workload) << ",\"shortFlowRate\":" << wl.shortFlowRate
           << ",\"longFlowFraction\":" << wl.longFlowFraction
           << ",\"shortFlowSize\":" << wl.shortFlowSize << ",\"flowSizeCdf\":"
           << Json(wl.flowSizeCdf) << ",\"shortTransport\":" << Json(wl.shortTransport)
           << ",\"switchThreshold\":" << wl.switchThreshold
           << ",\"incastSenders\":" << wl.incastSenders
           << ",\"shortFlowStart\":" << wl.shortFlowStart
           << ",\"shortFlowStop\":" << wl.shortFlowStop
           << ",\"connectionsPerHost\":" << connectionsPerHost
           << ",\"localFraction\":" << JsonNumber(localFraction) << ",\"hotspot\":" << hotspot
           << "}";
    run.paramsJson = params.str();
    WorkloadResults workloadResults =
        CollectWorkloadResults(wl, stats, longIds, records, layers.Collect(), duration);
    workloadResults.links = LinkRecords(layers.CollectLinks());
    for (const auto& [id, count] : hotFlows.GetCounts())
    {
        workloadResults.hotspotFlows.push_back({id, count.packets, count.packetsAfterWarmup});
    }
    if (transport == "mmptcp" || wl.shortResolved == "mmptcp")
    {
        workloadResults.summary.switchThresholdBytes = wl.switchThreshold;
    }
    int64_t runId = -1;
    if (!db.empty())
    {
        ExperimentDatabase database(db);
        runId = database.AddRun(run, records, workloadResults);
        if (runId < 0)
        {
            std::cerr << PROGRAM << ": could not store the run in " << db << ": "
                      << database.GetLastError() << std::endl;
        }
    }
    Simulator::Destroy();

    std::cout << std::setprecision(6) << std::defaultfloat << "{\"k\": " << k
              << ", \"hosts\": " << nHosts << ", \"hosts_per_tor\": " << hostsPerTor
              << ", \"topology\": " << Json(run.topology)
              << ", \"flows\": " << flows.size() << ", \"transport\": " << Json(transport)
              << ", \"subflows\": " << subflows << ", \"cc\": " << Json(run.cc)
              << ", \"matrix\": " << Json(run.matrix) << ", \"duration_s\": " << duration
              << ", \"warmup_s\": " << warmup << ", \"aggregate_goodput_bps\": " << aggregate
              << ", \"optimal_bps\": " << optimalSum
              << ", \"optimal_pct\": " << JsonNumber(optimalPct)
              << ", \"min_flow_pct\": " << JsonNumber(minPct) << ", \"jain_index\": " << jain
              << ", \"delivered_bytes\": " << deliveredBytes << ", \"stock\": "
              << (stock ? "true" : "false") << ", \"rng_run\": " << run.rngRun
              << WorkloadJson(workloadResults)
              << ", \"connections_per_host\": " << connectionsPerHost
              << ", \"local_fraction\": " << JsonNumber(localFraction)
              << ", \"rack_local_flows\": " << rackLocalFlows
              << ", \"hotspot_links\": " << JsonList(hotLinks)
              << ", \"hotspot_flows\": " << workloadResults.hotspotFlows.size()
              << ", \"run_id\": " << runId
              << ", \"wall_s\": " << wall << "}" << std::endl;
    return (!db.empty() && runId < 0) ? 1 : 0;
}
