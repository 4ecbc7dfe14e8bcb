/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-subflow.h"

#include "ns3/mptcp-crypto.h"
#include "ns3/mptcp-socket-base.h"

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-end-point.h"
#include "ns3/log.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/trace-source-accessor.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpSubflow");
NS_OBJECT_ENSURE_REGISTERED(MpTcpSubflow);

TypeId
MpTcpSubflow::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MpTcpSubflow")
            .SetParent<TcpSmallQueuesSocket>()
            .SetGroupName("Mptcp")
            .AddConstructor<MpTcpSubflow>()
            .AddTraceSource("MalformedOption",
                            "A received MPTCP option was malformed and dropped (the int is an "
                            "ns3::MpTcpParseError value).",
                            MakeTraceSourceAccessor(&MpTcpSubflow::m_malformedTrace),
                            "ns3::MpTcpSubflow::MalformedOptionTracedCallback");
    return tid;
}

#if MPTCP_NEEDS_INSTANCE_TYPEID
TypeId
MpTcpSubflow::GetInstanceTypeId() const
{
    return MpTcpSubflow::GetTypeId();
}
#endif

MpTcpSubflow::MpTcpSubflow()
{
    // The copy constructor copies this sink with m_txTrace: connect it here only.
    m_txTrace.ConnectWithoutContext(MakeCallback(&MpTcpSubflow::TxHook));
}

MpTcpSubflow::MpTcpSubflow(const MpTcpSubflow& sock)
    : TcpSmallQueuesSocket(sock),
      m_meta(sock.m_meta),
      m_role(sock.m_role),
      m_subflowId(0),
      m_sawSyn(sock.m_sawSyn),
      m_isn(sock.m_isn),
      m_irs(sock.m_irs),
      m_irsKnown(sock.m_irsKnown),
      m_synOptions(sock.m_synOptions),
      m_join(sock.m_join)
{
}

MpTcpSubflow::~MpTcpSubflow()
{
    m_joinAckTimer.Cancel(); // its event holds a plain pointer to this subflow
}

void
MpTcpSubflow::DoDispose()
{
    m_joinAckTimer.Cancel();
    m_meta = nullptr;
    TcpSmallQueuesSocket::DoDispose();
}

void
MpTcpSubflow::SetMeta(MpTcpSocketBase* meta, Role role)
{
    m_meta = meta;
    m_role = role;
}

MpTcpSocketBase*
MpTcpSubflow::GetMeta() const
{
    return m_meta;
}

MpTcpSubflow::Role
MpTcpSubflow::GetRole() const
{
    return m_role;
}

void
MpTcpSubflow::SetRole(Role role)
{
    m_role = role;
}

uint32_t
MpTcpSubflow::GetSubflowId() const
{
    return m_subflowId;
}

void
MpTcpSubflow::SetSubflowId(uint32_t id)
{
    m_subflowId = id;
}

MpTcpSubflow::JoinState&
MpTcpSubflow::GetJoinState()
{
    return m_join;
}

bool
MpTcpSubflow::IsBackup() const
{
    return m_backupLocal || m_backupRemote;
}

bool
MpTcpSubflow::IsLocalBackup() const
{
    return m_backupLocal;
}

bool
MpTcpSubflow::IsRemoteBackup() const
{
    return m_backupRemote;
}

void
MpTcpSubflow::SetLocalBackup(bool backup)
{
    bool was = IsBackup();
    m_backupLocal = backup;
    if (m_state.Get() == CLOSED && m_role == ROLE_MP_JOIN)
    {
        m_join.backup = backup; // the B flag of the MP_JOIN SYN (RFC 8684 §3.2)
    }
    else if (m_role != ROLE_PLAIN && m_role != ROLE_LISTENER)
    {
        // RFC 8684 §3.3.8: MP_PRIO changes the priority of the subflow it is sent on.
        m_mpPrioPending = true;
        if (IsEstablished())
        {
            SendAckNow();
        }
    }
    if (m_meta && was != IsBackup())
    {
        m_meta->SubflowPriorityChanged(this);
    }
}

