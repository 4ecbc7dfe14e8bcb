/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-socket-base.h"

#include "ns3/mptcp-coupled-congestion-ops.h"
#include "ns3/mptcp-crypto.h"
#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-lia.h"
#include "ns3/mptcp-lowest-rtt-scheduler.h"
#include "ns3/mptcp-ndiffports-path-manager.h"
#include "ns3/mptcp-ns3-compat.h"

#include "ns3/boolean.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/loopback-net-device.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpSocketBase");
NS_OBJECT_ENSURE_REGISTERED(MpTcpSocketBase);

TypeId
MpTcpSocketBase::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MpTcpSocketBase")
            .SetParent<Socket>()
            .SetGroupName("Mptcp")
            .AddConstructor<MpTcpSocketBase>()
            .AddAttribute("NumSubflows",
                          "Subflows per connection opened by the ndiffports path manager, "
                          "including the initial one (1..32).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&MpTcpSocketBase::m_numSubflows),
                          MakeUintegerChecker<uint32_t>(1, 32))
            .AddAttribute("PathManager",
                          "The path manager, which decides which subflows a connection opens "
                          "and when (a subclass of ns3::MpTcpPathManager): "
                          "ns3::MpTcpNdiffportsPathManager (NumSubflows subflows over the "
                          "initial address pair, distinct source ports; Raiciu et al., "
                          "SIGCOMM 2011, §2) or ns3::MpTcpFullmeshPathManager (addresses "
                          "announced with ADD_ADDR; the active opener opens one subflow per "
                          "routable pair of local and remote addresses, up to MaxSubflows; "
                          "RFC 8684 §3.4, as Linux's fullmesh), or one of the user's.",
                          TypeIdValue(MpTcpNdiffportsPathManager::GetTypeId()),
                          MakeTypeIdAccessor(&MpTcpSocketBase::m_pathManagerTypeId),
                          MakeTypeIdChecker())
            .AddAttribute("MaxSubflows",
                          "Fullmesh: most subflows per connection, including the initial one "
                          "(1..32; subflows that closed do not count).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&MpTcpSocketBase::m_maxSubflows),
                          MakeUintegerChecker<uint32_t>(1, 32))
            .AddAttribute("SubflowsPerPair",
                          "Fullmesh: subflows per (local, remote) address pair, the initial one "
                          "included, opened round-robin over the pairs with distinct source "
                          "ports until MaxSubflows (1..32; default 1 = Linux's fullmesh). E.g. "
                          "8 subflows over the two NICs of dual-homed hosts (Raiciu et al., "
                          "SIGCOMM 2011, §5).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&MpTcpSocketBase::m_subflowsPerPair),
                          MakeUintegerChecker<uint32_t>(1, 32))
            .AddAttribute("MatchAddressIndex",
                          "Fullmesh: pair our i-th address (in interface order) only with the "
                          "peer's Address ID i (ID 0: the address it was reached at), for hosts "
                          "whose NIC i reaches only the peer's NIC i, e.g. the two switch planes "
                          "of a dual-homed FatTree (Raiciu et al., SIGCOMM 2011, §5). Default "
                          "false: every pair that routes.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&MpTcpSocketBase::m_matchAddressIndex),
                          MakeBooleanChecker())
            .AddAttribute("CongestionControl",
                          "Congestion control of each subflow: ns3::MpTcpLia (coupled, RFC "
                          "6356), any other MpTcpCoupledCongestionOps (ns3::MpTcpOlia, "
                          "ns3::MpTcpBalia, ns3::MpTcpEwtcp, ns3::MpTcpFullyCoupled, "
                          "ns3::MpTcpSemiCoupled, ns3::MpTcpXmp; coupled through this "
                          "connection) or any "
                          "TcpCongestionOps, e.g. ns3::TcpNewReno (uncoupled).",
                          TypeIdValue(MpTcpLia::GetTypeId()),
                          MakeTypeIdAccessor(&MpTcpSocketBase::m_congestionTypeId),
                          MakeTypeIdChecker())
            .AddAttribute("PenalizeSlowSubflow",
                          "When the receive window is full, halve the congestion window of the "
                          "subflow holding the oldest unacknowledged data, at most once per its "
                          "smoothed RTT (Linux MPTCP's mptcp_rcv_buf_optimization).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&MpTcpSocketBase::m_penalizeSlowSubflow),
                          MakeBooleanChecker())
            .AddAttribute("ReinjectOnTimeout",
                          "When a subflow's retransmission timer fires and another subflow is "
                          "established, send the data it holds again on the others (Linux "
                          "MPTCP's reinjection). False: the timed-out subflow alone recovers "
                          "its data, as in the MMPTCP thesis's ns-3 model (§4.8).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&MpTcpSocketBase::m_reinjectOnTimeout),
                          MakeBooleanChecker())
            .AddAttribute("FirstDataRto",
                          "If positive: every subflow this side opens forgets the RTT sample of "
                          "its handshake and times its first data segments with this "
                          "retransmission timeout, until data gives an RTT sample (the MMPTCP "
                          "thesis's ns-3 model did not time the SYN and started each subflow's "
                          "RTT estimate at 1.5 s). 0 (default): the handshake's sample counts "
                          "(RFC 6298 §2).",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&MpTcpSocketBase::m_firstDataRto),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Scheduler",
                          "The packet scheduler, which picks the subflow for the next data "
                          "(a subclass of ns3::MpTcpScheduler): ns3::MpTcpLowestRttScheduler "
                          "(lowest smoothed RTT first, Linux's default), "
                          "ns3::MpTcpRoundRobinScheduler (one segment per subflow in turn "
                          "among the subflows that can send) or "
                          "ns3::MpTcpStrictRoundRobinScheduler (the MMPTCP thesis model's "
                          "round robin: the turn passes over every open subflow in creation "
                          "order and stays with one whose MP_JOIN handshake is not complete, "
                          "so that nothing is sent until it completes).",
                          TypeIdValue(MpTcpLowestRttScheduler::GetTypeId()),
                          MakeTypeIdAccessor(&MpTcpSocketBase::SetSchedulerType),
                          MakeTypeIdChecker())
            .AddAttribute("DssChecksum",
                          "Ask for DSS checksums (MP_CAPABLE flag A, RFC 8684 §3.1, §3.3.1): "
                          "if either end asks, every mapping carries a checksum over its data "
                          "and a mismatch triggers MP_FAIL (§3.7). Linux's default is off.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&MpTcpSocketBase::m_checksumRequested),
                          MakeBooleanChecker())
            .AddAttribute("BackupSubflows",
                          "How many of the NumSubflows ndiffports subflows, counted from the "
                          "last, are opened as backups (B flag in their MP_JOIN SYN, RFC 8684 "
                          "section 3.2); the initial subflow stays regular (MP_CAPABLE has no "
                          "B flag: use SetSubflowBackup). 0..31, default 0.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&MpTcpSocketBase::m_backupSubflows),
                          MakeUintegerChecker<uint32_t>(0, 31))
            .AddAttribute("BackupRtoThreshold",
                          "Retransmission timeouts in a row, without new data acknowledged, "
                          "after which a regular subflow counts as unable to send, so that "
                          "backup subflows take the data (1 = Linux MPTCP v0.9x's 'potentially "
                          "failed' subflow). Default 1.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&MpTcpSocketBase::m_backupRtoThreshold),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SndBufSize",
                          "Connection-level send buffer, bytes.",
                          UintegerValue(131072),
                          MakeUintegerAccessor(&MpTcpSocketBase::m_sndBufSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("RcvBufSize",
                          "Connection-level receive buffer, bytes (also each subflow's).",
                          UintegerValue(131072),
                          MakeUintegerAccessor(&MpTcpSocketBase::m_rcvBufSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("SubflowEstablished",
                            "A subflow reached ESTABLISHED (an MP_JOIN subflow we opened: once the "
                            "peer acknowledged its third ACK, RFC 8684 §3.2).",
                            MakeTraceSourceAccessor(&MpTcpSocketBase::m_subflowEstablishedTrace),
                            "ns3::MpTcpSocketBase::SubflowTracedCallback")
            .AddTraceSource("SubflowClosed",
                            "A subflow closed (normally or by error).",
                            MakeTraceSourceAccessor(&MpTcpSocketBase::m_subflowClosedTrace),
                            "ns3::MpTcpSocketBase::SubflowTracedCallback")
            .AddTraceSource("SubflowPriority",
                            "A subflow became a backup (true) or a regular subflow (false) for "
                            "our scheduler, by our choice or the peer's B flag or MP_PRIO.",
                            MakeTraceSourceAccessor(&MpTcpSocketBase::m_subflowPriorityTrace),
                            "ns3::MpTcpSocketBase::SubflowPriorityTracedCallback")
            .AddTraceSource("DataAck",
                            "The DATA_ACK advanced: old and new value (data sequence numbers).",
                            MakeTraceSourceAccessor(&MpTcpSocketBase::m_dataAckTrace),
                            "ns3::TracedValueCallback::Uint64")
            .AddTraceSource("Reinjection",
                            "Data not yet DATA_ACKed was sent again on another subflow (after a "
                            "retransmission timeout, or opportunistically when the receive "
                            "window is full): DSN, bytes, the subflow carrying the copy.",
                            MakeTraceSourceAccessor(&MpTcpSocketBase::m_reinjectionTrace),
                            "ns3::MpTcpSocketBase::ReinjectionTracedCallback")
            .AddTraceSource("ProtocolError",
                            "A protocol error was counted (malformed option, HMAC mismatch, "
                            "unmapped data): the subflow and a description.",
                            MakeTraceSourceAccessor(&MpTcpSocketBase::m_protocolErrorTrace),
                            "ns3::MpTcpSocketBase::ProtocolErrorTracedCallback")
            .AddTraceSource("Fallback",
                            "The connection fell back to plain TCP after it was established "
                            "(RFC 8684 §3.7: options stripped, or MP_FAIL): the subflow and the "
                            "reason.",
                            MakeTraceSourceAccessor(&MpTcpSocketBase::m_fallbackTrace),
                            "ns3::MpTcpSocketBase::ProtocolErrorTracedCallback")
            .AddTraceSource("TcpRstReceived",
                            "A RST carrying MP_TCPRST arrived on a subflow (RFC 8684 §3.6): the "
                            "subflow and the reason code (0x00-0x06).",
                            MakeTraceSourceAccessor(&MpTcpSocketBase::m_tcpRstTrace),
                            "ns3::MpTcpSocketBase::TcpRstTracedCallback")
            .AddTraceSource("RemoteAddressAdded",
                            "The peer's address with this Address ID was learnt (verified "
                            "ADD_ADDR or MP_JOIN, RFC 8684 §3.4.1).",
                            MakeTraceSourceAccessor(&MpTcpSocketBase::m_remoteAddrAddedTrace),
                            "ns3::MpTcpSocketBase::AddressTracedCallback")
            .AddTraceSource("RemoteAddressRemoved",
                            "A REMOVE_ADDR withdrew the peer's address with this Address ID "
                            "(RFC 8684 §3.4.2); its subflows are reset.",
                            MakeTraceSourceAccessor(&MpTcpSocketBase::m_remoteAddrRemovedTrace),
                            "ns3::MpTcpSocketBase::AddressTracedCallback")
            .AddTraceSource("LocalAddressRemoved",
                            "Fullmesh: our address with this Address ID went away (its "
                            "interface is down); REMOVE_ADDR sent, its subflows reset.",
                            MakeTraceSourceAccessor(&MpTcpSocketBase::m_localAddrRemovedTrace),
                            "ns3::MpTcpSocketBase::AddressTracedCallback");
    return tid;
}

MpTcpSocketBase::MpTcpSocketBase()
{
    m_subflowFactory.SetTypeId(MpTcpSubflow::GetTypeId());
    m_rng = CreateObject<UniformRandomVariable>();
}

MpTcpSocketBase::MpTcpSocketBase(const MpTcpSocketBase& sock)
    : Socket(sock),
      m_numSubflows(sock.m_numSubflows),
      m_pathManagerTypeId(sock.m_pathManagerTypeId),
      m_subflowFactory(sock.m_subflowFactory),
      m_maxSubflows(sock.m_maxSubflows),
      m_subflowsPerPair(sock.m_subflowsPerPair),
      m_matchAddressIndex(sock.m_matchAddressIndex),
      m_congestionTypeId(sock.m_congestionTypeId),
      m_sndBufSize(sock.m_sndBufSize),
      m_rcvBufSize(sock.m_rcvBufSize),
      m_backupSubflows(sock.m_backupSubflows),
      m_backupRtoThreshold(sock.m_backupRtoThreshold),
      m_node(sock.m_node),
      m_tcp(sock.m_tcp),
      m_localAddress(sock.m_localAddress),
      m_penalizeSlowSubflow(sock.m_penalizeSlowSubflow),
      m_reinjectOnTimeout(sock.m_reinjectOnTimeout),
      m_firstDataRto(sock.m_firstDataRto),
      m_scheduler(sock.m_scheduler ? sock.m_scheduler->Fork() : nullptr),
      m_checksumRequested(sock.m_checksumRequested),
      m_pathManager(sock.m_pathManager ? sock.m_pathManager->Fork() : nullptr)
{
    m_rng = CreateObject<UniformRandomVariable>();
}

MpTcpSocketBase::~MpTcpSocketBase()
{
    CancelTimers();
}

void
MpTcpSocketBase::CancelTimers()
{
    // The events of these timers hold plain pointers to this connection and its path manager.
    m_sendPendingEvent.Cancel();
    m_dataFinTimer.Cancel();
    if (m_pathManager)
    {
        m_pathManager->Stop();
    }
}

void
MpTcpSocketBase::DoDispose()
{
    for (auto& sf : m_subflows)
    {
        sf->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        sf->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
        sf->SetConnectCallback(MakeNullCallback<void, Ptr<Socket>>(),
                               MakeNullCallback<void, Ptr<Socket>>());
        sf->SetCloseCallbacks(MakeNullCallback<void, Ptr<Socket>>(),
                              MakeNullCallback<void, Ptr<Socket>>());
        if (auto cc = DynamicCast<MpTcpCoupledCongestionOps>(sf->GetCongestionOps()))
        {
            cc->SetMeta(nullptr);
        }
        sf->SetMeta(nullptr, sf->GetRole());
    }
    for (auto& sf : {m_listenSubflow, m_joinAcceptor})
    {
        if (sf)
        {
            sf->SetMeta(nullptr, sf->GetRole());
        }
    }
    CancelTimers();
    m_subflows.clear();
    m_listenSubflow = nullptr;
    m_joinAcceptor = nullptr;
    ReleaseToken();
    m_pending.clear();
    m_listener = nullptr;
    m_sndUnsent.clear();
    m_sentUnacked.clear();
    m_reinjectQueue.clear();
    m_rx.Clear();
    m_pathManager = nullptr;
    m_tcp = nullptr;
    m_node = nullptr;
    Socket::DoDispose();
}

void
MpTcpSocketBase::SetNode(Ptr<Node> node)
{
    m_node = node;
}

void
MpTcpSocketBase::SetTcp(Ptr<MpTcpL4Protocol> tcp)
{
    m_tcp = tcp;
}

// ------------------------------------------------------------------------------------------
// Socket API

enum Socket::SocketErrno
MpTcpSocketBase::GetErrno() const
{
    return m_errno;
}

enum Socket::SocketType
MpTcpSocketBase::GetSocketType() const
{
    return NS3_SOCK_STREAM;
}

Ptr<Node>
MpTcpSocketBase::GetNode() const
{
    return m_node;
}

int
MpTcpSocketBase::Bind(const Address& address)
{
    if (!InetSocketAddress::IsMatchingType(address))
    {
        m_errno = ERROR_AFNOSUPPORT;
        return -1;
    }
    m_localAddress = address;
    return 0;
}

int
MpTcpSocketBase::Bind()
{
    m_localAddress = InetSocketAddress(Ipv4Address::GetAny(), 0);
    return 0;
}

int
MpTcpSocketBase::Bind6()
{
    m_errno = ERROR_AFNOSUPPORT; // this model runs MPTCP over IPv4
    return -1;
}

int
MpTcpSocketBase::Listen()
{
    if (m_state != CLOSED)
    {
        m_errno = ERROR_INVAL;
        return -1;
    }
    if (m_localAddress.IsInvalid())
    {
        Bind();
    }
    GetPathManager(); // forked by every connection this socket accepts
    m_listenSubflow = CreateSubflow(MpTcpSubflow::ROLE_LISTENER);
    if (m_listenSubflow->Bind(m_localAddress) != 0 || m_listenSubflow->Listen() != 0)
    {
        m_errno = m_listenSubflow->GetErrno();
        return -1;
    }
    m_state = LISTEN;
    return 0;
}

int
MpTcpSocketBase::Connect(const Address& address)
{
    if (m_state != CLOSED || !InetSocketAddress::IsMatchingType(address))
    {
        m_errno = m_state != CLOSED ? ERROR_ISCONN : ERROR_AFNOSUPPORT;
        return -1;
    }
    m_peerAddress = address;
    GenerateKey();
    Ptr<MpTcpSubflow> sf = CreateSubflow(MpTcpSubflow::ROLE_MP_CAPABLE);
    int r = m_localAddress.IsInvalid() ? sf->Bind() : sf->Bind(m_localAddress);
    if (r != 0)
    {
        m_errno = sf->GetErrno();
        return -1;
    }
    m_state = SYN_SENT;
    return sf->Connect(address);
}

int
MpTcpSocketBase::Close()
{
    if (m_state == LISTEN)
    {
        m_listenSubflow->Close();
        m_state = CLOSED;
        return 0;
    }
    if (m_state == CLOSED)
    {
        return 0;
    }
    if (m_rx.GetAvailable() > 0)
    {
        // As TcpSocketBase: closing with unread data aborts the connection.
        NS_LOG_WARN(this << " Close() with " << m_rx.GetAvailable() << " unread bytes: aborting");
        Abort();
        return 0;
    }
    m_closeRequested = true;
    MaybeFinishClose();
    return 0;
}

int
MpTcpSocketBase::ShutdownSend()
{
    m_shutdownSend = true;
    return 0;
}

int
MpTcpSocketBase::ShutdownRecv()
{
    m_shutdownRecv = true;
    return 0;
}

uint32_t
MpTcpSocketBase::GetRxAvailable() const
{
    return m_rx.GetAvailable();
}

Ptr<Packet>
MpTcpSocketBase::Recv(uint32_t maxSize, uint32_t flags)
{
    return m_rx.Read(maxSize);
}

Ptr<Packet>
MpTcpSocketBase::RecvFrom(uint32_t maxSize, uint32_t flags, Address& fromAddress)
{
    Ptr<Packet> p = Recv(maxSize, flags);
    if (p)
    {
        GetPeerName(fromAddress);
    }
    return p;
}

int
MpTcpSocketBase::GetSockName(Address& address) const
{
    if (!m_subflows.empty())
    {
        return m_subflows.front()->GetSockName(address);
    }
    if (m_listenSubflow)
    {
        return m_listenSubflow->GetSockName(address);
    }
    address = m_localAddress.IsInvalid() ? Address(InetSocketAddress(Ipv4Address::GetAny(), 0))
                                         : m_localAddress;
    return 0;
}

int
MpTcpSocketBase::GetPeerName(Address& address) const
{
    if (m_peerAddress.IsInvalid())
    {
        m_errno = ERROR_NOTCONN;
        return -1;
    }
    address = m_peerAddress;
    return 0;
}

bool
MpTcpSocketBase::SetAllowBroadcast(bool allowBroadcast)
{
    return !allowBroadcast;
}

bool
MpTcpSocketBase::GetAllowBroadcast() const
{
    return false;
}

// ------------------------------------------------------------------------------------------
// State and keys

MpTcpSocketBase::State
MpTcpSocketBase::GetState() const
{
    return m_state;
}

bool
MpTcpSocketBase::IsFallback() const
{
    return m_fallback;
}

uint64_t
MpTcpSocketBase::GetLocalKey() const
{
    return m_localKey;
}

uint32_t
MpTcpSocketBase::GetLocalToken() const
{
    return m_localToken;
}

uint64_t
MpTcpSocketBase::GetRemoteKey() const
{
    return m_remoteKey;
}

uint32_t
MpTcpSocketBase::GetRemoteToken() const
{
    return m_remoteToken;
}

bool
MpTcpSocketBase::HasRemoteKey() const
{
    return m_remoteKeyKnown;
}

uint64_t
MpTcpSocketBase::GetLocalIdsn() const
{
    return m_localIdsn;
}

uint64_t
MpTcpSocketBase::GetRemoteIdsn() const
{
    return m_remoteIdsn;
}

bool
MpTcpSocketBase::GetDataAckToSend(uint64_t& ack) const
{
    if (!m_remoteKeyKnown || m_fallback)
    {
        return false;
    }
    ack = m_rx.GetNext();
    return true;
}

bool
MpTcpSocketBase::IsDataFinReceived() const
{
    return m_rcvDataFinDone;
}

void
MpTcpSocketBase::ReceivedDataFin(uint64_t dsn)
{
    if (m_fallback)
    {
        return;
    }
    if (m_rcvDataFin && dsn != m_rcvDataFinDsn)
    {
        NS_LOG_WARN("DATA_FIN at DSN " << dsn << " after one at " << m_rcvDataFinDsn);
        return;
    }
    if (!m_rcvDataFin)
    {
        NS_LOG_LOGIC("peer's DATA_FIN at DSN " << dsn);
    }
    m_rcvDataFin = true;
    m_rcvDataFinDsn = dsn;
    if (m_rcvDataFinDone)
    {
        // A retransmitted DATA_FIN: our DATA_ACK was lost. Acknowledge again.
        for (const auto& sf : m_subflows)
        {
            Simulator::ScheduleNow(&MpTcpSubflow::SendAckNow, sf);
        }
        return;
    }
    CheckDataFin();
}

void
MpTcpSocketBase::CheckDataFin()
{
    if (!m_rcvDataFin || m_rcvDataFinDone || m_rx.GetNext() != m_rcvDataFinDsn)
    {
        return;
    }
    m_rcvDataFinDone = true;
    m_rx.Advance(1); // the DATA_FIN occupies one octet of data sequence space
    // DATA_ACK it now: the DATA_FIN arrived on a segment TCP itself does not acknowledge.
    for (const auto& sf : m_subflows)
    {
        Simulator::ScheduleNow(&MpTcpSubflow::SendAckNow, sf);
    }
    if (!m_peerCloseNotified && !m_closeRequested)
    {
        // After the data of this event has been handed to the application.
        m_peerCloseNotified = true;
        Simulator::ScheduleNow(&MpTcpSocketBase::NotifyNormalClose,
                               Ptr<MpTcpSocketBase>(this));
    }
}

uint64_t
MpTcpSocketBase::GetBytesReceived() const
{
    return m_rx.GetDelivered();
}

void
MpTcpSocketBase::GenerateKey()
{
    do
    {
        m_localKey = (uint64_t(m_rng->GetInteger(0, 0xffffffffU)) << 32) |
                     m_rng->GetInteger(0, 0xffffffffU);
        m_localToken = MpTcpCrypto::Token(m_localKey);
    } while (m_tcp->LookupToken(m_localToken));
    m_localIdsn = MpTcpCrypto::Idsn(m_localKey);
    m_dataNxt = m_dataUna = m_localIdsn + 1;
    m_tokenRegistered = m_tcp->AddToken(m_localToken, this);
}

void
MpTcpSocketBase::ReleaseToken()
{
    if (m_tokenRegistered && m_tcp)
    {
        m_tokenRegistered = false;
        m_tcp->RemoveToken(m_localToken);
    }
}

void
MpTcpSocketBase::ReceivedRemoteKey(uint64_t key)
{
    if (m_remoteKeyKnown)
    {
        if (key != m_remoteKey)
        {
            ProtocolError(nullptr, "peer key changed");
        }
        return;
    }
    m_remoteKey = key;
    m_remoteToken = MpTcpCrypto::Token(key);
    m_remoteIdsn = MpTcpCrypto::Idsn(key);
    m_remoteKeyKnown = true;
    m_rx.SetNext(m_remoteIdsn + 1);
}

uint64_t
MpTcpSocketBase::ExpandRemoteDsn(uint32_t low32) const
{
    const uint64_t span = uint64_t(1) << 32;
    const uint64_t next = m_rx.GetNext();
    uint64_t candidate = (next & ~(span - 1)) | low32;
    if (candidate + span / 2 < next)
    {
        candidate += span;
    }
    else if (candidate > next + span / 2 && candidate >= span)
    {
        candidate -= span;
    }
    return candidate;
}


uint32_t
MpTcpSocketBase::GetRxOutOfOrderBytes() const
{
    return m_rx.GetOutOfOrderBytes();
}

// ------------------------------------------------------------------------------------------
// Receive path (data from the subflows to the reassembly queue)

void
MpTcpSocketBase::OnSubflowRecv(Ptr<Socket> s)
{
    Ptr<MpTcpSubflow> sf = DynamicCast<MpTcpSubflow>(s);
    uint32_t before = m_rx.GetAvailable();
    // The storage of the previous call: no heap allocation per chunk (a nested call, which
    // finds the spare empty, uses storage of its own).
    static std::vector<MpTcpSubflow::Mapping> spare;
    std::vector<MpTcpSubflow::Mapping> pieces;
    pieces.swap(spare);
    while (true)
    {
        Ptr<Packet> p = sf->Recv(std::numeric_limits<uint32_t>::max(), 0);
        if (!p || p->GetSize() == 0)
        {
            break;
        }
        if ((m_fallback && !sf->UsesInfiniteMapping()) ||
            sf->GetRole() == MpTcpSubflow::ROLE_PLAIN)
        {
            // Fallback: the subflow's byte stream is the connection's (RFC 8684 §3.7).
            m_rx.AppendInSequence(p, false);
            continue;
        }
        bool mapped = sf->MapReceivedBytes(p->GetSize(), pieces);
        uint32_t mappedBytes = 0;
        for (const auto& piece : pieces)
        {
            ReceivedData(piece.dsn, p->CreateFragment(piece.ssn, piece.length));
            mappedBytes = piece.ssn + piece.length;
        }
        if (!mapped && ReceivedUnmappedData(sf))
        {
            // Fallback: the rest of the chunk continues the connection's byte stream.
            Ptr<Packet> rest = p->CreateFragment(mappedBytes, p->GetSize() - mappedBytes);
            m_rx.AppendInSequence(rest, true);
        }
    }
    pieces.clear();
    if (pieces.capacity() > spare.capacity())
    {
        pieces.swap(spare);
    }
    if (m_rx.GetAvailable() > before && !m_shutdownRecv)
    {
        NotifyDataRecv();
    }
}

void
MpTcpSocketBase::ReceivedData(uint64_t dsn, Ptr<Packet> p)
{
    if (m_rx.Insert(dsn, p))
    {
        CheckDataFin();
    }
}

uint64_t
MpTcpSocketBase::GetDataOutstanding() const
{
    return m_dataNxt - m_dataUna;
}

uint64_t
MpTcpSocketBase::GetUnsentBytes() const
{
    return m_sndUnsentBytes;
}

} // namespace ns3
