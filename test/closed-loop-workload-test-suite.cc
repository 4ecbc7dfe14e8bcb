/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The workloads of seed 000 §4.4: closed-loop flow arrivals (Fig. 13) and host-limited flows
 * (the table under "Host-limited Flows"), and the optimum with application-limited flows.
 */
#include "mptcp-test-harness.h"

#include "ns3/closed-loop-workload.h"
#include "ns3/datacenter-experiment.h"
#include "ns3/datacenter-workload-helper.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/flow-size-distribution.h"
#include "ns3/flow-statistics.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-stack-helper.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <vector>

using namespace ns3;

namespace
{

/**
 * Closed loop: every sender has one flow at a time; the next starts the instant the previous
 * one's receiver has its last byte, on the row's destination (permutation) or on a random
 * other host (random); none starts at or after the stop time.
 */
class ClosedLoopTest : public TestCase
{
  public:
    /// \param random the destination rule under test
    explicit ClosedLoopTest(bool random)
        : TestCase(std::string("Closed-loop arrivals, ") +
                   (random ? "random destinations" : "permutation")),
          m_random(random)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 131072);
        FatTreeHelper tree(4);
        BuildThesisFatTree(tree, 100);
        FlowStatistics stats;
        DatacenterWorkloadHelper installer(tree, stats);
        TrafficMatrix tm;
        tm.AssignStreams(3);
        const TrafficMatrix::FlowList matrix = tm.Permutation(16);
        ClosedLoopWorkload loop(installer, stats, 16);
        loop.AssignStreams(5);
        const double stop = 0.25;
        const uint64_t size = 20000;
        loop.Start(matrix,
                   FlowSizeDistribution(size),
                   m_random ? ClosedLoopWorkload::Destination::RANDOM
                            : ClosedLoopWorkload::Destination::PERMUTATION,
                   "ns3::TcpSocketFactory",
                   "tcp",
                   0,
                   stop);
        Simulator::Stop(Seconds(0.3));
        Simulator::Run();
        const std::deque<FlowStatisticsRecord> flows = stats.GetFlows();
        const uint64_t received = loop.GetReceivedBytes();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(flows.size(), loop.GetFlowsStarted(), "every flow recorded");
        std::map<uint32_t, std::vector<FlowStatisticsRecord>> bySender;
        uint64_t completed = 0;
        uint64_t bytes = 0;
        for (const auto& f : flows)
        {
            bySender[f.srcHost].push_back(f);
            completed += f.Completed() ? 1 : 0;
            bytes += f.rxBytes;
            NS_TEST_ASSERT_MSG_EQ(f.sizeBytes, size, "sizes from the distribution");
            NS_TEST_ASSERT_MSG_LT(f.startS, stop, "no flow starts at or after the stop");
            NS_TEST_ASSERT_MSG_NE(f.srcHost, f.dstHost, "never to itself");
            if (f.Completed())
            {
                NS_TEST_ASSERT_MSG_EQ(f.rxBytes, size, "a completed flow has exactly its bytes");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(completed, loop.GetFlowsCompleted(), "completions counted");
        NS_TEST_ASSERT_MSG_EQ(received, bytes, "received bytes are the flows' bytes");
        NS_TEST_ASSERT_MSG_EQ(bySender.size(), 16u, "one loop per sender");
        uint32_t rowsWithSeveralDestinations = 0;
        for (const auto& [src, row] : bySender)
        {
            // One row per sender: its first flow to the matrix destination within 10 ms.
            NS_TEST_ASSERT_MSG_EQ(row.front().dstHost, matrix[src].second, "first flow");
            NS_TEST_ASSERT_MSG_LT(row.front().startS, 0.01, "first flow within 10 ms");
            // A 20 KB flow lasts at least 1.6 ms at 100 Mb/s: at most 0.25 / 1.6 ms + 1 flows.
            NS_TEST_ASSERT_MSG_LT_OR_EQ(row.size(), 157u, "flows of a row");
            NS_TEST_ASSERT_MSG_GT(row.size(), 10u, "the loop keeps going");
            std::set<uint32_t> destinations;
            for (size_t i = 0; i < row.size(); ++i)
            {
                destinations.insert(row[i].dstHost);
                if (!m_random)
                {
                    NS_TEST_ASSERT_MSG_EQ(row[i].dstHost, matrix[src].second, "same pair");
                }
                if (i + 1 < row.size())
                {
                    // One flow at a time: the successor starts when this one completes.
                    NS_TEST_ASSERT_MSG_EQ(row[i].Completed(), true, "completed before the next");
                    NS_TEST_ASSERT_MSG_EQ(row[i + 1].startS, row[i].lastRxS, "started at once");
                }
                else
                {
                    // The last one: still running, or completed too late for a successor.
                    NS_TEST_ASSERT_MSG_EQ((!row[i].Completed() || row[i].lastRxS >= stop),
                                          true,
                                          "no successor missing");
                }
            }
            rowsWithSeveralDestinations += destinations.size() > 1 ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(rowsWithSeveralDestinations,
                              (m_random ? 16u : 0u),
                              "new destinations only with the random rule");
    }

    bool m_random; //!< the destination rule
};

/**
 * Seed 004's random workload: a ClosedLoopWorkload with a flow limit and at most C flows into
 * a receiver. All 16 hosts send with C = 1 (the tightest cap: 16 senders, 16 receivers, no
 * host to itself): at every instant no receiver has two flows in progress, exactly the limit
 * of flows start, and the done callback fires once, at the last completion. A uniform size
 * distribution gives sizes inside its bounds.
 */
class FlowLimitAndReceiverCapTest : public TestCase
{
    /**
     * The done callback: counts and notes the time.
     * \param calls incremented
     * \param at set to now, s
     */
    static void CountDone(uint32_t* calls, double* at)
    {
        ++*calls;
        *at = Simulator::Now().GetSeconds();
    }

  public:
    FlowLimitAndReceiverCapTest()
        : TestCase("Closed-loop: flow limit, flows per receiver, done callback")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 131072);
        FatTreeHelper tree(4);
        BuildThesisFatTree(tree, 100);
        FlowStatistics stats;
        DatacenterWorkloadHelper installer(tree, stats);
        TrafficMatrix tm;
        tm.AssignStreams(3);
        const TrafficMatrix::FlowList matrix = tm.Permutation(16);
        ClosedLoopWorkload loop(installer, stats, 16);
        loop.AssignStreams(7);
        const uint64_t limit = 70;
        const uint32_t cap = 1;
        loop.SetFlowLimit(limit);
        loop.SetMaxFlowsPerReceiver(cap);
        uint32_t doneCalls = 0;
        double doneAt = -1;
        loop.SetDoneCallback(MakeBoundCallback(&CountDone, &doneCalls, &doneAt));
        loop.Start(matrix,
                   FlowSizeDistribution::Uniform(10000, 40000),
                   ClosedLoopWorkload::Destination::RANDOM,
                   "ns3::TcpSocketFactory",
                   "tcp",
                   0,
                   10);
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        const std::deque<FlowStatisticsRecord> flows = stats.GetFlows();
        const std::vector<uint32_t> ids = loop.GetFlowIds();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(flows.size(), limit, "exactly the limit of flows");
        NS_TEST_ASSERT_MSG_EQ(ids.size(), limit, "all of them the workload's");
        NS_TEST_ASSERT_MSG_EQ(loop.GetFlowsCompleted(), limit, "all completed");
        NS_TEST_ASSERT_MSG_EQ(doneCalls, 1u, "done once");
        double last = 0;
        // Events (start +1, completion -1) per receiver, in time order; at equal times the
        // completion first (a successor starts in the instant its predecessor completes).
        std::map<uint32_t, std::vector<std::pair<double, int>>> events;
        for (const auto& f : flows)
        {
            NS_TEST_ASSERT_MSG_EQ(f.Completed(), true, "completed");
            NS_TEST_ASSERT_MSG_NE(f.srcHost, f.dstHost, "never to itself");
            NS_TEST_ASSERT_MSG_EQ((f.sizeBytes >= 10000 && f.sizeBytes <= 40000), true, "size");
            last = std::max(last, f.lastRxS);
            events[f.dstHost].push_back({f.startS, +1});
            events[f.dstHost].push_back({f.lastRxS, -1});
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(doneAt, last, 1e-12, "done at the last completion");
        for (auto& [dst, ev] : events)
        {
            std::sort(ev.begin(), ev.end());
            int inProgress = 0;
            for (const auto& [t, d] : ev)
            {
                inProgress += d;
                NS_TEST_ASSERT_MSG_LT_OR_EQ(inProgress, int(cap), "at most cap into a receiver");
            }
        }
        std::set<uint64_t> sizes;
        for (const auto& f : flows)
        {
            sizes.insert(f.sizeBytes);
        }
        NS_TEST_ASSERT_MSG_GT(sizes.size(), 50u, "sizes drawn, not fixed");
    }
};

/**
 * The optimum with host-limited flows, by hand: a capped flow keeps its cap, the others share
 * the rest of the host links max-min fairly.
 */
class CappedFairShareTest : public TestCase
{
  public:
    CappedFairShareTest()
        : TestCase("Optimum with host-limited flows: water-filling with caps")
    {
    }

