/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_SUBFLOW_H
#define MPTCP_SUBFLOW_H

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-mapping-table.h"
#include "ns3/mptcp-option.h"

#include "ns3/random-variable-stream.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-option-sack.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-small-queues-socket.h"

#include <deque>
#include <map>

namespace ns3
{

class MpTcpSocketBase;

class MpTcpSubflow;

/**
 * \ingroup mptcp
 * \brief Hook of a transport extension (not part of RFC 8684) on the outgoing segments of
 * one subflow, called from the subflow's option writer (MpTcpSubflow::AddMpTcpOption): it may
 * add options to the SYN and rewrite data segments after their MPTCP option. The RFC 8684
 * subflow knows nothing else of the extension. Host-side packet scatter (MMPTCP thesis §3.3,
 * §4.7) is one: MpTcpScatterTxHook in mptcp-packet-scatter-socket.h.
 */
class MpTcpSubflowTxHook : public SimpleRefCount<MpTcpSubflowTxHook>
{
  public:
    virtual ~MpTcpSubflowTxHook() = default;
    /**
     * \brief The subflow's SYN is being sent: append options before its MPTCP option.
     * Default: nothing.
     * \param sf the subflow
     * \param header the SYN's header
     */
    virtual void AddSynOptions(const MpTcpSubflow& sf, TcpHeader& header);
    /**
     * \param sf the subflow
     * \param payload bytes of data in the segment
     * \param flags its TCP flags
     * \return true if RewriteSegment() will act on this segment: its DSS then uses the
     * 4-octet DATA_ACK and DSN to leave option space
     */
    virtual bool RewritesSegment(const MpTcpSubflow& sf, uint32_t payload, uint8_t flags) const = 0;
    /**
     * \brief Rewrite an outgoing segment, after its MPTCP option and before the queued
     * ADD_ADDR/REMOVE_ADDR signals (only if RewritesSegment() said so).
     * \param sf the subflow
     * \param header the segment's header
     */
    virtual void RewriteSegment(const MpTcpSubflow& sf, TcpHeader& header) = 0;
    /// \return true while the hook changes the subflow's segments
    virtual bool IsActive() const = 0;
};

/**
 * \ingroup mptcp
 * \brief One MPTCP subflow: a TCP connection (a TcpSocketBase, so ns-3's loss recovery, RTO,
 * RTT estimation and congestion-control plumbing are reused) that belongs to an
 * MpTcpSocketBase connection.
 *
 * The subflow adds the MPTCP options of RFC 8684 to its outgoing segments (through its own
 * "Tx" trace, see TcpOptionMpTcp) and parses the options of incoming segments before
 * TcpSocketBase processes them. It keeps the data sequence mappings (RFC 8684 §3.3.1) of the
 * bytes it sends and of the bytes it receives; the connection reads its in-order bytes and
 * places them in data sequence order.
 *
 * Subflows use SACK as ns3::TcpSocketBase::Sack says (the SACK blocks of a pure ACK get the
 * option space the MPTCP options leave, see TxHook) and run with Nagle off (the connection
 * hands over full segments).
 */
class MpTcpSubflow : public TcpSmallQueuesSocket
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
#if MPTCP_NEEDS_INSTANCE_TYPEID
    TypeId GetInstanceTypeId() const override;
#endif

    /// Which MPTCP handshake the subflow uses.
    enum Role
    {
        ROLE_LISTENER,     //!< a listening socket (the application's, or a join acceptor)
        ROLE_MP_CAPABLE,   //!< the initial subflow (MP_CAPABLE handshake, RFC 8684 §3.1)
        ROLE_MP_JOIN,      //!< an additional subflow (MP_JOIN handshake, RFC 8684 §3.2)
        ROLE_PLAIN,        //!< the peer does not speak MPTCP: plain TCP (fallback, §3.7)
    };

    MpTcpSubflow();
    /**
     * \brief Copy constructor, used by Fork() for passive opens.
     * \param sock the listening subflow
     */
    MpTcpSubflow(const MpTcpSubflow& sock);
    ~MpTcpSubflow() override;

