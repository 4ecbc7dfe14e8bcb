/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/datacenter-topology.h"

#include "ns3/abort.h"
#include "ns3/ack-priority-queue.h"
#include "ns3/datacenter-partition.h"
#include "ns3/ecmp-switch-forwarder.h"
#include "ns3/equal-cost-path-counter.h"
#include "ns3/global-router-interface.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/mptcp-stack-helper.h"
#include "ns3/mptcp-transport-socket-factory.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/queue-disc.h"
#include "ns3/queue-size.h"
#include "ns3/string.h"
#include "ns3/traffic-control-layer.h"

#include <memory>
#include <set>

namespace ns3
{

DatacenterTopology::DatacenterTopology(std::string className)
    : m_className(std::move(className))
{
}

void
DatacenterTopology::InstallStack(Stack stack)
{
    NS_ABORT_MSG_IF(!m_created, m_className << "::InstallStack: call Create() first");
    // Every device queue once: its limit in bytes, then the ACK-first what-if with that limit.
    for (const Link& link : GetLinks())
    {
        for (Ptr<PointToPointNetDevice> dev : {link.devA, link.devB})
        {
            QueueSize limit = dev->GetQueue()->GetMaxSize();
            if (m_queueBytesPerPacket > 0)
            {
                NS_ABORT_MSG_IF(limit.GetUnit() != QueueSizeUnit::PACKETS,
                                m_className << "::InstallStack: a device queue already in bytes");
                limit = QueueSize(QueueSizeUnit::BYTES, limit.GetValue() * m_queueBytesPerPacket);
                dev->GetQueue()->SetMaxSize(limit);
            }
            if (m_ackPriority)
            {
                Ptr<AckPriorityQueue> q = CreateObject<AckPriorityQueue>();
                q->SetMaxSize(limit);
                dev->SetQueue(q);
            }
        }
    }
    if (stack == STOCK)
    {
        InternetStackHelper plain; // TcpL4Protocol, static + global routing
        plain.Install(GetNodes());
        // ns-3's TcpSocketBase, with the simulation's attributes (TransportAttributes).
        for (uint32_t i = 0; i < GetNodes().GetN(); ++i)
        {
            GetNodes().Get(i)->AggregateObject(CreateObject<TcpSocketBaseFactory>());
        }
        AssignIpv4Addresses();
        // Global routing as ns-3's helper computes it, recomputed if this simulation built it
        // before (another topology): see Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables().
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
    }
    else
    {
        MpTcpStackHelper mptcp;
        Ipv4FlowEcmpRoutingHelper routing;
        routing.Set("Mode", StringValue(m_perPacketEcmp ? "PER_PACKET" : "PER_FLOW"));
        mptcp.SetRoutingHelper(routing);
        mptcp.Install(GetNodes());
        AssignIpv4Addresses();
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
    }
    // The fast path needs the flow-ECMP stack; ingress order needs a forwarder in every mode.
    const bool fast = stack != STOCK && m_switchForwarding == FAST_FORWARDING;
    NS_ABORT_MSG_IF(m_ecnThreshold > 0 && !fast,
                    m_className << "::InstallStack: ECN marking needs the flow-ECMP stack and "
                                   "FAST_FORWARDING");
    if (fast || m_arrivalOrder == EcmpSwitchForwarder::INGRESS_ORDER)
    {
        NodeContainer switches = GetSwitches();
        for (uint32_t i = 0; i < switches.GetN(); ++i)
        {
            Ptr<EcmpSwitchForwarder> fwd =
                EcmpSwitchForwarder::Install(switches.Get(i), fast, m_arrivalOrder);
            fwd->SetEcnThreshold(m_ecnThreshold);
        }
    }
}

void
DatacenterTopology::SetAckPriority(bool on)
{
    NS_ABORT_MSG_IF(m_assigned, m_className << "::SetAckPriority must precede InstallStack()");
    m_ackPriority = on;
}

void
DatacenterTopology::SetQueueBytesPerPacket(uint32_t bytesPerPacket)
{
    NS_ABORT_MSG_IF(m_assigned,
                    m_className << "::SetQueueBytesPerPacket must precede InstallStack()");
    m_queueBytesPerPacket = bytesPerPacket;
}

void
DatacenterTopology::SetPerPacketEcmp(bool perPacket)
{
    NS_ABORT_MSG_IF(m_assigned, m_className << "::SetPerPacketEcmp must precede InstallStack()");
    m_perPacketEcmp = perPacket;
}

void
DatacenterTopology::SetEcnThreshold(uint32_t packets)
{
    NS_ABORT_MSG_IF(m_assigned, m_className << "::SetEcnThreshold must precede InstallStack()");
    m_ecnThreshold = packets;
}

uint32_t
DatacenterTopology::GetEcnThreshold() const
{
    return m_ecnThreshold;
}

uint64_t
DatacenterTopology::GetNEcnMarked() const
{
    uint64_t marked = 0;
    NodeContainer switches = GetSwitches();
    for (uint32_t i = 0; i < switches.GetN(); ++i)
    {
        if (Ptr<EcmpSwitchForwarder> fwd = switches.Get(i)->GetObject<EcmpSwitchForwarder>())
        {
            marked += fwd->GetNMarked();
        }
    }
    return marked;
}

void
DatacenterTopology::SetSwitchForwarding(SwitchForwarding mode)
{
    NS_ABORT_MSG_IF(m_assigned,
                    m_className << "::SetSwitchForwarding must precede InstallStack()");
    m_switchForwarding = mode;
}

DatacenterTopology::SwitchForwarding
DatacenterTopology::GetSwitchForwarding() const
{
    return m_switchForwarding;
}

void
DatacenterTopology::SetArrivalOrder(EcmpSwitchForwarder::ArrivalOrder order)
{
    NS_ABORT_MSG_IF(m_assigned, m_className << "::SetArrivalOrder must precede InstallStack()");
    m_arrivalOrder = order;
}

EcmpSwitchForwarder::ArrivalOrder
DatacenterTopology::GetArrivalOrder() const
{
    return m_arrivalOrder;
}

NodeContainer
DatacenterTopology::GetSwitches() const
{
    NodeContainer hosts = GetHosts();
    std::set<uint32_t> hostIds;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        hostIds.insert(hosts.Get(i)->GetId());
    }
    NodeContainer all = GetNodes();
    NodeContainer switches;
    for (uint32_t i = 0; i < all.GetN(); ++i)
    {
        if (hostIds.count(all.Get(i)->GetId()) == 0)
        {
            switches.Add(all.Get(i));
        }
    }
    return switches;
}

