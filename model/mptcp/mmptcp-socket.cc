/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mmptcp-socket.h"

#include "ns3/mptcp-ns3-compat.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MmpTcpSocket");
NS_OBJECT_ENSURE_REGISTERED(MmpTcpSocket);

TypeId
MmpTcpSocket::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MmpTcpSocket")
            .SetParent<MpTcpSocketBase>() // see the class comment
            .SetGroupName("Mptcp")
            .AddConstructor<MmpTcpSocket>()
            .AddAttribute("SwitchThreshold",
                          "When to switch from packet scatter to MPTCP, bytes (> 0): bytes "
                          "sent by the initial subflow (FlowSize) or its congestion window "
                          "(CwndSize). Default 100000, the thesis's evaluation value (§5.5).",
                          UintegerValue(100000),
                          MakeUintegerAccessor(&MmpTcpSocket::m_switchThreshold),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SwitchingMode",
                          "What SwitchThreshold is compared with: FlowSize (bytes sent, "
                          "default) or CwndSize (congestion window of the initial subflow).",
                          EnumValue(MmpTcpSocket::FLOW_SIZE),
                          MPTCP_ENUM_ACCESSOR(MmpTcpSocket::SwitchingMode,
                                              &MmpTcpSocket::m_switchingMode),
                          MakeEnumChecker(MmpTcpSocket::FLOW_SIZE,
                                          "FlowSize",
                                          MmpTcpSocket::CWND_SIZE,
                                          "CwndSize"))
            .AddAttribute("Phase2Subflows",
                          "Subflows opened at the switch (ndiffports, MP_JOIN), 1..31. "
                          "Default 8 (thesis Ch. 6).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&MmpTcpSocket::m_phase2Subflows),
                          MakeUintegerChecker<uint32_t>(1, 31))
            .AddAttribute("DupAckThreshold",
                          "Duplicate ACKs that trigger fast retransmit on the scattering "
                          "subflow, segments; 0 (default) = 3 + equal-cost paths (thesis "
                          "§3.6). Phase-2 subflows use 3.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&MmpTcpSocket::m_dupAckThreshold),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("LimitedTransmit",
                          "Limited Transmit on every duplicate ACK below the threshold, on the "
                          "scattering subflow (thesis §5.10). Default false.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&MmpTcpSocket::m_limitedTransmit),
                          MakeBooleanChecker())
            .AddAttribute("MinRto",
                          "Minimum retransmission timeout of every subflow. Default 200 ms "
                          "(thesis §4.8.3).",
                          TimeValue(MilliSeconds(200)),
                          MakeTimeAccessor(&MmpTcpSocket::m_minRto),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("Switched",
                            "The connection switched to MPTCP: time, bytes the initial subflow "
                            "had sent.",
                            MakeTraceSourceAccessor(&MmpTcpSocket::m_switchedTrace),
                            "ns3::MmpTcpSocket::SwitchedTracedCallback");
    return tid;
}

MmpTcpSocket::MmpTcpSocket() = default;
MmpTcpSocket::~MmpTcpSocket() = default;

int
MmpTcpSocket::Connect(const Address& address)
{
    int r = PacketScatterSocket::Connect(address);
    if (r == 0 && !GetSubflows().empty())
    {
        Ptr<MpTcpSubflow> initial = GetSubflows().front();
        if (m_switchingMode == FLOW_SIZE)
        {
            initial->TraceConnectWithoutContext("Tx",
                                                MakeCallback(&MmpTcpSocket::OnInitialTx, this));
        }
        else
        {
            initial->TraceConnectWithoutContext("CongestionWindow",
                                                MakeCallback(&MmpTcpSocket::OnInitialCwnd, this));
        }
    }
    return r;
}

bool
MmpTcpSocket::HasSwitched() const
{
    return m_switched;
}

Time
MmpTcpSocket::GetSwitchTime() const
{
    return m_switchTime;
}

uint64_t
MmpTcpSocket::GetBytesSentAtSwitch() const
{
    return m_bytesAtSwitch;
}

uint32_t
MmpTcpSocket::GetCwndAtSwitch() const
{
    return m_cwndAtSwitch;
}

bool
MmpTcpSocket::IsScatterPhaseOver() const
{
    return m_scatterOver;
}

Time
MmpTcpSocket::GetScatterEndTime() const
{
    return m_scatterEndTime;
}

void
MmpTcpSocket::SubflowCreated(Ptr<MpTcpSubflow> sf)
{
    PacketScatterSocket::SubflowCreated(sf); // the initial subflow scatters
    if (sf->GetRole() == MpTcpSubflow::ROLE_MP_JOIN)
    {
        sf->SetAttribute("MinRto", TimeValue(m_minRto));
    }
}

bool
MmpTcpSocket::IsSubflowActive(Ptr<const MpTcpSubflow> sf) const
{
    return !(m_scatterOver && sf->GetSubflowId() == 0);
}

void
MmpTcpSocket::OnSubflowEstablished(Ptr<MpTcpSubflow> sf)
{
    PacketScatterSocket::OnSubflowEstablished(sf);
    if (sf->GetSubflowId() != 0 && m_switched && !m_scatterOver)
    {
        // The first new subflow is up: the scatter subflow retires (thesis §3.5 fn5). The
        // connection schedules right after this trace, without it.
        m_scatterOver = true;
        m_scatterEndTime = Simulator::Now();
        if (m_scatterHook)
        {
            m_scatterHook->SetScatter(false);
        }
        NS_LOG_INFO(this << " scatter phase over at " << m_scatterEndTime.As(Time::S));
    }
}

void
MmpTcpSocket::OnInitialTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s)
{
    if (p->GetSize() > 0)
    {
        ScheduleCheck();
    }
}

void
MmpTcpSocket::OnInitialCwnd(uint32_t oldCwnd, uint32_t newCwnd)
{
    if (newCwnd >= m_switchThreshold)
    {
        ScheduleCheck();
    }
}

void
MmpTcpSocket::ScheduleCheck()
{
    if (!m_switched && !m_checkPending)
    {
        // Not from inside the subflow's send path: opening subflows sends SYNs.
        m_checkPending = true;
        Simulator::ScheduleNow(&MmpTcpSocket::CheckSwitch, Ptr<MmpTcpSocket>(this));
    }
}

void
MmpTcpSocket::CheckSwitch()
{
    m_checkPending = false;
    if (m_switched || GetSubflows().empty() || GetState() != ESTABLISHED || IsFallback() ||
        !PeerAckedData())
    {
        return; // a later segment or window change looks again
    }
    Ptr<MpTcpSubflow> initial = GetSubflows().front();
    uint64_t value = m_switchingMode == FLOW_SIZE ? initial->GetBytesSent() : initial->GetCwnd();
    if (value < m_switchThreshold)
    {
        return;
    }
    m_switched = true;
    m_switchTime = Simulator::Now();
    m_bytesAtSwitch = initial->GetBytesSent();
    m_cwndAtSwitch = initial->GetCwnd();
    NS_LOG_INFO(this << " switches to MPTCP at " << m_switchTime.As(Time::S) << " after "
                     << m_bytesAtSwitch << " bytes, cwnd " << m_cwndAtSwitch);
    m_switchedTrace(m_switchTime, m_bytesAtSwitch);
    OpenMoreSubflows(m_phase2Subflows);
}

} // namespace ns3
