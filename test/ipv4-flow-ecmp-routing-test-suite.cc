/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of Ipv4FlowEcmpRouting (per-flow / per-packet ECMP over global routing) on FatTrees:
 * flow consistency in a real simulation (UDP and TCP), uniformity of the hash at every tier
 * (chi-square), pins, per-packet spraying, caching and link failure.
 */

#include "ns3/bulk-send-helper.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/global-router-interface.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/ipv4-flow-ecmp-routing.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-list-routing-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/packet-sink.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/ppp-header.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/random-variable-stream.h"
#include "ns3/ipv4-route.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-header.h"
#include "ns3/test.h"
#include "ns3/udp-header.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <vector>

using namespace ns3;

namespace
{

using FiveTuple = Ipv4FlowEcmpRouting::FiveTuple;

/**
 * Install IPv4 with static routing (priority 0) and flow ECMP (priority -10) on a FatTree,
 * assign addresses and populate the routes.
 * \param ft the (created) FatTree
 * \param ecmp the ECMP helper (attributes already set)
 */
void
InstallStack(FatTreeHelper& ft, const Ipv4FlowEcmpRoutingHelper& ecmp)
{
    Ipv4StaticRoutingHelper staticRouting;
    Ipv4ListRoutingHelper list;
    list.Add(staticRouting, 0);
    list.Add(ecmp, -10);
    InternetStackHelper stack;
    stack.SetIpv6StackInstall(false);
    stack.SetRoutingHelper(list);
    stack.Install(ft.GetNodes());
    ft.AssignIpv4Addresses();
    Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
}

/// Records, per transmitting node, the packets of every 5-tuple seen on MacTx of p2p devices.
class TxRecorder
{
  public:
    /// Connect to every point-to-point device of the tree.
    /// \param ft the tree
    void Attach(const FatTreeHelper& ft)
    {
        for (const auto& l : ft.GetLinks())
        {
            l.devA->TraceConnectWithoutContext(
                "MacTx",
                MakeBoundCallback(&TxRecorder::OnTx, this, l.a->GetId()));
            l.devB->TraceConnectWithoutContext(
                "MacTx",
                MakeBoundCallback(&TxRecorder::OnTx, this, l.b->GetId()));
        }
    }

    /// Per flow: node id -> packets transmitted by that node.
    std::map<std::vector<uint32_t>, std::map<uint32_t, uint32_t>> m_perFlow;

    /// \param t a tuple
    /// \return a sortable key
    static std::vector<uint32_t> Key(const FiveTuple& t)
    {
        return {t.source.Get(), t.destination.Get(), t.protocol, t.sourcePort, t.destinationPort};
    }

  private:
    /// \param self the recorder
    /// \param node the transmitting node id
    /// \param p the packet (IPv4 header first)
    static void OnTx(TxRecorder* self, uint32_t node, Ptr<const Packet> p)
    {
        Ptr<Packet> c = p->Copy();
        uint8_t first[2];
        if (c->CopyData(first, 2) == 2 && first[0] == 0x00 && first[1] == 0x21)
        {
            PppHeader ppp; // MacTx fires after the PPP header was added (ns-3.37)
            c->RemoveHeader(ppp);
        }
        Ipv4Header ip;
        if (c->RemoveHeader(ip) == 0)
        {
            return;
        }
        FiveTuple t;
        t.source = ip.GetSource();
        t.destination = ip.GetDestination();
        t.protocol = ip.GetProtocol();
        if (t.protocol == 17)
        {
            UdpHeader u;
            c->RemoveHeader(u);
            t.sourcePort = u.GetSourcePort();
            t.destinationPort = u.GetDestinationPort();
        }
        else if (t.protocol == 6)
        {
            TcpHeader h;
            c->RemoveHeader(h);
            t.sourcePort = h.GetSourcePort();
            t.destinationPort = h.GetDestinationPort();
        }
        else
        {
            return;
        }
        self->m_perFlow[Key(t)][node]++;
    }
};

/**
 * Send n UDP packets of 200 bytes from a fixed source port, one every interval.
 * \param src source node
 * \param dst destination address
 * \param sport source port
 * \param dport destination port
 * \param n packets
 * \param start first send time
 * \param interval spacing
 */
void
StartUdpFlow(Ptr<Node> src,
             Ipv4Address dst,
             uint16_t sport,
             uint16_t dport,
             uint32_t n,
             Time start,
             Time interval)
{
    Ptr<Socket> s = Socket::CreateSocket(src, UdpSocketFactory::GetTypeId());
    s->Bind(InetSocketAddress(Ipv4Address::GetAny(), sport));
    s->Connect(InetSocketAddress(dst, dport));
    for (uint32_t i = 0; i < n; ++i)
    {
        Simulator::Schedule(start + interval * i, MPTCP_EVENT([s]() { s->Send(Create<Packet>(200)); }));
    }
}

/**
 * \param tuple a flow
 * \return a flow with src/dst (addresses and ports) swapped
 */
FiveTuple
Reverse(const FiveTuple& tuple)
{
    FiveTuple r = tuple;
    std::swap(r.source, r.destination);
    std::swap(r.sourcePort, r.destinationPort);
    return r;
}

// ---------------------------------------------------------------------------------------------

/**
 * (c) All packets of one flow take one path, and it is the path TracePath predicts: 8 UDP
 * flows and one TCP connection (data and ACK directions) on a k=4 FatTree, counted per
 * transmitting node on every device.
 */
class EcmpFlowConsistencyTest : public TestCase
{
  public:
    EcmpFlowConsistencyTest()
        : TestCase("k=4: every packet of a flow (UDP, TCP data, TCP ACKs) follows one path, the "
                   "one TracePath predicts")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Create();
        InstallStack(ft, Ipv4FlowEcmpRoutingHelper());
        TxRecorder rec;
        rec.Attach(ft);

