/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Abortive teardown and subflow resets of MPTCP (RFC 8684): MP_FASTCLOSE (§3.5), MP_TCPRST and
 * the reset of one subflow (§3.6), MP_JOIN with an unknown token or a bad HMAC (§3.2), and
 * crafted options (a wrong fast-close key, a DSS mapping outside the receive window).
 */
#include "mptcp-test-harness.h"

#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// Counts the close notifications a socket gives its application.
struct CloseCounter
{
    uint32_t normal{0}; //!< normal closes
    uint32_t error{0};  //!< error closes

    /// Count the closes of \p s.
    void Attach(Ptr<Socket> s)
    {
        s->SetCloseCallbacks(MakeCallback(&CloseCounter::Normal, this),
                             MakeCallback(&CloseCounter::Error, this));
    }

    void Normal(Ptr<Socket>)
    {
        ++normal;
    }

    void Error(Ptr<Socket>)
    {
        ++error;
    }
};

/**
 * What the connections left behind: subflows not CLOSED, subflows still in their node's socket
 * list, tokens left in the nodes' token maps.
 */
void
CheckNoLeak(const std::vector<std::pair<Ptr<MpTcpSocketBase>, Ptr<Node>>>& conns,
            uint32_t* subflows,
            uint32_t* notClosed,
            uint32_t* listed,
            uint32_t* tokens)
{
    *subflows = *notClosed = *listed = *tokens = 0;
    for (const auto& [conn, node] : conns)
    {
        auto tcp = node->GetObject<MpTcpL4Protocol>();
        for (const auto& sf : conn->GetSubflows())
        {
            ++*subflows;
            *notClosed += (sf->GetState() != TcpSocket::CLOSED);
            // RemoveSocket() returns true only if the node still listed the socket.
            *listed += tcp->RemoveSocket(sf);
        }
        *tokens += tcp->GetNTokens();
    }
}

/**
 * MP_FASTCLOSE (RFC 8684 §3.5, option R). The server sends data the client never reads; the
 * client closes with the data unread, which aborts: a RST with MP_FASTCLOSE (the server's key)
 * and MP_TCPRST on each of its two subflows. Both ends are CLOSED with no token, no subflow in
 * a socket list; the server application got exactly one error close and no normal close; the
 * server sent nothing after (option R); the simulation runs out of events by itself.
 */
class FastCloseTest : public TestCase
{
  public:
    FastCloseTest()
        : TestCase("MP_FASTCLOSE: Close() with unread data aborts both ends, nothing left")
    {
    }

  private:
    /// The server application: writes pattern bytes as long as the socket takes them.
    void Fill(Ptr<Socket> s, uint32_t)
    {
        uint8_t buf[1000] = {};
        while (s->GetTxAvailable() >= sizeof(buf) && s->Send(Create<Packet>(buf, sizeof(buf))) > 0)
        {
            m_served += sizeof(buf);
        }
    }

