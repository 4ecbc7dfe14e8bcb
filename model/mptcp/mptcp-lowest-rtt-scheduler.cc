/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-lowest-rtt-scheduler.h"

#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(MpTcpLowestRttScheduler);

TypeId
MpTcpLowestRttScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpLowestRttScheduler")
                            .SetParent<MpTcpScheduler>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpLowestRttScheduler>();
    return tid;
}

std::string
MpTcpLowestRttScheduler::GetName() const
{
    return "LowestRtt";
}

void
MpTcpLowestRttScheduler::SendPending(MpTcpSocketBase& conn)
{
    std::vector<Ptr<MpTcpSubflow>> order = SchedulableSubflows(conn);
    std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
        Time ra = a->HasRttSample() ? a->GetSrtt() : Time::Max();
        Time rb = b->HasRttSample() ? b->GetSrtt() : Time::Max();
        return ra < rb;
    });
    for (const auto& sf : order)
    {
        if (!conn.HasDataToSchedule())
        {
            break;
        }
        conn.PushData(sf);
    }
}

Ptr<MpTcpScheduler>
MpTcpLowestRttScheduler::Fork() const
{
    return CopyObject<MpTcpLowestRttScheduler>(this);
}

} // namespace ns3
