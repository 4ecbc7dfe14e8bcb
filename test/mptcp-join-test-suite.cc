/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Completion of the MP_JOIN handshake (RFC 8684 §3.2): the passive side establishes a joining
 * subflow only on a third ACK that carries MP_JOIN with the HMAC of both keys, and refuses any
 * other with a RST carrying MP_TCPRST "administratively prohibited" (0x03); the third ACK is
 * reliable: the active side sends no data on the subflow until the fourth ACK, and
 * retransmits the third ACK until it comes.
 */
#include "mptcp-test-harness.h"

#include "ns3/mptcp-crypto.h"
#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/test.h"

#include <memory>

using namespace ns3;

namespace
{

/// \return true if \p h carries the MP_JOIN option of a third ACK (24 bytes, subtype 1)
bool
HasJoinAck(const TcpHeader& h)
{
    std::vector<uint8_t> b;
    for (const auto& opt : h.GetOptionList())
    {
        if (GetMpTcpOptionBytes(opt, b) && b.size() == 24 && (b[2] >> 4) == 0x1)
        {
            return true;
        }
    }
    return false;
}

/// \return true if \p h is a SYN/ACK with an MP_JOIN option (16 bytes, subtype 1)
bool
IsJoinSynAck(const TcpHeader& h)
{
    if (!(h.GetFlags() & TcpHeader::SYN) || !(h.GetFlags() & TcpHeader::ACK))
    {
        return false;
    }
    std::vector<uint8_t> b;
    for (const auto& opt : h.GetOptionList())
    {
        if (GetMpTcpOptionBytes(opt, b) && b.size() == 16 && (b[2] >> 4) == 0x1)
        {
            return true;
        }
    }
    return false;
}

/// A 2-subflow transfer from node 0 to node 1 of a OneLinkTopology (10 Mb/s, 1 ms).
struct JoinRun
{
    OneLinkTopology link;             //!< the hosts
    Ptr<Socket> listener;             //!< node 1's MPTCP listener (port 5000)
    PatternReceiver rx;               //!< node 1's application
    Ptr<Socket> client;               //!< node 0's MPTCP socket
    PatternSender tx;                 //!< node 0's application
    std::vector<Segment> fromClient;  //!< segments node 0 sent
    std::vector<Segment> fromServer;  //!< segments node 1 sent
    uint32_t clientEstablished{0};    //!< SubflowEstablished on node 0's connection

    /**
     * Call ConfigureTransport() first: the sockets are created here.
     * \param net network of the link ("10.x.y.0")
     * \param bytes bytes to send
     */
    JoinRun(const char* net, uint64_t bytes)
        : link(net),
          listener(Listen(link.nodes.Get(1), MpTcpSocketFactory::GetTypeId())),
          rx(listener),
          client(Socket::CreateSocket(link.nodes.Get(0), MpTcpSocketFactory::GetTypeId())),
          tx(client, bytes)
    {
        RecordSegments(link.devs.Get(0), &fromClient);
        RecordSegments(link.devs.Get(1), &fromServer);
        client->TraceConnectWithoutContext(
            "SubflowEstablished",
            Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([this](Ptr<MpTcpSubflow>) { ++clientEstablished; })));
        Address to = InetSocketAddress(link.ifs.GetAddress(1), 5000);
        Ptr<Socket> c = client;
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([c, to]() {
            c->Bind();
            c->Connect(to);
        }));
    }

    /// \return node 0's connection
    Ptr<MpTcpSocketBase> Client() const
    {
        return DynamicCast<MpTcpSocketBase>(client);
    }

    /// \return node 1's connection (after the accept)
    Ptr<MpTcpSocketBase> Server() const
    {
        return DynamicCast<MpTcpSocketBase>(rx.m_conn);
    }

    /// \return the client port of the join (the source port of the MP_JOIN SYN), or 0
    uint16_t JoinPort() const
    {
        for (const auto& s : fromClient)
        {
            if ((s.header.GetFlags() & TcpHeader::SYN) && FindOption<MpJoinSynOption>(s))
            {
                return s.header.GetSourcePort();
            }
        }
        return 0;
    }
};

