/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-stack-helper.h"

#include "ns3/log.h"
#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-transport-socket-factory.h"
#include "ns3/node.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpStackHelper");

MpTcpStackHelper::MpTcpStackHelper()
{
#if MPTCP_HAVE_SET_TCP
    m_stack.SetTcp("ns3::MpTcpL4Protocol");
#endif
}

InternetStackHelper&
MpTcpStackHelper::GetInternetStackHelper()
{
    return m_stack;
}

void
MpTcpStackHelper::SetRoutingHelper(const Ipv4RoutingHelper& routing)
{
    m_stack.SetRoutingHelper(routing);
}

void
MpTcpStackHelper::Install(NodeContainer nodes)
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        Install(*it);
    }
}

void
MpTcpStackHelper::Install(Ptr<Node> node)
{
#if !MPTCP_HAVE_SET_TCP
    node->AggregateObject(CreateObject<MpTcpL4Protocol>());
#endif
    m_stack.Install(node);
    Ptr<MpTcpL4Protocol> tcp = node->GetObject<MpTcpL4Protocol>();
    NS_ABORT_MSG_IF(!tcp, "MpTcpStackHelper: TCP on node " << node->GetId()
                                                          << " is not ns3::MpTcpL4Protocol");
    Ptr<MpTcpSocketFactory> factory = CreateObject<MpTcpSocketFactory>();
    factory->SetTcp(tcp);
    node->AggregateObject(factory);
    node->AggregateObject(CreateObject<PacketScatterSocketFactory>());
    node->AggregateObject(CreateObject<MmpTcpSocketFactory>());
    node->AggregateObject(CreateObject<TcpSmallQueuesSocketFactory>());
    node->AggregateObject(CreateObject<TcpSocketBaseFactory>());
}

} // namespace ns3