    void Accept(Ptr<Socket> s, const Address&)
    {
        m_server = DynamicCast<MpTcpSocketBase>(s);
        m_serverCloses.Attach(s);
        s->SetSendCallback(MakeCallback(&FastCloseTest::Fill, this));
        Fill(s, 0);
    }

    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 131072);
        OneLinkTopology link("10.6.1.0");
        Ptr<Socket> listener = Listen(link.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&FastCloseTest::Accept, this));
        Ptr<Socket> client =
            Socket::CreateSocket(link.nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        auto meta = DynamicCast<MpTcpSocketBase>(client);
        CloseCounter clientCloses;
        clientCloses.Attach(client);
        std::vector<Segment> fromClient;
        std::vector<Segment> fromServer;
        RecordSegments(link.devs.Get(0), &fromClient);
        RecordSegments(link.devs.Get(1), &fromServer);
        Address to = InetSocketAddress(link.ifs.GetAddress(1), 5000);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        uint32_t unread = 0;
        uint32_t established = 0;
        const double abortAt = 1.0;
        Simulator::Schedule(Seconds(abortAt), MPTCP_EVENT([&]() {
            unread = client->GetRxAvailable();
            established = meta->GetNEstablishedSubflows();
            client->Close();
        }));
        Simulator::Run(); // no Stop(): it returns once no event is left
        const double end = Simulator::Now().GetSeconds();

        // The first RST of each subflow is the abort's; the client's stack answers the server's
        // data still in flight with plain RSTs afterwards (no socket any more), as TCP does.
        std::map<uint16_t, bool> firstRst; // client port -> its first RST had both options
        uint64_t key = m_server ? m_server->GetLocalKey() : 0;
        for (const auto& s : fromClient)
        {
            if ((s.header.GetFlags() & TcpHeader::RST) && !firstRst.count(s.header.GetSourcePort()))
            {
                auto fc = FindOption<MpFastCloseOption>(s);
                auto rst = FindOption<MpTcpRstOption>(s);
                firstRst[s.header.GetSourcePort()] = fc && fc->receiverKey == key && rst &&
                                                     s.time < abortAt + 1e-3;
            }
        }
        uint32_t rstFastClose = 0;
        for (const auto& [port, ok] : firstRst)
        {
            rstFastClose += ok;
        }
        uint32_t serverAfter = 0;
        for (const auto& s : fromServer)
        {
            serverAfter += (s.time > abortAt + 0.0011); // one-way delay plus transmission
        }
        std::cout << GetName() << ": " << unread << " B unread, " << m_served
                  << " B served, last event at " << end << " s" << std::endl;

        NS_TEST_ASSERT_MSG_NE(m_server, nullptr, "the server accepted");
        NS_TEST_ASSERT_MSG_GT(unread, 0, "data sat unread in the client's receive queue");
        NS_TEST_ASSERT_MSG_EQ(established, 2, "two subflows when aborting");
        NS_TEST_ASSERT_MSG_EQ(firstRst.size(), 2, "a RST on each subflow");
        NS_TEST_ASSERT_MSG_EQ(rstFastClose, 2, "at once, with MP_FASTCLOSE (the server's key) "
                                               "and MP_TCPRST");
        NS_TEST_ASSERT_MSG_EQ(serverAfter, 0, "option R: the server answers nothing");
        NS_TEST_ASSERT_MSG_EQ(meta->GetState(), MpTcpSocketBase::CLOSED, "client CLOSED");
        NS_TEST_ASSERT_MSG_EQ(m_server->GetState(), MpTcpSocketBase::CLOSED, "server CLOSED");
        NS_TEST_ASSERT_MSG_EQ(m_server->GetFastClosesReceived(), 1, "fast close accepted once");
        NS_TEST_ASSERT_MSG_EQ(m_server->GetProtocolErrors(), 0, "key accepted");
        NS_TEST_ASSERT_MSG_EQ(m_serverCloses.error, 1, "the server app got one error close");
        NS_TEST_ASSERT_MSG_EQ(m_serverCloses.normal, 0, "and no normal close");
        NS_TEST_ASSERT_MSG_EQ(clientCloses.error + clientCloses.normal, 0,
                              "the aborting app is not called back");
        uint32_t subflows;
        uint32_t notClosed;
        uint32_t listed;
        uint32_t tokens;
        CheckNoLeak({{meta, link.nodes.Get(0)}, {m_server, link.nodes.Get(1)}},
                    &subflows,
                    &notClosed,
                    &listed,
                    &tokens);
        NS_TEST_ASSERT_MSG_EQ(subflows, 4, "two subflows per side");
        NS_TEST_ASSERT_MSG_EQ(notClosed, 0, "every subflow CLOSED");
        NS_TEST_ASSERT_MSG_EQ(listed, 0, "no subflow left in a node's socket list");
        NS_TEST_ASSERT_MSG_EQ(tokens, 0, "both token maps empty");
        // Run() returned without Stop(); cancelled timers still advance the clock, but a
        // subflow left in TIME_WAIT would keep it running until 2 MSL (120 s).
        NS_TEST_ASSERT_MSG_LT(end, 10.0, "no TIME_WAIT left");
        m_server = nullptr;
        Simulator::Destroy();
    }

    Ptr<MpTcpSocketBase> m_server; //!< the accepted connection
    CloseCounter m_serverCloses;   //!< its application's close notifications
    uint64_t m_served{0};          //!< bytes the server wrote
};

