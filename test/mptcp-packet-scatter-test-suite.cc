/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Host-side Packet Scatter (MMPTCP thesis §3.3-3.6, §4.7): random source port on every data
 * segment, token demultiplexing at the receiver (MP_SCATTER), spreading over a FatTree's cores,
 * the duplicate-ACK threshold against reordering, and its automatic value.
 */
#include "mptcp-test-harness.h"

#include "ns3/equal-cost-path-counter.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-packet-scatter-socket.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-transport-socket-factory.h"
#include "ns3/ppp-header.h"
#include "ns3/test.h"
#include "ns3/traffic-matrix.h"

#include <memory>
#include <set>

using namespace ns3;

namespace
{

/**
 * The TCP header of a packet seen by a point-to-point device's MacTx trace (PPP, IPv4 first).
 * \param p the packet
 * \param tcp filled with its TCP header
 * \return the TCP payload size (0 for a pure ACK or a non-TCP packet)
 */
uint32_t
PeekTcp(Ptr<const Packet> p, TcpHeader& tcp)
{
    Ptr<Packet> c = p->Copy();
    PppHeader ppp; // MacTx fires after the device added it
    c->RemoveHeader(ppp);
    Ipv4Header ip;
    c->RemoveHeader(ip);
    if (ip.GetProtocol() != 6)
    {
        return 0;
    }
    c->RemoveHeader(tcp);
    return c->GetSize();
}

/// Jain's fairness index of \p x: (sum x)^2 / (n sum x^2).
double
Jain(const std::vector<double>& x)
{
    double s = 0;
    double s2 = 0;
    for (double v : x)
    {
        s += v;
        s2 += v * v;
    }
    return s2 > 0 ? s * s / (x.size() * s2) : 0;
}

/// Transport defaults of these tests: MPTCP defaults, PS attributes as the thesis's code.
void
ConfigurePs()
{
    ConfigureTransport(1, Lia(), 131072);
    Config::SetDefault("ns3::PacketScatterSocket::DupAckThreshold", UintegerValue(0));
    Config::SetDefault("ns3::PacketScatterSocket::LimitedTransmit", BooleanValue(false));
    Config::SetDefault("ns3::PacketScatterSocket::MinRto", TimeValue(MilliSeconds(200)));
}

/**
 * Two PS connections between the same two hosts over two ECMP paths: every byte of each
 * arrives once and in order, every data segment left with a random source port (MP_SCATTER),
 * and the receiver found each segment's connection by token.
 */
class ScatterDeliveryTest : public TestCase
{
  public:
    ScatterDeliveryTest()
        : TestCase("two PS connections between the same hosts: random ports on the wire, "
                   "bytes exact per connection")
    {
    }

  private:
    void DoRun() override
    {
        ConfigurePs();
        TwoPathTopology t;
        Ptr<Node> a = t.n.Get(0);
        Ptr<Node> b = t.n.Get(5);
        const uint64_t bytes = 1000000;
        Ptr<Socket> l1 = Listen(b, MpTcpSocketFactory::GetTypeId());
        Ptr<Socket> l2 = Socket::CreateSocket(b, MpTcpSocketFactory::GetTypeId());
        l2->Bind(InetSocketAddress(Ipv4Address::GetAny(), 5001));
        l2->Listen();
        PatternReceiver r1(l1);
        PatternReceiver r2(l2);
        Ptr<Socket> c1 = Socket::CreateSocket(a, PacketScatterSocketFactory::GetTypeId());
        Ptr<Socket> c2 = Socket::CreateSocket(a, PacketScatterSocketFactory::GetTypeId());
        DynamicCast<PacketScatterSocket>(c1)->AssignStreams(11);
        DynamicCast<PacketScatterSocket>(c2)->AssignStreams(12);
        PatternSender s1(c1, bytes);
        PatternSender s2(c2, bytes);
        Ipv4Address to = t.b;
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([c1, c2, to]() {
            c1->Connect(InetSocketAddress(to, 5000));
            c2->Connect(InetSocketAddress(to, 5001));
        }));
        std::set<uint16_t> ports;
        uint64_t dataSegments = 0;
        t.links[0].Get(0)->TraceConnectWithoutContext(
            "MacTx",
            Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([&](Ptr<const Packet> p) {
                TcpHeader h;
                if (PeekTcp(p, h) > 0)
                {
                    ports.insert(h.GetSourcePort());
                    ++dataSegments;
                }
            })));
        Simulator::Stop(Seconds(30));
        Simulator::Run();

