/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * LIA (RFC 6356): the formula against values computed by hand, and the window update of the
 * congestion-control object.
 */
#include "ns3/boolean.h"
#include "ns3/mptcp-lia.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/tcp-socket-state.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;

namespace
{

/**
 * alpha and the per-ACK increase of RFC 6356 §3, computed by hand:
 * subflow 1: cwnd 14000 B, rtt 10 ms; subflow 2: cwnd 28000 B, rtt 20 ms; MSS 1400 B.
 * cwnd_total = 42000; max(cwnd/rtt^2) = 14000/1e-4 = 1.4e8; sum(cwnd/rtt) = 1.4e6 + 1.4e6
 * = 2.8e6; alpha = 42000 * 1.4e8 / 2.8e6^2 = 0.75.
 * Increase on subflow 1: min(0.75 * 1400^2 / 42000, 1400^2 / 14000) = min(35, 140) = 35 B.
 * Increase on subflow 2: min(35, 1400^2 / 28000 = 70) = 35 B.
 * n equal subflows (same cwnd and rtt): alpha = 1/n.
 */
class LiaFormulaTest : public TestCase
{
  public:
    LiaFormulaTest()
        : TestCase("LIA alpha and increase match hand-computed values (RFC 6356 section 3)")
    {
    }

  private:
    void DoRun() override
    {
        double alpha = MpTcpLia::ComputeAlpha({{14000, 0.010}, {28000, 0.020}});
        NS_TEST_ASSERT_MSG_EQ_TOL(alpha, 0.75, 1e-12, "alpha");
        NS_TEST_ASSERT_MSG_EQ_TOL(MpTcpLia::ComputeIncrease(alpha, 42000, 14000, 1400),
                                  35.0,
                                  1e-9,
                                  "increase on subflow 1");
        NS_TEST_ASSERT_MSG_EQ_TOL(MpTcpLia::ComputeIncrease(alpha, 42000, 28000, 1400),
                                  35.0,
                                  1e-9,
                                  "increase on subflow 2");
        for (int n = 1; n <= 8; ++n)
        {
            std::vector<std::pair<double, double>> w(n, {20000.0, 0.001});
            NS_TEST_ASSERT_MSG_EQ_TOL(MpTcpLia::ComputeAlpha(w), 1.0 / n, 1e-12, "alpha = 1/n");
        }
        // The uncoupled bound caps the increase: a tiny subflow next to a big one.
        double a2 = MpTcpLia::ComputeAlpha({{1400, 0.001}, {140000, 0.100}});
        // cwnd_total = 141400; max(1400/1e-6, 140000/1e-2) = 1.4e9; sum = 1.4e6 + 1.4e6
        // alpha = 141400 * 1.4e9 / 7.84e12 = 25.25
        NS_TEST_ASSERT_MSG_EQ_TOL(a2, 25.25, 1e-9, "alpha with very different RTTs");
        NS_TEST_ASSERT_MSG_EQ_TOL(MpTcpLia::ComputeIncrease(a2, 141400, 140000, 1400),
                                  1400.0 * 1400 / 140000,
                                  1e-9,
                                  "capped at the uncoupled increase");
    }
};

/// Without a connection (or with one subflow) LIA grows exactly like NewReno: MSS^2/cwnd.
class LiaWindowTest : public TestCase
{
  public:
    LiaWindowTest()
        : TestCase("uncoupled LIA grows MSS^2 over cwnd per ACK, carrying fractions of a byte")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<MpTcpLia> lia = CreateObject<MpTcpLia>();
        Ptr<TcpSocketState> tcb = CreateObject<TcpSocketState>();
        tcb->m_segmentSize = 1400;
        tcb->m_cWnd = 30000;
        tcb->m_ssThresh = 10000; // congestion avoidance
        // 1960000/30000 = 65.333 -> 30065 (carry .333); 1960000/30065 = 65.192 -> +65 = 30130
        // (carry .525); 1960000/30130 = 65.051 -> +65 = 30195 (carry .577).
        lia->IncreaseWindow(tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 30065U, "first ACK");
        lia->IncreaseWindow(tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 30130U, "second ACK");
        lia->IncreaseWindow(tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 30195U, "third ACK");
        // Without carrying fractions 100 ACKs would add 100 * floor(MSS^2/cwnd); with them the
        // sum tracks the real-valued integral within one byte.
        double exact = 30195;
        double frac = 0.5768;
        for (int i = 0; i < 100; ++i)
        {
            lia->IncreaseWindow(tcb, 1);
        }
        for (int i = 0; i < 100; ++i)
        {
            frac += 1960000.0 / exact;
            double whole = std::floor(frac);
            frac -= whole;
            exact += whole;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(double(tcb->m_cWnd.Get()), exact, 1.0, "100 more ACKs");
        // Loss: NewReno's halving.
        NS_TEST_ASSERT_MSG_EQ(lia->GetSsThresh(tcb, 30000), 15000U, "ssthresh = flight / 2");
        // Slow start: one MSS per ACKed segment.
        tcb->m_cWnd = 5000;
        tcb->m_ssThresh = 100000;
        lia->IncreaseWindow(tcb, 1);
        NS_TEST_ASSERT_MSG_EQ(tcb->m_cWnd.Get(), 6400U, "slow start");
    }
};

/**
 * An ACK of two segments (a delayed ACK): one increase per ACK by default (Linux's LIA), two
 * with IncreasePerSegment (RFC 6356's bytes_acked). cwnd 30000 B, MSS 1400 B:
 * 1960000/30000 = 65.333 -> 30065 per ACK; x 2 = 130.667 -> 30130 per segment.
 */
class LiaIncreasePerSegmentTest : public TestCase
{
  public:
    LiaIncreasePerSegmentTest()
        : TestCase("an ACK of two segments: one increase (Linux, default) or two "
                   "(IncreasePerSegment, RFC 6356 bytes_acked)")
    {
    }

