/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SDN_CONTROLLER_HELPER_H
#define SDN_CONTROLLER_HELPER_H

#include "ns3/application-container.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/sdn-controller.h"
#include "ns3/sdn-flow-table-helper.h"
#include "ns3/sdn-server-agent.h"

#include <string>
#include <vector>

namespace ns3
{

class DatacenterTopology;

/**
 * \ingroup mptcp
 * \brief Installs an SDN controller on a fabric: a flow table (SdnFlowTable) on every switch,
 * a new node for the controller, the controller application (ns3::SdnController or a
 * subclass, chosen by TypeId) on it, and the controller's OpenFlow channel to every table.
 *
 * Call after the topology's stack is installed (DatacenterTopology::Build() or
 * InstallStack()). The OpenFlow channel to the switches is modelled by SdnController (latency
 * and byte counts): Install() gives the controller node no network device.
 *
 * **Control network to the servers** (InstallControlNetwork(), only when called): the
 * out-of-band network over which the controller and the servers exchange SdnServerMessage
 * datagrams (seed 004 Fig. 1: demands, path-adding requests and answers), as real packets so
 * that their cost is counted. Every host gets one more point-to-point link, to the
 * controller's node: a star, i.e. a management network whose switch is ideal (no contention
 * between hosts, one queue per direction and host), at a configurable rate (default 1 Gb/s)
 * and delay (default 20 us: the hosts' access links of seed 004 §V-A). Point-to-point links
 * rather than one CsmaChannel: a CSMA channel is one shared half-duplex medium (a hub), which
 * would serialize every server's messages with every other's; a switched management network
 * is closer to the star, and a point-to-point link costs one event per packet and hop.
 *
 * Addresses: host i's link is the /30 network + 4i, host side network + 4i + 2, controller
 * side network + 4i + 1, in 192.168.0.0/16 by default (SetControlNetworkBase(); up to 16384
 * hosts): the fabrics use 10.0.0.0/8 for hosts and 172.16.0.0/12 for switch links, and
 * InstallControlNetwork() refuses a network that overlaps any address already assigned.
 *
 * The fabric does not change. The new interface is the host's last: the interface indices
 * and the addresses of DatacenterTopology::GetHostAddresses() stay. Global routing never sees
 * the control links (their interfaces do not forward, and the controller's node has no
 * GlobalRouter: ns-3's GlobalRouter skips both), so no fabric route goes through the
 * controller, also after Ipv4FlowEcmpRoutingHelper::RecomputeRoutingTables(). The interface
 * is marked out of band (OutOfBandInterfaces): MPTCP never uses its address, and
 * Ipv4FlowEcmpRouting routes the link's /30 on-link through it (no fabric destination lies in
 * it; a host's default route would otherwise send it into the fabric). The controller's node
 * gets ns-3's InternetStackHelper (IPv4 with static routing only, no IPv6) if it has no IPv4
 * yet; its objects (ARP's jitter) take automatic random-stream numbers, so random variables
 * created after InstallControlNetwork() may draw from other streams than in a run without the
 * control network. Not for distributed (MPI) runs, like the controller itself.
 */
class SdnControllerHelper
{
  public:
    /**
     * \param controllerType the TypeId name of the controller (ns3::SdnController or a
     *        subclass); NS_ABORT if it is not one
     */
    explicit SdnControllerHelper(const std::string& controllerType = "ns3::SdnController");
    /**
     * \param name an attribute of the controller
     * \param value its value
     */
    void SetControllerAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name an attribute of the flow tables (ns3::SdnFlowTable)
     * \param value its value
     */
    void SetFlowTableAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \brief Install on a fabric: tables on topo.GetSwitches(), the controller on a new node,
     * then SdnController::SetTopology(topo).
     * \param topo the built fabric
     * \return the controller
     */
    Ptr<SdnController> Install(const DatacenterTopology& topo);
    /**
     * \brief Install tables on the switches and the controller on controllerNode.
     * \param switches the switch nodes (routing with Ipv4FlowEcmpRouting)
     * \param controllerNode the node of the controller application
     * \return the controller
     */
    Ptr<SdnController> Install(NodeContainer switches, Ptr<Node> controllerNode);
    /// \return the tables installed by the last Install(), in switch order
    const std::vector<Ptr<SdnFlowTable>>& GetFlowTables() const;

    /// One host's link of the control network.
    struct ControlLink
    {
        uint32_t host;                               //!< Host index.
        Ptr<PointToPointNetDevice> hostDevice;       //!< The host's device.
        Ptr<PointToPointNetDevice> controllerDevice; //!< The controller node's device.
        Ipv4Address hostAddress;                     //!< The host's control address.
        Ipv4Address controllerAddress;               //!< The controller's address on it.
        uint32_t hostInterface;                      //!< The host's IPv4 interface index.
    };

    /**
     * \param rate data rate of every control link (default 1 Gb/s); before
     *        InstallControlNetwork()
     */
    void SetControlNetworkDataRate(DataRate rate);
    /**
     * \param delay one-way propagation delay of every control link (default 20 us); before
     *        InstallControlNetwork()
     */
    void SetControlNetworkDelay(Time delay);
    /**
     * \brief The IPv4 network of the control links (default 192.168.0.0/16): one /30 per host.
     * \param network the network address (aligned on \p mask)
     * \param mask its mask (at most /30)
     */
    void SetControlNetworkBase(Ipv4Address network, Ipv4Mask mask);
    /**
     * \param type the TypeId name of the agents installed on the hosts (ns3::SdnServerAgent,
     *        the default, or a subclass); NS_ABORT if it is not one
     */
    void SetServerAgentType(const std::string& type);
    /**
     * \param name an attribute of the agents
     * \param value its value
     */
    void SetServerAgentAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \brief Build the out-of-band control network between \p controller's node and every host
     * of \p topo (see the class description), install an agent on every host and register the
     * hosts with the controller (SdnController::AddServer()). After Install() and after the
     * fabric's addresses are assigned; once per controller.
     * \param topo the built fabric
     * \param controller the controller (on its node)
     * \return the agents, in host order
     */
    ApplicationContainer InstallControlNetwork(const DatacenterTopology& topo,
                                               Ptr<SdnController> controller);
    /// \return the links of the last InstallControlNetwork(), in host order
    const std::vector<ControlLink>& GetControlLinks() const;

  private:
    ObjectFactory m_controller;               //!< Factory of the controller.
    SdnFlowTableHelper m_tables;              //!< Installs the tables.
    std::vector<Ptr<SdnFlowTable>> m_installed; //!< Tables of the last Install().
    ObjectFactory m_agent;                    //!< Factory of the server agents.
    DataRate m_controlRate;                   //!< Rate of the control links.
    Time m_controlDelay;                      //!< Delay of the control links.
    Ipv4Address m_controlNetwork;             //!< Network of the control links.
    Ipv4Mask m_controlMask;                   //!< Its mask.
    std::vector<ControlLink> m_controlLinks;  //!< Links of the last InstallControlNetwork().
};

} // namespace ns3

#endif /* SDN_CONTROLLER_HELPER_H */