void
DatacenterTopology::Build(Stack stack)
{
    Create();
    InstallStack(stack);
}

bool
DatacenterTopology::IsCreated() const
{
    return m_created;
}

bool
DatacenterTopology::IsAssigned() const
{
    return m_assigned;
}

void
DatacenterTopology::RequireNotCreated(const char* method) const
{
    NS_ABORT_MSG_IF(m_created, m_className << "::" << method << " must precede Create()");
}

void
DatacenterTopology::SetSystemCount(uint32_t systems)
{
    RequireNotCreated("SetSystemCount");
    NS_ABORT_MSG_IF(systems == 0, m_className << "::SetSystemCount: at least 1 rank");
    m_systems = systems;
}

uint32_t
DatacenterTopology::GetSystemCount() const
{
    return m_systems;
}

void
DatacenterTopology::CreateNodes(NodeContainer& c, uint32_t count, uint32_t groups) const
{
    for (uint32_t i = 0; i < count; ++i)
    {
        const uint32_t group = static_cast<uint32_t>(uint64_t(i) * groups / count);
        c.Add(CreateObject<Node>(DatacenterPartition::SystemOf(group, groups, m_systems)));
    }
}

void
DatacenterTopology::BeginCreate()
{
    NS_ABORT_MSG_IF(m_created, m_className << "::Create called twice");
    m_created = true;
}

void
DatacenterTopology::BeginAssign()
{
    NS_ABORT_MSG_IF(!m_created, m_className << "::AssignIpv4Addresses: call Create() first");
    NS_ABORT_MSG_IF(m_assigned, m_className << "::AssignIpv4Addresses called twice");
    m_assigned = true;
}

void
DatacenterTopology::RequireAssigned(const char* method) const
{
    NS_ABORT_MSG_IF(!m_assigned,
                    m_className << "::" << method << ": call AssignIpv4Addresses() first");
}

void
DatacenterTopology::AssignSwitchLink(const Link& link, uint32_t n)
{
    NS_ABORT_MSG_IF(n >= (1U << 18), "DatacenterTopology: too many switch links for 172.16.0.0/12");
    const Ipv4Mask mask("255.255.255.252");
    const uint32_t base = Ipv4Address("172.16.0.0").Get() + 4 * n;
    AssignAddress(link.devA, Ipv4Address(base + 1), mask, 1);
    AssignAddress(link.devB, Ipv4Address(base + 2), mask, 1);
}

