/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/file-transfer-helper.h"

#include "ns3/datacenter-topology.h"
#include "ns3/mptcp-stack-helper.h"

#include "ns3/abort.h"
#include "ns3/application-container.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/log.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue-disc.h"
#include "ns3/queue.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MptcpFileTransferHelper");

namespace
{
const uint16_t kPort = 5000; //!< the receiver's port
} // namespace

FileTransferHelper::FileTransferHelper(DataRate rate, Time delay, uint32_t queue)
{
    NS_ABORT_MSG_IF(queue == 0, "FileTransferHelper: the queue needs at least 1 packet");
    m_hosts.Create(2);
    Ptr<Node> sw = CreateObject<Node>();
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(rate));
    p2p.SetChannelAttribute("Delay", TimeValue(delay));
    p2p.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize",
                 StringValue(std::to_string(queue) + "p"));
    // The device never stops IP, so the DropTail queue makes (and counts) every drop, as in
    // DatacenterTopology.
    MpTcpStackHelper stack;
    stack.SetRoutingHelper(Ipv4StaticRoutingHelper());
    stack.Install(m_hosts);
    stack.Install(sw);
    std::vector<Ipv4Address> switchSide;
    for (uint32_t l = 0; l < 4; ++l)
    {
        m_links.push_back(DatacenterTopology::InstallWithoutFlowControl(p2p, m_hosts.Get(l / 2), sw));
        Ipv4AddressHelper addr(("10.0." + std::to_string(l + 1) + ".0").c_str(), "255.255.255.0");
        Ipv4InterfaceContainer ifs = addr.Assign(m_links.back());
        m_addresses.push_back(ifs.GetAddress(0));
        switchSide.push_back(ifs.GetAddress(1));
        // The device queues are the only queues: no traffic-control queue disc.
        for (uint32_t i = 0; i < 2; ++i)
        {
            Ptr<NetDevice> d = m_links.back().Get(i);
            Ptr<TrafficControlLayer> tc = d->GetNode()->GetObject<TrafficControlLayer>();
            if (tc && tc->GetRootQueueDiscOnDevice(d))
            {
                tc->DeleteRootQueueDiscOnDevice(d);
            }
        }
    }
    const Ipv4Mask mask("255.255.255.0");
    Ipv4StaticRoutingHelper statics;
    for (uint32_t l = 0; l < 4; ++l)
    {
        Ptr<NetDevice> nic = m_links[l].Get(0);
        Ptr<Ipv4> ipv4 = nic->GetNode()->GetObject<Ipv4>();
        const uint32_t peer = (l + 2) % 4; // the other host's NIC with the same index
        statics.GetStaticRouting(ipv4)->AddNetworkRouteTo(m_addresses[peer].CombineMask(mask),
                                                          mask,
                                                          switchSide[l],
                                                          ipv4->GetInterfaceForDevice(nic));
    }
}

std::vector<TransferRecord>
FileTransferHelper::Run(TypeId factory,
                        const std::vector<uint32_t>& packets,
                        uint32_t mss,
                        Time limit)
{
    m_factory = factory;
    m_packets = packets;
    m_mss = mss;
    m_results.clear();
    m_active = false;
    PacketSinkHelper sinkHelper(factory.GetName(), InetSocketAddress(Ipv4Address::GetAny(), kPort));
    ApplicationContainer apps = sinkHelper.Install(m_hosts.Get(1));
    apps.Start(Seconds(0));
    m_sink = DynamicCast<PacketSink>(apps.Get(0));
    m_sink->TraceConnectWithoutContext("Rx", MakeCallback(&FileTransferHelper::OnRx, this));
    Simulator::Schedule(MilliSeconds(10), &FileTransferHelper::Next, this);
    Simulator::Stop(limit);
    Simulator::Run();
    return m_results;
}

void
FileTransferHelper::Next()
{
    if (m_results.size() == m_packets.size())
    {
        Simulator::Stop();
        return;
    }
    const uint64_t bytes = uint64_t{m_packets[m_results.size()]} * m_mss;
    m_target = m_sink->GetTotalRx() + bytes;
    BulkSendHelper bulk(m_factory.GetName(), InetSocketAddress(m_addresses[2], kPort));
    bulk.SetAttribute("MaxBytes", UintegerValue(bytes));
    bulk.SetAttribute("SendSize", UintegerValue(m_mss));
    // Started now: the application connects in this instant.
    bulk.Install(m_hosts.Get(0)).Start(Seconds(0));
    m_connectAt = Simulator::Now();
    m_active = true;
}

void
FileTransferHelper::OnRx(Ptr<const Packet>, const Address&)
{
    if (!m_active || m_sink->GetTotalRx() < m_target)
    {
        return;
    }
    m_active = false;
    TransferRecord r;
    r.packets = m_packets[m_results.size()];
    r.bytes = m_sink->GetTotalRx() - (m_target - uint64_t{r.packets} * m_mss);
    r.transferTimeS = (Simulator::Now() - m_connectAt).GetSeconds();
    NS_LOG_INFO(r.packets << " packets in " << r.transferTimeS << " s");
    m_results.push_back(r);
    // Let the connection close before the next one starts (no overlap).
    Simulator::Schedule(MilliSeconds(50), &FileTransferHelper::Next, this);
}

NodeContainer
FileTransferHelper::GetHosts() const
{
    return m_hosts;
}

NetDeviceContainer
FileTransferHelper::GetLink(uint32_t link) const
{
    return m_links.at(link);
}

uint32_t
FileTransferHelper::GetDrops(uint32_t link, bool hostSide) const
{
    Ptr<PointToPointNetDevice> dev =
        DynamicCast<PointToPointNetDevice>(m_links.at(link).Get(hostSide ? 0 : 1));
    return dev->GetQueue()->GetTotalDroppedPackets();
}

Ipv4Address
FileTransferHelper::GetAddress(uint32_t link) const
{
    return m_addresses.at(link);
}

} // namespace ns3
