/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "mptcp-l4-protocol.h"

#include "mptcp-option.h"
#include "mptcp-socket-base.h"

#include "ns3/ipv4-header.h"
#include "ns3/ipv4-interface.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/tcp-header.h"
#include "ns3/trace-source-accessor.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpL4Protocol");
NS_OBJECT_ENSURE_REGISTERED(MpTcpL4Protocol);

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
    m_rxHooks.clear();
    tokens.clear();
    TcpL4Protocol::DoDispose();
}

enum IpL4Protocol::RxStatus
MpTcpL4Protocol::Receive(Ptr<Packet> p,
                         const Ipv4Header& incomingIpHeader,
                         Ptr<Ipv4Interface> incomingInterface)
{
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
    return TcpL4Protocol::Receive(p, incomingIpHeader, incomingInterface);
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

} // namespace ns3
