/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/ipv4-flow-ecmp-routing.h"

#include "ns3/enum.h"
#include "ns3/hash.h"
#include "ns3/ipv4-routing-table-entry.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/uinteger.h"

#if !MPTCP_GLOBAL_ROUTING_TEMPLATE
#include "ns3/global-router-interface.h" // GlobalRouter's injected routes
#endif

#include <algorithm>
#include <list>
#include <set>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Ipv4FlowEcmpRouting");

NS_OBJECT_ENSURE_REGISTERED(Ipv4FlowEcmpRouting);

uint64_t Ipv4FlowEcmpRouting::s_epoch = 1;

namespace
{
#if MPTCP_ECMP_DIRECT_TABLE
/// Type of Ipv4GlobalRouting's route lists.
using RouteList = std::list<Ipv4RoutingTableEntry*>;
/// Type of a pointer to one of them.
using RouteListMember = RouteList Ipv4GlobalRouting::*;

/**
 * Standard C++ way to name a private data member: access checking does not apply to the
 * template arguments of an explicit instantiation ([temp.spec]), and the instantiation defines a
 * friend function returning the member pointer.
 */
template <typename Tag, RouteListMember M>
struct RouteListAccess
{
    /// \return the member pointer
    friend RouteListMember GetRouteList(Tag)
    {
        return M;
    }
};

/// Tag of Ipv4GlobalRouting::m_hostRoutes.
struct HostRoutesTag
{
    /// \return the member pointer (defined by the explicit instantiation below)
    friend RouteListMember GetRouteList(HostRoutesTag);
};

/// Tag of Ipv4GlobalRouting::m_networkRoutes.
struct NetworkRoutesTag
{
    /// \return the member pointer (defined by the explicit instantiation below)
    friend RouteListMember GetRouteList(NetworkRoutesTag);
};

/// Tag of Ipv4GlobalRouting::m_ASexternalRoutes.
struct ExternalRoutesTag
{
    /// \return the member pointer (defined by the explicit instantiation below)
    friend RouteListMember GetRouteList(ExternalRoutesTag);
};

template struct RouteListAccess<HostRoutesTag, &Ipv4GlobalRouting::m_hostRoutes>;
template struct RouteListAccess<NetworkRoutesTag, &Ipv4GlobalRouting::m_networkRoutes>;
template struct RouteListAccess<ExternalRoutesTag, &Ipv4GlobalRouting::m_ASexternalRoutes>;
#endif

/// IP protocol numbers whose first 4 bytes are (source port, destination port).
constexpr uint8_t kTcp = 6;
constexpr uint8_t kUdp = 17;

/**
 * Number of leading one bits of a contiguous mask.
 * \param mask the mask
 * \return the prefix length (0..32)
 */
uint8_t
PrefixLength(Ipv4Mask mask)
{
    return static_cast<uint8_t>(mask.GetPrefixLength());
}

/**
 * Read the 2 transport ports at offset 0 of a packet.
 * \param p the packet (L4 header first)
 * \param [out] sport source port
 * \param [out] dport destination port
 */
inline void
ReadPorts(const Packet& p, uint16_t& sport, uint16_t& dport)
{
    if (p.GetSize() >= 4)
    {
        uint8_t b[4];
        p.CopyData(b, 4);
        sport = static_cast<uint16_t>((b[0] << 8) | b[1]);
        dport = static_cast<uint16_t>((b[2] << 8) | b[3]);
    }
}
} // namespace

bool
Ipv4FlowEcmpRouting::FiveTuple::operator==(const FiveTuple& o) const
{
    return source == o.source && destination == o.destination && protocol == o.protocol &&
           sourcePort == o.sourcePort && destinationPort == o.destinationPort;
}

bool
Ipv4FlowEcmpRouting::FiveTuple::operator!=(const FiveTuple& o) const
{
    return !(*this == o);
}

std::size_t
Ipv4FlowEcmpRouting::FiveTupleHash::operator()(const FiveTuple& t) const
{
    return Ipv4FlowEcmpRouting::HashFlow(t, 0);
}

