/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/sdn-flow-table-helper.h"

#include "ns3/abort.h"
#include "ns3/ecmp-forwarding-table.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/ipv4-flow-ecmp-routing.h"
#include "ns3/node.h"

namespace ns3
{

SdnFlowTableHelper::SdnFlowTableHelper()
{
    m_factory.SetTypeId(SdnFlowTable::GetTypeId());
}

void
SdnFlowTableHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

std::vector<Ptr<SdnFlowTable>>
SdnFlowTableHelper::Install(NodeContainer switches) const
{
    std::vector<Ptr<SdnFlowTable>> tables;
    tables.reserve(switches.GetN());
    for (auto it = switches.Begin(); it != switches.End(); ++it)
    {
        tables.push_back(Install(*it));
    }
    return tables;
}

Ptr<SdnFlowTable>
SdnFlowTableHelper::Install(Ptr<Node> node) const
{
    Ptr<Ipv4FlowEcmpRouting> routing = Ipv4FlowEcmpRoutingHelper::GetRouting(node);
    NS_ABORT_MSG_IF(!routing,
                    "SdnFlowTableHelper::Install: node " << node->GetId()
                                                         << " does not route with "
                                                            "Ipv4FlowEcmpRouting");
    NS_ABORT_MSG_IF(node->GetObject<SdnFlowTable>(),
                    "SdnFlowTableHelper::Install: node " << node->GetId()
                                                         << " has a flow table already");
    Ptr<SdnFlowTable> table = m_factory.Create<SdnFlowTable>();
    node->AggregateObject(table);
    routing->GetForwardingTable()->SetFlowTable(table);
    return table;
}

} // namespace ns3
