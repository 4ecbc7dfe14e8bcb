/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/responsive-route-calculator.h"

#include "ns3/abort.h"

#include <algorithm>
#include <limits>

namespace ns3
{

namespace
{

/// The hop index of a path's aggregation-ToR uplink and downlink; (-1, -1) on a path too
/// short to have them (seed 004 §III-C: the second hop and the second to last).
std::pair<int, int>
AggregationTorHops(const DatacenterPathGraph::Path& path)
{
    if (path.size() < 4)
    {
        return {-1, -1};
    }
    return {1, static_cast<int>(path.size()) - 2};
}

} // namespace

ResponsiveRouteCalculator::ResponsiveRouteCalculator(const DatacenterPathGraph& graph)
    : m_graph(graph)
{
    NS_ABORT_MSG_UNLESS(graph.IsBuilt(), "ResponsiveRouteCalculator: the path graph is not built");
}

void
ResponsiveRouteCalculator::AddSubflow(uint64_t flow, const Path& path)
{
    NS_ABORT_MSG_IF(path.empty(), "ResponsiveRouteCalculator::AddSubflow: empty path");
    for (const auto& hop : path)
    {
        ++m_links[{hop.link, hop.forward}][flow];
    }
    m_flows[flow].push_back(path);
}

void
ResponsiveRouteCalculator::RemoveFlow(uint64_t flow)
{
    auto it = m_flows.find(flow);
    if (it == m_flows.end())
    {
        return;
    }
    for (const Path& path : it->second)
    {
        for (const auto& hop : path)
        {
            auto l = m_links.find({hop.link, hop.forward});
            if (l == m_links.end())
            {
                continue; // a link of an earlier subflow of the flow, already cleared
            }
            l->second.erase(flow);
            if (l->second.empty())
            {
                m_links.erase(l);
            }
        }
    }
    m_flows.erase(it);
}

uint32_t
ResponsiveRouteCalculator::GetNSubflows(uint64_t flow) const
{
    auto it = m_flows.find(flow);
    return it == m_flows.end() ? 0 : static_cast<uint32_t>(it->second.size());
}

uint32_t
ResponsiveRouteCalculator::GetAggregateFlows(uint32_t link, bool forward) const
{
    auto it = m_links.find({link, forward});
    return it == m_links.end() ? 0 : static_cast<uint32_t>(it->second.size());
}

bool
ResponsiveRouteCalculator::Uses(const LinkDir& l, uint64_t flow) const
{
    auto it = m_links.find(l);
    return it != m_links.end() && it->second.count(flow) > 0;
}

uint32_t
ResponsiveRouteCalculator::CountWith(const LinkDir& l, uint64_t flow) const
{
    auto it = m_links.find(l);
    const uint32_t n = it == m_links.end() ? 0 : static_cast<uint32_t>(it->second.size());
    return Uses(l, flow) ? n : n + 1;
}

double
ResponsiveRouteCalculator::GetSubflowBound(uint64_t flow, const Path& path) const
{
    NS_ABORT_MSG_IF(path.empty(), "ResponsiveRouteCalculator::GetSubflowBound: empty path");
    double bound = std::numeric_limits<double>::infinity();
    for (const auto& hop : path)
    {
        const double b =
            m_graph.GetCapacity(hop.link, hop.forward) / CountWith({hop.link, hop.forward}, flow);
        bound = std::min(bound, b);
    }
    return bound;
}

double
ResponsiveRouteCalculator::GetExpectedThroughput(uint64_t flow, const Path& path) const
{
    const double rule1 = GetSubflowBound(flow, path); // B / n_max
    const auto [up, down] = AggregationTorHops(path);
    if (up < 0)
    {
        return rule1;
    }
    const LinkDir uplink{path[up].link, path[up].forward};
    if (!Uses(uplink, flow))
    {
        return rule1; // Rule 1
    }
    // Rule 2: f's subflows on this uplink form one aggregate flow on the uplink and (Obs. 2)
    // on the downlink; what it can still gain there is the aggregate's share minus what its
    // existing subflows are already expected to carry.
    const LinkDir downlink{path[down].link, path[down].forward};
    const double share =
        std::min(m_graph.GetCapacity(uplink.first, uplink.second) / CountWith(uplink, flow),
                 m_graph.GetCapacity(downlink.first, downlink.second) / CountWith(downlink, flow));
    double existing = 0;
    for (const Path& sub : m_flows.at(flow))
    {
        const auto [su, sd] = AggregationTorHops(sub);
        (void)sd;
        if (su >= 0 && sub[su].link == uplink.first && sub[su].forward == uplink.second)
        {
            existing += GetSubflowBound(flow, sub); // u_i
        }
    }
    const double marginal = std::max(0.0, share - existing);
    return std::min(marginal, rule1);
}

ResponsiveRouteCalculator::Choice
ResponsiveRouteCalculator::Calculate(uint64_t flow,
                                     const std::vector<Path>& candidates,
                                     double gapBps,
                                     bool newFlow,
                                     uint32_t maxSubflows) const
{
    Choice choice;
    if (candidates.empty())
    {
        return choice;
    }
    // Paths chosen in this call count as routed when the next one is weighed.
    ResponsiveRouteCalculator scratch(*this);
    const uint32_t existing = GetNSubflows(flow);
    double gap = gapBps;
    while (existing + choice.paths.size() < maxSubflows)
    {
        uint32_t best = 0;
        double bestE = -1;
        for (uint32_t i = 0; i < candidates.size(); ++i)
        {
            const double e = scratch.GetExpectedThroughput(flow, candidates[i]);
            if (e > bestE)
            {
                best = i;
                bestE = e;
            }
        }
        if (newFlow)
        {
            // The first subflow of a new flow: its one path, installed at once.
            choice.paths.push_back(best);
            choice.expected.push_back(bestE);
            break;
        }
        if (bestE <= 0)
        {
            // Alg. 2 "return": no path adds anything; the subflows chosen so far still stand.
            break;
        }
        choice.paths.push_back(best);
        choice.expected.push_back(bestE);
        scratch.AddSubflow(flow, candidates[best]);
        if (bestE > gap)
        {
            break; // this subflow covers the rest of the gap
        }
        gap -= bestE;
    }
    return choice;
}

} // namespace ns3
