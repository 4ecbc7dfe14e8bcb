/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Connection life cycle of MPTCP (RFC 8684): DATA_FIN teardown without leaks, fallback to TCP,
 * and robustness to a path that fails and comes back.
 */
#include "mptcp-test-harness.h"

#include "ns3/applications-module.h"
#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/test.h"

#include <memory>

using namespace ns3;

namespace
{

/// One accepted connection of a ManyReceiver.
struct ReceivedConnection
{
    Ptr<Socket> socket;         //!< the accepted socket
    uint64_t received{0};       //!< bytes read
    uint64_t mismatches{0};     //!< bytes not matching the pattern
    bool peerClosed{false};     //!< the peer's close was notified
    uint64_t atPeerClose{0};    //!< bytes read when the close was notified
};

/**
 * Accepts any number of connections, checks each one's bytes against the pattern, and closes
 * its side when the peer closes (as an application would).
 */
class ManyReceiver
{
  public:
    explicit ManyReceiver(Ptr<Socket> listener)
    {
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&ManyReceiver::Accept, this));
    }

    std::vector<ReceivedConnection> m_conns; //!< in accept order

  private:
    void Accept(Ptr<Socket> s, const Address&)
    {
        m_index[PeekPointer(s)] = m_conns.size();
        m_conns.push_back({s});
        s->SetRecvCallback(MakeCallback(&ManyReceiver::Read, this));
        s->SetCloseCallbacks(MakeCallback(&ManyReceiver::PeerClosed, this),
                             MakeCallback(&ManyReceiver::PeerClosed, this));
    }

    void Read(Ptr<Socket> s)
    {
        ReceivedConnection& c = m_conns[m_index[PeekPointer(s)]];
        Ptr<Packet> p;
        while ((p = s->Recv()) && p->GetSize() > 0) // TCP returns an empty packet at EOF
        {
            std::vector<uint8_t> buf(p->GetSize());
            p->CopyData(buf.data(), buf.size());
            for (uint8_t b : buf)
            {
                c.mismatches += (b != PatternByte(c.received));
                ++c.received;
            }
        }
    }

    void PeerClosed(Ptr<Socket> s)
    {
        Read(s); // whatever is left in the queue
        ReceivedConnection& c = m_conns[m_index[PeekPointer(s)]];
        c.peerClosed = true;
        c.atPeerClose = c.received;
        s->Close();
    }

    std::map<Socket*, size_t> m_index;
};

/// Local address and port of a subflow, kept after its endpoint is gone.
struct SubflowRecord
{
    Ptr<MpTcpSubflow> subflow; //!< the subflow
    Ptr<Node> node;            //!< its node
    Ipv4Address local;         //!< local address
    uint16_t localPort;        //!< local port
};

/**
 * Many short connections (1 byte to ~50 KB, two subflows each, some overlapping) open, move
 * their bytes, and close with DATA_FIN. Afterwards: every byte arrived once and in order
 * before the peer's close was notified; every server saw the client's DATA_FIN; no token is
 * left in either node's token map; every subflow is CLOSED, gone from its node's socket list,
 * and its port is free again; and the simulation ran out of events by itself (no timer left).
 */
