/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * MMPTCP (MMPTCP thesis §3.5, §4.7): packet scatter first, then exactly one switch to MPTCP
 * with Phase2Subflows ndiffports subflows once the threshold is reached; the scatter subflow
 * retires when the first new subflow is up.
 */
#include "mptcp-test-harness.h"

#include "ns3/mmptcp-socket.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-transport-socket-factory.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// Transport defaults of these tests: MPTCP defaults and MMPTCP as the thesis evaluates it.
void
ConfigureMmptcp()
{
    ConfigureTransport(1, Lia(), 131072);
    Config::SetDefault("ns3::MmpTcpSocket::SwitchThreshold", UintegerValue(100000));
    Config::SetDefault("ns3::MmpTcpSocket::SwitchingMode", StringValue("FlowSize"));
    Config::SetDefault("ns3::MmpTcpSocket::Phase2Subflows", UintegerValue(8));
    Config::SetDefault("ns3::MmpTcpSocket::DupAckThreshold", UintegerValue(0));
}

/// What one MMPTCP transfer did.
struct MmptcpRun
{
    uint64_t received{0};       //!< bytes received in order
    uint64_t mismatches{0};     //!< bytes not matching the pattern
    uint32_t switches{0};       //!< Switched trace firings
    uint64_t bytesAtSwitch{0};  //!< from the trace
    uint32_t cwndAtSwitch{0};   //!< GetCwndAtSwitch()
    size_t subflowsAfterSwitch{0}; //!< subflows right after the switch
    uint32_t joinsEstablished{0};  //!< new subflows established
    size_t subflows{0};         //!< subflows at the end
    bool scatterOver{false};    //!< IsScatterPhaseOver()
    bool stillScattering{true}; //!< the initial subflow scatters at the end
    uint32_t newDataAfterRetire{0}; //!< initial-subflow segments beyond its high-water mark
                                    //!< sent after the scatter phase ended
    uint32_t retxAfterRetire{0};    //!< initial-subflow segments below it sent after that
    double maxCwndBeforeSwitch{0};  //!< largest initial cwnd sampled before the switch, bytes
    size_t coupledAt05{0};      //!< subflows in the coupled sums at 0.5 s
    size_t withRttAt05{0};      //!< established subflows with an RTT sample at 0.5 s
    std::string initialCc;      //!< congestion control of the initial subflow
    std::string lastCc;         //!< congestion control of the last subflow
};

/**
 * Send \p bytes with MMPTCP over a 10 Mb/s, 1 ms link.
 * \param bytes flow size
 * \param cwndMode SwitchingMode CwndSize instead of FlowSize
 * \param threshold SwitchThreshold, bytes
 * \return what happened
 */
