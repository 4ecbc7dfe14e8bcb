/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/transport-socket-factory.h"

#include "ns3/mptcp-socket-base.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TransportSocketFactory");
NS_OBJECT_ENSURE_REGISTERED(TransportSocketFactory);

TypeId
TransportSocketFactory::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TransportSocketFactory").SetParent<SocketFactory>().SetGroupName("Mptcp");
    return tid;
}

void
TransportSocketFactory::SetTypes(TypeId socketType, TypeId subflowType)
{
    m_socket.SetTypeId(socketType);
    m_multipath = subflowType != TypeId();
    if (m_multipath)
    {
        m_subflow.SetTypeId(subflowType);
    }
}

void
TransportSocketFactory::SetSocketAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    m_socket.Set(name, value);
}

void
TransportSocketFactory::SetTcpAttribute(const std::string& name, const AttributeValue& value)
{
    NS_LOG_FUNCTION(this << name);
    (m_multipath ? m_subflow : m_socket).Set(name, value);
}

bool
TransportSocketFactory::SetTcpAttributeFailSafe(const std::string& name,
                                                const AttributeValue& value)
{
    TypeId::AttributeInformation info;
    if (!GetTcpTypeId().LookupAttributeByName(name, &info))
    {
        return false;
    }
    SetTcpAttribute(name, value);
    return true;
}

TypeId
TransportSocketFactory::GetSocketTypeId() const
{
    return m_socket.GetTypeId();
}

TypeId
TransportSocketFactory::GetTcpTypeId() const
{
    return m_multipath ? m_subflow.GetTypeId() : m_socket.GetTypeId();
}

bool
TransportSocketFactory::IsMultipath() const
{
    return m_multipath;
}

Ptr<Socket>
TransportSocketFactory::CreateConfiguredSocket() const
{
    Ptr<Socket> socket = m_socket.Create<Socket>();
    if (m_multipath)
    {
        Ptr<MpTcpSocketBase> meta = DynamicCast<MpTcpSocketBase>(socket);
        NS_ABORT_MSG_IF(!meta,
                        GetInstanceTypeId().GetName()
                            << ": " << m_socket.GetTypeId().GetName()
                            << " has subflows but is not an ns3::MpTcpSocketBase");
        meta->SetSubflowFactory(m_subflow);
    }
    return socket;
}

} // namespace ns3
