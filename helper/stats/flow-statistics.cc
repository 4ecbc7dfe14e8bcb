/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/flow-statistics.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/datacenter-partition.h"
#include "ns3/log.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-base.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MptcpFlowStatistics");

bool
FlowStatisticsRecord::Completed() const
{
    return sizeBytes > 0 && !std::isnan(lastRxS);
}

double
FlowStatisticsRecord::Fct() const
{
    return Completed() ? lastRxS - firstTxS : std::numeric_limits<double>::quiet_NaN();
}

SampleSummary
SampleSummary::Of(std::vector<double> values)
{
    SampleSummary s;
    s.count = values.size();
    if (values.empty())
    {
        return s;
    }
    std::sort(values.begin(), values.end());
    double sum = 0;
    for (double v : values)
    {
        sum += v;
    }
    s.mean = sum / values.size();
    if (values.size() > 1)
    {
        double sq = 0;
        for (double v : values)
        {
            sq += (v - s.mean) * (v - s.mean);
        }
        s.sd = std::sqrt(sq / (values.size() - 1));
    }
    auto quantile = [&values](double q) {
        double h = q * (values.size() - 1);
        size_t lo = static_cast<size_t>(std::floor(h));
        size_t hi = std::min(lo + 1, values.size() - 1);
        return values[lo] + (h - lo) * (values[hi] - values[lo]);
    };
    s.p50 = quantile(0.5);
    s.p99 = quantile(0.99);
    return s;
}

uint32_t
FlowStatistics::Add(uint32_t srcHost,
                    uint32_t dstHost,
                    uint64_t sizeBytes,
                    const std::string& transport,
                    Time start,
                    Ptr<BulkSendApplication> sender,
                    Ptr<PacketSink> sink)
{
    const uint32_t id = m_flows.size();
    FlowStatisticsRecord r;
    r.flowId = id;
    r.srcHost = srcHost;
    r.dstHost = dstHost;
    r.sizeBytes = sizeBytes;
    r.transport = transport;
    r.startS = start.GetSeconds();
    m_flows.push_back(r);
    // In a distributed run (DatacenterPartition) only the local end exists: the other end's
    // fields are filled in by ReduceAcrossRanks().
    BulkSendApplication* app = PeekPointer(sender); // a Ptr here would keep the app alive
    if (sender)
    {
    sender->TraceConnectWithoutContext(
        "Tx",
        Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([this, id, app](Ptr<const Packet>) {
            FlowStatisticsRecord& f = m_flows[id];
            if (std::isnan(f.firstTxS))
            {
                f.firstTxS = Simulator::Now().GetSeconds();
                HookSocket(id, app->GetSocket());
            }
        })));
    }
    if (sizeBytes > 0 && sink)
    {
        sink->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>, const Address&>(
                MPTCP_CALLBACK([this, id](Ptr<const Packet> p, const Address&) {
                    FlowStatisticsRecord& f = m_flows[id];
                    f.rxBytes += p->GetSize();
                    if (f.rxBytes >= f.sizeBytes && std::isnan(f.lastRxS))
                    {
                        f.lastRxS = Simulator::Now().GetSeconds();
                        NotifyCompleted(id);
                    }
                })));
    }
    return id;
}

void
FlowStatistics::SetCompletedCallback(Callback<void, uint32_t> cb)
{
    m_completed = cb;
}

void
FlowStatistics::AddCompletedCallback(Callback<void, uint32_t> cb)
{
    if (!cb.IsNull())
    {
        m_listeners.push_back(cb);
    }
}

void
FlowStatistics::NotifyCompleted(uint32_t id)
{
    if (!m_completed.IsNull())
    {
        m_completed(id);
    }
    // By index over the listeners present now: one may add another (the vector may grow), and
    // a copy keeps the running callback alive if it does.
    const size_t n = m_listeners.size();
    for (size_t i = 0; i < n; ++i)
    {
        Callback<void, uint32_t> cb = m_listeners[i];
        cb(id);
    }
}