    /**
     * \brief Attach the subflow to its connection.
     * \param meta the connection (not owned: the connection owns its subflows)
     * \param role the handshake the subflow uses
     */
    void SetMeta(MpTcpSocketBase* meta, Role role);
    /// \return the connection, or nullptr
    MpTcpSocketBase* GetMeta() const;
    /// \return the handshake role
    Role GetRole() const;
    /// \param role the new role (e.g. ROLE_PLAIN on fallback)
    void SetRole(Role role);

    using TcpSocketBase::Bind;
    /**
     * \brief TcpSocketBase::Bind(), remembering a specific local IPv4 address: ns-3's
     * TcpSocketBase::Connect() (SetupEndpoint) replaces it by the source of the route to the
     * peer, the first address of the outgoing interface, and the subflow puts it back before
     * its SYN. A subflow bound to a further address of a NIC (fullmesh over the 2 x 2 address
     * pairs of FatTreeHelper::SetAddressesPerHost()) thus sends from it.
     * \param address the local address and port
     * \return 0 on success, -1 on failure (TcpSocketBase::Bind())
     */
    int Bind(const Address& address) override;

    /// \return the subflow's identifier within its connection (0 = initial subflow)
    uint32_t GetSubflowId() const;
    /// \param id identifier within the connection
    void SetSubflowId(uint32_t id);

    /**
     * \brief Queue connection-level data on this subflow and record its mapping.
     * \param p the bytes (at most 65535)
     * \param dsn the data sequence number of the first byte
     * \return true if the subflow's send buffer took the bytes
     */
    bool SendMapped(Ptr<Packet> p, uint64_t dsn);

    /**
     * \brief Bytes the subflow could send now without waiting: the smaller of its available
     * window (min(cwnd, rwnd) - bytes in flight) and its TCP Small Queues room
     * (GetSmallQueuesRoom()), less the bytes already queued but unsent.
     * \return bytes
     */
    uint32_t GetSendableBytes() const;
    /// \return bytes queued on the subflow and not yet sent
    uint32_t GetUnsentBytes() const;
    /// \return congestion window, bytes
    uint32_t GetCwnd() const;
    /// \return slow-start threshold, bytes
    uint32_t GetSsThresh() const;
    /// \return maximum segment size, bytes
    uint32_t GetSegmentSize() const;
    /// \return smoothed RTT estimate (the RttEstimator's), or zero before the first sample
    Time GetSrtt() const;
    /// \return true once the subflow has an RTT sample
    bool HasRttSample() const;
    /// \return the peer's receive window as last advertised, bytes
    uint32_t GetPeerWindow() const;
    /// \return the TCP state
    TcpStates_t GetState() const;
    /**
     * \return true in ESTABLISHED or CLOSE_WAIT, except while IsJoinPreEstablished(): only
     *         then may the connection schedule data on the subflow
     */
    bool IsEstablished() const;
    /**
     * \brief An MP_JOIN subflow we opened whose third ACK the peer has not acknowledged yet
     *        (RFC 8684 §3.2: "pre-established").
     *
     * The active side sends no data on it until the fourth ACK (or any other segment but a
     * SYN/ACK) arrives, and retransmits the third ACK meanwhile: after the subflow's RTO,
     * doubling each time, at most ns3::TcpSocket::DataRetries times, after which the subflow
     * is reset. The connection learns of the subflow (OnSubflowConnected, the
     * SubflowEstablished trace) only once it is fully established.
     * \return true between the valid MP_JOIN SYN/ACK and the fourth ACK
     */
    bool IsJoinPreEstablished() const;
    /// \return retransmissions of this subflow's MP_JOIN third ACK (RFC 8684 §3.2)
    uint32_t GetJoinAckRetransmissions() const;
    /// \return bytes sent on this subflow (payload, including retransmissions)
    uint64_t GetBytesSent() const;

