/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "mptcp-subflow.h"

#include "mptcp-crypto.h"
#include "mptcp-socket-base.h"

#include "ns3/abort.h"
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
            .SetParent<TcpSocketBase>()
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
    : TcpSocketBase(sock),
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

MpTcpSubflow::~MpTcpSubflow() = default;

void
MpTcpSubflow::DoDispose()
{
    m_meta = nullptr;
    TcpSocketBase::DoDispose();
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
    uint32_t window = AvailableWindow();
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
    return m_state.Get() == ESTABLISHED || m_state.Get() == CLOSE_WAIT;
}

uint64_t
MpTcpSubflow::GetBytesSent() const
{
    return m_bytesSent;
}

void
MpTcpSubflow::SetScatter(bool on, Ptr<UniformRandomVariable> ports)
{
    NS_ABORT_MSG_IF(on && !ports, "MpTcpSubflow::SetScatter: no random port stream");
    m_scatter = on;
    if (ports)
    {
        m_scatterPorts = ports;
    }
}

bool
MpTcpSubflow::IsScattering() const
{
    return m_scatter;
}

uint64_t
MpTcpSubflow::GetScatteredSegments() const
{
    return m_scatteredSegments;
}

bool
MpTcpSubflow::ScattersSegment(uint32_t payload, uint8_t flags) const
{
    // Only after the first DATA_ACK: until then the peer may not have our key (the MP_CAPABLE
    // third ACK), and a scattered segment overtaking it could not be mapped (RFC 8684 §3.1).
    return m_scatter && payload > 0 && !(flags & TcpHeader::SYN) && m_meta != nullptr &&
           m_meta->PeerAckedData();
}

void
MpTcpSubflow::AddScatterOption(TcpHeader& header)
{
    Ptr<TcpOptionMpTcp> carrier = CreateObject<TcpOptionMpTcp>();
    carrier->SetOption(MpScatterOption{m_meta->GetRemoteToken()});
    if (!header.AppendOption(carrier))
    {
        NS_LOG_WARN("no option space for MP_SCATTER: segment keeps its port");
        return;
    }
    // Any port but 0; the receiver restores the real one from the token (MpTcpL4Protocol).
    header.SetSourcePort(m_scatterPorts->GetInteger(1, 65535));
    ++m_scatteredSegments;
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
    if (!m_rxInfinite)
    {
        m_rxAwaitInfinite = true;
    }
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
    return m_rxAwaitInfinite || m_rxInfinite;
}

bool
MpTcpSubflow::GetLastMappedDsnEnd(uint64_t& dsnEnd) const
{
    dsnEnd = m_lastMappedDsnEnd;
    return m_lastMappedValid;
}

bool
MpTcpSubflow::HasPendingRxMappings() const
{
    return !m_rxMappings.empty();
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
    bool merged = false;
    bool checksum = m_meta != nullptr && m_meta->IsChecksumInUse();
    if (!m_txMappings.empty() && !checksum)
    {
        Mapping& last = m_txMappings.back();
        // The first mapping stays one segment: it travels in MP_CAPABLE (RFC 8684 §3.1). A
        // mapping already announced on the wire is fixed (§3.3.1): only extend an unsent one.
        const uint32_t sentUpTo = m_tcb->m_highTxMark.Get() - m_isn;
        if (last.ssn != 1 && last.ssn >= sentUpTo && last.ssn + last.length == ssn &&
            last.dsn + last.length == dsn && last.length + len <= 0xffff)
        {
            last.length += len;
            merged = true;
        }
    }
    if (!merged)
    {
        Mapping m{ssn, dsn, len};
        if (checksum)
        {
            // One mapping per chunk, so that each carries the checksum of its own data.
            std::vector<uint8_t> bytes(len);
            p->CopyData(bytes.data(), len);
            m.checksum = MpTcpDssChecksum(dsn, ssn, len, bytes.data(), len);
        }
        m_txMappings.push_back(m);
    }
    if (TcpSocketBase::Send(p, 0) < 0)
    {
        if (merged)
        {
            m_txMappings.back().length -= len;
        }
        else
        {
            m_txMappings.pop_back();
        }
        return false;
    }
    return true;
}

