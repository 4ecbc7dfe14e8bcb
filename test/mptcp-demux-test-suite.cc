/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * MpTcpL4Protocol's 4-tuple map (O(1) demultiplexing of established connections): every
 * segment reaches its own socket among many, a closed connection's 4-tuple no longer matches
 * (a segment to it gets ns-3's RST), and a 4-tuple reused after a close maps to the new socket.
 */
#include "mptcp-test-harness.h"

#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/ppp-header.h"
#include "ns3/test.h"

#include <memory>

using namespace ns3;

namespace
{

/**
 * Byte i of stream \p id: each connection has its own pattern, so that a segment handed to
 * another connection (all of them start at sequence number 0) is seen as a mismatch.
 * \param id the stream
 * \param i the byte's offset
 * \return the byte
 */
uint8_t
StreamByte(uint32_t id, uint64_t i)
{
    return static_cast<uint8_t>((i * 7 + (i >> 8) * 13 + id * 37 + 1) % 251);
}

/**
 * \param socket a socket, not yet connected
 * \param id the stream
 * \param total bytes to send
 * \return a sender of \p total bytes of stream \p id, which closes the socket after them
 */
std::unique_ptr<PatternSender>
StreamSender(Ptr<Socket> socket, uint32_t id, uint64_t total)
{
    return std::make_unique<PatternSender>(socket, total, [id](uint64_t i) {
        return StreamByte(id, i);
    });
}

/**
 * Accepts connections on one listener, checks each one's bytes against stream \p id, and closes
 * its side when the peer closes.
 */
class StreamReceiver
{
  public:
    /**
     * \param listener a listening socket
     * \param id the stream every connection of this listener carries
     */
    StreamReceiver(Ptr<Socket> listener, uint32_t id)
        : m_id(id)
    {
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&StreamReceiver::Accept, this));
    }

    /// Check the following connections against stream \p id.
    void SetStream(uint32_t id)
    {
        m_id = id;
    }

    uint64_t m_received{0};   //!< bytes read (all connections)
    uint64_t m_mismatches{0}; //!< bytes not matching their stream
    uint32_t m_accepted{0};   //!< connections accepted
    uint32_t m_peerCloses{0}; //!< peer closes notified
    Ptr<Socket> m_conn;       //!< the last connection accepted

  private:
    void Accept(Ptr<Socket> s, const Address&)
    {
        ++m_accepted;
        m_conn = s;
        m_offset = 0;
        s->SetRecvCallback(MakeCallback(&StreamReceiver::Read, this));
        s->SetCloseCallbacks(MakeCallback(&StreamReceiver::PeerClosed, this),
                             MakeCallback(&StreamReceiver::PeerClosed, this));
    }

    void Read(Ptr<Socket> s)
    {
        Ptr<Packet> p;
        while ((p = s->Recv()) && p->GetSize() > 0)
        {
            std::vector<uint8_t> buf(p->GetSize());
            p->CopyData(buf.data(), buf.size());
            for (uint8_t b : buf)
            {
                if (b != StreamByte(m_id, m_offset))
                {
                    ++m_mismatches;
                }
                ++m_offset;
                ++m_received;
            }
        }
    }

    void PeerClosed(Ptr<Socket> s)
    {
        ++m_peerCloses;
        s->Close();
    }

    uint32_t m_id;
    uint64_t m_offset{0}; //!< bytes read on the current connection
};

/// \return node \p n's MpTcpL4Protocol
Ptr<MpTcpL4Protocol>
L4Of(Ptr<Node> n)
{
    return n->GetObject<MpTcpL4Protocol>();
}

/**
 * Sixteen TCP connections and two MPTCP connections of four subflows between two hosts, each
 * with its own byte stream: every byte arrives on its own connection, and most segments are
 * delivered through the 4-tuple map (a map that handed a segment to the wrong socket would
 * make a stream mismatch or stall).
 */
