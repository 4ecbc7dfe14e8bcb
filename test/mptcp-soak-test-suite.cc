/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Fault-injection soak: MPTCP transfers, one after another, between two dual-homed hosts whose
 * links drop, duplicate, reorder and corrupt packets at random and whose NICs fail and come
 * back (flap), all drawn from fixed random streams. Every transfer must either complete with
 * every byte exact or fail with an error its application sees; none may hang, no byte may be
 * wrong. The quick case (30 s simulated) is in the default suite; the one-hour case is behind
 * ns-3's TAKES_FOREVER fullness:
 *
 *   build/test-runner --suite=mptcp-soak --fullness=TAKES_FOREVER --verbose
 */
#include "mptcp-test-harness.h"

#include "ns3/fault-injection-error-model.h"
#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/test.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/global-value.h"
#include "ns3/random-variable-stream.h"
#include "ns3/uinteger.h"

#include <chrono>
#include <map>

using namespace ns3;

namespace
{

#if MPTCP_NS3_MINOR < 42
constexpr auto kTakesForever = TestCase::TAKES_FOREVER; //!< ns-3's longest fullness
#else
constexpr auto kTakesForever = TestCase::Duration::TAKES_FOREVER; //!< ns-3's longest fullness
#endif

/// Byte i of transfer \p id: its first 8 bytes name it (id, size), the rest is a pattern.
uint8_t
SoakByte(uint32_t id, uint32_t size, uint64_t i)
{
    if (i < 4)
    {
        return uint8_t(id >> (8 * i));
    }
    if (i < 8)
    {
        return uint8_t(size >> (8 * (i - 4)));
    }
    return PatternByte(i + uint64_t(id) * 7919);
}

/// What became of one transfer.
struct Transfer
{
    uint32_t id{0};             //!< its number (from 1)
    uint32_t size{0};           //!< bytes to send
    double start{0};            //!< connect time, s
    double end{-1};             //!< time of the outcome, s (-1: none yet)
    uint64_t sent{0};           //!< bytes the socket accepted
    bool complete{false};       //!< B's application read every byte, then the peer's close
    bool truncated{false};      //!< B's application saw the peer's close before the last byte
    bool failed{false};         //!< A's application saw an error (connect failed, error close)
    Ptr<Socket> socket;         //!< the sender's connection
};

/// What the receiver got on one connection.
struct Received
{
    uint32_t id{0};         //!< the transfer it names (0: header not complete)
    uint32_t size{0};       //!< the size it names
    uint64_t bytes{0};      //!< bytes received
    uint64_t mismatches{0}; //!< bytes that are not the transfer's
    bool eof{false};        //!< the peer closed
    uint8_t header[8]{};    //!< the first 8 bytes
};

/**
 * The soak: two dual-homed hosts (the tests' DualHomedTopology: two 10 Mb/s NICs each, two
 * routers, 1 ms links), fullmesh path manager (4 subflows), LIA, DSS checksums on, ns-3's
 * IP/TCP checksums on (so a corrupted bit is caught as on a real host). A fault-injection
 * error model on the receive side of every device (both ends of all five links): per packet,
 * drop 0.2 %, duplicate 0.2 %, reorder 0.5 % (held up to 5 ms), corrupt one bit 0.2 %. A NIC of
 * either host fails every 20 s on average (5 s in the quick case; exponential) for 0.2 to 5 s
 * (uniform), and at most
 * one NIC per host is down at a time. Two transfer slots: each runs transfers of 0.1 to 4 MB
 * (uniform) from A to B, to B's NIC 1 or 2 (even and odd transfers), one after another.
 */
class SoakTest : public TestCase
{
  public:
    /// \param seconds simulated time of the soak
    explicit SoakTest(double seconds)
        : TestCase("soak: " + std::to_string(int(seconds)) +
                   " s of drops, duplicates, reordering, corruption and NIC flaps; every "
                   "transfer exact or failed with an error, none hangs"),
          m_seconds(seconds)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 1 << 18);
        Config::SetDefault("ns3::MpTcpSocketBase::PathManager",
                           StringValue("ns3::MpTcpFullmeshPathManager"));
        Config::SetDefault("ns3::MpTcpSocketBase::MaxSubflows", UintegerValue(8));
        Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
        Config::SetDefault("ns3::MpTcpSocketBase::DssChecksum", BooleanValue(true));
        GlobalValue::Bind("ChecksumEnabled", BooleanValue(true));
        DualHomedTopology topo;
        int64_t stream = 1000;
        std::vector<Ptr<FaultInjectionErrorModel>> faults;
        for (auto& link : topo.links)
        {
            for (uint32_t end = 0; end < 2; ++end)
            {
                Ptr<FaultInjectionErrorModel> f = FaultInjectionErrorModel::Install(
                    DynamicCast<PointToPointNetDevice>(link.Get(end)));
                f->SetAttribute("DropProbability", DoubleValue(0.002));
                f->SetAttribute("DuplicateProbability", DoubleValue(0.002));
                f->SetAttribute("ReorderProbability", DoubleValue(0.005));
                f->SetAttribute("CorruptProbability", DoubleValue(0.002));
                stream += f->AssignStreams(stream);
                faults.push_back(f);
            }
        }
        m_rng = CreateObject<UniformRandomVariable>();
        m_rng->SetStream(stream++);
        m_flapGap = CreateObject<ExponentialRandomVariable>();
        m_flapGap->SetAttribute("Mean", DoubleValue(m_seconds < 100 ? 5.0 : 20.0));
        m_flapGap->SetStream(stream++);