        const uint32_t src = 0;
        const uint32_t dst = 15; // pod 0 -> pod 3: 4 paths
        const uint32_t nUdp = 8;
        const uint32_t nPkts = 50;
        PacketSinkHelper udpSink("ns3::UdpSocketFactory",
                                 InetSocketAddress(Ipv4Address::GetAny(), 9));
        udpSink.Install(ft.GetHost(dst)).Start(Seconds(0));
        for (uint32_t f = 0; f < nUdp; ++f)
        {
            StartUdpFlow(ft.GetHost(src),
                         ft.GetHostAddress(dst),
                         10000 + f,
                         9,
                         nPkts,
                         MilliSeconds(1 + f),
                         MilliSeconds(1));
        }
        // TCP host 1 (pod 0) -> host 14 (pod 3), 60 kB.
        PacketSinkHelper tcpSink("ns3::TcpSocketFactory",
                                 InetSocketAddress(Ipv4Address::GetAny(), 5001));
        tcpSink.Install(ft.GetHost(14)).Start(Seconds(0));
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(ft.GetHostAddress(14), 5001));
        bulk.SetAttribute("MaxBytes", UintegerValue(60000));
        bulk.Install(ft.GetHost(1)).Start(MilliSeconds(2));

        Simulator::Stop(Seconds(1));
        Simulator::Run();

        std::set<std::vector<uint32_t>> udpPaths;
        uint32_t udpFlows = 0;
        uint32_t tcpFlows = 0;
        for (const auto& [key, perNode] : rec.m_perFlow)
        {
            FiveTuple t;
            t.source = Ipv4Address(key[0]);
            t.destination = Ipv4Address(key[1]);
            t.protocol = static_cast<uint8_t>(key[2]);
            t.sourcePort = static_cast<uint16_t>(key[3]);
            t.destinationPort = static_cast<uint16_t>(key[4]);
            Ptr<Node> from = t.source == ft.GetHostAddress(src)   ? ft.GetHost(src)
                             : t.source == ft.GetHostAddress(dst) ? ft.GetHost(dst)
                             : t.source == ft.GetHostAddress(1)   ? ft.GetHost(1)
                                                                  : ft.GetHost(14);
            std::vector<Ptr<Node>> path = Ipv4FlowEcmpRoutingHelper::TracePath(from, t);
            NS_TEST_ASSERT_MSG_EQ(path.size(), 7u, "inter-pod path of " << t << " has 7 nodes");
            // The transmitting nodes are exactly the path minus its last node, and every one of
            // them sent every packet of the flow (no packet took another way).
            std::set<uint32_t> expected;
            for (std::size_t i = 0; i + 1 < path.size(); ++i)
            {
                expected.insert(path[i]->GetId());
            }
            std::set<uint32_t> seen;
            const uint32_t first = perNode.begin()->second;
            for (const auto& [node, count] : perNode)
            {
                seen.insert(node);
                NS_TEST_ASSERT_MSG_EQ(count,
                                      first,
                                      "flow " << t << ": node " << node << " sent " << count
                                              << " packets, another " << first);
            }
            NS_TEST_ASSERT_MSG_EQ((seen == expected),
                                  true,
                                  "flow " << t << " used " << seen.size()
                                          << " transmitting nodes, not its single traced path");
            if (t.protocol == 17)
            {
                ++udpFlows;
                NS_TEST_ASSERT_MSG_EQ(first, nPkts, "all UDP packets of " << t << " forwarded");
                std::vector<uint32_t> ids;
                for (const auto& n : path)
                {
                    ids.push_back(n->GetId());
                }
                udpPaths.insert(ids);
            }
            else
            {
                ++tcpFlows;
                NS_TEST_ASSERT_MSG_GT(first, 10u, "TCP direction " << t << " carried packets");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(udpFlows, nUdp, "every UDP flow observed");
        NS_TEST_ASSERT_MSG_EQ(tcpFlows, 2u, "TCP data and ACK directions observed");
        NS_TEST_ASSERT_MSG_GT(udpPaths.size(), 1u, "8 flows are hashed onto more than one path");
        Ptr<PacketSink> tcpRx = DynamicCast<PacketSink>(ft.GetHost(14)->GetApplication(0));
        NS_TEST_ASSERT_MSG_EQ(tcpRx->GetTotalRx(), 60000u, "TCP transfer completed");
        Simulator::Destroy();
    }
};

/**
 * (d) The hash spreads flows uniformly and independently at the edge and aggregation tiers of a
 * k=8 FatTree: 4000 distinct TCP 5-tuples between random hosts of different pods.
 *
 * Statistics (all at significance alpha = 0.001, critical values of the chi-square
 * distribution): pooled edge-tier choice (which of the 4 aggregation switches; df = 3, critical
 * 16.266), pooled aggregation-tier choice (which of the 4 core switches of the group; df = 3,
 * 16.266), joint (edge choice, aggregation choice) over 16 cells (df = 15, critical 37.697;
 * fails under hash polarization), and per switch: the sum over the 32 edge switches, and over
 * the 32 aggregation switches, of each switch's own chi-square (df = 96, critical 144.567). No
 * pooled next hop may get less than 80% of its fair share.
 */
class EcmpUniformityTest : public TestCase
{
  public:
    EcmpUniformityTest()
        : TestCase("k=8: 4000 flows spread uniformly and independently over aggregation and core "
                   "next hops (chi-square, alpha=0.001)")
    {
    }

