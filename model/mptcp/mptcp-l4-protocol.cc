/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-l4-protocol.h"

#include "ns3/mptcp-option.h"
#include "ns3/mptcp-socket-base.h"

#include "ns3/ipv4-end-point.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-interface.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpL4Protocol");
NS_OBJECT_ENSURE_REGISTERED(MpTcpL4Protocol);

namespace
{

/**
 * Reads TcpSocketBase::m_endPoint (protected; no accessor in ns-3.37 ... 3.48): a pointer to a
 * protected member may be formed through a derived class ([class.protected]). The class is
 * never instantiated.
 */
struct TcpSocketEndPoint : public TcpSocketBase
{
    /**
     * \param socket a socket
     * \return its IPv4 endpoint: null before Bind and once deallocated (TcpSocketBase clears
     * it in DeallocateEndPoint and in Destroy, which the endpoint's destructor calls)
     */
    static Ipv4EndPoint* Of(const TcpSocketBase& socket)
    {
        return socket.*(&TcpSocketEndPoint::m_endPoint);
    }
};

/**
 * Standard C++ way to name a private data member: access checking does not apply to the
 * template arguments of an explicit instantiation ([temp.spec]), and the instantiation defines a
 * friend function returning the member. Used for TcpL4Protocol::m_sockets, the node's TCP
 * sockets: a std::vector<Ptr<TcpSocketBase>> up to ns-3.38, a std::unordered_map<uint64_t,
 * Ptr<TcpSocketBase>> from ns-3.39 (the "SocketList" attribute would copy it, and index an
 * unordered map in O(n) per element).
 */
template <typename Tag, auto M>
struct TcpL4SocketsAccess
{
    /**
     * \param l4 a TCP protocol
     * \return its m_sockets
     */
    friend const auto& GetTcpL4Sockets(Tag, const TcpL4Protocol& l4)
    {
        return l4.*M;
    }
};

/// Tag of TcpL4Protocol::m_sockets.
struct TcpL4SocketsTag
{
    /**
     * \param l4 a TCP protocol
     * \return its m_sockets (defined by the explicit instantiation below)
     */
    friend const auto& GetTcpL4Sockets(TcpL4SocketsTag, const TcpL4Protocol& l4);
};

template struct TcpL4SocketsAccess<TcpL4SocketsTag, &TcpL4Protocol::m_sockets>;

/**
 * \param item an element of TcpL4Protocol::m_sockets up to ns-3.38
 * \return the socket
 */
[[maybe_unused]] TcpSocketBase*
SocketOf(const Ptr<TcpSocketBase>& item)
{
    return PeekPointer(item);
}

/**
 * \param item an element of TcpL4Protocol::m_sockets from ns-3.39 (socket id, socket)
 * \return the socket
 */
template <typename K>
TcpSocketBase*
SocketOf(const std::pair<const K, Ptr<TcpSocketBase>>& item)
{
    return PeekPointer(item.second);
}

} // namespace

TypeId
MpTcpL4Protocol::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpL4Protocol")
                            .SetParent<TcpL4Protocol>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpL4Protocol>()
                            .AddTraceSource("UnknownTokenJoin",
                                            "An MP_JOIN SYN carried a token no connection of "
                                            "this node has; it was answered with a RST "
                                            "carrying MP_TCPRST (RFC 8684 §3.2, §3.6).",
                                            MakeTraceSourceAccessor(
                                                &MpTcpL4Protocol::m_unknownTokenTrace),
                                            "ns3::MpTcpL4Protocol::UnknownTokenTracedCallback");
    return tid;
}

MpTcpL4Protocol::MpTcpL4Protocol()
{
    for (const auto& factory : RxHookFactories())
    {
        m_rxHooks.push_back(factory());
    }
}

MpTcpL4Protocol::~MpTcpL4Protocol() = default;

void
MpTcpL4Protocol::DoDispose()
{
    // Releasing a connection may dispose it, and it then removes its own token: empty the map
    // before the references go.
    auto tokens = std::move(m_tokens);
    m_tokens.clear();
    m_demuxIndex.clear();
    m_rxHooks.clear();
    tokens.clear();
    TcpL4Protocol::DoDispose();
}

