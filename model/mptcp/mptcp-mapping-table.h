/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_MAPPING_TABLE_H
#define MPTCP_MAPPING_TABLE_H

#include <cstdint>
#include <deque>
#include <map>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief A data sequence mapping (RFC 8684 §3.3.1): \c length bytes at relative subflow
 * sequence number \c ssn carry data sequence numbers from \c dsn.
 */
struct MpTcpMapping
{
    uint32_t ssn;         //!< relative subflow sequence number of the first byte
    uint64_t dsn;         //!< data sequence number of the first byte
    uint32_t length;      //!< bytes
    uint16_t checksum{0}; //!< DSS checksum of the mapping's data (when checksums are used)
};

/**
 * \ingroup mptcp
 * \brief The data sequence mappings of one subflow, both ways (RFC 8684 §3.3.1, §3.7; Linux
 * keeps them in the subflow context, net/mptcp/subflow.c).
 *
 * Send side: the mappings of the bytes queued on the subflow, in SSN order, announced in the
 * DSS of the segments that carry them (a segment never spans two), dropped once the subflow
 * ACK covers them; the ones not yet acknowledged can be taken, once each, for reinjection on
 * another subflow.
 *
 * Receive side: the mappings announced by the peer's DSS, by SSN, and the position of the
 * next byte the connection reads; each chunk read is cut into (offset, DSN, length) pieces.
 * After a DSS checksum failure (RFC 8684 §3.7) the bytes from the failed mapping on are
 * dropped until the peer's infinite mapping arrives; from the infinite mapping on, every byte
 * follows linearly from its DSN.
 */
class MpTcpMappingTable
{
  public:
    // Send side.
    /**
     * \brief Record the mapping of bytes just queued on the subflow. It extends the last
     * mapping if that one is contiguous in both spaces, not yet on the wire (starts at or
     * after \p sentUpTo), not the first one (SSN 1, which travels in MP_CAPABLE), and stays
     * within 65535 bytes; otherwise it is a new mapping.
     * \param m the mapping (its checksum is used for a new one)
     * \param mayMerge false: always a new mapping (DSS checksums: one mapping per chunk)
     * \param sentUpTo relative SSN of the first byte never sent
     * \return true if it extended the last mapping
     */
    bool AddTx(const MpTcpMapping& m, bool mayMerge, uint32_t sentUpTo);
    /**
     * \brief Undo the last AddTx (the subflow refused the bytes).
     * \param length its bytes
     * \param merged what AddTx returned
     */
    void UndoAddTx(uint32_t length, bool merged);
    /**
     * \param ssn a relative SSN
     * \return the send mapping holding it, or nullptr
     */
    const MpTcpMapping* FindTx(uint32_t ssn) const;
    /**
     * \brief Drop the send mappings wholly below \p una.
     * \param una relative SSN of the oldest unacknowledged byte
     */
    void DiscardTxBelow(uint32_t una);
    /// \return true if no send mapping is held
    bool IsTxEmpty() const;
    /**
     * \brief The send mappings that end above \p una and were not taken before.
     * \param una relative SSN of the oldest unacknowledged byte
     * \param out filled with them
     */
    void TakeUnacked(uint32_t una, std::vector<MpTcpMapping>& out);

    // Receive side.
    /**
     * \brief Record a mapping announced by the peer (a later one at the same SSN replaces it).
     * \param m the mapping
     */
    void AddRx(const MpTcpMapping& m);
    /// \return true if announced mappings wait for their bytes
    bool HasRx() const;
    /// \return relative SSN of the next byte the connection reads
    uint32_t GetReadSsn() const;
    /**
     * \brief Map the next \p length in-order bytes the connection reads; the read position
     * advances by \p length.
     * \param length bytes read
     * \param out filled with pieces: ssn = offset in the chunk, dsn, length
     * \return false if some bytes had no mapping (a protocol error)
     */
    bool Map(uint32_t length, std::vector<MpTcpMapping>& out);
    /**
     * \param dsnEnd filled with the DSN after the last byte mapped so far
     * \return false if no byte was mapped yet
     */
    bool GetLastMappedDsnEnd(uint64_t& dsnEnd) const;
    /**
     * \brief A mapping at \p ssn failed its checksum (RFC 8684 §3.7): bytes from there on
     * are dropped until the infinite mapping (unless already recorded).
     * \param ssn relative SSN of the failed mapping
     */
    void MarkFailed(uint32_t ssn);
    /**
     * \brief Record the failed mapping's SSN unconditionally (the implicit first mapping of
     * MP_CAPABLE, RFC 8684 §3.1, failed).
     * \param ssn relative SSN of the failed mapping
     */
    void SetFailedSsn(uint32_t ssn);
    /// \brief Drop received bytes from the failed mapping on until the infinite mapping.
    void AwaitInfinite();
    /**
     * \brief The peer's infinite mapping arrived: from \p ssn on, bytes follow linearly from
     * \p dsn; the announced mappings are dropped.
     * \param ssn relative SSN where it starts
     * \param dsn its DSN
     */
    void StartRxInfinite(uint32_t ssn, uint64_t dsn);
    /// \return true once the infinite mapping arrived
    bool IsRxInfinite() const;
    /// \return true while waiting for, or after, the infinite mapping
    bool IsRxInfiniteOrAwaited() const;

  private:
    std::deque<MpTcpMapping> m_tx;          //!< send mappings, in SSN order
    uint32_t m_reinjectedUpTo{0};           //!< relative SSN up to which data was taken
    std::map<uint32_t, MpTcpMapping> m_rx;  //!< received mappings, by relative SSN
    uint32_t m_readSsn{1};                  //!< relative SSN of the next byte read
    bool m_awaitInfinite{false};            //!< dropping data until an infinite mapping
    bool m_infinite{false};                 //!< received bytes follow an infinite mapping
    uint32_t m_infiniteSsn{0};              //!< relative SSN where it starts
    uint64_t m_infiniteDsn{0};              //!< its DSN
    uint32_t m_failSsn{0};                  //!< relative SSN of the mapping that failed
    bool m_lastMappedValid{false};          //!< m_lastMappedDsnEnd is set
    uint64_t m_lastMappedDsnEnd{0};         //!< DSN after the last byte mapped
};

} // namespace ns3

#endif /* MPTCP_MAPPING_TABLE_H */