  private:
    /// \param counts observed counts
    /// \return chi-square statistic against the uniform distribution
    static double ChiSquare(const std::vector<uint32_t>& counts)
    {
        double total = 0;
        for (uint32_t c : counts)
        {
            total += c;
        }
        const double e = total / counts.size();
        double x = 0;
        for (uint32_t c : counts)
        {
            x += (c - e) * (c - e) / e;
        }
        return x;
    }

    void DoRun() override
    {
        const uint32_t k = 8;
        const uint32_t h = k / 2;
        FatTreeHelper ft(k);
        ft.Create();
        InstallStack(ft, Ipv4FlowEcmpRoutingHelper());

        std::mt19937 rng(20110815);
        std::set<std::vector<uint32_t>> used;
        std::vector<uint32_t> edgeTier(h, 0);
        std::vector<uint32_t> aggTier(h, 0);
        std::vector<uint32_t> joint(h * h, 0);
        std::map<uint32_t, std::vector<uint32_t>> perEdge; // edge node id -> counts
        std::map<uint32_t, std::vector<uint32_t>> perAgg;  // agg node id -> counts
        const uint32_t nFlows = 4000;
        uint32_t n = 0;
        while (n < nFlows)
        {
            const uint32_t s = rng() % ft.GetNHosts();
            const uint32_t d = rng() % ft.GetNHosts();
            if (ft.GetHostPod(s) == ft.GetHostPod(d))
            {
                continue;
            }
            FiveTuple t;
            t.source = ft.GetHostAddress(s);
            t.destination = ft.GetHostAddress(d);
            t.protocol = 6;
            t.sourcePort = static_cast<uint16_t>(1024 + rng() % 64512);
            t.destinationPort = static_cast<uint16_t>(1024 + rng() % 64512);
            if (!used.insert(TxRecorder::Key(t)).second)
            {
                continue;
            }
            ++n;
            std::vector<Ptr<Node>> path = Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(s), t);
            NS_TEST_ASSERT_MSG_EQ(path.size(), 7u, "inter-pod path of " << t);
            const uint32_t pod = ft.GetHostPod(s);
            int32_t a = -1;
            for (uint32_t j = 0; j < h; ++j)
            {
                if (ft.GetAggregationSwitch(pod, j) == path[2])
                {
                    a = j;
                }
            }
            int32_t c = -1;
            for (uint32_t j = 0; j < h * h; ++j)
            {
                if (ft.GetCoreSwitch(j) == path[3])
                {
                    c = j;
                }
            }
            NS_TEST_ASSERT_MSG_NE(a, -1, "hop 2 is an aggregation switch of the source pod");
            NS_TEST_ASSERT_MSG_NE(c, -1, "hop 3 is a core switch");
            NS_TEST_ASSERT_MSG_EQ(c / h,
                                  static_cast<uint32_t>(a),
                                  "hop 3 is a core switch of aggregation switch's group");
            const uint32_t coreInGroup = c % h;
            edgeTier[a]++;
            aggTier[coreInGroup]++;
            joint[a * h + coreInGroup]++;
            auto& pe = perEdge[path[1]->GetId()];
            pe.resize(h);
            pe[a]++;
            auto& pa = perAgg[path[2]->GetId()];
            pa.resize(h);
            pa[coreInGroup]++;
        }

        const double crit3 = 16.266;   // chi-square, df = 3, alpha = 0.001
        const double crit15 = 37.697;  // df = 15
        const double crit96 = 144.567; // df = 96
        const double xEdge = ChiSquare(edgeTier);
        const double xAgg = ChiSquare(aggTier);
        const double xJoint = ChiSquare(joint);
        double xPerEdge = 0;
        for (const auto& [id, counts] : perEdge)
        {
            xPerEdge += ChiSquare(counts);
        }
        double xPerAgg = 0;
        for (const auto& [id, counts] : perAgg)
        {
            xPerAgg += ChiSquare(counts);
        }
        NS_TEST_ASSERT_MSG_EQ(perEdge.size(), 32u, "every edge switch saw flows");
        NS_TEST_ASSERT_MSG_EQ(perAgg.size(), 32u, "every aggregation switch saw flows");
        NS_TEST_ASSERT_MSG_LT(xEdge, crit3, "edge tier pooled chi-square");
        NS_TEST_ASSERT_MSG_LT(xAgg, crit3, "aggregation tier pooled chi-square");
        NS_TEST_ASSERT_MSG_LT(xJoint, crit15, "joint (edge, aggregation) choice: no polarization");
        NS_TEST_ASSERT_MSG_LT(xPerEdge, crit96, "sum of per-edge-switch chi-squares");
        NS_TEST_ASSERT_MSG_LT(xPerAgg, crit96, "sum of per-aggregation-switch chi-squares");
        const double fair = static_cast<double>(nFlows) / h;
        for (uint32_t j = 0; j < h; ++j)
        {
            NS_TEST_ASSERT_MSG_GT(edgeTier[j], 0.8 * fair, "edge next hop " << j << " >= 80% fair");
            NS_TEST_ASSERT_MSG_GT(aggTier[j], 0.8 * fair, "core next hop " << j << " >= 80% fair");
        }
        std::clog << "    chi-square: edge " << xEdge << ", aggregation " << xAgg << ", joint "
                  << xJoint << ", per-edge sum " << xPerEdge << ", per-aggregation sum " << xPerAgg
                  << std::endl;
        Simulator::Destroy();
    }
};

