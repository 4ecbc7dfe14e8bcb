/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/sdn-controller.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

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
            .AddTraceSource("ControlMessage",
                            "A control message: kind (SdnController::MessageType) and OpenFlow "
                            "1.0 size, bytes.",
                            MakeTraceSourceAccessor(&SdnController::m_messageTrace),
                            "ns3::SdnController::ControlMessageTracedCallback");
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
SdnController::SetTopology(const DatacenterTopology&)
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
    Simulator::Schedule(m_latency, [table, match]() { table->DeleteRule(match); });
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
SdnController::OnPacketIn(Ptr<SdnFlowTable> table, const FiveTuple& tuple, uint32_t bytes)
{
    Count(PACKET_IN, kPacketInHeaderBytes + std::min(bytes, kPacketInMaxData));
    Simulator::Schedule(m_latency,
                        &SdnController::DeliverPacketIn,
                        this,
                        table->GetSwitchId(),
                        tuple,
                        bytes);
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
SdnController::DeliverPacketIn(uint32_t switchId, FiveTuple tuple, uint32_t bytes)
{
    if (m_running)
    {
        HandlePacketIn(switchId, tuple, bytes);
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
SdnController::HandlePacketIn(uint32_t, const FiveTuple&, uint32_t)
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
