/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Middleboxes in the middle of a connection (RFC 8684 §3.7): DSS options stripped after the
 * connection is established (implicit infinite mapping, fallback to TCP), DSS checksums
 * negotiated with MP_CAPABLE's A flag, and a payload rewritten on the path (checksum failure,
 * MP_FAIL, infinite mapping).
 */

#include "mptcp-test-harness.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// Counts the DSS mappings (with and without checksum) and MP_FAILs in segments it sees.
struct OptionCounter
{
    uint32_t mappings{0};          //!< DSS options with a mapping (data-level length > 0)
    uint32_t checksummed{0};       //!< of which carry a checksum
    uint32_t infiniteMappings{0};  //!< DSS mappings with data-level length 0
    uint32_t mpFails{0};           //!< MP_FAIL options
    uint32_t capableWithA{0};      //!< MP_CAPABLE options with the A flag

    /// Count the MPTCP options of \p h.
    void Count(const TcpHeader& h)
    {
        std::vector<uint8_t> bytes;
        for (const auto& opt : h.GetOptionList())
        {
            MpTcpOption o;
            if (!GetMpTcpOptionBytes(opt, bytes) ||
                ParseMpTcpOption(bytes.data(), bytes.size(), o) != MpTcpParseError::NONE)
            {
                continue;
            }
            if (auto dss = std::get_if<DssOption>(&o); dss && dss->hasMapping)
            {
                if (dss->dataLength == 0)
                {
                    ++infiniteMappings;
                }
                else
                {
                    ++mappings;
                    checksummed += dss->hasChecksum ? 1 : 0;
                }
            }
            else if (std::holds_alternative<MpFailOption>(o))
            {
                ++mpFails;
            }
            else if (auto c = std::get_if<MpCapableOption>(&o))
            {
                capableWithA += (c->flags & MpCapableOption::FLAG_A) ? 1 : 0;
            }
        }
    }
};

/// One transfer over OneLinkTopology, client node 0 -> server node 1, with middleboxes.
struct MiddleboxRun
{
    OneLinkTopology link;
    Ptr<OptionStripper> clientSide; //!< on the client's device (data direction)
    Ptr<OptionStripper> serverSide; //!< on the server's device (ACK direction)
    OptionCounter data;             //!< options the client sent (before its middlebox)
    OptionCounter acks;             //!< options the server sent (before its middlebox)
    Ptr<Socket> listener;
    Ptr<Socket> client;
    std::vector<std::string> clientFallbacks; //!< Fallback trace of the client
    std::vector<std::string> serverFallbacks; //!< Fallback trace of the server

    /// \param subnet the link's /24
    explicit MiddleboxRun(const char* subnet)
        : link(subnet)
    {
        clientSide = OptionStripper::Install(link.devs.Get(0), nullptr);
        serverSide = OptionStripper::Install(link.devs.Get(1), nullptr);
        listener = Listen(link.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        client = Socket::CreateSocket(link.nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        client->TraceConnectWithoutContext(
            "Fallback",
            Callback<void, Ptr<MpTcpSubflow>, const std::string&>(
                MPTCP_CALLBACK([this](Ptr<MpTcpSubflow>, const std::string& why) {
                    clientFallbacks.push_back(why);
                })));
    }

    /// Run a transfer of \p bytes; the receiver checks every byte.
    void Transfer(uint64_t bytes, PatternReceiver& rx)
    {
        PatternSender tx(client, bytes);
        Ptr<Socket> c = client;
        Ipv4Address server = link.ifs.GetAddress(1);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([c, server]() {
            c->Bind();
            c->Connect(InetSocketAddress(server, 5000));
        }));
        // Count what each end sends before its own middlebox changes it.
        link.nodes.Get(0)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "SendOutgoing",
            Callback<void, const Ipv4Header&, Ptr<const Packet>, uint32_t>(
                MPTCP_CALLBACK([this](const Ipv4Header&, Ptr<const Packet> p, uint32_t) {
                    TcpHeader h;
                    p->PeekHeader(h);
                    data.Count(h);
                })));
        link.nodes.Get(1)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "SendOutgoing",
            Callback<void, const Ipv4Header&, Ptr<const Packet>, uint32_t>(
                MPTCP_CALLBACK([this](const Ipv4Header&, Ptr<const Packet> p, uint32_t) {
                    TcpHeader h;
                    p->PeekHeader(h);
                    acks.Count(h);
                })));
        Simulator::Schedule(Seconds(0.2), MPTCP_EVENT([this, &rx]() { WatchServer(rx); }));
        Simulator::Run();
    }

    /// \return the server's connection (null before it is accepted)
    Ptr<MpTcpSocketBase> Server(const PatternReceiver& rx) const
    {
        return DynamicCast<MpTcpSocketBase>(rx.m_conn);
    }

  private:
    void WatchServer(PatternReceiver& rx)
    {
        if (!rx.m_conn)
        {
            Simulator::Schedule(MilliSeconds(10), MPTCP_EVENT([this, &rx]() { WatchServer(rx); }));
            return;
        }
        rx.m_conn->TraceConnectWithoutContext(
            "Fallback",
            Callback<void, Ptr<MpTcpSubflow>, const std::string&>(
                MPTCP_CALLBACK([this](Ptr<MpTcpSubflow>, const std::string& why) {
                    serverFallbacks.push_back(why);
                })));
    }
};

