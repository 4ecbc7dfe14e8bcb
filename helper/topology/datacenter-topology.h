/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DATACENTER_TOPOLOGY_H
#define DATACENTER_TOPOLOGY_H

#include "ns3/data-rate.h"
#include "ns3/datacenter-fabric.h"
#include "ns3/ecmp-switch-forwarder.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::DatacenterTopology: what the experiment helpers need from any datacenter fabric.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The interface shared by FatTreeHelper, DualHomedFatTreeHelper, Vl2Helper and
 * PerfectSwitchHelper (Raiciu et al., SIGCOMM 2011, §4 and §5): hosts, their addresses, the
 * point-to-point links by layer, racks and equal-cost path counts. DatacenterWorkloadHelper
 * and LinkLayerStatistics work on any of them.
 *
 * Every link is a PointToPointNetDevice pair whose DropTail device queues are the only queues
 * of the fabric (no traffic-control queue disc), so that their counters see every loss.
 *
 * A fabric builds itself: Create() makes the nodes and links, InstallStack() installs the
 * stack, assigns the addresses (AssignIpv4Addresses()) and populates the routes, Build() does
 * both. What the subclasses share lives here: link creation (MakeLink()), addressing of a
 * device and of a switch-to-switch link (AssignAddress(), AssignSwitchLink()), the path
 * counters of packet scatter (SetPathCounters()) and the guards against calls out of order.
 * DatacenterTopologyRegistry creates the fabrics by name.
 */
class DatacenterTopology : public DatacenterFabric
{
  public:
    /// How InstallStack() equips the nodes.
    enum Stack
    {
        FLOW_ECMP = 0, ///< MpTcpStackHelper with Ipv4FlowEcmpRouting alone (per-flow ECMP).
        STOCK = 1      ///< ns-3's own InternetStackHelper and Ipv4GlobalRouting (one path).
    };

    /// How the fabric's switches forward (hosts always have the full IPv4 stack).
    enum SwitchForwarding
    {
        FAST_FORWARDING = 0, ///< EcmpSwitchForwarder below IPv4 (default; same results).
        IPV4_FORWARDING = 1  ///< ns-3's IPv4 forwarding through Ipv4FlowEcmpRouting.
    };

    virtual ~DatacenterTopology() = default;

