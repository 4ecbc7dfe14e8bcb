/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_SOCKET_BASE_H
#define MPTCP_SOCKET_BASE_H

#include "ns3/mptcp-map-node-pool.h"
#include "ns3/mptcp-path-manager.h"
#include "ns3/mptcp-reassembly-queue.h"
#include "ns3/mptcp-scheduler.h"
#include "ns3/mptcp-subflow.h"

#include "ns3/event-id.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/object-factory.h"
#include "ns3/random-variable-stream.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <map>
#include <limits>
#include <set>
#include <vector>

namespace ns3
{

class MpTcpL4Protocol;
class Node;

/**
 * \ingroup mptcp
 * \brief A Multipath TCP connection (RFC 8684): the socket the application sees.
 *
 * It offers the stream-socket API of ns-3 (BulkSendApplication and PacketSink use it
 * unmodified through MpTcpSocketFactory) and runs its data over one or more MpTcpSubflow
 * sockets:
 *  - connection set-up with MP_CAPABLE (64-bit keys, token and IDSN from SHA-256, §3.1),
 *    additional subflows with MP_JOIN (token, nonces, HMAC-SHA256, §3.2);
 *  - a pluggable path manager (MpTcpPathManager, attribute "PathManager"): which subflows to
 *    open and when, ADD_ADDR / REMOVE_ADDR (§3.4);
 *    MpTcpNdiffportsPathManager (NumSubflows subflows over the same pair of addresses with
 *    distinct source ports, Raiciu et al., SIGCOMM 2011, §2) and MpTcpFullmeshPathManager
 *    (Linux's fullmesh: one subflow per pair of local and remote addresses);
 *  - a pluggable packet scheduler (MpTcpScheduler, attribute "Scheduler");
 *  - backup subflows (MP_JOIN B flag, MP_PRIO, RFC 8684 §3.2, §3.3.8), used only when no
 *    regular subflow can send;
 *  - data sequence mappings and DATA_ACKs in DSS options (§3.3), reassembly in data sequence
 *    order, duplicate removal;
 *  - coupled congestion control (MpTcpLia, RFC 6356) or uncoupled subflows (TcpNewReno);
 *  - fallback to plain TCP when the peer does not answer MP_CAPABLE (§3.7).
 */
class MpTcpSocketBase : public Socket
{
    friend class MpTcpPathManager; // fires the address trace sources

  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// Connection-level state.
    enum State
    {
        CLOSED,      //!< not connected
        LISTEN,      //!< listening (the application's server socket)
        SYN_SENT,    //!< initial subflow's SYN sent
        SYN_RCVD,    //!< initial subflow's SYN received, not yet established
        ESTABLISHED, //!< data can flow
        CLOSING,     //!< the application closed; subflows are closing
    };

    MpTcpSocketBase();
    /**
     * \brief Copy the configuration (not the state) of a listening socket, for a passive open.
     * \param sock the listening socket
     */
    MpTcpSocketBase(const MpTcpSocketBase& sock);
    ~MpTcpSocketBase() override;

    /// \param node the node
    void SetNode(Ptr<Node> node);
    /// \param tcp the node's MPTCP-aware TCP
    void SetTcp(Ptr<MpTcpL4Protocol> tcp);

    // Socket API
    enum SocketErrno GetErrno() const override;
    enum SocketType GetSocketType() const override;
    Ptr<Node> GetNode() const override;
    int Bind(const Address& address) override;
    int Bind() override;
    int Bind6() override;
    int Close() override;
    int ShutdownSend() override;
    int ShutdownRecv() override;
    int Connect(const Address& address) override;
    int Listen() override;
    uint32_t GetTxAvailable() const override;
    int Send(Ptr<Packet> p, uint32_t flags) override;
    int SendTo(Ptr<Packet> p, uint32_t flags, const Address& toAddress) override;
    uint32_t GetRxAvailable() const override;
    Ptr<Packet> Recv(uint32_t maxSize, uint32_t flags) override;
    Ptr<Packet> RecvFrom(uint32_t maxSize, uint32_t flags, Address& fromAddress) override;
    int GetSockName(Address& address) const override;
    int GetPeerName(Address& address) const override;
    bool SetAllowBroadcast(bool allowBroadcast) override;
    bool GetAllowBroadcast() const override;

    /**
     * \brief Abort the connection (RFC 8684 §3.5, option R): send a RST carrying MP_FASTCLOSE
     * (the peer's key) and MP_TCPRST on every subflow, move to CLOSED at once and free the
     * token. Close() does this when unread data sits in the receive queue, as TcpSocketBase
     * sends a RST then. A fallback connection sends plain RSTs (with MP_TCPRST).
     */
    void Abort();

    /// \return the connection state
    State GetState() const;
    /// \return true if the connection fell back to plain TCP (RFC 8684 §3.7)
    bool IsFallback() const;
    /// \return the subflows of the connection, initial subflow first
    const std::vector<Ptr<MpTcpSubflow>>& GetSubflows() const;
    /// \return the number of subflows that reached ESTABLISHED
    uint32_t GetNEstablishedSubflows() const;

