/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of ResponsiveMonitor (seed 004 §III-D, Algorithm 3): the smoothing, stability count and
 * request rule on scripted throughput series with hand-computed values; and on a k=4 FatTree
 * with the control network, a monitor that gets its flow's demand from a controller, asks for
 * paths while the flow runs below it, and opens exactly the subflows the controller grants,
 * never more than MaxSubflows.
 */

#include "mptcp-test-harness.h"

#include "ns3/fat-tree-helper.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/responsive-monitor.h"
#include "ns3/sdn-controller-helper.h"
#include "ns3/sdn-controller.h"
#include "ns3/sdn-server-message.h"
#include "ns3/test.h"

#include <cmath>
#include <set>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

using State = ResponsiveMonitor::FlowState;
using Params = ResponsiveMonitor::Parameters;

/**
 * \param series i_r per sample
 * \param demand the demand
 * \param params the parameters
 * \return the gap Step() returned per sample
 */
std::vector<double>
RunSeries(const std::vector<double>& series, double demand, const Params& params)
{
    State s;
    std::vector<double> out;
    for (double i : series)
    {
        out.push_back(ResponsiveMonitor::Step(s, params, i, demand));
    }
    return out;
}

/**
 * \ingroup mptcp
 * Algorithm 3 by hand, δ_RVT = δ_DGT = 0.15, R = 5, demand 100.
 * - i_r = 50 throughout: p_n = 50 (1 - 0.2^n); sample 1 (p 40, |10| >= 6) is unstable; samples
 *   2-6 are stable, so the 5th stable one (sample 6, p 49.9968) requests 100 - 49.9968 =
 *   50.0032; the count restarts: the next request at sample 11 (gap 50 + 50 * 0.2^11).
 * - i_r = 90 throughout: p stays below 90 > 85 = (1 - 0.15) 100 from sample 2 on, so no
 *   request; with δ_DGT = 0.05 (threshold 95) the request at sample 6 asks 100 - 90 (1 -
 *   0.2^6) = 10.00576.
 * - 50, 200, 50, 200...: sample 2 p 168 (|32| >= 25.2), 3 p 73.6, 4 p 174.72 (|25.28| <
 *   26.208: stable), 5 p 74.944 (unstable again): never 5 in a row, no request.
 * - A jump 50 -> 100 after 11 samples: p = 0.2 p_11 + 80 = 89.99999..., |10| < 13.5: the
 *   jump counts as stable (p is updated before the test, as printed).
 */
class StepTest : public TestCase
{
  public:
    StepTest()
        : TestCase("Algorithm 3: smoothing, stability count, request rule (hand values)")
    {
    }

