/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-semi-coupled.h"

#include "ns3/double.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpSemiCoupled");
NS_OBJECT_ENSURE_REGISTERED(MpTcpSemiCoupled);

TypeId
MpTcpSemiCoupled::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MpTcpSemiCoupled")
            .SetParent<MpTcpCoupledCongestionOps>()
            .SetGroupName("Mptcp")
            .AddConstructor<MpTcpSemiCoupled>()
            .AddAttribute("A",
                          "The constant a of the per-ACK increase a / w_total (dimensionless).",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&MpTcpSemiCoupled::m_a),
                          MakeDoubleChecker<double>(0.0));
    return tid;
}

MpTcpSemiCoupled::MpTcpSemiCoupled() = default;

MpTcpSemiCoupled::MpTcpSemiCoupled(const MpTcpSemiCoupled& sock)
    : MpTcpCoupledCongestionOps(sock),
      m_a(sock.m_a)
{
}

MpTcpSemiCoupled::~MpTcpSemiCoupled() = default;

std::string
MpTcpSemiCoupled::GetName() const
{
    return "MpTcpSemiCoupled";
}

Ptr<TcpCongestionOps>
MpTcpSemiCoupled::Fork()
{
    return CopyObject<MpTcpSemiCoupled>(this);
}

double
MpTcpSemiCoupled::ComputeIncrease(double a, double cwndTotal, double mss)
{
    return a * mss * mss / cwndTotal;
}

double
MpTcpSemiCoupled::GetAckIncrease(Ptr<const TcpSocketState> tcb,
                                 const std::vector<SubflowState>& subflows,
                                 std::size_t self [[maybe_unused]])
{
    double total = 0;
    for (const auto& sf : subflows)
    {
        total += sf.cwnd;
    }
    return ComputeIncrease(m_a, total, tcb->m_segmentSize);
}

} // namespace ns3
