/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of EcmpSwitchForwarder, the switches' forwarding path below IPv4 (issue 18): it is
 * installed on the switches only, forwards every transit packet itself (counted), gives the
 * same packet arrivals as ns-3's IPv4 forwarding, honours per-flow rules (PinFlow) of the shared
 * EcmpForwardingTable, and hands to IPv4 what IPv4 must handle (TTL expiry, local delivery).
 */

#include "mptcp-test-harness.h"

#include "ns3/bulk-send-helper.h"
#include "ns3/ecmp-switch-forwarder.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/node-list.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// Host indices of a k=4 FatTree: host 0 is in pod 0, host 15 in pod 3 (5 switch hops apart).
constexpr uint32_t kSrc = 0;
constexpr uint32_t kDst = 15;
/// UDP ports of the test flows.
constexpr uint16_t kSrcPort = 7000;
constexpr uint16_t kDstPort = 9000;

/**
 * \param nodes nodes
 * \param what which counter: true forwarded, false delegated
 * \return the sum of the forwarders' counters over the nodes (0 for nodes without one)
 */
uint64_t
SumCounters(const NodeContainer& nodes, bool what)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < nodes.GetN(); ++i)
    {
        if (Ptr<EcmpSwitchForwarder> f = nodes.Get(i)->GetObject<EcmpSwitchForwarder>())
        {
            n += what ? f->GetNForwarded() : f->GetNDelegated();
        }
    }
    return n;
}

/**
 * \brief A UDP socket on the source host, bound to kSrcPort, connected to host kDst:kDstPort.
 * \param ft the fabric
 * \return the socket
 */
Ptr<Socket>
UdpSender(const FatTreeHelper& ft)
{
    Ptr<Socket> s = Socket::CreateSocket(ft.GetHost(kSrc), UdpSocketFactory::GetTypeId());
    s->Bind(InetSocketAddress(Ipv4Address::GetAny(), kSrcPort));
    s->Connect(InetSocketAddress(ft.GetHostAddress(kDst), kDstPort));
    return s;
}

/**
 * (a) Placement and counts: a forwarder on every switch and on no host; 50 datagrams between
 * pods are forwarded 5 times each (edge, aggregation, core, aggregation, edge) by the fast path,
 * none is delegated, and all 50 000 bytes arrive.
 */
class ForwarderCountsTest : public TestCase
{
  public:
    ForwarderCountsTest()
        : TestCase("fast switch path: on switches only, 5 forwards per inter-pod datagram, none "
                   "delegated, bytes exact")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        NS_TEST_ASSERT_MSG_EQ(ft.GetSwitchForwarding(),
                              DatacenterTopology::FAST_FORWARDING,
                              "fast forwarding is the default");
        ft.Build();
        NodeContainer switches = ft.GetSwitches();
        NS_TEST_ASSERT_MSG_EQ(switches.GetN(), 20u, "k=4: 8 edge + 8 aggregation + 4 core");
        for (uint32_t i = 0; i < switches.GetN(); ++i)
        {
            NS_TEST_ASSERT_MSG_NE(switches.Get(i)->GetObject<EcmpSwitchForwarder>(),
                                  nullptr,
                                  "switch " << i << " has a forwarder");
        }
        for (uint32_t h = 0; h < ft.GetNHosts(); ++h)
        {
            NS_TEST_ASSERT_MSG_EQ(ft.GetHost(h)->GetObject<EcmpSwitchForwarder>(),
                                  nullptr,
                                  "host " << h << " keeps the IPv4 stack");
        }
        UdpCounter counter;
        Ptr<Socket> rx = UdpReceiver(ft.GetHost(kDst), kDstPort, &counter);
        SendDatagrams(UdpSender(ft), 50, 1000);
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(counter.packets, 50u, "datagrams received");
        NS_TEST_ASSERT_MSG_EQ(counter.bytes, 50000u, "bytes received");
        NS_TEST_ASSERT_MSG_EQ(SumCounters(switches, true), 250u, "5 switch hops x 50");
        NS_TEST_ASSERT_MSG_EQ(SumCounters(switches, false), 0u, "nothing delegated");
        Simulator::Destroy();
    }
};

/**
 * (b) Same as IPv4: two TCP transfers of 300 000 bytes across pods give the same arrival times
 * and sizes at the receivers with the fast path and with ns-3's IPv4 forwarding, and both
 * deliver every byte.
 */
class SameAsIpv4Test : public TestCase
{
  public:
    SameAsIpv4Test()
        : TestCase("fast switch path and IPv4 forwarding: identical packet arrivals of two TCP "
                   "transfers, bytes exact")
    {
    }

  private:
    /// One arrival: time (ns) and size (bytes).
    using Arrival = std::pair<int64_t, uint32_t>;