class ShortConnectionsTest : public TestCase
{
  public:
    ShortConnectionsTest()
        : TestCase("many short connections close with DATA_FIN and leak nothing")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 131072);
        OneLinkTopology link("10.5.1.0");
        NodeContainer& nodes = link.nodes;
        Ipv4InterfaceContainer& ifs = link.ifs;

        Ptr<Socket> listener = Listen(nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        ManyReceiver rx(listener);

        const uint32_t n = 24;
        std::vector<uint64_t> sizes;
        std::vector<Ptr<Socket>> clients;
        std::vector<std::unique_ptr<PatternSender>> senders;
        std::vector<SubflowRecord> subflows;
        auto record = [&subflows](Ptr<Node> node) {
            return Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([&subflows, node](Ptr<MpTcpSubflow> sf) {
                SubflowRecord r{sf, node, Ipv4Address(), 0};
                Ipv4Address remote;
                uint16_t remotePort;
                sf->GetFourTuple(r.local, r.localPort, remote, remotePort);
                subflows.push_back(r);
            }));
        };
        for (uint32_t i = 0; i < n; ++i)
        {
            sizes.push_back(uint64_t(i) * i * 97 + 1);
            Ptr<Socket> c = Socket::CreateSocket(nodes.Get(0), MpTcpSocketFactory::GetTypeId());
            c->TraceConnectWithoutContext("SubflowEstablished", record(nodes.Get(0)));
            senders.push_back(std::make_unique<PatternSender>(c, sizes.back()));
            clients.push_back(c);
            Address to = InetSocketAddress(ifs.GetAddress(1), 5000);
            // Every 20 ms: several connections are open at once.
            Simulator::Schedule(Seconds(0.1 + 0.02 * i), MPTCP_EVENT([c, to]() {
                c->Bind();
                c->Connect(to);
            }));
        }
        Simulator::Run(); // no Stop(): it returns once no event is left
        const double end = Simulator::Now().GetSeconds();

        NS_TEST_ASSERT_MSG_EQ(rx.m_conns.size(), n, "every connection was accepted");
        std::vector<std::pair<Ptr<MpTcpSubflow>, Ptr<Node>>> all; // every subflow, both sides
        // Connections are accepted in the order they were opened (one link, no loss).
        uint64_t dataFins = 0;
        for (uint32_t i = 0; i < rx.m_conns.size() && i < n; ++i)
        {
            const ReceivedConnection& c = rx.m_conns[i];
            NS_TEST_ASSERT_MSG_EQ(c.received, sizes[i], "connection " << i << ": every byte");
            NS_TEST_ASSERT_MSG_EQ(c.mismatches, 0, "connection " << i << ": in order, once");
            NS_TEST_ASSERT_MSG_EQ(c.peerClosed, true, "connection " << i << ": peer close");
            NS_TEST_ASSERT_MSG_EQ(c.atPeerClose, sizes[i], "close notified after the data");
            auto meta = DynamicCast<MpTcpSocketBase>(c.socket);
            dataFins += meta->IsDataFinReceived();
            NS_TEST_ASSERT_MSG_EQ(meta->GetState(), MpTcpSocketBase::CLOSED,
                                  "server side " << i << " is CLOSED");
            for (const auto& sf : meta->GetSubflows())
            {
                all.emplace_back(sf, nodes.Get(1));
            }
        }
        NS_TEST_ASSERT_MSG_EQ(dataFins, n, "every server received the client's DATA_FIN");
        for (uint32_t i = 0; i < n; ++i)
        {
            auto meta = DynamicCast<MpTcpSocketBase>(clients[i]);
            NS_TEST_ASSERT_MSG_EQ(senders[i]->m_sent, sizes[i], "client " << i << " sent all");
            NS_TEST_ASSERT_MSG_EQ(meta->GetBytesAcked(), sizes[i], "and all was DATA_ACKed");
            NS_TEST_ASSERT_MSG_EQ(meta->GetState(), MpTcpSocketBase::CLOSED,
                                  "client " << i << " is CLOSED");
            for (const auto& sf : meta->GetSubflows())
            {
                all.emplace_back(sf, nodes.Get(0));
            }
        }
        for (uint32_t k = 0; k < 2; ++k)
        {
            auto tcp = nodes.Get(k)->GetObject<MpTcpL4Protocol>();
            NS_TEST_ASSERT_MSG_EQ(tcp->GetNTokens(), 0, "no token left on node " << k);
        }
        // Two subflows per connection (ndiffports), on each side.
        NS_TEST_ASSERT_MSG_EQ(all.size(), 4 * n, "two subflows per side per connection");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(subflows.size(), n, "at least one established per client");
        uint32_t notClosed = 0;
        uint32_t stillListed = 0;
        for (const auto& [sf, node] : all)
        {
            notClosed += (sf->GetState() != TcpSocket::CLOSED);
            // RemoveSocket() returns true only if the node still listed the socket.
            stillListed += node->GetObject<MpTcpL4Protocol>()->RemoveSocket(sf);
        }
        uint32_t portsHeld = 0;
        for (const auto& r : subflows)
        {
            auto tcp = r.node->GetObject<MpTcpL4Protocol>();
            Ipv4EndPoint* ep = tcp->Allocate(nullptr, r.local, r.localPort);
            portsHeld += (ep == nullptr);
            if (ep != nullptr)
            {
                tcp->DeAllocate(ep);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(notClosed, 0, "every subflow is CLOSED");
        NS_TEST_ASSERT_MSG_EQ(stillListed, 0, "no subflow is left in its node's socket list");
        NS_TEST_ASSERT_MSG_EQ(portsHeld, 0, "every client endpoint was released");
        std::cout << GetName() << ": " << n << " connections, " << all.size()
                  << " subflows, last event at " << end << " s" << std::endl;
        Simulator::Destroy();
    }
};