const MpTcpSubflow::Mapping*
MpTcpSubflow::FindTxMapping(uint32_t ssn) const
{
    auto it = std::upper_bound(m_txMappings.begin(),
                               m_txMappings.end(),
                               ssn,
                               [](uint32_t s, const Mapping& m) { return s < m.ssn; });
    if (it == m_txMappings.begin())
    {
        return nullptr;
    }
    --it;
    return (ssn < it->ssn + it->length) ? &*it : nullptr;
}

void
MpTcpSubflow::DiscardAckedMappings()
{
    uint32_t una = m_txBuffer->HeadSequence() - m_isn;
    while (!m_txMappings.empty() &&
           m_txMappings.front().ssn + m_txMappings.front().length <= una)
    {
        m_txMappings.pop_front();
    }
}

uint32_t
MpTcpSubflow::SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck)
{
    // A DSS describes one mapping: never let a segment span two of them.
    if (!m_txMappings.empty())
    {
        uint32_t rel = seq - m_isn;
        const Mapping* m = FindTxMapping(rel);
        if (m != nullptr)
        {
            maxSize = std::min(maxSize, m->ssn + m->length - rel);
        }
    }
    uint32_t sz = TcpSocketBase::SendDataPacket(seq, maxSize, withAck);
    m_bytesSent += sz;
    return sz;
}

uint32_t
MpTcpSubflow::GetRxReadSsn() const
{
    return m_rxReadSsn;
}

bool
MpTcpSubflow::MapReceivedBytes(uint32_t length, std::vector<Mapping>& out)
{
    out.clear();
    uint32_t pos = m_rxReadSsn;
    uint32_t offset = 0;
    bool ok = true;
    while (offset < length)
    {
        if (m_rxInfinite && pos >= m_rxInfiniteSsn)
        {
            // The infinite mapping (RFC 8684 §3.7): every later byte follows linearly.
            out.push_back({offset, m_rxInfiniteDsn + (pos - m_rxInfiniteSsn), length - offset});
            break;
        }
        if ((m_rxAwaitInfinite || m_rxInfinite) && pos >= m_rxFailSsn)
        {
            // From the failed mapping to the infinite mapping: dropped (the sender sends it
            // again after the infinite mapping).
            uint32_t n = length - offset;
            if (m_rxInfinite)
            {
                n = std::min(n, m_rxInfiniteSsn - pos);
            }
            pos += n;
            offset += n;
            continue;
        }
        auto it = m_rxMappings.upper_bound(pos);
        if (it == m_rxMappings.begin())
        {
            ok = false;
            break;
        }
        --it;
        const Mapping& m = it->second;
        if (pos >= m.ssn + m.length)
        {
            ok = false;
            break;
        }
        uint32_t n = std::min(length - offset, m.ssn + m.length - pos);
        if ((m_rxAwaitInfinite || m_rxInfinite) && pos + n > m_rxFailSsn)
        {
            n = m_rxFailSsn - pos;
        }
        out.push_back({offset, m.dsn + (pos - m.ssn), n});
        m_lastMappedDsnEnd = m.dsn + (pos - m.ssn) + n;
        m_lastMappedValid = true;
        pos += n;
        offset += n;
        if (pos >= m.ssn + m.length)
        {
            m_rxMappings.erase(m_rxMappings.begin(), std::next(it));
        }
    }
    m_rxReadSsn += length;
    return ok;
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
    out.clear();
    uint32_t una = m_txBuffer->HeadSequence() - m_isn;
    for (const auto& m : m_txMappings)
    {
        uint32_t end = m.ssn + m.length;
        if (end <= una || end <= m_reinjectedUpTo)
        {
            continue;
        }
        out.push_back(m);
        m_reinjectedUpTo = std::max(m_reinjectedUpTo, end);
    }
}

void
MpTcpSubflow::ReceiveInterceptedSyn(Ptr<Packet> packet, const Address& from, const Address& to)
{
    DoForwardUp(packet, from, to);
}

Ptr<TcpSocketBase>
MpTcpSubflow::Fork()
{
    Ptr<MpTcpSubflow> child = CopyObject<MpTcpSubflow>(this);
    if (m_meta != nullptr)
    {
        m_meta->SubflowForked(child);
    }
    return child;
}

