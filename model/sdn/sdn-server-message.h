/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SDN_SERVER_MESSAGE_H
#define SDN_SERVER_MESSAGE_H

#include "ns3/ecmp-forwarding-table.h"
#include "ns3/header.h"
#include "ns3/packet.h"

#include <cstdint>
#include <ostream>
#include <string>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief A message between the SDN controller and a server (a host's SdnServerAgent), carried
 * as the whole payload of one UDP datagram over the out-of-band control network
 * (SdnControllerHelper::InstallControlNetwork()).
 *
 * Size: the Responsive-MPTCP paper (seed 004, §V-A "Experiment Setup", the paragraph on
 * overhead) encapsulates "all the messages exchanged between the controller and a server" into
 * 64-byte packets, without saying at which layer. Here the 64 bytes are the message, i.e. the
 * UDP payload (kSize); on the control network's point-to-point links each message is a
 * 94-byte frame (kWireBytes: + UDP 8 + IPv4 20 + PPP 2). The paper's estimate (10 path-adding
 * requests per second per large flow, large flows arriving and departing every 100 ms, 10
 * large flows per server: 150 kb/s per server) counts 64 bytes per message.
 *
 * Layout (network byte order), 64 bytes:
 *
 * | offset | size | field |
 * |---|---|---|
 * | 0 | 2 | magic 0x534D ("SM") |
 * | 2 | 1 | version (1) |
 * | 3 | 1 | type (Type, or a user-defined type from USER = 128) |
 * | 4 | 4 | sequence number (the sender's; an answer may echo its request's) |
 * | 8 | 8 | flow id (e.g. an MPTCP connection's token) |
 * | 16 | 4 | 5-tuple: source address |
 * | 20 | 4 | 5-tuple: destination address |
 * | 24 | 2 | 5-tuple: source port |
 * | 26 | 2 | 5-tuple: destination port |
 * | 28 | 1 | 5-tuple: IP protocol |
 * | 29 | 3 | zero |
 * | 32 | 8 | value (DEMAND: bit/s; PATH_ADD_REQUEST: demand gap, bit/s; PATH_ADD_ANSWER: number of subflows to add) |
 * | 40 | 8 | second value (free: e.g. the flow's measured rate, bit/s) |
 * | 48 | 4 | host index of the server end (set by SdnController::SendToServer() and SdnServerAgent::SendToController()) |
 * | 52 | 12 | zero (padding to 64 bytes) |
 *
 * A datagram whose payload is not exactly 64 bytes, or whose magic or version differ, is not a
 * message (Parse() returns false): receivers count it as malformed and drop it.
 */
class SdnServerMessage : public Header
{
  public:
    /// A flow's 5-tuple (the same type as the flow tables').
    using FiveTuple = EcmpForwardingTable::FiveTuple;

    /// The message types of seed 004 (Fig. 1); 128 to 255 are the user's.
    enum Type : uint8_t
    {
        /// Controller -> server: a flow's demand, the rate it can reach, in the value field
        /// (bit/s) (seed 004 §III-A, Alg. 1: "dispatch d_t[f] to the monitor at sender of f").
        DEMAND = 1,
        /// Server -> controller: a path-adding request, the demand gap (demand minus measured
        /// rate) in the value field (bit/s) (seed 004 §IV, Alg. 3).
        PATH_ADD_REQUEST = 2,
        /// Controller -> server: the answer, the number of subflows to add in the value field
        /// (seed 004 §III-B, Alg. 2: "notify the sender monitor of f of n_new_sf").
        PATH_ADD_ANSWER = 3,
        /// First user-defined type (128 to 255 are free).
        USER = 128
    };

    /// Size of a message: the UDP payload, bytes (seed 004 §V-A: 64-byte packets).
    static constexpr uint32_t kSize = 64;
    /// Headers below a message on a point-to-point link: UDP 8 + IPv4 20 + PPP 2 bytes.
    static constexpr uint32_t kUdpIpv4PppBytes = 8 + 20 + 2;
    /// One message on a point-to-point link of the control network, bytes.
    static constexpr uint32_t kWireBytes = kSize + kUdpIpv4PppBytes;
    /// First two bytes of every message.
    static constexpr uint16_t kMagic = 0x534D;
    /// Version of the layout above.
    static constexpr uint8_t kVersion = 1;
    /// Host index of a message not about a host yet.
    static constexpr uint32_t kNoHost = 0xffffffffU;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    /// \return kSize
    uint32_t GetSerializedSize() const override;
    /// \param start where to write the 64 bytes
    void Serialize(Buffer::Iterator start) const override;
    /**
     * \brief Read 64 bytes (the caller makes sure there are that many; Parse() does); IsValid()
     * tells whether the magic and version matched.
     * \param start where to read
     * \return kSize
     */
    uint32_t Deserialize(Buffer::Iterator start) override;
    /// \param os where to print the fields
    void Print(std::ostream& os) const override;

    /**
     * \brief Read the message of a UDP payload.
     * \param payload the datagram's payload
     * \param message where to store it
     * \return whether the payload is a message: exactly kSize bytes, magic and version right
     */
    static bool Parse(Ptr<const Packet> payload, SdnServerMessage& message);
    /// \return a packet whose payload is this message (kSize bytes)
    Ptr<Packet> ToPacket() const;
    /**
     * \param type a message type
     * \return its name ("DEMAND", "PATH_ADD_REQUEST", "PATH_ADD_ANSWER", "USER+n" or the
     *         number)
     */
    static std::string GetTypeName(uint8_t type);

    /// \return whether the last Deserialize() read the right magic and version (true for a
    ///         message built here)
    bool IsValid() const;

    /// \param type the message type (Type, or a user-defined one)
    void SetType(uint8_t type);
    /// \return the message type
    uint8_t GetType() const;
    /// \param sequence the sequence number
    void SetSequence(uint32_t sequence);
    /// \return the sequence number
    uint32_t GetSequence() const;
    /// \param flowId the flow id (e.g. an MPTCP token)
    void SetFlowId(uint64_t flowId);
    /// \return the flow id
    uint64_t GetFlowId() const;
    /// \param tuple the flow's 5-tuple
    void SetFiveTuple(const FiveTuple& tuple);
    /// \return the flow's 5-tuple
    FiveTuple GetFiveTuple() const;
    /// \param value the value (bit/s, or a number of subflows; see Type)
    void SetValue(uint64_t value);
    /// \return the value
    uint64_t GetValue() const;
    /// \param value the second value
    void SetSecondValue(uint64_t value);
    /// \return the second value
    uint64_t GetSecondValue() const;
    /// \param host the host index of the server end
    void SetHostIndex(uint32_t host);
    /// \return the host index of the server end (kNoHost if unset)
    uint32_t GetHostIndex() const;

    /**
     * \param o another message
     * \return whether every field is equal (validity included)
     */
    bool operator==(const SdnServerMessage& o) const;

  private:
    bool m_valid{true};        //!< Magic and version matched (Deserialize()).
    uint8_t m_type{0};         //!< Message type.
    uint32_t m_sequence{0};    //!< Sequence number.
    uint64_t m_flowId{0};      //!< Flow id.
    FiveTuple m_tuple;         //!< The flow's 5-tuple.
    uint64_t m_value{0};       //!< Value.
    uint64_t m_secondValue{0}; //!< Second value.
    uint32_t m_host{kNoHost};  //!< Host index of the server end.
};

/**
 * \param os a stream
 * \param m a message
 * \return the stream
 */
std::ostream& operator<<(std::ostream& os, const SdnServerMessage& m);

} // namespace ns3

#endif /* SDN_SERVER_MESSAGE_H */
