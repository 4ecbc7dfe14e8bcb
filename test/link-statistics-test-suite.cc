/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/bulk-send-helper.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/hot-spot-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/link-layer-statistics.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-stack-helper.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/ppp-header.h"
#include "ns3/queue.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <map>
#include <set>
#include <vector>

/**
 * \file
 * \ingroup mptcp-test
 * Tests of the per-link statistics (LinkLayerStatistics::CollectLinks()) and of the hot spot
 * (HotSpotHelper, HotSpotFlowCounter) on a k=4 FatTree (TestSuite "mptcp-link-statistics").
 */

using namespace ns3;

namespace
{

/// A k=4 FatTree (16 hosts, 48 links) with MPTCP's stack and flow ECMP, 100 Mb/s links.
struct SmallTree
{
    FatTreeHelper tree{4};

    /// \param queue device queue, packets
    explicit SmallTree(uint32_t queue)
    {
        tree.SetQueueSize(queue);
        tree.Create();
        MpTcpStackHelper stack;
        stack.SetRoutingHelper(Ipv4FlowEcmpRoutingHelper());
        stack.Install(tree.GetNodes());
        tree.AssignIpv4Addresses();
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
    }

    /**
     * A TCP bulk flow, started at 1 ms.
     * \param src sending host
     * \param dst receiving host
     * \param port receiver port
     * \param maxBytes bytes to send (0: no limit)
     * \param start when the sender starts
     * \return the receiver
     */
    Ptr<PacketSink> Flow(uint32_t src,
                         uint32_t dst,
                         uint16_t port,
                         uint64_t maxBytes = 0,
                         Time start = MilliSeconds(1))
    {
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer apps = sink.Install(tree.GetHost(dst));
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(tree.GetHostAddress(dst), port));
        bulk.SetAttribute("MaxBytes", UintegerValue(maxBytes));
        bulk.Install(tree.GetHost(src)).Start(start);
        return DynamicCast<PacketSink>(apps.Get(0));
    }
};

/// HotSpotHelper: exactly N links of the layer at rate/10, both devices; all others unchanged.
class HotSpotRatesTest : public TestCase
{
  public:
    HotSpotRatesTest()
        : TestCase("Hot spot: exactly N aggregation-core links at a tenth, the rest unchanged")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t n : {0U, 1U, 3U, 16U})
        {
            FatTreeHelper tree(4);
            tree.Create();
            Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
            rng->SetStream(42);
            const auto& links = tree.GetLinks();
            NS_TEST_ASSERT_MSG_EQ(HotSpotHelper::CountLinks(links, FatTreeHelper::AGGREGATION_CORE),
                                  16, "k * (k/2)^2 aggregation-core links");
            auto chosen = HotSpotHelper::SlowRandomLinks(links,
                                                         FatTreeHelper::AGGREGATION_CORE,
                                                         n,
                                                         10,
                                                         rng);
            const std::set<uint32_t> slow(chosen.begin(), chosen.end());
            NS_TEST_ASSERT_MSG_EQ(slow.size(), n, "N distinct links");
            uint32_t slowSeen = 0;
            for (uint32_t i = 0; i < links.size(); ++i)
            {
                const uint64_t want = slow.count(i) ? 10000000 : 100000000;
                NS_TEST_ASSERT_MSG_EQ(HotSpotHelper::GetRate(links[i].devA), want, "devA " << i);
                NS_TEST_ASSERT_MSG_EQ(HotSpotHelper::GetRate(links[i].devB), want, "devB " << i);
                if (slow.count(i))
                {
                    ++slowSeen;
                    NS_TEST_ASSERT_MSG_EQ(links[i].layer, FatTreeHelper::AGGREGATION_CORE, "layer");
                }
            }
            NS_TEST_ASSERT_MSG_EQ(slowSeen, n, "exactly N slow links");
            Simulator::Destroy();
        }
        // The same stream picks the same link; other streams spread over the layer.
        std::set<uint32_t> firsts;
        std::vector<uint32_t> again;
        for (int64_t stream : {1, 1, 2, 3, 4, 5, 6, 7, 8})
        {
            FatTreeHelper tree(4);
            tree.Create();
            Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
            rng->SetStream(stream);
            auto c = HotSpotHelper::SlowRandomLinks(tree.GetLinks(),
                                                    FatTreeHelper::AGGREGATION_CORE,
                                                    1,
                                                    10,
                                                    rng);
            firsts.insert(c[0]);
            if (stream == 1)
            {
                again.push_back(c[0]);
            }
            Simulator::Destroy();
        }
        NS_TEST_ASSERT_MSG_EQ(again[0], again[1], "same stream, same link");
        NS_TEST_ASSERT_MSG_GT(firsts.size(), 2, "different streams, different links");
    }
};

