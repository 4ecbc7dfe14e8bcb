/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_SEMI_COUPLED_H
#define MPTCP_SEMI_COUPLED_H

#include "ns3/mptcp-coupled-congestion-ops.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Semi-coupled congestion control: the increase is coupled through the total window,
 * the decrease is each subflow's own (TCP's halving), so that congested paths keep some
 * traffic for probing.
 *
 * Source: Kheirkhah, "MMPTCP: A Novel Transport Protocol for Data Centre Networks", PhD
 * thesis, University of Sussex, 2015, §2.2.2.4 (after Wischik et al., NSDI 2011):
 *
 *  - each ACK on subflow s: w_s += a / w_total  (windows in packets);
 *  - each loss on subflow s: w_s -= w_s / 2  (NewReno's GetSsThresh here).
 *
 * a is a constant (attribute A, default 1) that sets the aggressiveness. In bytes: each ACK
 * adds a * MSS^2 / W_total. With one subflow and a = 1 this is NewReno's MSS^2 / cwnd; with
 * n subflows through one bottleneck the connection settles at about sqrt(a * n) times a TCP
 * flow's window (AIMD balance per subflow: a / W_total = p * W_s / 2), so it is not fair to
 * TCP at a shared bottleneck unless a = 1/n: that is what the formula says.
 */
class MpTcpSemiCoupled : public MpTcpCoupledCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    MpTcpSemiCoupled();
    /**
     * \brief Copy constructor.
     * \param sock the object to copy
     */
    MpTcpSemiCoupled(const MpTcpSemiCoupled& sock);
    ~MpTcpSemiCoupled() override;

    std::string GetName() const override;
    Ptr<TcpCongestionOps> Fork() override;

    /**
     * \brief The per-ACK increase, a * MSS^2 / W_total.
     * \param a the aggressiveness constant
     * \param cwndTotal sum of the subflows' windows, bytes
     * \param mss this subflow's segment size, bytes
     * \return increase, bytes (fractional)
     */
    static double ComputeIncrease(double a, double cwndTotal, double mss);

    /**
     * \brief Semi-coupled increase of this subflow for one ACK.
     * \param tcb this subflow's socket state
     * \param subflows the coupled subflows
     * \param self index of this subflow
     * \return ComputeIncrease(A, W_total, MSS), bytes
     */
    double GetAckIncrease(Ptr<const TcpSocketState> tcb,
                          const std::vector<SubflowState>& subflows,
                          std::size_t self) override;

  private:
    double m_a{1.0}; //!< the aggressiveness constant a
};

} // namespace ns3

#endif /* MPTCP_SEMI_COUPLED_H */
