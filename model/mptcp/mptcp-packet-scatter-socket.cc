/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-packet-scatter-socket.h"

#include "ns3/mptcp-l4-protocol.h"
#include "ns3/tcp-new-reno-cwv.h"

#include "ns3/equal-cost-path-counter.h"
#include "ns3/mptcp-ndiffports-path-manager.h"

#include "ns3/boolean.h"
#include "ns3/ipv4-header.h"
#include "ns3/tcp-header.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PacketScatterSocket");
NS_OBJECT_ENSURE_REGISTERED(PacketScatterSocket);

MpTcpScatterTxHook::MpTcpScatterTxHook(Ptr<UniformRandomVariable> ports)
    : m_ports(ports)
{
    NS_ABORT_MSG_IF(!ports, "MpTcpScatterTxHook: no random port stream");
}

void
MpTcpScatterTxHook::AddSynOptions(const MpTcpSubflow& sf, TcpHeader& header)
{
    if (m_on)
    {
        // Announce scatter (token 0): the receiver then looks for MP_SCATTER.
        Ptr<TcpOptionMpTcp> announce = CreateObject<TcpOptionMpTcp>();
        announce->SetOption(MpScatterOption{0});
        header.AppendOption(announce);
    }
}

bool
MpTcpScatterTxHook::RewritesSegment(const MpTcpSubflow& sf, uint32_t payload, uint8_t flags) const
{
    return m_on && payload > 0 && !(flags & TcpHeader::SYN) && sf.GetMeta() != nullptr &&
           sf.GetMeta()->PeerAckedData();
}

void
MpTcpScatterTxHook::RewriteSegment(const MpTcpSubflow& sf, TcpHeader& header)
{
    Ptr<TcpOptionMpTcp> carrier = CreateObject<TcpOptionMpTcp>();
    carrier->SetOption(MpScatterOption{sf.GetMeta()->GetRemoteToken()});
    if (!header.AppendOption(carrier))
    {
        NS_LOG_WARN("no option space for MP_SCATTER: segment keeps its port");
        return;
    }
    // Any port but 0; the receiver restores the real one from the token (MpTcpL4Protocol).
    header.SetSourcePort(m_ports->GetInteger(1, 65535));
    ++m_scattered;
}

bool
MpTcpScatterTxHook::IsActive() const
{
    return m_on;
}

void
MpTcpScatterTxHook::SetScatter(bool on)
{
    m_on = on;
}

uint64_t
MpTcpScatterTxHook::GetScatteredSegments() const
{
    return m_scattered;
}

bool
MpTcpScatterRxHook::Receive(MpTcpL4Protocol& l4, Ptr<Packet> p, const Ipv4Header& ipHeader)
{
    if (m_tokens.empty())
    {
        return true;
    }
    TcpHeader tcpHeader;
    p->PeekHeader(tcpHeader);
    if (tcpHeader.GetFlags() & TcpHeader::SYN)
    {
        return true; // the handshake keeps the real port
    }
    std::vector<uint8_t> bytes;
    for (const auto& opt : tcpHeader.GetOptionList())
    {
        // Our MP_SCATTER is kind 30, length 8, subtype 0xf: skip other options unparsed.
        if (!GetMpTcpOptionBytes(opt, bytes) || bytes.size() < 3 || (bytes[2] >> 4) != 0xf)
        {
            continue;
        }
        MpTcpOption parsed;
        if (ParseMpTcpOption(bytes.data(), bytes.size(), parsed) != MpTcpParseError::NONE)
        {
            NS_LOG_WARN("malformed MP_SCATTER: segment dropped");
            ++m_drops;
            return false;
        }
        uint32_t token = std::get<MpScatterOption>(parsed).receiverToken;
        Ptr<MpTcpSocketBase> conn =
            m_tokens.count(token) ? l4.LookupToken(token) : Ptr<MpTcpSocketBase>();
        if (!conn || conn->GetSubflows().empty())
        {
            NS_LOG_WARN("MP_SCATTER with unknown token " << token << ": segment dropped");
            ++m_drops;
            return false;
        }
        Ipv4Address la;
        Ipv4Address ra;
        uint16_t lp;
        uint16_t rp;
        conn->GetSubflows().front()->GetFourTuple(la, lp, ra, rp);
        if (rp != tcpHeader.GetSourcePort())
        {
            p->RemoveHeader(tcpHeader);
            tcpHeader.SetSourcePort(rp);
            if (Node::ChecksumEnabled())
            {
                tcpHeader.EnableChecksums();
                tcpHeader.InitializeChecksum(ipHeader.GetSource(),
                                             ipHeader.GetDestination(),
                                             MPTCP_IP_PROTOCOL_TCP);
            }
            p->AddHeader(tcpHeader);
        }
        ++m_delivered;
        return true;
    }
    return true;
}

void
MpTcpScatterRxHook::PassiveOpen(MpTcpL4Protocol& l4,
                                const MpTcpSocketBase& conn,
                                const std::vector<MpTcpOption>& synOptions)
{
    for (const auto& o : synOptions)
    {
        if (std::holds_alternative<MpScatterOption>(o) && l4.LookupToken(conn.GetLocalToken()))
        {
            // The peer scatters (PacketScatterSocket, MmpTcpSocket): find its segments by
            // token whatever their source port.
            m_tokens.insert(conn.GetLocalToken());
        }
    }
}

void
MpTcpScatterRxHook::TokenRemoved(uint32_t token)
{
    m_tokens.erase(token);
}

uint64_t
MpTcpScatterRxHook::GetScatterDelivered() const
{
    return m_delivered;
}

uint64_t
MpTcpScatterRxHook::GetScatterDrops() const
{
    return m_drops;
}

