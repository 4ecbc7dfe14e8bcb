/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/datacenter-experiment.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/datacenter-partition.h"
#include "ns3/datacenter-transport-registry.h"
#include "ns3/log.h"
#include "ns3/mptcp-algorithm-registry.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/object-factory.h"
#include "ns3/program-text.h"
#include "ns3/received-bytes.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-new-reno-cwv.h"
#include "ns3/transport-attributes.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <limits>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DatacenterExperiment");

namespace
{

using Text = ProgramText; //!< Option parsing and JSON values.

/// Bytes per packet of --queue when --queueUnit=bytes: an Ethernet MTU (the paper's 100 packets).
constexpr uint32_t QUEUE_BYTES_PER_PACKET = 1500;

/// \return a JSON array of \p v
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

/// \return the rack of every host (DatacenterTopology::GetHostRack)
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
 * \param program prefix of the lines
 * \return the slowed links' indices in GetLinks(), in draw order
 */
std::vector<uint32_t>
SlowHotspotLinks(const DatacenterTopology& tree,
                 uint32_t n,
                 int64_t stream,
                 const std::string& program)
{
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(stream);
    const auto& links = tree.GetLinks();
    std::vector<uint32_t> chosen =
        HotSpotHelper::SlowRandomLinks(links, DatacenterTopology::AGGREGATION_CORE, n, 10, rng);
    for (uint32_t i : chosen)
    {
        std::cerr << "[" << program << "] hot spot: link " << i << " (node "
                  << links[i].a->GetId() << " - node " << links[i].b->GetId() << ", "
                  << DatacenterTopology::GetLayerName(links[i].layer) << ") at "
                  << HotSpotHelper::GetRate(links[i].devA) << " bit/s both ways" << std::endl;
    }
    return chosen;
}

/// \return the `links` rows of the results database
std::vector<LinkRecord>
LinkRecords(const std::vector<LinkResult>& links)
{
    std::vector<LinkRecord> rows;
    rows.reserve(links.size());
    for (const auto& l : links)
    {
        LinkRecord r;
        r.linkId = l.linkId;
        r.layer = DatacenterTopology::GetLayerName(l.layer);
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

} // namespace

/// Progress on stderr for long runs.
class DatacenterExperiment::Progress
{
  public:
    /**
     * \param end simulated end, s
     * \param program prefix of the lines
     */
    Progress(double end, std::string program)
        : m_end(end),
          m_program(std::move(program)),
          m_start(std::chrono::steady_clock::now())
    {
    }

    /// Start reporting (schedules the first tick now).
    void Start()
    {
        Simulator::Schedule(Seconds(0), &Progress::Tick, this);
    }

    /// \return wall-clock seconds since construction
    double Wall() const
    {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    }

  private:
    /// Report if 5 s of wall-clock time passed, reschedule.
    void Tick()
    {
        double wall = Wall();
        double now = Simulator::Now().GetSeconds();
        if (wall >= m_nextReport)
        {
            double eta = now > 0 ? wall / now * (m_end - now) : 0;
            std::cerr << "[" << m_program << "] simulated " << std::fixed << std::setprecision(2)
                      << now << " of " << m_end << " s, wall " << std::setprecision(1) << wall
                      << " s, about " << eta << " s left" << std::endl;
            m_nextReport = wall + 5;
        }
        Simulator::Schedule(Seconds(std::max(0.01, m_end / 200)), &Progress::Tick, this);
    }

    double m_end;                                   //!< Simulated end, s.
    std::string m_program;                          //!< Line prefix.
    std::chrono::steady_clock::time_point m_start;  //!< Wall-clock start.
    double m_nextReport{3};                         //!< Wall time of the next line, s.
};

bool
DatacenterExperiment::Reject(const std::string& option,
                             const std::string& value,
                             const std::string& why,
                             Error* error)
{
    *error = {option, value, why};
    return false;
}

DatacenterExperiment::DatacenterExperiment() = default;
DatacenterExperiment::~DatacenterExperiment() = default;

std::vector<double>
DatacenterExperiment::NonBlockingFairShare(const TrafficMatrix::FlowList& flows,
                                           uint32_t nHosts,
                                           double rate)
{
    return NonBlockingFairShare(flows,
                                nHosts,
                                rate,
                                std::vector<double>(flows.size(),
                                                    std::numeric_limits<double>::infinity()));
}

std::vector<double>
DatacenterExperiment::NonBlockingFairShare(const TrafficMatrix::FlowList& flows,
                                           uint32_t nHosts,
                                           double rate,
                                           const std::vector<double>& caps)
{
    NS_ABORT_MSG_IF(caps.size() != flows.size(), "NonBlockingFairShare: one cap per flow");
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
                inc = std::min(inc, caps[i] - share[i]);
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
            if (!frozen[i] && (up[flows[i].first] <= 1e-9 || down[flows[i].second] <= 1e-9 ||
                               share[i] >= caps[i] - 1e-9))
            {
                frozen[i] = true;
                --left;
            }
        }
    }
    return share;
}

bool
DatacenterExperiment::Configure(const Config& config, Error* error)
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_configured, "DatacenterExperiment::Configure called twice");
    m_cfg = config;
    m_warnings.clear();
    Config& c = m_cfg;
    if (c.db == "none")
    {
        c.db.clear();
    }
    // One part after the other; each names the first invalid option of its own.
    if (!ValidateFabric(error) || !ValidateTransport(error) || !ValidateRun(error) ||
        !ValidateTraffic(error) || !ValidateControl(error))
    {
        return false;
    }
    // Last, once every option is valid: MPI_Init, before any node or event exists.
    std::string mpiWhy;
    if (c.mpi && !DatacenterPartition::Enable(nullptr,
                                              nullptr,
                                              c.mpiSync == "nullmsg"
                                                  ? DatacenterPartition::NULL_MESSAGE
                                                  : DatacenterPartition::GRANTED_TIME_WINDOW,
                                              &mpiWhy))
    {
        return Reject("mpi", "true", mpiWhy, error);
    }
    m_configured = true;
    return true;
}

