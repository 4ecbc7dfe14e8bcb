/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * MPTCP schedulers: lowest-RTT-first and round-robin.
 */
#include "mptcp-test-harness.h"

#include "ns3/mptcp-lowest-rtt-scheduler.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-round-robin-scheduler.h"
#include "ns3/mptcp-scheduler.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/**
 * The scenario of this suite: one MPTCP connection with two subflows pinned to two disjoint
 * paths, path 2 the longer (10 ms instead of 1 ms on each of its two links: RTT about 42 ms
 * against 6 ms), an ACK per segment, and an application-limited sender from 1 s to 6 s (one
 * 1400-byte pattern write every 10 ms, 1.1 Mb/s, far below either path's 10 Mb/s). Counts the
 * data segments each path delivers to S2. Build it after the Config defaults, then run.
 */
struct AppLimitedTwoPaths
{
    TwoPathTopology topo;     //!< A = S1 = {R1 | R2} = S2 = B
    Ptr<Socket> listener;     //!< on B
    PatternReceiver rx;       //!< checks every byte B receives
    Ptr<Socket> client;       //!< on A
    uint32_t pinned{0};       //!< subflows pinned to a path
    uint64_t written{0};      //!< bytes the application wrote
    std::vector<uint64_t> segments{0, 0}; //!< data segments (over 1000 bytes) per path at S2

    AppLimitedTwoPaths()
        : listener(Listen(topo.n.Get(5), MpTcpSocketFactory::GetTypeId())),
          rx(listener),
          client(Socket::CreateSocket(topo.n.Get(0), MpTcpSocketFactory::GetTypeId()))
    {
        for (uint32_t l : {2, 4})
        {
            topo.links[l].Get(0)->GetChannel()->SetAttribute("Delay",
                                                             TimeValue(MilliSeconds(10)));
        }
        topo.PinSubflows(client, &pinned);
        Address to = InetSocketAddress(topo.b, 5000);
        Ptr<Socket> c = client;
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([c, to]() {
            c->Bind();
            c->Connect(to);
        }));
        for (uint32_t i = 0; i < 500; ++i)
        {
            Simulator::Schedule(Seconds(1) + MilliSeconds(10 * i), MPTCP_EVENT([this]() {
                uint8_t buf[1400];
                for (uint32_t j = 0; j < sizeof(buf); ++j)
                {
                    buf[j] = PatternByte(written + j);
                }
                if (client->Send(Create<Packet>(buf, sizeof(buf))) == int(sizeof(buf)))
                {
                    written += sizeof(buf);
                }
            }));
        }
        for (uint32_t r = 0; r < 2; ++r)
        {
            topo.links[3 + r].Get(1)->TraceConnectWithoutContext(
                "MacRx",
                Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([this, r](Ptr<const Packet> p) {
                    segments[r] += (p->GetSize() > 1000);
                })));
        }
    }
};

/**
 * AppLimitedTwoPaths with a built-in scheduler. Every write finds both subflows with room, so
 * the scheduler alone decides: lowest-RTT-first puts most of it on the short path; round-robin
 * alternates, so each path carries about half.
 */
class SchedulerShareTest : public TestCase
{
  public:
    SchedulerShareTest(TypeId scheduler)
        : TestCase(std::string(scheduler == MpTcpRoundRobinScheduler::GetTypeId() ? "RoundRobin"
                                                                               : "LowestRtt") +
                   " scheduler: share of an application-limited flow per path"),
          m_scheduler(scheduler)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 1 << 20);
        Config::SetDefault("ns3::MpTcpSocketBase::Scheduler", TypeIdValue(m_scheduler));
        // An ACK per segment, so that RTT samples are not stretched by the delayed-ACK timer.
        Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
        AppLimitedTwoPaths run;
        const auto& segments = run.segments;
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        double share = double(segments[0]) / std::max<uint64_t>(1, segments[0] + segments[1]);
        std::cout << GetName() << ": path 1 " << segments[0] << " segments, path 2 "
                  << segments[1] << " (share of path 1 " << share << ")" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(run.pinned, 2, "both subflows pinned");
        NS_TEST_ASSERT_MSG_EQ(run.written, 500 * 1400, "every write was accepted");
        NS_TEST_ASSERT_MSG_EQ(run.rx.m_received, run.written, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(run.rx.m_mismatches, 0, "in order, once");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(segments[0] + segments[1], 500, "all segments counted");
        double larger = std::max(share, 1 - share);
        if (m_scheduler == MpTcpRoundRobinScheduler::GetTypeId())
        {
            NS_TEST_ASSERT_MSG_LT(larger, 0.6, "round robin: about half on each path");
        }
        else
        {
            // 500 of 500 with Debian's ns-3.37 libraries, 402 of 500 in a debug build of the
            // ns-3.37 source tree (not yet explained); round robin gives about 250.
            NS_TEST_ASSERT_MSG_GT(share, 0.75, "lowest RTT: most on the short path");
        }
        Simulator::Destroy();
    }

    TypeId m_scheduler;
};

/**
 * A scheduler defined here, outside model/: every byte goes to the newest subflow that may
 * send (the last one of GetSubflows()). It shows that a scheduler is a plug-in: selected by
 * the "Scheduler" attribute, it drives the connection through the public scheduling interface
 * alone.
 */