void
MpTcpSubflow::DoForwardUp(Ptr<Packet> packet, const Address& fromAddress, const Address& toAddress)
{
    TcpHeader h;
    packet->PeekHeader(h);
    uint8_t flags = h.GetFlags();
    bool syn = flags & TcpHeader::SYN;
    bool ack = flags & TcpHeader::ACK;

    std::vector<MpTcpOption> options;
    std::vector<uint8_t> bytes;
    bool sawMpTcpOption = false; // any kind-30 option, malformed ones included
    for (const auto& opt : h.GetOptionList())
    {
        if (!GetMpTcpOptionBytes(opt, bytes))
        {
            continue;
        }
        sawMpTcpOption = true;
        MpTcpOption parsed;
        MpTcpParseError err = ParseMpTcpOption(bytes.data(), bytes.size(), parsed);
        if (err != MpTcpParseError::NONE)
        {
            // RFC 8684: a malformed option is ignored; the segment itself is still TCP.
            ++m_malformed;
            m_malformedTrace(this, static_cast<int>(err));
            NS_LOG_WARN("malformed MPTCP option: " << MpTcpParseErrorName(err));
            if (m_meta)
            {
                m_meta->ProtocolError(this, "malformed option " + MpTcpParseErrorName(err));
            }
            continue;
        }
        options.push_back(parsed);
    }

    if ((flags & TcpHeader::RST) && m_meta &&
        (m_role == ROLE_MP_CAPABLE || m_role == ROLE_MP_JOIN) &&
        (IsEstablished() || m_state.Get() == FIN_WAIT_1 || m_state.Get() == FIN_WAIT_2 ||
         m_state.Get() == CLOSING || m_state.Get() == LAST_ACK))
    {
        // RFC 8684 §3.6: a RST closes this subflow only; the connection decides the rest.
        ReceivedReset(options);
        return;
    }

    if (syn && !ack)
    {
        // A SYN reaching a listening subflow: remember what it asked for; Fork() copies it.
        if (m_state.Get() == LISTEN)
        {
            m_synOptions = options;
            m_irs = h.GetSequenceNumber();
            m_irsKnown = true;
        }
    }
    else if (syn && ack)
    {
        if (m_state.Get() == SYN_SENT && m_meta)
        {
            m_irs = h.GetSequenceNumber();
            m_irsKnown = true;
            if (m_role == ROLE_MP_CAPABLE)
            {
                const MpCapableOption* cap = nullptr;
                for (const auto& o : options)
                {
                    if (auto c = std::get_if<MpCapableOption>(&o); c && c->nKeys >= 1)
                    {
                        cap = c;
                    }
                }
                if (cap)
                {
                    m_meta->NegotiateChecksum(cap->flags & MpCapableOption::FLAG_A);
                    m_meta->ReceivedRemoteKey(cap->senderKey);
                    m_capableAckPending = true;
                    m_activeOpen = true;
                }
                else
                {
                    m_role = ROLE_PLAIN;
                    m_meta->FallBackToTcp();
                }
            }
            else if (m_role == ROLE_MP_JOIN)
            {
                const MpJoinSynAckOption* join = nullptr;
                for (const auto& o : options)
                {
                    if (auto j = std::get_if<MpJoinSynAckOption>(&o))
                    {
                        join = j;
                    }
                }
                bool valid = false;
                if (join)
                {
                    m_join.remoteNonce = join->senderNonce;
                    uint64_t expected = MpTcpCrypto::TruncatedJoinHmac(m_meta->GetRemoteKey(),
                                                                       m_meta->GetLocalKey(),
                                                                       m_join.remoteNonce,
                                                                       m_join.localNonce);
                    valid = (expected == join->truncatedHmac);
                }
                if (!valid)
                {
                    m_meta->ProtocolError(this, join ? "MP_JOIN SYN/ACK HMAC mismatch"
                                                     : "SYN/ACK without MP_JOIN");
                    m_meta->CountJoinFailure();
                    // RFC 8684 §3.2: the subflow is reset; the connection is unaffected.
                    TcpSocketBase::DoForwardUp(packet, fromAddress, toAddress);
                    m_rstReason = MpTcpRstReason::MPTCP_SPECIFIC;
                    SendRST();
                    return;
                }
                m_joinAckPending = true;
                SetRemoteBackup(join->backup); // the peer's B flag (RFC 8684 §3.2)
            }
        }
    }
    else if (m_meta && m_role == ROLE_MP_CAPABLE && m_state.Get() == SYN_RCVD &&
             !m_meta->HasRemoteKey() &&
             std::none_of(options.begin(), options.end(), [](const MpTcpOption& o) {
                 return std::holds_alternative<MpCapableOption>(o) ||
                        std::holds_alternative<DssOption>(o);
             }))
    {
        // The third ACK (or first data) of the initial subflow carries no MP_CAPABLE: the
        // active opener did not get ours, e.g. a middlebox stripped it. Fall back to TCP
        // (RFC 8684 §3.1, §3.7).
        NS_LOG_INFO("third ACK without MP_CAPABLE: falling back to TCP");
        m_role = ROLE_PLAIN;
        m_meta->FallBackToTcp();
    }
    else if (m_meta && m_role != ROLE_PLAIN && m_role != ROLE_LISTENER)
    {
        if (!sawMpTcpOption && ack && !(flags & TcpHeader::RST) &&
            m_state.Get() == ESTABLISHED && m_meta->PeerAckedData() && !m_meta->IsFallback() &&
            h.GetAckNumber() > m_txBuffer->HeadSequence())
        {
            // New data acknowledged without any MPTCP option once DATA_ACKs had flowed: a
            // middlebox strips them, or the peer fell back (RFC 8684 §3.7).
            m_meta->PeerStoppedMpTcp(this);
        }
        for (const auto& o : options)
        {
            if (auto dss = std::get_if<DssOption>(&o))
            {
                if (dss->hasDataAck)
                {
                    m_meta->ReceivedDataAck(dss->dataAck, dss->dataAck64);
                }
                if (dss->hasMapping && dss->dataLength == 0 && m_irsKnown && !m_rxInfinite)
                {
                    // An infinite mapping (RFC 8684 §3.7): every byte from its SSN on
                    // follows linearly from its DSN.
                    m_rxInfinite = true;
                    m_rxInfiniteSsn = dss->ssn;
                    m_rxInfiniteDsn = dss->dsn64 ? dss->dsn
                                                 : m_meta->ExpandRemoteDsn(uint32_t(dss->dsn));
                    if (!m_rxAwaitInfinite)
                    {
                        m_rxFailSsn = dss->ssn;
                    }
                    m_rxAwaitInfinite = false;
                    m_rxMappings.clear();
                    m_meta->ReceivedInfiniteMapping(this);
                }
                if (dss->hasMapping && dss->dataLength > 0 && m_irsKnown &&
                    !m_rxAwaitInfinite && !m_rxInfinite)
                {
                    uint64_t dsn = dss->dsn64 ? dss->dsn
                                              : m_meta->ExpandRemoteDsn(uint32_t(dss->dsn));
                    uint32_t dataBytes = dss->dataLength;
                    if (dss->dataFin)
                    {
                        // The DATA_FIN is the mapping's last octet (RFC 8684 §3.3.3); a
                        // mapping of SSN 0 and length 1 carries no data.
                        m_meta->ReceivedDataFin(dsn + dss->dataLength - 1);
                        dataBytes = (dss->ssn == 0) ? 0 : dataBytes - 1;
                    }
                    if (dataBytes > 0 && m_meta->IsChecksumInUse() &&
                        !ChecksumValid(packet, h, *dss, dsn, dataBytes))
                    {
                        // RFC 8684 §3.7: the data is not accepted at data level.
                        if (!m_rxAwaitInfinite && !m_rxInfinite)
                        {
                            m_rxFailSsn = dss->ssn;
                        }
                        m_meta->ChecksumFailed(this, dsn);
                        continue;
                    }
                    if (dataBytes > 0 && dss->ssn + dataBytes > m_rxReadSsn &&
                        m_meta->AcceptMapping(this, dsn, dataBytes))
                    {
                        m_rxMappings[dss->ssn] = {dss->ssn, dsn, dataBytes};
                    }
                }
            }
            else if (auto cap = std::get_if<MpCapableOption>(&o))
            {
                if (cap->nKeys == 2 && m_role == ROLE_MP_CAPABLE)
                {
                    m_meta->ReceivedRemoteKey(cap->senderKey);
                    if (cap->hasDataLength && cap->dataLength > 0 && m_irsKnown)
                    {
                        // First data segment (RFC 8684 §3.1): DSN = IDSN + 1 at SSN 1.
                        // The implicit mapping of RFC 8684 §3.1: the first data bytes.
                        DssOption first; // the implicit mapping, for its checksum
                        first.hasChecksum = cap->hasChecksum;
                        first.checksum = cap->checksum;
                        first.ssn = 1;
                        first.dataLength = cap->dataLength;
                        uint64_t dsn = m_meta->GetRemoteIdsn() + 1;
                        if (m_meta->IsChecksumInUse() &&
                            !ChecksumValid(packet, h, first, dsn, cap->dataLength))
                        {
                            m_rxFailSsn = 1;
                            m_meta->ChecksumFailed(this, dsn);
                        }
                        else if (1 + uint32_t(cap->dataLength) > m_rxReadSsn)
                        {
                            m_rxMappings[1] = {1, m_meta->GetRemoteIdsn() + 1, cap->dataLength};
                        }
                    }
                }
            }
            else if (auto fail = std::get_if<MpFailOption>(&o))
            {
                ++m_mpFailsReceived;
                m_meta->ReceivedMpFail(this, fail->dsn);
            }
            else if (auto prio = std::get_if<MpPrioOption>(&o))
            {
                // RFC 8684 §3.3.8: the peer's priority for the subflow it arrived on.
                ++m_mpPrioReceived;
                SetRemoteBackup(prio->backup);
            }
            else if (auto joinAck = std::get_if<MpJoinAckOption>(&o))
            {
                if (m_role == ROLE_MP_JOIN && m_state.Get() == SYN_RCVD)
                {
                    auto expected = MpTcpCrypto::JoinHmac(m_meta->GetRemoteKey(),
                                                          m_meta->GetLocalKey(),
                                                          m_join.remoteNonce,
                                                          m_join.localNonce);
                    if (!std::equal(joinAck->hmac.begin(), joinAck->hmac.end(), expected.begin()))
                    {
                        m_meta->ProtocolError(this, "MP_JOIN ACK HMAC mismatch");
                        m_meta->CountJoinFailure();
                        m_rstReason = MpTcpRstReason::MPTCP_SPECIFIC;
                        SendRST();
                        return;
                    }
                }
            }
            else if (auto fc = std::get_if<MpFastCloseOption>(&o))
            {
                // Option A of RFC 8684 §3.5: MP_FASTCLOSE on an ACK; the connection answers
                // with a RST on every subflow (this one included) if the key is ours.
                if (m_meta->ReceivedFastClose(this, fc->receiverKey, false))
                {
                    return;
                }
            }
            else if (auto addAddr = std::get_if<AddAddrOption>(&o))
            {
                m_meta->ReceivedAddAddr(this, *addAddr);
            }
            else if (auto removeAddr = std::get_if<RemoveAddrOption>(&o))
            {
                m_meta->ReceivedRemoveAddr(this, *removeAddr);
            }
        }
    }

    // A pure ACK that only carries path-management signalling (the peer's ADD_ADDR goes out on
    // one) is not a duplicate ACK (RFC 5681 §2: a duplicate ACK signals a segment received
    // out of order). Without SACK (ns3::TcpSocketBase::Sack false), ns-3 would count it as one.
    m_signallingAck = false;
    if (flags == TcpHeader::ACK && packet->GetSize() == h.GetSerializedSize())
    {
        for (const auto& o : options)
        {
            if (std::holds_alternative<AddAddrOption>(o) ||
                std::holds_alternative<RemoveAddrOption>(o) ||
                std::holds_alternative<MpPrioOption>(o))
            {
                m_signallingAck = true;
            }
        }
    }
    TcpSocketBase::DoForwardUp(packet, fromAddress, toAddress);
    m_signallingAck = false;

    if (!m_txMappings.empty())
    {
        DiscardAckedMappings();
    }
}