MmptcpRun
RunMmptcp(uint64_t bytes, bool cwndMode, uint32_t threshold)
{
    ConfigureMmptcp();
    OneLinkTopology t("10.9.1.0");
    Ptr<Socket> l = Listen(t.nodes.Get(1), MpTcpSocketFactory::GetTypeId());
    PatternReceiver r(l);
    Ptr<Socket> c = Socket::CreateSocket(t.nodes.Get(0), MmpTcpSocketFactory::GetTypeId());
    c->SetAttribute("SwitchThreshold", UintegerValue(threshold));
    c->SetAttribute("SwitchingMode", StringValue(cwndMode ? "CwndSize" : "FlowSize"));
    Ptr<MmpTcpSocket> mm = DynamicCast<MmpTcpSocket>(c);
    mm->AssignStreams(31);
    PatternSender s(c, bytes);
    MmptcpRun run;
    // A plain pointer: a Ptr to the socket kept in its own trace would never be released.
    MmpTcpSocket* self = PeekPointer(mm);
    c->TraceConnectWithoutContext("Switched",
                                  Callback<void, Time, uint64_t>(MPTCP_CALLBACK([&run, self](Time, uint64_t b) {
                                      ++run.switches;
                                      run.bytesAtSwitch = b;
                                      // The subflows are opened right after the trace.
                                      Simulator::ScheduleNow(MPTCP_EVENT([&run, mm = Ptr<MmpTcpSocket>(self)]() {
                                          run.subflowsAfterSwitch = mm->GetSubflows().size();
                                      }));
                                  })));
    c->TraceConnectWithoutContext("SubflowEstablished",
                                  Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([&run](Ptr<MpTcpSubflow> sf) {
                                      run.joinsEstablished += sf->GetSubflowId() != 0;
                                  })));
    std::vector<std::pair<Time, uint32_t>> sent;  // (time, relative end) of initial's data
    std::vector<std::pair<Time, double>> cwnds;   // initial subflow's cwnd samples
    Address to = InetSocketAddress(t.ifs.GetAddress(1), 5000);
    Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([c, mm, to, &sent, &cwnds]() {
        c->Connect(to);
        Ptr<MpTcpSubflow> initial = mm->GetSubflows().front();
        initial->TraceConnectWithoutContext(
            "Tx",
            Callback<void, Ptr<const Packet>, const TcpHeader&, Ptr<const TcpSocketBase>>(
                MPTCP_CALLBACK([&sent](Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>) {
                    if (p->GetSize() > 0)
                    {
                        sent.emplace_back(Simulator::Now(),
                                          h.GetSequenceNumber().GetValue() + p->GetSize());
                    }
                })));
        initial->TraceConnectWithoutContext(
            "CongestionWindow",
            Callback<void, uint32_t, uint32_t>(MPTCP_CALLBACK([&cwnds](uint32_t, uint32_t w) {
                cwnds.emplace_back(Simulator::Now(), w);
            })));
    }));
    Simulator::Schedule(Seconds(0.5), MPTCP_EVENT([&run, mm]() {
        std::vector<MpTcpSocketBase::SubflowWindow> w;
        mm->GetSubflowWindows(w);
        run.coupledAt05 = w.size();
        run.initialCc = mm->GetSubflows().front()->GetCongestionOps()->GetName();
        run.lastCc = mm->GetSubflows().back()->GetCongestionOps()->GetName();
        for (const auto& sf : mm->GetSubflows())
        {
            run.withRttAt05 += sf->IsEstablished() && sf->HasRttSample();
        }
    }));
    Simulator::Stop(Seconds(30));
    Simulator::Run();
    run.received = r.m_received;
    run.mismatches = r.m_mismatches;
    run.cwndAtSwitch = mm->GetCwndAtSwitch();
    run.subflows = mm->GetSubflows().size();
    run.scatterOver = mm->IsScatterPhaseOver();
    run.stillScattering = mm->IsScattering();
    if (run.scatterOver)
    {
        // Sequence numbers do not wrap in these short transfers.
        uint32_t highWater = 0;
        for (const auto& [time, end] : sent)
        {
            if (time <= mm->GetScatterEndTime())
            {
                highWater = std::max(highWater, end);
            }
            else if (end > highWater)
            {
                ++run.newDataAfterRetire;
            }
            else
            {
                ++run.retxAfterRetire;
            }
        }
    }
    for (const auto& [time, w] : cwnds)
    {
        if (!mm->HasSwitched() || time < mm->GetSwitchTime())
        {
            run.maxCwndBeforeSwitch = std::max(run.maxCwndBeforeSwitch, w);
        }
    }
    Simulator::Destroy();
    return run;
}

/**
 * A 1 MB flow: one switch right after 100 000 bytes were sent, 8 new subflows, the initial
 * subflow carries no new data once the first is up, every byte arrives in order.
 */
class SwitchTest : public TestCase
{
  public:
    SwitchTest()
        : TestCase("1 MB: switches once after 100 kB, 8 new subflows, initial subflow retires, "
                   "bytes exact")
    {
    }

  private:
    void DoRun() override
    {
        MmptcpRun run = RunMmptcp(1000000, false, 100000);
        std::cout << GetName() << ": switched after " << run.bytesAtSwitch << " B (cwnd "
                  << run.cwndAtSwitch << " B), " << run.joinsEstablished
                  << " new subflows up; initial subflow afterwards: " << run.retxAfterRetire
                  << " retransmissions, " << run.newDataAfterRetire << " new segments"
                  << std::endl;
        NS_TEST_ASSERT_MSG_EQ(run.received, 1000000, "every byte");
        NS_TEST_ASSERT_MSG_EQ(run.mismatches, 0, "in order");
        NS_TEST_ASSERT_MSG_EQ(run.switches, 1, "exactly one switch");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(run.bytesAtSwitch, 100000, "not before the threshold");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(run.bytesAtSwitch,
                                    100000 + run.cwndAtSwitch,
                                    "within one window of it");
        NS_TEST_ASSERT_MSG_EQ(run.subflowsAfterSwitch, 9, "8 subflows opened at the switch");
        NS_TEST_ASSERT_MSG_EQ(run.subflows, 9, "and no more later");
        NS_TEST_ASSERT_MSG_EQ(run.joinsEstablished, 8, "all 8 established");
        NS_TEST_ASSERT_MSG_EQ(run.scatterOver, true, "scatter phase over");
        NS_TEST_ASSERT_MSG_EQ(run.stillScattering, false, "initial subflow stopped scattering");
        NS_TEST_ASSERT_MSG_EQ(run.newDataAfterRetire, 0, "no new data on the initial subflow");
        NS_TEST_ASSERT_MSG_EQ(run.withRttAt05, 9, "mid-transfer: 9 subflows up");
        NS_TEST_ASSERT_MSG_EQ(run.coupledAt05, 8, "the initial one is out of the coupled sums");
        NS_TEST_ASSERT_MSG_EQ(run.initialCc, "TcpNewRenoCwv", "phase 1: NewReno (with window validation)");
        NS_TEST_ASSERT_MSG_EQ(run.lastCc, "MpTcpLia", "phase 2: the connection's LIA");
    }
};