/// A flow that must cross a slowed link gets at most ~10% of the rate; a rack-local flow is
/// unaffected.
class HotSpotThroughputTest : public TestCase
{
  public:
    HotSpotThroughputTest()
        : TestCase("Hot spot: a flow across a slowed core link gets <= 10% of the link rate")
    {
    }

  private:
    void DoRun() override
    {
        SmallTree t(100);
        // Every aggregation-core link slowed: an inter-pod flow crosses one whatever its hash.
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(1);
        HotSpotHelper::SlowRandomLinks(t.tree.GetLinks(),
                                       FatTreeHelper::AGGREGATION_CORE,
                                       16,
                                       10,
                                       rng);
        Ptr<PacketSink> across = t.Flow(0, 15, 5000); // pod 0 -> pod 3
        Ptr<PacketSink> local = t.Flow(2, 3, 5001);   // same edge switch
        Simulator::Stop(Seconds(1.001));
        Simulator::Run();
        const double acrossMbps = across->GetTotalRx() * 8 / 1e6;
        const double localMbps = local->GetTotalRx() * 8 / 1e6;
        std::cout << GetName() << ": across " << acrossMbps << " Mb/s, local " << localMbps
                  << " Mb/s" << std::endl;
        NS_TEST_ASSERT_MSG_LT_OR_EQ(acrossMbps, 10.0, "at most a tenth of 100 Mb/s");
        NS_TEST_ASSERT_MSG_GT(acrossMbps, 5.0, "but it does use the slow link");
        NS_TEST_ASSERT_MSG_GT(localMbps, 80.0, "the rack-local flow is not slowed");
        Simulator::Destroy();
    }
};

/// CollectLinks(): one record per link and direction whose counters equal independent counts
/// of the device traces, loss_rate = drops / (tx + drops), and sums equal the layer results.
class PerLinkCountersTest : public TestCase
{
  public:
    PerLinkCountersTest()
        : TestCase("Per-link records: 2 per link, tx and drops equal the device traces, "
                   "loss = drops over (tx + drops), sums = layer results")
    {
    }

