/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Datacenter workloads of the MMPTCP thesis (§5.2.3, §5.12): Poisson short-flow arrivals,
 * incast rounds, flow-size CDFs, flow completion time and per-layer link statistics.
 */
#include "mptcp-test-harness.h"

#include "ns3/config.h"
#include "ns3/datacenter-workload-helper.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/flow-size-distribution.h"
#include "ns3/flow-statistics.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/link-layer-statistics.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-stack-helper.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

using namespace ns3;

namespace
{

/// Poisson arrivals: count within 4 sqrt(lambda T) of lambda T, times in range, sources and
/// destinations as the traffic matrix says.
class PoissonArrivalsTest : public TestCase
{
  public:
    PoissonArrivalsTest()
        : TestCase("Sim_Mix: Poisson short-flow arrivals follow the rate and the matrix")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper tree(4);
        FlowStatistics stats;
        DatacenterWorkloadHelper workload(tree, stats);
        workload.AssignStreams(7);
        TrafficMatrix tm;
        tm.AssignStreams(8);
        auto matrix = tm.Permutation(16);
        auto longHosts = workload.ChooseLongFlowHosts(16, 1.0 / 3);
        NS_TEST_ASSERT_MSG_EQ(longHosts.size(), 5u, "round(16 / 3) long-flow hosts");
        std::set<uint32_t> longSet(longHosts.begin(), longHosts.end());
        NS_TEST_ASSERT_MSG_EQ(longSet.size(), 5u, "distinct hosts");
        std::vector<uint32_t> sources;
        for (uint32_t h = 0; h < 16; ++h)
        {
            if (longSet.count(h) == 0)
            {
                sources.push_back(h);
            }
        }
        const double rate = 256;
        const double start = 0.5;
        const double end = 10.5;
        auto flows = workload.PlanPoisson(rate, start, end, sources, matrix,
                                          FlowSizeDistribution(70000));
        const double expected = rate * (end - start);
        NS_TEST_ASSERT_MSG_LT(std::fabs(flows.size() - expected),
                              4 * std::sqrt(expected),
                              "arrival count " << flows.size() << " vs lambda T " << expected);
        double last = start;
        std::set<uint32_t> used;
        for (const auto& f : flows)
        {
            NS_TEST_ASSERT_MSG_EQ((f.startS >= last && f.startS < end), true, "ordered, in range");
            last = f.startS;
            NS_TEST_ASSERT_MSG_EQ(longSet.count(f.srcHost), 0u, "short flows from short hosts");
            NS_TEST_ASSERT_MSG_EQ(f.dstHost, matrix[f.srcHost].second, "matrix destination");
            NS_TEST_ASSERT_MSG_EQ(f.sizeBytes, 70000u, "fixed size");
            used.insert(f.srcHost);
        }
        NS_TEST_ASSERT_MSG_EQ(used.size(), sources.size(), "every short host picked");
        // Mean gap 1/lambda: the exponential's mean within 5 % over ~2560 gaps.
        double meanGap = (flows.back().startS - flows.front().startS) / (flows.size() - 1);
        NS_TEST_ASSERT_MSG_EQ_TOL(meanGap, 1 / rate, 0.05 / rate, "mean inter-arrival time");
    }
};

/// Incast: exact rounds, N distinct senders per round, never the receiver.
class IncastPlanTest : public TestCase
{
  public:
    IncastPlanTest()
        : TestCase("Incast: N distinct senders into one receiver every 0.5 s")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper tree(4);
        FlowStatistics stats;
        DatacenterWorkloadHelper workload(tree, stats);
        workload.AssignStreams(3);
        const uint32_t n = 15; // every host but the receiver
        auto flows = workload.PlanIncast(16, n, 0.5, 2.8, 0.5, FlowSizeDistribution(70000));
        NS_TEST_ASSERT_MSG_EQ(flows.size(), 5u * n, "rounds at 0.5, 1, 1.5, 2, 2.5 s");
        std::set<uint32_t> receivers;
        for (uint32_t r = 0; r < 5; ++r)
        {
            std::set<uint32_t> senders;
            for (uint32_t i = 0; i < n; ++i)
            {
                const auto& f = flows[r * n + i];
                NS_TEST_ASSERT_MSG_EQ_TOL(f.startS, 0.5 + 0.5 * r, 1e-12, "round time");
                NS_TEST_ASSERT_MSG_EQ(f.dstHost, flows[r * n].dstHost, "one receiver a round");
                NS_TEST_ASSERT_MSG_NE(f.srcHost, f.dstHost, "a sender is not the receiver");
                senders.insert(f.srcHost);
            }
            NS_TEST_ASSERT_MSG_EQ(senders.size(), n, "distinct senders");
            receivers.insert(flows[r * n].dstHost);
        }
        NS_TEST_ASSERT_MSG_GT(receivers.size(), 1u, "the receiver is drawn every round");
    }
};