/**
 * One subflow; from 0.6 s on a middlebox removes every MPTCP option of the client's segments
 * (and, if \p both, of the server's too), in the middle of a 2 MB transfer. The server sees
 * data without DSS after the last mapped byte and falls back with an implicit infinite mapping;
 * its ACKs then carry no DSS, so the client falls back too (RFC 8684 §3.7). Every byte
 * arrives once, in order, and the connection closes.
 */
class DssStrippedTest : public TestCase
{
  public:
    /// \param both strip the server's options as well
    explicit DssStrippedTest(bool both)
        : TestCase(both ? "DSS stripped both ways mid-connection: both fall back, bytes exact"
                        : "DSS stripped from data mid-connection: both fall back, bytes exact"),
          m_both(both)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 131072);
        MiddleboxRun run("10.7.1.0");
        auto late = [](const TcpHeader&) { return Simulator::Now() >= Seconds(0.6); };
        run.clientSide->m_match = late;
        if (m_both)
        {
            run.serverSide->m_match = late;
        }
        PatternReceiver rx(run.listener);
        const uint64_t bytes = 2000000;
        run.Transfer(bytes, rx);

        auto client = DynamicCast<MpTcpSocketBase>(run.client);
        auto server = run.Server(rx);
        // Whichever end first sees a segment without options falls back and sends none itself.
        NS_TEST_ASSERT_MSG_GT(run.clientSide->m_stripped + run.serverSide->m_stripped,
                              0,
                              "options stripped mid-transfer");
        NS_TEST_ASSERT_MSG_GT(BytesAt(rx, 0.6), 100000, "MPTCP carried data before 0.6 s");
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, bytes, "every byte");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "in order, once");
        NS_TEST_ASSERT_MSG_EQ(client->IsFallback(), true, "the client fell back");
        NS_TEST_ASSERT_MSG_NE(server, nullptr, "accepted");
        if (server)
        {
            NS_TEST_ASSERT_MSG_EQ(server->IsFallback(), true, "the server fell back");
            NS_TEST_ASSERT_MSG_EQ(server->GetProtocolErrors(), 0, "no protocol error");
            NS_TEST_ASSERT_MSG_EQ(server->GetState(), MpTcpSocketBase::CLOSED, "server closed");
        }
        NS_TEST_ASSERT_MSG_EQ(run.serverFallbacks.size(), 1, "one fallback on the server");
        if (run.serverFallbacks.size() == 1)
        {
            NS_TEST_ASSERT_MSG_EQ(run.serverFallbacks[0],
                                  "data without DSS: implicit infinite mapping",
                                  "the server fell back on unmapped data");
        }
        NS_TEST_ASSERT_MSG_EQ(run.clientFallbacks.size(), 1, "one fallback on the client");
        if (run.clientFallbacks.size() == 1)
        {
            // Stripped one way, the server's fallback stops its options; both ways, the
            // client sees the bare ACKs first.
            NS_TEST_ASSERT_MSG_EQ(run.clientFallbacks[0],
                                  "ACK without MPTCP options",
                                  "the client fell back on ACKs without options");
        }
        for (uint32_t k = 0; k < 2; ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(
                run.link.nodes.Get(k)->GetObject<MpTcpL4Protocol>()->GetNTokens(),
                0,
                "no token left on node " << k);
        }
        NS_TEST_ASSERT_MSG_EQ(client->GetState(), MpTcpSocketBase::CLOSED, "client closed");
        Simulator::Destroy();
    }

    bool m_both;
};

