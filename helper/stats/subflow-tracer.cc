/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/subflow-tracer.h"

#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/received-bytes.h"
#include "ns3/simulator.h"

#include <utility>

namespace ns3
{

SubflowTracer::SubflowTracer(std::string path, Time interval)
    : m_path(std::move(path)),
      m_interval(interval)
{
}

SubflowTracer::~SubflowTracer() = default;

bool
SubflowTracer::Open(std::string* why)
{
    m_out.open(m_path);
    m_paths.open(m_path + ".paths");
    if (!m_out || !m_paths)
    {
        *why = "cannot write '" + (m_out ? m_path + ".paths" : m_path) + "'";
        return false;
    }
    m_out << "t_s,flow,rx_bytes,unsent,outstanding,peer_window,rx_ooo,subflow,cwnd,ssthresh,"
             "in_flight,sf_unsent,ca_state,srtt_us,rto_us,sent_bytes,host_queued,"
             "tsq_throttles\n";
    m_paths << "flow,subflow,direction,nodes\n";
    return true;
}

void
SubflowTracer::Add(Flow flow)
{
    m_flows.push_back(std::move(flow));
}

void
SubflowTracer::Start(Time at)
{
    Simulator::Schedule(at - Simulator::Now(), &SubflowTracer::Sample, this);
}

uint64_t
SubflowTracer::GetSamples() const
{
    return m_samples;
}

void
SubflowTracer::Sample()
{
    if (!m_pathsWritten)
    {
        WritePaths();
    }
    ++m_samples;
    const double t = Simulator::Now().GetSeconds();
    for (const Flow& f : m_flows)
    {
        const uint64_t rx = f.sink ? GetReceivedBytes(f.sink) : 0;
        Ptr<MpTcpSocketBase> meta = f.sender ? f.sender() : nullptr;
        if (!meta)
        {
            m_out << t << "," << f.id << "," << rx << ",,,,,,,,,,,,,,,\n";
            continue;
        }
        uint32_t ooo = 0;
        if (f.sink)
        {
            for (const auto& s : f.sink->GetAcceptedSockets())
            {
                if (auto m = DynamicCast<MpTcpSocketBase>(s))
                {
                    ooo += m->GetRxOutOfOrderBytes();
                }
            }
        }
        for (const auto& sf : meta->GetSubflows())
        {
            m_out << t << "," << f.id << "," << rx << "," << meta->GetUnsentBytes() << ","
                  << meta->GetDataOutstanding() << "," << sf->GetPeerWindow() << "," << ooo
                  << "," << sf->GetSubflowId() << "," << sf->GetCwnd() << ","
                  << sf->GetSsThresh() << "," << sf->GetBytesInFlight() << ","
                  << sf->GetUnsentBytes() << "," << int(sf->GetCongState()) << ","
                  << sf->GetSrtt().GetMicroSeconds() << "," << sf->GetRto().GetMicroSeconds()
                  << "," << sf->GetBytesSent() << "," << sf->GetHostQueuedBytes() << ","
                  << sf->GetSmallQueuesThrottles() << "\n";
        }
    }
    Simulator::Schedule(m_interval, &SubflowTracer::Sample, this);
}

void
SubflowTracer::WritePaths()
{
    m_pathsWritten = true;
    for (const Flow& f : m_flows)
    {
        Ptr<MpTcpSocketBase> meta = f.sender ? f.sender() : nullptr;
        if (!meta)
        {
            continue;
        }
        for (const auto& sf : meta->GetSubflows())
        {
            Ipv4FlowEcmpRouting::FiveTuple t;
            sf->GetFourTuple(t.source, t.sourcePort, t.destination, t.destinationPort);
            t.protocol = 6;
            for (int dir = 0; dir < 2; ++dir)
            {
                Ptr<Node> from = sf->GetNode();
                Ipv4FlowEcmpRouting::FiveTuple u = t;
                if (dir == 1)
                {
                    std::swap(u.source, u.destination);
                    std::swap(u.sourcePort, u.destinationPort);
                    from = f.receiver;
                }
                m_paths << f.id << "," << sf->GetSubflowId() << "," << dir << ",";
                if (from)
                {
                    const char* sep = "";
                    for (const auto& n : Ipv4FlowEcmpRoutingHelper::TracePath(from, u))
                    {
                        m_paths << sep << n->GetId();
                        sep = " ";
                    }
                }
                m_paths << "\n";
            }
        }
    }
    m_paths.flush();
}

} // namespace ns3
