/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of ResponsiveRouteCalculator (seed 004 §III-C): Observation 1's bound, Rule 1 and
 * Rule 2 on the paper's Fig. 4 example built on a k=4 FatTree (subflow 1-1 expects 1/4 of B,
 * the new subflow 1-2 on the same aggregation-ToR links 3/4), Algorithm 2's choices with
 * hand-computed expected throughputs (the gap, the cap M, e_t = 0), removal, and two-hop paths.
 */

#include "ns3/datacenter-path-graph.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/responsive-route-calculator.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;

namespace
{

using Path = DatacenterPathGraph::Path;

/// A k=4 FatTree (2 hosts per edge switch, pods of 4 hosts) with IPv4 and its path graph.
struct Fabric
{
    FatTreeHelper tree{4};       //!< The fabric.
    DatacenterPathGraph graph;   //!< Its graph.

    Fabric()
    {
        tree.Create();
        InternetStackHelper stack;
        stack.SetIpv6StackInstall(false);
        stack.Install(tree.GetNodes());
        tree.AssignIpv4Addresses();
        graph.Build(tree);
    }
};

/**
 * \param paths candidate paths of at least three hops
 * \param agg the aggregation switch of the source pod wanted (nullptr: any)
 * \param core the core switch wanted (nullptr: any)
 * \param notAgg an aggregation switch the path must not use (nullptr: none)
 * \param notCore a core switch the path must not use (nullptr: none)
 * \return the index of the first path that matches (paths.size() if none)
 */
uint32_t
Find(const std::vector<Path>& paths,
     Ptr<Node> agg,
     Ptr<Node> core,
     Ptr<Node> notAgg = nullptr,
     Ptr<Node> notCore = nullptr)
{
    for (uint32_t i = 0; i < paths.size(); ++i)
    {
        const Ptr<Node> a = paths[i][1].to;
        const Ptr<Node> c = paths[i][2].to;
        if ((!agg || a == agg) && (!core || c == core) && (!notAgg || a != notAgg) &&
            (!notCore || c != notCore))
        {
            return i;
        }
    }
    return paths.size();
}

/**
 * The state of seed 004's Fig. 4: flow 1's subflow 1-1 on \p p1 (host 0 to host 4, through
 * aggregation switch A = p1[1].to and core C = p1[2].to), and flows 2, 3, 4 from host 2 to host
 * 6 through A and C, so that they share p1's aggregation-core and core-aggregation links and
 * none of its aggregation-ToR links.
 * \param f the fabric
 * \param calc the calculator to record them in
 * \param p1 subflow 1-1's path
 * \return whether a host 2 -> 6 path through A and C exists (nothing else recorded if not)
 */
bool
AddFig4State(const Fabric& f, ResponsiveRouteCalculator& calc, const Path& p1)
{
    calc.AddSubflow(1, p1);
    const std::vector<Path> other = f.graph.GetEqualCostPaths(2, 6);
    const uint32_t viaC = Find(other, p1[1].to, p1[2].to);
    if (viaC >= other.size())
    {
        return false;
    }
    for (uint64_t flow = 2; flow <= 4; ++flow)
    {
        calc.AddSubflow(flow, other[viaC]);
    }
    return true;
}

/**
 * \ingroup mptcp
 * Fig. 4 of seed 004 on a k=4 FatTree. Flow 1 sends from host 0 (pod 0) to host 4 (pod 1);
 * its subflow 1-1 takes path p1 through aggregation switch A and core switch C. Flows 2, 3, 4
 * send from host 2 to host 6 (the other edge switches of the same pods) through A and C, so
 * they share p1's aggregation-core and core-aggregation links and none of its aggregation-ToR
 * links. Hand-computed, with B the link rate: subflow 1-1's bound is B/4 (four aggregates on
 * the core links); a new subflow on p2 (A, the other core) shares 1-1's aggregation-ToR uplink
 * and downlink, where flow 1 is alone: Rule 2 gives [min(B/1, B/1) - B/4]^+ = 3/4 B, and its
 * Rule 1 bound is B, so 3/4 B; on p3 (the other aggregation switch) Rule 1 gives B (flow 1's
 * own host links count it once); a new flow 5 (host 1 to host 5) on C's links sees five
 * aggregates there: B/5.
 */
class Fig4RulesTest : public TestCase
{
  public:
    Fig4RulesTest()
        : TestCase("Fig. 4: Observation 1, Rule 1 and Rule 2 (B over 4, 3 B over 4)")
    {
    }

