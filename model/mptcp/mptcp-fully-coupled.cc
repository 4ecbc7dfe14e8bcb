/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-fully-coupled.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpFullyCoupled");
NS_OBJECT_ENSURE_REGISTERED(MpTcpFullyCoupled);

TypeId
MpTcpFullyCoupled::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpFullyCoupled")
                            .SetParent<MpTcpCoupledCongestionOps>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpFullyCoupled>();
    return tid;
}

MpTcpFullyCoupled::MpTcpFullyCoupled() = default;

MpTcpFullyCoupled::MpTcpFullyCoupled(const MpTcpFullyCoupled& sock)
    : MpTcpCoupledCongestionOps(sock)
{
}

MpTcpFullyCoupled::~MpTcpFullyCoupled() = default;

std::string
MpTcpFullyCoupled::GetName() const
{
    return "MpTcpFullyCoupled";
}

Ptr<TcpCongestionOps>
MpTcpFullyCoupled::Fork()
{
    return CopyObject<MpTcpFullyCoupled>(this);
}

double
MpTcpFullyCoupled::ComputeIncrease(double cwndTotal, double mss)
{
    return mss * mss / cwndTotal;
}

uint32_t
MpTcpFullyCoupled::ComputeSsThresh(double cwnd, double cwndTotal, uint32_t mss)
{
    return FloorSsThresh(cwnd - cwndTotal / 2, mss);
}

double
MpTcpFullyCoupled::GetAckIncrease(Ptr<const TcpSocketState> tcb,
                                  const std::vector<SubflowState>& subflows,
                                  std::size_t self [[maybe_unused]])
{
    double total = 0;
    for (const auto& sf : subflows)
    {
        total += sf.cwnd;
    }
    return ComputeIncrease(total, tcb->m_segmentSize);
}

uint32_t
MpTcpFullyCoupled::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    std::vector<SubflowState> subflows;
    int self = GetCoupledSubflows(tcb, subflows);
    double total = bytesInFlight;
    for (int i = 0; i < static_cast<int>(subflows.size()); ++i)
    {
        if (i != self)
        {
            total += subflows[i].cwnd;
        }
    }
    uint32_t ssThresh = ComputeSsThresh(bytesInFlight, total, tcb->m_segmentSize);
    NS_LOG_DEBUG("flight " << bytesInFlight << ", total " << total << " -> ssthresh "
                           << ssThresh);
    return ssThresh;
}

} // namespace ns3