bool
DatacenterExperiment::ValidateFabric(Error* error)
{
    Config& c = m_cfg;
    // The fabric's options, checked by the topology itself.
    m_params.k = c.k;
    m_params.hostsPerTor = c.hostsPerTor;
    m_params.hosts = c.hosts;
    m_params.queue = c.queue;
    m_params.addressesPerHost = c.addressesPerHost;
    struct LayerDelay
    {
        const char* option; //!< The option.
        std::string& text;  //!< Its value ("": the layer takes --delay).
        Time& value;        //!< The parsed delay (left negative, unset, for "").
    };
    for (const LayerDelay& d : {LayerDelay{"edgeDelay", c.edgeDelay, m_params.edgeDelay},
                                LayerDelay{"aggDelay", c.aggDelay, m_params.aggDelay},
                                LayerDelay{"coreDelay", c.coreDelay, m_params.coreDelay}})
    {
        if (!d.text.empty() &&
            (!Text::ParseTime(d.text, &d.value) || d.value.IsStrictlyNegative()))
        {
            return Reject(d.option, d.text, "not a time >= 0 such as 30us (\"\": --delay)", error);
        }
    }
    if (!DatacenterTopologyRegistry::Validate(c.topology, m_params, &m_nHosts, error))
    {
        return false;
    }
    c.hostsPerTor = m_params.hostsPerTor;
    const DatacenterTopologyRegistry::Entry& topology = DatacenterTopologyRegistry::Get(c.topology);
    DataRateValue rateValue;
    if (!rateValue.DeserializeFromString(c.linkRate, MakeDataRateChecker()) ||
        rateValue.Get().GetBitRate() == 0)
    {
        return Reject("linkRate", c.linkRate, "not a data rate such as 100Mbps", error);
    }
    m_params.linkRate = rateValue.Get();
    if (!Text::ParseTime(c.delay, &m_params.delay) || m_params.delay.IsNegative())
    {
        return Reject("delay", c.delay, "not a non-negative time such as 20us", error);
    }
    if (c.queue == 0)
    {
        return Reject("queue", "0", "must be at least 1 packet", error);
    }
    if (c.queueUnit != "packets" && c.queueUnit != "bytes")
    {
        return Reject("queueUnit", c.queueUnit, "must be packets or bytes", error);
    }
    if (c.stock && !topology.stock)
    {
        return Reject("stock", "true", "the stock ns-3 baseline runs --topology=" +
                          DatacenterTopologyRegistry::JoinOr(
                              DatacenterTopologyRegistry::GetStockNames()) +
                      " only", error);
    }
    if (c.switchForwarding != "fast" && c.switchForwarding != "ipv4")
    {
        return Reject("switchForwarding", c.switchForwarding, "must be fast or ipv4", error);
    }
    if (c.ecnThreshold < 0)
    {
        return Reject("ecnThreshold", std::to_string(c.ecnThreshold), "must be >= 0 packets",
                      error);
    }
    if (c.ecnThreshold > 0 && static_cast<uint32_t>(c.ecnThreshold) >= c.queue)
    {
        return Reject("ecnThreshold",
                      std::to_string(c.ecnThreshold),
                      "must be less than --queue (" + std::to_string(c.queue) + " packets)",
                      error);
    }
    if (c.ecnThreshold > 0 && (c.stock || c.switchForwarding != "fast"))
    {
        return Reject("ecnThreshold",
                      std::to_string(c.ecnThreshold),
                      "needs --switchForwarding=fast and not --stock (switches mark in "
                      "ns3::EcmpSwitchForwarder)",
                      error);
    }
    return true;
}

bool
DatacenterExperiment::ValidateTransport(Error* error)
{
    Config& c = m_cfg;
    if (!DatacenterTransportRegistry::Find(c.transport))
    {
        using R = DatacenterTransportRegistry;
        return Reject("transport", c.transport, "must be " + R::JoinOr(R::GetNames()), error);
    }
    if (c.subflows < 1 || c.subflows > 32)
    {
        return Reject("subflows", std::to_string(c.subflows), "must be between 1 and 32", error);
    }
    if (!MpTcpCongestionControlRegistry::Lookup(c.cc, &m_ccTypeId))
    {
        return Reject("cc", c.cc, "must be " + MpTcpCongestionControlRegistry::ListNames(), error);
    }
    if (!MpTcpSchedulerRegistry::Lookup(c.scheduler, &m_schedulerTypeId))
    {
        return Reject("scheduler",
                      c.scheduler,
                      "must be " + MpTcpSchedulerRegistry::ListNames(),
                      error);
    }
    if (!Text::ParseTime(c.minRto, &m_minRto) || !m_minRto.IsStrictlyPositive())
    {
        return Reject("minRto", c.minRto, "not a positive time such as 200ms", error);
    }
    if (!Text::ParseTime(c.firstDataRto, &m_firstDataRto) || m_firstDataRto.IsStrictlyNegative())
    {
        return Reject("firstDataRto", c.firstDataRto, "not a time >= 0 such as 1.5s", error);
    }
    if (!Text::ParseTime(c.connTimeout, &m_connTimeout) || !m_connTimeout.IsStrictlyPositive())
    {
        return Reject("connTimeout", c.connTimeout, "not a positive time such as 1s", error);
    }
    if (!Text::ParseTime(c.delAckTimeout, &m_delAckTimeout) ||
        !m_delAckTimeout.IsStrictlyPositive())
    {
        return Reject("delAckTimeout", c.delAckTimeout, "not a positive time such as 40ms", error);
    }
    if (c.delAckCount > 1 && m_delAckTimeout >= m_minRto)
    {
        // After an RTO ns-3's TCP leaves loss recovery with a one-segment window; the receiver
        // holds the ACK of that lone segment for the delayed-ACK timeout, the RTO fires first,
        // and the flow moves one segment per RTO for good (doc/mptcp.rst, "Delayed ACKs").
        m_warnings.push_back("--delAckTimeout=" + c.delAckTimeout + " is not below --minRto=" +
                             c.minRto +
                             ": flows whose window falls to one segment send one segment per RTO");
    }
    if (c.initialCwnd < 1)
    {
        return Reject("initialCwnd", "0", "must be at least 1 segment", error);
    }
    if (c.delAckCount < 1)
    {
        return Reject("delAckCount", "0", "must be at least 1", error);
    }
    if (c.mss < 100 || c.mss > 9000)
    {
        return Reject("mss", std::to_string(c.mss), "must be between 100 and 9000 bytes", error);
    }
    if (c.stock && !Transport().onStock)
    {
        return Reject("stock", "true", "the stock ns-3 baseline runs --transport=tcp only", error);
    }
    if (c.cc == "xmp" && c.ecnThreshold == 0 && Transport().multipath)
    {
        m_warnings.push_back("--cc=xmp without --ecnThreshold: no switch marks CE, XMP reacts "
                             "to losses only (doc/mptcp.rst, \"XMP and ECN marking\")");
    }
    return true;
}

