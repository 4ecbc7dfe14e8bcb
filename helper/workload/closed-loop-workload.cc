/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/closed-loop-workload.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MptcpClosedLoopWorkload");

std::optional<ClosedLoopWorkload::Destination>
ClosedLoopWorkload::DestinationFromString(const std::string& name)
{
    if (name == "permutation")
    {
        return Destination::PERMUTATION;
    }
    if (name == "random")
    {
        return Destination::RANDOM;
    }
    return std::nullopt;
}

ClosedLoopWorkload::ClosedLoopWorkload(DatacenterWorkloadHelper& installer,
                                       FlowStatistics& stats,
                                       uint32_t nHosts)
    : m_installer(installer),
      m_stats(stats),
      m_nHosts(nHosts),
      m_rng(CreateObject<UniformRandomVariable>())
{
    NS_ABORT_MSG_IF(nHosts < 2, "a closed-loop workload needs two hosts or more");
}

int64_t
ClosedLoopWorkload::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

void
ClosedLoopWorkload::Start(const TrafficMatrix::FlowList& matrix,
                          const FlowSizeDistribution& sizes,
                          Destination destination,
                          const std::string& factory,
                          const std::string& transport,
                          double startS,
                          double stopS)
{
    NS_LOG_FUNCTION(this << matrix.size() << startS << stopS);
    m_matrix = matrix;
    m_sizes = sizes;
    m_destination = destination;
    m_factory = factory;
    m_transport = transport;
    m_stopS = stopS;
    m_receiving.assign(m_nHosts, 0);
    m_stats.SetCompletedCallback(MakeCallback(&ClosedLoopWorkload::Completed, this));
    for (uint32_t row = 0; row < m_matrix.size(); ++row)
    {
        // Connections start within the first 10 ms, not all in the same instant.
        const double at = startS + m_rng->GetValue(0, 0.01);
        if (at < m_stopS && MayStart())
        {
            uint32_t dst = m_matrix[row].second;
            if (m_maxPerReceiver > 0 && m_destination == Destination::RANDOM)
            {
                dst = DrawDestination(m_matrix[row].first);
                if (dst == m_nHosts)
                {
                    continue;
                }
            }
            ++m_planned;
            ++m_receiving[dst];
            Launch(row, dst, at);
        }
    }
    Simulator::ScheduleNow(&ClosedLoopWorkload::CheckDone, this); // nothing started at all
}

void
ClosedLoopWorkload::SetFlowLimit(uint64_t flows)
{
    m_flowLimit = flows;
}

void
ClosedLoopWorkload::SetMaxFlowsPerReceiver(uint32_t flows)
{
    m_maxPerReceiver = flows;
}

void
ClosedLoopWorkload::SetDoneCallback(Callback<void> cb)
{
    m_done = cb;
}

std::vector<uint32_t>
ClosedLoopWorkload::GetFlowIds() const
{
    return m_ids;
}

bool
ClosedLoopWorkload::MayStart() const
{
    return m_flowLimit == 0 || m_planned < m_flowLimit;
}

uint32_t
ClosedLoopWorkload::DrawDestination(uint32_t src)
{
    std::vector<uint32_t> room;
    for (uint32_t h = 0; h < m_nHosts; ++h)
    {
        if (h != src && m_receiving[h] < m_maxPerReceiver)
        {
            room.push_back(h);
        }
    }
    if (room.empty())
    {
        return m_nHosts;
    }
    return room[m_rng->GetInteger(0, room.size() - 1)];
}

void
ClosedLoopWorkload::CheckDone()
{
    if (m_doneFired || m_completed < m_planned)
    {
        return; // flows in progress (or just planned by a completion)
    }
    m_doneFired = true;
    if (!m_done.IsNull())
    {
        m_done();
    }
}

void
ClosedLoopWorkload::Launch(uint32_t row, uint32_t dst, double startS)
{
    PlannedFlow f;
    f.startS = startS;
    f.srcHost = m_matrix[row].first;
    f.dstHost = dst;
    f.sizeBytes = m_sizes.Sample(m_rng);
    const uint32_t id = m_installer.Install(f, m_factory, m_transport);
    m_rowOf[id] = row;
    m_dstOf[id] = dst;
    m_ids.push_back(id);
    ++m_started;
    NS_LOG_DEBUG("flow " << id << " row " << row << " " << f.srcHost << "->" << f.dstHost << " "
                         << f.sizeBytes << " B at " << startS << " s");
}

void
ClosedLoopWorkload::Completed(uint32_t id)
{
    auto it = m_rowOf.find(id);
    if (it == m_rowOf.end())
    {
        return; // a flow of another workload (short flows share the FlowStatistics)
    }
    ++m_completed;
    --m_receiving[m_dstOf[id]];
    const double now = Simulator::Now().GetSeconds();
    if (now >= m_stopS || !MayStart())
    {
        Simulator::ScheduleNow(&ClosedLoopWorkload::CheckDone, this);
        return;
    }
    const uint32_t row = it->second;
    const uint32_t src = m_matrix[row].first;
    uint32_t dst = m_matrix[row].second;
    if (m_destination == Destination::RANDOM && m_maxPerReceiver > 0)
    {
        dst = DrawDestination(src);
        if (dst == m_nHosts)
        {
            Simulator::ScheduleNow(&ClosedLoopWorkload::CheckDone, this);
            return; // every receiver is full (not with seed 004's 4 per receiver)
        }
    }
    else if (m_destination == Destination::RANDOM)
    {
        // Uniform over the nHosts - 1 other hosts: draw among nHosts - 1 and skip the sender.
        dst = m_rng->GetInteger(0, m_nHosts - 2);
        dst += dst >= src ? 1 : 0;
    }
    ++m_planned; // counted now: completions in the same instant see it
    ++m_receiving[dst];
    // Called from within the receiver's receive path: install the next flow outside it.
    Simulator::ScheduleNow(&ClosedLoopWorkload::Launch, this, row, dst, now);
}

uint64_t
ClosedLoopWorkload::GetFlowsStarted() const
{
    return m_started;
}

uint64_t
ClosedLoopWorkload::GetFlowsCompleted() const
{
    return m_completed;
}

uint64_t
ClosedLoopWorkload::GetReceivedBytes() const
{
    uint64_t bytes = 0;
    for (const auto& [id, row] : m_rowOf)
    {
        bytes += m_stats.GetFlows().at(id).rxBytes;
    }
    return bytes;
}

} // namespace ns3
