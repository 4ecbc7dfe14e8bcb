/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Suite mptcp-small-queues: how a host queues its own packets. TCP Small Queues
 * (ns3::TcpSmallQueuesSocket, ns3::TcpSmallQueues), congestion-window validation
 * (ns3::TcpCwndValidation, ns3::TcpNewRenoCwv), the DSS size of data segments, and the
 * ACK-first what-if queue (ns3::AckPriorityQueue).
 */
#include "mptcp-test-harness.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/ack-priority-queue.h"
#include "ns3/boolean.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue.h"
#include "ns3/rtt-estimator.h"
#include "ns3/tcp-new-reno-cwv.h"
#include "ns3/tcp-small-queues-socket.h"
#include "ns3/tcp-small-queues.h"
#include "ns3/test.h"

#include <memory>

using namespace ns3;

namespace
{

/// What one bulk transfer over OneLinkTopology did at the sender's NIC.
struct BulkRun
{
    uint32_t maxQueue{0};     //!< most packets in the sender's NIC queue after its first RTTs
    uint32_t drops{0};        //!< packets its NIC queue dropped
    uint32_t maxCwnd{0};      //!< largest congestion window of the sender, bytes
    double srttMs{0};         //!< sender's smoothed RTT at 1.5 s (mid-transfer), ms
    uint64_t received{0};     //!< bytes received
    uint64_t mismatches{0};   //!< bytes not as sent
    uint64_t hostQueuedEnd{0}; //!< sender's bytes in its host at the end
    uint64_t segments{0};     //!< data segments the sender sent (Tx trace)
    uint64_t released{0};     //!< segments the host's TcpSmallQueues released
    uint64_t throttles{0};    //!< times TCP Small Queues held the sender back
    double reverseSrttMs{0};  //!< reverse flow's smoothed RTT (bidirectional runs), ms
};

/**
 * A bulk TCP transfer of \p bytes from node 0 to node 1 of a 10 Mb/s, 1 ms link with a
 * 100-packet drop-tail NIC queue and no queue disc, through ns3::TcpSmallQueuesSocketFactory,
 * 1 MB buffers (the window could grow to 750 segments), NewReno with window validation.
 * \param smallQueues TcpSmallQueuesSocket::SmallQueues
 * \param cwndValidation TcpSmallQueuesSocket::CwndValidation
 * \param bytes bytes to send
 * \param reverse also send \p bytes from node 1 to node 0 at the same time
 */
BulkRun
RunBulk(bool smallQueues, bool cwndValidation, uint64_t bytes, bool reverse = false)
{
    ConfigureTransport(1, Lia(), 1 << 20);
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewRenoCwv::GetTypeId()));
    Config::SetDefault("ns3::TcpSmallQueuesSocket::SmallQueues", BooleanValue(smallQueues));
    Config::SetDefault("ns3::TcpSmallQueuesSocket::CwndValidation", BooleanValue(cwndValidation));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
    OneLinkTopology t("10.7.1.0");
    UseDropTail(t.devs);
    BulkRun run;
    auto nic = DynamicCast<PointToPointNetDevice>(t.devs.Get(0));
    nic->GetQueue()->TraceConnectWithoutContext(
        "PacketsInQueue",
        Callback<void, uint32_t, uint32_t>(
            MPTCP_CALLBACK([&run](uint32_t, uint32_t n) {
                // From 0.3 s: the initial window goes out before the first RTT sample gives
                // TSQ its pacing rate (as in Linux, it is not held back).
                if (Simulator::Now() >= Seconds(0.3))
                {
                    run.maxQueue = std::max(run.maxQueue, n);
                }
            })));
    nic->GetQueue()->TraceConnectWithoutContext(
        "Drop",
        Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([&run](Ptr<const Packet>) { ++run.drops; })));
    const TypeId factory = TypeId::LookupByName("ns3::TcpSmallQueuesSocketFactory");
    Ptr<Socket> l = Listen(t.nodes.Get(1), TcpSocketFactory::GetTypeId());
    PatternReceiver r(l);
    Ptr<Socket> c = Socket::CreateSocket(t.nodes.Get(0), factory);
    auto sender = DynamicCast<TcpSmallQueuesSocket>(c);
    NS_ASSERT(sender);
    c->TraceConnectWithoutContext(
        "CongestionWindow",
        Callback<void, uint32_t, uint32_t>(
            MPTCP_CALLBACK([&run](uint32_t, uint32_t w) { run.maxCwnd = std::max(run.maxCwnd, w); })));
    c->TraceConnectWithoutContext(
        "Tx",
        Callback<void, Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocketBase>>(
            MPTCP_CALLBACK([&run](Ptr<const Packet> p, const TcpHeader&, Ptr<const TcpSocketBase>) {
                run.segments += p->GetSize() > 0;
            })));
    PatternSender s(c, bytes);
    Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([c, &t]() {
        c->Connect(InetSocketAddress(t.ifs.GetAddress(1), 5000));
    }));
    // The reverse flow (its own port) fills node 1's NIC with data in front of node 0's ACKs.
    Ptr<Socket> rl;
    Ptr<Socket> rc;
    std::unique_ptr<PatternReceiver> rr;
    std::unique_ptr<PatternSender> rs;
    if (reverse)
    {
        rl = Socket::CreateSocket(t.nodes.Get(0), TcpSocketFactory::GetTypeId());
        rl->Bind(InetSocketAddress(Ipv4Address::GetAny(), 5001));
        rl->Listen();
        rr = std::make_unique<PatternReceiver>(rl);
        rc = Socket::CreateSocket(t.nodes.Get(1), factory);
        rs = std::make_unique<PatternSender>(rc, bytes);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([rc, &t]() {
            rc->Connect(InetSocketAddress(t.ifs.GetAddress(0), 5001));
        }));
    }
    // The RTT while both transfers are under way.
    Simulator::Schedule(Seconds(1.5), MPTCP_EVENT([&run, sender, rc]() {
        run.srttMs = sender->GetSmoothedRtt().GetSeconds() * 1e3;
        if (rc)
        {
            run.reverseSrttMs =
                DynamicCast<TcpSmallQueuesSocket>(rc)->GetSmoothedRtt().GetSeconds() * 1e3;
        }
    }));
    Simulator::Stop(Seconds(20));
    Simulator::Run();
    run.received = r.m_received;
    run.mismatches = r.m_mismatches;
    run.hostQueuedEnd = sender->GetHostQueuedBytes();
    run.throttles = sender->GetSmallQueuesThrottles();
    if (Ptr<TcpSmallQueues> tsq = t.nodes.Get(0)->GetObject<TcpSmallQueues>())
    {
        run.released = tsq->GetReleased();
    }
    Simulator::Destroy();
    return run;
}