        auto ps1 = DynamicCast<PacketScatterSocket>(c1);
        auto ps2 = DynamicCast<PacketScatterSocket>(c2);
        Ptr<MpTcpL4Protocol> l4 = b->GetObject<MpTcpL4Protocol>();
        std::cout << GetName() << ": " << dataSegments << " data segments, " << ports.size()
                  << " source ports, " << MpTcpScatterRxHook::Get(l4)->GetScatterDelivered()
                  << " delivered by token"
                  << std::endl;
        NS_TEST_ASSERT_MSG_EQ(r1.m_received, bytes, "connection 1: every byte");
        NS_TEST_ASSERT_MSG_EQ(r1.m_mismatches, 0, "connection 1: in order, no foreign byte");
        NS_TEST_ASSERT_MSG_EQ(r2.m_received, bytes, "connection 2: every byte");
        NS_TEST_ASSERT_MSG_EQ(r2.m_mismatches, 0, "connection 2: in order, no foreign byte");
        NS_TEST_ASSERT_MSG_EQ(ps1->GetSubflows().size(), 1, "PS never opens a second subflow");
        // Every data segment after the connection's first DATA_ACK is scattered; the first
        // window (ns-3's initial window: 10 segments per connection) keeps the real port.
        const uint64_t scattered = ps1->GetScatteredSegments() + ps2->GetScatteredSegments();
        NS_TEST_ASSERT_MSG_GT(scattered, dataSegments - 2 * 10 - 1,
                              "every data segment after the first window was scattered");
        NS_TEST_ASSERT_MSG_LT(scattered, dataSegments, "the first window keeps the real port");
        NS_TEST_ASSERT_MSG_GT(ports.size(), 500, "fresh random source ports (1 MB each)");
        Ptr<MpTcpScatterRxHook> hook = MpTcpScatterRxHook::Get(l4);
        NS_TEST_ASSERT_MSG_GT(hook->GetScatterDelivered(), 1400, "delivered by token");
        NS_TEST_ASSERT_MSG_EQ(hook->GetScatterDrops(), 0, "no scattered segment dropped");
        Simulator::Destroy();
    }
};

/**
 * Scattered segments with an unknown token or a malformed MP_SCATTER are counted and dropped;
 * the connection they pretend to belong to is unharmed.
 */
class ScatterBadInputTest : public TestCase
{
  public:
    ScatterBadInputTest()
        : TestCase("MP_SCATTER with an unknown token or a bad length is counted and dropped")
    {
    }

  private:
    void DoRun() override
    {
        ConfigurePs();
        OneLinkTopology t("10.8.1.0");
        Ptr<Node> server = t.nodes.Get(1);
        Ptr<Socket> l = Listen(server, MpTcpSocketFactory::GetTypeId());
        PatternReceiver r(l);
        Ptr<Socket> c =
            Socket::CreateSocket(t.nodes.Get(0), PacketScatterSocketFactory::GetTypeId());
        const uint64_t bytes = 300000;
        PatternSender s(c, bytes);
        Address to = InetSocketAddress(t.ifs.GetAddress(1), 5000);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([c, to]() { c->Connect(to); }));
        Ptr<MpTcpL4Protocol> l4 = server->GetObject<MpTcpL4Protocol>();
        auto inject = [&t, l4](const std::vector<uint8_t>& option) {
            TcpHeader h;
            h.SetSourcePort(4242);
            h.SetDestinationPort(5000);
            h.SetFlags(TcpHeader::ACK);
            Ptr<TcpOptionMpTcp> o = CreateObject<TcpOptionMpTcp>();
            o->SetBytes(option);
            h.AppendOption(o);
            Ptr<Packet> p = Create<Packet>(100);
            p->AddHeader(h);
            Ipv4Header ip;
            ip.SetSource(t.ifs.GetAddress(0));
            ip.SetDestination(t.ifs.GetAddress(1));
            ip.SetProtocol(6);
            l4->Receive(p, ip, Ptr<Ipv4Interface>());
        };
        uint32_t token = 0;
        Simulator::Schedule(Seconds(0.2), MPTCP_EVENT([&]() {
            token = DynamicCast<MpTcpSocketBase>(r.m_conn)->GetLocalToken();
            auto unknown = SerializeMpTcpOption(MpScatterOption{token + 1});
            inject(unknown);
            inject({30, 9, 0xF0, 0, 1, 2, 3, 4, 5}); // one byte too long
            inject({30, 4, 0xF0, 0});               // no token
        }));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(MpTcpScatterRxHook::Get(l4)->GetScatterDrops(),
                              3,
                              "three bad segments counted, dropped");
        NS_TEST_ASSERT_MSG_EQ(r.m_received, bytes, "the real connection got every byte");
        NS_TEST_ASSERT_MSG_EQ(r.m_mismatches, 0, "and nothing injected");
        Simulator::Destroy();
    }
};