/**
 * (e) PinFlow forces the chosen next hops (checked with TracePath and with real packets),
 * UnpinFlow/ClearPins restore the hash choice.
 */
class EcmpPinTest : public TestCase
{
  public:
    EcmpPinTest()
        : TestCase("k=4: PinFlow forces a path (lookup and real packets), UnpinFlow restores the "
                   "hash choice")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Create();
        InstallStack(ft, Ipv4FlowEcmpRoutingHelper());
        FiveTuple t;
        t.source = ft.GetHostAddress(0);
        t.destination = ft.GetHostAddress(12); // pod 3
        t.protocol = 17;
        t.sourcePort = 4242;
        t.destinationPort = 9;
        const auto original = Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(0), t);
        NS_TEST_ASSERT_MSG_EQ(original.size(), 7u, "original path");

        // Pin at the edge switch onto the other aggregation switch, then at that aggregation
        // switch onto the core switch the hash does not choose.
        Ptr<Node> edge = original[1];
        Ptr<Ipv4FlowEcmpRouting> er = Ipv4FlowEcmpRoutingHelper::GetRouting(edge);
        NS_TEST_ASSERT_MSG_EQ((er != nullptr), true, "edge switch has flow ECMP");
        const Ipv4Address hashGw = er->Lookup(t)->GetGateway();
        Ipv4Address otherGw;
        for (const auto& r : er->GetNextHops(t.destination))
        {
            if (r->GetGateway() != hashGw)
            {
                otherGw = r->GetGateway();
            }
        }
        er->PinFlow(t, otherGw);
        NS_TEST_ASSERT_MSG_EQ(er->GetNPins(), 1u, "one pin");
        NS_TEST_ASSERT_MSG_EQ(er->Lookup(t)->GetGateway(), otherGw, "pinned gateway chosen");
        auto pinned = Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(0), t);
        NS_TEST_ASSERT_MSG_EQ(pinned.size(), 7u, "pinned path");
        NS_TEST_ASSERT_MSG_NE(pinned[2], original[2], "pinned path uses the other agg switch");
        NS_TEST_ASSERT_MSG_EQ((pinned[2]->GetObject<Ipv4>()->GetInterfaceForAddress(otherGw) >= 0),
                              true,
                              "hop 2 owns the pinned gateway");

        Ptr<Ipv4FlowEcmpRouting> ar = Ipv4FlowEcmpRoutingHelper::GetRouting(pinned[2]);
        const Ipv4Address aggHashGw = ar->Lookup(t)->GetGateway();
        Ipv4Address aggOtherGw;
        for (const auto& r : ar->GetNextHops(t.destination))
        {
            if (r->GetGateway() != aggHashGw)
            {
                aggOtherGw = r->GetGateway();
            }
        }
        ar->PinFlow(t, aggOtherGw);
        pinned = Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(0), t);
        NS_TEST_ASSERT_MSG_EQ(
            (pinned[3]->GetObject<Ipv4>()->GetInterfaceForAddress(aggOtherGw) >= 0),
            true,
            "hop 3 owns the aggregation switch's pinned gateway");

        // Other flows are not affected by the pins.
        FiveTuple t2 = t;
        t2.sourcePort = 4243;
        const auto hops = er->GetNextHops(t2.destination);
        NS_TEST_ASSERT_MSG_EQ(er->Lookup(t2),
                              hops[Ipv4FlowEcmpRouting::HashFlow(t2, er->GetSalt()) % hops.size()],
                              "unpinned flow keeps its hash choice");

        // Real packets follow the pinned path.
        TxRecorder rec;
        rec.Attach(ft);
        PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
        sink.Install(ft.GetHost(12)).Start(Seconds(0));
        StartUdpFlow(ft.GetHost(0), t.destination, 4242, 9, 20, MilliSeconds(1), MilliSeconds(1));
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();
        const auto& perNode = rec.m_perFlow[TxRecorder::Key(t)];
        for (std::size_t i = 0; i + 1 < pinned.size(); ++i)
        {
            auto it = perNode.find(pinned[i]->GetId());
            NS_TEST_ASSERT_MSG_EQ((it != perNode.end() && it->second == 20u),
                                  true,
                                  "node " << pinned[i]->GetId() << " of the pinned path sent all "
                                          << "20 packets");
        }
        NS_TEST_ASSERT_MSG_EQ(perNode.size(), 6u, "only the pinned path's nodes transmitted");

        // Unpin: back to the hash choice.
        er->UnpinFlow(t);
        ar->ClearPins();
        NS_TEST_ASSERT_MSG_EQ(er->GetNPins() + ar->GetNPins(), 0u, "no pins left");
        const auto restored = Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(0), t);
        NS_TEST_ASSERT_MSG_EQ((restored == original), true, "unpinned flow takes its hash path");
        Simulator::Destroy();
    }
};