    /**
     * \brief Attach the outgoing-segment hook of a transport extension (not RFC 8684), e.g.
     * host-side packet scatter (MpTcpScatterTxHook, mptcp-packet-scatter-socket.h).
     * \param hook the hook, or null for none
     */
    void SetTxHook(Ptr<MpTcpSubflowTxHook> hook);
    /// \return the outgoing-segment hook, or null
    Ptr<MpTcpSubflowTxHook> GetTxHook() const;

    /**
     * \brief Penalise this subflow for holding up the connection's receive window: halve the
     * congestion window (at least 1 segment) and, outside slow start, the slow-start threshold
     * (at least 2 segments). At most once per smoothed RTT and only in the Open or Disorder
     * state, so that loss recovery keeps its own window arithmetic. Source: Linux MPTCP v0.9x,
     * mptcp_rcv_buf_optimization(); Raiciu et al., NSDI 2012, §4.2.
     * \return true if the window was halved
     */
    bool Penalize();

    /// \return how many times Penalize() halved the window
    uint32_t GetPenalizations() const;

    /// \return the current retransmission timeout (RFC 6298), seconds
    Time GetRto() const;
    /// \return bytes sent and not yet acknowledged (ns-3's BytesInFlight: SACK-aware)
    uint32_t GetBytesInFlight() const;
    /// \return the congestion state (RFC 5681/6675 state machine of ns-3's TcpSocketState)
    TcpSocketState::TcpCongState_t GetCongState() const;

    /**
     * \brief Forget the RTT sample of the handshake: the RTT estimator starts again with no
     * sample and the retransmission timer of the next data segments is \p rto until data
     * gives a sample. Models the MMPTCP thesis's ns-3 model, which did not time the SYN and
     * set each subflow's RTT estimate to 1.5 s when its SYN/ACK arrived (Kheirkhah 2015,
     * §4.4; MpTcpSocketBase::ProcessSynSent there).
     * \param rto retransmission timeout of the first data segments, seconds (> 0)
     */
    void ForgetHandshakeRtt(Time rto);

    /**
     * \brief Send a segment without data now, carrying the connection's DATA_ACK and, while
     * one is outstanding, its DATA_FIN (RFC 8684 §3.3.3). Does nothing outside ESTABLISHED,
     * CLOSE_WAIT, FIN_WAIT_1 and FIN_WAIT_2.
     */
    void SendAckNow();

    /**
     * \brief Queue an ADD_ADDR or REMOVE_ADDR (RFC 8684 §3.4): it is added to the next
     * outgoing segment (not a SYN) whose 40-byte option space has room left for it, and sent
     * once.
     * \param option the option
     */
    void QueueSignal(const MpTcpOption& option);
    /// \return signals queued and not yet sent
    size_t GetPendingSignals() const;
    /**
     * \brief Reset the subflow now (RST) and move it to CLOSED, e.g. when its address was
     * removed (RFC 8684 §3.4.2). The connection is told through the error-close callback.
     */
    void Abort();

    /**
     * \brief Deliver a SYN that the connection's token lookup intercepted (MP_JOIN) to this
     * listening subflow, as the endpoint demultiplexer would.
     * \param packet the segment, TCP header included
     * \param from the sender's address and port
     * \param to the local address and port
     */
    void ReceiveInterceptedSyn(Ptr<Packet> packet, const Address& from, const Address& to);

    /// A data sequence mapping (RFC 8684 §3.3.1).
    using Mapping = MpTcpMapping;

    /**
     * \brief Map received in-order subflow bytes to data sequence numbers.
     *
     * Called by the connection for each chunk it reads from the subflow; the bytes start at the
     * subflow's read position, which advances by \p length.
     * \param length bytes read
     * \param out filled with (dsn, offset in chunk, length) pieces covering the chunk
     * \return false if some bytes had no mapping (a protocol error)
     */
    bool MapReceivedBytes(uint32_t length, std::vector<Mapping>& out);

    /**
     * \brief Relative subflow sequence number of the next byte the connection reads.
     * \return relative SSN
     */
    uint32_t GetRxReadSsn() const;

