/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * End-to-end transfers over MPTCP: exact bytes in order, and throughput properties.
 */
#include "mptcp-test-harness.h"

#include "ns3/applications-module.h"
#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/test.h"

#include <deque>
#include <tuple>

using namespace ns3;

namespace
{

/**
 * Two hosts on one link. MPTCP with one subflow moves an exact byte stream, and its goodput is
 * within 5% of ns-3's own TCP (NewReno) on the same link.
 */
class SingleLinkTest : public TestCase
{
  public:
    SingleLinkTest(bool mptcp, uint32_t subflows, uint64_t bytes, double* goodput)
        : TestCase(std::string(mptcp ? "MPTCP-" + std::to_string(subflows) : "TCP") +
                   " on one 10 Mbps link: " + std::to_string(bytes) + " bytes exact and in order"),
          m_mptcp(mptcp),
          m_subflows(subflows),
          m_bytes(bytes),
          m_goodput(goodput)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(m_subflows, Lia(), 131072);
        NodeContainer nodes;
        nodes.Create(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("1ms"));
        p2p.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("100p"));
        NetDeviceContainer devs = p2p.Install(nodes);
        MpTcpStackHelper stack;
        stack.Install(nodes);
        Ipv4AddressHelper addr("10.1.1.0", "255.255.255.0");
        Ipv4InterfaceContainer ifs = addr.Assign(devs);
        UseDropTail(devs);

        TypeId factory = m_mptcp ? MpTcpSocketFactory::GetTypeId() : TcpSocketFactory::GetTypeId();
        Ptr<Socket> listener = Listen(nodes.Get(1), factory);
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(nodes.Get(0), factory);
        PatternSender tx(client, m_bytes);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, &ifs]() {
            client->Bind();
            client->Connect(InetSocketAddress(ifs.GetAddress(1), 5000));
        }));
        Simulator::Stop(Seconds(30));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, m_bytes, "every byte must arrive");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "bytes must arrive in order, unaltered");
        if (m_mptcp)
        {
            auto conn = DynamicCast<MpTcpSocketBase>(rx.m_conn);
            NS_TEST_ASSERT_MSG_NE(conn, nullptr, "server socket is an MPTCP connection");
            NS_TEST_ASSERT_MSG_EQ(conn->IsFallback(), false, "MPTCP must be negotiated");
            NS_TEST_ASSERT_MSG_EQ(conn->GetSubflows().size(), m_subflows, "subflow count");
            NS_TEST_ASSERT_MSG_EQ(conn->GetProtocolErrors(), 0, "no protocol errors");
        }
        // Goodput over the first 2 s of transfer (starting at 0.1 s).
        *m_goodput = BytesAt(rx, 2.1) * 8.0 / 2.0;
        Simulator::Destroy();
    }

    bool m_mptcp;
    uint32_t m_subflows;
    uint64_t m_bytes;
    double* m_goodput;
};

/// Compares the goodputs measured by two SingleLinkTests.
class RatioCheck : public TestCase
{
  public:
    RatioCheck(std::string name, const double* a, const double* b, double lo, double hi)
        : TestCase(name),
          m_a(a),
          m_b(b),
          m_lo(lo),
          m_hi(hi)
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_GT(*m_b, 0, "baseline goodput must be positive");
        double ratio = *m_a / *m_b;
        std::cout << GetName() << ": " << *m_a << " vs " << *m_b << ", ratio " << ratio
                  << std::endl;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(ratio, m_lo, "ratio below bound");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(ratio, m_hi, "ratio above bound");
    }

    const double* m_a;
    const double* m_b;
    double m_lo;
    double m_hi;
};

/**
 * RFC 6356 goal 2 ("do no harm"): an MPTCP connection with two subflows and one TCP flow share
 * one 10 Mb/s bottleneck. With LIA (and OLIA, BALIA, EWTCP, fully coupled) the MPTCP connection
 * takes no more than ~1.3x the TCP flow's goodput; with uncoupled NewReno subflows it takes
 * about twice as much.
 *
 * The bottleneck runs RED (a 1-packet device queue under a RED queue disc): with DropTail the
 * simulation is deterministic and phase effects (Floyd and Jacobson, 1992) decide who loses,
 * which can skew any pair of flows either way. The ratio is averaged over three runs (RED's
 * random drops differ with the run number).
 */
