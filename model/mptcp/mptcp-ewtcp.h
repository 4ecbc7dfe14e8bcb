/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_EWTCP_H
#define MPTCP_EWTCP_H

#include "ns3/mptcp-coupled-congestion-ops.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Equally-Weighted TCP (EWTCP): each subflow runs TCP's AIMD with its increase scaled
 * so that n subflows through one bottleneck together take what one TCP flow takes.
 *
 * Sources: Raiciu et al., "Improving Datacenter Performance and Robustness with Multipath
 * TCP", SIGCOMM 2011, §4.3.5 ("each subflow runs TCP's additive increase, multiplicative
 * decrease algorithm, but the increase constant is decreased depending on the number of
 * active subflows"; no formula there); the weighted TCP of Honda et al., "Multipath Congestion
 * Control for Shared Bottleneck", PFLDNeT 2009, as EWTCP in Wischik, Raiciu, Greenhalgh,
 * Handley, "Design, Implementation and Evaluation of Congestion Control for Multipath TCP",
 * USENIX NSDI 2011 (reference [17] of the SIGCOMM paper):
 *
 *  - each ACK on subflow r: w_r += a / w_r  (windows in packets), a = 1 / n^2;
 *  - each loss on subflow r: w_r -= w_r / 2  (NewReno's GetSsThresh here).
 *
 * n is the number of subflows taking part in the coupling (established, with an RTT sample).
 * Why 1/n^2: AIMD with increase a/w per ACK and halving per loss settles at
 * w = sqrt(2a/p) = sqrt(a) * w_TCP at loss rate p, so n subflows at one bottleneck add up to
 * n * sqrt(a) * w_TCP = w_TCP.
 *
 * In bytes (W = w * MSS): each ACK adds a * MSS^2 / W_r bytes. With one subflow a = 1: exactly
 * NewReno's MSS^2 / cwnd (fractions of a byte are carried over).
 */
class MpTcpEwtcp : public MpTcpCoupledCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    MpTcpEwtcp();
    /**
     * \brief Copy constructor.
     * \param sock the object to copy
     */
    MpTcpEwtcp(const MpTcpEwtcp& sock);
    ~MpTcpEwtcp() override;

    std::string GetName() const override;
    Ptr<TcpCongestionOps> Fork() override;

    /**
     * \brief EWTCP's per-ACK increase, a * MSS^2 / cwnd with a = 1/n^2.
     * \param n number of subflows (>= 1)
     * \param cwnd this subflow's window, bytes
     * \param mss this subflow's segment size, bytes
     * \return increase, bytes (fractional)
     */
    static double ComputeIncrease(std::size_t n, double cwnd, double mss);

    /**
     * \brief EWTCP increase of this subflow for one ACK.
     * \param tcb this subflow's socket state
     * \param subflows the coupled subflows (their number is n)
     * \param self index of this subflow
     * \return ComputeIncrease(n, cwnd, MSS), bytes
     */
    double GetAckIncrease(Ptr<const TcpSocketState> tcb,
                          const std::vector<SubflowState>& subflows,
                          std::size_t self) override;
};

} // namespace ns3

#endif /* MPTCP_EWTCP_H */