  private:
    void DoRun() override
    {
        Fabric f;
        ResponsiveRouteCalculator calc(f.graph);
        const std::vector<Path> c = f.graph.GetEqualCostPaths(0, 4);
        NS_TEST_ASSERT_MSG_EQ(c.size(), 4, "4 inter-pod paths at k=4");
        const Path& p1 = c[0];
        NS_TEST_ASSERT_MSG_EQ(p1.size(), 6, "6 hops between pods");
        const double b = f.graph.GetCapacity(p1[0].link, true);
        const Ptr<Node> aggA = p1[1].to;
        const Ptr<Node> coreC = p1[2].to;
        NS_TEST_ASSERT_MSG_EQ(AddFig4State(f, calc, p1), true, "a host 2 -> 6 path via A and C");
        // Observation 1: the core links carry 4 aggregates.
        NS_TEST_ASSERT_MSG_EQ(calc.GetAggregateFlows(p1[2].link, p1[2].forward), 4, "A-C");
        NS_TEST_ASSERT_MSG_EQ(calc.GetAggregateFlows(p1[3].link, p1[3].forward), 4, "C-pod 1");
        NS_TEST_ASSERT_MSG_EQ(calc.GetAggregateFlows(p1[1].link, p1[1].forward), 1, "uplink");
        NS_TEST_ASSERT_MSG_EQ(calc.GetAggregateFlows(p1[1].link, !p1[1].forward), 0, "reverse");
        NS_TEST_ASSERT_MSG_EQ_TOL(calc.GetSubflowBound(1, p1), b / 4, 1e-6, "1-1's bound B/4");
        // Rule 2: p2 shares 1-1's aggregation-ToR uplink (A) and, by Obs. 2, its downlink.
        const uint32_t i2 = Find(c, aggA, nullptr, nullptr, coreC);
        NS_TEST_ASSERT_MSG_LT(i2, c.size(), "p2 through A, not C");
        NS_TEST_ASSERT_MSG_EQ(c[i2][4].link, p1[4].link, "same aggregation-ToR downlink");
        NS_TEST_ASSERT_MSG_EQ_TOL(calc.GetExpectedThroughput(1, c[i2]),
                                  3 * b / 4,
                                  1e-6,
                                  "Fig. 4: marginal throughput 3/4 B");
        // Rule 2 on p1 itself: share B minus 1-1's B/4 = 3/4 B, but Rule 1's bound is B/4.
        NS_TEST_ASSERT_MSG_EQ_TOL(calc.GetExpectedThroughput(1, p1), b / 4, 1e-6, "min(m_t, B/n)");
        // Rule 1: p3 avoids A.
        const uint32_t i3 = Find(c, nullptr, nullptr, aggA);
        NS_TEST_ASSERT_MSG_LT(i3, c.size(), "p3 avoids A");
        NS_TEST_ASSERT_MSG_EQ_TOL(calc.GetExpectedThroughput(1, c[i3]), b, 1e-6, "Rule 1: B");
        // Rule 1 for a new flow on C's links: flows 1-4 plus itself.
        const std::vector<Path> five = f.graph.GetEqualCostPaths(1, 5);
        const uint32_t i5 = Find(five, aggA, coreC);
        NS_TEST_ASSERT_MSG_LT(i5, five.size(), "a host 1 -> 5 path through A and C");
        NS_TEST_ASSERT_MSG_EQ_TOL(calc.GetExpectedThroughput(5, five[i5]), b / 5, 1e-6, "B/5");
        // With 1-2 routed on p2 (bound B: alone on its core links), flow 1 expects on A's
        // uplink B/4 + B: nothing is left there, Rule 2 gives 0 on p1 and p2.
        calc.AddSubflow(1, c[i2]);
        NS_TEST_ASSERT_MSG_EQ_TOL(calc.GetSubflowBound(1, c[i2]), b, 1e-6, "1-2 alone");
        NS_TEST_ASSERT_MSG_EQ(calc.GetExpectedThroughput(1, p1), 0, "[B - 5/4 B]^+ = 0");
        NS_TEST_ASSERT_MSG_EQ(calc.GetExpectedThroughput(1, c[i2]), 0, "[B - 5/4 B]^+ = 0");
        NS_TEST_ASSERT_MSG_EQ(calc.GetNSubflows(1), 2, "two subflows recorded");
        Simulator::Destroy();
    }
};

/**
 * \ingroup mptcp
 * Algorithm 2 on the Fig. 4 state (flow 1 with subflow 1-1 on p1, flows 2-4 on A-C).
 * Hand-computed e_t: p1 B/4, p2 3/4 B, p3 and p4 (the other aggregation switch A') B. A gap
 * of 0.9 B: p3 (first of the two at B) covers it alone. A gap of 1.5 B: p3 (B, gap left
 * 0.5 B); then p4 shares p3's uplink where flow 1 expects B already: 0; p2 3/4 B > 0.5 B:
 * chosen, last. An unbounded gap with M = 8: the same two, then every e_t is 0 and the
 * algorithm stops at 3 subflows in all. The cap: with M = 2 only one path. A new flow gets
 * exactly one path: on an empty fabric the first candidate (ties go first).
 */
class Algorithm2Test : public TestCase
{
  public:
    Algorithm2Test()
        : TestCase("Algorithm 2: the gap, the cap M, e_t = 0 and new flows")
    {
    }

