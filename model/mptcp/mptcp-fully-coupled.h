/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_FULLY_COUPLED_H
#define MPTCP_FULLY_COUPLED_H

#include "ns3/mptcp-coupled-congestion-ops.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Fully coupled congestion control: the subflows' windows behave as one TCP window
 * w_total, so that the connection moves all its traffic to the least congested paths.
 *
 * Source: Kheirkhah, "MMPTCP: A Novel Transport Protocol for Data Centre Networks", PhD
 * thesis, University of Sussex, 2015, §2.2.2.3 (after Han et al., IEEE/ACM ToN 14(6), 2006, and
 * Wischik et al., NSDI 2011):
 *
 *  - each ACK on subflow s: w_s += 1 / w_total  (windows in packets);
 *  - each loss on subflow s: w_s -= w_total / 2, with w_s at least a minimum window.
 *
 * In bytes: each ACK adds MSS^2 / W_total; on a loss the slow-start threshold (the window
 * after recovery) is max(W_s - W_total / 2, 2 * MSS). The floor of two segments is ns-3
 * TcpNewReno's (and the one the thesis's ns-3 model, github.com/mkheirkhah/mptcp
 * MpTcpSocketBase::ReduceCWND, case Fully_Coupled, uses; thesis §4.8.4: "the congestion
 * window is then reset to two full-sized segments"). As in NewReno, W_s in the decrease is the flight
 * size ns-3 passes to GetSsThresh(); W_total = that flight size plus the other subflows'
 * windows. With one subflow both rules are NewReno's: MSS^2 / cwnd and max(flight / 2, 2 MSS).
 */
class MpTcpFullyCoupled : public MpTcpCoupledCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    MpTcpFullyCoupled();
    /**
     * \brief Copy constructor.
     * \param sock the object to copy
     */
    MpTcpFullyCoupled(const MpTcpFullyCoupled& sock);
    ~MpTcpFullyCoupled() override;

    std::string GetName() const override;
    Ptr<TcpCongestionOps> Fork() override;

    /**
     * \brief Slow-start threshold after a loss: max(W_s - W_total / 2, 2 * MSS).
     * \param tcb this subflow's socket state
     * \param bytesInFlight this subflow's flight size, bytes (W_s)
     * \return the threshold, bytes
     */
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;

    /**
     * \brief The per-ACK increase, MSS^2 / W_total.
     * \param cwndTotal sum of the subflows' windows, bytes
     * \param mss this subflow's segment size, bytes
     * \return increase, bytes (fractional)
     */
    static double ComputeIncrease(double cwndTotal, double mss);

    /**
     * \brief The window after a loss, W_s - W_total / 2, floored at 2 * MSS.
     * \param cwnd this subflow's window (flight size), bytes
     * \param cwndTotal sum of the subflows' windows, this one included, bytes
     * \param mss segment size, bytes
     * \return the slow-start threshold, bytes
     */
    static uint32_t ComputeSsThresh(double cwnd, double cwndTotal, uint32_t mss);

    /**
     * \brief Fully coupled increase of this subflow for one ACK.
     * \param tcb this subflow's socket state
     * \param subflows the coupled subflows
     * \param self index of this subflow
     * \return ComputeIncrease(W_total, MSS), bytes
     */
    double GetAckIncrease(Ptr<const TcpSocketState> tcb,
                          const std::vector<SubflowState>& subflows,
                          std::size_t self) override;
};

} // namespace ns3

#endif /* MPTCP_FULLY_COUPLED_H */
