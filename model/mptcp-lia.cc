/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "mptcp-lia.h"

#include "mptcp-socket-base.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpLia");
NS_OBJECT_ENSURE_REGISTERED(MpTcpLia);

TypeId
MpTcpLia::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpLia")
                            .SetParent<TcpNewReno>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpLia>();
    return tid;
}

MpTcpLia::MpTcpLia() = default;

MpTcpLia::MpTcpLia(const MpTcpLia& sock)
    : TcpNewReno(sock),
      m_meta(sock.m_meta),
      m_fraction(0)
{
}

MpTcpLia::~MpTcpLia() = default;

std::string
MpTcpLia::GetName() const
{
    return "MpTcpLia";
}

Ptr<TcpCongestionOps>
MpTcpLia::Fork()
{
    return CopyObject<MpTcpLia>(this);
}

void
MpTcpLia::SetMeta(const MpTcpSocketBase* meta)
{
    m_meta = meta;
}

double
MpTcpLia::ComputeAlpha(const std::vector<std::pair<double, double>>& windows)
{
    double total = 0;
    double best = 0;
    double sum = 0;
    for (const auto& [cwnd, rtt] : windows)
    {
        total += cwnd;
        best = std::max(best, cwnd / (rtt * rtt));
        sum += cwnd / rtt;
    }
    if (sum <= 0)
    {
        return 1.0;
    }
    return total * best / (sum * sum);
}

double
MpTcpLia::ComputeIncrease(double alpha, double cwndTotal, double cwnd, double mss)
{
    return std::min(alpha * mss * mss / cwndTotal, mss * mss / cwnd);
}

void
MpTcpLia::CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (segmentsAcked == 0)
    {
        return;
    }
    double cwnd = tcb->m_cWnd.Get();
    double mss = tcb->m_segmentSize;
    std::vector<MpTcpSocketBase::SubflowWindow> windows;
    if (m_meta)
    {
        m_meta->GetSubflowWindows(windows);
    }
    double increase;
    if (windows.size() < 2)
    {
        // One subflow (or none with an RTT sample yet): alpha = 1, exactly NewReno's rate.
        increase = mss * mss / cwnd;
    }
    else
    {
        std::vector<std::pair<double, double>> w;
        w.reserve(windows.size());
        double total = 0;
        for (const auto& sw : windows)
        {
            w.emplace_back(sw.cwnd, sw.rtt);
            total += sw.cwnd;
        }
        increase = ComputeIncrease(ComputeAlpha(w), total, cwnd, mss);
    }
    m_fraction += increase;
    auto whole = static_cast<uint32_t>(m_fraction);
    m_fraction -= whole;
    tcb->m_cWnd += whole;
    NS_LOG_DEBUG("cwnd " << cwnd << " += " << increase << " -> " << tcb->m_cWnd);
}

} // namespace ns3
