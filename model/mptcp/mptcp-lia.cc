/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-lia.h"

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
                            .SetParent<MpTcpCoupledCongestionOps>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpLia>();
    return tid;
}

MpTcpLia::MpTcpLia() = default;

MpTcpLia::MpTcpLia(const MpTcpLia& sock)
    : MpTcpCoupledCongestionOps(sock)
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

double
MpTcpLia::GetAckIncrease(Ptr<const TcpSocketState> tcb,
                         const std::vector<SubflowState>& subflows,
                         std::size_t self)
{
    std::vector<std::pair<double, double>> w;
    w.reserve(subflows.size());
    double total = 0;
    for (const auto& sf : subflows)
    {
        w.emplace_back(sf.cwnd, sf.rtt);
        total += sf.cwnd;
    }
    return ComputeIncrease(ComputeAlpha(w), total, subflows[self].cwnd, tcb->m_segmentSize);
}

} // namespace ns3
