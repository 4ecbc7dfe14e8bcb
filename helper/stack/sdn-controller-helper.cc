/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/sdn-controller-helper.h"

#include "ns3/abort.h"
#include "ns3/datacenter-topology.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/out-of-band-interfaces.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/queue-size.h"

namespace ns3
{

namespace
{
/**
 * \brief Give a control device its interface: address, up, IP forwarding off, out of band.
 * \param dev the device
 * \param addr its address (/30)
 * \return the interface index
 */
uint32_t
AddControlInterface(Ptr<NetDevice> dev, Ipv4Address addr)
{
    Ptr<Node> node = dev->GetNode();
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    const uint32_t i = ipv4->AddInterface(dev);
    ipv4->AddAddress(i, Ipv4InterfaceAddress(addr, Ipv4Mask("255.255.255.252")));
    // Global routing never sees the control network: ns-3's GlobalRouter skips an interface
    // that does not forward, and a point-to-point link whose far end has no GlobalRouter (the
    // controller's node has static routing only). Off before up.
    ipv4->SetForwarding(i, false);
    ipv4->SetUp(i);
    OutOfBandInterfaces::Add(node, i);
    return i;
}
} // namespace

SdnControllerHelper::SdnControllerHelper(const std::string& controllerType)
    : m_controlRate("1Gbps"),
      m_controlDelay(MicroSeconds(20)),
      m_controlNetwork("192.168.0.0"),
      m_controlMask("255.255.0.0")
{
    TypeId tid;
    NS_ABORT_MSG_IF(!TypeId::LookupByNameFailSafe(controllerType, &tid),
                    "SdnControllerHelper: unknown controller type " << controllerType);
    NS_ABORT_MSG_IF(!tid.IsChildOf(SdnController::GetTypeId()) && tid != SdnController::GetTypeId(),
                    "SdnControllerHelper: " << controllerType
                                            << " is not an ns3::SdnController");
    m_controller.SetTypeId(tid);
    m_agent.SetTypeId(SdnServerAgent::GetTypeId());
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

void
SdnControllerHelper::SetControlNetworkDataRate(DataRate rate)
{
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0, "SdnControllerHelper: control link rate must be > 0");
    m_controlRate = rate;
}

void
SdnControllerHelper::SetControlNetworkDelay(Time delay)
{
    NS_ABORT_MSG_IF(delay.IsNegative(), "SdnControllerHelper: negative control link delay");
    m_controlDelay = delay;
}

void
SdnControllerHelper::SetControlNetworkBase(Ipv4Address network, Ipv4Mask mask)
{
    NS_ABORT_MSG_IF(mask.GetPrefixLength() > 30,
                    "SdnControllerHelper::SetControlNetworkBase: the network must hold a /30");
    NS_ABORT_MSG_IF(network.CombineMask(mask) != network,
                    "SdnControllerHelper::SetControlNetworkBase: " << network
                                                                   << " is not a network address of "
                                                                   << mask);
    m_controlNetwork = network;
    m_controlMask = mask;
}

void
SdnControllerHelper::SetServerAgentType(const std::string& type)
{
    TypeId tid;
    NS_ABORT_MSG_IF(!TypeId::LookupByNameFailSafe(type, &tid),
                    "SdnControllerHelper: unknown agent type " << type);
    NS_ABORT_MSG_IF(!tid.IsChildOf(SdnServerAgent::GetTypeId()) && tid != SdnServerAgent::GetTypeId(),
                    "SdnControllerHelper: " << type << " is not an ns3::SdnServerAgent");
    m_agent.SetTypeId(tid);
}

void
SdnControllerHelper::SetServerAgentAttribute(const std::string& name, const AttributeValue& value)
{
    m_agent.Set(name, value);
}

ApplicationContainer
SdnControllerHelper::InstallControlNetwork(const DatacenterTopology& topo,
                                           Ptr<SdnController> controller)
{
    NS_ABORT_MSG_IF(!controller || !controller->GetNode(),
                    "SdnControllerHelper::InstallControlNetwork: the controller has no node");
    NS_ABORT_MSG_IF(!topo.IsAssigned(),
                    "SdnControllerHelper::InstallControlNetwork: assign the fabric's addresses "
                    "first");
    NS_ABORT_MSG_IF(controller->GetNServers() > 0,
                    "SdnControllerHelper::InstallControlNetwork: the controller has servers "
                    "already");
    const uint32_t n = topo.GetNHosts();
    const uint64_t room = uint64_t(1) << (32 - m_controlMask.GetPrefixLength());
    NS_ABORT_MSG_IF(4 * uint64_t(n) > room,
                    "SdnControllerHelper::InstallControlNetwork: " << n << " hosts need " << 4 * n
                        << " addresses; " << m_controlNetwork << "/"
                        << m_controlMask.GetPrefixLength() << " has " << room
                        << " (SetControlNetworkBase)");
    // No address of any node may lie in the control network.
    for (auto it = NodeList::Begin(); it != NodeList::End(); ++it)
    {
        Ptr<Ipv4> ipv4 = (*it)->GetObject<Ipv4>();
        for (uint32_t i = 0; ipv4 && i < ipv4->GetNInterfaces(); ++i)
        {
            for (uint32_t j = 0; j < ipv4->GetNAddresses(i); ++j)
            {
                const Ipv4InterfaceAddress a = ipv4->GetAddress(i, j);
                NS_ABORT_MSG_IF(m_controlMask.IsMatch(a.GetLocal(), m_controlNetwork) ||
                                    a.GetMask().IsMatch(a.GetLocal(), m_controlNetwork),
                                "SdnControllerHelper::InstallControlNetwork: node "
                                    << (*it)->GetId() << " has " << a.GetLocal() << "/"
                                    << a.GetMask().GetPrefixLength() << ", which overlaps "
                                    << m_controlNetwork << "/" << m_controlMask.GetPrefixLength()
                                    << " (SetControlNetworkBase)");
            }
        }
    }

    Ptr<Node> ctlNode = controller->GetNode();
    if (!ctlNode->GetObject<Ipv4>())
    {
        InternetStackHelper stack;
        stack.SetIpv6StackInstall(false);
        stack.SetRoutingHelper(Ipv4StaticRoutingHelper());
        stack.Install(ctlNode);
    }

    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(m_controlRate));
    p2p.SetChannelAttribute("Delay", TimeValue(m_controlDelay));
    p2p.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", QueueSizeValue(QueueSize("100p")));