/**
 * DSS checksums are negotiated by MP_CAPABLE's A flag: used if either end asks (RFC 8684
 * §3.1). The client, the server, both or neither ask; every mapping on the wire carries a
 * checksum exactly when one of them asked, and the receiver finds none wrong.
 */
class ChecksumNegotiationTest : public TestCase
{
  public:
    /// \param clientAsks the client's DssChecksum \param serverAsks the server's
    ChecksumNegotiationTest(bool clientAsks, bool serverAsks)
        : TestCase(std::string("DSS checksum negotiation: client ") + (clientAsks ? "asks" : "not") +
                   ", server " + (serverAsks ? "asks" : "not")),
          m_clientAsks(clientAsks),
          m_serverAsks(serverAsks)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 131072);
        MiddleboxRun run("10.7.2.0");
        run.client->SetAttribute("DssChecksum", BooleanValue(m_clientAsks));
        run.listener->SetAttribute("DssChecksum", BooleanValue(m_serverAsks));
        PatternReceiver rx(run.listener);
        const uint64_t bytes = 300000;
        run.Transfer(bytes, rx);
        bool used = m_clientAsks || m_serverAsks;
        auto client = DynamicCast<MpTcpSocketBase>(run.client);
        auto server = run.Server(rx);
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, bytes, "every byte");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "in order, once");
        NS_TEST_ASSERT_MSG_EQ(client->IsChecksumInUse(), used, "client's view");
        NS_TEST_ASSERT_MSG_NE(server, nullptr, "accepted");
        if (server)
        {
            NS_TEST_ASSERT_MSG_EQ(server->IsChecksumInUse(), used, "server's view");
            NS_TEST_ASSERT_MSG_EQ(server->GetChecksumFailures(), 0, "no checksum wrong");
            NS_TEST_ASSERT_MSG_EQ(server->IsFallback(), false, "still MPTCP");
            // Its application never calls Close(): the peer's DATA_FIN and the subflows'
            // close end it.
            NS_TEST_ASSERT_MSG_EQ(server->GetState(), MpTcpSocketBase::CLOSED, "server closed");
        }
        // About one mapping per 1400-byte segment (retransmissions add some).
        NS_TEST_ASSERT_MSG_GT_OR_EQ(run.data.mappings, bytes / 1400, "mappings on the wire");
        const uint32_t checksummedExpected = used ? run.data.mappings : 0;
        NS_TEST_ASSERT_MSG_EQ(run.data.checksummed, checksummedExpected,
                              "a checksum on every mapping exactly when negotiated");
        // SYN (if the client asks), third ACK and first data; SYN/ACK if used.
        NS_TEST_ASSERT_MSG_EQ(run.acks.capableWithA, (used ? 1U : 0U), "SYN/ACK's A flag");
        NS_TEST_ASSERT_MSG_EQ(run.data.capableWithA,
                              (m_clientAsks ? 1U : 0U) + (used ? 2U : 0U),
                              "A flag on the client's MP_CAPABLE options");
        Simulator::Destroy();
    }

    bool m_clientAsks;
    bool m_serverAsks;
};

/**
 * One subflow; a middlebox changes one payload byte of the client's 100th data segment.
 * With checksums, the server drops the mapping and sends MP_FAIL; the client answers with an
 * infinite mapping from the failed DSN and sends the data from there again as plain TCP
 * (RFC 8684 §3.7): every byte arrives once and unchanged. Without checksums, the changed byte
 * reaches the application (the reason the checksum exists).
 */
