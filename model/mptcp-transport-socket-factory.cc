/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-transport-socket-factory.h"

#include "ns3/mmptcp-socket.h"
#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-packet-scatter-socket.h"
#include "ns3/tcp-small-queues-socket.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/rtt-estimator.h"
#include "ns3/tcp-recovery-ops.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpTransportSocketFactory");
NS_OBJECT_ENSURE_REGISTERED(PacketScatterSocketFactory);
NS_OBJECT_ENSURE_REGISTERED(MmpTcpSocketFactory);
NS_OBJECT_ENSURE_REGISTERED(TcpSmallQueuesSocketFactory);

namespace
{
/**
 * \param factory the factory (aggregated to the node)
 * \param name its name, for the error message
 * \return a new T on the factory's node
 */
template <class T>
Ptr<Socket>
CreateOnNode(const SocketFactory* factory, const char* name)
{
    Ptr<MpTcpL4Protocol> tcp = factory->GetObject<MpTcpL4Protocol>();
    NS_ABORT_MSG_IF(!tcp,
                    name << ": the node has no ns3::MpTcpL4Protocol; install the internet "
                            "stack with MpTcpStackHelper");
    Ptr<T> socket = CreateObject<T>();
    socket->SetNode(tcp->template GetObject<Node>());
    socket->SetTcp(tcp);
    return socket;
}
} // namespace

TypeId
PacketScatterSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PacketScatterSocketFactory")
                            .SetParent<SocketFactory>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<PacketScatterSocketFactory>();
    return tid;
}

Ptr<Socket>
PacketScatterSocketFactory::CreateSocket()
{
    return CreateOnNode<PacketScatterSocket>(this, "PacketScatterSocketFactory");
}

TypeId
MmpTcpSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MmpTcpSocketFactory")
                            .SetParent<SocketFactory>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MmpTcpSocketFactory>();
    return tid;
}

Ptr<Socket>
MmpTcpSocketFactory::CreateSocket()
{
    return CreateOnNode<MmpTcpSocket>(this, "MmpTcpSocketFactory");
}

TypeId
TcpSmallQueuesSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpSmallQueuesSocketFactory")
                            .SetParent<SocketFactory>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<TcpSmallQueuesSocketFactory>();
    return tid;
}

Ptr<Socket>
TcpSmallQueuesSocketFactory::CreateSocket()
{
    Ptr<TcpL4Protocol> tcp = GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_IF(!tcp, "TcpSmallQueuesSocketFactory: the node has no ns3::TcpL4Protocol");
    // As TcpL4Protocol::CreateSocket(), with our socket class.
    auto create = [&tcp](const char* attribute) {
        TypeIdValue type;
        tcp->GetAttribute(attribute, type);
        ObjectFactory f;
        f.SetTypeId(type.Get());
        return f.Create();
    };
    Ptr<TcpSmallQueuesSocket> socket = CreateObject<TcpSmallQueuesSocket>();
    socket->SetNode(tcp->GetObject<Node>());
    socket->SetTcp(tcp);
    socket->SetRtt(DynamicCast<RttEstimator>(create("RttEstimatorType")));
    socket->SetCongestionControlAlgorithm(DynamicCast<TcpCongestionOps>(create("SocketType")));
    socket->SetRecoveryAlgorithm(DynamicCast<TcpRecoveryOps>(create("RecoveryType")));
    return socket;
}

} // namespace ns3