enum IpL4Protocol::RxStatus
MpTcpL4Protocol::Receive(Ptr<Packet> p,
                         const Ipv4Header& incomingIpHeader,
                         Ptr<Ipv4Interface> incomingInterface)
{
    if (!IsTcpHeaderWellFormed(p))
    {
        NS_LOG_WARN("malformed TCP header from " << incomingIpHeader.GetSource() << ": dropped");
        ++m_malformedDrops;
        return IpL4Protocol::RX_CSUM_FAILED;
    }
    // Only a SYN without ACK can be an MP_JOIN SYN: look at the flags byte before decoding.
    uint8_t raw[14];
    if (!m_tokens.empty() && p->CopyData(raw, sizeof(raw)) == sizeof(raw) &&
        (raw[13] & TcpHeader::SYN) && !(raw[13] & TcpHeader::ACK))
    {
        TcpHeader tcpHeader;
        p->PeekHeader(tcpHeader);
        std::vector<uint8_t> bytes;
        for (const auto& opt : tcpHeader.GetOptionList())
        {
            MpTcpOption parsed;
            if (GetMpTcpOptionBytes(opt, bytes) &&
                ParseMpTcpOption(bytes.data(), bytes.size(), parsed) == MpTcpParseError::NONE &&
                std::holds_alternative<MpJoinSynOption>(parsed))
            {
                uint32_t token = std::get<MpJoinSynOption>(parsed).receiverToken;
                auto it = m_tokens.find(token);
                if (it == m_tokens.end())
                {
                    // RFC 8684 §3.2: an MP_JOIN SYN with an unknown token is answered with
                    // a RST (with MP_TCPRST, §3.6); the listener never sees it.
                    NS_LOG_WARN("MP_JOIN SYN with unknown token " << token << ": RST");
                    ++m_unknownTokenDrops;
                    m_unknownTokenTrace(token, tcpHeader);
                    TcpHeader rst;
                    rst.SetSourcePort(tcpHeader.GetDestinationPort());
                    rst.SetDestinationPort(tcpHeader.GetSourcePort());
                    rst.SetSequenceNumber(SequenceNumber32(0));
                    rst.SetAckNumber(tcpHeader.GetSequenceNumber() + SequenceNumber32(1));
                    rst.SetFlags(TcpHeader::RST | TcpHeader::ACK);
                    MpTcpRstOption reason;
                    reason.reason = MpTcpRstReason::MPTCP_SPECIFIC;
                    Ptr<TcpOptionMpTcp> carrier = CreateObject<TcpOptionMpTcp>();
                    carrier->SetOption(reason);
                    rst.AppendOption(carrier);
                    SendPacket(Create<Packet>(),
                               rst,
                               incomingIpHeader.GetDestination(),
                               incomingIpHeader.GetSource());
                    return IpL4Protocol::RX_OK;
                }
                if (it->second->ReceivedJoinSyn(p, incomingIpHeader, tcpHeader))
                {
                    return IpL4Protocol::RX_OK;
                }
                break; // a retransmitted SYN of an existing subflow: normal demultiplexing
            }
        }
    }
    for (const auto& hook : m_rxHooks)
    {
        if (!hook->Receive(*this, p, incomingIpHeader))
        {
            return IpL4Protocol::RX_OK; // counted and dropped by the hook
        }
    }
    return Demultiplex(p, incomingIpHeader, incomingInterface);
}

bool
MpTcpL4Protocol::IsTcpHeaderWellFormed(Ptr<const Packet> p)
{
    uint8_t h[60];
    uint32_t n = p->CopyData(h, sizeof(h));
    if (n < 20)
    {
        return false;
    }
    uint32_t length = uint32_t(h[12] >> 4) * 4; // data offset, bytes
    if (length < 20 || length > n)
    {
        return false;
    }
    for (uint32_t i = 20; i < length;)
    {
        uint8_t kind = h[i];
        if (kind == 0) // EOL: the rest is padding
        {
            break;
        }
        if (kind == 1) // NOP
        {
            ++i;
            continue;
        }
        if (i + 1 >= length || h[i + 1] < 2 || i + h[i + 1] > length)
        {
            return false;
        }
        // ns-3's parsers of these two abort (MSS, unless 4) or misalign the next options
        // (SACK, unless 2 + 8n): RFC 9293 §3.2 and RFC 2018 §3 fix their lengths.
        if ((kind == 2 && h[i + 1] != 4) || (kind == 5 && (h[i + 1] - 2) % 8 != 0))
        {
            return false;
        }
        i += h[i + 1];
    }
    return true;
}

