/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/vl2-helper.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Vl2Helper");

namespace
{
/**
 * \param k D_A = D_I
 * \param perTor hosts per ToR
 * \param src source host
 * \param dst destination host
 * \return 1 same ToR, 2 same aggregation pair, 2k otherwise
 */
uint32_t
Vl2PathCount(uint32_t k, uint32_t perTor, uint32_t src, uint32_t dst)
{
    const uint32_t torS = src / perTor;
    const uint32_t torD = dst / perTor;
    if (torS == torD)
    {
        return 1;
    }
    if (torS / (k / 2) == torD / (k / 2))
    {
        return 2;
    }
    return 2 * k;
}
} // namespace

Vl2Helper::Vl2Helper(uint32_t k, uint32_t hostsPerTor)
    : DatacenterTopology("Vl2Helper"),
      m_k(k),
      m_hostsPerTor(hostsPerTor),
      m_hostRate("100Mbps"),
      m_speedup(10),
      m_delay{MicroSeconds(10), MicroSeconds(10), MicroSeconds(10)},
      m_queueSize(100)
{
    NS_LOG_FUNCTION(this << k << hostsPerTor);
    if (k < 2 || k % 2 != 0 || k > 254)
    {
        NS_FATAL_ERROR("Vl2Helper: k (D_A = D_I) must be even, 2..254, got " << k);
    }
    if (hostsPerTor < 1 || static_cast<uint64_t>(k) * k / 4 * hostsPerTor > (1U << 22))
    {
        NS_FATAL_ERROR("Vl2Helper: hostsPerTor must be >= 1 and hosts <= 4194304, got "
                       << hostsPerTor);
    }
}

void
Vl2Helper::SetHostLinkDataRate(DataRate rate)
{
    RequireNotCreated("SetHostLinkDataRate");
    m_hostRate = rate;
}

void
Vl2Helper::SetSwitchSpeedup(double factor)
{
    RequireNotCreated("SetSwitchSpeedup");
    NS_ABORT_MSG_IF(!(factor >= 1), "Vl2Helper::SetSwitchSpeedup: factor must be >= 1");
    m_speedup = factor;
}

void
Vl2Helper::SetDelay(Time delay)
{
    RequireNotCreated("SetDelay");
    m_delay[HOST_EDGE] = m_delay[EDGE_AGGREGATION] = m_delay[AGGREGATION_CORE] = delay;
}

void
Vl2Helper::SetDelay(Layer layer, Time delay)
{
    RequireNotCreated("SetDelay");
    m_delay[layer] = delay;
}

Time
Vl2Helper::GetDelay(Layer layer) const
{
    return m_delay[layer];
}

void
Vl2Helper::SetQueueSize(uint32_t packets)
{
    RequireNotCreated("SetQueueSize");
    NS_ABORT_MSG_IF(packets < 1, "Vl2Helper::SetQueueSize: must be >= 1 packet");
    m_queueSize = packets;
}

void
Vl2Helper::Create()
{
    NS_LOG_FUNCTION(this);
    BeginCreate();
    const uint32_t h = m_k / 2;
    // By aggregation pair (the ToRs it serves and their hosts) over the ranks of a distributed
    // run (SetSystemCount()); intermediate switches spread evenly.
    CreateNodes(m_hosts, GetNHosts(), h);
    CreateNodes(m_tors, GetNRacks(), h);
    CreateNodes(m_aggs, m_k, h);
    CreateNodes(m_ints, h, h);
    const DataRate hostRate = m_hostRate;
    const DataRate switchRate(
        static_cast<uint64_t>(std::llround(m_hostRate.GetBitRate() * m_speedup)));
    auto connect = [&](Ptr<Node> a, Ptr<Node> b, Layer layer) {
        m_links.push_back(MakeLink(a,
                                   b,
                                   layer,
                                   layer == HOST_EDGE ? hostRate : switchRate,
                                   m_delay[layer],
                                   m_queueSize));
    };
    for (uint32_t i = 0; i < m_hosts.GetN(); ++i)
    {
        connect(m_hosts.Get(i), m_tors.Get(i / m_hostsPerTor), HOST_EDGE);
    }
    for (uint32_t t = 0; t < m_tors.GetN(); ++t)
    {
        const uint32_t pair = t / h; // aggregation pair of this ToR
        connect(m_tors.Get(t), m_aggs.Get(2 * pair), EDGE_AGGREGATION);
        connect(m_tors.Get(t), m_aggs.Get(2 * pair + 1), EDGE_AGGREGATION);
    }
    for (uint32_t a = 0; a < m_k; ++a)
    {
        for (uint32_t c = 0; c < h; ++c)
        {
            connect(m_aggs.Get(a), m_ints.Get(c), AGGREGATION_CORE);
        }
    }
}

