/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/sdn-flow-table.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SdnFlowTable");
NS_OBJECT_ENSURE_REGISTERED(SdnFlowTable);

TypeId
SdnFlowTable::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SdnFlowTable")
            .SetParent<Object>()
            .SetGroupName("Mptcp")
            .AddConstructor<SdnFlowTable>()
            .AddAttribute("MissAction",
                          "What the switch does with a packet that matches no rule: Ecmp "
                          "(forward by the ECMP hash, add a counting entry, Packet-In once; "
                          "Hedera) or Hold (hold it until the controller adds a rule, Packet-In "
                          "once; a reactive controller).",
                          EnumValue(SdnFlowTable::MISS_ECMP),
                          MPTCP_ENUM_ACCESSOR(SdnFlowTable::MissAction, &SdnFlowTable::m_missAction),
                          MakeEnumChecker(SdnFlowTable::MISS_ECMP,
                                          "Ecmp",
                                          SdnFlowTable::MISS_HOLD,
                                          "Hold"))
            .AddAttribute("MissIdleTimeout",
                          "Idle timeout of the entry a switch adds for a new flow with "
                          "MissAction Ecmp (zero: none). Its expiry raises Flow-Removed with "
                          "the flow's counters.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&SdnFlowTable::m_missIdleTimeout),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("HoldLimit",
                          "Most packets held at once with MissAction Hold (packets); more "
                          "are dropped and counted.",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&SdnFlowTable::m_holdLimit),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("PacketIn",
                            "A packet of a 5-tuple without a rule (once per 5-tuple).",
                            MakeTraceSourceAccessor(&SdnFlowTable::m_packetInTrace),
                            "ns3::SdnFlowTable::PacketInTracedCallback")
            .AddTraceSource("FlowRemoved",
                            "A rule left the table (with its counters and the reason).",
                            MakeTraceSourceAccessor(&SdnFlowTable::m_flowRemovedTrace),
                            "ns3::SdnFlowTable::FlowRemovedTracedCallback");
    return tid;
}

SdnFlowTable::SdnFlowTable()
{
    NS_LOG_FUNCTION(this);
}

SdnFlowTable::~SdnFlowTable()
{
    NS_LOG_FUNCTION(this);
}

void
SdnFlowTable::DoDispose()
{
    for (auto& [match, entry] : m_rules)
    {
        entry.expiry.Cancel();
    }
    m_rules.clear();
    m_held.clear();
    m_heldNow = 0;
    m_packetInCb = PacketInCallback();
    m_flowRemovedCb = FlowRemovedCallback();
    Object::DoDispose();
}

void
SdnFlowTable::NotifyNewAggregate()
{
    if (!m_switchIdSet)
    {
        if (Ptr<Node> node = GetObject<Node>())
        {
            m_switchId = node->GetId();
        }
    }
    Object::NotifyNewAggregate();
}

void
SdnFlowTable::AddRule(const FiveTuple& match, uint32_t outputPort, Time idleTimeout, Time hardTimeout)
{
    NS_LOG_FUNCTION(this << match << outputPort << idleTimeout << hardTimeout);
    NS_ABORT_MSG_IF(idleTimeout.IsStrictlyNegative() || hardTimeout.IsStrictlyNegative(),
                    "SdnFlowTable::AddRule: negative timeout (idle " << idleTimeout << ", hard "
                                                                     << hardTimeout << ")");
    const Time now = Simulator::Now();
    auto [it, added] = m_rules.try_emplace(match);
    Entry& e = it->second;
    if (added)
    {
        e.rule.match = match;
        e.rule.lastMatched = now;
    }
    e.rule.outputPort = outputPort;
    e.rule.fromController = true;
    e.rule.idleTimeout = idleTimeout;
    e.rule.hardTimeout = hardTimeout;
    e.rule.added = now; // the hard timeout counts from the latest Flow-Mod; counters stay
    e.expiry.Cancel();
    ScheduleExpiry(e);
    if (m_held.count(match))
    {
        Simulator::ScheduleNow(&SdnFlowTable::Release, this, match);
    }
}

bool
SdnFlowTable::DeleteRule(const FiveTuple& match)
{
    NS_LOG_FUNCTION(this << match);
    auto it = m_rules.find(match);
    if (it == m_rules.end())
    {
        return false;
    }
    Remove(it, DELETED);
    return true;
}

const SdnFlowTable::FlowRule*
SdnFlowTable::GetRule(const FiveTuple& match) const
{
    auto it = m_rules.find(match);
    return it == m_rules.end() ? nullptr : &it->second.rule;
}

std::vector<SdnFlowTable::FlowRule>
SdnFlowTable::GetRules() const
{
    std::vector<FlowRule> rules;
    rules.reserve(m_rules.size());
    for (const auto& [match, entry] : m_rules)
    {
        rules.push_back(entry.rule);
    }
    std::sort(rules.begin(), rules.end(), [](const FlowRule& a, const FlowRule& b) {
        return a.match < b.match;
    });
    return rules;
}

uint32_t
SdnFlowTable::GetNRules() const
{
    return static_cast<uint32_t>(m_rules.size());
}

void
SdnFlowTable::SetMissAction(MissAction action)
{
    m_missAction = action;
}

SdnFlowTable::MissAction
SdnFlowTable::GetMissAction() const
{
    return m_missAction;
}

void
SdnFlowTable::SetPacketInCallback(PacketInCallback cb)
{
    m_packetInCb = cb;
}

void
SdnFlowTable::SetFlowRemovedCallback(FlowRemovedCallback cb)
{
    m_flowRemovedCb = cb;
}

void
SdnFlowTable::SetSwitchId(uint32_t id)
{
    m_switchId = id;
    m_switchIdSet = true;
}

