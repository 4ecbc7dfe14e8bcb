/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/tcp-small-queues.h"

#include "ns3/ipv4-interface.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/queue-disc.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpSmallQueues");
NS_OBJECT_ENSURE_REGISTERED(TcpSmallQueues);
NS_OBJECT_ENSURE_REGISTERED(TcpSmallQueuesTag);

TypeId
TcpSmallQueuesTag::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpSmallQueuesTag")
                            .SetParent<Tag>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<TcpSmallQueuesTag>();
    return tid;
}

TypeId
TcpSmallQueuesTag::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
TcpSmallQueuesTag::GetSerializedSize() const
{
    return 12;
}

void
TcpSmallQueuesTag::Serialize(TagBuffer i) const
{
    i.WriteU32(node);
    i.WriteU32(socket);
    i.WriteU32(bytes);
}

void
TcpSmallQueuesTag::Deserialize(TagBuffer i)
{
    node = i.ReadU32();
    socket = i.ReadU32();
    bytes = i.ReadU32();
}

void
TcpSmallQueuesTag::Print(std::ostream& os) const
{
    os << "node=" << node << " socket=" << socket << " bytes=" << bytes;
}

TypeId
TcpSmallQueues::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpSmallQueues")
                            .SetParent<Object>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<TcpSmallQueues>();
    return tid;
}

TcpSmallQueues::TcpSmallQueues() = default;

TcpSmallQueues::~TcpSmallQueues() = default;

Ptr<TcpSmallQueues>
TcpSmallQueues::Get(Ptr<Node> node)
{
    NS_ASSERT(node);
    Ptr<TcpSmallQueues> tsq = node->GetObject<TcpSmallQueues>();
    if (!tsq)
    {
        tsq = CreateObject<TcpSmallQueues>();
        tsq->m_node = PeekPointer(node);
        tsq->m_nodeId = node->GetId();
        node->AggregateObject(tsq);
    }
    return tsq;
}

void
TcpSmallQueues::DoDispose()
{
    m_sockets.clear();
    m_node = nullptr;
    Object::DoDispose();
}

uint32_t
TcpSmallQueues::Register(ReleaseCallback released)
{
    HookNode();
    uint32_t id = m_nextId++;
    m_sockets[id] = released;
    return id;
}

void
TcpSmallQueues::Unregister(uint32_t id)
{
    m_sockets.erase(id);
}

void
TcpSmallQueues::Queued(uint32_t id, Ptr<const Packet> payload, uint32_t bytes) const
{
    TcpSmallQueuesTag tag;
    tag.node = m_nodeId;
    tag.socket = id;
    tag.bytes = bytes;
    // The segment is the socket's own copy, made for this transmission (TcpSocketBase creates
    // it and fires "Tx" with it before handing it to IP): replacing a tag on it is safe.
    const_cast<Packet&>(*payload).ReplacePacketTag(tag);
}

uint64_t
TcpSmallQueues::GetReleased() const
{
    return m_released;
}

uint64_t
TcpSmallQueues::GetDropped() const
{
    return m_dropped;
}

void
TcpSmallQueues::HookNode()
{
    if (!m_node)
    {
        return;
    }
    Ptr<TrafficControlLayer> tc = m_node->GetObject<TrafficControlLayer>();
    for (; m_hookedDevices < m_node->GetNDevices(); ++m_hookedDevices)
    {
        Ptr<NetDevice> dev = m_node->GetDevice(m_hookedDevices);
        if (!dev->TraceConnectWithoutContext("PhyTxEnd",
                                             MakeCallback(&TcpSmallQueues::Sent, this)))
        {
            m_noTxEndDevices.insert(PeekPointer(dev));
        }
        dev->TraceConnectWithoutContext("MacTxDrop", MakeCallback(&TcpSmallQueues::Dropped, this));
        dev->TraceConnectWithoutContext("PhyTxDrop", MakeCallback(&TcpSmallQueues::Dropped, this));
        if (tc)
        {
            if (Ptr<QueueDisc> qd = tc->GetRootQueueDiscOnDevice(dev))
            {
                qd->TraceConnectWithoutContext(
                    "Drop",
                    MakeCallback(&TcpSmallQueues::QueueDiscDropped, this));
            }
        }
    }
    if (!m_hookedIpv4)
    {
        if (Ptr<Ipv4L3Protocol> ip = m_node->GetObject<Ipv4L3Protocol>())
        {
            ip->TraceConnectWithoutContext("Drop", MakeCallback(&TcpSmallQueues::Ipv4Drop, this));
            ip->TraceConnectWithoutContext("Tx", MakeCallback(&TcpSmallQueues::Ipv4Tx, this));
            m_hookedIpv4 = true;
        }
        if (tc)
        {
            tc->TraceConnectWithoutContext("Drop", MakeCallback(&TcpSmallQueues::Dropped, this));
        }
    }
}

void
TcpSmallQueues::Release(Ptr<const Packet> p, bool dropped)
{
    TcpSmallQueuesTag tag;
    if (m_sockets.empty() || !p->PeekPacketTag(tag) || tag.node != m_nodeId || tag.bytes == 0)
    {
        return;
    }
    auto it = m_sockets.find(tag.socket);
    if (it == m_sockets.end())
    {
        return;
    }
    ++m_released;
    if (dropped)
    {
        ++m_dropped;
    }
    NS_LOG_LOGIC("node " << m_nodeId << " socket " << tag.socket << " released " << tag.bytes
                         << (dropped ? " (dropped)" : ""));
    // Copy: the callback may unregister its socket.
    ReleaseCallback cb = it->second;
    cb(tag.bytes);
}

void
TcpSmallQueues::Sent(Ptr<const Packet> p)
{
    Release(p, false);
}

void
TcpSmallQueues::Dropped(Ptr<const Packet> p)
{
    Release(p, true);
}

void
TcpSmallQueues::QueueDiscDropped(Ptr<const QueueDiscItem> item)
{
    Release(item->GetPacket(), true);
}

void
TcpSmallQueues::Ipv4Drop(const Ipv4Header& header [[maybe_unused]],
                         Ptr<const Packet> p,
                         Ipv4L3Protocol::DropReason reason [[maybe_unused]],
                         Ptr<Ipv4> ipv4 [[maybe_unused]],
                         uint32_t interface [[maybe_unused]])
{
    Release(p, true);
}

void
TcpSmallQueues::Ipv4Tx(Ptr<const Packet> p, Ptr<Ipv4> ipv4, uint32_t interface)
{
    if (m_noTxEndDevices.empty())
    {
        return;
    }
    Ptr<NetDevice> dev = ipv4->GetNetDevice(interface);
    if (dev && m_noTxEndDevices.count(PeekPointer(dev)))
    {
        Release(p, false);
    }
}

} // namespace ns3
