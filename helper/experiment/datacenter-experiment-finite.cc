/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// The finite workloads of seed 004 (Duan, Wang, Wu, "Responsive Multipath TCP in SDN-based
// Datacenters", ICC 2015, §V-A) in DatacenterExperiment: random (closed loop, at most 4 flows
// into a receiver, 500 flows), permutation (one finite flow per host, all together) and their
// per-flow results (subflows, throughput); the run ends when the workload's flows completed.
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/bulk-send-application.h"
#include "ns3/closed-loop-workload.h"
#include "ns3/datacenter-experiment.h"
#include "ns3/log.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/program-text.h"
#include "ns3/simulator.h"

#include <cmath>
#include <memory>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DatacenterExperimentFinite");

using Text = ProgramText; //!< JSON values.

namespace
{
/// Bytes in seed 004's "MB" (decimal).
constexpr uint64_t kMegabyte = 1000000;
} // namespace

bool
DatacenterExperiment::IsFiniteWorkload() const
{
    return DatacenterWorkloadHelper::IsFinite(m_workloadType);
}

bool
DatacenterExperiment::ValidateFinite(Error* error)
{
    Config& c = m_cfg;
    using W = DatacenterWorkloadHelper::Workload;
    const bool permutation = m_workloadType == W::PERMUTATION_FINITE;
    if (c.flowSizeMin == 0)
    {
        c.flowSizeMin = (permutation ? 64 : 32) * kMegabyte;
    }
    if (c.flowSizeMax == 0)
    {
        c.flowSizeMax = (permutation ? 512 : 400) * kMegabyte;
    }
    const uint64_t limit = 1000000000000ULL; // 1 TB
    if (c.flowSizeMax > limit)
    {
        return Reject("flowSizeMax", std::to_string(c.flowSizeMax),
                      "must be at most 10^12 bytes", error);
    }
    if (c.flowSizeMin > c.flowSizeMax)
    {
        return Reject("flowSizeMin", std::to_string(c.flowSizeMin),
                      "must be at most --flowSizeMax (" + std::to_string(c.flowSizeMax) + ")",
                      error);
    }
    if (c.flows == 0 || c.flows > 10000000)
    {
        return Reject("flows", std::to_string(c.flows), "must be from 1 to 10^7", error);
    }
    if (c.maxFlowsPerReceiver == 0)
    {
        return Reject("maxFlowsPerReceiver", "0", "must be at least 1", error);
    }
    if (c.shuffleJobs == 0 || c.shuffleJobs > 1000000)
    {
        return Reject("shuffleJobs", std::to_string(c.shuffleJobs), "must be from 1 to 10^6",
                      error);
    }
    if (c.reducers == 0)
    {
        return Reject("reducers", "0", "must be at least 1", error);
    }
    if (c.mappers == 0)
    {
        return Reject("mappers", "0", "must be at least 1", error);
    }
    if (m_workloadType == W::SHUFFLE && c.reducers + c.mappers > m_nHosts)
    {
        return Reject("mappers", std::to_string(c.mappers),
                      "reducers + mappers must be at most the " + std::to_string(m_nHosts) +
                          " hosts",
                      error);
    }
    if (c.shuffleRequest == 0 || c.shuffleRequest > limit)
    {
        return Reject("shuffleRequest", std::to_string(c.shuffleRequest),
                      "must be from 1 to 10^12 bytes", error);
    }
    if (c.shuffleResponse == 0 || c.shuffleResponse > limit)
    {
        return Reject("shuffleResponse", std::to_string(c.shuffleResponse),
                      "must be from 1 to 10^12 bytes", error);
    }
    if (!(c.backgroundFraction >= 0 && c.backgroundFraction <= 1))
    {
        std::ostringstream v;
        v << c.backgroundFraction;
        return Reject("backgroundFraction", v.str(), "must be in [0, 1]", error);
    }
    if (!IsFiniteWorkload())
    {
        return true;
    }
    if (c.mpi)
    {
        return Reject("workload", c.workload,
                      "cannot run with --mpi (a flow's completion at its receiver starts the "
                      "next)", error);
    }
    m_finiteSizes = FlowSizeDistribution::Uniform(c.flowSizeMin, c.flowSizeMax);
    return true;
}

void
DatacenterExperiment::InstallFiniteFlows()
{
    using W = DatacenterWorkloadHelper::Workload;
    const Config& c = m_cfg;
    if (m_workloadType == W::SHUFFLE)
    {
        InstallShuffle();
        return;
    }
    if (m_workloadType != W::RANDOM_CLOSED_LOOP && m_workloadType != W::PERMUTATION_FINITE)
    {
        return;
    }
    // Both are a ClosedLoopWorkload: random with destinations drawn among the receivers with
    // room and a limit of --flows flows; permutation with one flow per matrix row and no
    // successor (its flow limit is the number of rows).
    m_closedLoop = std::make_unique<ClosedLoopWorkload>(*m_workload, *m_stats, m_nHosts);
    m_closedLoop->AssignStreams(1004);
    const bool random = m_workloadType == W::RANDOM_CLOSED_LOOP;
    m_closedLoop->SetFlowLimit(random ? c.flows : m_matrixFlows.size());
    if (random)
    {
        m_closedLoop->SetMaxFlowsPerReceiver(c.maxFlowsPerReceiver);
    }
    m_closedLoop->SetDoneCallback(MakeCallback(&DatacenterExperiment::FiniteWorkloadDone, this));
    m_closedLoop->Start(m_matrixFlows,
                        m_finiteSizes,
                        random ? ClosedLoopWorkload::Destination::RANDOM
                               : ClosedLoopWorkload::Destination::PERMUTATION,
                        TransportFactory(c.transport),
                        c.transport,
                        0,
                        c.duration);
}

