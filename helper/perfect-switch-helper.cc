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

namespace
{
/**
 * Add an address to the interface of a device (creating the interface), bring it up and remove
 * any root queue disc from the device.
 * \param dev the device
 * \param addr the address
 * \param mask the mask
 */
void
AssignAddress(Ptr<NetDevice> dev, Ipv4Address addr, Ipv4Mask mask)
{
    Ptr<Node> node = dev->GetNode();
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4,
                    "PerfectSwitchHelper::AssignIpv4Addresses: node "
                        << node->GetId()
                        << " has no IPv4 stack; install an internet stack on GetNodes() first");
    int32_t i = ipv4->GetInterfaceForDevice(dev);
    if (i < 0)
    {
        i = ipv4->AddInterface(dev);
    }
    ipv4->AddAddress(i, Ipv4InterfaceAddress(addr, mask));
    ipv4->SetMetric(i, 1);
    ipv4->SetUp(i);
    Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
    if (tc && tc->GetRootQueueDiscOnDevice(dev))
    {
        tc->DeleteRootQueueDiscOnDevice(dev);
    }
}
} // namespace

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
        AssignAddress(m_switchDevs[i], Ipv4Address(base + 4 * i + 1), mask);
        AssignAddress(m_hostDevs[i], Ipv4Address(base + 4 * i + 2), mask);
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
