/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/fat-tree-helper.h"

#include "ns3/abort.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"

#include <algorithm>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FatTreeHelper");

namespace
{
/**
 * \param k switch port count
 * \param hostsPerEdge hosts per edge switch
 * \param src source host index
 * \param dst destination host index
 * \return equal-cost paths: 1 same edge, k/2 same pod, (k/2)^2 otherwise
 */
uint32_t
PathCount(uint32_t k, uint32_t hostsPerEdge, uint32_t src, uint32_t dst)
{
    const uint32_t h = k / 2;
    if (src / hostsPerEdge == dst / hostsPerEdge)
    {
        return 1;
    }
    if (src / (h * hostsPerEdge) == dst / (h * hostsPerEdge))
    {
        return h;
    }
    return h * h;
}
} // namespace

FatTreeHelper::FatTreeHelper(uint32_t k)
    : FatTreeHelper(k, k / 2)
{
}

FatTreeHelper::FatTreeHelper(uint32_t k, uint32_t hostsPerEdge)
    : DatacenterTopology("FatTreeHelper"),
      m_k(k),
      m_hostsPerEdge(hostsPerEdge),
      m_queueSize(100)
{
    NS_LOG_FUNCTION(this << k << hostsPerEdge);
    if (k < 2 || k % 2 != 0)
    {
        NS_FATAL_ERROR("FatTreeHelper: k (switch port count) must be even and >= 2, got " << k);
    }
    if (hostsPerEdge < 1)
    {
        NS_FATAL_ERROR("FatTreeHelper: hostsPerEdge must be >= 1, got " << hostsPerEdge);
    }
    if (k > 254)
    {
        NS_FATAL_ERROR("FatTreeHelper: k must be <= 254 (one 10.<pod>/16 per pod), got " << k);
    }
    if (static_cast<uint64_t>(k / 2) * hostsPerEdge * 4 > 65536)
    {
        NS_FATAL_ERROR("FatTreeHelper: (k/2)*hostsPerEdge must be <= 16384 (hosts per pod), got "
                       << (k / 2) * hostsPerEdge);
    }
    if (static_cast<uint64_t>(k) * k * k / 2 * 4 > (1U << 20))
    {
        NS_FATAL_ERROR("FatTreeHelper: k=" << k << " has too many switch links for 172.16.0.0/12");
    }
    for (int l = 0; l < 3; ++l)
    {
        m_rate[l] = DataRate("100Mbps");
        m_delay[l] = MicroSeconds(10);
    }
}

void
FatTreeHelper::SetDataRate(Layer layer, DataRate rate)
{
    RequireNotCreated("SetDataRate");
    m_rate[layer] = rate;
}

void
FatTreeHelper::SetDelay(Layer layer, Time delay)
{
    RequireNotCreated("SetDelay");
    m_delay[layer] = delay;
}

void
FatTreeHelper::SetQueueSize(uint32_t packets)
{
    RequireNotCreated("SetQueueSize");
    NS_ABORT_MSG_IF(packets < 1, "FatTreeHelper::SetQueueSize: queue size must be >= 1 packet");
    m_queueSize = packets;
}

void
FatTreeHelper::SetAddressesPerHost(uint32_t n)
{
    NS_ABORT_MSG_IF(IsAssigned(), "FatTreeHelper::SetAddressesPerHost must precede "
                                  "AssignIpv4Addresses()");
    if (n < 1 || (n > 1 && static_cast<uint64_t>(n) * m_k > 256))
    {
        NS_FATAL_ERROR("FatTreeHelper::SetAddressesPerHost: between 1 and 256/k = "
                       << 256 / m_k << " addresses per host (10.(pod + n*k).x.y), got " << n);
    }
    m_addressesPerHost = n;
}

uint32_t
FatTreeHelper::GetAddressesPerHost() const
{
    return m_addressesPerHost;
}

