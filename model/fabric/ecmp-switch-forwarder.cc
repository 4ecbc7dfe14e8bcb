/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/ecmp-switch-forwarder.h"

#include "ns3/abort.h"
#include "ns3/ipv4-flow-ecmp-routing.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-interface.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/sdn-flow-table.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EcmpSwitchForwarder");

NS_OBJECT_ENSURE_REGISTERED(EcmpSwitchForwarder);

namespace
{
/// EtherType of IPv4.
constexpr uint16_t kIpv4 = 0x0800;

/**
 * \param ipv4 a node's IPv4 stack
 * \return its Ipv4FlowEcmpRouting (directly or inside an Ipv4ListRouting), or nullptr
 */
Ptr<Ipv4FlowEcmpRouting>
FindEcmpRouting(Ptr<Ipv4> ipv4)
{
    Ptr<Ipv4RoutingProtocol> proto = ipv4->GetRoutingProtocol();
    if (Ptr<Ipv4FlowEcmpRouting> r = DynamicCast<Ipv4FlowEcmpRouting>(proto))
    {
        return r;
    }
    if (Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(proto))
    {
        // Only a list whose first protocol is the ECMP routing decides like it.
        if (list->GetNRoutingProtocols() > 0)
        {
            int16_t priority;
            return DynamicCast<Ipv4FlowEcmpRouting>(list->GetRoutingProtocol(0, priority));
        }
    }
    return nullptr;
}
} // namespace

TypeId
EcmpSwitchForwarder::GetTypeId()
{
    static TypeId tid = TypeId("ns3::EcmpSwitchForwarder")
                            .SetParent<Object>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<EcmpSwitchForwarder>()
                            .AddAttribute("EcnThreshold",
                                          "ECN marking threshold K, packets (0: no marking): "
                                          "a forwarded ECN-capable packet is marked CE when K or "
                                          "more packets wait in its egress device's queue, i.e. "
                                          "when the queue with it exceeds K (XMP's and DCTCP's "
                                          "switch rule). Fast path only.",
                                          UintegerValue(0),
                                          MakeUintegerAccessor(&EcmpSwitchForwarder::m_ecnThreshold),
                                          MakeUintegerChecker<uint32_t>());
    return tid;
}

EcmpSwitchForwarder::EcmpSwitchForwarder()
{
    NS_LOG_FUNCTION(this);
}

EcmpSwitchForwarder::~EcmpSwitchForwarder()
{
    NS_LOG_FUNCTION(this);
}

void
EcmpSwitchForwarder::DoDispose()
{
    m_l3 = nullptr;
    m_tc = nullptr;
    m_table = nullptr;
    m_interfaces.clear();
    m_pending.clear();
    Object::DoDispose();
}

Ptr<EcmpSwitchForwarder>
EcmpSwitchForwarder::Install(Ptr<Node> node, bool fastPath, ArrivalOrder order)
{
    NS_ABORT_MSG_IF(!node, "EcmpSwitchForwarder::Install: null node");
    NS_ABORT_MSG_IF(node->GetObject<EcmpSwitchForwarder>(),
                    "EcmpSwitchForwarder::Install: node " << node->GetId()
                                                          << " already has a forwarder");
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4,
                    "EcmpSwitchForwarder::Install: node " << node->GetId()
                                                          << " has no IPv4 stack");
    Ptr<Ipv4FlowEcmpRouting> routing = FindEcmpRouting(ipv4);
    NS_ABORT_MSG_IF(!routing && fastPath,
                    "EcmpSwitchForwarder::Install: node "
                        << node->GetId()
                        << " does not route with Ipv4FlowEcmpRouting (its first protocol)");

    Ptr<EcmpSwitchForwarder> fwd = CreateObject<EcmpSwitchForwarder>();
    fwd->m_l3 = node->GetObject<Ipv4L3Protocol>();
    fwd->m_tc = node->GetObject<TrafficControlLayer>();
    fwd->m_table = routing ? routing->GetForwardingTable() : nullptr;
    fwd->m_fastPath = fastPath;
    fwd->m_order = order;
    fwd->m_checksums = Node::ChecksumEnabled();
    NS_ABORT_MSG_IF(!fwd->m_l3,
                    "EcmpSwitchForwarder::Install: node " << node->GetId()
                                                          << " has no Ipv4L3Protocol");
    for (uint32_t i = 0; i < ipv4->GetNInterfaces(); ++i)
    {
        fwd->m_interfaces.push_back(fwd->m_l3->GetInterface(i));
    }
    fwd->m_ifByDevice.assign(node->GetNDevices(), -1);
    for (uint32_t d = 0; d < node->GetNDevices(); ++d)
    {
        Ptr<NetDevice> dev = node->GetDevice(d);
        const int32_t iface = ipv4->GetInterfaceForDevice(dev);
        if (iface < 0 || dev->NeedsArp())
        {
            continue; // loopback, devices without IPv4, devices that need ARP: unchanged
        }
        fwd->m_ifByDevice[d] = iface;
        dev->SetReceiveCallback(MakeCallback(&EcmpSwitchForwarder::Receive, PeekPointer(fwd)));
    }
    node->AggregateObject(fwd);
    return fwd;
}

