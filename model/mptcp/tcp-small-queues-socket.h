/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A TCP socket that sends as a Linux host does: TCP Small Queues and congestion-window
 * validation.
 */
#ifndef TCP_SMALL_QUEUES_SOCKET_H
#define TCP_SMALL_QUEUES_SOCKET_H

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/tcp-cwnd-validation.h"
#include "ns3/tcp-small-queues.h"

#include "ns3/event-id.h"
#include "ns3/tcp-socket-base.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief ns-3's TcpSocketBase with two behaviours of a Linux sender that decide where a bulk
 * flow's packets wait: TCP Small Queues and congestion-window validation.
 *
 * - **TCP Small Queues** (attribute SmallQueues; Linux tcp_small_queue_check(),
 *   net/ipv4/tcp_output.c): the socket stops sending new data while more than
 *   max(2 segments, pacing rate x 2^-SmallQueuesPacingShift s), at most SmallQueuesLimit bytes,
 *   of its data is in its own host (IP, traffic control, NIC queue, on the NIC: counted by the
 *   node's ns3::TcpSmallQueues), unless at most one segment is unacknowledged; it resumes when
 *   the NIC has sent some of it. The pacing rate is Linux's (tcp_update_pacing_rate()):
 *   200 % of cwnd / SRTT in slow start below half the slow-start threshold, 120 % after, with
 *   cwnd the larger of the window and the bytes in flight. Retransmissions are not held back.
 *   A host so never drops its own packets by filling its NIC queue, and the queue its bulk
 *   sockets keep there is about one millisecond of data, not the NIC queue's size: the ACKs
 *   and data of the host's other connections do not wait behind it.
 * - **Congestion-window validation** (attribute CwndValidation; RFC 7661, Linux
 *   tcp_cwnd_validate() and tcp_is_cwnd_limited()): the socket keeps an ns3::TcpCwndValidation
 *   on its TcpSocketState, which the module's congestion controls (the MPTCP coupled ones,
 *   ns3::TcpNewRenoCwv) ask before growing the window. Without it a window held back by TCP
 *   Small Queues would keep growing on every ACK.
 *
 * Both default to on, as in Linux. With both off the socket behaves exactly as TcpSocketBase.
 * ns3::MpTcpSubflow derives from it; plain TCP flows get it from
 * ns3::TcpSmallQueuesSocketFactory.
 */
class TcpSmallQueuesSocket : public TcpSocketBase
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
#if MPTCP_NEEDS_INSTANCE_TYPEID
    TypeId GetInstanceTypeId() const override;
#endif

    TcpSmallQueuesSocket();
    /**
     * \brief Copy constructor (Fork()): attributes, not the bytes in the host.
     * \param sock the socket to copy
     */
    TcpSmallQueuesSocket(const TcpSmallQueuesSocket& sock);
    ~TcpSmallQueuesSocket() override;

    /// \return the TCP Small Queues limit now, bytes (see the class description)
    uint32_t GetSmallQueuesLimit() const;
    /// \return payload bytes of this socket in its host's queues now, bytes
    uint64_t GetHostQueuedBytes() const;
    /// \return times TCP Small Queues held the socket back
    uint64_t GetSmallQueuesThrottles() const;
    /// \return whether TCP Small Queues holds the socket back now
    bool IsSmallQueuesThrottled() const;
    /**
     * \return bytes the socket may still hand to IP now before TCP Small Queues holds it back
     *         (the limit minus its bytes in the host, plus the one segment that may exceed it),
     *         bytes; UINT32_MAX when SmallQueues is off
     */
    uint32_t GetSmallQueuesRoom() const;
    /// \return the congestion-window validation state (nullptr when CwndValidation is off)
    Ptr<TcpCwndValidation> GetCwndValidation() const;
    /// \return the smoothed RTT, or zero before the first sample
    Time GetSmoothedRtt() const;

  protected:
    uint32_t AvailableWindow() const override;
    uint32_t SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck) override;
    Ptr<TcpSocketBase> Fork() override;
    void DoDispose() override;

    /**
     * \brief TCP Small Queues let the socket send again; it already tried to send what it has.
     * Default: nothing (ns3::MpTcpSubflow asks its connection for more data).
     */
    virtual void SmallQueuesOpened();

  private:
    /**
     * \brief Trace sink of "Tx": tag and count a data segment.
     * \param p the segment's payload
     * \param h its TCP header
     * \param s the socket
     */
    static void CountSegment(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s);
    /// Set up (again, after a copy) the validation object on m_tcb.
    void AttachCwndValidation();
    /**
     * \brief Bytes of a segment left the host.
     * \param bytes payload bytes
     */
    void Released(uint32_t bytes);
    /// Send again after TCP Small Queues held the socket back.
    void Resume();

    bool m_smallQueues{true};           //!< attribute SmallQueues
    uint32_t m_pacingShift{10};         //!< attribute SmallQueuesPacingShift
    uint32_t m_limitOutputBytes{1048576}; //!< attribute SmallQueuesLimit, bytes
    bool m_cwndValidationOn{true};      //!< attribute CwndValidation
    Ptr<TcpSmallQueues> m_tsq;          //!< the host's accountant (once the first segment left)
    uint32_t m_tsqId{0};                //!< our id there
    uint64_t m_hostQueued{0};           //!< our bytes in the host, bytes
    mutable bool m_throttled{false};    //!< TCP Small Queues holds us back
    mutable uint64_t m_throttles{0};    //!< times it did
    EventId m_resumeEvent;              //!< pending Resume()
    Ptr<TcpCwndValidation> m_cwv;       //!< on m_tcb (nullptr when off)
};

} // namespace ns3

#endif /* TCP_SMALL_QUEUES_SOCKET_H */
