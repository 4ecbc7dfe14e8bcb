/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/ecmp-forwarding-table.h"

#include "ns3/abort.h"
#include "ns3/hash.h"
#include "ns3/ipv4-routing-table-entry.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/out-of-band-interfaces.h"
#include "ns3/packet.h"
#include "ns3/sdn-flow-table.h"

#if !MPTCP_GLOBAL_ROUTING_TEMPLATE
#include "ns3/global-router-interface.h" // GlobalRouter's injected routes
#endif

#include <algorithm>
#include <list>
#include <set>
#include <sstream>
#include <tuple>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EcmpForwardingTable");

uint64_t EcmpForwardingTable::s_epoch = 1;

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

} // namespace

bool
EcmpForwardingTable::FiveTuple::operator==(const FiveTuple& o) const
{
    return source == o.source && destination == o.destination && protocol == o.protocol &&
           sourcePort == o.sourcePort && destinationPort == o.destinationPort;
}

bool
EcmpForwardingTable::FiveTuple::operator!=(const FiveTuple& o) const
{
    return !(*this == o);
}

bool
EcmpForwardingTable::FiveTuple::operator<(const FiveTuple& o) const
{
    return std::make_tuple(source.Get(), destination.Get(), protocol, sourcePort, destinationPort) <
           std::make_tuple(o.source.Get(),
                           o.destination.Get(),
                           o.protocol,
                           o.sourcePort,
                           o.destinationPort);
}

std::size_t
EcmpForwardingTable::FiveTupleHash::operator()(const FiveTuple& t) const
{
    return EcmpForwardingTable::HashFlow(t, 0);
}

std::ostream&
operator<<(std::ostream& os, const EcmpForwardingTable::FiveTuple& t)
{
    os << "(" << t.source << ":" << t.sourcePort << " -> " << t.destination << ":"
       << t.destinationPort << " proto " << static_cast<uint32_t>(t.protocol) << ")";
    return os;
}

EcmpForwardingTable::EcmpForwardingTable() = default;

EcmpForwardingTable::~EcmpForwardingTable() = default;

void
EcmpForwardingTable::SetInnerRouting(Ptr<Ipv4GlobalRouting> inner)
{
    NS_ABORT_MSG_IF(!inner, "EcmpForwardingTable::SetInnerRouting: null inner routing");
    m_inner = inner;
    Flush();
}

Ptr<Ipv4GlobalRouting>
EcmpForwardingTable::GetInnerRouting() const
{
    return m_inner;
}

void
EcmpForwardingTable::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
    Flush();
}

Ptr<Ipv4>
EcmpForwardingTable::GetIpv4() const
{
    return m_ipv4;
}

void
EcmpForwardingTable::SetPerPacket(bool perPacket)
{
    m_perPacket = perPacket;
}

bool
EcmpForwardingTable::IsPerPacket() const
{
    return m_perPacket;
}

void
EcmpForwardingTable::SetSalt(uint32_t salt)
{
    m_salt = salt;
}

uint32_t
EcmpForwardingTable::GetSalt() const
{
    return m_salt;
}

void
EcmpForwardingTable::SetPerPacketStream(Ptr<UniformRandomVariable> rng)
{
    m_rand = rng;
}

void
EcmpForwardingTable::InvalidateAllCaches()
{
    ++s_epoch;
}

uint64_t
EcmpForwardingTable::GetEpoch()
{
    return s_epoch;
}

