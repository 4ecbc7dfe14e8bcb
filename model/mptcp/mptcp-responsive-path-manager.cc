/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-responsive-path-manager.h"

#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpResponsivePathManager");

NS_OBJECT_ENSURE_REGISTERED(MpTcpResponsivePathManager);

TypeId
MpTcpResponsivePathManager::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpResponsivePathManager")
                            .SetParent<MpTcpFullmeshPathManager>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpResponsivePathManager>();
    return tid;
}

std::string
MpTcpResponsivePathManager::GetName() const
{
    return "responsive";
}

Ptr<MpTcpPathManager>
MpTcpResponsivePathManager::Fork() const
{
    return CopyObject<MpTcpResponsivePathManager>(this);
}

void
MpTcpResponsivePathManager::FullyEstablished(MpTcpSocketBase& conn)
{
    NS_LOG_FUNCTION(this << &conn);
}

bool
MpTcpResponsivePathManager::OpenSubflows(MpTcpSocketBase& conn, uint32_t n)
{
    NS_LOG_FUNCTION(this << &conn << n);
    if (conn.IsPassiveOpen())
    {
        return true; // the sender's monitor asks; the passive end never opens
    }
    uint32_t live = 0;
    for (const auto& sf : conn.GetSubflows())
    {
        live += sf->GetState() != TcpSocket::CLOSED ? 1 : 0;
    }
    const uint32_t room = live < conn.GetMaxSubflows() ? conn.GetMaxSubflows() - live : 0;
    const uint32_t want = std::min(n, room);
    const uint32_t onPairs = OpenMeshSubflows(conn, live + want);
    if (onPairs < want)
    {
        OpenOnInitialPair(conn, want - onPairs, want - onPairs + 1); // none a backup
    }
    NS_LOG_INFO(&conn << " opened " << want << " of " << n << " subflows asked (" << onPairs
                      << " on new address pairs)");
    return true;
}

} // namespace ns3
