/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef PERFECT_SWITCH_HELPER_H
#define PERFECT_SWITCH_HELPER_H

#include "ns3/data-rate.h"
#include "ns3/datacenter-topology.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief N hosts on one non-blocking switch: the "Perfect Switch" control topology of
 * Raiciu et al., SIGCOMM 2011, §5 (an upper bound on what any network core can provide to hosts
 * with one link each).
 *
 * The switch is one IP router node with one point-to-point link per host; only the host links
 * (both directions, each with its own DropTail device queue) can be bottlenecks. Same style as
 * FatTreeHelper: Create(), install an internet stack on GetNodes(), AssignIpv4Addresses().
 *
 * As a DatacenterTopology: the host links are the only links (layer HOST_EDGE, host = a);
 * all hosts are in one rack (0); one path between any two hosts.
 *
 * Addresses: host i's link is the /30 at 10.0.0.0 + 4*i (switch side .1, host side .2).
 */
class PerfectSwitchHelper : public DatacenterTopology
{
  public:
    /**
     * \param nHosts number of hosts, >= 1 and <= 4194304 (NS_FATAL_ERROR otherwise)
     */
    explicit PerfectSwitchHelper(uint32_t nHosts);

    /**
     * \brief Set the data rate of the host links (before Create()).
     * \param rate the rate (default 100 Mb/s)
     */
    void SetHostLinkDataRate(DataRate rate);
    /**
     * \brief Set the one-way propagation delay of the host links (before Create()).
     * \param delay the delay (default 10 us)
     */
    void SetHostLinkDelay(Time delay);
    /**
     * \brief Set the capacity of every device's DropTail queue (before Create()).
     * \param packets queue size in packets (default 100, >= 1)
     */
    void SetQueueSize(uint32_t packets);

    /// \brief Create the hosts, the switch and the links (once). Node order: hosts, switch.
    void Create() override;
    /**
     * \brief Assign one /30 per host link, bring the interfaces up and remove any
     * traffic-control root queue disc (after an internet stack was installed; once).
     */
    void AssignIpv4Addresses() override;

    /// \return the number of hosts
    uint32_t GetNHosts() const override;
    /// \return 1: every pair of hosts has one path, through the switch
    uint32_t GetInterPodPathCount() const override;
    /// \return the hosts
    NodeContainer GetHosts() const override;
    /**
     * \param i host index
     * \return the host
     */
    Ptr<Node> GetHost(uint32_t i) const override;
    /**
     * \param i host index
     * \return its IPv4 address (after AssignIpv4Addresses())
     */
    Ipv4Address GetHostAddress(uint32_t i) const override;
    /**
     * \param i host index
     * \return the host's network device
     */
    Ptr<PointToPointNetDevice> GetHostDevice(uint32_t i) const;
    /**
     * \param i host index
     * \return the switch's device towards host i
     */
    Ptr<PointToPointNetDevice> GetSwitchDevice(uint32_t i) const;
    /// \return the switch node
    Ptr<Node> GetSwitch() const;
    /// \return all nodes: hosts, then the switch
    NodeContainer GetNodes() const override;
    /// \return the host links (layer HOST_EDGE, a = the host), in host order
    const std::vector<Link>& GetLinks() const override;
    /**
     * \param layer a layer
     * \return the host link rate in bit/s for HOST_EDGE, 0 for the others (no such links)
     */
    double GetLinkRate(Layer layer) const override;
    /**
     * \param host host index
     * \return 0: the switch is one rack
     */
    uint32_t GetHostRack(uint32_t host) const override;
    /// \return 1
    uint32_t GetNRacks() const override;
    /**
     * \param srcHost source host index
     * \param dstHost destination host index
     * \return 1: one path through the switch
     */
    uint32_t GetEqualCostPathCount(uint32_t srcHost, uint32_t dstHost) const override;

    /// \return the host link data rate
    DataRate GetHostLinkDataRate() const;
    /// \return the host link rate in bit/s
    double GetHostLinkRate() const override;
    /// \return the host link one-way delay
    Time GetHostLinkDelay() const;
    /// \return the device queue size in packets
    uint32_t GetQueueSize() const;

  private:
    uint32_t m_nHosts;                                    //!< Number of hosts.
    DataRate m_rate;                                      //!< Host link rate.
    Time m_delay;                                         //!< Host link delay.
    uint32_t m_queueSize;                                 //!< Device queue size (packets).
    NodeContainer m_hosts;                                //!< Hosts.
    Ptr<Node> m_switch;                                   //!< The switch.
    std::vector<Ptr<PointToPointNetDevice>> m_hostDevs;   //!< Host side devices.
    std::vector<Ptr<PointToPointNetDevice>> m_switchDevs; //!< Switch side devices.
    std::vector<Ipv4Address> m_hostAddresses;             //!< Host addresses.
    std::vector<Link> m_links;                            //!< Host links.
};

} // namespace ns3

#endif /* PERFECT_SWITCH_HELPER_H */