/**
 * A crafted option on the server's pure ACKs, received by the sending client mid-transfer:
 * MP_FASTCLOSE with a wrong key (RFC 8684 §3.5: ignored) or a DSS mapping far outside the
 * client's receive window (§3.3.4: ignored). Each is counted as one protocol error, nothing
 * else happens: the transfer completes byte-exact and the connection closes normally.
 */
class CraftedOptionTest : public TestCase
{
  public:
    /// What is injected.
    enum Kind
    {
        WRONG_FASTCLOSE_KEY,
        OUT_OF_WINDOW_DSS,
    };

    CraftedOptionTest(Kind kind)
        : TestCase(kind == WRONG_FASTCLOSE_KEY
                       ? "MP_FASTCLOSE with a wrong key is counted and ignored"
                       : "a DSS mapping outside the receive window is counted and ignored"),
          m_kind(kind)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 131072);
        OneLinkTopology link("10.6.2.0");
        Ptr<Socket> listener = Listen(link.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client =
            Socket::CreateSocket(link.nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        auto meta = DynamicCast<MpTcpSocketBase>(client);
        const uint64_t bytes = 2000000;
        PatternSender tx(client, bytes);
        std::vector<std::string> errors;
        client->TraceConnectWithoutContext(
            "ProtocolError",
            Callback<void, Ptr<MpTcpSubflow>, const std::string&>(
                MPTCP_CALLBACK([&errors](Ptr<MpTcpSubflow>, const std::string& what) {
                    errors.push_back(what);
                })));
        Address to = InetSocketAddress(link.ifs.GetAddress(1), 5000);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        const uint32_t count = 5;
        uint32_t injected = 0;
        Kind kind = m_kind;
        Simulator::Schedule(Seconds(0.5), MPTCP_EVENT([&rx, meta, &injected, kind, count]() {
            auto server = DynamicCast<MpTcpSocketBase>(rx.m_conn);
            MpTcpOption option;
            if (kind == WRONG_FASTCLOSE_KEY)
            {
                option = MpFastCloseOption{meta->GetLocalKey() ^ 0x5a5a};
            }
            else
            {
                DssOption dss;
                dss.hasMapping = true;
                dss.dsn64 = true;
                dss.dsn = server->GetLocalIdsn() + 1 + 50000000; // far beyond 128 KB
                dss.ssn = 1000;
                dss.dataLength = 1000;
                option = dss;
            }
            auto inject = [option, &injected, count](Ptr<const Packet> p,
                                                     const TcpHeader& h,
                                                     Ptr<const TcpSocketBase>) {
                if (p->GetSize() == 0 && h.GetFlags() == TcpHeader::ACK && injected < count)
                {
                    Ptr<TcpOptionMpTcp> o = CreateObject<TcpOptionMpTcp>();
                    o->SetOption(option);
                    injected += const_cast<TcpHeader&>(h).AppendOption(o);
                }
            };
            for (const auto& sf : server->GetSubflows())
            {
                sf->TraceConnectWithoutContext(
                    "Tx",
                    Callback<void, Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocketBase>>(
                        MPTCP_CALLBACK(inject)));
            }
        }));
        Simulator::Run();
        const std::string expected = m_kind == WRONG_FASTCLOSE_KEY
                                         ? "MP_FASTCLOSE with a wrong key"
                                         : "DSS mapping outside the receive window";
        uint32_t matching = std::count(errors.begin(), errors.end(), expected);
        std::cout << GetName() << ": injected " << injected << ", counted " << errors.size()
                  << std::endl;
        NS_TEST_ASSERT_MSG_EQ(injected, count, "every crafted option was sent");
        NS_TEST_ASSERT_MSG_EQ(meta->GetProtocolErrors(), count, "one protocol error each");
        NS_TEST_ASSERT_MSG_EQ(matching, count, "each for the crafted option");
        if (m_kind == WRONG_FASTCLOSE_KEY)
        {
            NS_TEST_ASSERT_MSG_EQ(meta->GetFastClosesReceived(), 0, "no fast close accepted");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(meta->GetOutOfWindowMappings(), count, "counted as such");
        }
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, bytes, "every byte arrives");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "in order, unaltered");
        NS_TEST_ASSERT_MSG_EQ(meta->GetState(), MpTcpSocketBase::CLOSED, "closed normally");
        Simulator::Destroy();
    }

    Kind m_kind; //!< what is injected
};