    m_controlLinks.clear();
    ApplicationContainer agents;
    for (uint32_t h = 0; h < n; ++h)
    {
        Ptr<Node> host = topo.GetHost(h);
        NS_ABORT_MSG_IF(host == ctlNode,
                        "SdnControllerHelper::InstallControlNetwork: the controller runs on host "
                            << h << "; give it a node of its own (Install(topo))");
        NS_ABORT_MSG_IF(!host->GetObject<Ipv4>(),
                        "SdnControllerHelper::InstallControlNetwork: host " << h << " has no IPv4");
        NetDeviceContainer d = p2p.Install(host, ctlNode);
        ControlLink link;
        link.host = h;
        link.hostDevice = DynamicCast<PointToPointNetDevice>(d.Get(0));
        link.controllerDevice = DynamicCast<PointToPointNetDevice>(d.Get(1));
        const uint32_t base = m_controlNetwork.Get() + 4 * h;
        link.hostAddress = Ipv4Address(base + 2);
        link.controllerAddress = Ipv4Address(base + 1);
        link.hostInterface = AddControlInterface(link.hostDevice, link.hostAddress);
        AddControlInterface(link.controllerDevice, link.controllerAddress);
        controller->AddServer(h, link.hostAddress);

        Ptr<SdnServerAgent> agent = m_agent.Create<SdnServerAgent>();
        host->AddApplication(agent);
        agent->SetControlChannel(h,
                                 link.hostAddress,
                                 link.controllerAddress,
                                 controller->GetServerPort());
        agents.Add(agent);
        m_controlLinks.push_back(link);
    }
    return agents;
}

const std::vector<SdnControllerHelper::ControlLink>&
SdnControllerHelper::GetControlLinks() const
{
    return m_controlLinks;
}

} // namespace ns3