    /// \return the last MPTCP options parsed from the SYN that created this subflow
    const std::vector<MpTcpOption>& GetSynOptions() const;

    /**
     * \brief The data sequence ranges this subflow holds that its peer has not acknowledged
     * at subflow level and that were not handed out for reinjection before.
     * \param out filled with the mappings (relative SSN, DSN, length)
     */
    void TakeUnackedForReinjection(std::vector<Mapping>& out);

    /// \return the subflow's congestion-control object
    Ptr<TcpCongestionOps> GetCongestionOps() const;

    /// \return the number of received MPTCP options that were malformed and dropped
    uint64_t GetMalformedOptions() const;
    /**
     * \return pure ACKs received that carried only path-management signalling (ADD_ADDR,
     * REMOVE_ADDR, MP_PRIO) at SND.UNA and were therefore not counted as duplicate ACKs
     * (RFC 5681 §2; subflows run without SACK, where ns-3 counts every such ACK)
     */
    uint64_t GetSignallingAcks() const;

    /**
     * \brief Reset this subflow (RFC 8684 §3.6): send a RST carrying MP_TCPRST with \p reason
     * (and MP_FASTCLOSE with the peer's key if \p fastClose, §3.5), then release the endpoint
     * and move to CLOSED. The connection hears of it through the error-close callback. A
     * pending MP_FAIL (§3.7) goes out on an ACK just before the RST.
     * \param reason the MP_TCPRST reason code
     * \param fastClose also carry MP_FASTCLOSE (the connection is being aborted)
     * \param sendRst false: close locally without sending anything (the peer already reset)
     */
    void Reset(MpTcpRstReason reason, bool fastClose = false, bool sendRst = true);
    /// \return true once this subflow sent or received a RST (it carries no more data)
    bool IsReset() const;
    /**
     * \param s a TCP state
     * \return true in the states in which a subflow carries no more data: CLOSED, the states
     *         after a FIN was sent or received (FIN_WAIT_1/2, CLOSING, TIME_WAIT, CLOSE_WAIT,
     *         LAST_ACK)
     */
    static bool IsClosingState(TcpStates_t s)
    {
        return s == CLOSED || s == CLOSE_WAIT || s == LAST_ACK || s == TIME_WAIT ||
               s == CLOSING || s == FIN_WAIT_1 || s == FIN_WAIT_2;
    }
    /**
     * \brief Close() \p subflow, for an event scheduled by the connection (never called from
     * inside the subflow's own callbacks).
     * \param subflow the subflow to close
     */
    static void CloseFromEvent(Ptr<MpTcpSubflow> subflow);

    /**
     * \brief The subflow's addresses and ports (all zero before it has an endpoint).
     * \param localAddr filled with the local address
     * \param localPort filled with the local port
     * \param remoteAddr filled with the peer's address
     * \param remotePort filled with the peer's port
     */
    void GetFourTuple(Ipv4Address& localAddr,
                      uint16_t& localPort,
                      Ipv4Address& remoteAddr,
                      uint16_t& remotePort) const;

    /// The MP_JOIN state of the subflow's handshake.
    struct JoinState
    {
        uint32_t localNonce{0};  //!< our random number
        uint32_t remoteNonce{0}; //!< the peer's random number
        uint32_t token{0};       //!< token sent in the SYN (peer's token)
        uint8_t addressId{0};    //!< our address ID
        bool backup{false};      //!< backup flag
    };

    /// \return the MP_JOIN state
    JoinState& GetJoinState();