class SharedBottleneckTest : public TestCase
{
  public:
    SharedBottleneckTest(TypeId cc, double lo, double hi, double* ratioOut)
        : TestCase("MPTCP-2 (" + cc.GetName() + ") against one TCP flow at a shared bottleneck"),
          m_cc(cc),
          m_lo(lo),
          m_hi(hi),
          m_ratioOut(ratioOut)
    {
    }

  private:
    double RunOnce(uint32_t run)
    {
        RngSeedManager::SetRun(run);
        ConfigureTransport(2, m_cc, 1 << 20);
        // 0: MPTCP sender, 1: TCP sender, 2-3: routers, 4: receiver
        NodeContainer n;
        n.Create(5);
        PointToPointHelper access;
        access.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        access.SetChannelAttribute("Delay", StringValue("1ms"));
        access.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("100p"));
        PointToPointHelper bottleneck = access;
        bottleneck.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        bottleneck.SetChannelAttribute("Delay", StringValue("5ms"));
        bottleneck.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("1p"));
        MpTcpStackHelper stack;
        stack.Install(n);
        Ipv4AddressHelper addr("10.2.0.0", "255.255.255.0");
        std::vector<NetDeviceContainer> links = {access.Install(n.Get(0), n.Get(2)),
                                                 access.Install(n.Get(1), n.Get(2)),
                                                 bottleneck.Install(n.Get(2), n.Get(3)),
                                                 access.Install(n.Get(3), n.Get(4))};
        Ipv4Address receiver;
        for (size_t i = 0; i < links.size(); ++i)
        {
            Ipv4InterfaceContainer ifs = addr.Assign(links[i]);
            addr.NewNetwork();
            UseDropTail(links[i]);
            receiver = ifs.GetAddress(1);
            if (i == 2)
            {
                TrafficControlHelper red;
                red.SetRootQueueDisc("ns3::RedQueueDisc",
                                     "MaxSize", StringValue("100p"),
                                     "MinTh", DoubleValue(5),
                                     "MaxTh", DoubleValue(15));
                red.Install(links[i]);
            }
        }
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();

        Ptr<Socket> l0 = Socket::CreateSocket(n.Get(4), MpTcpSocketFactory::GetTypeId());
        l0->Bind(InetSocketAddress(Ipv4Address::GetAny(), 5000));
        l0->Listen();
        PatternReceiver rxMptcp(l0);
        Ptr<Socket> l1 = Socket::CreateSocket(n.Get(4), TcpSocketFactory::GetTypeId());
        l1->Bind(InetSocketAddress(Ipv4Address::GetAny(), 5001));
        l1->Listen();
        PatternReceiver rxTcp(l1);
        const uint64_t lots = 1ULL << 40;
        Ptr<Socket> c0 = Socket::CreateSocket(n.Get(0), MpTcpSocketFactory::GetTypeId());
        PatternSender tx0(c0, lots);
        Ptr<Socket> c1 = Socket::CreateSocket(n.Get(1), TcpSocketFactory::GetTypeId());
        PatternSender tx1(c1, lots);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([=]() {
            c0->Bind();
            c0->Connect(InetSocketAddress(receiver, 5000));
            c1->Bind();
            c1->Connect(InetSocketAddress(receiver, 5001));
        }));
        const double t0 = 5;
        const double t1 = 25;
        Simulator::Stop(Seconds(t1));
        Simulator::Run();
        double mptcp = (BytesAt(rxMptcp, t1) - BytesAt(rxMptcp, t0)) * 8 / (t1 - t0);
        double tcp = (BytesAt(rxTcp, t1) - BytesAt(rxTcp, t0)) * 8 / (t1 - t0);
        std::cout << GetName() << ", run " << run << ": MPTCP " << mptcp / 1e6 << " Mb/s, TCP "
                  << tcp / 1e6 << " Mb/s, ratio " << mptcp / tcp << std::endl;
        NS_TEST_EXPECT_MSG_EQ(rxMptcp.m_mismatches + rxTcp.m_mismatches, 0, "bytes in order");
        auto conn = DynamicCast<MpTcpSocketBase>(rxMptcp.m_conn);
        NS_TEST_EXPECT_MSG_EQ((conn && conn->GetNEstablishedSubflows() == 2), true, "2 subflows");
        NS_TEST_EXPECT_MSG_GT((mptcp + tcp), 8.5e6, "the bottleneck is used");
        Simulator::Destroy();
        return tcp > 0 ? mptcp / tcp : 1e9;
    }

    void DoRun() override
    {
        double sum = 0;
        const uint32_t runs = 3;
        for (uint32_t r = 1; r <= runs; ++r)
        {
            sum += RunOnce(r);
        }
        double ratio = sum / runs;
        *m_ratioOut = ratio;
        std::cout << GetName() << ": mean ratio " << ratio << std::endl;
        NS_TEST_ASSERT_MSG_GT_OR_EQ(ratio, m_lo, "MPTCP/TCP goodput ratio below bound");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(ratio, m_hi, "MPTCP/TCP goodput ratio above bound");
        RngSeedManager::SetRun(1);
    }

    TypeId m_cc;
    double m_lo;
    double m_hi;
    double* m_ratioOut;
};

