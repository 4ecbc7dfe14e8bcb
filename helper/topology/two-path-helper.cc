/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/two-path-helper.h"

#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/mptcp-stack-helper.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/error-model.h"
#include "ns3/inet-socket-address.h"
#include "ns3/packet-sink-helper.h"
#include "ns3/uinteger.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-flow-ecmp-routing.h"
#include "ns3/ipv4-list-routing-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/log.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/queue-size.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/traffic-control-helper.h"

#include <memory>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TwoPathHelper");

TwoPathHelper::TwoPathHelper()
{
}

void
TwoPathHelper::SetHostLinkRate(DataRate rate)
{
    m_hostRate = rate;
}

void
TwoPathHelper::SetPathLinkRate(DataRate rate)
{
    m_pathRate = rate;
}

void
TwoPathHelper::SetDelay(Time delay)
{
    m_delay = delay;
}

void
TwoPathHelper::SetQueueSize(uint32_t packets)
{
    m_queue = packets;
}

void
TwoPathHelper::Create()
{
    NS_ASSERT_MSG(m_nodes.GetN() == 0, "TwoPathHelper::Create called twice");
    m_nodes.Create(6);
    PointToPointHelper host;
    host.SetDeviceAttribute("DataRate", DataRateValue(m_hostRate));
    host.SetChannelAttribute("Delay", TimeValue(m_delay));
    host.SetQueue("ns3::DropTailQueue<Packet>",
                  "MaxSize",
                  QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, m_queue)));
    PointToPointHelper path = host;
    path.SetDeviceAttribute("DataRate", DataRateValue(m_pathRate));
    Ipv4ListRoutingHelper routing;
    routing.Add(Ipv4StaticRoutingHelper(), 0);
    routing.Add(Ipv4FlowEcmpRoutingHelper(), -10);
    MpTcpStackHelper stack;
    stack.SetRoutingHelper(routing);
    stack.Install(m_nodes);
    m_links = {host.Install(m_nodes.Get(0), m_nodes.Get(1)),
               path.Install(m_nodes.Get(1), m_nodes.Get(2)),
               path.Install(m_nodes.Get(1), m_nodes.Get(3)),
               path.Install(m_nodes.Get(2), m_nodes.Get(4)),
               path.Install(m_nodes.Get(3), m_nodes.Get(4)),
               host.Install(m_nodes.Get(4), m_nodes.Get(5))};
    Ipv4AddressHelper addr("10.3.0.0", "255.255.255.0");
    TrafficControlHelper tch;
    for (auto& d : m_links)
    {
        m_ifs.push_back(addr.Assign(d));
        addr.NewNetwork();
        tch.Uninstall(d); // the devices' own DropTail queues only
    }
    Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
}

NodeContainer
TwoPathHelper::GetNodes() const
{
    return m_nodes;
}

Ptr<Node>
TwoPathHelper::GetHostA() const
{
    return m_nodes.Get(0);
}

Ptr<Node>
TwoPathHelper::GetHostB() const
{
    return m_nodes.Get(5);
}

Ipv4Address
TwoPathHelper::GetHostAddressA() const
{
    return m_ifs.at(A_S1).GetAddress(0);
}

Ipv4Address
TwoPathHelper::GetHostAddressB() const
{
    return m_ifs.at(S2_B).GetAddress(1);
}

NetDeviceContainer
TwoPathHelper::GetLink(uint32_t link) const
{
    return m_links.at(link);
}

Ipv4InterfaceContainer
TwoPathHelper::GetInterfaces(uint32_t link) const
{
    return m_ifs.at(link);
}

Ipv4Address
TwoPathHelper::GetGateway(uint32_t path) const
{
    NS_ASSERT(path < 2);
    return m_ifs.at(path == 0 ? S1_R1 : S1_R2).GetAddress(1);
}

