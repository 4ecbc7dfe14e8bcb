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
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-recovery-ops.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpTransportSocketFactory");
NS_OBJECT_ENSURE_REGISTERED(PacketScatterSocketFactory);
NS_OBJECT_ENSURE_REGISTERED(MmpTcpSocketFactory);
NS_OBJECT_ENSURE_REGISTERED(TcpSmallQueuesSocketFactory);
NS_OBJECT_ENSURE_REGISTERED(TcpSocketBaseFactory);

namespace
{
/**
 * \param factory the factory (aggregated to the node)
 * \param created the socket the factory made (CreateConfiguredSocket()), a T
 * \param name its name, for the error message
 * \return the socket, on the factory's node
 */
template <class T>
Ptr<Socket>
CreateOnNode(const TransportSocketFactory* factory, Ptr<Socket> created, const char* name)
{
    Ptr<MpTcpL4Protocol> tcp = factory->GetObject<MpTcpL4Protocol>();
    NS_ABORT_MSG_IF(!tcp,
                    name << ": the node has no ns3::MpTcpL4Protocol; install the internet "
                            "stack with MpTcpStackHelper");
    Ptr<T> socket = DynamicCast<T>(created);
    socket->SetNode(tcp->template GetObject<Node>());
    socket->SetTcp(tcp);
    return socket;
}
/**
 * \param tcp the node's TCP
 * \param attribute one of its TypeId attributes: "RttEstimatorType", "SocketType" (the
 *        congestion control) or "RecoveryType"
 * \return a new object of that type, as TcpL4Protocol::CreateSocket() makes it
 */
template <class T>
Ptr<T>
CreateFromTcp(Ptr<TcpL4Protocol> tcp, const char* attribute)
{
    TypeIdValue type;
    tcp->GetAttribute(attribute, type);
    ObjectFactory f;
    f.SetTypeId(type.Get());
    return f.Create<T>();
}

/**
 * \brief Put a single-path socket on the node of \p tcp with the estimator and algorithms
 * given, as TcpL4Protocol::CreateSocket() does.
 * \param socket the socket
 * \param tcp the node's TCP
 * \param rtt its RTT estimator
 * \param cc its congestion control
 * \param recovery its recovery algorithm
 * \return the socket
 */
Ptr<Socket>
AttachToTcp(Ptr<TcpSocketBase> socket,
            Ptr<TcpL4Protocol> tcp,
            Ptr<RttEstimator> rtt,
            Ptr<TcpCongestionOps> cc,
            Ptr<TcpRecoveryOps> recovery)
{
    socket->SetNode(tcp->GetObject<Node>());
    socket->SetTcp(tcp);
    socket->SetRtt(rtt);
    socket->SetCongestionControlAlgorithm(cc);
    socket->SetRecoveryAlgorithm(recovery);
    return socket;
}
} // namespace

TypeId
PacketScatterSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PacketScatterSocketFactory")
                            .SetParent<TransportSocketFactory>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<PacketScatterSocketFactory>();
    return tid;
}

PacketScatterSocketFactory::PacketScatterSocketFactory()
{
    SetTypes(PacketScatterSocket::GetTypeId(), MpTcpSubflow::GetTypeId());
}

Ptr<Socket>
PacketScatterSocketFactory::CreateSocket()
{
    return CreateOnNode<PacketScatterSocket>(this,
                                             CreateConfiguredSocket(),
                                             "PacketScatterSocketFactory");
}

TypeId
MmpTcpSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MmpTcpSocketFactory")
                            .SetParent<TransportSocketFactory>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MmpTcpSocketFactory>();
    return tid;
}

MmpTcpSocketFactory::MmpTcpSocketFactory()
{
    SetTypes(MmpTcpSocket::GetTypeId(), MpTcpSubflow::GetTypeId());
}

Ptr<Socket>
MmpTcpSocketFactory::CreateSocket()
{
    return CreateOnNode<MmpTcpSocket>(this, CreateConfiguredSocket(), "MmpTcpSocketFactory");
}

TypeId
TcpSmallQueuesSocketFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpSmallQueuesSocketFactory")
                            .SetParent<TransportSocketFactory>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<TcpSmallQueuesSocketFactory>();
    return tid;
}

TcpSmallQueuesSocketFactory::TcpSmallQueuesSocketFactory()
{
    SetTypes(TcpSmallQueuesSocket::GetTypeId(), TypeId());
}

Ptr<Socket>
TcpSmallQueuesSocketFactory::CreateSocket()
{
    Ptr<TcpL4Protocol> tcp = GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_IF(!tcp, "TcpSmallQueuesSocketFactory: the node has no ns3::TcpL4Protocol");
    // As TcpL4Protocol::CreateSocket(), with our socket class (created first, as before).
    Ptr<TcpSocketBase> socket = DynamicCast<TcpSocketBase>(CreateConfiguredSocket());
    Ptr<RttEstimator> rtt = CreateFromTcp<RttEstimator>(tcp, "RttEstimatorType");
    Ptr<TcpCongestionOps> cc = CreateFromTcp<TcpCongestionOps>(tcp, "SocketType");
    Ptr<TcpRecoveryOps> recovery = CreateFromTcp<TcpRecoveryOps>(tcp, "RecoveryType");
    return AttachToTcp(socket, tcp, rtt, cc, recovery);
}

TypeId
TcpSocketBaseFactory::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpSocketBaseFactory")
                            .SetParent<TransportSocketFactory>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<TcpSocketBaseFactory>();
    return tid;
}

TcpSocketBaseFactory::TcpSocketBaseFactory()
{
    SetTypes(TcpSocketBase::GetTypeId(), TypeId());
}

Ptr<Socket>
TcpSocketBaseFactory::CreateSocket()
{
    Ptr<TcpL4Protocol> tcp = GetObject<TcpL4Protocol>();
    NS_ABORT_MSG_IF(!tcp, "TcpSocketBaseFactory: the node has no ns3::TcpL4Protocol");
    // In TcpL4Protocol::CreateSocket()'s order: the estimator, the socket, then the algorithms.
    Ptr<RttEstimator> rtt = CreateFromTcp<RttEstimator>(tcp, "RttEstimatorType");
    Ptr<TcpSocketBase> socket = DynamicCast<TcpSocketBase>(CreateConfiguredSocket());
    Ptr<TcpCongestionOps> cc = CreateFromTcp<TcpCongestionOps>(tcp, "SocketType");
    Ptr<TcpRecoveryOps> recovery = CreateFromTcp<TcpRecoveryOps>(tcp, "RecoveryType");
    return AttachToTcp(socket, tcp, rtt, cc, recovery);
}

} // namespace ns3