void
MpTcpSubflow::SetRemoteBackup(bool backup)
{
    bool was = IsBackup();
    m_backupRemote = backup;
    if (m_meta && was != IsBackup())
    {
        m_meta->SubflowPriorityChanged(this);
    }
}

uint32_t
MpTcpSubflow::GetMpPrioSent() const
{
    return m_mpPrioSent;
}

uint32_t
MpTcpSubflow::GetMpPrioReceived() const
{
    return m_mpPrioReceived;
}

uint32_t
MpTcpSubflow::GetConsecutiveRtos() const
{
    return m_consecutiveRtos;
}

const std::vector<MpTcpOption>&
MpTcpSubflow::GetSynOptions() const
{
    return m_synOptions;
}

Ptr<TcpCongestionOps>
MpTcpSubflow::GetCongestionOps() const
{
    return m_congestionControl;
}

uint64_t
MpTcpSubflow::GetMalformedOptions() const
{
    return m_malformed;
}

uint64_t
MpTcpSubflow::GetSignallingAcks() const
{
    return m_signallingAcks;
}

uint32_t
MpTcpSubflow::GetUnsentBytes() const
{
    return m_txBuffer->SizeFromSequence(m_tcb->m_nextTxSequence);
}

uint32_t
MpTcpSubflow::GetSendableBytes() const
{
    if (!IsEstablished())
    {
        return 0;
    }
    // What the window and TCP Small Queues let it send now, less what it holds unsent: the
    // connection gives a subflow only data it can send at once.
    uint32_t window = std::min(AvailableWindow(), GetSmallQueuesRoom());
    uint32_t unsent = GetUnsentBytes();
    return window > unsent ? window - unsent : 0;
}

uint32_t
MpTcpSubflow::GetCwnd() const
{
    return m_tcb->m_cWnd.Get();
}

uint32_t
MpTcpSubflow::GetSsThresh() const
{
    return m_tcb->m_ssThresh.Get();
}

uint32_t
MpTcpSubflow::GetSegmentSize() const
{
    return m_tcb->m_segmentSize;
}

Time
MpTcpSubflow::GetSrtt() const
{
    return (m_rtt && m_rtt->GetNSamples() > 0) ? m_rtt->GetEstimate() : Time(0);
}

bool
MpTcpSubflow::HasRttSample() const
{
    return m_rtt && m_rtt->GetNSamples() > 0;
}

uint32_t
MpTcpSubflow::GetPeerWindow() const
{
    return m_rWnd.Get();
}

TcpSocket::TcpStates_t
MpTcpSubflow::GetState() const
{
    return m_state.Get();
}

bool
MpTcpSubflow::IsEstablished() const
{
    return (m_state.Get() == ESTABLISHED || m_state.Get() == CLOSE_WAIT) && !m_joinPreEstablished;
}

bool
MpTcpSubflow::IsJoinPreEstablished() const
{
    return m_joinPreEstablished;
}

uint32_t
MpTcpSubflow::GetJoinAckRetransmissions() const
{
    return m_joinAckRetransmits;
}

uint64_t
MpTcpSubflow::GetBytesSent() const
{
    return m_bytesSent;
}

void
MpTcpSubflowTxHook::AddSynOptions(const MpTcpSubflow& sf, TcpHeader& header)
{
}

void
MpTcpSubflow::SetTxHook(Ptr<MpTcpSubflowTxHook> hook)
{
    m_txHook = hook;
}

Ptr<MpTcpSubflowTxHook>
MpTcpSubflow::GetTxHook() const
{
    return m_txHook;
}

bool
MpTcpSubflow::HookRewritesSegment(uint32_t payload, uint8_t flags) const
{
    return m_txHook && m_txHook->RewritesSegment(*this, payload, flags);
}

