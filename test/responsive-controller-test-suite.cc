/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of ResponsiveController (seed 004 §III) end to end on a k=4 FatTree: reactive routing
 * of every subflow from its Packet-In (MP_CAPABLE SYN: a new flow and its demand; SYN/ACK: the
 * receiver's token; MP_JOIN SYN: a path saved by Algorithm 2), the monitor's requests and the
 * controller's answers, and the flow's removal when its rules expire.
 */

#include "mptcp-test-harness.h"

#include "ns3/datacenter-path-graph.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/responsive-controller.h"
#include "ns3/responsive-monitor.h"
#include "ns3/sdn-controller-helper.h"
#include "ns3/test.h"

#include <set>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \ingroup mptcp
 * Host 0 (pod 0) sends 6 MB to host 15 (pod 3) over MPTCP with the Responsive path manager,
 * the switches holding unknown flows for the ResponsiveController, host 0's monitor told
 * nothing but the socket (it learns the flow id from the DEMAND's 5-tuple). With δ_DGT = 0 the
 * monitor asks whenever it is below the demand (the NIC rate: goodput always is). Worked out
 * by hand from Rules 1 and 2 (B the link rate): the first subflow takes the first path (all
 * expect B); the first request (gap > 0) finds B on the two paths through the other
 * aggregation switch (Rule 1: the flow counts once on its own host links) and 0 on those
 * sharing the first subflow's uplink (Rule 2: B - B), so exactly one subflow is granted and its
 * MP_JOIN takes the saved path; after it every path gives 0 (each uplink carries a subflow
 * expected at B), so later requests get no answer. In the end: one flow, one DEMAND, two
 * subflows routed, one granted and used, the two subflows on different aggregation switches,
 * byte-exact; RuleIdleTimeout after the last packet the flow leaves the tables.
 */
class EndToEndTest : public TestCase
{
  public:
    EndToEndTest()
        : TestCase("k=4 FatTree: reactive routing, demand, one subflow granted by Rules 1 and 2")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 1 << 18);
        Config::SetDefault("ns3::MpTcpSocketBase::PathManager",
                           StringValue("ns3::MpTcpResponsivePathManager"));
        FatTreeHelper ft(4);
        ft.Build();
        SdnControllerHelper helper("ns3::ResponsiveController");
        helper.SetFlowTableAttribute("MissAction", StringValue("Hold"));
        helper.SetServerAgentType("ns3::ResponsiveMonitor");
        helper.SetServerAgentAttribute("DeltaDgt", DoubleValue(0.0));
        Ptr<ResponsiveController> ctl =
            DynamicCast<ResponsiveController>(helper.Install(ft));
        NS_TEST_ASSERT_MSG_EQ(bool(ctl), true, "a ResponsiveController");
        ApplicationContainer agents = helper.InstallControlNetwork(ft, ctl);
        Ptr<ResponsiveMonitor> monitor = DynamicCast<ResponsiveMonitor>(agents.Get(0));
        NS_TEST_ASSERT_MSG_EQ(bool(monitor), true, "monitors on the hosts");

        const uint64_t total = 6000000;
        const uint32_t dst = ft.GetNHosts() - 1;
        Ptr<Socket> listener = Listen(ft.GetHost(dst), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(ft.GetHost(0), MpTcpSocketFactory::GetTypeId());
        PatternSender tx(client, total);
        Ptr<MpTcpSocketBase> c = DynamicCast<MpTcpSocketBase>(client);
        monitor->AddFlow(c);
        const Address to = InetSocketAddress(ft.GetHostAddress(dst), 5000);
        Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        uint32_t flowsDuring = 0;
        Simulator::Schedule(MilliSeconds(100), MPTCP_EVENT([&]() { flowsDuring = ctl->GetNFlowsNow(); }));
        // The uplinks of host 0's edge switch: hop 1 of its paths, one per aggregation switch.
        DatacenterPathGraph graph(ft);
        const auto paths = graph.GetEqualCostPaths(0, dst);
        std::set<std::pair<uint32_t, bool>> uplinks;
        for (const auto& p : paths)
        {
            uplinks.insert({p[1].link, p[1].forward});
        }
        std::vector<uint32_t> onUplinks;
        bool monitorBound = false;
        Simulator::Schedule(Seconds(0.4), MPTCP_EVENT([&]() {
            monitorBound = monitor->GetNFlows() == 1;
            for (const auto& [link, fwd] : uplinks)
            {
                onUplinks.push_back(ctl->GetRouteCalculator().GetAggregateFlows(link, fwd));
            }
        }));
        Simulator::Stop(Seconds(4));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(rx.m_received, total, "the transfer completes");
        NS_TEST_EXPECT_MSG_EQ(rx.m_mismatches, 0u, "byte-exact");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNFlows(), 1u, "one MPTCP flow seen");
        NS_TEST_EXPECT_MSG_EQ(flowsDuring, 1u, "in the demand table while it runs");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNDemandsSent(), 1u, "its demand, once");
        NS_TEST_EXPECT_MSG_EQ(monitorBound, true, "the monitor bound the flow by its 5-tuple");
        NS_TEST_ASSERT_MSG_EQ(uplinks.size(), 2u, "two uplinks");
        NS_TEST_ASSERT_MSG_EQ(onUplinks.size(), 2u, "both looked at");
        NS_TEST_EXPECT_MSG_EQ(onUplinks[0], 1u, "a subflow on one aggregation switch");
        NS_TEST_EXPECT_MSG_EQ(onUplinks[1], 1u, "the other on the other");
        NS_TEST_EXPECT_MSG_GT(ctl->GetNRequests(), 1u, "the monitor kept asking");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNRequests(), monitor->GetNRequests(), "all arrived");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNSubflowsGranted(), 1u, "one subflow granted");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetNSubflowsOpened(), 1u, "and opened");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNSubflowsRouted(), 2u, "two subflows routed");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNSavedPathsUsed(), 1u, "the MP_JOIN took the saved path");
        NS_TEST_EXPECT_MSG_EQ(c->GetSubflows().size(), 2u, "two subflows");
        // The flow has left the tables since (rules idle 100 ms).
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNFlowsNow(), 0u, "the flow ended");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetDemandTable().GetNFlows(), 0u, "demand table empty");
        NS_TEST_EXPECT_MSG_GT(ctl->GetNMessages(SdnController::FLOW_MOD), 10u, "rules sent");
        Simulator::Destroy();
        ConfigureTransport(1, Lia(), 1 << 18); // the defaults back for later cases
    }
};

/**
 * \ingroup mptcp
 * The ResponsiveController suite.
 */
class ResponsiveControllerTestSuite : public TestSuite
{
  public:
    ResponsiveControllerTestSuite()
        : TestSuite("mptcp-responsive-controller", MPTCP_TEST_UNIT)
    {
        AddTestCase(new EndToEndTest, MPTCP_TEST_QUICK);
    }
};

/// The suite's one instance.
ResponsiveControllerTestSuite g_responsiveControllerTestSuite;

} // namespace