void
Vl2Helper::AssignIpv4Addresses()
{
    NS_LOG_FUNCTION(this);
    BeginAssign();
    const Ipv4Mask mask("255.255.255.252");
    const uint32_t hostBase = Ipv4Address("10.0.0.0").Get();
    uint32_t switchLink = 0;
    std::map<uint32_t, uint32_t> index;
    for (uint32_t li = 0; li < m_links.size(); ++li)
    {
        const Link& link = m_links[li];
        if (link.layer == HOST_EDGE)
        {
            const uint32_t base = hostBase + 4 * li; // host links first, in host order
            AssignAddress(link.devB, Ipv4Address(base + 1), mask, 1);
            AssignAddress(link.devA, Ipv4Address(base + 2), mask, 1);
            m_hostAddresses.push_back(Ipv4Address(base + 2));
            index[base + 2] = li;
        }
        else
        {
            AssignSwitchLink(link, switchLink++);
        }
    }
    const uint32_t k = m_k;
    const uint32_t perTor = m_hostsPerTor;
    SetPathCounters(m_hosts, index, [k, perTor](uint32_t s, uint32_t d) {
        return Vl2PathCount(k, perTor, s, d);
    });
}

uint32_t
Vl2Helper::GetInterPodPathCount() const
{
    return 2 * m_k;
}

uint32_t
Vl2Helper::GetK() const
{
    return m_k;
}

uint32_t
Vl2Helper::GetHostsPerTor() const
{
    return m_hostsPerTor;
}

uint32_t
Vl2Helper::GetNHosts() const
{
    return GetNRacks() * m_hostsPerTor;
}

NodeContainer
Vl2Helper::GetHosts() const
{
    return m_hosts;
}

Ptr<Node>
Vl2Helper::GetHost(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_hosts.GetN(), "Vl2Helper::GetHost: index " << i << " out of range");
    return m_hosts.Get(i);
}

Ipv4Address
Vl2Helper::GetHostAddress(uint32_t i) const
{
    RequireAssigned("GetHostAddress");
    NS_ABORT_MSG_IF(i >= m_hostAddresses.size(), "Vl2Helper::GetHostAddress: out of range");
    return m_hostAddresses[i];
}

uint32_t
Vl2Helper::GetHostRack(uint32_t host) const
{
    NS_ABORT_MSG_IF(host >= GetNHosts(), "Vl2Helper::GetHostRack: host index out of range");
    return host / m_hostsPerTor;
}

uint32_t
Vl2Helper::GetNRacks() const
{
    return m_k * m_k / 4;
}

uint32_t
Vl2Helper::GetEqualCostPathCount(uint32_t srcHost, uint32_t dstHost) const
{
    NS_ABORT_MSG_IF(srcHost >= GetNHosts() || dstHost >= GetNHosts(),
                    "Vl2Helper::GetEqualCostPathCount: host index out of range");
    return Vl2PathCount(m_k, m_hostsPerTor, srcHost, dstHost);
}

NodeContainer
Vl2Helper::GetTorSwitches() const
{
    return m_tors;
}

NodeContainer
Vl2Helper::GetAggregationSwitches() const
{
    return m_aggs;
}

NodeContainer
Vl2Helper::GetIntermediateSwitches() const
{
    return m_ints;
}

NodeContainer
Vl2Helper::GetNodes() const
{
    return NodeContainer(m_hosts, m_tors, m_aggs, m_ints);
}

const std::vector<DatacenterTopology::Link>&
Vl2Helper::GetLinks() const
{
    return m_links;
}

double
Vl2Helper::GetLinkRate(Layer layer) const
{
    const double host = static_cast<double>(m_hostRate.GetBitRate());
    return layer == HOST_EDGE ? host : std::llround(host * m_speedup);
}

} // namespace ns3