  private:
    void DoRun() override
    {
        Params p;
        auto g = RunSeries(std::vector<double>(16, 50.0), 100, p);
        for (uint32_t i = 0; i < g.size(); ++i)
        {
            const bool due = (i == 5 || i == 10 || i == 15); // samples 6, 11, 16
            NS_TEST_EXPECT_MSG_EQ((g[i] > 0), due, "sample " << i + 1);
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(g[5], 50.0032, 1e-9, "gap at sample 6");
        NS_TEST_EXPECT_MSG_EQ_TOL(g[10], 50 + 50 * std::pow(0.2, 11), 1e-9, "gap at sample 11");

        auto near = RunSeries(std::vector<double>(20, 90.0), 100, p);
        for (double x : near)
        {
            NS_TEST_EXPECT_MSG_EQ(x, 0, "90 of 100 is within δ_DGT = 0.15");
        }
        Params tight;
        tight.deltaDgt = 0.05;
        auto t = RunSeries(std::vector<double>(6, 90.0), 100, tight);
        NS_TEST_EXPECT_MSG_EQ_TOL(t[5], 10.00576, 1e-9, "δ_DGT = 0.05: a request");

        State s;
        for (int i = 0; i < 100; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(ResponsiveMonitor::Step(s, p, i % 2 ? 200 : 50, 1000), 0, i);
            NS_TEST_EXPECT_MSG_LT(s.stable, 2u, "never two stable samples in a row");
        }
        State j;
        for (int i = 0; i < 11; ++i)
        {
            ResponsiveMonitor::Step(j, p, 50, 100);
        }
        const uint32_t before = j.stable;
        ResponsiveMonitor::Step(j, p, 100, 100);
        NS_TEST_EXPECT_MSG_EQ(j.stable, before + 1, "the jump counts as stable");
        NS_TEST_EXPECT_MSG_EQ_TOL(j.predictedBps, 80 + 10 * (1 - std::pow(0.2, 11)), 1e-9, "p");
        Params r3;
        r3.stableCount = 3;
        auto three = RunSeries(std::vector<double>(4, 50.0), 100, r3);
        NS_TEST_EXPECT_MSG_EQ((three[3] > 0), true, "R = 3: samples 2-4 stable, request at 4");
    }
};

/// A controller that gives flow 1 of host 0 a demand and answers its first request.
class GrantingController : public SdnController
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::ResponsiveMonitorTestController")
                                .SetParent<SdnController>()
                                .SetGroupName("Mptcp")
                                .AddConstructor<GrantingController>();
        return tid;
    }

    uint64_t grant{0};                      //!< Subflows granted on the first request.
    std::vector<SdnServerMessage> requests; //!< Requests handled.

  protected:
    void HandleServerMessage(uint32_t host, const SdnServerMessage& message) override
    {
        if (message.GetType() != SdnServerMessage::PATH_ADD_REQUEST)
        {
            return;
        }
        requests.push_back(message);
        if (requests.size() == 1)
        {
            SdnServerMessage answer;
            answer.SetType(SdnServerMessage::PATH_ADD_ANSWER);
            answer.SetFlowId(message.GetFlowId());
            answer.SetValue(grant);
            SendToServer(host, answer);
        }
    }
};

NS_OBJECT_ENSURE_REGISTERED(GrantingController);

/**
 * \ingroup mptcp
 * Host 0 sends 4 MB to host 5 (k=4 FatTree, 100 Mb/s links) over MPTCP with one subflow; the
 * controller tells host 0's monitor the flow's demand (1 Gb/s: never reached), so the monitor
 * asks for paths every R stable samples; the controller answers the first request only, with
 * \c grant subflows. The connection ends with exactly 1 + min(grant, M - 1) subflows, the
 * monitor counts the ones it opened, every request carries the flow id, a gap in (0, demand)
 * and the subflows at that time, and the transfer is byte-exact.
 */
