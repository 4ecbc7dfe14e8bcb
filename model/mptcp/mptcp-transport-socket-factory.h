/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_TRANSPORT_SOCKET_FACTORY_H
#define MPTCP_TRANSPORT_SOCKET_FACTORY_H

#include "ns3/transport-socket-factory.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Creates PacketScatterSocket sockets ("ns3::PacketScatterSocketFactory"); aggregated
 * to each node by MpTcpStackHelper. NS_FATAL_ERROR if the node has no MpTcpL4Protocol.
 */
class PacketScatterSocketFactory : public TransportSocketFactory
{
  public:
    /// Creates ns3::PacketScatterSocket (subflows ns3::MpTcpSubflow) with this factory's attributes
    PacketScatterSocketFactory();
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return a new PacketScatterSocket
    Ptr<Socket> CreateSocket() override;
};

/**
 * \ingroup mptcp
 * \brief Creates MmpTcpSocket sockets ("ns3::MmpTcpSocketFactory"); aggregated to each node
 * by MpTcpStackHelper. NS_FATAL_ERROR if the node has no MpTcpL4Protocol.
 */
class MmpTcpSocketFactory : public TransportSocketFactory
{
  public:
    /// Creates ns3::MmpTcpSocket (subflows ns3::MpTcpSubflow) with this factory's attributes
    MmpTcpSocketFactory();
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return a new MmpTcpSocket
    Ptr<Socket> CreateSocket() override;
};

/**
 * \ingroup mptcp
 * \brief Creates single-path TCP sockets that send as a Linux host does
 * (ns3::TcpSmallQueuesSocket: TCP Small Queues and congestion-window validation), with the
 * congestion control, recovery and RTT estimator of the node's TcpL4Protocol (its attributes
 * SocketType, RecoveryType and RttEstimatorType), as ns3::TcpSocketFactory does
 * ("ns3::TcpSmallQueuesSocketFactory"); aggregated to each node by MpTcpStackHelper.
 * NS_FATAL_ERROR if the node has no TcpL4Protocol.
 */
class TcpSmallQueuesSocketFactory : public TransportSocketFactory
{
  public:
    /// Creates ns3::TcpSmallQueuesSocket with the attributes set on this factory
    TcpSmallQueuesSocketFactory();
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return a new TcpSmallQueuesSocket
    Ptr<Socket> CreateSocket() override;
};

/**
 * \ingroup mptcp
 * \brief Creates ns-3's own single-path TCP socket, ns3::TcpSocketBase, exactly as
 * ns3::TcpSocketFactory does (TcpL4Protocol::CreateSocket(): the congestion control, recovery
 * and RTT estimator of the node's TcpL4Protocol), but with this factory's attributes rather
 * than process-wide defaults ("ns3::TcpSocketBaseFactory"); aggregated to each node by
 * MpTcpStackHelper, and by DatacenterTopology to the stock baseline's nodes. Unlike
 * ns3::TcpSocketFactory's, its sockets are not in the TcpL4Protocol's "SocketList" attribute.
 * NS_FATAL_ERROR if the node has no TcpL4Protocol.
 */
class TcpSocketBaseFactory : public TransportSocketFactory
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// Creates ns3::TcpSocketBase with the attributes set on this factory
    TcpSocketBaseFactory();
    /// \return a new TcpSocketBase
    Ptr<Socket> CreateSocket() override;
};

} // namespace ns3

#endif /* MPTCP_TRANSPORT_SOCKET_FACTORY_H */