/**
 * RFC 8684 §3.6: a RST on one subflow of an established connection removes that subflow only.
 * Subflows pinned alternately to the two paths of TwoPathTopology; mid-transfer the server
 * resets one of its subflows (MP_TCPRST reason "administratively prohibited"). The client
 * records the reason, removes the subflow (no more coupling), reinjects what it held, and
 * the transfer completes byte-exact over the others, each of which kept carrying data. The
 * SubflowClosed trace fires, before the transfer ends, for exactly that subflow on each side.
 */
class SubflowResetTest : public TestCase
{
  public:
    /**
     * \param subflows subflows per connection
     * \param index which of the server's subflows is reset (0: the initial, MP_CAPABLE one)
     */
    SubflowResetTest(uint32_t subflows, uint32_t index)
        : TestCase("RST on subflow " + std::to_string(index) + (index == 0 ? " (initial)" : "") +
                   " of " + std::to_string(subflows) + ": only it is removed, bytes exact"),
          m_subflows(subflows),
          m_index(index)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(m_subflows, Lia(), 1 << 20);
        TwoPathTopology topo;
        Ptr<Socket> listener = Listen(topo.n.Get(5), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(topo.n.Get(0), MpTcpSocketFactory::GetTypeId());
        auto meta = DynamicCast<MpTcpSocketBase>(client);
        const uint64_t total = 6000000;
        PatternSender tx(client, total);
        uint32_t pinned = 0;
        topo.PinSubflows(client, &pinned);
        using Closed = std::vector<std::pair<double, Ptr<MpTcpSubflow>>>;
        Closed clientClosed;
        Closed serverClosed;
        auto recordClosed = [](Closed* c) {
            return Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([c](Ptr<MpTcpSubflow> sf) {
                c->emplace_back(Simulator::Now().GetSeconds(), sf);
            }));
        };
        client->TraceConnectWithoutContext("SubflowClosed", recordClosed(&clientClosed));
        std::vector<uint8_t> reasons;
        client->TraceConnectWithoutContext(
            "TcpRstReceived",
            Callback<void, Ptr<MpTcpSubflow>, uint8_t>(
                MPTCP_CALLBACK([&reasons](Ptr<MpTcpSubflow>, uint8_t r) { reasons.push_back(r); })));
        Address to = InetSocketAddress(topo.b, 5000);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        const double resetAt = 1.0;
        Ptr<MpTcpSubflow> target;      // the server's subflow that is reset
        Ptr<MpTcpSubflow> counterpart; // the client's subflow on the same 4-tuple
        std::vector<uint64_t> sentAtReset;
        uint64_t reinjectedAtReset = 0;
        uint32_t establishedAtReset = 0;
        Simulator::Schedule(Seconds(resetAt), MPTCP_EVENT([&]() {
            auto server = DynamicCast<MpTcpSocketBase>(rx.m_conn);
            server->TraceConnectWithoutContext("SubflowClosed", recordClosed(&serverClosed));
            establishedAtReset = meta->GetNEstablishedSubflows();
            if (server->GetSubflows().size() <= m_index)
            {
                return;
            }
            target = server->GetSubflows()[m_index];
            Ipv4Address la;
            Ipv4Address ra;
            uint16_t lp;
            uint16_t rp;
            target->GetFourTuple(la, lp, ra, rp);
            for (const auto& sf : meta->GetSubflows())
            {
                Ipv4Address cla;
                Ipv4Address cra;
                uint16_t clp;
                uint16_t crp;
                sf->GetFourTuple(cla, clp, cra, crp);
                counterpart = (clp == rp) ? sf : counterpart;
                sentAtReset.push_back(sf->GetBytesSent());
            }
            reinjectedAtReset = meta->GetReinjectedBytes();
            target->Reset(MpTcpRstReason::ADMINISTRATIVELY_PROHIBITED);
        }));
        // The coupled controller's view shortly after: one subflow fewer.
        std::vector<MpTcpSocketBase::SubflowWindow> windows;
        Simulator::Schedule(Seconds(resetAt + 0.2), MPTCP_EVENT([&]() { meta->GetSubflowWindows(windows); }));
        Simulator::Run(); // until TIME_WAIT (2 MSL) ends on the client's subflows

