/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/responsive-controller.h"

#include "ns3/mptcp-crypto.h"
#include "ns3/mptcp-option.h"

#include "ns3/abort.h"
#include "ns3/datacenter-fabric.h"
#include "ns3/double.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/tcp-header.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <memory>
#include <ostream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ResponsiveController");

NS_OBJECT_ENSURE_REGISTERED(ResponsiveController);

namespace
{

/// What the controller reads of a TCP segment.
struct SegmentInfo
{
    bool tcp{false};          //!< The data parsed as a TCP header.
    bool syn{false};          //!< SYN set.
    bool ack{false};          //!< ACK set.
    bool mpCapable{false};    //!< An MP_CAPABLE option.
    uint8_t nKeys{0};         //!< Keys in it.
    uint64_t senderKey{0};    //!< Its sender's key (when nKeys >= 1).
    bool mpJoin{false};       //!< An MP_JOIN option of a SYN.
    uint32_t token{0};        //!< Its receiver's token.
};

/**
 * \param payload a Packet-In's data (null: none)
 * \param protocol the IPv4 protocol of the flow
 * \return what the segment says
 */
SegmentInfo
ReadSegment(Ptr<const Packet> payload, uint8_t protocol)
{
    SegmentInfo info;
    if (!payload || protocol != 6 || payload->GetSize() < 20)
    {
        return info;
    }
    TcpHeader th;
    payload->PeekHeader(th);
    info.tcp = true;
    info.syn = (th.GetFlags() & TcpHeader::SYN) != 0;
    info.ack = (th.GetFlags() & TcpHeader::ACK) != 0;
    std::vector<uint8_t> bytes;
    for (const Ptr<const TcpOption>& o : th.GetOptionList())
    {
        MpTcpOption option;
        if (!GetMpTcpOptionBytes(o, bytes) ||
            ParseMpTcpOption(bytes.data(), bytes.size(), option) != MpTcpParseError::NONE)
        {
            continue;
        }
        if (const auto* cap = std::get_if<MpCapableOption>(&option))
        {
            info.mpCapable = true;
            info.nKeys = cap->nKeys;
            info.senderKey = cap->senderKey;
        }
        else if (const auto* join = std::get_if<MpJoinSynOption>(&option))
        {
            info.mpJoin = true;
            info.token = join->receiverToken;
        }
    }
    return info;
}

/**
 * \param t a flow
 * \return the flow of the other direction
 */
SdnFlowTable::FiveTuple
Reverse(const SdnFlowTable::FiveTuple& t)
{
    SdnFlowTable::FiveTuple r = t;
    r.source = t.destination;
    r.destination = t.source;
    r.sourcePort = t.destinationPort;
    r.destinationPort = t.sourcePort;
    return r;
}

/**
 * \param path a path
 * \return the ids of its nodes in order
 */
std::vector<uint32_t>
Nodes(const DatacenterPathGraph::Path& path)
{
    std::vector<uint32_t> n;
    for (const auto& hop : path)
    {
        n.push_back(hop.from->GetId());
    }
    if (!path.empty())
    {
        n.push_back(path.back().to->GetId());
    }
    return n;
}

} // namespace

