/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef ECMP_FORWARDING_TABLE_H
#define ECMP_FORWARDING_TABLE_H

#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/net-device.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"
#include "ns3/simple-ref-count.h"

#if MPTCP_GLOBAL_ROUTING_TEMPLATE
#include "ns3/global-routing.h" // Ipv4GlobalRouting is an alias declared there
#else
#include "ns3/ipv4-global-routing.h"
#endif

#include <cstdint>
#include <deque>
#include <ostream>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ns3
{

class Packet;
class SdnFlowTable;

/**
 * \ingroup mptcp
 * \brief The forwarding table of one node doing per-flow (or per-packet) ECMP: the equal-cost
 * next hops of every destination, the per-flow rules (pins) and the choice among next hops.
 *
 * It is the one place where a forwarding decision is made, shared by both forwarding paths of
 * a node: Ipv4FlowEcmpRouting (ns-3's IPv4 stack calls its RouteInput()/RouteOutput()) and
 * EcmpSwitchForwarder (the fabric switches' forwarding path below IPv4), which hold the same
 * object, so the two can never choose differently.
 *
 * Next hops come from an inner Ipv4GlobalRouting that ns-3's GlobalRouteManager fills. For
 * each destination address seen, the equal-cost next hops are computed once with global
 * routing's own selection rule (host routes matching the destination; otherwise matching
 * network routes, longest prefix first; otherwise AS-external routes, longest prefix first) and
 * cached with a ready-made Ipv4Route, the output interface and device of each; next hops
 * through interfaces that are down are left out (local fail-over until the routes are
 * recomputed). The inner table is read once per node and cache epoch into hash-indexed tables.
 * The per-packet cost is one hash-table lookup plus, with more than one next hop, one Murmur3
 * hash of 17 bytes (ns3::Hash32), without allocation.
 *
 * Choice (seed 000 §2, flow-based ECMP): a pinned flow (PinFlow(), the per-flow rules of a
 * controller) takes its pinned gateway; otherwise next hop <tt>Hash32(5-tuple, salt) % n</tt>
 * (PER_FLOW) or a uniformly random one (PER_PACKET, packet spraying).
 *
 * The cache is dropped by Flush() and whenever the global epoch changes
 * (InvalidateAllCaches()).
 */
class EcmpForwardingTable : public SimpleRefCount<EcmpForwardingTable>
{
  public:
    /**
     * \brief The 5-tuple that identifies a flow for ECMP hashing and per-flow rules.
     *
     * Ports are 0 for protocols other than TCP (6) and UDP (17).
     */
    struct FiveTuple
    {
        Ipv4Address source;          //!< IPv4 source address.
        Ipv4Address destination;     //!< IPv4 destination address.
        uint8_t protocol{0};         //!< IP protocol number (6 = TCP, 17 = UDP).
        uint16_t sourcePort{0};      //!< Transport source port.
        uint16_t destinationPort{0}; //!< Transport destination port.

        /**
         * \param o the other tuple
         * \return true if all five fields are equal
         */
        bool operator==(const FiveTuple& o) const;
        /**
         * \param o the other tuple
         * \return true if any field differs
         */
        bool operator!=(const FiveTuple& o) const;
        /**
         * \brief Total order: source address, destination address, protocol, source port,
         * destination port (numeric values), the order of SdnFlowTable::GetRules() and of
         * Hedera's elephants.
         * \param o the other tuple
         * \return true if this tuple comes first
         */
        bool operator<(const FiveTuple& o) const;
    };

    /// Hash functor so that FiveTuple can key an std::unordered_map.
    struct FiveTupleHash
    {
        /**
         * \param t the tuple
         * \return the Murmur3 hash of the packed tuple (no salt)
         */
        std::size_t operator()(const FiveTuple& t) const;
    };

    /// One equal-cost next hop.
    struct NextHop
    {
        Ptr<Ipv4Route> route;  //!< Ready-made route (source: the interface's first address).
        Ipv4Address gateway;   //!< Next-hop address (0.0.0.0 for on-link).
        uint32_t interface{0}; //!< Output interface index.
        Ptr<NetDevice> device; //!< Output device.
    };

    /// The equal-cost next hops towards one destination, in the order used for hashing.
    struct NextHopSet
    {
        std::vector<NextHop> hops;  //!< The next hops (at least one in a cached, routable set).
        bool multiInterface{false}; //!< Whether the hops use more than one output interface.
    };

    EcmpForwardingTable();
    ~EcmpForwardingTable();

    /**
     * \param inner the Ipv4GlobalRouting whose routes are used (not null)
     */
    void SetInnerRouting(Ptr<Ipv4GlobalRouting> inner);
    /// \return the inner global routing (nullptr if none was set)
    Ptr<Ipv4GlobalRouting> GetInnerRouting() const;
    /**
     * \param ipv4 the node's IPv4 stack (interfaces, addresses, up/down state)
     */
    void SetIpv4(Ptr<Ipv4> ipv4);
    /// \return the node's IPv4 stack (nullptr before SetIpv4())
    Ptr<Ipv4> GetIpv4() const;
    /**
     * \param perPacket true: a uniformly random next hop per packet (PER_PACKET); false: the
     *        hash of the 5-tuple (PER_FLOW, default)
     */
    void SetPerPacket(bool perPacket);
    /// \return whether the choice is per packet
    bool IsPerPacket() const;
    /**
     * \param salt the effective per-node salt (dimensionless 32-bit value) mixed into the hash
     */
    void SetSalt(uint32_t salt);
    /// \return the effective per-node salt
    uint32_t GetSalt() const;
    /**
     * \param rng the stream of the per-packet choice (PER_PACKET)
     */
    void SetPerPacketStream(Ptr<UniformRandomVariable> rng);

    /**
     * \param destination an IPv4 unicast address
     * \return the next-hop set (cached), or nullptr if there is no route
     */
    const NextHopSet* FindNextHops(Ipv4Address destination);
    /**
     * \param address an address
     * \return whether it is one of this node's addresses or interface broadcast addresses
     *         (valid after FindNextHops())
     */
    bool IsLocalAddress(Ipv4Address address) const;

    /**
     * \brief The 5-tuple of a packet being forwarded: addresses and protocol from the IPv4
     * header, ports from the first 4 bytes of the payload for TCP and UDP in the first fragment
     * (0 otherwise). Both forwarding paths read a packet's tuple with this function.
     * \param header the packet's IPv4 header
     * \param payload the packet without its IPv4 header
     * \return the tuple
     */
    static FiveTuple GetForwardedTuple(const Ipv4Header& header, const Packet& payload);
    /**
     * \brief Read the transport ports: the first 4 bytes of a packet that starts with a TCP or
     * UDP header (left unchanged if the packet is shorter).
     * \param p the packet
     * \param [out] sport the source port
     * \param [out] dport the destination port
     */
    static void ReadPorts(const Packet& p, uint16_t& sport, uint16_t& dport);

    /**
     * \brief The next hop of a forwarded packet (no interface restriction): the pinned gateway
     * of a pinned flow, else the hash (or per-packet draw) among all next hops. What both
     * forwarding paths of a switch use.
     * \param set the equal-cost set (non-empty)
     * \param tuple the packet's flow
     * \return the chosen next hop (never nullptr)
     */
    const NextHop& SelectForward(const NextHopSet& set, const FiveTuple& tuple);
    /**
     * \brief The decision for a forwarded packet on a switch that may have a flow table
     * (SetFlowTable()): a rule of the flow table whose port is a next hop (counting the
     * packet); else, without a rule, the table's miss action (MISS_ECMP: SelectForward()'s
     * choice and a new counting entry with a Packet-In; MISS_HOLD: nullptr, the caller hands
     * the packet to SdnFlowTable::Hold()); a stale rule falls back to SelectForward(). Without
     * a flow table it is SelectForward(). Both forwarding paths of a switch call it.
     * \param set the equal-cost set (non-empty)
     * \param tuple the packet's flow
     * \param bytes the packet's IPv4 size (header and payload), bytes, for the rule counters
     * \param payload the packet's IPv4 payload, for a Packet-In (looked at only on a miss)
     * \return the next hop, or nullptr if the packet is to be held
     */
    const NextHop* DecideForward(const NextHopSet& set,
                                 const FiveTuple& tuple,
                                 uint32_t bytes,
                                 const Ptr<const Packet>& payload);
    /**
     * \brief Give this switch an OpenFlow-style flow table (nullptr: none, the default). While
     * it has one, every forwarded packet goes through DecideForward()'s rule lookup, also
     * towards destinations with a single next hop.
     * \param table the flow table
     */
    void SetFlowTable(Ptr<SdnFlowTable> table);
    /// \return the flow table (nullptr if none)
    Ptr<SdnFlowTable> GetFlowTable() const;
    /**
     * \return whether a forwarded packet's next hop can depend on per-flow state (pins or a
     * flow table), so that even a single next hop must go through DecideForward()
     */
    bool HasPerFlowState() const;
    /**
     * \brief The next hop of a flow, optionally restricted to one output device, optionally
     * preferring the interface that owns the source address (multi-homed hosts).
     * \param set the equal-cost set
     * \param tuple the flow
     * \param oif the required output device, or nullptr
     * \param preferSource whether to prefer the interface owning tuple.source
     * \return the chosen next hop, nullptr if oif matches none
     */
    const NextHop* Select(const NextHopSet& set,
                          const FiveTuple& tuple,
                          Ptr<const NetDevice> oif,
                          bool preferSource);

    /**
     * \brief Force one flow onto an explicit next hop (a per-flow rule; overrides the hash
     * and the mode). Aborts (NS_ABORT_MSG) if there is no route to tuple.destination or if
     * gateway is not one of its equal-cost next hops.
     * \param tuple the flow (exact 5-tuple)
     * \param gateway the next-hop address
     */
    void PinFlow(const FiveTuple& tuple, Ipv4Address gateway);
    /**
     * \param tuple the flow whose pin is removed (no-op if not pinned)
     */
    void UnpinFlow(const FiveTuple& tuple);
    /// Remove all pins.
    void ClearPins();
    /// \return the number of pinned flows
    uint32_t GetNPins() const;
    /// \return the number of next-hop sets computed (cache misses)
    uint64_t GetNCacheMisses() const;

    /// Drop the snapshot of the inner table and the per-destination cache.
    void Flush();
    /// Drop everything (references to the stack, routing, pins): for DoDispose().
    void Clear();

    /**
     * \brief Invalidate the caches of every EcmpForwardingTable (bumps a global epoch). Call
     * after the global routes have been recomputed.
     */
    static void InvalidateAllCaches();

    /**
     * \return the global cache epoch: it changes with every InvalidateAllCaches(), which
     * Ipv4FlowEcmpRouting calls when an interface goes up or down or its addresses change.
     */
    static uint64_t GetEpoch();

    /**
     * \brief Murmur3 hash of a 5-tuple with a salt, as used for the PER_FLOW choice.
     * \param tuple the flow
     * \param salt the per-node salt
     * \return the 32-bit hash of the packed bytes (src, dst, proto, sport, dport, salt)
     */
    static uint32_t HashFlow(const FiveTuple& tuple, uint32_t salt);

  private:
    /// One route of the inner table (snapshot).
    struct FibEntry
    {
        Ipv4Address gateway; //!< Next-hop address (0.0.0.0 for on-link).
        uint32_t interface;  //!< Output interface index.
    };

    /// Prefix table: (prefix length, masked network) -> entries.
    struct PrefixTable
    {
        /// Per prefix length 0..32: network -> entries.
        std::unordered_map<uint32_t, std::vector<FibEntry>> byLength[33];
        std::vector<uint8_t> lengths; //!< Prefix lengths present, longest first.
    };

    /// Rebuild the indexed snapshot of the inner table.
    void BuildSnapshot();
    /**
     * \param destination the destination
     * \param set the set to fill
     */
    void ComputeNextHops(Ipv4Address destination, NextHopSet& set) const;
    /**
     * \param n the number of candidates (> 0)
     * \param tuple the flow
     * \return an index in [0, n)
     */
    uint32_t PickIndex(uint32_t n, const FiveTuple& tuple);
    /**
     * \param set the equal-cost set
     * \param tuple the flow
     * \param oif required output device, or nullptr
     * \return the pinned next hop of tuple, or nullptr if none applies
     */
    const NextHop* FindPinned(const NextHopSet& set,
                              const FiveTuple& tuple,
                              Ptr<const NetDevice> oif) const;

    Ptr<Ipv4GlobalRouting> m_inner;    //!< The global routing whose routes are used.
    Ptr<Ipv4> m_ipv4;                  //!< The node's IPv4 stack.
    bool m_perPacket{false};           //!< PER_PACKET choice.
    uint32_t m_salt{0};                //!< Effective per-node salt.
    Ptr<UniformRandomVariable> m_rand; //!< Per-packet choice (PER_PACKET).

    uint64_t m_epoch{0};         //!< Global epoch the cache was built for.
    bool m_snapshotValid{false}; //!< Whether the snapshot below is current.
    std::unordered_map<uint32_t, std::vector<FibEntry>> m_hostRoutes; //!< Host routes by dest.
    PrefixTable m_networkRoutes;                                      //!< Network routes.
    PrefixTable m_externalRoutes;                                     //!< AS-external routes.
    /// One slot of the destination cache (open addressing, linear probing).
    struct CacheSlot
    {
        uint32_t destination{0}; //!< Destination address (host order).
        uint32_t set{0};         //!< 1 + index into m_sets; 0: empty slot.
    };

    /**
     * \param destination a destination address (host order)
     * \return the slot of destination in m_slots, or of the empty slot where it belongs
     */
    std::size_t FindSlot(uint32_t destination) const;
    /// Double m_slots and reinsert every cached destination.
    void GrowSlots();

    /// Destination -> next hops: a flat table of slots (a power of two, at most half full)
    /// pointing into m_sets, whose elements stay in place as it grows (std::deque).
    std::vector<CacheSlot> m_slots;
    /// 32 - log2(m_slots.size()): FindSlot keeps the top bits of the product.
    uint32_t m_slotShift{32};
    std::deque<NextHopSet> m_sets; //!< The cached next-hop sets.
    /// This node's (address, interface) pairs, for the source-interface preference.
    std::vector<std::pair<uint32_t, uint32_t>> m_localAddresses;
    std::vector<uint32_t> m_localBroadcasts; //!< Subnet broadcast addresses of the interfaces.
    std::unordered_map<FiveTuple, Ipv4Address, FiveTupleHash> m_pins; //!< Pinned flows.
    Ptr<SdnFlowTable> m_flowTable; //!< The switch's flow table (nullptr: none).
    uint64_t m_cacheMisses{0}; //!< Number of next-hop sets computed.

    static uint64_t s_epoch; //!< Global cache epoch.
};

/**
 * \param os output stream
 * \param t the 5-tuple
 * \return os
 */
std::ostream& operator<<(std::ostream& os, const EcmpForwardingTable::FiveTuple& t);

} // namespace ns3

#endif /* ECMP_FORWARDING_TABLE_H */