Ptr<MpTcpScatterRxHook>
MpTcpScatterRxHook::Get(Ptr<MpTcpL4Protocol> l4)
{
    for (const auto& hook : l4->GetRxHooks())
    {
        if (auto h = DynamicCast<MpTcpScatterRxHook>(hook))
        {
            return h;
        }
    }
    return nullptr;
}

namespace
{
/// Gives every MpTcpL4Protocol a scatter receive hook.
struct RegisterScatterRxHook
{
    RegisterScatterRxHook()
    {
        MpTcpL4Protocol::RegisterRxHookFactory([]() -> Ptr<MpTcpL4RxHook> {
            return Create<MpTcpScatterRxHook>();
        });
    }
} g_registerScatterRxHook; //!< registers at static initialization
} // namespace

TypeId
PacketScatterSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PacketScatterSocket")
            .SetParent<MpTcpSocketBase>()
            .SetGroupName("Mptcp")
            .AddConstructor<PacketScatterSocket>()
            .AddAttribute("DupAckThreshold",
                          "Duplicate ACKs that trigger fast retransmit on the scattering "
                          "subflow (its ReTxThreshold), segments. 0 (default) = automatic: 3 + "
                          "the number of equal-cost paths to the destination, from the host's "
                          "EqualCostPathCounter (3 without one). MMPTCP thesis §3.6, §5.3.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PacketScatterSocket::m_dupAckThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("LimitedTransmit",
                          "Send one new segment for every duplicate ACK below the threshold "
                          "(RFC 3042 extended, thesis §5.10; ns-3's TcpSocketBase "
                          "LimitedTransmit). Default false, as the thesis's code.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&PacketScatterSocket::m_limitedTransmit),
                          MakeBooleanChecker())
            .AddAttribute("MinRto",
                          "Minimum retransmission timeout of the subflow(s). Default 200 ms "
                          "(thesis §2.2.1.1, §4.8.3).",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&PacketScatterSocket::m_minRto),
                          MakeTimeChecker(Time(0)));
    return tid;
}

PacketScatterSocket::PacketScatterSocket()
{
    m_ports = CreateObject<UniformRandomVariable>();
}

PacketScatterSocket::~PacketScatterSocket() = default;

int
PacketScatterSocket::Connect(const Address& address)
{
    // One subflow whatever NumSubflows says (set for MPTCP runs).
    SetAttribute("NumSubflows", UintegerValue(1));
    SetAttribute("PathManager", TypeIdValue(MpTcpNdiffportsPathManager::GetTypeId()));
    TraceConnectWithoutContext("SubflowEstablished",
                               MakeCallback(&PacketScatterSocket::OnSubflowEstablished, this));
    return MpTcpSocketBase::Connect(address);
}

int64_t
PacketScatterSocket::AssignStreams(int64_t stream)
{
    m_ports->SetStream(stream);
    m_portsAssigned = true;
    return 1;
}

uint32_t
PacketScatterSocket::GetDupAckThreshold() const
{
    if (GetSubflows().empty())
    {
        return 0;
    }
    UintegerValue v;
    GetSubflows().front()->GetAttribute("ReTxThreshold", v);
    return v.Get();
}

uint64_t
PacketScatterSocket::GetScatteredSegments() const
{
    return m_scatterHook ? m_scatterHook->GetScatteredSegments() : 0;
}

bool
PacketScatterSocket::IsScattering() const
{
    return m_scatterHook && m_scatterHook->IsActive();
}

void
PacketScatterSocket::SubflowCreated(Ptr<MpTcpSubflow> sf)
{
    if (sf->GetRole() == MpTcpSubflow::ROLE_MP_CAPABLE)
    {
        ConfigureScatterSubflow(sf);
    }
}

void
PacketScatterSocket::ConfigureScatterSubflow(Ptr<MpTcpSubflow> sf)
{
    sf->SetCongestionControlAlgorithm(CreateObject<TcpNewRenoCwv>());
    if (!m_portsAssigned)
    {
        // The ports decide the paths: a stream fixed by the node and the socket's rank there.
        if (Ptr<MpTcpL4Protocol> l4 = sf->GetNode()->GetObject<MpTcpL4Protocol>())
        {
            m_ports->SetStream(l4->AllocatePathStream());
            m_portsAssigned = true;
        }
    }
    sf->SetAttribute("LimitedTransmit", BooleanValue(m_limitedTransmit));
    sf->SetAttribute("MinRto", TimeValue(m_minRto));
    m_scatterHook = Create<MpTcpScatterTxHook>(m_ports);
    sf->SetTxHook(m_scatterHook);
}

void
PacketScatterSocket::OnSubflowEstablished(Ptr<MpTcpSubflow> sf)
{
    if (sf->GetSubflowId() != 0)
    {
        return;
    }
    uint32_t threshold = m_dupAckThreshold;
    if (threshold == 0)
    {
        Ipv4Address local;
        Ipv4Address remote;
        uint16_t lp;
        uint16_t rp;
        sf->GetFourTuple(local, lp, remote, rp);
        Ptr<EqualCostPathCounter> counter =
            GetNode() ? GetNode()->GetObject<EqualCostPathCounter>() : nullptr;
        if (!counter)
        {
            static bool warned = false;
            if (!warned)
            {
                warned = true;
                NS_LOG_WARN("node " << GetNode()->GetId()
                                    << " has no EqualCostPathCounter (FatTreeHelper installs "
                                       "one): automatic DupAckThreshold is 3");
            }
        }
        threshold = 3 + (counter ? counter->GetPathCount(local, remote) : 0);
    }
    sf->SetAttribute("ReTxThreshold", UintegerValue(threshold));
    NS_LOG_INFO(this << " duplicate-ACK threshold " << threshold);
}

} // namespace ns3