        const double done = rx.m_progress.empty() ? 0 : rx.m_progress.back().first;
        auto before = [done](const Closed& c) {
            Closed out;
            for (const auto& e : c)
            {
                if (e.first <= done)
                {
                    out.push_back(e);
                }
            }
            return out;
        };
        Closed clientEarly = before(clientClosed);
        Closed serverEarly = before(serverClosed);
        uint32_t othersCarrying = 0;
        const auto& sfs = meta->GetSubflows();
        for (uint32_t i = 0; i < sfs.size() && i < sentAtReset.size(); ++i)
        {
            if (sfs[i] != counterpart)
            {
                othersCarrying += (sfs[i]->GetBytesSent() > sentAtReset[i] + 100000);
            }
        }
        std::cout << GetName() << ": done at " << done << " s, reinjected "
                  << meta->GetReinjectedBytes() - reinjectedAtReset << " B after the reset"
                  << std::endl;
        NS_TEST_ASSERT_MSG_EQ(pinned, m_subflows, "every subflow pinned");
        NS_TEST_ASSERT_MSG_EQ(establishedAtReset, m_subflows, "all established at the reset");
        NS_TEST_ASSERT_MSG_NE(target, nullptr, "the server's subflow exists");
        NS_TEST_ASSERT_MSG_NE(counterpart, nullptr, "its client side was found");
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, total, "the transfer completes");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "every byte once and in order");
        NS_TEST_ASSERT_MSG_EQ(clientEarly.size(), 1, "one subflow closed on the client");
        NS_TEST_ASSERT_MSG_EQ(serverEarly.size(), 1, "one subflow closed on the server");
        if (clientEarly.size() == 1 && serverEarly.size() == 1)
        {
            NS_TEST_ASSERT_MSG_EQ(clientEarly[0].second, counterpart, "the reset one (client)");
            NS_TEST_ASSERT_MSG_EQ(serverEarly[0].second, target, "the reset one (server)");
        }
        NS_TEST_ASSERT_MSG_EQ(reasons.size(), 1, "one MP_TCPRST received by the client");
        if (reasons.size() == 1)
        {
            NS_TEST_ASSERT_MSG_EQ(int(reasons[0]),
                                  int(MpTcpRstReason::ADMINISTRATIVELY_PROHIBITED),
                                  "with the reason the server gave");
        }
        NS_TEST_ASSERT_MSG_EQ(meta->GetTcpRstReceived(MpTcpRstReason::ADMINISTRATIVELY_PROHIBITED),
                              1,
                              "recorded by reason");
        NS_TEST_ASSERT_MSG_EQ(meta->GetSubflowResets(), 1, "one subflow reset on the client");
        NS_TEST_ASSERT_MSG_EQ(counterpart->IsReset(), true, "the counterpart saw the RST");
        NS_TEST_ASSERT_MSG_EQ(windows.size(), m_subflows - 1, "coupling counts the others only");
        NS_TEST_ASSERT_MSG_GT(meta->GetReinjectedBytes(),
                              reinjectedAtReset,
                              "the data it held was reinjected");
        NS_TEST_ASSERT_MSG_EQ(othersCarrying, m_subflows - 1, "every other subflow kept sending");
        NS_TEST_ASSERT_MSG_EQ(meta->GetState(), MpTcpSocketBase::CLOSED, "closed with DATA_FIN");
        NS_TEST_ASSERT_MSG_EQ(topo.n.Get(0)->GetObject<MpTcpL4Protocol>()->GetNTokens(),
                              0,
                              "no token left on the client");
        Simulator::Destroy();
    }

    uint32_t m_subflows; //!< subflows per connection
    uint32_t m_index;    //!< the server's subflow that is reset
};

