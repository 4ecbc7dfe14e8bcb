/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/datacenter-path-graph.h"

#include "ns3/abort.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/point-to-point-net-device.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/filtered_graph.hpp>
#include <boost/graph/visitors.hpp>
#include <boost/property_map/property_map.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <unordered_map>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DatacenterPathGraph");

namespace
{
/// Relative tolerance of the capacity checks (sums of rates in bit/s are rounded).
constexpr double kTolerance = 1e-9;
/// Distance of a vertex that the breadth-first search did not reach.
constexpr uint32_t kUnreached = std::numeric_limits<uint32_t>::max();

/**
 * \param forward a direction
 * \return its index in the per-direction arrays: 0 forward (a to b), 1 backward
 */
inline int
Dir(bool forward)
{
    return forward ? 0 : 1;
}
} // namespace

/// The graph (Boost.Graph) and the state of every link direction.
struct DatacenterPathGraph::Impl
{
    /// A node of the fabric.
    struct VertexInfo
    {
        Ptr<Node> node; //!< The node.
        bool host{false}; //!< Whether it is a host (never an intermediate node of a path).
    };

    /// A link of the fabric.
    struct EdgeInfo
    {
        uint32_t link{0}; //!< Its index in DatacenterFabric::GetLinks().
    };

    /// Nodes and links; vecS: vertex descriptors are indices 0 .. n-1 (vertex_index built in).
    using Graph = boost::
        adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, VertexInfo, EdgeInfo>;
    /// A vertex.
    using Vertex = boost::graph_traits<Graph>::vertex_descriptor;

    /// The vertices a path may cross towards a destination: the switches and the destination.
    struct SwitchesAnd
    {
        const Graph* graph{nullptr}; //!< The graph.
        Vertex keep{0};              //!< The one host kept (the destination).

        /**
         * \param v a vertex
         * \return whether it is kept
         */
        bool operator()(Vertex v) const
        {
            return !(*graph)[v].host || v == keep;
        }
    };

    /// One link: its ends, and per direction (0: a to b, 1: b to a) the sender's state.
    struct LinkState
    {
        Vertex a{0};                         //!< Vertex of the link's a.
        Vertex b{0};                         //!< Vertex of the link's b.
        Ptr<PointToPointNetDevice> dev[2];   //!< Sending device: a's, b's.
        uint32_t interface[2]{0, 0};         //!< IPv4 interface of dev at its node.
        Ipv4Address address[2];              //!< IPv4 address of dev (the other's gateway).
        double capacity[2]{0, 0};            //!< Rate of dev in bit/s.
        double reserved[2]{0, 0};            //!< Reserved rate in bit/s.
    };

    Graph graph;                  //!< One vertex per node, one edge per link.
    std::vector<Vertex> hosts;    //!< Host index -> vertex.
    std::vector<LinkState> links; //!< Link index -> state.

    /**
     * \brief Hop counts to \p dst over the switches (boost::breadth_first_search on the graph
     * filtered to the switches and \p dst).
     * \param dst the destination host's vertex
     * \return per vertex its distance in hops, kUnreached for the other hosts and the
     *         vertices \p dst cannot reach
     */
    std::vector<uint32_t> DistancesTo(Vertex dst) const
    {
        const auto n = boost::num_vertices(graph);
        std::vector<uint32_t> dist(n, kUnreached);
        std::vector<boost::default_color_type> color(n);
        const auto index = boost::get(boost::vertex_index, graph);
        auto distMap = boost::make_iterator_property_map(dist.begin(), index);
        dist[dst] = 0;
        boost::filtered_graph<Graph, boost::keep_all, SwitchesAnd> fabric(graph,
                                                                          boost::keep_all(),
                                                                          SwitchesAnd{&graph, dst});
        boost::breadth_first_search(
            fabric,
            dst,
            boost::visitor(boost::make_bfs_visitor(
                               boost::record_distances(distMap, boost::on_tree_edge())))
                .color_map(boost::make_iterator_property_map(color.begin(), index)));
        return dist;
    }

