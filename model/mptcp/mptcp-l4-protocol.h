/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_L4_PROTOCOL_H
#define MPTCP_L4_PROTOCOL_H

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-option.h"

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
 * \brief TCP with token-aware demultiplexing of MP_JOIN SYNs (RFC 8684 §3.2) and an O(1)
 * demultiplexer of established connections.
 *
 * A SYN that carries MP_JOIN opens a new 4-tuple, so the endpoint demultiplexer cannot map it
 * to its connection. This TcpL4Protocol subclass holds a hash map token -> connection (never
 * a scan of the node's sockets) and hands such SYNs to the connection; every other segment
 * follows TcpL4Protocol's path, after the receive hooks of transport extensions
 * (MpTcpL4RxHook; none acts on plain MPTCP traffic). Installed by MpTcpStackHelper.
 *
 * TcpL4Protocol's path looks every segment up in Ipv4EndPointDemux, a scan of every endpoint of
 * the node: a host with many subflows pays it per segment. This class keeps a hash map of
 * exact IPv4 4-tuples (local address, local port, peer address, peer port) -> the socket
 * (TCP socket or MPTCP subflow) whose endpoint has that 4-tuple. A segment whose 4-tuple is in
 * the map is handed to that endpoint if it still has the 4-tuple, can receive, and is bound to
 * no device or to the incoming interface's: the conditions under which Ipv4EndPointDemux::Lookup
 * returns it (an exact match comes before every wildcard match). Any other segment (a SYN to
 * a listener, a segment of a closed connection, wildcard endpoints) takes TcpL4Protocol's path
 * unchanged, after which the 4-tuple is entered in the map if a socket of the node now has an
 * endpoint that matches it exactly. An entry holds a reference to its socket, never to the
 * endpoint, and the endpoint is read from the socket (null once deallocated): a deallocated
 * endpoint is never touched, and a 4-tuple reused after a close maps to the new socket.
 * Entries of closed sockets are dropped when met or when the map has doubled since the last
 * sweep. Delivery is therefore that of ns-3 (which aborts if two endpoints match exactly).
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
     * \return TCP segments dropped before any parsing because their header is malformed: a
     * data offset below 5 words or past the segment's end, an option (other than EOL and NOP)
     * whose Length octet is below 2 or runs past the header (RFC 9293 §3.1), an MSS option of
     * Length other than 4 (ns-3's parser aborts) or a SACK option of Length other than 2 + 8n
     * (RFC 2018 §3; ns-3 would misparse the options after it). ns-3's
     * TcpHeader::Deserialize (3.37 to 3.48) loops forever on an option of Length 0, and would
     * misparse the others, before the TCP checksum is checked; such a segment (a bit error the
     * link missed, a fuzzer's) is counted here and dropped.
     */
    uint64_t GetMalformedDrops() const;

    /**
     * \brief Whether a TCP segment's header can be parsed safely (see GetMalformedDrops()).
     * \param p the segment, TCP header first
     * \return true if the data offset and every option's length are consistent
     */
    static bool IsTcpHeaderWellFormed(Ptr<const Packet> p);

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

    /// \return segments delivered through the 4-tuple map, without an endpoint scan
    uint64_t GetIndexedDeliveries() const;
    /// \return entries of the 4-tuple map (connections seen, closed ones not yet swept)
    uint32_t GetDemuxIndexSize() const;

    /**
     * \brief A fixed random stream number for a socket of this node whose random draws decide
     * paths (PacketScatterSocket's source ports): STREAM_BASE + node id x 2^20 + the number of
     * streams this node gave out before. The same in every run of the same program and on
     * every ns-3 release, whatever random variables were created before.
     * \return the stream number
     */
    int64_t AllocatePathStream();

    /// First stream of AllocatePathStream() (above ns3::Ipv4FlowEcmpRouting's per-packet ones).
    static constexpr int64_t PATH_STREAM_BASE = int64_t(1) << 41;

    /**
     * TracedCallback signature for MP_JOIN SYNs with an unknown token.
     * \param [in] token the token the SYN carried
     * \param [in] header the SYN's TCP header
     */
    typedef void (*UnknownTokenTracedCallback)(uint32_t token, const TcpHeader& header);

  protected:
    void DoDispose() override;

  private:
    int64_t m_pathStreams{0}; //!< streams AllocatePathStream() gave out

    /// An IPv4 connection's 4-tuple as this node sees it (addresses as Ipv4Address::Get()).
    struct DemuxKey
    {
        uint32_t localAddr; //!< local (destination) address
        uint32_t peerAddr;  //!< peer (source) address
        uint16_t localPort; //!< local (destination) port
        uint16_t peerPort;  //!< peer (source) port

        /**
         * \param o another 4-tuple
         * \return true if equal
         */
        bool operator==(const DemuxKey& o) const
        {
            return localAddr == o.localAddr && peerAddr == o.peerAddr &&
                   localPort == o.localPort && peerPort == o.peerPort;
        }
    };

    /// Hash of a DemuxKey (a 64-bit mix: std::hash of an integer is the identity).
    struct DemuxKeyHash
    {
        /**
         * \param k a 4-tuple
         * \return its hash
         */
        size_t operator()(const DemuxKey& k) const;
    };

    /**
     * \brief Hand a segment to its endpoint: through the 4-tuple map, else TcpL4Protocol's path.
     * \param p the segment, TCP header first
     * \param ipHeader its IPv4 header
     * \param incomingInterface the interface it arrived on
     * \return TcpL4Protocol::Receive's status for the segment
     */
    enum IpL4Protocol::RxStatus Demultiplex(Ptr<Packet> p,
                                            const Ipv4Header& ipHeader,
                                            Ptr<Ipv4Interface> incomingInterface);
    /**
     * \brief The endpoint of \p socket if Ipv4EndPointDemux::Lookup would return it as the exact
     * match of \p key: it has the 4-tuple, is enabled for reception, and is bound to no device
     * or to \p incomingInterface's.
     * \param socket a socket of this node
     * \param key the segment's 4-tuple
     * \param incomingInterface the interface the segment arrived on
     * \return the endpoint, or nullptr
     */
    static Ipv4EndPoint* ExactEndPoint(const TcpSocketBase& socket,
                                       const DemuxKey& key,
                                       const Ptr<Ipv4Interface>& incomingInterface);
    /**
     * \brief Enter \p key in the map if a socket of the node has an endpoint matching it
     * exactly (a scan of the node's sockets: once per connection, after TcpL4Protocol's path).
     * \param key the 4-tuple
     * \param incomingInterface the interface the segment arrived on
     */
    void IndexConnection(const DemuxKey& key, const Ptr<Ipv4Interface>& incomingInterface);
    /// Drop the entries whose socket no longer has the entry's 4-tuple.
    void SweepDemuxIndex();

    /// 4-tuple -> socket whose endpoint had it when entered (checked at every use)
    std::unordered_map<DemuxKey, Ptr<TcpSocketBase>, DemuxKeyHash> m_demuxIndex;
    size_t m_demuxSweepAt{64};     //!< map size at which the next insertion sweeps it
    uint64_t m_indexedDeliveries{0}; //!< segments delivered through the map

    std::unordered_map<uint32_t, Ptr<MpTcpSocketBase>> m_tokens; //!< token -> connection
    uint64_t m_malformedDrops{0};                                 //!< malformed TCP headers
    uint64_t m_unknownTokenDrops{0};                              //!< dropped MP_JOIN SYNs
    std::vector<Ptr<MpTcpL4RxHook>> m_rxHooks; //!< transport extensions' receive hooks
    /// \return the registered hook factories
    static std::vector<std::function<Ptr<MpTcpL4RxHook>()>>& RxHookFactories();
    TracedCallback<uint32_t, const TcpHeader&> m_unknownTokenTrace; //!< unknown-token joins
};

} // namespace ns3

#endif /* MPTCP_L4_PROTOCOL_H */
