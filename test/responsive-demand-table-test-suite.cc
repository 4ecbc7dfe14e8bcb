/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of ResponsiveDemandTable (seed 004 §III-B, Algorithm 1): the demands Hedera's estimator
 * gives as flows come and go, worked out by hand, and which of them are sent to the monitors
 * (new flows, and changes beyond δ_DDT).
 */

#include "ns3/responsive-demand-table.h"
#include "ns3/test.h"

#include "ns3/mptcp-ns3-compat.h"

using namespace ns3;

namespace
{

/// NIC rate of the examples, bit/s.
constexpr double kNic = 1e8;

/**
 * \ingroup mptcp
 * Hosts A=0, B=1, C=2, D=3, NIC 100 Mb/s, δ_DDT = 0.15. By hand (Hedera's estimation: senders
 * split their NIC among their flows, receivers cap what exceeds theirs):
 * 1. flow 1 A->B alone: 100 Mb/s; sent.
 * 2. flow 2 A->C: A splits, 50 and 50; flow 1 moved by 50 % (> 15 %): both sent.
 * 3. flow 3 D->B: D offers 100 to B, A 50: B caps both at 50; A's other flow keeps 50: only the
 *    new flow is sent.
 * 4. flow 2 ends: A offers 100 to B, D 100: B gives 50 each: nothing moved, nothing sent.
 * 5. flow 3 ends: flow 1 back to 100: sent. Unknown flows: nothing.
 * With δ_DDT = 0.6, step 2 sends the new flow only (50 % < 60 %).
 */
class Algorithm1Test : public TestCase
{
  public:
    Algorithm1Test()
        : TestCase("Algorithm 1: demands and what is sent, by hand")
    {
    }

  private:
    void DoRun() override
    {
        ResponsiveDemandTable t(kNic, 0.15);
        auto d = t.AddFlow(1, 0, 1);
        NS_TEST_ASSERT_MSG_EQ(d.size(), 1u, "step 1: the new flow");
        NS_TEST_EXPECT_MSG_EQ(d[0].first, 1u, "flow 1");
        NS_TEST_EXPECT_MSG_EQ_TOL(d[0].second, kNic, 1, "100 Mb/s");

        d = t.AddFlow(2, 0, 2);
        NS_TEST_ASSERT_MSG_EQ(d.size(), 2u, "step 2: flow 1 moved, flow 2 new");
        NS_TEST_EXPECT_MSG_EQ(d[0].first, 1u, "flow 1 first (id order)");
        NS_TEST_EXPECT_MSG_EQ_TOL(d[0].second, kNic / 2, 1, "50 Mb/s");
        NS_TEST_EXPECT_MSG_EQ(d[1].first, 2u, "flow 2");
        NS_TEST_EXPECT_MSG_EQ_TOL(d[1].second, kNic / 2, 1, "50 Mb/s");

        d = t.AddFlow(3, 3, 1);
        NS_TEST_ASSERT_MSG_EQ(d.size(), 1u, "step 3: the new flow only");
        NS_TEST_EXPECT_MSG_EQ(d[0].first, 3u, "flow 3");
        NS_TEST_EXPECT_MSG_EQ_TOL(d[0].second, kNic / 2, 1, "B caps it at 50 Mb/s");
        NS_TEST_EXPECT_MSG_EQ_TOL(t.GetDemand(1), kNic / 2, 1, "flow 1 still 50");
        NS_TEST_EXPECT_MSG_EQ_TOL(t.GetDemand(2), kNic / 2, 1, "flow 2 still 50");

        d = t.RemoveFlow(2);
        NS_TEST_EXPECT_MSG_EQ(d.size(), 0u, "step 4: B still caps flows 1 and 3 at 50");
        NS_TEST_EXPECT_MSG_EQ(t.GetDemand(2), -1, "flow 2 gone");
        NS_TEST_EXPECT_MSG_EQ(t.GetNFlows(), 2u, "two flows");

        d = t.RemoveFlow(3);
        NS_TEST_ASSERT_MSG_EQ(d.size(), 1u, "step 5: flow 1 back to the NIC rate");
        NS_TEST_EXPECT_MSG_EQ(d[0].first, 1u, "flow 1");
        NS_TEST_EXPECT_MSG_EQ_TOL(d[0].second, kNic, 1, "100 Mb/s");
        NS_TEST_EXPECT_MSG_EQ(t.RemoveFlow(99).size(), 0u, "unknown flow");

        ResponsiveDemandTable lax(kNic, 0.6);
        lax.AddFlow(1, 0, 1);
        d = lax.AddFlow(2, 0, 2);
        NS_TEST_ASSERT_MSG_EQ(d.size(), 1u, "δ_DDT = 0.6: a 50 % change is not sent");
        NS_TEST_EXPECT_MSG_EQ(d[0].first, 2u, "the new flow is");
        NS_TEST_EXPECT_MSG_EQ_TOL(lax.GetDemand(1), kNic / 2, 1, "but the table has 50");
    }
};

/**
 * \ingroup mptcp
 * The ResponsiveDemandTable suite.
 */
class ResponsiveDemandTableTestSuite : public TestSuite
{
  public:
    ResponsiveDemandTableTestSuite()
        : TestSuite("mptcp-responsive-demand", MPTCP_TEST_UNIT)
    {
        AddTestCase(new Algorithm1Test, MPTCP_TEST_QUICK);
    }
};

/// The suite's one instance.
ResponsiveDemandTableTestSuite g_responsiveDemandTableTestSuite;

} // namespace
