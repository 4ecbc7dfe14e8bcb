/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "mptcp-socket-base.h"

#include "mptcp-coupled-congestion-ops.h"
#include "mptcp-crypto.h"
#include "mptcp-fullmesh-path-manager.h"
#include "mptcp-l4-protocol.h"
#include "mptcp-lia.h"
#include "mptcp-lowest-rtt-scheduler.h"
#include "mptcp-ndiffports-path-manager.h"
#include "mptcp-ns3-compat.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
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

namespace
{
/// Closes a subflow from a scheduled event (never from inside its own callbacks).
void
CloseSubflow(Ptr<MpTcpSubflow> sf)
{
    sf->Close();
}

/// True in the states in which a subflow will carry no more data.
bool
IsClosingState(TcpSocket::TcpStates_t s)
{
    return s == TcpSocket::CLOSED || s == TcpSocket::CLOSE_WAIT || s == TcpSocket::LAST_ACK ||
           s == TcpSocket::TIME_WAIT || s == TcpSocket::CLOSING || s == TcpSocket::FIN_WAIT_1 ||
           s == TcpSocket::FIN_WAIT_2;
}
} // namespace

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
                          "Which subflows a connection opens: Ndiffports "
                          "(ns3::MpTcpNdiffportsPathManager: NumSubflows subflows over the "
                          "initial address pair, distinct source ports) or Fullmesh "
                          "(ns3::MpTcpFullmeshPathManager: addresses announced with ADD_ADDR; "
                          "the active opener opens one subflow per routable pair of local and "
                          "remote addresses, up to MaxSubflows; RFC 8684 §3.4, as Linux's "
                          "fullmesh). Used unless PathManagerType names another path manager.",
                          EnumValue(MpTcpSocketBase::NDIFFPORTS),
                          MPTCP_ENUM_ACCESSOR(MpTcpSocketBase::PathManager,
                                              &MpTcpSocketBase::m_pathManagerKind),
                          MakeEnumChecker(MpTcpSocketBase::NDIFFPORTS,
                                          "Ndiffports",
                                          MpTcpSocketBase::FULLMESH,
                                          "Fullmesh"))
            .AddAttribute("PathManagerType",
                          "The path manager (a subclass of ns3::MpTcpPathManager), e.g. "
                          "ns3::MpTcpNdiffportsPathManager, ns3::MpTcpFullmeshPathManager or "
                          "one of the user's. The default, ns3::MpTcpPathManager itself, means "
                          "the one the enum attribute PathManager names.",
                          TypeIdValue(MpTcpPathManager::GetTypeId()),
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
                          "ns3::MpTcpSemiCoupled; coupled through this connection) or any "
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
                            "A subflow reached ESTABLISHED.",
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
    m_rng = CreateObject<UniformRandomVariable>();
}

MpTcpSocketBase::MpTcpSocketBase(const MpTcpSocketBase& sock)
    : Socket(sock),
      m_numSubflows(sock.m_numSubflows),
      m_pathManagerKind(sock.m_pathManagerKind),
      m_pathManagerTypeId(sock.m_pathManagerTypeId),
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

MpTcpSocketBase::~MpTcpSocketBase() = default;

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
    m_dataFinTimer.Cancel();
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

void
MpTcpSocketBase::Abort()
{
    if (m_state == LISTEN)
    {
        Close();
        return;
    }
    if (m_state == CLOSED || m_aborted)
    {
        return;
    }
    NS_LOG_INFO(this << " abort" << (m_fallback ? "" : " with MP_FASTCLOSE"));
    m_closeRequested = true;
    TearDown(true, !m_fallback && m_remoteKeyKnown);
}