NetDeviceContainer
DatacenterTopology::InstallWithoutFlowControl(PointToPointHelper& p2p, Ptr<Node> a, Ptr<Node> b)
{
#if MPTCP_HAVE_DISABLE_FLOW_CONTROL
    p2p.DisableFlowControl();
    return p2p.Install(a, b);
#else
    NetDeviceContainer d = p2p.Install(a, b);
    for (uint32_t i = 0; i < d.GetN(); ++i)
    {
        Ptr<PointToPointNetDevice> dev = DynamicCast<PointToPointNetDevice>(d.Get(i));
        Ptr<Queue<Packet>> watched = dev->GetQueue();
        ObjectFactory factory;
        factory.SetTypeId(watched->GetInstanceTypeId());
        Ptr<Queue<Packet>> queue = factory.Create<Queue<Packet>>();
        queue->SetMaxSize(watched->GetMaxSize());
        dev->SetQueue(queue);
    }
    return d;
#endif
}

DatacenterTopology::Link
DatacenterTopology::MakeLink(Ptr<Node> a,
                             Ptr<Node> b,
                             Layer layer,
                             DataRate rate,
                             Time delay,
                             uint32_t queue)
{
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(rate));
    p2p.SetChannelAttribute("Delay", TimeValue(delay));
    p2p.SetQueue("ns3::DropTailQueue<Packet>",
                 "MaxSize",
                 QueueSizeValue(QueueSize(std::to_string(queue) + "p")));
    NetDeviceContainer d = InstallWithoutFlowControl(p2p, a, b);
    Link link;
    link.a = a;
    link.b = b;
    link.devA = DynamicCast<PointToPointNetDevice>(d.Get(0));
    link.devB = DynamicCast<PointToPointNetDevice>(d.Get(1));
    link.layer = layer;
    return link;
}

void
DatacenterTopology::AssignAddress(Ptr<NetDevice> dev,
                                  Ipv4Address addr,
                                  Ipv4Mask mask,
                                  uint16_t metric)
{
    Ptr<Node> node = dev->GetNode();
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4,
                    "AssignIpv4Addresses: node "
                        << node->GetId()
                        << " has no IPv4 stack; install an internet stack on GetNodes() first");
    int32_t i = ipv4->GetInterfaceForDevice(dev);
    if (i < 0)
    {
        i = ipv4->AddInterface(dev);
    }
    ipv4->AddAddress(i, Ipv4InterfaceAddress(addr, mask));
    ipv4->SetMetric(i, metric);
    ipv4->SetUp(i);
    Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
    if (tc && tc->GetRootQueueDiscOnDevice(dev))
    {
        tc->DeleteRootQueueDiscOnDevice(dev);
    }
}

void
DatacenterTopology::AddRoutableAddress(Ptr<NetDevice> dev, Ipv4Address addr)
{
    using Router = MPTCP_IPV4_GLOBAL_ROUTER;
    Ptr<Node> node = dev->GetNode();
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    const int32_t i = ipv4 ? ipv4->GetInterfaceForDevice(dev) : -1;
    NS_ABORT_MSG_IF(i < 0,
                    "AddRoutableAddress: node " << node->GetId()
                                                << " has no IPv4 interface for the device");
    Ptr<Router> router = node->GetObject<Router>();
    NS_ABORT_MSG_IF(!router,
                    "AddRoutableAddress: node " << node->GetId()
                                                << " has no GlobalRouter: more than one address "
                                                   "per host needs global routing (e.g. "
                                                   "Ipv4FlowEcmpRoutingHelper)");
    ipv4->AddAddress(static_cast<uint32_t>(i), Ipv4InterfaceAddress(addr, Ipv4Mask::GetOnes()));
    router->InjectRoute(addr, Ipv4Mask::GetOnes());
}

void
DatacenterTopology::SetPathCounters(const NodeContainer& hosts,
                                    const std::map<uint32_t, uint32_t>& index,
                                    std::function<uint32_t(uint32_t, uint32_t)> count)
{
    auto shared = std::make_shared<const std::map<uint32_t, uint32_t>>(index);
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        Ptr<Node> host = hosts.Get(i);
        Ptr<EqualCostPathCounter> counter = host->GetObject<EqualCostPathCounter>();
        if (!counter)
        {
            counter = CreateObject<EqualCostPathCounter>();
            host->AggregateObject(counter);
        }
        counter->SetCountCallback(EqualCostPathCounter::CountCallback(MPTCP_CALLBACK(
            [shared, count](Ipv4Address src, Ipv4Address dst) -> uint32_t {
                auto s = shared->find(src.Get());
                auto d = shared->find(dst.Get());
                if (s == shared->end() || d == shared->end())
                {
                    return 0;
                }
                return count(s->second, d->second);
            })));
    }
}

} // namespace ns3