  private:
    void DoRun() override
    {
        const double inf = std::numeric_limits<double>::infinity();
        // Host 1's downlink carries three flows: equal shares 33.3 freeze the 10 cap, the
        // other two share the remaining 90.
        auto s = DatacenterExperiment::NonBlockingFairShare({{0, 1}, {0, 1}, {2, 1}},
                                                            3,
                                                            100,
                                                            {10, inf, inf});
        NS_TEST_ASSERT_MSG_EQ_TOL(s[0], 10.0, 1e-9, "the capped flow");
        NS_TEST_ASSERT_MSG_EQ_TOL(s[1], 45.0, 1e-9, "shares the rest");
        NS_TEST_ASSERT_MSG_EQ_TOL(s[2], 45.0, 1e-9, "shares the rest");
        // A cap above the fair share changes nothing.
        s = DatacenterExperiment::NonBlockingFairShare({{0, 1}, {0, 1}}, 2, 100, {60, inf});
        NS_TEST_ASSERT_MSG_EQ_TOL(s[0], 50.0, 1e-9, "cap above the share");
        NS_TEST_ASSERT_MSG_EQ_TOL(s[1], 50.0, 1e-9, "cap above the share");
        // Without caps: the permutation optimum (every flow the whole link).
        s = DatacenterExperiment::NonBlockingFairShare({{0, 1}, {1, 2}, {2, 0}}, 3, 100);
        NS_TEST_ASSERT_MSG_EQ_TOL(s[0] + s[1] + s[2], 300.0, 1e-9, "permutation");
    }
};

/**
 * A host-limited flow sends at its rate and no faster, and leaves the rest of the host link to
 * an unlimited flow between the same hosts (seed 000 §4.4's two flows per host).
 */
class HostLimitedFlowTest : public TestCase
{
  public:
    /// \param factory the socket factory of both flows
    explicit HostLimitedFlowTest(const std::string& factory)
        : TestCase("Host-limited flow beside an unlimited one over " + factory),
          m_factory(factory)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(4, Lia(), 131072);
        FatTreeHelper tree(4);
        BuildThesisFatTree(tree, 100);
        FlowStatistics stats;
        DatacenterWorkloadHelper installer(tree, stats);
        PlannedFlow f;
        f.srcHost = 0; // pod 0
        f.dstHost = 15; // pod 3
        const uint32_t limited =
            installer.InstallHostLimited(f, m_factory, "x", DataRate("10Mbps"), 1000);
        const uint32_t unlimited = installer.Install(f, m_factory, "x");
        Ptr<PacketSink> ls = installer.GetSink(limited);
        Ptr<PacketSink> us = installer.GetSink(unlimited);
        uint64_t l0 = 0;
        uint64_t u0 = 0;
        Simulator::Schedule(Seconds(0.2), MPTCP_EVENT([&]() {
            l0 = ls->GetTotalRx();
            u0 = us->GetTotalRx();
        }));
        Simulator::Stop(Seconds(1.0));
        Simulator::Run();
        const uint64_t l = ls->GetTotalRx() - l0;
        const uint64_t u = us->GetTotalRx() - u0;
        Simulator::Destroy();
        // 1000-byte writes every 0.8 ms: 1000 writes in 0.8 s, give or take two at the ends.
        NS_TEST_ASSERT_MSG_EQ_TOL(double(l), 1e6, 2000.0, "exactly the application's rate");
        // The unlimited flow takes most of the rest: 100 Mb/s x 1400/1454 - 10 Mb/s = 86.3.
        NS_TEST_ASSERT_MSG_GT(u * 8 / 0.8, 75e6, "the rest of the link");
        NS_TEST_ASSERT_MSG_LT(u * 8 / 0.8, 86.3e6, "not more than the rest");
    }

    std::string m_factory; //!< socket factory
};

/// The suite.
class ClosedLoopWorkloadTestSuite : public TestSuite
{
  public:
    ClosedLoopWorkloadTestSuite()
        : TestSuite("mptcp-closed-loop-workload", MPTCP_TEST_UNIT)
    {
        AddTestCase(new ClosedLoopTest(false), MPTCP_TEST_QUICK);
        AddTestCase(new ClosedLoopTest(true), MPTCP_TEST_QUICK);
        AddTestCase(new FlowLimitAndReceiverCapTest, MPTCP_TEST_QUICK);
        AddTestCase(new CappedFairShareTest, MPTCP_TEST_QUICK);
        AddTestCase(new HostLimitedFlowTest("ns3::TcpSocketFactory"), MPTCP_TEST_QUICK);
        AddTestCase(new HostLimitedFlowTest("ns3::MpTcpSocketFactory"), MPTCP_TEST_QUICK);
    }
};

/// The suite's instance.
ClosedLoopWorkloadTestSuite g_closedLoopWorkloadTestSuite;

} // namespace