    /**
     * \brief Create the nodes, devices and channels (once; NS_ABORT on a second call).
     * Hosts are created first; every subclass documents its node order.
     */
    virtual void Create() = 0;
    /**
     * \brief Assign the IPv4 addresses (one /30 per link), bring the interfaces up, give the
     * hosts an EqualCostPathCounter and remove any traffic-control root queue disc.
     *
     * Call once, after Create() and after an internet stack was installed on GetNodes().
     */
    virtual void AssignIpv4Addresses() = 0;
    /**
     * \brief Install an internet stack on GetNodes(), assign the addresses
     * (AssignIpv4Addresses()) and populate the routing tables; after Create().
     *
     * FLOW_ECMP: MpTcpStackHelper with Ipv4FlowEcmpRoutingHelper alone (no static routing
     * before it, so every hop of every packet is one hash lookup), then
     * Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables(). STOCK: InternetStackHelper
     * (TcpL4Protocol, static and global routing), then the same
     * Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables() (global routing only; it recomputes
     * when this simulation built global routing before).
     * \param stack which stack
     */
    void InstallStack(Stack stack);
    /**
     * \brief Choose how the switches forward with the FLOW_ECMP stack; before InstallStack().
     *
     * FAST_FORWARDING (default) installs an EcmpSwitchForwarder on every switch: the same
     * forwarding table and choice as IPv4 forwarding with Ipv4FlowEcmpRouting, without the
     * IPv4 receive/forward path (results identical, see test/golden; doc/mptcp.rst "Speed").
     * The STOCK stack always forwards through IPv4.
     * \param mode the forwarding mode
     */
    void SetSwitchForwarding(SwitchForwarding mode);
    /// \return the switch forwarding mode
    SwitchForwarding GetSwitchForwarding() const;
    /**
     * \brief Choose the order in which a switch handles packets that arrive at the same
     * instant on different links; before InstallStack(). EVENT_ORDER (default): ns-3's, the
     * order of their receive events. INGRESS_ORDER: by ingress device, after the instant's
     * other events, which makes a run split over MPI ranks give the results of the same run on
     * one (DatacenterPartition; EcmpSwitchForwarder, "Arrival order"). With INGRESS_ORDER every
     * switch gets an EcmpSwitchForwarder, in every forwarding mode and with the STOCK stack
     * (without the fast path there: it only orders arrivals).
     * \param order the order
     */
    void SetArrivalOrder(EcmpSwitchForwarder::ArrivalOrder order);
    /// \return the order of same-instant arrivals at the switches
    EcmpSwitchForwarder::ArrivalOrder GetArrivalOrder() const;
    /**
     * \brief ECN marking at the switches (XMP, DCTCP); before InstallStack(). With K > 0 every
     * switch's EcmpSwitchForwarder marks CE on an ECN-capable packet when K or more packets wait
     * in its egress queue (EcmpSwitchForwarder, "ECN marking"). Needs the fast path (FLOW_ECMP
     * stack, FAST_FORWARDING): InstallStack() aborts otherwise.
     * \param packets K, packets (0, the default: no marking)
     */
    void SetEcnThreshold(uint32_t packets);
    /**
     * \brief Per-packet ECMP: every node's Ipv4FlowEcmpRouting (and the switches' fast path)
     * picks a uniformly random next hop for every packet (packet scatter, seed 000 §4),
     * instead of hashing the flow's 5-tuple; before InstallStack(). The routing's "Mode"
     * attribute, set on the routing this topology installs, not as a default.
     * \param perPacket true: PER_PACKET; false (the default): PER_FLOW
     */
    void SetPerPacketEcmp(bool perPacket);
    /// \return the ECN marking threshold K of the switches, packets (0: none)
    uint32_t GetEcnThreshold() const;
    /// \return packets marked CE by the switches' forwarders so far
    uint64_t GetNEcnMarked() const;
    /**
     * \brief Serve packets without payload (ACKs) before data at every device queue, hosts and
     * switches (ns3::AckPriorityQueue, same size); before InstallStack(). An experiment's
     * what-if that removes most of the ACK path's queueing, as the paper's simulator does; not
     * how real queues behave.
     * \param on whether to
     */
    void SetAckPriority(bool on);
    /**
     * \brief Limit every device queue (hosts and switches) in bytes instead of packets: a queue
     * of N packets becomes N x \p bytesPerPacket bytes, so that a data packet of one MTU takes
     * one packet's room and an ACK (about 66 bytes as queued) only its own bytes, as in a switch's buffer
     * memory (shared cells of about 200 bytes: a 64-byte frame takes one cell, a 1500-byte
     * frame eight), instead of one packet slot each. Before InstallStack().
     * \param bytesPerPacket bytes per packet of the queue size (0, the default: a limit in
     * packets); 1500 (an Ethernet MTU) for the paper's "100 packets" in bytes
     */
    void SetQueueBytesPerPacket(uint32_t bytesPerPacket);
    /**
     * \return the nodes that are not hosts (the switches), in GetNodes() order
     */
    NodeContainer GetSwitches() const;
    /**
     * \brief Create() then InstallStack(): the whole fabric, ready for applications.
     * \param stack which stack
     */
    void Build(Stack stack = FLOW_ECMP);
    /**
     * \brief Split the nodes over \p systems ranks of ns-3's distributed simulator (each node's
     * system id, DatacenterPartition): hosts and their edge and aggregation switches by pod
     * (FatTree, DHFT; VL2 and a perfect switch: by rack), in contiguous blocks of pods per
     * rank, core (VL2: aggregation and intermediate) switches spread evenly. Before Create().
     * With 1 (the default) every node is on rank 0. The system ids change nothing in a
     * sequential run.
     * \param systems number of ranks, >= 1
     */
    void SetSystemCount(uint32_t systems);
    /// \return the number of ranks the nodes are split over (SetSystemCount())
    uint32_t GetSystemCount() const;
    bool IsCreated() const override;
    bool IsAssigned() const override;

    /**
     * \brief A point-to-point link whose device queues never stop the layer above: IP hands
     * every packet to the device, and the device queue (the helper's SetQueue()) drops and
     * counts what it cannot hold, as a switch port does. This is PointToPointHelper's
     * DisableFlowControl() (ns-3.36 and later). ns-3.35's helper always connects the device
     * queue to a NetDeviceQueueInterface, which stops the traffic-control layer when the
     * queue is full, and with no queue disc installed that layer then drops the packet
     * uncounted: there, each device gets a fresh queue of the same type and maximum size after
     * Install(), which no NetDeviceQueueInterface watches.
     * \param p2p the helper, with data rate, delay and queue set
     * \param a one end
     * \param b the other end
     * \return the two devices, a's first
     */
    static NetDeviceContainer InstallWithoutFlowControl(PointToPointHelper& p2p,
                                                       Ptr<Node> a,
                                                       Ptr<Node> b);

  protected:
    /**
     * \param className the subclass's name, used in the messages of the guards below
     */
    explicit DatacenterTopology(std::string className);