void
DatacenterExperiment::InstallShuffle()
{
    // Seed 004 §V-A: shuffle jobs one after another (ShuffleWorkload: requests over TCP, the
    // mappers' answers over --transport) beside random closed-loop background flows from
    // --backgroundFraction of the hosts (the paper gives no background rate). The run ends
    // when the last job completes.
    const Config& c = m_cfg;
    m_shuffle = std::make_unique<ShuffleWorkload>(*m_workload, *m_stats, m_nHosts);
    m_shuffle->AssignStreams(1005);
    ShuffleWorkload::Parameters p;
    p.reducers = c.reducers;
    p.mappers = c.mappers;
    p.requestBytes = c.shuffleRequest;
    p.responseBytes = c.shuffleResponse;
    p.jobs = c.shuffleJobs;
    m_shuffle->SetParameters(p);
    m_shuffle->SetAllDoneCallback(MakeCallback(&DatacenterExperiment::FiniteWorkloadDone, this));
    m_shuffle->Start("ns3::TcpSocketBaseFactory",
                     "tcp",
                     TransportFactory(c.transport),
                     c.transport,
                     0,
                     c.duration);
    TrafficMatrix::FlowList senders;
    for (uint32_t h : m_workload->ChooseLongFlowHosts(m_nHosts, c.backgroundFraction))
    {
        senders.emplace_back(h, (h + 1) % m_nHosts); // destinations drawn by the workload
    }
    if (senders.empty())
    {
        return;
    }
    m_closedLoop = std::make_unique<ClosedLoopWorkload>(*m_workload, *m_stats, m_nHosts);
    m_closedLoop->AssignStreams(1004);
    m_closedLoop->SetMaxFlowsPerReceiver(c.maxFlowsPerReceiver);
    m_closedLoop->Start(senders,
                        m_finiteSizes,
                        ClosedLoopWorkload::Destination::RANDOM,
                        TransportFactory(c.transport),
                        c.transport,
                        0,
                        c.duration);
}

void
DatacenterExperiment::FiniteWorkloadDone()
{
    NS_LOG_INFO("the workload's flows completed at " << Simulator::Now().As(Time::S));
    Simulator::Stop();
}

void
DatacenterExperiment::CollectFiniteResults()
{
    if (!IsFiniteWorkload())
    {
        return;
    }
    m_finiteIds.clear();
    if (m_shuffle)
    {
        // The jobs' answers (the requests are 2 KB TCP flows; the background is not measured).
        for (const auto& job : m_shuffle->GetJobs())
        {
            for (uint32_t id : job.responseFlows)
            {
                if (id != ShuffleWorkload::NO_FLOW)
                {
                    m_finiteIds.push_back(id);
                }
            }
            ShuffleJobRecord row;
            row.jobId = job.index;
            row.startS = job.startS;
            row.endS = job.completed ? job.endS : NAN;
            row.jctS = job.Jct();
            row.completed = job.completed;
            m_workloadResults.shuffleJobs.push_back(row);
        }
    }
    else if (m_closedLoop)
    {
        m_finiteIds = m_closedLoop->GetFlowIds();
    }
    for (uint32_t id : m_finiteIds)
    {
        const FlowStatisticsRecord& f = m_stats->GetFlows().at(id);
        FlowSubflowsRecord r;
        r.flowId = id;
        r.subflows = 1;
        Ptr<MpTcpSocketBase> socket = m_workload->GetMpTcpSender(id);
        if (socket)
        {
            r.subflows = socket->GetSubflows().size();
        }
        r.throughputBps = f.Completed() ? f.sizeBytes * 8.0 / f.Fct() : NAN;
        m_finiteRecords.push_back(r);
    }
    m_workloadResults.flowSubflows = m_finiteRecords;
    m_workloadResults.controlServers = m_cfg.sdn.RecordServers(m_agents);
}

std::string
DatacenterExperiment::FiniteSummaryJsonFields() const
{
    if (!IsFiniteWorkload())
    {
        return ""; // absent for the other workloads (golden outputs)
    }
    double subflows = 0;
    double throughput = 0;
    uint32_t completed = 0;
    for (const auto& r : m_finiteRecords)
    {
        subflows += r.subflows;
        if (!std::isnan(r.throughputBps))
        {
            throughput += r.throughputBps;
            ++completed;
        }
    }
    const double n = m_finiteRecords.size();
    std::ostringstream os;
    os << ", \"finite_flows\": " << m_finiteRecords.size()
       << ", \"finite_flows_completed\": " << completed
       << ", \"subflows_per_flow_mean\": " << Text::JsonNumber(n > 0 ? subflows / n : NAN)
       << ", \"flow_throughput_mean_bps\": "
       << Text::JsonNumber(completed > 0 ? throughput / completed : NAN)
       << ", \"jct_mean_ms\": "
       << Text::JsonNumber(m_shuffle ? m_shuffle->GetJctSummary().mean * 1e3 : NAN)
       << ", \"shuffle_jobs_completed\": " << (m_shuffle ? m_shuffle->GetNJobsCompleted() : 0)
       << ", \"flow_size_min\": " << m_cfg.flowSizeMin
       << ", \"flow_size_max\": " << m_cfg.flowSizeMax << ", \"sim_end_s\": " << m_endS;
    return os.str();
}

const std::vector<FlowSubflowsRecord>&
DatacenterExperiment::GetFiniteFlowRecords() const
{
    return m_finiteRecords;
}

double
DatacenterExperiment::GetEndTime() const
{
    return m_endS;
}

} // namespace ns3
