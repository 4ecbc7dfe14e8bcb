/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_STACK_HELPER_H
#define MPTCP_STACK_HELPER_H

#include "ns3/internet-stack-helper.h"
#include "ns3/node-container.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Installs an internet stack whose TCP is MpTcpL4Protocol (token-aware MP_JOIN
 * demultiplexing) and aggregates the module's socket factories to each node:
 * MpTcpSocketFactory, PacketScatterSocketFactory, MmpTcpSocketFactory,
 * TcpSmallQueuesSocketFactory and TcpSocketBaseFactory (each takes its own socket attributes:
 * TransportAttributes).
 *
 * Plain TCP keeps working on these nodes ("ns3::TcpSocketFactory"); MPTCP is selected with
 * "ns3::MpTcpSocketFactory". Up to ns-3.38 this uses InternetStackHelper::SetTcp(); later
 * releases removed it, so the protocol is aggregated to the node before the stack (which then
 * keeps it, since a TcpL4Protocol is already present).
 */
class MpTcpStackHelper
{
  public:
    MpTcpStackHelper();

    /**
     * \brief The wrapped InternetStackHelper, to set a routing helper or other options.
     * \return the helper used by Install()
     */
    InternetStackHelper& GetInternetStackHelper();

    /**
     * \brief Set the routing helper (forwarded to the InternetStackHelper).
     * \param routing the routing helper
     */
    void SetRoutingHelper(const Ipv4RoutingHelper& routing);

    /**
     * \brief Install the stack on each node.
     * \param nodes the nodes
     */
    void Install(NodeContainer nodes);

    /**
     * \brief Install the stack on one node.
     * \param node the node
     */
    void Install(Ptr<Node> node);

  private:
    InternetStackHelper m_stack; //!< the wrapped helper
};

} // namespace ns3

#endif /* MPTCP_STACK_HELPER_H */