class ChecksumFailureTest : public TestCase
{
  public:
    /// \param checksum whether both ends ask for DSS checksums
    explicit ChecksumFailureTest(bool checksum)
        : TestCase(checksum ? "payload rewritten, checksums on: MP_FAIL, infinite mapping, exact"
                            : "payload rewritten, checksums off: the change reaches the receiver"),
          m_checksum(checksum)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 131072);
        Config::SetDefault("ns3::MpTcpSocketBase::DssChecksum", BooleanValue(m_checksum));
        MiddleboxRun run("10.7.3.0");
        uint32_t seen = 0;
        run.clientSide->m_corrupt = [&seen](const TcpHeader&, uint32_t) { return ++seen == 100; };
        PatternReceiver rx(run.listener);
        const uint64_t bytes = 1000000;
        run.Transfer(bytes, rx);
        Config::SetDefault("ns3::MpTcpSocketBase::DssChecksum", BooleanValue(false));

        auto client = DynamicCast<MpTcpSocketBase>(run.client);
        auto server = run.Server(rx);
        NS_TEST_ASSERT_MSG_EQ(run.clientSide->m_corrupted, 1, "one segment rewritten");
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, bytes, "every byte");
        NS_TEST_ASSERT_MSG_NE(server, nullptr, "accepted");
        if (!server)
        {
            Simulator::Destroy();
            return;
        }
        if (m_checksum)
        {
            NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "the rewritten data never reached the app");
            NS_TEST_ASSERT_MSG_EQ(server->GetChecksumFailures(), 1, "one checksum failure");
            NS_TEST_ASSERT_MSG_EQ(run.acks.mpFails, 1, "one MP_FAIL sent");
            NS_TEST_ASSERT_MSG_EQ(client->GetSubflows().front()->GetMpFailsReceived(),
                                  1,
                                  "and received");
            NS_TEST_ASSERT_MSG_EQ(run.data.infiniteMappings, 1, "one infinite mapping");
            NS_TEST_ASSERT_MSG_EQ(client->IsFallback(), true, "client fell back");
            NS_TEST_ASSERT_MSG_EQ(server->IsFallback(), true, "server fell back");
            NS_TEST_ASSERT_MSG_EQ(run.clientFallbacks.size(), 1, "client Fallback trace");
            NS_TEST_ASSERT_MSG_EQ(run.serverFallbacks.size(), 1, "server Fallback trace");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 1, "exactly the rewritten byte is wrong");
            NS_TEST_ASSERT_MSG_EQ(server->GetChecksumFailures(), 0, "nothing to detect it");
            NS_TEST_ASSERT_MSG_EQ(run.acks.mpFails, 0, "no MP_FAIL");
            NS_TEST_ASSERT_MSG_EQ(server->IsFallback(), false, "still MPTCP");
        }
        NS_TEST_ASSERT_MSG_EQ(client->GetState(), MpTcpSocketBase::CLOSED, "client closed");
        Simulator::Destroy();
    }

    bool m_checksum;
};

/**
 * Two subflows pinned to two disjoint paths; a middlebox on path 2 (R2 -> S2) strips the
 * options of the data from 0.5 s on (\p rewrite false), or rewrites one payload byte of its
 * 50th data segment with checksums on (\p rewrite true). The receiver resets the subflow of
 * path 2 with MP_TCPRST "middlebox interference" (after MP_FAIL, for the checksum), the sender
 * reinjects what it held on the other subflow, and the connection stays MPTCP: every byte
 * arrives once and unchanged (RFC 8684 §3.7).
 */