uint64_t
EcmpSwitchForwarder::GetNForwarded() const
{
    return m_forwarded;
}

uint64_t
EcmpSwitchForwarder::GetNDelegated() const
{
    return m_delegated;
}

bool
EcmpSwitchForwarder::Delegate(Ptr<NetDevice> device,
                              Ptr<const Packet> packet,
                              uint16_t protocol,
                              const Address& from)
{
    ++m_delegated;
    // What Node::NonPromiscReceiveFromDevice would do with the handlers a switch has: the
    // traffic-control layer dispatches to Ipv4L3Protocol::Receive (or ARP).
    if (m_tc)
    {
        m_tc->Receive(device, packet, protocol, from, device->GetAddress(), NetDevice::PACKET_HOST);
    }
    else if (protocol == kIpv4)
    {
        m_l3->Receive(device, packet, protocol, from, device->GetAddress(), NetDevice::PACKET_HOST);
    }
    return true;
}

bool
EcmpSwitchForwarder::Receive(Ptr<NetDevice> device,
                             Ptr<const Packet> p,
                             uint16_t protocol,
                             const Address& from)
{
    if (m_order == EVENT_ORDER)
    {
        return Handle(device, p, protocol, from);
    }
    // INGRESS_ORDER: every arrival of this instant is already in the event queue (links have a
    // delay), so an event scheduled now runs after all of them. The first arrival of an
    // instant schedules it (Flush() empties the list).
    if (m_pending.empty())
    {
        Simulator::ScheduleNow(&EcmpSwitchForwarder::Flush, this);
    }
    m_pending.push_back(Arrival{device, p, protocol, from});
    return true;
}

void
EcmpSwitchForwarder::Flush()
{
    std::vector<Arrival> arrivals;
    arrivals.swap(m_pending);
    std::stable_sort(arrivals.begin(), arrivals.end(), [](const Arrival& a, const Arrival& b) {
        return a.device->GetIfIndex() < b.device->GetIfIndex();
    });
    for (const Arrival& a : arrivals)
    {
        Handle(a.device, a.packet, a.protocol, a.from);
    }
    arrivals.clear();
    if (m_pending.empty())
    {
        m_pending.swap(arrivals); // keep the capacity
    }
}

void
EcmpSwitchForwarder::RefreshUp()
{
    m_up.resize(m_interfaces.size());
    for (std::size_t i = 0; i < m_interfaces.size(); ++i)
    {
        m_up[i] = m_interfaces[i]->IsUp() ? 1 : 0;
    }
    m_upEpoch = EcmpForwardingTable::GetEpoch();
}