    /**
     * \brief Guard of a setter: NS_ABORT if Create() already ran.
     * \param method the setter's name, for the message
     */
    void RequireNotCreated(const char* method) const;
    /**
     * \brief Guard of Create(): NS_ABORT on a second call, then mark the fabric created.
     */
    void BeginCreate();
    /**
     * \brief Create \p count nodes in \p c, in \p groups equal contiguous groups (node i is in
     * group i * groups / count), each group on rank DatacenterPartition::SystemOf(group,
     * groups, GetSystemCount()). Pods: groups = k; spread evenly: groups = count.
     * \param c the container to append to
     * \param count number of nodes
     * \param groups number of groups, 1 .. count (count 0: nothing)
     */
    void CreateNodes(NodeContainer& c, uint32_t count, uint32_t groups) const;
    /**
     * \brief Guard of AssignIpv4Addresses(): NS_ABORT before Create() or on a second call,
     * then mark the addresses assigned.
     */
    void BeginAssign();
    /**
     * \brief Guard of an address getter: NS_ABORT before AssignIpv4Addresses().
     * \param method the getter's name, for the message
     */
    void RequireAssigned(const char* method) const;
    /**
     * \brief Address the \p n th switch-to-switch link: the /30 172.16.0.0 + 4n in
     * 172.16.0.0/12, lower-layer side (a) .1, upper side (b) .2, routing metric 1.
     * \param link the link (a switch-to-switch one)
     * \param n its index among the switch links, from 0, in GetLinks() order
     */
    static void AssignSwitchLink(const Link& link, uint32_t n);

    /**
     * \brief Connect two nodes by a point-to-point link: DropTail device queues of \p queue
     * packets, no flow control (the device queues are the only queues).
     * \param a lower node
     * \param b upper node
     * \param layer its layer
     * \param rate data rate
     * \param delay one-way propagation delay
     * \param queue queue size in packets
     * \return the link
     */
    static Link MakeLink(Ptr<Node> a,
                         Ptr<Node> b,
                         Layer layer,
                         DataRate rate,
                         Time delay,
                         uint32_t queue);
    /**
     * \brief Add an address to the interface of a device (creating the interface), set its
     * routing metric, bring it up and remove any traffic-control root queue disc.
     * \param dev the device (its node must have an IPv4 stack; NS_ABORT otherwise)
     * \param addr the address
     * \param mask the mask
     * \param metric the interface's routing metric (global routing link cost)
     */
    static void AssignAddress(Ptr<NetDevice> dev, Ipv4Address addr, Ipv4Mask mask, uint16_t metric);
    /**
     * \brief Give a host's NIC one more address, routable through the fabric: the address,
     * as a /32, on the interface of \p dev (which AssignAddress() created), and a host route
     * to it that the node's GlobalRouter injects (GlobalRouter::InjectRoute(): an AS-external
     * LSA, so that global routing, and with it Ipv4FlowEcmpRouting and EcmpSwitchForwarder,
     * gives every node the equal-cost next hops towards the host). Before the routes are
     * populated. NS_ABORT_MSG if the node has no interface for \p dev or no GlobalRouter (a
     * stack without global routing could not reach the address).
     * \param dev the host's device, addressed already
     * \param addr the extra address
     */
    static void AddRoutableAddress(Ptr<NetDevice> dev, Ipv4Address addr);
    /**
     * \brief Give every host an EqualCostPathCounter (packet scatter's duplicate-ACK threshold,
     * MMPTCP thesis §3.6) that counts by address. The callbacks own copies of their arguments
     * (the helper may go out of scope).
     * \param hosts the hosts
     * \param index address (host order) -> the index \p count takes
     * \param count paths between two indices
     */
    static void SetPathCounters(const NodeContainer& hosts,
                                const std::map<uint32_t, uint32_t>& index,
                                std::function<uint32_t(uint32_t, uint32_t)> count);

  private:
    uint32_t m_systems{1};   //!< Ranks the nodes are split over.
    std::string m_className; //!< The subclass's name, for the guards' messages.
    bool m_created{false};   //!< Whether Create() ran.
    bool m_assigned{false};  //!< Whether AssignIpv4Addresses() ran.
    SwitchForwarding m_switchForwarding{FAST_FORWARDING}; //!< How the switches forward.
    /// Order of same-instant arrivals at the switches.
    EcmpSwitchForwarder::ArrivalOrder m_arrivalOrder{EcmpSwitchForwarder::EVENT_ORDER};
    uint32_t m_ecnThreshold{0}; //!< ECN marking threshold of the switches, packets (0: none).
    bool m_perPacketEcmp{false}; //!< Ipv4FlowEcmpRouting's mode PER_PACKET (SetPerPacketEcmp())
    bool m_ackPriority{false};  //!< ACKs before data at every device queue.
    uint32_t m_queueBytesPerPacket{0}; //!< Byte limit per packet of queue size (0: packets).
};

} // namespace ns3

#endif /* DATACENTER_TOPOLOGY_H */
