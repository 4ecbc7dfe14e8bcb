/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * GetReceivedBytes: a byte counts when it reaches the receiver, not when a hole before it is
 * filled.
 */
#include "mptcp-test-harness.h"

#include "ns3/applications-module.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/received-bytes.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/**
 * A 2 MB BulkSend transfer from A to B over the two-path topology, with a hole in the data
 * that keeps received bytes from the PacketSink for a while. Every millisecond the test
 * samples GetReceivedBytes (R) and PacketSink's TotalRx (D) and counts the bytes B's NIC
 * received in that millisecond (N, whole PPP frames). It asserts:
 *  - R >= D at every sample, and R never decreases;
 *  - R rises by at most N in every millisecond: bytes are counted as they arrive;
 *  - D rises by more than N in some millisecond (the hole's backlog reaches the application at
 *    once: the scenario does what the test needs, and TotalRx alone would fail the last check);
 *  - at the end R = D = 2 MB, the file.
 * Holes: TCP, one data segment dropped before B (held in TCP's receive buffer); MPTCP-2, one
 * segment of a subflow dropped (held in that subflow's buffer and in the connection's reorder
 * queue); MPTCP-2, path 2 down from 0.4 to 1.4 s (the connection's reorder queue holds path 1's
 * data until path 2's lost data is reinjected or retransmitted).
 */
class ReceivedBytesTest : public TestCase
{
  public:
    /// Which hole the transfer has.
    enum Hole
    {
        TCP_SEGMENT,    //!< TCP; the 300th data segment to B is dropped
        MPTCP_SEGMENT,  //!< MPTCP-2; the 300th data segment to B is dropped
        MPTCP_PATH_DOWN //!< MPTCP-2; path 2 drops everything from 0.4 to 1.4 s
    };

    /// \param hole the hole
    explicit ReceivedBytesTest(Hole hole)
        : TestCase(hole == TCP_SEGMENT     ? "TCP, one segment lost: bytes count as they arrive"
                   : hole == MPTCP_SEGMENT ? "MPTCP-2, one segment lost: bytes count as they arrive"
                                           : "MPTCP-2, path 2 down 1 s: bytes count as they arrive"),
          m_hole(hole)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 1 << 20);
        TwoPathTopology topo;
        const bool mptcp = m_hole != TCP_SEGMENT;
        const std::string factory = mptcp ? "ns3::MpTcpSocketFactory" : "ns3::TcpSocketFactory";
        const uint64_t total = 2000000;
        PacketSinkHelper sinkHelper(factory, InetSocketAddress(Ipv4Address::GetAny(), 5000));
        ApplicationContainer sinkApp = sinkHelper.Install(topo.n.Get(5));
        Ptr<PacketSink> sink = DynamicCast<PacketSink>(sinkApp.Get(0));
        BulkSendHelper bulk(factory, InetSocketAddress(topo.b, 5000));
        bulk.SetAttribute("MaxBytes", UintegerValue(total));
        bulk.SetAttribute("SendSize", UintegerValue(1400));
        ApplicationContainer sender = bulk.Install(topo.n.Get(0));
        sender.Start(Seconds(0.1));
        uint32_t pinned = 0;
        if (mptcp)
        {
            // The application has created and connected its socket: pin subflow i to path i.
            Simulator::Schedule(Seconds(0.1) + NanoSeconds(1), MPTCP_EVENT([&]() {
                topo.PinSubflows(DynamicCast<BulkSendApplication>(sender.Get(0))->GetSocket(),
                                 &pinned);
            }));
        }
        Ptr<NetDevice> nicB = topo.links[5].Get(1);
        Ptr<SegmentDropper> dropper;
        if (m_hole == MPTCP_PATH_DOWN)
        {
            topo.FailPath2(0.4, 1.4);
        }
        else
        {
            dropper = CreateObject<SegmentDropper>(
                [](const TcpHeader&, uint32_t payload) { return payload > 0; },
                300);
            nicB->SetAttribute("ReceiveErrorModel", PointerValue(dropper));
        }
        uint64_t arrived = 0; // bytes of frames B's NIC accepted
        nicB->TraceConnectWithoutContext(
            "MacRx",
            Callback<void, Ptr<const Packet>>(
                MPTCP_CALLBACK([&arrived](Ptr<const Packet> p) { arrived += p->GetSize(); })));

        uint64_t lastR = 0;
        uint64_t lastD = 0;
        uint64_t lastN = 0;
        uint64_t maxHeld = 0;
        uint32_t belowDelivered = 0;
        uint32_t decreases = 0;
        uint32_t fasterThanNic = 0;
        uint32_t deliveredFasterThanNic = 0;
        std::function<void()> sample = [&]() {
            const uint64_t r = GetReceivedBytes(sink);
            const uint64_t d = sink->GetTotalRx();
            const uint64_t n = arrived - lastN;
            belowDelivered += r < d;
            decreases += r < lastR;
            fasterThanNic += r > lastR + n;
            deliveredFasterThanNic += d > lastD + n;
            maxHeld = std::max(maxHeld, r - d);
            lastR = r;
            lastD = d;
            lastN = arrived;
            Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT(sample));
        };
        Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT(sample));
        Simulator::Stop(Seconds(8));
        Simulator::Run();

        std::cout << GetName() << ": most bytes held behind a hole " << maxHeld
                  << ", TotalRx outran the NIC in " << deliveredFasterThanNic
                  << " ms, received at the end " << GetReceivedBytes(sink) << std::endl;
        if (dropper)
        {
            NS_TEST_ASSERT_MSG_GT(dropper->m_dropTime, 0, "the segment was dropped");
        }
        if (mptcp)
        {
            NS_TEST_ASSERT_MSG_EQ(pinned, 2, "one subflow per path");
        }
        NS_TEST_ASSERT_MSG_EQ(belowDelivered, 0, "received >= delivered at every sample");
        NS_TEST_ASSERT_MSG_EQ(decreases, 0, "received never decreases");
        NS_TEST_ASSERT_MSG_EQ(fasterThanNic, 0, "received rises at most by what B's NIC got");
        NS_TEST_ASSERT_MSG_GT(deliveredFasterThanNic, 0, "a filled hole releases a backlog");
        NS_TEST_ASSERT_MSG_GT(maxHeld, 14000, "at least ten segments waited behind the hole");
        NS_TEST_ASSERT_MSG_EQ(sink->GetTotalRx(), total, "the file arrived");
        NS_TEST_ASSERT_MSG_EQ(GetReceivedBytes(sink), total, "nothing is held at the end");
        Simulator::Destroy();
    }

    Hole m_hole;
};

/// Suite "mptcp-received-bytes".
class ReceivedBytesTestSuite : public TestSuite
{
  public:
    ReceivedBytesTestSuite()
        : TestSuite("mptcp-received-bytes", MPTCP_TEST_UNIT)
    {
        AddTestCase(new ReceivedBytesTest(ReceivedBytesTest::TCP_SEGMENT), MPTCP_TEST_QUICK);
        AddTestCase(new ReceivedBytesTest(ReceivedBytesTest::MPTCP_SEGMENT), MPTCP_TEST_QUICK);
        AddTestCase(new ReceivedBytesTest(ReceivedBytesTest::MPTCP_PATH_DOWN), MPTCP_TEST_QUICK);
    }
};

ReceivedBytesTestSuite g_receivedBytesTestSuite;

} // namespace