    /**
     * \brief Make one of our subflows a backup or a regular subflow at run time (RFC 8684
     * §3.3.8): sets our priority flag and sends MP_PRIO with it on that subflow (MP_PRIO
     * applies to the subflow it is sent on). Our scheduler then treats the subflow as a
     * backup if we or the peer asked for it (MpTcpSubflow::IsBackup).
     * \param subflow one of this connection's subflows
     * \param backup true: backup, false: regular
     */
    void SetSubflowBackup(Ptr<MpTcpSubflow> subflow, bool backup);
    /**
     * \brief Whether a regular (non-backup) subflow can send: one is established and has had
     * fewer than BackupRtoThreshold retransmission timeouts in a row without new data
     * acknowledged (Linux MPTCP v0.9x: "potentially failed" after one). Backup subflows get
     * data only while this is false.
     * \return true if some regular subflow can send
     */
    bool HasUsableRegularSubflow() const;

    /// \return our 64-bit key
    uint64_t GetLocalKey() const;
    /// \return our token (most significant 32 bits of SHA-256 of our key)
    uint32_t GetLocalToken() const;
    /// \return the peer's key (valid if HasRemoteKey())
    uint64_t GetRemoteKey() const;
    /// \return the peer's token
    uint32_t GetRemoteToken() const;
    /// \return true once the peer's key is known
    bool HasRemoteKey() const;
    /// \return our initial data sequence number
    uint64_t GetLocalIdsn() const;
    /// \return the peer's initial data sequence number (valid if HasRemoteKey())
    uint64_t GetRemoteIdsn() const;

    /**
     * \brief The DATA_ACK to send: the next data sequence number expected.
     * \param ack filled with the DATA_ACK
     * \return false while the peer's IDSN is unknown
     */
    bool GetDataAckToSend(uint64_t& ack) const;
    /**
     * \brief The DATA_FIN to signal on a segment without data (RFC 8684 §3.3.3): sent once
     * the application closed and every byte was given to a subflow, until DATA_ACKed.
     * \param dsn filled with the DATA_FIN's data sequence number (it occupies one octet)
     * \return true while a DATA_FIN is outstanding
     */
    bool GetDataFinToSend(uint64_t& dsn) const;
    /// \return true once the peer's DATA_FIN arrived and every byte before it was received
    bool IsDataFinReceived() const;
    /// \return bytes delivered in order to the application's receive queue
    uint64_t GetBytesReceived() const;
    /// \return bytes of application data acknowledged at data level (DATA_ACK)
    uint64_t GetBytesAcked() const;

    /// Window and RTT of one subflow, for coupled congestion control.
    struct SubflowWindow
    {
        double cwnd; //!< congestion window, bytes
        double rtt;  //!< smoothed RTT, seconds
    };

    /**
     * \brief Windows and RTTs of the established subflows that have an RTT sample.
     * \param out filled with one entry per such subflow
     */
    void GetSubflowWindows(std::vector<SubflowWindow>& out) const;

    // Called by subflows and by MpTcpL4Protocol.