/**
 * (f) PER_PACKET mode sprays the packets of one flow over all paths.
 */
class EcmpPerPacketTest : public TestCase
{
  public:
    EcmpPerPacketTest()
        : TestCase("k=4 PER_PACKET: one UDP flow's 400 packets are spread over all 4 core "
                   "switches")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Create();
        Ipv4FlowEcmpRoutingHelper ecmp;
        ecmp.Set("Mode", StringValue("PER_PACKET"));
        InstallStack(ft, ecmp);
        NS_TEST_ASSERT_MSG_EQ(Ipv4FlowEcmpRoutingHelper::GetRouting(ft.GetCoreSwitch(0))->GetMode(),
                              Ipv4FlowEcmpRouting::PER_PACKET,
                              "mode attribute set through the helper");
        TxRecorder rec;
        rec.Attach(ft);
        PacketSinkHelper sink("ns3::UdpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), 9));
        ApplicationContainer apps = sink.Install(ft.GetHost(15));
        apps.Start(Seconds(0));
        const uint32_t n = 400;
        StartUdpFlow(ft.GetHost(0),
                     ft.GetHostAddress(15),
                     7000,
                     9,
                     n,
                     MilliSeconds(1),
                     MicroSeconds(100));
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();
        FiveTuple t;
        t.source = ft.GetHostAddress(0);
        t.destination = ft.GetHostAddress(15);
        t.protocol = 17;
        t.sourcePort = 7000;
        t.destinationPort = 9;
        const auto& perNode = rec.m_perFlow[TxRecorder::Key(t)];
        uint32_t coreTotal = 0;
        for (uint32_t c = 0; c < 4; ++c)
        {
            auto it = perNode.find(ft.GetCoreSwitch(c)->GetId());
            const uint32_t cnt = it == perNode.end() ? 0 : it->second;
            coreTotal += cnt;
            // Binomial(400, 1/4): mean 100, sd 8.7.
            NS_TEST_ASSERT_MSG_GT(cnt, 50u, "core switch " << c << " carried its share");
            NS_TEST_ASSERT_MSG_LT(cnt, 150u, "core switch " << c << " not overloaded");
        }
        NS_TEST_ASSERT_MSG_EQ(coreTotal, n, "every packet crossed exactly one core switch");
        Ptr<PacketSink> rx = DynamicCast<PacketSink>(apps.Get(0));
        NS_TEST_ASSERT_MSG_EQ(rx->GetTotalRx(), n * 200, "all packets delivered");
        Simulator::Destroy();
    }
};

/**
 * Next-hop counts, caching (one computation per destination), salts and attributes,
 * local fail-over on a down interface and recomputation.
 */
class EcmpNextHopsAndFailureTest : public TestCase
{
  public:
    EcmpNextHopsAndFailureTest()
        : TestCase("k=4: next-hop counts per tier, cache, salts, link failure and recovery")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Create();
        Ipv4FlowEcmpRoutingHelper ecmp;
        InstallStack(ft, ecmp);
        const Ipv4Address remote = ft.GetHostAddress(15); // pod 3, edge 1
        const Ipv4Address samePod = ft.GetHostAddress(2); // pod 0, edge 1
        const Ipv4Address sameEdge = ft.GetHostAddress(1);
        auto R = [](Ptr<Node> n) { return Ipv4FlowEcmpRoutingHelper::GetRouting(n); };
        NS_TEST_ASSERT_MSG_EQ(R(ft.GetHost(0))->GetNNextHops(remote), 1u, "host: 1 uplink");
        NS_TEST_ASSERT_MSG_EQ(R(ft.GetEdgeSwitch(0, 0))->GetNNextHops(remote), 2u, "edge: k/2");
        NS_TEST_ASSERT_MSG_EQ(R(ft.GetEdgeSwitch(0, 0))->GetNNextHops(samePod), 2u, "edge: k/2");
        NS_TEST_ASSERT_MSG_EQ(R(ft.GetEdgeSwitch(0, 0))->GetNNextHops(sameEdge), 1u, "down-link");
        NS_TEST_ASSERT_MSG_EQ(R(ft.GetAggregationSwitch(0, 0))->GetNNextHops(remote),
                              2u,
                              "agg: k/2");
        NS_TEST_ASSERT_MSG_EQ(R(ft.GetAggregationSwitch(0, 0))->GetNNextHops(samePod),
                              1u,
                              "agg down");
        NS_TEST_ASSERT_MSG_EQ(R(ft.GetCoreSwitch(0))->GetNNextHops(remote), 1u, "core: 1 down");
        NS_TEST_ASSERT_MSG_EQ(R(ft.GetCoreSwitch(0))->GetNNextHops(Ipv4Address("10.200.0.2")),
                              0u,
                              "no route to an unknown address");
        NS_TEST_ASSERT_MSG_EQ(
            Ipv4FlowEcmpRoutingHelper::TracePath(
                ft.GetHost(0),
                FiveTuple{ft.GetHostAddress(0), Ipv4Address("10.200.0.2"), 6, 1, 2})
                .size(),
            0u,
            "TracePath fails without a route");