class NewestSubflowScheduler : public MpTcpScheduler
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::MpTcpTestNewestSubflowScheduler")
                                .SetParent<MpTcpScheduler>()
                                .SetGroupName("Mptcp")
                                .AddConstructor<NewestSubflowScheduler>();
        return tid;
    }

    std::string GetName() const override
    {
        return "NewestSubflow";
    }

    void SendPending(MpTcpSocketBase& conn) override
    {
        std::vector<Ptr<MpTcpSubflow>> usable = SchedulableSubflows(conn);
        if (!usable.empty())
        {
            conn.PushData(usable.back());
        }
    }

    void SubflowHasSpace(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> /* subflow */) override
    {
        SendPending(conn); // never to a subflow other than the newest
    }

    bool SubflowPulls(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> /* subflow */) override
    {
        SendPending(conn);
        return false;
    }

    Ptr<MpTcpScheduler> Fork() const override
    {
        return CopyObject<NewestSubflowScheduler>(this);
    }
};

/**
 * AppLimitedTwoPaths with NewestSubflowScheduler: the joined subflow (pinned
 * to the long path 2) carries every data segment written after both subflows are up, and the
 * transfer is byte-exact.
 */
class CustomSchedulerTest : public TestCase
{
  public:
    CustomSchedulerTest()
        : TestCase("a scheduler defined outside the model, chosen by attribute")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 1 << 20);
        Config::SetDefault("ns3::MpTcpSocketBase::Scheduler",
                           TypeIdValue(NewestSubflowScheduler::GetTypeId()));
        Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
        AppLimitedTwoPaths run;
        const auto& segments = run.segments;
        // The joined subflow opens once the peer has acknowledged data (RFC 8684 §3.1, as
        // Linux does), so the first writes can only go on the initial subflow.
        Time joined = Time::Max();
        run.client->TraceConnectWithoutContext(
            "SubflowEstablished",
            Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([&joined](Ptr<MpTcpSubflow> sf) {
                if (sf->GetSubflowId() > 0)
                {
                    joined = std::min(joined, Simulator::Now());
                }
            })));
        uint64_t lateOnPath1 = 0; // data segments on path 1 more than 100 ms after the join
        run.topo.links[3].Get(1)->TraceConnectWithoutContext(
            "MacRx",
            Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([&lateOnPath1, &joined](Ptr<const Packet> p) {
                lateOnPath1 += (p->GetSize() > 1000 && joined != Time::Max() &&
                                Simulator::Now() > joined + MilliSeconds(100));
            })));
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        std::cout << GetName() << ": join at " << joined.As(Time::S) << ", path 1 "
                  << segments[0] << " segments, path 2 " << segments[1] << std::endl;
        auto conn = DynamicCast<MpTcpSocketBase>(run.client);
        NS_TEST_ASSERT_MSG_EQ(conn->GetScheduler()->GetName(), "NewestSubflow", "selected");
        NS_TEST_ASSERT_MSG_EQ(run.pinned, 2, "both subflows pinned");
        NS_TEST_ASSERT_MSG_EQ(run.written, 500 * 1400, "every write was accepted");
        NS_TEST_ASSERT_MSG_EQ(run.rx.m_received, run.written, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(run.rx.m_mismatches, 0, "in order, once");
        // The join starts on the first data ACK and is up at the active side on the fourth ACK
        // (RFC 8684 §3.2): five one-way trips after the first write. ECMP may hash the ACKs and
        // the handshake on either path (the hash's salt comes from an RNG stream, and ns-3.44
        // draws its streams in another order than 3.37: there every leg takes path 2), so at
        // most five long-path trips of about 23 ms (measured: up at 1.031 s on ns-3.37, 1.117 s
        // on ns-3.44 where all five take path 2).
        NS_TEST_ASSERT_MSG_LT(joined, Seconds(1.12),
                              "the join is up five long-path trips after the first write");
        NS_TEST_ASSERT_MSG_EQ(lateOnPath1, 0, "after the join, no data segment on path 1");
        // Writes at 1 s + 10 ms x i: only those up to the join may go on path 1.
        const uint64_t before = (joined - Seconds(1)).GetMicroSeconds() / 10000 + 1;
        NS_TEST_ASSERT_MSG_LT_OR_EQ(segments[0], before, "path 1: only the writes before the join");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(segments[1], 500 - before, "path 2 (the joined subflow): the rest");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(segments[0] + segments[1], 500, "all segments counted");
        Simulator::Destroy();
    }
};

class MpTcpSchedulerTestSuite : public TestSuite
{
  public:
    MpTcpSchedulerTestSuite()
        : TestSuite("mptcp-scheduler", MPTCP_TEST_SYSTEM)
    {
        for (TypeId s :
             {MpTcpLowestRttScheduler::GetTypeId(), MpTcpRoundRobinScheduler::GetTypeId()})
        {
            AddTestCase(new SchedulerShareTest(s), MPTCP_TEST_QUICK);
        }
        AddTestCase(new CustomSchedulerTest(), MPTCP_TEST_QUICK);
    }
};

MpTcpSchedulerTestSuite g_mptcpSchedulerTestSuite;

} // namespace