    /**
     * \brief Send MP_FAIL (RFC 8684 §3.7) on the next segment without data.
     * \param dsn data sequence number of the failed mapping's first byte
     */
    void SendMpFail(uint64_t dsn);
    /**
     * \brief Receiver side of §3.7 on the only subflow: drop received data until the sender's
     * infinite mapping (a DSS with data-level length 0) arrives, then map every later byte
     * linearly from it.
     */
    void AwaitInfiniteMapping();
    /**
     * \brief Sender side of §3.7: the next new byte of this subflow starts an infinite mapping
     * at \p dsn (announced in a DSS with data-level length 0); no DSS after it.
     * \param dsn data sequence number of the byte at the subflow's send-buffer tail
     */
    void StartInfiniteMapping(uint64_t dsn);
    /// \return true if an infinite mapping is (or is about to be) in force on this subflow
    bool UsesInfiniteMapping() const;
    /**
     * \brief The data sequence number after the last byte read through a mapping.
     * \param dsnEnd filled with it
     * \return false if no byte was read through a mapping yet
     */
    bool GetLastMappedDsnEnd(uint64_t& dsnEnd) const;
    /// \return true if mappings of bytes not yet read are known (data beyond a gap was mapped)
    bool HasPendingRxMappings() const;
    /// \return MP_FAIL options received on this subflow
    uint64_t GetMpFailsReceived() const;
    /**
     * \brief Whether the connection's scheduler treats this subflow as a backup: true if we
     * asked for it (IsLocalBackup) or the peer did (IsRemoteBackup), as Linux does (RFC 8684
     * §3.2 B flag, §3.3.8 MP_PRIO).
     * \return true for a backup subflow
     */
    bool IsBackup() const;
    /// \return true if we asked the peer to use this subflow as a backup only (our B flag or
    /// our last MP_PRIO, RFC 8684 §3.2, §3.3.8)
    bool IsLocalBackup() const;
    /// \return true if the peer asked us to use this subflow as a backup only (its B flag or
    /// its last MP_PRIO)
    bool IsRemoteBackup() const;
    /**
     * \brief Set our priority wish for this subflow. Before its SYN is sent it becomes the B
     * flag of the MP_JOIN SYN or SYN/ACK (RFC 8684 §3.2); afterwards an MP_PRIO carrying it
     * (§3.3.8) goes on the next segment of this subflow (an ACK sent at once if established).
     * \param backup true: backup, false: regular
     */
    void SetLocalBackup(bool backup);
    /**
     * \brief Record the peer's priority wish (its MP_JOIN B flag or MP_PRIO) and tell the
     * connection if IsBackup() changed.
     * \param backup the peer's B flag
     */
    void SetRemoteBackup(bool backup);
    /// \return MP_PRIO options sent on this subflow
    uint32_t GetMpPrioSent() const;
    /// \return MP_PRIO options received on this subflow
    uint32_t GetMpPrioReceived() const;
    /**
     * \return retransmission timeouts that fired since the peer last acknowledged new data on
     * this subflow (reset by every ACK that advances SND.UNA)
     */
    uint32_t GetConsecutiveRtos() const;

    /**
     * TracedCallback signature for malformed options.
     * \param [in] socket the subflow
     * \param [in] error why the option was rejected
     */
    typedef void (*MalformedOptionTracedCallback)(Ptr<const MpTcpSubflow> socket, int error);

  protected:
    void DoForwardUp(Ptr<Packet> packet, const Address& fromAddress, const Address& toAddress)
        override;
    Ptr<TcpSocketBase> Fork() override;
    void ReceivedAck(Ptr<Packet> packet, const TcpHeader& tcpHeader) override;
    void ReTxTimeout() override;
    uint32_t SendDataPacket(SequenceNumber32 seq, uint32_t maxSize, bool withAck) override;
    /**
     * \brief TcpSocketBase::SendEmptyPacket(), after giving the endpoint back the local
     * address Bind() was given, if Connect() replaced it (see Bind()).
     * \param flags the TCP flags
     */
    void SendEmptyPacket(uint8_t flags) override;
    void DoDispose() override;
    void SmallQueuesOpened() override;

