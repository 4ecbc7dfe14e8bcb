/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DATACENTER_FABRIC_H
#define DATACENTER_FABRIC_H

#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::DatacenterFabric: what a controller and a path graph may ask of a built fabric.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief A built datacenter fabric as the control plane sees it: hosts and their addresses,
 * the point-to-point links by layer (Al-Fares et al.: host-edge, edge-aggregation,
 * aggregation-core), racks and equal-cost path counts (Raiciu et al., SIGCOMM 2011, §4 and §5).
 *
 * The SDN controllers (SdnController::SetTopology()) and DatacenterPathGraph use this
 * interface only, so that model/ does not depend on how a fabric is built: the builders
 * (DatacenterTopology and its subclasses FatTreeHelper, DualHomedFatTreeHelper, Vl2Helper,
 * PerfectSwitchHelper, in helper/) implement it.
 */
class DatacenterFabric
{
  public:
    /// The link layers of a tree-shaped fabric (a perfect switch has host-edge links only).
    enum Layer
    {
        HOST_EDGE = 0,        ///< Host to edge (ToR) switch.
        EDGE_AGGREGATION = 1, ///< Edge switch to aggregation switch.
        AGGREGATION_CORE = 2  ///< Aggregation switch to core (VL2: intermediate) switch.
    };

    /// One bidirectional point-to-point link.
    struct Link
    {
        Ptr<Node> a;                     //!< One end (the lower-layer node by default).
        Ptr<Node> b;                     //!< The other end.
        Ptr<PointToPointNetDevice> devA; //!< Device of a on this link.
        Ptr<PointToPointNetDevice> devB; //!< Device of b on this link.
        Layer layer;                     //!< Layer of the link.
    };

    virtual ~DatacenterFabric() = default;

    /// \return whether the nodes and links exist (the builder's Create() ran)
    virtual bool IsCreated() const = 0;
    /// \return whether the hosts have their addresses (the builder's AssignIpv4Addresses() ran)
    virtual bool IsAssigned() const = 0;

    /**
     * \return the switch port count k of the fabric (FatTree, DHFT: k; VL2: D_A = D_I),
     *         0 for a fabric without one (a perfect switch), as stored in ``runs.k``
     */
    virtual uint32_t GetK() const
    {
        return 0;
    }
    /**
     * \brief The equal-cost paths between two hosts of racks that share the least (different
     * pods): packet scatter's duplicate-ACK threshold is 3 + this (seed 000 §4.3.5; MMPTCP
     * thesis §3.6).
     * \return (k/2)^2 for a FatTree and a DHFT, 2k for VL2, 1 for a perfect switch
     */
    virtual uint32_t GetInterPodPathCount() const = 0;

    /// \return the number of hosts
    virtual uint32_t GetNHosts() const = 0;
    /// \return the hosts, in host index order
    virtual NodeContainer GetHosts() const = 0;
    /**
     * \param i host index in [0, GetNHosts())
     * \return the host
     */
    virtual Ptr<Node> GetHost(uint32_t i) const = 0;
    /**
     * \param i host index
     * \return the host's (first NIC's) IPv4 address, after AssignIpv4Addresses()
     */
    virtual Ipv4Address GetHostAddress(uint32_t i) const = 0;
    /**
     * \param i host index
     * \return the addresses of all the host's NICs, NIC 0 first (one for single-homed hosts)
     */
    virtual std::vector<Ipv4Address> GetHostAddresses(uint32_t i) const
    {
        return {GetHostAddress(i)};
    }
    /**
     * \brief Every IPv4 address of a host: GetHostAddresses() (the first address of each NIC),
     * then any further addresses of its NICs (FatTreeHelper::SetAddressesPerHost()). The
     * addresses a controller maps to the host, and a fullmesh MPTCP connection's address pairs.
     * \param i host index
     * \return the addresses, after AssignIpv4Addresses()
     */
    virtual std::vector<Ipv4Address> GetAllHostAddresses(uint32_t i) const
    {
        return GetHostAddresses(i);
    }
    /// \return all nodes, hosts first (install the internet stack on these)
    virtual NodeContainer GetNodes() const = 0;
    /// \return every link, host-edge links first
    virtual const std::vector<Link>& GetLinks() const = 0;
    /**
     * \param layer a layer
     * \return the rate of its links in bit/s
     */
    virtual double GetLinkRate(Layer layer) const = 0;
    /// \return the rate of one host NIC's link in bit/s
    virtual double GetHostLinkRate() const
    {
        return GetLinkRate(HOST_EDGE);
    }
    /**
     * \param host host index
     * \return its rack (for rack locality): the ToR, or ToR pair of a dual-homed host
     */
    virtual uint32_t GetHostRack(uint32_t host) const = 0;
    /// \return the number of racks
    virtual uint32_t GetNRacks() const = 0;
    /**
     * \param srcHost source host index
     * \param dstHost destination host index
     * \return the number of shortest paths between the two hosts through the switches
     */
    virtual uint32_t GetEqualCostPathCount(uint32_t srcHost, uint32_t dstHost) const = 0;

    /**
     * \param layer a layer
     * \return the links of that layer, in GetLinks() order
     */
    std::vector<Link> GetLinks(Layer layer) const;
    /**
     * \param layer a layer
     * \return its name as stored in the results database (``link_layers.layer``):
     *         "host-edge", "edge-aggregation" or "aggregation-core"
     */
    static std::string GetLayerName(Layer layer);

};

} // namespace ns3

#endif /* DATACENTER_FABRIC_H */