/**
 * A k=8 FatTree with per-flow ECMP and a stride matrix (every flow crosses the core): PS spreads
 * its packets evenly over all aggregation-core links (thesis §4.8.5: Jain 0.999), TCP does not
 * (flows collide on hashed paths).
 */
class FatTreeSpreadTest : public TestCase
{
  public:
    FatTreeSpreadTest()
        : TestCase("k=8 FatTree, stride: PS spreads data over all 16 cores (Jain >= 0.99), TCP "
                   "clearly less")
    {
    }

    /**
     * \param factory the senders' socket factory
     * \param coresUsed filled with the number of core switches that carried data
     * \param delivered filled with the bytes the receivers got in order
     * \param mismatches filled with the bytes that did not match the pattern
     * \return Jain's index of data packets per aggregation-core link
     */
    static double Run(TypeId factory,
                      uint32_t& coresUsed,
                      uint64_t& delivered,
                      uint64_t& mismatches)
    {
        ConfigurePs();
        FatTreeHelper ft(8);
        ft.Create();
        MpTcpStackHelper stack;
        stack.SetRoutingHelper(Ipv4FlowEcmpRoutingHelper());
        stack.Install(ft.GetNodes());
        ft.AssignIpv4Addresses();
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
        const uint32_t n = ft.GetNHosts();
        std::vector<Ptr<Socket>> listeners;
        std::vector<std::unique_ptr<PatternReceiver>> receivers;
        std::vector<std::unique_ptr<PatternSender>> senders;
        for (uint32_t i = 0; i < n; ++i)
        {
            listeners.push_back(Listen(ft.GetHost(i), MpTcpSocketFactory::GetTypeId()));
            receivers.push_back(std::make_unique<PatternReceiver>(listeners.back()));
        }
        for (const auto& [src, dst] : TrafficMatrix::Stride(n, TrafficMatrix::DefaultStride(n)))
        {
            Ptr<Socket> c = Socket::CreateSocket(ft.GetHost(src), factory);
            senders.push_back(std::make_unique<PatternSender>(c, 100000000));
            Address to = InetSocketAddress(ft.GetHostAddress(dst), 5000);
            Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT([c, to]() { c->Connect(to); }));
        }
        auto links = ft.GetLinks(FatTreeHelper::AGGREGATION_CORE);
        std::vector<double> perLink(links.size(), 0);
        std::map<Ptr<Node>, double> perCore;
        for (size_t i = 0; i < links.size(); ++i)
        {
            for (auto dev : {links[i].devA, links[i].devB})
            {
                Ptr<Node> core = links[i].b;
                dev->TraceConnectWithoutContext(
                    "MacTx",
                    Callback<void, Ptr<const Packet>>(
                        MPTCP_CALLBACK([&perLink, &perCore, i, core](Ptr<const Packet> p) {
                            TcpHeader h;
                            if (PeekTcp(p, h) > 0)
                            {
                                perLink[i] += 1;
                                perCore[core] += 1;
                            }
                        })));
            }
        }
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();
        coresUsed = perCore.size();
        delivered = 0;
        mismatches = 0;
        for (const auto& r : receivers)
        {
            delivered += r->m_received;
            mismatches += r->m_mismatches;
        }
        Simulator::Destroy();
        return Jain(perLink);
    }

  private:
    void DoRun() override
    {
        uint32_t psCores = 0;
        uint32_t tcpCores = 0;
        uint64_t psBytes = 0;
        uint64_t tcpBytes = 0;
        uint64_t psBad = 0;
        uint64_t tcpBad = 0;
        double ps = Run(PacketScatterSocketFactory::GetTypeId(), psCores, psBytes, psBad);
        double tcp = Run(TcpSocketFactory::GetTypeId(), tcpCores, tcpBytes, tcpBad);
        std::cout << GetName() << ": Jain per agg-core link PS " << ps << " (" << psCores
                  << " cores, " << psBytes << " B delivered), TCP " << tcp << " (" << tcpCores
                  << " cores, " << tcpBytes << " B)" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(psCores, 16, "PS uses all 16 core switches");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(ps, 0.99, "PS: even over the 128 agg-core links");
        NS_TEST_ASSERT_MSG_LT(tcp, 0.9, "per-flow ECMP with TCP: flows collide");
        NS_TEST_ASSERT_MSG_GT(psBytes, 0, "PS delivered data");
        NS_TEST_ASSERT_MSG_EQ(psBad, 0, "PS: every delivered byte in order");
        NS_TEST_ASSERT_MSG_EQ(tcpBad, 0, "TCP: every delivered byte in order");
    }
};