  private:
    /// Static sink of the Tx trace: adds the MPTCP options (the socket is the third argument).
    static void TxHook(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s);
    /**
     * \brief Remove the SACK option from a header built by TcpSocketBase.
     * \param header the header (rebuilt with its other options in order)
     * \return the SACK option, or null if it had none
     */
    static Ptr<const TcpOptionSack> TakeSackOption(TcpHeader& header);
    /**
     * \brief Append as many of \p sack's blocks, first ones first, as the header's option
     * space still holds (none if not even one fits).
     * \param header the header, its other options already in
     * \param sack the SACK option TcpSocketBase built
     */
    static void AppendSackBlocks(TcpHeader& header, Ptr<const TcpOptionSack> sack);
    /**
     * \brief Add the MPTCP option this segment needs.
     * \param header the outgoing header (options are appended to it)
     * \param payload payload size, bytes
     */
    void AddMpTcpOption(TcpHeader& header, uint32_t payload);

    // Received options, one function per kind (mptcp-subflow-options.cc).
    /**
     * \brief Parse the MPTCP options of a received segment; malformed ones are counted,
     * traced and reported to the connection as protocol errors, and left out.
     * \param h the segment's TCP header
     * \param options filled with the well-formed MPTCP options
     * \return true if the segment carried any MPTCP option (kind 30), malformed or not
     */
    bool ParseMpTcpOptions(const TcpHeader& h, std::vector<MpTcpOption>& options);
    /**
     * \brief MP_CAPABLE on the SYN/ACK of our initial subflow (RFC 8684 §3.1): record the
     * peer's key and checksum wish; without it, fall back to TCP.
     * \param options the SYN/ACK's MPTCP options
     */
    void ReceivedSynAckCapable(const std::vector<MpTcpOption>& options);
    /**
     * \brief MP_JOIN on the SYN/ACK of our joining subflow (RFC 8684 §3.2): check the
     * peer's truncated HMAC, record its nonce and B flag.
     * \param options the SYN/ACK's MPTCP options
     * \return false if MP_JOIN is missing or its HMAC is wrong (the subflow is then reset)
     */
    bool ReceivedSynAckJoin(const std::vector<MpTcpOption>& options);
    /**
     * \brief Act on one MPTCP option of a synchronized segment (dispatch by kind).
     * \param o the option
     * \param packet the segment, TCP header included
     * \param h its TCP header
     * \return false if processing of the segment must stop (subflow reset, connection torn
     * down)
     */
    bool ReceivedOption(const MpTcpOption& o, Ptr<Packet> packet, const TcpHeader& h);
    /**
     * \brief DSS (RFC 8684 §3.3): DATA_ACK, mapping (checked against its checksum and the
     * receive window), DATA_FIN, infinite mapping (§3.7).
     * \param dss the option
     * \param packet the segment, TCP header included
     * \param h its TCP header
     */
    void ReceivedDss(const DssOption& dss, Ptr<Packet> packet, const TcpHeader& h);
    /**
     * \brief MP_CAPABLE with both keys on the third ACK or the first data segment (RFC 8684
     * §3.1): the peer's key and the implicit first mapping.
     * \param cap the option
     * \param packet the segment, TCP header included
     * \param h its TCP header
     */
    void ReceivedCapable(const MpCapableOption& cap, Ptr<Packet> packet, const TcpHeader& h);
    /**
     * \brief MP_JOIN on the third ACK of a subflow the peer joined (RFC 8684 §3.2): check
     * its HMAC.
     * \param joinAck the option
     * \return false if the HMAC is wrong (the subflow is reset)
     */
    bool ReceivedJoinAck(const MpJoinAckOption& joinAck);
    /**
     * \brief Refuse a joining subflow whose third ACK failed (RFC 8684 §3.2): count it, reset
     *        the subflow with MP_TCPRST "administratively prohibited" (0x03, as Linux does).
     * \param why the protocol error's text
     */
    void RefuseJoin(const std::string& why);
    /// The third ACK was not acknowledged within the RTO: send it again, or give up.
    void JoinAckTimeout();
    /// The fourth ACK arrived: the subflow may carry data; tell the connection.
    void JoinFullyEstablished();