bool
MpTcpSubflow::ChecksumValid(Ptr<const Packet> packet,
                            const TcpHeader& header,
                            const DssOption& dss,
                            uint64_t dsn,
                            uint32_t dataBytes) const
{
    if (!dss.hasChecksum)
    {
        return false; // checksums were negotiated: a mapping without one is not accepted
    }
    uint32_t rel = header.GetSequenceNumber() - m_irs;
    uint32_t payload = packet->GetSize() - header.GetSerializedSize();
    if (dss.ssn != rel || payload != dataBytes)
    {
        // A mapping spread over several segments (this model never sends one): its checksum
        // covers data this segment does not hold, so it is not checked.
        return true;
    }
    std::vector<uint8_t> bytes(payload);
    Ptr<Packet> copy = packet->Copy();
    TcpHeader tmp;
    copy->RemoveHeader(tmp);
    copy->CopyData(bytes.data(), payload);
    return MpTcpDssChecksumValid(dsn, dss.ssn, dss.dataLength, bytes.data(), payload,
                                 dss.checksum);
}

void
MpTcpSubflow::TxHook(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s)
{
    auto sf = const_cast<MpTcpSubflow*>(static_cast<const MpTcpSubflow*>(PeekPointer(s)));
    // The header is the sender's local, non-const object (TcpSocketBase sends it right after
    // firing this trace), so appending to it is well defined.
    TcpHeader& header = const_cast<TcpHeader&>(h);
    // TcpSocketBase put the SACK blocks of a pure ACK in first and they may fill the option
    // space; the MPTCP options go first and the SACK blocks get what they leave, as in Linux
    // (tcp_established_options() sizes SACK after mptcp_established_options()).
    Ptr<const TcpOptionSack> sack = TakeSackOption(header);
    sf->AddMpTcpOption(header, p->GetSize());
    sf->AddMpPrioOption(header);
    if (sack)
    {
        AppendSackBlocks(header, sack);
    }
}