/**
 * RFC 8684 §3.6: when the last subflow is reset the connection fails. One subflow; the server
 * resets it mid-transfer (MP_TCPRST "unacceptable performance"). The client's application gets
 * one error close and no normal close; both ends are CLOSED with no token and no subflow in a
 * socket list, and the simulation runs out of events by itself.
 */
class LastSubflowResetTest : public TestCase
{
  public:
    LastSubflowResetTest()
        : TestCase("RST on the last subflow: the connection fails on both ends, nothing left")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 131072);
        OneLinkTopology link("10.6.3.0");
        Ptr<Socket> listener = Listen(link.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client =
            Socket::CreateSocket(link.nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        auto meta = DynamicCast<MpTcpSocketBase>(client);
        PatternSender tx(client, 5000000);
        CloseCounter closes;
        closes.Attach(client);
        Address to = InetSocketAddress(link.ifs.GetAddress(1), 5000);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        const double resetAt = 1.0;
        Simulator::Schedule(Seconds(resetAt), MPTCP_EVENT([&rx]() {
            auto server = DynamicCast<MpTcpSocketBase>(rx.m_conn);
            server->GetSubflows().front()->Reset(MpTcpRstReason::UNACCEPTABLE_PERFORMANCE);
        }));
        Simulator::Run();
        const double end = Simulator::Now().GetSeconds();
        auto server = DynamicCast<MpTcpSocketBase>(rx.m_conn);
        NS_TEST_ASSERT_MSG_GT(rx.m_received, 0, "data flowed before the reset");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "in order");
        NS_TEST_ASSERT_MSG_EQ(closes.error, 1, "the client app got one error close");
        NS_TEST_ASSERT_MSG_EQ(closes.normal, 0, "and no normal close");
        NS_TEST_ASSERT_MSG_EQ(meta->GetTcpRstReceived(MpTcpRstReason::UNACCEPTABLE_PERFORMANCE),
                              1,
                              "the reason was recorded");
        NS_TEST_ASSERT_MSG_EQ(meta->GetState(), MpTcpSocketBase::CLOSED, "client CLOSED");
        NS_TEST_ASSERT_MSG_EQ(server->GetState(), MpTcpSocketBase::CLOSED, "server CLOSED");
        uint32_t subflows;
        uint32_t notClosed;
        uint32_t listed;
        uint32_t tokens;
        CheckNoLeak({{meta, link.nodes.Get(0)}, {server, link.nodes.Get(1)}},
                    &subflows,
                    &notClosed,
                    &listed,
                    &tokens);
        NS_TEST_ASSERT_MSG_EQ(subflows, 2, "one subflow per side");
        NS_TEST_ASSERT_MSG_EQ(notClosed, 0, "every subflow CLOSED");
        NS_TEST_ASSERT_MSG_EQ(listed, 0, "no subflow left in a node's socket list");
        NS_TEST_ASSERT_MSG_EQ(tokens, 0, "both token maps empty");
        NS_TEST_ASSERT_MSG_LT(end, 10.0, "no TIME_WAIT left (2 MSL = 120 s)");
        Simulator::Destroy();
    }
};

/**
 * RFC 8684 §3.2: an MP_JOIN SYN with a token the server does not know (crafted and sent from
 * the client's node to a port no socket uses) is answered with a RST carrying MP_TCPRST
 * (0x01, MPTCP-specific error) and counted; a transfer running at the same time is unaffected.
 */
