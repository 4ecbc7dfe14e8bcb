/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_COUPLED_CONGESTION_OPS_H
#define MPTCP_COUPLED_CONGESTION_OPS_H

#include "ns3/tcp-congestion-ops.h"

#include <vector>

namespace ns3
{

class MpTcpSocketBase;

/**
 * \ingroup mptcp
 * \brief Base class of the coupled (multipath) congestion controllers: one instance per
 * subflow, coupled through the subflow's connection.
 *
 * Slow start, the reaction to loss and loss recovery are TCP NewReno's (ns-3's TcpNewReno and
 * the socket's recovery algorithm); a subclass replaces the congestion-avoidance increase
 * (GetAckIncrease()) and, if its algorithm says so, the slow-start threshold after a loss
 * (GetSsThresh()).
 *
 * The coupling: on every ACK in congestion avoidance the controller asks its connection
 * (MpTcpSocketBase, set with SetMeta()) for the subflows that take part (established, with an
 * RTT sample) and hands their windows (bytes), smoothed RTTs (seconds) and controllers to
 * GetAckIncrease(). A subclass that keeps per-subflow state (MpTcpOlia) reaches the other
 * subflows' state through SubflowState::cc. Only public accessors of MpTcpSocketBase and
 * MpTcpSubflow are used.
 *
 * As ns-3's TcpNewReno, the increase is applied once per ACK that acknowledges new data
 * (every formula below is "per ACK of one MSS"); fractions of a byte are carried over between
 * ACKs, so that small increases (e.g. MSS^2/w_total with large windows) are not lost to
 * rounding.
 */
class MpTcpCoupledCongestionOps : public TcpNewReno
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    MpTcpCoupledCongestionOps();
    /**
     * \brief Copy constructor (Fork()): keeps the connection, not the carried fraction.
     * \param sock the object to copy
     */
    MpTcpCoupledCongestionOps(const MpTcpCoupledCongestionOps& sock);
    ~MpTcpCoupledCongestionOps() override;

    /**
     * \brief Couple this subflow's controller to its connection.
     * \param meta the connection (not owned), or nullptr to run as a single subflow
     */
    void SetMeta(const MpTcpSocketBase* meta);
    /// \return the connection, or nullptr
    const MpTcpSocketBase* GetMeta() const;

    /// One subflow of the connection, as the coupling sees it.
    struct SubflowState
    {
        double cwnd;                            //!< congestion window, bytes
        double rtt;                             //!< smoothed RTT, seconds (> 0)
        Ptr<MpTcpCoupledCongestionOps> cc;      //!< its controller (nullptr if not coupled)
    };

    /**
     * \brief Congestion-avoidance increase for one ACK, given the coupled subflows.
     *
     * Called only with a non-empty set that contains this subflow.
     * \param tcb this subflow's socket state (cwnd, segment size)
     * \param subflows the subflows that take part in the coupling, this one included
     * \param self index of this subflow in \p subflows
     * \return the increase of this subflow's window, bytes (fractional; may be negative)
     */
    virtual double GetAckIncrease(Ptr<const TcpSocketState> tcb,
                                  const std::vector<SubflowState>& subflows,
                                  std::size_t self) = 0;

    /**
     * \brief NewReno's slow start and the coupled congestion avoidance, only while the subflow
     * uses its window (ns3::TcpCwndValidation; Linux's mptcp_ccc_cong_avoid() returns first
     * when !tcp_is_cwnd_limited()).
     * \param tcb the subflow's socket state
     * \param segmentsAcked segments acknowledged
     */
    void IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;

  protected:
    void CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked) override;

    /**
     * \brief The subflows of the connection that take part in the coupling: established and
     * with an RTT sample (the same set as MpTcpSocketBase::GetSubflowWindows()).
     *
     * Virtual so that unit tests can couple controllers without a connection.
     * \param tcb this subflow's socket state
     * \param out filled with the subflows
     * \return index of this subflow in \p out, or -1 if it is not among them (no connection,
     *         or no RTT sample yet): the caller then behaves as NewReno
     */
    virtual int GetCoupledSubflows(Ptr<const TcpSocketState> tcb,
                                   std::vector<SubflowState>& out) const;

    /**
     * \brief Add a real-valued number of bytes to the window, carrying the fraction over to
     * the next call. The window never falls below one segment.
     * \param tcb the socket state
     * \param bytes the change, bytes (may be negative)
     */
    void AddToWindow(Ptr<TcpSocketState> tcb, double bytes);

    /**
     * \brief A slow-start threshold in bytes, floored as ns-3's TcpNewReno floors its own.
     * \param bytes the threshold the algorithm computed, bytes (may be negative)
     * \param mss segment size, bytes
     * \return max(bytes, 2 * mss), rounded down
     */
    static uint32_t FloorSsThresh(double bytes, uint32_t mss);

  private:
    const MpTcpSocketBase* m_meta{nullptr}; //!< the connection (not owned)
    double m_fraction{0};                   //!< carried-over fraction of a byte
    /// Attribute IncreasePerSegment: scale each ACK's increase by the segments it acknowledges.
    bool m_perSegment{false};
};

} // namespace ns3

#endif /* MPTCP_COUPLED_CONGESTION_OPS_H */