Ptr<const TcpOptionSack>
MpTcpSubflow::TakeSackOption(TcpHeader& header)
{
    if (!header.HasOption(TcpOption::SACK))
    {
        return nullptr;
    }
    // TcpHeader cannot remove an option: rebuild it without the SACK option.
    TcpHeader rebuilt = CopyTcpHeaderWithoutOptions(header);
    Ptr<const TcpOptionSack> sack;
    for (const auto& option : header.GetOptionList())
    {
        if (option->GetKind() == TcpOption::SACK)
        {
            sack = DynamicCast<const TcpOptionSack>(option);
        }
        else
        {
            rebuilt.AppendOption(option);
        }
    }
    header = rebuilt;
    return sack;
}

void
MpTcpSubflow::AppendSackBlocks(TcpHeader& header, Ptr<const TcpOptionSack> sack)
{
    // 2 bytes of kind and length, 8 per block (RFC 2018 §3); the first blocks are the most
    // recent ones (RFC 2018 §4), which are kept.
    const uint32_t room = header.GetMaxOptionLength() - header.GetOptionLength();
    uint32_t blocks = room >= 10 ? (room - 2) / 8 : 0;
    if (blocks == 0)
    {
        return;
    }
    Ptr<TcpOptionSack> trimmed = CreateObject<TcpOptionSack>();
    for (const auto& block : sack->GetSackList())
    {
        if (blocks-- == 0)
        {
            break;
        }
        trimmed->AddSackBlock(block);
    }
    header.AppendOption(trimmed);
}

