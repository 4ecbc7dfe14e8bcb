/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * MpTcpSubflow: the MPTCP options of a subflow's segments, one function per option kind
 * (RFC 8684 §3), as Linux's net/mptcp/options.c: parsing and acting on received options
 * (DoForwardUp), and choosing and building the option of an outgoing segment
 * (AddMpTcpOption, through the trace hook TxHook).
 */
#include "ns3/mptcp-crypto.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"

#include "ns3/log.h"
#include "ns3/tcp-tx-buffer.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpSubflowOptions");

namespace
{

/**
 * The decoded MPTCP options of one received segment, in storage lent by a process-wide spare
 * vector and given back when done: no heap allocation per segment once the spare has grown.
 * A nested use (a segment processed while another one is) finds the spare empty and uses
 * storage of its own.
 */
class SegmentOptions
{
  public:
    SegmentOptions()
    {
        m_options.swap(Spare());
    }

    ~SegmentOptions()
    {
        m_options.clear();
        if (m_options.capacity() > Spare().capacity())
        {
            m_options.swap(Spare());
        }
    }

    SegmentOptions(const SegmentOptions&) = delete;
    SegmentOptions& operator=(const SegmentOptions&) = delete;

    /// \return the options (empty at first)
    std::vector<MpTcpOption>& Get()
    {
        return m_options;
    }

  private:
    /// \return the spare storage
    static std::vector<MpTcpOption>& Spare()
    {
        static std::vector<MpTcpOption> spare;
        return spare;
    }

    std::vector<MpTcpOption> m_options; //!< the options
};

} // namespace

