/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-socket-factory.h"

#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-socket-base.h"

#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpSocketFactory");
NS_OBJECT_ENSURE_REGISTERED(MpTcpSocketFactory);

TypeId
MpTcpSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpSocketFactory")
                            .SetParent<TransportSocketFactory>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpSocketFactory>();
    return tid;
}

MpTcpSocketFactory::MpTcpSocketFactory()
{
    SetTypes(MpTcpSocketBase::GetTypeId(), MpTcpSubflow::GetTypeId());
}

MpTcpSocketFactory::~MpTcpSocketFactory() = default;

void
MpTcpSocketFactory::SetTcp(Ptr<MpTcpL4Protocol> tcp)
{
    m_tcp = tcp;
}

Ptr<Socket>
MpTcpSocketFactory::CreateSocket()
{
    if (!m_tcp)
    {
        m_tcp = GetObject<MpTcpL4Protocol>();
    }
    NS_ABORT_MSG_IF(!m_tcp,
                    "MpTcpSocketFactory: the node has no ns3::MpTcpL4Protocol; install the "
                    "internet stack with MpTcpStackHelper");
    Ptr<MpTcpSocketBase> socket = DynamicCast<MpTcpSocketBase>(CreateConfiguredSocket());
    socket->SetNode(m_tcp->GetObject<Node>());
    socket->SetTcp(m_tcp);
    return socket;
}

void
MpTcpSocketFactory::DoDispose()
{
    m_tcp = nullptr;
    SocketFactory::DoDispose();
}

} // namespace ns3
