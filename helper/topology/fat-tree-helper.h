/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef FAT_TREE_HELPER_H
#define FAT_TREE_HELPER_H

#include "ns3/data-rate.h"
#include "ns3/datacenter-topology.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Builds a k-ary FatTree of point-to-point links (Al-Fares, Loukissas and Vahdat,
 * "A Scalable, Commodity Data Center Network Architecture", SIGCOMM 2008).
 *
 * The tree has k pods; each pod has k/2 edge (top-of-rack) switches and k/2 aggregation
 * switches, and every edge switch of a pod is connected to every aggregation switch of that
 * pod. There are (k/2)^2 core switches; aggregation switch j of every pod is connected to core
 * switches j*(k/2) ... j*(k/2)+k/2-1. Each edge switch has hostsPerEdge hosts (k/2 in the
 * original full-bisection FatTree; more model an oversubscribed tree, e.g. k=8 with 16 hosts per
 * edge switch gives the 512-host 4:1 oversubscribed FatTree of Raiciu et al., SIGCOMM 2011,
 * §4.3.3). Between two hosts of different pods there are (k/2)^2 shortest paths, between two
 * hosts of the same pod on different edge switches k/2.
 *
 * Counts: hosts k*(k/2)*hostsPerEdge; edge and aggregation switches k*(k/2) each; core
 * (k/2)^2; links host-edge = hosts, edge-aggregation k*(k/2)^2, aggregation-core k*(k/2)^2.
 *
 * Every link is a PointToPointNetDevice pair with a DropTailQueue of SetQueueSize() packets
 * (default 100) and no flow control, so that, once AssignIpv4Addresses() has made sure there is
 * no traffic-control queue disc, the device queues are the only queues and their "Drop" traces
 * see every loss.
 *
 * Usage:
 * \code
 *   FatTreeHelper ft(8, 4);
 *   ft.SetDataRate(FatTreeHelper::HOST_EDGE, DataRate("100Mbps"));
 *   ft.Create();
 *   InternetStackHelper stack;   // e.g. with an Ipv4ListRoutingHelper of static routing
 *   stack.SetRoutingHelper(list); // (priority 0) and Ipv4FlowEcmpRoutingHelper (-10)
 *   stack.Install(ft.GetNodes());
 *   ft.AssignIpv4Addresses();
 *   Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
 * \endcode
 * or, with per-flow ECMP alone, in one call: ft.Build() (DatacenterTopology::Build()). By name,
 * with options, through DatacenterTopologyRegistry ("fattree").
 *
 * Layers and links are DatacenterTopology's (FatTreeHelper::Layer, FatTreeHelper::Link).
 * Rack of a host: its edge switch, numbered across pods (GetHostRack()).
 *
 * Addresses: one /30 per link. The link of host h on edge switch e of pod p is in
 * 10.p.x.y/30 where x.y = 4*(e*hostsPerEdge + h) (edge switch side .1, host side .2 of the
 * /30); switch-to-switch links are numbered in 172.16.0.0/12 (lower-layer side .1, upper .2).
 *
 * More addresses per host (SetAddressesPerHost(), e.g. 2 for the two addresses per server of
 * Duan, Wang and Wu, "Responsive Multipath TCP in SDN-based Datacenters", ICC 2015, §V, whose
 * 2 x 2 address pairs give an MPTCP connection up to 4 subflows): address n = 1, 2, ... of
 * the host whose first address is 10.p.x.y is 10.(p + n*k).x.y, a /32 on the same NIC (same
 * IPv4 interface). Second octets p + n*k >= k are used by no pod (pods are 10.0/16 ..
 * 10.(k-1)/16), so nothing collides with the host links, the switch links (172.16.0.0/12) or
 * the SDN control network (192.168.0.0/16); hence at most 256/k addresses per host. E.g. k=8:
 * host 0 has 10.0.0.2 and 10.8.0.2, the last host of pod 7 10.7.0.62 and 10.15.0.62. Each
 * extra address is made routable by a host route that the host's GlobalRouter injects
 * (DatacenterTopology::AddRoutableAddress()): global routing, Ipv4FlowEcmpRouting and the
 * switches' EcmpSwitchForwarder reach it over the same equal-cost paths as the first address
 * (the hash differs with the address, so its flows spread independently). A socket bound to an
 * extra address sends from it. GetHostAddress() and GetHostAddresses() still give the first
 * address; GetAllHostAddresses() gives them all.
 *
 * Delays: SetDelay() per layer, e.g. 20, 30 and 40 us for host-edge, edge-aggregation and
 * aggregation-core (Duan, Wang and Wu, §V): one way between hosts of different pods
 * 2 * (20 + 30 + 40) = 180 us plus the transmission times.
 */