bool
DatacenterExperiment::ValidateRun(Error* error)
{
    Config& c = m_cfg;
    if (!(c.duration > 0))
    {
        return Reject("duration", std::to_string(c.duration), "must be positive", error);
    }
    if (std::isnan(c.warmup))
    {
        c.warmup = std::min(1.0, c.duration / 3); // a default that fits any --duration
    }
    if (!(c.warmup >= 0) || c.warmup >= c.duration)
    {
        return Reject("warmup",
                      std::to_string(c.warmup),
                      "must be >= 0 and less than --duration",
                      error);
    }
    if (!Text::ParseTime(c.subflowTraceInterval, &m_traceInterval) ||
        !m_traceInterval.IsStrictlyPositive())
    {
        return Reject("subflowTraceInterval",
                      c.subflowTraceInterval,
                      "not a positive time such as 10ms",
                      error);
    }
    std::string why;
    // The default database's folder (results/) is created when the run is stored.
    m_createDbDirectory = c.db == Config().db;
    if (!c.db.empty() && !ExperimentDatabase::CheckWritable(c.db, &why, m_createDbDirectory))
    {
        return Reject("db", c.db, why, error);
    }
    if (c.mpiSync != "granted" && c.mpiSync != "nullmsg")
    {
        return Reject("mpiSync", c.mpiSync, "must be granted or nullmsg", error);
    }
    if (c.arrivalOrder.empty())
    {
        c.arrivalOrder = c.mpi ? "ingress" : "event";
    }
    if (c.arrivalOrder != "event" && c.arrivalOrder != "ingress")
    {
        return Reject("arrivalOrder", c.arrivalOrder, "must be event or ingress", error);
    }
    if (c.mpi && c.arrivalOrder != "ingress")
    {
        m_warnings.push_back("--mpi with --arrivalOrder=event: results depend on how the "
                             "fabric is split over the ranks (doc/mptcp.rst, \"Distributed runs\")");
    }
    return true;
}

bool
DatacenterExperiment::ValidateTraffic(Error* error)
{
    Config& c = m_cfg;
    const DatacenterTopologyRegistry::Entry& topology = DatacenterTopologyRegistry::Get(c.topology);
    auto matrixType = TrafficMatrix::FromString(c.matrix);
    if (!matrixType)
    {
        return Reject("matrix", c.matrix, "must be one of " + TrafficMatrix::TypeNames(), error);
    }
    m_matrixType = *matrixType;
    if (m_matrixType == TrafficMatrix::Type::STRIDE && c.stride != 0 &&
        !TrafficMatrix::IsValidStride(m_nHosts, c.stride))
    {
        return Reject("stride", std::to_string(c.stride), "must be between 1 and hosts-1", error);
    }
    const std::string cph = std::to_string(c.connectionsPerHost);
    if (!TrafficMatrix::IsValidConnectionsPerHost(m_nHosts, c.connectionsPerHost))
    {
        return Reject("connectionsPerHost", cph,
                      "must be > 0 and at most hosts - 1, and give at least one flow", error);
    }
    if (c.connectionsPerHost != 1 && m_matrixType == TrafficMatrix::Type::STRIDE)
    {
        return Reject("connectionsPerHost", cph, "needs --matrix=permutation or random", error);
    }
    if (c.connectionsPerHost != 1 && c.workload != "long")
    {
        return Reject("connectionsPerHost", cph, "needs --workload=long", error);
    }
    const std::string lf = std::to_string(c.localFraction);
    if (!std::isnan(c.localFraction) && !(c.localFraction >= 0 && c.localFraction <= 1))
    {
        return Reject("localFraction", lf, "must be in [0, 1]", error);
    }
    if (!std::isnan(c.localFraction) && topology.oneRack)
    {
        return Reject("localFraction", lf, "the " + topology.longName +
                      " is one rack, so locality has no effect (leave it out)", error);
    }
    if (c.localFraction > 0 && c.hostsPerTor < 2)
    {
        return Reject("localFraction", lf, "needs 2 or more hosts per rack", error);
    }
    if (c.hotspot < 0)
    {
        return Reject("hotspot", std::to_string(c.hotspot), "must be >= 0", error);
    }
    if (!ValidateWorkload(error))
    {
        return false;
    }
    if (c.stock && !DatacenterTransportRegistry::Find(m_shortResolved)->onStock)
    {
        return Reject("shortTransport",
                      c.shortTransport,
                      "the stock ns-3 baseline runs tcp only",
                      error);
    }
    return true;
}