    /**
     * \brief A subflow learnt the peer's key (MP_CAPABLE on SYN/ACK, third ACK or first data).
     * \param key the peer's key
     */
    void ReceivedRemoteKey(uint64_t key);
    /**
     * \brief A DATA_ACK arrived.
     * \param ack the DATA_ACK
     * \param is64 whether it was sent in 8 octets (otherwise the low 32 bits)
     */
    void ReceivedDataAck(uint64_t ack, bool is64);
    /**
     * \brief A DSS with the DATA_FIN flag arrived (RFC 8684 §3.3.3).
     * \param dsn data sequence number of the DATA_FIN octet (64 bits)
     */
    void ReceivedDataFin(uint64_t dsn);
    /**
     * \brief Expand a 32-bit data sequence number received from the peer to 64 bits, as the
     * value closest to the next expected one (RFC 8684 §3.3.1).
     * \param low32 the low 32 bits
     * \return the 64-bit DSN
     */
    uint64_t ExpandRemoteDsn(uint32_t low32) const;
    /**
     * \brief The initial subflow's SYN/ACK carried no MP_CAPABLE: continue as plain TCP.
     */
    void FallBackToTcp();
    /**
     * \brief A listening subflow of this socket forked a child for an incoming SYN.
     * \param child the new subflow (its SYN's MPTCP options are in GetSynOptions())
     */
    void SubflowForked(Ptr<MpTcpSubflow> child);
    /**
     * \brief Token-demultiplexed MP_JOIN SYN (from MpTcpL4Protocol).
     * \param packet the segment with its TCP header
     * \param ipHeader its IPv4 header
     * \param tcpHeader its TCP header
     * \return true if taken (false: already handled by an existing subflow)
     */
    bool ReceivedJoinSyn(Ptr<Packet> packet, const Ipv4Header& ipHeader, const TcpHeader& tcpHeader);
    /**
     * \brief A subflow's retransmission timer expired: reinject the data it holds on the
     * other subflows.
     * \param subflow the subflow
     */
    void SubflowTimedOut(Ptr<MpTcpSubflow> subflow);
    /// \return true once a DATA_ACK from the peer arrived (the peer knows our key)
    bool PeerAckedData() const;
    /// A subflow received a mapping with an 8-octet data sequence number.
    void ReceivedDsn64();
    /**
     * \return whether our DATA_ACKs take 8 octets: once the peer sent an 8-octet DSN (as
     * Linux, whose msk->use_64bit_ack is "set when we received a 64-bit DSN",
     * net/mptcp/options.c); until then 4 octets (RFC 8684 §3.3: either is allowed), so that a
     * data segment's DSS with its 8-octet DSN takes 22 octets, not 26
     */
    bool UsesDataAck64() const;
    /// \return bytes reinjected on another subflow after a timeout
    uint64_t GetReinjectedBytes() const;
    /**
     * \name Scheduling interface, for the MpTcpScheduler of this connection
     * @{
     */
    /// \return the connection's scheduler (attribute "Scheduler")
    Ptr<MpTcpScheduler> GetScheduler() const;
    /**
     * \brief Replace the connection's scheduler (before it sends data).
     * \param scheduler the scheduler
     */
    void SetScheduler(Ptr<MpTcpScheduler> scheduler);
    /// \return true if new data or a reinjection waits to be handed to a subflow
    bool HasDataToSchedule() const;
    /**
     * \brief Let the scheduler hand pending data to the subflows (nothing unless the
     * connection is established with data to schedule).
     */
    void SendPending();
    /**
     * \param sf a subflow
     * \return true if it carries no more new data: reset, closing, or no longer active
     * (MMPTCP's scatter subflow after the switch)
     */
    bool IsSubflowRetired(Ptr<MpTcpSubflow> sf) const;
    /**
     * \param sf a subflow
     * \return true if the scheduler may give it data: established, and either a regular
     * subflow with fewer than BackupRtoThreshold timeouts in a row (not "potentially failed",
     * as Linux MPTCP calls it), or any subflow when no such regular subflow exists
     * (HasUsableRegularSubflow)
     */
    bool MaySchedule(Ptr<MpTcpSubflow> sf) const;
    /**
     * Hand data to one subflow, as much as it can send now.
     * \param sf the subflow
     * \param limit at most this many bytes of new data, bytes
     * \param anyEstablished true: any established subflow may take it (StrictRoundRobin);
     * false: only one that MaySchedule() allows
     * \return true if anything was queued on it
     */
    bool PushData(Ptr<MpTcpSubflow> sf,
                  uint64_t limit = std::numeric_limits<uint64_t>::max(),
                  bool anyEstablished = false);
    /** @} */
    /**
     * \name Path-manager interface, for the MpTcpPathManager of this connection
     * @{
     */
    /// \return the connection's path manager (attribute "PathManager")
    Ptr<MpTcpPathManager> GetPathManager();
    /**
     * \brief Replace the connection's path manager (before Connect() or Listen()).
     * \param pm the path manager
     */
    void SetPathManager(Ptr<MpTcpPathManager> pm);
    /**
     * \brief Set the factory of the subflows this connection creates: the initial, MP_JOIN
     * and listening subflows (before Connect() or Listen()).
     *
     * Its type is ns3::MpTcpSubflow or a subclass; its attributes (e.g.
     * ns3::TcpSocket::SegmentSize in bytes, ns3::TcpSocketBase::MinRto, ns3::TcpSocket::
     * ConnTimeout) apply to every subflow, as a socket option set on an MPTCP socket applies to
     * each of its subflows in Linux (net/mptcp/sockopt.c). Connections a listening socket
     * accepts keep it. Default: ns3::MpTcpSubflow with its attributes' defaults. The socket
     * factories (MpTcpSocketFactory::SetSubflowAttribute()) set it.
     * \param factory the subflow factory
     */
    void SetSubflowFactory(const ObjectFactory& factory);
    /// \return the factory of this connection's subflows (SetSubflowFactory())
    const ObjectFactory& GetSubflowFactory() const;
    /**
     * \brief Open \p n more subflows now, as the path manager chooses them
     * (MpTcpPathManager::OpenSubflows; ndiffports: over the initial address pair, each from a
     * new source port). Any number of times, at any time while the connection is established
     * and not a fallback to TCP, e.g. by an application or an SDN controller that adds paths
     * to a connection that needs them. Each subflow joins with MP_JOIN (RFC 8684 §3.2) and
     * takes data once its handshake completes.
     * \param n subflows to open
     * \return false if nothing was opened: the connection is not established, fell back to
     * TCP, or its path manager does not open subflows on demand (fullmesh)
     */
    bool OpenSubflows(uint32_t n);
    /**
     * \brief Open one MP_JOIN subflow (RFC 8684 §3.2) to the peer: its nonce is drawn, it
     * carries the peer's token, \p addressId and the B flag \p backup in its SYN.
     * \param local our address to bind (port chosen by the node)
     * \param remote the peer's address and port
     * \param dev if not null, the device to bind the subflow to
     * \param addressId our Address ID for \p local
     * \param backup ask the peer to treat it as a backup
     * \return the subflow, or null if it could not bind or connect
     */
    Ptr<MpTcpSubflow> OpenJoinSubflow(Ipv4Address local,
                                      const InetSocketAddress& remote,
                                      Ptr<NetDevice> dev,
                                      uint8_t addressId,
                                      bool backup);
    /**
     * Send an ADD_ADDR or REMOVE_ADDR on an established subflow (the initial one if it can),
     * on a pure ACK sent at once (from an event of its own, scheduled now).
     * \param option the option
     * \param avoid local addresses whose subflows must not carry it (e.g. the addresses a
     *        REMOVE_ADDR withdraws); empty: any subflow
     * \return false if no subflow is established (apart from those avoided)
     */
    bool SendSignal(const MpTcpOption& option, const std::vector<Ipv4Address>& avoid = {});
    /**
     * Reset the subflows whose local (or remote) address is \p address and reinject the data
     * they held on the others.
     * \param address the address
     * \param local true: our address, false: the peer's
     */
    void ResetSubflowsUsing(Ipv4Address address, bool local);
    /// \return true if this connection was accepted by a listening socket (passive open)
    bool IsPassiveOpen() const;
    /// \return attribute NumSubflows: ndiffports subflows per connection, the initial included
    uint32_t GetNumSubflows() const;
    /// \return attribute BackupSubflows: ndiffports subflows, counted from the last, that are
    /// backups
    uint32_t GetBackupSubflows() const;
    /// \return attribute MaxSubflows: fullmesh's most subflows per connection
    uint32_t GetMaxSubflows() const;
    /// \return attribute SubflowsPerPair: fullmesh's subflows per address pair
    uint32_t GetSubflowsPerPair() const;
    /// \return attribute MatchAddressIndex: fullmesh pairs our i-th address with the peer's ID i
    bool GetMatchAddressIndex() const;
    /** @} */
    /**
     * \brief A subflow has room in its window: give it data.
     * \param subflow the subflow
     * \return true if data was queued on it
     */
    bool PullData(Ptr<MpTcpSubflow> subflow);
    /**
     * \brief Count a protocol error found by a subflow (malformed option, HMAC mismatch,
     * unmapped data).
     * \param subflow the subflow
     * \param what a short description, for logs and the trace
     */
    void ProtocolError(Ptr<MpTcpSubflow> subflow, const std::string& what);
    /// \return the number of protocol errors counted
    uint64_t GetProtocolErrors() const;
    /**
     * \brief A subflow's priority (MpTcpSubflow::IsBackup) changed: by us or by the peer's B
     * flag or MP_PRIO (RFC 8684 §3.2, §3.3.8). Fires SubflowPriority and reschedules.
     * \param subflow the subflow
     */
    void SubflowPriorityChanged(Ptr<MpTcpSubflow> subflow);