class GrantTest : public TestCase
{
  public:
    /**
     * \param grant subflows the controller grants
     * \param expected subflows the connection must end with
     */
    GrantTest(uint64_t grant, uint32_t expected)
        : TestCase("a flow opens exactly the subflows granted (grant " + std::to_string(grant) +
                   ", M = 4)"),
          m_grant(grant),
          m_expected(expected)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 1 << 18);
        Config::SetDefault("ns3::MpTcpSocketBase::MaxSubflows", UintegerValue(8));
        Config::SetDefault("ns3::MpTcpSocketBase::PathManager",
                           StringValue("ns3::MpTcpResponsivePathManager"));
        FatTreeHelper ft(4);
        ft.Build();
        SdnControllerHelper helper("ns3::ResponsiveMonitorTestController");
        helper.SetServerAgentType("ns3::ResponsiveMonitor");
        Ptr<GrantingController> ctl = DynamicCast<GrantingController>(helper.Install(ft));
        NS_TEST_ASSERT_MSG_EQ(bool(ctl), true, "the test controller");
        ctl->grant = m_grant;
        ApplicationContainer agents = helper.InstallControlNetwork(ft, ctl);
        Ptr<ResponsiveMonitor> monitor = DynamicCast<ResponsiveMonitor>(agents.Get(0));
        NS_TEST_ASSERT_MSG_EQ(bool(monitor), true, "the agents are monitors");

        const uint64_t total = 4000000;
        Ptr<Socket> listener = Listen(ft.GetHost(5), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(ft.GetHost(0), MpTcpSocketFactory::GetTypeId());
        PatternSender tx(client, total);
        monitor->AddFlow(1, DynamicCast<MpTcpSocketBase>(client));
        NS_TEST_EXPECT_MSG_EQ(monitor->GetNFlows(), 1u, "one flow monitored");
        const Address to = InetSocketAddress(ft.GetHostAddress(5), 5000);
        Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        const double demand = 1e9;
        Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT([ctl, demand]() {
            SdnServerMessage m;
            m.SetType(SdnServerMessage::DEMAND);
            m.SetFlowId(1);
            m.SetValue(static_cast<uint64_t>(demand));
            ctl->SendToServer(0, m);
        }));
        Simulator::Stop(Seconds(3));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(rx.m_received, total, "the transfer completes");
        NS_TEST_EXPECT_MSG_EQ(rx.m_mismatches, 0u, "byte-exact");
        NS_TEST_ASSERT_MSG_GT(ctl->requests.size(), 1u, "requests go on while below demand");
        NS_TEST_EXPECT_MSG_EQ(ctl->requests.size(), monitor->GetNRequests(), "all arrived");
        const SdnServerMessage& first = ctl->requests[0];
        NS_TEST_EXPECT_MSG_EQ(first.GetFlowId(), 1u, "flow id");
        NS_TEST_EXPECT_MSG_EQ(first.GetHostIndex(), 0u, "from host 0");
        NS_TEST_EXPECT_MSG_EQ(first.GetSecondValue(), 1u, "one subflow when first asking");
        NS_TEST_EXPECT_MSG_GT(first.GetValue(), 0u, "a gap");
        NS_TEST_EXPECT_MSG_LT(first.GetValue(), static_cast<uint64_t>(demand), "below demand");
        // p_r is at most the 100 Mb/s NIC: the gap is at least 900 Mb/s.
        NS_TEST_EXPECT_MSG_GT(first.GetValue(), 899000000u, "gap >= demand - NIC rate");
        NS_TEST_EXPECT_MSG_EQ(ctl->requests.back().GetSecondValue(), m_expected, "later requests");
        Ptr<MpTcpSocketBase> c = DynamicCast<MpTcpSocketBase>(client);
        NS_TEST_EXPECT_MSG_EQ(c->GetSubflows().size(), m_expected, "subflows in the end");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetNSubflowsOpened(), m_expected - 1, "opened on grant");
        Simulator::Destroy();
        ConfigureTransport(1, Lia(), 1 << 18); // the defaults back for later cases
        Config::SetDefault("ns3::MpTcpSocketBase::MaxSubflows", UintegerValue(8));
    }

    uint64_t m_grant;     //!< Subflows granted.
    uint32_t m_expected;  //!< Subflows expected in the end.
};

/**
 * \ingroup mptcp
 * MpTcpResponsivePathManager between two dual-homed hosts (A with a1, a2; B with b1, b2: the
 * 2 x 2 address pairs of seed 004's two addresses per server). An 8 MB transfer from A to B
 * keeps its one initial subflow (a1, b1) although both ends know each other's addresses;
 * OpenSubflows(3) at 0.5 s opens exactly the 3 other pairs; OpenSubflows(5) at 0.8 s with
 * MaxSubflows 6 opens 2 more (the pairs used up: new ports on the initial pair), so 6 in all;
 * the passive end opens none; the transfer is byte-exact.
 */