/**
 * An MPTCP client connects to a server whose node runs ns-3's own TCP, which ignores the
 * MP_CAPABLE option: the connection falls back to TCP on its first subflow (RFC 8684 §3.1),
 * opens no other subflow, delivers every byte in order and closes normally.
 */
class FallbackPlainServerTest : public TestCase
{
  public:
    FallbackPlainServerTest()
        : TestCase("fallback: a server without MPTCP gets plain TCP, bytes exact")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(4, Lia(), 131072);
        NodeContainer nodes;
        nodes.Create(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("1ms"));
        NetDeviceContainer devs = p2p.Install(nodes);
        MpTcpStackHelper mptcp;
        mptcp.Install(nodes.Get(0));
        InternetStackHelper plain;
        plain.Install(nodes.Get(1));
        Ipv4AddressHelper addr("10.5.2.0", "255.255.255.0");
        Ipv4InterfaceContainer ifs = addr.Assign(devs);
        NS_TEST_ASSERT_MSG_EQ(nodes.Get(1)->GetObject<MpTcpL4Protocol>(), nullptr,
                              "the server's TCP is ns-3's own");

        Ptr<Socket> listener = Listen(nodes.Get(1), TcpSocketFactory::GetTypeId());
        ManyReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        const uint64_t bytes = 500000;
        PatternSender tx(client, bytes);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, &ifs]() {
            client->Bind();
            client->Connect(InetSocketAddress(ifs.GetAddress(1), 5000));
        }));
        Simulator::Stop(Seconds(300));
        Simulator::Run();
        auto meta = DynamicCast<MpTcpSocketBase>(client);
        NS_TEST_ASSERT_MSG_EQ(rx.m_conns.size(), 1, "one connection");
        if (rx.m_conns.size() == 1)
        {
            NS_TEST_ASSERT_MSG_EQ(rx.m_conns[0].received, bytes, "every byte");
            NS_TEST_ASSERT_MSG_EQ(rx.m_conns[0].mismatches, 0, "in order, once");
            NS_TEST_ASSERT_MSG_EQ(rx.m_conns[0].peerClosed, true, "the client closed");
        }
        NS_TEST_ASSERT_MSG_EQ(meta->IsFallback(), true, "the client fell back to TCP");
        NS_TEST_ASSERT_MSG_EQ(meta->GetSubflows().size(), 1, "and opened no other subflow");
        NS_TEST_ASSERT_MSG_EQ(meta->GetState(), MpTcpSocketBase::CLOSED, "client closed");
        Simulator::Destroy();
    }
};

/**
 * Both ends speak MPTCP, but a middlebox on the server's link strips the MPTCP option from its
 * SYN/ACK. The client falls back to TCP (its third ACK carries no MP_CAPABLE), so does the
 * server on that ACK (RFC 8684 §3.1, §3.7); every byte arrives in order and both close.
 */
class FallbackStrippedSynAckTest : public TestCase
{
  public:
    FallbackStrippedSynAckTest()
        : TestCase("fallback: the SYN-ACK lost its MP_CAPABLE on the path, bytes exact")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(4, Lia(), 131072);
        OneLinkTopology link("10.5.3.0");
        NodeContainer& nodes = link.nodes;
        NetDeviceContainer& devs = link.devs;
        Ipv4InterfaceContainer& ifs = link.ifs;
        Ptr<OptionStripper> mb = OptionStripper::Install(devs.Get(1), [](const TcpHeader& h) {
            return (h.GetFlags() & TcpHeader::SYN) && (h.GetFlags() & TcpHeader::ACK);
        });

        Ptr<Socket> listener = Listen(nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        ManyReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        const uint64_t bytes = 500000;
        PatternSender tx(client, bytes);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, &ifs]() {
            client->Bind();
            client->Connect(InetSocketAddress(ifs.GetAddress(1), 5000));
        }));
        Simulator::Run();
        auto meta = DynamicCast<MpTcpSocketBase>(client);
        NS_TEST_ASSERT_MSG_EQ(mb->m_stripped, 1, "the middlebox stripped the SYN/ACK");
        NS_TEST_ASSERT_MSG_EQ(rx.m_conns.size(), 1, "one connection");
        if (rx.m_conns.size() == 1)
        {
            auto server = DynamicCast<MpTcpSocketBase>(rx.m_conns[0].socket);
            NS_TEST_ASSERT_MSG_EQ(rx.m_conns[0].received, bytes, "every byte");
            NS_TEST_ASSERT_MSG_EQ(rx.m_conns[0].mismatches, 0, "in order, once");
            NS_TEST_ASSERT_MSG_EQ(rx.m_conns[0].peerClosed, true, "the client closed");
            NS_TEST_ASSERT_MSG_EQ(server->IsFallback(), true, "the server fell back");
            NS_TEST_ASSERT_MSG_EQ(server->GetProtocolErrors(), 0, "without protocol errors");
        }
        NS_TEST_ASSERT_MSG_EQ(meta->IsFallback(), true, "the client fell back");
        NS_TEST_ASSERT_MSG_EQ(meta->GetSubflows().size(), 1, "and opened no other subflow");
        for (uint32_t k = 0; k < 2; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(nodes.Get(k)->GetObject<MpTcpL4Protocol>()->GetNTokens(),
                                  0,
                                  "no token left on node " << k);
        }
        Simulator::Destroy();
    }
};

