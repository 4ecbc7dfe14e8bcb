/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/ack-priority-queue.h"

#include "ns3/mptcp-ns3-compat.h"

#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <iterator>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AckPriorityQueue");
NS_OBJECT_ENSURE_REGISTERED(AckPriorityQueue);

TypeId
AckPriorityQueue::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AckPriorityQueue")
            .SetParent<Queue<Packet>>()
            .SetGroupName("Mptcp")
            .AddConstructor<AckPriorityQueue>()
            .AddAttribute("MaxSize",
                          "The most packets (or bytes) the queue holds.",
                          QueueSizeValue(QueueSize("100p")),
                          MakeQueueSizeAccessor(&QueueBase::SetMaxSize, &QueueBase::GetMaxSize),
                          MakeQueueSizeChecker())
            .AddAttribute("MaxHeaderBytes",
                          "A packet of at most this many bytes as the device queues it counts "
                          "as control (no payload) and goes ahead of data. Default 82: "
                          "point-to-point 2 + IPv4 20 + the largest TCP header 60.",
                          UintegerValue(82),
                          MakeUintegerAccessor(&AckPriorityQueue::m_maxHeaderBytes),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

AckPriorityQueue::AckPriorityQueue() = default;

AckPriorityQueue::~AckPriorityQueue() = default;

bool
AckPriorityQueue::IsControl(Ptr<const Packet> p) const
{
    return p->GetSize() <= m_maxHeaderBytes;
}

bool
AckPriorityQueue::Enqueue(Ptr<Packet> item)
{
    if (!IsControl(item))
    {
        return DoEnqueue(MPTCP_QUEUE_END(), item);
    }
    auto pos = std::next(MPTCP_QUEUE_BEGIN(), m_controlAtHead);
    if (!DoEnqueue(pos, item))
    {
        return false;
    }
    ++m_controlAtHead;
    ++m_prioritized;
    return true;
}

Ptr<Packet>
AckPriorityQueue::Dequeue()
{
    Ptr<Packet> p = DoDequeue(MPTCP_QUEUE_BEGIN());
    if (p && m_controlAtHead > 0)
    {
        --m_controlAtHead;
    }
    return p;
}

Ptr<Packet>
AckPriorityQueue::Remove()
{
    Ptr<Packet> p = DoRemove(MPTCP_QUEUE_BEGIN());
    if (p && m_controlAtHead > 0)
    {
        --m_controlAtHead;
    }
    return p;
}

Ptr<const Packet>
AckPriorityQueue::Peek() const
{
    return DoPeek(MPTCP_QUEUE_BEGIN());
}

uint64_t
AckPriorityQueue::GetPrioritized() const
{
    return m_prioritized;
}

} // namespace ns3