bool
DatacenterExperiment::ValidateControl(Error* error)
{
    Config& c = m_cfg;
    ExperimentController::RunContext run;
    run.stock = c.stock;
    run.mpi = c.mpi;
    run.transportName = c.transport;
    run.transport = DatacenterTransportRegistry::Find(c.transport);
    if (!c.sdn.Validate(run, error))
    {
        return false;
    }
    if (!c.metrics.Validate(c.mpi, error))
    {
        return false;
    }
    m_mpSubflows = c.subflows; // also for MPTCP short flows of a TCP run
    m_subflows = Transport().multipath ? c.subflows : 1;
    uint32_t controllerSubflows = 0;
    if (!c.sdn.GetChosen()->GetPathManager(&controllerSubflows).empty())
    {
        m_subflows = controllerSubflows; // the most a flow gets (responsive: it starts with one)
    }
    c.subflows = m_subflows; // resolved as recorded (params_json, runs.subflows)
    return true;
}

const std::vector<std::string>&
DatacenterExperiment::GetWarnings() const
{
    return m_warnings;
}

const DatacenterExperiment::Config&
DatacenterExperiment::GetConfig() const
{
    return m_cfg;
}

uint32_t
DatacenterExperiment::GetNHosts() const
{
    return m_nHosts;
}

const DatacenterTransport&
DatacenterExperiment::Transport() const
{
    const DatacenterTransport* t = DatacenterTransportRegistry::Find(m_cfg.transport);
    NS_ABORT_MSG_IF(!t, "DatacenterExperiment: unknown --transport " << m_cfg.transport);
    return *t;
}

bool
DatacenterExperiment::RestartsRandomStreams()
{
    return mptcpcompat::CanResetNextStreamIndex();
}

TransportAttributes
DatacenterExperiment::TransportParameters() const
{
    const Config& c = m_cfg;
    const bool packetScatter = Transport().perPacketEcmp;
    // 0: the sockets' automatic threshold for PS and MMPTCP; TCP: 3, or for packetscatter
    // 3 + the equal-cost paths between racks that share the least.
    const uint32_t dupAckThreshold =
        c.dupAckThreshold != 0 ? c.dupAckThreshold
                               : (packetScatter ? 3 + m_topology->GetInterPodPathCount() : 3);
    const TimeValue minRtoValue(m_minRto);
    TransportAttributes t;
    // Single-path TCP: NewReno; with the module's stack it asks the socket's congestion-window
    // validation (TcpNewRenoCwv, TcpSmallQueuesSocket), as Linux's Reno does.
    t.SetL4("SocketType",
            TypeIdValue(c.stock ? TcpNewReno::GetTypeId() : TcpNewRenoCwv::GetTypeId()));
    if (!c.stock) // ns-3's TcpSocketBase has neither
    {
        t.SetTcp("SmallQueues", BooleanValue(c.smallQueues));
        t.SetTcp("CwndValidation", BooleanValue(c.cwndValidation));
    }
    t.SetTcp("SegmentSize", UintegerValue(c.mss));
    t.SetTcp("SndBufSize", UintegerValue(c.buffer));
    t.SetTcp("RcvBufSize", UintegerValue(c.buffer));
    t.SetTcp("MinRto", minRtoValue);
    // A lost SYN or SYN/ACK (a MP_CAPABLE or MP_JOIN handshake too) is retransmitted after
    // connTimeout, doubled on each retry: Linux's 1 s, not ns-3's 3 s (doc/mptcp.rst,
    // "Handshake timeout").
    t.SetTcp("ConnTimeout", TimeValue(m_connTimeout));
    t.SetTcp("DelAckCount", UintegerValue(c.delAckCount));
    t.SetTcp("InitialCwnd", UintegerValue(c.initialCwnd));
    t.SetTcp("DelAckTimeout", TimeValue(m_delAckTimeout));
    t.SetTcp("ReTxThreshold", UintegerValue(dupAckThreshold));
    t.SetMultipath("NumSubflows", UintegerValue(m_mpSubflows));
    // Host-side PacketScatter and MMPTCP (thesis §3.3-3.6): their own RTO floor and
    // reordering threshold, and MMPTCP's switch to mpSubflows MPTCP subflows.
    for (const std::string factory :
         {"ns3::PacketScatterSocketFactory", "ns3::MmpTcpSocketFactory"})
    {
        t.SetSocket(factory, "MinRto", minRtoValue);
        t.SetSocket(factory, "DupAckThreshold", UintegerValue(c.dupAckThreshold));
    }
    t.SetSocket("ns3::MmpTcpSocketFactory", "SwitchThreshold", UintegerValue(c.switchThreshold));
    t.SetSocket("ns3::MmpTcpSocketFactory", "Phase2Subflows", UintegerValue(m_mpSubflows));
    t.SetMultipath("SndBufSize", UintegerValue(c.buffer));
    t.SetMultipath("RcvBufSize", UintegerValue(c.buffer));
    t.SetMultipath("CongestionControl", TypeIdValue(m_ccTypeId));
    t.SetMultipath("Scheduler", TypeIdValue(m_schedulerTypeId));
    t.SetMultipath("FirstDataRto", TimeValue(m_firstDataRto));
    ChoosePathManager(&t);
    return t;
}

