/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of FatTreeHelper (Al-Fares et al., SIGCOMM 2008) and PerfectSwitchHelper: node and link
 * counts, wiring, addresses, queues, and the number and length of equal-cost paths seen through
 * Ipv4FlowEcmpRouting.
 */

#include "ns3/ack-priority-queue.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/ipv4-list-routing-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/packet.h"
#include "ns3/perfect-switch-helper.h"
#include "ns3/queue-disc.h"
#include "ns3/queue-size.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/test.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <set>
#include <vector>

using namespace ns3;

namespace
{

/**
 * Install IPv4 with static routing (priority 0) and flow ECMP (priority -10) on some nodes.
 * \param nodes the nodes
 */
void
InstallStack(NodeContainer nodes)
{
    Ipv4StaticRoutingHelper staticRouting;
    Ipv4FlowEcmpRoutingHelper ecmp;
    Ipv4ListRoutingHelper list;
    list.Add(staticRouting, 0);
    list.Add(ecmp, -10);
    InternetStackHelper stack;
    stack.SetIpv6StackInstall(false);
    stack.SetRoutingHelper(list);
    stack.Install(nodes);
}

/**
 * (a) Node and link counts of FatTree(k, hostsPerEdge), against literal expected numbers
 * computed from the formulas (hosts k*(k/2)*m, edge = aggregation = k*(k/2), core (k/2)^2,
 * host-edge links = hosts, edge-aggregation = aggregation-core = k*(k/2)^2), and the wiring.
 */
class FatTreeCountsTest : public TestCase
{
  public:
    /**
     * \param k k
     * \param m hosts per edge switch (0: use the one-argument constructor)
     * \param hosts expected hosts
     * \param edge expected edge switches
     * \param agg expected aggregation switches
     * \param core expected core switches
     * \param hostLinks expected host-edge links
     * \param eaLinks expected edge-aggregation links
     * \param acLinks expected aggregation-core links
     */
    FatTreeCountsTest(uint32_t k,
                      uint32_t m,
                      uint32_t hosts,
                      uint32_t edge,
                      uint32_t agg,
                      uint32_t core,
                      uint32_t hostLinks,
                      uint32_t eaLinks,
                      uint32_t acLinks)
        : TestCase("FatTree k=" + std::to_string(k) +
                   " hostsPerEdge=" + (m ? std::to_string(m) : std::string("default")) +
                   ": node and link counts, wiring"),
          m_k(k),
          m_m(m),
          m_hosts(hosts),
          m_edge(edge),
          m_agg(agg),
          m_core(core),
          m_hostLinks(hostLinks),
          m_eaLinks(eaLinks),
          m_acLinks(acLinks)
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft = m_m ? FatTreeHelper(m_k, m_m) : FatTreeHelper(m_k);
        ft.Create();
        const uint32_t h = m_k / 2;
        const uint32_t m = ft.GetHostsPerEdge();
        NS_TEST_ASSERT_MSG_EQ(ft.GetNHosts(), m_hosts, "GetNHosts");
        NS_TEST_ASSERT_MSG_EQ(ft.GetHosts().GetN(), m_hosts, "hosts");
        NS_TEST_ASSERT_MSG_EQ(ft.GetEdgeSwitches().GetN(), m_edge, "edge switches");
        NS_TEST_ASSERT_MSG_EQ(ft.GetAggregationSwitches().GetN(), m_agg, "aggregation switches");
        NS_TEST_ASSERT_MSG_EQ(ft.GetCoreSwitches().GetN(), m_core, "core switches");
        NS_TEST_ASSERT_MSG_EQ(ft.GetNodes().GetN(), m_hosts + m_edge + m_agg + m_core, "nodes");
        NS_TEST_ASSERT_MSG_EQ(ft.GetLinks(FatTreeHelper::HOST_EDGE).size(), m_hostLinks, "h-e");
        NS_TEST_ASSERT_MSG_EQ(ft.GetLinks(FatTreeHelper::EDGE_AGGREGATION).size(),
                              m_eaLinks,
                              "e-a");
        NS_TEST_ASSERT_MSG_EQ(ft.GetLinks(FatTreeHelper::AGGREGATION_CORE).size(),
                              m_acLinks,
                              "a-c");
        NS_TEST_ASSERT_MSG_EQ(ft.GetLinks().size(), m_hostLinks + m_eaLinks + m_acLinks, "links");

