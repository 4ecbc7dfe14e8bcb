/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/ipv4-flow-ecmp-routing-helper.h"

#include "ns3/channel.h"
#include "ns3/global-router-interface.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/net-device.h"
#include "ns3/node-list.h"

#include <set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("Ipv4FlowEcmpRoutingHelper");

Ipv4FlowEcmpRoutingHelper::Ipv4FlowEcmpRoutingHelper()
{
    m_factory.SetTypeId(Ipv4FlowEcmpRouting::GetTypeId());
}

Ipv4FlowEcmpRoutingHelper::Ipv4FlowEcmpRoutingHelper(const Ipv4FlowEcmpRoutingHelper& o)
    : Ipv4RoutingHelper(),
      m_factory(o.m_factory)
{
}

Ipv4FlowEcmpRoutingHelper::~Ipv4FlowEcmpRoutingHelper()
{
}

Ipv4FlowEcmpRoutingHelper*
Ipv4FlowEcmpRoutingHelper::Copy() const
{
    return new Ipv4FlowEcmpRoutingHelper(*this);
}

void
Ipv4FlowEcmpRoutingHelper::Set(std::string name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

Ptr<Ipv4RoutingProtocol>
Ipv4FlowEcmpRoutingHelper::Create(Ptr<Node> node) const
{
    NS_LOG_FUNCTION(this << node);
    Ipv4GlobalRoutingHelper global;
    Ptr<Ipv4GlobalRouting> inner = DynamicCast<Ipv4GlobalRouting>(global.Create(node));
    NS_ABORT_MSG_IF(!inner,
                    "Ipv4FlowEcmpRoutingHelper::Create: Ipv4GlobalRoutingHelper did not return "
                    "an Ipv4GlobalRouting for node "
                        << node->GetId());
    Ptr<Ipv4FlowEcmpRouting> routing = m_factory.Create<Ipv4FlowEcmpRouting>();
    routing->SetInnerRouting(inner);
    return routing;
}

bool
Ipv4FlowEcmpRoutingHelper::IsGlobalRoutingBuilt()
{
    using Router = MPTCP_IPV4_GLOBAL_ROUTER;
    for (auto it = NodeList::Begin(); it != NodeList::End(); ++it)
    {
        Ptr<Router> router = (*it)->GetObject<Router>();
        if (router && router->GetNumLSAs() > 0)
        {
            return true;
        }
    }
    return false;
}

void
Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables()
{
    if (IsGlobalRoutingBuilt())
    {
        NS_LOG_INFO("global routing already built in this simulation: recomputing all routes");
        RecomputeRoutingTables();
        return;
    }
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();
    Ipv4FlowEcmpRouting::InvalidateAllCaches();
}

void
Ipv4FlowEcmpRoutingHelper::RecomputeRoutingTables()
{
    Ipv4GlobalRoutingHelper::RecomputeRoutingTables();
    Ipv4FlowEcmpRouting::InvalidateAllCaches();
}

Ptr<Ipv4FlowEcmpRouting>
Ipv4FlowEcmpRoutingHelper::GetRouting(Ptr<Node> node)
{
    if (!node)
    {
        return nullptr;
    }
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    if (!ipv4)
    {
        return nullptr;
    }
    Ptr<Ipv4RoutingProtocol> proto = ipv4->GetRoutingProtocol();
    if (Ptr<Ipv4FlowEcmpRouting> r = DynamicCast<Ipv4FlowEcmpRouting>(proto))
    {
        return r;
    }
    if (Ptr<Ipv4ListRouting> list = DynamicCast<Ipv4ListRouting>(proto))
    {
        for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
        {
            int16_t priority;
            Ptr<Ipv4FlowEcmpRouting> r =
                DynamicCast<Ipv4FlowEcmpRouting>(list->GetRoutingProtocol(i, priority));
            if (r)
            {
                return r;
            }
        }
    }
    return nullptr;
}

namespace
{
/**
 * \param node a node
 * \param addr an address
 * \return whether one of node's IPv4 interfaces has addr
 */
bool
OwnsAddress(Ptr<Node> node, Ipv4Address addr)
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    return ipv4 && ipv4->GetInterfaceForAddress(addr) >= 0;
}
} // namespace

std::vector<Ptr<Node>>
Ipv4FlowEcmpRoutingHelper::TracePath(Ptr<Node> source, const Ipv4FlowEcmpRouting::FiveTuple& tuple)
{
    std::vector<Ptr<Node>> path;
    std::set<uint32_t> seen;
    Ptr<Node> node = source;
    const uint32_t maxHops = NodeList::GetNNodes() + 1;
    while (node)
    {
        if (!seen.insert(node->GetId()).second || path.size() > maxHops)
        {
            NS_LOG_WARN("TracePath: loop at node " << node->GetId() << " for " << tuple);
            return {};
        }
        path.push_back(node);
        if (OwnsAddress(node, tuple.destination))
        {
            return path;
        }
        Ptr<Ipv4FlowEcmpRouting> routing = GetRouting(node);
        if (!routing)
        {
            NS_LOG_WARN("TracePath: node " << node->GetId() << " has no Ipv4FlowEcmpRouting");
            return {};
        }
        Ptr<Ipv4Route> route = routing->Lookup(tuple);
        if (!route)
        {
            NS_LOG_WARN("TracePath: node " << node->GetId() << " has no route for " << tuple);
            return {};
        }
        const Ipv4Address next =
            route->GetGateway() == Ipv4Address::GetAny() ? tuple.destination : route->GetGateway();
        Ptr<NetDevice> dev = route->GetOutputDevice();
        Ptr<Channel> channel = dev ? dev->GetChannel() : nullptr;
        Ptr<Node> nextNode;
        if (channel)
        {
            for (std::size_t i = 0; i < channel->GetNDevices() && !nextNode; ++i)
            {
                Ptr<NetDevice> other = channel->GetDevice(i);
                if (other != dev && OwnsAddress(other->GetNode(), next))
                {
                    nextNode = other->GetNode();
                }
            }
        }
        if (!nextNode)
        {
            NS_LOG_WARN("TracePath: no neighbour of node " << node->GetId() << " owns " << next);
            return {};
        }
        node = nextNode;
    }
    return {};
}

int64_t
Ipv4FlowEcmpRoutingHelper::AssignStreams(NodeContainer c, int64_t stream)
{
    int64_t current = stream;
    for (auto it = c.Begin(); it != c.End(); ++it)
    {
        Ptr<Ipv4FlowEcmpRouting> r = GetRouting(*it);
        if (r)
        {
            current += r->AssignStreams(current);
        }
    }
    return current - stream;
}

} // namespace ns3
