/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/transport-attributes.h"

#include "ns3/transport-socket-factory.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/tcp-l4-protocol.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TransportAttributes");

void
TransportAttributes::SetTcp(const std::string& name, const AttributeValue& value)
{
    m_entries.push_back({TCP, "", name, value.Copy()});
}

void
TransportAttributes::SetMultipath(const std::string& name, const AttributeValue& value)
{
    m_entries.push_back({MULTIPATH, "", name, value.Copy()});
}

void
TransportAttributes::SetSocket(const std::string& factory,
                               const std::string& name,
                               const AttributeValue& value)
{
    TypeId tid;
    NS_ABORT_MSG_IF(!TypeId::LookupByNameFailSafe(factory, &tid) ||
                        !tid.IsChildOf(TransportSocketFactory::GetTypeId()),
                    "TransportAttributes::SetSocket: " << factory
                                                       << " is not an ns3::TransportSocketFactory");
    m_entries.push_back({SOCKET, factory, name, value.Copy()});
}

void
TransportAttributes::SetL4(const std::string& name, const AttributeValue& value)
{
    m_entries.push_back({L4, "", name, value.Copy()});
}

size_t
TransportAttributes::GetN() const
{
    return m_entries.size();
}

void
TransportAttributes::Apply(Ptr<Node> node,
                           const std::vector<Ptr<TransportSocketFactory>>& factories,
                           const Entry& e)
{
    if (e.target == L4)
    {
        Ptr<TcpL4Protocol> tcp = node->GetObject<TcpL4Protocol>();
        if (tcp)
        {
            tcp->SetAttribute(e.name, *e.value);
        }
        return;
    }
    if (factories.empty())
    {
        return; // no TCP on this node (or not the module's stack)
    }
    bool set = e.target != TCP; // the others: skipped where the node lacks the factory
    for (const Ptr<TransportSocketFactory>& f : factories)
    {
        switch (e.target)
        {
        case TCP:
            set = f->SetTcpAttributeFailSafe(e.name, *e.value) || set;
            break;
        case MULTIPATH:
            if (f->IsMultipath())
            {
                f->SetSocketAttribute(e.name, *e.value);
            }
            break;
        case SOCKET:
            if (f->GetInstanceTypeId().GetName() == e.factory)
            {
                f->SetSocketAttribute(e.name, *e.value);
            }
            break;
        case L4:
            break;
        }
    }
    NS_ABORT_MSG_IF(!set,
                    "TransportAttributes: no TCP socket class of node "
                        << node->GetId() << " has attribute " << e.name);
}

void
TransportAttributes::Install(const NodeContainer& nodes) const
{
    NS_LOG_FUNCTION(this << nodes.GetN());
    for (auto n = nodes.Begin(); n != nodes.End(); ++n)
    {
        // The node's factories, found once for all its values.
        std::vector<Ptr<TransportSocketFactory>> factories;
        Object::AggregateIterator it = (*n)->GetAggregateIterator();
        while (it.HasNext())
        {
            const TypeId tid = it.Next()->GetInstanceTypeId();
            if (tid.IsChildOf(TransportSocketFactory::GetTypeId()))
            {
                factories.push_back((*n)->GetObject<TransportSocketFactory>(tid));
            }
        }
        for (const Entry& e : m_entries)
        {
            Apply(*n, factories, e);
        }
    }
}

} // namespace ns3
