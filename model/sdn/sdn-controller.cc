/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/sdn-controller.h"

#include "ns3/mptcp-ns3-compat.h"

#include "ns3/abort.h"
#include "ns3/net-device.h"
#include "ns3/ipv4.h"
#include "ns3/datacenter-fabric.h"
#include "ns3/channel.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SdnController");
NS_OBJECT_ENSURE_REGISTERED(SdnController);

TypeId
SdnController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SdnController")
            .SetParent<Application>()
            .SetGroupName("Mptcp")
            .AddConstructor<SdnController>()
            .AddAttribute("ControlLatency",
                          "One-way latency of the OpenFlow channel between the controller and "
                          "every switch (the model of a management network).",
                          TimeValue(MicroSeconds(500)),
                          MakeTimeAccessor(&SdnController::m_latency),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ServerPort",
                          "UDP port of the controller and of the servers' agents on the "
                          "out-of-band control network (SdnServerMessage); fixed once the "
                          "first server is added.",
                          UintegerValue(6654),
                          MakeUintegerAccessor(&SdnController::m_serverPort),
                          MakeUintegerChecker<uint16_t>(1))
            .AddTraceSource("ControlMessage",
                            "A control message: kind (SdnController::MessageType) and OpenFlow "
                            "1.0 size, bytes.",
                            MakeTraceSourceAccessor(&SdnController::m_messageTrace),
                            "ns3::SdnController::ControlMessageTracedCallback")
            .AddTraceSource("ServerMessage",
                            "A message between the controller and a server over the control "
                            "network: host index, message, and true if sent to the server.",
                            MakeTraceSourceAccessor(&SdnController::m_serverTrace),
                            "ns3::SdnController::ServerMessageTracedCallback");
    return tid;
}

SdnController::SdnController()
{
    NS_LOG_FUNCTION(this);
}

SdnController::~SdnController()
{
    NS_LOG_FUNCTION(this);
}

void
SdnController::DoDispose()
{
    m_switches.clear();
    if (m_serverSocket)
    {
        m_serverSocket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_serverSocket->Close();
        m_serverSocket = nullptr;
    }
    Application::DoDispose();
}

void
SdnController::AddSwitch(Ptr<SdnFlowTable> table)
{
    NS_ABORT_MSG_IF(!table, "SdnController::AddSwitch: no table");
    const uint32_t id = table->GetSwitchId();
    NS_ABORT_MSG_IF(m_switches.count(id),
                    "SdnController::AddSwitch: a switch with id " << id << " was added already");
    m_switches[id] = table;
    table->SetPacketInCallback(MakeCallback(&SdnController::OnPacketIn, this));
    table->SetFlowRemovedCallback(MakeCallback(&SdnController::OnFlowRemoved, this));
}

void
SdnController::SetTopology(const DatacenterFabric&)
{
}

SdnController::HostPortMap
SdnController::MapHostPorts(const DatacenterFabric& topo)
{
    HostPortMap ports;
    for (uint32_t h = 0; h < topo.GetNHosts(); ++h)
    {
        Ptr<Ipv4> ipv4 = topo.GetHost(h)->GetObject<Ipv4>();
        for (const Ipv4Address& addr : topo.GetAllHostAddresses(h))
        {
            const int32_t iface = ipv4->GetInterfaceForAddress(addr);
            NS_ABORT_MSG_IF(iface < 0, "SdnController: host " << h << " lacks " << addr);
            Ptr<NetDevice> dev = ipv4->GetNetDevice(static_cast<uint32_t>(iface));
            Ptr<Channel> ch = dev->GetChannel();
            for (std::size_t i = 0; ch && i < ch->GetNDevices(); ++i)
            {
                if (ch->GetDevice(i) != dev)
                {
                    ports[addr.Get()] = HostPort{h, ch->GetDevice(i)->GetNode()->GetId()};
                }
            }
        }
    }
    return ports;
}

SdnController::RunCounters
SdnController::GetRunCounters() const
{
    return RunCounters();
}

void
SdnController::WriteSummaryFields(std::ostream&, double) const
{
}

uint32_t
SdnController::GetNSwitches() const
{
    return static_cast<uint32_t>(m_switches.size());
}

std::vector<uint32_t>
SdnController::GetSwitchIds() const
{
    std::vector<uint32_t> ids;
    for (const auto& [id, table] : m_switches)
    {
        ids.push_back(id);
    }
    return ids;
}