/**
 * A middlebox on the client's link tampers with the third ACK of the join: it either flips one
 * octet of its 160-bit HMAC (a forged third ACK) or disables its MP_JOIN option (a third ACK
 * without MP_JOIN). The server refuses the subflow (never established, counted once, one RST
 * with MP_TCPRST 0x03, which the client records); the client never sent data on it; the
 * transfer completes byte-exact on the initial subflow.
 */
class ThirdAckRefusedTest : public TestCase
{
  public:
    /// \param forge true: wrong HMAC; false: no MP_JOIN
    explicit ThirdAckRefusedTest(bool forge)
        : TestCase(forge ? "a third ACK with a forged HMAC is refused (MP_TCPRST 0x03)"
                         : "a third ACK without MP_JOIN is refused (MP_TCPRST 0x03)"),
          m_forge(forge)
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t bytes = 1000000;
        ConfigureTransport(2, Lia(), 131072);
        JoinRun run("10.6.7.0", bytes);
        Ptr<OptionStripper> mb = OptionStripper::Install(run.link.devs.Get(0), HasJoinAck);
        if (m_forge)
        {
            mb->m_rewrite = [](std::vector<uint8_t>& b) {
                if (b.size() != 24 || (b[2] >> 4) != 0x1)
                {
                    return false;
                }
                b[4] ^= 0x80; // first octet of the HMAC
                return true;
            };
        }
        Simulator::Run();