class BrokenSubflowTest : public TestCase
{
  public:
    /// \param rewrite rewrite a payload byte (checksums on) instead of stripping options
    explicit BrokenSubflowTest(bool rewrite)
        : TestCase(rewrite ? "two subflows, payload rewritten on one path: MP_FAIL, reset, exact"
                           : "two subflows, DSS stripped on one path: that subflow reset, exact"),
          m_rewrite(rewrite)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 1 << 20);
        Config::SetDefault("ns3::MpTcpSocketBase::DssChecksum", BooleanValue(m_rewrite));
        TwoPathTopology topo;
        Ptr<OptionStripper> mb = OptionStripper::Install(topo.links[4].Get(0), nullptr);
        uint32_t seen = 0;
        if (m_rewrite)
        {
            mb->m_corrupt = [&seen](const TcpHeader&, uint32_t) { return ++seen == 50; };
        }
        else
        {
            mb->m_match = [](const TcpHeader&) { return Simulator::Now() >= Seconds(0.5); };
        }
        Ptr<Socket> listener = Listen(topo.n.Get(5), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(topo.n.Get(0), MpTcpSocketFactory::GetTypeId());
        const uint64_t total = 3000000;
        PatternSender tx(client, total);
        uint32_t pinned = 0;
        topo.PinSubflows(client, &pinned);
        Ipv4Address b = topo.b;
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, b]() {
            client->Bind();
            client->Connect(InetSocketAddress(b, 5000));
        }));
        Simulator::Run();
        Config::SetDefault("ns3::MpTcpSocketBase::DssChecksum", BooleanValue(false));

        auto meta = DynamicCast<MpTcpSocketBase>(client);
        auto server = DynamicCast<MpTcpSocketBase>(rx.m_conn);
        NS_TEST_ASSERT_MSG_EQ(pinned, 2, "two subflows, one per path");
        NS_TEST_ASSERT_MSG_GT(m_rewrite ? mb->m_corrupted : mb->m_stripped, 0, "the middlebox acted");
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, total, "every byte");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "in order, once, unchanged");
        NS_TEST_ASSERT_MSG_EQ(meta->IsFallback(), false, "the client stays MPTCP");
        NS_TEST_ASSERT_MSG_EQ(meta->GetTcpRstReceived(MpTcpRstReason::MIDDLEBOX_INTERFERENCE),
                              1,
                              "one subflow reset for middlebox interference");
        NS_TEST_ASSERT_MSG_EQ(meta->GetSubflowResets(), 1, "exactly one subflow removed");
        NS_TEST_ASSERT_MSG_GT(meta->GetReinjectedBytes(), 0, "its data was reinjected");
        NS_TEST_ASSERT_MSG_NE(server, nullptr, "accepted");
        if (server)
        {
            NS_TEST_ASSERT_MSG_EQ(server->IsFallback(), false, "the server stays MPTCP");
            NS_TEST_ASSERT_MSG_EQ(server->GetChecksumFailures(), (m_rewrite ? 1 : 0),
                                  "checksum failures");
        }
        if (m_rewrite)
        {
            NS_TEST_ASSERT_MSG_EQ(meta->GetSubflows()[1]->GetMpFailsReceived(), 1,
                                  "the MP_FAIL preceded the reset");
        }
        Simulator::Destroy();
    }

    bool m_rewrite;
};

/// The middlebox test suite.
class MpTcpMiddleboxTestSuite : public TestSuite
{
  public:
    MpTcpMiddleboxTestSuite()
        : TestSuite("mptcp-middlebox", MPTCP_TEST_SYSTEM)
    {
        AddTestCase(new DssStrippedTest(false), MPTCP_TEST_QUICK);
        AddTestCase(new DssStrippedTest(true), MPTCP_TEST_QUICK);
        AddTestCase(new ChecksumNegotiationTest(false, false), MPTCP_TEST_QUICK);
        AddTestCase(new ChecksumNegotiationTest(true, false), MPTCP_TEST_QUICK);
        AddTestCase(new ChecksumNegotiationTest(false, true), MPTCP_TEST_QUICK);
        AddTestCase(new ChecksumNegotiationTest(true, true), MPTCP_TEST_QUICK);
        AddTestCase(new ChecksumFailureTest(true), MPTCP_TEST_QUICK);
        AddTestCase(new ChecksumFailureTest(false), MPTCP_TEST_QUICK);
        AddTestCase(new BrokenSubflowTest(false), MPTCP_TEST_QUICK);
        AddTestCase(new BrokenSubflowTest(true), MPTCP_TEST_QUICK);
    }
};

/// Static instance that registers the suite.
MpTcpMiddleboxTestSuite g_mptcpMiddleboxTestSuite;

} // namespace
