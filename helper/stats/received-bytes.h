/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_RECEIVED_BYTES_H
#define MPTCP_RECEIVED_BYTES_H

#include "ns3/packet-sink.h"
#include "ns3/ptr.h"

#include <cstdint>

/**
 * \file
 * \ingroup mptcp
 * ns3::GetReceivedBytes: the bytes that reached a receiver, read by the application or not.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Bytes of a PacketSink's connections that have arrived at the receiving host: what the
 * application read (PacketSink "TotalRx") plus what its accepted sockets hold above a hole.
 *
 * Goodput over a measurement window is the difference of this count at the window's two
 * ends. PacketSink's TotalRx alone counts a byte when the hole before it is filled, so data
 * queued behind a hole at the start of the window (up to a receive buffer: megabytes with
 * 16 MB buffers after slow start) would be credited to the window. Held bytes are counted in
 * ns-3 TCP's receive buffer (TcpRxBuffer::Size(): of a TcpSocketBase, or of each subflow of
 * an MpTcpSocketBase) and in an MpTcpSocketBase's connection-level reorder queue
 * (MpTcpSocketBase::GetRxOutOfOrderBytes()). Data that arrived twice (reinjected on another
 * subflow while the first copy waits above a subflow-level hole) may count twice until the
 * holes are filled.
 *
 * \param sink the receiving application; sockets of other types it accepted count 0
 * \return bytes received, bytes
 */
uint64_t GetReceivedBytes(Ptr<const PacketSink> sink);

} // namespace ns3

#endif /* MPTCP_RECEIVED_BYTES_H */
