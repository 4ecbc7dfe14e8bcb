/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/ipv4-flow-ecmp-routing.h"

#include "ns3/sdn-flow-table.h"

#include "ns3/enum.h"
#include "ns3/hash.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Ipv4FlowEcmpRouting");

NS_OBJECT_ENSURE_REGISTERED(Ipv4FlowEcmpRouting);

namespace
{
/// IP protocol number of TCP.
constexpr uint8_t kTcp = 6;
} // namespace

TypeId
Ipv4FlowEcmpRouting::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::Ipv4FlowEcmpRouting")
            .SetParent<Ipv4RoutingProtocol>()
            .SetGroupName("Mptcp")
            .AddConstructor<Ipv4FlowEcmpRouting>()
            .AddAttribute("Mode",
                          "How a next hop is chosen among equal-cost next hops: PER_FLOW (hash "
                          "of the 5-tuple and the per-node salt, flow-based ECMP; default) or "
                          "PER_PACKET (uniformly random next hop for every packet, packet "
                          "spraying).",
                          EnumValue(Ipv4FlowEcmpRouting::PER_FLOW),
                          MPTCP_ENUM_ACCESSOR(Mode, &Ipv4FlowEcmpRouting::SetMode, &Ipv4FlowEcmpRouting::GetMode),
                          MakeEnumChecker(Ipv4FlowEcmpRouting::PER_FLOW,
                                          "PER_FLOW",
                                          Ipv4FlowEcmpRouting::PER_PACKET,
                                          "PER_PACKET"))
            .AddAttribute("Salt",
                          "Per-node hash salt (dimensionless 32-bit value) mixed into the "
                          "5-tuple hash so that consecutive tiers choose independently. 0 "
                          "(default) means: derive it from the node's id and the run "
                          "(RngSeedManager's seed and run number; see DeriveSalt), so that "
                          "the paths of a run do not depend on how many random variables "
                          "were created before the fabric nor on the ns-3 release; "
                          "AssignStreams draws it from a stream instead.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&Ipv4FlowEcmpRouting::SetSaltAttribute,
                                               &Ipv4FlowEcmpRouting::GetSaltAttribute),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

Ipv4FlowEcmpRouting::Ipv4FlowEcmpRouting()
    : m_table(Create<EcmpForwardingTable>()),
      m_mode(PER_FLOW),
      m_salt(0),
      m_drawnSalt(0)
{
    NS_LOG_FUNCTION(this);
    // The per-packet stream gets a fixed number from the node's id in SetIpv4; no result
    // depends on the automatic stream it has until then.
    m_rand = CreateObject<UniformRandomVariable>();
    m_table->SetPerPacketStream(m_rand);
    m_table->SetSalt(GetSalt());
}

void
Ipv4FlowEcmpRouting::SetMode(Mode mode)
{
    m_mode = mode;
    m_table->SetPerPacket(mode == PER_PACKET);
}

void
Ipv4FlowEcmpRouting::SetSaltAttribute(uint32_t salt)
{
    m_salt = salt;
    m_table->SetSalt(GetSalt());
}

uint32_t
Ipv4FlowEcmpRouting::GetSaltAttribute() const
{
    return m_salt;
}

Ptr<EcmpForwardingTable>
Ipv4FlowEcmpRouting::GetForwardingTable() const
{
    return m_table;
}

Ipv4FlowEcmpRouting::~Ipv4FlowEcmpRouting()
{
    NS_LOG_FUNCTION(this);
}