uint64_t
MpTcpL4Protocol::GetMalformedDrops() const
{
    return m_malformedDrops;
}

size_t
MpTcpL4Protocol::DemuxKeyHash::operator()(const DemuxKey& k) const
{
    uint64_t x = (static_cast<uint64_t>(k.localAddr) << 32) | k.peerAddr;
    x ^= ((static_cast<uint64_t>(k.localPort) << 16) | k.peerPort) * 0x9E3779B97F4A7C15ULL;
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDULL;
    x ^= x >> 33;
    return static_cast<size_t>(x);
}

enum IpL4Protocol::RxStatus
MpTcpL4Protocol::Demultiplex(Ptr<Packet> p,
                             const Ipv4Header& ipHeader,
                             Ptr<Ipv4Interface> incomingInterface)
{
    uint8_t ports[4];
    if (p->CopyData(ports, sizeof(ports)) != sizeof(ports))
    {
        return TcpL4Protocol::Receive(p, ipHeader, incomingInterface);
    }
    DemuxKey key{ipHeader.GetDestination().Get(),
                 ipHeader.GetSource().Get(),
                 static_cast<uint16_t>((ports[2] << 8) | ports[3]),
                 static_cast<uint16_t>((ports[0] << 8) | ports[1])};
    auto it = m_demuxIndex.find(key);
    if (it != m_demuxIndex.end())
    {
        Ipv4EndPoint* endPoint = ExactEndPoint(*it->second, key, incomingInterface);
        if (endPoint != nullptr)
        {
            if (Node::ChecksumEnabled())
            {
                // TcpL4Protocol::Receive's first step; without checksums it only decodes the
                // header, which the socket does again.
                TcpHeader tcpHeader;
                IpL4Protocol::RxStatus status =
                    PacketReceived(p, tcpHeader, ipHeader.GetSource(), ipHeader.GetDestination());
                if (status != IpL4Protocol::RX_OK)
                {
                    return status;
                }
            }
            ++m_indexedDeliveries;
            endPoint->ForwardUp(p, ipHeader, key.peerPort, incomingInterface);
            return IpL4Protocol::RX_OK;
        }
        m_demuxIndex.erase(it); // closed, or no longer the exact match: ns-3's path decides
    }
    IpL4Protocol::RxStatus status = TcpL4Protocol::Receive(p, ipHeader, incomingInterface);
    if (status == IpL4Protocol::RX_OK)
    {
        IndexConnection(key, incomingInterface);
    }
    return status;
}

Ipv4EndPoint*
MpTcpL4Protocol::ExactEndPoint(const TcpSocketBase& socket,
                               const DemuxKey& key,
                               const Ptr<Ipv4Interface>& incomingInterface)
{
    Ipv4EndPoint* endPoint = TcpSocketEndPoint::Of(socket);
    if (endPoint == nullptr || endPoint->GetLocalPort() != key.localPort ||
        endPoint->GetPeerPort() != key.peerPort ||
        endPoint->GetLocalAddress().Get() != key.localAddr ||
        endPoint->GetPeerAddress().Get() != key.peerAddr || !endPoint->IsRxEnabled())
    {
        return nullptr;
    }
    // Ipv4EndPointDemux::Lookup skips an endpoint bound to a device unless the segment arrived
    // on that device.
    Ptr<NetDevice> bound = endPoint->GetBoundNetDevice();
    if (bound && (!incomingInterface || bound != incomingInterface->GetDevice()))
    {
        return nullptr;
    }
    return endPoint;
}