Ptr<SdnFlowTable>
SdnController::GetSwitch(uint32_t switchId) const
{
    auto it = m_switches.find(switchId);
    NS_ABORT_MSG_IF(it == m_switches.end(), "SdnController: no switch with id " << switchId);
    return it->second;
}

void
SdnController::Count(MessageType type, uint64_t bytes)
{
    ++m_messages[type];
    m_bytes += bytes;
    m_messageTrace(static_cast<uint32_t>(type), static_cast<uint32_t>(bytes));
}

void
SdnController::SendFlowMod(uint32_t switchId,
                           const FiveTuple& match,
                           uint32_t outputPort,
                           Time idleTimeout,
                           Time hardTimeout)
{
    NS_LOG_FUNCTION(this << switchId << match << outputPort);
    Ptr<SdnFlowTable> table = GetSwitch(switchId);
    Count(FLOW_MOD, kFlowModBytes);
    ++m_rulesInstalled;
    Simulator::Schedule(m_latency,
                        &SdnFlowTable::AddRule,
                        table,
                        match,
                        outputPort,
                        idleTimeout,
                        hardTimeout);
}

void
SdnController::SendFlowDelete(uint32_t switchId, const FiveTuple& match)
{
    NS_LOG_FUNCTION(this << switchId << match);
    Ptr<SdnFlowTable> table = GetSwitch(switchId);
    Count(FLOW_MOD, kFlowModBytes);
    Simulator::Schedule(m_latency, MPTCP_EVENT([table, match]() { table->DeleteRule(match); }));
}

void
SdnController::SendFlowStatsRequest(uint32_t switchId)
{
    NS_LOG_FUNCTION(this << switchId);
    GetSwitch(switchId); // aborts on an unknown id now, not later
    Count(FLOW_STATS_REQUEST, kFlowStatsRequestBytes);
    Simulator::Schedule(m_latency, &SdnController::AnswerFlowStats, this, switchId);
}

void
SdnController::AnswerFlowStats(uint32_t switchId)
{
    std::vector<SdnFlowTable::FlowRule> rules = GetSwitch(switchId)->GetRules();
    Count(FLOW_STATS_REPLY, kFlowStatsReplyHeaderBytes + kFlowStatsEntryBytes * rules.size());
    Simulator::Schedule(m_latency,
                        &SdnController::DeliverFlowStatsReply,
                        this,
                        switchId,
                        std::move(rules));
}

void
SdnController::OnPacketIn(Ptr<SdnFlowTable> table,
                          const FiveTuple& tuple,
                          uint32_t bytes,
                          Ptr<const Packet> payload)
{
    Count(PACKET_IN, kPacketInHeaderBytes + std::min(bytes, kPacketInMaxData));
    Simulator::Schedule(m_latency,
                        &SdnController::DeliverPacketIn,
                        this,
                        table->GetSwitchId(),
                        tuple,
                        bytes,
                        payload ? payload->Copy() : Ptr<Packet>());
}

void
SdnController::OnFlowRemoved(Ptr<SdnFlowTable> table,
                             const SdnFlowTable::FlowRule& rule,
                             SdnFlowTable::RemovedReason reason)
{
    Count(FLOW_REMOVED, kFlowRemovedBytes);
    Simulator::Schedule(m_latency,
                        &SdnController::DeliverFlowRemoved,
                        this,
                        table->GetSwitchId(),
                        rule,
                        reason);
}

void
SdnController::DeliverPacketIn(uint32_t switchId,
                               FiveTuple tuple,
                               uint32_t bytes,
                               Ptr<const Packet> payload)
{
    if (m_running)
    {
        HandlePacketIn(switchId, tuple, bytes, payload);
    }
}

void
SdnController::DeliverFlowRemoved(uint32_t switchId,
                                  SdnFlowTable::FlowRule rule,
                                  SdnFlowTable::RemovedReason reason)
{
    if (m_running)
    {
        HandleFlowRemoved(switchId, rule, reason);
    }
}

void
SdnController::DeliverFlowStatsReply(uint32_t switchId, std::vector<SdnFlowTable::FlowRule> rules)
{
    if (m_running)
    {
        HandleFlowStatsReply(switchId, rules);
    }
}

void
SdnController::HandlePacketIn(uint32_t, const FiveTuple&, uint32_t, Ptr<const Packet>)
{
}

void
SdnController::HandleFlowRemoved(uint32_t,
                                 const SdnFlowTable::FlowRule&,
                                 SdnFlowTable::RemovedReason)
{
}

void
SdnController::HandleFlowStatsReply(uint32_t, const std::vector<SdnFlowTable::FlowRule>&)
{
}