    /**
     * \brief Append to \p out every path that continues \p path from \p u, down the
     * shortest-path DAG of \p dist, with \p remaining hops left; links in increasing index at
     * every node, so the paths come out in lexicographic order of their link indices.
     * \param u the current vertex
     * \param remaining hops from \p u to the destination
     * \param dist the distances of DistancesTo()
     * \param path the hops so far (restored on return)
     * \param out the paths found
     */
    void Walk(Vertex u,
              uint32_t remaining,
              const std::vector<uint32_t>& dist,
              Path& path,
              std::vector<Path>& out) const
    {
        if (remaining == 0)
        {
            out.push_back(path);
            return;
        }
        std::vector<std::pair<uint32_t, Vertex>> next; // (link, neighbour)
        for (auto [e, end] = boost::out_edges(u, graph); e != end; ++e)
        {
            const Vertex v = boost::target(*e, graph);
            if (dist[v] == remaining - 1)
            {
                next.emplace_back(graph[*e].link, v);
            }
        }
        std::sort(next.begin(), next.end());
        for (const auto& [link, v] : next)
        {
            const LinkState& l = links[link];
            const bool forward = l.a == u;
            const int d = Dir(forward);
            path.push_back(Hop{link,
                               graph[u].node,
                               graph[v].node,
                               l.dev[d],
                               l.interface[d],
                               l.address[1 - d],
                               forward});
            Walk(v, remaining - 1, dist, path, out);
            path.pop_back();
        }
    }
};

DatacenterPathGraph::DatacenterPathGraph() = default;

DatacenterPathGraph::DatacenterPathGraph(const DatacenterFabric& topo)
{
    Build(topo);
}

DatacenterPathGraph::~DatacenterPathGraph() = default;
DatacenterPathGraph::DatacenterPathGraph(DatacenterPathGraph&&) noexcept = default;
DatacenterPathGraph& DatacenterPathGraph::operator=(DatacenterPathGraph&&) noexcept = default;

void
DatacenterPathGraph::Build(const DatacenterFabric& topo)
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!topo.IsCreated() || !topo.IsAssigned(),
                    "DatacenterPathGraph::Build: build the fabric first (Create() and "
                    "AssignIpv4Addresses(), e.g. DatacenterTopology::Build()): the egress "
                    "interfaces need its IPv4 addresses");
    auto impl = std::make_unique<Impl>();
    std::unordered_map<uint32_t, Impl::Vertex> vertexOf; // node id -> vertex
    const NodeContainer nodes = topo.GetNodes();
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        const Impl::Vertex v = boost::add_vertex(Impl::VertexInfo{nodes.Get(i), false},
                                                 impl->graph);
        vertexOf.emplace(nodes.Get(i)->GetId(), v);
    }
    auto find = [&vertexOf](Ptr<Node> node, const char* what) {
        NS_ABORT_MSG_IF(!node, "DatacenterPathGraph::Build: a " << what << " is null");
        auto it = vertexOf.find(node->GetId());
        NS_ABORT_MSG_IF(it == vertexOf.end(),
                        "DatacenterPathGraph::Build: " << what << " (node " << node->GetId()
                                                       << ") is not among GetNodes()");
        return it->second;
    };
    const NodeContainer hosts = topo.GetHosts();
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        const Impl::Vertex v = find(hosts.Get(i), "host");
        impl->graph[v].host = true;
        impl->hosts.push_back(v);
    }
    const auto& links = topo.GetLinks();
    impl->links.reserve(links.size());
    for (uint32_t li = 0; li < links.size(); ++li)
    {
        const DatacenterFabric::Link& link = links[li];
        Impl::LinkState state;
        state.a = find(link.a, "link end");
        state.b = find(link.b, "link end");
        state.dev[0] = link.devA;
        state.dev[1] = link.devB;
        const Ptr<Node> ends[2] = {link.a, link.b};
        for (int d = 0; d < 2; ++d)
        {
            const Ptr<PointToPointNetDevice>& dev = state.dev[d];
            NS_ABORT_MSG_IF(!dev || dev->GetNode() != ends[d],
                            "DatacenterPathGraph::Build: link " << li << " has no point-to-point "
                                                                << "device on node "
                                                                << ends[d]->GetId());
            DataRateValue rate;
            dev->GetAttribute("DataRate", rate);
            state.capacity[d] = static_cast<double>(rate.Get().GetBitRate());
            Ptr<Ipv4> ipv4 = ends[d]->GetObject<Ipv4>();
            const int32_t interface = ipv4 ? ipv4->GetInterfaceForDevice(dev) : -1;
            NS_ABORT_MSG_IF(interface < 0 || ipv4->GetNAddresses(interface) == 0,
                            "DatacenterPathGraph::Build: the device of node "
                                << ends[d]->GetId() << " on link " << li
                                << " has no IPv4 interface or address");
            state.interface[d] = static_cast<uint32_t>(interface);
            state.address[d] = ipv4->GetAddress(interface, 0).GetLocal();
        }
        boost::add_edge(state.a, state.b, Impl::EdgeInfo{li}, impl->graph);
        impl->links.push_back(state);
    }
    NS_LOG_INFO("path graph: " << boost::num_vertices(impl->graph) << " nodes ("
                               << impl->hosts.size() << " hosts), "
                               << boost::num_edges(impl->graph) << " links");
    m_impl = std::move(impl);
}