class FatTreeHelper : public DatacenterTopology
{
  public:
    /**
     * \brief FatTree with k/2 hosts per edge switch (full bisection bandwidth).
     * \param k switch port count: even and >= 2 (NS_FATAL_ERROR otherwise)
     */
    explicit FatTreeHelper(uint32_t k);
    /**
     * \param k switch port count: even and >= 2 (NS_FATAL_ERROR otherwise)
     * \param hostsPerEdge hosts per edge switch, >= 1 (NS_FATAL_ERROR otherwise); above k/2
     *        the tree is oversubscribed by hostsPerEdge/(k/2) : 1
     */
    FatTreeHelper(uint32_t k, uint32_t hostsPerEdge);

    /**
     * \brief Set the data rate of every link of one layer (before Create()).
     * \param layer the layer
     * \param rate the rate (default 100 Mb/s on all layers)
     */
    void SetDataRate(Layer layer, DataRate rate);
    /**
     * \brief Set the one-way propagation delay of every link of one layer (before Create()).
     * \param layer the layer
     * \param delay the delay (default 10 us on all layers)
     */
    void SetDelay(Layer layer, Time delay);
    /**
     * \brief Set the capacity of every device's DropTail queue (before Create()).
     * \param packets the queue size in packets (default 100; must be >= 1)
     */
    void SetQueueSize(uint32_t packets);
    /**
     * \brief Set the number of IPv4 addresses of every host, all on its one NIC (before
     * AssignIpv4Addresses()); numbering in the class comment.
     * \param n addresses per host: 1 (the default) .. 256/k (NS_FATAL_ERROR otherwise)
     */
    void SetAddressesPerHost(uint32_t n);
    /// \return the number of IPv4 addresses of every host
    uint32_t GetAddressesPerHost() const;

    /**
     * \brief Create the nodes, devices and channels (once). Node order: hosts, edge,
     * aggregation, core switches.
     */
    void Create() override;

    /**
     * \brief Assign one /30 per link and bring the interfaces up, add the extra host
     * addresses (SetAddressesPerHost()) and their injected routes, give every host an
     * EqualCostPathCounter (GetEqualCostPathCount by address, any of a host's addresses), then
     * remove any root queue disc of the traffic-control layer from the tree's devices.
     *
     * Call after Create() and after an internet stack was installed on GetNodes(); once.
     */
    void AssignIpv4Addresses() override;

    /// \return k
    uint32_t GetK() const override;
    /// \return (k/2)^2, the paths between hosts of different pods (one per core switch)
    uint32_t GetInterPodPathCount() const override;
    /// \return number of hosts per edge switch
    uint32_t GetHostsPerEdge() const;
    /// \return number of hosts, k*(k/2)*hostsPerEdge
    uint32_t GetNHosts() const override;
    /// \return oversubscription of the edge uplinks: hostsPerEdge / (k/2) (1 = full bisection)
    double GetOversubscription() const;

    /// \return the hosts, pod-major, then edge switch, then host
    NodeContainer GetHosts() const override;
    /**
     * \param i host index in [0, GetNHosts())
     * \return the host
     */
    Ptr<Node> GetHost(uint32_t i) const override;
    /**
     * \param i host index
     * \return the host's IPv4 address (after AssignIpv4Addresses())
     */
    Ipv4Address GetHostAddress(uint32_t i) const override;
    /**
     * \param i host index
     * \return all the host's addresses (after AssignIpv4Addresses()): the first one
     *         (GetHostAddress()), then 10.(p + n*k).x.y for n = 1 .. GetAddressesPerHost()-1
     */
    std::vector<Ipv4Address> GetAllHostAddresses(uint32_t i) const override;
    /**
     * \param i host index
     * \return the host's network device
     */
    Ptr<PointToPointNetDevice> GetHostDevice(uint32_t i) const;
    /**
     * \param i host index
     * \return the pod of host i
     */
    uint32_t GetHostPod(uint32_t i) const;
    /**
     * \param i host index
     * \return the index (within its pod) of the edge switch of host i
     */
    uint32_t GetHostEdge(uint32_t i) const;
    /**
     * \brief Equal-cost paths between two hosts: 1 under the same edge switch, k/2 in the
     * same pod (one per aggregation switch), (k/2)^2 otherwise (one per core switch). MMPTCP
     * thesis §3.6: packet scatter's duplicate-ACK threshold is 3 + this.
     * \param srcHost source host index
     * \param dstHost destination host index
     * \return the number of paths
     */
    uint32_t GetEqualCostPathCount(uint32_t srcHost, uint32_t dstHost) const override;
    /**
     * \param host host index
     * \return its rack: the index of its edge switch across pods, pod * k/2 + edge
     */
    uint32_t GetHostRack(uint32_t host) const override;
    /// \return the number of racks (edge switches), k * k/2
    uint32_t GetNRacks() const override;