class UnknownTokenJoinTest : public TestCase
{
  public:
    UnknownTokenJoinTest()
        : TestCase("MP_JOIN with an unknown token: answered with RST + MP_TCPRST, counted")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 131072);
        OneLinkTopology link("10.6.4.0");
        Ptr<Socket> listener = Listen(link.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client =
            Socket::CreateSocket(link.nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        const uint64_t bytes = 1000000;
        PatternSender tx(client, bytes);
        std::vector<Segment> fromServer;
        RecordSegments(link.devs.Get(1), &fromServer);
        auto serverTcp = link.nodes.Get(1)->GetObject<MpTcpL4Protocol>();
        std::vector<uint32_t> traced;
        serverTcp->TraceConnectWithoutContext(
            "UnknownTokenJoin",
            Callback<void, uint32_t, const TcpHeader&>(
                MPTCP_CALLBACK([&traced](uint32_t token, const TcpHeader&) { traced.push_back(token); })));
        Address to = InetSocketAddress(link.ifs.GetAddress(1), 5000);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        const uint32_t token = 0x0badf00d;
        const uint16_t port = 40000;
        bool tokenFree = false;
        Simulator::Schedule(Seconds(0.3), MPTCP_EVENT([&]() {
            tokenFree = serverTcp->LookupToken(token) == nullptr;
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
            link.nodes.Get(0)->GetObject<MpTcpL4Protocol>()->SendPacket(Create<Packet>(),
                                                                        syn,
                                                                        link.ifs.GetAddress(0),
                                                                        link.ifs.GetAddress(1));
        }));
        Simulator::Run();
        uint32_t rsts = 0;
        uint32_t good = 0;
        for (const auto& s : fromServer)
        {
            if ((s.header.GetFlags() & TcpHeader::RST) && s.header.GetDestinationPort() == port)
            {
                ++rsts;
                auto r = FindOption<MpTcpRstOption>(s);
                good += r && r->reason == MpTcpRstReason::MPTCP_SPECIFIC &&
                        s.header.GetSourcePort() == 5000 &&
                        s.header.GetAckNumber() == SequenceNumber32(1001);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(tokenFree, true, "the token was unknown");
        NS_TEST_ASSERT_MSG_EQ(serverTcp->GetUnknownTokenDrops(), 1, "counted once");
        NS_TEST_ASSERT_MSG_EQ(traced.size(), 1, "traced once");
        if (traced.size() == 1)
        {
            NS_TEST_ASSERT_MSG_EQ(traced[0], token, "with its token");
        }
        NS_TEST_ASSERT_MSG_EQ(rsts, 1, "one RST answered it");
        NS_TEST_ASSERT_MSG_EQ(good, 1, "with MP_TCPRST 0x01, ports swapped, ACK = SYN + 1");
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, bytes, "the transfer carried on");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "in order");
        NS_TEST_ASSERT_MSG_EQ(DynamicCast<MpTcpSocketBase>(client)->GetState(),
                              MpTcpSocketBase::CLOSED,
                              "and closed normally");
        Simulator::Destroy();
    }
};

/**
 * RFC 8684 §3.2: a middlebox corrupts the truncated HMAC of the first MP_JOIN SYN/ACK. The
 * client counts the failure, resets that subflow only (MP_TCPRST 0x01, which the server
 * records), reinjects what it had queued on it, and the transfer completes byte-exact on the
 * initial subflow.
 */
