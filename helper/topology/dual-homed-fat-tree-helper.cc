/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/dual-homed-fat-tree-helper.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DualHomedFatTreeHelper");

namespace
{
/**
 * \param k switch port count
 * \param perPair hosts per ToR pair
 * \param src source host
 * \param dst destination host
 * \return shortest paths over both NICs: 2 same pair, k/2 same pod, (k/2)^2 otherwise
 */
uint32_t
HostPathCount(uint32_t k, uint32_t perPair, uint32_t src, uint32_t dst)
{
    const uint32_t h = k / 2;
    if (src == dst)
    {
        return 1;
    }
    if (src / perPair == dst / perPair)
    {
        return 2;
    }
    if (src / (h * perPair) == dst / (h * perPair))
    {
        return h;
    }
    return h * h;
}
} // namespace

DualHomedFatTreeHelper::DualHomedFatTreeHelper(uint32_t k)
    : DualHomedFatTreeHelper(k, DefaultHostsPerPair(k))
{
}

DualHomedFatTreeHelper::DualHomedFatTreeHelper(uint32_t k, uint32_t hostsPerPair)
    : DatacenterTopology("DualHomedFatTreeHelper"),
      m_k(k),
      m_hostsPerPair(hostsPerPair),
      m_queueSize(100)
{
    NS_LOG_FUNCTION(this << k << hostsPerPair);
    if (k < 4 || k % 4 != 0 || k > 80)
    {
        NS_FATAL_ERROR("DualHomedFatTreeHelper: k (switch port count) must be a multiple of 4 "
                       "between 4 and 80 (each ToR of a pair has k/4 uplinks), got "
                       << k);
    }
    if (hostsPerPair < 1 || static_cast<uint64_t>(k / 2) * hostsPerPair * 8 > 65536)
    {
        NS_FATAL_ERROR("DualHomedFatTreeHelper: hostsPerPair must be in [1, 8192/(k/2)], got "
                       << hostsPerPair);
    }
    for (int l = 0; l < 3; ++l)
    {
        m_rate[l] = DataRate("100Mbps");
        m_delay[l] = MicroSeconds(10);
    }
}

uint32_t
DualHomedFatTreeHelper::DefaultHostsPerPair(uint32_t k)
{
    return 2 * k / 3;
}

void
DualHomedFatTreeHelper::SetDataRate(Layer layer, DataRate rate)
{
    RequireNotCreated("SetDataRate");
    m_rate[layer] = rate;
}

void
DualHomedFatTreeHelper::SetDelay(Layer layer, Time delay)
{
    RequireNotCreated("SetDelay");
    m_delay[layer] = delay;
}

void
DualHomedFatTreeHelper::SetQueueSize(uint32_t packets)
{
    RequireNotCreated("SetQueueSize");
    NS_ABORT_MSG_IF(packets < 1, "DualHomedFatTreeHelper::SetQueueSize: must be >= 1 packet");
    m_queueSize = packets;
}

void
DualHomedFatTreeHelper::Create()
{
    NS_LOG_FUNCTION(this);
    BeginCreate();
    const uint32_t h = m_k / 2;
    const uint32_t q = m_k / 4;
    // By pod over the ranks of a distributed run (SetSystemCount()); cores spread evenly.
    CreateNodes(m_hosts, GetNHosts(), m_k);
    CreateNodes(m_tors, m_k * m_k, m_k);
    CreateNodes(m_aggs, m_k * h, m_k);
    CreateNodes(m_cores, h * h, h * h);
    auto connect = [this](Ptr<Node> a, Ptr<Node> b, Layer layer) {
        m_links.push_back(MakeLink(a, b, layer, m_rate[layer], m_delay[layer], m_queueSize));
    };
    for (uint32_t i = 0; i < m_hosts.GetN(); ++i)
    {
        const uint32_t pod = GetHostPod(i);
        const uint32_t pair = (i / m_hostsPerPair) % h;
        for (uint32_t side = 0; side < 2; ++side)
        {
            connect(m_hosts.Get(i), GetTorSwitch(pod, pair, side), HOST_EDGE);
        }
    }
    for (uint32_t pod = 0; pod < m_k; ++pod)
    {
        for (uint32_t pair = 0; pair < h; ++pair)
        {
            for (uint32_t side = 0; side < 2; ++side)
            {
                for (uint32_t a = side * q; a < (side + 1) * q; ++a)
                {
                    connect(GetTorSwitch(pod, pair, side),
                            m_aggs.Get(pod * h + a),
                            EDGE_AGGREGATION);
                }
            }
        }
    }
    for (uint32_t pod = 0; pod < m_k; ++pod)
    {
        for (uint32_t a = 0; a < h; ++a)
        {
            for (uint32_t c = 0; c < h; ++c)
            {
                connect(m_aggs.Get(pod * h + a), m_cores.Get(a * h + c), AGGREGATION_CORE);
            }
        }
    }
    NS_LOG_INFO("DHFT k=" << m_k << ": " << m_hosts.GetN() << " hosts, " << m_links.size()
                          << " links");
}

