/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DUAL_HOMED_FAT_TREE_HELPER_H
#define DUAL_HOMED_FAT_TREE_HELPER_H

#include "ns3/data-rate.h"
#include "ns3/datacenter-topology.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/point-to-point-net-device.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Builds the dual-homed FatTree (DHFT) of Raiciu et al., "Improving Datacenter
 * Performance and Robustness with Multipath TCP", SIGCOMM 2011, §5 and Fig. 14.
 *
 * Start from a k-port FatTree (FatTreeHelper), keep its aggregation and core switches and
 * replace each ToR switch by a pair of ToR switches. Each ToR of a pair has k/4 uplinks (the
 * pair together k/2): ToR 0 of every pair to the pod's aggregation switches 0 .. k/4-1, ToR 1
 * to k/4 .. k/2-1, as in the paper's simulator (htsim, multihomed_fat_tree_topology.cpp). A
 * pair serves hostsPerPair hosts (the paper's 2k/3, rounded down, by default); every host has
 * two NICs, NIC 0 to ToR 0 and NIC 1 to ToR 1 of its pair.
 *
 * Counts: hosts k*(k/2)*hostsPerPair (k = 12: 576); ToRs k^2, aggregation k^2/2, core k^2/4;
 * links host-edge 2*hosts, edge-aggregation k^3/4, aggregation-core k^3/4. With no locality
 * the core carries at most k pods * (k/2 pairs * k/2 uplinks) * rate (k = 12, 100 Mb/s:
 * 43.2 Gb/s). Shortest paths between two hosts: 2 in one pair (one per ToR), k/2 in one pod
 * (one per aggregation switch), (k/2)^2 otherwise (one per core switch).
 *
 * The switches of NIC 0 (ToRs 0, aggregation switches 0 .. k/4-1 and the cores above them)
 * and those of NIC 1 form two planes joined only through the hosts. Hosts do not relay: their
 * interfaces have routing metric 1000 (HostMetric), so no shortest path crosses a host. Global
 * routing gives every host address a /32 route towards its host over both planes, so a host
 * reaches any peer address out of either NIC (per-flow ECMP picks one) and the packet enters
 * the peer by the NIC of that plane (ns-3's weak host model accepts it). Single-path TCP thus
 * spreads over all (k/2)^2 paths of both planes, as in htsim. An MPTCP subflow bound to NIC n
 * must stay in plane n both ways: use the fullmesh path manager with MatchAddressIndex (NIC n
 * to the peer's NIC n).
 *
 * Addresses: one /30 per link. NIC n of host j of pod p (j counted within the pod) is in
 * 10.p.x.y/30 with x.y = 4*(2j + n) (ToR side .1, host side .2); switch-to-switch links are
 * numbered in 172.16.0.0/12 (lower side .1, upper .2). Rack of a host: its ToR pair.
 */
class DualHomedFatTreeHelper : public DatacenterTopology
{
  public:
    /// Routing metric of the host interfaces: larger than any switch-only path (<= 6 hops).
    static constexpr uint16_t HostMetric = 1000;

    /**
     * \brief DHFT with floor(2k/3) hosts per ToR pair (the paper's).
     * \param k switch port count: a multiple of 4, 4..80 (NS_FATAL_ERROR otherwise)
     */
    explicit DualHomedFatTreeHelper(uint32_t k);
    /**
     * \param k switch port count: a multiple of 4, 4..80 (NS_FATAL_ERROR otherwise)
     * \param hostsPerPair hosts per ToR pair, >= 1 (NS_FATAL_ERROR otherwise)
     */
    DualHomedFatTreeHelper(uint32_t k, uint32_t hostsPerPair);

    /**
     * \param k switch port count
     * \return floor(2k/3), the paper's hosts per ToR pair
     */
    static uint32_t DefaultHostsPerPair(uint32_t k);

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

    /// \brief Create the nodes, devices and channels (once). Node order: hosts, ToR,
    /// aggregation, core switches.
    void Create() override;
    /**
     * \brief Assign one /30 per link, bring the interfaces up (host interfaces with metric
     * HostMetric), give every host an EqualCostPathCounter and remove any traffic-control root
     * queue disc. Call after Create() and after an internet stack was installed on GetNodes().
     */
    void AssignIpv4Addresses() override;

    /// \return k
    uint32_t GetK() const override;
    /// \return (k/2)^2, the paths between hosts of different pods over both planes
    uint32_t GetInterPodPathCount() const override;
    /// \return hosts per ToR pair
    uint32_t GetHostsPerPair() const;
    uint32_t GetNHosts() const override;
    NodeContainer GetHosts() const override;
    Ptr<Node> GetHost(uint32_t i) const override;
    /**
     * \param i host index
     * \return the address of NIC 0 (after AssignIpv4Addresses())
     */
    Ipv4Address GetHostAddress(uint32_t i) const override;
    /**
     * \param i host index
     * \return the addresses of NIC 0 and NIC 1
     */
    std::vector<Ipv4Address> GetHostAddresses(uint32_t i) const override;
    /**
     * \param i host index
     * \param nic 0 or 1
     * \return the host's device of that NIC
     */
    Ptr<PointToPointNetDevice> GetHostDevice(uint32_t i, uint32_t nic) const;
    /**
     * \param i host index
     * \return the pod of host i
     */
    uint32_t GetHostPod(uint32_t i) const;
    /**
     * \param host host index
     * \return its rack: the index of its ToR pair, pod * k/2 + pair
     */
    uint32_t GetHostRack(uint32_t host) const override;
    /// \return the number of ToR pairs, k * k/2
    uint32_t GetNRacks() const override;
    /**
     * \param srcHost source host index
     * \param dstHost destination host index
     * \return shortest paths between the hosts over both NICs: 2 in one pair (1 if the same
     *         host), k/2 in one pod, (k/2)^2 otherwise
     */
    uint32_t GetEqualCostPathCount(uint32_t srcHost, uint32_t dstHost) const override;

    /// \return the ToR switches, pod-major, then pair, then ToR 0 / 1
    NodeContainer GetTorSwitches() const;
    /// \return the aggregation switches, pod-major
    NodeContainer GetAggregationSwitches() const;
    /// \return the core switches
    NodeContainer GetCoreSwitches() const;
    /**
     * \param pod pod index in [0, k)
     * \param pair pair index in [0, k/2)
     * \param side 0 or 1
     * \return the ToR switch
     */
    Ptr<Node> GetTorSwitch(uint32_t pod, uint32_t pair, uint32_t side) const;
    NodeContainer GetNodes() const override;
    /// \return every link: host-edge (host order, NIC 0 then 1), edge-aggregation,
    /// aggregation-core
    const std::vector<Link>& GetLinks() const override;
    using DatacenterTopology::GetLinks;
    double GetLinkRate(Layer layer) const override;

  private:
    uint32_t m_k;                             //!< Switch port count.
    uint32_t m_hostsPerPair;                  //!< Hosts per ToR pair.
    DataRate m_rate[3];                       //!< Data rate per layer.
    Time m_delay[3];                          //!< Delay per layer.
    uint32_t m_queueSize;                     //!< Device queue size (packets).
    NodeContainer m_hosts;                    //!< Hosts.
    NodeContainer m_tors;                     //!< ToR switches.
    NodeContainer m_aggs;                     //!< Aggregation switches.
    NodeContainer m_cores;                    //!< Core switches.
    std::vector<Link> m_links;                //!< All links.
    std::vector<Ipv4Address> m_hostAddresses; //!< Per host: NIC 0, NIC 1.
};

} // namespace ns3

#endif /* DUAL_HOMED_FAT_TREE_HELPER_H */