std::ostream&
operator<<(std::ostream& os, const Ipv4FlowEcmpRouting::FiveTuple& t)
{
    os << "(" << t.source << ":" << t.sourcePort << " -> " << t.destination << ":"
       << t.destinationPort << " proto " << static_cast<uint32_t>(t.protocol) << ")";
    return os;
}

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
                          MPTCP_ENUM_ACCESSOR(Mode, &Ipv4FlowEcmpRouting::m_mode),
                          MakeEnumChecker(Ipv4FlowEcmpRouting::PER_FLOW,
                                          "PER_FLOW",
                                          Ipv4FlowEcmpRouting::PER_PACKET,
                                          "PER_PACKET"))
            .AddAttribute("Salt",
                          "Per-node hash salt (dimensionless 32-bit value) mixed into the "
                          "5-tuple hash so that consecutive tiers choose independently. 0 "
                          "(default) means: use a salt drawn from a random stream at "
                          "construction (differs with --RngRun, reproducible for a given run; "
                          "see AssignStreams).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&Ipv4FlowEcmpRouting::m_salt),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

Ipv4FlowEcmpRouting::Ipv4FlowEcmpRouting()
    : m_mode(PER_FLOW),
      m_salt(0),
      m_drawnSalt(0),
      m_epoch(0),
      m_snapshotValid(false),
      m_cacheMisses(0)
{
    NS_LOG_FUNCTION(this);
    m_saltRng = CreateObject<UniformRandomVariable>();
    m_rand = CreateObject<UniformRandomVariable>();
    m_drawnSalt = m_saltRng->GetInteger(1, 0xfffffffeU);
}

Ipv4FlowEcmpRouting::~Ipv4FlowEcmpRouting()
{
    NS_LOG_FUNCTION(this);
}

void
Ipv4FlowEcmpRouting::DoDispose()
{
    NS_LOG_FUNCTION(this);
    FlushCache();
    m_pins.clear();
    if (m_inner)
    {
        m_inner->Dispose();
        m_inner = nullptr;
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
    m_inner = inner;
    FlushCache();
}

Ptr<Ipv4GlobalRouting>
Ipv4FlowEcmpRouting::GetInnerRouting() const
{
    return m_inner;
}

void
Ipv4FlowEcmpRouting::SetIpv4(Ptr<Ipv4> ipv4)
{
    NS_LOG_FUNCTION(this << ipv4);
    NS_ABORT_MSG_IF(!m_inner,
                    "Ipv4FlowEcmpRouting has no inner Ipv4GlobalRouting: create it with "
                    "Ipv4FlowEcmpRoutingHelper (or call SetInnerRouting before SetIpv4)");
    NS_ASSERT(ipv4);
    m_ipv4 = ipv4;
    m_inner->SetIpv4(ipv4);
    FlushCache();
}

void
Ipv4FlowEcmpRouting::NotifyInterfaceUp(uint32_t interface)
{
    NS_LOG_FUNCTION(this << interface);
    InvalidateAllCaches();
    if (m_inner)
    {
        m_inner->NotifyInterfaceUp(interface);
    }
}

void
Ipv4FlowEcmpRouting::NotifyInterfaceDown(uint32_t interface)
{
    NS_LOG_FUNCTION(this << interface);
    InvalidateAllCaches();
    if (m_inner)
    {
        m_inner->NotifyInterfaceDown(interface);
    }
}

void
Ipv4FlowEcmpRouting::NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
    InvalidateAllCaches();
    if (m_inner)
    {
        m_inner->NotifyAddAddress(interface, address);
    }
}

void
Ipv4FlowEcmpRouting::NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
    InvalidateAllCaches();
    if (m_inner)
    {
        m_inner->NotifyRemoveAddress(interface, address);
    }
}

void
Ipv4FlowEcmpRouting::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit unit) const
{
    std::ostream* os = stream->GetStream();
    *os << "Ipv4FlowEcmpRouting (mode " << (m_mode == PER_FLOW ? "PER_FLOW" : "PER_PACKET")
        << ", salt " << GetSalt() << ", pins " << m_pins.size() << ") over:" << std::endl;
    if (m_inner)
    {
        m_inner->PrintRoutingTable(stream, unit);
    }
}

void
Ipv4FlowEcmpRouting::InvalidateAllCaches()
{
    ++s_epoch;
}

