/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of Hedera (Al-Fares et al., NSDI 2010): demand estimation (HederaDemandEstimator)
 * against demands worked out by hand with the paper's Est-Src / Est-Dst procedures; Global
 * First Fit's placements on a k=4 FatTree checked link by link; HederaController end to end:
 * four elephants between two pods placed on four disjoint core paths, at line rate.
 */

#include "ns3/bulk-send-helper.h"
#include "ns3/datacenter-path-graph.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/hedera-controller.h"
#include "ns3/hedera-demand-estimator.h"
#include "ns3/inet-socket-address.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/sdn-controller-helper.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <set>

#include <vector>

using namespace ns3;

namespace
{

using Flows = std::vector<HederaDemandEstimator::Flow>;

/**
 * Demand estimation against hand-computed examples.
 *
 * (1) Flows 0->1, 0->2, 0->3, 1->0, 1->2, 2->0, 3->2. Round 1, sources: host 0's three flows
 * 1/3 each, host 1's two 1/2, 2->0 and 3->2 1. Destinations: host 0 receives 1/2 + 1 > 1, equal
 * share 1/2, neither flow asks less: both 1/2, converged; host 2 receives 1/3 + 1/2 + 1 > 1,
 * share 1/3, none asks less than 1/3: all three 1/3, converged. Round 2: host 0 has 0->2
 * converged at 1/3, its two others share 2/3: 1/3 each, unchanged; destinations sum to 1: done.
 *
 * (2) Water-filling at a receiver: 0->3, 1->3, 2->3, 1->4, 1->5, 1->6. Sources: 0->3 and 2->3
 * ask 1, host 1's four flows 1/4. Host 3 receives 2.25: share 1/3; 1->3 asks 1/4 < 1/3 and keeps
 * it; the other two share 3/4: 3/8 each, converged. Round 2 changes nothing.
 *
 * (3) A permutation of 4 hosts: every flow 1. (4) Incast of 4 senders into host 4: 1/4 each.
 * (5) Two flows between the same hosts: 1/2 each. (6) No flows: no demands.
 */
class DemandEstimationTest : public TestCase
{
  public:
    DemandEstimationTest()
        : TestCase("Hedera demand estimation: hand-computed natural demands")
    {
    }

  private:
    /**
     * \param flows the flows
     * \param expected the hand-computed demands
     * \param name the example
     */
    void Check(const Flows& flows, const std::vector<double>& expected, const std::string& name)
    {
        const std::vector<double> d = HederaDemandEstimator::Estimate(flows);
        NS_TEST_ASSERT_MSG_EQ(d.size(), expected.size(), name << ": one demand per flow");
        for (std::size_t i = 0; i < d.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(d[i], expected[i], 1e-9, name << ": flow " << i);
        }
    }

    void DoRun() override
    {
        Check({{0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 2}, {2, 0}, {3, 2}},
              {1.0 / 3, 1.0 / 3, 1.0 / 3, 0.5, 1.0 / 3, 0.5, 1.0 / 3},
              "example 1");
        Check({{0, 3}, {1, 3}, {2, 3}, {1, 4}, {1, 5}, {1, 6}},
              {0.375, 0.25, 0.375, 0.25, 0.25, 0.25},
              "water-filling");
        Check({{0, 1}, {1, 2}, {2, 3}, {3, 0}}, {1, 1, 1, 1}, "permutation");
        Check({{0, 4}, {1, 4}, {2, 4}, {3, 4}}, {0.25, 0.25, 0.25, 0.25}, "incast");
        Check({{5, 9}, {5, 9}}, {0.5, 0.5}, "same hosts");
        Check({}, {}, "no flows");
    }
};

/**
 * Global First Fit on a k=4 FatTree (100 Mb/s links): (1) host 0 -> host 15 at 100 Mb/s takes
 * the first path; (2) host 1 -> host 14 at 100 Mb/s shares host 0's edge switch and host 15's,
 * so it must leave pod 0 by the other aggregation switch and enter pod 3 by the other one
 * too; (3) host 0 -> host 13 at 50 Mb/s finds host 0's NIC link full: no path, nothing
 * reserved; (4) host 2 -> host 12 at 100 Mb/s fits on a core not used by (1) or (2); releasing
 * (1) restores its links' residual capacity.
 */
class GlobalFirstFitTest : public TestCase
{
  public:
    GlobalFirstFitTest()
        : TestCase("Hedera Global First Fit: placements on k=4 checked switch by switch")
    {
    }