        // Ports per switch: edge m + k/2, aggregation k, core k; hosts 1.
        for (uint32_t i = 0; i < ft.GetNHosts(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(ft.GetHost(i)->GetNDevices(), 1u, "host has one NIC");
            // Host i hangs off edge switch (pod, edge) = GetHostPod(i), GetHostEdge(i).
            Ptr<Node> e = ft.GetEdgeSwitch(ft.GetHostPod(i), ft.GetHostEdge(i));
            NS_TEST_ASSERT_MSG_EQ(ft.GetLink(ft.GetHost(i), e).layer,
                                  FatTreeHelper::HOST_EDGE,
                                  "host " << i << " on its edge switch");
        }
        for (uint32_t pod = 0; pod < m_k; ++pod)
        {
            for (uint32_t i = 0; i < h; ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(ft.GetEdgeSwitch(pod, i)->GetNDevices(), m + h, "edge ports");
                NS_TEST_ASSERT_MSG_EQ(ft.GetAggregationSwitch(pod, i)->GetNDevices(),
                                      m_k,
                                      "agg ports");
                for (uint32_t j = 0; j < h; ++j)
                {
                    // Every edge switch of a pod to every aggregation switch of the pod.
                    NS_TEST_ASSERT_MSG_EQ(
                        ft.GetLink(ft.GetEdgeSwitch(pod, i), ft.GetAggregationSwitch(pod, j)).layer,
                        FatTreeHelper::EDGE_AGGREGATION,
                        "edge-agg link");
                    // Aggregation switch i to core switches i*(k/2) .. i*(k/2)+k/2-1.
                    FatTreeHelper::Link l =
                        ft.GetLink(ft.GetCoreSwitch(i * h + j), ft.GetAggregationSwitch(pod, i));
                    NS_TEST_ASSERT_MSG_EQ(l.layer, FatTreeHelper::AGGREGATION_CORE, "agg-core");
                    NS_TEST_ASSERT_MSG_EQ(l.a, ft.GetCoreSwitch(i * h + j), "GetLink orients a");
                    NS_TEST_ASSERT_MSG_EQ(l.devA->GetNode(), l.a, "devA belongs to a");
                }
            }
        }
        for (uint32_t c = 0; c < m_core; ++c)
        {
            NS_TEST_ASSERT_MSG_EQ(ft.GetCoreSwitch(c)->GetNDevices(),
                                  m_k,
                                  "core: one port per pod");
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(ft.GetOversubscription(),
                                  static_cast<double>(m) / h,
                                  1e-12,
                                  "oversubscription");
        Simulator::Destroy();
    }

    uint32_t m_k;         //!< k
    uint32_t m_m;         //!< hosts per edge (0 = default)
    uint32_t m_hosts;     //!< expected hosts
    uint32_t m_edge;      //!< expected edge switches
    uint32_t m_agg;       //!< expected aggregation switches
    uint32_t m_core;      //!< expected core switches
    uint32_t m_hostLinks; //!< expected host links
    uint32_t m_eaLinks;   //!< expected edge-aggregation links
    uint32_t m_acLinks;   //!< expected aggregation-core links
};

/**
 * Addresses, per-layer rates and delays, device queues of 100 (or the set size) packets and
 * no traffic-control queue disc.
 */
class FatTreeAddressesQueuesTest : public TestCase
{
  public:
    FatTreeAddressesQueuesTest()
        : TestCase("FatTree k=4: one 30-bit prefix per link, per-layer rates and delays, DropTail "
                   "device "
                   "queues, no queue disc")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.SetDataRate(FatTreeHelper::HOST_EDGE, DataRate("1Gbps"));
        ft.SetDataRate(FatTreeHelper::EDGE_AGGREGATION, DataRate("2Gbps"));
        ft.SetDataRate(FatTreeHelper::AGGREGATION_CORE, DataRate("3Gbps"));
        ft.SetDelay(FatTreeHelper::AGGREGATION_CORE, MicroSeconds(50));
        ft.SetQueueSize(37);
        ft.Create();
        InstallStack(ft.GetNodes());
        ft.AssignIpv4Addresses();

