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

/// What RunWithOneDrop() saw.
struct OneDropRun
{
    uint64_t received{0};   //!< bytes received
    uint64_t mismatches{0}; //!< bytes out of pattern
    uint64_t by2500ms{0};   //!< bytes received by 2.5 s
    double firstByte{-1};   //!< when the first bytes were read, s (-1: never)
    uint32_t seen{0};       //!< segments matching the dropper's predicate
    double dropTime{-1};    //!< when the dropped one arrived, s
};

/**
 * Node 0 writes \p bytes pattern bytes to node 1 over a fresh OneLinkTopology from 0.1 s to
 * 10 s, MPTCP with the current defaults; node 1's device drops the \p n-th segment for which
 * \p match holds.
 * \param subnet the link's /24
 * \param match which segments count
 * \param n the one to drop
 * \param bytes bytes to send
 * \return what happened
 */
OneDropRun
RunWithOneDrop(const char* subnet, SegmentDropper::Match match, uint32_t n, uint64_t bytes)
{
    OneLinkTopology topo(subnet);
    Ptr<SegmentDropper> drop = CreateObject<SegmentDropper>(match, n);
    topo.devs.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(drop));
    Ptr<Socket> listener = Listen(topo.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
    PatternReceiver rx(listener);
    Ptr<Socket> client = Socket::CreateSocket(topo.nodes.Get(0), MpTcpSocketFactory::GetTypeId());
    PatternSender tx(client, bytes);
    Address to = InetSocketAddress(topo.ifs.GetAddress(1), 5000);
    Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([client, to]() {
        client->Bind();
        client->Connect(to);
    }));
    Simulator::Stop(Seconds(10));
    Simulator::Run();
    OneDropRun r;
    r.received = rx.m_received;
    r.mismatches = rx.m_mismatches;
    r.by2500ms = BytesAt(rx, 2.5);
    r.firstByte = rx.m_progress.empty() ? -1 : rx.m_progress.front().first;
    r.seen = drop->m_seen;
    r.dropTime = drop->m_dropTime;
    Simulator::Destroy();
    return r;
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
                           StringValue(m_strict ? "ns3::MpTcpStrictRoundRobinScheduler"
                                                : "ns3::MpTcpRoundRobinScheduler"));
        OneDropRun r = RunWithOneDrop("10.9.1.0", IsPureSyn, 2, 300000);
        std::cout << GetName() << ": join SYN dropped at " << r.dropTime << " s; " << r.by2500ms
                  << " bytes by 2.5 s, " << r.received << " by 10 s" << std::endl;
        NS_TEST_ASSERT_MSG_GT(r.dropTime, 0.1, "the join SYN was dropped");
        NS_TEST_ASSERT_MSG_LT(r.dropTime, 0.2, "right after the first DATA_ACK");
        NS_TEST_ASSERT_MSG_EQ(r.received, 300000, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(r.mismatches, 0, "in order, once");
        if (m_strict)
        {
            NS_TEST_ASSERT_MSG_GT_OR_EQ(r.seen, 3, "MP_CAPABLE SYN, join SYN, its retry");
            // The initial subflow's first windows before the join opened, and no more.
            NS_TEST_ASSERT_MSG_GT(r.by2500ms, 0, "the initial subflow sent before the join");
            NS_TEST_ASSERT_MSG_LT(r.by2500ms, 50000, "then the pending subflow's turn held it up");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(r.by2500ms, 300000, "the initial subflow carried everything");
        }
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
        OneDropRun r = RunWithOneDrop(
            "10.9.2.0",
            [](const TcpHeader&, uint32_t payload) { return payload > 0; },
            1,
            20000);
        // The data segment crosses the link in about 2.1 ms (1 ms + 1.5 kB at 10 Mb/s).
        double wait = r.firstByte - r.dropTime;
        std::cout << GetName() << ": first data dropped at " << r.dropTime
                  << " s, first byte delivered at " << r.firstByte << " s (after " << wait
                  << " s)" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(r.received, 20000, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(r.mismatches, 0, "in order, once");
        double rto = m_firstDataRto > 0 ? m_firstDataRto : 0.2;
        NS_TEST_ASSERT_MSG_EQ_TOL(wait, rto, 0.01, "retransmitted after the expected timeout");
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