void
FatTreeHelper::Connect(Ptr<Node> a, Ptr<Node> b, Layer layer)
{
    Link link = MakeLink(a, b, layer, m_rate[layer], m_delay[layer], m_queueSize);
    m_linkIndex[{std::min(a->GetId(), b->GetId()), std::max(a->GetId(), b->GetId())}] =
        m_links.size();
    m_links.push_back(link);
}

void
FatTreeHelper::Create()
{
    NS_LOG_FUNCTION(this);
    BeginCreate();
    const uint32_t h = m_k / 2;
    // By pod over the ranks of a distributed run (SetSystemCount()); cores spread evenly.
    CreateNodes(m_hosts, m_k * h * m_hostsPerEdge, m_k);
    CreateNodes(m_edges, m_k * h, m_k);
    CreateNodes(m_aggs, m_k * h, m_k);
    CreateNodes(m_cores, h * h, h * h);

    for (uint32_t pod = 0; pod < m_k; ++pod)
    {
        for (uint32_t e = 0; e < h; ++e)
        {
            for (uint32_t i = 0; i < m_hostsPerEdge; ++i)
            {
                Connect(m_hosts.Get((pod * h + e) * m_hostsPerEdge + i),
                        GetEdgeSwitch(pod, e),
                        HOST_EDGE);
            }
        }
    }
    for (uint32_t pod = 0; pod < m_k; ++pod)
    {
        for (uint32_t e = 0; e < h; ++e)
        {
            for (uint32_t a = 0; a < h; ++a)
            {
                Connect(GetEdgeSwitch(pod, e), GetAggregationSwitch(pod, a), EDGE_AGGREGATION);
            }
        }
    }
    for (uint32_t pod = 0; pod < m_k; ++pod)
    {
        for (uint32_t a = 0; a < h; ++a)
        {
            for (uint32_t c = 0; c < h; ++c)
            {
                Connect(GetAggregationSwitch(pod, a), GetCoreSwitch(a * h + c), AGGREGATION_CORE);
            }
        }
    }
    NS_LOG_INFO("FatTree k=" << m_k << ": " << m_hosts.GetN() << " hosts, " << m_links.size()
                             << " links");
}

void
FatTreeHelper::AssignIpv4Addresses()
{
    NS_LOG_FUNCTION(this);
    BeginAssign();
    const Ipv4Mask mask("255.255.255.252");
    const uint32_t h = m_k / 2;
    m_hostAddresses.assign(m_hosts.GetN(), Ipv4Address());
    uint32_t switchLink = 0;
    for (uint32_t li = 0; li < m_links.size(); ++li)
    {
        const Link& link = m_links[li];
        if (link.layer != HOST_EDGE)
        {
            AssignSwitchLink(link, switchLink++);
            continue;
        }
        // Host-edge links come first, in host order: link li is host li's (a = host).
        const uint32_t i = li;
        NS_ASSERT(m_hosts.Get(i) == link.a);
        const uint32_t pod = i / (h * m_hostsPerEdge);
        const uint32_t inPod = i % (h * m_hostsPerEdge);
        const uint32_t base = (10U << 24) | (pod << 16) | (4 * inPod);
        m_hostAddresses[i] = Ipv4Address(base + 2);
        AssignAddress(link.devA, Ipv4Address(base + 2), mask, 1);
        AssignAddress(link.devB, Ipv4Address(base + 1), mask, 1);
    }
    // Extra addresses: 10.(pod + n*k).x.y, a /32 on the host's one interface, with a route.
    m_extraAddresses.clear();
    for (uint32_t i = 0; m_addressesPerHost > 1 && i < m_hosts.GetN(); ++i)
    {
        for (uint32_t n = 1; n < m_addressesPerHost; ++n)
        {
            const Ipv4Address extra(m_hostAddresses[i].Get() + ((n * m_k) << 16));
            AddRoutableAddress(m_links[i].devA, extra);
            m_extraAddresses.push_back(extra);
        }
    }
    // Packet scatter's automatic duplicate-ACK threshold counts paths by address.
    std::map<uint32_t, uint32_t> index;
    for (uint32_t i = 0; i < m_hostAddresses.size(); ++i)
    {
        index[m_hostAddresses[i].Get()] = i;
    }
    const uint32_t extras = m_addressesPerHost - 1;
    for (uint32_t j = 0; j < m_extraAddresses.size(); ++j)
    {
        index[m_extraAddresses[j].Get()] = j / extras;
    }
    const uint32_t k = m_k;
    const uint32_t hostsPerEdge = m_hostsPerEdge;
    SetPathCounters(m_hosts, index, [k, hostsPerEdge](uint32_t s, uint32_t d) {
        return PathCount(k, hostsPerEdge, s, d);
    });
}