        Ptr<Socket> listener = Listen(topo.n.Get(3), MpTcpSocketFactory::GetTypeId());
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&SoakTest::Accept, this));
        m_topo = &topo;
        for (uint32_t slot = 0; slot < 2; ++slot)
        {
            Simulator::Schedule(Seconds(0.1 + 0.05 * slot), &SoakTest::StartTransfer, this);
        }
        Simulator::Schedule(Seconds(m_flapGap->GetValue()), &SoakTest::Flap, this);
        Simulator::Schedule(Seconds(1), &SoakTest::Watchdog, this);
        m_wallStart = std::chrono::steady_clock::now();
        Simulator::Stop(Seconds(m_seconds));
        Simulator::Run();

        // The outcome of every transfer.
        uint32_t completed = 0;
        uint32_t failed = 0;
        uint32_t truncated = 0;
        uint32_t running = 0;
        uint64_t delivered = 0;
        uint64_t wrong = 0;
        for (const auto& [id, t] : m_transfers)
        {
            const Received* r = nullptr;
            for (const auto& [sock, rx] : m_received)
            {
                if (rx.id == id)
                {
                    r = &rx;
                }
            }
            wrong += r ? r->mismatches : 0;
            if (t.complete)
            {
                ++completed;
                delivered += t.size;
                NS_TEST_ASSERT_MSG_NE(r, nullptr, "transfer " << id << " reached B");
                if (r)
                {
                    NS_TEST_ASSERT_MSG_EQ(r->bytes, t.size, "transfer " << id << " complete");
                    NS_TEST_ASSERT_MSG_EQ(r->mismatches, 0, "transfer " << id << " exact");
                }
            }
            else if (t.truncated)
            {
                ++truncated;
            }
            else if (t.failed)
            {
                ++failed;
                if (r)
                {
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(r->bytes, t.size, "no more than was sent");
                    NS_TEST_ASSERT_MSG_EQ(r->mismatches, 0, "what arrived is exact");
                }
            }
            else
            {
                ++running;
                NS_TEST_ASSERT_MSG_GT(t.start, m_seconds - kHang, "transfer " << id << " hung");
            }
        }
        uint64_t drops = 0;
        uint64_t dups = 0;
        uint64_t reorders = 0;
        uint64_t corruptions = 0;
        for (const auto& f : faults)
        {
            drops += f->GetDrops();
            dups += f->GetDuplicates();
            reorders += f->GetReorders();
            corruptions += f->GetCorruptions();
        }
        double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                                    m_wallStart)
                          .count();
        uint64_t malformed = 0;
        for (uint32_t k : {0U, 3U})
        {
            malformed += topo.n.Get(k)->GetObject<MpTcpL4Protocol>()->GetMalformedDrops();
        }
        std::clog << "soak " << m_seconds << " s simulated in " << wall << " s: "
                  << m_transfers.size() << " transfers, " << completed << " complete ("
                  << delivered << " bytes exact), " << failed << " failed with an error, "
                  << running << " running at the end, " << truncated << " truncated; faults: " << drops << " drops, " << dups
                  << " duplicates, " << reorders << " reordered, " << corruptions
                  << " corrupted (" << malformed << " malformed TCP headers dropped at the hosts), "
                  << m_flaps << " NIC failures; wrong bytes " << wrong
                  << std::endl;
        NS_TEST_ASSERT_MSG_EQ(wrong, 0, "no wrong byte reached an application");
        NS_TEST_ASSERT_MSG_EQ(truncated, 0, "no stream ended early without an error");
        NS_TEST_ASSERT_MSG_GT(completed, m_seconds / 10, "transfers complete despite faults");
        NS_TEST_ASSERT_MSG_GT(drops, 0, "faults were injected");
        NS_TEST_ASSERT_MSG_GT(corruptions, 0, "faults were injected");
        NS_TEST_ASSERT_MSG_GT(reorders, 0, "faults were injected");
        NS_TEST_ASSERT_MSG_GT(dups, 0, "faults were injected");
        NS_TEST_ASSERT_MSG_GT(m_flaps, 0, "NICs failed");
        m_transfers.clear();
        m_received.clear();
        Simulator::Destroy();
        GlobalValue::Bind("ChecksumEnabled", BooleanValue(false));
        Config::SetDefault("ns3::MpTcpSocketBase::DssChecksum", BooleanValue(false));
    }

    /// Open the next transfer of a slot.
    void StartTransfer()
    {
        Transfer t;
        t.id = ++m_lastId;
        t.size = 100000 + uint32_t(m_rng->GetValue() * 3900000);
        t.start = Simulator::Now().GetSeconds();
        t.socket = Socket::CreateSocket(m_topo->n.Get(0), MpTcpSocketFactory::GetTypeId());
        uint32_t id = t.id;
        t.socket->SetConnectCallback(
            Callback<void, Ptr<Socket>>(MPTCP_CALLBACK([this, id](Ptr<Socket>) { Fill(id); })),
            Callback<void, Ptr<Socket>>(MPTCP_CALLBACK([this, id](Ptr<Socket>) { Outcome(id, false); })));
        t.socket->SetSendCallback(
            Callback<void, Ptr<Socket>, uint32_t>(MPTCP_CALLBACK([this, id](Ptr<Socket>, uint32_t) { Fill(id); })));
        // A's connection tells its application of an error; its normal close is not needed
        // (the transfer is judged at B, which reads every byte and then the close).
        t.socket->SetCloseCallbacks(
            Callback<void, Ptr<Socket>>(MPTCP_CALLBACK([](Ptr<Socket>) {})),
            Callback<void, Ptr<Socket>>(MPTCP_CALLBACK([this, id](Ptr<Socket>) { Outcome(id, false); })));
        Ipv4Address to = (id % 2) ? m_topo->b1 : m_topo->b2;
        Ptr<Socket> s = t.socket;
        m_transfers[id] = t;
        s->Bind();
        s->Connect(InetSocketAddress(to, 5000));
    }

    /// Give transfer \p id's socket what it takes; close it after the last byte.
    void Fill(uint32_t id)
    {
        auto it = m_transfers.find(id);
        if (it == m_transfers.end() || it->second.end >= 0)
        {
            return;
        }
        Transfer& t = it->second;
        uint8_t buf[1400];
        while (t.sent < t.size)
        {
            uint32_t n = std::min<uint64_t>(
                {sizeof(buf), t.size - t.sent, t.socket->GetTxAvailable()});
            if (n == 0)
            {
                return;
            }
            for (uint32_t i = 0; i < n; ++i)
            {
                buf[i] = SoakByte(id, t.size, t.sent + i);
            }
            int r = t.socket->Send(Create<Packet>(buf, n));
            if (r <= 0)
            {
                return;
            }
            t.sent += r;
            if (t.sent == t.size)
            {
                t.socket->Close();
            }
        }
    }

    /**
     * An application learnt how transfer \p id ended; the slot opens the next one.
     * \param id the transfer
     * \param atB B saw the peer's close (else: A saw an error)
     * \param whole with every byte, exact (atB only)
     */
    void Outcome(uint32_t id, bool atB, bool whole = false)
    {
        auto it = m_transfers.find(id);
        if (it == m_transfers.end() || it->second.end >= 0)
        {
            return;
        }
        Transfer& t = it->second;
        t.end = Simulator::Now().GetSeconds();
        (atB ? (whole ? t.complete : t.truncated) : t.failed) = true;
        Simulator::Schedule(MilliSeconds(10), &SoakTest::StartTransfer, this);
    }

    /// B accepted a connection.
    void Accept(Ptr<Socket> s, const Address&)
    {
        m_received[s] = Received();
        s->SetRecvCallback(MakeCallback(&SoakTest::Read, this));
        s->SetCloseCallbacks(Callback<void, Ptr<Socket>>(MPTCP_CALLBACK([this](Ptr<Socket> c) { Eof(c); })),
                             Callback<void, Ptr<Socket>>(MPTCP_CALLBACK([](Ptr<Socket>) {})));
    }

    /// B reads what arrived and checks it.
    void Read(Ptr<Socket> s)
    {
        Received& r = m_received[s];
        Ptr<Packet> p;
        while ((p = s->Recv()) && p->GetSize() > 0)
        {
            std::vector<uint8_t> buf(p->GetSize());
            p->CopyData(buf.data(), buf.size());
            for (uint8_t b : buf)
            {
                if (r.bytes < 8)
                {
                    r.header[r.bytes] = b;
                    if (r.bytes == 7)
                    {
                        for (uint32_t k = 0; k < 4; ++k)
                        {
                            r.id |= uint32_t(r.header[k]) << (8 * k);
                            r.size |= uint32_t(r.header[4 + k]) << (8 * k);
                        }
                        auto t = m_transfers.find(r.id);
                        if (t == m_transfers.end() || t->second.size != r.size)
                        {
                            ++r.mismatches; // names no transfer of A's
                        }
                    }
                }
                else if (b != SoakByte(r.id, r.size, r.bytes))
                {
                    ++r.mismatches;
                }
                ++r.bytes;
            }
        }
        if (p && p->GetSize() == 0 && !r.eof)
        {
            Eof(s);
        }
    }

    /// B's connection \p s got the peer's close: close it too.
    void Eof(Ptr<Socket> s)
    {
        Received& r = m_received[s];
        if (!r.eof)
        {
            r.eof = true;
            s->Close();
            if (r.bytes >= 8)
            {
                Outcome(r.id, true, r.bytes == r.size && r.mismatches == 0);
            }
        }
    }

    /// Take a NIC of A or B down for a while (at most one per host at a time).
    void Flap()
    {
        uint32_t nic = std::min<uint32_t>(3, uint32_t(m_rng->GetValue() * 4)); // A1 A2 B1 B2
        uint32_t other = nic ^ 1; // the same host's other NIC
        double now = Simulator::Now().GetSeconds();
        if (m_downUntil[other] <= now && m_downUntil[nic] <= now)
        {
            double hold = 0.2 + m_rng->GetValue() * 4.8;
            m_downUntil[nic] = now + hold;
            m_topo->NicDown(nic, now);
            m_topo->NicUp(nic, now + hold);
            ++m_flaps;
        }
        Simulator::Schedule(Seconds(m_flapGap->GetValue()), &SoakTest::Flap, this);
    }

    /// Progress on stderr every 100 simulated seconds of a long soak.
    void Watchdog()
    {
        double now = Simulator::Now().GetSeconds();
        if (m_seconds > 100 && int(now) % 100 == 0)
        {
            double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                                        m_wallStart)
                              .count();
            std::clog << "soak: " << now << " / " << m_seconds << " s simulated, " << wall
                      << " s wall, " << m_lastId << " transfers started" << std::endl;
        }
        Simulator::Schedule(Seconds(1), &SoakTest::Watchdog, this);
    }

    /// A transfer with no outcome this long before the end has hung, s.
    static constexpr double kHang = 600;

    double m_seconds;                             //!< simulated time of the soak
    DualHomedTopology* m_topo{nullptr};           //!< the hosts
    Ptr<UniformRandomVariable> m_rng;             //!< sizes, NICs, hold times
    Ptr<ExponentialRandomVariable> m_flapGap;     //!< time between NIC failures, s
    std::map<uint32_t, Transfer> m_transfers;     //!< by id
    std::map<Ptr<Socket>, Received> m_received;   //!< B's connections
    uint32_t m_lastId{0};                         //!< last transfer id
    uint32_t m_flaps{0};                          //!< NIC failures
    double m_downUntil[4]{0, 0, 0, 0};            //!< per host NIC, s
    std::chrono::steady_clock::time_point m_wallStart; //!< wall clock at the start
};