  private:
    void DoRun() override
    {
        SmallTree t(4); // a tiny queue: the incast into host 5 drops packets
        const auto& links = t.tree.GetLinks();
        // Independent counts: transmissions started and queue drops per device.
        std::map<Ptr<NetDevice>, uint64_t> tx;
        std::map<Ptr<NetDevice>, uint64_t> drops;
        for (const auto& l : links)
        {
            for (Ptr<PointToPointNetDevice> d : {l.devA, l.devB})
            {
                uint64_t* txCount = &tx[d];
                uint64_t* dropCount = &drops[d];
                d->TraceConnectWithoutContext(
                    "PhyTxBegin",
                    Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([txCount](Ptr<const Packet>) {
                        ++*txCount;
                    })));
                d->GetQueue()->TraceConnectWithoutContext(
                    "Drop",
                    Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([dropCount](Ptr<const Packet>) {
                        ++*dropCount;
                    })));
            }
        }
        t.Flow(0, 5, 5000);
        t.Flow(10, 5, 5001);
        t.Flow(4, 5, 5002);
        LinkLayerStatistics stats(t.tree);
        stats.Start();
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();
        const auto perLink = stats.CollectLinks();
        const auto layers = stats.Collect();
        NS_TEST_ASSERT_MSG_EQ(perLink.size(), 2 * links.size(), "one record per link and way");
        std::map<std::pair<int, bool>, std::pair<uint64_t, uint64_t>> sums;
        uint64_t totalDrops = 0;
        for (size_t i = 0; i < perLink.size(); ++i)
        {
            const LinkResult& r = perLink[i];
            const auto& l = links[i / 2];
            NS_TEST_ASSERT_MSG_EQ(r.linkId, i / 2, "link order");
            NS_TEST_ASSERT_MSG_EQ(r.up, (i % 2 == 0), "up, then down");
            NS_TEST_ASSERT_MSG_EQ(r.layer, l.layer, "layer");
            NS_TEST_ASSERT_MSG_EQ(r.nodeA, l.a->GetId(), "lower node");
            NS_TEST_ASSERT_MSG_EQ(r.nodeB, l.b->GetId(), "upper node");
            NS_TEST_ASSERT_MSG_EQ(r.rateBps, 1e8, "rate");
            Ptr<NetDevice> dev = r.up ? l.devA : l.devB;
            NS_TEST_ASSERT_MSG_EQ(r.txPackets, tx[dev], "tx of link " << i / 2);
            NS_TEST_ASSERT_MSG_EQ(r.drops, drops[dev], "drops of link " << i / 2);
            const double loss =
                r.txPackets + r.drops > 0 ? double(r.drops) / (r.txPackets + r.drops) : 0;
            NS_TEST_ASSERT_MSG_EQ(r.lossRate, loss, "loss rate of link " << i / 2);
            NS_TEST_ASSERT_MSG_LT_OR_EQ(r.utilization, 1.0, "utilisation <= 1");
            totalDrops += r.drops;
            auto& s = sums[{r.layer, r.up}];
            s.first += r.txPackets;
            s.second += r.drops;
        }
        NS_TEST_ASSERT_MSG_GT(totalDrops, 0, "the tiny queue dropped packets");
        // Host 5's downlink (host-edge link 5, down) is the bottleneck: busy and lossy.
        NS_TEST_ASSERT_MSG_EQ(links[5].a, t.tree.GetHost(5), "host-edge link 5 is host 5's");
        const LinkResult& down5 = perLink[2 * 5 + 1];
        NS_TEST_ASSERT_MSG_GT(down5.drops, 0, "drops into host 5");
        // The busiest downlink (the others carry ACKs only). Not a fixed level: in 0.5 s the
        // incast's RTOs leave it anywhere from 7 % (ns-3.37 debug build) to over 80 % busy.
        for (size_t i = 0; i < links.size(); ++i)
        {
            if (links[i].layer == DatacenterTopology::HOST_EDGE && i != 5)
            {
                NS_TEST_ASSERT_MSG_GT(down5.utilization,
                                      perLink[2 * i + 1].utilization,
                                      "host 5's downlink busier than host " << i << "'s");
            }
        }
        for (const auto& layer : layers)
        {
            const auto& s = sums[{layer.layer, layer.up}];
            NS_TEST_ASSERT_MSG_EQ(layer.txPackets, s.first, "layer tx = sum of its links");
            NS_TEST_ASSERT_MSG_EQ(layer.drops, s.second, "layer drops = sum of its links");
        }
        Simulator::Destroy();
    }
};

/// HotSpotFlowCounter::Classify() on hand-made packets: data direction only, every NIC pair of
/// multi-homed hosts, the receiver port, both flows of a shared key, IPv4/TCP only.
class HotSpotClassifierTest : public TestCase
{
  public:
    HotSpotClassifierTest()
        : TestCase("Hot-spot flows: a packet maps to the flows of its source, destination and "
                   "destination port, never the reverse direction")
    {
    }