TypeId
ResponsiveController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ResponsiveController")
            .SetParent<SdnController>()
            .SetGroupName("Mptcp")
            .AddConstructor<ResponsiveController>()
            .AddAttribute("RuleIdleTimeout",
                          "Idle timeout of the rules the controller installs; the expiry of a "
                          "subflow's rule at its source's switch ends the subflow, and of its "
                          "last subflow the flow (seed 004 does not give it).",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&ResponsiveController::m_ruleIdleTimeout),
                          MakeTimeChecker(MicroSeconds(1)))
            .AddAttribute("DeltaDdt",
                          "δ_DDT: a flow's demand is sent again when it moved by more than "
                          "this fraction (seed 004: 0.15).",
                          DoubleValue(0.15),
                          MakeDoubleAccessor(&ResponsiveController::m_deltaDdt),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("MaxSubflows",
                          "M: the most subflows Algorithm 2 gives a flow (seed 004: 4).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&ResponsiveController::m_maxSubflows),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

ResponsiveController::ResponsiveController()
{
    NS_LOG_FUNCTION(this);
}

ResponsiveController::~ResponsiveController()
{
    NS_LOG_FUNCTION(this);
}

void
ResponsiveController::DoDispose()
{
    m_routes.reset();
    m_demands.reset();
    m_graph.reset();
    m_flows.clear();
    m_paths.clear();
    SdnController::DoDispose();
}

void
ResponsiveController::SetTopology(const DatacenterFabric& topo)
{
    NS_LOG_FUNCTION(this);
    m_graph = std::make_unique<DatacenterPathGraph>(topo);
    m_nicRateBps = topo.GetHostLinkRate();
    m_hostPorts = MapHostPorts(topo);
}

SdnController::RunCounters
ResponsiveController::GetRunCounters() const
{
    RunCounters c;
    c.flowsScheduled = GetNFlows();
    c.rounds = GetNRequests();
    return c;
}

void
ResponsiveController::WriteSummaryFields(std::ostream& os, double durationS) const
{
    const uint32_t servers = std::max<uint32_t>(1, GetNServers());
    os << ", \"path_requests\": " << GetNRequests()
       << ", \"subflows_granted\": " << GetNSubflowsGranted()
       << ", \"demands_sent\": " << GetNDemandsSent()
       << ", \"server_messages\": " << GetNServerMessages()
       << ", \"server_control_bytes\": " << GetServerControlBytes()
       << ", \"server_control_bps_per_server\": "
       << (durationS > 0 ? GetServerControlBytes() * 8.0 / durationS / servers : 0.0);
}

void
ResponsiveController::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_graph, "ResponsiveController: SetTopology() was not called");
    m_routes = std::make_unique<ResponsiveRouteCalculator>(*m_graph);
    m_demands = std::make_unique<ResponsiveDemandTable>(m_nicRateBps, m_deltaDdt);
    SdnController::StartApplication();
}

std::vector<DatacenterPathGraph::Path>
ResponsiveController::Candidates(const FiveTuple& tuple) const
{
    auto s = m_hostPorts.find(tuple.source.Get());
    auto d = m_hostPorts.find(tuple.destination.Get());
    if (s == m_hostPorts.end() || d == m_hostPorts.end())
    {
        return {};
    }
    return m_graph->GetEqualCostPaths(s->second.host,
                                      d->second.host,
                                      tuple.source,
                                      tuple.destination);
}

void
ResponsiveController::Install(const FiveTuple& tuple, const Path& path, std::size_t from)
{
    for (std::size_t i = std::max<std::size_t>(from, 1); i < path.size(); ++i)
    {
        SendFlowMod(path[i].from->GetId(),
                    tuple,
                    path[i].egressInterface,
                    m_ruleIdleTimeout,
                    Time(0));
    }
    m_paths[tuple] = path;
}

void
ResponsiveController::AddSubflow(uint64_t flowId, const FiveTuple& tuple, const Path& path)
{
    m_routes->AddSubflow(flowId, path);
    m_flows.at(flowId).subflows.insert(tuple);
    m_flowOf[tuple] = flowId;
    Install(tuple, path, 1);
    ++m_routed;
}

void
ResponsiveController::Dispatch(const ResponsiveDemandTable::Dispatch& d)
{
    for (const auto& [flowId, demand] : d)
    {
        const Flow& f = m_flows.at(flowId);
        SdnServerMessage m;
        m.SetType(SdnServerMessage::DEMAND);
        m.SetFlowId(flowId);
        m.SetFiveTuple(f.initial);
        m.SetValue(static_cast<uint64_t>(demand));
        if (SendToServer(f.source, m))
        {
            ++m_demandsSent;
        }
    }
}