class ManyConnectionsTest : public TestCase
{
  public:
    ManyConnectionsTest()
        : TestCase("many TCP connections and MPTCP subflows: each segment to its own socket")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(4, Lia(), 65536);
        OneLinkTopology topo("10.7.1.0");
        const uint32_t tcpFlows = 16;
        const uint32_t mptcpFlows = 2;
        const uint64_t bytes = 120000;
        std::vector<std::unique_ptr<StreamReceiver>> receivers;
        std::vector<std::unique_ptr<PatternSender>> senders;
        std::vector<Ptr<Socket>> listeners; // an MPTCP listener lives as long as its owner holds it
        for (uint32_t i = 0; i < tcpFlows + mptcpFlows; ++i)
        {
            TypeId factory = i < tcpFlows ? TcpSocketFactory::GetTypeId()
                                          : MpTcpSocketFactory::GetTypeId();
            uint16_t port = 6000 + i;
            Ptr<Socket> listener = Socket::CreateSocket(topo.nodes.Get(1), factory);
            listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
            listener->Listen();
            listeners.push_back(listener);
            receivers.push_back(std::make_unique<StreamReceiver>(listener, i));
            Ptr<Socket> client = Socket::CreateSocket(topo.nodes.Get(0), factory);
            senders.push_back(StreamSender(client, i, bytes));
            Ipv4Address server = topo.ifs.GetAddress(1);
            Simulator::Schedule(MilliSeconds(100 + 3 * i), MPTCP_EVENT([client, server, port]() {
                client->Bind();
                client->Connect(InetSocketAddress(server, port));
            }));
        }
        // While sending (18 x 120 kB take about 2 s of the 10 Mb/s link), the server has one
        // entry per established TCP connection and MPTCP subflow: the segment that completed
        // its handshake was delivered by ns-3's path, then mapped.
        uint32_t entriesMidway = 0;
        uint32_t establishedMidway = 0;
        uint64_t receivedMidway = 0;
        Simulator::Schedule(Seconds(0.6), MPTCP_EVENT([&]() {
            entriesMidway = L4Of(topo.nodes.Get(1))->GetDemuxIndexSize();
            for (const auto& r : receivers)
            {
                receivedMidway += r->m_received;
                if (auto conn = DynamicCast<MpTcpSocketBase>(r->m_conn))
                {
                    for (const auto& sf : conn->GetSubflows())
                    {
                        establishedMidway += sf->GetState() == TcpSocket::ESTABLISHED;
                    }
                }
                else
                {
                    establishedMidway += r->m_accepted;
                }
            }
        }));
        Simulator::Stop(Seconds(30));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_LT(receivedMidway,
                              (tcpFlows + mptcpFlows) * bytes,
                              "the snapshot was taken during the transfers");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(establishedMidway, tcpFlows + 4, "most of them established");
        NS_TEST_EXPECT_MSG_EQ(entriesMidway,
                              establishedMidway,
                              "one entry per established connection and subflow");
        for (uint32_t i = 0; i < receivers.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(receivers[i]->m_accepted, 1, "connection " << i);
            NS_TEST_EXPECT_MSG_EQ(receivers[i]->m_received, bytes, "bytes of connection " << i);
            NS_TEST_EXPECT_MSG_EQ(receivers[i]->m_mismatches, 0, "stream of connection " << i);
        }
        // At least 1,400 data segments reach the server (18 x 120 kB of 1,400-byte segments),
        // each connection's first one or two before its 4-tuple is mapped.
        const uint64_t dataSegments = (tcpFlows + mptcpFlows) * bytes / 1400;
        NS_TEST_EXPECT_MSG_GT(L4Of(topo.nodes.Get(1))->GetIndexedDeliveries(),
                              dataSegments * 9 / 10,
                              "the server's segments go through the 4-tuple map");
        NS_TEST_EXPECT_MSG_GT(L4Of(topo.nodes.Get(0))->GetIndexedDeliveries(),
                              dataSegments / 4,
                              "the client's acknowledgments go through the 4-tuple map");
        Simulator::Destroy();
    }
};