/**
 * Two hosts joined by two disjoint 10 Mb/s paths (A - S1 - {R1, R2} - S2 - B) with per-flow
 * ECMP at S1. Single-path TCP gets one path; MPTCP with two subflows, each pinned by the
 * routing's PinFlow() to its own path, gets at least 1.8x as much, and every byte arrives once
 * and in order.
 */
class TwoPathTest : public TestCase
{
  public:
    TwoPathTest(bool mptcp, double* goodput, double failAt = 0)
        : TestCase(std::string(mptcp ? "MPTCP-2" : "TCP") + " over two disjoint paths" +
                   (failAt > 0 ? ", one of which fails for good mid-transfer: data reinjected"
                               : ": exact bytes, paths used")),
          m_mptcp(mptcp),
          m_goodput(goodput),
          m_failAt(failAt)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 1 << 20);
        TwoPathTopology topo;
        const Ipv4Address b = topo.b;
        auto& links = topo.links;
        NS_TEST_ASSERT_MSG_EQ(topo.s1->GetNNextHops(b), 2, "S1 has two equal-cost next hops to B");

        TypeId factory = m_mptcp ? MpTcpSocketFactory::GetTypeId() : TcpSocketFactory::GetTypeId();
        Ptr<Socket> listener = Listen(topo.n.Get(5), factory);
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(topo.n.Get(0), factory);
        const uint64_t total = m_failAt > 0 ? 3000000 : 1ULL << 40;
        PatternSender tx(client, total);
        uint32_t pinned = 0;
        if (m_failAt > 0)
        {
            topo.FailPath2(m_failAt, 0); // and never comes back
        }
        if (m_mptcp)
        {
            // Pin subflow i's data direction to path i at S1, as a controller would.
            topo.PinSubflows(client, &pinned);
        }
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, b]() {
            client->Bind();
            client->Connect(InetSocketAddress(b, 5000));
        }));
        // Bytes forwarded by R1 and R2 towards S2.
        std::vector<uint64_t> viaR(2, 0);
        for (uint32_t r = 0; r < 2; ++r)
        {
            links[3 + r].Get(0)->TraceConnectWithoutContext(
                "MacTx",
                Callback<void, Ptr<const Packet>>(
                    MPTCP_CALLBACK([&viaR, r](Ptr<const Packet> p) { viaR[r] += p->GetSize(); })));
        }
        const double t0 = 2;
        const double t1 = 10;
        Simulator::Stop(Seconds(t1));
        Simulator::Run();
        if (m_failAt > 0)
        {
            auto meta = DynamicCast<MpTcpSocketBase>(client);
            std::cout << GetName() << ": received " << rx.m_received << " of " << total
                      << " bytes, reinjected " << meta->GetReinjectedBytes() << " bytes"
                      << std::endl;
            NS_TEST_ASSERT_MSG_EQ(rx.m_received, total, "the transfer completes");
            NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "every byte once and in order");
            NS_TEST_ASSERT_MSG_GT(meta->GetReinjectedBytes(), 0, "data was reinjected");
            NS_TEST_ASSERT_MSG_GT(viaR[1], 0, "path 2 carried data before it failed");
            Simulator::Destroy();
            return;
        }
        *m_goodput = (BytesAt(rx, t1) - BytesAt(rx, t0)) * 8 / (t1 - t0);
        std::cout << GetName() << ": " << *m_goodput / 1e6 << " Mb/s; via R1 " << viaR[0]
                  << " B, via R2 " << viaR[1] << " B" << std::endl;
        NS_TEST_ASSERT_MSG_GT(rx.m_received, 5000000, "data flowed");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "every byte once and in order");
        double forwarded = viaR[0] + viaR[1];
        if (m_mptcp)
        {
            NS_TEST_ASSERT_MSG_EQ(pinned, 2, "both subflows were pinned");
            NS_TEST_ASSERT_MSG_GT(viaR[0] / forwarded, 0.3, "path 1 carries its share");
            NS_TEST_ASSERT_MSG_GT(viaR[1] / forwarded, 0.3, "path 2 carries its share");
        }
        else
        {
            NS_TEST_ASSERT_MSG_GT(std::max(viaR[0], viaR[1]) / forwarded, 0.99, "TCP uses one path");
        }
        Simulator::Destroy();
    }

    bool m_mptcp;
    double* m_goodput;
    double m_failAt;
};