class ResponsivePathManagerTest : public TestCase
{
  public:
    ResponsivePathManagerTest()
        : TestCase("Responsive path manager: subflows on demand only, address pairs first")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 1 << 18);
        Config::SetDefault("ns3::MpTcpSocketBase::PathManager",
                           StringValue("ns3::MpTcpResponsivePathManager"));
        Config::SetDefault("ns3::MpTcpSocketBase::MaxSubflows", UintegerValue(6));
        DualHomedTopology t;
        const uint64_t total = 8000000;
        Ptr<Socket> listener = Listen(t.n.Get(3), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(t.n.Get(0), MpTcpSocketFactory::GetTypeId());
        PatternSender tx(client, total);
        const Address to = InetSocketAddress(t.b1, 5000);
        Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        Ptr<MpTcpSocketBase> c = DynamicCast<MpTcpSocketBase>(client);
        uint32_t atHalf = 0;
        uint32_t knownRemote = 0;
        bool first = false;
        bool second = false;
        Simulator::Schedule(MilliSeconds(499), MPTCP_EVENT([&]() {
            atHalf = c->GetSubflows().size();
            knownRemote = c->GetRemoteAddresses().size();
        }));
        Simulator::Schedule(MilliSeconds(500), MPTCP_EVENT([&]() { first = c->OpenSubflows(3); }));
        std::set<std::pair<uint32_t, uint32_t>> pairs;
        uint32_t afterFirst = 0;
        Simulator::Schedule(MilliSeconds(700), MPTCP_EVENT([&]() {
            afterFirst = c->GetSubflows().size();
            for (const auto& sf : c->GetSubflows())
            {
                Ipv4Address la;
                Ipv4Address ra;
                uint16_t lp;
                uint16_t rp;
                sf->GetFourTuple(la, lp, ra, rp);
                pairs.insert({la.Get(), ra.Get()});
            }
        }));
        Simulator::Schedule(MilliSeconds(800), MPTCP_EVENT([&]() { second = c->OpenSubflows(5); }));
        Simulator::Stop(Seconds(10));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(knownRemote, 2u, "A knows both of B's addresses");
        NS_TEST_EXPECT_MSG_EQ(atHalf, 1u, "nothing opened before it is asked");
        NS_TEST_EXPECT_MSG_EQ(first, true, "OpenSubflows(3)");
        NS_TEST_EXPECT_MSG_EQ(afterFirst, 4u, "3 more");
        NS_TEST_EXPECT_MSG_EQ(pairs.size(), 4u, "on the 4 distinct address pairs");
        NS_TEST_EXPECT_MSG_EQ(second, true, "OpenSubflows(5)");
        NS_TEST_EXPECT_MSG_EQ(c->GetSubflows().size(), 6u, "2 more: MaxSubflows 6");
        NS_TEST_EXPECT_MSG_EQ(rx.m_received, total, "the transfer completes");
        NS_TEST_EXPECT_MSG_EQ(rx.m_mismatches, 0u, "byte-exact");
        Ptr<MpTcpSocketBase> s = DynamicCast<MpTcpSocketBase>(rx.m_conn);
        NS_TEST_ASSERT_MSG_EQ(bool(s), true, "accepted");
        NS_TEST_EXPECT_MSG_EQ(s->GetSubflows().size(), 6u, "the passive end joined, opened none");
        Simulator::Destroy();
        ConfigureTransport(1, Lia(), 1 << 18); // the defaults back for later cases
        Config::SetDefault("ns3::MpTcpSocketBase::MaxSubflows", UintegerValue(8));
    }
};

/**
 * \ingroup mptcp
 * The ResponsiveMonitor suite.
 */
class ResponsiveMonitorTestSuite : public TestSuite
{
  public:
    ResponsiveMonitorTestSuite()
        : TestSuite("mptcp-responsive-monitor", MPTCP_TEST_UNIT)
    {
        AddTestCase(new StepTest, MPTCP_TEST_QUICK);
        AddTestCase(new GrantTest(2, 3), MPTCP_TEST_QUICK);
        AddTestCase(new GrantTest(10, 4), MPTCP_TEST_QUICK);
        AddTestCase(new ResponsivePathManagerTest, MPTCP_TEST_QUICK);
    }
};

/// The suite's one instance.
ResponsiveMonitorTestSuite g_responsiveMonitorTestSuite;

} // namespace