void
ResponsiveController::HandlePacketIn(uint32_t switchId,
                                     const FiveTuple& tuple,
                                     uint32_t bytes,
                                     Ptr<const Packet> payload)
{
    NS_LOG_FUNCTION(this << switchId << tuple << bytes);
    auto src = m_hostPorts.find(tuple.source.Get());
    if (src == m_hostPorts.end() || src->second.switchId != switchId)
    {
        RouteOther(switchId, tuple); // not at the source's switch: a rule still on its way
        return;
    }
    const SegmentInfo seg = ReadSegment(payload, tuple.protocol);
    if (seg.syn && !seg.ack && seg.mpCapable)
    {
        // Algorithm 2, new flow: one path, installed at once; then Algorithm 1.
        std::vector<Path> cands = Candidates(tuple);
        if (cands.empty() || m_flowOf.count(tuple))
        {
            RouteOther(switchId, tuple); // a retransmitted SYN, or no path
            return;
        }
        const uint64_t id = m_nextFlowId++;
        ++m_nFlows;
        Flow& f = m_flows[id];
        f.source = src->second.host;
        f.destination = m_hostPorts.at(tuple.destination.Get()).host;
        f.initial = tuple;
        const auto choice = m_routes->Calculate(id, cands, 0, true, m_maxSubflows);
        AddSubflow(id, tuple, cands[choice.paths.at(0)]);
        NS_LOG_INFO("flow " << id << " " << tuple << ": path " << choice.paths[0] << " of "
                            << cands.size() << ", expected " << choice.expected[0] << " bit/s");
        Dispatch(m_demands->AddFlow(id, f.source, f.destination));
        return;
    }
    if (seg.syn && !seg.ack && seg.mpJoin)
    {
        auto byToken = m_byToken.find(seg.token);
        std::vector<Path> cands = Candidates(tuple);
        if (byToken == m_byToken.end() || !m_flows.count(byToken->second) || cands.empty() ||
            m_flowOf.count(tuple))
        {
            RouteOther(switchId, tuple);
            return;
        }
        Flow& f = m_flows.at(byToken->second);
        Path path;
        if (!f.saved.empty())
        {
            path = f.saved.front(); // saved by Algorithm 2 for this subflow
            f.saved.pop_front();
            ++m_savedUsed;
        }
        else
        {
            const auto choice = m_routes->Calculate(byToken->second, cands, 0, true, UINT32_MAX);
            path = cands[choice.paths.at(0)];
        }
        AddSubflow(byToken->second, tuple, path);
        return;
    }
    if (seg.syn && seg.ack && seg.mpCapable && seg.nKeys >= 1)
    {
        // The receiver's key: its token names the flow in the MP_JOINs to come.
        auto fwd = m_flowOf.find(Reverse(tuple));
        if (fwd != m_flowOf.end())
        {
            m_byToken[MpTcpCrypto::Token(seg.senderKey)] = fwd->second;
        }
    }
    RouteOther(switchId, tuple);
}

void
ResponsiveController::RouteOther(uint32_t switchId, const FiveTuple& tuple)
{
    std::vector<Path> cands = Candidates(tuple);
    if (cands.empty())
    {
        NS_LOG_WARN("no path for " << tuple << " at switch " << switchId);
        return;
    }
    // The path the tuple has, or the mirror of its other direction's, or the best by Rule 1.
    auto own = m_paths.find(tuple);
    const Path* chosen = own != m_paths.end() ? &own->second : nullptr;
    if (!chosen)
    {
        auto rev = m_paths.find(Reverse(tuple));
        if (rev != m_paths.end())
        {
            std::vector<uint32_t> mirror = Nodes(rev->second);
            std::reverse(mirror.begin(), mirror.end());
            for (const Path& p : cands)
            {
                if (Nodes(p) == mirror)
                {
                    chosen = &p;
                    break;
                }
            }
        }
    }
    Path best;
    if (!chosen)
    {
        // Rule 1 for a flow of its own (id 0 is never an MPTCP flow's), not recorded.
        double bestE = -1;
        for (const Path& p : cands)
        {
            const double e = m_routes->GetExpectedThroughput(0, p);
            if (e > bestE)
            {
                bestE = e;
                best = p;
            }
        }
        chosen = &best;
    }
    // From the switch that asked: the chosen path if it passes there, else the first
    // candidate that does.
    auto hopFrom = [switchId](const Path& p) {
        for (std::size_t i = 0; i < p.size(); ++i)
        {
            if (p[i].from->GetId() == switchId)
            {
                return i;
            }
        }
        return p.size();
    };
    std::vector<const Path*> order{chosen};
    for (const Path& p : cands)
    {
        order.push_back(&p);
    }
    for (const Path* p : order)
    {
        const std::size_t i = hopFrom(*p);
        if (i < p->size())
        {
            Install(tuple, *p, i);
            ++m_other;
            return;
        }
    }
    NS_LOG_WARN("no path of " << tuple << " passes switch " << switchId);
}