/// A TCP segment a device transmitted: its IPv4 header and TCP header.
struct SentSegment
{
    Ipv4Header ip;  //!< IPv4 header
    TcpHeader tcp;  //!< TCP header
};

/**
 * One 4-tuple used by two TCP connections in turn (the client binds the same port again after
 * TIME_WAIT): the second connection's stream reaches the second server socket through the map
 * (the first one's entry is stale, not followed). Once both are closed, a segment with that
 * 4-tuple takes ns-3's path: RX_ENDPOINT_CLOSED and a RST from the server, and its stale entry
 * leaves the map.
 */
class ClosedAndReusedTupleTest : public TestCase
{
  public:
    ClosedAndReusedTupleTest()
        : TestCase("a closed connection's 4-tuple gets ns-3's RST; a reused 4-tuple maps to the "
                   "new socket")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 65536);
        Config::SetDefault("ns3::TcpSocketBase::MaxSegLifetime", DoubleValue(0.25));
        OneLinkTopology topo("10.7.2.0");
        Ptr<Node> client = topo.nodes.Get(0);
        Ptr<Node> server = topo.nodes.Get(1);
        Ipv4Address clientAddr = topo.ifs.GetAddress(0);
        Ipv4Address serverAddr = topo.ifs.GetAddress(1);
        const uint16_t clientPort = 40000;
        const uint16_t serverPort = 6000;
        const uint64_t bytes = 60000;
        Ptr<MpTcpL4Protocol> serverL4 = L4Of(server);

        std::vector<SentSegment> sent; // by the server's device
        topo.devs.Get(1)->TraceConnectWithoutContext(
            "MacTx",
            Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([&sent](Ptr<const Packet> p) {
                Ptr<Packet> c = p->Copy();
                PppHeader ppp;
                c->RemoveHeader(ppp);
                SentSegment s;
                c->RemoveHeader(s.ip);
                if (s.ip.GetProtocol() == 6)
                {
                    c->PeekHeader(s.tcp);
                    sent.push_back(s);
                }
            })));

        Ptr<Socket> listener = Socket::CreateSocket(server, TcpSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), serverPort));
        listener->Listen();
        StreamReceiver rx(listener, 1);

        // Connection 1 on (client:40000, server:6000), from 0.1 s.
        Ptr<Socket> c1 = Socket::CreateSocket(client, TcpSocketFactory::GetTypeId());
        auto tx1 = StreamSender(c1, 1, bytes);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([&]() {
            NS_TEST_EXPECT_MSG_EQ(c1->Bind(InetSocketAddress(clientAddr, clientPort)), 0, "bind");
            c1->Connect(InetSocketAddress(serverAddr, serverPort));
        }));

        // After its close (TIME_WAIT is 0.5 s): the stale entry is still in the map.
        uint64_t indexedAfterFirst = 0;
        uint32_t entriesAfterFirst = 0;
        uint64_t receivedAfterFirst = 0;
        Simulator::Schedule(Seconds(5), MPTCP_EVENT([&]() {
            indexedAfterFirst = serverL4->GetIndexedDeliveries();
            entriesAfterFirst = serverL4->GetDemuxIndexSize();
            receivedAfterFirst = rx.m_received;
        }));

        // Connection 2 on the same 4-tuple, another stream, from 5.1 s.
        Ptr<Socket> c2 = Socket::CreateSocket(client, TcpSocketFactory::GetTypeId());
        auto tx2 = StreamSender(c2, 2, bytes);
        Simulator::Schedule(Seconds(5.1), MPTCP_EVENT([&]() {
            rx.SetStream(2);
            NS_TEST_EXPECT_MSG_EQ(c2->Bind(InetSocketAddress(clientAddr, clientPort)),
                                  0,
                                  "the port is free again after TIME_WAIT");
            c2->Connect(InetSocketAddress(serverAddr, serverPort));
        }));

        uint64_t indexedAfterSecond = 0;
        uint32_t entriesAfterSecond = 0;
        Simulator::Schedule(Seconds(10), MPTCP_EVENT([&]() {
            indexedAfterSecond = serverL4->GetIndexedDeliveries();
            entriesAfterSecond = serverL4->GetDemuxIndexSize();
        }));

        // Both closed: a data segment of the 4-tuple, as if delayed in the network. While the
        // listener is open, ns-3's demultiplexer hands it to the listener (a wildcard match),
        // which ignores it; once the listener is closed, no endpoint matches and ns-3 answers
        // with a RST.
        auto stray = [&]() {
            TcpHeader tcp;
            tcp.SetSourcePort(clientPort);
            tcp.SetDestinationPort(serverPort);
            tcp.SetSequenceNumber(SequenceNumber32(5001));
            tcp.SetAckNumber(SequenceNumber32(1));
            tcp.SetFlags(TcpHeader::ACK);
            tcp.SetWindowSize(1000);
            Ptr<Packet> p = Create<Packet>(100);
            p->AddHeader(tcp);
            Ipv4Header ip;
            ip.SetSource(clientAddr);
            ip.SetDestination(serverAddr);
            ip.SetProtocol(6);
            ip.SetPayloadSize(p->GetSize());
            Ptr<Ipv4L3Protocol> ipv4 = server->GetObject<Ipv4L3Protocol>();
            return serverL4->Receive(p, ip, ipv4->GetInterface(1));
        };
        IpL4Protocol::RxStatus toListener = IpL4Protocol::RX_ENDPOINT_CLOSED;
        uint32_t entriesAfterStray = 1;
        size_t sentAfterFirstStray = 0;
        Simulator::Schedule(Seconds(10.8), MPTCP_EVENT([&]() {
            toListener = stray();
            entriesAfterStray = serverL4->GetDemuxIndexSize();
        }));
        Simulator::Schedule(Seconds(10.9), MPTCP_EVENT([&]() {
            sentAfterFirstStray = sent.size();
            listener->Close();
        }));
        IpL4Protocol::RxStatus toNone = IpL4Protocol::RX_OK;
        Simulator::Schedule(Seconds(11), MPTCP_EVENT([&]() { toNone = stray(); }));

        Simulator::Stop(Seconds(12));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(receivedAfterFirst, bytes, "connection 1 delivered");
        NS_TEST_EXPECT_MSG_GT(indexedAfterFirst, bytes / 1400 / 2, "connection 1 was mapped");
        NS_TEST_EXPECT_MSG_EQ(entriesAfterFirst, 1, "its entry stays until met");
        NS_TEST_EXPECT_MSG_EQ(rx.m_accepted, 2, "two connections accepted");
        NS_TEST_EXPECT_MSG_EQ(rx.m_peerCloses, 2, "both closed by the client");
        NS_TEST_EXPECT_MSG_EQ(rx.m_received, 2 * bytes, "connection 2 delivered");
        NS_TEST_EXPECT_MSG_EQ(rx.m_mismatches,
                              0,
                              "connection 2's segments reached the new socket, not the old one");
        NS_TEST_EXPECT_MSG_GT(indexedAfterSecond - indexedAfterFirst,
                              bytes / 1400 / 2,
                              "the reused 4-tuple maps to the new socket");
        NS_TEST_EXPECT_MSG_EQ(entriesAfterSecond, 1, "one entry for the 4-tuple");

        NS_TEST_EXPECT_MSG_EQ(toListener, IpL4Protocol::RX_OK, "the listener matches (wildcard)");
        NS_TEST_EXPECT_MSG_EQ(entriesAfterStray, 0, "the stale entry left the map");
        NS_TEST_EXPECT_MSG_EQ(toNone,
                              IpL4Protocol::RX_ENDPOINT_CLOSED,
                              "no endpoint for a closed connection's 4-tuple");
        NS_TEST_ASSERT_MSG_EQ(sent.size(), sentAfterFirstStray + 1, "one segment in answer");
        const SentSegment& rst = sent.back();
        NS_TEST_EXPECT_MSG_EQ(static_cast<int>(rst.tcp.GetFlags()),
                              static_cast<int>(TcpHeader::RST),
                              "a RST alone (the segment had ACK)");
        NS_TEST_EXPECT_MSG_EQ(rst.tcp.GetSourcePort(), serverPort, "from the server's port");
        NS_TEST_EXPECT_MSG_EQ(rst.tcp.GetDestinationPort(), clientPort, "to the client's port");
        NS_TEST_EXPECT_MSG_EQ(rst.ip.GetDestination(), clientAddr, "to the client");
        // ns-3's NoEndPointsFound: sequence number = the segment's acknowledgment number.
        NS_TEST_EXPECT_MSG_EQ(rst.tcp.GetSequenceNumber(), SequenceNumber32(1), "RST seq");
        Simulator::Destroy();
    }
};