/**
 * A sender subflow appends a malformed MPTCP option (unknown subtype 15) to every tenth
 * segment. The receiver counts each one it gets, drops the option, and the transfer completes
 * with every byte exact.
 */
class MalformedOptionTest : public TestCase
{
  public:
    MalformedOptionTest()
        : TestCase("malformed MPTCP options on the wire are counted and dropped; data intact")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 131072);
        OneLinkTopology link("10.4.1.0");
        NodeContainer& nodes = link.nodes;
        Ipv4InterfaceContainer& ifs = link.ifs;
        Ptr<Socket> listener = Listen(nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        const uint64_t bytes = 2000000;
        PatternSender tx(client, bytes);
        uint64_t segments = 0;
        uint64_t injected = 0;
        auto inject = [&segments, &injected](Ptr<const Packet> p,
                                             const TcpHeader& h,
                                             Ptr<const TcpSocketBase>) {
            if (p->GetSize() > 0 && ++segments % 10 == 0)
            {
                Ptr<TcpOptionMpTcp> bad = CreateObject<TcpOptionMpTcp>();
                bad->SetBytes({30, 4, 0xF0, 0x00});
                if (const_cast<TcpHeader&>(h).AppendOption(bad))
                {
                    ++injected;
                }
            }
        };
        client->TraceConnectWithoutContext(
            "SubflowEstablished",
            Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([inject](Ptr<MpTcpSubflow> sf) {
                sf->TraceConnectWithoutContext(
                    "Tx",
                    Callback<void, Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocketBase>>(
                        MPTCP_CALLBACK(inject)));
            })));
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, &ifs]() {
            client->Bind();
            client->Connect(InetSocketAddress(ifs.GetAddress(1), 5000));
        }));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        auto conn = DynamicCast<MpTcpSocketBase>(rx.m_conn);
        uint64_t malformed = 0;
        for (const auto& sf : conn->GetSubflows())
        {
            malformed += sf->GetMalformedOptions();
        }
        std::cout << GetName() << ": injected " << injected << ", counted " << malformed
                  << std::endl;
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, bytes, "every byte arrives");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "in order, unaltered");
        NS_TEST_ASSERT_MSG_GT(injected, 50, "malformed options were sent");
        NS_TEST_ASSERT_MSG_GT(malformed, injected / 2, "they were counted on arrival");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(malformed, injected, "and no more than were sent");
        NS_TEST_ASSERT_MSG_EQ(conn->GetProtocolErrors(), malformed, "one protocol error each");
        Simulator::Destroy();
    }
};