void
MpTcpSubflow::DoForwardUp(Ptr<Packet> packet, const Address& fromAddress, const Address& toAddress)
{
    TcpHeader h;
    packet->PeekHeader(h);
    uint8_t flags = h.GetFlags();
    bool syn = flags & TcpHeader::SYN;
    bool ack = flags & TcpHeader::ACK;

    SegmentOptions segmentOptions;
    std::vector<MpTcpOption>& options = segmentOptions.Get();
    bool sawMpTcpOption = ParseMpTcpOptions(h, options);

    TcpStates_t state = m_state.Get();
    if ((flags & TcpHeader::RST) && m_meta &&
        (m_role == ROLE_MP_CAPABLE || m_role == ROLE_MP_JOIN) &&
        (state == ESTABLISHED || state == CLOSE_WAIT || state == FIN_WAIT_1 ||
         state == FIN_WAIT_2 || state == CLOSING || state == LAST_ACK))
    {
        // RFC 8684 §3.6: a RST closes this subflow only; the connection decides the rest.
        m_joinAckTimer.Cancel();
        ReceivedReset(options);
        return;
    }
    if ((flags & TcpHeader::RST) && m_meta && m_role == ROLE_MP_JOIN && state == SYN_RCVD)
    {
        // A join the active side gave up before its third ACK (e.g. a bad SYN/ACK HMAC):
        // its reason is recorded; TCP closes the embryonic subflow.
        for (const auto& o : options)
        {
            if (auto rst = std::get_if<MpTcpRstOption>(&o))
            {
                m_meta->ReceivedTcpRst(this, rst->reason);
            }
        }
    }
    // RFC 8684 §3.2: the fourth ACK, or any other segment of the peer but a SYN/ACK, tells
    // the active side that its third ACK arrived.
    bool joinAcknowledged = m_joinPreEstablished && ack && !syn && state == ESTABLISHED;

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
                ReceivedSynAckCapable(options);
            }
            else if (m_role == ROLE_MP_JOIN && !ReceivedSynAckJoin(options))
            {
                // RFC 8684 §3.2: the subflow is reset; the connection is unaffected. The RST
                // answers the SYN/ACK alone, with no third ACK before it (as Linux's
                // subflow_finish_connect): SEQ = SEG.ACK, ACK = SEG.SEQ + 1.
                m_tcb->m_rxBuffer->SetNextRxSequence(h.GetSequenceNumber() + SequenceNumber32(1));
                m_tcb->m_nextTxSequence = h.GetAckNumber();
                m_rstReason = MpTcpRstReason::MPTCP_SPECIFIC;
                SendRST();
                return;
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
    else if (m_meta && m_role == ROLE_MP_JOIN && m_state.Get() == SYN_RCVD && ack &&
             !(flags & TcpHeader::RST) &&
             std::none_of(options.begin(), options.end(), [](const MpTcpOption& o) {
                 return std::holds_alternative<MpJoinAckOption>(o);
             }))
    {
        // RFC 8684 §3.2: the subflow is not established unless the third ACK carries MP_JOIN
        // with the HMAC that proves knowledge of both keys.
        RefuseJoin("third ACK without MP_JOIN");
        return;
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
            if (!ReceivedOption(o, packet, h))
            {
                return; // the subflow was reset or the connection torn down
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

    if (joinAcknowledged && m_joinPreEstablished && m_state.Get() == ESTABLISHED)
    {
        JoinFullyEstablished();
    }
    else if (m_joinPreEstablished && m_state.Get() == ESTABLISHED && m_joinAckTimer.IsExpired())
    {
        // The third ACK just went out (ProcessSynSent, with the SYN/ACK's RTT sample in the
        // RTO): retransmit it as TCP retransmits data if nothing acknowledges it (§3.2).
        m_joinAckTimer = Simulator::Schedule(m_rto.Get(), &MpTcpSubflow::JoinAckTimeout, this);
    }
    if (m_fourthAckPending && IsEstablished())
    {
        // The passive side acknowledges a valid third ACK at once: the fourth ACK (§3.2).
        m_fourthAckPending = false;
        SendAckNow();
    }

    if (!m_mappings.IsTxEmpty())
    {
        DiscardAckedMappings();
    }
}

bool
MpTcpSubflow::ParseMpTcpOptions(const TcpHeader& h, std::vector<MpTcpOption>& options)
{
    uint8_t bytes[MPTCP_MAX_OPTION_BYTES];
    uint32_t length = 0;
    bool sawMpTcpOption = false; // any kind-30 option, malformed ones included
    for (const auto& opt : h.GetOptionList())
    {
        if (!GetMpTcpOptionBytes(opt, bytes, length))
        {
            continue;
        }
        sawMpTcpOption = true;
        MpTcpOption parsed;
        MpTcpParseError err = ParseMpTcpOption(bytes, length, parsed);
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
    return sawMpTcpOption;
}

void
MpTcpSubflow::ReceivedSynAckCapable(const std::vector<MpTcpOption>& options)
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

bool
MpTcpSubflow::ReceivedSynAckJoin(const std::vector<MpTcpOption>& options)
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
        m_meta->ProtocolError(this,
                              join ? "MP_JOIN SYN/ACK HMAC mismatch" : "SYN/ACK without MP_JOIN");
        m_meta->CountJoinFailure();
        return false;
    }
    m_joinAckPending = true;
    m_joinPreEstablished = true; // no data until the third ACK is acknowledged (§3.2)
    SetRemoteBackup(join->backup); // the peer's B flag (RFC 8684 §3.2)
    return true;
}

bool
MpTcpSubflow::ReceivedOption(const MpTcpOption& o, Ptr<Packet> packet, const TcpHeader& h)
{
    if (auto dss = std::get_if<DssOption>(&o))
    {
        ReceivedDss(*dss, packet, h);
    }
    else if (auto cap = std::get_if<MpCapableOption>(&o))
    {
        ReceivedCapable(*cap, packet, h);
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
        return ReceivedJoinAck(*joinAck);
    }
    else if (auto fc = std::get_if<MpFastCloseOption>(&o))
    {
        // Option A of RFC 8684 §3.5: MP_FASTCLOSE on an ACK; the connection answers with a
        // RST on every subflow (this one included) if the key is ours.
        return !m_meta->ReceivedFastClose(this, fc->receiverKey, false);
    }
    else if (auto addAddr = std::get_if<AddAddrOption>(&o))
    {
        m_meta->ReceivedAddAddr(this, *addAddr);
    }
    else if (auto removeAddr = std::get_if<RemoveAddrOption>(&o))
    {
        m_meta->ReceivedRemoveAddr(this, *removeAddr);
    }
    return true;
}

void
MpTcpSubflow::ReceivedDss(const DssOption& dss, Ptr<Packet> packet, const TcpHeader& h)
{
    if (dss.hasDataAck)
    {
        m_meta->ReceivedDataAck(dss.dataAck, dss.dataAck64);
    }
    if (dss.hasMapping && dss.dsn64)
    {
        m_meta->ReceivedDsn64();
    }
    if (dss.hasMapping && dss.dataLength == 0 && m_irsKnown && !m_mappings.IsRxInfinite())
    {
        // An infinite mapping (RFC 8684 §3.7): every byte from its SSN on follows linearly
        // from its DSN.
        m_mappings.StartRxInfinite(dss.ssn,
                                   dss.dsn64 ? dss.dsn
                                             : m_meta->ExpandRemoteDsn(uint32_t(dss.dsn)));
        m_meta->ReceivedInfiniteMapping(this);
    }
    if (dss.hasMapping && dss.dataLength > 0 && m_irsKnown && !m_mappings.IsRxInfiniteOrAwaited())
    {
        uint64_t dsn = dss.dsn64 ? dss.dsn : m_meta->ExpandRemoteDsn(uint32_t(dss.dsn));
        uint32_t dataBytes = dss.dataLength;
        if (dss.dataFin)
        {
            // The DATA_FIN is the mapping's last octet (RFC 8684 §3.3.3); a mapping of SSN 0
            // and length 1 carries no data.
            m_meta->ReceivedDataFin(dsn + dss.dataLength - 1);
            dataBytes = (dss.ssn == 0) ? 0 : dataBytes - 1;
        }
        if (dataBytes > 0 && m_meta->IsChecksumInUse() &&
            !ChecksumValid(packet, h, dss, dsn, dataBytes))
        {
            // RFC 8684 §3.7: the data is not accepted at data level.
            m_mappings.MarkFailed(dss.ssn);
            m_meta->ChecksumFailed(this, dsn);
            return;
        }
        if (dataBytes > 0 && dss.ssn + dataBytes > m_mappings.GetReadSsn() &&
            m_meta->AcceptMapping(this, dsn, dataBytes))
        {
            m_mappings.AddRx({dss.ssn, dsn, dataBytes});
        }
    }
}

void
MpTcpSubflow::ReceivedCapable(const MpCapableOption& cap, Ptr<Packet> packet, const TcpHeader& h)
{
    if (cap.nKeys != 2 || m_role != ROLE_MP_CAPABLE)
    {
        return;
    }
    m_meta->ReceivedRemoteKey(cap.senderKey);
    if (cap.hasDataLength && cap.dataLength > 0 && m_irsKnown)
    {
        // First data segment (RFC 8684 §3.1): DSN = IDSN + 1 at SSN 1.
        // The implicit mapping of RFC 8684 §3.1: the first data bytes.
        DssOption first; // the implicit mapping, for its checksum
        first.hasChecksum = cap.hasChecksum;
        first.checksum = cap.checksum;
        first.ssn = 1;
        first.dataLength = cap.dataLength;
        uint64_t dsn = m_meta->GetRemoteIdsn() + 1;
        if (m_meta->IsChecksumInUse() && !ChecksumValid(packet, h, first, dsn, cap.dataLength))
        {
            m_mappings.SetFailedSsn(1);
            m_meta->ChecksumFailed(this, dsn);
        }
        else if (1 + uint32_t(cap.dataLength) > m_mappings.GetReadSsn())
        {
            m_mappings.AddRx({1, m_meta->GetRemoteIdsn() + 1, cap.dataLength});
        }
    }
}

bool
MpTcpSubflow::ReceivedJoinAck(const MpJoinAckOption& joinAck)
{
    if (m_role == ROLE_MP_JOIN && m_state.Get() == SYN_RCVD)
    {
        auto expected = MpTcpCrypto::JoinHmac(m_meta->GetRemoteKey(),
                                              m_meta->GetLocalKey(),
                                              m_join.remoteNonce,
                                              m_join.localNonce);
        if (!std::equal(joinAck.hmac.begin(), joinAck.hmac.end(), expected.begin()))
        {
            RefuseJoin("MP_JOIN ACK HMAC mismatch");
            return false;
        }
        m_fourthAckPending = true;
    }
    else if (m_role == ROLE_MP_JOIN && IsEstablished())
    {
        // The third ACK again: our fourth ACK was lost. Acknowledge it once more.
        m_fourthAckPending = true;
    }
    return true;
}

void
MpTcpSubflow::RefuseJoin(const std::string& why)
{
    m_meta->ProtocolError(this, why);
    m_meta->CountJoinFailure();
    Reset(MpTcpRstReason::ADMINISTRATIVELY_PROHIBITED, false, true);
}

void
MpTcpSubflow::JoinAckTimeout()
{
    if (!m_joinPreEstablished || m_state.Get() != ESTABLISHED || !m_meta)
    {
        return;
    }
    if (m_joinAckRetransmits >= m_dataRetries)
    {
        NS_LOG_INFO(this << " MP_JOIN third ACK never acknowledged: resetting the subflow");
        m_meta->ProtocolError(this, "MP_JOIN third ACK not acknowledged");
        Reset(MpTcpRstReason::UNSPECIFIED, false, true);
        return;
    }
    ++m_joinAckRetransmits;
    m_meta->CountJoinAckRetransmission();
    m_joinAckPending = true;
    SendEmptyPacket(TcpHeader::ACK);
    // Exponential backoff, as the retransmission timer of RFC 6298 §5.5.
    Time wait = m_rto.Get() * double(uint64_t(1) << std::min<uint32_t>(m_joinAckRetransmits, 16));
    m_joinAckTimer = Simulator::Schedule(wait, &MpTcpSubflow::JoinAckTimeout, this);
}

void
MpTcpSubflow::JoinFullyEstablished()
{
    m_joinAckTimer.Cancel();
    m_joinPreEstablished = false;
    NotifyConnectionSucceeded(); // the connection takes the subflow into use now
    if (GetTxAvailable() > 0)
    {
        NotifySend(GetTxAvailable());
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
        // 4 octets until the peer sends 8-octet DSNs, as Linux (RFC 8684 §3.3 allows both).
        dss.dataAck64 = m_meta->UsesDataAck64();
        dss.dataAck = dss.dataAck64 ? dataAck : (dataAck & 0xffffffffULL);
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
    bool have = true;
    if (m_txInfinite)
    {
        // Fallback after MP_FAIL (RFC 8684 §3.7): the infinite mapping on the segment that
        // starts it (and its retransmissions), no MPTCP option on any other.
        if (payload == 0 || uint32_t(header.GetSequenceNumber() - m_isn) != m_txInfiniteSsn)
        {
            return;
        }
        option = BuildInfiniteMapping();
    }
    else if (m_mpFailPending && payload == 0 && !(flags & TcpHeader::SYN))
    {
        m_mpFailPending = false;
        MpFailOption fail;
        fail.dsn = m_mpFailDsn;
        option = fail;
    }
    else if ((flags & TcpHeader::SYN) && !(flags & TcpHeader::ACK))
    {
        m_isn = header.GetSequenceNumber();
        option = BuildSynOption(header);
    }
    else if (flags & TcpHeader::SYN)
    {
        m_isn = header.GetSequenceNumber();
        option = BuildSynAckOption();
    }
    else if (m_capableAckPending)
    {
        m_capableAckPending = false;
        option = BuildCapableAck();
    }
    else if (m_joinAckPending)
    {
        m_joinAckPending = false;
        option = BuildJoinAck();
    }
    else if (m_role == ROLE_MP_CAPABLE && m_activeOpen && payload > 0 &&
             !m_meta->PeerAckedData() && IsFirstMapping(header))
    {
        option = BuildCapableData(header);
    }
    else
    {
        DssOption dss;
        have = BuildDss(header, payload, dss);
        if (HookRewritesSegment(payload, flags))
        {
            ShortenDss(dss);
        }
        option = dss;
    }
    if (!have)
    {
        AppendSignals(header);
        return;
    }
    // The carrier of the previous segment's option is used again once no header holds it
    // (the segment was serialized and its TcpHeader destroyed): no object per segment.
    if (!m_txCarrier || m_txCarrier->GetReferenceCount() != 1)
    {
        m_txCarrier = CreateObject<TcpOptionMpTcp>();
    }
    Ptr<TcpOptionMpTcp> carrier = m_txCarrier;
    carrier->SetOption(option);
    if (!header.AppendOption(carrier))
    {
        NS_LOG_ERROR("no TCP option space left for the MPTCP option ("
                     << carrier->GetSerializedSize() << " bytes)");
    }
    if (HookRewritesSegment(payload, flags))
    {
        m_txHook->RewriteSegment(*this, header);
    }
    AppendSignals(header);
}

uint8_t
MpTcpSubflow::CapableFlags() const
{
    return MpCapableOption::FLAG_H | (m_meta->IsChecksumInUse() ? MpCapableOption::FLAG_A : 0);
}

DssOption
MpTcpSubflow::BuildInfiniteMapping() const
{
    DssOption dss;
    dss.hasMapping = true;
    dss.dsn64 = true;
    dss.dsn = m_txInfiniteDsn;
    dss.ssn = m_txInfiniteSsn;
    dss.dataLength = 0;
    dss.hasChecksum = m_meta->IsChecksumInUse(); // zero for an infinite mapping
    return dss;
}

MpTcpOption
MpTcpSubflow::BuildSynOption(TcpHeader& header)
{
    if (m_role == ROLE_MP_CAPABLE)
    {
        MpCapableOption c; // v1 SYN: no key (RFC 8684 §3.1)
        if (m_meta->IsChecksumRequested())
        {
            c.flags |= MpCapableOption::FLAG_A;
        }
        if (m_txHook)
        {
            m_txHook->AddSynOptions(*this, header); // e.g. MP_SCATTER's announcement
        }
        return c;
    }
    MpJoinSynOption j;
    j.receiverToken = m_meta->GetRemoteToken();
    j.senderNonce = m_join.localNonce;
    j.addressId = m_join.addressId;
    j.backup = m_join.backup;
    return j;
}

MpTcpOption
MpTcpSubflow::BuildSynAckOption() const
{
    if (m_role == ROLE_MP_CAPABLE)
    {
        MpCapableOption c;
        c.flags = CapableFlags();
        c.nKeys = 1;
        c.senderKey = m_meta->GetLocalKey();
        return c;
    }
    MpJoinSynAckOption j;
    j.truncatedHmac = MpTcpCrypto::TruncatedJoinHmac(m_meta->GetLocalKey(),
                                                     m_meta->GetRemoteKey(),
                                                     m_join.localNonce,
                                                     m_join.remoteNonce);
    j.senderNonce = m_join.localNonce;
    j.addressId = m_join.addressId;
    j.backup = m_join.backup;
    return j;
}

MpCapableOption
MpTcpSubflow::BuildCapableAck() const
{
    // Third ACK of the MP_CAPABLE handshake: both keys (RFC 8684 §3.1).
    MpCapableOption c;
    c.flags = CapableFlags();
    c.nKeys = 2;
    c.senderKey = m_meta->GetLocalKey();
    c.receiverKey = m_meta->GetRemoteKey();
    return c;
}

MpJoinAckOption
MpTcpSubflow::BuildJoinAck() const
{
    MpJoinAckOption j;
    auto hmac = MpTcpCrypto::JoinHmac(m_meta->GetLocalKey(),
                                      m_meta->GetRemoteKey(),
                                      m_join.localNonce,
                                      m_join.remoteNonce);
    std::copy_n(hmac.begin(), j.hmac.size(), j.hmac.begin());
    return j;
}

MpCapableOption
MpTcpSubflow::BuildCapableData(const TcpHeader& header) const
{
    // First data segment (and its retransmissions): MP_CAPABLE with both keys and the
    // data-level length, so the peer learns our key even if the third ACK was lost (RFC 8684
    // §3.1). Its mapping is implicit: DSN = IDSN + 1 at relative SSN 1.
    const Mapping* m = FindTxMapping(header.GetSequenceNumber() - m_isn);
    MpCapableOption c;
    c.nKeys = 2;
    c.senderKey = m_meta->GetLocalKey();
    c.receiverKey = m_meta->GetRemoteKey();
    c.flags = CapableFlags();
    c.hasDataLength = true;
    c.dataLength = m->length;
    c.hasChecksum = m_meta->IsChecksumInUse();
    c.checksum = m->checksum;
    return c;
}

void
MpTcpSubflow::ShortenDss(DssOption& dss)
{
    // 4-octet forms: 8 octets fewer than the 8-octet ones (RFC 8684 §3.3).
    dss.dataAck64 = false;
    dss.dataAck &= 0xffffffffULL;
    dss.dsn64 = false;
    dss.dsn &= 0xffffffffULL;
}

} // namespace ns3