  private:
    /**
     * A packet as PhyTxBegin of a point-to-point device sees it.
     * \param src IPv4 source
     * \param dst IPv4 destination
     * \param srcPort TCP source port
     * \param dstPort TCP destination port
     * \param protocol IPv4 protocol number
     * \return the packet (PPP, IPv4, TCP headers and 100 payload bytes)
     */
    static Ptr<Packet> Make(const char* src,
                            const char* dst,
                            uint16_t srcPort,
                            uint16_t dstPort,
                            uint8_t protocol = 6)
    {
        Ptr<Packet> p = Create<Packet>(100);
        TcpHeader tcp;
        tcp.SetSourcePort(srcPort);
        tcp.SetDestinationPort(dstPort);
        p->AddHeader(tcp);
        Ipv4Header ip;
        ip.SetSource(Ipv4Address(src));
        ip.SetDestination(Ipv4Address(dst));
        ip.SetProtocol(protocol);
        ip.SetPayloadSize(p->GetSize());
        p->AddHeader(ip);
        PppHeader ppp;
        ppp.SetProtocol(0x0021);
        p->AddHeader(ppp);
        return p;
    }

    void DoRun() override
    {
        HotSpotFlowCounter c;
        // Flow 7: a dual-homed host (10.0.0.2, 10.1.0.2) to another (10.0.1.2, 10.1.1.2).
        c.AddFlow(7,
                  {Ipv4Address("10.0.0.2"), Ipv4Address("10.1.0.2")},
                  {Ipv4Address("10.0.1.2"), Ipv4Address("10.1.1.2")},
                  5000);
        // Flows 8 and 9: the same hosts and port, not distinguishable.
        c.AddFlow(8, {Ipv4Address("10.0.2.2")}, {Ipv4Address("10.0.3.2")}, 5001);
        c.AddFlow(9, {Ipv4Address("10.0.2.2")}, {Ipv4Address("10.0.3.2")}, 5001);
        using Ids = std::vector<uint32_t>;
        NS_TEST_ASSERT_MSG_EQ((c.Classify(Make("10.0.0.2", "10.0.1.2", 49153, 5000)) == Ids{7}),
                              true,
                              "NIC 0 to NIC 0");
        NS_TEST_ASSERT_MSG_EQ((c.Classify(Make("10.1.0.2", "10.0.1.2", 49154, 5000)) == Ids{7}),
                              true,
                              "NIC 1 to NIC 0");
        NS_TEST_ASSERT_MSG_EQ((c.Classify(Make("10.1.0.2", "10.1.1.2", 49155, 5000)) == Ids{7}),
                              true,
                              "NIC 1 to NIC 1");
        NS_TEST_ASSERT_MSG_EQ(c.Classify(Make("10.0.1.2", "10.0.0.2", 5000, 49153)).size(),
                              0,
                              "the ACK direction is not the flow's");
        NS_TEST_ASSERT_MSG_EQ(c.Classify(Make("10.0.0.2", "10.0.1.2", 49153, 5001)).size(),
                              0,
                              "another port is another flow");
        NS_TEST_ASSERT_MSG_EQ(c.Classify(Make("10.0.0.2", "10.0.1.2", 49153, 5000, 17)).size(),
                              0,
                              "UDP is not counted");
        NS_TEST_ASSERT_MSG_EQ((c.Classify(Make("10.0.2.2", "10.0.3.2", 49153, 5001)) ==
                               Ids{8, 9}),
                              true,
                              "a shared key counts for both flows");
        c.CountPacket(Make("10.0.2.2", "10.0.3.2", 49153, 5001));
        c.CountPacket(Make("10.0.3.2", "10.0.2.2", 5001, 49153));
        NS_TEST_ASSERT_MSG_EQ(c.GetCounts().size(), 2, "flows 8 and 9 only");
        NS_TEST_ASSERT_MSG_EQ(c.GetCounts().at(8).packets, 1, "one packet of flow 8");
        NS_TEST_ASSERT_MSG_EQ(c.GetCounts().at(9).packetsAfterWarmup, 1, "warm-up 0: all");
        Simulator::Destroy();
    }
};

