/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-fullmesh-path-manager.h"

#include "ns3/mptcp-crypto.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/loopback-net-device.h"
#include "ns3/node.h"
#include "ns3/out-of-band-interfaces.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpFullmeshPathManager");
NS_OBJECT_ENSURE_REGISTERED(MpTcpFullmeshPathManager);

TypeId
MpTcpFullmeshPathManager::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpFullmeshPathManager")
                            .SetParent<MpTcpPathManager>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpFullmeshPathManager>()
                            .AddAttribute("AnnouncePort",
                                          "Port field of our ADD_ADDRs (RFC 8684 §3.4.1): the "
                                          "peer's joins to the announced addresses go to it. "
                                          "0: no Port field (the connection's port).",
                                          UintegerValue(0),
                                          MakeUintegerAccessor(
                                              &MpTcpFullmeshPathManager::m_announcePort),
                                          MakeUintegerChecker<uint16_t>())
                            .AddAttribute("AddressCheckInterval",
                                          "While one of our addresses is withdrawn (its "
                                          "interface went down), how often its interface is "
                                          "checked for coming back up, s.",
                                          TimeValue(MilliSeconds(100)),
                                          MakeTimeAccessor(
                                              &MpTcpFullmeshPathManager::m_addressCheckInterval),
                                          MakeTimeChecker(MicroSeconds(1)));
    return tid;
}

std::string
MpTcpFullmeshPathManager::GetName() const
{
    return "fullmesh";
}

Ptr<MpTcpPathManager>
MpTcpFullmeshPathManager::Fork() const
{
    return CopyObject<MpTcpFullmeshPathManager>(this);
}

void
MpTcpFullmeshPathManager::ConnectionEstablished(MpTcpSocketBase& conn)
{
    EnumerateLocalAddresses(conn);
    // After the handshake's own segments (the third ACK has no room for an ADD_ADDR).
    Ptr<MpTcpFullmeshPathManager> self(this);
    Ptr<MpTcpSocketBase> c(&conn);
    Simulator::ScheduleNow(MPTCP_EVENT([self, c]() { self->AnnounceLocalAddresses(*c); }));
}

void
MpTcpFullmeshPathManager::FullyEstablished(MpTcpSocketBase& conn)
{
    m_opened = true;
    OpenMeshSubflows(conn);
}

bool
MpTcpFullmeshPathManager::OpenSubflows(MpTcpSocketBase& conn, uint32_t n)
{
    NS_LOG_WARN(&conn << " fullmesh opens one subflow per address pair: raise MaxSubflows or "
                         "SubflowsPerPair, or choose another path manager");
    return false;
}

void
MpTcpFullmeshPathManager::JoinReceived(MpTcpSocketBase& conn,
                                       Ptr<MpTcpSubflow> child,
                                       const MpJoinSynOption* join,
                                       Ipv4Address local,
                                       Ipv4Address remote)
{
    MpTcpPathManager::JoinReceived(conn, child, join, local, remote);
    for (const auto& [id, address] : m_localAddrs)
    {
        if (address == local)
        {
            child->GetJoinState().addressId = id; // our Address ID, in the SYN/ACK
        }
    }
    // Replies leave through the interface that owns the subflow's address.
    if (Ptr<NetDevice> dev = DeviceOf(conn.GetNode(), local))
    {
        child->BindToNetDevice(dev);
    }
}

void
MpTcpFullmeshPathManager::SubflowTimedOut(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> subflow)
{
    // A subflow that stalls may have lost its interface: look (outside its timer).
    Ptr<MpTcpFullmeshPathManager> self(this);
    Ptr<MpTcpSocketBase> c(&conn);
    Simulator::ScheduleNow(MPTCP_EVENT([self, c]() { self->CheckLocalAddresses(*c); }));
}

void
MpTcpFullmeshPathManager::RemoteAddressAdded(MpTcpSocketBase& conn,
                                             uint8_t id,
                                             Ipv4Address address)
{
    if (m_opened)
    {
        Ptr<MpTcpFullmeshPathManager> self(this);
        Ptr<MpTcpSocketBase> c(&conn);
        Simulator::ScheduleNow(MPTCP_EVENT([self, c]() { self->OpenMeshSubflows(*c); }));
    }
}

void
MpTcpFullmeshPathManager::AddressGone(Ipv4Address address, bool local)
{
    for (auto it = m_meshPairs.begin(); it != m_meshPairs.end();)
    {
        // A later ADD_ADDR of the same address may open the pair again.
        it = ((local ? it->first.first : it->first.second) == address.Get())
                 ? m_meshPairs.erase(it)
                 : std::next(it);
    }
}

