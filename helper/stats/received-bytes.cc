/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/received-bytes.h"

#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/tcp-rx-buffer.h"
#include "ns3/tcp-socket-base.h"

namespace ns3
{

namespace
{

/// \return bytes in a TCP socket's receive buffer (in order but unread, or above a hole)
uint64_t
TcpHeldBytes(Ptr<const TcpSocketBase> socket)
{
    return socket->GetRxBuffer()->Size();
}

} // namespace

uint64_t
GetReceivedBytes(Ptr<const PacketSink> sink)
{
    uint64_t bytes = sink->GetTotalRx();
    for (const Ptr<Socket>& socket : sink->GetAcceptedSockets())
    {
        if (Ptr<const MpTcpSocketBase> mptcp = DynamicCast<const MpTcpSocketBase>(socket))
        {
            bytes += mptcp->GetRxAvailable() + mptcp->GetRxOutOfOrderBytes();
            for (const Ptr<MpTcpSubflow>& subflow : mptcp->GetSubflows())
            {
                bytes += TcpHeldBytes(subflow);
            }
        }
        else if (Ptr<const TcpSocketBase> tcp = DynamicCast<const TcpSocketBase>(socket))
        {
            bytes += TcpHeldBytes(tcp);
        }
    }
    return bytes;
}

} // namespace ns3
