/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/perfect-switch-helper.h"

#include "ns3/abort.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/queue-disc.h"
#include "ns3/queue-size.h"
#include "ns3/traffic-control-layer.h"

#include <string>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PerfectSwitchHelper");

PerfectSwitchHelper::PerfectSwitchHelper(uint32_t nHosts)
    : m_nHosts(nHosts),
      m_rate("100Mbps"),
      m_delay(MicroSeconds(10)),
      m_queueSize(100),
      m_created(false),
      m_assigned(false)
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
    NS_ABORT_MSG_IF(m_created, "PerfectSwitchHelper: set the data rate before Create()");
    m_rate = rate;
}

void
PerfectSwitchHelper::SetHostLinkDelay(Time delay)
{
    NS_ABORT_MSG_IF(m_created, "PerfectSwitchHelper: set the delay before Create()");
    m_delay = delay;
}

void
PerfectSwitchHelper::SetQueueSize(uint32_t packets)
{
    NS_ABORT_MSG_IF(m_created, "PerfectSwitchHelper: set the queue size before Create()");
    NS_ABORT_MSG_IF(packets < 1, "PerfectSwitchHelper::SetQueueSize: must be >= 1 packet");
    m_queueSize = packets;
}

void
PerfectSwitchHelper::Create()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_created, "PerfectSwitchHelper::Create called twice");
    m_created = true;
    m_hosts.Create(m_nHosts);
    m_switch = CreateObject<Node>();
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(m_rate));
    p2p.SetChannelAttribute("Delay", TimeValue(m_delay));
    p2p.SetQueue("ns3::DropTailQueue<Packet>",
                 "MaxSize",
                 QueueSizeValue(QueueSize(std::to_string(m_queueSize) + "p")));
    p2p.DisableFlowControl();
    for (uint32_t i = 0; i < m_nHosts; ++i)
    {
        NetDeviceContainer d = p2p.Install(m_hosts.Get(i), m_switch);
        m_hostDevs.push_back(DynamicCast<PointToPointNetDevice>(d.Get(0)));
        m_switchDevs.push_back(DynamicCast<PointToPointNetDevice>(d.Get(1)));
        Link link;
        link.a = m_hosts.Get(i);
        link.b = m_switch;
        link.devA = m_hostDevs.back();
        link.devB = m_switchDevs.back();
        link.layer = HOST_EDGE;
        m_links.push_back(link);
    }
}

void
PerfectSwitchHelper::AssignIpv4Addresses()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_created, "PerfectSwitchHelper::AssignIpv4Addresses: call Create() first");
    NS_ABORT_MSG_IF(m_assigned, "PerfectSwitchHelper::AssignIpv4Addresses called twice");
    m_assigned = true;
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
    NS_ABORT_MSG_IF(!m_assigned, "PerfectSwitchHelper: call AssignIpv4Addresses() first");
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