uint32_t
FatTreeHelper::GetEqualCostPathCount(uint32_t srcHost, uint32_t dstHost) const
{
    NS_ABORT_MSG_IF(srcHost >= GetNHosts() || dstHost >= GetNHosts(),
                    "FatTreeHelper::GetEqualCostPathCount: host index out of range");
    return PathCount(m_k, m_hostsPerEdge, srcHost, dstHost);
}

uint32_t
FatTreeHelper::GetHostRack(uint32_t host) const
{
    NS_ABORT_MSG_IF(host >= GetNHosts(), "FatTreeHelper::GetHostRack: host index out of range");
    return host / m_hostsPerEdge;
}

uint32_t
FatTreeHelper::GetNRacks() const
{
    return m_k * (m_k / 2);
}

uint32_t
FatTreeHelper::GetK() const
{
    return m_k;
}

uint32_t
FatTreeHelper::GetInterPodPathCount() const
{
    return (m_k / 2) * (m_k / 2);
}

uint32_t
FatTreeHelper::GetHostsPerEdge() const
{
    return m_hostsPerEdge;
}

uint32_t
FatTreeHelper::GetNHosts() const
{
    return m_k * (m_k / 2) * m_hostsPerEdge;
}

double
FatTreeHelper::GetOversubscription() const
{
    return static_cast<double>(m_hostsPerEdge) / (m_k / 2);
}

NodeContainer
FatTreeHelper::GetHosts() const
{
    return m_hosts;
}

Ptr<Node>
FatTreeHelper::GetHost(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_hosts.GetN(),
                    "FatTreeHelper::GetHost: index " << i << " out of range (" << m_hosts.GetN()
                                                     << " hosts; was Create() called?)");
    return m_hosts.Get(i);
}

Ipv4Address
FatTreeHelper::GetHostAddress(uint32_t i) const
{
    RequireAssigned("GetHostAddress");
    NS_ABORT_MSG_IF(i >= m_hostAddresses.size(),
                    "FatTreeHelper::GetHostAddress: index " << i << " out of range");
    return m_hostAddresses[i];
}

std::vector<Ipv4Address>
FatTreeHelper::GetAllHostAddresses(uint32_t i) const
{
    std::vector<Ipv4Address> all{GetHostAddress(i)};
    const uint32_t extras = m_addressesPerHost - 1;
    all.insert(all.end(),
               m_extraAddresses.begin() + i * extras,
               m_extraAddresses.begin() + (i + 1) * extras);
    return all;
}

Ptr<PointToPointNetDevice>
FatTreeHelper::GetHostDevice(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_hosts.GetN(), "FatTreeHelper::GetHostDevice: index out of range");
    return m_links[i].devA; // host-edge links come first, in host order
}

uint32_t
FatTreeHelper::GetHostPod(uint32_t i) const
{
    return i / ((m_k / 2) * m_hostsPerEdge);
}

uint32_t
FatTreeHelper::GetHostEdge(uint32_t i) const
{
    return (i / m_hostsPerEdge) % (m_k / 2);
}

NodeContainer
FatTreeHelper::GetEdgeSwitches() const
{
    return m_edges;
}

NodeContainer
FatTreeHelper::GetAggregationSwitches() const
{
    return m_aggs;
}

NodeContainer
FatTreeHelper::GetCoreSwitches() const
{
    return m_cores;
}

