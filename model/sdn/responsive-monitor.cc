/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/responsive-monitor.h"

#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ResponsiveMonitor");

NS_OBJECT_ENSURE_REGISTERED(ResponsiveMonitor);

TypeId
ResponsiveMonitor::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ResponsiveMonitor")
            .SetParent<SdnServerAgent>()
            .SetGroupName("Mptcp")
            .AddConstructor<ResponsiveMonitor>()
            .AddAttribute("MonitorInterval",
                          "t_m: the flows' throughput is sampled once per interval (seed 004 "
                          "Table I: 2, 4 and 8 ms).",
                          TimeValue(MilliSeconds(4)),
                          MakeTimeAccessor(&ResponsiveMonitor::m_interval),
                          MakeTimeChecker(MicroSeconds(1)))
            .AddAttribute("DeltaDgt",
                          "δ_DGT: a stable flow asks for paths when its smoothed throughput is "
                          "below (1 - δ_DGT) of its demand (seed 004: 0.15, 0.25, 0.35).",
                          DoubleValue(0.15),
                          MakeDoubleAccessor(&ResponsiveMonitor::m_deltaDgt),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("DeltaRvt",
                          "δ_RVT: a sample is stable when |i_r - p_r| < δ_RVT p_r (seed 004: "
                          "0.15).",
                          DoubleValue(0.15),
                          MakeDoubleAccessor(&ResponsiveMonitor::m_deltaRvt),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("StableCount",
                          "R: stable samples in a row before a request (seed 004: 5).",
                          UintegerValue(5),
                          MakeUintegerAccessor(&ResponsiveMonitor::m_stableCount),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxSubflows",
                          "M: the most subflows a flow may have (seed 004: 4, the address "
                          "pairs of two addresses per server).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&ResponsiveMonitor::m_maxSubflows),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Sample",
                            "One sample of a flow: its id, i_r and p_r (bit/s).",
                            MakeTraceSourceAccessor(&ResponsiveMonitor::m_sampleTrace),
                            "ns3::ResponsiveMonitor::SampleTracedCallback");
    return tid;
}

ResponsiveMonitor::ResponsiveMonitor()
{
    NS_LOG_FUNCTION(this);
}

ResponsiveMonitor::~ResponsiveMonitor()
{
    NS_LOG_FUNCTION(this);
}

double
ResponsiveMonitor::Step(FlowState& state,
                        const Parameters& params,
                        double instantBps,
                        double demandBps)
{
    // Algorithm 3, lines 4-16: p_r is updated before the stability test, as printed.
    state.predictedBps = 0.2 * state.predictedBps + 0.8 * instantBps;
    if (std::fabs(instantBps - state.predictedBps) < params.deltaRvt * state.predictedBps)
    {
        if (++state.stable == params.stableCount)
        {
            state.stable = 0;
            if (state.predictedBps < (1 - params.deltaDgt) * demandBps)
            {
                return demandBps - state.predictedBps;
            }
        }
        return 0;
    }
    state.stable = 0;
    return 0;
}

void
ResponsiveMonitor::AddFlow(uint64_t flowId, Ptr<MpTcpSocketBase> socket)
{
    NS_LOG_FUNCTION(this << flowId << socket);
    NS_ABORT_MSG_IF(!socket, "ResponsiveMonitor::AddFlow: no socket");
    Flow& f = m_flows[flowId];
    f.socket = socket;
    f.lastBytes = socket->GetBytesAcked();
}

void
ResponsiveMonitor::AddFlow(Ptr<MpTcpSocketBase> socket)
{
    NS_LOG_FUNCTION(this << socket);
    NS_ABORT_MSG_IF(!socket, "ResponsiveMonitor::AddFlow: no socket");
    m_unbound.push_back(socket);
}

void
ResponsiveMonitor::AddLocalFlow(Ptr<MpTcpSocketBase> socket)
{
    AddFlow(socket);
}

uint32_t
ResponsiveMonitor::GetNFlows() const
{
    return static_cast<uint32_t>(m_flows.size());
}

uint64_t
ResponsiveMonitor::GetNRequests() const
{
    return m_requests;
}

uint64_t
ResponsiveMonitor::GetNSubflowsOpened() const
{
    return m_opened;
}

ResponsiveMonitor::Parameters
ResponsiveMonitor::GetParameters() const
{
    Parameters p;
    p.deltaRvt = m_deltaRvt;
    p.deltaDgt = m_deltaDgt;
    p.stableCount = m_stableCount;
    return p;
}

void
ResponsiveMonitor::HandleControllerMessage(const SdnServerMessage& message)
{
    NS_LOG_FUNCTION(this << message);
    auto it = m_flows.find(message.GetFlowId());
    if (it == m_flows.end() && message.GetType() == SdnServerMessage::DEMAND)
    {
        // A flow added without id: its first subflow is the DEMAND's 5-tuple.
        const auto t = message.GetFiveTuple();
        for (auto u = m_unbound.begin(); u != m_unbound.end(); ++u)
        {
            if ((*u)->GetSubflows().empty())
            {
                continue;
            }
            Ipv4Address la;
            Ipv4Address ra;
            uint16_t lp;
            uint16_t rp;
            (*u)->GetSubflows().front()->GetFourTuple(la, lp, ra, rp);
            if (la == t.source && lp == t.sourcePort && ra == t.destination &&
                rp == t.destinationPort)
            {
                AddFlow(message.GetFlowId(), *u);
                m_unbound.erase(u);
                it = m_flows.find(message.GetFlowId());
                break;
            }
        }
    }
    if (it == m_flows.end())
    {
        NS_LOG_LOGIC("message for a flow not monitored here: " << message);
        SdnServerAgent::HandleControllerMessage(message);
        return;
    }
    Flow& f = it->second;
    switch (message.GetType())
    {
    case SdnServerMessage::DEMAND:
        f.demandBps = static_cast<double>(message.GetValue());
        break;
    case SdnServerMessage::PATH_ADD_ANSWER: {
        const uint32_t now = static_cast<uint32_t>(f.socket->GetSubflows().size());
        const uint32_t room = now < m_maxSubflows ? m_maxSubflows - now : 0;
        const uint32_t n = static_cast<uint32_t>(std::min<uint64_t>(message.GetValue(), room));
        if (n > 0 && f.socket->OpenSubflows(n))
        {
            m_opened += n;
        }
        break;
    }
    default:
        break;
    }
    SdnServerAgent::HandleControllerMessage(message);
}

void
ResponsiveMonitor::StartApplication()
{
    SdnServerAgent::StartApplication();
    m_sample = Simulator::Schedule(m_interval, &ResponsiveMonitor::Sample, this);
}

void
ResponsiveMonitor::StopApplication()
{
    m_sample.Cancel();
    SdnServerAgent::StopApplication();
}

void
ResponsiveMonitor::DoDispose()
{
    m_sample.Cancel();
    m_flows.clear();
    m_unbound.clear();
    SdnServerAgent::DoDispose();
}

void
ResponsiveMonitor::Sample()
{
    const double seconds = m_interval.GetSeconds();
    const Parameters params = GetParameters();
    for (auto it = m_flows.begin(); it != m_flows.end();)
    {
        Flow& f = it->second;
        if (f.socket->GetState() == MpTcpSocketBase::CLOSED && f.socket->GetBytesAcked() > 0)
        {
            it = m_flows.erase(it); // the flow ended
            continue;
        }
        const uint64_t bytes = f.socket->GetBytesAcked();
        const double instant = 8.0 * static_cast<double>(bytes - f.lastBytes) / seconds;
        f.lastBytes = bytes;
        if (f.demandBps >= 0)
        {
            const double gap = Step(f.state, params, instant, f.demandBps);
            m_sampleTrace(it->first, instant, f.state.predictedBps);
            if (gap > 0)
            {
                SdnServerMessage m;
                m.SetType(SdnServerMessage::PATH_ADD_REQUEST);
                m.SetFlowId(it->first);
                m.SetValue(static_cast<uint64_t>(std::llround(gap)));
                m.SetSecondValue(f.socket->GetSubflows().size());
                ++m_requests;
                SendToController(m);
            }
        }
        ++it;
    }
    m_sample = Simulator::Schedule(m_interval, &ResponsiveMonitor::Sample, this);
}

} // namespace ns3
