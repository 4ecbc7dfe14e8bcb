/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of DatacenterPathGraph (the fabric as a Boost.Graph for a Hedera-style controller):
 * equal-cost path counts against DatacenterTopology::GetEqualCostPathCount() on every ordered
 * host pair of FatTrees, a dual-homed FatTree, VL2 and a perfect switch; the hops of hand-checked
 * k=4 FatTree paths link by link; dual-homed paths out of both NICs; hosts never forward;
 * per-direction capacities; reservation arithmetic (Reserve, Fits, Release, ClearReservations).
 */

#include "ns3/data-rate.h"
#include "ns3/datacenter-path-graph.h"
#include "ns3/dual-homed-fat-tree-helper.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/perfect-switch-helper.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/vl2-helper.h"

#include <functional>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

using Path = DatacenterPathGraph::Path;

/**
 * Create a fabric and give it IPv4 (ns-3's stack, no routes: the graph needs the interfaces
 * and addresses only).
 * \param topo the fabric
 */
void
CreateAndAddress(DatacenterTopology& topo)
{
    topo.Create();
    InternetStackHelper stack;
    stack.SetIpv6StackInstall(false);
    stack.Install(topo.GetNodes());
    topo.AssignIpv4Addresses();
}

/**
 * \param topo the fabric
 * \param x a node
 * \param y another node
 * \return the index in GetLinks() of the link between x and y (GetLinks().size() if none)
 */
uint32_t
LinkIndex(const DatacenterTopology& topo, Ptr<Node> x, Ptr<Node> y)
{
    const auto& links = topo.GetLinks();
    for (uint32_t i = 0; i < links.size(); ++i)
    {
        if ((links[i].a == x && links[i].b == y) || (links[i].a == y && links[i].b == x))
        {
            return i;
        }
    }
    return links.size();
}

/**
 * Check one path against the fabric: it leads from the source host to the destination host,
 * every hop crosses its link in its direction, leaves by the sending device of that link and
 * its IPv4 interface towards the next node's address on the link, and no node is crossed twice
 * and no host in between.
 * \param topo the fabric
 * \param hostIds the node ids of its hosts
 * \param src source host index
 * \param dst destination host index
 * \param path the path
 * \return the first problem found, empty if none
 */
std::string
PathProblem(const DatacenterTopology& topo,
            const std::set<uint32_t>& hostIds,
            uint32_t src,
            uint32_t dst,
            const Path& path)
{
    std::ostringstream os;
    os << "path " << src << " -> " << dst << ": ";
    if (src == dst)
    {
        return path.empty() ? "" : os.str() + "a host to itself is an empty path";
    }
    if (path.empty())
    {
        return os.str() + "empty";
    }
    const auto& links = topo.GetLinks();
    if (path.front().from != topo.GetHost(src) || path.back().to != topo.GetHost(dst))
    {
        return os.str() + "does not lead from the source to the destination";
    }
    std::set<uint32_t> seen{path.front().from->GetId()};
    for (uint32_t i = 0; i < path.size(); ++i)
    {
        const auto& hop = path[i];
        os << "hop " << i << " (link " << hop.link << "): ";
        if (hop.link >= links.size())
        {
            return os.str() + "bad link index";
        }
        const auto& l = links[hop.link];
        const bool ends = hop.forward ? (l.a == hop.from && l.b == hop.to)
                                      : (l.b == hop.from && l.a == hop.to);
        if (!ends)
        {
            return os.str() + "nodes or direction do not match the link";
        }
        Ptr<NetDevice> dev = hop.forward ? Ptr<NetDevice>(l.devA) : Ptr<NetDevice>(l.devB);
        if (hop.egress != dev)
        {
            return os.str() + "egress is not the sender's device of the link";
        }
        const int32_t itf = hop.from->GetObject<Ipv4>()->GetInterfaceForDevice(dev);
        if (itf < 1 || hop.egressInterface != static_cast<uint32_t>(itf))
        {
            return os.str() + "egress interface differs from Ipv4::GetInterfaceForDevice";
        }
        Ptr<NetDevice> peer = hop.forward ? Ptr<NetDevice>(l.devB) : Ptr<NetDevice>(l.devA);
        Ptr<Ipv4> ipTo = hop.to->GetObject<Ipv4>();
        if (hop.gateway != ipTo->GetAddress(ipTo->GetInterfaceForDevice(peer), 0).GetLocal())
        {
            return os.str() + "gateway is not the next node's address on the link";
        }
        if (i + 1 < path.size())
        {
            if (path[i + 1].from != hop.to)
            {
                return os.str() + "the next hop does not start where this one ends";
            }
            if (hostIds.count(hop.to->GetId()))
            {
                return os.str() + "crosses a host";
            }
        }
        if (!seen.insert(hop.to->GetId()).second)
        {
            return os.str() + "crosses a node twice";
        }
    }
    return "";
}

