/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/hedera-controller.h"

#include "ns3/abort.h"
#include "ns3/datacenter-fabric.h"
#include "ns3/double.h"
#include "ns3/hedera-demand-estimator.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <memory>
#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HederaController");
NS_OBJECT_ENSURE_REGISTERED(HederaController);

TypeId
HederaController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HederaController")
            .SetParent<SdnController>()
            .SetGroupName("Mptcp")
            .AddConstructor<HederaController>()
            .AddAttribute("Interval",
                          "Scheduling interval: flow counters are polled, elephants detected "
                          "and placed once per interval (Hedera: 5 s; seed 000 §4.4 compares "
                          "0.1, 0.5, 1 and 5 s). Must exceed twice ControlLatency.",
                          TimeValue(Seconds(5)),
                          MakeTimeAccessor(&HederaController::m_interval),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("ElephantThreshold",
                          "A flow whose rate over an interval exceeds this fraction of the NIC "
                          "rate is an elephant and is scheduled (Hedera: 0.1).",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&HederaController::m_threshold),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("RuleIdleTimeout",
                          "Idle timeout of the rules that place a flow; the expiry of the rule "
                          "at the source's switch releases the flow's reservation.",
                          TimeValue(Seconds(1)),
                          MakeTimeAccessor(&HederaController::m_ruleIdleTimeout),
                          MakeTimeChecker(Time(0)));
    return tid;
}

HederaController::HederaController()
{
    NS_LOG_FUNCTION(this);
}

HederaController::~HederaController()
{
    NS_LOG_FUNCTION(this);
}

void
HederaController::DoDispose()
{
    m_pollEvent.Cancel();
    m_graph.reset();
    m_placed.clear();
    SdnController::DoDispose();
}

void
HederaController::SetTopology(const DatacenterFabric& topo)
{
    NS_LOG_FUNCTION(this);
    m_graph = std::make_unique<DatacenterPathGraph>(topo);
    m_nicRateBps = topo.GetHostLinkRate();
    m_hostPorts = MapHostPorts(topo);
    std::set<uint32_t> edges;
    for (const auto& [addr, port] : m_hostPorts)
    {
        edges.insert(port.switchId);
    }
    m_edgeSwitches.assign(edges.begin(), edges.end());
}

SdnController::RunCounters
HederaController::GetRunCounters() const
{
    RunCounters c;
    c.flowsScheduled = GetNFlowsScheduled();
    c.rounds = GetNRounds();
    c.schedulingRounds = GetNRounds();
    return c;
}

int32_t
HederaController::GlobalFirstFit(DatacenterPathGraph& graph,
                                 const std::vector<DatacenterPathGraph::Path>& paths,
                                 double rateBps)
{
    for (std::size_t i = 0; i < paths.size(); ++i)
    {
        if (graph.Fits(paths[i], rateBps))
        {
            graph.Reserve(paths[i], rateBps);
            return static_cast<int32_t>(i);
        }
    }
    return -1;
}

void
HederaController::StartApplication()
{
    NS_LOG_FUNCTION(this);
    SdnController::StartApplication();
    NS_ABORT_MSG_IF(!m_graph, "HederaController: SetTopology() was not called");
    NS_ABORT_MSG_IF(m_interval <= GetControlLatency() * 2,
                    "HederaController: Interval " << m_interval.As(Time::S)
                                                  << " must exceed twice ControlLatency "
                                                  << GetControlLatency().As(Time::S));
    m_pollEvent = Simulator::Schedule(m_interval, &HederaController::Poll, this);
}

void
HederaController::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_pollEvent.Cancel();
    SdnController::StopApplication();
}

void
HederaController::Poll()
{
    NS_LOG_FUNCTION(this);
    m_lastPoll = Simulator::Now();
    m_outstanding = static_cast<uint32_t>(m_edgeSwitches.size());
    m_measured.clear();
    m_newBytes.clear();
    for (uint32_t sw : m_edgeSwitches)
    {
        SendFlowStatsRequest(sw);
    }
    m_pollEvent = Simulator::Schedule(m_interval, &HederaController::Poll, this);
}

void
HederaController::HandleFlowStatsReply(uint32_t switchId,
                                       const std::vector<SdnFlowTable::FlowRule>& rules)
{
    // The counters were read when the request arrived.
    const Time readAt = m_lastPoll + GetControlLatency();
    for (const SdnFlowTable::FlowRule& r : rules)
    {
        auto hp = m_hostPorts.find(r.match.source.Get());
        if (hp == m_hostPorts.end() || hp->second.switchId != switchId ||
            !m_hostPorts.count(r.match.destination.Get()))
        {
            continue; // measured at the source's switch only, between hosts only
        }
        double rate = 0;
        auto prev = m_lastBytes.find(r.match);
        if (prev != m_lastBytes.end() && r.bytes >= prev->second)
        {
            rate = static_cast<double>(r.bytes - prev->second) * 8 / m_interval.GetSeconds();
        }
        else
        {
            const double age = (readAt - r.added).GetSeconds();
            rate = age > 0 ? static_cast<double>(r.bytes) * 8 / age : 0;
        }
        m_newBytes[r.match] = r.bytes;
        m_measured.push_back(Measured{r.match, rate});
    }
    if (m_outstanding > 0 && --m_outstanding == 0)
    {
        Schedule();
    }
}