        // Cache: many lookups of one destination compute its next hops once.
        Ptr<Ipv4FlowEcmpRouting> edge = R(ft.GetEdgeSwitch(0, 0));
        const uint64_t misses = edge->GetNCacheMisses();
        for (uint16_t p = 0; p < 1000; ++p)
        {
            edge->Lookup(FiveTuple{ft.GetHostAddress(0), remote, 6, p, 80});
        }
        NS_TEST_ASSERT_MSG_EQ(edge->GetNCacheMisses(), misses, "cached next hops reused");

        // Salts: drawn per node (different), or fixed by the attribute.
        NS_TEST_ASSERT_MSG_NE(R(ft.GetEdgeSwitch(0, 0))->GetSalt(),
                              R(ft.GetEdgeSwitch(0, 1))->GetSalt(),
                              "per-node salts differ");
        NS_TEST_ASSERT_MSG_EQ(Ipv4FlowEcmpRoutingHelper::AssignStreams(ft.GetNodes(), 100),
                              3 * static_cast<int64_t>(ft.GetNodes().GetN()),
                              "3 streams per node");
        const FiveTuple t{ft.GetHostAddress(0), remote, 6, 1234, 80};
        NS_TEST_ASSERT_MSG_NE(Ipv4FlowEcmpRouting::HashFlow(t, 1),
                              Ipv4FlowEcmpRouting::HashFlow(t, 2),
                              "salt changes the hash");
        FiveTuple t2 = t;
        t2.destinationPort = 81;
        NS_TEST_ASSERT_MSG_NE(Ipv4FlowEcmpRouting::HashFlow(t, 1),
                              Ipv4FlowEcmpRouting::HashFlow(t2, 1),
                              "port changes the hash");

        // Fail edge(0,0)-agg(0,0): the edge switch stops using it at once (interface down),
        // and after recomputation nobody routes through it.
        FatTreeHelper::Link link =
            ft.GetLink(ft.GetEdgeSwitch(0, 0), ft.GetAggregationSwitch(0, 0));
        NS_TEST_ASSERT_MSG_EQ(link.a, ft.GetEdgeSwitch(0, 0), "GetLink orientation");
        FatTreeHelper::SetLinkUp(link, false);
        NS_TEST_ASSERT_MSG_EQ(edge->GetNNextHops(remote), 1u, "down interface not used");
        Ipv4FlowEcmpRoutingHelper::RecomputeRoutingTables();
        NS_TEST_ASSERT_MSG_EQ(edge->GetNNextHops(remote), 1u, "recomputed: 1 uplink left");
        for (uint16_t p = 0; p < 50; ++p)
        {
            const FiveTuple f{ft.GetHostAddress(0), remote, 6, p, 80};
            auto path = Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(0), f);
            NS_TEST_ASSERT_MSG_EQ(path.size(), 7u, "still routed");
            NS_TEST_ASSERT_MSG_NE(path[2], ft.GetAggregationSwitch(0, 0), "avoids failed link");
            // Reverse direction: the destination's traffic towards host 0 must not use the
            // failed link either (agg(0,0) would have to go down to edge(0,0)).
            auto back = Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(15), Reverse(f));
            NS_TEST_ASSERT_MSG_EQ(back.size(), 7u, "reverse still routed");
            NS_TEST_ASSERT_MSG_NE(back[4], ft.GetAggregationSwitch(0, 0), "reverse avoids it");
        }
        FatTreeHelper::SetLinkUp(link, true);
        Ipv4FlowEcmpRoutingHelper::RecomputeRoutingTables();
        NS_TEST_ASSERT_MSG_EQ(edge->GetNNextHops(remote), 2u, "link restored");
        Simulator::Destroy();
    }
};

/**
 * Issue 32, item 0: the paths of a run depend on the seed, the run number and the fabric only.
 * A k=4 FatTree is built twice in two simulations, the second time after 41 random variables
 * (and a draw from each) were created: every switch has the same salt, every one of 256 flows
 * (host pairs x source ports) the same path, and a PER_PACKET switch the same sequence of
 * choices. Another run number gives other salts. (Before the fix the salt came from the next
 * automatic random stream: the second build had other salts and other paths.)
 */
class EcmpPathsIndependentOfStreamsTest : public TestCase
{
  public:
    EcmpPathsIndependentOfStreamsTest()
        : TestCase("flow -> path assignment of a run is the same whatever random variables were "
                   "created before the fabric; another run number changes the salts")
    {
    }

  private:
    /// What a build decides: salts per node, paths per flow, per-packet choices of one switch.
    struct Decisions
    {
        std::vector<uint32_t> salts;              //!< per node
        std::vector<std::vector<uint32_t>> paths; //!< per flow: node ids
        std::vector<uint32_t> perPacket;          //!< gateway of 64 per-packet lookups
    };