        NS_TEST_ASSERT_MSG_EQ(ft.GetHostAddress(0), Ipv4Address("10.0.0.2"), "host 0");
        NS_TEST_ASSERT_MSG_EQ(ft.GetHostAddress(3), Ipv4Address("10.0.0.14"), "pod 0 edge 1 h 1");
        NS_TEST_ASSERT_MSG_EQ(ft.GetHostAddress(4), Ipv4Address("10.1.0.2"), "pod 1 host 0");
        NS_TEST_ASSERT_MSG_EQ(ft.GetHostAddress(15), Ipv4Address("10.3.0.14"), "last host");
        NS_TEST_ASSERT_MSG_EQ_TOL(ft.GetHostLinkRate(), 1e9, 1e-3, "host link rate in bit/s");
        NS_TEST_ASSERT_MSG_EQ_TOL(ft.GetLinkRate(FatTreeHelper::AGGREGATION_CORE), 3e9, 1e-3, "");

        std::set<uint32_t> addresses;
        for (const auto& l : ft.GetLinks())
        {
            const double expectRate = l.layer == FatTreeHelper::HOST_EDGE          ? 1e9
                                      : l.layer == FatTreeHelper::EDGE_AGGREGATION ? 2e9
                                                                                   : 3e9;
            for (Ptr<PointToPointNetDevice> dev : {l.devA, l.devB})
            {
                DataRateValue rate;
                dev->GetAttribute("DataRate", rate);
                NS_TEST_ASSERT_MSG_EQ_TOL(static_cast<double>(rate.Get().GetBitRate()),
                                          expectRate,
                                          1e-3,
                                          "device rate of its layer");
                Ptr<Queue<Packet>> q = dev->GetQueue();
                NS_TEST_ASSERT_MSG_EQ(q->GetMaxSize(), QueueSize("37p"), "device queue size");
                NS_TEST_ASSERT_MSG_EQ(q->GetInstanceTypeId().GetName(),
                                      "ns3::DropTailQueue<Packet>",
                                      "DropTail queue");
                Ptr<Node> node = dev->GetNode();
                Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
                NS_TEST_ASSERT_MSG_EQ((tc->GetRootQueueDiscOnDevice(dev) == nullptr),
                                      true,
                                      "no root queue disc");
                Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
                const int32_t i = ipv4->GetInterfaceForDevice(dev);
                NS_TEST_ASSERT_MSG_GT(i, 0, "interface exists");
                NS_TEST_ASSERT_MSG_EQ(ipv4->IsUp(i), true, "interface up");
                const Ipv4InterfaceAddress a = ipv4->GetAddress(i, 0);
                NS_TEST_ASSERT_MSG_EQ(a.GetMask(), Ipv4Mask("255.255.255.252"), "/30");
                NS_TEST_ASSERT_MSG_EQ(addresses.insert(a.GetLocal().Get()).second,
                                      true,
                                      "address " << a.GetLocal() << " unique");
            }
            // Both ends in the same /30.
            const Ipv4Address x =
                l.a->GetObject<Ipv4>()
                    ->GetAddress(l.a->GetObject<Ipv4>()->GetInterfaceForDevice(l.devA), 0)
                    .GetLocal();
            const Ipv4Address y =
                l.b->GetObject<Ipv4>()
                    ->GetAddress(l.b->GetObject<Ipv4>()->GetInterfaceForDevice(l.devB), 0)
                    .GetLocal();
            NS_TEST_ASSERT_MSG_EQ(x.CombineMask(Ipv4Mask("255.255.255.252")),
                                  y.CombineMask(Ipv4Mask("255.255.255.252")),
                                  "link ends share a /30");
            TimeValue delay;
            l.devA->GetChannel()->GetAttribute("Delay", delay);
            NS_TEST_ASSERT_MSG_EQ(
                delay.Get(),
                (l.layer == FatTreeHelper::AGGREGATION_CORE ? MicroSeconds(50) : MicroSeconds(10)),
                "channel delay of its layer");
        }
        NS_TEST_ASSERT_MSG_EQ(addresses.size(), 2 * 48u, "one /30 per link");
        Simulator::Destroy();
    }
};

/**
 * Queue limits in bytes (DatacenterTopology::SetQueueBytesPerPacket): with --queue=3 a device
 * queue holds 3 packets of any size in packets, but 3 x 1500 = 4500 bytes in bytes, so that one
 * 60-byte ACK and three 1480-byte data packets fit (4500 bytes exactly) and one byte more does
 * not; the ACK-first what-if queue keeps the byte limit.
 */
class FatTreeQueueUnitTest : public TestCase
{
  public:
    FatTreeQueueUnitTest()
        : TestCase("FatTree k=4: device queues limited in packets or in bytes (an ACK takes its "
                   "own bytes, not a packet's room)")
    {
    }

