/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The workload part of DatacenterExperiment: validation of the workload options, the long,
// short, closed-loop and host-limited flows, and the workload rows of the results database.
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/closed-loop-workload.h"
#include "ns3/datacenter-experiment.h"
#include "ns3/datacenter-transport-registry.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <cmath>
#include <limits>
#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DatacenterExperimentWorkload");

bool
DatacenterExperiment::ValidateWorkload(Error* error)
{
    Config& c = m_cfg;
    auto w = DatacenterWorkloadHelper::WorkloadFromString(c.workload);
    m_userWorkload = w ? nullptr : DynamicCast<ExperimentWorkload>(c.workloadParts.Get(c.workload));
    if (!w && !m_userWorkload)
    {
        return Reject("workload",
                      c.workload,
                      "must be " + DatacenterTransportRegistry::JoinOr(GetWorkloadNames()),
                      error);
    }
    if (!c.workloadParts.CheckParameters(error) ||
        (m_userWorkload && !m_userWorkload->CheckHosts(m_nHosts, error)))
    {
        return false;
    }
    // A workload of one's own has Sim_Long's shape: long flows, measured (LongFlows()).
    m_workloadType = w ? *w : DatacenterWorkloadHelper::Workload::LONG;
    if (!(c.shortFlowRate >= 0) || !std::isfinite(c.shortFlowRate))
    {
        return Reject("shortFlowRate",
                      std::to_string(c.shortFlowRate),
                      "must be >= 0 arrivals/s",
                      error);
    }
    if (std::isnan(c.longFlowFraction))
    {
        c.longFlowFraction = 1.0 / 3;
    }
    else if (!(c.longFlowFraction >= 0 && c.longFlowFraction <= 1))
    {
        return Reject("longFlowFraction",
                      std::to_string(c.longFlowFraction),
                      "must be in [0, 1]",
                      error);
    }
    if (c.shortFlowSize == 0)
    {
        return Reject("shortFlowSize", "0", "must be at least 1 byte", error);
    }
    m_sizes = FlowSizeDistribution(c.shortFlowSize);
    std::string why;
    if (!c.flowSizeCdf.empty() && !m_sizes.Load(c.flowSizeCdf, &why))
    {
        return Reject("flowSizeCdf", c.flowSizeCdf, why, error);
    }
    const DatacenterTransport* shortTransport = DatacenterTransportRegistry::Find(c.shortTransport);
    if (c.shortTransport != "same" && (!shortTransport || !shortTransport->shortFlows))
    {
        std::vector<std::string> names = DatacenterTransportRegistry::GetShortFlowNames();
        names.insert(names.begin(), "same");
        return Reject("shortTransport",
                      c.shortTransport,
                      "must be " + DatacenterTransportRegistry::JoinOr(names),
                      error);
    }
    m_shortResolved = c.shortTransport == "same" ? c.transport : c.shortTransport;
    if (c.switchThreshold == 0)
    {
        return Reject("switchThreshold", "0", "must be at least 1 byte", error);
    }
    if ((m_workloadType == DatacenterWorkloadHelper::Workload::INCAST ||
         m_workloadType == DatacenterWorkloadHelper::Workload::INCAST_LONG) &&
        (c.incastSenders == 0 || c.incastSenders >= m_nHosts))
    {
        return Reject("incastSenders",
                      std::to_string(c.incastSenders),
                      "must be between 1 and hosts - 1",
                      error);
    }
    if (HasShortFlows() && (!(c.shortFlowStart >= 0) || c.shortFlowStart >= c.duration))
    {
        return Reject("shortFlowStart", std::to_string(c.shortFlowStart),
                      "must be >= 0 and less than --duration", error);
    }
    if (!ValidateClosedLoopAndHostLimited(error) || !ValidateFinite(error))
    {
        return false;
    }
    if (std::isnan(c.shortFlowStop))
    {
        c.shortFlowStop = c.duration - 0.2;
    }
    else if (HasShortFlows() &&
             !(c.shortFlowStop > c.shortFlowStart && c.shortFlowStop <= c.duration))
    {
        return Reject("shortFlowStop", std::to_string(c.shortFlowStop),
                      "must be after --shortFlowStart and at most --duration", error);
    }
    return true;
}

bool
DatacenterExperiment::HasShortFlows() const
{
    return m_workloadType == DatacenterWorkloadHelper::Workload::MIX ||
           m_workloadType == DatacenterWorkloadHelper::Workload::INCAST;
}