bool
DatacenterPathGraph::IsBuilt() const
{
    return m_impl != nullptr;
}

uint32_t
DatacenterPathGraph::GetNHosts() const
{
    return m_impl ? static_cast<uint32_t>(m_impl->hosts.size()) : 0;
}

uint32_t
DatacenterPathGraph::GetNLinks() const
{
    return m_impl ? static_cast<uint32_t>(m_impl->links.size()) : 0;
}

const DatacenterPathGraph::Impl&
DatacenterPathGraph::Built(const char* method) const
{
    NS_ABORT_MSG_IF(!m_impl, "DatacenterPathGraph::" << method << ": call Build() first");
    return *m_impl;
}

void
DatacenterPathGraph::CheckLink(uint32_t link, const char* method) const
{
    const Impl& g = Built(method);
    NS_ABORT_MSG_IF(link >= g.links.size(),
                    "DatacenterPathGraph::" << method << ": link index " << link
                                            << " out of range (the fabric has "
                                            << g.links.size() << " links)");
}

void
DatacenterPathGraph::CheckRate(double rateBps, const char* method)
{
    NS_ABORT_MSG_IF(!std::isfinite(rateBps) || rateBps < 0,
                    "DatacenterPathGraph::" << method << ": the rate must be a finite number of "
                                            << "bit/s >= 0, got " << rateBps);
}

std::vector<DatacenterPathGraph::Path>
DatacenterPathGraph::GetEqualCostPaths(uint32_t srcHost, uint32_t dstHost) const
{
    NS_LOG_FUNCTION(this << srcHost << dstHost);
    const Impl& g = Built("GetEqualCostPaths");
    NS_ABORT_MSG_IF(srcHost >= g.hosts.size() || dstHost >= g.hosts.size(),
                    "DatacenterPathGraph::GetEqualCostPaths: host index out of range ("
                        << srcHost << ", " << dstHost << "; the fabric has " << g.hosts.size()
                        << " hosts)");
    if (srcHost == dstHost)
    {
        return {Path{}};
    }
    const Impl::Vertex src = g.hosts[srcHost];
    const std::vector<uint32_t> dist = g.DistancesTo(g.hosts[dstHost]);
    // The source is a host, outside the searched graph: its distance is one more than its
    // nearest neighbour's, over all its NICs.
    uint32_t hops = kUnreached;
    for (auto [e, end] = boost::out_edges(src, g.graph); e != end; ++e)
    {
        const uint32_t d = dist[boost::target(*e, g.graph)];
        if (d != kUnreached)
        {
            hops = std::min(hops, d + 1);
        }
    }
    std::vector<Path> paths;
    if (hops == kUnreached)
    {
        NS_LOG_LOGIC("no path from host " << srcHost << " to host " << dstHost);
        return paths;
    }
    Path path;
    path.reserve(hops);
    g.Walk(src, hops, dist, path, paths);
    NS_LOG_LOGIC(paths.size() << " paths of " << hops << " hops from host " << srcHost
                              << " to host " << dstHost);
    return paths;
}

