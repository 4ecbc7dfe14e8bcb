/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TCP_NEW_RENO_CWV_H
#define TCP_NEW_RENO_CWV_H

#include "ns3/tcp-congestion-ops.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief ns-3's TcpNewReno that grows its window only while the sender uses it (RFC 7661;
 * Linux's tcp_reno_cong_avoid() returns first when !tcp_is_cwnd_limited()).
 *
 * The socket tells it through an ns3::TcpCwndValidation on its TcpSocketState
 * (ns3::TcpSmallQueuesSocket keeps one); on a socket without one it is TcpNewReno exactly. The
 * single-path TCP of the module's experiments, and the "uncoupled" MPTCP subflows.
 */
class TcpNewRenoCwv : public TcpNewReno
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TcpNewRenoCwv();
    /**
     * \brief Copy constructor.
     * \param sock the object to copy
     */
    TcpNewRenoCwv(const TcpNewRenoCwv& sock);
    ~TcpNewRenoCwv() override;

    std::string GetName() const override;
    /**
     * \brief TcpNewReno::IncreaseWindow if ns3::TcpCwndValidation::MayIncrease(tcb).
     * \param tcb the socket state
     * \param segmentsAcked segments acknowledged
     */
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;
    Ptr<TcpCongestionOps> Fork() override;
};

} // namespace ns3

#endif /* TCP_NEW_RENO_CWV_H */
