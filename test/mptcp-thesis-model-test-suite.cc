/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The MMPTCP thesis model's behaviours that this module can reproduce on request (Kheirkhah
 * 2015, §4.4): the StrictRoundRobin scheduler, which waits for a subflow whose MP_JOIN
 * handshake is not complete, and FirstDataRto, the 1.5 s timeout of a subflow's first data.
 */
#include "mptcp-test-harness.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// A SYN without ACK (a SYN that opens a subflow).
bool
IsPureSyn(const TcpHeader& h, uint32_t)
{
    return (h.GetFlags() & (TcpHeader::SYN | TcpHeader::ACK)) == TcpHeader::SYN;
}

/**
 * Two subflows over one 10 Mb/s, 1 ms link; the server drops the second subflow's first SYN,
 * so its MP_JOIN completes only after the client retries it (ns-3's ConnTimeout, 3 s). The
 * client writes 300 KB at 0.1 s. RoundRobin sends everything on the initial subflow meanwhile
 * (about 0.3 s); StrictRoundRobin gives the pending subflow its turn and waits for it, so almost
 * nothing arrives before the retry, then everything, in order.
 */
class StrictRoundRobinWaitsForJoinTest : public TestCase
{
  public:
    StrictRoundRobinWaitsForJoinTest(bool strict)
        : TestCase(std::string(strict ? "StrictRoundRobin" : "RoundRobin") +
                   ": a lost MP_JOIN SYN " + (strict ? "holds up" : "does not hold up") +
                   " the connection"),
          m_strict(strict)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(2, Lia(), 1 << 20);
        Config::SetDefault("ns3::MpTcpSocketBase::Scheduler",
                           StringValue(m_strict ? "StrictRoundRobin" : "RoundRobin"));
        OneLinkTopology topo("10.9.1.0");
        Ptr<SegmentDropper> drop = CreateObject<SegmentDropper>(IsPureSyn, 2);
        topo.devs.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(drop));
        Ptr<Socket> listener = Listen(topo.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client =
            Socket::CreateSocket(topo.nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        PatternSender tx(client, 300000);
        Address to = InetSocketAddress(topo.ifs.GetAddress(1), 5000);
        Simulator::Schedule(Seconds(0.1), [client, to]() {
            client->Bind();
            client->Connect(to);
        });
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        uint64_t early = BytesAt(rx, 2.5);
        std::cout << GetName() << ": join SYN dropped at " << drop->m_dropTime << " s; "
                  << early << " bytes by 2.5 s, " << rx.m_received << " by 10 s" << std::endl;
        NS_TEST_ASSERT_MSG_GT(drop->m_dropTime, 0.1, "the join SYN was dropped");
        NS_TEST_ASSERT_MSG_LT(drop->m_dropTime, 0.2, "right after the first DATA_ACK");
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, 300000, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "in order, once");
        if (m_strict)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(drop->m_seen, 3, "MP_CAPABLE SYN, join SYN, its retry");
            // The initial subflow's first windows before the join opened, and no more.
            NS_TEST_ASSERT_MSG_GT(early, 0, "the initial subflow sent before the join");
            NS_TEST_ASSERT_MSG_LT(early, 50000, "then the pending subflow's turn held it up");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(early, 300000, "the initial subflow carried everything");
        }
        Simulator::Destroy();
    }

    bool m_strict;
};

/**
 * One subflow, initial window 1 segment, MinRto 200 ms, over one 10 Mb/s, 1 ms link; the server
 * drops the first data segment, which only a timeout can recover. With FirstDataRto = 0 the
 * handshake's RTT sample gives a 200 ms timeout; with FirstDataRto = 1.5 s the first byte
 * arrives 1.5 s after the segment was first sent, as in the thesis's model.
 */
class FirstDataRtoTest : public TestCase
{
  public:
    FirstDataRtoTest(double firstDataRto)
        : TestCase((firstDataRto > 0 ? "FirstDataRto 1.5 s" : "FirstDataRto 0 (off)") +
                   std::string(": the first data segment's retransmission timeout")),
          m_firstDataRto(firstDataRto)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 1 << 20);
        Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(1));
        Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));
        Config::SetDefault("ns3::MpTcpSocketBase::FirstDataRto",
                           TimeValue(Seconds(m_firstDataRto)));
        OneLinkTopology topo("10.9.2.0");
        Ptr<SegmentDropper> drop = CreateObject<SegmentDropper>(
            [](const TcpHeader&, uint32_t payload) { return payload > 0; },
            1);
        topo.devs.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(drop));
        Ptr<Socket> listener = Listen(topo.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client =
            Socket::CreateSocket(topo.nodes.Get(0), MpTcpSocketFactory::GetTypeId());
        PatternSender tx(client, 20000);
        Address to = InetSocketAddress(topo.ifs.GetAddress(1), 5000);
        Simulator::Schedule(Seconds(0.1), [client, to]() {
            client->Bind();
            client->Connect(to);
        });
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        double first = rx.m_progress.empty() ? -1 : rx.m_progress.front().first;
        // The data segment crosses the link in about 2.1 ms (1 ms + 1.5 kB at 10 Mb/s).
        double wait = first - drop->m_dropTime;
        std::cout << GetName() << ": first data dropped at " << drop->m_dropTime
                  << " s, first byte delivered at " << first << " s (after " << wait << " s)"
                  << std::endl;
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, 20000, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "in order, once");
        double rto = m_firstDataRto > 0 ? m_firstDataRto : 0.2;
        NS_TEST_ASSERT_MSG_EQ_TOL(wait, rto, 0.01, "retransmitted after the expected timeout");
        Simulator::Destroy();
    }

    double m_firstDataRto;
};

class MpTcpThesisModelTestSuite : public TestSuite
{
  public:
    MpTcpThesisModelTestSuite()
        : TestSuite("mptcp-thesis-model", MPTCP_TEST_SYSTEM)
    {
        AddTestCase(new StrictRoundRobinWaitsForJoinTest(true), MPTCP_TEST_QUICK);
        AddTestCase(new StrictRoundRobinWaitsForJoinTest(false), MPTCP_TEST_QUICK);
        AddTestCase(new FirstDataRtoTest(0), MPTCP_TEST_QUICK);
        AddTestCase(new FirstDataRtoTest(1.5), MPTCP_TEST_QUICK);
    }
};

MpTcpThesisModelTestSuite g_mptcpThesisModelTestSuite;

} // namespace
