/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_BALIA_H
#define MPTCP_BALIA_H

#include "ns3/mptcp-coupled-congestion-ops.h"

#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief BALIA, the Balanced Linked Adaptation algorithm.
 *
 * Sources: Peng, Walid, Hwang, Low, "Multipath TCP: Analysis, Design, and Implementation",
 * IEEE/ACM Transactions on Networking 24(1), 2016 (the Balia algorithm; also the Internet-Draft
 * draft-walid-mptcp-congestion-control); checked against the Linux implementation by the same
 * authors, net/mptcp/mptcp_balia.c (multipath-tcp/mptcp), whose per-ACK counter
 * ai = (sum x)^2 * 10 * w_r / ((x_r + max x)(4 x_r + max x)) is the reciprocal of the
 * increase below.
 *
 * With x_r = w_r / tau_r (rate of path r, tau_r its RTT) and alpha_r = max_k x_k / x_r:
 *
 *  - each ACK on path r: w_r += (x_r / (tau_r (sum_k x_k)^2)) * ((1 + alpha_r) / 2)
 *                                * ((4 + alpha_r) / 5)   (windows in packets);
 *  - each loss on path r: w_r -= (w_r / 2) * min(alpha_r, 1.5).
 *
 * In bytes (W = w * MSS, x_r = W_r / tau_r in bytes/s): the increase is MSS^2 times the same
 * expression; the threshold after a loss is max(W_r - (W_r / 2) min(alpha_r, 1.5), 2 MSS),
 * with W_r the flight size ns-3 passes to GetSsThresh() (as NewReno) and alpha_r from the
 * windows. alpha_r is real-valued here (Linux truncates it to an integer). With one subflow
 * alpha = 1: the increase is NewReno's MSS^2 / cwnd and the decrease its halving.
 */
class MpTcpBalia : public MpTcpCoupledCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    MpTcpBalia();
    /**
     * \brief Copy constructor.
     * \param sock the object to copy
     */
    MpTcpBalia(const MpTcpBalia& sock);
    ~MpTcpBalia() override;

    std::string GetName() const override;
    Ptr<TcpCongestionOps> Fork() override;

    /**
     * \brief Slow-start threshold after a loss: W_r - (W_r / 2) * min(alpha_r, 1.5), at least
     * 2 MSS.
     * \param tcb this subflow's socket state
     * \param bytesInFlight this subflow's flight size, bytes (W_r)
     * \return the threshold, bytes
     */
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;

    /**
     * \brief alpha_r = max_k x_k / x_r with x = cwnd / rtt.
     * \param windows (cwnd in bytes, rtt in seconds) of each path; RTTs must be > 0
     * \param self the path r
     * \return alpha_r (>= 1)
     */
    static double ComputeAlpha(const std::vector<std::pair<double, double>>& windows,
                               std::size_t self);

    /**
     * \brief BALIA's per-ACK increase on path r.
     * \param windows (cwnd in bytes, rtt in seconds) of each path
     * \param self the path r
     * \param mss its segment size, bytes
     * \return increase, bytes (fractional)
     */
    static double ComputeIncrease(const std::vector<std::pair<double, double>>& windows,
                                  std::size_t self,
                                  double mss);

    /**
     * \brief BALIA's window after a loss, W_r - (W_r / 2) min(alpha_r, 1.5), at least 2 MSS.
     * \param cwnd W_r, bytes
     * \param alpha alpha_r
     * \param mss segment size, bytes
     * \return the slow-start threshold, bytes
     */
    static uint32_t ComputeSsThresh(double cwnd, double alpha, uint32_t mss);

    /**
     * \brief BALIA increase of this subflow for one ACK.
     * \param tcb this subflow's socket state
     * \param subflows the coupled subflows
     * \param self index of this subflow
     * \return ComputeIncrease(windows, self, MSS), bytes
     */
    double GetAckIncrease(Ptr<const TcpSocketState> tcb,
                          const std::vector<SubflowState>& subflows,
                          std::size_t self) override;
};

} // namespace ns3

#endif /* MPTCP_BALIA_H */
