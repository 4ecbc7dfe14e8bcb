/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-strict-round-robin-scheduler.h"

#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"

#include <limits>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(MpTcpStrictRoundRobinScheduler);

TypeId
MpTcpStrictRoundRobinScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpStrictRoundRobinScheduler")
                            .SetParent<MpTcpScheduler>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpStrictRoundRobinScheduler>();
    return tid;
}

std::string
MpTcpStrictRoundRobinScheduler::GetName() const
{
    return "StrictRoundRobin";
}

void
MpTcpStrictRoundRobinScheduler::SendPending(MpTcpSocketBase& conn)
{
    const auto& subflows = conn.GetSubflows();
    if (subflows.empty())
    {
        return;
    }
    Ptr<MpTcpSubflowTxHook> hook = subflows.front()->GetTxHook();
    if (hook && hook->IsActive())
    {
        // PacketScatter, or MMPTCP before its first MPTCP subflow is up: one subflow sends.
        conn.PushData(subflows.front(), std::numeric_limits<uint64_t>::max(), true);
        return;
    }
    while (conn.HasDataToSchedule())
    {
        bool sent = false;
        for (size_t tries = 0; tries < subflows.size() && !sent; ++tries)
        {
            Ptr<MpTcpSubflow> sf = subflows[m_next % subflows.size()];
            // A retired subflow (gone, closing, or MMPTCP's scatter subflow) has no turn.
            if (!conn.IsSubflowRetired(sf))
            {
                if (!sf->IsEstablished())
                {
                    return; // its turn: wait for its handshake
                }
                // Also a subflow that timed out ("potentially failed" for the other
                // schedulers) gets its turn, with its 1-segment window.
                sent = conn.PushData(sf, sf->GetSegmentSize(), true);
            }
            m_next = (m_next + 1) % subflows.size();
        }
        if (!sent)
        {
            return; // no subflow has room
        }
    }
}

void
MpTcpStrictRoundRobinScheduler::SubflowHasSpace(MpTcpSocketBase& conn,
                                                Ptr<MpTcpSubflow> /* subflow */)
{
    conn.SendPending(); // the turn may belong to another subflow
}

bool
MpTcpStrictRoundRobinScheduler::SubflowPulls(MpTcpSocketBase& conn,
                                             Ptr<MpTcpSubflow> /* subflow */)
{
    conn.SendPending(); // the turn may belong to another subflow
    return false;       // SendPending() already made the chosen subflows send
}

Ptr<MpTcpScheduler>
MpTcpStrictRoundRobinScheduler::Fork() const
{
    return CopyObject<MpTcpStrictRoundRobinScheduler>(this);
}

} // namespace ns3