/// A 70 kB flow (the thesis's short flows) stays below the threshold: one subflow, no switch.
class ShortFlowTest : public TestCase
{
  public:
    ShortFlowTest()
        : TestCase("70 kB: never switches, one subflow, bytes exact")
    {
    }

  private:
    void DoRun() override
    {
        MmptcpRun run = RunMmptcp(70000, false, 100000);
        NS_TEST_ASSERT_MSG_EQ(run.received, 70000, "every byte");
        NS_TEST_ASSERT_MSG_EQ(run.mismatches, 0, "in order");
        NS_TEST_ASSERT_MSG_EQ(run.switches, 0, "no switch");
        NS_TEST_ASSERT_MSG_EQ(run.subflows, 1, "one subflow");
        NS_TEST_ASSERT_MSG_EQ(run.stillScattering, true, "scattered to the end");
    }
};

/// SwitchingMode CwndSize: the switch comes when the initial subflow's window reaches it.
class CwndModeTest : public TestCase
{
  public:
    CwndModeTest()
        : TestCase("CwndSize: switches when the initial cwnd reaches the threshold")
    {
    }

  private:
    void DoRun() override
    {
        // Below the largest window the initial subflow reaches on this 10 Mb/s link: with TCP
        // Small Queues and window validation (as Linux) it grows to about 18 segments in slow
        // start and no further, the NIC being the bottleneck.
        const uint32_t threshold = 20000;
        MmptcpRun run = RunMmptcp(500000, true, threshold);
        std::cout << GetName() << ": switched at cwnd " << run.cwndAtSwitch << " B after "
                  << run.bytesAtSwitch << " B; largest cwnd before " << run.maxCwndBeforeSwitch
                  << " B" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(run.switches, 1, "one switch");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(run.cwndAtSwitch, threshold, "window reached the threshold");
        NS_TEST_ASSERT_MSG_LT(run.maxCwndBeforeSwitch, threshold, "and not earlier");
        NS_TEST_ASSERT_MSG_EQ(run.joinsEstablished, 8, "8 new subflows");
        NS_TEST_ASSERT_MSG_EQ(run.received, 500000, "every byte");
        NS_TEST_ASSERT_MSG_EQ(run.mismatches, 0, "in order");
    }
};

/// A threshold of 0 is refused by the attribute checker, as ns-3 users expect.
class ZeroThresholdTest : public TestCase
{
  public:
    ZeroThresholdTest()
        : TestCase("SwitchThreshold 0 is rejected by the attribute checker")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureMmptcp();
        OneLinkTopology t("10.9.2.0");
        Ptr<Socket> c = Socket::CreateSocket(t.nodes.Get(0), MmpTcpSocketFactory::GetTypeId());
        NS_TEST_ASSERT_MSG_EQ(c->SetAttributeFailSafe("SwitchThreshold", UintegerValue(0)),
                              false,
                              "0 refused on a socket");
        NS_TEST_ASSERT_MSG_EQ(
            Config::SetDefaultFailSafe("ns3::MmpTcpSocket::SwitchThreshold", UintegerValue(0)),
            false,
            "0 refused as a default");
        UintegerValue v;
        c->GetAttribute("SwitchThreshold", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get(), 100000, "the value is unchanged");
        NS_TEST_ASSERT_MSG_EQ(c->SetAttributeFailSafe("SwitchThreshold", UintegerValue(1)),
                              true,
                              "1 byte accepted");
        Simulator::Destroy();
    }
};

/// The MMPTCP suite.
class MmpTcpTestSuite : public TestSuite
{
  public:
    MmpTcpTestSuite()
        : TestSuite("mmptcp", MPTCP_TEST_UNIT)
    {
        AddTestCase(new SwitchTest(), MPTCP_TEST_QUICK);
        AddTestCase(new ShortFlowTest(), MPTCP_TEST_QUICK);
        AddTestCase(new CwndModeTest(), MPTCP_TEST_QUICK);
        AddTestCase(new ZeroThresholdTest(), MPTCP_TEST_QUICK);
    }
};

/// The suite's instance.
static MmpTcpTestSuite g_mmpTcpTestSuite;

} // namespace