void
MpTcpSubflow::AddMpPrioOption(TcpHeader& header)
{
    if (!m_mpPrioPending || m_meta == nullptr || m_role == ROLE_PLAIN ||
        m_role == ROLE_LISTENER || (header.GetFlags() & (TcpHeader::SYN | TcpHeader::RST)))
    {
        return;
    }
    MpPrioOption prio;
    prio.backup = m_backupLocal;
    Ptr<TcpOptionMpTcp> carrier = CreateObject<TcpOptionMpTcp>();
    carrier->SetOption(prio);
    // After the segment's own option: if it does not fit, the next segment carries it.
    if (header.AppendOption(carrier))
    {
        m_mpPrioPending = false;
        ++m_mpPrioSent;
    }
}

void
MpTcpSubflow::AddRstOptions(TcpHeader& header)
{
    // RFC 8684 §3.6: every RST of a subflow of an MPTCP connection says why.
    m_reset = true;
    if (m_rstFastClose && m_meta->HasRemoteKey())
    {
        MpFastCloseOption fc;
        fc.receiverKey = m_meta->GetRemoteKey();
        Ptr<TcpOptionMpTcp> carrier = CreateObject<TcpOptionMpTcp>();
        carrier->SetOption(fc);
        if (!header.AppendOption(carrier))
        {
            NS_LOG_ERROR("no TCP option space left for MP_FASTCLOSE");
        }
    }
    MpTcpRstOption rst;
    rst.reason = m_rstReason;
    Ptr<TcpOptionMpTcp> carrier = CreateObject<TcpOptionMpTcp>();
    carrier->SetOption(rst);
    if (!header.AppendOption(carrier))
    {
        NS_LOG_ERROR("no TCP option space left for MP_TCPRST");
    }
}

