/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/sdn-controller-helper.h"

#include "ns3/abort.h"
#include "ns3/datacenter-topology.h"
#include "ns3/node.h"

namespace ns3
{

SdnControllerHelper::SdnControllerHelper(const std::string& controllerType)
{
    TypeId tid;
    NS_ABORT_MSG_IF(!TypeId::LookupByNameFailSafe(controllerType, &tid),
                    "SdnControllerHelper: unknown controller type " << controllerType);
    NS_ABORT_MSG_IF(!tid.IsChildOf(SdnController::GetTypeId()) && tid != SdnController::GetTypeId(),
                    "SdnControllerHelper: " << controllerType
                                            << " is not an ns3::SdnController");
    m_controller.SetTypeId(tid);
}

void
SdnControllerHelper::SetControllerAttribute(const std::string& name, const AttributeValue& value)
{
    m_controller.Set(name, value);
}

void
SdnControllerHelper::SetFlowTableAttribute(const std::string& name, const AttributeValue& value)
{
    m_tables.SetAttribute(name, value);
}

Ptr<SdnController>
SdnControllerHelper::Install(const DatacenterTopology& topo)
{
    Ptr<SdnController> controller = Install(topo.GetSwitches(), CreateObject<Node>());
    controller->SetTopology(topo);
    return controller;
}

Ptr<SdnController>
SdnControllerHelper::Install(NodeContainer switches, Ptr<Node> controllerNode)
{
    m_installed = m_tables.Install(switches);
    Ptr<SdnController> controller = m_controller.Create<SdnController>();
    controllerNode->AddApplication(controller);
    for (const Ptr<SdnFlowTable>& table : m_installed)
    {
        controller->AddSwitch(table);
    }
    return controller;
}

const std::vector<Ptr<SdnFlowTable>>&
SdnControllerHelper::GetFlowTables() const
{
    return m_installed;
}

} // namespace ns3