bool
MpTcpSubflow::Penalize()
{
    Time now = Simulator::Now();
    if (m_lastPenalized >= Time(0) && now - m_lastPenalized < GetSrtt())
    {
        return false;
    }
    if (m_tcb->m_congState != TcpSocketState::CA_OPEN &&
        m_tcb->m_congState != TcpSocketState::CA_DISORDER)
    {
        return false;
    }
    uint32_t mss = m_tcb->m_segmentSize;
    uint32_t cwnd = m_tcb->m_cWnd.Get();
    if (cwnd <= mss)
    {
        return false;
    }
    if (cwnd >= m_tcb->m_ssThresh.Get())
    {
        m_tcb->m_ssThresh = std::max(m_tcb->m_ssThresh.Get() / 2, 2 * mss);
    }
    m_tcb->m_cWnd = std::max(cwnd / 2, mss);
    m_lastPenalized = now;
    ++m_penalizations;
    NS_LOG_DEBUG("subflow " << m_subflowId << " penalised: cwnd " << cwnd << " -> "
                            << m_tcb->m_cWnd);
    return true;
}

uint32_t
MpTcpSubflow::GetPenalizations() const
{
    return m_penalizations;
}

Time
MpTcpSubflow::GetRto() const
{
    return m_rto.Get();
}

uint32_t
MpTcpSubflow::GetBytesInFlight() const
{
    return BytesInFlight();
}

TcpSocketState::TcpCongState_t
MpTcpSubflow::GetCongState() const
{
    return m_tcb->m_congState.Get();
}

void
MpTcpSubflow::ForgetHandshakeRtt(Time rto)
{
    NS_ASSERT(rto.IsStrictlyPositive());
    m_rtt->Reset();
    m_rto = rto;
}

void
MpTcpSubflow::SendAckNow()
{
    TcpStates_t s = m_state.Get();
    // The states in which TCP still acknowledges what it receives.
    if (m_meta && (s == ESTABLISHED || s == CLOSE_WAIT || s == FIN_WAIT_1 || s == FIN_WAIT_2))
    {
        SendEmptyPacket(TcpHeader::ACK);
    }
}

bool
MpTcpSubflow::IsReset() const
{
    return m_reset;
}

void
MpTcpSubflow::CloseFromEvent(Ptr<MpTcpSubflow> subflow)
{
    subflow->Close();
}

void
MpTcpSubflow::Reset(MpTcpRstReason reason, bool fastClose, bool sendRst)
{
    TcpStates_t s = m_state.Get();
    if (s == CLOSED || s == LISTEN)
    {
        return;
    }
    Ptr<MpTcpSubflow> self(this); // the connection's callbacks may drop their references
    m_reset = true;
    m_rstReason = reason;
    m_rstFastClose = fastClose;
    if (sendRst && m_endPoint != nullptr && s != TIME_WAIT)
    {
        if (m_mpFailPending)
        {
            SendAckNow(); // the MP_FAIL goes before the RST (RFC 8684 §3.7)
        }
        SendRST(); // the Tx hook adds MP_TCPRST (and MP_FASTCLOSE); notifies the error close
    }
    DeallocateEndPoint(); // cancels the timers, frees the port, leaves the node's socket list
    m_state = CLOSED;
}

void
MpTcpSubflow::ReceivedReset(const std::vector<MpTcpOption>& options)
{
    Ptr<MpTcpSubflow> self(this);
    MpTcpSocketBase* meta = m_meta;
    const MpFastCloseOption* fastClose = nullptr;
    for (const auto& o : options)
    {
        if (auto rst = std::get_if<MpTcpRstOption>(&o))
        {
            meta->ReceivedTcpRst(this, rst->reason);
        }
        else if (auto fc = std::get_if<MpFastCloseOption>(&o))
        {
            fastClose = fc;
        }
    }
    // Close without answering: a RST is never answered (RFC 793).
    m_reset = true;
    DeallocateEndPoint();
    m_state = CLOSED;
    if (fastClose && meta->ReceivedFastClose(this, fastClose->receiverKey, true))
    {
        return;
    }
    meta->SubflowReset(this);
}

void
MpTcpSubflow::SendMpFail(uint64_t dsn)
{
    m_mpFailPending = true;
    m_mpFailDsn = dsn;
}

void
MpTcpSubflow::AwaitInfiniteMapping()
{
    m_mappings.AwaitInfinite();
}

void
MpTcpSubflow::StartInfiniteMapping(uint64_t dsn)
{
    m_txInfinite = true;
    m_txInfiniteSsn = m_txBuffer->TailSequence() - m_isn;
    m_txInfiniteDsn = dsn;
}

