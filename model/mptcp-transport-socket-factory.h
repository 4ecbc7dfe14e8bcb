/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_TRANSPORT_SOCKET_FACTORY_H
#define MPTCP_TRANSPORT_SOCKET_FACTORY_H

#include "ns3/socket-factory.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Creates PacketScatterSocket sockets ("ns3::PacketScatterSocketFactory"); aggregated
 * to each node by MpTcpStackHelper. NS_FATAL_ERROR if the node has no MpTcpL4Protocol.
 */
class PacketScatterSocketFactory : public SocketFactory
{
  public:
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
class MmpTcpSocketFactory : public SocketFactory
{
  public:
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
class TcpSmallQueuesSocketFactory : public SocketFactory
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return a new TcpSmallQueuesSocket
    Ptr<Socket> CreateSocket() override;
};

} // namespace ns3

#endif /* MPTCP_TRANSPORT_SOCKET_FACTORY_H */