void
Ipv4FlowEcmpRouting::FlushCache()
{
    m_cache.clear();
    m_localAddresses.clear();
    m_localBroadcasts.clear();
    m_hostRoutes.clear();
    for (PrefixTable* t : {&m_networkRoutes, &m_externalRoutes})
    {
        for (auto& m : t->byLength)
        {
            m.clear();
        }
        t->lengths.clear();
    }
    m_snapshotValid = false;
}

void
Ipv4FlowEcmpRouting::BuildSnapshot()
{
    NS_LOG_FUNCTION(this);
    FlushCache();
    NS_ASSERT(m_inner);

    m_localAddresses.clear();
    for (uint32_t i = 0; i < m_ipv4->GetNInterfaces(); ++i)
    {
        for (uint32_t j = 0; j < m_ipv4->GetNAddresses(i); ++j)
        {
            const Ipv4InterfaceAddress a = m_ipv4->GetAddress(i, j);
            m_localAddresses.emplace_back(a.GetLocal().Get(), i);
            m_localBroadcasts.push_back(a.GetBroadcast().Get());
        }
    }

    // Read the table once, in order (host routes, network routes, AS-external routes), and
    // index it.
    const uint32_t n = m_inner->GetNRoutes();
    std::vector<Ipv4RoutingTableEntry> entries;
    entries.reserve(n);
#if MPTCP_ECMP_DIRECT_TABLE
    const Ipv4GlobalRouting& inner = *PeekPointer(m_inner);
    const RouteList& hostList = inner.*GetRouteList(HostRoutesTag());
    const RouteList& networkList = inner.*GetRouteList(NetworkRoutesTag());
    const RouteList& externalList = inner.*GetRouteList(ExternalRoutesTag());
    for (const RouteList* l : {&hostList, &networkList, &externalList})
    {
        for (const Ipv4RoutingTableEntry* e : *l)
        {
            entries.emplace_back(*e);
        }
    }
    NS_ASSERT(entries.size() == n);
    const std::size_t hostEnd = hostList.size();
    const std::size_t externalBegin = hostList.size() + networkList.size();
#else
    // GetRoute(i) walks the lists: O(n^2) overall.
    for (uint32_t i = 0; i < n; ++i)
    {
        entries.emplace_back(*m_inner->GetRoute(i));
    }
    const std::size_t hostEnd = entries.size(); // host routes are recognized by IsHost()

    // AS-external routes are the table's suffix of prefixes injected by some GlobalRouter
    // (GlobalRouter::InjectRoute); the entries themselves do not say which kind they are.
    std::size_t externalBegin = entries.size();
#if !MPTCP_GLOBAL_ROUTING_TEMPLATE
    std::set<std::pair<uint32_t, uint32_t>> injected;
    for (auto it = NodeList::Begin(); it != NodeList::End(); ++it)
    {
        Ptr<GlobalRouter> gr = (*it)->GetObject<GlobalRouter>();
        if (!gr)
        {
            continue;
        }
        for (uint32_t i = 0; i < gr->GetNInjectedRoutes(); ++i)
        {
            Ipv4RoutingTableEntry* e = gr->GetInjectedRoute(i);
            injected.emplace(e->GetDestNetwork().Get(), e->GetDestNetworkMask().Get());
        }
    }
    if (!injected.empty())
    {
        while (externalBegin > 0)
        {
            const Ipv4RoutingTableEntry& e = entries[externalBegin - 1];
            if (e.IsHost() ||
                injected.count({e.GetDestNetwork().Get(), e.GetDestNetworkMask().Get()}) == 0)
            {
                break;
            }
            --externalBegin;
        }
    }
#endif
#endif

    for (std::size_t i = 0; i < entries.size(); ++i)
    {
        const Ipv4RoutingTableEntry& e = entries[i];
        FibEntry f{e.GetGateway(), e.GetInterface()};
        if (i < hostEnd && i < externalBegin && e.IsHost())
        {
            m_hostRoutes[e.GetDest().Get()].push_back(f);
            continue;
        }
        PrefixTable& t = (i < externalBegin) ? m_networkRoutes : m_externalRoutes;
        const uint8_t len = PrefixLength(e.GetDestNetworkMask());
        const uint32_t net = e.GetDestNetwork().CombineMask(e.GetDestNetworkMask()).Get();
        t.byLength[len][net].push_back(f);
    }
    for (PrefixTable* t : {&m_networkRoutes, &m_externalRoutes})
    {
        for (int len = 32; len >= 0; --len)
        {
            if (!t->byLength[len].empty())
            {
                t->lengths.push_back(static_cast<uint8_t>(len));
            }
        }
    }
    m_snapshotValid = true;
    NS_LOG_LOGIC("snapshot of " << n << " routes, " << m_hostRoutes.size() << " host destinations");
}