  private:
    void DoRun() override
    {
        Fabric f;
        ResponsiveRouteCalculator calc(f.graph);
        const std::vector<Path> c = f.graph.GetEqualCostPaths(0, 4);
        const double b = f.graph.GetCapacity(c[0][0].link, true);
        // A new flow on the empty fabric: one path, the first of the ties.
        auto first = calc.Calculate(1, c, b, true, 4);
        NS_TEST_ASSERT_MSG_EQ(first.paths.size(), 1, "one path for a new flow");
        NS_TEST_ASSERT_MSG_EQ(first.paths[0], 0, "ties go to the first candidate");
        NS_TEST_ASSERT_MSG_EQ_TOL(first.expected[0], b, 1e-6, "empty fabric: B");
        NS_TEST_ASSERT_MSG_EQ(calc.GetNSubflows(1), 0, "Calculate records nothing");

        const Path& p1 = c[0];
        const Ptr<Node> aggA = p1[1].to;
        const Ptr<Node> coreC = p1[2].to;
        NS_TEST_ASSERT_MSG_EQ(AddFig4State(f, calc, p1), true, "the Fig. 4 state");
        const uint32_t i2 = Find(c, aggA, nullptr, nullptr, coreC);
        const uint32_t i3 = Find(c, nullptr, nullptr, aggA);
        NS_TEST_ASSERT_MSG_LT(i3, c.size(), "p3");
        const uint32_t i4 = Find(c, c[i3][1].to, nullptr, nullptr, c[i3][2].to);
        NS_TEST_ASSERT_MSG_LT(i4, c.size(), "p4");

        auto one = calc.Calculate(1, c, 0.9 * b, false, 4);
        NS_TEST_ASSERT_MSG_EQ(one.paths.size(), 1, "B > 0.9 B: one subflow covers the gap");
        NS_TEST_ASSERT_MSG_EQ(one.paths[0], i3, "p3 first (B, listed before p4)");

        auto two = calc.Calculate(1, c, 1.5 * b, false, 4);
        NS_TEST_ASSERT_MSG_EQ(two.paths.size(), 2, "p3 then p2");
        NS_TEST_ASSERT_MSG_EQ(two.paths[0], i3, "p3 at B");
        NS_TEST_ASSERT_MSG_EQ(two.paths[1], i2, "then p2 at 3/4 B");
        NS_TEST_ASSERT_MSG_EQ_TOL(two.expected[1], 0.75 * b, 1e-6, "p2's e_t");

        auto all = calc.Calculate(1, c, 100 * b, false, 8);
        NS_TEST_ASSERT_MSG_EQ(all.paths.size(), 2, "then every e_t is 0: stop below M");
        NS_TEST_ASSERT_MSG_NE(all.paths[1], i4, "p4 adds nothing beside p3");

        auto capped = calc.Calculate(1, c, 100 * b, false, 2);
        NS_TEST_ASSERT_MSG_EQ(capped.paths.size(), 1, "M = 2 with one subflow: one more");
        calc.AddSubflow(1, c[i3]);
        auto full = calc.Calculate(1, c, 100 * b, false, 2);
        NS_TEST_ASSERT_MSG_EQ(full.paths.size(), 0, "M reached: none");
        NS_TEST_ASSERT_MSG_EQ(calc.Calculate(1, {}, b, false, 4).paths.size(), 0, "no paths");
        Simulator::Destroy();
    }
};

/**
 * \ingroup mptcp
 * RemoveFlow() takes every subflow of a flow off its links (and ignores unknown flows); a
 * two-hop path (both hosts under one edge switch) has no aggregation-ToR link, so Rule 1
 * applies even for a flow already on it: flow 1's own host links count it once, e_t = B.
 */
class RemoveAndTwoHopTest : public TestCase
{
  public:
    RemoveAndTwoHopTest()
        : TestCase("RemoveFlow; two-hop paths use Rule 1")
    {
    }

