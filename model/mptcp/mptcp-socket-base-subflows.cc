/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * MpTcpSocketBase, part 3 of 4: the subflows of the connection: their creation and
 * configuration, MP_JOIN acceptance (RFC 8684 §3.2), the path-manager interface the
 * MpTcpPathManager drives (§3.4), and the subflows' socket callbacks.
 */
#include "ns3/mptcp-socket-base.h"

#include "ns3/mptcp-coupled-congestion-ops.h"
#include "ns3/mptcp-crypto.h"
#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-ns3-compat.h"

#include "ns3/boolean.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpSocketBaseSubflows");

const std::vector<Ptr<MpTcpSubflow>>&
MpTcpSocketBase::GetSubflows() const
{
    return m_subflows;
}

uint32_t
MpTcpSocketBase::GetNEstablishedSubflows() const
{
    return std::count_if(m_subflows.begin(), m_subflows.end(), [](const Ptr<MpTcpSubflow>& s) {
        return s->IsEstablished();
    });
}

Ptr<TcpCongestionOps>
MpTcpSocketBase::CreateCongestionControl()
{
    ObjectFactory f;
    f.SetTypeId(m_congestionTypeId);
    Ptr<TcpCongestionOps> cc = f.Create<TcpCongestionOps>();
    if (auto coupled = DynamicCast<MpTcpCoupledCongestionOps>(cc))
    {
        coupled->SetMeta(this);
    }
    return cc;
}

Ptr<MpTcpSubflow>
MpTcpSocketBase::CreateSubflow(MpTcpSubflow::Role role)
{
    Ptr<MpTcpSubflow> sf = m_subflowFactory.Create<MpTcpSubflow>();
    sf->SetNode(m_node);
    sf->SetTcp(m_tcp);
    TypeIdValue rttType;
    m_tcp->GetAttribute("RttEstimatorType", rttType);
    ObjectFactory rttFactory;
    rttFactory.SetTypeId(rttType.Get());
    sf->SetRtt(rttFactory.Create<RttEstimator>());
    TypeIdValue recoveryType;
    m_tcp->GetAttribute("RecoveryType", recoveryType);
    ObjectFactory recoveryFactory;
    recoveryFactory.SetTypeId(recoveryType.Get());
    sf->SetRecoveryAlgorithm(recoveryFactory.Create<TcpRecoveryOps>());
    // SACK as ns3::TcpSocketBase::Sack says (Linux: net.ipv4.tcp_sack covers subflows too);
    // the connection hands over full segments, so Nagle would only delay them.
    sf->SetAttribute("TcpNoDelay", BooleanValue(true));
    sf->SetAttribute("RcvBufSize", UintegerValue(m_rcvBufSize));
    sf->SetAttribute("SndBufSize", UintegerValue(std::max<uint32_t>(m_sndBufSize, 65536)));
    AttachSubflow(sf, role);
    SubflowCreated(sf);
    return sf;
}

void
MpTcpSocketBase::SubflowCreated(Ptr<MpTcpSubflow> sf)
{
}

bool
MpTcpSocketBase::IsSubflowActive(Ptr<const MpTcpSubflow> sf) const
{
    return true;
}

void
MpTcpSocketBase::OpenMoreSubflows(uint32_t n)
{
    if (m_subflows.empty() || m_fallback)
    {
        return;
    }
    if (GetPathManager()->OpenSubflows(*this, n))
    {
        m_joinsOpened = true;
        m_numSubflows = n + 1;
    }
}

bool
MpTcpSocketBase::OpenSubflows(uint32_t n)
{
    if (m_subflows.empty() || m_fallback || m_state != ESTABLISHED)
    {
        return false;
    }
    return GetPathManager()->OpenSubflows(*this, n);
}

Ptr<MpTcpPathManager>
MpTcpSocketBase::GetPathManager()
{
    if (!m_pathManager)
    {
        ObjectFactory f;
        f.SetTypeId(m_pathManagerTypeId);
        m_pathManager = DynamicCast<MpTcpPathManager>(f.Create());
        NS_ABORT_MSG_IF(!m_pathManager,
                        "MpTcpSocketBase::PathManager: "
                            << m_pathManagerTypeId.GetName() << " is not an ns3::MpTcpPathManager");
    }
    return m_pathManager;
}

