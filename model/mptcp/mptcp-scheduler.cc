/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-scheduler.h"

#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(MpTcpScheduler);

TypeId
MpTcpScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpScheduler").SetParent<Object>().SetGroupName("Mptcp");
    return tid;
}

void
MpTcpScheduler::SubflowHasSpace(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> subflow)
{
    conn.PushData(subflow);
}

bool
MpTcpScheduler::SubflowPulls(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> subflow)
{
    return conn.PushData(subflow);
}

std::vector<Ptr<MpTcpSubflow>>
MpTcpScheduler::SchedulableSubflows(const MpTcpSocketBase& conn)
{
    std::vector<Ptr<MpTcpSubflow>> out;
    out.reserve(conn.GetSubflows().size());
    for (const auto& sf : conn.GetSubflows())
    {
        if (conn.MaySchedule(sf))
        {
            out.push_back(sf);
        }
    }
    return out;
}

} // namespace ns3
