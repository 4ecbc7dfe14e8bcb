/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DATACENTER_PATH_GRAPH_H
#define DATACENTER_PATH_GRAPH_H

#include "ns3/datacenter-fabric.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <memory>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::DatacenterPathGraph: a fabric as a graph, its equal-cost paths and per-link reservations.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief A datacenter fabric (any DatacenterFabric, e.g. a DatacenterTopology) as a graph, for a
 * central controller:
 * the equal-cost shortest paths between two hosts, the capacity of every link in each
 * direction and the rate the controller has reserved on it.
 *
 * Hedera (Al-Fares et al., "Hedera: Dynamic Flow Scheduling for Data Center Networks", NSDI
 * 2010, §4.2 Global First Fit) places each large flow on the first of its equal-cost paths
 * whose every link can still carry the flow's estimated demand, and reserves that demand on
 * the path's links, per link and direction; this class holds that state and nothing else (it
 * installs no route and sends no packet).
 *
 * The graph: one vertex per node of DatacenterFabric::GetNodes(), one undirected edge per
 * link of DatacenterFabric::GetLinks(), whose index in that vector is the link index used
 * throughout. A link's "forward" direction is from its end \c a to its end \c b (a is the
 * lower-layer node in every built-in fabric, so forward is upwards, towards the core). The
 * distances are Boost.Graph's (boost::breadth_first_search over the switches, hop count); the
 * paths are every walk down the shortest-path DAG those distances define.
 *
 * Paths never pass through a host: hosts do not forward (a single-homed host has one link;
 * DualHomedFatTreeHelper gives the hosts' interfaces a routing metric no switch path reaches),
 * so a host is only ever the first or the last node of a path. A multi-homed host
 * (DualHomedFatTreeHelper: two NICs) starts and ends paths on any of its NICs; the shortest
 * paths between two hosts are those of minimum hop count over all NIC pairs, which is how
 * DatacenterFabric::GetEqualCostPathCount() counts them.
 *
 * The capacities are the devices' "DataRate" attributes read by Build(): the capacity of a
 * direction is the rate of the device that sends in that direction. A rate changed afterwards
 * (HotSpotHelper::SlowRandomLinks(), FatTreeHelper::SetLinkDataRate()) is seen only by a new
 * Build(). Link failures (FatTreeHelper::SetLinkUp()) are not modelled: the graph is the
 * fabric's wiring.
 *
 * Usage, after the fabric is built:
 * \code
 *   FatTreeHelper tree(4);
 *   tree.Build();
 *   DatacenterPathGraph graph(tree);
 *   for (const auto& path : graph.GetEqualCostPaths(0, 15)) // 4 paths of 6 hops
 *   {
 *       if (graph.Fits(path, 30e6))
 *       {
 *           graph.Reserve(path, 30e6);                      // Global First Fit
 *           break;
 *       }
 *   }
 * \endcode
 */
class DatacenterPathGraph
{
  public:
    /**
     * \brief One hop of a path: a link crossed in one direction.
     */
    struct Hop
    {
        uint32_t link;            //!< Index of the link in DatacenterFabric::GetLinks().
        Ptr<Node> from;           //!< The node the hop leaves (the sender on this link).
        Ptr<Node> to;             //!< The node the hop enters.
        Ptr<NetDevice> egress;    //!< The device of \c from on this link (it sends).
        uint32_t egressInterface; //!< Ipv4::GetInterfaceForDevice(egress) at \c from.
        Ipv4Address gateway;      //!< Address of \c to on this link: the next hop of a route
                                  //!< or of Ipv4FlowEcmpRouting::PinFlow() at \c from.
        bool forward;             //!< Whether the hop goes from the link's a to its b.
    };

    /**
     * \brief A path from a source host to a destination host: its hops in order, hop i's
     * \c to being hop i+1's \c from. Its length in hops is its size (2 between two hosts
     * under one switch; 0 from a host to itself).
     */
    using Path = std::vector<Hop>;

    /// An empty graph; call Build().
    DatacenterPathGraph();
    /**
     * \brief Build the graph of a fabric (Build()).
     * \param topo the fabric, after Create() and AssignIpv4Addresses() (e.g. after
     *        DatacenterTopology::Build())
     */
    explicit DatacenterPathGraph(const DatacenterFabric& topo);
    /// Destructor (defined where Impl is complete).
    ~DatacenterPathGraph();
    DatacenterPathGraph(const DatacenterPathGraph&) = delete;            //!< one owner of the
    DatacenterPathGraph& operator=(const DatacenterPathGraph&) = delete; //!< reservations
    /// Move constructor (the moved-from graph is not built).
    DatacenterPathGraph(DatacenterPathGraph&&) noexcept;
    /**
     * \brief Move assignment.
     * \return this graph
     */
    DatacenterPathGraph& operator=(DatacenterPathGraph&&) noexcept;

    /**
     * \brief (Re)build the graph of a fabric: vertices, edges, the egress interfaces and the
     * capacities (the devices' current DataRate); every reservation is cleared.
     *
     * The graph keeps pointers to the fabric's nodes and devices, not to \p topo.
     * NS_ABORT_MSG if \p topo was not created and addressed (the egress interfaces and
     * gateways need the IPv4 stack and addresses), if a link's device is missing, on another
     * node or without an IPv4 address, if a link end is not among GetNodes(), or if a host is
     * not among GetNodes().
     * \param topo the fabric, after Create() and AssignIpv4Addresses()
     */
    void Build(const DatacenterFabric& topo);
    /// \return whether Build() ran
    bool IsBuilt() const;
    /// \return the number of hosts (the fabric's GetNHosts()), 0 before Build()
    uint32_t GetNHosts() const;
    /// \return the number of links (the size of the fabric's GetLinks()), 0 before Build()
    uint32_t GetNLinks() const;

    /**
     * \brief All shortest paths (in hops) from one host to another through the switches.
     *
     * Order: lexicographic by the sequence of link indices, hop by hop; since every fabric
     * lists its host links first in host and NIC order, a dual-homed host's paths out of NIC 0
     * come before those out of NIC 1. The order depends only on the fabric's GetLinks()
     * order, so it is the same in every run. No path passes through a third host, nor twice
     * through a node or a link.
     * \param srcHost source host index (DatacenterFabric::GetHost())
     * \param dstHost destination host index
     * \return the paths; one empty path if srcHost == dstHost; none if no path exists.
     *         NS_ABORT_MSG on a host index out of range or before Build()
     */
    std::vector<Path> GetEqualCostPaths(uint32_t srcHost, uint32_t dstHost) const;

    /**
     * \brief The equal-cost paths a flow between two host addresses can take: those of
     * GetEqualCostPaths(srcHost, dstHost) that leave by the interface owning \p srcAddr and
     * whose last hop enters the destination by the NIC that owns \p dstAddr (on a multi-homed
     * host, the NICs of the flow's addresses; any address of a NIC, also a further one of
     * FatTreeHelper::SetAddressesPerHost()), in the same order.
     * \param srcHost source host index
     * \param dstHost destination host index
     * \param srcAddr the flow's source address (one of srcHost's)
     * \param dstAddr the flow's destination address (one of dstHost's)
     * \return the paths (none if the addresses are not the hosts')
     */
    std::vector<Path> GetEqualCostPaths(uint32_t srcHost,
                                        uint32_t dstHost,
                                        Ipv4Address srcAddr,
                                        Ipv4Address dstAddr) const;

    /**
     * \param link link index
     * \param forward the direction: true from the link's a to its b
     * \return the capacity of the link in that direction in bit/s (the sending device's
     *         DataRate when Build() ran); NS_ABORT_MSG on a bad link index
     */
    double GetCapacity(uint32_t link, bool forward) const;
    /**
     * \param link link index
     * \param forward the direction: true from the link's a to its b
     * \return the rate reserved on the link in that direction in bit/s (sum of the Reserve()
     *         minus the Release() calls on paths through it); NS_ABORT_MSG on a bad link index
     */
    double GetReserved(uint32_t link, bool forward) const;
    /**
     * \param link link index
     * \param forward the direction: true from the link's a to its b
     * \return GetCapacity() - GetReserved() in bit/s, never below 0; NS_ABORT_MSG on a bad
     *         link index
     */
    double GetResidual(uint32_t link, bool forward) const;
    /**
     * \brief Whether a flow of \p rateBps fits on a path: on every hop, the rate reserved in
     * the hop's direction plus \p rateBps is at most the capacity (with a relative tolerance
     * of 1e-9 for rounding). Global First Fit's test (Hedera §4.2).
     * \param path a path (from GetEqualCostPaths(); each link direction at most once)
     * \param rateBps the flow's rate in bit/s, >= 0 (NS_ABORT_MSG otherwise)
     * \return whether it fits (an empty path: always); NS_ABORT_MSG on a bad link index
     */
    bool Fits(const Path& path, double rateBps) const;
    /**
     * \brief Reserve \p rateBps on every hop of \p path, in the hop's direction.
     *
     * NS_ABORT_MSG (naming the link, direction, capacity and reservation) if the rate does
     * not fit on a hop (check with Fits() first), on a bad link index or a negative rate;
     * nothing is reserved then.
     * \param path a path (from GetEqualCostPaths(); each link direction at most once)
     * \param rateBps the rate in bit/s, >= 0
     */
    void Reserve(const Path& path, double rateBps);
    /**
     * \brief Release \p rateBps on every hop of \p path, in the hop's direction (a flow that
     * ended or moved). A reservation never goes below 0: releasing more than is reserved
     * leaves 0 (logged as a warning unless it is rounding). NS_ABORT_MSG on a bad link index
     * or a negative rate.
     * \param path a path (from GetEqualCostPaths())
     * \param rateBps the rate in bit/s, >= 0
     */
    void Release(const Path& path, double rateBps);
    /// \brief Set every reservation to 0 (Hedera's controller recomputes its placement).
    void ClearReservations();

  private:
    /// Boost.Graph's graph and the per-link state, defined in the .cc (Boost stays private).
    struct Impl;
    /**
     * \param method the caller's name, for the message
     * \return the graph; NS_ABORT_MSG before Build()
     */
    const Impl& Built(const char* method) const;
    /**
     * \brief NS_ABORT_MSG unless \p link is a link index.
     * \param link the index
     * \param method the caller's name, for the message
     */
    void CheckLink(uint32_t link, const char* method) const;
    /**
     * \brief NS_ABORT_MSG unless \p rateBps is a finite rate >= 0.
     * \param rateBps the rate in bit/s
     * \param method the caller's name, for the message
     */
    static void CheckRate(double rateBps, const char* method);

    std::unique_ptr<Impl> m_impl; //!< The graph, null before Build().
};

} // namespace ns3

#endif /* DATACENTER_PATH_GRAPH_H */