void
Ipv4FlowEcmpRouting::ComputeNextHops(Ipv4Address destination, NextHopSet& set) const
{
    const uint32_t dst = destination.Get();
    const std::vector<FibEntry>* found = nullptr;

    auto h = m_hostRoutes.find(dst);
    if (h != m_hostRoutes.end())
    {
        found = &h->second;
    }
    for (const PrefixTable* t : {&m_networkRoutes, &m_externalRoutes})
    {
        if (found)
        {
            break;
        }
        for (uint8_t len : t->lengths)
        {
            const uint32_t mask = len == 0 ? 0 : (0xffffffffU << (32 - len));
            auto it = t->byLength[len].find(dst & mask);
            if (it != t->byLength[len].end())
            {
                found = &it->second;
                break;
            }
        }
    }
    set.routes.clear();
    set.interfaces.clear();
    set.multiInterface = false;
    if (!found)
    {
        return;
    }

    // Deduplicate (gateway, interface) pairs, skip interfaces that are down (until the global
    // routes are recomputed, this gives local fail-over).
    for (const FibEntry& f : *found)
    {
        bool dup = false;
        for (std::size_t i = 0; i < set.routes.size(); ++i)
        {
            if (set.interfaces[i] == f.interface && set.routes[i]->GetGateway() == f.gateway)
            {
                dup = true;
                break;
            }
        }
        if (dup || f.interface >= m_ipv4->GetNInterfaces() || !m_ipv4->IsUp(f.interface) ||
            m_ipv4->GetNAddresses(f.interface) == 0)
        {
            continue;
        }
        Ptr<Ipv4Route> r = Create<Ipv4Route>();
        r->SetDestination(destination);
        r->SetSource(m_ipv4->GetAddress(f.interface, 0).GetLocal());
        r->SetGateway(f.gateway);
        r->SetOutputDevice(m_ipv4->GetNetDevice(f.interface));
        if (!set.interfaces.empty() && set.interfaces.front() != f.interface)
        {
            set.multiInterface = true;
        }
        set.routes.push_back(r);
        set.interfaces.push_back(f.interface);
    }
}

const Ipv4FlowEcmpRouting::NextHopSet*
Ipv4FlowEcmpRouting::FindNextHops(Ipv4Address destination)
{
    if (m_epoch != s_epoch)
    {
        FlushCache();
        m_epoch = s_epoch;
    }
    auto it = m_cache.find(destination.Get());
    if (it != m_cache.end())
    {
        return it->second.routes.empty() ? nullptr : &it->second;
    }
    if (!m_inner || !m_ipv4)
    {
        return nullptr;
    }
    if (!m_snapshotValid)
    {
        BuildSnapshot();
    }
    ++m_cacheMisses;
    NextHopSet& set = m_cache[destination.Get()];
    ComputeNextHops(destination, set);
    NS_LOG_LOGIC("next hops to " << destination << ": " << set.routes.size());
    return set.routes.empty() ? nullptr : &set;
}

bool
Ipv4FlowEcmpRouting::IsLocalAddress(Ipv4Address address) const
{
    const uint32_t a = address.Get();
    for (const auto& la : m_localAddresses)
    {
        if (la.first == a)
        {
            return true;
        }
    }
    return std::find(m_localBroadcasts.begin(), m_localBroadcasts.end(), a) !=
           m_localBroadcasts.end();
}

uint32_t
Ipv4FlowEcmpRouting::HashFlow(const FiveTuple& t, uint32_t salt)
{
    uint8_t b[17];
    t.source.Serialize(b);
    t.destination.Serialize(b + 4);
    b[8] = t.protocol;
    b[9] = static_cast<uint8_t>(t.sourcePort >> 8);
    b[10] = static_cast<uint8_t>(t.sourcePort);
    b[11] = static_cast<uint8_t>(t.destinationPort >> 8);
    b[12] = static_cast<uint8_t>(t.destinationPort);
    b[13] = static_cast<uint8_t>(salt >> 24);
    b[14] = static_cast<uint8_t>(salt >> 16);
    b[15] = static_cast<uint8_t>(salt >> 8);
    b[16] = static_cast<uint8_t>(salt);
    return Hash32(reinterpret_cast<const char*>(b), sizeof(b));
}

