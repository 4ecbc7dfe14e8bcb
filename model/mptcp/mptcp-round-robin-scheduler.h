/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_ROUND_ROBIN_SCHEDULER_H
#define MPTCP_ROUND_ROBIN_SCHEDULER_H

#include "ns3/mptcp-scheduler.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Round robin among the subflows that may send: one segment (MSS bytes) to each in
 * turn, until none takes more (like the "roundrobin" scheduler of the out-of-tree
 * multipath-tcp.org kernel, mptcp_rr.c). A subflow whose window opens or whose send buffer
 * drains triggers a whole round, not a push to itself; the turn survives between rounds.
 */
class MpTcpRoundRobinScheduler : public MpTcpScheduler
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::string GetName() const override;
    void SendPending(MpTcpSocketBase& conn) override;
    void SubflowHasSpace(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> subflow) override;
    bool SubflowPulls(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> subflow) override;
    Ptr<MpTcpScheduler> Fork() const override;

  private:
    uint32_t m_next{0}; //!< index (among the subflows that may send) of the next turn
};

} // namespace ns3

#endif /* MPTCP_ROUND_ROBIN_SCHEDULER_H */