/// CDF files: inverse-transform quantiles and parsing errors with their line numbers.
class FlowSizeCdfTest : public TestCase
{
  public:
    FlowSizeCdfTest()
        : TestCase("Flow-size CDF: sampling matches the file, bad files name the line")
    {
    }

  private:
    void DoRun() override
    {
        std::istringstream text("# size cumulative\n"
                                "1000 0.5\n"
                                "\n"
                                "10000 0.9   # comment\n"
                                "100000 1\n");
        FlowSizeDistribution cdf;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(cdf.Parse(text, &error), true, error);
        NS_TEST_ASSERT_MSG_EQ(cdf.IsEmpirical(), true, "a CDF");
        NS_TEST_ASSERT_MSG_EQ(cdf.Quantile(0.2), 1000u, "below the first point");
        NS_TEST_ASSERT_MSG_EQ(cdf.Quantile(0.7), 5500u, "interpolated halfway");
        NS_TEST_ASSERT_MSG_EQ(cdf.Quantile(0.95), 55000u, "interpolated halfway");
        NS_TEST_ASSERT_MSG_EQ_TOL(cdf.GetMean(), 500 + 0.4 * 5500 + 0.1 * 55000, 1e-6, "mean");

        // 10 000 draws: the fraction at or below each point within 4 binomial sigmas.
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(11);
        const int draws = 10000;
        int le1000 = 0;
        int le5500 = 0;
        int le10000 = 0;
        for (int i = 0; i < draws; ++i)
        {
            uint64_t s = cdf.Sample(rng);
            le1000 += s <= 1000;
            le5500 += s <= 5500;
            le10000 += s <= 10000;
        }
        auto sigma = [draws](double p) { return 4 * std::sqrt(p * (1 - p) / draws); };
        NS_TEST_ASSERT_MSG_EQ_TOL(le1000 / double(draws), 0.5, sigma(0.5), "P(size <= 1000)");
        NS_TEST_ASSERT_MSG_EQ_TOL(le5500 / double(draws), 0.7, sigma(0.7), "P(size <= 5500)");
        NS_TEST_ASSERT_MSG_EQ_TOL(le10000 / double(draws), 0.9, sigma(0.9), "P(size <= 1e4)");

        const std::pair<const char*, const char*> bad[] = {
            {"1000 0.5\n900 1\n", "line 2: sizes must increase"},
            {"1000 0.5\n2000 0.4\n3000 1\n", "line 2: probabilities must not decrease"},
            {"1000 0.5\n2000 0.9\n", "line 2: the last probability must be 1"},
            {"# x\n\n1000 half\n", "line 3: expected 'size_bytes cumulative_probability'"},
            {"1000 1.5\n", "line 1: probability must be in [0, 1]"},
            {"0 1\n", "line 1: size must be at least 1 byte"},
            {"1000 1 7\n", "line 1: expected 'size_bytes cumulative_probability'"},
            {"# nothing\n", "line 1: no points"},
        };
        for (const auto& [content, why] : bad)
        {
            std::istringstream in(content);
            FlowSizeDistribution d(1234);
            std::string e;
            NS_TEST_ASSERT_MSG_EQ(d.Parse(in, &e), false, content);
            NS_TEST_ASSERT_MSG_EQ(e, std::string(why), content);
            NS_TEST_ASSERT_MSG_EQ(d.Quantile(0.5), 1234u, "a bad file leaves the fixed size");
        }
        FlowSizeDistribution d;
        NS_TEST_ASSERT_MSG_EQ(d.Load("/nonexistent/cdf.txt", &error), false, "unreadable");
        NS_TEST_ASSERT_MSG_EQ(error, std::string("cannot read /nonexistent/cdf.txt"), "message");
    }
};

/**
 * One 70 KB TCP flow across the core of an idle k=4 FatTree, with an initial window that
 * holds the whole flow: handshake, FCT and the layer counters computed by hand.
 */