void
Ipv4FlowEcmpRouting::DoDispose()
{
    NS_LOG_FUNCTION(this);
    Ptr<Ipv4GlobalRouting> inner = m_table->GetInnerRouting();
    m_table->Clear();
    if (inner)
    {
        inner->Dispose();
    }
    m_ipv4 = nullptr;
    m_saltRng = nullptr;
    m_rand = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

void
Ipv4FlowEcmpRouting::SetInnerRouting(Ptr<Ipv4GlobalRouting> inner)
{
    NS_LOG_FUNCTION(this << inner);
    NS_ABORT_MSG_IF(!inner, "Ipv4FlowEcmpRouting::SetInnerRouting: null inner routing");
    m_table->SetInnerRouting(inner);
}

Ptr<Ipv4GlobalRouting>
Ipv4FlowEcmpRouting::GetInnerRouting() const
{
    return m_table->GetInnerRouting();
}

void
Ipv4FlowEcmpRouting::SetIpv4(Ptr<Ipv4> ipv4)
{
    NS_LOG_FUNCTION(this << ipv4);
    Ptr<Ipv4GlobalRouting> inner = m_table->GetInnerRouting();
    NS_ABORT_MSG_IF(!inner,
                    "Ipv4FlowEcmpRouting has no inner Ipv4GlobalRouting: create it with "
                    "Ipv4FlowEcmpRoutingHelper (or call SetInnerRouting before SetIpv4)");
    NS_ASSERT(ipv4);
    m_ipv4 = ipv4;
    inner->SetIpv4(ipv4);
    m_table->SetIpv4(ipv4);
    Ptr<Node> node = ipv4->GetObject<Node>();
    if (node && !m_streamsAssigned)
    {
        m_drawnSalt = DeriveSalt(node->GetId());
        m_table->SetSalt(GetSalt());
        m_rand->SetStream(PER_PACKET_STREAM_BASE + node->GetId());
    }
}

uint32_t
Ipv4FlowEcmpRouting::DeriveSalt(uint32_t nodeId)
{
    // Murmur3 (ns3::Hash32) of the seed, the run and the node id, little-endian: the same on
    // every ns-3 release and whatever was created before the fabric.
    uint8_t b[16];
    const uint32_t seed = RngSeedManager::GetSeed();
    const uint64_t run = RngSeedManager::GetRun();
    for (int i = 0; i < 4; ++i)
    {
        b[i] = static_cast<uint8_t>(seed >> (8 * i));
        b[12 + i] = static_cast<uint8_t>(nodeId >> (8 * i));
    }
    for (int i = 0; i < 8; ++i)
    {
        b[4 + i] = static_cast<uint8_t>(run >> (8 * i));
    }
    uint32_t salt = Hash32(reinterpret_cast<const char*>(b), sizeof(b));
    return salt != 0 ? salt : 1; // 0 means "not set"
}

void
Ipv4FlowEcmpRouting::NotifyInterfaceUp(uint32_t interface)
{
    NS_LOG_FUNCTION(this << interface);
    InvalidateAllCaches();
    if (Ptr<Ipv4GlobalRouting> inner = m_table->GetInnerRouting())
    {
        inner->NotifyInterfaceUp(interface);
    }
}

void
Ipv4FlowEcmpRouting::NotifyInterfaceDown(uint32_t interface)
{
    NS_LOG_FUNCTION(this << interface);
    InvalidateAllCaches();
    if (Ptr<Ipv4GlobalRouting> inner = m_table->GetInnerRouting())
    {
        inner->NotifyInterfaceDown(interface);
    }
}

void
Ipv4FlowEcmpRouting::NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
    InvalidateAllCaches();
    if (Ptr<Ipv4GlobalRouting> inner = m_table->GetInnerRouting())
    {
        inner->NotifyAddAddress(interface, address);
    }
}

void
Ipv4FlowEcmpRouting::NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
    InvalidateAllCaches();
    if (Ptr<Ipv4GlobalRouting> inner = m_table->GetInnerRouting())
    {
        inner->NotifyRemoveAddress(interface, address);
    }
}

void
Ipv4FlowEcmpRouting::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit unit) const
{
    std::ostream* os = stream->GetStream();
    *os << "Ipv4FlowEcmpRouting (mode " << (m_mode == PER_FLOW ? "PER_FLOW" : "PER_PACKET")
        << ", salt " << GetSalt() << ", pins " << m_table->GetNPins() << ") over:" << std::endl;
    if (Ptr<Ipv4GlobalRouting> inner = m_table->GetInnerRouting())
    {
        inner->PrintRoutingTable(stream, unit);
    }
}