/**
 * \param path a path
 * \return its link indices
 */
std::vector<uint32_t>
LinksOf(const Path& path)
{
    std::vector<uint32_t> v;
    for (const auto& hop : path)
    {
        v.push_back(hop.link);
    }
    return v;
}

/**
 * \param v link indices
 * \return them as text, "[a, b, ...]"
 */
std::string
ToString(const std::vector<uint32_t>& v)
{
    std::ostringstream os;
    os << "[";
    for (uint32_t i = 0; i < v.size(); ++i)
    {
        os << (i ? ", " : "") << v[i];
    }
    os << "]";
    return os.str();
}

/**
 * Three hosts and two switches S1, S2 that only a dual-homed host H1 joins: H0 - S1 - H1 - S2 -
 * H2, and with \c chain a longer switch path S1 - S3 - S4 - S2 too. Host i's links come first,
 * a = host (H1: to S1 first); the switch links are a = S1, S2 (lower), b = S3, S4.
 */
class HostBridgeTopology : public DatacenterTopology
{
  public:
    /// \param chain whether S1 and S2 are also joined through S3 and S4
    explicit HostBridgeTopology(bool chain)
        : DatacenterTopology("HostBridgeTopology"),
          m_chain(chain)
    {
    }

    void Create() override
    {
        BeginCreate();
        m_hosts.Create(3);
        m_switches.Create(m_chain ? 4 : 2);
        auto link = [this](Ptr<Node> a, Ptr<Node> b, Layer layer) {
            m_links.push_back(MakeLink(a, b, layer, DataRate("100Mbps"), MicroSeconds(10), 100));
        };
        link(m_hosts.Get(0), m_switches.Get(0), HOST_EDGE);
        link(m_hosts.Get(1), m_switches.Get(0), HOST_EDGE);
        link(m_hosts.Get(1), m_switches.Get(1), HOST_EDGE);
        link(m_hosts.Get(2), m_switches.Get(1), HOST_EDGE);
        if (m_chain)
        {
            link(m_switches.Get(0), m_switches.Get(2), EDGE_AGGREGATION);
            link(m_switches.Get(2), m_switches.Get(3), AGGREGATION_CORE);
            link(m_switches.Get(1), m_switches.Get(3), EDGE_AGGREGATION);
        }
    }

    void AssignIpv4Addresses() override
    {
        BeginAssign();
        for (uint32_t i = 0; i < m_links.size(); ++i)
        {
            const uint32_t base = Ipv4Address("10.9.0.0").Get() + 4 * i;
            AssignAddress(m_links[i].devA, Ipv4Address(base + 1), Ipv4Mask("/30"), 1);
            AssignAddress(m_links[i].devB, Ipv4Address(base + 2), Ipv4Mask("/30"), 1);
        }
    }

    uint32_t GetInterPodPathCount() const override
    {
        return 1;
    }

    uint32_t GetNHosts() const override
    {
        return 3;
    }

    NodeContainer GetHosts() const override
    {
        return m_hosts;
    }

    Ptr<Node> GetHost(uint32_t i) const override
    {
        return m_hosts.Get(i);
    }

    Ipv4Address GetHostAddress(uint32_t i) const override
    {
        const uint32_t firstLink[] = {0, 1, 3}; // H1's NIC 0 is link 1
        return Ipv4Address(Ipv4Address("10.9.0.0").Get() + 4 * firstLink[i] + 1);
    }

    NodeContainer GetNodes() const override
    {
        return NodeContainer(m_hosts, m_switches);
    }

    const std::vector<Link>& GetLinks() const override
    {
        return m_links;
    }

    double GetLinkRate(Layer) const override
    {
        return 100e6;
    }

    uint32_t GetHostRack(uint32_t host) const override
    {
        return host;
    }

    uint32_t GetNRacks() const override
    {
        return 3;
    }

    uint32_t GetEqualCostPathCount(uint32_t, uint32_t) const override
    {
        return 1;
    }