class IdleFlowTest : public TestCase
{
  public:
    IdleFlowTest()
        : TestCase("One 70 KB flow on an idle FatTree: FCT, counters and layer statistics")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 131072);
        Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(100));
        FatTreeHelper tree(4);
        BuildThesisFatTree(tree, 100);

        FlowStatistics stats;
        DatacenterWorkloadHelper workload(tree, stats);
        LinkLayerStatistics layers(tree);
        layers.Start();
        PlannedFlow flow;
        flow.startS = 0.1;
        flow.srcHost = 0;  // pod 0
        flow.dstHost = 15; // pod 3: six links, across the core
        flow.sizeBytes = 70000;
        uint32_t id = workload.Install(flow, "ns3::TcpSocketFactory", "tcp");
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();
        const FlowStatisticsRecord& r = stats.GetFlows().at(id);
        std::vector<LinkLayerResult> result = layers.Collect();
        Simulator::Destroy();
        Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(10));

        NS_TEST_ASSERT_MSG_EQ(r.Completed(), true, "all bytes received");
        NS_TEST_ASSERT_MSG_EQ(r.rxBytes, 70000u, "exactly the flow's bytes");
        // Handshake: SYN and SYN-ACK over six 20 us links each, store-and-forward of packets
        // below 80 bytes (6.4 us at 100 Mb/s) at each hop.
        const double handshake = r.firstTxS - r.startS;
        NS_TEST_ASSERT_MSG_EQ((handshake >= 12 * 20e-6 && handshake <= 12 * (20e-6 + 6.4e-6)),
                              true,
                              "handshake " << handshake);
        // Transfer: the handshake's last ACK (54 wire bytes: TCP 20 + timestamps 12 + IP 20
        // + PPP 2) then 50 segments of 1454 bytes back to back on the first link, the last
        // one forwarded over 5 more links.
        const double tx = 1454 * 8 / 100e6;
        const double byHand = 54 * 8 / 100e6 + 50 * tx + 5 * tx + 6 * 20e-6;
        NS_TEST_ASSERT_MSG_EQ_TOL(r.Fct(), byHand, 2e-6, "FCT by hand");
        NS_TEST_ASSERT_MSG_EQ(r.rtos, 0u, "no RTO on an idle path");
        NS_TEST_ASSERT_MSG_EQ(r.fastRetransmits, 0u, "no fast retransmit on an idle path");
        SampleSummary s = stats.GetShortFlowFctSummary();
        NS_TEST_ASSERT_MSG_EQ(s.count, 1u, "one completed flow");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.p99, r.Fct(), 1e-12, "p99 of one value");

        NS_TEST_ASSERT_MSG_EQ(result.size(), 6u, "three layers, two directions");
        // Every packet of the connection (data and ACKs) crosses each layer once up and once
        // down; the host-edge and aggregation-core layers both have 16 links.
        for (const auto& l : result)
        {
            NS_TEST_ASSERT_MSG_EQ(l.links, 16u, "16 links per layer at k=4");
            NS_TEST_ASSERT_MSG_EQ(l.drops, 0u, "no loss");
            NS_TEST_ASSERT_MSG_EQ(l.lossRate, 0.0, "no loss");
            NS_TEST_ASSERT_MSG_EQ(l.txPackets, result[0].txPackets, "same packets each layer");
            NS_TEST_ASSERT_MSG_EQ_TOL(l.utilization, result[0].utilization, 1e-12, "same bytes");
        }
        NS_TEST_ASSERT_MSG_GT(result[0].txPackets, 50u, "50 data segments and more");
        // Bytes on the sender's link: at least the 50 data segments, at most with 40 small
        // packets (handshake, ACKs, FIN) of < 80 bytes.
        const double bytes = result[0].utilization * 16 * 100e6 * 0.5 / 8;
        NS_TEST_ASSERT_MSG_EQ((bytes >= 50 * 1454 && bytes <= 50 * 1454 + 40 * 80), true,
                              "bytes on the host links " << bytes);
    }
};

/// One long TCP flow measured after a warm-up: its host link's utilisation is its goodput
/// in wire bytes over the link rate, and the other host links are idle.
class LongFlowUtilisationTest : public TestCase
{
  public:
    LongFlowUtilisationTest()
        : TestCase("One long flow: host-layer utilisation after the warm-up is goodput over rate")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 131072);
        FatTreeHelper tree(4);
        BuildThesisFatTree(tree, 100);
        FlowStatistics stats;
        DatacenterWorkloadHelper workload(tree, stats);
        LinkLayerStatistics layers(tree);
        layers.ScheduleStart(Seconds(0.2));
        PlannedFlow flow;
        flow.srcHost = 0;
        flow.dstHost = 15;
        uint32_t id = workload.Install(flow, "ns3::TcpSocketFactory", "tcp", 5000);
        uint64_t atWarmup = 0;
        Simulator::Schedule(Seconds(0.2),
                            MPTCP_EVENT([&]() { atWarmup = workload.GetSink(id)->GetTotalRx(); }));
        Simulator::Stop(Seconds(0.6));
        Simulator::Run();
        const double goodput = (workload.GetSink(id)->GetTotalRx() - atWarmup) * 8 / 0.4;
        auto result = layers.Collect();
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_GT(goodput, 90e6, "one flow alone fills most of its path");
        // Sum over the 16 host uplinks: 1454-byte frames per 1400-byte segment on the
        // sender's, a 54-byte ACK per two segments (delayed ACKs) on the receiver's; 0.5 %
        // for the packets in flight at either end of the window.
        NS_TEST_ASSERT_MSG_EQ_TOL(result[0].utilization * 16,
                                  goodput * (1454 + 54 / 2.0) / 1400 / 100e6,
                                  0.005,
                                  "host-edge up utilisation");
        NS_TEST_ASSERT_MSG_EQ(result[0].drops + result[1].drops + result[4].drops, 0u, "no loss");
        NS_TEST_ASSERT_MSG_EQ(stats.GetFlows().at(id).rtos, 0u, "no RTO");
    }
};

