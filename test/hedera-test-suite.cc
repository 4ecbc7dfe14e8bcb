/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of Hedera's demand estimation (HederaDemandEstimator; Al-Fares et al., NSDI 2010,
 * §4.2) against demands worked out by hand with the paper's Est-Src / Est-Dst procedures.
 */

#include "ns3/hedera-demand-estimator.h"
#include "ns3/test.h"

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

/// The suite.
class HederaTestSuite : public TestSuite
{
  public:
    HederaTestSuite()
        : TestSuite("mptcp-hedera", UNIT)
    {
        AddTestCase(new DemandEstimationTest, TestCase::QUICK);
    }
};

/// Static instance.
static HederaTestSuite g_hederaTestSuite;

} // namespace
