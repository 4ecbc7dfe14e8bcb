/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-ndiffports-path-manager.h"

#include "ns3/mptcp-socket-base.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(MpTcpNdiffportsPathManager);

TypeId
MpTcpNdiffportsPathManager::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MpTcpNdiffportsPathManager")
                            .SetParent<MpTcpPathManager>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<MpTcpNdiffportsPathManager>();
    return tid;
}

std::string
MpTcpNdiffportsPathManager::GetName() const
{
    return "ndiffports";
}

Ptr<MpTcpPathManager>
MpTcpNdiffportsPathManager::Fork() const
{
    return CopyObject<MpTcpNdiffportsPathManager>(this);
}

void
MpTcpNdiffportsPathManager::FullyEstablished(MpTcpSocketBase& conn)
{
    // NumSubflows includes the initial subflow.
    OpenOnInitialPair(conn, conn.GetNumSubflows() - 1, conn.GetNumSubflows());
}

} // namespace ns3