/**
 * Eighty short TCP connections one after the other: the entries of closed connections are
 * swept once the map has doubled (from 64 entries), so that the map, which holds a reference to
 * each entry's socket, does not grow with every connection ever made.
 */
class SweepTest : public TestCase
{
  public:
    SweepTest()
        : TestCase("the entries of closed connections are swept")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 65536);
        OneLinkTopology topo("10.7.3.0");
        const uint32_t connections = 80;
        const uint64_t bytes = 5000;
        Ptr<Socket> listener =
            Socket::CreateSocket(topo.nodes.Get(1), TcpSocketFactory::GetTypeId());
        listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 6000));
        listener->Listen();
        StreamReceiver rx(listener, 3);
        std::vector<std::unique_ptr<PatternSender>> senders;
        Ipv4Address server = topo.ifs.GetAddress(1);
        uint32_t largest = 0;
        for (uint32_t i = 0; i < connections; ++i)
        {
            Ptr<Socket> client =
                Socket::CreateSocket(topo.nodes.Get(0), TcpSocketFactory::GetTypeId());
            senders.push_back(StreamSender(client, 3, bytes));
            Simulator::Schedule(MilliSeconds(100 + 100 * i), MPTCP_EVENT([&, client, server]() {
                largest = std::max(largest, L4Of(topo.nodes.Get(1))->GetDemuxIndexSize());
                client->Bind();
                client->Connect(InetSocketAddress(server, 6000));
            }));
        }
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(rx.m_accepted, connections, "every connection accepted");
        NS_TEST_EXPECT_MSG_EQ(rx.m_received, connections * bytes, "every byte delivered");
        NS_TEST_EXPECT_MSG_EQ(rx.m_mismatches, 0, "every byte intact");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(largest, 60, "the map held the closed connections' entries");
        NS_TEST_EXPECT_MSG_LT_OR_EQ(largest, 64, "until it reached 64 entries and was swept");
        // The 65th connection's entry found 64 closed ones, swept before it was entered.
        NS_TEST_EXPECT_MSG_EQ(L4Of(topo.nodes.Get(1))->GetDemuxIndexSize(),
                              connections - 64,
                              "only the entries made since the sweep remain");
        Simulator::Destroy();
    }
};

/// The suite.
class MpTcpDemuxTestSuite : public TestSuite
{
  public:
    MpTcpDemuxTestSuite()
        : TestSuite("mptcp-demux", MPTCP_TEST_UNIT)
    {
        AddTestCase(new ManyConnectionsTest, MPTCP_TEST_QUICK);
        AddTestCase(new ClosedAndReusedTupleTest, MPTCP_TEST_QUICK);
        AddTestCase(new SweepTest, MPTCP_TEST_QUICK);
    }
};

MpTcpDemuxTestSuite g_mpTcpDemuxTestSuite;

} // namespace