void
MpTcpSocketBase::SetPathManager(Ptr<MpTcpPathManager> pm)
{
    NS_ABORT_MSG_IF(!pm, "MpTcpSocketBase::SetPathManager: null path manager");
    if (m_pathManager && m_pathManager != pm)
    {
        m_pathManager->Stop();
    }
    m_pathManager = pm;
}

void
MpTcpSocketBase::SetSubflowFactory(const ObjectFactory& factory)
{
    NS_ABORT_MSG_IF(!factory.GetTypeId().IsChildOf(MpTcpSubflow::GetTypeId()) &&
                        factory.GetTypeId() != MpTcpSubflow::GetTypeId(),
                    "MpTcpSocketBase::SetSubflowFactory: " << factory.GetTypeId().GetName()
                                                           << " is not an ns3::MpTcpSubflow");
    m_subflowFactory = factory;
}

const ObjectFactory&
MpTcpSocketBase::GetSubflowFactory() const
{
    return m_subflowFactory;
}

Ptr<MpTcpSubflow>
MpTcpSocketBase::OpenJoinSubflow(Ipv4Address local,
                                 const InetSocketAddress& remote,
                                 Ptr<NetDevice> dev,
                                 uint8_t addressId,
                                 bool backup)
{
    Ptr<MpTcpSubflow> sf = CreateSubflow(MpTcpSubflow::ROLE_MP_JOIN);
    sf->GetJoinState().localNonce = m_rng->GetInteger(0, 0xffffffffU);
    sf->GetJoinState().token = m_remoteToken;
    sf->GetJoinState().addressId = addressId; // carried in the MP_JOIN SYN (§3.2)
    sf->SetLocalBackup(backup);
    if (sf->Bind(InetSocketAddress(local, 0)) != 0)
    {
        NS_LOG_WARN(this << " could not bind a subflow to " << local);
        return nullptr;
    }
    if (dev)
    {
        sf->BindToNetDevice(dev);
    }
    if (sf->Connect(remote) != 0)
    {
        NS_LOG_WARN(this << " could not connect a subflow " << local << " -> "
                         << remote.GetIpv4());
        return nullptr;
    }
    return sf;
}

bool
MpTcpSocketBase::IsPassiveOpen() const
{
    return m_listener != nullptr;
}

uint32_t
MpTcpSocketBase::GetNumSubflows() const
{
    return m_numSubflows;
}

uint32_t
MpTcpSocketBase::GetBackupSubflows() const
{
    return m_backupSubflows;
}

uint32_t
MpTcpSocketBase::GetMaxSubflows() const
{
    return m_maxSubflows;
}

uint32_t
MpTcpSocketBase::GetSubflowsPerPair() const
{
    return m_subflowsPerPair;
}

bool
MpTcpSocketBase::GetMatchAddressIndex() const
{
    return m_matchAddressIndex;
}

void
MpTcpSocketBase::AttachSubflow(Ptr<MpTcpSubflow> sf, MpTcpSubflow::Role role)
{
    sf->SetMeta(this, role);
    sf->SetCongestionControlAlgorithm(CreateCongestionControl());
    sf->TraceConnectWithoutContext(
        "State",
        Callback<void, TcpSocket::TcpStates_t, TcpSocket::TcpStates_t>(
            MPTCP_CALLBACK([this](TcpSocket::TcpStates_t, TcpSocket::TcpStates_t now) {
                if (now == TcpSocket::CLOSED)
                {
                    // TracedValue calls back before it stores the new state: look later.
                    Simulator::ScheduleNow(&MpTcpSocketBase::SubflowReachedClosed,
                                           Ptr<MpTcpSocketBase>(this));
                }
            })));
    sf->SetConnectCallback(MakeCallback(&MpTcpSocketBase::OnSubflowConnected, this),
                           MakeCallback(&MpTcpSocketBase::OnSubflowConnectFailed, this));
    sf->SetAcceptCallback(MakeCallback(&MpTcpSocketBase::OnSubflowConnectionRequest, this),
                          MakeCallback(&MpTcpSocketBase::OnSubflowNewConnection, this));
    sf->SetRecvCallback(MakeCallback(&MpTcpSocketBase::OnSubflowRecv, this));
    sf->SetSendCallback(MakeCallback(&MpTcpSocketBase::OnSubflowSendSpace, this));
    sf->SetCloseCallbacks(MakeCallback(&MpTcpSocketBase::OnSubflowNormalClose, this),
                          MakeCallback(&MpTcpSocketBase::OnSubflowErrorClose, this));
    if (role != MpTcpSubflow::ROLE_LISTENER)
    {
        sf->SetSubflowId(m_nextSubflowId++);
        m_subflows.push_back(sf);
    }
}