void
MpTcpL4Protocol::IndexConnection(const DemuxKey& key, const Ptr<Ipv4Interface>& incomingInterface)
{
    for (const auto& item : GetTcpL4Sockets(TcpL4SocketsTag{}, *this))
    {
        TcpSocketBase* socket = SocketOf(item);
        if (socket != nullptr && ExactEndPoint(*socket, key, incomingInterface) != nullptr)
        {
            if (m_demuxIndex.size() >= m_demuxSweepAt)
            {
                SweepDemuxIndex();
            }
            m_demuxIndex[key] = socket;
            return;
        }
    }
}

void
MpTcpL4Protocol::SweepDemuxIndex()
{
    for (auto it = m_demuxIndex.begin(); it != m_demuxIndex.end();)
    {
        // The endpoint is not checked against an interface here: only closed sockets go.
        Ipv4EndPoint* endPoint = TcpSocketEndPoint::Of(*it->second);
        if (endPoint == nullptr || endPoint->GetLocalPort() != it->first.localPort ||
            endPoint->GetPeerPort() != it->first.peerPort ||
            endPoint->GetLocalAddress().Get() != it->first.localAddr ||
            endPoint->GetPeerAddress().Get() != it->first.peerAddr)
        {
            it = m_demuxIndex.erase(it);
        }
        else
        {
            ++it;
        }
    }
    m_demuxSweepAt = std::max<size_t>(64, 2 * m_demuxIndex.size());
}

uint64_t
MpTcpL4Protocol::GetIndexedDeliveries() const
{
    return m_indexedDeliveries;
}

uint32_t
MpTcpL4Protocol::GetDemuxIndexSize() const
{
    return m_demuxIndex.size();
}

void
MpTcpL4RxHook::PassiveOpen(MpTcpL4Protocol& l4,
                           const MpTcpSocketBase& conn,
                           const std::vector<MpTcpOption>& synOptions)
{
}

void
MpTcpL4RxHook::TokenRemoved(uint32_t token)
{
}

std::vector<std::function<Ptr<MpTcpL4RxHook>()>>&
MpTcpL4Protocol::RxHookFactories()
{
    static std::vector<std::function<Ptr<MpTcpL4RxHook>()>> factories;
    return factories;
}

void
MpTcpL4Protocol::RegisterRxHookFactory(std::function<Ptr<MpTcpL4RxHook>()> factory)
{
    RxHookFactories().push_back(factory);
}

const std::vector<Ptr<MpTcpL4RxHook>>&
MpTcpL4Protocol::GetRxHooks() const
{
    return m_rxHooks;
}

void
MpTcpL4Protocol::NotifyPassiveOpen(const MpTcpSocketBase& conn,
                                   const std::vector<MpTcpOption>& synOptions)
{
    for (const auto& hook : m_rxHooks)
    {
        hook->PassiveOpen(*this, conn, synOptions);
    }
}

bool
MpTcpL4Protocol::AddToken(uint32_t token, Ptr<MpTcpSocketBase> socket)
{
    return m_tokens.emplace(token, socket).second;
}

void
MpTcpL4Protocol::RemoveToken(uint32_t token)
{
    auto it = m_tokens.find(token);
    for (const auto& hook : m_rxHooks)
    {
        hook->TokenRemoved(token);
    }
    if (it != m_tokens.end())
    {
        Ptr<MpTcpSocketBase> keep = it->second; // released after the erase, not during it
        m_tokens.erase(it);
    }
}

Ptr<MpTcpSocketBase>
MpTcpL4Protocol::LookupToken(uint32_t token) const
{
    auto it = m_tokens.find(token);
    return it == m_tokens.end() ? nullptr : it->second;
}

uint32_t
MpTcpL4Protocol::GetNTokens() const
{
    return m_tokens.size();
}

uint64_t
MpTcpL4Protocol::GetUnknownTokenDrops() const
{
    return m_unknownTokenDrops;
}

int64_t
MpTcpL4Protocol::AllocatePathStream()
{
    Ptr<Node> node = GetObject<Node>();
    const int64_t id = node ? node->GetId() : 0;
    return PATH_STREAM_BASE + (id << 20) + m_pathStreams++;
}

} // namespace ns3