void
Ipv4FlowEcmpRouting::InvalidateAllCaches()
{
    EcmpForwardingTable::InvalidateAllCaches();
}

uint32_t
Ipv4FlowEcmpRouting::HashFlow(const FiveTuple& tuple, uint32_t salt)
{
    return EcmpForwardingTable::HashFlow(tuple, salt);
}

Ptr<Ipv4Route>
Ipv4FlowEcmpRouting::RouteOutput(Ptr<Packet> p,
                                 const Ipv4Header& header,
                                 Ptr<NetDevice> oif,
                                 Socket::SocketErrno& sockerr)
{
    NS_LOG_FUNCTION(this << p << header << oif);
    const Ipv4Address dst = header.GetDestination();
    Ptr<Ipv4GlobalRouting> inner = m_table->GetInnerRouting();
    if (!inner)
    {
        sockerr = Socket::ERROR_NOROUTETOHOST;
        return nullptr;
    }
    if (dst.IsMulticast() || dst.IsBroadcast())
    {
        return inner->RouteOutput(p, header, oif, sockerr);
    }
    const EcmpForwardingTable::NextHopSet* set = m_table->FindNextHops(dst);
    if (!set)
    {
        return inner->RouteOutput(p, header, oif, sockerr);
    }
    Ptr<Ipv4Route> r;
    if (set->hops.size() == 1 && !oif && m_table->GetNPins() == 0)
    {
        r = set->hops.front().route;
    }
    else
    {
        FiveTuple t;
        t.source = header.GetSource();
        t.destination = dst;
        t.protocol = header.GetProtocol();
        // TCP adds its header before calling RouteOutput; UDP does not (ports 0 then).
        if (p && t.protocol == kTcp)
        {
            EcmpForwardingTable::ReadPorts(*p, t.sourcePort, t.destinationPort);
        }
        const EcmpForwardingTable::NextHop* h = m_table->Select(*set, t, oif, true);
        if (!h)
        {
            return inner->RouteOutput(p, header, oif, sockerr);
        }
        r = h->route;
    }
    sockerr = Socket::ERROR_NOTERROR;
    return r;
}

bool
Ipv4FlowEcmpRouting::RouteInput(Ptr<const Packet> p,
                                const Ipv4Header& header,
                                Ptr<const NetDevice> idev,
                                MPTCP_ROUTE_INPUT_CB(UnicastForwardCallback) ucb,
                                MPTCP_ROUTE_INPUT_CB(MulticastForwardCallback) mcb,
                                MPTCP_ROUTE_INPUT_CB(LocalDeliverCallback) lcb,
                                MPTCP_ROUTE_INPUT_CB(ErrorCallback) ecb)
{
    NS_LOG_FUNCTION(this << p << header << idev);
    Ptr<Ipv4GlobalRouting> inner = m_table->GetInnerRouting();
    NS_ASSERT(inner && m_ipv4);
    const Ipv4Address dst = header.GetDestination();
    if (dst.IsMulticast() || dst.IsBroadcast())
    {
        return inner->RouteInput(p, header, idev, ucb, mcb, lcb, ecb);
    }
    // FindNextHops() also brings the table's local addresses up to date.
    const EcmpForwardingTable::NextHopSet* set = m_table->FindNextHops(dst);
    const int32_t iif = m_ipv4->GetInterfaceForDevice(idev);
    if (!set || m_table->IsLocalAddress(dst) || iif < 0 ||
        !m_ipv4->IsForwarding(static_cast<uint32_t>(iif)))
    {
        // Local delivery, no route, forwarding disabled: global routing's own handling.
        return inner->RouteInput(p, header, idev, ucb, mcb, lcb, ecb);
    }
    if (set->hops.size() == 1 && !m_table->HasPerFlowState())
    {
        ucb(set->hops.front().route, p, header);
        return true;
    }
    // The switch forwarding path (EcmpSwitchForwarder) makes the same calls.
    const FiveTuple tuple = EcmpForwardingTable::GetForwardedTuple(header, *p);
    const uint32_t bytes = p->GetSize() + header.GetSerializedSize();
    const EcmpForwardingTable::NextHop* h = m_table->DecideForward(*set, tuple, bytes, p);
    if (!h)
    {
        // Held by the switch's flow table until its controller adds a rule for the flow.
        Ptr<Ipv4FlowEcmpRouting> self = this;
        m_table->GetFlowTable()->Hold(
            tuple,
            bytes,
            [self, p, header, idev, ucb, mcb, lcb, ecb]() {
                self->RouteInput(p, header, idev, ucb, mcb, lcb, ecb);
            },
            p);
        return true;
    }
    ucb(h->route, p, header);
    return true;
}