bool
MpTcpSubflow::IsFirstMapping(const TcpHeader& header) const
{
    const Mapping* m = FindTxMapping(header.GetSequenceNumber() - m_isn);
    return m != nullptr && m->ssn == 1 && m->dsn == m_meta->GetLocalIdsn() + 1;
}

bool
MpTcpSubflow::BuildDss(const TcpHeader& header, uint32_t payload, DssOption& dss)
{
    uint64_t dataAck;
    if (m_meta->GetDataAckToSend(dataAck))
    {
        dss.hasDataAck = true;
        dss.dataAck64 = true;
        dss.dataAck = dataAck;
    }
    if (payload > 0)
    {
        uint32_t rel = header.GetSequenceNumber() - m_isn;
        const Mapping* m = FindTxMapping(rel);
        if (m != nullptr)
        {
            dss.hasMapping = true;
            dss.dsn64 = true;
            dss.dsn = m->dsn;
            dss.ssn = m->ssn;
            dss.dataLength = m->length;
            dss.hasChecksum = m_meta->IsChecksumInUse();
            dss.checksum = m->checksum;
        }
        else
        {
            NS_LOG_ERROR("segment at relative SSN " << rel << " has no data sequence mapping");
        }
    }
    else if (uint64_t finDsn; m_meta->GetDataFinToSend(finDsn))
    {
        // A DATA_FIN without data: SSN 0, data-level length 1 (RFC 8684 §3.3.3).
        dss.hasMapping = true;
        dss.dsn64 = true;
        dss.dsn = finDsn;
        dss.ssn = 0;
        dss.dataLength = 1;
        dss.dataFin = true;
        dss.hasChecksum = m_meta->IsChecksumInUse();
        dss.checksum = MpTcpDssChecksum(finDsn, 0, 1, nullptr, 0);
    }
    return dss.hasDataAck || dss.hasMapping;
}