bool
EcmpSwitchForwarder::Handle(Ptr<NetDevice> device,
                            Ptr<const Packet> p,
                            uint16_t protocol,
                            const Address& from)
{
    if (!m_fastPath || protocol != kIpv4 || m_checksums)
    {
        return Delegate(device, p, protocol, from);
    }
    if (m_upEpoch != EcmpForwardingTable::GetEpoch())
    {
        RefreshUp();
    }
    const int32_t iif = m_ifByDevice[device->GetIfIndex()];
    if (iif < 0 || static_cast<std::size_t>(iif) >= m_interfaces.size() || !m_up[iif] ||
        !m_interfaces[iif]->IsForwarding())
    {
        return Delegate(device, p, protocol, from);
    }
    Ptr<Packet> packet = p->Copy();
    Ipv4Header header;
    packet->RemoveHeader(header);
    const Ipv4Address dst = header.GetDestination();
    if (header.GetTtl() <= 1 || packet->GetSize() != header.GetPayloadSize() ||
        dst.IsMulticast() || dst.IsBroadcast())
    {
        return Delegate(device, p, protocol, from);
    }
    // The same lookups, in the same order, as Ipv4FlowEcmpRouting::RouteInput().
    const EcmpForwardingTable::NextHopSet* set = m_table->FindNextHops(dst);
    if (!set || m_table->IsLocalAddress(dst))
    {
        return Delegate(device, p, protocol, from);
    }
    const EcmpForwardingTable::NextHop* decided = &set->hops.front();
    if (set->hops.size() > 1 || m_table->HasPerFlowState())
    {
        const EcmpForwardingTable::FiveTuple tuple =
            EcmpForwardingTable::GetForwardedTuple(header, *packet);
        const uint32_t bytes = packet->GetSize() + header.GetSerializedSize();
        decided = m_table->DecideForward(*set, tuple, bytes, packet);
        if (!decided)
        {
            // The switch's flow table holds the packet until its controller adds a rule;
            // then this path forwards it again (or it is dropped at the hold limit).
            Ptr<EcmpSwitchForwarder> self = this;
            m_table->GetFlowTable()->Hold(
                tuple,
                bytes,
                [self, device, p, protocol, from]() { self->Handle(device, p, protocol, from); },
                packet);
            return true;
        }
    }
    const EcmpForwardingTable::NextHop& hop = *decided;
    if (hop.interface >= m_interfaces.size() || !m_up[hop.interface] ||
        packet->GetSize() + header.GetSerializedSize() > hop.device->GetMtu())
    {
        // SendRealOut's drop of a packet to a down interface, or fragmentation: IPv4's job.
        // (The choice is repeated there with the same result: PER_FLOW draws nothing; a flow
        // table counts such a packet twice.)
        return Delegate(device, p, protocol, from);
    }
    // Ipv4L3Protocol::IpForward: TTL; it and the traffic-control layer leave no priority tag
    // on a packet for a single-queue device.
    header.SetTtl(header.GetTtl() - 1);
    if (m_ecnThreshold > 0)
    {
        MarkIfCongested(header, hop.device);
    }
    SocketPriorityTag priority;
    packet->RemovePacketTag(priority);
    packet->AddHeader(header);
    ++m_forwarded;
    hop.device->Send(packet, hop.device->GetBroadcast(), kIpv4);
    return true;
}

void
EcmpSwitchForwarder::SetEcnThreshold(uint32_t packets)
{
    m_ecnThreshold = packets;
}

uint32_t
EcmpSwitchForwarder::GetEcnThreshold() const
{
    return m_ecnThreshold;
}

uint64_t
EcmpSwitchForwarder::GetNMarked() const
{
    return m_marked;
}

bool
EcmpSwitchForwarder::MarkIfCongested(Ipv4Header& header, Ptr<NetDevice> egress)
{
    const Ipv4Header::EcnType ecn = header.GetEcn();
    if (ecn != Ipv4Header::ECN_ECT0 && ecn != Ipv4Header::ECN_ECT1)
    {
        return false; // not ECN-capable (or marked already): it queues (or is dropped) as before
    }
    Ptr<PointToPointNetDevice> p2p = DynamicCast<PointToPointNetDevice>(egress);
    Ptr<Queue<Packet>> queue = p2p ? p2p->GetQueue() : nullptr;
    if (!queue || queue->GetNPackets() < m_ecnThreshold)
    {
        return false;
    }
    header.SetEcn(Ipv4Header::ECN_CE);
    ++m_marked;
    return true;
}

} // namespace ns3