        Ptr<MpTcpSocketBase> client = run.Client();
        Ptr<MpTcpSocketBase> server = run.Server();
        uint16_t joinPort = run.JoinPort();
        NS_TEST_ASSERT_MSG_NE(joinPort, 0, "the client opened a join");
        NS_TEST_ASSERT_MSG_EQ(mb->m_stripped, 1, "one third ACK tampered with");
        NS_TEST_ASSERT_MSG_EQ(server->GetJoinFailures(), 1, "the server counted the refusal");
        NS_TEST_ASSERT_MSG_EQ(server->GetProtocolErrors(), 1, "as one protocol error");
        NS_TEST_ASSERT_MSG_EQ(run.clientEstablished, 1, "the client never took the join in use");
        uint32_t onJoin = 0; // the server's segments on the join: its SYN/ACK and the RST
        for (const auto& seg : run.fromServer)
        {
            onJoin += seg.header.GetDestinationPort() == joinPort;
        }
        NS_TEST_ASSERT_MSG_EQ(onJoin, 2, "the server sent only the SYN/ACK and the RST on it");
        uint32_t rsts = 0;
        uint32_t prohibited = 0;
        for (const auto& s : run.fromServer)
        {
            if ((s.header.GetFlags() & TcpHeader::RST) &&
                s.header.GetDestinationPort() == joinPort)
            {
                ++rsts;
                auto r = FindOption<MpTcpRstOption>(s);
                prohibited += r && r->reason == MpTcpRstReason::ADMINISTRATIVELY_PROHIBITED;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(rsts, 1, "one RST on the join");
        NS_TEST_ASSERT_MSG_EQ(prohibited, 1, "with MP_TCPRST 0x03");
        NS_TEST_ASSERT_MSG_EQ(
            client->GetTcpRstReceived(MpTcpRstReason::ADMINISTRATIVELY_PROHIBITED),
            1,
            "the client recorded it");
        uint64_t joinData = 0;
        for (const auto& s : run.fromClient)
        {
            joinData += s.header.GetSourcePort() == joinPort ? s.payload : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(joinData, 0, "no data on a subflow that was never acknowledged");
        NS_TEST_ASSERT_MSG_EQ(client->GetJoinAckRetransmissions(), 0, "the RST came first");
        NS_TEST_ASSERT_MSG_EQ(run.rx.m_received, bytes, "every byte arrives");
        NS_TEST_ASSERT_MSG_EQ(run.rx.m_mismatches, 0, "in order, once");
        Simulator::Destroy();
    }

    bool m_forge; //!< forge the HMAC (else strip MP_JOIN)
};

/**
 * The third ACK (or the fourth ACK that acknowledges it) is lost once. The client sends no data
 * on the join until an ACK of the server arrives on it, retransmits the third ACK exactly once
 * after the subflow's RTO (1 s: ns-3's MinRto), and the subflow then carries data; the server
 * acknowledges every valid third ACK it gets (two fourth ACKs when the first was lost).
 */
class ThirdAckReliableTest : public TestCase
{
  public:
    /// \param loseFourth true: the server's fourth ACK is lost; false: the client's third ACK
    explicit ThirdAckReliableTest(bool loseFourth)
        : TestCase(loseFourth ? "a lost fourth ACK: the third ACK is sent again, answered again"
                              : "a lost third ACK is retransmitted and the subflow comes up"),
          m_loseFourth(loseFourth)
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t bytes = 4000000; // 3.3 s at 10 Mb/s: the join comes up after ~1.1 s
        ConfigureTransport(2, Lia(), 131072);
        // Round robin: the join gets every other segment as soon as it may carry data (the
        // lowest-RTT scheduler leaves it idle while the first subflow has room in its window).
        Config::SetDefault("ns3::MpTcpSocketBase::Scheduler",
                           StringValue("ns3::MpTcpRoundRobinScheduler"));
        JoinRun run("10.6.8.0", bytes);
        Ptr<SegmentDropper> dropper;
        if (m_loseFourth)
        {
            // On the client's receive side: the first pure ACK on the join after its SYN/ACK.
            auto joinPort = std::make_shared<uint16_t>(0);
            dropper = CreateObject<SegmentDropper>(
                [joinPort](const TcpHeader& h, uint32_t payload) {
                    if (IsJoinSynAck(h))
                    {
                        *joinPort = h.GetDestinationPort();
                        return false;
                    }
                    return *joinPort != 0 && h.GetDestinationPort() == *joinPort &&
                           h.GetFlags() == TcpHeader::ACK && payload == 0;
                },
                1);
            run.link.devs.Get(0)->SetAttribute("ReceiveErrorModel", PointerValue(dropper));
        }
        else
        {
            dropper = CreateObject<SegmentDropper>(
                [](const TcpHeader& h, uint32_t) { return HasJoinAck(h); },
                1);
            run.link.devs.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(dropper));
        }
        uint32_t serverEstablished = 0; // mid-transfer
        Simulator::Schedule(Seconds(2.5), MPTCP_EVENT([&]() {
            serverEstablished = run.Server()->GetNEstablishedSubflows();
        }));
        Simulator::Run();

        Ptr<MpTcpSocketBase> client = run.Client();
        Ptr<MpTcpSocketBase> server = run.Server();
        uint16_t joinPort = run.JoinPort();
        NS_TEST_ASSERT_MSG_NE(joinPort, 0, "the client opened a join");
        NS_TEST_ASSERT_MSG_GT(dropper->m_dropTime, 0, "the segment was dropped");
        NS_TEST_ASSERT_MSG_EQ(client->GetJoinAckRetransmissions(), 1, "one retransmission");
        NS_TEST_ASSERT_MSG_EQ(server->GetJoinFailures(), 0, "nothing refused");
        NS_TEST_ASSERT_MSG_EQ(client->GetJoinFailures(), 0, "nothing refused");
        // The client's segments on the join, in order: SYN, third ACK, third ACK again, data.
        std::vector<double> thirdAcks;
        double firstData = -1;
        for (const auto& s : run.fromClient)
        {
            if (s.header.GetSourcePort() != joinPort)
            {
                continue;
            }
            if (FindOption<MpJoinAckOption>(s))
            {
                thirdAcks.push_back(s.time);
            }
            if (s.payload > 0 && firstData < 0)
            {
                firstData = s.time;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(thirdAcks.size(), 2, "the third ACK was sent twice");
        if (thirdAcks.size() == 2)
        {
            double gap = thirdAcks[1] - thirdAcks[0];
            NS_TEST_ASSERT_MSG_EQ_TOL(gap, 1.0, 0.01, "after one RTO (MinRto 1 s)");
            NS_TEST_ASSERT_MSG_GT(firstData, thirdAcks[1], "no data before the fourth ACK");
        }
        uint32_t fourthAcks = 0;
        double firstFourth = -1;
        for (const auto& s : run.fromServer)
        {
            if (s.header.GetDestinationPort() == joinPort && s.header.GetFlags() == TcpHeader::ACK &&
                s.payload == 0 && (firstData < 0 || s.time < firstData))
            {
                ++fourthAcks;
                firstFourth = firstFourth < 0 ? s.time : firstFourth;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(fourthAcks,
                              (m_loseFourth ? 2 : 1),
                              "one fourth ACK per valid third ACK received");
        NS_TEST_ASSERT_MSG_EQ(run.clientEstablished, 2, "both subflows taken into use");
        NS_TEST_ASSERT_MSG_EQ(serverEstablished, 2, "both subflows established at 2.5 s");
        NS_TEST_ASSERT_MSG_GT(firstData, 0, "the join carried data");
        NS_TEST_ASSERT_MSG_EQ(run.rx.m_received, bytes, "every byte arrives");
        NS_TEST_ASSERT_MSG_EQ(run.rx.m_mismatches, 0, "in order, once");
        Simulator::Destroy();
    }

    bool m_loseFourth; //!< lose the fourth ACK (else the third)
};

/**
 * An off-path host that learnt the server's token (it travels in clear in every MP_JOIN SYN)
 * but never saw the keys: it sends an MP_JOIN SYN with the valid token, gets the SYN/ACK, and
 * answers with a third ACK whose HMAC it computed from keys of its own. The server refuses:
 * one RST with MP_TCPRST 0x03, one join failure, never a second subflow; the token was not
 * unknown; the real transfer is unaffected.
 */
class JoinWithoutKeysTest : public TestCase
{
  public:
    JoinWithoutKeysTest()
        : TestCase("a join with a valid token but without the keys cannot complete")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t bytes = 1000000;
        ConfigureTransport(1, Lia(), 131072);
        JoinRun run("10.6.9.0", bytes);
        const uint16_t port = 40000;
        // The attacker's host ignores what comes back to its port (no RST from its stack).
        run.link.devs.Get(0)->SetAttribute(
            "ReceiveErrorModel",
            PointerValue(CreateObject<SegmentDropper>(
                [port](const TcpHeader& h, uint32_t) {
                    return h.GetDestinationPort() == port && !(h.GetFlags() & TcpHeader::RST);
                },
                1)));
        auto clientTcp = run.link.nodes.Get(0)->GetObject<MpTcpL4Protocol>();
        Ipv4Address a = run.link.ifs.GetAddress(0);
        Ipv4Address b = run.link.ifs.GetAddress(1);
        uint32_t token = 0;
        Simulator::Schedule(Seconds(0.3), MPTCP_EVENT([&]() {
            token = run.Server()->GetLocalToken();
            TcpHeader syn;
            syn.SetSourcePort(port);
            syn.SetDestinationPort(5000);
            syn.SetSequenceNumber(SequenceNumber32(1000));
            syn.SetFlags(TcpHeader::SYN);
            syn.SetWindowSize(65535);
            MpJoinSynOption join;
            join.receiverToken = token;
            join.senderNonce = 42;
            Ptr<TcpOptionMpTcp> o = CreateObject<TcpOptionMpTcp>();
            o->SetOption(join);
            syn.AppendOption(o);
            clientTcp->SendPacket(Create<Packet>(), syn, a, b);
        }));
        bool sentThirdAck = false;
        // Answer the SYN/ACK as soon as it shows up (it queues behind the transfer's data).
        std::function<void()> answer = [&]() {
            if (sentThirdAck)
            {
                return;
            }
            Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT(answer));
            for (const auto& s : run.fromServer)
            {
                auto synAck = FindOption<MpJoinSynAckOption>(s);
                if (!synAck || s.header.GetDestinationPort() != port)
                {
                    continue;
                }
                TcpHeader ack;
                ack.SetSourcePort(port);
                ack.SetDestinationPort(5000);
                ack.SetSequenceNumber(SequenceNumber32(1001));
                ack.SetAckNumber(s.header.GetSequenceNumber() + SequenceNumber32(1));
                ack.SetFlags(TcpHeader::ACK);
                ack.SetWindowSize(65535);
                MpJoinAckOption j;
                // Keys the attacker made up: it cannot know the connection's.
                auto mac = MpTcpCrypto::JoinHmac(0x0123456789abcdefULL,
                                                 0xfedcba9876543210ULL,
                                                 42,
                                                 synAck->senderNonce);
                std::copy(mac.begin(), mac.begin() + 20, j.hmac.begin());
                Ptr<TcpOptionMpTcp> o = CreateObject<TcpOptionMpTcp>();
                o->SetOption(j);
                ack.AppendOption(o);
                clientTcp->SendPacket(Create<Packet>(), ack, a, b);
                sentThirdAck = true;
                break;
            }
        };
        Simulator::Schedule(Seconds(0.3), MPTCP_EVENT(answer));
        Simulator::Run();

        Ptr<MpTcpSocketBase> server = run.Server();
        NS_TEST_ASSERT_MSG_NE(token, 0, "the server's token");
        NS_TEST_ASSERT_MSG_EQ(sentThirdAck, true, "the server answered the SYN with MP_JOIN");
        uint32_t rsts = 0;
        uint32_t prohibited = 0;
        for (const auto& s : run.fromServer)
        {
            if ((s.header.GetFlags() & TcpHeader::RST) && s.header.GetDestinationPort() == port)
            {
                ++rsts;
                auto r = FindOption<MpTcpRstOption>(s);
                prohibited += r && r->reason == MpTcpRstReason::ADMINISTRATIVELY_PROHIBITED;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(rsts, 1, "one RST answered the third ACK");
        NS_TEST_ASSERT_MSG_EQ(prohibited, 1, "with MP_TCPRST 0x03");
        NS_TEST_ASSERT_MSG_EQ(server->GetJoinFailures(), 1, "counted once");
        NS_TEST_ASSERT_MSG_EQ(run.link.nodes.Get(1)->GetObject<MpTcpL4Protocol>()
                                  ->GetUnknownTokenDrops(),
                              0,
                              "the token was valid");
        NS_TEST_ASSERT_MSG_LT(server->GetNEstablishedSubflows(), 2, "no second subflow");
        NS_TEST_ASSERT_MSG_EQ(run.rx.m_received, bytes, "the transfer carried on");
        NS_TEST_ASSERT_MSG_EQ(run.rx.m_mismatches, 0, "in order, once");
        Simulator::Destroy();
    }
};

class MpTcpJoinTestSuite : public TestSuite
{
  public:
    MpTcpJoinTestSuite()
        : TestSuite("mptcp-join", MPTCP_TEST_SYSTEM)
    {
        AddTestCase(new ThirdAckRefusedTest(true));
        AddTestCase(new ThirdAckRefusedTest(false));
        AddTestCase(new ThirdAckReliableTest(false));
        AddTestCase(new ThirdAckReliableTest(true));
        AddTestCase(new JoinWithoutKeysTest());
    }
};

MpTcpJoinTestSuite g_mptcpJoinTestSuite;

} // namespace