void
DatacenterExperiment::ChoosePathManager(TransportAttributes* t) const
{
    // Default: ns3::MpTcpSocketBase's (ndiffports, NumSubflows subflows over the one address
    // pair).
    const uint32_t nics = m_topology->GetHostAddresses(0).size();
    const uint32_t addresses = m_topology->GetAllHostAddresses(0).size();
    if (addresses > 1)
    {
        // Fullmesh over the hosts' address pairs: multi-homed hosts (DHFT, seed 000 §5: 8
        // subflows over both interfaces) pair each NIC with the peer's same NIC (its switch
        // plane); several addresses on one NIC (--addressesPerHost, seed 004 §V: 2 x 2 pairs,
        // up to 4 subflows) use every pair. The subflows are spread evenly over the pairs.
        const uint32_t pairs = nics > 1 ? nics : addresses * addresses;
        t->SetMultipath("PathManager", StringValue("ns3::MpTcpFullmeshPathManager"));
        t->SetMultipath("MaxSubflows", UintegerValue(m_mpSubflows));
        t->SetMultipath("SubflowsPerPair", UintegerValue((m_mpSubflows + pairs - 1) / pairs));
        if (nics > 1)
        {
            t->SetMultipath("MatchAddressIndex", BooleanValue(true));
        }
    }
    // A controller that steers subflows itself (responsive) brings its own path manager.
    uint32_t maxSubflows = 0;
    const std::string controllerPm = m_cfg.sdn.GetChosen()->GetPathManager(&maxSubflows);
    if (!controllerPm.empty())
    {
        t->SetMultipath("PathManager", StringValue(controllerPm));
        t->SetMultipath("MaxSubflows", UintegerValue(maxSubflows));
    }
}

bool
DatacenterExperiment::Build(Error* error)
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_configured, "DatacenterExperiment::Build: Configure() first");
    NS_ABORT_MSG_IF(m_built, "DatacenterExperiment::Build called twice");
    const Config& c = m_cfg;
    // Every simulation this process builds draws the same random numbers as the first: the
    // automatic stream indices start again at 0 (where ns-3 can: RestartsRandomStreams()).
    mptcpcompat::ResetNextStreamIndex();
    // The fabric object holds options only; its nodes are created below.
    m_topology = DatacenterTopologyRegistry::Create(c.topology, m_params);
    m_topology->SetSystemCount(DatacenterPartition::GetSize()); // 1 unless --mpi
    m_progress = std::make_unique<Progress>(c.duration, c.programName);

    // ---- Topology: per-flow ECMP (or the stock baseline).
    // Both switch forwarding modes give the same results (test/golden); fast is faster.
    m_topology->SetSwitchForwarding(c.switchForwarding == "ipv4"
                                        ? DatacenterTopology::IPV4_FORWARDING
                                        : DatacenterTopology::FAST_FORWARDING);
    m_topology->SetArrivalOrder(c.arrivalOrder == "ingress" ? EcmpSwitchForwarder::INGRESS_ORDER
                                                            : EcmpSwitchForwarder::EVENT_ORDER);
    m_topology->SetEcnThreshold(static_cast<uint32_t>(c.ecnThreshold));
    m_topology->SetAckPriority(c.ackPriority);
    m_topology->SetQueueBytesPerPacket(c.queueUnit == "bytes" ? QUEUE_BYTES_PER_PACKET : 0);
    m_topology->SetPerPacketEcmp(Transport().perPacketEcmp);
    m_topology->Build(c.stock ? DatacenterTopology::STOCK : DatacenterTopology::FLOW_ECMP);
    // The transport options, on the sockets these nodes create (not process-wide defaults).
    TransportParameters().Install(m_topology->GetNodes());
    const DatacenterTopology& topology = *m_topology;
    const uint32_t coreLinks =
        HotSpotHelper::CountLinks(topology.GetLinks(), DatacenterTopology::AGGREGATION_CORE);
    if (static_cast<uint32_t>(c.hotspot) > coreLinks)
    {
        return Reject("hotspot",
                      std::to_string(c.hotspot),
                      "must be at most the " + std::to_string(coreLinks) +
                          " aggregation-core links",
                      error);
    }
    InstallTraffic();
    if (!c.subflowTrace.empty() && DatacenterPartition::GetRank() == 0)
    {
        m_tracer = std::make_unique<SubflowTracer>(c.subflowTrace, m_traceInterval);
        std::string why;
        if (!m_tracer->Open(&why))
        {
            m_tracer.reset();
            return Reject("subflowTrace", c.subflowTrace, why, error);
        }
        for (size_t i = 0; i < m_sinks.size(); ++i)
        {
            const uint32_t id = m_longIds[i];
            m_tracer->Add({static_cast<uint32_t>(i),
                           [this, id]() { return m_workload->GetMpTcpSender(id); },
                           m_sinks[i],
                           m_topology->GetHost(m_flows[i].second)});
        }
    }
    // After the hot spots: its graph sees their rates.
    m_controller = c.sdn.GetChosen()->Install(topology, &m_agents);
    ExperimentMetric::RunContext metricRun;
    metricRun.topology = &topology;
    metricRun.warmupS = c.warmup;
    metricRun.durationS = c.duration;
    for (const Ptr<ExperimentMetric>& metric : c.metrics.GetChosen())
    {
        metric->Start(metricRun);
    }
    m_built = true;
    return true;
}