  private:
    bool m_chain;              //!< Whether S3 and S4 join S1 and S2.
    NodeContainer m_hosts;     //!< H0, H1, H2.
    NodeContainer m_switches;  //!< S1, S2 (, S3, S4).
    std::vector<Link> m_links; //!< The links, host links first.
};

/**
 * Hosts never forward: on HostBridgeTopology, H0 to H2 has no path without the chain (the
 * only way is through H1) and the 5-hop switch path with it (not the 4 hops through H1); H1
 * reaches H0 out of its NIC 0 and H2 out of its NIC 1 in 2 hops.
 */
class PathGraphHostsDoNotForwardTest : public TestCase
{
  public:
    PathGraphHostsDoNotForwardTest()
        : TestCase("hosts never forward: no path through a dual-homed host")
    {
    }

  private:
    void DoRun() override
    {
        for (bool chain : {false, true})
        {
            HostBridgeTopology topo(chain);
            CreateAndAddress(topo);
            DatacenterPathGraph graph(topo);
            const auto across = graph.GetEqualCostPaths(0, 2);
            const auto back = graph.GetEqualCostPaths(2, 0);
            if (!chain)
            {
                NS_TEST_ASSERT_MSG_EQ(across.size(), 0, "only through H1: no path");
                NS_TEST_ASSERT_MSG_EQ(back.size(), 0, "nor back");
            }
            else
            {
                NS_TEST_ASSERT_MSG_EQ(across.size(), 1, "the switch path");
                NS_TEST_ASSERT_MSG_EQ(ToString(LinksOf(across[0])), "[0, 4, 5, 6, 3]", "links");
                NS_TEST_ASSERT_MSG_EQ(back.size(), 1, "and back");
                NS_TEST_ASSERT_MSG_EQ(ToString(LinksOf(back[0])), "[3, 6, 5, 4, 0]", "links");
            }
            const auto h1h0 = graph.GetEqualCostPaths(1, 0);
            NS_TEST_ASSERT_MSG_EQ(h1h0.size(), 1, "H1 -> H0");
            NS_TEST_ASSERT_MSG_EQ(ToString(LinksOf(h1h0[0])), "[1, 0]", "out of NIC 0");
            const auto h1h2 = graph.GetEqualCostPaths(1, 2);
            NS_TEST_ASSERT_MSG_EQ(h1h2.size(), 1, "H1 -> H2");
            NS_TEST_ASSERT_MSG_EQ(ToString(LinksOf(h1h2[0])), "[2, 3]", "out of NIC 1");
            Simulator::Destroy();
        }
    }
};

/**
 * For every ordered host pair (a host with itself too: one empty path) of a fabric: as many
 * paths as GetEqualCostPathCount(), all of one length, well formed (PathProblem), distinct
 * and in increasing lexicographic order of their link indices.
 */
class PathGraphCountTest : public TestCase
{
  public:
    /**
     * \param name the fabric's name, for the test's name
     * \param make creates the fabric (not yet created)
     */
    PathGraphCountTest(const std::string& name,
                       std::function<std::unique_ptr<DatacenterTopology>()> make)
        : TestCase(name + ": every host pair, path count = GetEqualCostPathCount()"),
          m_make(std::move(make))
    {
    }