    /// \return the edge switches, pod-major
    NodeContainer GetEdgeSwitches() const;
    /// \return the aggregation switches, pod-major
    NodeContainer GetAggregationSwitches() const;
    /// \return the core switches
    NodeContainer GetCoreSwitches() const;
    /// \return all nodes: hosts, edge, aggregation, core switches
    NodeContainer GetNodes() const override;
    /**
     * \param pod pod index in [0, k)
     * \param i edge switch index in [0, k/2)
     * \return the edge switch
     */
    Ptr<Node> GetEdgeSwitch(uint32_t pod, uint32_t i) const;
    /**
     * \param pod pod index in [0, k)
     * \param i aggregation switch index in [0, k/2)
     * \return the aggregation switch
     */
    Ptr<Node> GetAggregationSwitch(uint32_t pod, uint32_t i) const;
    /**
     * \param i core switch index in [0, (k/2)^2)
     * \return the core switch
     */
    Ptr<Node> GetCoreSwitch(uint32_t i) const;

    /// \return every link (host-edge links first, then edge-aggregation, aggregation-core)
    const std::vector<Link>& GetLinks() const override;
    using DatacenterTopology::GetLinks;
    /**
     * \param nodeA one node
     * \param nodeB an adjacent node
     * \return the link, oriented so that a == nodeA; NS_ABORT if the nodes are not adjacent
     */
    Link GetLink(Ptr<Node> nodeA, Ptr<Node> nodeB) const;

    /**
     * \param layer a layer
     * \return its data rate
     */
    DataRate GetDataRate(Layer layer) const;
    /**
     * \param layer a layer
     * \return its one-way propagation delay
     */
    Time GetDelay(Layer layer) const;
    /// \return the device queue size in packets
    uint32_t GetQueueSize() const;
    /// \return the host link rate in bit/s
    double GetHostLinkRate() const override;
    /**
     * \param layer a layer
     * \return the rate of its links in bit/s
     */
    double GetLinkRate(Layer layer) const override;

    /**
     * \brief Change the data rate of both devices of a link (e.g. to model a slow link).
     * \param link the link
     * \param rate the new rate
     */
    static void SetLinkDataRate(const Link& link, DataRate rate);
    /**
     * \brief Set the IPv4 interfaces of both ends of a link up or down (link failure).
     *
     * Ipv4FlowEcmpRouting stops using next hops through a down interface at once; call
     * Ipv4FlowEcmpRoutingHelper::RecomputeRoutingTables() to reroute the rest of the network.
     * \param link the link (after AssignIpv4Addresses())
     * \param up true to bring it up, false to take it down
     */
    static void SetLinkUp(const Link& link, bool up);

  private:
    /**
     * \param a lower node
     * \param b upper node
     * \param layer the layer
     */
    void Connect(Ptr<Node> a, Ptr<Node> b, Layer layer);

    uint32_t m_k;              //!< Switch port count.
    uint32_t m_hostsPerEdge;   //!< Hosts per edge switch.
    DataRate m_rate[3];        //!< Data rate per layer.
    Time m_delay[3];           //!< Delay per layer.
    uint32_t m_queueSize;      //!< Device queue size (packets).
    NodeContainer m_hosts;     //!< Hosts.
    NodeContainer m_edges;     //!< Edge switches.
    NodeContainer m_aggs;      //!< Aggregation switches.
    NodeContainer m_cores;     //!< Core switches.
    std::vector<Link> m_links; //!< All links.
    std::map<std::pair<uint32_t, uint32_t>, std::size_t> m_linkIndex; //!< Node ids -> link.
    std::vector<Ipv4Address> m_hostAddresses;                         //!< Host addresses.
    uint32_t m_addressesPerHost{1}; //!< IPv4 addresses of every host.
    /// The extra addresses, host-major: host i's n-th at i * (m_addressesPerHost - 1) + n - 1.
    std::vector<Ipv4Address> m_extraAddresses;
};

} // namespace ns3

#endif /* FAT_TREE_HELPER_H */