uint32_t
Ipv4FlowEcmpRouting::PickIndex(uint32_t n, const FiveTuple& tuple)
{
    if (n <= 1)
    {
        return 0;
    }
    if (m_mode == PER_PACKET)
    {
        return m_rand->GetInteger(0, n - 1);
    }
    return HashFlow(tuple, GetSalt()) % n;
}

Ptr<Ipv4Route>
Ipv4FlowEcmpRouting::Choose(const NextHopSet& set,
                            const FiveTuple& tuple,
                            Ptr<const NetDevice> oif,
                            bool preferSource)
{
    const uint32_t n = static_cast<uint32_t>(set.routes.size());
    if (!m_pins.empty())
    {
        auto it = m_pins.find(tuple);
        if (it != m_pins.end())
        {
            for (uint32_t i = 0; i < n; ++i)
            {
                if (set.routes[i]->GetGateway() == it->second &&
                    (!oif || set.routes[i]->GetOutputDevice() == oif))
                {
                    return set.routes[i];
                }
            }
            NS_LOG_WARN("pinned gateway " << it->second << " of flow " << tuple
                                          << " is no longer a next hop; using the hash");
        }
    }

    int32_t wantIf = -1;
    if (oif)
    {
        wantIf = m_ipv4->GetInterfaceForDevice(oif);
        if (wantIf < 0)
        {
            return nullptr;
        }
    }
    else if (preferSource && set.multiInterface && tuple.source != Ipv4Address::GetAny())
    {
        const uint32_t src = tuple.source.Get();
        for (const auto& [addr, ifIndex] : m_localAddresses)
        {
            if (addr == src)
            {
                if (std::find(set.interfaces.begin(), set.interfaces.end(), ifIndex) !=
                    set.interfaces.end())
                {
                    wantIf = static_cast<int32_t>(ifIndex);
                }
                break;
            }
        }
    }
    if (wantIf < 0)
    {
        return set.routes[PickIndex(n, tuple)];
    }

    // Restricted choice among the routes through interface wantIf, without allocating.
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        m += (set.interfaces[i] == static_cast<uint32_t>(wantIf)) ? 1 : 0;
    }
    if (m == 0)
    {
        return nullptr;
    }
    uint32_t k = PickIndex(m, tuple);
    for (uint32_t i = 0; i < n; ++i)
    {
        if (set.interfaces[i] == static_cast<uint32_t>(wantIf))
        {
            if (k == 0)
            {
                return set.routes[i];
            }
            --k;
        }
    }
    return nullptr; // not reached
}