  private:
    void DoRun() override
    {
        std::unique_ptr<DatacenterTopology> topo = m_make();
        CreateAndAddress(*topo);
        DatacenterPathGraph graph(*topo);
        NS_TEST_ASSERT_MSG_EQ(graph.IsBuilt(), true, "built");
        NS_TEST_ASSERT_MSG_EQ(graph.GetNHosts(), topo->GetNHosts(), "hosts");
        NS_TEST_ASSERT_MSG_EQ(graph.GetNLinks(), topo->GetLinks().size(), "links");
        const uint32_t n = topo->GetNHosts();
        std::set<uint32_t> hostIds;
        for (uint32_t i = 0; i < n; ++i)
        {
            hostIds.insert(topo->GetHost(i)->GetId());
        }
        uint64_t pairs = 0;
        uint64_t bad = 0;
        std::string first;
        for (uint32_t s = 0; s < n; ++s)
        {
            for (uint32_t d = 0; d < n; ++d)
            {
                ++pairs;
                const std::vector<Path> paths = graph.GetEqualCostPaths(s, d);
                std::ostringstream problem;
                const uint32_t want = topo->GetEqualCostPathCount(s, d);
                if (paths.size() != want)
                {
                    problem << s << " -> " << d << ": " << paths.size() << " paths, expected "
                            << want;
                }
                for (uint32_t p = 0; p < paths.size() && problem.str().empty(); ++p)
                {
                    problem << PathProblem(*topo, hostIds, s, d, paths[p]);
                    if (problem.str().empty() && paths[p].size() != paths[0].size())
                    {
                        problem << s << " -> " << d << ": paths of different lengths";
                    }
                    if (problem.str().empty() && p > 0 &&
                        !(LinksOf(paths[p - 1]) < LinksOf(paths[p])))
                    {
                        problem << s << " -> " << d << ": path " << p
                                << " is not after the previous one";
                    }
                }
                if (!problem.str().empty())
                {
                    ++bad;
                    if (first.empty())
                    {
                        first = problem.str();
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(pairs, static_cast<uint64_t>(n) * n, "pairs");
        NS_TEST_ASSERT_MSG_EQ(bad, 0, bad << " of " << pairs << " pairs wrong; first: " << first);
        Simulator::Destroy();
    }

    std::function<std::unique_ptr<DatacenterTopology>()> m_make; //!< Creates the fabric.
};

/**
 * k=4 FatTree built with DatacenterTopology::Build() (per-flow ECMP stack), by hand: hosts 0
 * and 1 share an edge switch (1 path, 2 hops), 0 and 2 a pod (2 paths, 4 hops, one per
 * aggregation switch), 0 and 15 nothing (4 paths, 6 hops, one per core switch); the paths of
 * the last pair node by node and link by link, with the egress devices and interfaces and
 * their addresses.
 */
class PathGraphFatTreeByHandTest : public TestCase
{
  public:
    PathGraphFatTreeByHandTest()
        : TestCase("FatTree k=4: paths of three host pairs, hop by hop")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Build();
        DatacenterPathGraph graph(ft);

        auto same = graph.GetEqualCostPaths(0, 1);
        NS_TEST_ASSERT_MSG_EQ(same.size(), 1, "same edge switch: one path");
        NS_TEST_ASSERT_MSG_EQ(same[0].size(), 2, "of 2 hops");
        NS_TEST_ASSERT_MSG_EQ(same[0][0].to, ft.GetEdgeSwitch(0, 0), "through edge (0,0)");
        // Host links come first, in host order: host 0's is link 0, host 1's link 1.
        NS_TEST_ASSERT_MSG_EQ(ToString(LinksOf(same[0])), "[0, 1]", "links");
        NS_TEST_ASSERT_MSG_EQ(same[0][0].forward, true, "host -> edge is a's direction");
        NS_TEST_ASSERT_MSG_EQ(same[0][1].forward, false, "edge -> host is b's direction");

        auto pod = graph.GetEqualCostPaths(0, 2);
        NS_TEST_ASSERT_MSG_EQ(pod.size(), 2, "same pod, other edge switch: two paths");
        for (uint32_t a = 0; a < 2; ++a)
        {
            NS_TEST_ASSERT_MSG_EQ(pod[a].size(), 4, "of 4 hops");
            NS_TEST_ASSERT_MSG_EQ(pod[a][1].to, ft.GetAggregationSwitch(0, a),
                                  "path " << a << " through aggregation switch " << a);
            NS_TEST_ASSERT_MSG_EQ(pod[a][2].to, ft.GetEdgeSwitch(0, 1), "down to edge (0,1)");
        }

        auto far = graph.GetEqualCostPaths(0, 15);
        NS_TEST_ASSERT_MSG_EQ(far.size(), 4, "other pod: four paths");
        // Link order of a k=4 FatTree: 16 host links (host h: h), then edge-aggregation
        // (16 + pod*4 + edge*2 + agg), then aggregation-core (32 + pod*4 + agg*2 + c, to core
        // agg*2 + c). Host 15 is under edge (3,1). The first path, through aggregation
        // switches 0 and core switch 0: 0, 16, 32, 32+12, 16+12+2, 15.
        NS_TEST_ASSERT_MSG_EQ(ToString(LinksOf(far[0])), "[0, 16, 32, 44, 30, 15]", "path 0");
        for (uint32_t j = 0; j < 4; ++j)
        {
            const uint32_t a = j / 2; // aggregation switch index in both pods
            const std::vector<Ptr<Node>> nodes = {ft.GetHost(0),
                                                  ft.GetEdgeSwitch(0, 0),
                                                  ft.GetAggregationSwitch(0, a),
                                                  ft.GetCoreSwitch(j),
                                                  ft.GetAggregationSwitch(3, a),
                                                  ft.GetEdgeSwitch(3, 1),
                                                  ft.GetHost(15)};
            NS_TEST_ASSERT_MSG_EQ(far[j].size(), 6, "path " << j << ": 6 hops");
            for (uint32_t h = 0; h < 6; ++h)
            {
                const auto& hop = far[j][h];
                NS_TEST_ASSERT_MSG_EQ(hop.from, nodes[h], "path " << j << " hop " << h);
                NS_TEST_ASSERT_MSG_EQ(hop.to, nodes[h + 1], "path " << j << " hop " << h);
                const uint32_t li = LinkIndex(ft, nodes[h], nodes[h + 1]);
                NS_TEST_ASSERT_MSG_EQ(hop.link, li, "path " << j << " hop " << h << " link");
                const auto& link = ft.GetLinks()[li];
                NS_TEST_ASSERT_MSG_EQ(hop.forward, (h < 3), "up the tree is a -> b");
                Ptr<NetDevice> out = h < 3 ? Ptr<NetDevice>(link.devA) : Ptr<NetDevice>(link.devB);
                Ptr<NetDevice> in = h < 3 ? Ptr<NetDevice>(link.devB) : Ptr<NetDevice>(link.devA);
                NS_TEST_ASSERT_MSG_EQ(hop.egress, out, "path " << j << " hop " << h << " egress");
                Ptr<Ipv4> ipFrom = nodes[h]->GetObject<Ipv4>();
                Ptr<Ipv4> ipTo = nodes[h + 1]->GetObject<Ipv4>();
                NS_TEST_ASSERT_MSG_EQ(hop.egressInterface,
                                      static_cast<uint32_t>(ipFrom->GetInterfaceForDevice(out)),
                                      "path " << j << " hop " << h << " interface");
                NS_TEST_ASSERT_MSG_EQ(ipFrom->GetNetDevice(hop.egressInterface), out,
                                      "the interface's device");
                // The interface's address and the next node's address on the link share
                // their /30: it is the interface towards the next node.
                const Ipv4Address here = ipFrom->GetAddress(hop.egressInterface, 0).GetLocal();
                const Ipv4Address there =
                    ipTo->GetAddress(ipTo->GetInterfaceForDevice(in), 0).GetLocal();
                const Ipv4Mask mask("255.255.255.252");
                NS_TEST_ASSERT_MSG_EQ(here.CombineMask(mask), there.CombineMask(mask),
                                      "path " << j << " hop " << h << ": " << here << " vs "
                                              << there);
                NS_TEST_ASSERT_MSG_NE(here, there, "two ends");
                NS_TEST_ASSERT_MSG_EQ(hop.gateway, there, "the next hop's address on the link");
            }
        }
        // The way back: the same links in reverse order, the other direction.
        auto back = graph.GetEqualCostPaths(15, 0);
        NS_TEST_ASSERT_MSG_EQ(back.size(), 4, "15 -> 0");
        NS_TEST_ASSERT_MSG_EQ(ToString(LinksOf(back[0])), "[15, 30, 44, 32, 16, 0]", "back");
        NS_TEST_ASSERT_MSG_EQ(back[0][0].forward, true, "host 15 -> edge (3,1) is up");
        NS_TEST_ASSERT_MSG_EQ(back[0][5].forward, false, "edge (0,0) -> host 0 is down");
        Simulator::Destroy();
    }
};

/**
 * Dual-homed FatTree k=4 (2 hosts per ToR pair): two hosts of one pair have two paths of two
 * hops, NIC 0's (through ToR 0) first, each arriving on the destination's NIC of the same
 * plane; hosts of different pods have 4 paths, 2 per plane, NIC 0's first.
 */
class PathGraphDualHomedTest : public TestCase
{
  public:
    PathGraphDualHomedTest()
        : TestCase("DHFT k=4: a dual-homed host's paths leave by both NICs, NIC 0's first")
    {
    }

  private:
    void DoRun() override
    {
        DualHomedFatTreeHelper dh(4, 2);
        CreateAndAddress(dh);
        DatacenterPathGraph graph(dh);
        auto pair = graph.GetEqualCostPaths(0, 1);
        NS_TEST_ASSERT_MSG_EQ(pair.size(), 2, "one path per ToR of the pair");
        for (uint32_t nic = 0; nic < 2; ++nic)
        {
            NS_TEST_ASSERT_MSG_EQ(pair[nic].size(), 2, "2 hops");
            NS_TEST_ASSERT_MSG_EQ(pair[nic][0].egress, dh.GetHostDevice(0, nic), "out of NIC");
            NS_TEST_ASSERT_MSG_EQ(pair[nic][0].to, dh.GetTorSwitch(0, 0, nic), "ToR " << nic);
            NS_TEST_ASSERT_MSG_EQ(pair[nic][1].link, 2 * 1 + nic, "into host 1's NIC " << nic);
        }
        const uint32_t far = dh.GetNHosts() - 1;
        auto paths = graph.GetEqualCostPaths(0, far);
        NS_TEST_ASSERT_MSG_EQ(paths.size(), 4, "(k/2)^2 over both planes");
        for (uint32_t p = 0; p < paths.size(); ++p)
        {
            const uint32_t nic = p / 2; // each plane has k/4 * k/2 = 2 paths
            NS_TEST_ASSERT_MSG_EQ(paths[p].size(), 6, "6 hops");
            NS_TEST_ASSERT_MSG_EQ(paths[p][0].egress, dh.GetHostDevice(0, nic), "path " << p);
            NS_TEST_ASSERT_MSG_EQ(paths[p][5].link, 2 * far + nic, "same plane at the end");
        }
        // By address: the paths of the NICs that own them (same plane at both ends here), in
        // the same order; a pair of NICs of different planes has no shortest path.
        const auto srcAddrs = dh.GetHostAddresses(0);
        const auto dstAddrs = dh.GetHostAddresses(far);
        NS_TEST_ASSERT_MSG_EQ(srcAddrs.size(), 2, "two addresses");
        for (uint32_t nic = 0; nic < 2; ++nic)
        {
            auto by = graph.GetEqualCostPaths(0, far, srcAddrs[nic], dstAddrs[nic]);
            NS_TEST_ASSERT_MSG_EQ(by.size(), 2, "NIC " << nic << "'s 2 paths");
            NS_TEST_EXPECT_MSG_EQ(by[0][0].link, paths[2 * nic][0].link, "first of NIC " << nic);
            NS_TEST_EXPECT_MSG_EQ(by[1][2].link, paths[2 * nic + 1][2].link, "second");
            NS_TEST_EXPECT_MSG_EQ(by[1].back().gateway, dstAddrs[nic], "into that address");
            NS_TEST_EXPECT_MSG_EQ(
                graph.GetEqualCostPaths(0, far, srcAddrs[nic], dstAddrs[1 - nic]).size(),
                0,
                "across planes");
        }
        NS_TEST_EXPECT_MSG_EQ(
            graph.GetEqualCostPaths(0, far, dstAddrs[0], srcAddrs[0]).size(), 0, "not theirs");
        Simulator::Destroy();
    }
};

/**
 * Capacities per direction (the sending device's DataRate when Build() ran) and the
 * reservation arithmetic of Global First Fit on a k=4 FatTree with 1 Gb/s aggregation-core
 * links: Reserve() takes the rate from each hop's direction only, Fits() refuses a path with a
 * full link, Release() restores and never goes below 0, ClearReservations() empties.
 */
class PathGraphReservationTest : public TestCase
{
  public:
    PathGraphReservationTest()
        : TestCase("capacities per direction; Reserve, Fits, Release, ClearReservations")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.SetDataRate(DatacenterTopology::AGGREGATION_CORE, DataRate("1Gbps"));
        CreateAndAddress(ft);
        // One direction of one edge-aggregation link slower: edge (1,0) -> aggregation (1,0).
        const uint32_t slow = LinkIndex(ft, ft.GetEdgeSwitch(1, 0), ft.GetAggregationSwitch(1, 0));
        NS_TEST_ASSERT_MSG_EQ(ft.GetLinks()[slow].a, ft.GetEdgeSwitch(1, 0), "edge is a");
        ft.GetLinks()[slow].devA->SetDataRate(DataRate("10Mbps"));
        DatacenterPathGraph graph(ft);

        NS_TEST_ASSERT_MSG_EQ(graph.GetCapacity(0, true), 100e6, "host link up");
        NS_TEST_ASSERT_MSG_EQ(graph.GetCapacity(0, false), 100e6, "host link down");
        NS_TEST_ASSERT_MSG_EQ(graph.GetCapacity(32, true), 1e9, "aggregation-core up");
        NS_TEST_ASSERT_MSG_EQ(graph.GetCapacity(32, false), 1e9, "aggregation-core down");
        NS_TEST_ASSERT_MSG_EQ(graph.GetCapacity(slow, true), 10e6, "slowed direction");
        NS_TEST_ASSERT_MSG_EQ(graph.GetCapacity(slow, false), 100e6, "other direction");
        for (uint32_t l = 0; l < graph.GetNLinks(); ++l)
        {
            for (bool fw : {true, false})
            {
                NS_TEST_ASSERT_MSG_EQ(graph.GetReserved(l, fw), 0, "nothing reserved yet");
                NS_TEST_ASSERT_MSG_EQ(graph.GetResidual(l, fw), graph.GetCapacity(l, fw), "");
            }
        }

        const auto paths = graph.GetEqualCostPaths(0, 15);
        const Path& path = paths[0];
        graph.Reserve(path, 30e6);
        std::set<uint32_t> onPath;
        for (const auto& hop : path)
        {
            onPath.insert(hop.link);
            const double cap = graph.GetCapacity(hop.link, hop.forward);
            NS_TEST_ASSERT_MSG_EQ(graph.GetReserved(hop.link, hop.forward), 30e6, "reserved");
            NS_TEST_ASSERT_MSG_EQ(graph.GetResidual(hop.link, hop.forward), cap - 30e6,
                                  "link " << hop.link << " in the hop's direction");
            NS_TEST_ASSERT_MSG_EQ(graph.GetReserved(hop.link, !hop.forward), 0, "other way");
            NS_TEST_ASSERT_MSG_EQ(graph.GetResidual(hop.link, !hop.forward),
                                  graph.GetCapacity(hop.link, !hop.forward),
                                  "link " << hop.link << " in the other direction unchanged");
        }
        double total = 0;
        for (uint32_t l = 0; l < graph.GetNLinks(); ++l)
        {
            total += graph.GetReserved(l, true) + graph.GetReserved(l, false);
        }
        NS_TEST_ASSERT_MSG_EQ(total, 6 * 30e6, "only the path's 6 link directions");

        // Host links are the bottleneck: 70 Mb/s left on them.
        NS_TEST_ASSERT_MSG_EQ(graph.Fits(path, 70e6), true, "70 Mb/s fit");
        NS_TEST_ASSERT_MSG_EQ(graph.Fits(path, 70.1e6), false, "70.1 Mb/s do not");
        graph.Reserve(path, 70e6); // 3 x (1/3) does not trip on rounding either: exact here
        NS_TEST_ASSERT_MSG_EQ(graph.GetResidual(0, true), 0, "host 0's link full");
        NS_TEST_ASSERT_MSG_EQ(graph.Fits(path, 1), false, "nothing more");
        NS_TEST_ASSERT_MSG_EQ(graph.Fits(path, 0), true, "a zero rate fits");
        NS_TEST_ASSERT_MSG_EQ(graph.Fits(paths[3], 1), false, "host 0's link is on every path");
        NS_TEST_ASSERT_MSG_EQ(graph.Fits(Path{}, 1e12), true, "an empty path fits anything");
        // The way back crosses the same links the other way: all free.
        const auto back = graph.GetEqualCostPaths(15, 0);
        NS_TEST_ASSERT_MSG_EQ(ToString(LinksOf(back[0])), "[15, 30, 44, 32, 16, 0]", "reverse");
        NS_TEST_ASSERT_MSG_EQ(graph.Fits(back[0], 100e6), true, "other direction is free");
        // Host 4 (under edge (1,0)) to host 8 (pod 2), no link direction shared with the
        // full path, through the slowed direction: 10 Mb/s fit, 10.5 do not.
        const auto viaSlow = graph.GetEqualCostPaths(4, 8);
        NS_TEST_ASSERT_MSG_EQ(viaSlow.size(), 4, "4 paths");
        NS_TEST_ASSERT_MSG_EQ(viaSlow[0][1].link, slow, "first path up the slowed link");
        NS_TEST_ASSERT_MSG_EQ(graph.Fits(viaSlow[0], 10e6), true, "10 Mb/s fit");
        NS_TEST_ASSERT_MSG_EQ(graph.Fits(viaSlow[0], 10.5e6), false, "10.5 Mb/s do not");
        NS_TEST_ASSERT_MSG_EQ(graph.Fits(viaSlow[2], 50e6), true, "the other aggregation");

        graph.Release(path, 70e6);
        for (const auto& hop : path)
        {
            NS_TEST_ASSERT_MSG_EQ(graph.GetResidual(hop.link, hop.forward),
                                  graph.GetCapacity(hop.link, hop.forward) - 30e6, "restored");
        }
        graph.Release(path, 30e6);
        graph.Release(path, 30e6); // more than reserved: stays at 0
        for (const auto& hop : path)
        {
            NS_TEST_ASSERT_MSG_EQ(graph.GetReserved(hop.link, hop.forward), 0, "never below 0");
            NS_TEST_ASSERT_MSG_EQ(graph.GetResidual(hop.link, hop.forward),
                                  graph.GetCapacity(hop.link, hop.forward), "all free");
        }
        // Thirds of a link add up without tripping the capacity check.
        for (int i = 0; i < 3; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(graph.Fits(path, 100e6 / 3), true, "third " << i);
            graph.Reserve(path, 100e6 / 3);
        }
        NS_TEST_ASSERT_MSG_EQ(graph.Fits(path, 1), false, "host link full after three thirds");
        graph.Reserve(back[0], 5e6); // the other direction of the same links: room
        graph.ClearReservations();
        for (uint32_t l = 0; l < graph.GetNLinks(); ++l)
        {
            for (bool fw : {true, false})
            {
                NS_TEST_ASSERT_MSG_EQ(graph.GetReserved(l, fw), 0, "cleared");
            }
        }
        // A new Build() reads the rates again and clears the reservations.
        graph.Reserve(path, 1e6);
        ft.GetLinks()[slow].devA->SetDataRate(DataRate("100Mbps"));
        graph.Build(ft);
        NS_TEST_ASSERT_MSG_EQ(graph.GetCapacity(slow, true), 100e6, "rate read again");
        NS_TEST_ASSERT_MSG_EQ(graph.GetReserved(0, true), 0, "reservations cleared");
        Simulator::Destroy();
    }
};

/**
 * \ingroup mptcp
 * The DatacenterPathGraph suite.
 */
class DatacenterPathGraphTestSuite : public TestSuite
{
  public:
    DatacenterPathGraphTestSuite()
        : TestSuite("mptcp-path-graph", MPTCP_TEST_UNIT)
    {
        AddTestCase(new PathGraphCountTest("FatTree k=4",
                                           [] { return std::make_unique<FatTreeHelper>(4); }),
                    MPTCP_TEST_QUICK);
        AddTestCase(new PathGraphCountTest("FatTree k=8",
                                           [] { return std::make_unique<FatTreeHelper>(8); }),
                    MPTCP_TEST_QUICK);
        AddTestCase(new PathGraphCountTest("FatTree k=4, 3 hosts per edge switch",
                                           [] { return std::make_unique<FatTreeHelper>(4, 3); }),
                    MPTCP_TEST_QUICK);
        AddTestCase(
            new PathGraphCountTest("DHFT k=4",
                                   [] { return std::make_unique<DualHomedFatTreeHelper>(4); }),
            MPTCP_TEST_QUICK);
        AddTestCase(
            new PathGraphCountTest("DHFT k=8, 3 hosts per pair",
                                   [] { return std::make_unique<DualHomedFatTreeHelper>(8, 3); }),
            MPTCP_TEST_QUICK);
        AddTestCase(new PathGraphCountTest("VL2 k=4, 2 hosts per ToR",
                                           [] { return std::make_unique<Vl2Helper>(4, 2); }),
                    MPTCP_TEST_QUICK);
        AddTestCase(new PathGraphCountTest("VL2 k=6, 2 hosts per ToR",
                                           [] { return std::make_unique<Vl2Helper>(6, 2); }),
                    MPTCP_TEST_QUICK);
        AddTestCase(
            new PathGraphCountTest("perfect switch, 6 hosts",
                                   [] { return std::make_unique<PerfectSwitchHelper>(6); }),
            MPTCP_TEST_QUICK);
        AddTestCase(new PathGraphFatTreeByHandTest(), MPTCP_TEST_QUICK);
        AddTestCase(new PathGraphHostsDoNotForwardTest(), MPTCP_TEST_QUICK);
        AddTestCase(new PathGraphDualHomedTest(), MPTCP_TEST_QUICK);
        AddTestCase(new PathGraphReservationTest(), MPTCP_TEST_QUICK);
    }
};

/// The suite's instance.
DatacenterPathGraphTestSuite g_datacenterPathGraphTestSuite;

} // namespace
