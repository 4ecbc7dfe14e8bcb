/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SDN_FLOW_TABLE_HELPER_H
#define SDN_FLOW_TABLE_HELPER_H

#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/sdn-flow-table.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Gives switches an OpenFlow-style flow table (SdnFlowTable): the data plane an SDN
 * controller drives.
 *
 * Each table is aggregated to its switch node (node->GetObject<SdnFlowTable>()) and placed in
 * the node's Ipv4FlowEcmpRouting forwarding table, so both forwarding paths of the switch
 * (EcmpSwitchForwarder and IPv4 forwarding) use it. Install after the stack
 * (DatacenterTopology::InstallStack() or Build()).
 */
class SdnFlowTableHelper
{
  public:
    SdnFlowTableHelper();
    /**
     * \brief Set an attribute of the tables to be installed (ns3::SdnFlowTable: MissAction,
     * MissIdleTimeout, HoldLimit).
     * \param name attribute name
     * \param value attribute value
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \brief Install one table on every node. Aborts (NS_ABORT_MSG) on a node that does not
     * route with Ipv4FlowEcmpRouting or already has a table.
     * \param switches the switch nodes
     * \return the tables, in the order of switches
     */
    std::vector<Ptr<SdnFlowTable>> Install(NodeContainer switches) const;
    /**
     * \param node a switch node
     * \return the node's table
     */
    Ptr<SdnFlowTable> Install(Ptr<Node> node) const;

  private:
    ObjectFactory m_factory; //!< Factory of the tables.
};

} // namespace ns3

#endif /* SDN_FLOW_TABLE_HELPER_H */
