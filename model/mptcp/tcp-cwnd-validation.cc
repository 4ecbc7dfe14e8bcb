/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/tcp-cwnd-validation.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpCwndValidation");
NS_OBJECT_ENSURE_REGISTERED(TcpCwndValidation);

TypeId
TcpCwndValidation::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpCwndValidation")
                            .SetParent<Object>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<TcpCwndValidation>();
    return tid;
}

TcpCwndValidation::TcpCwndValidation() = default;

TcpCwndValidation::~TcpCwndValidation() = default;

void
TcpCwndValidation::SetEnabled(bool enabled)
{
    m_enabled = enabled;
}

bool
TcpCwndValidation::IsEnabled() const
{
    return m_enabled;
}

void
TcpCwndValidation::Sent(SequenceNumber32 una,
                        SequenceNumber32 nxt,
                        uint32_t bytesInFlight,
                        uint32_t cwnd,
                        uint32_t segmentSize)
{
    // tcp_write_xmit(): is_cwnd_limited |= packets in flight >= cwnd (no room for a segment).
    const bool limited = uint64_t(bytesInFlight) + segmentSize > cwnd;
    // tcp_cwnd_validate(): a new verdict once the previous one's window was acknowledged, when
    // limited, or when more is in flight than before while not limited.
    if (!m_started || una >= m_usageSeq || limited ||
        (!m_cwndLimited && bytesInFlight > m_maxBytesOut))
    {
        m_started = true;
        m_cwndLimited = limited;
        m_maxBytesOut = bytesInFlight;
        m_usageSeq = nxt;
    }
}

bool
TcpCwndValidation::IsCwndLimited(uint32_t cwnd, uint32_t ssThresh) const
{
    if (m_cwndLimited)
    {
        return true;
    }
    if (cwnd < ssThresh) // slow start: let the window grow to twice what was in flight
    {
        return cwnd < 2 * uint64_t(m_maxBytesOut);
    }
    return false;
}

bool
TcpCwndValidation::MayIncrease(Ptr<const TcpSocketState> tcb)
{
    Ptr<TcpCwndValidation> v = tcb->GetObject<TcpCwndValidation>();
    if (!v || !v->m_enabled)
    {
        return true;
    }
    if (v->IsCwndLimited(tcb->m_cWnd.Get(), tcb->m_ssThresh.Get()))
    {
        return true;
    }
    ++v->m_refused;
    return false;
}

uint64_t
TcpCwndValidation::GetRefused() const
{
    return m_refused;
}

} // namespace ns3
