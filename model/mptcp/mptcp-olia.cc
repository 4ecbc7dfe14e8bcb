/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-olia.h"

#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpOlia");
NS_OBJECT_ENSURE_REGISTERED(MpTcpOlia);

TypeId
MpTcpOlia::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpOlia")
                            .SetParent<MpTcpCoupledCongestionOps>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpOlia>();
    return tid;
}

MpTcpOlia::MpTcpOlia() = default;

MpTcpOlia::MpTcpOlia(const MpTcpOlia& sock)
    : MpTcpCoupledCongestionOps(sock),
      m_bytesBetweenLosses(0),
      m_bytesSinceLoss(0)
{
}

MpTcpOlia::~MpTcpOlia() = default;

std::string
MpTcpOlia::GetName() const
{
    return "MpTcpOlia";
}

Ptr<TcpCongestionOps>
MpTcpOlia::Fork()
{
    return CopyObject<MpTcpOlia>(this);
}

void
MpTcpOlia::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    m_bytesSinceLoss += double(segmentsAcked) * tcb->m_segmentSize;
    TcpNewReno::PktsAcked(tcb, segmentsAcked, rtt);
}

uint32_t
MpTcpOlia::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    if (m_bytesSinceLoss > 0)
    {
        m_bytesBetweenLosses = m_bytesSinceLoss;
        m_bytesSinceLoss = 0;
    }
    NS_LOG_DEBUG("loss: l1 " << m_bytesBetweenLosses << " B");
    return TcpNewReno::GetSsThresh(tcb, bytesInFlight);
}

double
MpTcpOlia::GetInterLossBytes() const
{
    return std::max(m_bytesBetweenLosses, m_bytesSinceLoss);
}

double
MpTcpOlia::GetBytesBetweenLosses() const
{
    return m_bytesBetweenLosses;
}

double
MpTcpOlia::GetBytesSinceLoss() const
{
    return m_bytesSinceLoss;
}

std::vector<double>
MpTcpOlia::ComputeAlphas(const std::vector<Path>& paths)
{
    const std::size_t n = paths.size();
    std::vector<double> alpha(n, 0.0);
    if (n == 0)
    {
        return alpha;
    }
    double maxCwnd = 0;
    double best = 0; // max l / rtt^2
    for (const auto& p : paths)
    {
        maxCwnd = std::max(maxCwnd, p.cwnd);
        best = std::max(best, p.interLoss / (p.rtt * p.rtt));
    }
    // Equality as in Linux (exact comparisons of integers there): a relative tolerance guards
    // against rounding in l / rtt^2.
    auto isBest = [best](const Path& p) {
        double v = p.interLoss / (p.rtt * p.rtt);
        return std::abs(v - best) <= 1e-9 * std::max(best, 1e-300);
    };
    std::size_t inM = 0;
    std::size_t inBnotM = 0;
    for (const auto& p : paths)
    {
        if (p.cwnd == maxCwnd)
        {
            ++inM;
        }
        else if (isBest(p))
        {
            ++inBnotM;
        }
    }
    if (inBnotM == 0)
    {
        return alpha;
    }
    for (std::size_t i = 0; i < n; ++i)
    {
        if (paths[i].cwnd == maxCwnd)
        {
            alpha[i] = -1.0 / (double(n) * double(inM));
        }
        else if (isBest(paths[i]))
        {
            alpha[i] = 1.0 / (double(n) * double(inBnotM));
        }
    }
    return alpha;
}

double
MpTcpOlia::ComputeIncrease(const std::vector<Path>& paths, std::size_t self, double mss)
{
    double sum = 0;
    for (const auto& p : paths)
    {
        sum += p.cwnd / p.rtt;
    }
    const Path& r = paths[self];
    double alpha = ComputeAlphas(paths)[self];
    double first = (r.cwnd / (r.rtt * r.rtt)) / (sum * sum);
    return mss * mss * (first + alpha / r.cwnd);
}

double
MpTcpOlia::GetAckIncrease(Ptr<const TcpSocketState> tcb,
                          const std::vector<SubflowState>& subflows,
                          std::size_t self)
{
    std::vector<Path> paths;
    paths.reserve(subflows.size());
    for (std::size_t i = 0; i < subflows.size(); ++i)
    {
        double l = 0;
        if (i == self)
        {
            l = GetInterLossBytes();
        }
        else if (auto olia = DynamicCast<MpTcpOlia>(subflows[i].cc))
        {
            l = olia->GetInterLossBytes();
        }
        paths.push_back({subflows[i].cwnd, subflows[i].rtt, l});
    }
    return ComputeIncrease(paths, self, tcb->m_segmentSize);
}

} // namespace ns3