/**
 * A bulk sender whose own NIC is the bottleneck: with TCP Small Queues it keeps at most the
 * limit plus one segment in its host (the limit: 1.2 cwnd / SRTT x 1 ms, about 2.3 segments
 * here, so at most 4 packets), never drops its own packets, and its RTT stays near the path's;
 * as ns-3's TcpSocketBase (both behaviours off) its window fills the 100-packet NIC queue and
 * its RTT grows by up to the queue's 116 ms.
 */
class SmallQueuesBottleneckTest : public TestCase
{
  public:
    SmallQueuesBottleneckTest()
        : TestCase("TSQ on a NIC-limited bulk flow: at most 5 packets in the NIC queue, no drop, "
                   "RTT near the path's; without it the 100-packet queue fills")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t bytes = 4000000;
        BulkRun on = RunBulk(true, true, bytes);
        BulkRun off = RunBulk(false, false, bytes);
        std::cout << GetName() << ": TSQ max queue " << on.maxQueue << ", drops " << on.drops
                  << ", srtt " << on.srttMs << " ms, throttles " << on.throttles
                  << "; ns-3 max queue " << off.maxQueue << ", drops " << off.drops << ", srtt "
                  << off.srttMs << " ms" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(on.received, bytes, "every byte (TSQ)");
        NS_TEST_ASSERT_MSG_EQ(on.mismatches, 0, "in order (TSQ)");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(on.maxQueue, 5u, "the limit + 1 segment in the host");
        NS_TEST_ASSERT_MSG_EQ(on.drops, 0u, "a host does not drop its own packets");
        NS_TEST_ASSERT_MSG_GT(on.throttles, 10u, "TSQ held the sender back");
        // Path RTT: 2 x 1 ms + a 1454-byte packet at 10 Mb/s (1.16 ms) and an ACK, plus at
        // most 4-5 packets queued (5.8 ms).
        NS_TEST_ASSERT_MSG_LT(on.srttMs, 10.0, "RTT near the path's");
        NS_TEST_ASSERT_MSG_EQ(on.hostQueuedEnd, 0u, "every byte released after the transfer");
        NS_TEST_ASSERT_MSG_EQ(on.released, on.segments, "one release per data segment");
        NS_TEST_ASSERT_MSG_EQ(off.received, bytes, "every byte (ns-3)");
        NS_TEST_ASSERT_MSG_GT(off.maxQueue, 90u, "ns-3: the window fills the NIC queue");
        NS_TEST_ASSERT_MSG_GT(off.srttMs, 50.0, "ns-3: the RTT includes the full queue");
    }
};