  private:
    /// \return the nodes a path visits, source host first
    static std::vector<Ptr<Node>> Nodes(const DatacenterPathGraph::Path& p)
    {
        std::vector<Ptr<Node>> n{p.front().from};
        for (const auto& h : p)
        {
            n.push_back(h.to);
        }
        return n;
    }

    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Build();
        DatacenterPathGraph graph(ft);
        const double rate = ft.GetHostLinkRate();
        NS_TEST_ASSERT_MSG_EQ_TOL(rate, 100e6, 1, "100 Mb/s links");
        const auto p1 = graph.GetEqualCostPaths(0, 15);
        NS_TEST_ASSERT_MSG_EQ(p1.size(), 4u, "4 paths between pods");
        NS_TEST_ASSERT_MSG_EQ(HederaController::GlobalFirstFit(graph, p1, rate), 0, "first path");
        const auto n1 = Nodes(p1[0]);

        const auto p2 = graph.GetEqualCostPaths(1, 14);
        const int32_t i2 = HederaController::GlobalFirstFit(graph, p2, rate);
        NS_TEST_ASSERT_MSG_GT(i2, -1, "flow 2 placed");
        const auto n2 = Nodes(p2[i2]);
        NS_TEST_EXPECT_MSG_EQ(n2[1], n1[1], "same edge switch in pod 0");
        NS_TEST_EXPECT_MSG_NE(n2[2], n1[2], "the other aggregation switch of pod 0");
        NS_TEST_EXPECT_MSG_NE(n2[3], n1[3], "another core");
        NS_TEST_EXPECT_MSG_NE(n2[4], n1[4], "the other aggregation switch of pod 3");
        NS_TEST_EXPECT_MSG_EQ(n2[5], n1[5], "same edge switch in pod 3");

        const auto p3 = graph.GetEqualCostPaths(0, 13);
        NS_TEST_EXPECT_MSG_EQ(HederaController::GlobalFirstFit(graph, p3, rate / 2),
                              -1,
                              "host 0's NIC link is full");
        NS_TEST_EXPECT_MSG_EQ_TOL(graph.GetResidual(p3[0][0].link, p3[0][0].forward),
                                  0.0,
                                  1e-6,
                                  "nothing more reserved on it");

        const auto p4 = graph.GetEqualCostPaths(2, 12);
        const int32_t i4 = HederaController::GlobalFirstFit(graph, p4, rate);
        NS_TEST_ASSERT_MSG_GT(i4, -1, "flow 4 placed");
        const auto n4 = Nodes(p4[i4]);
        NS_TEST_EXPECT_MSG_NE(n4[3], n1[3], "a core free of flow 1");
        NS_TEST_EXPECT_MSG_NE(n4[3], n2[3], "a core free of flow 2");

        graph.Release(p1[0], rate);
        for (const auto& hop : p1[0])
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(graph.GetResidual(hop.link, hop.forward),
                                      graph.GetCapacity(hop.link, hop.forward),
                                      1e-6,
                                      "released on link " << hop.link);
        }
        Simulator::Destroy();
    }
};

/**
 * HederaController end to end on k=4, 100 ms interval: hosts 0..3 (pod 0) each send one TCP
 * bulk flow to hosts 12..15 (pod 3). Every flow is an elephant with a natural demand of one
 * NIC; Global First Fit places all four (none left on ECMP) on four different cores, one rule
 * per switch of each path; from 0.4 s to 1 s the four flows together get more than 85 % of
 * 4 x 100 Mb/s on Debian's ns-3.37 (measured: 363 Mb/s; the same flows on ECMP alone collide and
 * get 182 Mb/s); more than half of it with other ns-3 releases (3.44: 272 Mb/s).
 */