    /// \return true if this end asks for DSS checksums (attribute DssChecksum)
    bool IsChecksumRequested() const;
    /**
     * \brief Whether DSS checksums are used on this connection: MP_CAPABLE's A flag was set by
     * either end (RFC 8684 §3.1).
     * \return true if every DSS mapping carries a checksum
     */
    bool IsChecksumInUse() const;
    /**
     * \brief Record the A flag of the peer's MP_CAPABLE (SYN or SYN/ACK): checksums are used if
     * either end asks for them (RFC 8684 §3.1).
     * \param peerRequested the peer's A flag
     */
    void NegotiateChecksum(bool peerRequested);
    /**
     * \brief A received mapping failed its DSS checksum (RFC 8684 §3.7): the data is dropped.
     * With other subflows up, the subflow is reset with MP_FAIL and MP_TCPRST (the sender
     * reinjects); on the only subflow, MP_FAIL asks the sender for an infinite mapping.
     * \param subflow the subflow that received it
     * \param dsn data sequence number of the failed mapping's first byte
     */
    void ChecksumFailed(Ptr<MpTcpSubflow> subflow, uint64_t dsn);
    /**
     * \brief An MP_FAIL arrived (RFC 8684 §3.7). On the only subflow: fall back to TCP with an
     * infinite mapping that starts at \p dsn (data from \p dsn on is sent again as plain
     * TCP); with other subflows, the peer resets this one.
     * \param subflow the subflow it arrived on
     * \param dsn the MP_FAIL's data sequence number
     */
    void ReceivedMpFail(Ptr<MpTcpSubflow> subflow, uint64_t dsn);
    /**
     * \brief In-order data arrived on a subflow without a DSS mapping, e.g. a middlebox
     * stripped the options mid-connection (RFC 8684 §3.7). If it is the only subflow, its data
     * so far was contiguous at data level and checksums are off, the connection falls back to
     * TCP (an implicit infinite mapping from the next expected DSN); otherwise the subflow is
     * reset.
     * \param subflow the subflow
     * \return true if the connection fell back (the bytes are the connection's next bytes)
     */
    bool ReceivedUnmappedData(Ptr<MpTcpSubflow> subflow);
    /**
     * \brief The peer acknowledged new subflow data on a segment without any MPTCP option once
     * DATA_ACKs had flowed: the options are stripped on the way back or the peer fell back
     * (RFC 8684 §3.7). On the only subflow the connection falls back to TCP (what the subflow
     * acknowledges is delivered); otherwise the subflow is reset.
     * \param subflow the subflow
     */
    void PeerStoppedMpTcp(Ptr<MpTcpSubflow> subflow);
    /**
     * \brief The peer's infinite mapping arrived on \p subflow (RFC 8684 §3.7): the
     * connection continues as plain TCP.
     * \param subflow the subflow
     */
    void ReceivedInfiniteMapping(Ptr<MpTcpSubflow> subflow);
    /// \return the DSS checksum failures counted
    uint64_t GetChecksumFailures() const;