  private:
    /// Enqueue a 60-byte ACK, three 1480-byte data packets and one 1-byte packet into the first
    /// host's NIC queue of a k=4 FatTree with 3-packet queues; \return how many were accepted
    static uint32_t Accepted(uint32_t bytesPerPacket, bool ackPriority, QueueSize* limit)
    {
        FatTreeHelper ft(4);
        ft.SetQueueSize(3);
        ft.SetQueueBytesPerPacket(bytesPerPacket);
        ft.SetAckPriority(ackPriority);
        ft.Build(DatacenterTopology::FLOW_ECMP);
        uint32_t accepted = 0;
        for (const auto& l : ft.GetLinks())
        {
            for (Ptr<PointToPointNetDevice> dev : {l.devA, l.devB})
            {
                // Every device queue of the fabric has the same limit.
                if (dev->GetQueue()->GetMaxSize() != ft.GetLinks()[0].devA->GetQueue()->GetMaxSize())
                {
                    *limit = QueueSize("0p");
                    Simulator::Destroy();
                    return 0;
                }
            }
        }
        Ptr<Queue<Packet>> q = ft.GetLinks()[0].devA->GetQueue();
        *limit = q->GetMaxSize();
        for (uint32_t size : {60u, 1480u, 1480u, 1480u, 1u})
        {
            accepted += q->Enqueue(Create<Packet>(size)) ? 1 : 0;
        }
        Simulator::Destroy();
        return accepted;
    }

    void DoRun() override
    {
        QueueSize limit;
        NS_TEST_ASSERT_MSG_EQ(Accepted(0, false, &limit), 3u, "packets: 3 of any size");
        NS_TEST_ASSERT_MSG_EQ(limit, QueueSize("3p"), "limit in packets");
        NS_TEST_ASSERT_MSG_EQ(Accepted(1500, false, &limit), 4u, "bytes: the ACK and 3 data");
        NS_TEST_ASSERT_MSG_EQ(limit, QueueSize("4500B"), "limit in bytes, every device");
        NS_TEST_ASSERT_MSG_EQ(Accepted(1500, true, &limit), 4u, "ACK-first queue, bytes");
        NS_TEST_ASSERT_MSG_EQ(limit, QueueSize("4500B"), "ACK-first queue keeps the bytes");
        NS_TEST_ASSERT_MSG_EQ(Accepted(0, true, &limit), 3u, "ACK-first queue, packets");
    }
};

/**
 * (b) Number and length of the equal-cost paths between two hosts of a k=8 FatTree, as
 * followed by Ipv4FlowEcmpRoutingHelper::TracePath over 600 source ports: (k/2)^2 = 16 paths of 7
 * nodes between pods, k/2 = 4 paths of 5 nodes within a pod, 1 path of 3 nodes under one edge
 * switch.
 */
class FatTreePathsTest : public TestCase
{
  public:
    FatTreePathsTest()
        : TestCase("FatTree k=8: 16 inter-pod paths of 7 nodes, 4 intra-pod paths of 5 nodes, 1 "
                   "path under one ToR")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(8);
        ft.Create();
        InstallStack(ft.GetNodes());
        ft.AssignIpv4Addresses();
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();