void
FlowStatistics::HookSocket(uint32_t id, Ptr<Socket> socket)
{
    if (auto meta = DynamicCast<MpTcpSocketBase>(socket))
    {
        for (const auto& sf : meta->GetSubflows())
        {
            HookTcp(id, sf);
        }
        meta->TraceConnectWithoutContext(
            "SubflowEstablished",
            Callback<void, Ptr<MpTcpSubflow>>(
                MPTCP_CALLBACK([this, id](Ptr<MpTcpSubflow> sf) { HookTcp(id, sf); })));
    }
    else if (auto tcp = DynamicCast<TcpSocketBase>(socket))
    {
        HookTcp(id, tcp);
    }
}

void
FlowStatistics::HookTcp(uint32_t id, Ptr<TcpSocketBase> tcp)
{
    if (!m_hooked.insert(PeekPointer(tcp)).second)
    {
        return;
    }
    tcp->TraceConnectWithoutContext(
        "CongState",
        Callback<void, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t>(
            MPTCP_CALLBACK([this, id](TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t s) {
                CongStateChanged(id, s);
            })));
}

void
FlowStatistics::CongStateChanged(uint32_t id, TcpSocketState::TcpCongState_t newState)
{
    if (newState == TcpSocketState::CA_LOSS)
    {
        ++m_flows[id].rtos;
    }
    else if (newState == TcpSocketState::CA_RECOVERY)
    {
        ++m_flows[id].fastRetransmits;
    }
}

const std::deque<FlowStatisticsRecord>&
FlowStatistics::GetFlows() const
{
    return m_flows;
}

SampleSummary
FlowStatistics::GetShortFlowFctSummary() const
{
    std::vector<double> fcts;
    for (const auto& f : m_flows)
    {
        if (f.Completed())
        {
            fcts.push_back(f.Fct());
        }
    }
    return SampleSummary::Of(std::move(fcts));
}

uint64_t
FlowStatistics::GetShortFlowsStarted(Time until) const
{
    uint64_t n = 0;
    for (const auto& f : m_flows)
    {
        n += (f.sizeBytes > 0 && f.startS < until.GetSeconds()) ? 1 : 0;
    }
    return n;
}

uint64_t
FlowStatistics::GetShortFlowsCompleted() const
{
    uint64_t n = 0;
    for (const auto& f : m_flows)
    {
        n += f.Completed() ? 1 : 0;
    }
    return n;
}

void
FlowStatistics::ReduceAcrossRanks()
{
    if (DatacenterPartition::GetSize() == 1)
    {
        return;
    }
    // Counters: 0 on the ranks without the flow's end, summed. Times: NaN (not yet) there and
    // on the owner if it did not happen, so -infinity for the maximum and NaN again after.
    const size_t n = m_flows.size();
    std::vector<uint64_t> counts(3 * n);
    std::vector<double> times(2 * n);
    const double none = -std::numeric_limits<double>::infinity();
    for (size_t i = 0; i < n; ++i)
    {
        const FlowStatisticsRecord& f = m_flows[i];
        counts[3 * i] = f.rxBytes;
        counts[3 * i + 1] = f.rtos;
        counts[3 * i + 2] = f.fastRetransmits;
        times[2 * i] = std::isnan(f.firstTxS) ? none : f.firstTxS;
        times[2 * i + 1] = std::isnan(f.lastRxS) ? none : f.lastRxS;
    }
    DatacenterPartition::Sum(counts);
    DatacenterPartition::Max(times);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (size_t i = 0; i < n; ++i)
    {
        FlowStatisticsRecord& f = m_flows[i];
        f.rxBytes = counts[3 * i];
        f.rtos = static_cast<uint32_t>(counts[3 * i + 1]);
        f.fastRetransmits = static_cast<uint32_t>(counts[3 * i + 2]);
        f.firstTxS = times[2 * i] == none ? nan : times[2 * i];
        f.lastRxS = times[2 * i + 1] == none ? nan : times[2 * i + 1];
    }
}

} // namespace ns3