/**
 * MpTcpL4Protocol::IsTcpHeaderWellFormed on headers built by hand (20-byte base header, data
 * offset in the high nibble of byte 12): options EOL/NOP/MSS/unknown well formed; an option of
 * Length 0 or 1 (ns-3's TcpHeader::Deserialize loops forever on 0), one running past the
 * header, a data offset below 5 or past the segment refused; and one such segment sent to a
 * host is counted in GetMalformedDrops() and answered by nothing.
 */
class MalformedHeaderTest : public TestCase
{
  public:
    MalformedHeaderTest()
        : TestCase("malformed TCP headers are refused before parsing, counted and dropped")
    {
    }

  private:
    /// A segment: 20-byte header with data offset \p words, then \p options, then 4 bytes.
    static Ptr<Packet> MakeSegment(uint8_t words, std::vector<uint8_t> options)
    {
        std::vector<uint8_t> b(20, 0);
        b[0] = 0x13; // source port 5000
        b[1] = 0x88;
        b[2] = 0x13; // destination port 5000
        b[3] = 0x88;
        b[12] = uint8_t(words << 4);
        b[13] = TcpHeader::ACK;
        b.insert(b.end(), options.begin(), options.end());
        b.insert(b.end(), {1, 2, 3, 4});
        return Create<Packet>(b.data(), b.size());
    }

