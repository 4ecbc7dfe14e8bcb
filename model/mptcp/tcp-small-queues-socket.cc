/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/tcp-small-queues-socket.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpSmallQueuesSocket");
NS_OBJECT_ENSURE_REGISTERED(TcpSmallQueuesSocket);

TypeId
TcpSmallQueuesSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpSmallQueuesSocket")
            .SetParent<TcpSocketBase>()
            .SetGroupName("Mptcp")
            .AddConstructor<TcpSmallQueuesSocket>()
            .AddAttribute("SmallQueues",
                          "TCP Small Queues (Linux tcp_small_queue_check()): hold new data back "
                          "while more than the limit of this socket's bytes is in its own host "
                          "(IP, traffic control, NIC queue, on the NIC). On in Linux.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TcpSmallQueuesSocket::m_smallQueues),
                          MakeBooleanChecker())
            .AddAttribute("SmallQueuesPacingShift",
                          "The limit is the pacing rate times 2^-shift seconds, at least two "
                          "segments (Linux sk_pacing_shift: 10, about 1 ms).",
                          UintegerValue(10),
                          MakeUintegerAccessor(&TcpSmallQueuesSocket::m_pacingShift),
                          MakeUintegerChecker<uint32_t>(0, 30))
            .AddAttribute("SmallQueuesLimit",
                          "Largest limit, bytes (Linux net.ipv4.tcp_limit_output_bytes: 1 MiB "
                          "from 4.20, 4 MiB from 6.16).",
                          UintegerValue(1048576),
                          MakeUintegerAccessor(&TcpSmallQueuesSocket::m_limitOutputBytes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("CwndValidation",
                          "Grow the congestion window only while it limits the sender (RFC "
                          "7661; Linux tcp_is_cwnd_limited()), for the congestion controls "
                          "that ask ns3::TcpCwndValidation (the MPTCP coupled ones, "
                          "ns3::TcpNewRenoCwv). On in Linux.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TcpSmallQueuesSocket::m_cwndValidationOn),
                          MakeBooleanChecker());
    return tid;
}

#if MPTCP_NEEDS_INSTANCE_TYPEID
TypeId
TcpSmallQueuesSocket::GetInstanceTypeId() const
{
    return TcpSmallQueuesSocket::GetTypeId();
}
#endif

TcpSmallQueuesSocket::TcpSmallQueuesSocket()
{
    // The copy constructor copies m_txTrace with this sink: connect it here only.
    m_txTrace.ConnectWithoutContext(MakeCallback(&TcpSmallQueuesSocket::CountSegment));
}

TcpSmallQueuesSocket::TcpSmallQueuesSocket(const TcpSmallQueuesSocket& sock)
    : TcpSocketBase(sock),
      m_smallQueues(sock.m_smallQueues),
      m_pacingShift(sock.m_pacingShift),
      m_limitOutputBytes(sock.m_limitOutputBytes),
      m_cwndValidationOn(sock.m_cwndValidationOn)
{
}

TcpSmallQueuesSocket::~TcpSmallQueuesSocket()
{
    m_resumeEvent.Cancel(); // its event holds a plain pointer to this socket
    if (m_tsq)
    {
        m_tsq->Unregister(m_tsqId);
    }
}

void
TcpSmallQueuesSocket::DoDispose()
{
    m_resumeEvent.Cancel();
    if (m_tsq)
    {
        m_tsq->Unregister(m_tsqId);
        m_tsq = nullptr;
    }
    m_cwv = nullptr;
    TcpSocketBase::DoDispose();
}

Ptr<TcpSocketBase>
TcpSmallQueuesSocket::Fork()
{
    return CopyObject<TcpSmallQueuesSocket>(this);
}

void
TcpSmallQueuesSocket::AttachCwndValidation()
{
    if (!m_cwndValidationOn)
    {
        return;
    }
    m_cwv = m_tcb->GetObject<TcpCwndValidation>();
    if (!m_cwv)
    {
        m_cwv = CreateObject<TcpCwndValidation>();
        m_tcb->AggregateObject(m_cwv);
    }
}

Ptr<TcpCwndValidation>
TcpSmallQueuesSocket::GetCwndValidation() const
{
    return m_cwv;
}

Time
TcpSmallQueuesSocket::GetSmoothedRtt() const
{
    return (m_rtt && m_rtt->GetNSamples() > 0) ? m_rtt->GetEstimate() : Time(0);
}

uint32_t
TcpSmallQueuesSocket::GetSmallQueuesLimit() const
{
    const double srtt = GetSmoothedRtt().GetSeconds();
    const double mss = m_tcb->m_segmentSize;
    if (srtt <= 0)
    {
        return m_limitOutputBytes; // no pacing rate yet (Linux: no srtt, no division)
    }
    // tcp_update_pacing_rate(): 200 % in slow start below half the threshold, 120 % after.
    const double cwnd = m_tcb->m_cWnd.Get();
    const double ratio = cwnd < m_tcb->m_ssThresh.Get() / 2.0 ? 2.0 : 1.2;
    const double rate = ratio * std::max<double>(cwnd, m_txBuffer->BytesInFlight()) / srtt;
    const double limit = std::max(2 * mss, std::ldexp(rate, -int(m_pacingShift)));
    return static_cast<uint32_t>(std::min<double>(limit, m_limitOutputBytes));
}

uint64_t
TcpSmallQueuesSocket::GetHostQueuedBytes() const
{
    return m_hostQueued;
}

uint64_t
TcpSmallQueuesSocket::GetSmallQueuesThrottles() const
{
    return m_throttles;
}

bool
TcpSmallQueuesSocket::IsSmallQueuesThrottled() const
{
    return m_throttled;
}

uint32_t
TcpSmallQueuesSocket::GetSmallQueuesRoom() const
{
    if (!m_smallQueues)
    {
        return std::numeric_limits<uint32_t>::max();
    }
    const uint64_t limit = GetSmallQueuesLimit();
    if (m_hostQueued > limit && m_txBuffer->BytesInFlight() > m_tcb->m_segmentSize)
    {
        return 0;
    }
    return static_cast<uint32_t>(
        std::min<uint64_t>(limit - std::min(limit, m_hostQueued) + m_tcb->m_segmentSize,
                           std::numeric_limits<uint32_t>::max()));
}

uint32_t
TcpSmallQueuesSocket::AvailableWindow() const
{
    const uint32_t window = TcpSocketBase::AvailableWindow();
    if (window == 0 || !m_smallQueues || m_hostQueued <= GetSmallQueuesLimit())
    {
        return window;
    }
    // "Always send skb if rtx queue is empty or has one skb" (tcp_small_queue_check()).
    if (m_txBuffer->BytesInFlight() <= m_tcb->m_segmentSize)
    {
        return window;
    }
    if (!m_throttled)
    {
        m_throttled = true;
        ++m_throttles;
        NS_LOG_LOGIC(this << " TSQ: " << m_hostQueued << " bytes in the host, limit "
                          << GetSmallQueuesLimit());
    }
    return 0;
}

uint32_t
TcpSmallQueuesSocket::SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck)
{
    const uint32_t sz = TcpSocketBase::SendDataPacket(seq, maxSize, withAck);
    if (sz > 0 && m_cwndValidationOn)
    {
        if (!m_cwv)
        {
            AttachCwndValidation();
        }
        m_cwv->Sent(m_txBuffer->HeadSequence(),
                    m_tcb->m_highTxMark.Get(),
                    m_txBuffer->BytesInFlight(),
                    m_tcb->m_cWnd.Get(),
                    m_tcb->m_segmentSize);
    }
    return sz;
}