    /**
     * \brief MP_FASTCLOSE arrived (RFC 8684 §3.5). With our key: every subflow is reset (in a
     * RST, option R: locally, nothing sent; on an ACK, option A: a RST on every subflow), the
     * connection is CLOSED, its token freed and the application told through the error-close
     * callback. With another key: ignored and counted as a protocol error.
     * \param subflow the subflow it arrived on
     * \param key the Option Receiver's Key it carries
     * \param inRst true if it came in a RST
     * \return true if the connection was torn down
     */
    bool ReceivedFastClose(Ptr<MpTcpSubflow> subflow, uint64_t key, bool inRst);
    /**
     * \brief A RST with MP_TCPRST arrived on a subflow (RFC 8684 §3.6): record its reason.
     * \param subflow the subflow
     * \param reason the reason code
     */
    void ReceivedTcpRst(Ptr<MpTcpSubflow> subflow, MpTcpRstReason reason);
    /**
     * \brief A subflow was reset, by the peer or locally (RFC 8684 §3.6): it leaves the
     * connection (no scheduling, no coupling), the data it held that is not DATA_ACKed is
     * reinjected on the other subflows. When no subflow is left the connection fails: CLOSED,
     * token freed, error-close callback.
     * \param subflow the subflow
     */
    void SubflowReset(Ptr<MpTcpSubflow> subflow);
    /**
     * \brief Check a received DSS mapping against the connection-level receive window
     * (RFC 8684 §3.3.4); one outside [DATA_ACK, DATA_ACK + RcvBufSize) is counted as a
     * protocol error and must be ignored.
     * \param subflow the subflow it arrived on
     * \param dsn data sequence number of its first byte
     * \param length its data bytes
     * \return true if the mapping may be used
     */
    bool AcceptMapping(Ptr<MpTcpSubflow> subflow, uint64_t dsn, uint32_t length);
    /**
     * \brief Count an MP_JOIN handshake that was refused (the subflow is reset, RFC 8684
     *        §3.2): a SYN/ACK or third ACK whose HMAC does not verify, or a SYN/ACK or third
     *        ACK without MP_JOIN.
     */
    void CountJoinFailure();
    /// Count one retransmission of an MP_JOIN third ACK (RFC 8684 §3.2).
    void CountJoinAckRetransmission();
    /// \return MP_FASTCLOSE options received with our key (0 or 1)
    uint64_t GetFastClosesReceived() const;
    /// \return subflows reset (sent or received RST) while the connection stayed up or failed
    uint64_t GetSubflowResets() const;
    /**
     * \return data bytes that arrived above a hole in the data sequence space and wait in
     *         the connection-level reorder queue, bytes (a byte that arrived twice in two
     *         differently cut segments counts twice)
     */
    uint32_t GetRxOutOfOrderBytes() const;
    /// \return bytes given to subflows and not yet DATA_ACKed (DATA_NXT - DATA_UNA)
    uint64_t GetDataOutstanding() const;
    /// \return bytes the application wrote that no subflow has taken yet
    uint64_t GetUnsentBytes() const;
    /// \param reason a reason code \return MP_TCPRST options received with it
    uint64_t GetTcpRstReceived(MpTcpRstReason reason) const;
    /// \return received DSS mappings ignored because they were outside the receive window
    uint64_t GetOutOfWindowMappings() const;
    /**
     * \return MP_JOIN handshakes refused on this connection's side: HMAC mismatch in a
     *         SYN/ACK (active side) or third ACK (passive side), or MP_JOIN missing from them
     */
    uint64_t GetJoinFailures() const;
    /// \return MP_JOIN third ACKs retransmitted because no fourth ACK came (RFC 8684 §3.2)
    uint64_t GetJoinAckRetransmissions() const;

    /**
     * TracedCallback signature for received MP_TCPRST options.
     * \param [in] subflow the subflow the RST arrived on
     * \param [in] reason the reason code (RFC 8684 §3.6)
     */
    typedef void (*TcpRstTracedCallback)(Ptr<MpTcpSubflow> subflow, uint8_t reason);

    /**
     * \brief An ADD_ADDR arrived (RFC 8684 §3.4.1). An announcement (E=0) whose Truncated HMAC
     * verifies is recorded as the peer's address with that Address ID and echoed (E=1); a
     * mismatch is counted as a protocol error and the option ignored. An echo is counted.
     * \param subflow the subflow it arrived on
     * \param option the option
     */
    void ReceivedAddAddr(Ptr<MpTcpSubflow> subflow, const AddAddrOption& option);
    /**
     * \brief A REMOVE_ADDR arrived (RFC 8684 §3.4.2): every subflow using one of the peer's
     * addresses with these Address IDs is reset, and the data it held is reinjected.
     * \param subflow the subflow it arrived on
     * \param option the option
     */
    void ReceivedRemoveAddr(Ptr<MpTcpSubflow> subflow, const RemoveAddrOption& option);
    /// \return our addresses by Address ID (fullmesh; 0: the initial subflow's, RFC 8684 §3.4)
    const std::map<uint8_t, Ipv4Address>& GetLocalAddresses() const;
    /// \return the peer's addresses by Address ID: 0 (initial subflow), ADD_ADDR, MP_JOIN
    const std::map<uint8_t, Ipv4Address>& GetRemoteAddresses() const;
    /// \return echoes (E=1) received of our ADD_ADDR announcements
    uint64_t GetAddAddrEchoes() const;

    /**
     * TracedCallback signature for subflow events.
     * \param [in] subflow the subflow
     */
    typedef void (*SubflowTracedCallback)(Ptr<MpTcpSubflow> subflow);

    /**
     * TracedCallback signature for a subflow's priority change.
     * \param [in] subflow the subflow
     * \param [in] backup true if the scheduler now treats it as a backup
     */
    typedef void (*SubflowPriorityTracedCallback)(Ptr<MpTcpSubflow> subflow, bool backup);