TrafficMatrix::FlowList
DatacenterExperiment::LongFlows(const TrafficMatrix::FlowList& matrix)
{
    // The whole matrix (long), the matrix rows of a random fraction of the hosts (mix),
    // N senders into one receiver (incast-long), none (incast).
    using W = DatacenterWorkloadHelper::Workload;
    TrafficMatrix::FlowList flows;
    if (m_userWorkload)
    {
        return m_userWorkload->LongFlows(WorkloadContext());
    }
    switch (m_workloadType)
    {
    case W::LONG:
        return matrix;
    case W::MIX:
        for (uint32_t h : m_workload->ChooseLongFlowHosts(m_nHosts, m_cfg.longFlowFraction))
        {
            flows.push_back(matrix[h]);
        }
        return flows;
    case W::INCAST_LONG:
        for (const auto& f : m_workload->PlanIncast(m_nHosts,
                                                    m_cfg.incastSenders,
                                                    0,
                                                    1,
                                                    1,
                                                    FlowSizeDistribution()))
        {
            flows.emplace_back(f.srcHost, f.dstHost);
        }
        return flows;
    case W::INCAST:
    case W::CLOSED_LOOP:
    case W::RANDOM_CLOSED_LOOP:
    case W::PERMUTATION_FINITE:
    case W::SHUFFLE:
        return flows;
    }
    return flows;
}

ExperimentWorkload::Context
DatacenterExperiment::WorkloadContext() const
{
    ExperimentWorkload::Context run;
    run.topology = m_topology.get();
    run.nHosts = m_nHosts;
    run.matrix = &m_matrixFlows;
    run.flows = m_workload.get();
    run.socketFactory = TransportFactory(m_cfg.transport);
    run.transport = m_cfg.transport;
    run.warmupS = m_cfg.warmup;
    run.durationS = m_cfg.duration;
    return run;
}

void
DatacenterExperiment::InstallShortFlows(const TrafficMatrix::FlowList& matrix)
{
    // mix: Poisson arrivals from the hosts without a long flow; incast: rounds every 0.5 s;
    // from --shortFlowStart until --shortFlowStop (default 0.2 s before the end).
    const Config& c = m_cfg;
    const double end = c.shortFlowStop;
    std::vector<PlannedFlow> planned;
    if (m_workloadType == DatacenterWorkloadHelper::Workload::MIX)
    {
        std::vector<bool> isLong(m_nHosts, false);
        for (const auto& f : m_flows)
        {
            isLong[f.first] = true;
        }
        std::vector<uint32_t> sources;
        for (uint32_t h = 0; h < m_nHosts; ++h)
        {
            if (!isLong[h])
            {
                sources.push_back(h);
            }
        }
        planned = m_workload->PlanPoisson(c.shortFlowRate, c.shortFlowStart, end, sources,
                                          matrix, m_sizes);
    }
    else if (m_workloadType == DatacenterWorkloadHelper::Workload::INCAST)
    {
        planned = m_workload->PlanIncast(m_nHosts, c.incastSenders, c.shortFlowStart, end, 0.5,
                                         m_sizes);
    }
    const std::string factory = TransportFactory(m_shortResolved);
    for (const auto& f : planned)
    {
        m_workload->Install(f, factory, m_shortResolved);
    }
}