/**
 * Window validation keeps the window near what the flow uses when TSQ holds it back: with
 * CwndValidation off the window keeps growing on every ACK (ns-3's NewReno), to several times
 * more than is ever in flight.
 */
class CwndValidationTest : public TestCase
{
  public:
    CwndValidationTest()
        : TestCase("window validation: a TSQ-held window stops growing; without it it grows "
                   "on every ACK")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t bytes = 4000000;
        BulkRun cwv = RunBulk(true, true, bytes);
        BulkRun grow = RunBulk(true, false, bytes);
        std::cout << GetName() << ": largest window " << cwv.maxCwnd / 1400
                  << " segments with validation, " << grow.maxCwnd / 1400 << " without"
                  << std::endl;
        // The path holds 2.4 ms x 10 Mb/s = 2 segments and TSQ 3 more: slow start may double
        // what was in flight once, to about 16 segments.
        NS_TEST_ASSERT_MSG_LT(cwv.maxCwnd, 25u * 1400, "validated window stays small");
        NS_TEST_ASSERT_MSG_GT(grow.maxCwnd, 4 * cwv.maxCwnd, "unvalidated window keeps growing");
        NS_TEST_ASSERT_MSG_EQ(grow.received, bytes, "every byte");
        NS_TEST_ASSERT_MSG_EQ(grow.drops, 0u, "TSQ alone also keeps the NIC queue from dropping");
    }
};

/**
 * Two bulk transfers in opposite directions over one link: each host's NIC carries its own
 * data and the ACKs of the other transfer. With TSQ the ACKs wait behind a few data packets;
 * as ns-3's TcpSocketBase they wait behind up to 100, and both RTTs grow.
 */
class AckBehindDataTest : public TestCase
{
  public:
    AckBehindDataTest()
        : TestCase("two-way bulk: with TSQ the ACKs wait behind a few data packets, not "
                   "behind a full NIC queue")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t bytes = 3000000;
        BulkRun on = RunBulk(true, true, bytes, true);
        BulkRun off = RunBulk(false, false, bytes, true);
        std::cout << GetName() << ": srtt " << on.srttMs << " / " << on.reverseSrttMs
                  << " ms with TSQ, " << off.srttMs << " / " << off.reverseSrttMs
                  << " ms without" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(on.received, bytes, "every byte");
        // Data and ACK each wait behind at most 3 packets: 2.4 + 2 x 3.5 ms.
        NS_TEST_ASSERT_MSG_LT(on.srttMs, 16.0, "forward RTT with TSQ");
        NS_TEST_ASSERT_MSG_LT(on.reverseSrttMs, 16.0, "reverse RTT with TSQ");
        NS_TEST_ASSERT_MSG_GT(off.srttMs, 50.0, "forward RTT without");
        NS_TEST_ASSERT_MSG_GT(off.reverseSrttMs, 50.0, "reverse RTT without");
    }
};