/**
 * Two subflows pinned to two disjoint 10 Mb/s paths; path 2 drops everything from 2 s to 4 s
 * and then carries packets again. The transfer completes byte-exact, data held by the failed
 * subflow is reinjected on the other (none with ReinjectOnTimeout false: the subflow recovers
 * it itself once the path is back), and after the path comes back the second subflow carries
 * data again.
 */
class PathComesBackTest : public TestCase
{
  public:
    /// \param reinject the ReinjectOnTimeout attribute
    PathComesBackTest(bool reinject)
        : TestCase(std::string("a path fails and comes back: transfer exact, both paths used "
                               "after; ReinjectOnTimeout ") +
                   (reinject ? "true" : "false")),
          m_reinject(reinject)
    {
    }

  private:
    bool m_reinject; //!< ReinjectOnTimeout

    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 1 << 20);
        Config::SetDefault("ns3::MpTcpSocketBase::ReinjectOnTimeout", BooleanValue(m_reinject));
        TwoPathTopology topo;
        Ptr<Socket> listener = Listen(topo.n.Get(5), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(topo.n.Get(0), MpTcpSocketFactory::GetTypeId());
        const uint64_t total = 12000000; // ~9 s of two 10 Mb/s paths
        PatternSender tx(client, total);
        uint32_t pinned = 0;
        topo.PinSubflows(client, &pinned);
        topo.FailPath2(2, 4);
        uint64_t traced = 0;
        client->TraceConnectWithoutContext(
            "Reinjection",
            Callback<void, uint64_t, uint32_t, Ptr<MpTcpSubflow>>(
                MPTCP_CALLBACK([&traced](uint64_t, uint32_t bytes, Ptr<MpTcpSubflow>) { traced += bytes; })));
        Address to = InetSocketAddress(topo.b, 5000);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        // Bytes path 2 delivers to S2, before the failure and well after it ended.
        std::vector<uint64_t> path2(3, 0);
        topo.links[4].Get(1)->TraceConnectWithoutContext(
            "MacRx",
            Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([&path2](Ptr<const Packet> p) {
                double t = Simulator::Now().GetSeconds();
                path2[t < 2 ? 0 : (t < 6 ? 1 : 2)] += p->GetSize();
            })));
        Simulator::Stop(Seconds(60));
        Simulator::Run();
        auto meta = DynamicCast<MpTcpSocketBase>(client);
        std::cout << GetName() << ": received " << rx.m_received << " of " << total
                  << " bytes; path 2 carried " << path2[0] << " B before, " << path2[2]
                  << " B after 6 s; reinjected " << meta->GetReinjectedBytes() << " B"
                  << std::endl;
        NS_TEST_ASSERT_MSG_EQ(pinned, 2, "both subflows pinned");
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, total, "the transfer completes");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "every byte once and in order");
        if (m_reinject)
        {
            NS_TEST_ASSERT_MSG_GT(meta->GetReinjectedBytes(), 0, "held data was reinjected");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(meta->GetReinjectedBytes(), 0, "nothing reinjected");
        }
        NS_TEST_ASSERT_MSG_EQ(traced, meta->GetReinjectedBytes(), "every reinjection traced");
        NS_TEST_ASSERT_MSG_GT(path2[0], 1000000, "path 2 carried data before the failure");
        NS_TEST_ASSERT_MSG_GT(path2[2], 500000, "and carries data again after it");
        Simulator::Destroy();
        Config::SetDefault("ns3::MpTcpSocketBase::ReinjectOnTimeout", BooleanValue(true));
    }
};

