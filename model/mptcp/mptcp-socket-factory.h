/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_SOCKET_FACTORY_H
#define MPTCP_SOCKET_FACTORY_H

#include "ns3/transport-socket-factory.h"

namespace ns3
{

class MpTcpL4Protocol;

/**
 * \ingroup mptcp
 * \brief Creates MpTcpSocketBase sockets; aggregated to each node by MpTcpStackHelper, so
 * that applications select MPTCP with the TypeId "ns3::MpTcpSocketFactory" (e.g.
 * BulkSendHelper("ns3::MpTcpSocketFactory", address)). Its attributes set on the sockets
 * and their subflows: TransportSocketFactory.
 */
class MpTcpSocketFactory : public TransportSocketFactory
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Creates ns3::MpTcpSocketBase (subflows ns3::MpTcpSubflow) with this factory's attributes
    MpTcpSocketFactory();
    ~MpTcpSocketFactory() override;

    /**
     * \brief Set the node's MPTCP-aware TCP.
     * \param tcp the protocol
     */
    void SetTcp(Ptr<MpTcpL4Protocol> tcp);

    /**
     * \brief Create an MPTCP socket (NS_FATAL_ERROR if the node has no MpTcpL4Protocol).
     * \return a new MpTcpSocketBase
     */
    Ptr<Socket> CreateSocket() override;

  protected:
    void DoDispose() override;

  private:
    Ptr<MpTcpL4Protocol> m_tcp; //!< the node's TCP
};

} // namespace ns3

#endif /* MPTCP_SOCKET_FACTORY_H */