    static Decisions Build(uint32_t streamsBefore)
    {
        std::vector<Ptr<UniformRandomVariable>> before;
        for (uint32_t i = 0; i < streamsBefore; ++i)
        {
            before.push_back(CreateObject<UniformRandomVariable>());
            before.back()->GetValue();
        }
        FatTreeHelper ft(4);
        ft.Create();
        Ipv4FlowEcmpRoutingHelper ecmp;
        InstallStack(ft, ecmp);
        Decisions d;
        for (uint32_t n = 0; n < ft.GetNodes().GetN(); ++n)
        {
            Ptr<Ipv4FlowEcmpRouting> r = Ipv4FlowEcmpRoutingHelper::GetRouting(ft.GetNodes().Get(n));
            d.salts.push_back(r ? r->GetSalt() : 0);
        }
        for (uint32_t src = 0; src < 16; ++src)
        {
            for (uint16_t port = 0; port < 16; ++port)
            {
                const uint32_t dst = (src + 5 + port) % 16 == src ? (src + 1) % 16
                                                                  : (src + 5 + port) % 16;
                FiveTuple t{ft.GetHostAddress(src), ft.GetHostAddress(dst), 6,
                            static_cast<uint16_t>(49152 + port), 5000};
                std::vector<uint32_t> ids;
                for (const auto& node : Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(src), t))
                {
                    ids.push_back(node->GetId());
                }
                d.paths.push_back(ids);
            }
        }
        Ptr<Ipv4FlowEcmpRouting> edge = Ipv4FlowEcmpRoutingHelper::GetRouting(ft.GetEdgeSwitch(0, 0));
        edge->SetAttribute("Mode", StringValue("PER_PACKET"));
        const FiveTuple t{ft.GetHostAddress(0), ft.GetHostAddress(15), 17, 7000, 9};
        for (int i = 0; i < 64; ++i)
        {
            Ptr<Ipv4Route> route = edge->Lookup(t);
            d.perPacket.push_back(route ? route->GetGateway().Get() : 0);
        }
        Simulator::Destroy();
        return d;
    }

    void DoRun() override
    {
        const uint64_t run = RngSeedManager::GetRun();
        const Decisions a = Build(0);
        const Decisions b = Build(41);
        NS_TEST_ASSERT_MSG_EQ(a.salts.size(), 36u, "k=4: 16 hosts and 20 switches");
        NS_TEST_ASSERT_MSG_EQ((a.salts == b.salts), true, "same salts");
        for (size_t n = 0; n < a.salts.size(); ++n)
        {
            NS_TEST_ASSERT_MSG_EQ(a.salts[n], Ipv4FlowEcmpRouting::DeriveSalt(n),
                                  "salt of node " << n << " derived from its id and the run");
        }
        std::set<uint32_t> distinct(a.salts.begin(), a.salts.end());
        NS_TEST_ASSERT_MSG_EQ(distinct.size(), a.salts.size(), "every node its own salt");
        uint32_t interPod = 0;
        for (size_t f = 0; f < a.paths.size(); ++f)
        {
            NS_TEST_ASSERT_MSG_GT(a.paths[f].size(), 2u, "flow " << f << " routed");
            NS_TEST_ASSERT_MSG_EQ((a.paths[f] == b.paths[f]), true, "flow " << f << ": same path");
            interPod += a.paths[f].size() == 7;
        }
        NS_TEST_ASSERT_MSG_GT(interPod, 100u, "most flows cross the core");
        NS_TEST_ASSERT_MSG_EQ((a.perPacket == b.perPacket), true, "same per-packet choices");
        std::set<uint32_t> gateways(a.perPacket.begin(), a.perPacket.end());
        NS_TEST_ASSERT_MSG_EQ(gateways.size(), 2u, "per-packet: both uplinks used");

        RngSeedManager::SetRun(run + 1);
        const Decisions c = Build(0);
        RngSeedManager::SetRun(run);
        uint32_t same = 0;
        for (size_t n = 0; n < a.salts.size(); ++n)
        {
            same += a.salts[n] == c.salts[n];
        }
        NS_TEST_ASSERT_MSG_EQ(same, 0u, "another run: other salts");
        uint32_t samePaths = 0;
        for (size_t f = 0; f < a.paths.size(); ++f)
        {
            samePaths += a.paths[f] == c.paths[f];
        }
        // Independent choices over 4 inter-pod paths: about a quarter of the flows keep theirs.
        NS_TEST_ASSERT_MSG_LT(samePaths, 160u, "another run: other paths");
    }
};

/**
 * A fixed "Salt" attribute makes the choice a pure function of the 5-tuple:
 * next hop index = HashFlow(tuple, salt) % n, in the order of GetNextHops().
 */
