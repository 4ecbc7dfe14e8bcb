/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef VL2_HELPER_H
#define VL2_HELPER_H

#include "ns3/data-rate.h"
#include "ns3/datacenter-topology.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Builds the VL2 Clos network of Greenberg et al., "VL2: a scalable and flexible data
 * center network", SIGCOMM 2009, §4 (Fig. 5), as used by Raiciu et al., SIGCOMM 2011, §4.3.1.
 *
 * With D_A = D_I = k: k aggregation switches of k ports (k/2 down to ToRs, k/2 up, one to
 * every intermediate switch), k/2 intermediate (core) switches of k ports (one to every
 * aggregation switch), and k^2/4 ToRs with two uplinks each: the aggregation switches form
 * k/2 pairs, and each pair serves k/2 ToRs, every ToR linked to both switches of its pair.
 * Each ToR has hostsPerTor hosts (20 by default, as VL2). Switch-to-switch links run
 * SwitchSpeedup (default 10) times faster than host links: VL2's ten times fewer, ten times
 * faster upper links.
 *
 * Counts: ToRs k^2/4, aggregation k, intermediate k/2, hosts hostsPerTor*k^2/4; links
 * host-edge = hosts, edge-aggregation k^2/2, aggregation-core k^2/2. Shortest paths between
 * hosts: 1 under one ToR, 2 under one aggregation pair, 2 * k/2 * 2 = 2k otherwise.
 *
 * Addresses: host i's link is the /30 at 10.0.0.0 + 4*i (ToR side .1, host .2); switch links
 * in 172.16.0.0/12. Layers: host-edge (host-ToR), edge-aggregation (ToR-aggregation),
 * aggregation-core (aggregation-intermediate). Rack of a host: its ToR.
 */
class Vl2Helper : public DatacenterTopology
{
  public:
    /**
     * \param k D_A = D_I, the port count of aggregation and intermediate switches: even,
     *        2..254 (NS_FATAL_ERROR otherwise)
     * \param hostsPerTor hosts per ToR, >= 1 (NS_FATAL_ERROR otherwise)
     */
    explicit Vl2Helper(uint32_t k, uint32_t hostsPerTor = 20);

    /**
     * \brief Set the host link rate (before Create()); switch links get SwitchSpeedup times it.
     * \param rate the rate (default 100 Mb/s)
     */
    void SetHostLinkDataRate(DataRate rate);
    /**
     * \brief Set how many times faster switch-to-switch links are (before Create()).
     * \param factor the factor, >= 1 (default 10)
     */
    void SetSwitchSpeedup(double factor);
    /**
     * \brief Set the one-way propagation delay of every link (before Create()).
     * \param delay the delay (default 10 us)
     */
    void SetDelay(Time delay);
    /**
     * \brief Set the one-way propagation delay of the links of one layer (before Create()).
     * \param layer the layer: host-ToR, ToR-aggregation or aggregation-intermediate
     * \param delay the delay (default 10 us)
     */
    void SetDelay(Layer layer, Time delay);
    /**
     * \param layer a layer
     * \return the one-way propagation delay of its links
     */
    Time GetDelay(Layer layer) const;
    /**
     * \brief Set the capacity of every device's DropTail queue (before Create()).
     * \param packets the queue size in packets (default 100; must be >= 1)
     */
    void SetQueueSize(uint32_t packets);

    /// \brief Create the nodes and links (once). Node order: hosts, ToR, aggregation,
    /// intermediate switches.
    void Create() override;
    /// \brief Assign one /30 per link, bring the interfaces up, give every host an
    /// EqualCostPathCounter, remove any traffic-control root queue disc (after an internet
    /// stack was installed on GetNodes(); once).
    void AssignIpv4Addresses() override;

    /// \return k (D_A = D_I)
    uint32_t GetK() const override;
    /// \return 2k, the paths between hosts under different aggregation pairs
    uint32_t GetInterPodPathCount() const override;
    /// \return hosts per ToR
    uint32_t GetHostsPerTor() const;
    uint32_t GetNHosts() const override;
    NodeContainer GetHosts() const override;
    Ptr<Node> GetHost(uint32_t i) const override;
    Ipv4Address GetHostAddress(uint32_t i) const override;
    /**
     * \param host host index
     * \return its ToR's index
     */
    uint32_t GetHostRack(uint32_t host) const override;
    /// \return the number of ToRs, k^2/4
    uint32_t GetNRacks() const override;
    /**
     * \param srcHost source host index
     * \param dstHost destination host index
     * \return 1 under one ToR, 2 under one aggregation pair, 2k otherwise
     */
    uint32_t GetEqualCostPathCount(uint32_t srcHost, uint32_t dstHost) const override;
    /// \return the ToR switches
    NodeContainer GetTorSwitches() const;
    /// \return the aggregation switches
    NodeContainer GetAggregationSwitches() const;
    /// \return the intermediate switches
    NodeContainer GetIntermediateSwitches() const;
    NodeContainer GetNodes() const override;
    const std::vector<Link>& GetLinks() const override;
    using DatacenterTopology::GetLinks;
    /**
     * \param layer a layer
     * \return host link rate for HOST_EDGE, SwitchSpeedup times it for the others (bit/s)
     */
    double GetLinkRate(Layer layer) const override;

  private:
    uint32_t m_k;                             //!< D_A = D_I.
    uint32_t m_hostsPerTor;                   //!< Hosts per ToR.
    DataRate m_hostRate;                      //!< Host link rate.
    double m_speedup;                         //!< Switch link rate / host link rate.
    Time m_delay[3];                          //!< Delay per layer.
    uint32_t m_queueSize;                     //!< Device queue size (packets).
    NodeContainer m_hosts;                    //!< Hosts.
    NodeContainer m_tors;                     //!< ToR switches.
    NodeContainer m_aggs;                     //!< Aggregation switches.
    NodeContainer m_ints;                     //!< Intermediate switches.
    std::vector<Link> m_links;                //!< All links.
    std::vector<Ipv4Address> m_hostAddresses; //!< Host addresses.
};

} // namespace ns3

#endif /* VL2_HELPER_H */
