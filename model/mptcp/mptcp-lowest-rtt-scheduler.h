/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_LOWEST_RTT_SCHEDULER_H
#define MPTCP_LOWEST_RTT_SCHEDULER_H

#include "ns3/mptcp-scheduler.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Lowest RTT first, Linux's default MPTCP scheduler (net/mptcp/protocol.c,
 * mptcp_subflow_get_send): the subflows that may send are filled in the order of their
 * smoothed RTT, lowest first (a subflow without an RTT sample last), each with as much as its
 * window takes. The default of MpTcpSocketBase's "Scheduler" attribute.
 */
class MpTcpLowestRttScheduler : public MpTcpScheduler
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::string GetName() const override;
    void SendPending(MpTcpSocketBase& conn) override;
    Ptr<MpTcpScheduler> Fork() const override;
};

} // namespace ns3

#endif /* MPTCP_LOWEST_RTT_SCHEDULER_H */
