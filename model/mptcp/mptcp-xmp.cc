/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-xmp.h"

#include "ns3/double.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpXmp");
NS_OBJECT_ENSURE_REGISTERED(MpTcpXmp);

namespace
{
/// (cwnd, rtt) of the coupled subflows.
std::vector<std::pair<double, double>>
Windows(const std::vector<MpTcpCoupledCongestionOps::SubflowState>& subflows)
{
    std::vector<std::pair<double, double>> w;
    w.reserve(subflows.size());
    for (const auto& sf : subflows)
    {
        w.emplace_back(sf.cwnd, sf.rtt);
    }
    return w;
}
} // namespace

TypeId
MpTcpXmp::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MpTcpXmp")
            .SetParent<MpTcpCoupledCongestionOps>()
            .SetGroupName("Mptcp")
            .AddConstructor<MpTcpXmp>()
            .AddAttribute("Beta",
                          "BOS reduction divisor beta (dimensionless, > 1): an ECN-echo cuts "
                          "the subflow's window w by w / beta, at most once per RTT (Cao et al., "
                          "CoNEXT 2013: beta = 4).",
                          DoubleValue(4.0),
                          MakeDoubleAccessor(&MpTcpXmp::m_beta),
                          MakeDoubleChecker<double>(1.0 + 1e-9));
    return tid;
}

MpTcpXmp::MpTcpXmp() = default;

MpTcpXmp::MpTcpXmp(const MpTcpXmp& sock)
    : MpTcpCoupledCongestionOps(sock),
      m_beta(sock.m_beta)
{
}

MpTcpXmp::~MpTcpXmp() = default;

std::string
MpTcpXmp::GetName() const
{
    return "MpTcpXmp";
}

Ptr<TcpCongestionOps>
MpTcpXmp::Fork()
{
    return CopyObject<MpTcpXmp>(this);
}

void
MpTcpXmp::Init(Ptr<TcpSocketState> tcb)
{
    MpTcpCoupledCongestionOps::Init(tcb);
    tcb->m_useEcn = TcpSocketState::On;
    tcb->m_ectCodePoint = TcpSocketState::Ect0;
}

double
MpTcpXmp::ComputeDelta(const std::vector<std::pair<double, double>>& windows, std::size_t self)
{
    double sumRate = 0;
    double minRtt = windows[self].second;
    for (const auto& [cwnd, rtt] : windows)
    {
        sumRate += cwnd / rtt;
        minRtt = std::min(minRtt, rtt);
    }
    const double rtt = windows[self].second;
    const double rate = windows[self].first / rtt;
    return sumRate > 0 ? (rtt * rate) / (minRtt * sumRate) : 1.0;
}

double
MpTcpXmp::ComputeIncrease(const std::vector<std::pair<double, double>>& windows,
                          std::size_t self,
                          double mss)
{
    return ComputeDelta(windows, self) * mss * mss / windows[self].first;
}

uint32_t
MpTcpXmp::ComputeBosThreshold(double cwnd, double beta, uint32_t mss)
{
    return FloorSsThresh(cwnd - cwnd / beta, mss);
}

double
MpTcpXmp::GetAckIncrease(Ptr<const TcpSocketState> tcb,
                         const std::vector<SubflowState>& subflows,
                         std::size_t self)
{
    return ComputeIncrease(Windows(subflows), self, tcb->m_segmentSize);
}

uint32_t
MpTcpXmp::GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight)
{
    const bool loss = m_lossEntry || tcb->m_congState == TcpSocketState::CA_RECOVERY;
    m_lossEntry = false;
    m_lastFlight = bytesInFlight;
    if (!loss && tcb->m_ecnState == TcpSocketState::ECN_ECE_RCVD)
    {
        // BOS: an ECN-echo (TcpSocketBase::EnterCwr), w <- w - w / beta.
        m_bosPending = true;
        ++m_bosReductions;
        uint32_t ssThresh =
            ComputeBosThreshold(tcb->m_cWnd.Get(), m_beta, tcb->m_segmentSize);
        NS_LOG_DEBUG("ECN-echo: cwnd " << tcb->m_cWnd << ", beta " << m_beta << " -> ssthresh "
                                       << ssThresh);
        return ssThresh;
    }
    m_bosPending = false;
    ++m_lossReductions;
    uint32_t ssThresh = TcpNewReno::GetSsThresh(tcb, bytesInFlight);
    NS_LOG_DEBUG("loss: flight " << bytesInFlight << " -> ssthresh " << ssThresh);
    return ssThresh;
}

void
MpTcpXmp::CongestionStateSet(Ptr<TcpSocketState> tcb,
                             const TcpSocketState::TcpCongState_t newState)
{
    MpTcpCoupledCongestionOps::CongestionStateSet(tcb, newState);
    m_lossEntry = newState == TcpSocketState::CA_RECOVERY;
}

void
MpTcpXmp::CwndEvent(Ptr<TcpSocketState> tcb, const TcpSocketState::TcpCAEvent_t event)
{
    MpTcpCoupledCongestionOps::CwndEvent(tcb, event);
    if (event == TcpSocketState::CA_EVENT_LOSS && m_bosPending)
    {
        // A retransmission timeout found an ECN-echo pending: it is a loss, not a mark.
        m_bosPending = false;
        --m_bosReductions;
        ++m_lossReductions;
        tcb->m_ssThresh = TcpNewReno::GetSsThresh(tcb, m_lastFlight);
        NS_LOG_DEBUG("timeout: flight " << m_lastFlight << " -> ssthresh " << tcb->m_ssThresh);
    }
}

void
MpTcpXmp::PktsAcked(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked, const Time& rtt)
{
    MpTcpCoupledCongestionOps::PktsAcked(tcb, segmentsAcked, rtt);
    m_bosPending = false;
}

uint64_t
MpTcpXmp::GetBosReductions() const
{
    return m_bosReductions;
}

uint64_t
MpTcpXmp::GetLossReductions() const
{
    return m_lossReductions;
}

double
MpTcpXmp::GetBeta() const
{
    return m_beta;
}

} // namespace ns3