NodeContainer
FatTreeHelper::GetNodes() const
{
    return NodeContainer(m_hosts, m_edges, m_aggs, m_cores);
}

Ptr<Node>
FatTreeHelper::GetEdgeSwitch(uint32_t pod, uint32_t i) const
{
    NS_ABORT_MSG_IF(pod >= m_k || i >= m_k / 2 || !IsCreated(),
                    "FatTreeHelper::GetEdgeSwitch(" << pod << ", " << i << "): out of range");
    return m_edges.Get(pod * (m_k / 2) + i);
}

Ptr<Node>
FatTreeHelper::GetAggregationSwitch(uint32_t pod, uint32_t i) const
{
    NS_ABORT_MSG_IF(pod >= m_k || i >= m_k / 2 || !IsCreated(),
                    "FatTreeHelper::GetAggregationSwitch(" << pod << ", " << i
                                                           << "): out of range");
    return m_aggs.Get(pod * (m_k / 2) + i);
}

Ptr<Node>
FatTreeHelper::GetCoreSwitch(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= (m_k / 2) * (m_k / 2) || !IsCreated(),
                    "FatTreeHelper::GetCoreSwitch(" << i << "): out of range");
    return m_cores.Get(i);
}

const std::vector<FatTreeHelper::Link>&
FatTreeHelper::GetLinks() const
{
    return m_links;
}

FatTreeHelper::Link
FatTreeHelper::GetLink(Ptr<Node> nodeA, Ptr<Node> nodeB) const
{
    NS_ABORT_MSG_IF(!nodeA || !nodeB, "FatTreeHelper::GetLink: null node");
    auto it = m_linkIndex.find(
        {std::min(nodeA->GetId(), nodeB->GetId()), std::max(nodeA->GetId(), nodeB->GetId())});
    NS_ABORT_MSG_IF(it == m_linkIndex.end(),
                    "FatTreeHelper::GetLink: nodes " << nodeA->GetId() << " and " << nodeB->GetId()
                                                     << " are not adjacent in the FatTree");
    Link l = m_links[it->second];
    if (l.a != nodeA)
    {
        std::swap(l.a, l.b);
        std::swap(l.devA, l.devB);
    }
    return l;
}

DataRate
FatTreeHelper::GetDataRate(Layer layer) const
{
    return m_rate[layer];
}

Time
FatTreeHelper::GetDelay(Layer layer) const
{
    return m_delay[layer];
}

uint32_t
FatTreeHelper::GetQueueSize() const
{
    return m_queueSize;
}

double
FatTreeHelper::GetHostLinkRate() const
{
    return GetLinkRate(HOST_EDGE);
}

double
FatTreeHelper::GetLinkRate(Layer layer) const
{
    return static_cast<double>(m_rate[layer].GetBitRate());
}

void
FatTreeHelper::SetLinkDataRate(const Link& link, DataRate rate)
{
    NS_LOG_FUNCTION(link.a->GetId() << link.b->GetId() << rate);
    link.devA->SetDataRate(rate);
    link.devB->SetDataRate(rate);
}

void
FatTreeHelper::SetLinkUp(const Link& link, bool up)
{
    NS_LOG_FUNCTION(link.a->GetId() << link.b->GetId() << up << GetLayerName(link.layer));
    for (Ptr<PointToPointNetDevice> dev : {link.devA, link.devB})
    {
        Ptr<Ipv4> ipv4 = dev->GetNode()->GetObject<Ipv4>();
        NS_ABORT_MSG_IF(!ipv4, "FatTreeHelper::SetLinkUp: node without IPv4");
        const int32_t i = ipv4->GetInterfaceForDevice(dev);
        NS_ABORT_MSG_IF(i < 0, "FatTreeHelper::SetLinkUp: call AssignIpv4Addresses() first");
        if (up)
        {
            ipv4->SetUp(i);
        }
        else
        {
            ipv4->SetDown(i);
        }
    }
}

} // namespace ns3