/**
 * MPTCP: 4 subflows (ndiffports) over one 10 Mb/s link. Every subflow keeps at most its limit
 * plus a segment in the host (4 x 3 packets at most in the NIC queue), none is dropped there,
 * the connection delivers every byte in order; a data segment's DSS takes 22 octets (DATA_ACK
 * in 4 octets, as Linux until the peer sends an 8-octet DSN) and the receiver's DATA_ACKs 8.
 */
class MpTcpSubflowsTest : public TestCase
{
  public:
    MpTcpSubflowsTest()
        : TestCase("MPTCP, 4 subflows on one NIC: at most 12 packets queued, no drop, bytes "
                   "exact; DSS of 22 octets on data segments, 8-octet DATA_ACK back")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(4, Lia(), 1 << 20);
        Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
        // The defaults, which earlier cases of this process changed.
        Config::SetDefault("ns3::TcpSmallQueuesSocket::SmallQueues", BooleanValue(true));
        Config::SetDefault("ns3::TcpSmallQueuesSocket::CwndValidation", BooleanValue(true));
        OneLinkTopology t("10.7.2.0");
        UseDropTail(t.devs);
        uint32_t maxQueue = 0;
        uint32_t drops = 0;
        auto nic = DynamicCast<PointToPointNetDevice>(t.devs.Get(0));
        nic->GetQueue()->TraceConnectWithoutContext(
            "PacketsInQueue",
            Callback<void, uint32_t, uint32_t>(
                MPTCP_CALLBACK([&maxQueue](uint32_t, uint32_t n) {
                    if (Simulator::Now() >= Seconds(0.3)) // after the initial windows
                    {
                        maxQueue = std::max(maxQueue, n);
                    }
                })));
        nic->GetQueue()->TraceConnectWithoutContext(
            "Drop",
            Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([&drops](Ptr<const Packet>) { ++drops; })));
        std::vector<Segment> out;
        std::vector<Segment> back;
        RecordSegments(t.devs.Get(0), &out);
        RecordSegments(t.devs.Get(1), &back);
        Ptr<Socket> l = Listen(t.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        PatternReceiver r(l);
        Ptr<Socket> c = Socket::CreateSocket(t.nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        const uint64_t bytes = 3000000;
        PatternSender s(c, bytes);
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([c, &t]() {
            c->Connect(InetSocketAddress(t.ifs.GetAddress(1), 5000));
        }));
        uint32_t subflows = 0;
        Simulator::Schedule(Seconds(1), MPTCP_EVENT([&subflows, c]() {
            subflows = DynamicCast<MpTcpSocketBase>(c)->GetNEstablishedSubflows();
        }));
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        uint32_t data = 0;
        uint32_t dss22 = 0;
        for (const Segment& seg : out)
        {
            const DssOption* dss = FindOption<DssOption>(seg);
            if (seg.payload > 0 && dss && dss->hasMapping)
            {
                ++data;
                dss22 += dss->hasDataAck && !dss->dataAck64 && dss->dsn64 && !dss->hasChecksum;
            }
        }
        uint32_t acks = 0;
        uint32_t ack64 = 0;
        for (const Segment& seg : back)
        {
            const DssOption* dss = FindOption<DssOption>(seg);
            // Once data flows (the first ACKs, before any mapping arrived, have no 8-octet DSN
            // to answer).
            if (seg.time >= 0.3 && seg.payload == 0 && dss && dss->hasDataAck && !dss->hasMapping)
            {
                ++acks;
                ack64 += dss->dataAck64;
            }
        }
        std::cout << GetName() << ": " << subflows << " subflows, max queue " << maxQueue
                  << ", drops " << drops << ", " << dss22 << " of " << data
                  << " data segments with a 22-octet DSS, " << ack64 << " of " << acks
                  << " pure ACKs with an 8-octet DATA_ACK" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(subflows, 4u, "4 subflows");
        NS_TEST_ASSERT_MSG_EQ(r.m_received, bytes, "every byte");
        NS_TEST_ASSERT_MSG_EQ(r.m_mismatches, 0, "in order");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(maxQueue, 12u, "4 subflows x (2 segments + 1)");
        NS_TEST_ASSERT_MSG_EQ(drops, 0u, "no drop at the sender's own NIC");
        NS_TEST_ASSERT_MSG_GT(data, 2000u, "data segments seen");
        NS_TEST_ASSERT_MSG_EQ(dss22, data, "every data segment: DSN 8 octets, DATA_ACK 4 octets");
        NS_TEST_ASSERT_MSG_GT(acks, 500u, "pure ACKs seen");
        NS_TEST_ASSERT_MSG_EQ(ack64, acks, "the receiver got 8-octet DSNs: 8-octet DATA_ACKs");
        Simulator::Destroy();
    }
};

