/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/out-of-band-interfaces.h"

#include "ns3/abort.h"
#include "ns3/ecmp-forwarding-table.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("OutOfBandInterfaces");
NS_OBJECT_ENSURE_REGISTERED(OutOfBandInterfaces);

TypeId
OutOfBandInterfaces::GetTypeId()
{
    static TypeId tid = TypeId("ns3::OutOfBandInterfaces")
                            .SetParent<Object>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<OutOfBandInterfaces>();
    return tid;
}

void
OutOfBandInterfaces::Add(Ptr<Node> node, uint32_t interface)
{
    NS_ABORT_MSG_IF(!node || !node->GetObject<Ipv4>(),
                    "OutOfBandInterfaces::Add: the node has no IPv4 stack");
    NS_ABORT_MSG_IF(interface >= node->GetObject<Ipv4>()->GetNInterfaces(),
                    "OutOfBandInterfaces::Add: node " << node->GetId() << " has no interface "
                                                      << interface);
    Ptr<OutOfBandInterfaces> self = node->GetObject<OutOfBandInterfaces>();
    if (!self)
    {
        self = CreateObject<OutOfBandInterfaces>();
        node->AggregateObject(self);
    }
    if (std::find(self->m_interfaces.begin(), self->m_interfaces.end(), interface) ==
        self->m_interfaces.end())
    {
        self->m_interfaces.push_back(interface);
    }
    EcmpForwardingTable::InvalidateAllCaches(); // the tables read the marks when rebuilt
}

bool
OutOfBandInterfaces::IsOutOfBand(Ptr<const Ipv4> ipv4, uint32_t interface)
{
    if (!ipv4)
    {
        return false;
    }
    Ptr<const OutOfBandInterfaces> self = ipv4->GetObject<OutOfBandInterfaces>();
    return self && std::find(self->m_interfaces.begin(), self->m_interfaces.end(), interface) !=
                       self->m_interfaces.end();
}

const std::vector<uint32_t>&
OutOfBandInterfaces::GetInterfaces() const
{
    return m_interfaces;
}

} // namespace ns3
