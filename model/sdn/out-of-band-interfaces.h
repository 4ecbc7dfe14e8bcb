/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OUT_OF_BAND_INTERFACES_H
#define OUT_OF_BAND_INTERFACES_H

#include "ns3/object.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class Ipv4;
class Node;

/**
 * \ingroup mptcp
 * \brief The IPv4 interfaces of a node that belong to an out-of-band network (the SDN
 * controller's control network to the servers, SdnControllerHelper::InstallControlNetwork()),
 * aggregated to the node.
 *
 * Such an interface carries no fabric traffic:
 *  - MPTCP does not use its address: the fullmesh path manager neither announces it
 *    (ADD_ADDR) nor opens subflows from it (MpTcpFullmeshPathManager);
 *  - Ipv4FlowEcmpRouting's table (EcmpForwardingTable) routes the interface's own subnet
 *    on-link through it and through nothing else (a host's default route would otherwise send
 *    it into the fabric); no fabric destination lies in that subnet, so no fabric route
 *    changes;
 *  - global routing does not see it (whoever marks it also turns its IP forwarding off, which
 *    makes ns-3's GlobalRouter skip it: no link-state advertisement, no route through it).
 *
 * A node without this object has no out-of-band interface. The tables read it when they are
 * rebuilt (Add() invalidates them), never per packet.
 */
class OutOfBandInterfaces : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Mark an interface of a node as out of band (aggregating this object to the node
     * the first time), and invalidate every EcmpForwardingTable cache.
     * \param node the node (must have an IPv4 stack)
     * \param interface its IPv4 interface index
     */
    static void Add(Ptr<Node> node, uint32_t interface);
    /**
     * \param ipv4 a node's IPv4 stack (or nullptr)
     * \param interface an IPv4 interface index
     * \return whether that interface of the node is out of band
     */
    static bool IsOutOfBand(Ptr<const Ipv4> ipv4, uint32_t interface);
    /// \return the out-of-band interface indices, in the order added
    const std::vector<uint32_t>& GetInterfaces() const;

  private:
    std::vector<uint32_t> m_interfaces; //!< Out-of-band interface indices.
};

} // namespace ns3

#endif /* OUT_OF_BAND_INTERFACES_H */