WorkloadResults
DatacenterExperiment::CollectWorkloadResults() const
{
    const Config& c = m_cfg;
    const FlowStatistics& stats = *m_stats;
    WorkloadResults w;
    WorkloadRunRecord& s = w.summary;
    s.workload = c.workload;
    s.shortFlowRate = c.shortFlowRate;
    s.longFlowFraction =
        m_workloadType == DatacenterWorkloadHelper::Workload::MIX ? c.longFlowFraction : NAN;
    s.shortFlowSizeBytes = m_sizes.IsEmpirical() ? NAN : double(c.shortFlowSize);
    s.flowSizeCdf = c.flowSizeCdf;
    s.shortTransport = HasShortFlows()                   ? m_shortResolved
                       : m_closedLoop || IsFiniteWorkload() ? c.transport
                                                            : "";
    s.switchThresholdBytes = NAN;
    s.shortFlowsStarted = stats.GetShortFlowsStarted(Seconds(c.duration));
    s.shortFlowsCompleted = stats.GetShortFlowsCompleted();
    SampleSummary fct = stats.GetShortFlowFctSummary();
    s.fctMeanS = fct.mean;
    s.fctSdS = fct.sd;
    s.fctP50S = fct.p50;
    s.fctP99S = fct.p99;
    std::vector<double> goodput;
    for (const auto& r : m_records)
    {
        goodput.push_back(r.goodputBps);
    }
    SampleSummary g = SampleSummary::Of(goodput);
    s.longGoodputMeanBps = g.mean;
    s.longGoodputSdBps = g.sd;
    uint64_t coreDrops = 0;
    uint64_t coreOffered = 0;
    double coreUtil = 0;
    for (const auto& l : m_layers->Collect())
    {
        LinkLayerRecord r;
        r.layer = DatacenterTopology::GetLayerName(l.layer);
        r.direction = l.up ? "up" : "down";
        r.links = l.links;
        r.utilization = l.utilization;
        r.lossRate = l.lossRate;
        r.txPackets = l.txPackets;
        r.drops = l.drops;
        w.linkLayers.push_back(r);
        if (l.layer == DatacenterTopology::AGGREGATION_CORE)
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
    for (size_t i = 0; i < m_longIds.size(); ++i)
    {
        const auto& f = stats.GetFlows().at(m_longIds[i]);
        w.flowCounters.push_back({static_cast<uint32_t>(i), f.rtos, f.fastRetransmits});
    }
    return w;
}

bool
DatacenterExperiment::ValidateClosedLoopAndHostLimited(Error* error)
{
    const Config& c = m_cfg;
    const bool closedLoop = m_workloadType == DatacenterWorkloadHelper::Workload::CLOSED_LOOP;
    if (!ClosedLoopWorkload::DestinationFromString(c.closedLoopDestination))
    {
        return Reject("closedLoopDestination", c.closedLoopDestination,
                      "must be permutation or random", error);
    }
    if (c.closedLoopDestination != "permutation" && !closedLoop)
    {
        return Reject("closedLoopDestination", c.closedLoopDestination,
                      "needs --workload=closed-loop", error);
    }
    if (closedLoop && c.mpi)
    {
        return Reject("workload", c.workload,
                      "cannot run with --mpi (a sender learns of its flow's completion at the "
                      "receiver, which may be on another rank)", error);
    }
    DataRateValue rate;
    if (!rate.DeserializeFromString(c.hostLimitedRate, MakeDataRateChecker()))
    {
        return Reject("hostLimitedRate", c.hostLimitedRate,
                      "not a data rate such as 11Mbps (0: no host-limited flows)", error);
    }
    m_hostLimitedRate = rate.Get();
    if (m_hostLimitedRate.GetBitRate() > 0)
    {
        if (m_workloadType != DatacenterWorkloadHelper::Workload::LONG)
        {
            return Reject("hostLimitedRate", c.hostLimitedRate, "needs --workload=long", error);
        }
        if (m_hostLimitedRate.GetBitRate() >= m_params.linkRate.GetBitRate())
        {
            return Reject("hostLimitedRate", c.hostLimitedRate,
                          "must be below the host link rate (--linkRate)", error);
        }
    }
    return true;
}

void
DatacenterExperiment::InstallHostLimitedFlows()
{
    // seed 000 §4.4: "each host sends two flows; one is host-limited and the other is not":
    // beside every long flow, a flow at the fixed rate between the same hosts, started with it.
    const Config& c = m_cfg;
    m_hostLimitedFrom = m_flows.size();
    m_flowCaps.assign(m_flows.size(), std::numeric_limits<double>::infinity());
    if (m_hostLimitedRate.GetBitRate() == 0)
    {
        return;
    }
    const std::string factory = TransportFactory(c.transport);
    const size_t n = m_flows.size();
    for (size_t i = 0; i < n; ++i)
    {
        PlannedFlow f;
        f.srcHost = m_flows[i].first;
        f.dstHost = m_flows[i].second;
        f.startS = m_stats->GetFlows().at(m_longIds[i]).startS;
        m_longIds.push_back(
            m_workload->InstallHostLimited(f, factory, c.transport, m_hostLimitedRate, c.mss));
        m_sinks.push_back(m_workload->GetSink(m_longIds.back()));
        m_flows.push_back(m_flows[i]);
        m_flowCaps.push_back(m_hostLimitedRate.GetBitRate());
    }
}

void
DatacenterExperiment::InstallClosedLoopFlows()
{
    const Config& c = m_cfg;
    if (m_workloadType != DatacenterWorkloadHelper::Workload::CLOSED_LOOP)
    {
        return;
    }
    m_closedLoop = std::make_unique<ClosedLoopWorkload>(*m_workload, *m_stats, m_nHosts);
    m_closedLoop->AssignStreams(1004);
    m_closedLoop->Start(m_matrixFlows,
                        m_sizes,
                        *ClosedLoopWorkload::DestinationFromString(c.closedLoopDestination),
                        TransportFactory(c.transport),
                        c.transport,
                        0,
                        c.duration);
    Simulator::Schedule(Seconds(c.warmup),
                        MPTCP_EVENT([this]() { m_closedLoopAtWarmup = m_closedLoop->GetReceivedBytes(); }));
}

double
DatacenterExperiment::ClosedLoopGoodput(double window) const
{
    if (!m_closedLoop)
    {
        return 0;
    }
    return (m_closedLoop->GetReceivedBytes() - m_closedLoopAtWarmup) * 8.0 / window;
}

double
DatacenterExperiment::HostLimitedGoodput() const
{
    double sum = 0;
    for (size_t i = m_hostLimitedFrom; i < m_records.size(); ++i)
    {
        sum += m_records[i].goodputBps;
    }
    return sum;
}

uint64_t
DatacenterExperiment::GetFlowsStarted() const
{
    return m_closedLoop ? m_closedLoop->GetFlowsStarted() : 0;
}

uint64_t
DatacenterExperiment::GetFlowsCompleted() const
{
    return m_closedLoop ? m_closedLoop->GetFlowsCompleted() : 0;
}

} // namespace ns3
