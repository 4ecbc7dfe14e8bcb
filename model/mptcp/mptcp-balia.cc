/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-balia.h"

#include "ns3/log.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpBalia");
NS_OBJECT_ENSURE_REGISTERED(MpTcpBalia);

namespace
{
/// (cwnd, rtt) of the coupled subflows.
std::vector<std::pair<double, double>>
Windows(const std::vector<MpTcpCoupledCongestionOps::SubflowState>& subflows)
{
    std::vector<std::pair<double, double>> w;
    w.reserve(subflows.size());
    for (const auto& sf : subflows)
    {
        w.emplace_back(sf.cwnd, sf.rtt);
    }
    return w;
}
} // namespace

TypeId
MpTcpBalia::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpBalia")
                            .SetParent<MpTcpCoupledCongestionOps>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpBalia>();
    return tid;
}

MpTcpBalia::MpTcpBalia() = default;

MpTcpBalia::MpTcpBalia(const MpTcpBalia& sock)
    : MpTcpCoupledCongestionOps(sock)
{
}

MpTcpBalia::~MpTcpBalia() = default;

std::string
MpTcpBalia::GetName() const
{
    return "MpTcpBalia";
}

Ptr<TcpCongestionOps>
MpTcpBalia::Fork()
{
    return CopyObject<MpTcpBalia>(this);
}

double
MpTcpBalia::ComputeAlpha(const std::vector<std::pair<double, double>>& windows, std::size_t self)
{
    double maxRate = 0;
    for (const auto& [cwnd, rtt] : windows)
    {
        maxRate = std::max(maxRate, cwnd / rtt);
    }
    double rate = windows[self].first / windows[self].second;
    return rate > 0 ? maxRate / rate : 1.0;
}

double
MpTcpBalia::ComputeIncrease(const std::vector<std::pair<double, double>>& windows,
                            std::size_t self,
                            double mss)
{
    double sum = 0;
    for (const auto& [cwnd, rtt] : windows)
    {
        sum += cwnd / rtt;
    }
    const double tau = windows[self].second;
    const double x = windows[self].first / tau;
    const double alpha = ComputeAlpha(windows, self);
    return mss * mss * (x / (tau * sum * sum)) * ((1 + alpha) / 2) * ((4 + alpha) / 5);
}

uint32_t
MpTcpBalia::ComputeSsThresh(double cwnd, double alpha, uint32_t mss)
{
    return FloorSsThresh(cwnd - cwnd / 2 * std::min(alpha, 1.5), mss);
}

double
MpTcpBalia::GetAckIncrease(Ptr<const TcpSocketState> tcb,
                           const std::vector<SubflowState>& subflows,
                           std::size_t self)
{
    return ComputeIncrease(Windows(subflows), self, tcb->m_segmentSize);
}

uint32_t
MpTcpBalia::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    std::vector<SubflowState> subflows;
    int self = GetCoupledSubflows(tcb, subflows);
    double alpha = self < 0 ? 1.0 : ComputeAlpha(Windows(subflows), static_cast<std::size_t>(self));
    uint32_t ssThresh = ComputeSsThresh(bytesInFlight, alpha, tcb->m_segmentSize);
    NS_LOG_DEBUG("flight " << bytesInFlight << ", alpha " << alpha << " -> ssthresh "
                           << ssThresh);
    return ssThresh;
}

} // namespace ns3
