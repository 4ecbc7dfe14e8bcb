/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_L4_PROTOCOL_H
#define MPTCP_L4_PROTOCOL_H

#include "mptcp-ns3-compat.h"
#include "mptcp-option.h"

#include "ns3/tcp-l4-protocol.h"
#include "ns3/traced-callback.h"

#include <functional>
#include <unordered_map>
#include <vector>

namespace ns3
{

class MpTcpSocketBase;
class MpTcpL4Protocol;

/**
 * \ingroup mptcp
 * \brief Hook of a transport extension (not part of RFC 8684) on the segments a node's
 * MpTcpL4Protocol receives, before the endpoint demultiplexer, and on the connections its
 * listeners accept. Extensions register a factory with MpTcpL4Protocol::RegisterRxHookFactory
 * (at static initialization); every MpTcpL4Protocol creates one hook of each. Host-side packet
 * scatter's (MpTcpScatterRxHook, mptcp-packet-scatter-socket.h) restores the real source port
 * of segments that carry MP_SCATTER.
 */
class MpTcpL4RxHook : public SimpleRefCount<MpTcpL4RxHook>
{
  public:
    virtual ~MpTcpL4RxHook() = default;
    /**
     * \brief A segment arrived (after MP_JOIN SYNs were taken by token).
     * \param l4 the node's MpTcpL4Protocol
     * \param p the segment, TCP header first (the hook may rewrite the header)
     * \param ipHeader its IPv4 header
     * \return false to drop it
     */
    virtual bool Receive(MpTcpL4Protocol& l4, Ptr<Packet> p, const Ipv4Header& ipHeader) = 0;
    /**
     * \brief A listener accepted connection \p conn for an MP_CAPABLE SYN. Default: nothing.
     * \param l4 the node's MpTcpL4Protocol
     * \param conn the new connection (its token is registered)
     * \param synOptions the MPTCP options of the SYN
     */
    virtual void PassiveOpen(MpTcpL4Protocol& l4,
                             const MpTcpSocketBase& conn,
                             const std::vector<MpTcpOption>& synOptions);
    /**
     * \brief A token was removed (its connection closed). Default: nothing.
     * \param token the token
     */
    virtual void TokenRemoved(uint32_t token);
};

/**
 * \ingroup mptcp
 * \brief TCP with token-aware demultiplexing of MP_JOIN SYNs (RFC 8684 §3.2).
 *
 * A SYN that carries MP_JOIN opens a new 4-tuple, so the endpoint demultiplexer cannot map it
 * to its connection. This TcpL4Protocol subclass holds a hash map token -> connection (never
 * a scan of the node's sockets) and hands such SYNs to the connection; every other segment
 * follows TcpL4Protocol's path, after the receive hooks of transport extensions
 * (MpTcpL4RxHook; none acts on plain MPTCP traffic). Installed by MpTcpStackHelper.
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
     * \brief Register a factory of receive hooks: every MpTcpL4Protocol created afterwards
     * gets one hook from it (for transport extensions, at static initialization).
     * \param factory returns a new hook
     */
    static void RegisterRxHookFactory(std::function<Ptr<MpTcpL4RxHook>()> factory);
    /// \return this node's receive hooks, one per registered factory
    const std::vector<Ptr<MpTcpL4RxHook>>& GetRxHooks() const;
    /**
     * \brief Tell the receive hooks that a listener accepted \p conn for an MP_CAPABLE SYN.
     * \param conn the new connection
     * \param synOptions the MPTCP options of the SYN
     */
    void NotifyPassiveOpen(const MpTcpSocketBase& conn, const std::vector<MpTcpOption>& synOptions);

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
    std::vector<Ptr<MpTcpL4RxHook>> m_rxHooks; //!< transport extensions' receive hooks
    /// \return the registered hook factories
    static std::vector<std::function<Ptr<MpTcpL4RxHook>()>>& RxHookFactories();
    TracedCallback<uint32_t, const TcpHeader&> m_unknownTokenTrace; //!< unknown-token joins
};

} // namespace ns3

#endif /* MPTCP_L4_PROTOCOL_H */