void
DatacenterExperiment::InstallTraffic()
{
    const Config& c = m_cfg;
    const DatacenterTopology& topology = *m_topology;
    m_hotLinks = SlowHotspotLinks(topology, c.hotspot, 1003, c.programName);
    TrafficMatrix tm;
    tm.AssignStreams(1000);
    TrafficMatrix::FlowList flows =
        m_matrixType == TrafficMatrix::Type::STRIDE
            ? tm.Generate(m_matrixType, m_nHosts, c.stride)
            : tm.ConnectionsPerHost(m_matrixType, m_nHosts, c.connectionsPerHost);
    const std::vector<uint32_t> rackOf = HostRacks(topology);
    if (!std::isnan(c.localFraction))
    {
        flows = tm.MakeRackLocal(flows, rackOf, c.localFraction, m_matrixType);
    }
    m_rackLocalFlows = TrafficMatrix::CountRackLocal(flows, rackOf);
    Ptr<UniformRandomVariable> jitter = CreateObject<UniformRandomVariable>();
    jitter->SetStream(1001);
    m_stats = std::make_unique<FlowStatistics>();
    m_workload = std::make_unique<DatacenterWorkloadHelper>(topology, *m_stats);
    c.sdn.GetChosen()->FollowFlows(m_workload.get(), &m_agents); // responsive: its monitors
    m_workload->SetSendSize(16 * c.mss);
    if (m_workloadType != DatacenterWorkloadHelper::Workload::LONG)
    {
        m_workload->AssignStreams(1002); // Sim_Long draws nothing more (results unchanged)
    }
    m_matrixFlows = flows;
    m_flows = LongFlows(m_matrixFlows);
    const std::string factory = TransportFactory(c.transport);
    // Fig. 11 per flow: which long flows send data over the slowed links (each long flow has
    // its own receiver port, so the headers tell them apart).
    m_hotFlows = std::make_unique<HotSpotFlowCounter>();
    for (size_t i = 0; i < m_flows.size(); ++i)
    {
        PlannedFlow f;
        f.srcHost = m_flows[i].first;
        f.dstHost = m_flows[i].second;
        // Connections start within the first 10 ms, not all in the same instant.
        f.startS = jitter->GetValue(0, 0.01);
        const uint16_t port = 5000 + i;
        m_longIds.push_back(m_workload->Install(f, factory, c.transport, port));
        m_sinks.push_back(m_workload->GetSink(m_longIds.back()));
        if (!m_hotLinks.empty())
        {
            m_hotFlows->AddFlow(i,
                                topology.GetHostAddresses(f.srcHost),
                                topology.GetHostAddresses(f.dstHost),
                                port);
        }
    }
    InstallHostLimitedFlows();
    InstallShortFlows(m_matrixFlows);
    InstallClosedLoopFlows();
    InstallFiniteFlows();
    if (m_userWorkload)
    {
        m_userWorkload->InstallFlows(WorkloadContext());
    }
    for (uint32_t l : m_hotLinks)
    {
        m_hotFlows->Watch(topology.GetLinks()[l]);
    }
    m_hotFlows->SetWarmup(Seconds(c.warmup));
    m_layers = std::make_unique<LinkLayerStatistics>(topology);
    m_layers->ScheduleStart(Seconds(c.warmup));
}

const DatacenterTopology&
DatacenterExperiment::GetTopology() const
{
    NS_ABORT_MSG_IF(!m_topology, "DatacenterExperiment::GetTopology: Build() first");
    return *m_topology;
}

void
DatacenterExperiment::Run()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_built, "DatacenterExperiment::Run: Build() first");
    const Config& c = m_cfg;
    // ---- Measurement: bytes received at the end of the warm-up and at the end, whether or
    // not a hole still keeps them from the application (GetReceivedBytes): 16 MB buffers can
    // hold megabytes behind a hole when the warm-up ends.
    // In a distributed run a rank has the sinks of its own hosts only (the others are null
    // and count 0 until the sums below).
    m_atWarmup.assign(m_flows.size(), 0);
    Simulator::Schedule(Seconds(c.warmup), MPTCP_EVENT([this]() {
        for (size_t i = 0; i < m_sinks.size(); ++i)
        {
            m_atWarmup[i] = m_sinks[i] ? GetReceivedBytes(m_sinks[i]) : 0;
        }
    }));
    if (c.progress && DatacenterPartition::GetRank() == 0)
    {
        m_progress->Start();
    }
    if (m_tracer)
    {
        m_tracer->Start(Seconds(c.warmup));
    }
    Simulator::Stop(Seconds(c.duration));
    Simulator::Run();
    m_endS = Simulator::Now().GetSeconds();
    m_ceMarks = m_topology->GetNEcnMarked();

    const DatacenterTopology& topology = *m_topology;
    const double window = c.duration - c.warmup;
    // Optimal: every flow at the goodput one TCP flow gets alone on its host link (payload
    // over wire bytes: IPv4 20 + TCP 20 + timestamps 12 + PPP 2), shared max-min fairly where
    // hosts send or receive several flows. A dual-homed host has twice the capacity.
    const uint32_t nicsPerHost = topology.GetHostAddresses(0).size();
    const double linkBps = m_params.linkRate.GetBitRate();
    const double aloneBps = linkBps * c.mss / (c.mss + 54.0);
    std::vector<double> optimal =
        NonBlockingFairShare(m_flows, m_nHosts, aloneBps * nicsPerHost, m_flowCaps);
    // Per long flow: bytes received at the warm-up, at the end, and read by the application
    // (summed over the ranks of a distributed run, where each sink lives on one rank).
    std::vector<uint64_t> rx(3 * m_sinks.size(), 0);
    for (size_t i = 0; i < m_sinks.size(); ++i)
    {
        if (m_sinks[i])
        {
            rx[3 * i] = m_atWarmup[i];
            rx[3 * i + 1] = GetReceivedBytes(m_sinks[i]);
            rx[3 * i + 2] = m_sinks[i]->GetTotalRx();
        }
    }
    DatacenterPartition::Sum(rx);
    m_stats->ReduceAcrossRanks();
    m_hotFlows->ReduceAcrossRanks();
    m_deliveredBytes = 0; // whole run, warm-up included
    for (size_t i = 0; i < m_sinks.size(); ++i)
    {
        m_atWarmup[i] = rx[3 * i];
        m_deliveredBytes += rx[3 * i + 2];
    }
    double aggregate = 0;
    double optimalSum = 0;
    double minPct = 1e300;
    double sumPct = 0;
    double sumPct2 = 0;
    for (size_t i = 0; i < m_flows.size(); ++i)
    {
        FlowRecord r;
        r.flowId = i;
        r.srcHost = m_flows[i].first;
        r.dstHost = m_flows[i].second;
        std::ostringstream sa;
        std::ostringstream da;
        sa << topology.GetHostAddress(m_flows[i].first);
        da << topology.GetHostAddress(m_flows[i].second);
        r.srcAddr = sa.str();
        r.dstAddr = da.str();
        r.bytesRx = rx[3 * i + 1] - m_atWarmup[i];
        r.goodputBps = r.bytesRx * 8.0 / window;
        r.pctOfOptimal = 100.0 * r.goodputBps / optimal[i];
        aggregate += r.goodputBps;
        optimalSum += optimal[i];
        minPct = std::min(minPct, r.pctOfOptimal);
        sumPct += r.pctOfOptimal;
        sumPct2 += r.pctOfOptimal * r.pctOfOptimal;
        m_records.push_back(r);
    }
    if (m_closedLoop && !IsFiniteWorkload())
    {
        // Fig. 13: the closed-loop flows' bytes after the warm-up against the matrix's optimum.
        aggregate += ClosedLoopGoodput(window);
        for (double o : NonBlockingFairShare(m_matrixFlows, m_nHosts, aloneBps * nicsPerHost))
        {
            optimalSum += o;
        }
    }
    if (getenv("MPTCP_DEBUG_FLOWS"))
    {
        PrintStalledFlows();
    }
    if (m_flows.empty())
    {
        minPct = NAN; // no long flow (incast)
    }
    const double jain = sumPct2 > 0 ? sumPct * sumPct / (m_flows.size() * sumPct2) : 0;

    RecordRun(aggregate, optimalSum, minPct, jain);
    m_workloadResults = CollectWorkloadResults();
    m_workloadResults.links = LinkRecords(m_layers->CollectLinks());
    ControllerRunRecord controllerRow;
    if (c.sdn.GetChosen()->Record(m_controller, &controllerRow))
    {
        m_workloadResults.controllerRuns.push_back(controllerRow);
    }
    m_workloadResults.metrics = c.metrics.Collect();
    for (const auto& [id, count] : m_hotFlows->GetCounts())
    {
        m_workloadResults.hotspotFlows.push_back({id, count.packets, count.packetsAfterWarmup});
    }
    if (Transport().switchesToMptcp ||
        DatacenterTransportRegistry::Find(m_shortResolved)->switchesToMptcp)
    {
        m_workloadResults.summary.switchThresholdBytes = c.switchThreshold;
    }
    CollectFiniteResults();
}

