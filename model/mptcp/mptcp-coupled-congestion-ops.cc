/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-coupled-congestion-ops.h"

#include "ns3/mptcp-socket-base.h"
#include "ns3/tcp-cwnd-validation.h"

#include "ns3/boolean.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpCoupledCongestionOps");
NS_OBJECT_ENSURE_REGISTERED(MpTcpCoupledCongestionOps);

TypeId
MpTcpCoupledCongestionOps::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpCoupledCongestionOps")
                            .SetParent<TcpNewReno>()
                            .SetGroupName("Mptcp")
                            .AddAttribute(
                                "IncreasePerSegment",
                                "Scale every ACK's congestion-avoidance increase by the number "
                                "of segments it acknowledges, as RFC 6356 section 3 states it "
                                "(bytes_acked): with delayed ACKs a window then grows twice as "
                                "fast. false (the default): one increase per ACK whatever it "
                                "acknowledges, as Linux's MPTCP LIA (mptcp_coupled.c, "
                                "snd_cwnd_cnt++ per ACK) and ns-3's TcpNewReno do.",
                                BooleanValue(false),
                                MakeBooleanAccessor(&MpTcpCoupledCongestionOps::m_perSegment),
                                MakeBooleanChecker());
    return tid;
}

MpTcpCoupledCongestionOps::MpTcpCoupledCongestionOps() = default;

MpTcpCoupledCongestionOps::MpTcpCoupledCongestionOps(const MpTcpCoupledCongestionOps& sock)
    : TcpNewReno(sock),
      m_meta(sock.m_meta),
      m_fraction(0),
      m_perSegment(sock.m_perSegment)
{
}

MpTcpCoupledCongestionOps::~MpTcpCoupledCongestionOps() = default;

void
MpTcpCoupledCongestionOps::SetMeta(const MpTcpSocketBase* meta)
{
    m_meta = meta;
}

const MpTcpSocketBase*
MpTcpCoupledCongestionOps::GetMeta() const
{
    return m_meta;
}

int
MpTcpCoupledCongestionOps::GetCoupledSubflows(Ptr<const TcpSocketState> tcb [[maybe_unused]],
                                              std::vector<SubflowState>& out) const
{
    out.clear();
    if (!m_meta)
    {
        return -1;
    }
    int self = -1;
    for (const auto& sf : m_meta->GetSubflows())
    {
        if (!sf->IsEstablished() || !sf->HasRttSample())
        {
            continue;
        }
        Ptr<TcpCongestionOps> ops = sf->GetCongestionOps();
        if (PeekPointer(ops) == this)
        {
            self = static_cast<int>(out.size());
        }
        out.push_back({double(sf->GetCwnd()),
                       sf->GetSrtt().GetSeconds(),
                       DynamicCast<MpTcpCoupledCongestionOps>(ops)});
    }
    return self;
}

void
MpTcpCoupledCongestionOps::IncreaseWindow(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (!TcpCwndValidation::MayIncrease(tcb))
    {
        return;
    }
    TcpNewReno::IncreaseWindow(tcb, segmentsAcked);
}

void
MpTcpCoupledCongestionOps::CongestionAvoidance(Ptr<TcpSocketState> tcb, uint32_t segmentsAcked)
{
    if (segmentsAcked == 0)
    {
        return;
    }
    std::vector<SubflowState> subflows;
    int self = GetCoupledSubflows(tcb, subflows);
    double increase;
    if (self < 0)
    {
        // Not coupled (yet): NewReno's MSS^2 / cwnd.
        double mss = tcb->m_segmentSize;
        increase = mss * mss / tcb->m_cWnd.Get();
    }
    else
    {
        increase = GetAckIncrease(tcb, subflows, static_cast<std::size_t>(self));
    }
    AddToWindow(tcb, m_perSegment ? increase * segmentsAcked : increase);
}

void
MpTcpCoupledCongestionOps::AddToWindow(Ptr<TcpSocketState> tcb, double bytes)
{
    uint32_t cwnd = tcb->m_cWnd.Get();
    m_fraction += bytes;
    double whole = std::floor(m_fraction);
    m_fraction -= whole;
    double next = std::max<double>(double(cwnd) + whole, tcb->m_segmentSize);
    tcb->m_cWnd = static_cast<uint32_t>(std::min<double>(next, std::numeric_limits<uint32_t>::max()));
    NS_LOG_DEBUG(GetName() << " cwnd " << cwnd << " + " << bytes << " -> " << tcb->m_cWnd);
}

uint32_t
MpTcpCoupledCongestionOps::FloorSsThresh(double bytes, uint32_t mss)
{
    double floor = 2.0 * mss;
    return static_cast<uint32_t>(std::floor(std::max(bytes, floor)));
}

} // namespace ns3