/**
 * Seed 000 §4.3.5 / Fig. 11 in miniature: at 2 s path 2 (R2 -> S2) slows from 10 Mb/s to a
 * tenth. MPTCP with one subflow pinned to each path moves its traffic to path 1 and keeps
 * nearly the capacity left (10 + 1 Mb/s); TCP pinned to path 2 is stuck at 1 Mb/s.
 */
class HotSpotTest : public TestCase
{
  public:
    HotSpotTest(bool mptcp)
        : TestCase(std::string(mptcp ? "MPTCP-2" : "TCP on the slowed path") +
                   ": a path slowed to a tenth (hot spot)"),
          m_mptcp(mptcp)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 1 << 20);
        TwoPathTopology topo;
        TypeId factory = m_mptcp ? MpTcpSocketFactory::GetTypeId() : TcpSocketFactory::GetTypeId();
        Ptr<Socket> listener = Listen(topo.n.Get(5), factory);
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(topo.n.Get(0), factory);
        PatternSender tx(client, 1ULL << 40);
        uint32_t pinned = 0;
        if (m_mptcp)
        {
            topo.PinSubflows(client, &pinned);
        }
        else
        {
            client->Bind();
            Address local;
            client->GetSockName(local);
            Ipv4FlowEcmpRouting::FiveTuple t;
            t.source = topo.a;
            t.destination = topo.b;
            t.protocol = 6;
            t.sourcePort = InetSocketAddress::ConvertFrom(local).GetPort();
            t.destinationPort = 5000;
            topo.s1->PinFlow(t, topo.gateways[1]);
            pinned = 1;
        }
        Ptr<NetDevice> slowed = topo.links[4].Get(0); // R2 -> S2
        Simulator::Schedule(Seconds(2), MPTCP_EVENT([slowed]() {
            slowed->SetAttribute("DataRate", DataRateValue(DataRate("1Mbps")));
        }));
        Address to = InetSocketAddress(topo.b, 5000);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, to, this]() {
            if (m_mptcp)
            {
                client->Bind();
            }
            client->Connect(to);
        }));
        // Bytes S2 receives from each path after the slowdown has settled (4 s to 10 s).
        std::vector<uint64_t> via(2, 0);
        for (uint32_t r = 0; r < 2; ++r)
        {
            topo.links[3 + r].Get(1)->TraceConnectWithoutContext(
                "MacRx",
                Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([&via, r](Ptr<const Packet> p) {
                    if (Simulator::Now() >= Seconds(4))
                    {
                        via[r] += p->GetSize();
                    }
                })));
        }
        const double t0 = 4;
        const double t1 = 10;
        Simulator::Stop(Seconds(t1));
        Simulator::Run();
        double goodput = (BytesAt(rx, t1) - BytesAt(rx, t0)) * 8 / (t1 - t0) / 1e6;
        std::cout << GetName() << ": " << goodput << " Mb/s after the slowdown; path 1 "
                  << via[0] << " B, path 2 " << via[1] << " B" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "every byte once and in order");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(pinned, 1, "pinned");
        if (m_mptcp)
        {
            NS_TEST_ASSERT_MSG_GT(goodput, 8.0, "MPTCP keeps most of the 11 Mb/s left");
            NS_TEST_ASSERT_MSG_GT(via[0], 6 * via[1], "and moved its traffic to path 1");
        }
        else
        {
            NS_TEST_ASSERT_MSG_LT(goodput, 1.0, "TCP is stuck on the slowed path");
            NS_TEST_ASSERT_MSG_LT(via[0], via[1] / 100, "and uses no other");
        }
        Simulator::Destroy();
    }

    bool m_mptcp;
};

class MpTcpConnectionTestSuite : public TestSuite
{
  public:
    MpTcpConnectionTestSuite()
        : TestSuite("mptcp-connection", MPTCP_TEST_SYSTEM)
    {
        AddTestCase(new ShortConnectionsTest(), MPTCP_TEST_QUICK);
        AddTestCase(new FallbackPlainServerTest(), MPTCP_TEST_QUICK);
        AddTestCase(new FallbackStrippedSynAckTest(), MPTCP_TEST_QUICK);
        AddTestCase(new PathComesBackTest(true), MPTCP_TEST_QUICK);
        AddTestCase(new PathComesBackTest(false), MPTCP_TEST_QUICK);
        AddTestCase(new HotSpotTest(true), MPTCP_TEST_QUICK);
        AddTestCase(new HotSpotTest(false), MPTCP_TEST_QUICK);
    }
};

MpTcpConnectionTestSuite g_mptcpConnectionTestSuite;

} // namespace
