/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_XMP_H
#define MPTCP_XMP_H

#include "ns3/mptcp-coupled-congestion-ops.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief XMP, eXplicit MultiPath congestion control: BOS (ECN) and TraSh (coupled increase).
 *
 * Source: Cao, Xu, Fu, Dong, "Explicit Multipath Congestion Control for Data Center Networks",
 * ACM CoNEXT 2013. XMP has two parts, both modelled here:
 *
 *  - **BOS, Buffer Occupancy Suppression** (the paper's BOS algorithm): switches mark CE on a
 *    packet when their instantaneous queue exceeds K packets (here: EcmpSwitchForwarder's
 *    EcnThreshold, the experiment's ``--ecnThreshold``); on an ECN-echo the sender cuts the
 *    subflow's window by w / beta, w <- w - w / beta (beta = 4 in the paper, attribute Beta),
 *    at most once per round-trip time. A packet loss halves the window as in TCP.
 *  - **TraSh, Traffic Shifting** (the paper's TraSh algorithm): in congestion avoidance every
 *    ACK on subflow r increases its window by delta_r / w_r packets, with
 *
 *        delta_r = (T_r x_r) / (T_min sum_k x_k),    x_k = w_k / T_k,  T_min = min_k T_k
 *
 *    (T_k: smoothed RTT of subflow k, in seconds; the sum and the minimum over the subflows of
 *    the connection). Per RTT subflow r gains delta_r packets and the connection as a whole
 *    sum_r delta_r / T_r = 1 / T_min packets per second: as aggressive as one TCP flow on its
 *    shortest-RTT path, with the increase given to the subflows in proportion to their rates,
 *    so that traffic moves to the paths that are marked least. With one subflow delta = 1:
 *    NewReno's increase.
 *
 * The formula for delta_r was taken from the paper's TraSh algorithm and checked against the
 * per-round weight T_r x_r / (T_min sum x) of an ns-3.19 reimplementation (the AMP authors'
 * MpTcpSocketBase::DoSubflowNewAck, mkheirkhah/amp; read, not copied); this text has not been
 * checked against the paper's equation numbers.
 *
 * In bytes (W = w * MSS): the increase per ACK is delta_r * MSS^2 / W_r; delta_r is the same
 * in bytes and in packets.
 *
 * Where this model may differ from the authors' own: the reduction is applied in slow start too
 * (ns-3's CA_CWR sets cwnd to the threshold), whereas the ns-3.19 reimplementation cited above
 * only ends slow start there (ssthresh = cwnd); windows are in bytes (it rounds to packets); the
 * paper's section and equation numbers are not cited because the full text was not at hand
 * when this was written (only the algorithm's description and that reimplementation).
 *
 * **How the ECN reaction is realised in ns-3.** Init() turns ECN on for the subflow
 * (TcpSocketState::m_useEcn = On, classic RFC 3168 signalling, ECT(0)), as ns-3's TcpDctcp
 * does: the SYN negotiates ECN (the receiver's subflows must use XMP, or UseEcn, too) and data
 * packets carry ECT(0). On an ACK with ECE that acknowledges new data, ns-3's TcpSocketBase
 * (ProcessAck) enters CA_CWR unless it is in it already, and sets ssThresh to GetSsThresh();
 * the recovery algorithm brings cwnd to ssThresh, cwnd does not grow in CA_CWR, and CA_CWR ends
 * with the first ACK beyond the highest sequence sent at the cut, i.e. one RTT later; ECEs in
 * between are ignored. This is BOS's "at most once per RTT". GetSsThresh() returns
 * W - W / beta (W: cwnd, bytes; at least 2 MSS) when it is called for an ECN-echo, and NewReno's
 * max(flight / 2, 2 MSS) when it is called for a loss. The two are told apart as follows:
 * fast retransmit calls CongestionStateSet(CA_RECOVERY) just before GetSsThresh(); an ECN-echo
 * is pending when TcpSocketState::m_ecnState is ECN_ECE_RCVD; a retransmission timeout that
 * finds ECN_ECE_RCVD is corrected in CwndEvent(CA_EVENT_LOSS), which ns-3 calls right after
 * that GetSsThresh().
 */
class MpTcpXmp : public MpTcpCoupledCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \brief Create a controller with the attributes' defaults (Beta = 4).
    MpTcpXmp();
    /**
     * \brief Copy constructor (Fork()): keeps Beta, not the counters.
     * \param sock the object to copy
     */
    MpTcpXmp(const MpTcpXmp& sock);
    ~MpTcpXmp() override;

    /// \return "MpTcpXmp"
    std::string GetName() const override;
    /// \return a copy of this controller for a forked socket (same Beta, same connection)
    Ptr<TcpCongestionOps> Fork() override;

    /**
     * \brief Turn ECN on for this subflow (classic ECN, ECT(0)), as BOS needs.
     * \param tcb the subflow's socket state
     */
    void Init(Ptr<TcpSocketState> tcb) override;

    /**
     * \brief Slow-start threshold: BOS's W - W / beta (W = cwnd) for an ECN-echo, NewReno's
     * max(flight / 2, 2 MSS) for a loss (see the class description for how they are told apart).
     * \param tcb this subflow's socket state
     * \param bytesInFlight this subflow's flight size, bytes
     * \return the threshold, bytes
     */
    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override;

    /**
     * \brief Notes that fast recovery is being entered (the next GetSsThresh() is a loss's).
     * \param tcb the subflow's socket state
     * \param newState the state being entered
     */
    void CongestionStateSet(Ptr<TcpSocketState> tcb,
                            const TcpSocketState::TcpCongState_t newState) override;

    /**
     * \brief On CA_EVENT_LOSS (a retransmission timeout), replaces a BOS threshold computed
     * just before by the loss's halving of the flight size.
     * \param tcb the subflow's socket state
     * \param event the event
     */
    void CwndEvent(Ptr<TcpSocketState> tcb, const TcpSocketState::TcpCAEvent_t event) override;

    /**
     * \brief Closes the window in which CwndEvent() may correct a threshold (every ACK).
     * \param tcb the subflow's socket state
     * \param segmentsAcked segments acknowledged
     * \param rtt the RTT sample
     */
    void PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt) override;

    /**
     * \brief TraSh's delta_r = (T_r x_r) / (T_min sum_k x_k), x_k = w_k / T_k.
     * \param windows (cwnd in bytes, smoothed RTT in seconds) of each subflow; RTTs > 0
     * \param self the subflow r
     * \return delta_r (dimensionless; 1 for a single subflow; sum_r delta_r / T_r = 1 / T_min)
     */
    static double ComputeDelta(const std::vector<std::pair<double, double>>& windows,
                               std::size_t self);

    /**
     * \brief TraSh's per-ACK increase of subflow r, delta_r / w_r packets.
     * \param windows (cwnd in bytes, smoothed RTT in seconds) of each subflow
     * \param self the subflow r
     * \param mss its segment size, bytes
     * \return the increase, bytes (delta_r * MSS^2 / W_r, fractional)
     */
    static double ComputeIncrease(const std::vector<std::pair<double, double>>& windows,
                                  std::size_t self,
                                  double mss);

    /**
     * \brief BOS's window after an ECN-echo, W - W / beta, at least 2 MSS.
     * \param cwnd W, bytes
     * \param beta the reduction divisor beta (> 1)
     * \param mss segment size, bytes
     * \return the new slow-start threshold (and window), bytes, rounded down
     */
    static uint32_t ComputeBosThreshold(double cwnd, double beta, uint32_t mss);

    /**
     * \brief TraSh increase of this subflow for one ACK.
     * \param tcb this subflow's socket state
     * \param subflows the coupled subflows
     * \param self index of this subflow
     * \return ComputeIncrease(windows, self, MSS), bytes
     */
    double GetAckIncrease(Ptr<const TcpSocketState> tcb,
                          const std::vector<SubflowState>& subflows,
                          std::size_t self) override;

    /// \return BOS reductions (ECN-echoes acted upon) of this subflow so far
    uint64_t GetBosReductions() const;
    /// \return window reductions for losses (fast retransmit or timeout) of this subflow so far
    uint64_t GetLossReductions() const;
    /// \return beta, the BOS reduction divisor
    double GetBeta() const;

  private:
    double m_beta{4};           //!< BOS: an ECN-echo cuts w by w / beta
    bool m_lossEntry{false};    //!< CongestionStateSet(CA_RECOVERY) came just before
    bool m_bosPending{false};   //!< the last GetSsThresh() was BOS's, in this event
    uint32_t m_lastFlight{0};   //!< flight size passed to that GetSsThresh(), bytes
    uint64_t m_bosReductions{0};  //!< BOS reductions so far
    uint64_t m_lossReductions{0}; //!< loss reductions so far
};

} // namespace ns3

#endif /* MPTCP_XMP_H */
