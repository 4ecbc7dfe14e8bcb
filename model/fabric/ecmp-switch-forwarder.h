/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef ECMP_SWITCH_FORWARDER_H
#define ECMP_SWITCH_FORWARDER_H

#include "ns3/ecmp-forwarding-table.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4.h"
#include "ns3/net-device.h"
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/traffic-control-layer.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class Ipv4Interface;
class Ipv4L3Protocol;

/**
 * \ingroup mptcp
 * \brief The forwarding path of a fabric switch below IPv4: a packet goes from the ingress
 * device straight to the egress device's queue.
 *
 * ns-3 forwards an IPv4 packet at a router through the node's protocol dispatch, the
 * traffic-control layer, Ipv4L3Protocol::Receive (header removal, interface lookups, raw
 * sockets, RouteInput with four callbacks made per packet), IpForward (a copy, TTL), SendRealOut,
 * Ipv4Interface::Send (a queue-disc item allocated per packet) and the traffic-control layer again.
 * A switch of a datacenter fabric needs none of it for a transit packet: this object, aggregated
 * to the switch node, takes over the receive callback of the node's point-to-point devices, reads
 * the IPv4 header once, asks the node's EcmpForwardingTable (the same object that the node's
 * Ipv4FlowEcmpRouting uses, so the choice of next hop is the same Murmur3 hash, salt and
 * per-flow rules) for the next hop, decrements the TTL as Ipv4L3Protocol::IpForward does and
 * hands the packet to the egress device's Send() (its DropTail queue), with the arguments ns-3's
 * Ipv4Interface gives it for a device without ARP (broadcast address, protocol 0x0800).
 *
 * It forwards exactly what IPv4 forwarding would forward, on the same device at the same time:
 * IPv4 forwarding schedules no event of its own, so the results of a run are identical in both
 * modes (test/golden checks it field for field). Every packet it does not handle the same way
 * is handed, unchanged, to the node's traffic-control layer and IPv4 stack as before:
 * non-IPv4 protocols, packets to one of the switch's own addresses, multicast and broadcast,
 * destinations without an ECMP route, TTL of 1 or less (IPv4 drops them and sends ICMP time
 * exceeded), packets whose size disagrees with the header's (padding), packets larger than the
 * egress MTU (fragmentation), ingress or egress interfaces that are down or do not forward, and
 * every packet when ns-3's checksums are enabled (Node::ChecksumEnabled() at Install()).
 *
 * What is not seen by a transit packet in this mode: the Ipv4L3Protocol trace sources of the
 * switch ("Rx", "Tx", "UnicastForward", "Drop" for the cases it forwards) and node-level protocol
 * handlers registered by a user on the switch's devices (packet sockets); device traces (queue,
 * PhyTx/PhyRx, pcap) are unchanged. Use the IPv4 mode for those.
 *
 * **Arrival order.** Packets that reach a switch at the same instant (in ns-3's integer
 * nanoseconds) on different ingress links are handled in the order of their receive events,
 * which is the order in which the upstream devices scheduled them (EVENT_ORDER, ns-3's own). In
 * a run split over MPI ranks (DatacenterPartition) that order differs for packets from another
 * rank, which are inserted when their message arrives: with MPTCP, subflows of one connection
 * meet at the same nanosecond often enough (transmission times are multiples of one another)
 * that results then depend on the partition. INGRESS_ORDER makes them independent of it: the
 * packets of one instant are collected and handled after every other event of that instant
 * (Simulator::ScheduleNow), in the order of their ingress devices' indices. It costs one event
 * per switch and instant with arrivals, and changes which of two same-instant packets goes first
 * (so results differ slightly from EVENT_ORDER's, in both forwarding modes alike). Without the
 * fast path (\p fastPath false in Install()), the forwarder only orders arrivals and hands every
 * packet to the IPv4 stack: the IPv4 forwarding mode and the stock stack with INGRESS_ORDER.
 *
 * **ECN marking (XMP's and DCTCP's switches).** With an EcnThreshold of K > 0 packets, the fast
 * path marks CE on a forwarded ECN-capable (ECT(0) or ECT(1)) IPv4 packet when K or more packets
 * already wait in the egress device's DropTail queue, i.e. when the instantaneous queue with this
 * packet exceeds K (Cao et al., CoNEXT 2013, BOS; Alizadeh et al., SIGCOMM 2010). This is what
 * ns-3's RedQueueDisc does with UseEcn, UseHardDrop false, QW = 1 and MinTh = MaxTh = K, but the
 * fabric has no queue disc (the devices' DropTail queues are the only queues, and the fast path
 * does not pass the traffic-control layer), so the rule is applied here, at the one step every
 * transit packet takes. Packets that are not ECN-capable are not marked (they queue, or are
 * dropped at the full queue, as before); packets this path delegates to IPv4 (see above; e.g.
 * with checksums enabled, or in the IPv4 mode) are not marked. K = 0 (the default) changes
 * nothing.
 */
class EcmpSwitchForwarder : public Object
{
  public:
    /// How packets that arrive at the same instant on different links are ordered.
    enum ArrivalOrder
    {
        EVENT_ORDER = 0,  ///< As their receive events (ns-3's order; the default).
        INGRESS_ORDER = 1 ///< After the instant's other events, by ingress device index.
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    EcmpSwitchForwarder();
    ~EcmpSwitchForwarder() override;