    // Options to send, one function per kind (mptcp-subflow-options.cc).
    /// \return the MP_CAPABLE flags we send: H (HMAC-SHA256), A if checksums are in use
    uint8_t CapableFlags() const;
    /// \return the DSS of our infinite mapping (RFC 8684 §3.7)
    DssOption BuildInfiniteMapping() const;
    /**
     * \param header the SYN (the tx hook may append its own options to it first)
     * \return MP_CAPABLE without key (RFC 8684 §3.1) or MP_JOIN with token and nonce (§3.2)
     */
    MpTcpOption BuildSynOption(TcpHeader& header);
    /// \return MP_CAPABLE with our key, or MP_JOIN with truncated HMAC and nonce, for a
    /// SYN/ACK
    MpTcpOption BuildSynAckOption() const;
    /// \return MP_CAPABLE with both keys, for the third ACK (RFC 8684 §3.1)
    MpCapableOption BuildCapableAck() const;
    /// \return MP_JOIN with the full HMAC, for the third ACK (RFC 8684 §3.2)
    MpJoinAckOption BuildJoinAck() const;
    /**
     * \param header the first data segment's header
     * \return MP_CAPABLE with both keys and the data-level length (RFC 8684 §3.1)
     */
    MpCapableOption BuildCapableData(const TcpHeader& header) const;
    /**
     * \brief Use the 4-octet DATA_ACK and DSN, so that the tx hook's option fits beside the
     * DSS.
     * \param dss the DSS
     */
    static void ShortenDss(DssOption& dss);
    /**
     * \brief Build the DSS of a segment.
     * \param header the outgoing header
     * \param payload payload bytes
     * \param dss the option to fill
     * \return true if the segment needs a DSS
     */
    bool BuildDss(const TcpHeader& header, uint32_t payload, DssOption& dss);
    /**
     * \param header an outgoing data segment's header
     * \return true if the segment carries the connection's first data bytes
     */
    bool IsFirstMapping(const TcpHeader& header) const;
    /**
     * \brief Check the DSS checksum of a received mapping (RFC 8684 §3.3.1).
     * \param packet the segment, TCP header included
     * \param header its TCP header
     * \param dss the mapping (ssn relative, dataLength, checksum)
     * \param dsn the mapping's 64-bit DSN
     * \param dataBytes payload bytes of the mapping (data-level length less a DATA_FIN)
     * \return false if the checksum is missing or wrong; true if right, or if the mapping is
     * not wholly in this segment (not checked)
     */
    bool ChecksumValid(Ptr<const Packet> packet,
                       const TcpHeader& header,
                       const DssOption& dss,
                       uint64_t dsn,
                       uint32_t dataBytes) const;
    /// Append the queued signals that fit in \p header's option space.
    void AppendSignals(TcpHeader& header);
    /**
     * \param payload bytes of data in the segment
     * \param flags its TCP flags
     * \return true if the tx hook rewrites this segment (MpTcpSubflowTxHook::RewritesSegment)
     */
    bool HookRewritesSegment(uint32_t payload, uint8_t flags) const;
    /// Drop send mappings of bytes the peer acknowledged.
    void DiscardAckedMappings();
    /**
     * \brief Append the pending MP_PRIO (RFC 8684 §3.3.8) to an outgoing segment, after its
     * other MPTCP option, if it fits.
     * \param header the outgoing header
     */
    void AddMpPrioOption(TcpHeader& header);
    /// \return the send mapping holding relative SSN \p ssn, or nullptr
    const Mapping* FindTxMapping(uint32_t ssn) const;
    /**
     * \brief A RST arrived on this synchronized subflow: record its MP_TCPRST, act on its
     * MP_FASTCLOSE, close the subflow and tell the connection (RFC 8684 §3.5, §3.6).
     * \param options the segment's MPTCP options
     */
    void ReceivedReset(const std::vector<MpTcpOption>& options);
    /**
     * \brief Append MP_TCPRST (and MP_FASTCLOSE when aborting) to an outgoing RST.
     * \param header the RST's header
     */
    void AddRstOptions(TcpHeader& header);