void
HederaController::Schedule()
{
    NS_LOG_FUNCTION(this);
    ++m_rounds;
    m_lastBytes.swap(m_newBytes);
    std::vector<SdnFlowTable::FiveTuple> elephants;
    for (const Measured& m : m_measured)
    {
        if (m.rateBps > m_threshold * m_nicRateBps)
        {
            elephants.push_back(m.tuple);
        }
    }
    // Detection order: flows keep the number they got when first seen as elephants; flows no
    // longer measured are forgotten.
    std::unordered_map<SdnFlowTable::FiveTuple, uint64_t, TupleHash> detected;
    std::sort(elephants.begin(), elephants.end());
    for (const auto& t : elephants)
    {
        auto it = m_detected.find(t);
        detected[t] = it != m_detected.end() ? it->second : m_nextDetection++;
    }
    m_detected.swap(detected);
    std::stable_sort(elephants.begin(), elephants.end(), [this](const auto& a, const auto& b) {
        return m_detected.at(a) < m_detected.at(b);
    });
    // Natural demands of all elephants (Hedera estimates them together).
    std::vector<HederaDemandEstimator::Flow> flows;
    flows.reserve(elephants.size());
    for (const auto& t : elephants)
    {
        flows.push_back({m_hostPorts.at(t.source.Get()).host,
                         m_hostPorts.at(t.destination.Get()).host});
    }
    const std::vector<double> demands = HederaDemandEstimator::Estimate(flows);
    for (std::size_t i = 0; i < elephants.size(); ++i)
    {
        if (!m_placed.count(elephants[i]))
        {
            Place(elephants[i], demands[i] * m_nicRateBps);
        }
    }
    NS_LOG_INFO("round " << m_rounds << ": " << m_measured.size() << " flows, "
                         << elephants.size() << " elephants, " << m_placed.size()
                         << " placed");
}

void
HederaController::Place(const SdnFlowTable::FiveTuple& tuple, double demandBps)
{
    const HostPort& src = m_hostPorts.at(tuple.source.Get());
    const HostPort& dst = m_hostPorts.at(tuple.destination.Get());
    // The paths that leave by the source address's NIC and enter by the destination's.
    std::vector<DatacenterPathGraph::Path> paths =
        m_graph->GetEqualCostPaths(src.host, dst.host, tuple.source, tuple.destination);
    const int32_t chosen = GlobalFirstFit(*m_graph, paths, demandBps);
    if (chosen < 0)
    {
        ++m_unplaced;
        NS_LOG_LOGIC("no path fits " << tuple << " (" << demandBps << " bit/s): stays on ECMP");
        return;
    }
    const DatacenterPathGraph::Path& path = paths[chosen];
    for (std::size_t i = 1; i < path.size(); ++i) // hop 0 leaves the source host
    {
        SendFlowMod(path[i].from->GetId(), tuple, path[i].egressInterface, m_ruleIdleTimeout,
                    Time(0));
    }
    m_placed[tuple] = Placement{path, demandBps, path[1].from->GetId()};
    ++m_scheduled;
    NS_LOG_LOGIC("placed " << tuple << " (" << demandBps << " bit/s) on path " << chosen);
}

void
HederaController::HandleFlowRemoved(uint32_t switchId,
                                    const SdnFlowTable::FlowRule& rule,
                                    SdnFlowTable::RemovedReason reason)
{
    auto it = m_placed.find(rule.match);
    if (it != m_placed.end() && it->second.sourceSwitch == switchId)
    {
        m_graph->Release(it->second.path, it->second.rateBps);
        m_placed.erase(it);
    }
}

uint64_t
HederaController::GetNRounds() const
{
    return m_rounds;
}

uint64_t
HederaController::GetNFlowsScheduled() const
{
    return m_scheduled;
}

uint64_t
HederaController::GetNUnplaced() const
{
    return m_unplaced;
}

uint32_t
HederaController::GetNPlacedNow() const
{
    return static_cast<uint32_t>(m_placed.size());
}

const DatacenterPathGraph&
HederaController::GetPathGraph() const
{
    NS_ABORT_MSG_IF(!m_graph, "HederaController: SetTopology() was not called");
    return *m_graph;
}

} // namespace ns3