    /**
     * TracedCallback signature for data sent again on another subflow.
     * \param [in] dsn data sequence number of the chunk's first byte
     * \param [in] bytes length of the chunk, bytes
     * \param [in] subflow the subflow that carries the copy
     */
    typedef void (*ReinjectionTracedCallback)(uint64_t dsn,
                                              uint32_t bytes,
                                              Ptr<MpTcpSubflow> subflow);

    /**
     * TracedCallback signature for protocol errors and fallbacks.
     * \param [in] subflow the subflow concerned (may be null)
     * \param [in] what a short description
     */
    typedef void (*ProtocolErrorTracedCallback)(Ptr<MpTcpSubflow> subflow,
                                                const std::string& what);

    /**
     * TracedCallback signature for path-manager address events.
     * \param [in] id the RFC 8684 Address ID
     * \param [in] address the address
     */
    typedef void (*AddressTracedCallback)(uint8_t id, Ipv4Address address);

  protected:
    void DoDispose() override;

    // Hooks for transports built on this connection (PacketScatterSocket, MmpTcpSocket).

    /**
     * \brief A subflow was created for this connection, before its SYN is sent or received:
     * a subclass may configure it (congestion control, thresholds). Default: nothing.
     * \param sf the subflow (GetRole() tells which handshake it uses)
     */
    virtual void SubflowCreated(Ptr<MpTcpSubflow> sf);
    /**
     * \brief Whether a subflow takes part in the connection: an inactive subflow gets no
     * new data or reinjections from the scheduler and is left out of the coupled
     * congestion-control sums (GetSubflowWindows), but still recovers its own outstanding data
     * (MMPTCP thesis §3.5: the packet-scatter subflow after the switch). Default: true.
     * \param sf one of this connection's subflows
     * \return true if active
     */
    virtual bool IsSubflowActive(Ptr<const MpTcpSubflow> sf) const;
    /**
     * \brief Open \p n more subflows now (OpenSubflows) and stop the path manager from
     * opening its own later (MMPTCP's switch to its phase-2 subflows); sets NumSubflows to
     * n + 1 if the path manager opened them. Kept for MmpTcpSocket; prefer OpenSubflows().
     * \param n subflows to add
     */
    void OpenMoreSubflows(uint32_t n);

  private:
    /// Cancel the connection's own timers (deferred SendPending, DATA_FIN retransmission) and
    /// its path manager's (MpTcpPathManager::Stop()): their events hold plain pointers. Called
    /// by the destructor and DoDispose().
    void CancelTimers();

    /**
     * Create the scheduler of the "Scheduler" attribute.
     * \param tid a TypeId of a subclass of MpTcpScheduler; anything else aborts
     */
    void SetSchedulerType(TypeId tid);
    /// \return a new subflow configured for this connection
    Ptr<MpTcpSubflow> CreateSubflow(MpTcpSubflow::Role role);
    /// Attach a subflow (callbacks, congestion control, id).
    void AttachSubflow(Ptr<MpTcpSubflow> sf, MpTcpSubflow::Role role);
    /// \return a new congestion-control object for a subflow
    Ptr<TcpCongestionOps> CreateCongestionControl();
    /// Draw our key (unique token on this node).
    void GenerateKey();
    /// Queue the data \p subflow holds that is not DATA_ACKed for sending on other subflows.
    void ReinjectHeldData(Ptr<MpTcpSubflow> subflow);
    /**
     * Take from \p subflow the mappings it sent and that are not acknowledged
     * (MpTcpSubflow::TakeUnackedForReinjection) and append to \p dsns, in data sequence
     * order per mapping, the DSN of every chunk they cover that is not DATA_ACKed yet.
     * \param subflow the subflow whose data is to be sent again
     * \param dsns the DSNs found, appended
     */
    void TakeHeldUnackedDsns(Ptr<MpTcpSubflow> subflow, std::vector<uint64_t>& dsns);
    /// Take up to \p n unsent bytes off the send queue.
    Ptr<Packet> TakeUnsent(uint32_t n);
    /// Place received data at its data sequence number (the reassembly queue) and check for
    /// the peer's DATA_FIN if it delivered data. \param dsn its DSN \param p the data
    void ReceivedData(uint64_t dsn, Ptr<Packet> p);
    /// Send the DATA_FIN once everything is handed to subflows, and close the subflows once
    /// it is DATA_ACKed (RFC 8684 §3.3.3), if the application closed.
    void MaybeFinishClose();
    /// Signal our DATA_FIN on the fastest established subflow (on all of them after a
    /// timeout), and arm its retransmission timer.
    /// \param everywhere true: on every established subflow
    void SendDataFin(bool everywhere);
    /// A subflow reached CLOSED: once all have, the connection is CLOSED and its token freed.
    void SubflowReachedClosed();
    /// The DATA_FIN was not DATA_ACKed in time: signal it again, with exponential backoff.
    void DataFinTimeout();
    /// If every byte before the peer's DATA_FIN arrived: consume it, DATA_ACK it and tell the
    /// application that the peer closed.
    void CheckDataFin();
    /**
     * Fall back to plain TCP on \p sf mid-connection (RFC 8684 §3.7): no more DSS, the data
     * handed to the subflow counts as delivered, the token is released.
     * \param sf the only subflow
     * \param why for the Fallback trace
     */
    void EnterFallback(Ptr<MpTcpSubflow> sf, const std::string& why);
    /// Reset a subflow broken by a middlebox (MP_TCPRST reason 0x06), keeping the connection.
    /// \param sf the subflow
    void ResetBrokenSubflow(Ptr<MpTcpSubflow> sf);
    /// The connection is established (first subflow up).
    void ConnectionEstablished(Ptr<MpTcpSubflow> sf);
    /// Remove our token from the node's token map.
    void ReleaseToken();
    /**
     * Reset every subflow, move to CLOSED, free the token and drop the buffers (abort, or the
     * peer's MP_FASTCLOSE).
     * \param sendRst send a RST on each subflow (false: the peer already reset them)
     * \param fastClose the RSTs carry MP_FASTCLOSE
     */
    void TearDown(bool sendRst, bool fastClose);