Ptr<Ipv4Route>
Ipv4FlowEcmpRouting::RouteOutput(Ptr<Packet> p,
                                 const Ipv4Header& header,
                                 Ptr<NetDevice> oif,
                                 Socket::SocketErrno& sockerr)
{
    NS_LOG_FUNCTION(this << p << header << oif);
    const Ipv4Address dst = header.GetDestination();
    if (!m_inner)
    {
        sockerr = Socket::ERROR_NOROUTETOHOST;
        return nullptr;
    }
    if (dst.IsMulticast() || dst.IsBroadcast())
    {
        return m_inner->RouteOutput(p, header, oif, sockerr);
    }
    const NextHopSet* set = FindNextHops(dst);
    if (!set)
    {
        return m_inner->RouteOutput(p, header, oif, sockerr);
    }
    Ptr<Ipv4Route> r;
    if (set->routes.size() == 1 && !oif && m_pins.empty())
    {
        r = set->routes.front();
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
            ReadPorts(*p, t.sourcePort, t.destinationPort);
        }
        r = Choose(*set, t, oif, true);
        if (!r)
        {
            return m_inner->RouteOutput(p, header, oif, sockerr);
        }
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
    NS_ASSERT(m_inner && m_ipv4);
    const Ipv4Address dst = header.GetDestination();
    if (dst.IsMulticast() || dst.IsBroadcast())
    {
        return m_inner->RouteInput(p, header, idev, ucb, mcb, lcb, ecb);
    }
    // FindNextHops() also brings m_localAddresses up to date.
    const NextHopSet* set = FindNextHops(dst);
    const int32_t iif = m_ipv4->GetInterfaceForDevice(idev);
    if (!set || IsLocalAddress(dst) || iif < 0 || !m_ipv4->IsForwarding(static_cast<uint32_t>(iif)))
    {
        // Local delivery, no route, forwarding disabled: global routing's own handling.
        return m_inner->RouteInput(p, header, idev, ucb, mcb, lcb, ecb);
    }
    if (set->routes.size() == 1 && m_pins.empty())
    {
        ucb(set->routes.front(), p, header);
        return true;
    }
    FiveTuple t;
    t.source = header.GetSource();
    t.destination = dst;
    t.protocol = header.GetProtocol();
    // The IP header has been removed: L4 starts at offset 0 (only in the first fragment).
    if ((t.protocol == kTcp || t.protocol == kUdp) && header.GetFragmentOffset() == 0)
    {
        ReadPorts(*p, t.sourcePort, t.destinationPort);
    }
    Ptr<Ipv4Route> r = Choose(*set, t, nullptr, false);
    if (!r)
    {
        return m_inner->RouteInput(p, header, idev, ucb, mcb, lcb, ecb);
    }
    ucb(r, p, header);
    return true;
}

Ptr<Ipv4Route>
Ipv4FlowEcmpRouting::Lookup(const FiveTuple& tuple)
{
    NS_LOG_FUNCTION(this << tuple);
    const NextHopSet* set = FindNextHops(tuple.destination);
    if (!set)
    {
        return nullptr;
    }
    return Choose(*set, tuple, nullptr, true);
}

uint32_t
Ipv4FlowEcmpRouting::GetNNextHops(Ipv4Address destination)
{
    const NextHopSet* set = FindNextHops(destination);
    return set ? static_cast<uint32_t>(set->routes.size()) : 0;
}

std::vector<Ptr<Ipv4Route>>
Ipv4FlowEcmpRouting::GetNextHops(Ipv4Address destination)
{
    const NextHopSet* set = FindNextHops(destination);
    return set ? set->routes : std::vector<Ptr<Ipv4Route>>();
}

void
Ipv4FlowEcmpRouting::PinFlow(const FiveTuple& tuple, Ipv4Address gateway)
{
    NS_LOG_FUNCTION(this << tuple << gateway);
    const NextHopSet* set = FindNextHops(tuple.destination);
    NS_ABORT_MSG_IF(!set,
                    "Ipv4FlowEcmpRouting::PinFlow: node has no route to "
                        << tuple.destination << " (flow " << tuple << ")");
    bool ok = false;
    for (const auto& r : set->routes)
    {
        ok = ok || r->GetGateway() == gateway;
    }
    if (!ok)
    {
        std::ostringstream hops;
        for (const auto& r : set->routes)
        {
            hops << " " << r->GetGateway();
        }
        NS_ABORT_MSG("Ipv4FlowEcmpRouting::PinFlow: gateway "
                     << gateway << " is not an equal-cost next hop towards " << tuple.destination
                     << " (flow " << tuple << "); next hops are:" << hops.str());
    }
    m_pins[tuple] = gateway;
}

void
Ipv4FlowEcmpRouting::UnpinFlow(const FiveTuple& tuple)
{
    NS_LOG_FUNCTION(this << tuple);
    m_pins.erase(tuple);
}

void
Ipv4FlowEcmpRouting::ClearPins()
{
    NS_LOG_FUNCTION(this);
    m_pins.clear();
}

uint32_t
Ipv4FlowEcmpRouting::GetNPins() const
{
    return static_cast<uint32_t>(m_pins.size());
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
    return m_cacheMisses;
}

int64_t
Ipv4FlowEcmpRouting::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_saltRng->SetStream(stream);
    m_drawnSalt = m_saltRng->GetInteger(1, 0xfffffffeU);
    m_rand->SetStream(stream + 1);
    if (m_inner)
    {
        m_inner->AssignStreams(stream + 2);
    }
    return 3;
}

} // namespace ns3
