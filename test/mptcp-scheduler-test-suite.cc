/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * MPTCP schedulers: lowest-RTT-first and round-robin.
 */
#include "mptcp-test-harness.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/**
 * An application-limited sender (one 1400-byte write every 10 ms, 1.1 Mb/s, far below either
 * path's 10 Mb/s) over two subflows pinned to two disjoint paths, the second one longer (RTT
 * about 6 ms against 42 ms). Every write finds both subflows with room, so the scheduler alone
 * decides: lowest-RTT-first puts most of it on the short path; round-robin alternates,
 * so each path carries about half.
 */
class SchedulerShareTest : public TestCase
{
  public:
    SchedulerShareTest(MpTcpSocketBase::Scheduler scheduler)
        : TestCase(std::string(scheduler == MpTcpSocketBase::ROUND_ROBIN ? "RoundRobin"
                                                                          : "LowestRtt") +
                   " scheduler: share of an application-limited flow per path"),
          m_scheduler(scheduler)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 1 << 20);
        Config::SetDefault("ns3::MpTcpSocketBase::Scheduler", EnumValue(m_scheduler));
        // An ACK per segment, so that RTT samples are not stretched by the delayed-ACK timer.
        Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
        TwoPathTopology topo;
        // Path 2 is longer: 10 ms instead of 1 ms on each of its two links.
        for (uint32_t l : {2, 4})
        {
            topo.links[l].Get(0)->GetChannel()->SetAttribute("Delay",
                                                             TimeValue(MilliSeconds(10)));
        }
        Ptr<Socket> listener = Listen(topo.n.Get(5), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(topo.n.Get(0), MpTcpSocketFactory::GetTypeId());
        uint32_t pinned = 0;
        topo.PinSubflows(client, &pinned);
        Address to = InetSocketAddress(topo.b, 5000);
        Simulator::Schedule(Seconds(0.1), [client, to]() {
            client->Bind();
            client->Connect(to);
        });
        // From 1 s (both subflows up) to 6 s: one 1400-byte pattern write every 10 ms.
        uint64_t written = 0;
        for (uint32_t i = 0; i < 500; ++i)
        {
            Simulator::Schedule(Seconds(1) + MilliSeconds(10 * i), [client, &written]() {
                uint8_t buf[1400];
                for (uint32_t j = 0; j < sizeof(buf); ++j)
                {
                    buf[j] = PatternByte(written + j);
                }
                if (client->Send(Create<Packet>(buf, sizeof(buf))) == int(sizeof(buf)))
                {
                    written += sizeof(buf);
                }
            });
        }
        // Data segments each path delivers to S2 (larger than any ACK).
        std::vector<uint64_t> segments(2, 0);
        for (uint32_t r = 0; r < 2; ++r)
        {
            topo.links[3 + r].Get(1)->TraceConnectWithoutContext(
                "MacRx",
                Callback<void, Ptr<const Packet>>([&segments, r](Ptr<const Packet> p) {
                    segments[r] += (p->GetSize() > 1000);
                }));
        }
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        double share = double(segments[0]) / std::max<uint64_t>(1, segments[0] + segments[1]);
        std::cout << GetName() << ": path 1 " << segments[0] << " segments, path 2 "
                  << segments[1] << " (share of path 1 " << share << ")" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(pinned, 2, "both subflows pinned");
        NS_TEST_ASSERT_MSG_EQ(written, 500 * 1400, "every write was accepted");
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, written, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "in order, once");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(segments[0] + segments[1], 500, "all segments counted");
        double larger = std::max(share, 1 - share);
        if (m_scheduler == MpTcpSocketBase::ROUND_ROBIN)
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

    MpTcpSocketBase::Scheduler m_scheduler;
};

class MpTcpSchedulerTestSuite : public TestSuite
{
  public:
    MpTcpSchedulerTestSuite()
        : TestSuite("mptcp-scheduler", MPTCP_TEST_SYSTEM)
    {
        AddTestCase(new SchedulerShareTest(MpTcpSocketBase::LOWEST_RTT), MPTCP_TEST_QUICK);
        AddTestCase(new SchedulerShareTest(MpTcpSocketBase::ROUND_ROBIN), MPTCP_TEST_QUICK);
    }
};

MpTcpSchedulerTestSuite g_mptcpSchedulerTestSuite;

} // namespace