void
EcmpForwardingTable::Flush()
{
    m_slots.clear();
    m_sets.clear();
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
EcmpForwardingTable::Clear()
{
    Flush();
    m_pins.clear();
    m_flowTable = nullptr;
    m_inner = nullptr;
    m_ipv4 = nullptr;
    m_rand = nullptr;
}

void
EcmpForwardingTable::BuildSnapshot()
{
    NS_LOG_FUNCTION(this);
    Flush();
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
    // The subnets of out-of-band interfaces (the SDN control network), on-link through them and
    // nothing else: global routing does not know them, and a host's default route would send
    // them into the fabric. A node without such interfaces has no OutOfBandInterfaces.
    if (Ptr<OutOfBandInterfaces> oob = m_ipv4->GetObject<OutOfBandInterfaces>())
    {
        for (uint32_t i : oob->GetInterfaces())
        {
            for (uint32_t j = 0; i < m_ipv4->GetNInterfaces() && j < m_ipv4->GetNAddresses(i); ++j)
            {
                const Ipv4InterfaceAddress a = m_ipv4->GetAddress(i, j);
                const uint8_t len = PrefixLength(a.GetMask());
                const uint32_t net = a.GetLocal().CombineMask(a.GetMask()).Get();
                m_networkRoutes.byLength[len][net] = {FibEntry{Ipv4Address::GetAny(), i}};
            }
        }
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
EcmpForwardingTable::ComputeNextHops(Ipv4Address destination, NextHopSet& set) const
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
    set.hops.clear();
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
        for (const NextHop& h : set.hops)
        {
            if (h.interface == f.interface && h.gateway == f.gateway)
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
        NextHop h;
        h.gateway = f.gateway;
        h.interface = f.interface;
        h.device = m_ipv4->GetNetDevice(f.interface);
        h.route = Create<Ipv4Route>();
        h.route->SetDestination(destination);
        h.route->SetSource(m_ipv4->GetAddress(f.interface, 0).GetLocal());
        h.route->SetGateway(f.gateway);
        h.route->SetOutputDevice(h.device);
        if (!set.hops.empty() && set.hops.front().interface != f.interface)
        {
            set.multiInterface = true;
        }
        set.hops.push_back(h);
    }
}

std::size_t
EcmpForwardingTable::FindSlot(uint32_t destination) const
{
    // Fibonacci hashing of the address: the top log2(m_slots.size()) bits of the 32-bit
    // product (its middle bits, used before, put the hosts of a k=8 FatTree 4.5 to 7 probes
    // from their slot on average; the top bits 1.0 to 1.3).
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = static_cast<std::size_t>((destination * 2654435769U) >> m_slotShift) & mask;
    while (m_slots[i].set != 0 && m_slots[i].destination != destination)
    {
        i = (i + 1) & mask;
    }
    return i;
}

void
EcmpForwardingTable::GrowSlots()
{
    std::vector<CacheSlot> old;
    old.swap(m_slots);
    m_slots.assign(old.empty() ? 64 : 2 * old.size(), CacheSlot{});
    m_slotShift = 32;
    for (std::size_t n = m_slots.size(); n > 1; n >>= 1)
    {
        --m_slotShift;
    }
    for (const CacheSlot& slot : old)
    {
        if (slot.set != 0)
        {
            m_slots[FindSlot(slot.destination)] = slot;
        }
    }
}

const EcmpForwardingTable::NextHopSet*
EcmpForwardingTable::FindNextHops(Ipv4Address destination)
{
    if (m_epoch != s_epoch)
    {
        Flush();
        m_epoch = s_epoch;
    }
    const uint32_t dst = destination.Get();
    if (!m_slots.empty())
    {
        const CacheSlot& slot = m_slots[FindSlot(dst)];
        if (slot.set != 0)
        {
            const NextHopSet& set = m_sets[slot.set - 1];
            return set.hops.empty() ? nullptr : &set;
        }
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
    if (2 * (m_sets.size() + 1) > m_slots.size())
    {
        GrowSlots();
    }
    m_sets.emplace_back();
    NextHopSet& set = m_sets.back();
    m_slots[FindSlot(dst)] = CacheSlot{dst, static_cast<uint32_t>(m_sets.size())};
    ComputeNextHops(destination, set);
    NS_LOG_LOGIC("next hops to " << destination << ": " << set.hops.size());
    return set.hops.empty() ? nullptr : &set;
}

bool
EcmpForwardingTable::IsLocalAddress(Ipv4Address address) const
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

EcmpForwardingTable::FiveTuple
EcmpForwardingTable::GetForwardedTuple(const Ipv4Header& header, const Packet& payload)
{
    FiveTuple t;
    t.source = header.GetSource();
    t.destination = header.GetDestination();
    t.protocol = header.GetProtocol();
    // The IP header has been removed: L4 starts at offset 0 (only in the first fragment).
    if ((t.protocol == kTcp || t.protocol == kUdp) && header.GetFragmentOffset() == 0)
    {
        ReadPorts(payload, t.sourcePort, t.destinationPort);
    }
    return t;
}

void
EcmpForwardingTable::ReadPorts(const Packet& p, uint16_t& sport, uint16_t& dport)
{
    if (p.GetSize() >= 4)
    {
        uint8_t b[4];
        p.CopyData(b, 4);
        sport = static_cast<uint16_t>((b[0] << 8) | b[1]);
        dport = static_cast<uint16_t>((b[2] << 8) | b[3]);
    }
}

uint32_t
EcmpForwardingTable::HashFlow(const FiveTuple& t, uint32_t salt)
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
EcmpForwardingTable::PickIndex(uint32_t n, const FiveTuple& tuple)
{
    if (n <= 1)
    {
        return 0;
    }
    if (m_perPacket)
    {
        return m_rand->GetInteger(0, n - 1);
    }
    return HashFlow(tuple, m_salt) % n;
}

const EcmpForwardingTable::NextHop*
EcmpForwardingTable::FindPinned(const NextHopSet& set,
                                const FiveTuple& tuple,
                                Ptr<const NetDevice> oif) const
{
    auto it = m_pins.find(tuple);
    if (it == m_pins.end())
    {
        return nullptr;
    }
    for (const NextHop& h : set.hops)
    {
        if (h.gateway == it->second && (!oif || h.device == oif))
        {
            return &h;
        }
    }
    NS_LOG_WARN("pinned gateway " << it->second << " of flow " << tuple
                                  << " is no longer a next hop; using the hash");
    return nullptr;
}

const EcmpForwardingTable::NextHop&
EcmpForwardingTable::SelectForward(const NextHopSet& set, const FiveTuple& tuple)
{
    if (!m_pins.empty())
    {
        if (const NextHop* pinned = FindPinned(set, tuple, nullptr))
        {
            return *pinned;
        }
    }
    return set.hops[PickIndex(static_cast<uint32_t>(set.hops.size()), tuple)];
}

const EcmpForwardingTable::NextHop*
EcmpForwardingTable::DecideForward(const NextHopSet& set,
                                   const FiveTuple& tuple,
                                   uint32_t bytes,
                                   const Ptr<const Packet>& payload)
{
    if (!m_flowTable)
    {
        return &SelectForward(set, tuple);
    }
    if (const SdnFlowTable::FlowRule* rule = m_flowTable->Match(tuple, bytes))
    {
        for (const NextHop& h : set.hops)
        {
            if (h.interface == rule->outputPort)
            {
                return &h;
            }
        }
        m_flowTable->NotifyStaleMatch();
        NS_LOG_WARN("rule of " << tuple << " outputs on port " << rule->outputPort
                               << ", not a next hop towards " << tuple.destination
                               << "; using the hash");
        return &SelectForward(set, tuple);
    }
    if (m_flowTable->GetMissAction() == SdnFlowTable::MISS_HOLD)
    {
        return nullptr;
    }
    const NextHop& h = SelectForward(set, tuple);
    m_flowTable->AddMissEntry(tuple, h.interface, bytes, payload);
    return &h;
}

void
EcmpForwardingTable::SetFlowTable(Ptr<SdnFlowTable> table)
{
    m_flowTable = table;
}

Ptr<SdnFlowTable>
EcmpForwardingTable::GetFlowTable() const
{
    return m_flowTable;
}

bool
EcmpForwardingTable::HasPerFlowState() const
{
    return m_flowTable || !m_pins.empty();
}

const EcmpForwardingTable::NextHop*
EcmpForwardingTable::Select(const NextHopSet& set,
                            const FiveTuple& tuple,
                            Ptr<const NetDevice> oif,
                            bool preferSource)
{
    const uint32_t n = static_cast<uint32_t>(set.hops.size());
    if (!m_pins.empty())
    {
        if (const NextHop* pinned = FindPinned(set, tuple, oif))
        {
            return pinned;
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
                for (const NextHop& h : set.hops)
                {
                    if (h.interface == ifIndex)
                    {
                        wantIf = static_cast<int32_t>(ifIndex);
                        break;
                    }
                }
                break;
            }
        }
    }
    if (wantIf < 0)
    {
        return &set.hops[PickIndex(n, tuple)];
    }

    // Restricted choice among the next hops through interface wantIf, without allocating.
    uint32_t m = 0;
    for (const NextHop& h : set.hops)
    {
        m += (h.interface == static_cast<uint32_t>(wantIf)) ? 1 : 0;
    }
    if (m == 0)
    {
        return nullptr;
    }
    uint32_t k = PickIndex(m, tuple);
    for (const NextHop& h : set.hops)
    {
        if (h.interface == static_cast<uint32_t>(wantIf))
        {
            if (k == 0)
            {
                return &h;
            }
            --k;
        }
    }
    return nullptr; // not reached
}

void
EcmpForwardingTable::PinFlow(const FiveTuple& tuple, Ipv4Address gateway)
{
    NS_LOG_FUNCTION(this << tuple << gateway);
    const NextHopSet* set = FindNextHops(tuple.destination);
    NS_ABORT_MSG_IF(!set,
                    "Ipv4FlowEcmpRouting::PinFlow: node has no route to "
                        << tuple.destination << " (flow " << tuple << ")");
    bool ok = false;
    for (const NextHop& h : set->hops)
    {
        ok = ok || h.gateway == gateway;
    }
    if (!ok)
    {
        std::ostringstream hops;
        for (const NextHop& h : set->hops)
        {
            hops << " " << h.gateway;
        }
        NS_ABORT_MSG("Ipv4FlowEcmpRouting::PinFlow: gateway "
                     << gateway << " is not an equal-cost next hop towards " << tuple.destination
                     << " (flow " << tuple << "); next hops are:" << hops.str());
    }
    m_pins[tuple] = gateway;
}

void
EcmpForwardingTable::UnpinFlow(const FiveTuple& tuple)
{
    m_pins.erase(tuple);
}

void
EcmpForwardingTable::ClearPins()
{
    m_pins.clear();
}

uint32_t
EcmpForwardingTable::GetNPins() const
{
    return static_cast<uint32_t>(m_pins.size());
}

uint64_t
EcmpForwardingTable::GetNCacheMisses() const
{
    return m_cacheMisses;
}

} // namespace ns3
