/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-path-manager.h"

#include "ns3/mptcp-crypto.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpPathManager");
NS_OBJECT_ENSURE_REGISTERED(MpTcpPathManager);

TypeId
MpTcpPathManager::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MpTcpPathManager")
            .SetParent<Object>()
            .SetGroupName("Mptcp")
            .AddAttribute("AddAddrTimeout",
                          "How long an ADD_ADDR waits for its echo before it is sent again "
                          "(RFC 8684 §3.4.1), s. Default: Linux's net.mptcp.add_addr_timeout.",
                          TimeValue(Seconds(120)),
                          MakeTimeAccessor(&MpTcpPathManager::m_addAddrTimeout),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("AddAddrRetries",
                          "Most retransmissions of one ADD_ADDR without an echo; then the "
                          "announcement is given up. Default: Linux's ADD_ADDR_RETRANS_MAX.",
                          UintegerValue(3),
                          MakeUintegerAccessor(&MpTcpPathManager::m_addAddrRetries),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

void
MpTcpPathManager::ConnectionEstablished(MpTcpSocketBase& conn)
{
}

bool
MpTcpPathManager::OpenSubflows(MpTcpSocketBase& conn, uint32_t n)
{
    OpenOnInitialPair(conn, n, n + 1);
    return true;
}

void
MpTcpPathManager::OpenOnInitialPair(MpTcpSocketBase& conn, uint32_t count, uint32_t total)
{
    Ipv4Address local;
    Ipv4Address remote;
    uint16_t localPort;
    uint16_t remotePort;
    conn.GetSubflows().front()->GetFourTuple(local, localPort, remote, remotePort);
    // ndiffports: the same address pair, a new source port for each subflow.
    for (uint32_t i = 1; i <= count; ++i)
    {
        // The last BackupSubflows subflows ask to be backups (B flag of MP_JOIN).
        if (!conn.OpenJoinSubflow(local,
                                  InetSocketAddress(remote, remotePort),
                                  nullptr,
                                  0,
                                  i + conn.GetBackupSubflows() >= total))
        {
            NS_LOG_WARN(&conn << " could not open subflow " << i);
        }
    }
}

void
MpTcpPathManager::ReceivedAddAddr(MpTcpSocketBase& conn,
                                  Ptr<MpTcpSubflow> subflow,
                                  const AddAddrOption& option)
{
    if (option.echo)
    {
        ++m_addAddrEchoes;
        auto pending = m_announced.find(option.addressId);
        if (pending != m_announced.end() && pending->second.option.address == option.address)
        {
            Simulator::Remove(pending->second.timer); // (frees its references at once)
            m_announced.erase(pending);
        }
        return;
    }
    if (!conn.HasRemoteKey() ||
        MpTcpAddAddrHmac(option, conn.GetRemoteKey(), conn.GetLocalKey()) != option.truncatedHmac)
    {
        // RFC 8684 §3.4.1: an ADD_ADDR whose HMAC does not verify is ignored.
        conn.ProtocolError(subflow, "ADD_ADDR HMAC mismatch");
        return;
    }
    AddAddrOption echo = option;
    echo.echo = true;
    echo.truncatedHmac = 0;
    subflow->QueueSignal(echo);
    Simulator::ScheduleNow(&MpTcpSubflow::SendAckNow, subflow);
    if (option.ipv6)
    {
        NS_LOG_LOGIC(&conn << " IPv6 ADD_ADDR echoed, not used (this model runs over IPv4)");
        return;
    }
    Ipv4Address address = option.GetIpv4();
    // RFC 8684 §3.4.1: joins to this address go to the announced port, if any.
    m_remotePorts[option.addressId] = option.hasPort ? option.port : 0;
    auto it = m_remoteAddrs.find(option.addressId);
    if (it != m_remoteAddrs.end() && it->second == address)
    {
        return; // a retransmission
    }
    m_remoteAddrs[option.addressId] = address;
    NS_LOG_INFO(&conn << " peer address " << address << " (ID " << int(option.addressId) << ")");
    conn.m_remoteAddrAddedTrace(option.addressId, address);
    RemoteAddressAdded(conn, option.addressId, address);
}

void
MpTcpPathManager::ReceivedRemoveAddr(MpTcpSocketBase& conn,
                                     Ptr<MpTcpSubflow> subflow,
                                     const RemoveAddrOption& option)
{
    for (uint8_t id : option.addressIds)
    {
        auto it = m_remoteAddrs.find(id);
        if (it == m_remoteAddrs.end())
        {
            continue; // unknown Address ID: no subflow uses it
        }
        Ipv4Address address = it->second;
        m_remoteAddrs.erase(it);
        NS_LOG_INFO(&conn << " peer removed " << address << " (ID " << int(id) << ")");
        conn.m_remoteAddrRemovedTrace(id, address);
        // Not from inside the receiving subflow's processing.
        Ptr<MpTcpPathManager> self(this);
        Ptr<MpTcpSocketBase> c(&conn);
        Simulator::ScheduleNow(MPTCP_EVENT([self, c, address]() { self->RemoveSubflowsUsing(*c, address, false); }));
    }
}

void
MpTcpPathManager::JoinReceived(MpTcpSocketBase& conn,
                               Ptr<MpTcpSubflow> child,
                               const MpJoinSynOption* join,
                               Ipv4Address local,
                               Ipv4Address remote)
{
    if (join && m_remoteAddrs.find(join->addressId) == m_remoteAddrs.end())
    {
        // The MP_JOIN SYN names the peer's Address ID of its source (RFC 8684 §3.2).
        m_remoteAddrs[join->addressId] = remote;
        conn.m_remoteAddrAddedTrace(join->addressId, remote);
    }
}

void
MpTcpPathManager::SubflowTimedOut(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> subflow)
{
}

void
MpTcpPathManager::RemoveSubflowsUsing(MpTcpSocketBase& conn, Ipv4Address address, bool local)
{
    conn.ResetSubflowsUsing(address, local);
    AddressGone(address, local);
}

void
MpTcpPathManager::RemoteAddressAdded(MpTcpSocketBase& conn, uint8_t id, Ipv4Address address)
{
}

void
MpTcpPathManager::AddressGone(Ipv4Address address, bool local)
{
}

const std::map<uint8_t, Ipv4Address>&
MpTcpPathManager::GetLocalAddresses() const
{
    return m_localAddrs;
}

const std::map<uint8_t, Ipv4Address>&
MpTcpPathManager::GetRemoteAddresses() const
{
    return m_remoteAddrs;
}

uint64_t
MpTcpPathManager::GetAddAddrEchoes() const
{
    return m_addAddrEchoes;
}

uint64_t
MpTcpPathManager::GetAddAddrRetransmissions() const
{
    return m_addAddrRetransmissions;
}

uint64_t
MpTcpPathManager::GetAddAddrUnechoed() const
{
    return m_addAddrUnechoed;
}

std::vector<uint8_t>
MpTcpPathManager::GetAddAddrPending() const
{
    std::vector<uint8_t> ids;
    for (const auto& [id, a] : m_announced)
    {
        ids.push_back(id);
    }
    return ids;
}

uint16_t
MpTcpPathManager::GetRemotePort(uint8_t id) const
{
    auto it = m_remotePorts.find(id);
    return it == m_remotePorts.end() ? 0 : it->second;
}

void
MpTcpPathManager::AnnounceAddress(MpTcpSocketBase& conn,
                                  uint8_t id,
                                  Ipv4Address address,
                                  uint16_t port)
{
    Announcement& a = m_announced[id];
    Simulator::Remove(a.timer); // an earlier announcement of the same ID
    a = Announcement();
    a.option.addressId = id;
    a.option.SetIpv4(address);
    a.option.hasPort = port != 0;
    a.option.port = port;
    a.option.truncatedHmac = MpTcpAddAddrHmac(a.option, conn.GetLocalKey(), conn.GetRemoteKey());
    conn.SendSignal(a.option);
    if (m_addAddrTimeout.IsStrictlyPositive())
    {
        a.timer = Simulator::Schedule(m_addAddrTimeout,
                                      &MpTcpPathManager::AddAddrTimeout,
                                      this,
                                      &conn,
                                      id);
    }
}

void
MpTcpPathManager::CancelAnnouncement(uint8_t id)
{
    auto it = m_announced.find(id);
    if (it != m_announced.end())
    {
        Simulator::Remove(it->second.timer);
        m_announced.erase(it);
    }
}

void
MpTcpPathManager::AddAddrTimeout(MpTcpSocketBase* conn, uint8_t id)
{
    auto it = m_announced.find(id);
    if (it == m_announced.end())
    {
        return;
    }
    if (conn->GetState() != MpTcpSocketBase::ESTABLISHED || conn->IsFallback())
    {
        m_announced.erase(it); // nobody to tell any more
        return;
    }
    Announcement& a = it->second;
    if (a.retries >= m_addAddrRetries)
    {
        NS_LOG_INFO(conn << " ADD_ADDR of ID " << int(id) << " never echoed");
        ++m_addAddrUnechoed;
        m_announced.erase(it);
        return;
    }
    ++a.retries;
    ++m_addAddrRetransmissions;
    NS_LOG_INFO(conn << " ADD_ADDR of ID " << int(id) << " again (no echo)");
    conn->SendSignal(a.option);
    a.timer = Simulator::Schedule(m_addAddrTimeout, &MpTcpPathManager::AddAddrTimeout, this, conn, id);
}

void
MpTcpPathManager::Stop()
{
    for (auto& [id, a] : m_announced)
    {
        a.timer.Cancel();
    }
    m_announced.clear();
}

MpTcpPathManager::~MpTcpPathManager()
{
    MpTcpPathManager::Stop();
}

Ptr<NetDevice>
MpTcpPathManager::DeviceOf(Ptr<Node> node, Ipv4Address address)
{
    Ptr<Ipv4> ipv4 = node ? node->GetObject<Ipv4>() : nullptr;
    int32_t i = ipv4 ? ipv4->GetInterfaceForAddress(address) : -1;
    return i < 0 ? nullptr : ipv4->GetNetDevice(i);
}

void
MpTcpPathManager::NotifyLocalAddressRemoved(MpTcpSocketBase& conn, uint8_t id, Ipv4Address address)
{
    conn.m_localAddrRemovedTrace(id, address);
}

} // namespace ns3