void
MpTcpSubflow::AddMpTcpOption(TcpHeader& header, uint32_t payload)
{
    if (m_meta == nullptr || m_role == ROLE_LISTENER)
    {
        return;
    }
    uint8_t flags = header.GetFlags();
    if (m_role == ROLE_PLAIN && !m_txInfinite)
    {
        return;
    }
    if (flags & TcpHeader::RST)
    {
        if (m_role != ROLE_PLAIN)
        {
            AddRstOptions(header);
        }
        return;
    }
    MpTcpOption option;
    bool have = false;
    const uint8_t capableFlags = MpCapableOption::FLAG_H |
                                 (m_meta->IsChecksumInUse() ? MpCapableOption::FLAG_A : 0);
    if (m_txInfinite)
    {
        // Fallback after MP_FAIL (RFC 8684 §3.7): the infinite mapping on the segment that
        // starts it (and its retransmissions), no MPTCP option on any other.
        if (payload == 0 || uint32_t(header.GetSequenceNumber() - m_isn) != m_txInfiniteSsn)
        {
            return;
        }
        DssOption dss;
        dss.hasMapping = true;
        dss.dsn64 = true;
        dss.dsn = m_txInfiniteDsn;
        dss.ssn = m_txInfiniteSsn;
        dss.dataLength = 0;
        dss.hasChecksum = m_meta->IsChecksumInUse(); // zero for an infinite mapping
        option = dss;
        have = true;
    }
    else if (m_mpFailPending && payload == 0 && !(flags & TcpHeader::SYN))
    {
        m_mpFailPending = false;
        MpFailOption fail;
        fail.dsn = m_mpFailDsn;
        option = fail;
        have = true;
    }
    else if ((flags & TcpHeader::SYN) && !(flags & TcpHeader::ACK))
    {
        m_isn = header.GetSequenceNumber();
        if (m_role == ROLE_MP_CAPABLE)
        {
            MpCapableOption c; // v1 SYN: no key (RFC 8684 §3.1)
            if (m_meta->IsChecksumRequested())
            {
                c.flags |= MpCapableOption::FLAG_A;
            }
            option = c;
            if (m_scatter)
            {
                // Announce scatter (token 0): the receiver then looks for MP_SCATTER.
                Ptr<TcpOptionMpTcp> announce = CreateObject<TcpOptionMpTcp>();
                announce->SetOption(MpScatterOption{0});
                header.AppendOption(announce);
            }
        }
        else
        {
            MpJoinSynOption j;
            j.receiverToken = m_meta->GetRemoteToken();
            j.senderNonce = m_join.localNonce;
            j.addressId = m_join.addressId;
            j.backup = m_join.backup;
            option = j;
        }
        have = true;
    }
    else if (flags & TcpHeader::SYN)
    {
        m_isn = header.GetSequenceNumber();
        if (m_role == ROLE_MP_CAPABLE)
        {
            MpCapableOption c;
            c.flags = capableFlags;
            c.nKeys = 1;
            c.senderKey = m_meta->GetLocalKey();
            option = c;
        }
        else
        {
            MpJoinSynAckOption j;
            j.truncatedHmac = MpTcpCrypto::TruncatedJoinHmac(m_meta->GetLocalKey(),
                                                             m_meta->GetRemoteKey(),
                                                             m_join.localNonce,
                                                             m_join.remoteNonce);
            j.senderNonce = m_join.localNonce;
            j.addressId = m_join.addressId;
            j.backup = m_join.backup;
            option = j;
        }
        have = true;
    }
    else if (m_capableAckPending)
    {
        // Third ACK of the MP_CAPABLE handshake: both keys (RFC 8684 §3.1).
        m_capableAckPending = false;
        MpCapableOption c;
        c.flags = capableFlags;
        c.nKeys = 2;
        c.senderKey = m_meta->GetLocalKey();
        c.receiverKey = m_meta->GetRemoteKey();
        option = c;
        have = true;
    }
    else if (m_joinAckPending)
    {
        m_joinAckPending = false;
        MpJoinAckOption j;
        auto hmac = MpTcpCrypto::JoinHmac(m_meta->GetLocalKey(),
                                          m_meta->GetRemoteKey(),
                                          m_join.localNonce,
                                          m_join.remoteNonce);
        std::copy_n(hmac.begin(), j.hmac.size(), j.hmac.begin());
        option = j;
        have = true;
    }
    else if (m_role == ROLE_MP_CAPABLE && m_activeOpen && payload > 0 &&
             !m_meta->PeerAckedData() && IsFirstMapping(header))
    {
        // First data segment (and its retransmissions): MP_CAPABLE with both keys and the
        // data-level length, so the peer learns our key even if the third ACK was lost
        // (RFC 8684 §3.1). Its mapping is implicit: DSN = IDSN + 1 at relative SSN 1.
        const Mapping* m = FindTxMapping(header.GetSequenceNumber() - m_isn);
        MpCapableOption c;
        c.nKeys = 2;
        c.senderKey = m_meta->GetLocalKey();
        c.receiverKey = m_meta->GetRemoteKey();
        c.flags = capableFlags;
        c.hasDataLength = true;
        c.dataLength = m->length;
        c.hasChecksum = m_meta->IsChecksumInUse();
        c.checksum = m->checksum;
        option = c;
        have = true;
    }
    else
    {
        DssOption dss;
        have = BuildDss(header, payload, dss);
        if (ScattersSegment(payload, flags))
        {
            // Option budget of a scattered data segment: timestamps 10 + this DSS with 4-octet
            // DATA_ACK and DSN 18 (20 with a checksum) + MP_SCATTER 8 = 36 (38) <= 40 bytes;
            // the 8-octet forms (26/28) would leave no room for MP_SCATTER.
            dss.dataAck64 = false;
            dss.dataAck &= 0xffffffffULL;
            dss.dsn64 = false;
            dss.dsn &= 0xffffffffULL;
        }
        option = dss;
    }
    if (!have)
    {
        AppendSignals(header);
        return;
    }
    Ptr<TcpOptionMpTcp> carrier = CreateObject<TcpOptionMpTcp>();
    carrier->SetOption(option);
    if (!header.AppendOption(carrier))
    {
        NS_LOG_ERROR("no TCP option space left for the MPTCP option ("
                     << carrier->GetSerializedSize() << " bytes)");
    }
    if (ScattersSegment(payload, flags))
    {
        AddScatterOption(header);
    }
    AppendSignals(header);
}

} // namespace ns3
