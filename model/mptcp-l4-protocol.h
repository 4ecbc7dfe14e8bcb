/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_L4_PROTOCOL_H
#define MPTCP_L4_PROTOCOL_H

#include "mptcp-ns3-compat.h"

#include "ns3/tcp-l4-protocol.h"
#include "ns3/traced-callback.h"

#include <unordered_map>
#include <unordered_set>

namespace ns3
{

class MpTcpSocketBase;

/**
 * \ingroup mptcp
 * \brief TCP with token-aware demultiplexing of MP_JOIN SYNs (RFC 8684 §3.2).
 *
 * A SYN that carries MP_JOIN opens a new 4-tuple, so the endpoint demultiplexer cannot map it
 * to its connection. This TcpL4Protocol subclass holds a hash map token -> connection (never
 * a scan of the node's sockets) and hands such SYNs to the connection; every other segment
 * follows TcpL4Protocol's path unchanged. Installed by MpTcpStackHelper.
 */
class MpTcpL4Protocol : public TcpL4Protocol
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    MpTcpL4Protocol();
    ~MpTcpL4Protocol() override;

    using TcpL4Protocol::Receive;
    enum IpL4Protocol::RxStatus Receive(Ptr<Packet> p,
                                        const Ipv4Header& incomingIpHeader,
                                        Ptr<Ipv4Interface> incomingInterface) override;

    /**
     * \brief Register a connection's token.
     * \param token the connection's local token
     * \param socket the connection
     * \return false if the token is already in use on this node
     */
    bool AddToken(uint32_t token, Ptr<MpTcpSocketBase> socket);
    /**
     * \brief Remove a token.
     * \param token the token
     */
    void RemoveToken(uint32_t token);
    /**
     * \brief Look up a token.
     * \param token the token
     * \return the connection, or nullptr
     */
    Ptr<MpTcpSocketBase> LookupToken(uint32_t token) const;
    /// \return the number of registered tokens
    uint32_t GetNTokens() const;
    /// \return MP_JOIN SYNs with an unknown token (each answered with a RST, RFC 8684 §3.2)
    uint64_t GetUnknownTokenDrops() const;

    /**
     * \brief Let the connection with \p token receive scattered segments: segments carrying
     * MP_SCATTER with this token reach its initial subflow whatever their source port
     * (MMPTCP thesis §3.5, §4.7). Options are parsed only while some token accepts scatter.
     * RemoveToken() withdraws it.
     * \param token a registered token
     */
    void AcceptScatter(uint32_t token);
    /// \return segments with MP_SCATTER delivered to their connection
    uint64_t GetScatterDelivered() const;
    /// \return segments with MP_SCATTER dropped: unknown token, or a malformed MP_SCATTER
    uint64_t GetScatterDrops() const;

    /**
     * TracedCallback signature for MP_JOIN SYNs with an unknown token.
     * \param [in] token the token the SYN carried
     * \param [in] header the SYN's TCP header
     */
    typedef void (*UnknownTokenTracedCallback)(uint32_t token, const TcpHeader& header);

  protected:
    void DoDispose() override;

  private:
    std::unordered_map<uint32_t, Ptr<MpTcpSocketBase>> m_tokens; //!< token -> connection
    uint64_t m_unknownTokenDrops{0};                              //!< dropped MP_JOIN SYNs
    std::unordered_set<uint32_t> m_scatterTokens; //!< tokens that accept scattered segments
    uint64_t m_scatterDelivered{0};               //!< MP_SCATTER segments delivered
    uint64_t m_scatterDrops{0};                   //!< MP_SCATTER segments dropped
    /**
     * \brief A segment with MP_SCATTER: give it its connection's real source port.
     * \param p the segment (TCP header first); its header is rewritten in place
     * \param ipHeader its IPv4 header
     * \return false if it must be dropped (unknown token, malformed MP_SCATTER)
     */
    bool RestoreScatteredPort(Ptr<Packet> p, const Ipv4Header& ipHeader);
    TracedCallback<uint32_t, const TcpHeader&> m_unknownTokenTrace; //!< unknown-token joins
};

} // namespace ns3

#endif /* MPTCP_L4_PROTOCOL_H */