/**
 * Incast into a 10-packet queue: every flow still delivers its exact bytes, the losses show
 * up at the receiver's downlink, and the recoveries in the flows' RTO and fast-retransmit
 * counters (the subflows' for MPTCP).
 */
class IncastLossTest : public TestCase
{
  public:
    /// \param factory the senders' socket factory
    explicit IncastLossTest(const std::string& factory)
        : TestCase("Incast of 15 flows into a 10-packet queue, " + factory +
                   ": exact bytes, losses and recoveries counted"),
          m_factory(factory)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 131072);
        Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
        FatTreeHelper tree(4);
        BuildThesisFatTree(tree, 10);
        FlowStatistics stats;
        DatacenterWorkloadHelper workload(tree, stats);
        workload.AssignStreams(5);
        LinkLayerStatistics layers(tree);
        layers.Start();
        auto planned = workload.PlanIncast(16, 15, 0.1, 0.2, 0.5, FlowSizeDistribution(70000));
        for (const auto& f : planned)
        {
            workload.Install(f, m_factory, "x");
        }
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        auto result = layers.Collect();
        Simulator::Destroy();
        Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(Seconds(1))); // ns-3's

        uint32_t recoveries = 0;
        for (const auto& f : stats.GetFlows())
        {
            NS_TEST_ASSERT_MSG_EQ(f.Completed(), true, "flow " << f.flowId << " completed");
            NS_TEST_ASSERT_MSG_EQ(f.rxBytes, 70000u, "exact bytes");
            recoveries += f.rtos + f.fastRetransmits;
        }
        NS_TEST_ASSERT_MSG_EQ(stats.GetShortFlowsCompleted(), 15u, "15 flows");
        const LinkLayerResult& down = result[1]; // host-edge, down: into the receiver
        NS_TEST_ASSERT_MSG_EQ((down.layer == FatTreeHelper::HOST_EDGE && !down.up), true, "");
        NS_TEST_ASSERT_MSG_GT(down.drops, 0u, "the receiver's queue overflows");
        NS_TEST_ASSERT_MSG_EQ_TOL(down.lossRate, double(down.drops) / down.offered, 1e-15, "");
        if (m_factory == "ns3::TcpSocketFactory")
        {
            // One initial window of 10 segments fits the sender's queue (two subflows' don't).
            NS_TEST_ASSERT_MSG_EQ(result[0].drops, 0u, "no loss on the senders' uplinks");
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(recoveries, 1u, "every loss is recovered by an RTO or FR");
    }

    std::string m_factory; //!< socket factory of the senders
};

/// The suite.
class DatacenterWorkloadTestSuite : public TestSuite
{
  public:
    DatacenterWorkloadTestSuite()
        : TestSuite("datacenter-workload", MPTCP_TEST_UNIT)
    {
        AddTestCase(new PoissonArrivalsTest, MPTCP_TEST_QUICK);
        AddTestCase(new IncastPlanTest, MPTCP_TEST_QUICK);
        AddTestCase(new FlowSizeCdfTest, MPTCP_TEST_QUICK);
        AddTestCase(new IdleFlowTest, MPTCP_TEST_QUICK);
        AddTestCase(new LongFlowUtilisationTest, MPTCP_TEST_QUICK);
        AddTestCase(new IncastLossTest("ns3::TcpSocketFactory"), MPTCP_TEST_QUICK);
        AddTestCase(new IncastLossTest("ns3::MpTcpSocketFactory"), MPTCP_TEST_QUICK);
    }
};

/// Static instance.
DatacenterWorkloadTestSuite g_datacenterWorkloadTestSuite;

} // namespace
