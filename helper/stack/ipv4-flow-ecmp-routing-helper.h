/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef IPV4_FLOW_ECMP_ROUTING_HELPER_H
#define IPV4_FLOW_ECMP_ROUTING_HELPER_H

#include "ns3/ipv4-flow-ecmp-routing.h"
#include "ns3/ipv4-routing-helper.h"
#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Installs Ipv4FlowEcmpRouting (per-flow ECMP over global routing) on nodes.
 *
 * Use it like Ipv4GlobalRoutingHelper, either alone with InternetStackHelper::SetRoutingHelper()
 * or inside an Ipv4ListRoutingHelper (e.g. Ipv4StaticRoutingHelper at priority 0 and this
 * helper at -10). Create() makes the node a global-routing router (it calls
 * Ipv4GlobalRoutingHelper::Create(), which aggregates a GlobalRouter and returns the
 * Ipv4GlobalRouting that GlobalRouteManager fills) and wraps the result. After addresses are
 * assigned, call PopulateRoutingTables(); after topology changes, RecomputeRoutingTables().
 *
 * Per-flow ECMP as assumed by Raiciu et al., SIGCOMM 2011, §2; see Ipv4FlowEcmpRouting.
 */
class Ipv4FlowEcmpRoutingHelper : public Ipv4RoutingHelper
{
  public:
    using Ipv4RoutingHelper::GetRouting;

    /// Create a helper whose objects have the default attributes (PER_FLOW, drawn salt).
    Ipv4FlowEcmpRoutingHelper();
    /**
     * \param o the helper to copy (with its attribute settings)
     */
    Ipv4FlowEcmpRoutingHelper(const Ipv4FlowEcmpRoutingHelper& o);
    /// No assignment (like the other routing helpers).
    Ipv4FlowEcmpRoutingHelper& operator=(const Ipv4FlowEcmpRoutingHelper&) = delete;
    ~Ipv4FlowEcmpRoutingHelper() override;

    /**
     * \return a copy of this helper (used by InternetStackHelper and Ipv4ListRoutingHelper)
     */
    Ipv4FlowEcmpRoutingHelper* Copy() const override;

    /**
     * \brief Create the routing protocol of one node.
     *
     * Aggregates a GlobalRouter to the node (via Ipv4GlobalRoutingHelper::Create()), and
     * returns an Ipv4FlowEcmpRouting wrapping the node's Ipv4GlobalRouting.
     * \param node the node (must not have a GlobalRouter yet)
     * \return the new Ipv4FlowEcmpRouting
     */
    Ptr<Ipv4RoutingProtocol> Create(Ptr<Node> node) const override;

    /**
     * \brief Set an attribute of the Ipv4FlowEcmpRouting objects created from now on.
     * \param name attribute name ("Mode", "Salt")
     * \param value attribute value
     */
    void Set(std::string name, const AttributeValue& value);

    /**
     * \brief Compute the global routes of all nodes (Ipv4GlobalRoutingHelper's) and invalidate
     * every Ipv4FlowEcmpRouting cache.
     *
     * If the link-state database was already built in this simulation (a node's GlobalRouter
     * holds LSAs: an earlier PopulateRoutingTables() or RecomputeRoutingTables(), this helper's
     * or ns-3's), it recomputes instead (RecomputeRoutingTables()): ns-3's
     * GlobalRouteManager keeps its database for the whole simulation, and a second populate
     * leaks every LSA whose ID is already in it and gives the nodes routed before their routes
     * a second time (ns-3.37 to 3.48). So a program may build several topologies in one
     * simulation, each populating the routes when it is built.
     */
    static void PopulateRoutingTables();
    /**
     * \return true if a node's GlobalRouter holds link-state advertisements, i.e. the global
     * routing database was built in this simulation
     */
    static bool IsGlobalRoutingBuilt();
    /**
     * \brief Recompute the global routes of all nodes (e.g. after a link failure) and invalidate
     * every Ipv4FlowEcmpRouting cache.
     */
    static void RecomputeRoutingTables();

    /**
     * \brief Find the Ipv4FlowEcmpRouting of a node: its routing protocol itself, or one of the
     * protocols of an Ipv4ListRouting.
     * \param node the node
     * \return the routing object, or nullptr if the node has none (or no IPv4)
     */
    static Ptr<Ipv4FlowEcmpRouting> GetRouting(Ptr<Node> node);

    /**
     * \brief Follow a flow hop by hop with Ipv4FlowEcmpRouting::Lookup().
     *
     * At each node the chosen route's gateway is resolved to the neighbour owning it (through
     * the output device's channel; the destination itself for on-link routes). The walk stops
     * at the node owning tuple.destination. Static routes that an Ipv4ListRouting would consult
     * first are ignored (in a FatTree they only cover directly connected links and agree).
     * \param source the node where the flow starts (normally the one owning tuple.source)
     * \param tuple the flow
     * \return the nodes visited, source and destination included; empty if some node has no
     *         Ipv4FlowEcmpRouting or no route, or on a loop
     */
    static std::vector<Ptr<Node>> TracePath(Ptr<Node> source,
                                            const Ipv4FlowEcmpRouting::FiveTuple& tuple);

    /**
     * \brief Fix the random streams of the Ipv4FlowEcmpRouting objects of some nodes (salts,
     * per-packet choice and the inner global routing).
     * \param c the nodes
     * \param stream first stream index
     * \return the number of streams used
     */
    static int64_t AssignStreams(NodeContainer c, int64_t stream);

  private:
    ObjectFactory m_factory; //!< Factory of Ipv4FlowEcmpRouting objects.
};

} // namespace ns3

#endif /* IPV4_FLOW_ECMP_ROUTING_HELPER_H */