void
MpTcpFullmeshPathManager::EnumerateLocalAddresses(MpTcpSocketBase& conn)
{
    Ipv4Address local;
    Ipv4Address remote;
    uint16_t localPort;
    uint16_t remotePort;
    conn.GetSubflows().front()->GetFourTuple(local, localPort, remote, remotePort);
    // Address ID 0 is the initial subflow's address, on each side (RFC 8684 §3.4).
    m_localAddrs[0] = local;
    m_remoteAddrs.emplace(0, remote);
    Ptr<Ipv4> ipv4 = conn.GetNode()->GetObject<Ipv4>();
    for (uint32_t i = 0; i < ipv4->GetNInterfaces(); ++i)
    {
        // Not the loopback, nor an out-of-band interface (the SDN control network).
        if (!ipv4->IsUp(i) || DynamicCast<LoopbackNetDevice>(ipv4->GetNetDevice(i)) ||
            OutOfBandInterfaces::IsOutOfBand(ipv4, i))
        {
            continue;
        }
        for (uint32_t j = 0; j < ipv4->GetNAddresses(i); ++j)
        {
            Ipv4Address a = ipv4->GetAddress(i, j).GetLocal();
            bool known = std::any_of(m_localAddrs.begin(), m_localAddrs.end(), [a](const auto& e) {
                return e.second == a;
            });
            if (known || a.IsLocalhost() || m_nextLocalAddrId == 0) // 0: all 255 IDs used
            {
                continue;
            }
            m_localAddrs[m_nextLocalAddrId++] = a;
        }
    }
}

void
MpTcpFullmeshPathManager::AnnounceLocalAddresses(MpTcpSocketBase& conn)
{
    if (conn.IsFallback() || !conn.HasRemoteKey() ||
        conn.GetState() != MpTcpSocketBase::ESTABLISHED)
    {
        return;
    }
    for (const auto& [id, address] : m_localAddrs)
    {
        if (id == 0)
        {
            continue; // the peer knows the initial subflow's address
        }
        AnnounceAddress(conn, id, address, m_announcePort);
    }
}

uint32_t
MpTcpFullmeshPathManager::OpenMeshSubflows(MpTcpSocketBase& conn, uint32_t limit)
{
    Address peer;
    if (conn.GetSubflows().empty() || conn.IsFallback() || conn.IsPassiveOpen() ||
        conn.GetState() != MpTcpSocketBase::ESTABLISHED || conn.GetPeerName(peer) != 0 ||
        !InetSocketAddress::IsMatchingType(peer))
    {
        return 0; // only the active opener opens subflows (as Linux's fullmesh)
    }
    uint16_t port = InetSocketAddress::ConvertFrom(peer).GetPort();
    uint32_t live = 0;
    uint32_t opened = 0;
    const uint32_t most = std::min(limit, conn.GetMaxSubflows());
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> liveOn; // live subflows per pair
    for (const auto& sf : conn.GetSubflows())
    {
        if (sf->GetState() == TcpSocket::CLOSED)
        {
            continue;
        }
        ++live;
        Ipv4Address la;
        Ipv4Address ra;
        uint16_t lp;
        uint16_t rp;
        sf->GetFourTuple(la, lp, ra, rp);
        ++liveOn[{la.Get(), ra.Get()}];
    }
    for (const auto& [pair, n] : liveOn)
    {
        m_meshPairs[pair] = std::max(m_meshPairs[pair], n); // in use: no duplicate
    }
    Ptr<Ipv4> ipv4 = conn.GetNode()->GetObject<Ipv4>();
    Ptr<Ipv4RoutingProtocol> routing = ipv4->GetRoutingProtocol();
    std::map<uint32_t, uint32_t> rank; // MatchAddressIndex: our address -> its index
    for (uint32_t i = 0; i < ipv4->GetNInterfaces(); ++i)
    {
        if (!DynamicCast<LoopbackNetDevice>(ipv4->GetNetDevice(i)) &&
            !OutOfBandInterfaces::IsOutOfBand(ipv4, i))
        {
            for (uint32_t j = 0; j < ipv4->GetNAddresses(i); ++j)
            {
                rank.emplace(ipv4->GetAddress(i, j).GetLocal().Get(), rank.size());
            }
        }
    }
    // Round r opens the r-th subflow of every pair, so that MaxSubflows spreads them.
    for (uint32_t round = 1; round <= conn.GetSubflowsPerPair(); ++round)
    {
        for (const auto& [localId, la] : m_localAddrs)
        {
            Ptr<NetDevice> dev = DeviceOf(conn.GetNode(), la);
            if (!dev || !ipv4->IsUp(ipv4->GetInterfaceForDevice(dev)))
            {
                continue;
            }
            for (const auto& [remoteId, ra] : m_remoteAddrs)
            {
                if (live >= most)
                {
                    return opened;
                }
                if (conn.GetMatchAddressIndex() && rank[la.Get()] != remoteId)
                {
                    continue;
                }
                auto done = m_meshPairs.find({la.Get(), ra.Get()});
                if (done != m_meshPairs.end() && done->second >= round)
                {
                    continue;
                }
                // A pair routes if there is a route to the peer's address out of the interface
                // that owns ours: the subflow is bound to that interface, as TCP picks its
                // source address from the route (TcpSocketBase::SetupEndpoint).
                Ipv4Header h;
                h.SetSource(la);
                h.SetDestination(ra);
                h.SetProtocol(6);
                Socket::SocketErrno err;
                if (!routing || !routing->RouteOutput(nullptr, h, dev, err))
                {
                    NS_LOG_LOGIC(&conn << " no route from " << la << " to " << ra);
                    continue;
                }
                ++m_meshPairs[{la.Get(), ra.Get()}];
                // The MP_JOIN SYN carries our Address ID (RFC 8684 §3.2).
                uint16_t to = GetRemotePort(remoteId); // the ADD_ADDR's Port field, if any
                if (!conn.OpenJoinSubflow(la,
                                          InetSocketAddress(ra, to != 0 ? to : port),
                                          dev,
                                          localId,
                                          false))
                {
                    NS_LOG_WARN(&conn << " could not open a subflow " << la << " -> " << ra);
                    continue;
                }
                NS_LOG_LOGIC(&conn << " fullmesh subflow " << la << " (" << int(localId)
                                   << ") -> " << ra << " (" << int(remoteId) << ")");
                ++live;
                ++opened;
            }
        }
    }
    return opened;
}