void
SdnController::AddServer(uint32_t hostIndex, Ipv4Address address)
{
    NS_LOG_FUNCTION(this << hostIndex << address);
    NS_ABORT_MSG_IF(m_servers.count(hostIndex),
                    "SdnController::AddServer: host " << hostIndex << " was added already");
    NS_ABORT_MSG_IF(m_serverByAddress.count(address.Get()),
                    "SdnController::AddServer: address " << address << " was added already");
    if (!m_serverSocket)
    {
        NS_ABORT_MSG_IF(!GetNode(), "SdnController::AddServer: add the controller to a node first");
        m_serverSocket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
        NS_ABORT_MSG_IF(m_serverSocket->Bind(InetSocketAddress(Ipv4Address::GetAny(),
                                                               m_serverPort)) != 0,
                        "SdnController: cannot bind the server port " << m_serverPort);
        m_serverSocket->SetRecvCallback(MakeCallback(&SdnController::HandleServerRead, this));
    }
    m_servers[hostIndex] = address;
    m_serverByAddress[address.Get()] = hostIndex;
}

uint32_t
SdnController::GetNServers() const
{
    return static_cast<uint32_t>(m_servers.size());
}

bool
SdnController::HasServer(uint32_t hostIndex) const
{
    return m_servers.count(hostIndex) != 0;
}

Ipv4Address
SdnController::GetServerAddress(uint32_t hostIndex) const
{
    auto it = m_servers.find(hostIndex);
    NS_ABORT_MSG_IF(it == m_servers.end(), "SdnController: no server with host index " << hostIndex);
    return it->second;
}

uint16_t
SdnController::GetServerPort() const
{
    return m_serverPort;
}

bool
SdnController::SendToServer(uint32_t hostIndex, SdnServerMessage message)
{
    NS_LOG_FUNCTION(this << hostIndex << message);
    const Ipv4Address to = GetServerAddress(hostIndex);
    message.SetHostIndex(hostIndex);
    if (m_serverSocket->SendTo(message.ToPacket(), 0, InetSocketAddress(to, m_serverPort)) !=
        static_cast<int>(SdnServerMessage::kSize))
    {
        NS_LOG_WARN("the socket refused a message to host " << hostIndex);
        return false;
    }
    ++m_serverSent;
    m_serverTrace(hostIndex, message, true);
    return true;
}

void
SdnController::HandleServerRead(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> p = socket->RecvFrom(from))
    {
        SdnServerMessage message;
        auto sender = InetSocketAddress::IsMatchingType(from)
                          ? m_serverByAddress.find(InetSocketAddress::ConvertFrom(from).GetIpv4().Get())
                          : m_serverByAddress.end();
        if (sender == m_serverByAddress.end() || !SdnServerMessage::Parse(p, message))
        {
            ++m_serverMalformed;
            NS_LOG_LOGIC("dropped a datagram of " << p->GetSize() << " bytes from " << from);
            continue;
        }
        ++m_serverReceived;
        m_serverTrace(sender->second, message, false);
        if (m_running)
        {
            HandleServerMessage(sender->second, message);
        }
    }
}

void
SdnController::HandleServerMessage(uint32_t, const SdnServerMessage&)
{
}

uint64_t
SdnController::GetNServerMessagesSent() const
{
    return m_serverSent;
}

uint64_t
SdnController::GetNServerMessagesReceived() const
{
    return m_serverReceived;
}

uint64_t
SdnController::GetNServerMessages() const
{
    return m_serverSent + m_serverReceived;
}

uint64_t
SdnController::GetServerControlBytes() const
{
    return GetNServerMessages() * SdnServerMessage::kSize;
}

uint64_t
SdnController::GetServerWireBytes() const
{
    return GetNServerMessages() * SdnServerMessage::kWireBytes;
}

uint64_t
SdnController::GetNMalformedServerMessages() const
{
    return m_serverMalformed;
}

void
SdnController::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = true;
}

void
SdnController::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
}

bool
SdnController::IsRunning() const
{
    return m_running;
}

Time
SdnController::GetControlLatency() const
{
    return m_latency;
}

uint64_t
SdnController::GetNMessages(MessageType type) const
{
    return m_messages[type];
}

uint64_t
SdnController::GetNMessages() const
{
    uint64_t n = 0;
    for (uint64_t m : m_messages)
    {
        n += m;
    }
    return n;
}

uint64_t
SdnController::GetControlBytes() const
{
    return m_bytes;
}

uint64_t
SdnController::GetNRulesInstalled() const
{
    return m_rulesInstalled;
}

} // namespace ns3