class JoinBadHmacTest : public TestCase
{
  public:
    JoinBadHmacTest()
        : TestCase("MP_JOIN with a bad HMAC resets only that subflow, bytes exact")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 131072);
        OneLinkTopology link("10.6.5.0");
        Ptr<OptionStripper> mb = OptionStripper::Install(link.devs.Get(1), [](const TcpHeader& h) {
            return (h.GetFlags() & TcpHeader::SYN) && (h.GetFlags() & TcpHeader::ACK);
        });
        bool done = false;
        mb->m_rewrite = [&done](std::vector<uint8_t>& b) {
            if (done || b.size() != 16 || (b[2] >> 4) != 1) // MP_JOIN SYN/ACK only
            {
                return false;
            }
            done = true;
            b[4] ^= 0xff; // first octet of the truncated HMAC
            return true;
        };
        Ptr<Socket> listener = Listen(link.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client =
            Socket::CreateSocket(link.nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        auto meta = DynamicCast<MpTcpSocketBase>(client);
        const uint64_t bytes = 1000000;
        PatternSender tx(client, bytes);
        std::vector<uint32_t> closedIds;
        client->TraceConnectWithoutContext(
            "SubflowClosed",
            Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([&closedIds, &rx](Ptr<MpTcpSubflow> sf) {
                if (rx.m_received < 1000000)
                {
                    closedIds.push_back(sf->GetSubflowId());
                }
            })));
        Address to = InetSocketAddress(link.ifs.GetAddress(1), 5000);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        Simulator::Run();
        auto server = DynamicCast<MpTcpSocketBase>(rx.m_conn);
        NS_TEST_ASSERT_MSG_EQ(mb->m_stripped, 1, "one MP_JOIN SYN/ACK corrupted");
        NS_TEST_ASSERT_MSG_EQ(meta->GetJoinFailures(), 1, "the client counted the bad HMAC");
        NS_TEST_ASSERT_MSG_EQ(meta->GetProtocolErrors(), 1, "as one protocol error");
        NS_TEST_ASSERT_MSG_EQ(meta->GetSubflowResets(), 1, "and reset that subflow");
        NS_TEST_ASSERT_MSG_EQ(closedIds.size(), 1, "only it closed during the transfer");
        if (closedIds.size() == 1)
        {
            NS_TEST_ASSERT_MSG_EQ(closedIds[0], 1, "the join, not the initial subflow");
        }
        NS_TEST_ASSERT_MSG_EQ(server->GetTcpRstReceived(MpTcpRstReason::MPTCP_SPECIFIC),
                              1,
                              "the server got MP_TCPRST 0x01");
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, bytes, "every byte arrives");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "in order, once");
        NS_TEST_ASSERT_MSG_EQ(meta->GetState(), MpTcpSocketBase::CLOSED, "client CLOSED");
        // The server's application never closes: its side only got the DATA_FIN.
        NS_TEST_ASSERT_MSG_EQ(server->IsDataFinReceived(), true, "the server got the DATA_FIN");
        for (uint32_t k = 0; k < 2; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(link.nodes.Get(k)->GetObject<MpTcpL4Protocol>()->GetNTokens(),
                                  0,
                                  "no token left on node " << k);
        }
        Simulator::Destroy();
    }
};

class MpTcpTeardownTestSuite : public TestSuite
{
  public:
    MpTcpTeardownTestSuite()
        : TestSuite("mptcp-teardown", MPTCP_TEST_SYSTEM)
    {
        AddTestCase(new FastCloseTest(), MPTCP_TEST_QUICK);
        AddTestCase(new CraftedOptionTest(CraftedOptionTest::WRONG_FASTCLOSE_KEY),
                    MPTCP_TEST_QUICK);
        AddTestCase(new CraftedOptionTest(CraftedOptionTest::OUT_OF_WINDOW_DSS),
                    MPTCP_TEST_QUICK);
        AddTestCase(new SubflowResetTest(4, 2), MPTCP_TEST_QUICK);
        AddTestCase(new SubflowResetTest(2, 0), MPTCP_TEST_QUICK);
        AddTestCase(new LastSubflowResetTest(), MPTCP_TEST_QUICK);
        AddTestCase(new UnknownTokenJoinTest(), MPTCP_TEST_QUICK);
        AddTestCase(new JoinBadHmacTest(), MPTCP_TEST_QUICK);
    }
};

MpTcpTeardownTestSuite g_mpTcpTeardownTestSuite;

} // namespace