    // Subflow callbacks (the subflow is the Socket argument).
    /// An active subflow completed its handshake. \param s the subflow
    void OnSubflowConnected(Ptr<Socket> s);
    /// An active subflow's handshake failed. \param s the subflow
    void OnSubflowConnectFailed(Ptr<Socket> s);
    /// A listening subflow got a SYN. \param s the subflow \param from the peer \return accept
    bool OnSubflowConnectionRequest(Ptr<Socket> s, const Address& from);
    /// A passive subflow completed its handshake. \param s the subflow \param from the peer
    void OnSubflowNewConnection(Ptr<Socket> s, const Address& from);
    /// A subflow has in-order data. \param s the subflow
    void OnSubflowRecv(Ptr<Socket> s);
    /// A subflow freed send buffer. \param s the subflow \param available free bytes
    void OnSubflowSendSpace(Ptr<Socket> s, uint32_t available);
    /// A subflow was closed by its peer or finished closing. \param s the subflow
    void OnSubflowNormalClose(Ptr<Socket> s);
    /// A subflow was reset or timed out. \param s the subflow
    void OnSubflowErrorClose(Ptr<Socket> s);

    // Configuration (attributes)
    uint32_t m_numSubflows{1};        //!< ndiffports: subflows per connection
    TypeId m_pathManagerTypeId;       //!< attribute PathManager
    ObjectFactory m_subflowFactory;   //!< makes the subflows (SetSubflowFactory())
    uint32_t m_maxSubflows{8};        //!< fullmesh: most subflows per connection
    uint32_t m_subflowsPerPair{1};    //!< fullmesh: subflows per address pair
    bool m_matchAddressIndex{false};  //!< fullmesh: our i-th address with the peer's ID i
    TypeId m_congestionTypeId;        //!< congestion control of the subflows
    uint32_t m_sndBufSize{131072};    //!< connection-level send buffer, bytes
    uint32_t m_rcvBufSize{131072};    //!< connection-level receive buffer, bytes
    uint32_t m_backupSubflows{0};     //!< ndiffports subflows, counted from the last, opened
                                      //!< as backup (MP_JOIN B flag)
    uint32_t m_backupRtoThreshold{1}; //!< consecutive RTOs after which a regular subflow
                                      //!< cannot send (backups take over)

    // Plumbing
    Ptr<Node> m_node;                 //!< the node
    Ptr<MpTcpL4Protocol> m_tcp;       //!< the node's TCP
    Ptr<UniformRandomVariable> m_rng; //!< keys and nonces
    Ptr<MpTcpSocketBase> m_listener;  //!< the listening socket that spawned us (passive open)
    std::vector<Ptr<MpTcpSocketBase>> m_pending; //!< passive connections not yet accepted
    Ptr<MpTcpSubflow> m_listenSubflow;  //!< listening subflow (LISTEN state)
    Ptr<MpTcpSubflow> m_joinAcceptor;   //!< accepts token-demultiplexed MP_JOIN SYNs
    std::vector<Ptr<MpTcpSubflow>> m_subflows; //!< all subflows, initial first
    Address m_localAddress;           //!< bound address
    Address m_peerAddress;            //!< connected peer
    State m_state{CLOSED};
    mutable enum SocketErrno m_errno { ERROR_NOTERROR }; //!< last error
    bool m_fallback{false};           //!< plain TCP (RFC 8684 §3.7)
    bool m_closeRequested{false};     //!< the application called Close()
    bool m_shutdownSend{false};       //!< the application called ShutdownSend()
    bool m_shutdownRecv{false};       //!< the application called ShutdownRecv()
    bool m_peerCloseNotified{false};  //!< the application was told of the close
    bool m_tokenRegistered{false};    //!< our token is in the node's token map
    bool m_connectedNotified{false};  //!< the application was told of the connection
    uint32_t m_nextSubflowId{0};      //!< identifier of the next subflow

    // Keys (RFC 8684 §3.1)
    uint64_t m_localKey{0};           //!< our key
    uint32_t m_localToken{0};         //!< our token
    uint64_t m_localIdsn{0};          //!< our initial data sequence number
    uint64_t m_remoteKey{0};          //!< the peer's key
    uint32_t m_remoteToken{0};        //!< the peer's token
    uint64_t m_remoteIdsn{0};         //!< the peer's initial data sequence number
    bool m_remoteKeyKnown{false};     //!< the peer's key is known