class HederaControllerTest : public TestCase
{
  public:
    HederaControllerTest()
        : TestCase("HederaController: 4 elephants between two pods placed on 4 cores, line rate")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Build();
        SdnControllerHelper helper("ns3::HederaController");
        helper.SetControllerAttribute("Interval", TimeValue(MilliSeconds(100)));
        Ptr<HederaController> hedera = DynamicCast<HederaController>(helper.Install(ft));
        NS_TEST_ASSERT_MSG_NE(hedera, nullptr, "a HederaController");
        std::vector<Ptr<PacketSink>> sinks;
        for (uint32_t i = 0; i < 4; ++i)
        {
            PacketSinkHelper sink("ns3::TcpSocketFactory",
                                  InetSocketAddress(Ipv4Address::GetAny(), 5000));
            sinks.push_back(DynamicCast<PacketSink>(sink.Install(ft.GetHost(12 + i)).Get(0)));
            BulkSendHelper bulk("ns3::TcpSocketFactory",
                                InetSocketAddress(ft.GetHostAddress(12 + i), 5000));
            bulk.Install(ft.GetHost(i)).Start(Seconds(0.01));
        }
        uint64_t at04 = 0;
        uint64_t at10 = 0;
        auto total = [&sinks]() {
            uint64_t b = 0;
            for (const auto& s : sinks)
            {
                b += s->GetTotalRx();
            }
            return b;
        };
        Simulator::Schedule(Seconds(0.4), MPTCP_EVENT([&]() { at04 = total(); }));
        Simulator::Schedule(Seconds(1), MPTCP_EVENT([&]() { at10 = total(); }));
        std::set<uint32_t> coresUsed;
        uint32_t coreRules = 0;
        Simulator::Schedule(Seconds(1), MPTCP_EVENT([&]() {
            NodeContainer cores = ft.GetCoreSwitches();
            for (uint32_t c = 0; c < cores.GetN(); ++c)
            {
                for (const auto& r : cores.Get(c)->GetObject<SdnFlowTable>()->GetRules())
                {
                    if (r.fromController)
                    {
                        ++coreRules;
                        coresUsed.insert(c);
                    }
                }
            }
        }));
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(hedera->GetNFlowsScheduled(), 4u, "4 elephants placed");
        NS_TEST_EXPECT_MSG_EQ(hedera->GetNUnplaced(), 0u, "none left on ECMP");
        NS_TEST_EXPECT_MSG_EQ(hedera->GetNPlacedNow(), 4u, "all still placed");
        NS_TEST_EXPECT_MSG_EQ(hedera->GetNRulesInstalled(), 20u, "5 switches x 4 flows");
        NS_TEST_EXPECT_MSG_EQ(coreRules, 4u, "one placed rule per flow at the cores");
        NS_TEST_EXPECT_MSG_EQ(coresUsed.size(), 4u, "on four different cores");
        NS_TEST_EXPECT_MSG_EQ(hedera->GetNRounds(), 9u, "a round every 100 ms (0.1 s .. 0.9 s; 1 s is not answered yet)");
        const double goodput = static_cast<double>(at10 - at04) * 8 / 0.6;
#ifdef MPTCP_GOLDEN_BUILD
        // Debian's ns-3.37 (the golden build): 363 Mb/s measured.
        NS_TEST_EXPECT_MSG_GT(goodput, 0.85 * 4 * 100e6, "aggregate goodput, bit/s");
#else
        // Other releases' TCP gives other numbers (ns-3.44: 272 Mb/s with the same placements);
        // the placements above are what this test is about there.
        NS_TEST_EXPECT_MSG_GT(goodput, 0.5 * 4 * 100e6, "aggregate goodput, bit/s");
#endif
        Simulator::Destroy();
    }
};

/// The suite.
class HederaTestSuite : public TestSuite
{
  public:
    HederaTestSuite()
        : TestSuite("mptcp-hedera", MPTCP_TEST_UNIT)
    {
        AddTestCase(new DemandEstimationTest, MPTCP_TEST_QUICK);
        AddTestCase(new GlobalFirstFitTest, MPTCP_TEST_QUICK);
        AddTestCase(new HederaControllerTest, MPTCP_TEST_QUICK);
    }
};

/// Static instance.
static HederaTestSuite g_hederaTestSuite;

} // namespace