/// AckPriorityQueue: packets without payload first, FIFO within each class, drop when full.
class AckPriorityQueueTest : public TestCase
{
  public:
    AckPriorityQueueTest()
        : TestCase("AckPriorityQueue: ACK-sized packets before data, FIFO in each class, tail "
                   "drop at MaxSize")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<AckPriorityQueue> q = CreateObject<AckPriorityQueue>();
        q->SetMaxSize(QueueSize("5p"));
        // Sizes as queued by a point-to-point device: data 1474 + n, ACKs 66 + n.
        const std::vector<uint32_t> in = {1474, 1475, 66, 1476, 67, 68};
        std::vector<bool> accepted;
        for (uint32_t size : in)
        {
            accepted.push_back(q->Enqueue(Create<Packet>(size)));
        }
        NS_TEST_ASSERT_MSG_EQ((accepted == std::vector<bool>{true, true, true, true, true, false}),
                              true,
                              "the sixth packet finds the queue full");
        std::vector<uint32_t> outSizes;
        while (Ptr<Packet> p = q->Dequeue())
        {
            outSizes.push_back(p->GetSize());
        }
        NS_TEST_ASSERT_MSG_EQ((outSizes == std::vector<uint32_t>{66, 67, 1474, 1475, 1476}),
                              true,
                              "ACKs first, in order, then data in order");
        NS_TEST_ASSERT_MSG_EQ(q->GetPrioritized(), 2u, "two ACKs went ahead");
        NS_TEST_ASSERT_MSG_EQ(q->GetNPackets(), 0u, "empty");
        // Interleaved: an ACK enqueued after a dequeue goes behind the ACKs still queued.
        q->Enqueue(Create<Packet>(70));
        q->Enqueue(Create<Packet>(1500));
        q->Enqueue(Create<Packet>(71));
        NS_TEST_ASSERT_MSG_EQ(q->Dequeue()->GetSize(), 70u, "first ACK");
        q->Enqueue(Create<Packet>(72));
        NS_TEST_ASSERT_MSG_EQ(q->Dequeue()->GetSize(), 71u, "second ACK");
        NS_TEST_ASSERT_MSG_EQ(q->Dequeue()->GetSize(), 72u, "third ACK, ahead of the data");
        NS_TEST_ASSERT_MSG_EQ(q->Dequeue()->GetSize(), 1500u, "then the data");
    }
};

/// The suite.
class TcpSmallQueuesTestSuite : public TestSuite
{
  public:
    TcpSmallQueuesTestSuite()
        : TestSuite("mptcp-small-queues", MPTCP_TEST_SYSTEM)
    {
        AddTestCase(new SmallQueuesBottleneckTest(), MPTCP_TEST_QUICK);
        AddTestCase(new CwndValidationTest(), MPTCP_TEST_QUICK);
        AddTestCase(new AckBehindDataTest(), MPTCP_TEST_QUICK);
        AddTestCase(new MpTcpSubflowsTest(), MPTCP_TEST_QUICK);
        AddTestCase(new AckPriorityQueueTest(), MPTCP_TEST_QUICK);
    }
};

/// The suite's instance.
TcpSmallQueuesTestSuite g_tcpSmallQueuesTestSuite;

} // namespace