void
DatacenterExperiment::RecordRun(double aggregateBps, double optimalBps, double minPct, double jain)
{
    const Config& c = m_cfg;
    RunRecord& run = m_run;
    run.label = c.label;
    run.experiment = "fattree";
    const DatacenterTopologyRegistry::Entry& entry = DatacenterTopologyRegistry::Get(c.topology);
    run.topology = c.stock ? entry.recordName + "-stock-global-routing" : entry.recordName;
    run.k = m_topology->GetK();
    run.hostsPerTor = c.hostsPerTor;
    run.hosts = m_nHosts;
    run.linkRateBps = m_params.linkRate.GetBitRate();
    run.delayS = m_params.delay.GetSeconds();
    run.queuePkts = c.queue;
    run.transport = c.transport;
    run.subflows = m_subflows;
    // PS is NewReno alone; MMPTCP couples its phase-2 subflows with --cc.
    run.cc = Transport().multipath ? c.cc : "newreno";
    run.matrix = TrafficMatrix::ToString(m_matrixType);
    run.durationS = c.duration;
    run.warmupS = c.warmup;
    run.rngSeed = RngSeedManager::GetSeed();
    run.rngRun = RngSeedManager::GetRun();
    run.ns3Version = "3." + std::to_string(MPTCP_NS3_MINOR);
    run.flows = m_flows.size();
    run.aggregateGoodputBps = aggregateBps;
    run.optimalBps = optimalBps;
    run.optimalPct = 100.0 * aggregateBps / optimalBps;
    run.minFlowPct = minPct;
    run.jainIndex = jain;
    run.wallS = m_progress->Wall();
    run.paramsJson = ParamsJson();
}

std::string
DatacenterExperiment::TransportFactory(const std::string& transport) const
{
    return m_cfg.stock ? "ns3::TcpSocketBaseFactory"
                       : DatacenterTransportRegistry::Find(transport)->socketFactory;
}

void
DatacenterExperiment::PrintStalledFlows() const
{
    for (size_t i = 0; i < m_records.size(); ++i)
    {
        if (m_records[i].pctOfOptimal > 10)
        {
            continue;
        }
        Ptr<BulkSendApplication> sender = m_workload->GetSender(m_longIds[i]);
        if (!sender)
        {
            continue; // simulated by another rank
        }
        auto meta = DynamicCast<MpTcpSocketBase>(sender->GetSocket());
        std::cerr << "DEBUG flow " << i << " pct " << m_records[i].pctOfOptimal;
        if (!meta)
        {
            std::cerr << std::endl;
            continue;
        }
        std::cerr << " state " << meta->GetState() << " acked " << meta->GetBytesAcked()
                  << " txavail " << meta->GetTxAvailable() << " errors "
                  << meta->GetProtocolErrors() << std::endl;
        for (const auto& sf : meta->GetSubflows())
        {
            Ipv4Address la;
            Ipv4Address ra;
            uint16_t lp;
            uint16_t rp;
            sf->GetFourTuple(la, lp, ra, rp);
            std::cerr << "   sf " << sf->GetSubflowId() << " port " << lp << " state "
                      << TcpSocket::TcpStateName[sf->GetState()] << " cwnd " << sf->GetCwnd()
                      << " ssth " << sf->GetSsThresh() << " srtt "
                      << sf->GetSrtt().GetMilliSeconds() << "ms sent " << sf->GetBytesSent()
                      << " unsent " << sf->GetUnsentBytes() << " sendable "
                      << sf->GetSendableBytes() << " peerwnd " << sf->GetPeerWindow()
                      << std::endl;
        }
    }
}

