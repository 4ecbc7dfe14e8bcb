/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/perfect-switch-helper.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PerfectSwitchHelper");

PerfectSwitchHelper::PerfectSwitchHelper(uint32_t nHosts)
    : DatacenterTopology("PerfectSwitchHelper"),
      m_nHosts(nHosts),
      m_rate("100Mbps"),
      m_delay(MicroSeconds(10)),
      m_queueSize(100)
{
    NS_LOG_FUNCTION(this << nHosts);
    if (nHosts < 1 || nHosts > (1U << 22))
    {
        NS_FATAL_ERROR("PerfectSwitchHelper: nHosts must be in [1, 4194304], got " << nHosts);
    }
}

void
PerfectSwitchHelper::SetHostLinkDataRate(DataRate rate)
{
    RequireNotCreated("SetHostLinkDataRate");
    m_rate = rate;
}

void
PerfectSwitchHelper::SetHostLinkDelay(Time delay)
{
    RequireNotCreated("SetHostLinkDelay");
    m_delay = delay;
}

void
PerfectSwitchHelper::SetQueueSize(uint32_t packets)
{
    RequireNotCreated("SetQueueSize");
    NS_ABORT_MSG_IF(packets < 1, "PerfectSwitchHelper::SetQueueSize: must be >= 1 packet");
    m_queueSize = packets;
}

void
PerfectSwitchHelper::Create()
{
    NS_LOG_FUNCTION(this);
    BeginCreate();
    CreateNodes(m_hosts, m_nHosts, m_nHosts); // spread over the ranks of a distributed run
    m_switch = CreateObject<Node>();
    for (uint32_t i = 0; i < m_nHosts; ++i)
    {
        m_links.push_back(MakeLink(m_hosts.Get(i), m_switch, HOST_EDGE, m_rate, m_delay, m_queueSize));
        m_hostDevs.push_back(m_links.back().devA);
        m_switchDevs.push_back(m_links.back().devB);
    }
}

void
PerfectSwitchHelper::AssignIpv4Addresses()
{
    NS_LOG_FUNCTION(this);
    BeginAssign();
    const Ipv4Mask mask("255.255.255.252");
    const uint32_t base = Ipv4Address("10.0.0.0").Get();
    for (uint32_t i = 0; i < m_nHosts; ++i)
    {
        AssignAddress(m_switchDevs[i], Ipv4Address(base + 4 * i + 1), mask, 1);
        AssignAddress(m_hostDevs[i], Ipv4Address(base + 4 * i + 2), mask, 1);
        m_hostAddresses.push_back(Ipv4Address(base + 4 * i + 2));
    }
}

uint32_t
PerfectSwitchHelper::GetInterPodPathCount() const
{
    return 1;
}

uint32_t
PerfectSwitchHelper::GetNHosts() const
{
    return m_nHosts;
}

NodeContainer
PerfectSwitchHelper::GetHosts() const
{
    return m_hosts;
}

Ptr<Node>
PerfectSwitchHelper::GetHost(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_hosts.GetN(),
                    "PerfectSwitchHelper::GetHost: index " << i << " out of range");
    return m_hosts.Get(i);
}

Ipv4Address
PerfectSwitchHelper::GetHostAddress(uint32_t i) const
{
    RequireAssigned("GetHostAddress");
    NS_ABORT_MSG_IF(i >= m_hostAddresses.size(),
                    "PerfectSwitchHelper::GetHostAddress: index " << i << " out of range");
    return m_hostAddresses[i];
}

Ptr<PointToPointNetDevice>
PerfectSwitchHelper::GetHostDevice(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_hostDevs.size(), "PerfectSwitchHelper::GetHostDevice: out of range");
    return m_hostDevs[i];
}

Ptr<PointToPointNetDevice>
PerfectSwitchHelper::GetSwitchDevice(uint32_t i) const
{
    NS_ABORT_MSG_IF(i >= m_switchDevs.size(), "PerfectSwitchHelper::GetSwitchDevice: out of range");
    return m_switchDevs[i];
}

Ptr<Node>
PerfectSwitchHelper::GetSwitch() const
{
    return m_switch;
}

NodeContainer
PerfectSwitchHelper::GetNodes() const
{
    NodeContainer c(m_hosts);
    if (m_switch)
    {
        c.Add(m_switch);
    }
    return c;
}

const std::vector<DatacenterTopology::Link>&
PerfectSwitchHelper::GetLinks() const
{
    return m_links;
}

double
PerfectSwitchHelper::GetLinkRate(Layer layer) const
{
    return layer == HOST_EDGE ? GetHostLinkRate() : 0;
}

uint32_t
PerfectSwitchHelper::GetHostRack(uint32_t host) const
{
    NS_ABORT_MSG_IF(host >= m_nHosts, "PerfectSwitchHelper::GetHostRack: out of range");
    return 0;
}

uint32_t
PerfectSwitchHelper::GetNRacks() const
{
    return 1;
}

uint32_t
PerfectSwitchHelper::GetEqualCostPathCount(uint32_t srcHost, uint32_t dstHost) const
{
    NS_ABORT_MSG_IF(srcHost >= m_nHosts || dstHost >= m_nHosts,
                    "PerfectSwitchHelper::GetEqualCostPathCount: host index out of range");
    return 1;
}

DataRate
PerfectSwitchHelper::GetHostLinkDataRate() const
{
    return m_rate;
}

double
PerfectSwitchHelper::GetHostLinkRate() const
{
    return static_cast<double>(m_rate.GetBitRate());
}

Time
PerfectSwitchHelper::GetHostLinkDelay() const
{
    return m_delay;
}

uint32_t
PerfectSwitchHelper::GetQueueSize() const
{
    return m_queueSize;
}

} // namespace ns3
