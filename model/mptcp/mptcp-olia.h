/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_OLIA_H
#define MPTCP_OLIA_H

#include "ns3/mptcp-coupled-congestion-ops.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief OLIA, the Opportunistic Linked-Increases Algorithm.
 *
 * Sources: Khalili, Gast, Popovic, Le Boudec, "MPTCP is not Pareto-Optimal: Performance Issues
 * and a Possible Solution", ACM CoNEXT 2012 (IEEE/ACM ToN 2013), and the Internet-Draft
 * draft-khalili-mptcp-congestion-control-05 (2014); checked against the Linux MPTCP
 * implementation by the same authors, net/mptcp/mptcp_olia.c (multipath-tcp/mptcp).
 *
 * Per ACK on path r (windows w in packets, RTTs in seconds), in congestion avoidance:
 *
 *     w_r += (w_r / rtt_r^2) / (sum_p w_p / rtt_p)^2  +  alpha_r / w_r
 *
 * Per loss on path r: w_r -= w_r / 2 (NewReno's GetSsThresh). alpha_r moves window from the
 * paths with the largest windows towards the paths that are best by their loss-free byte
 * count:
 *  - l1_r: bytes transmitted (acknowledged) between the last two losses on r, l2_r: bytes
 *    since the last loss; l_r = max(l1_r, l2_r);
 *  - B: the best paths, argmax_p l_p / rtt_p^2;  M: the paths with the largest window;
 *  - if B \ M is empty, alpha_r = 0 for every r; otherwise alpha_r = 1 / (|R| |B \ M|) for r in
 *    B \ M, alpha_r = -1 / (|R| |M|) for r in M, and 0 for the others (|R|: number of paths).
 *
 * In bytes (W = w * MSS): the increase is MSS^2 * [(W_r / rtt_r^2) / (sum_p W_p / rtt_p)^2 +
 * alpha_r / W_r] bytes; it can be negative for a path in M. As in Linux, l2_r counts from the
 * start of the subflow and a loss shifts l2_r into l1_r only if bytes were acknowledged since
 * the previous loss. With one subflow, alpha = 0 and the increase is NewReno's MSS^2 / cwnd.
 *
 * The state l1_r, l2_r lives in each subflow's MpTcpOlia; the coupling reads the others'
 * through GetInterLossBytes().
 */
class MpTcpOlia : public MpTcpCoupledCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    MpTcpOlia();
    /**
     * \brief Copy constructor (state l1, l2 starts afresh).
     * \param sock the object to copy
     */
    MpTcpOlia(const MpTcpOlia& sock);
    ~MpTcpOlia() override;

    std::string GetName() const override;
    Ptr<TcpCongestionOps> Fork() override;

    /**
     * \brief Count acknowledged bytes towards l2_r (segmentsAcked * MSS).
     * \param tcb the socket state
     * \param segmentsAcked segments acknowledged by this ACK
     * \param rtt the RTT sample (unused)
     */
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;

    /**
     * \brief A loss (or ECN congestion signal): l1_r = l2_r, l2_r = 0 if bytes were
     * acknowledged since the last loss; the threshold is NewReno's.
     * \param tcb the socket state
     * \param bytesInFlight the flight size, bytes
     * \return max(bytesInFlight / 2, 2 * MSS)
     */
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;

    /// \return l_r = max(l1_r, l2_r), bytes
    double GetInterLossBytes() const;
    /// \return l1_r: bytes acknowledged between the last two losses
    double GetBytesBetweenLosses() const;
    /// \return l2_r: bytes acknowledged since the last loss
    double GetBytesSinceLoss() const;

    /// One path, as OLIA's formula sees it.
    struct Path
    {
        double cwnd;      //!< window, bytes
        double rtt;       //!< smoothed RTT, seconds (> 0)
        double interLoss; //!< l_r, bytes
    };

    /**
     * \brief alpha_r of every path (see the class description).
     * \param paths the paths
     * \return alpha of each path, same order
     */
    static std::vector<double> ComputeAlphas(const std::vector<Path>& paths);

    /**
     * \brief OLIA's per-ACK increase on one path.
     * \param paths the paths
     * \param self the path that got the ACK
     * \param mss its segment size, bytes
     * \return increase, bytes (fractional; negative for some paths in M)
     */
    static double ComputeIncrease(const std::vector<Path>& paths, std::size_t self, double mss);

    /**
     * \brief OLIA increase of this subflow for one ACK (l_r of the others read from their
     * MpTcpOlia objects; 0 for a subflow that runs another algorithm).
     * \param tcb this subflow's socket state
     * \param subflows the coupled subflows
     * \param self index of this subflow
     * \return ComputeIncrease(paths, self, MSS), bytes
     */
    double GetAckIncrease(Ptr<const TcpSocketState> tcb,
                          const std::vector<SubflowState>& subflows,
                          std::size_t self) override;

  private:
    double m_bytesBetweenLosses{0}; //!< l1_r, bytes
    double m_bytesSinceLoss{0};     //!< l2_r, bytes
};

} // namespace ns3

#endif /* MPTCP_OLIA_H */