        struct Case
        {
            uint32_t src;
            uint32_t dst;
            std::size_t paths;
            std::size_t length;
        };

        // Host 0: pod 0 edge 0. Host 127: pod 7. Host 4: pod 0 edge 1. Host 1: pod 0 edge 0.
        for (const Case& c :
             {Case{0, 127, 16, 7}, Case{37, 70, 16, 7}, Case{0, 4, 4, 5}, Case{0, 1, 1, 3}})
        {
            std::set<std::vector<uint32_t>> paths;
            for (uint16_t port = 1000; port < 1600; ++port)
            {
                Ipv4FlowEcmpRouting::FiveTuple t;
                t.source = ft.GetHostAddress(c.src);
                t.destination = ft.GetHostAddress(c.dst);
                t.protocol = 6;
                t.sourcePort = port;
                t.destinationPort = 5001;
                auto path = Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(c.src), t);
                NS_TEST_ASSERT_MSG_EQ(path.size(), c.length, "path length for " << t);
                NS_TEST_ASSERT_MSG_EQ(path.front(), ft.GetHost(c.src), "starts at the source");
                NS_TEST_ASSERT_MSG_EQ(path.back(), ft.GetHost(c.dst), "ends at the destination");
                if (c.length == 7)
                {
                    // host, edge, agg, core, agg, edge, host
                    NS_TEST_ASSERT_MSG_EQ(
                        path[1],
                        ft.GetEdgeSwitch(ft.GetHostPod(c.src), ft.GetHostEdge(c.src)),
                        "source ToR");
                    NS_TEST_ASSERT_MSG_EQ(
                        path[5],
                        ft.GetEdgeSwitch(ft.GetHostPod(c.dst), ft.GetHostEdge(c.dst)),
                        "destination ToR");
                    bool coreFound = false;
                    for (uint32_t i = 0; i < 16; ++i)
                    {
                        coreFound = coreFound || ft.GetCoreSwitch(i) == path[3];
                    }
                    NS_TEST_ASSERT_MSG_EQ(coreFound, true, "hop 3 is a core switch");
                }
                std::vector<uint32_t> ids;
                for (const auto& n : path)
                {
                    ids.push_back(n->GetId());
                }
                paths.insert(ids);
            }
            NS_TEST_ASSERT_MSG_EQ(paths.size(),
                                  c.paths,
                                  "distinct paths host " << c.src << " -> host " << c.dst);
        }
        Simulator::Destroy();
    }
};

/**
 * PerfectSwitchHelper: N hosts on one switch, addresses, queues, and delivery through it.
 */
class PerfectSwitchTest : public TestCase
{
  public:
    PerfectSwitchTest()
        : TestCase(
              "PerfectSwitch N=8: structure, addresses, queues, UDP and TCP delivery with flow "
              "ECMP as the only routing protocol")
    {
    }