void
TcpSmallQueuesSocket::CountSegment(Ptr<const Packet> p,
                                   const TcpHeader& h [[maybe_unused]],
                                   Ptr<const TcpSocketBase> s)
{
    const uint32_t bytes = p->GetSize();
    if (bytes == 0)
    {
        return;
    }
    auto self = const_cast<TcpSmallQueuesSocket*>(static_cast<const TcpSmallQueuesSocket*>(PeekPointer(s)));
    if (!self->m_smallQueues || !self->m_node)
    {
        return;
    }
    if (!self->m_tsq)
    {
        self->m_tsq = TcpSmallQueues::Get(self->m_node);
        self->m_tsqId =
            self->m_tsq->Register(MakeCallback(&TcpSmallQueuesSocket::Released, self));
    }
    self->m_tsq->Queued(self->m_tsqId, p, bytes);
    self->m_hostQueued += bytes;
}

void
TcpSmallQueuesSocket::Released(uint32_t bytes)
{
    m_hostQueued -= std::min<uint64_t>(bytes, m_hostQueued);
    if (m_throttled && m_hostQueued <= GetSmallQueuesLimit() && m_resumeEvent.IsExpired())
    {
        // Not from inside the NIC's trace (it is between two transmissions): as Linux's TSQ
        // tasklet, a moment later.
        m_resumeEvent = Simulator::ScheduleNow(&TcpSmallQueuesSocket::Resume, this);
    }
}

void
TcpSmallQueuesSocket::Resume()
{
    m_throttled = false;
    if (m_state == ESTABLISHED || m_state == CLOSE_WAIT || m_state == FIN_WAIT_1 ||
        m_state == LAST_ACK)
    {
        SendPendingData(m_connected);
        SmallQueuesOpened();
    }
}

void
TcpSmallQueuesSocket::SmallQueuesOpened()
{
}

} // namespace ns3