void
MpTcpSocketBase::SubflowForked(Ptr<MpTcpSubflow> child)
{
    const MpCapableOption* capable = nullptr;
    const MpJoinSynOption* join = nullptr;
    for (const auto& o : child->GetSynOptions())
    {
        if (auto c = std::get_if<MpCapableOption>(&o))
        {
            capable = c;
        }
        else if (auto j = std::get_if<MpJoinSynOption>(&o))
        {
            join = j;
        }
    }
    if (m_state == LISTEN)
    {
        // Passive open: a new connection, configured like this listening socket.
        Ptr<MpTcpSocketBase> conn = CopyObject<MpTcpSocketBase>(this);
        conn->m_listener = this;
        conn->m_state = SYN_RCVD;
        m_pending.push_back(conn);
        if (capable && capable->version == 1)
        {
            conn->NegotiateChecksum(capable->flags & MpCapableOption::FLAG_A);
            conn->GenerateKey();
            conn->AttachSubflow(child, MpTcpSubflow::ROLE_MP_CAPABLE);
            // Transport extensions look at the SYN (packet scatter: MP_SCATTER's
            // announcement).
            m_tcp->NotifyPassiveOpen(*conn, child->GetSynOptions());
        }
        else
        {
            // No MP_CAPABLE (or a join that the token map did not claim): plain TCP.
            conn->m_fallback = true;
            conn->GenerateKey();
            conn->ReleaseToken();
            conn->AttachSubflow(child, MpTcpSubflow::ROLE_PLAIN);
        }
        return;
    }
    // A join accepted by this connection's acceptor.
    MpTcpSubflow::JoinState& js = child->GetJoinState();
    js.remoteNonce = join ? join->senderNonce : 0;
    js.localNonce = m_rng->GetInteger(0, 0xffffffffU);
    js.backup = false; // our B flag in the SYN/ACK: we have no preference
    GetPathManager()->JoinReceived(*this, child, join, m_joinSynLocal, m_joinSynRemote);
    AttachSubflow(child, MpTcpSubflow::ROLE_MP_JOIN);
    child->SetRemoteBackup(join && join->backup); // the peer's B flag (RFC 8684 §3.2)
}

bool
MpTcpSocketBase::ReceivedJoinSyn(Ptr<Packet> packet,
                                 const Ipv4Header& ipHeader,
                                 const TcpHeader& tcpHeader)
{
    for (const auto& sf : m_subflows)
    {
        Ipv4Address la;
        Ipv4Address ra;
        uint16_t lp;
        uint16_t rp;
        sf->GetFourTuple(la, lp, ra, rp);
        if (la == ipHeader.GetDestination() && lp == tcpHeader.GetDestinationPort() &&
            ra == ipHeader.GetSource() && rp == tcpHeader.GetSourcePort())
        {
            return false; // retransmitted SYN of a subflow we already have
        }
    }
    if (m_state != ESTABLISHED || m_fallback || !m_remoteKeyKnown)
    {
        // RFC 8684 §3.2: joins are accepted only on a fully established MPTCP connection.
        ProtocolError(nullptr, "MP_JOIN before the connection is established");
        return true;
    }
    if (!m_joinAcceptor)
    {
        m_joinAcceptor = CreateSubflow(MpTcpSubflow::ROLE_LISTENER);
        m_joinAcceptor->Listen();
    }
    // For SubflowForked(): the addresses of the subflow the acceptor forks for this SYN.
    m_joinSynLocal = ipHeader.GetDestination();
    m_joinSynRemote = ipHeader.GetSource();
    m_joinAcceptor->ReceiveInterceptedSyn(
        packet,
        InetSocketAddress(ipHeader.GetSource(), tcpHeader.GetSourcePort()),
        InetSocketAddress(ipHeader.GetDestination(), tcpHeader.GetDestinationPort()));
    return true;
}