bool
MpTcpSubflow::UsesInfiniteMapping() const
{
    return m_mappings.IsRxInfiniteOrAwaited();
}

bool
MpTcpSubflow::GetLastMappedDsnEnd(uint64_t& dsnEnd) const
{
    return m_mappings.GetLastMappedDsnEnd(dsnEnd);
}

bool
MpTcpSubflow::HasPendingRxMappings() const
{
    return m_mappings.HasRx();
}

uint64_t
MpTcpSubflow::GetMpFailsReceived() const
{
    return m_mpFailsReceived;
}

void
MpTcpSubflow::QueueSignal(const MpTcpOption& option)
{
    m_signals.push_back(option);
}

size_t
MpTcpSubflow::GetPendingSignals() const
{
    return m_signals.size();
}

void
MpTcpSubflow::Abort()
{
    TcpStates_t s = m_state.Get();
    if (s == CLOSED || s == LISTEN)
    {
        return;
    }
    // CLOSED first: the error-close callback must not hand this subflow more data.
    m_state = CLOSED;
    if (m_endPoint != nullptr)
    {
        SendRST(); // RST, error-close callback, endpoint released
    }
    else
    {
        NotifyErrorClose();
    }
}

void
MpTcpSubflow::AppendSignals(TcpHeader& header)
{
    if (header.GetFlags() & (TcpHeader::SYN | TcpHeader::RST))
    {
        return;
    }
    while (!m_signals.empty())
    {
        Ptr<TcpOptionMpTcp> carrier = CreateObject<TcpOptionMpTcp>();
        carrier->SetOption(m_signals.front());
        if (!header.AppendOption(carrier))
        {
            return; // no room on this segment: wait for the next one
        }
        m_signals.pop_front();
    }
}

void
MpTcpSubflow::GetFourTuple(Ipv4Address& localAddr,
                           uint16_t& localPort,
                           Ipv4Address& remoteAddr,
                           uint16_t& remotePort) const
{
    if (m_endPoint == nullptr)
    {
        localAddr = remoteAddr = Ipv4Address::GetAny();
        localPort = remotePort = 0;
        return;
    }
    localAddr = m_endPoint->GetLocalAddress();
    localPort = m_endPoint->GetLocalPort();
    remoteAddr = m_endPoint->GetPeerAddress();
    remotePort = m_endPoint->GetPeerPort();
}

bool
MpTcpSubflow::SendMapped(Ptr<Packet> p, uint64_t dsn)
{
    uint32_t len = p->GetSize();
    NS_ASSERT(len > 0 && len <= 0xffff);
    uint32_t ssn = (m_txBuffer->TailSequence() - m_isn);
    bool checksum = m_meta != nullptr && m_meta->IsChecksumInUse();
    Mapping m{ssn, dsn, len};
    if (checksum)
    {
        // One mapping per chunk, so that each carries the checksum of its own data.
        std::vector<uint8_t> bytes(len);
        p->CopyData(bytes.data(), len);
        m.checksum = MpTcpDssChecksum(dsn, ssn, len, bytes.data(), len);
    }
    const uint32_t sentUpTo = m_tcb->m_highTxMark.Get() - m_isn;
    bool merged = m_mappings.AddTx(m, !checksum, sentUpTo);
    if (TcpSocketBase::Send(p, 0) < 0)
    {
        m_mappings.UndoAddTx(len, merged);
        return false;
    }
    return true;
}

const MpTcpSubflow::Mapping*
MpTcpSubflow::FindTxMapping(uint32_t ssn) const
{
    return m_mappings.FindTx(ssn);
}

void
MpTcpSubflow::DiscardAckedMappings()
{
    m_mappings.DiscardTxBelow(m_txBuffer->HeadSequence() - m_isn);
}

uint32_t
MpTcpSubflow::SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck)
{
    // A DSS describes one mapping: never let a segment span two of them.
    if (!m_mappings.IsTxEmpty())
    {
        uint32_t rel = seq - m_isn;
        const Mapping* m = FindTxMapping(rel);
        if (m != nullptr)
        {
            maxSize = std::min(maxSize, m->ssn + m->length - rel);
        }
    }
    uint32_t sz = TcpSmallQueuesSocket::SendDataPacket(seq, maxSize, withAck);
    m_bytesSent += sz;
    return sz;
}