std::vector<DatacenterPathGraph::Path>
DatacenterPathGraph::GetEqualCostPaths(uint32_t srcHost,
                                       uint32_t dstHost,
                                       Ipv4Address srcAddr,
                                       Ipv4Address dstAddr) const
{
    std::vector<Path> out;
    for (Path& p : GetEqualCostPaths(srcHost, dstHost))
    {
        if (p.empty())
        {
            continue;
        }
        Ptr<Ipv4> srcIp = p.front().from->GetObject<Ipv4>();
        if (!srcIp || srcIp->GetInterfaceForAddress(srcAddr) !=
                          static_cast<int32_t>(p.front().egressInterface))
        {
            continue;
        }
        // The last hop enters the NIC that owns dstAddr: its first address is the hop's
        // gateway; a further address of that NIC (FatTreeHelper::SetAddressesPerHost()) is on
        // the same interface.
        const Hop& last = p.back();
        bool enters = last.gateway == dstAddr;
        if (!enters)
        {
            const Impl::LinkState& l = m_impl->links[last.link];
            Ptr<Ipv4> dstIp = last.to->GetObject<Ipv4>();
            enters = dstIp && dstIp->GetInterfaceForAddress(dstAddr) ==
                                  static_cast<int32_t>(l.interface[last.forward ? 1 : 0]);
        }
        if (enters)
        {
            out.push_back(std::move(p));
        }
    }
    return out;
}

double
DatacenterPathGraph::GetCapacity(uint32_t link, bool forward) const
{
    CheckLink(link, "GetCapacity");
    return m_impl->links[link].capacity[Dir(forward)];
}

double
DatacenterPathGraph::GetReserved(uint32_t link, bool forward) const
{
    CheckLink(link, "GetReserved");
    return m_impl->links[link].reserved[Dir(forward)];
}

double
DatacenterPathGraph::GetResidual(uint32_t link, bool forward) const
{
    CheckLink(link, "GetResidual");
    const Impl::LinkState& l = m_impl->links[link];
    return std::max(0.0, l.capacity[Dir(forward)] - l.reserved[Dir(forward)]);
}

bool
DatacenterPathGraph::Fits(const Path& path, double rateBps) const
{
    CheckRate(rateBps, "Fits");
    for (const Hop& hop : path)
    {
        CheckLink(hop.link, "Fits");
        const Impl::LinkState& l = m_impl->links[hop.link];
        const int d = Dir(hop.forward);
        if (l.reserved[d] + rateBps > l.capacity[d] * (1 + kTolerance))
        {
            return false;
        }
    }
    return true;
}

void
DatacenterPathGraph::Reserve(const Path& path, double rateBps)
{
    NS_LOG_FUNCTION(this << path.size() << rateBps);
    CheckRate(rateBps, "Reserve");
    for (const Hop& hop : path)
    {
        CheckLink(hop.link, "Reserve");
        const Impl::LinkState& l = m_impl->links[hop.link];
        const int d = Dir(hop.forward);
        NS_ABORT_MSG_IF(l.reserved[d] + rateBps > l.capacity[d] * (1 + kTolerance),
                        "DatacenterPathGraph::Reserve: "
                            << rateBps << " bit/s do not fit on link " << hop.link << " ("
                            << (hop.forward ? "forward" : "backward") << ", node "
                            << hop.from->GetId() << " -> node " << hop.to->GetId()
                            << "): capacity " << l.capacity[d] << " bit/s, reserved "
                            << l.reserved[d] << " bit/s (check with Fits() first)");
    }
    for (const Hop& hop : path)
    {
        m_impl->links[hop.link].reserved[Dir(hop.forward)] += rateBps;
    }
}

void
DatacenterPathGraph::Release(const Path& path, double rateBps)
{
    NS_LOG_FUNCTION(this << path.size() << rateBps);
    CheckRate(rateBps, "Release");
    for (const Hop& hop : path)
    {
        CheckLink(hop.link, "Release");
    }
    for (const Hop& hop : path)
    {
        Impl::LinkState& l = m_impl->links[hop.link];
        const int d = Dir(hop.forward);
        l.reserved[d] -= rateBps;
        if (l.reserved[d] < 0)
        {
            if (l.reserved[d] < -l.capacity[d] * kTolerance)
            {
                NS_LOG_WARN("link " << hop.link << (hop.forward ? " forward" : " backward")
                                    << ": released " << -l.reserved[d]
                                    << " bit/s more than was reserved; reservation set to 0");
            }
            l.reserved[d] = 0;
        }
    }
}

void
DatacenterPathGraph::ClearReservations()
{
    NS_LOG_FUNCTION(this);
    if (m_impl)
    {
        for (auto& l : m_impl->links)
        {
            l.reserved[0] = 0;
            l.reserved[1] = 0;
        }
    }
}

} // namespace ns3
