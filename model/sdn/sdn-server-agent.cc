/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/sdn-server-agent.h"

#include "ns3/mptcp-socket-base.h"

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/udp-socket-factory.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SdnServerAgent");
NS_OBJECT_ENSURE_REGISTERED(SdnServerAgent);

TypeId
SdnServerAgent::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SdnServerAgent")
            .SetParent<Application>()
            .SetGroupName("Mptcp")
            .AddConstructor<SdnServerAgent>()
            .AddTraceSource("Tx",
                            "A message sent to the controller.",
                            MakeTraceSourceAccessor(&SdnServerAgent::m_txTrace),
                            "ns3::SdnServerAgent::MessageTracedCallback")
            .AddTraceSource("Rx",
                            "A message received from the controller (handled or not).",
                            MakeTraceSourceAccessor(&SdnServerAgent::m_rxTrace),
                            "ns3::SdnServerAgent::MessageTracedCallback");
    return tid;
}

SdnServerAgent::SdnServerAgent()
{
    NS_LOG_FUNCTION(this);
}

SdnServerAgent::~SdnServerAgent()
{
    NS_LOG_FUNCTION(this);
}

void
SdnServerAgent::DoDispose()
{
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->Close();
        m_socket = nullptr;
    }
    m_receive = ReceiveCallback();
    Application::DoDispose();
}

void
SdnServerAgent::SetControlChannel(uint32_t hostIndex,
                                  Ipv4Address localAddress,
                                  Ipv4Address controllerAddress,
                                  uint16_t port)
{
    NS_LOG_FUNCTION(this << hostIndex << localAddress << controllerAddress << port);
    NS_ABORT_MSG_IF(m_socket, "SdnServerAgent::SetControlChannel: called twice");
    NS_ABORT_MSG_IF(!GetNode(), "SdnServerAgent::SetControlChannel: add the agent to a node first");
    m_host = hostIndex;
    m_local = localAddress;
    m_controller = controllerAddress;
    m_port = port;
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(m_socket->Bind(InetSocketAddress(localAddress, port)) != 0,
                    "SdnServerAgent: cannot bind " << localAddress << ":" << port << " on node "
                                                   << GetNode()->GetId());
    m_socket->SetRecvCallback(MakeCallback(&SdnServerAgent::HandleRead, this));
}

uint32_t
SdnServerAgent::GetHostIndex() const
{
    return m_host;
}

Ipv4Address
SdnServerAgent::GetLocalAddress() const
{
    return m_local;
}

Ipv4Address
SdnServerAgent::GetControllerAddress() const
{
    return m_controller;
}

uint16_t
SdnServerAgent::GetPort() const
{
    return m_port;
}

bool
SdnServerAgent::SendToController(SdnServerMessage message)
{
    NS_LOG_FUNCTION(this << message);
    NS_ABORT_MSG_IF(!m_socket, "SdnServerAgent::SendToController: no channel (SetControlChannel)");
    message.SetHostIndex(m_host);
    if (m_socket->SendTo(message.ToPacket(), 0, InetSocketAddress(m_controller, m_port)) !=
        static_cast<int>(SdnServerMessage::kSize))
    {
        NS_LOG_WARN("host " << m_host << ": the socket refused a message to the controller");
        return false;
    }
    ++m_sent;
    m_txTrace(message);
    return true;
}

void
SdnServerAgent::SetReceiveCallback(ReceiveCallback cb)
{
    m_receive = cb;
}

void
SdnServerAgent::AddLocalFlow(Ptr<MpTcpSocketBase> socket)
{
}

void
SdnServerAgent::HandleRead(Ptr<Socket> socket)
{
    Address from;
    while (Ptr<Packet> p = socket->RecvFrom(from))
    {
        SdnServerMessage message;
        if (!SdnServerMessage::Parse(p, message))
        {
            ++m_malformed;
            NS_LOG_LOGIC("host " << m_host << ": dropped a malformed datagram of " << p->GetSize()
                                 << " bytes");
            continue;
        }
        ++m_received;
        m_rxTrace(message);
        if (m_running)
        {
            HandleControllerMessage(message);
        }
    }
}

void
SdnServerAgent::HandleControllerMessage(const SdnServerMessage& message)
{
    if (!m_receive.IsNull())
    {
        m_receive(Ptr<SdnServerAgent>(this), message);
    }
}

void
SdnServerAgent::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = true;
}

void
SdnServerAgent::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_running = false;
}

bool
SdnServerAgent::IsRunning() const
{
    return m_running;
}

uint64_t
SdnServerAgent::GetNSent() const
{
    return m_sent;
}

uint64_t
SdnServerAgent::GetNReceived() const
{
    return m_received;
}

uint64_t
SdnServerAgent::GetNMalformed() const
{
    return m_malformed;
}

} // namespace ns3
