/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/tcp-new-reno-cwv.h"

#include "ns3/tcp-cwnd-validation.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TcpNewRenoCwv);

TypeId
TcpNewRenoCwv::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpNewRenoCwv")
                            .SetParent<TcpNewReno>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<TcpNewRenoCwv>();
    return tid;
}

TcpNewRenoCwv::TcpNewRenoCwv() = default;

TcpNewRenoCwv::TcpNewRenoCwv(const TcpNewRenoCwv& sock) = default;

TcpNewRenoCwv::~TcpNewRenoCwv() = default;

std::string
TcpNewRenoCwv::GetName() const
{
    return "TcpNewRenoCwv";
}

void
TcpNewRenoCwv::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (TcpCwndValidation::MayIncrease(tcb))
    {
        TcpNewReno::IncreaseWindow(tcb, segmentsAcked);
    }
}

Ptr<TcpCongestionOps>
TcpNewRenoCwv::Fork()
{
    return CopyObject<TcpNewRenoCwv>(this);
}

} // namespace ns3