void
MpTcpSocketBase::TearDown(bool sendRst, bool fastClose)
{
    Ptr<MpTcpSocketBase> self(this);
    m_aborted = true;
    m_peerCloseNotified = true; // no normal close after this
    m_state = CLOSED;
    m_dataFinTimer.Cancel();
    m_sendPendingEvent.Cancel();
    auto subflows = m_subflows; // Reset() calls back into us
    for (const auto& sf : subflows)
    {
        sf->Reset(MpTcpRstReason::UNSPECIFIED, fastClose, sendRst);
    }
    ReleaseToken();
    m_sndUnsent.clear();
    m_sndUnsentBytes = 0;
    m_sentUnacked.clear();
    m_reinjectQueue.clear();
    m_rx.Clear();
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
MpTcpSocketBase::GetTxAvailable() const
{
    uint64_t used = m_sndUnsentBytes + (m_dataNxt - m_dataUna);
    return used >= m_sndBufSize ? 0 : m_sndBufSize - used;
}

int
MpTcpSocketBase::Send(Ptr<Packet> p, uint32_t flags)
{
    if (m_state != ESTABLISHED && m_state != SYN_SENT && m_state != SYN_RCVD)
    {
        m_errno = ERROR_NOTCONN;
        return -1;
    }
    if (m_shutdownSend || m_closeRequested)
    {
        m_errno = ERROR_SHUTDOWN;
        return -1;
    }
    uint32_t size = p->GetSize();
    if (size > GetTxAvailable())
    {
        m_errno = ERROR_MSGSIZE;
        return -1;
    }
    if (size == 0)
    {
        return 0;
    }
    m_sndUnsent.push_back(p->Copy());
    m_sndUnsentBytes += size;
    if (m_state == ESTABLISHED && m_sendPendingEvent.IsExpired())
    {
        // Let the application fill the buffer first, as TcpSocketBase does.
        m_sendPendingEvent =
            Simulator::ScheduleNow(&MpTcpSocketBase::SendPending, Ptr<MpTcpSocketBase>(this));
    }
    return size;
}

int
MpTcpSocketBase::SendTo(Ptr<Packet> p, uint32_t flags, const Address& toAddress)
{
    return Send(p, flags);
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

void
MpTcpSocketBase::SetSubflowBackup(Ptr<MpTcpSubflow> subflow, bool backup)
{
    if (std::find(m_subflows.begin(), m_subflows.end(), subflow) == m_subflows.end())
    {
        NS_LOG_WARN(this << " SetSubflowBackup: not a subflow of this connection");
        return;
    }
    subflow->SetLocalBackup(backup);
}

bool
MpTcpSocketBase::HasUsableRegularSubflow() const
{
    return std::any_of(m_subflows.begin(), m_subflows.end(), [this](const auto& sf) {
        return sf->IsEstablished() && !sf->IsBackup() &&
               sf->GetConsecutiveRtos() < m_backupRtoThreshold;
    });
}

bool
MpTcpSocketBase::MaySchedule(Ptr<MpTcpSubflow> sf) const
{
    if (!sf->IsEstablished() || !IsSubflowActive(sf))
    {
        return false;
    }
    if (sf->IsBackup())
    {
        return !HasUsableRegularSubflow();
    }
    // A regular subflow whose retransmission timer fired and that has not made progress since
    // is "potentially failed" (Linux MPTCP): no new data for it while another regular subflow
    // works, or the data would wait for its next timeout.
    return sf->GetConsecutiveRtos() < m_backupRtoThreshold || !HasUsableRegularSubflow();
}

void
MpTcpSocketBase::SubflowPriorityChanged(Ptr<MpTcpSubflow> subflow)
{
    NS_LOG_INFO(this << " subflow " << subflow->GetSubflowId()
                     << (subflow->IsBackup() ? " is a backup" : " is regular"));
    m_subflowPriorityTrace(subflow, subflow->IsBackup());
    if (m_state == ESTABLISHED && m_sendPendingEvent.IsExpired())
    {
        // From an event of its own: this may run while a subflow processes a segment.
        m_sendPendingEvent =
            Simulator::ScheduleNow(&MpTcpSocketBase::SendPending, Ptr<MpTcpSocketBase>(this));
    }
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
MpTcpSocketBase::GetDataFinToSend(uint64_t& dsn) const
{
    if (!m_dataFinSent || m_dataUna > m_dataFinDsn)
    {
        return false;
    }
    dsn = m_dataFinDsn;
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

uint64_t
MpTcpSocketBase::GetBytesAcked() const
{
    if (m_dataFinSent && m_dataUna > m_dataFinDsn)
    {
        return m_dataFinDsn - (m_localIdsn + 1); // not the DATA_FIN's octet
    }
    return m_dataUna - (m_localIdsn + 1);
}

uint64_t
MpTcpSocketBase::GetProtocolErrors() const
{
    return m_protocolErrors;
}

void
MpTcpSocketBase::GetSubflowWindows(std::vector<SubflowWindow>& out) const
{
    out.clear();
    for (const auto& sf : m_subflows)
    {
        if (sf->IsEstablished() && sf->HasRttSample() && IsSubflowActive(sf))
        {
            out.push_back({double(sf->GetCwnd()), sf->GetSrtt().GetSeconds()});
        }
    }
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

void
MpTcpSocketBase::FallBackToTcp()
{
    NS_LOG_INFO(this << " peer does not speak MPTCP: falling back to TCP");
    m_fallback = true;
    ReleaseToken();
}

void
MpTcpSocketBase::ProtocolError(Ptr<MpTcpSubflow> subflow, const std::string& what)
{
    ++m_protocolErrors;
    NS_LOG_WARN(this << " protocol error: " << what);
    m_protocolErrorTrace(subflow, what);
}

bool
MpTcpSocketBase::IsChecksumRequested() const
{
    return m_checksumRequested;
}

bool
MpTcpSocketBase::IsChecksumInUse() const
{
    return m_checksumInUse;
}

void
MpTcpSocketBase::NegotiateChecksum(bool peerRequested)
{
    m_checksumInUse = m_checksumRequested || peerRequested;
}

uint64_t
MpTcpSocketBase::GetChecksumFailures() const
{
    return m_checksumFailures;
}

void
MpTcpSocketBase::ChecksumFailed(Ptr<MpTcpSubflow> subflow, uint64_t dsn)
{
    ++m_checksumFailures;
    ProtocolError(subflow, "DSS checksum failure");
    if (m_fallback)
    {
        return;
    }
    subflow->SendMpFail(dsn);
    if (GetNEstablishedSubflows() > 1)
    {
        // §3.7: with other subflows, close this one; its data is reinjected elsewhere.
        ResetBrokenSubflow(subflow);
    }
    else
    {
        // §3.7: the only subflow: the sender answers with an infinite mapping; until it
        // arrives, what this subflow receives is dropped.
        subflow->AwaitInfiniteMapping();
    }
}

void
MpTcpSocketBase::ReceivedMpFail(Ptr<MpTcpSubflow> subflow, uint64_t dsn)
{
    if (m_fallback || GetNEstablishedSubflows() > 1)
    {
        return; // several subflows: the peer resets this one
    }
    if (dsn < m_dataUna || dsn > m_dataNxt)
    {
        ProtocolError(subflow, "MP_FAIL outside the data sent");
        return;
    }
    // Send everything from dsn again, as plain TCP after an infinite mapping (§3.7): the
    // receiver dropped the failed mapping and what followed it on this subflow.
    for (auto it = m_sentUnacked.rbegin(); it != m_sentUnacked.rend(); ++it)
    {
        if (it->first >= dsn)
        {
            m_sndUnsent.push_front(it->second.packet->Copy());
            m_sndUnsentBytes += it->second.packet->GetSize();
        }
    }
    m_dataNxt = dsn;
    subflow->StartInfiniteMapping(dsn);
    EnterFallback(subflow, "MP_FAIL received: infinite mapping");
    Simulator::ScheduleNow(&MpTcpSocketBase::SendPending, Ptr<MpTcpSocketBase>(this));
}

bool
MpTcpSocketBase::ReceivedUnmappedData(Ptr<MpTcpSubflow> subflow)
{
    if (m_fallback)
    {
        return true;
    }
    uint64_t lastDsnEnd = 0;
    if (!m_checksumInUse && GetNEstablishedSubflows() == 1 && m_rx.IsOutOfOrderEmpty() &&
        subflow->GetLastMappedDsnEnd(lastDsnEnd) && lastDsnEnd == m_rx.GetNext() &&
        !subflow->HasPendingRxMappings())
    {
        // The subflow carried the connection's bytes in order up to here: an implicit
        // infinite mapping continues them (RFC 8684 §3.7).
        EnterFallback(subflow, "data without DSS: implicit infinite mapping");
        return true;
    }
    ProtocolError(subflow, "data without a data sequence mapping");
    if (GetNEstablishedSubflows() > 1)
    {
        ResetBrokenSubflow(subflow);
    }
    return false;
}

void
MpTcpSocketBase::PeerStoppedMpTcp(Ptr<MpTcpSubflow> subflow)
{
    if (m_fallback)
    {
        return;
    }
    if (GetNEstablishedSubflows() == 1)
    {
        EnterFallback(subflow, "ACK without MPTCP options");
    }
    else
    {
        ProtocolError(subflow, "ACK without MPTCP options");
        ResetBrokenSubflow(subflow);
    }
}

void
MpTcpSocketBase::EnterFallback(Ptr<MpTcpSubflow> sf, const std::string& why)
{
    NS_LOG_INFO(this << " falling back to TCP: " << why);
    m_fallback = true;
    if (!sf->UsesInfiniteMapping())
    {
        sf->SetRole(MpTcpSubflow::ROLE_PLAIN);
    }
    // What the subflow carries is now the connection's byte stream, delivered by TCP.
    m_sentUnacked.clear();
    m_reinjectQueue.clear();
    m_dataUna = m_dataNxt;
    m_dataFinTimer.Cancel();
    ReleaseToken();
    m_fallbackTrace(sf, why);
    if (!m_closeRequested && !m_shutdownSend && GetTxAvailable() > 0)
    {
        NotifySend(GetTxAvailable());
    }
}

void
MpTcpSocketBase::ReceivedInfiniteMapping(Ptr<MpTcpSubflow> subflow)
{
    if (!m_fallback)
    {
        EnterFallback(subflow, "infinite mapping received");
    }
}

void
MpTcpSocketBase::ResetBrokenSubflow(Ptr<MpTcpSubflow> sf)
{
    // Not from inside the subflow's own receive processing.
    Simulator::ScheduleNow(&MpTcpSubflow::Reset,
                           sf,
                           MpTcpRstReason::MIDDLEBOX_INTERFERENCE,
                           false,
                           true);
}


bool
MpTcpSocketBase::ReceivedFastClose(Ptr<MpTcpSubflow> subflow, uint64_t key, bool inRst)
{
    if (key != m_localKey)
    {
        ProtocolError(subflow, "MP_FASTCLOSE with a wrong key");
        return false;
    }
    if (m_aborted)
    {
        return true;
    }
    NS_LOG_INFO(this << " MP_FASTCLOSE received" << (inRst ? " in a RST" : " on an ACK"));
    ++m_fastClosesReceived;
    // Option R: the peer reset every subflow already. Option A: answer with RSTs.
    TearDown(!inRst, false);
    Simulator::ScheduleNow(&MpTcpSocketBase::NotifyErrorClose, Ptr<MpTcpSocketBase>(this));
    return true;
}

void
MpTcpSocketBase::ReceivedTcpRst(Ptr<MpTcpSubflow> subflow, MpTcpRstReason reason)
{
    NS_LOG_INFO(this << " MP_TCPRST reason " << int(reason) << " on subflow "
                     << subflow->GetSubflowId());
    ++m_tcpRstReceived[static_cast<uint8_t>(reason)];
    m_tcpRstTrace(subflow, static_cast<uint8_t>(reason));
}

void
MpTcpSocketBase::SubflowReset(Ptr<MpTcpSubflow> subflow)
{
    uint32_t id = subflow->GetSubflowId();
    if (m_aborted || m_state == LISTEN ||
        std::find(m_resetSubflowIds.begin(), m_resetSubflowIds.end(), id) !=
            m_resetSubflowIds.end())
    {
        return;
    }
    m_resetSubflowIds.push_back(id);
    ++m_subflowResets;
    subflow->Reset(MpTcpRstReason::UNSPECIFIED, false, false); // CLOSED, endpoint released
    m_subflowClosedTrace(subflow);
    bool anyLeft = std::any_of(m_subflows.begin(), m_subflows.end(), [](const auto& x) {
        return x->GetState() != TcpSocket::CLOSED;
    });
    if (!anyLeft)
    {
        NS_LOG_INFO(this << " last subflow reset: connection failed");
        m_state = CLOSED;
        m_dataFinTimer.Cancel();
        ReleaseToken();
        if (!m_peerCloseNotified)
        {
            m_peerCloseNotified = true;
            NotifyErrorClose();
        }
        return;
    }
    if (m_fallback)
    {
        return;
    }
    // Reinject what it carried and the peer has not DATA_ACKed, whether or not the subflow
    // acknowledged it (RFC 8684 §3.3.6: only DATA_ACKed data is safe).
    std::vector<uint64_t> dsns;
    for (const auto& [dsn, chunk] : m_sentUnacked)
    {
        if (chunk.subflowId == id && dsn >= m_dataUna)
        {
            dsns.push_back(dsn);
        }
    }
    std::vector<MpTcpSubflow::Mapping> held;
    subflow->TakeUnackedForReinjection(held);
    for (const auto& m : held)
    {
        for (auto it = m_sentUnacked.lower_bound(m.dsn);
             it != m_sentUnacked.end() && it->first < m.dsn + m.length;
             ++it)
        {
            if (it->first >= m_dataUna)
            {
                dsns.push_back(it->first);
            }
        }
    }
    std::sort(dsns.begin(), dsns.end());
    dsns.erase(std::unique(dsns.begin(), dsns.end()), dsns.end());
    for (uint64_t dsn : dsns)
    {
        m_reinjectQueue.emplace_back(dsn, id);
    }
    NS_LOG_INFO(this << " subflow " << id << " reset: " << dsns.size() << " chunks reinjected");
    SendPending();
}

bool
MpTcpSocketBase::AcceptMapping(Ptr<MpTcpSubflow> subflow, uint64_t dsn, uint32_t length)
{
    if (!m_remoteKeyKnown || m_rx.FitsWindow(dsn, length, m_rcvBufSize))
    {
        return true; // (old data is dropped as a duplicate later, not counted)
    }
    ++m_outOfWindowMappings;
    ProtocolError(subflow, "DSS mapping outside the receive window");
    return false;
}

void
MpTcpSocketBase::CountJoinFailure()
{
    ++m_joinFailures;
}

uint64_t
MpTcpSocketBase::GetFastClosesReceived() const
{
    return m_fastClosesReceived;
}

uint64_t
MpTcpSocketBase::GetSubflowResets() const
{
    return m_subflowResets;
}

uint32_t
MpTcpSocketBase::GetRxOutOfOrderBytes() const
{
    return m_rx.GetOutOfOrderBytes();
}

uint64_t
MpTcpSocketBase::GetTcpRstReceived(MpTcpRstReason reason) const
{
    auto it = m_tcpRstReceived.find(static_cast<uint8_t>(reason));
    return it == m_tcpRstReceived.end() ? 0 : it->second;
}

uint64_t
MpTcpSocketBase::GetOutOfWindowMappings() const
{
    return m_outOfWindowMappings;
}

uint64_t
MpTcpSocketBase::GetJoinFailures() const
{
    return m_joinFailures;
}

// ------------------------------------------------------------------------------------------
// Subflows

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
    Ptr<MpTcpSubflow> sf = CreateObject<MpTcpSubflow>();
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
        TypeId tid = m_pathManagerTypeId;
        if (tid == MpTcpPathManager::GetTypeId())
        {
            tid = m_pathManagerKind == FULLMESH ? MpTcpFullmeshPathManager::GetTypeId()
                                                : MpTcpNdiffportsPathManager::GetTypeId();
        }
        ObjectFactory f;
        f.SetTypeId(tid);
        m_pathManager = DynamicCast<MpTcpPathManager>(f.Create());
        NS_ABORT_MSG_IF(!m_pathManager,
                        "MpTcpSocketBase::PathManagerType: "
                            << tid.GetName() << " is not an ns3::MpTcpPathManager");
    }
    return m_pathManager;
}

void
MpTcpSocketBase::SetPathManager(Ptr<MpTcpPathManager> pm)
{
    NS_ABORT_MSG_IF(!pm, "MpTcpSocketBase::SetPathManager: null path manager");
    m_pathManager = pm;
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
            [this](TcpSocket::TcpStates_t, TcpSocket::TcpStates_t now) {
                if (now == TcpSocket::CLOSED)
                {
                    // TracedValue calls back before it stores the new state: look later.
                    Simulator::ScheduleNow(&MpTcpSocketBase::SubflowReachedClosed,
                                           Ptr<MpTcpSocketBase>(this));
                }
            }));
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
            for (const auto& o : child->GetSynOptions())
            {
                if (std::holds_alternative<MpScatterOption>(o))
                {
                    // The peer scatters (PacketScatterSocket, MmpTcpSocket): find its
                    // segments by token whatever their source port.
                    m_tcp->AcceptScatter(conn->GetLocalToken());
                }
            }
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
MpTcpSocketBase::SendSignal(const MpTcpOption& option)
{
    for (const auto& sf : m_subflows)
    {
        if (sf->IsEstablished())
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
MpTcpSocketBase::OnSubflowRecv(Ptr<Socket> s)
{
    Ptr<MpTcpSubflow> sf = DynamicCast<MpTcpSubflow>(s);
    uint32_t before = m_rx.GetAvailable();
    std::vector<MpTcpSubflow::Mapping> pieces;
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

void
MpTcpSocketBase::OnSubflowSendSpace(Ptr<Socket> s, uint32_t available)
{
    if (m_state == ESTABLISHED && HasDataToSchedule())
    {
        m_scheduler->SubflowHasSpace(*this, DynamicCast<MpTcpSubflow>(s));
    }
    if (m_fallback && m_state == ESTABLISHED && !m_closeRequested && !m_shutdownSend &&
        GetTxAvailable() > 0)
    {
        // Plain TCP: the subflow's send buffer is the only one that drains (no DATA_ACK):
        // let the application write more.
        NotifySend(GetTxAvailable());
    }
    MaybeFinishClose();
}

bool
MpTcpSocketBase::PullData(Ptr<MpTcpSubflow> subflow)
{
    if (m_state != ESTABLISHED || !HasDataToSchedule())
    {
        return false;
    }
    return m_scheduler->SubflowPulls(*this, subflow);
}

bool
MpTcpSocketBase::PeerAckedData() const
{
    return m_peerAckedData;
}

uint64_t
MpTcpSocketBase::GetReinjectedBytes() const
{
    return m_reinjectedBytes;
}

void
MpTcpSocketBase::SubflowTimedOut(Ptr<MpTcpSubflow> subflow)
{
    if (!m_fallback)
    {
        GetPathManager()->SubflowTimedOut(*this, subflow);
    }
    if (m_fallback || !m_reinjectOnTimeout || GetNEstablishedSubflows() < 2)
    {
        return;
    }
    ReinjectHeldData(subflow);
}

void
MpTcpSocketBase::ReinjectHeldData(Ptr<MpTcpSubflow> subflow)
{
    std::vector<MpTcpSubflow::Mapping> held;
    subflow->TakeUnackedForReinjection(held);
    for (const auto& m : held)
    {
        // Every chunk of the range that is still not DATA_ACKed goes to the queue.
        for (auto it = m_sentUnacked.lower_bound(m.dsn);
             it != m_sentUnacked.end() && it->first < m.dsn + m.length;
             ++it)
        {
            if (it->first >= m_dataUna)
            {
                m_reinjectQueue.emplace_back(it->first, subflow->GetSubflowId());
            }
        }
    }
    if (!m_reinjectQueue.empty())
    {
        SendPending();
    }
}

void
MpTcpSocketBase::ReceivedDataAck(uint64_t ack, bool is64)
{
    if (!is64)
    {
        const uint64_t span = uint64_t(1) << 32;
        uint64_t candidate = (m_dataUna & ~(span - 1)) | (ack & (span - 1));
        if (candidate < m_dataUna && m_dataUna - candidate > span / 2)
        {
            candidate += span;
        }
        ack = candidate;
    }
    if (ack < m_dataUna || ack > m_dataNxt)
    {
        return;
    }
    if (!m_peerAckedData)
    {
        // The peer knows our key: the connection is fully established and additional
        // subflows can join (as Linux does, RFC 8684 §3.1).
        m_peerAckedData = true;
        if (!m_joinsOpened && m_connectedNotified)
        {
            m_joinsOpened = true;
            if (!m_subflows.empty() && !m_fallback)
            {
                GetPathManager()->FullyEstablished(*this);
            }
        }
    }
    if (ack == m_dataUna)
    {
        return;
    }
    uint64_t old = m_dataUna;
    m_dataUna = ack;
    m_dataAckTrace(old, ack);
    while (!m_sentUnacked.empty() &&
           m_sentUnacked.begin()->first + m_sentUnacked.begin()->second.packet->GetSize() <= ack)
    {
        m_sentUnacked.erase(m_sentUnacked.begin());
    }
    if (!m_closeRequested && GetTxAvailable() > 0)
    {
        NotifySend(GetTxAvailable());
    }
    MaybeFinishClose();
}

void
MpTcpSocketBase::SendPending()
{
    if (m_state != ESTABLISHED || !HasDataToSchedule())
    {
        MaybeFinishClose();
        return;
    }
    m_scheduler->SendPending(*this);
}

Ptr<MpTcpScheduler>
MpTcpSocketBase::GetScheduler() const
{
    return m_scheduler;
}

void
MpTcpSocketBase::SetScheduler(Ptr<MpTcpScheduler> scheduler)
{
    NS_ABORT_MSG_IF(!scheduler, "MpTcpSocketBase::SetScheduler: null scheduler");
    m_scheduler = scheduler;
}

void
MpTcpSocketBase::SetSchedulerType(TypeId tid)
{
    ObjectFactory f;
    f.SetTypeId(tid);
    Ptr<MpTcpScheduler> scheduler = DynamicCast<MpTcpScheduler>(f.Create());
    NS_ABORT_MSG_IF(!scheduler,
                    "MpTcpSocketBase::Scheduler: " << tid.GetName()
                                                   << " is not an ns3::MpTcpScheduler");
    m_scheduler = scheduler;
}

bool
MpTcpSocketBase::HasDataToSchedule() const
{
    return m_sndUnsentBytes > 0 || !m_reinjectQueue.empty();
}

bool
MpTcpSocketBase::IsSubflowRetired(Ptr<MpTcpSubflow> sf) const
{
    return sf->IsReset() || IsClosingState(sf->GetState()) || !IsSubflowActive(sf);
}

bool
MpTcpSocketBase::PushData(Ptr<MpTcpSubflow> sf, uint64_t limit, bool anyEstablished)
{
    if (!sf || !(anyEstablished ? sf->IsEstablished() : MaySchedule(sf)))
    {
        return false; // e.g. a backup subflow while a regular one can send
    }
    bool pushed = false;
    uint32_t mss = sf->GetSegmentSize();
    // Reinjections first: data stuck on a subflow that timed out.
    while (!m_reinjectQueue.empty())
    {
        auto [dsn, origin] = m_reinjectQueue.front();
        auto it = m_sentUnacked.find(dsn);
        if (it == m_sentUnacked.end() || dsn < m_dataUna)
        {
            m_reinjectQueue.pop_front(); // acknowledged meanwhile
            continue;
        }
        if (origin == sf->GetSubflowId())
        {
            break; // not back onto the subflow that timed out
        }
        uint32_t len = it->second.packet->GetSize();
        if (sf->GetSendableBytes() < len || !sf->SendMapped(it->second.packet->Copy(), dsn))
        {
            return pushed;
        }
        m_reinjectQueue.pop_front();
        m_reinjectedBytes += len;
        m_reinjectionTrace(dsn, len, sf);
        pushed = true;
    }
    uint64_t given = 0;
    while (m_sndUnsentBytes > 0 && given < limit)
    {
        uint64_t chunk = std::min<uint64_t>({mss, m_sndUnsentBytes, limit - given});
        if (!m_fallback)
        {
            // Connection-level flow control: the receive window is relative to DATA_ACK.
            uint64_t outstanding = m_dataNxt - m_dataUna;
            uint64_t window = std::max<uint32_t>(sf->GetPeerWindow(), mss);
            if (outstanding >= window)
            {
                // The receive window is full and this subflow has room: the oldest unacked
                // chunk is probably stuck on a slower subflow. Send it here as well, once,
                // and halve the window of the subflow that holds it (Linux MPTCP's
                // opportunistic retransmission and penalisation, mptcp_rcv_buf_optimization);
                // the receiver drops the copy.
                auto oldest = m_sentUnacked.begin();
                if (oldest != m_sentUnacked.end() && oldest->first != m_lastOpportunistic &&
                    oldest->second.subflowId != sf->GetSubflowId() &&
                    sf->GetSendableBytes() >= oldest->second.packet->GetSize() &&
                    sf->SendMapped(oldest->second.packet->Copy(), oldest->first))
                {
                    m_lastOpportunistic = oldest->first;
                    m_reinjectedBytes += oldest->second.packet->GetSize();
                    m_reinjectionTrace(oldest->first, oldest->second.packet->GetSize(), sf);
                    pushed = true;
                    if (m_penalizeSlowSubflow)
                    {
                        for (const auto& other : m_subflows)
                        {
                            if (other->GetSubflowId() == oldest->second.subflowId)
                            {
                                other->Penalize();
                            }
                        }
                    }
                }
                break;
            }
            chunk = std::min(chunk, window - outstanding);
        }
        if (sf->GetSendableBytes() < chunk)
        {
            break;
        }
        Ptr<Packet> p = TakeUnsent(chunk);
        if (!sf->SendMapped(p, m_dataNxt))
        {
            m_sndUnsent.push_front(p);
            m_sndUnsentBytes += chunk;
            break;
        }
        given += chunk;
        if (m_fallback)
        {
            m_dataNxt += chunk;
            m_dataUna = m_dataNxt; // TCP's own acknowledgments cover it
        }
        else
        {
            m_sentUnacked.emplace(m_dataNxt, SentChunk{p, sf->GetSubflowId()});
            m_dataNxt += chunk;
        }
        pushed = true;
    }
    return pushed;
}

Ptr<Packet>
MpTcpSocketBase::TakeUnsent(uint32_t n)
{
    NS_ASSERT(n <= m_sndUnsentBytes);
    m_sndUnsentBytes -= n;
    Ptr<Packet> front = m_sndUnsent.front();
    if (front->GetSize() == n)
    {
        m_sndUnsent.pop_front();
        return front;
    }
    if (front->GetSize() > n)
    {
        Ptr<Packet> out = front->CreateFragment(0, n);
        front->RemoveAtStart(n);
        return out;
    }
    Ptr<Packet> out = Create<Packet>();
    while (out->GetSize() < n)
    {
        front = m_sndUnsent.front();
        uint32_t need = n - out->GetSize();
        if (front->GetSize() <= need)
        {
            out->AddAtEnd(front);
            m_sndUnsent.pop_front();
        }
        else
        {
            out->AddAtEnd(front->CreateFragment(0, need));
            front->RemoveAtStart(need);
        }
    }
    return out;
}

void
MpTcpSocketBase::MaybeFinishClose()
{
    if (!m_closeRequested || m_state == CLOSING || m_sndUnsentBytes > 0)
    {
        return;
    }
    if (!m_fallback && m_state == ESTABLISHED && m_remoteKeyKnown)
    {
        if (!m_dataFinSent)
        {
            // RFC 8684 §3.3.3: the DATA_FIN takes the octet after the last data byte.
            m_dataFinSent = true;
            m_dataFinDsn = m_dataNxt;
            m_dataNxt += 1;
            m_dataFinRetries = 0;
            m_dataFinRto = Seconds(0);
            SendDataFin(false);
            return;
        }
        if (m_dataUna != m_dataNxt)
        {
            return; // data or the DATA_FIN not yet DATA_ACKed
        }
        m_dataFinTimer.Cancel();
    }
    m_state = CLOSING;
    for (const auto& sf : m_subflows)
    {
        if (!IsClosingState(sf->GetState()) || sf->GetState() == TcpSocket::CLOSE_WAIT)
        {
            Simulator::ScheduleNow(&CloseSubflow, sf);
        }
    }
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
MpTcpSocketBase::SendDataFin(bool everywhere)
{
    Ptr<MpTcpSubflow> best;
    Time rto = Seconds(0);
    for (const auto& sf : m_subflows)
    {
        if (!sf->IsEstablished())
        {
            continue;
        }
        rto = std::max(rto, sf->GetRto());
        if (!everywhere && !MaySchedule(sf))
        {
            continue; // not on a backup subflow while a regular one can send
        }
        if (everywhere)
        {
            sf->SendAckNow();
        }
        else if (!best || (sf->HasRttSample() &&
                           (!best->HasRttSample() || sf->GetSrtt() < best->GetSrtt())))
        {
            best = sf;
        }
    }
    if (best)
    {
        best->SendAckNow();
    }
    if (m_dataFinRto.IsZero())
    {
        m_dataFinRto = std::max(rto, MilliSeconds(200));
    }
    m_dataFinTimer.Cancel();
    m_dataFinTimer = Simulator::Schedule(m_dataFinRto, &MpTcpSocketBase::DataFinTimeout, this);
}

void
MpTcpSocketBase::DataFinTimeout()
{
    uint64_t dsn;
    if (!GetDataFinToSend(dsn))
    {
        return;
    }
    if (++m_dataFinRetries > 8 || GetNEstablishedSubflows() == 0)
    {
        // Give up on the data level: close the subflows as TCP would after its retries.
        NS_LOG_WARN("DATA_FIN not acknowledged after " << m_dataFinRetries - 1
                                                       << " retransmissions; closing subflows");
        m_dataUna = m_dataNxt;
        MaybeFinishClose();
        return;
    }
    m_dataFinRto = std::min(m_dataFinRto * 2, Seconds(60));
    SendDataFin(true);
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
        Simulator::ScheduleNow(&CloseSubflow, sf);
    }
    bool allDone = std::all_of(m_subflows.begin(), m_subflows.end(), [](const auto& x) {
        return IsClosingState(x->GetState());
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