uint32_t
SdnFlowTable::GetSwitchId() const
{
    return m_switchId;
}

uint64_t
SdnFlowTable::GetNPacketIns() const
{
    return m_packetIns;
}

uint64_t
SdnFlowTable::GetNFlowRemoved() const
{
    return m_flowRemoved;
}

uint64_t
SdnFlowTable::GetNStaleMatches() const
{
    return m_staleMatches;
}

uint64_t
SdnFlowTable::GetNHeld() const
{
    return m_heldTotal;
}

uint64_t
SdnFlowTable::GetNHoldDrops() const
{
    return m_holdDrops;
}

uint32_t
SdnFlowTable::GetNHeldNow() const
{
    return m_heldNow;
}

SdnFlowTable::FlowRule*
SdnFlowTable::Match(const FiveTuple& tuple, uint32_t bytes)
{
    auto it = m_rules.find(tuple);
    if (it == m_rules.end())
    {
        return nullptr;
    }
    FlowRule& r = it->second.rule;
    ++r.packets;
    r.bytes += bytes;
    r.lastMatched = Simulator::Now();
    return &r;
}

void
SdnFlowTable::NotifyStaleMatch()
{
    ++m_staleMatches;
}

void
SdnFlowTable::AddMissEntry(const FiveTuple& tuple,
                           uint32_t outputPort,
                           uint32_t bytes,
                           Ptr<const Packet> payload)
{
    NS_LOG_FUNCTION(this << tuple << outputPort << bytes);
    const Time now = Simulator::Now();
    Entry& e = m_rules[tuple];
    e.rule.match = tuple;
    e.rule.outputPort = outputPort;
    e.rule.fromController = false;
    e.rule.idleTimeout = m_missIdleTimeout;
    e.rule.hardTimeout = Time(0);
    e.rule.added = now;
    e.rule.lastMatched = now;
    e.rule.packets = 1;
    e.rule.bytes = bytes;
    ScheduleExpiry(e);
    RaisePacketIn(tuple, bytes, payload);
}

bool
SdnFlowTable::Hold(const FiveTuple& tuple,
                   uint32_t bytes,
                   std::function<void()> resume,
                   Ptr<const Packet> payload)
{
    NS_LOG_FUNCTION(this << tuple << bytes);
    if (m_heldNow >= m_holdLimit)
    {
        ++m_holdDrops;
        return false;
    }
    auto [it, first] = m_held.try_emplace(tuple);
    it->second.push_back(std::move(resume));
    ++m_heldNow;
    ++m_heldTotal;
    if (first)
    {
        RaisePacketIn(tuple, bytes, payload);
    }
    return true;
}

void
SdnFlowTable::Release(FiveTuple match)
{
    auto it = m_held.find(match);
    if (it == m_held.end() || !m_rules.count(match))
    {
        return; // released already, or the rule left again before this instant's event
    }
    HeldQueue queue = std::move(it->second);
    m_held.erase(it);
    m_heldNow -= static_cast<uint32_t>(queue.size());
    NS_LOG_LOGIC("releasing " << queue.size() << " held packets of " << match);
    for (std::function<void()>& resume : queue)
    {
        resume();
    }
}

void
SdnFlowTable::RaisePacketIn(const FiveTuple& tuple, uint32_t bytes, Ptr<const Packet> payload)
{
    ++m_packetIns;
    m_packetInTrace(tuple, bytes);
    if (!m_packetInCb.IsNull())
    {
        m_packetInCb(this, tuple, bytes, payload);
    }
}

void
SdnFlowTable::ScheduleExpiry(Entry& e)
{
    const FlowRule& r = e.rule;
    Time at = Time::Max();
    if (r.idleTimeout.IsStrictlyPositive())
    {
        at = r.lastMatched + r.idleTimeout;
    }
    if (r.hardTimeout.IsStrictlyPositive())
    {
        at = std::min(at, r.added + r.hardTimeout);
    }
    if (at == Time::Max())
    {
        return;
    }
    const Time now = Simulator::Now();
    e.expiry = Simulator::Schedule(at > now ? at - now : Time(0),
                                   &SdnFlowTable::CheckExpiry,
                                   this,
                                   r.match);
}

void
SdnFlowTable::CheckExpiry(FiveTuple match)
{
    auto it = m_rules.find(match);
    if (it == m_rules.end())
    {
        return;
    }
    const FlowRule& r = it->second.rule;
    const Time now = Simulator::Now();
    if (r.hardTimeout.IsStrictlyPositive() && now >= r.added + r.hardTimeout)
    {
        Remove(it, HARD_TIMEOUT);
    }
    else if (r.idleTimeout.IsStrictlyPositive() && now >= r.lastMatched + r.idleTimeout)
    {
        Remove(it, IDLE_TIMEOUT);
    }
    else
    {
        ScheduleExpiry(it->second); // matched since: check again at the new deadline
    }
}

void
SdnFlowTable::Remove(Table::iterator it, RemovedReason reason)
{
    NS_LOG_FUNCTION(this << it->first << reason);
    it->second.expiry.Cancel();
    const FlowRule rule = it->second.rule;
    m_rules.erase(it);
    ++m_flowRemoved;
    m_flowRemovedTrace(rule, reason);
    if (!m_flowRemovedCb.IsNull())
    {
        m_flowRemovedCb(this, rule, reason);
    }
}

std::ostream&
operator<<(std::ostream& os, SdnFlowTable::RemovedReason reason)
{
    switch (reason)
    {
    case SdnFlowTable::IDLE_TIMEOUT:
        return os << "idle-timeout";
    case SdnFlowTable::HARD_TIMEOUT:
        return os << "hard-timeout";
    case SdnFlowTable::DELETED:
        return os << "deleted";
    }
    return os << "unknown";
}

} // namespace ns3
