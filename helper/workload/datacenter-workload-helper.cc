/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/datacenter-workload-helper.h"
#include "ns3/datacenter-transport-registry.h"

#include "ns3/abort.h"
#include "ns3/datacenter-partition.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/log.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/on-off-helper.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MptcpDatacenterWorkloadHelper");

bool
DatacenterWorkloadHelper::IsFinite(Workload w)
{
    return w == Workload::RANDOM_CLOSED_LOOP || w == Workload::PERMUTATION_FINITE ||
           w == Workload::SHUFFLE;
}

std::optional<DatacenterWorkloadHelper::Workload>
DatacenterWorkloadHelper::WorkloadFromString(const std::string& name)
{
    for (auto w : {Workload::LONG,
                   Workload::MIX,
                   Workload::INCAST,
                   Workload::INCAST_LONG,
                   Workload::CLOSED_LOOP,
                   Workload::RANDOM_CLOSED_LOOP,
                   Workload::PERMUTATION_FINITE,
                   Workload::SHUFFLE})
    {
        if (ToString(w) == name)
        {
            return w;
        }
    }
    return std::nullopt;
}

std::string
DatacenterWorkloadHelper::ToString(Workload w)
{
    switch (w)
    {
    case Workload::LONG:
        return "long";
    case Workload::MIX:
        return "mix";
    case Workload::INCAST:
        return "incast";
    case Workload::INCAST_LONG:
        return "incast-long";
    case Workload::CLOSED_LOOP:
        return "closed-loop";
    case Workload::RANDOM_CLOSED_LOOP:
        return "random-closed-loop";
    case Workload::PERMUTATION_FINITE:
        return "permutation-finite";
    case Workload::SHUFFLE:
        return "shuffle";
    }
    return "";
}

std::string
DatacenterWorkloadHelper::FactoryName(const std::string& transport)
{
    const DatacenterTransport* t = DatacenterTransportRegistry::Find(transport);
    return t ? t->socketFactory : "";
}

DatacenterWorkloadHelper::DatacenterWorkloadHelper(const DatacenterTopology& tree,
                                                   FlowStatistics& stats)
    : m_tree(tree),
      m_stats(stats)
{
}

Ptr<UniformRandomVariable>
DatacenterWorkloadHelper::Rng()
{
    if (!m_rng)
    {
        m_rng = CreateObject<UniformRandomVariable>();
    }
    return m_rng;
}

int64_t
DatacenterWorkloadHelper::AssignStreams(int64_t stream)
{
    Rng()->SetStream(stream);
    return 1;
}

void
DatacenterWorkloadHelper::SetSendSize(uint32_t bytes)
{
    m_sendSize = bytes;
}

std::vector<uint32_t>
DatacenterWorkloadHelper::ChooseLongFlowHosts(uint32_t nHosts, double fraction)
{
    std::vector<uint32_t> hosts(nHosts);
    for (uint32_t i = 0; i < nHosts; ++i)
    {
        hosts[i] = i;
    }
    const auto n = static_cast<uint32_t>(std::lround(fraction * nHosts));
    // Partial Fisher-Yates: the first n places are a uniform random n-subset.
    for (uint32_t i = 0; i < n && i + 1 < nHosts; ++i)
    {
        uint32_t j = Rng()->GetInteger(i, nHosts - 1);
        std::swap(hosts[i], hosts[j]);
    }
    hosts.resize(std::min(n, nHosts));
    std::sort(hosts.begin(), hosts.end());
    return hosts;
}

std::vector<PlannedFlow>
DatacenterWorkloadHelper::PlanPoisson(double rate,
                                      double start,
                                      double end,
                                      const std::vector<uint32_t>& sources,
                                      const TrafficMatrix::FlowList& matrix,
                                      const FlowSizeDistribution& sizes)
{
    std::vector<PlannedFlow> out;
    if (!(rate > 0) || sources.empty())
    {
        return out;
    }
    double t = start;
    while (true)
    {
        t += -std::log(1.0 - Rng()->GetValue(0, 1)) / rate; // exponential gap, mean 1/rate
        if (t >= end)
        {
            break;
        }
        PlannedFlow f;
        f.startS = t;
        f.srcHost = sources[Rng()->GetInteger(0, sources.size() - 1)];
        f.dstHost = matrix.at(f.srcHost).second;
        f.sizeBytes = sizes.Sample(Rng());
        out.push_back(f);
    }
    return out;
}

std::vector<PlannedFlow>
DatacenterWorkloadHelper::PlanIncast(uint32_t nHosts,
                                     uint32_t senders,
                                     double start,
                                     double end,
                                     double interval,
                                     const FlowSizeDistribution& sizes)
{
    NS_ABORT_MSG_IF(senders >= nHosts, "incast needs fewer senders than hosts");
    NS_ABORT_MSG_IF(!(interval > 0), "incast interval must be positive");
    std::vector<PlannedFlow> out;
    for (uint32_t round = 0; start + round * interval < end; ++round)
    {
        const double t = start + round * interval;
        const uint32_t receiver = Rng()->GetInteger(0, nHosts - 1);
        std::vector<uint32_t> others;
        for (uint32_t h = 0; h < nHosts; ++h)
        {
            if (h != receiver)
            {
                others.push_back(h);
            }
        }
        for (uint32_t i = 0; i < senders; ++i)
        {
            uint32_t j = Rng()->GetInteger(i, others.size() - 1);
            std::swap(others[i], others[j]);
            PlannedFlow f;
            f.startS = t;
            f.srcHost = others[i];
            f.dstHost = receiver;
            f.sizeBytes = sizes.Sample(Rng());
            out.push_back(f);
        }
    }
    return out;
}