    /**
     * \param mode the switch forwarding mode
     * \param [out] arrivals the arrivals at both sinks, in order
     * \param [out] bytes the bytes each sink received
     * \param [out] forwarded packets forwarded by the fast path
     */
    static void Transfer(DatacenterTopology::SwitchForwarding mode,
                         std::vector<Arrival>* arrivals,
                         std::vector<uint64_t>* bytes,
                         uint64_t* forwarded)
    {
        FatTreeHelper ft(4);
        ft.SetSwitchForwarding(mode);
        ft.Build();
        std::vector<Ptr<PacketSink>> sinks;
        const std::vector<std::pair<uint32_t, uint32_t>> flows{{0, 15}, {5, 10}};
        for (const auto& [src, dst] : flows)
        {
            PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                        InetSocketAddress(Ipv4Address::GetAny(), 5000));
            ApplicationContainer s = sinkHelper.Install(ft.GetHost(dst));
            Ptr<PacketSink> sink = DynamicCast<PacketSink>(s.Get(0));
            sink->TraceConnectWithoutContext(
                "Rx",
                MakeCallback(
                    +[](std::vector<Arrival>* out, Ptr<const Packet> p, const Address&) {
                        out->emplace_back(Simulator::Now().GetNanoSeconds(), p->GetSize());
                    })
                    .Bind(arrivals));
            sinks.push_back(sink);
            BulkSendHelper bulk("ns3::TcpSocketFactory",
                                InetSocketAddress(ft.GetHostAddress(dst), 5000));
            bulk.SetAttribute("MaxBytes", UintegerValue(300000));
            bulk.Install(ft.GetHost(src)).Start(Seconds(0.01));
        }
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        for (const auto& sink : sinks)
        {
            bytes->push_back(sink->GetTotalRx());
        }
        *forwarded = SumCounters(ft.GetSwitches(), true);
        Simulator::Destroy();
    }

    void DoRun() override
    {
        std::vector<Arrival> fast;
        std::vector<Arrival> ipv4;
        std::vector<uint64_t> fastBytes;
        std::vector<uint64_t> ipv4Bytes;
        uint64_t fastForwarded = 0;
        uint64_t ipv4Forwarded = 0;
        Transfer(DatacenterTopology::FAST_FORWARDING, &fast, &fastBytes, &fastForwarded);
        Transfer(DatacenterTopology::IPV4_FORWARDING, &ipv4, &ipv4Bytes, &ipv4Forwarded);
        for (std::size_t i = 0; i < 2; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(fastBytes[i], 300000u, "fast path: flow " << i << " bytes");
            NS_TEST_ASSERT_MSG_EQ(ipv4Bytes[i], 300000u, "IPv4 path: flow " << i << " bytes");
        }
        NS_TEST_ASSERT_MSG_GT(fastForwarded, 2000u, "the fast path forwarded the transfers");
        NS_TEST_ASSERT_MSG_EQ(ipv4Forwarded, 0u, "no forwarder in the IPv4 mode");
        NS_TEST_ASSERT_MSG_EQ(fast.size(), ipv4.size(), "number of arrivals");
        for (std::size_t i = 0; i < fast.size() && i < ipv4.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(fast[i].first, ipv4[i].first, "arrival " << i << " time (ns)");
            NS_TEST_ASSERT_MSG_EQ(fast[i].second, ipv4[i].second, "arrival " << i << " size");
        }
    }
};

/**
 * (c) Per-flow rules: a UDP flow pinned at its edge switch to either aggregation switch of the
 * pod is forwarded by that aggregation switch only (20 of 20 datagrams), in the fast path.
 */
class PinnedFlowTest : public TestCase
{
  public:
    PinnedFlowTest()
        : TestCase("fast switch path follows PinFlow of the shared forwarding table")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t choice = 0; choice < 2; ++choice)
        {
            FatTreeHelper ft(4);
            ft.Build();
            Ptr<Node> edge = ft.GetEdgeSwitch(0, 0);
            Ptr<Ipv4FlowEcmpRouting> routing = Ipv4FlowEcmpRoutingHelper::GetRouting(edge);
            const std::vector<Ptr<Ipv4Route>> hops = routing->GetNextHops(ft.GetHostAddress(kDst));
            NS_TEST_ASSERT_MSG_EQ(hops.size(), 2u, "two aggregation switches up from the edge");
            const Ipv4Address gateway = hops[choice]->GetGateway();
            Ptr<Node> pinnedAgg;
            Ptr<Node> otherAgg;
            for (uint32_t a = 0; a < 2; ++a)
            {
                Ptr<Node> agg = ft.GetAggregationSwitch(0, a);
                const bool owns = agg->GetObject<Ipv4>()->GetInterfaceForAddress(gateway) >= 0;
                (owns ? pinnedAgg : otherAgg) = agg;
            }
            NS_TEST_ASSERT_MSG_NE(pinnedAgg, nullptr, "the gateway is an aggregation switch");
            Ipv4FlowEcmpRouting::FiveTuple t;
            t.source = ft.GetHostAddress(kSrc);
            t.destination = ft.GetHostAddress(kDst);
            t.protocol = 17;
            t.sourcePort = kSrcPort;
            t.destinationPort = kDstPort;
            routing->PinFlow(t, gateway);

            UdpCounter counter;
            Ptr<Socket> rx = UdpReceiver(ft.GetHost(kDst), kDstPort, &counter);
            SendDatagrams(UdpSender(ft), 20, 500);
            Simulator::Stop(Seconds(1));
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(counter.packets, 20u, "datagrams received");
            NS_TEST_ASSERT_MSG_EQ(pinnedAgg->GetObject<EcmpSwitchForwarder>()->GetNForwarded(),
                                  20u,
                                  "pinned aggregation switch " << choice);
            NS_TEST_ASSERT_MSG_EQ(otherAgg->GetObject<EcmpSwitchForwarder>()->GetNForwarded(),
                                  0u,
                                  "the other aggregation switch");
            Simulator::Destroy();
        }
    }
};

