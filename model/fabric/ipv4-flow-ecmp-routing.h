/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef IPV4_FLOW_ECMP_ROUTING_H
#define IPV4_FLOW_ECMP_ROUTING_H

#include "ns3/ecmp-forwarding-table.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#if MPTCP_GLOBAL_ROUTING_TEMPLATE
#include "ns3/global-routing.h" // Ipv4GlobalRouting is an alias declared there
#else
#include "ns3/ipv4-global-routing.h"
#endif

#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Per-flow (hash-based) or per-packet ECMP on top of ns-3's global routing.
 *
 * Models the flow-level Equal-Cost Multi-Path forwarding of datacenter switches that
 * Raiciu et al. (SIGCOMM 2011, "Improving Datacenter Performance and Robustness with
 * Multipath TCP", §2) assume for FatTree, VL2 and BCube: every switch hashes the 5-tuple of a
 * packet (source and destination address, protocol, source and destination port) together
 * with a per-switch salt, and sends it to next hop <tt>hash % n</tt> among the n equal-cost
 * next hops. All packets of one TCP connection (or MPTCP subflow) thus follow one path, while
 * different flows are spread (randomly, not evenly) over the paths. The per-switch salt keeps
 * the choices of consecutive tiers independent (no hash polarization).
 *
 * The object wraps an inner Ipv4GlobalRouting whose tables ns-3's GlobalRouteManager fills
 * (Ipv4FlowEcmpRoutingHelper creates both and populates them). SetIpv4(), the Notify*()
 * methods and PrintRoutingTable() are forwarded to the inner object. For each destination
 * address seen, the equal-cost next hops are computed once from the inner table with global
 * routing's own selection rule (host routes matching the destination; otherwise matching
 * network routes, longest prefix first; otherwise AS-external routes, longest prefix first)
 * and cached together with ready-made Ipv4Route objects; next hops through interfaces that are
 * down are left out (local fail-over until the routes are recomputed). The inner table is read
 * once per node and cache epoch into hash-indexed tables (O(n); about 60 ms for all nodes of a
 * k=8 FatTree). The per-packet cost is then one hash table lookup plus, with more than one next
 * hop, one Murmur3 hash of 17 bytes, without linear scan or allocation (ns-3's own
 * Ipv4GlobalRouting scans its whole route list for every packet at every hop).
 *
 * The cache is dropped on every Notify*() call and whenever the global epoch changes
 * (InvalidateAllCaches(), which Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables() and
 * RecomputeRoutingTables() call). If routes are recomputed by other means (e.g. calling
 * Ipv4GlobalRoutingHelper directly), call InvalidateAllCaches() afterwards.
 *
 * Ports: in RouteInput() the IP header has already been removed, so the TCP/UDP ports are the
 * first 4 bytes of the packet (not read for non-first fragments, which then hash with ports 0).
 * In RouteOutput() the ports are read only for TCP, whose header is already on the packet; ns-3's
 * UDP sockets call RouteOutput() before adding the UDP header, so locally originated UDP hashes
 * with ports 0 at its first hop (irrelevant for single-homed hosts, which have one next hop).
 *
 * Multi-homed sources: when the packet's source address belongs to one of this node's
 * interfaces and some of the next hops leave through that interface, only those are used (so a
 * subflow bound to an address leaves through that address's interface).
 *
 * Local delivery, multicast/broadcast and destinations without a route are delegated to the
 * inner object's RouteInput()/RouteOutput(). The subnets of the node's out-of-band interfaces
 * (OutOfBandInterfaces: the SDN controller's control network), which global routing does not
 * know, are on-link routes of the table (EcmpForwardingTable), so that a host's default route
 * does not send them into the fabric; no fabric destination lies in them.
 *
 * A later SDN controller or Hedera-style scheduler can query Lookup()/GetNextHops() and
 * override the hash for single flows with PinFlow().
 */
class Ipv4FlowEcmpRouting : public Ipv4RoutingProtocol
{
  public:
    /// How a next hop is chosen among the equal-cost next hops.
    enum Mode
    {
        PER_FLOW,  ///< Hash of the 5-tuple and the per-node salt (flow-based ECMP; default).
        PER_PACKET ///< Uniformly random next hop for every packet (packet spraying).
    };

    /// The 5-tuple that identifies a flow (EcmpForwardingTable::FiveTuple).
    using FiveTuple = EcmpForwardingTable::FiveTuple;
    /// Hash functor of FiveTuple (EcmpForwardingTable::FiveTupleHash).
    using FiveTupleHash = EcmpForwardingTable::FiveTupleHash;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * Create the object and draw its default per-node salt from a random stream (used when
     * the "Salt" attribute is 0).
     */
    Ipv4FlowEcmpRouting();
    ~Ipv4FlowEcmpRouting() override;

    /**
     * \brief Set the inner global routing object whose routes this object uses.
     *
     * Must be called before SetIpv4() (Ipv4FlowEcmpRoutingHelper::Create() does it).
     * \param inner the Ipv4GlobalRouting that GlobalRouteManager populates
     */
    void SetInnerRouting(Ptr<Ipv4GlobalRouting> inner);
    /**
     * \return the inner global routing object (nullptr if none was set)
     */
    Ptr<Ipv4GlobalRouting> GetInnerRouting() const;
    /**
     * \return the node's forwarding table: the next hops, per-flow rules and choice that this
     *         object and the switch forwarding path (EcmpSwitchForwarder) share
     */
    Ptr<EcmpForwardingTable> GetForwardingTable() const;

    // Inherited from Ipv4RoutingProtocol
    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    MPTCP_ROUTE_INPUT_CB(UnicastForwardCallback) ucb,
                    MPTCP_ROUTE_INPUT_CB(MulticastForwardCallback) mcb,
                    MPTCP_ROUTE_INPUT_CB(LocalDeliverCallback) lcb,
                    MPTCP_ROUTE_INPUT_CB(ErrorCallback) ecb) override;
    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

    /**
     * \brief The route this node would choose for a flow.
     *
     * Applies pins, the source-interface preference and the hash (PER_FLOW) exactly as
     * RouteInput()/RouteOutput() do. In PER_PACKET mode it returns a uniformly random next hop
     * (and consumes one random draw).
     * \param tuple the flow
     * \return the route (shared, do not modify), or nullptr if there is no route to
     *         tuple.destination
     */
    Ptr<Ipv4Route> Lookup(const FiveTuple& tuple);

    /**
     * \param destination an IPv4 unicast address
     * \return the number of equal-cost next hops towards destination (0 if no route)
     */
    uint32_t GetNNextHops(Ipv4Address destination);

    /**
     * \param destination an IPv4 unicast address
     * \return the equal-cost routes towards destination, in the order used for hashing
     *         (shared objects, do not modify); empty if there is no route
     */
    std::vector<Ptr<Ipv4Route>> GetNextHops(Ipv4Address destination);

    /**
     * \brief Force one flow onto an explicit next hop (overrides the hash and the mode).
     *
     * Aborts (NS_ABORT_MSG) if this node has no route to tuple.destination or if gateway is not
     * one of its equal-cost next hops. If a later route recomputation removes the gateway, the
     * pin is ignored (the hash choice is used) until it becomes valid again.
     * \param tuple the flow (exact 5-tuple)
     * \param gateway the next-hop (gateway) address to use
     */
    void PinFlow(const FiveTuple& tuple, Ipv4Address gateway);
    /**
     * \brief Remove the pin of one flow (no-op if the flow is not pinned).
     * \param tuple the flow
     */
    void UnpinFlow(const FiveTuple& tuple);
    /// Remove all pins of this node.
    void ClearPins();
    /**
     * \return the number of pinned flows at this node
     */
    uint32_t GetNPins() const;

    /**
     * \return the effective per-node hash salt (the "Salt" attribute, or the drawn one if 0)
     */
    uint32_t GetSalt() const;
    /**
     * \return the forwarding mode (PER_FLOW or PER_PACKET)
     */
    Mode GetMode() const;

    /**
     * \return how many times the equal-cost next-hop set of a destination had to be computed
     *         (cache misses; a diagnostic for tests and performance work)
     */
    uint64_t GetNCacheMisses() const;

    /**
     * \brief Use fixed random streams: the salt stream (the default salt is redrawn from it),
     * the per-packet stream and the inner global routing's stream.
     * \param stream first stream index to use
     * \return the number of streams assigned (3)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief The default salt of a node: Murmur3 (ns3::Hash32) of RngSeedManager's seed, run
     * number and the node's id, never 0.
     *
     * Depends on nothing else: the flow -> path assignment of a run is the same on every ns-3
     * release and whatever random variables a program created before the fabric.
     * \param nodeId the node's id
     * \return the salt (dimensionless, 1..2^32-1)
     */
    static uint32_t DeriveSalt(uint32_t nodeId);

    /// Fixed random stream of a node's per-packet choice (PER_PACKET): this base + node id
    /// (far above the stream numbers programs assign by hand, below ns-3's automatic ones).
    static constexpr int64_t PER_PACKET_STREAM_BASE = int64_t(1) << 40;

    /**
     * \brief Invalidate the next-hop caches of every Ipv4FlowEcmpRouting object (bumps a
     * global epoch). Call after the global routes have been recomputed.
     */
    static void InvalidateAllCaches();

    /**
     * \brief Murmur3 hash of a 5-tuple with a salt, as used for the PER_FLOW choice.
     * \param tuple the flow
     * \param salt the per-node salt
     * \return the 32-bit hash of the packed bytes (src, dst, proto, sport, dport, salt)
     */
    static uint32_t HashFlow(const FiveTuple& tuple, uint32_t salt);

  protected:
    void DoDispose() override;

  private:
    /**
     * \param mode the forwarding mode ("Mode" attribute)
     */
    void SetMode(Mode mode);
    /**
     * \param salt the "Salt" attribute (0: use the drawn salt)
     */
    void SetSaltAttribute(uint32_t salt);
    /// \return the "Salt" attribute as set (0: the drawn salt is used)
    uint32_t GetSaltAttribute() const;

    Ptr<EcmpForwardingTable> m_table;     //!< Next hops, pins and choice (shared).
    Ptr<Ipv4> m_ipv4;                     //!< The node's IPv4 stack.
    Mode m_mode;                          //!< Forwarding mode.
    uint32_t m_salt;                      //!< "Salt" attribute (0: use m_drawnSalt).
    uint32_t m_drawnSalt;                 //!< DeriveSalt() of the node, or drawn by AssignStreams.
    bool m_streamsAssigned{false};        //!< AssignStreams() fixed the salt and streams.
    Ptr<UniformRandomVariable> m_saltRng; //!< Stream of the default salt.
    Ptr<UniformRandomVariable> m_rand;    //!< Per-packet choice (PER_PACKET).
};


} // namespace ns3

#endif /* IPV4_FLOW_ECMP_ROUTING_H */