  private:
    /// \return the window after one ACK of 2 segments from cwnd 30000 B in congestion avoidance
    static uint32_t AfterDelayedAck(bool perSegment)
    {
        Ptr<MpTcpLia> lia = CreateObject<MpTcpLia>();
        lia->SetAttribute("IncreasePerSegment", BooleanValue(perSegment));
        Ptr<TcpSocketState> tcb = CreateObject<TcpSocketState>();
        tcb->m_segmentSize = 1400;
        tcb->m_cWnd = 30000;
        tcb->m_ssThresh = 10000;
        lia->IncreaseWindow(tcb, 2);
        return tcb->m_cWnd.Get();
    }

    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(AfterDelayedAck(false), 30065U, "per ACK");
        NS_TEST_ASSERT_MSG_EQ(AfterDelayedAck(true), 30130U, "per acknowledged segment");
        // The attribute survives Fork() (every subflow's controller is a fork).
        Ptr<MpTcpLia> lia = CreateObject<MpTcpLia>();
        lia->SetAttribute("IncreasePerSegment", BooleanValue(true));
        BooleanValue v;
        lia->Fork()->GetAttribute("IncreasePerSegment", v);
        NS_TEST_ASSERT_MSG_EQ(v.Get(), true, "forked controller keeps it");
    }
};

class MpTcpLiaTestSuite : public TestSuite
{
  public:
    MpTcpLiaTestSuite()
        : TestSuite("mptcp-lia", MPTCP_TEST_UNIT)
    {
        AddTestCase(new LiaFormulaTest(), MPTCP_TEST_QUICK);
        AddTestCase(new LiaWindowTest(), MPTCP_TEST_QUICK);
        AddTestCase(new LiaIncreasePerSegmentTest(), MPTCP_TEST_QUICK);
    }
};

MpTcpLiaTestSuite g_mpTcpLiaTestSuite;

} // namespace