/**
 * Reordering without loss: four parallel links of 1, 3, 5 and 7 ms between two switches
 * (segments 1.2 ms apart at the 10 Mb/s bottleneck are overtaken by at most 5 later ones). PS
 * with DupAckThreshold 3 + 4 makes no fast retransmit; with 3 it makes some. Both byte-exact.
 */
class ReorderingTest : public TestCase
{
  public:
    ReorderingTest()
        : TestCase("4 parallel links of different delays: DupAckThreshold 7 -> no fast "
                   "retransmit, 3 -> some")
    {
    }

    /**
     * \param threshold DupAckThreshold
     * \param recoveries filled with the CA_RECOVERY entries of the subflow
     * \param paths filled with the S1-S2 links that carried data
     * \return bytes received in order (pattern checked: 0 if any mismatch)
     */
    static uint64_t Run(uint32_t threshold, uint32_t& recoveries, uint32_t& paths)
    {
        ConfigurePs();
        Config::SetDefault("ns3::PacketScatterSocket::DupAckThreshold", UintegerValue(threshold));
        ParallelLinksTopology t(
            {MilliSeconds(1), MilliSeconds(3), MilliSeconds(5), MilliSeconds(7)});
        Ptr<Socket> l = Listen(t.n.Get(3), MpTcpSocketFactory::GetTypeId());
        PatternReceiver r(l);
        Ptr<Socket> c = Socket::CreateSocket(t.n.Get(0), PacketScatterSocketFactory::GetTypeId());
        DynamicCast<PacketScatterSocket>(c)->AssignStreams(21);
        PatternSender s(c, 500000);
        recoveries = 0;
        Address to = InetSocketAddress(t.b, 5000);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([c, to, &recoveries]() {
            c->Connect(to);
            DynamicCast<MpTcpSocketBase>(c)->GetSubflows().front()->TraceConnectWithoutContext(
                "CongState",
                Callback<void, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t>(
                    MPTCP_CALLBACK([&recoveries](TcpSocketState::TcpCongState_t,
                                  TcpSocketState::TcpCongState_t now) {
                        recoveries += now == TcpSocketState::CA_RECOVERY;
                    })));
        }));
        std::set<uint32_t> used;
        Ptr<Node> s1 = t.n.Get(1);
        for (uint32_t i = 0; i < s1->GetNDevices(); ++i)
        {
            Ptr<NetDevice> dev = s1->GetDevice(i);
            dev->TraceConnectWithoutContext("MacTx",
                                            Callback<void, Ptr<const Packet>>(
                                                MPTCP_CALLBACK([&used, i](Ptr<const Packet> p) {
                                                    TcpHeader h;
                                                    if (PeekTcp(p, h) > 0)
                                                    {
                                                        used.insert(i);
                                                    }
                                                })));
        }
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        paths = used.size();
        uint64_t got = r.m_mismatches == 0 ? r.m_received : 0;
        Simulator::Destroy();
        return got;
    }

  private:
    void DoRun() override
    {
        uint32_t recHigh = 0;
        uint32_t recLow = 0;
        uint32_t pathsHigh = 0;
        uint32_t pathsLow = 0;
        uint64_t high = Run(7, recHigh, pathsHigh);
        uint64_t low = Run(3, recLow, pathsLow);
        std::cout << GetName() << ": fast recoveries with threshold 7: " << recHigh
                  << ", with 3: " << recLow << std::endl;
        NS_TEST_ASSERT_MSG_EQ(pathsHigh, 4, "data took all four links");
        NS_TEST_ASSERT_MSG_EQ(high, 500000, "threshold 7: bytes exact");
        NS_TEST_ASSERT_MSG_EQ(low, 500000, "threshold 3: bytes exact");
        NS_TEST_ASSERT_MSG_EQ(recHigh, 0, "threshold 3 + 4 paths: no fast retransmit");
        NS_TEST_ASSERT_MSG_GT(recLow, 0, "threshold 3: reordering triggers fast retransmits");
    }
};

