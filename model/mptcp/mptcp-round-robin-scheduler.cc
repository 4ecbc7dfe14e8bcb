/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-round-robin-scheduler.h"

#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(MpTcpRoundRobinScheduler);

TypeId
MpTcpRoundRobinScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpRoundRobinScheduler")
                            .SetParent<MpTcpScheduler>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpRoundRobinScheduler>();
    return tid;
}

std::string
MpTcpRoundRobinScheduler::GetName() const
{
    return "RoundRobin";
}

void
MpTcpRoundRobinScheduler::SendPending(MpTcpSocketBase& conn)
{
    std::vector<Ptr<MpTcpSubflow>> order = SchedulableSubflows(conn);
    if (order.empty())
    {
        return;
    }
    // One segment per subflow in turn, until no subflow takes more.
    bool progress = true;
    while (progress && conn.HasDataToSchedule())
    {
        progress = false;
        for (size_t i = 0; i < order.size(); ++i)
        {
            if (!conn.HasDataToSchedule())
            {
                break;
            }
            const auto& sf = order[m_next % order.size()];
            m_next = (m_next + 1) % order.size();
            progress |= conn.PushData(sf, sf->GetSegmentSize());
        }
    }
}

void
MpTcpRoundRobinScheduler::SubflowHasSpace(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> /* subflow */)
{
    conn.SendPending(); // the turn may belong to another subflow
}

bool
MpTcpRoundRobinScheduler::SubflowPulls(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> /* subflow */)
{
    conn.SendPending(); // the turn may belong to another subflow
    return false;       // SendPending() already made the chosen subflows send
}

Ptr<MpTcpScheduler>
MpTcpRoundRobinScheduler::Fork() const
{
    return CopyObject<MpTcpRoundRobinScheduler>(this);
}

} // namespace ns3
