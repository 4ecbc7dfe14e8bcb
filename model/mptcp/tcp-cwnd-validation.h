/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Congestion-window validation: whether a TCP sender used its congestion window.
 */
#ifndef TCP_CWND_VALIDATION_H
#define TCP_CWND_VALIDATION_H

#include "ns3/object.h"
#include "ns3/sequence-number.h"
#include "ns3/tcp-socket-state.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Whether a TCP sender is limited by its congestion window, so that its congestion
 * control grows the window only then.
 *
 * RFC 7661 (New Congestion Window Validation) and RFC 5681 §4.3 say a sender should not grow a
 * window it does not use; Linux does it in tcp_cwnd_validate() and tcp_is_cwnd_limited()
 * (include/net/tcp.h, net/ipv4/tcp_output.c), which every congestion control's cong_avoid, the
 * MPTCP coupled ones included (mptcp_ccc_cong_avoid of the multipath-tcp.org kernel), checks
 * first. A window that grows while the sender is held back by something else (TCP Small
 * Queues, the application, the peer's window) would be released later as a burst.
 *
 * This object is aggregated to a socket's TcpSocketState by the socket that keeps it up to date
 * (ns3::TcpSmallQueuesSocket); a congestion control asks MayIncrease(tcb). A TcpSocketState
 * without one (ns-3's own sockets) always may increase: ns-3's behaviour.
 *
 * The state follows Linux's: after each segment sent, the window was in use if the bytes in
 * flight leave less than one segment of it; that verdict holds for one window of data (until
 * SND.UNA passes the SND.NXT of the verdict); in slow start the sender also counts as limited
 * while the window is below twice the most it had in flight in that window.
 */
class TcpCwndValidation : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TcpCwndValidation();
    ~TcpCwndValidation() override;

    /// \param enabled false: always report "limited" (ns-3's growth on every ACK)
    void SetEnabled(bool enabled);
    /// \return whether the validation is enabled
    bool IsEnabled() const;

    /**
     * \brief A segment was sent (new data or a retransmission).
     * \param una SND.UNA, the oldest unacknowledged sequence number
     * \param nxt the highest sequence number sent plus one (SND.NXT)
     * \param bytesInFlight bytes in flight after the segment, bytes
     * \param cwnd congestion window, bytes
     * \param segmentSize sender maximum segment size, bytes
     */
    void Sent(SequenceNumber32 una,
              SequenceNumber32 nxt,
              uint32_t bytesInFlight,
              uint32_t cwnd,
              uint32_t segmentSize);

    /**
     * \brief Linux's tcp_is_cwnd_limited().
     * \param cwnd congestion window, bytes
     * \param ssThresh slow-start threshold, bytes
     * \return true if the window was in use in the last window of data, or, in slow start,
     *         the window is below twice the most bytes in flight then
     */
    bool IsCwndLimited(uint32_t cwnd, uint32_t ssThresh) const;

    /**
     * \brief What a congestion control asks before growing the window.
     * \param tcb the socket state
     * \return true if the window may grow: no TcpCwndValidation aggregated, validation
     *         disabled, or IsCwndLimited()
     */
    static bool MayIncrease(Ptr<const TcpSocketState> tcb);

    /// \return increases refused by MayIncrease() so far (one per ACK that would have grown the
    ///         window)
    uint64_t GetRefused() const;

  private:
    bool m_enabled{true};         //!< validation on
    bool m_started{false};        //!< a segment was sent
    bool m_cwndLimited{false};    //!< Linux's tp->is_cwnd_limited
    uint32_t m_maxBytesOut{0};    //!< Linux's tp->max_packets_out, in bytes
    SequenceNumber32 m_usageSeq;  //!< Linux's tp->cwnd_usage_seq
    mutable uint64_t m_refused{0}; //!< increases refused
};

} // namespace ns3

#endif /* TCP_CWND_VALIDATION_H */
