/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_STRICT_ROUND_ROBIN_SCHEDULER_H
#define MPTCP_STRICT_ROUND_ROBIN_SCHEDULER_H

#include "ns3/mptcp-scheduler.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The MMPTCP thesis model's round robin (Kheirkhah's ns-3 MpTcpSocketBase and
 * MMpTcpSocketBase, SendPendingData()): one segment to the subflow whose turn it is, then the
 * turn passes to the next subflow in creation order; a subflow without room passes its turn
 * on, but one whose MP_JOIN handshake is not complete keeps it, and nothing is sent until it
 * completes. Subflows that are reset, closing or no longer active have no turn
 * (MpTcpSocketBase::IsSubflowRetired); a subflow that timed out still gets its turn, with its
 * one-segment window. While the initial subflow scatters (PacketScatter, or MMPTCP before its
 * first MPTCP subflow is up) it alone sends. Every event that frees room runs a whole round.
 */
class MpTcpStrictRoundRobinScheduler : public MpTcpScheduler
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
    uint32_t m_next{0}; //!< index (among all subflows, in creation order) of the next turn
};

} // namespace ns3

#endif /* MPTCP_STRICT_ROUND_ROBIN_SCHEDULER_H */