void
ResponsiveController::HandleFlowRemoved(uint32_t switchId,
                                        const SdnFlowTable::FlowRule& rule,
                                        SdnFlowTable::RemovedReason reason)
{
    auto src = m_hostPorts.find(rule.match.source.Get());
    if (src == m_hostPorts.end() || src->second.switchId != switchId)
    {
        return; // counted once, at the source's switch
    }
    m_paths.erase(rule.match);
    auto it = m_flowOf.find(rule.match);
    if (it == m_flowOf.end())
    {
        return;
    }
    const uint64_t id = it->second;
    m_flowOf.erase(it);
    Flow& f = m_flows.at(id);
    f.subflows.erase(rule.match);
    if (f.subflows.empty())
    {
        EndFlow(id);
    }
}

void
ResponsiveController::EndFlow(uint64_t flowId)
{
    NS_LOG_INFO("flow " << flowId << " ended");
    m_routes->RemoveFlow(flowId);
    for (auto it = m_byToken.begin(); it != m_byToken.end();)
    {
        it = it->second == flowId ? m_byToken.erase(it) : std::next(it);
    }
    const ResponsiveDemandTable::Dispatch d = m_demands->RemoveFlow(flowId);
    m_flows.erase(flowId);
    Dispatch(d);
}

void
ResponsiveController::HandleServerMessage(uint32_t hostIndex, const SdnServerMessage& message)
{
    if (message.GetType() != SdnServerMessage::PATH_ADD_REQUEST)
    {
        return;
    }
    ++m_requests;
    auto it = m_flows.find(message.GetFlowId());
    if (it == m_flows.end())
    {
        return; // the flow ended meanwhile
    }
    Flow& f = it->second;
    std::vector<Path> cands = Candidates(f.initial);
    const uint32_t routed = m_routes->GetNSubflows(it->first);
    const uint32_t pending = static_cast<uint32_t>(f.saved.size());
    if (routed + pending >= m_maxSubflows)
    {
        return;
    }
    // Algorithm 2 with the gap; the saved paths not used yet count against M.
    const auto choice = m_routes->Calculate(it->first,
                                            cands,
                                            static_cast<double>(message.GetValue()),
                                            false,
                                            m_maxSubflows - pending);
    if (choice.paths.empty())
    {
        return; // "e_t == 0": nothing is worth a subflow
    }
    for (uint32_t i : choice.paths)
    {
        f.saved.push_back(cands[i]);
    }
    m_granted += choice.paths.size();
    SdnServerMessage answer;
    answer.SetType(SdnServerMessage::PATH_ADD_ANSWER);
    answer.SetSequence(message.GetSequence());
    answer.SetFlowId(it->first);
    answer.SetFiveTuple(f.initial);
    answer.SetValue(choice.paths.size());
    SendToServer(hostIndex, answer);
}

uint64_t
ResponsiveController::GetNFlows() const
{
    return m_nFlows;
}

uint32_t
ResponsiveController::GetNFlowsNow() const
{
    return static_cast<uint32_t>(m_flows.size());
}

uint64_t
ResponsiveController::GetNSubflowsRouted() const
{
    return m_routed;
}

uint64_t
ResponsiveController::GetNSavedPathsUsed() const
{
    return m_savedUsed;
}

uint64_t
ResponsiveController::GetNRequests() const
{
    return m_requests;
}

uint64_t
ResponsiveController::GetNSubflowsGranted() const
{
    return m_granted;
}

uint64_t
ResponsiveController::GetNDemandsSent() const
{
    return m_demandsSent;
}

uint64_t
ResponsiveController::GetNOtherRouted() const
{
    return m_other;
}

const ResponsiveRouteCalculator&
ResponsiveController::GetRouteCalculator() const
{
    return *m_routes;
}

const ResponsiveDemandTable&
ResponsiveController::GetDemandTable() const
{
    return *m_demands;
}

} // namespace ns3