/// HotSpotFlowCounter on the FatTree: with every aggregation-core link watched, an inter-pod
/// flow counts each of its sender's packets exactly twice (up to a core switch and down from
/// it), the flows that stay in their pod not at all, the reverse ACKs never; a flow done
/// before the warm-up has none after it, a flow started after it all of them.
class HotSpotFlowCountTest : public TestCase
{
  public:
    HotSpotFlowCountTest()
        : TestCase("Hot-spot flows: inter-pod flows count 2 x their sender's packets over the "
                   "core links, in-pod flows none, split at the warm-up")
    {
    }

  private:
    void DoRun() override
    {
        // No loss and finite flows that end well before the simulation: every packet a sender
        // sends has crossed the core when it stops.
        SmallTree t(1000);
        const Time warmup = MilliSeconds(150);
        /// One flow of the test.
        struct F
        {
            uint32_t src;      //!< sending host (sends this flow only, receives none)
            uint32_t dst;      //!< receiving host
            uint16_t port;     //!< receiver port
            uint64_t bytes;    //!< size
            double startS;     //!< start, s
        };
        const std::vector<F> flows = {
            {0, 15, 5000, 500000, 0.001},  // pod 0 -> pod 3, done (FIN too) before the warm-up
            {12, 1, 5001, 3000000, 0.2},   // pod 3 -> pod 0, after the warm-up (~250 ms)
            {2, 3, 5002, 3000000, 0.001},  // same edge switch
            {8, 10, 5003, 3000000, 0.001}, // same pod, other edge switch: up to aggregation only
        };
        HotSpotFlowCounter counter;
        std::map<uint32_t, uint64_t> sent; // by sender
        for (uint32_t id = 0; id < flows.size(); ++id)
        {
            const F& f = flows[id];
            t.Flow(f.src, f.dst, f.port, f.bytes, Seconds(f.startS));
            counter.AddFlow(id,
                            t.tree.GetHostAddresses(f.src),
                            t.tree.GetHostAddresses(f.dst),
                            f.port);
            uint64_t* count = &sent[f.src];
            t.tree.GetHostDevice(f.src)->TraceConnectWithoutContext(
                "PhyTxBegin",
                Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([count](Ptr<const Packet>) { ++*count; })));
        }
        for (const auto& l : t.tree.GetLinks(FatTreeHelper::AGGREGATION_CORE))
        {
            counter.Watch(l);
        }
        counter.SetWarmup(warmup);
        Simulator::Stop(Seconds(0.6));
        Simulator::Run();
        const auto& counts = counter.GetCounts();
        NS_TEST_ASSERT_MSG_EQ(counts.size(), 2, "only the two inter-pod flows");
        for (uint32_t id : {0, 1})
        {
            const uint64_t s = sent[flows[id].src];
            NS_TEST_ASSERT_MSG_GT(s, 300, "flow " << id << " sent its data");
            NS_TEST_ASSERT_MSG_EQ(counts.count(id), 1, "flow " << id << " crosses");
            NS_TEST_ASSERT_MSG_EQ(counts.at(id).packets, 2 * s, "flow " << id);
            NS_TEST_ASSERT_MSG_EQ(counts.at(id).packetsAfterWarmup,
                                  (id == 0 ? 0 : 2 * s),
                                  "flow " << id << " after the warm-up");
        }
        Simulator::Destroy();
    }
};

/// The test suite "mptcp-link-statistics".
class LinkStatisticsTestSuite : public TestSuite
{
  public:
    LinkStatisticsTestSuite()
        : TestSuite("mptcp-link-statistics", MPTCP_TEST_UNIT)
    {
        AddTestCase(new HotSpotRatesTest, MPTCP_TEST_QUICK);
        AddTestCase(new HotSpotThroughputTest, MPTCP_TEST_QUICK);
        AddTestCase(new PerLinkCountersTest, MPTCP_TEST_QUICK);
        AddTestCase(new HotSpotClassifierTest, MPTCP_TEST_QUICK);
        AddTestCase(new HotSpotFlowCountTest, MPTCP_TEST_QUICK);
    }
};

LinkStatisticsTestSuite g_linkStatisticsTestSuite; //!< static instance

} // namespace
