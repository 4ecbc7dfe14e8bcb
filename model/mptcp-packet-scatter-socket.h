/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_PACKET_SCATTER_SOCKET_H
#define MPTCP_PACKET_SCATTER_SOCKET_H

#include "mptcp-socket-base.h"

#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"

namespace ns3
{

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
     * \brief Fix the random source ports' stream.
     * \param stream first stream index
     * \return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /// \return the initial subflow's duplicate-ACK threshold (ReTxThreshold), segments
    uint32_t GetDupAckThreshold() const;
    /// \return data segments the initial subflow sent with a random source port
    uint64_t GetScatteredSegments() const;

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
};

} // namespace ns3

#endif /* MPTCP_PACKET_SCATTER_SOCKET_H */
