/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_PACKET_SCATTER_SOCKET_H
#define MPTCP_PACKET_SCATTER_SOCKET_H

#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-socket-base.h"

#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"

#include <unordered_set>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Host-side packet scatter on one subflow (MMPTCP thesis §3.3, §4.7), as the
 * subflow's outgoing-segment hook: while on, every data segment, retransmissions included,
 * leaves with a random TCP source port and carries MP_SCATTER (mptcp-option-scatter.h) with
 * the peer's token, so that per-flow ECMP switches spread it over all paths and the receiver
 * (MpTcpL4Protocol) still finds the connection. Only after the connection's first DATA_ACK:
 * until then the peer may not have our key (the MP_CAPABLE third ACK), and a scattered
 * segment overtaking it could not be mapped (RFC 8684 §3.1). The SYN keeps the real port and
 * carries MP_SCATTER with token 0 to announce scatter. A data segment whose option space has
 * no room left for MP_SCATTER keeps the real port. Option budget of a scattered data segment:
 * timestamps 10 + DSS with 4-octet DATA_ACK and DSN 18 (20 with a checksum) + MP_SCATTER 8 =
 * 36 (38) <= 40 bytes; the 8-octet DSS forms (26/28) would leave no room for MP_SCATTER.
 */
class MpTcpScatterTxHook : public MpTcpSubflowTxHook
{
  public:
    /// \param ports the random source ports (not null)
    explicit MpTcpScatterTxHook(Ptr<UniformRandomVariable> ports);
    void AddSynOptions(const MpTcpSubflow& sf, TcpHeader& header) override;
    bool RewritesSegment(const MpTcpSubflow& sf, uint32_t payload, uint8_t flags) const override;
    void RewriteSegment(const MpTcpSubflow& sf, TcpHeader& header) override;
    bool IsActive() const override;
    /// \param on false: stop scattering (MMPTCP's switch), true: scatter again
    void SetScatter(bool on);
    /// \return data segments sent with a random source port (retransmissions included)
    uint64_t GetScatteredSegments() const;

  private:
    Ptr<UniformRandomVariable> m_ports; //!< random source ports
    bool m_on{true};                    //!< scattering
    uint64_t m_scattered{0};            //!< data segments sent with a random source port
};

/**
 * \ingroup mptcp
 * \brief The receiving side of host-side packet scatter (MMPTCP thesis §3.5, §4.7), as a
 * receive hook of every node's MpTcpL4Protocol: a connection accepted for a SYN that announced
 * scatter (MP_SCATTER with token 0) receives scattered segments: a segment carrying MP_SCATTER
 * with its token reaches its initial subflow whatever its source port (the real port is put
 * back before demultiplexing). Options are parsed only while some token accepts scatter; a
 * malformed MP_SCATTER or an unknown token drops the segment.
 */
class MpTcpScatterRxHook : public MpTcpL4RxHook
{
  public:
    bool Receive(MpTcpL4Protocol& l4, Ptr<Packet> p, const Ipv4Header& ipHeader) override;
    void PassiveOpen(MpTcpL4Protocol& l4,
                     const MpTcpSocketBase& conn,
                     const std::vector<MpTcpOption>& synOptions) override;
    void TokenRemoved(uint32_t token) override;
    /// \return segments with MP_SCATTER delivered to their connection
    uint64_t GetScatterDelivered() const;
    /// \return segments with MP_SCATTER dropped: unknown token, or a malformed MP_SCATTER
    uint64_t GetScatterDrops() const;
    /**
     * \param l4 a node's MpTcpL4Protocol
     * \return its scatter receive hook
     */
    static Ptr<MpTcpScatterRxHook> Get(Ptr<MpTcpL4Protocol> l4);

  private:
    std::unordered_set<uint32_t> m_tokens; //!< tokens that accept scattered segments
    uint64_t m_delivered{0};               //!< MP_SCATTER segments delivered
    uint64_t m_drops{0};                   //!< MP_SCATTER segments dropped
};

/**
 * \ingroup mptcp
 * \brief Host-side Packet Scatter (MMPTCP thesis §3.3, §4.7, its PacketScatterSocketBase):
 * one subflow, one sequence space, TCP NewReno congestion control (not coupled), and every
 * data segment (retransmissions too) sent with a fresh random TCP source port, so that
 * switches doing per-flow ECMP spread the flow over all equal-cost paths.
 *
 * Each scattered segment carries MP_SCATTER (private MPTCP subtype 0xf) with the receiver's
 * token; the receiver's MpTcpL4Protocol restores the real port before demultiplexing. The
 * handshake keeps the real port, and its SYN announces scatter. Reordering is absorbed by a
 * raised duplicate-ACK threshold (3 + equal-cost paths, §3.6, §5.3) and, optionally, Limited
 * Transmit on every duplicate ACK below it (§5.10). The receiver is an ordinary MPTCP socket
 * (MpTcpSocketFactory). Active open only: a listening PacketScatterSocket accepts plain MPTCP
 * connections.
 */
class PacketScatterSocket : public MpTcpSocketBase
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    PacketScatterSocket();
    ~PacketScatterSocket() override;

    int Connect(const Address& address) override;

    /**
     * \brief Fix the random source ports' stream. Without it the stream is the node's next
     * MpTcpL4Protocol::AllocatePathStream() when the scatter subflow is set up.
     * \param stream first stream index
     * \return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /// \return the initial subflow's duplicate-ACK threshold (ReTxThreshold), segments
    uint32_t GetDupAckThreshold() const;
    /// \return data segments the initial subflow sent with a random source port
    uint64_t GetScatteredSegments() const;
    /// \return true while the initial subflow scatters (MMPTCP: until its switch is over)
    bool IsScattering() const;

  protected:
    void SubflowCreated(Ptr<MpTcpSubflow> sf) override;
    /**
     * \brief Make \p sf the scattering subflow: NewReno, random source ports, Limited
     * Transmit and MinRto as configured (its threshold is set once it is established).
     * \param sf the initial subflow
     */
    void ConfigureScatterSubflow(Ptr<MpTcpSubflow> sf);
    /**
     * \brief A subflow reached ESTABLISHED: the initial one gets its duplicate-ACK threshold.
     * \param sf the subflow
     */
    virtual void OnSubflowEstablished(Ptr<MpTcpSubflow> sf);

    uint32_t m_dupAckThreshold{0};  //!< attribute: 0 = 3 + equal-cost paths
    bool m_limitedTransmit{false};  //!< attribute: Limited Transmit below the threshold
    Time m_minRto;                  //!< attribute: minimum RTO of the subflow(s)
    Ptr<UniformRandomVariable> m_ports; //!< random source ports
    bool m_portsAssigned{false};        //!< m_ports' stream is fixed
    Ptr<MpTcpScatterTxHook> m_scatterHook; //!< the initial subflow's scatter hook
};

} // namespace ns3

#endif /* MPTCP_PACKET_SCATTER_SOCKET_H */