std::string
DatacenterExperiment::ParamsJson() const
{
    // The options as declared (DeclareOptions()), bound to the resolved ones of this run: the
    // declarations say which are recorded; binding only reads them here.
    return DeclareOptions(const_cast<Config&>(m_cfg)).ParamsJson();
}

const std::vector<FlowRecord>&
DatacenterExperiment::GetFlowRecords() const
{
    return m_records;
}

const RunRecord&
DatacenterExperiment::GetRunRecord() const
{
    return m_run;
}

const WorkloadResults&
DatacenterExperiment::GetWorkloadResults() const
{
    return m_workloadResults;
}

uint64_t
DatacenterExperiment::GetDeliveredBytes() const
{
    return m_deliveredBytes;
}

const std::vector<uint32_t>&
DatacenterExperiment::GetHotspotLinks() const
{
    return m_hotLinks;
}

bool
DatacenterExperiment::HasDatabase() const
{
    return !m_cfg.db.empty();
}

int64_t
DatacenterExperiment::WriteDatabase(std::string* why)
{
    NS_ABORT_MSG_IF(m_cfg.db.empty(), "DatacenterExperiment::WriteDatabase: no database");
    if (m_createDbDirectory && !ExperimentDatabase::CreateDirectory(m_cfg.db, why))
    {
        return -1;
    }
    ExperimentDatabase database(m_cfg.db);
    const int64_t runId = database.AddRun(m_run, m_records, m_workloadResults);
    if (runId < 0 && why)
    {
        *why = database.GetLastError();
    }
    return runId;
}

std::string
DatacenterExperiment::GetSummaryJson(int64_t runId) const
{
    const Config& c = m_cfg;
    const RunRecord& run = m_run;
    const WorkloadRunRecord& s = m_workloadResults.summary;
    std::ostringstream os;
    os << std::setprecision(6) << std::defaultfloat << "{\"k\": " << c.k
       << ", \"hosts\": " << m_nHosts << ", \"hosts_per_tor\": " << c.hostsPerTor
       << ", \"topology\": " << Text::Json(run.topology) << ", \"flows\": " << m_flows.size()
       << ", \"transport\": " << Text::Json(c.transport) << ", \"subflows\": " << m_subflows
       << ", \"cc\": " << Text::Json(run.cc) << ", \"matrix\": " << Text::Json(run.matrix)
       << ", \"duration_s\": " << c.duration << ", \"warmup_s\": " << c.warmup
       << ", \"aggregate_goodput_bps\": " << run.aggregateGoodputBps
       << ", \"optimal_bps\": " << run.optimalBps
       << ", \"optimal_pct\": " << Text::JsonNumber(run.optimalPct)
       << ", \"min_flow_pct\": " << Text::JsonNumber(run.minFlowPct)
       << ", \"jain_index\": " << run.jainIndex << ", \"delivered_bytes\": " << m_deliveredBytes
       << ", \"stock\": " << (c.stock ? "true" : "false") << ", \"rng_run\": " << run.rngRun
       << ", \"workload\": " << Text::Json(s.workload) << ", \"short_transport\": "
       << (s.shortTransport.empty() ? "null" : Text::Json(s.shortTransport))
       << ", \"short_flows_started\": " << s.shortFlowsStarted
       << ", \"short_flows_completed\": " << s.shortFlowsCompleted
       << ", \"fct_mean_ms\": " << Text::JsonNumber(s.fctMeanS * 1e3)
       << ", \"fct_sd_ms\": " << Text::JsonNumber(s.fctSdS * 1e3)
       << ", \"fct_p50_ms\": " << Text::JsonNumber(s.fctP50S * 1e3)
       << ", \"fct_p99_ms\": " << Text::JsonNumber(s.fctP99S * 1e3)
       << ", \"long_goodput_mean_bps\": " << Text::JsonNumber(s.longGoodputMeanBps)
       << ", \"long_goodput_sd_bps\": " << Text::JsonNumber(s.longGoodputSdBps)
       << ", \"core_util\": " << Text::JsonNumber(s.coreUtil)
       << ", \"core_loss\": " << Text::JsonNumber(s.coreLoss)
       << ", \"connections_per_host\": " << c.connectionsPerHost
       << ", \"local_fraction\": " << Text::JsonNumber(c.localFraction)
       << ", \"rack_local_flows\": " << m_rackLocalFlows
       << ", \"hotspot_links\": " << JsonList(m_hotLinks)
       << ", \"hotspot_flows\": " << m_workloadResults.hotspotFlows.size()
       << ", \"flows_started\": " << GetFlowsStarted()
       << ", \"flows_completed\": " << GetFlowsCompleted()
       << ", \"host_limited_flows\": " << m_flows.size() - m_hostLimitedFrom
       << ", \"host_limited_goodput_bps\": " << HostLimitedGoodput()
       << c.sdn.SummaryJsonFields(m_controller, m_endS) << FiniteSummaryJsonFields()
       << DatacenterMetricOptions::SummaryJsonFields(m_workloadResults.metrics);
    if (c.ecnThreshold > 0)
    {
        // Absent when marking is off, so that the golden outputs stay as they were.
        os << ", \"ecn_threshold\": " << c.ecnThreshold
           << ", \"ce_marks\": " << m_ceMarks;
    }
    os << ", \"run_id\": " << runId
       << ", \"wall_s\": " << run.wallS << "}";
    return os.str();
}

} // namespace ns3