bool
MpTcpSocketBase::SendSignal(const MpTcpOption& option, const std::vector<Ipv4Address>& avoid)
{
    for (const auto& sf : m_subflows)
    {
        Ipv4Address la;
        Ipv4Address ra;
        uint16_t lp;
        uint16_t rp;
        sf->GetFourTuple(la, lp, ra, rp);
        if (sf->IsEstablished() && std::find(avoid.begin(), avoid.end(), la) == avoid.end())
        {
            sf->QueueSignal(option);
            // A segment without data has room for it (timestamps 10, DSS with a 64-bit
            // DATA_ACK 12, ADD_ADDR 16 bytes); data segments with a mapping have not.
            Simulator::ScheduleNow(&MpTcpSubflow::SendAckNow, sf);
            return true;
        }
    }
    NS_LOG_WARN(this << " no established subflow to signal on");
    return false;
}

void
MpTcpSocketBase::ResetSubflowsUsing(Ipv4Address address, bool local)
{
    std::vector<Ptr<MpTcpSubflow>> victims;
    for (const auto& sf : m_subflows)
    {
        Ipv4Address la;
        Ipv4Address ra;
        uint16_t lp;
        uint16_t rp;
        sf->GetFourTuple(la, lp, ra, rp);
        if (sf->GetState() != TcpSocket::CLOSED && (local ? la : ra) == address)
        {
            victims.push_back(sf);
        }
    }
    // Closed first, so that none of them is given the data of another.
    for (const auto& sf : victims)
    {
        NS_LOG_LOGIC(this << " resetting subflow " << sf->GetSubflowId() << ": address "
                          << address << " removed");
        sf->Abort();
    }
    for (const auto& sf : victims)
    {
        ReinjectHeldData(sf);
    }
}

void
MpTcpSocketBase::ReceivedAddAddr(Ptr<MpTcpSubflow> subflow, const AddAddrOption& option)
{
    if (!m_fallback)
    {
        GetPathManager()->ReceivedAddAddr(*this, subflow, option);
    }
}

void
MpTcpSocketBase::ReceivedRemoveAddr(Ptr<MpTcpSubflow> subflow, const RemoveAddrOption& option)
{
    if (!m_fallback)
    {
        GetPathManager()->ReceivedRemoveAddr(*this, subflow, option);
    }
}

const std::map<uint8_t, Ipv4Address>&
MpTcpSocketBase::GetLocalAddresses() const
{
    static const std::map<uint8_t, Ipv4Address> none;
    return m_pathManager ? m_pathManager->GetLocalAddresses() : none;
}

const std::map<uint8_t, Ipv4Address>&
MpTcpSocketBase::GetRemoteAddresses() const
{
    static const std::map<uint8_t, Ipv4Address> none;
    return m_pathManager ? m_pathManager->GetRemoteAddresses() : none;
}

uint64_t
MpTcpSocketBase::GetAddAddrEchoes() const
{
    return m_pathManager ? m_pathManager->GetAddAddrEchoes() : 0;
}

void
MpTcpSocketBase::ConnectionEstablished(Ptr<MpTcpSubflow> sf)
{
    m_state = ESTABLISHED;
    if (!m_fallback)
    {
        GetPathManager()->ConnectionEstablished(*this);
    }
}

void
MpTcpSocketBase::OnSubflowConnected(Ptr<Socket> s)
{
    Ptr<MpTcpSubflow> sf = DynamicCast<MpTcpSubflow>(s);
    if (sf->IsJoinPreEstablished())
    {
        return; // told again once the peer acknowledged the third ACK (RFC 8684 §3.2)
    }
    m_subflowEstablishedTrace(sf);
    if (m_firstDataRto.IsStrictlyPositive())
    {
        sf->ForgetHandshakeRtt(m_firstDataRto);
    }
    if (!m_connectedNotified && sf == m_subflows.front())
    {
        m_connectedNotified = true;
        ConnectionEstablished(sf);
        NotifyConnectionSucceeded();
        if (m_fallback)
        {
            m_joinsOpened = true; // plain TCP: no additional subflows
        }
    }
    SendPending();
}