    void DoRun() override
    {
        auto ok = [](Ptr<Packet> p) { return MpTcpL4Protocol::IsTcpHeaderWellFormed(p); };
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(5, {})), true, "no options");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(7, {1, 1, 2, 4, 5, 0xb4, 0, 0})), true, "NOP NOP MSS EOL");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(6, {30, 4, 0x20, 0})), true, "a kind-30 option");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(6, {0, 0, 0, 0})), true, "EOL then padding");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(6, {30, 0, 0, 0})), false, "Length 0");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(6, {1, 30, 1, 0})), false, "Length 1");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(6, {30, 8, 0, 0})), false, "past the header");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(6, {1, 1, 1, 30})), false, "no Length octet");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(6, {2, 5, 5, 0xb4})), false, "MSS of Length 5");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(6, {5, 3, 0, 0})), false, "SACK of Length 3");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(8, {1, 1, 5, 10, 0, 0, 0, 1, 0, 0, 0, 2})),
                              true,
                              "NOP NOP SACK with one block");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(4, {})), false, "data offset 4");
        NS_TEST_ASSERT_MSG_EQ(ok(MakeSegment(15, {})), false, "data offset past the segment");
        NS_TEST_ASSERT_MSG_EQ(ok(Create<Packet>(19)), false, "shorter than a header");

        // On the wire: node 1 gets one malformed segment, counts it, sends nothing.
        ConfigureTransport(1, Lia(), 1 << 16);
        OneLinkTopology link("10.6.12.0");
        // No queue disc: FqCoDel's flow hash parses the TCP header with ns-3's TcpHeader, which
        // never returns on this one.
        UseDropTail(link.devs);
        std::vector<Segment> fromB;
        RecordSegments(link.devs.Get(1), &fromB);
        Ptr<Ipv4> ip = link.nodes.Get(0)->GetObject<Ipv4>();
        Ipv4Address a = link.ifs.GetAddress(0);
        Ipv4Address b = link.ifs.GetAddress(1);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([ip, a, b]() {
            ip->Send(MakeSegment(6, {30, 0, 0, 0}), a, b, TcpL4Protocol::PROT_NUMBER, nullptr);
        }));
        Simulator::Run();
        auto l4 = link.nodes.Get(1)->GetObject<MpTcpL4Protocol>();
        NS_TEST_ASSERT_MSG_EQ(l4->GetMalformedDrops(), 1, "counted once");
        NS_TEST_ASSERT_MSG_EQ(fromB.size(), 0, "no answer (no RST to a segment not parsed)");
        Simulator::Destroy();
    }
};

/// The suite.
class MpTcpSoakTestSuite : public TestSuite
{
  public:
    MpTcpSoakTestSuite()
        : TestSuite("mptcp-soak", MPTCP_TEST_SYSTEM)
    {
        AddTestCase(new MalformedHeaderTest(), MPTCP_TEST_QUICK);
        AddTestCase(new SoakTest(30), MPTCP_TEST_QUICK);
        AddTestCase(new SoakTest(3600), kTakesForever);
    }
};

MpTcpSoakTestSuite g_mptcpSoakTestSuite; //!< registers the suite

} // namespace