void
DualHomedFatTreeHelper::AssignIpv4Addresses()
{
    NS_LOG_FUNCTION(this);
    BeginAssign();
    const Ipv4Mask mask("255.255.255.252");
    const uint32_t perPod = (m_k / 2) * m_hostsPerPair;
    uint32_t switchLink = 0;
    m_hostAddresses.assign(2 * m_hosts.GetN(), Ipv4Address());
    std::map<uint32_t, uint32_t> index; // address -> host
    for (uint32_t li = 0; li < m_links.size(); ++li)
    {
        const Link& link = m_links[li];
        if (link.layer == HOST_EDGE)
        {
            // Host links come first: link li is NIC li % 2 of host li / 2.
            const uint32_t host = li / 2;
            const uint32_t pod = host / perPod;
            const uint32_t base = (10U << 24) | (pod << 16) | (4 * (li - 2 * pod * perPod));
            AssignAddress(link.devB, Ipv4Address(base + 1), mask, 1);
            AssignAddress(link.devA, Ipv4Address(base + 2), mask, HostMetric);
            m_hostAddresses[li] = Ipv4Address(base + 2);
            index[base + 2] = host;
        }
        else
        {
            AssignSwitchLink(link, switchLink++);
        }
    }
    // By address: every address of a host is reached over both planes (its /32 routes).
    const uint32_t k = m_k;
    const uint32_t perPair = m_hostsPerPair;
    SetPathCounters(m_hosts, index, [k, perPair](uint32_t s, uint32_t d) {
        return HostPathCount(k, perPair, s, d);
    });
}

uint32_t
DualHomedFatTreeHelper::GetInterPodPathCount() const
{
    return (m_k / 2) * (m_k / 2);
}

uint32_t
DualHomedFatTreeHelper::GetK() const
{
    return m_k;
}

uint32_t
DualHomedFatTreeHelper::GetHostsPerPair() const
{
    return m_hostsPerPair;
}

uint32_t
DualHomedFatTreeHelper::GetNHosts() const
{
    return m_k * (m_k / 2) * m_hostsPerPair;
}

NodeContainer
DualHomedFatTreeHelper::GetHosts() const
{
    return m_hosts;
}

Ptr<Node>
DualHomedFatTreeHelper::GetHost(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_hosts.GetN(),
                    "DualHomedFatTreeHelper::GetHost: index " << i << " out of range");
    return m_hosts.Get(i);
}

Ipv4Address
DualHomedFatTreeHelper::GetHostAddress(uint32_t i) const
{
    return GetHostAddresses(i).front();
}

std::vector<Ipv4Address>
DualHomedFatTreeHelper::GetHostAddresses(uint32_t i) const
{
    RequireAssigned("GetHostAddresses");
    NS_ABORT_MSG_IF(i >= m_hosts.GetN(),
                    "DualHomedFatTreeHelper::GetHostAddresses: index " << i << " out of range");
    return {m_hostAddresses[2 * i], m_hostAddresses[2 * i + 1]};
}

Ptr<PointToPointNetDevice>
DualHomedFatTreeHelper::GetHostDevice(uint32_t i, uint32_t nic) const
{
    NS_ABORT_MSG_IF(i >= m_hosts.GetN() || nic > 1 || !IsCreated(),
                    "DualHomedFatTreeHelper::GetHostDevice: out of range");
    return m_links[2 * i + nic].devA; // host links come first, in host order
}

uint32_t
DualHomedFatTreeHelper::GetHostPod(uint32_t i) const
{
    return i / ((m_k / 2) * m_hostsPerPair);
}

uint32_t
DualHomedFatTreeHelper::GetHostRack(uint32_t host) const
{
    NS_ABORT_MSG_IF(host >= GetNHosts(), "DualHomedFatTreeHelper::GetHostRack: out of range");
    return host / m_hostsPerPair;
}

uint32_t
DualHomedFatTreeHelper::GetNRacks() const
{
    return m_k * (m_k / 2);
}

uint32_t
DualHomedFatTreeHelper::GetEqualCostPathCount(uint32_t srcHost, uint32_t dstHost) const
{
    NS_ABORT_MSG_IF(srcHost >= GetNHosts() || dstHost >= GetNHosts(),
                    "DualHomedFatTreeHelper::GetEqualCostPathCount: host index out of range");
    return HostPathCount(m_k, m_hostsPerPair, srcHost, dstHost);
}

NodeContainer
DualHomedFatTreeHelper::GetTorSwitches() const
{
    return m_tors;
}

NodeContainer
DualHomedFatTreeHelper::GetAggregationSwitches() const
{
    return m_aggs;
}

NodeContainer
DualHomedFatTreeHelper::GetCoreSwitches() const
{
    return m_cores;
}

Ptr<Node>
DualHomedFatTreeHelper::GetTorSwitch(uint32_t pod, uint32_t pair, uint32_t side) const
{
    NS_ABORT_MSG_IF(pod >= m_k || pair >= m_k / 2 || side > 1 || !IsCreated(),
                    "DualHomedFatTreeHelper::GetTorSwitch(" << pod << ", " << pair << ", "
                                                            << side << "): out of range");
    return m_tors.Get(pod * m_k + 2 * pair + side);
}

NodeContainer
DualHomedFatTreeHelper::GetNodes() const
{
    return NodeContainer(m_hosts, m_tors, m_aggs, m_cores);
}

const std::vector<DatacenterTopology::Link>&
DualHomedFatTreeHelper::GetLinks() const
{
    return m_links;
}

double
DualHomedFatTreeHelper::GetLinkRate(Layer layer) const
{
    return static_cast<double>(m_rate[layer].GetBitRate());
}

} // namespace ns3