Ptr<Ipv4Route>
Ipv4FlowEcmpRouting::Lookup(const FiveTuple& tuple)
{
    NS_LOG_FUNCTION(this << tuple);
    const EcmpForwardingTable::NextHopSet* set = m_table->FindNextHops(tuple.destination);
    if (!set)
    {
        return nullptr;
    }
    const EcmpForwardingTable::NextHop* h = m_table->Select(*set, tuple, nullptr, true);
    return h ? h->route : nullptr;
}

uint32_t
Ipv4FlowEcmpRouting::GetNNextHops(Ipv4Address destination)
{
    const EcmpForwardingTable::NextHopSet* set = m_table->FindNextHops(destination);
    return set ? static_cast<uint32_t>(set->hops.size()) : 0;
}

std::vector<Ptr<Ipv4Route>>
Ipv4FlowEcmpRouting::GetNextHops(Ipv4Address destination)
{
    std::vector<Ptr<Ipv4Route>> routes;
    if (const EcmpForwardingTable::NextHopSet* set = m_table->FindNextHops(destination))
    {
        for (const EcmpForwardingTable::NextHop& h : set->hops)
        {
            routes.push_back(h.route);
        }
    }
    return routes;
}

void
Ipv4FlowEcmpRouting::PinFlow(const FiveTuple& tuple, Ipv4Address gateway)
{
    NS_LOG_FUNCTION(this << tuple << gateway);
    m_table->PinFlow(tuple, gateway);
}

void
Ipv4FlowEcmpRouting::UnpinFlow(const FiveTuple& tuple)
{
    NS_LOG_FUNCTION(this << tuple);
    m_table->UnpinFlow(tuple);
}

void
Ipv4FlowEcmpRouting::ClearPins()
{
    NS_LOG_FUNCTION(this);
    m_table->ClearPins();
}

uint32_t
Ipv4FlowEcmpRouting::GetNPins() const
{
    return m_table->GetNPins();
}

uint32_t
Ipv4FlowEcmpRouting::GetSalt() const
{
    return m_salt != 0 ? m_salt : m_drawnSalt;
}

Ipv4FlowEcmpRouting::Mode
Ipv4FlowEcmpRouting::GetMode() const
{
    return m_mode;
}

uint64_t
Ipv4FlowEcmpRouting::GetNCacheMisses() const
{
    return m_table->GetNCacheMisses();
}

int64_t
Ipv4FlowEcmpRouting::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    if (!m_saltRng)
    {
        m_saltRng = CreateObject<UniformRandomVariable>();
    }
    m_streamsAssigned = true;
    m_saltRng->SetStream(stream);
    m_drawnSalt = m_saltRng->GetInteger(1, 0xfffffffeU);
    m_table->SetSalt(GetSalt());
    m_rand->SetStream(stream + 1);
    if (Ptr<Ipv4GlobalRouting> inner = m_table->GetInnerRouting())
    {
        inner->AssignStreams(stream + 2);
    }
    return 3;
}

} // namespace ns3