    // Send side (data sequence space)
    std::deque<Ptr<Packet>> m_sndUnsent; //!< application data not yet given to a subflow
    uint32_t m_sndUnsentBytes{0};     //!< bytes in m_sndUnsent
    uint64_t m_dataNxt{0};            //!< DSN of the next byte to give to a subflow
    uint64_t m_dataUna{0};            //!< oldest DSN not DATA_ACKed
    uint32_t m_peerWindow{65535};     //!< peer's receive window, bytes
    /// A chunk given to a subflow and not yet DATA_ACKed.
    struct SentChunk
    {
        Ptr<Packet> packet; //!< the data
        uint32_t subflowId; //!< subflow it was first sent on
    };
    std::map<uint64_t, SentChunk> m_sentUnacked; //!< chunks given to subflows, by DSN
    MapNodePool<std::map<uint64_t, SentChunk>> m_sentNodes; //!< nodes of m_sentUnacked, reused
    /// Chunks to send again on another subflow: (DSN, subflow that timed out).
    std::deque<std::pair<uint64_t, uint32_t>> m_reinjectQueue;
    uint64_t m_reinjectedBytes{0};    //!< bytes reinjected (timeouts and opportunistic)
    uint64_t m_lastOpportunistic{0};  //!< DSN last sent again because the window was full
    bool m_penalizeSlowSubflow{true}; //!< halve the window of the subflow holding up the window
    bool m_reinjectOnTimeout{true};   //!< a subflow's RTO sends its data again on the others
    Time m_firstDataRto{0};           //!< > 0: subflows forget the handshake's RTT sample
    Ptr<MpTcpScheduler> m_scheduler; //!< the scheduler (attribute "Scheduler")
    bool m_peerAckedData{false};      //!< a DATA_ACK arrived
    bool m_peerDsn64{false};          //!< the peer sent an 8-octet DSN (our DATA_ACKs: 8 octets)
    bool m_joinsOpened{false};        //!< the path manager was told FullyEstablished (or
                                      //!< must not open its subflows any more)
    EventId m_sendPendingEvent;       //!< deferred SendPending()
    bool m_dataFinSent{false};        //!< our DATA_FIN occupies m_dataFinDsn
    uint64_t m_dataFinDsn{0};         //!< DSN of our DATA_FIN octet
    EventId m_dataFinTimer;           //!< retransmission of our DATA_FIN
    Time m_dataFinRto;                //!< current DATA_FIN retransmission timeout
    uint32_t m_dataFinRetries{0};     //!< DATA_FIN retransmissions so far

    // Receive side
    MpTcpReassemblyQueue m_rx;                 //!< data-level reassembly, DATA_ACK to send
    bool m_rcvDataFin{false};                  //!< the peer signalled its DATA_FIN
    uint64_t m_rcvDataFinDsn{0};               //!< DSN of the peer's DATA_FIN octet
    bool m_rcvDataFinDone{false};              //!< every byte up to the DATA_FIN received
    uint64_t m_protocolErrors{0};              //!< protocol errors counted
    bool m_checksumRequested{false};           //!< attribute DssChecksum
    bool m_checksumInUse{false};               //!< DSS checksums negotiated (RFC 8684 §3.1)
    uint64_t m_checksumFailures{0};            //!< DSS checksum failures counted
    bool m_aborted{false};                     //!< torn down by MP_FASTCLOSE (sent or received)
    uint64_t m_fastClosesReceived{0};          //!< MP_FASTCLOSE received with our key
    uint64_t m_subflowResets{0};               //!< subflows reset
    std::map<uint8_t, uint64_t> m_tcpRstReceived; //!< MP_TCPRST received, by reason
    uint64_t m_outOfWindowMappings{0};         //!< DSS mappings outside the receive window
    uint64_t m_joinFailures{0};                //!< MP_JOIN handshakes refused
    uint64_t m_joinAckRetransmissions{0};      //!< MP_JOIN third ACKs sent again
    std::vector<uint32_t> m_resetSubflowIds;   //!< subflows SubflowReset() already handled

    // Path manager (RFC 8684 §3.4)
    Ptr<MpTcpPathManager> m_pathManager; //!< created on first use (GetPathManager)
    Ipv4Address m_joinSynLocal;       //!< destination of the MP_JOIN SYN being forked
    Ipv4Address m_joinSynRemote;      //!< source of the MP_JOIN SYN being forked

    TracedCallback<Ptr<MpTcpSubflow>> m_subflowEstablishedTrace; //!< subflow established
    TracedCallback<Ptr<MpTcpSubflow>> m_subflowClosedTrace;      //!< subflow closed
    TracedCallback<Ptr<MpTcpSubflow>, bool> m_subflowPriorityTrace; //!< backup or regular
    TracedCallback<uint64_t, uint64_t> m_dataAckTrace;           //!< DATA_ACK old, new
    TracedCallback<uint64_t, uint32_t, Ptr<MpTcpSubflow>> m_reinjectionTrace; //!< reinjections
    TracedCallback<Ptr<MpTcpSubflow>, const std::string&> m_protocolErrorTrace; //!< errors
    TracedCallback<Ptr<MpTcpSubflow>, const std::string&> m_fallbackTrace; //!< fallbacks
    TracedCallback<Ptr<MpTcpSubflow>, uint8_t> m_tcpRstTrace; //!< MP_TCPRST received
    TracedCallback<uint8_t, Ipv4Address> m_remoteAddrAddedTrace;   //!< peer's address learnt
    TracedCallback<uint8_t, Ipv4Address> m_remoteAddrRemovedTrace; //!< peer's address removed
    TracedCallback<uint8_t, Ipv4Address> m_localAddrRemovedTrace;  //!< our address withdrawn
};

} // namespace ns3

#endif /* MPTCP_SOCKET_BASE_H */