void
MpTcpFullmeshPathManager::CheckLocalAddresses(MpTcpSocketBase& conn)
{
    if (conn.IsFallback() || m_localAddrs.empty() || conn.GetState() == MpTcpSocketBase::CLOSED)
    {
        return;
    }
    Ptr<Ipv4> ipv4 = conn.GetNode()->GetObject<Ipv4>();
    RemoveAddrOption remove;
    remove.addressIds.clear();
    std::vector<Ipv4Address> gone;
    for (auto it = m_localAddrs.begin(); it != m_localAddrs.end();)
    {
        int32_t i = ipv4->GetInterfaceForAddress(it->second);
        if (i >= 0 && ipv4->IsUp(i))
        {
            ++it;
            continue;
        }
        uint8_t id = it->first;
        Ipv4Address address = it->second;
        it = m_localAddrs.erase(it);
        NS_LOG_INFO(&conn << " address " << address << " (ID " << int(id) << ") is down");
        CancelAnnouncement(id);
        m_withdrawn[id] = address;
        NotifyLocalAddressRemoved(conn, id, address);
        gone.push_back(address);
        if (remove.addressIds.size() < RemoveAddrOption::MAX_IDS)
        {
            remove.addressIds.push_back(id);
        }
    }
    if (!remove.addressIds.empty())
    {
        // On a subflow that still works, and ahead of the data the subflows of the withdrawn
        // addresses held, which their reset hands to the others: a pure ACK queued behind that
        // burst could find the device's queue full.
        conn.SendSignal(remove, gone);
    }
    if (!gone.empty())
    {
        Ptr<MpTcpFullmeshPathManager> self(this);
        Ptr<MpTcpSocketBase> c(&conn);
        Simulator::ScheduleNow(MPTCP_EVENT([self, c, gone]() {
            for (const auto& address : gone)
            {
                self->RemoveSubflowsUsing(*c, address, true);
            }
        }));
    }
    if (!m_withdrawn.empty() && m_withdrawnCheck.IsExpired())
    {
        m_withdrawnCheck = Simulator::Schedule(m_addressCheckInterval,
                                               &MpTcpFullmeshPathManager::CheckWithdrawnAddresses,
                                               this,
                                               &conn);
    }
}

void
MpTcpFullmeshPathManager::Stop()
{
    m_withdrawnCheck.Cancel();
    MpTcpPathManager::Stop();
}

MpTcpFullmeshPathManager::~MpTcpFullmeshPathManager()
{
    m_withdrawnCheck.Cancel();
}

void
MpTcpFullmeshPathManager::CheckWithdrawnAddresses(MpTcpSocketBase* conn)
{
    if (conn->GetState() != MpTcpSocketBase::ESTABLISHED || conn->IsFallback())
    {
        m_withdrawn.clear(); // the connection is over: nothing to announce
        return;
    }
    Ptr<Ipv4> ipv4 = conn->GetNode()->GetObject<Ipv4>();
    bool back = false;
    for (auto it = m_withdrawn.begin(); it != m_withdrawn.end();)
    {
        int32_t i = ipv4->GetInterfaceForAddress(it->second);
        if (i < 0 || !ipv4->IsUp(i))
        {
            ++it;
            continue;
        }
        auto [id, address] = *it;
        it = m_withdrawn.erase(it);
        NS_LOG_INFO(conn << " address " << address << " (ID " << int(id)
                                      << ") is up again: announced again");
        m_localAddrs[id] = address;
        // ID 0 too: its REMOVE_ADDR made the peer forget the initial subflow's address.
        AnnounceAddress(*conn, id, address, m_announcePort);
        back = true;
    }
    if (back && m_opened)
    {
        OpenMeshSubflows(*conn);
    }
    if (!m_withdrawn.empty())
    {
        m_withdrawnCheck = Simulator::Schedule(m_addressCheckInterval,
                                               &MpTcpFullmeshPathManager::CheckWithdrawnAddresses,
                                               this,
                                               conn);
    }
}

} // namespace ns3