/**
 * (d) What IPv4 handles: a datagram sent with TTL 2 leaves the first switch with TTL 1 and is
 * handed by the second to IPv4, which drops it (Drop trace, DROP_TTL_EXPIRED) — so the fast path
 * decrements the TTL as IPv4 does; a datagram to a switch's own address is delivered to a
 * socket on that switch.
 */
class DelegationTest : public TestCase
{
  public:
    DelegationTest()
        : TestCase("fast switch path hands TTL expiry and local delivery to IPv4")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Build();
        uint32_t ttlDrops = 0;
        NodeContainer switches = ft.GetSwitches();
        for (uint32_t i = 0; i < switches.GetN(); ++i)
        {
            switches.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "Drop",
                MakeCallback(+[](uint32_t* n,
                                 const Ipv4Header&,
                                 Ptr<const Packet>,
                                 Ipv4L3Protocol::DropReason reason,
                                 Ptr<Ipv4>,
                                 uint32_t) {
                                 *n += reason == Ipv4L3Protocol::DROP_TTL_EXPIRED ? 1 : 0;
                             })
                    .Bind(&ttlDrops));
        }
        UdpCounter atHost;
        Ptr<Socket> rx = UdpReceiver(ft.GetHost(kDst), kDstPort, &atHost);
        Ptr<Socket> tx = UdpSender(ft);
        tx->SetIpTtl(2);
        SendDatagrams(tx, 1, 100);

        // A datagram to the aggregation switch's own address, from host 0.
        Ptr<Node> agg = ft.GetAggregationSwitch(0, 0);
        const Ipv4Address aggAddress = agg->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal();
        UdpCounter atSwitch;
        Ptr<Socket> switchRx = UdpReceiver(agg, kDstPort, &atSwitch);
        Ptr<Socket> tx2 = Socket::CreateSocket(ft.GetHost(kSrc), UdpSocketFactory::GetTypeId());
        tx2->Connect(InetSocketAddress(aggAddress, kDstPort));
        Simulator::Schedule(Seconds(0.2), MPTCP_EVENT([tx2]() { tx2->Send(Create<Packet>(64)); }));

        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(atHost.packets, 0u, "the TTL-2 datagram never arrives");
        NS_TEST_ASSERT_MSG_EQ(ttlDrops, 1u, "IPv4 dropped it for TTL expiry, once");
        NS_TEST_ASSERT_MSG_EQ(atSwitch.packets, 1u, "delivered to the switch's socket");
        NS_TEST_ASSERT_MSG_EQ(atSwitch.bytes, 64u, "its bytes");
        NS_TEST_ASSERT_MSG_GT(agg->GetObject<EcmpSwitchForwarder>()->GetNDelegated(),
                              0u,
                              "the switch handed its own packet to IPv4");
        Simulator::Destroy();
    }
};

/// The EcmpSwitchForwarder test suite.
class EcmpSwitchForwarderTestSuite : public TestSuite
{
  public:
    EcmpSwitchForwarderTestSuite()
        : TestSuite("mptcp-ecmp-switch-forwarder", MPTCP_TEST_UNIT)
    {
        AddTestCase(new ForwarderCountsTest(), MPTCP_TEST_QUICK);
        AddTestCase(new SameAsIpv4Test(), MPTCP_TEST_QUICK);
        AddTestCase(new PinnedFlowTest(), MPTCP_TEST_QUICK);
        AddTestCase(new DelegationTest(), MPTCP_TEST_QUICK);
    }
};

/// Static instance of the suite.
EcmpSwitchForwarderTestSuite g_ecmpSwitchForwarderTestSuite;

} // namespace