/**
 * The automatic threshold on a k=8 FatTree (FatTreeHelper installs EqualCostPathCounter):
 * 3 + 1 / 3 + 4 / 3 + 16 for same-ToR / same-pod / inter-pod destinations (thesis §3.6); 3
 * on a host without a counter.
 */
class AutoThresholdTest : public TestCase
{
  public:
    AutoThresholdTest()
        : TestCase("automatic DupAckThreshold on a k=8 FatTree is 4, 7, 19; 3 without a "
                   "path counter")
    {
    }

  private:
    void DoRun() override
    {
        ConfigurePs();
        FatTreeHelper ft(8);
        ft.Create();
        MpTcpStackHelper stack;
        stack.SetRoutingHelper(Ipv4FlowEcmpRoutingHelper());
        stack.Install(ft.GetNodes());
        ft.AssignIpv4Addresses();
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
        const std::vector<uint32_t> dsts = {1, 4, 16}; // same ToR, same pod, another pod
        const std::vector<uint32_t> paths = {1, 4, 16};
        const std::vector<uint32_t> expected = {4, 7, 19};
        std::vector<Ptr<Socket>> listeners;
        std::vector<Ptr<PacketScatterSocket>> clients;
        for (uint32_t i = 0; i < dsts.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(ft.GetEqualCostPathCount(0, dsts[i]), paths[i], "path count");
            listeners.push_back(Listen(ft.GetHost(dsts[i]), MpTcpSocketFactory::GetTypeId()));
            clients.push_back(DynamicCast<PacketScatterSocket>(
                Socket::CreateSocket(ft.GetHost(0), PacketScatterSocketFactory::GetTypeId())));
            Ptr<Socket> c = clients.back();
            Address to = InetSocketAddress(ft.GetHostAddress(dsts[i]), 5000);
            Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT([c, to]() { c->Connect(to); }));
        }
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();
        for (uint32_t i = 0; i < dsts.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(clients[i]->GetDupAckThreshold(),
                                  expected[i],
                                  "threshold to host " << dsts[i]);
        }
        // The other settings of the scattering subflow (ConfigurePs: false, 200 ms; the
        // subflows' own defaults are true and 1 s).
        Ptr<MpTcpSubflow> sf = clients[0]->GetSubflows().front();
        BooleanValue lt;
        sf->GetAttribute("LimitedTransmit", lt);
        TimeValue minRto;
        sf->GetAttribute("MinRto", minRto);
        NS_TEST_ASSERT_MSG_EQ(lt.Get(), false, "LimitedTransmit applied to the subflow");
        NS_TEST_ASSERT_MSG_EQ(minRto.Get(), MilliSeconds(200), "MinRto applied to the subflow");
        NS_TEST_ASSERT_MSG_EQ(sf->GetCongestionOps()->GetName(), "TcpNewRenoCwv", "NewReno (with window validation)");
        Simulator::Destroy();

        ConfigurePs();
        OneLinkTopology t("10.8.2.0");
        Ptr<Socket> l = Listen(t.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        auto c = DynamicCast<PacketScatterSocket>(
            Socket::CreateSocket(t.nodes.Get(0), PacketScatterSocketFactory::GetTypeId()));
        Address to = InetSocketAddress(t.ifs.GetAddress(1), 5000);
        Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT([c, to]() { c->Connect(to); }));
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(c->GetDupAckThreshold(), 3, "no EqualCostPathCounter: 3");
        Simulator::Destroy();
    }
};

/// The packet-scatter suite.
class MpTcpPacketScatterTestSuite : public TestSuite
{
  public:
    MpTcpPacketScatterTestSuite()
        : TestSuite("mptcp-packet-scatter", MPTCP_TEST_UNIT)
    {
        AddTestCase(new ScatterDeliveryTest(), MPTCP_TEST_QUICK);
        AddTestCase(new ScatterBadInputTest(), MPTCP_TEST_QUICK);
        AddTestCase(new ReorderingTest(), MPTCP_TEST_QUICK);
        AddTestCase(new AutoThresholdTest(), MPTCP_TEST_QUICK);
        AddTestCase(new FatTreeSpreadTest(), MPTCP_TEST_QUICK);
    }
};

/// The suite's instance.
static MpTcpPacketScatterTestSuite g_mpTcpPacketScatterTestSuite;

} // namespace
