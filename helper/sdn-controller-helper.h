/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SDN_CONTROLLER_HELPER_H
#define SDN_CONTROLLER_HELPER_H

#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/sdn-controller.h"
#include "ns3/sdn-flow-table-helper.h"

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
 * InstallStack()). The controller node has no network device: the OpenFlow channel is
 * modelled by SdnController (latency and byte counts).
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

  private:
    ObjectFactory m_controller;               //!< Factory of the controller.
    SdnFlowTableHelper m_tables;              //!< Installs the tables.
    std::vector<Ptr<SdnFlowTable>> m_installed; //!< Tables of the last Install().
};

} // namespace ns3

#endif /* SDN_CONTROLLER_HELPER_H */