uint32_t
MpTcpSubflow::GetRxReadSsn() const
{
    return m_mappings.GetReadSsn();
}

bool
MpTcpSubflow::MapReceivedBytes(uint32_t length, std::vector<Mapping>& out)
{
    return m_mappings.Map(length, out);
}

void
MpTcpSubflow::ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader)
{
    SequenceNumber32 una = m_txBuffer->HeadSequence();
    if (m_signallingAck && tcpHeader.GetAckNumber() == una)
    {
        // Options and window already processed (DoForwardUp); nothing acknowledged.
        NS_LOG_LOGIC(this << " signalling-only ACK: options processed, not a duplicate ACK");
        ++m_signallingAcks;
    }
    else
    {
        TcpSocketBase::ReceivedAck(packet, tcpHeader);
        if (m_txBuffer->HeadSequence() > una)
        {
            m_consecutiveRtos = 0; // the path works again
        }
    }
    // Every ACK, duplicate ones included (window inflation in recovery), may open room for
    // new data: ask the connection for more, as Linux's MPTCP scheduler does on each ACK.
    if (m_meta && IsEstablished() && GetSendableBytes() > 0 && m_meta->PullData(this))
    {
        SendPendingData(m_connected);
    }
}

void
MpTcpSubflow::SmallQueuesOpened()
{
    // The NIC sent some of our data: ask the connection for more, as after an ACK.
    if (m_meta && IsEstablished() && GetSendableBytes() > 0 && m_meta->PullData(this))
    {
        SendPendingData(m_connected);
    }
}

void
MpTcpSubflow::ReTxTimeout()
{
    bool outstanding = IsEstablished() && m_txBuffer->Size() > 0;
    TcpSocketBase::ReTxTimeout();
    if (outstanding)
    {
        ++m_consecutiveRtos; // counted before the connection reschedules (backup subflows)
    }
    // The path stopped making progress: let the other subflows carry what this one holds
    // (reinjection, as Linux MPTCP does on a retransmission timeout).
    if (m_meta && IsEstablished())
    {
        m_meta->SubflowTimedOut(this);
    }
}

void
MpTcpSubflow::TakeUnackedForReinjection(std::vector<Mapping>& out)
{
    m_mappings.TakeUnacked(m_txBuffer->HeadSequence() - m_isn, out);
}

void
MpTcpSubflow::ReceiveInterceptedSyn(Ptr<Packet> packet, const Address& from, const Address& to)
{
    DoForwardUp(packet, from, to);
}

int
MpTcpSubflow::Bind(const Address& address)
{
    const int r = TcpSocketBase::Bind(address);
    if (r == 0 && InetSocketAddress::IsMatchingType(address))
    {
        m_boundLocal = InetSocketAddress::ConvertFrom(address).GetIpv4();
    }
    return r;
}

void
MpTcpSubflow::SendEmptyPacket(uint8_t flags)
{
    // TcpSocketBase::Connect() set the route's source, the interface's first address; a NIC
    // with several addresses needs the bound one (the SYN is the first segment sent after it).
    if (m_endPoint && m_boundLocal != Ipv4Address::GetAny() &&
        m_endPoint->GetLocalAddress() != m_boundLocal)
    {
        NS_LOG_LOGIC(this << " local address " << m_endPoint->GetLocalAddress() << " -> "
                          << m_boundLocal << " (bound)");
        m_endPoint->SetLocalAddress(m_boundLocal);
    }
    TcpSocketBase::SendEmptyPacket(flags);
}

Ptr<TcpSocketBase>
MpTcpSubflow::Fork()
{
    // (The copy constructor leaves m_boundLocal unset: CompleteFork() sets the child's address.)
    Ptr<MpTcpSubflow> child = CopyObject<MpTcpSubflow>(this);
    if (m_meta != nullptr)
    {
        m_meta->SubflowForked(child);
    }
    return child;
}

} // namespace ns3