Ptr<Ipv4FlowEcmpRouting>
TwoPathHelper::GetFirstSwitchRouting() const
{
    return Ipv4FlowEcmpRoutingHelper::GetRouting(m_nodes.Get(1));
}

/// The 5-tuple of a subflow's packets from its local end.
static Ipv4FlowEcmpRouting::FiveTuple
SubflowFiveTuple(Ptr<MpTcpSubflow> sf)
{
    Ipv4FlowEcmpRouting::FiveTuple t;
    uint16_t sport;
    uint16_t dport;
    sf->GetFourTuple(t.source, sport, t.destination, dport);
    t.protocol = 6;
    t.sourcePort = sport;
    t.destinationPort = dport;
    return t;
}

void
TwoPathHelper::PinSubflow(Ptr<MpTcpSubflow> sf, uint32_t path) const
{
    NS_ASSERT(path < 2);
    GetFirstSwitchRouting()->PinFlow(SubflowFiveTuple(sf), GetGateway(path));
}

uint32_t
TwoPathHelper::GetSubflowPath(Ptr<MpTcpSubflow> sf) const
{
    Ptr<Ipv4Route> r = GetFirstSwitchRouting()->Lookup(SubflowFiveTuple(sf));
    return (r && r->GetGateway() == GetGateway(0)) ? 0 : 1;
}

void
TwoPathHelper::PinSubflows(Ptr<Socket> client, PinnedCallback pinned) const
{
    auto count = std::make_shared<uint32_t>(0);
    TwoPathHelper self = *this;
    client->TraceConnectWithoutContext(
        "SubflowEstablished",
        Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([self, count, pinned](Ptr<MpTcpSubflow> sf) {
            uint32_t path = *count % 2;
            self.PinSubflow(sf, path);
            ++*count;
            if (pinned)
            {
                pinned(sf, path);
            }
        })));
}

void
TwoPathHelper::FailPath(uint32_t path, Time from, Time to) const
{
    NS_ASSERT(path < 2);
    Ptr<NetDevice> dev = m_links.at(path == 0 ? R1_S2 : R2_S2).Get(1);
    Simulator::Schedule(from, MPTCP_EVENT([dev]() {
        Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
        em->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
        em->SetRate(1.0);
        dev->SetAttribute("ReceiveErrorModel", PointerValue(em));
    }));
    if (to.IsStrictlyPositive())
    {
        Simulator::Schedule(to, MPTCP_EVENT([dev]() {
            Ptr<RateErrorModel> em = CreateObject<RateErrorModel>();
            em->SetRate(0.0);
            dev->SetAttribute("ReceiveErrorModel", PointerValue(em));
        }));
    }
}

std::vector<std::string>
TwoPathHelper::EnablePcap(const std::string& prefix) const
{
    PointToPointHelper p2p;
    std::vector<std::string> files = {prefix + "-a.pcap", prefix + "-b.pcap"};
    p2p.EnablePcap(files[0], m_links.at(A_S1).Get(0), false, true);
    p2p.EnablePcap(files[1], m_links.at(S2_B).Get(1), false, true);
    return files;
}

TwoPathHelper::BulkTransfer
TwoPathHelper::InstallBulkTransfer(uint16_t port, uint32_t sendSize, Time start) const
{
    PacketSinkHelper sinkHelper("ns3::MpTcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sinkApp = sinkHelper.Install(GetHostB());
    sinkApp.Start(Seconds(0));
    BulkSendHelper bulk("ns3::MpTcpSocketFactory", InetSocketAddress(GetHostAddressB(), port));
    bulk.SetAttribute("MaxBytes", UintegerValue(0));
    bulk.SetAttribute("SendSize", UintegerValue(sendSize));
    ApplicationContainer bulkApp = bulk.Install(GetHostA());
    bulkApp.Start(start);
    return {DynamicCast<BulkSendApplication>(bulkApp.Get(0)),
            DynamicCast<PacketSink>(sinkApp.Get(0))};
}

} // namespace ns3