    MpTcpSocketBase* m_meta{nullptr}; //!< the connection (not owned)
    Role m_role{ROLE_PLAIN};          //!< the handshake
    Ipv4Address m_boundLocal{Ipv4Address::GetAny()}; //!< specific address of Bind() (any: none)
    uint32_t m_subflowId{0};          //!< identifier within the connection
    bool m_sawSyn{false};             //!< the SYN of this subflow was sent or received
    SequenceNumber32 m_isn;           //!< our initial sequence number
    SequenceNumber32 m_irs;           //!< the peer's initial sequence number
    bool m_irsKnown{false};           //!< m_irs was learnt
    MpTcpMappingTable m_mappings;     //!< data sequence mappings, both ways
    std::vector<MpTcpOption> m_synOptions; //!< MPTCP options of the SYN that created us
    /// Carrier of the MPTCP option of the last segment sent (AddMpTcpOption), used again when
    /// only this pointer still holds it
    Ptr<TcpOptionMpTcp> m_txCarrier;
    std::deque<MpTcpOption> m_signals; //!< ADD_ADDR / REMOVE_ADDR waiting for option space
    JoinState m_join;                 //!< MP_JOIN handshake state
    bool m_capableAckPending{false};  //!< next segment is the MP_CAPABLE third ACK
    bool m_joinAckPending{false};     //!< next segment is the MP_JOIN third ACK
    bool m_joinPreEstablished{false}; //!< active join: third ACK not yet acknowledged (§3.2)
    EventId m_joinAckTimer;           //!< retransmission of the third ACK
    uint32_t m_joinAckRetransmits{0}; //!< third ACKs sent again
    bool m_fourthAckPending{false};   //!< passive join: acknowledge the third ACK now
    bool m_activeOpen{false};         //!< we sent the initial SYN (MP_CAPABLE client)
    uint64_t m_malformed{0};          //!< malformed options dropped
    uint64_t m_signallingAcks{0};     //!< signalling-only ACKs not counted as dupacks
    bool m_mpFailPending{false};      //!< the next segment without data carries MP_FAIL
    uint64_t m_mpFailDsn{0};          //!< DSN of the pending MP_FAIL
    uint64_t m_mpFailsReceived{0};    //!< MP_FAIL options received
    bool m_txInfinite{false};         //!< we send an infinite mapping (fallback after MP_FAIL)
    uint32_t m_txInfiniteSsn{0};      //!< relative SSN where our infinite mapping starts
    uint64_t m_txInfiniteDsn{0};      //!< its DSN
    uint64_t m_bytesSent{0};          //!< payload bytes sent
    Time m_lastPenalized{Seconds(-1)}; //!< when Penalize() last halved the window
    bool m_backupLocal{false};        //!< we asked for backup use (B flag, MP_PRIO)
    bool m_backupRemote{false};       //!< the peer asked for backup use (B flag, MP_PRIO)
    bool m_mpPrioPending{false};      //!< an MP_PRIO with m_backupLocal is to be sent
    uint32_t m_mpPrioSent{0};         //!< MP_PRIO options sent
    uint32_t m_mpPrioReceived{0};     //!< MP_PRIO options received
    uint32_t m_consecutiveRtos{0};    //!< RTOs since SND.UNA last advanced
    bool m_signallingAck{false};      //!< segment being processed: a pure ACK carrying
                                      //!< ADD_ADDR, REMOVE_ADDR or MP_PRIO only
    uint32_t m_penalizations{0};      //!< times Penalize() halved the window
    MpTcpRstReason m_rstReason{MpTcpRstReason::UNSPECIFIED}; //!< reason in our next RST
    bool m_rstFastClose{false};       //!< our next RST carries MP_FASTCLOSE
    bool m_reset{false};              //!< a RST was sent or received
    Ptr<MpTcpSubflowTxHook> m_txHook; //!< a transport extension's outgoing-segment hook
    TracedCallback<Ptr<const MpTcpSubflow>, int> m_malformedTrace; //!< malformed option trace
};

} // namespace ns3

#endif /* MPTCP_SUBFLOW_H */