    /**
     * \brief Aggregate a forwarder to a switch and take over its devices' receive callbacks.
     *
     * Aborts (NS_ABORT_MSG, naming the node) if the node has no IPv4 stack, its routing is not
     * an Ipv4FlowEcmpRouting (with the fast path), or a forwarder is already installed; devices
     * without an IPv4 interface keep their callback.
     * \param node the switch (its internet stack installed and its addresses assigned)
     * \param fastPath forward below IPv4 (false: every packet to the IPv4 stack, any routing)
     * \param order the order of same-instant arrivals
     * \return the forwarder
     */
    static Ptr<EcmpSwitchForwarder> Install(Ptr<Node> node,
                                            bool fastPath = true,
                                            ArrivalOrder order = EVENT_ORDER);

    /// \return packets forwarded by this path
    uint64_t GetNForwarded() const;
    /// \return packets handed to the node's IPv4 stack instead
    uint64_t GetNDelegated() const;

    /**
     * \brief Set the ECN marking threshold (attribute EcnThreshold).
     * \param packets K, packets: mark CE when K or more packets wait in the egress queue (0: off)
     */
    void SetEcnThreshold(uint32_t packets);
    /// \return the ECN marking threshold K, packets (0: off)
    uint32_t GetEcnThreshold() const;
    /// \return packets this forwarder marked CE
    uint64_t GetNMarked() const;

  protected:
    void DoDispose() override;

  private:
    /// Re-read m_up from the interfaces if the epoch has changed since.
    void RefreshUp();
    /**
     * \brief The devices' receive callback (NetDevice::ReceiveCallback).
     * \param device the ingress device
     * \param packet the packet, IPv4 header first
     * \param protocol the L3 protocol number
     * \param from the sender's link-layer address
     * \return true (the packet is always consumed)
     */
    bool Receive(Ptr<NetDevice> device,
                 Ptr<const Packet> packet,
                 uint16_t protocol,
                 const Address& from);
    /**
     * \brief Hand a packet to the node's traffic-control layer and IPv4 stack, as the node's
     * protocol dispatch would.
     * \param device the ingress device
     * \param packet the packet as received
     * \param protocol the L3 protocol number
     * \param from the sender's link-layer address
     * \return true
     */
    bool Delegate(Ptr<NetDevice> device,
                  Ptr<const Packet> packet,
                  uint16_t protocol,
                  const Address& from);
    /**
     * \brief Forward one packet now (the fast path) or delegate it; Receive()'s work.
     * \param device the ingress device
     * \param p the packet as received
     * \param protocol the L3 protocol number
     * \param from the sender's link-layer address
     * \return true
     */
    bool Handle(Ptr<NetDevice> device, Ptr<const Packet> p, uint16_t protocol, const Address& from);
    /// INGRESS_ORDER: handle the packets of this instant by ingress device index.
    void Flush();
    /**
     * \brief The ECN marking rule: CE on an ECN-capable packet whose egress queue holds
     * EcnThreshold or more packets.
     * \param header the packet's IPv4 header (changed in place)
     * \param egress the egress device (a PointToPointNetDevice; others are never marked)
     * \return whether the packet was marked
     */
    bool MarkIfCongested(Ipv4Header& header, Ptr<NetDevice> egress);

    /// A packet waiting for the end of its instant (INGRESS_ORDER).
    struct Arrival
    {
        Ptr<NetDevice> device;   //!< Ingress device.
        Ptr<const Packet> packet; //!< The packet as received.
        uint16_t protocol;       //!< L3 protocol number.
        Address from;            //!< Sender's link-layer address.
    };

    Ptr<Ipv4L3Protocol> m_l3;           //!< Its IPv4 protocol (when there is no tc layer).
    Ptr<TrafficControlLayer> m_tc;      //!< Its traffic-control layer (the delegate path).
    Ptr<EcmpForwardingTable> m_table;   //!< The table its Ipv4FlowEcmpRouting uses.
    std::vector<int32_t> m_ifByDevice;  //!< Device index -> IPv4 interface (-1: none).
    /// IPv4 interface index -> interface (at Install(); later interfaces are delegated).
    std::vector<Ptr<Ipv4Interface>> m_interfaces;
    /// Ipv4Interface::IsUp() of each of m_interfaces, as of the epoch m_upEpoch. ns-3 turns
    /// an interface up or down with Ipv4L3Protocol::SetUp()/SetDown(), which notify the
    /// routing protocol, and Ipv4FlowEcmpRouting bumps the epoch (EcmpForwardingTable::
    /// GetEpoch()); a lookup per packet of IsUp(), which logs, took 1.4 % of a k=8 run.
    std::vector<uint8_t> m_up;
    uint64_t m_upEpoch{0}; //!< The epoch of m_up (0: never read).
    bool m_checksums{false};            //!< Node::ChecksumEnabled() at Install().
    bool m_fastPath{true};              //!< Forward here (false: delegate every packet).
    ArrivalOrder m_order{EVENT_ORDER};  //!< Order of same-instant arrivals.
    /// This instant's arrivals (INGRESS_ORDER); not empty while Flush() is scheduled.
    std::vector<Arrival> m_pending;
    uint64_t m_forwarded{0};            //!< Packets forwarded here.
    uint64_t m_delegated{0};            //!< Packets handed to IPv4.
    uint32_t m_ecnThreshold{0};         //!< ECN marking threshold K, packets (0: off).
    uint64_t m_marked{0};               //!< Packets marked CE.
};

} // namespace ns3

#endif /* ECMP_SWITCH_FORWARDER_H */