class EcmpFixedSaltTest : public TestCase
{
  public:
    EcmpFixedSaltTest()
        : TestCase("Salt attribute: choice is HashFlow(tuple, salt) % n over GetNextHops()")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Create();
        Ipv4FlowEcmpRoutingHelper ecmp;
        ecmp.Set("Salt", UintegerValue(12345));
        InstallStack(ft, ecmp);
        Ptr<Ipv4FlowEcmpRouting> edge =
            Ipv4FlowEcmpRoutingHelper::GetRouting(ft.GetEdgeSwitch(1, 0));
        NS_TEST_ASSERT_MSG_EQ(edge->GetSalt(), 12345u, "salt attribute");
        const auto hops = edge->GetNextHops(ft.GetHostAddress(0));
        NS_TEST_ASSERT_MSG_EQ(hops.size(), 2u, "two next hops");
        for (uint16_t p = 0; p < 200; ++p)
        {
            const FiveTuple t{ft.GetHostAddress(4), ft.GetHostAddress(0), 6, p, 443};
            const uint32_t idx = Ipv4FlowEcmpRouting::HashFlow(t, 12345) % hops.size();
            NS_TEST_ASSERT_MSG_EQ(edge->Lookup(t), hops[idx], "hash choice for port " << p);
        }
        Simulator::Destroy();
    }
};

/// The suite.
/**
 * Two topologies built one after the other in one simulation, each populating the routes when
 * it is built (as DatacenterTopology::InstallStack does): the second populate recomputes, so the
 * first topology's nodes keep exactly their routes (ns-3's second PopulateRoutingTables() would
 * give them every route again, and leak the LSAs already in its database).
 */
class EcmpPopulateTwiceTest : public TestCase
{
  public:
    EcmpPopulateTwiceTest()
        : TestCase("two topologies in one simulation: the second populate recomputes, no route "
                   "twice")
    {
    }

  private:
    /// A line of three nodes on two point-to-point links in 10.<net>.{1,2}.0/24, routed.
    static NodeContainer Line(uint32_t net)
    {
        NodeContainer n;
        n.Create(3);
        Ipv4StaticRoutingHelper staticRouting;
        Ipv4ListRoutingHelper list;
        list.Add(staticRouting, 0);
        list.Add(Ipv4FlowEcmpRoutingHelper(), -10);
        InternetStackHelper stack;
        stack.SetIpv6StackInstall(false);
        stack.SetRoutingHelper(list);
        stack.Install(n);
        PointToPointHelper p2p;
        Ipv4AddressHelper addr(("10." + std::to_string(net) + ".1.0").c_str(), "255.255.255.0");
        addr.Assign(p2p.Install(n.Get(0), n.Get(1)));
        addr.SetBase(("10." + std::to_string(net) + ".2.0").c_str(), "255.255.255.0");
        addr.Assign(p2p.Install(n.Get(1), n.Get(2)));
        return n;
    }

    static uint32_t Routes(Ptr<Node> node)
    {
        using Router = MPTCP_IPV4_GLOBAL_ROUTER;
        return node->GetObject<Router>()->GetRoutingProtocol()->GetNRoutes();
    }

    void DoRun() override
    {
        NodeContainer a = Line(1);
        NS_TEST_ASSERT_MSG_EQ(Ipv4FlowEcmpRoutingHelper::IsGlobalRoutingBuilt(), false, "fresh");
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
        NS_TEST_ASSERT_MSG_EQ(Ipv4FlowEcmpRoutingHelper::IsGlobalRoutingBuilt(), true, "built");
        // The middle node of the line, with a route per address and network of the two links
        // (an end node gets a default route only).
        const uint32_t first = Routes(a.Get(1));
        std::clog << GetName() << ": " << first << " routes at the middle node of a line"
                  << std::endl;
        NS_TEST_ASSERT_MSG_GT(first, 0U, "routes after the first populate");
        NodeContainer b = Line(2);
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
        NS_TEST_ASSERT_MSG_EQ(Routes(a.Get(1)), first, "the first line's routes, once");
        NS_TEST_ASSERT_MSG_EQ(Routes(b.Get(1)), first, "the second line: the same routes");
        auto next = [](Ptr<Node> n, const char* to) {
            return Ipv4FlowEcmpRoutingHelper::GetRouting(n)->GetNNextHops(Ipv4Address(to));
        };
        NS_TEST_ASSERT_MSG_EQ(next(a.Get(0), "10.1.2.2"), 1U, "line 1 routed end to end");
        NS_TEST_ASSERT_MSG_EQ(next(b.Get(0), "10.2.2.2"), 1U, "line 2 routed end to end");
        Simulator::Destroy();
    }
};

class Ipv4FlowEcmpRoutingTestSuite : public TestSuite
{
  public:
    Ipv4FlowEcmpRoutingTestSuite()
        : TestSuite("mptcp-ecmp-routing", MPTCP_TEST_UNIT)
    {
        AddTestCase(new EcmpNextHopsAndFailureTest(), MPTCP_TEST_QUICK);
        AddTestCase(new EcmpFixedSaltTest(), MPTCP_TEST_QUICK);
        AddTestCase(new EcmpPathsIndependentOfStreamsTest(), MPTCP_TEST_QUICK);
        AddTestCase(new EcmpPopulateTwiceTest(), MPTCP_TEST_QUICK);
        AddTestCase(new EcmpFlowConsistencyTest(), MPTCP_TEST_QUICK);
        AddTestCase(new EcmpPinTest(), MPTCP_TEST_QUICK);
        AddTestCase(new EcmpPerPacketTest(), MPTCP_TEST_QUICK);
        AddTestCase(new EcmpUniformityTest(), MPTCP_TEST_QUICK);
    }
};

/// Static instance.
Ipv4FlowEcmpRoutingTestSuite g_ipv4FlowEcmpRoutingTestSuite;

} // namespace
