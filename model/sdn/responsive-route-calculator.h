/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RESPONSIVE_ROUTE_CALCULATOR_H
#define RESPONSIVE_ROUTE_CALCULATOR_H

#include "ns3/datacenter-path-graph.h"

#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::ResponsiveRouteCalculator: the route calculation of Responsive MPTCP (seed 004 §III-C,
 * Observations 1 and 2, Rules 1 and 2, Algorithm 2).
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The Responsive-MPTCP controller's route calculation (Duan, Wang, Wu, "Responsive
 * Multipath TCP in SDN-based Datacenters", ICC 2015, §III-C): which paths the next subflows
 * of an MPTCP flow should take, and how many are worth opening.
 *
 * The state is the subflows the controller has routed: per link and direction, the MPTCP
 * flows with at least one subflow on it. Observation 1: the subflows of one flow on a link act
 * as one *aggregate flow*, and n aggregate flows on a link of capacity B get B/n each, which
 * bounds the throughput of any subflow on that link. Observation 2: subflows of one flow that
 * share the aggregation-ToR uplink of their paths share the aggregation-ToR downlink too.
 *
 * The expected throughput e_t of a candidate path p for a new subflow of flow f (bit/s):
 * - **Rule 1**, f has no subflow on p's aggregation-ToR uplink: e_t = min over the links l of
 *   p of B_l / n_l, where n_l counts the aggregate flows on l with f among them (the paper's
 *   B / n_max on a fabric of equal links).
 * - **Rule 2**, f has m subflows on p's aggregation-ToR uplink: the marginal throughput
 *   m_t = [min(B_u / n_u, B_d / n_d) - sum_i u_i]^+, where n_u and n_d count the aggregate
 *   flows on p's aggregation-ToR uplink and downlink (f among them) and u_i is Observation 1's
 *   bound of f's i-th subflow on that uplink (its path's min B_l / n_l); e_t = min(m_t, the
 *   Rule 1 bound of p).
 *
 * A path's aggregation-ToR uplink is its second hop (from the source's edge switch up) and its
 * downlink its second to last (down to the destination's edge switch), on paths of at least
 * four hops; a two-hop path (both hosts under one switch) has neither, so Rule 1 applies. The
 * capacities are DatacenterPathGraph::GetCapacity(); the graph's reservations are not used.
 *
 * Algorithm 2 (Calculate()): for a new flow, the one path with the largest e_t; for a path-
 * adding request with demand gap d_g (bit/s) from a flow with n_sf subflows, paths in order of
 * the largest e_t, each counted as if routed before the next is chosen, until e_t exceeds the
 * remaining gap (then that path is the last), e_t is 0 (that path is not taken), or n_sf plus
 * the paths chosen reaches the cap M. Ties go to the candidate listed first.
 */
class ResponsiveRouteCalculator
{
  public:
    /// A path between two hosts, as DatacenterPathGraph gives them.
    using Path = DatacenterPathGraph::Path;

    /**
     * \brief Calculate routes on a fabric.
     * \param graph the fabric's path graph (built; it must outlive this object)
     */
    explicit ResponsiveRouteCalculator(const DatacenterPathGraph& graph);

    /**
     * \brief Record a routed subflow of a flow.
     * \param flow the MPTCP flow (any key unique among the flows, e.g. its token)
     * \param path the subflow's path (at least one hop)
     */
    void AddSubflow(uint64_t flow, const Path& path);

    /**
     * \brief Forget a flow and all its subflows (it ended: Flow-Removed). Unknown flows are
     * ignored.
     * \param flow the flow's key
     */
    void RemoveFlow(uint64_t flow);

    /**
     * \param flow the flow's key
     * \return the number of subflows recorded for the flow (0 for an unknown flow)
     */
    uint32_t GetNSubflows(uint64_t flow) const;

    /**
     * \param link index of the link (DatacenterFabric::GetLinks())
     * \param forward the direction (from the link's end a to b)
     * \return the number of aggregate flows on it: distinct flows with a subflow there
     */
    uint32_t GetAggregateFlows(uint32_t link, bool forward) const;

    /**
     * \brief Observation 1's bound of a subflow of \p flow on \p path: min over its links of
     * capacity / aggregate flows, counting \p flow on every link (bit/s).
     * \param flow the flow's key
     * \param path the path (at least one hop)
     * \return the bound, bit/s
     */
    double GetSubflowBound(uint64_t flow, const Path& path) const;

    /**
     * \brief Rules 1 and 2: the expected throughput of a new subflow of \p flow on \p path.
     * \param flow the flow's key
     * \param path the candidate path (at least one hop)
     * \return e_t, bit/s (0 when Rule 2 finds no marginal throughput)
     */
    double GetExpectedThroughput(uint64_t flow, const Path& path) const;

    /// Result of Calculate(): the chosen candidates and their expected throughputs.
    struct Choice
    {
        std::vector<uint32_t> paths; //!< Indices into the candidates, in the order chosen.
        std::vector<double> expected; //!< e_t of each chosen path when chosen, bit/s.
    };

    /**
     * \brief Algorithm 2. Nothing is recorded: the caller routes the chosen paths with
     * AddSubflow() when the subflows appear.
     * \param flow the flow's key
     * \param candidates its equal-cost paths (DatacenterPathGraph::GetEqualCostPaths())
     * \param gapBps the demand gap d_g, bit/s (a new flow: its estimated demand)
     * \param newFlow whether this is the flow's first subflow (then one path is chosen)
     * \param maxSubflows the cap M on the flow's subflows (seed 004: 4)
     * \return the choice; empty when no candidate has e_t > 0, when there are no candidates,
     *         or when the flow already has maxSubflows subflows
     */
    Choice Calculate(uint64_t flow,
                     const std::vector<Path>& candidates,
                     double gapBps,
                     bool newFlow,
                     uint32_t maxSubflows) const;

  private:
    /// A link in one direction.
    using LinkDir = std::pair<uint32_t, bool>;
    /// Per flow: how many of its subflows use the link.
    using FlowCounts = std::unordered_map<uint64_t, uint32_t>;

    /// Aggregate flows on \p l, counting \p flow once whether it is there or not.
    uint32_t CountWith(const LinkDir& l, uint64_t flow) const;
    /// Whether \p flow has a subflow on \p l.
    bool Uses(const LinkDir& l, uint64_t flow) const;

    const DatacenterPathGraph& m_graph;        //!< The fabric.
    std::map<LinkDir, FlowCounts> m_links;     //!< Flows on each link and direction.
    std::unordered_map<uint64_t, std::vector<Path>> m_flows; //!< Each flow's subflow paths.
};

} // namespace ns3

#endif /* RESPONSIVE_ROUTE_CALCULATOR_H */