  private:
    void DoRun() override
    {
        PerfectSwitchHelper ps(8);
        ps.SetHostLinkDataRate(DataRate("1Gbps"));
        ps.SetHostLinkDelay(MicroSeconds(5));
        ps.SetQueueSize(50);
        ps.Create();
        NS_TEST_ASSERT_MSG_EQ(ps.GetNHosts(), 8u, "hosts");
        NS_TEST_ASSERT_MSG_EQ(ps.GetNodes().GetN(), 9u, "hosts + switch");
        NS_TEST_ASSERT_MSG_EQ(ps.GetSwitch()->GetNDevices(), 8u, "one switch port per host");
        // Flow ECMP as the only routing protocol (no list routing, no static routing).
        InternetStackHelper stack;
        stack.SetIpv6StackInstall(false);
        stack.SetRoutingHelper(Ipv4FlowEcmpRoutingHelper());
        stack.Install(ps.GetNodes());
        ps.AssignIpv4Addresses();
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
        NS_TEST_ASSERT_MSG_EQ(ps.GetHostAddress(0), Ipv4Address("10.0.0.2"), "host 0");
        NS_TEST_ASSERT_MSG_EQ(ps.GetHostAddress(7), Ipv4Address("10.0.0.30"), "host 7");
        NS_TEST_ASSERT_MSG_EQ_TOL(ps.GetHostLinkRate(), 1e9, 1e-3, "bit/s");
        NS_TEST_ASSERT_MSG_EQ(ps.GetHostDevice(3)->GetQueue()->GetMaxSize(), QueueSize("50p"), "");
        Ptr<TrafficControlLayer> tc = ps.GetSwitch()->GetObject<TrafficControlLayer>();
        NS_TEST_ASSERT_MSG_EQ((tc->GetRootQueueDiscOnDevice(ps.GetSwitchDevice(3)) == nullptr),
                              true,
                              "no queue disc");

        PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
        ApplicationContainer apps = sink.Install(ps.GetHost(7));
        Ptr<Socket> s = Socket::CreateSocket(ps.GetHost(0), UdpSocketFactory::GetTypeId());
        s->Connect(InetSocketAddress(ps.GetHostAddress(7), 9));
        for (uint32_t i = 0; i < 100; ++i)
        {
            Simulator::Schedule(MicroSeconds(100 * (i + 1)),
                                MPTCP_EVENT([s]() { s->Send(Create<Packet>(1000)); }));
        }
        PacketSinkHelper tcpSink("ns3::TcpSocketFactory",
                                 InetSocketAddress(Ipv4Address::GetAny(), 5001));
        ApplicationContainer tcpApps = tcpSink.Install(ps.GetHost(5));
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(ps.GetHostAddress(5), 5001));
        bulk.SetAttribute("MaxBytes", UintegerValue(100000));
        bulk.Install(ps.GetHost(2)).Start(MilliSeconds(1));
        Simulator::Stop(Seconds(0.2));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<PacketSink>(apps.Get(0))->GetTotalRx(),
                              100000u,
                              "all UDP packets delivered through the switch");
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<PacketSink>(tcpApps.Get(0))->GetTotalRx(),
                              100000u,
                              "TCP transfer through the switch");
        Simulator::Destroy();
    }
};

/// The suite.
class FatTreeTestSuite : public TestSuite
{
  public:
    FatTreeTestSuite()
        : TestSuite("mptcp-fat-tree", MPTCP_TEST_UNIT)
    {
        // k=4: 4*2*2 = 16 hosts, 8 edge, 8 aggregation, 4 core; links 16, 4*2*2 = 16, 16.
        AddTestCase(new FatTreeCountsTest(4, 0, 16, 8, 8, 4, 16, 16, 16), MPTCP_TEST_QUICK);
        // k=8: 8*4*4 = 128 hosts, 32 edge, 32 aggregation, 16 core; links 128, 8*4*4 = 128, 128.
        AddTestCase(new FatTreeCountsTest(8, 4, 128, 32, 32, 16, 128, 128, 128), MPTCP_TEST_QUICK);
        // k=8, 16 hosts per ToR (4:1): 8*4*16 = 512 hosts; links 512, 128, 128.
        AddTestCase(new FatTreeCountsTest(8, 16, 512, 32, 32, 16, 512, 128, 128), MPTCP_TEST_QUICK);
        // k=2: 2 pods of one edge and one aggregation switch, one core switch, 1 host per edge.
        AddTestCase(new FatTreeCountsTest(2, 0, 2, 2, 2, 1, 2, 2, 2), MPTCP_TEST_QUICK);
        AddTestCase(new FatTreeAddressesQueuesTest(), MPTCP_TEST_QUICK);
        AddTestCase(new FatTreeQueueUnitTest(), MPTCP_TEST_QUICK);
        AddTestCase(new FatTreePathsTest(), MPTCP_TEST_QUICK);
        AddTestCase(new PerfectSwitchTest(), MPTCP_TEST_QUICK);
    }
};

/// Static instance.
FatTreeTestSuite g_fatTreeTestSuite;

} // namespace