void
MpTcpSocketBase::OnSubflowConnectFailed(Ptr<Socket> s)
{
    Ptr<MpTcpSubflow> sf = DynamicCast<MpTcpSubflow>(s);
    if (!m_subflows.empty() && sf == m_subflows.front() && !m_connectedNotified)
    {
        m_state = CLOSED;
        ReleaseToken();
        NotifyConnectionFailed();
    }
}

bool
MpTcpSocketBase::OnSubflowConnectionRequest(Ptr<Socket> s, const Address& from)
{
    return m_state == LISTEN ? NotifyConnectionRequest(from) : true;
}

void
MpTcpSocketBase::OnSubflowNewConnection(Ptr<Socket> s, const Address& from)
{
    Ptr<MpTcpSubflow> sf = DynamicCast<MpTcpSubflow>(s);
    // The listener's pending list may hold the last reference to this connection (a fallback
    // connection has no token): keep it alive until the application has it.
    Ptr<MpTcpSocketBase> self(this);
    m_subflowEstablishedTrace(sf);
    if (m_state == SYN_RCVD && !m_subflows.empty() && sf == m_subflows.front())
    {
        m_peerAddress = from;
        ConnectionEstablished(sf);
        Ptr<MpTcpSocketBase> listener = m_listener;
        if (listener)
        {
            auto& pending = listener->m_pending;
            pending.erase(std::remove(pending.begin(), pending.end(), self), pending.end());
            listener->NotifyNewConnectionCreated(this, from);
        }
    }
    SendPending();
}

void
MpTcpSocketBase::SubflowReachedClosed()
{
    if (m_state == LISTEN || m_state == CLOSED || m_subflows.empty())
    {
        return;
    }
    bool allClosed = std::all_of(m_subflows.begin(), m_subflows.end(), [](const auto& x) {
        return x->GetState() == TcpSocket::CLOSED;
    });
    if (allClosed && (m_state == CLOSING || m_state == ESTABLISHED || m_connectedNotified ||
                      m_state == SYN_RCVD))
    {
        NS_LOG_LOGIC("every subflow is CLOSED: connection CLOSED");
        m_state = CLOSED;
        m_dataFinTimer.Cancel();
        ReleaseToken();
    }
}

void
MpTcpSocketBase::OnSubflowNormalClose(Ptr<Socket> s)
{
    Ptr<MpTcpSubflow> sf = DynamicCast<MpTcpSubflow>(s);
    m_subflowClosedTrace(sf);
    if (m_aborted)
    {
        return;
    }
    if (sf->GetState() == TcpSocket::CLOSE_WAIT)
    {
        // The peer closed this subflow: close our side too, outside of its callback.
        Simulator::ScheduleNow(&MpTcpSubflow::CloseFromEvent, sf);
    }
    bool allDone = std::all_of(m_subflows.begin(), m_subflows.end(), [](const auto& x) {
        return MpTcpSubflow::IsClosingState(x->GetState());
    });
    if (allDone)
    {
        if (!m_peerCloseNotified && !m_closeRequested)
        {
            m_peerCloseNotified = true;
            NotifyNormalClose();
        }
        ReleaseToken();
    }
}

void
MpTcpSocketBase::OnSubflowErrorClose(Ptr<Socket> s)
{
    Ptr<MpTcpSubflow> sf = DynamicCast<MpTcpSubflow>(s);
    if (m_aborted)
    {
        m_subflowClosedTrace(sf);
        return;
    }
    if (!m_fallback && m_state != LISTEN && sf->GetRole() != MpTcpSubflow::ROLE_PLAIN)
    {
        // A RST we sent, or retries exhausted: TcpSocketBase releases the endpoint after this
        // callback; take the subflow out of the connection then.
        Simulator::ScheduleNow(&MpTcpSocketBase::SubflowReset, Ptr<MpTcpSocketBase>(this), sf);
        return;
    }
    m_subflowClosedTrace(sf);
    bool allDead = std::all_of(m_subflows.begin(), m_subflows.end(), [](const auto& x) {
        return x->GetState() == TcpSocket::CLOSED;
    });
    if (allDead)
    {
        ReleaseToken();
        if (!m_peerCloseNotified)
        {
            m_peerCloseNotified = true;
            NotifyErrorClose();
        }
    }
    else if (m_state == ESTABLISHED)
    {
        SendPending();
    }
}

} // namespace ns3
