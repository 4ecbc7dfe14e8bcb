/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-ewtcp.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpEwtcp");
NS_OBJECT_ENSURE_REGISTERED(MpTcpEwtcp);

TypeId
MpTcpEwtcp::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpEwtcp")
                            .SetParent<MpTcpCoupledCongestionOps>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpEwtcp>();
    return tid;
}

MpTcpEwtcp::MpTcpEwtcp() = default;

MpTcpEwtcp::MpTcpEwtcp(const MpTcpEwtcp& sock)
    : MpTcpCoupledCongestionOps(sock)
{
}

MpTcpEwtcp::~MpTcpEwtcp() = default;

std::string
MpTcpEwtcp::GetName() const
{
    return "MpTcpEwtcp";
}

Ptr<TcpCongestionOps>
MpTcpEwtcp::Fork()
{
    return CopyObject<MpTcpEwtcp>(this);
}

double
MpTcpEwtcp::ComputeIncrease(std::size_t n, double cwnd, double mss)
{
    double a = 1.0 / (double(n) * double(n));
    return a * mss * mss / cwnd;
}

double
MpTcpEwtcp::GetAckIncrease(Ptr<const TcpSocketState> tcb,
                           const std::vector<SubflowState>& subflows,
                           std::size_t self)
{
    return ComputeIncrease(subflows.size(), subflows[self].cwnd, tcb->m_segmentSize);
}

} // namespace ns3
