/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_REASSEMBLY_QUEUE_H
#define MPTCP_REASSEMBLY_QUEUE_H

#include "ns3/mptcp-map-node-pool.h"

#include "ns3/packet.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <deque>
#include <map>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The connection-level receive queue of an MPTCP connection (RFC 8684 §3.3): data
 * that arrived on any subflow is placed at its data sequence number (DSN), delivered to the
 * application in DSN order, once, whatever subflow carried it (Linux net/mptcp/protocol.c,
 * the out-of-order queue and receive queue of the msk).
 *
 * It keeps the next DSN expected, which is the DATA_ACK to send (§3.3.2), the out-of-order
 * data above a hole (by DSN; a chunk that arrives again at the same DSN replaces a shorter
 * copy), and the in-order bytes the application has not read yet. Bytes below the next
 * expected DSN are duplicates and are dropped (the part of a chunk that overlaps them is
 * cut). The receive window check of a mapping (§3.3.4) is FitsWindow().
 */
class MpTcpReassemblyQueue
{
  public:
    /**
     * \brief Start (or move) the data sequence space: the next DSN expected; out-of-order
     * data that this makes in order is delivered.
     * \param dsn the peer's IDSN + 1 (RFC 8684 §3.3.1)
     */
    void SetNext(uint64_t dsn);
    /// \return the next DSN expected: the DATA_ACK to send (RFC 8684 §3.3.2)
    uint64_t GetNext() const;
    /**
     * \brief Place \p p at data sequence number \p dsn: dropped if it is wholly below the next
     * expected DSN, cut if partly; kept out of order above a hole; otherwise delivered,
     * together with the out-of-order data it makes contiguous.
     * \param dsn DSN of the first byte of \p p
     * \param p the data (may be modified: its duplicate head is cut)
     * \return true if the next expected DSN advanced (data was delivered)
     */
    bool Insert(uint64_t dsn, Ptr<Packet> p);
    /**
     * \brief Deliver bytes outside the data sequence space (fallback to TCP, RFC 8684 §3.7).
     * \param p the bytes
     * \param advance true: they also advance the next expected DSN (an infinite mapping
     * continues the data sequence space); false: they do not
     */
    void AppendInSequence(Ptr<Packet> p, bool advance);
    /**
     * \brief Move the next expected DSN past \p n octets that carry no data (the peer's
     * DATA_FIN occupies one, RFC 8684 §3.3.3).
     * \param n octets
     */
    void Advance(uint32_t n);
    /**
     * \brief Whether a received mapping ends inside the receive window (RFC 8684 §3.3.4):
     * dsn + length <= next expected DSN + window.
     * \param dsn DSN of its first byte
     * \param length its bytes
     * \param window the receive window, bytes
     * \return true if it does
     */
    bool FitsWindow(uint64_t dsn, uint32_t length, uint32_t window) const;
    /**
     * \brief Take up to \p maxSize in-order bytes for the application.
     * \param maxSize most bytes to return (> 0)
     * \return the bytes, or null if none are ready
     */
    Ptr<Packet> Read(uint32_t maxSize);
    /// \return in-order bytes not yet read by the application
    uint32_t GetAvailable() const;
    /// \return bytes waiting above a hole (a byte that arrived twice in two differently cut
    /// chunks counts twice)
    uint32_t GetOutOfOrderBytes() const;
    /// \return true if no data waits above a hole
    bool IsOutOfOrderEmpty() const;
    /// \return bytes delivered in order since the start (read or not)
    uint64_t GetDelivered() const;
    /// Drop every queued byte (connection torn down); the counters of delivered bytes and
    /// the next expected DSN stay.
    void Clear();

  private:
    /// Move out-of-order data that became in order to the ready queue.
    void DeliverInOrder();

    uint64_t m_next{0};                   //!< next DSN expected
    std::map<uint64_t, Ptr<Packet>> m_ooo; //!< out-of-order data by DSN
    MapNodePool<std::map<uint64_t, Ptr<Packet>>> m_oooNodes; //!< nodes of m_ooo, reused
    uint32_t m_oooBytes{0};               //!< bytes in m_ooo
    std::deque<Ptr<Packet>> m_ready;      //!< in-order data for the application
    uint32_t m_readyBytes{0};             //!< bytes in m_ready
    uint64_t m_delivered{0};              //!< bytes delivered in order
};

} // namespace ns3

#endif /* MPTCP_REASSEMBLY_QUEUE_H */