  private:
    void DoRun() override
    {
        Fabric f;
        ResponsiveRouteCalculator calc(f.graph);
        const std::vector<Path> c = f.graph.GetEqualCostPaths(0, 4);
        const double b = f.graph.GetCapacity(c[0][0].link, true);
        calc.AddSubflow(1, c[0]);
        calc.AddSubflow(1, c[1]);
        calc.AddSubflow(2, c[0]);
        NS_TEST_ASSERT_MSG_EQ(calc.GetAggregateFlows(c[0][0].link, true), 2, "host 0's NIC");
        calc.RemoveFlow(1);
        calc.RemoveFlow(99);
        NS_TEST_ASSERT_MSG_EQ(calc.GetNSubflows(1), 0, "flow 1 gone");
        NS_TEST_ASSERT_MSG_EQ(calc.GetAggregateFlows(c[0][0].link, true), 1, "flow 2 stays");
        NS_TEST_ASSERT_MSG_EQ(calc.GetAggregateFlows(c[1][2].link, c[1][2].forward),
                              ((c[1][2].link == c[0][2].link) ? 1 : 0),
                              "flow 1's second path is empty again");
        calc.RemoveFlow(2);
        NS_TEST_ASSERT_MSG_EQ(calc.GetAggregateFlows(c[0][0].link, true), 0, "all gone");
        // A flow alone on its links with two subflows sharing the host links (the first
        // removal empties them; the second must find them gone).
        calc.AddSubflow(7, c[0]);
        calc.AddSubflow(7, c[1]);
        calc.RemoveFlow(7);
        NS_TEST_ASSERT_MSG_EQ(calc.GetAggregateFlows(c[0][0].link, true), 0, "flow 7 gone");
        NS_TEST_ASSERT_MSG_EQ(calc.GetNSubflows(7), 0, "no subflows left");

        const std::vector<Path> rack = f.graph.GetEqualCostPaths(0, 1);
        NS_TEST_ASSERT_MSG_EQ(rack.size(), 1, "one path under one edge switch");
        NS_TEST_ASSERT_MSG_EQ(rack[0].size(), 2, "two hops");
        calc.AddSubflow(1, rack[0]);
        NS_TEST_ASSERT_MSG_EQ_TOL(calc.GetExpectedThroughput(1, rack[0]), b, 1e-6, "Rule 1: B");
        calc.AddSubflow(3, rack[0]);
        NS_TEST_ASSERT_MSG_EQ_TOL(calc.GetExpectedThroughput(1, rack[0]), b / 2, 1e-6, "B/2");
        Simulator::Destroy();
    }
};

/**
 * \ingroup mptcp
 * The ResponsiveRouteCalculator suite.
 */
class ResponsiveRouteCalculatorTestSuite : public TestSuite
{
  public:
    ResponsiveRouteCalculatorTestSuite()
        : TestSuite("mptcp-responsive-route", MPTCP_TEST_UNIT)
    {
        AddTestCase(new Fig4RulesTest, MPTCP_TEST_QUICK);
        AddTestCase(new Algorithm2Test, MPTCP_TEST_QUICK);
        AddTestCase(new RemoveAndTwoHopTest, MPTCP_TEST_QUICK);
    }
};

/// The suite's one instance.
ResponsiveRouteCalculatorTestSuite g_responsiveRouteCalculatorTestSuite;

} // namespace