uint32_t
DatacenterWorkloadHelper::Install(const PlannedFlow& flow,
                                  const std::string& factory,
                                  const std::string& transport,
                                  uint16_t port)
{
    port = port == 0 ? FreshPort(flow.dstHost) : port;
    // In a distributed run each rank installs the applications of its own hosts only
    // (DatacenterPartition); the other end's are null here.
    Ptr<PacketSink> sink =
        InstallSink(flow.dstHost, port, factory, flow.sizeBytes > 0 ? flow.startS : 0);
    Ptr<BulkSendApplication> sender;
    if (DatacenterPartition::IsLocal(m_tree.GetHost(flow.srcHost)))
    {
        BulkSendHelper bulk(factory,
                            InetSocketAddress(m_tree.GetHostAddress(flow.dstHost), port));
        bulk.SetAttribute("MaxBytes", UintegerValue(flow.sizeBytes));
        bulk.SetAttribute("SendSize", UintegerValue(m_sendSize));
        ApplicationContainer ca = bulk.Install(m_tree.GetHost(flow.srcHost));
        ca.Start(StartDelay(flow.startS));
        sender = DynamicCast<BulkSendApplication>(ca.Get(0));
    }
    uint32_t id = m_stats.Add(flow.srcHost,
                              flow.dstHost,
                              flow.sizeBytes,
                              transport,
                              Seconds(flow.startS),
                              sender,
                              sink);
    m_sinks[id] = sink;
    m_senders[id] = sender;
    if (!m_installed.IsNull())
    {
        m_installed(id, flow);
    }
    return id;
}

void
DatacenterWorkloadHelper::SetInstalledCallback(Callback<void, uint32_t, const PlannedFlow&> cb)
{
    m_installed = cb;
}

uint16_t
DatacenterWorkloadHelper::FreshPort(uint32_t host)
{
    auto it = m_nextPort.emplace(host, 20000).first;
    NS_ABORT_MSG_IF(it->second == 0xffff, "no free port left on host " << host);
    return it->second++;
}

Ptr<PacketSink>
DatacenterWorkloadHelper::InstallSink(uint32_t host,
                                      uint16_t port,
                                      const std::string& factory,
                                      double startS)
{
    if (!DatacenterPartition::IsLocal(m_tree.GetHost(host)))
    {
        return nullptr;
    }
    // Plain TCP senders connect to a plain TCP sink (ns-3's TcpSocketBase, with the node's
    // socket attributes), every MPTCP variant to an MPTCP one.
    const bool plain = factory == "ns3::TcpSocketFactory" ||
                       factory == "ns3::TcpSocketBaseFactory" ||
                       factory == "ns3::TcpSmallQueuesSocketFactory";
    const std::string sinkFactory =
        plain ? "ns3::TcpSocketBaseFactory" : "ns3::MpTcpSocketFactory";
    PacketSinkHelper sinkHelper(sinkFactory, InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sa = sinkHelper.Install(m_tree.GetHost(host));
    // Application start times count from the installation (ns-3 schedules StartApplication
    // that long after Initialize): relative to now, so that flows installed during the run
    // (ClosedLoopWorkload) start at their startS too.
    sa.Start(StartDelay(startS));
    return DynamicCast<PacketSink>(sa.Get(0));
}

Time
DatacenterWorkloadHelper::StartDelay(double startS)
{
    const Time at = Seconds(startS);
    NS_ABORT_MSG_IF(at < Simulator::Now(), "a flow cannot start in the past (" << startS << " s)");
    return at - Simulator::Now();
}

uint32_t
DatacenterWorkloadHelper::InstallHostLimited(const PlannedFlow& flow,
                                             const std::string& factory,
                                             const std::string& transport,
                                             DataRate rate,
                                             uint32_t writeSize)
{
    NS_ABORT_MSG_IF(flow.sizeBytes != 0, "a host-limited flow is long-lived (size 0)");
    NS_ABORT_MSG_IF(rate.GetBitRate() == 0 || writeSize == 0,
                    "a host-limited flow needs a rate and a write size above zero");
    const uint16_t port = FreshPort(flow.dstHost);
    Ptr<PacketSink> sink = InstallSink(flow.dstHost, port, factory, 0);
    if (DatacenterPartition::IsLocal(m_tree.GetHost(flow.srcHost)))
    {
        // Always on: one write of writeSize bytes every writeSize * 8 / rate seconds. A write
        // the socket's buffer cannot take is lost to the application (OnOffApplication does
        // not retry), so the flow never sends above the rate whatever the network offers.
        OnOffHelper onOff(factory, InetSocketAddress(m_tree.GetHostAddress(flow.dstHost), port));
        onOff.SetConstantRate(rate, writeSize); // on for 1000 s, never off
        ApplicationContainer ca = onOff.Install(m_tree.GetHost(flow.srcHost));
        ca.Start(StartDelay(flow.startS));
    }
    const uint32_t id =
        m_stats.Add(flow.srcHost, flow.dstHost, 0, transport, Seconds(flow.startS), nullptr, sink);
    m_sinks[id] = sink;
    m_senders[id] = nullptr;
    return id;
}

Ptr<PacketSink>
DatacenterWorkloadHelper::GetSink(uint32_t id) const
{
    return m_sinks.at(id);
}

Ptr<BulkSendApplication>
DatacenterWorkloadHelper::GetSender(uint32_t id) const
{
    return m_senders.at(id);
}

Ptr<MpTcpSocketBase>
DatacenterWorkloadHelper::GetMpTcpSender(uint32_t id) const
{
    Ptr<BulkSendApplication> sender = GetSender(id);
    return sender ? DynamicCast<MpTcpSocketBase>(sender->GetSocket()) : nullptr;
}

} // namespace ns3