class MpTcpTransferTestSuite : public TestSuite
{
  public:
    MpTcpTransferTestSuite()
        : TestSuite("mptcp-transfer", MPTCP_TEST_SYSTEM)
    {
        AddTestCase(new SingleLinkTest(true, 1, 3000000, &m_mptcp1), MPTCP_TEST_QUICK);
        AddTestCase(new SingleLinkTest(false, 1, 3000000, &m_tcp), MPTCP_TEST_QUICK);
        AddTestCase(new RatioCheck("MPTCP-1 within 5% of TCP on one link", &m_mptcp1, &m_tcp,
                                   0.95, 1.05),
                    MPTCP_TEST_QUICK);
        AddTestCase(new SingleLinkTest(true, 4, 3000000, &m_mptcp4), MPTCP_TEST_QUICK);
        AddTestCase(new TwoPathTest(false, &m_twoPathTcp), MPTCP_TEST_QUICK);
        AddTestCase(new TwoPathTest(true, &m_twoPathMptcp), MPTCP_TEST_QUICK);
        AddTestCase(new RatioCheck("MPTCP-2 gets at least 1.8x TCP over two disjoint paths",
                                   &m_twoPathMptcp,
                                   &m_twoPathTcp,
                                   1.8,
                                   2.2),
                    MPTCP_TEST_QUICK);
        AddTestCase(new TwoPathTest(true, &m_unused, 0.6), MPTCP_TEST_QUICK);
        AddTestCase(new MalformedOptionTest(), MPTCP_TEST_QUICK);
        AddTestCase(new SharedBottleneckTest(Lia(),
                                             0.7,
                                             1.35,
                                             &m_liaRatio),
                    MPTCP_TEST_QUICK);
        AddTestCase(new SharedBottleneckTest(TcpNewReno::GetTypeId(), 1.6, 2.6, &m_uncoupledRatio),
                    MPTCP_TEST_QUICK);
        AddTestCase(new RatioCheck("uncoupled subflows take at least 1.4x what LIA takes",
                                   &m_uncoupledRatio,
                                   &m_liaRatio,
                                   1.4,
                                   4.0),
                    MPTCP_TEST_QUICK);
        // The other coupled controllers. OLIA, BALIA, EWTCP and fully coupled are designed to
        // take no more than one TCP flow at a shared bottleneck: at most 1.35x, as LIA.
        // Semi-coupled with a = 1 is not (its AIMD balance gives sqrt(a n) = sqrt(2) times a TCP
        // window for n = 2 subflows): it must stay clearly below uncoupled subflows.
        const std::vector<std::tuple<const char*, double, double>> coupled = {
            {"ns3::MpTcpOlia", 0.6, 1.35},
            {"ns3::MpTcpBalia", 0.6, 1.35},
            {"ns3::MpTcpEwtcp", 0.6, 1.35},
            {"ns3::MpTcpFullyCoupled", 0.6, 1.35},
            {"ns3::MpTcpSemiCoupled", 0.8, 1.8},
        };
        for (const auto& [cc, lo, hi] : coupled)
        {
            m_coupledRatios.push_back(0);
            AddTestCase(new SharedBottleneckTest(TypeId::LookupByName(cc),
                                                 lo,
                                                 hi,
                                                 &m_coupledRatios.back()),
                        MPTCP_TEST_QUICK);
        }
    }

  private:
    double m_mptcp1{0};
    double m_tcp{0};
    double m_mptcp4{0};
    double m_liaRatio{0};
    double m_twoPathTcp{0};
    double m_twoPathMptcp{0};
    double m_unused{0};
    double m_uncoupledRatio{0};
    std::deque<double> m_coupledRatios; //!< MPTCP/TCP of the other coupled controllers
};

MpTcpTransferTestSuite g_mpTcpTransferTestSuite;

} // namespace
