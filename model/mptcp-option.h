/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_OPTION_H
#define MPTCP_OPTION_H

#include "ns3/tcp-option.h"

#include <array>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * The Multipath TCP option (TCP option kind 30) of RFC 8684 §3: value types for each subtype,
 * a byte-exact serializer and a parser that rejects malformed input, and the TcpOption that
 * carries the bytes through ns-3's TcpHeader without patching ns-3.
 */

namespace ns3
{

/// TCP option kind of Multipath TCP (RFC 8684 §3, IANA).
constexpr uint8_t MPTCP_OPTION_KIND = 30;

/// MPTCP option subtypes (RFC 8684 §7.2, IANA "MPTCP Option Subtypes").
enum class MpTcpSubtype : uint8_t
{
    MP_CAPABLE = 0x0,
    MP_JOIN = 0x1,
    DSS = 0x2,
    ADD_ADDR = 0x3,
    REMOVE_ADDR = 0x4,
    MP_PRIO = 0x5,
    MP_FAIL = 0x6,
    MP_FASTCLOSE = 0x7,
    MP_TCPRST = 0x8,
};

/**
 * \brief MP_CAPABLE (RFC 8684 §3.1, Figure 4), version 1.
 *
 * Length 4 on a SYN (no key), 12 on a SYN/ACK (the sender's key), 20 on the third ACK (both
 * keys), 22 on the first data segment (both keys and the data-level length) and 24 with a
 * DSS checksum.
 */
struct MpCapableOption
{
    uint8_t version{1};       //!< MPTCP version (1 = RFC 8684)
    uint8_t flags{FLAG_H};    //!< flags A..H (bit 7 = A ... bit 0 = H)
    uint8_t nKeys{0};         //!< number of keys present: 0, 1 or 2
    uint64_t senderKey{0};    //!< Option Sender's Key (present when nKeys >= 1)
    uint64_t receiverKey{0};  //!< Option Receiver's Key (present when nKeys == 2)
    bool hasDataLength{false}; //!< Data-Level Length present (first data segment)
    uint16_t dataLength{0};   //!< Data-Level Length, bytes
    bool hasChecksum{false};  //!< Checksum present
    uint16_t checksum{0};     //!< DSS checksum

    static constexpr uint8_t FLAG_A = 0x80; //!< checksum required
    static constexpr uint8_t FLAG_B = 0x40; //!< extensibility
    static constexpr uint8_t FLAG_C = 0x20; //!< do not establish subflows to the source address
    static constexpr uint8_t FLAG_H = 0x01; //!< HMAC-SHA256
};

/// MP_JOIN on a SYN (RFC 8684 §3.2, Figure 5), length 12.
struct MpJoinSynOption
{
    bool backup{false};          //!< B: the subflow is a backup path
    uint8_t addressId{0};        //!< Address ID of the source address
    uint32_t receiverToken{0};   //!< token of the receiver's connection
    uint32_t senderNonce{0};     //!< Sender's Random Number (R-A)
};

/// MP_JOIN on a SYN/ACK (RFC 8684 §3.2, Figure 6), length 16.
struct MpJoinSynAckOption
{
    bool backup{false};        //!< B: the subflow is a backup path
    uint8_t addressId{0};      //!< Address ID of the sender
    uint64_t truncatedHmac{0}; //!< leftmost 64 bits of HMAC(Key-B||Key-A, R-B||R-A)
    uint32_t senderNonce{0};   //!< Sender's Random Number (R-B)
};

/// MP_JOIN on the third ACK (RFC 8684 §3.2, Figure 7), length 24.
struct MpJoinAckOption
{
    std::array<uint8_t, 20> hmac{}; //!< leftmost 160 bits of HMAC(Key-A||Key-B, R-A||R-B)
};

/**
 * \brief Data Sequence Signal (RFC 8684 §3.3, Figure 9): DATA_ACK and/or a data sequence
 * mapping, and the DATA_FIN flag.
 */
struct DssOption
{
    bool hasDataAck{false}; //!< flag A
    bool dataAck64{false};  //!< flag a: DATA_ACK is 8 octets
    uint64_t dataAck{0};    //!< Data ACK (low 32 bits only when !dataAck64)
    bool hasMapping{false}; //!< flag M: DSN, SSN, length (and checksum) present
    bool dsn64{false};      //!< flag m: DSN is 8 octets
    uint64_t dsn{0};        //!< Data Sequence Number of the mapping's first byte
    uint32_t ssn{0};        //!< Subflow Sequence Number, relative to the subflow's ISN
    uint16_t dataLength{0}; //!< Data-Level Length of the mapping, bytes
    bool hasChecksum{false}; //!< checksum present (negotiated by MP_CAPABLE flag A)
    uint16_t checksum{0};   //!< DSS checksum
    bool dataFin{false};    //!< flag F: DATA_FIN
};

/// One decoded MPTCP option.
using MpTcpOption =
    std::variant<MpCapableOption, MpJoinSynOption, MpJoinSynAckOption, MpJoinAckOption, DssOption>;

/// Why a received option was rejected by ParseMpTcpOption().
enum class MpTcpParseError
{
    NONE = 0,         //!< parsed
    NOT_MPTCP,        //!< kind is not 30
    BAD_LENGTH,       //!< length byte inconsistent with the buffer or with the subtype's flags
    UNKNOWN_SUBTYPE,  //!< a subtype this model does not implement
    BAD_VERSION,      //!< MP_CAPABLE of a version other than 1
};

/**
 * \brief Name of a parse error, for logs and traces.
 * \param e the error
 * \return e.g. "BAD_LENGTH"
 */
std::string MpTcpParseErrorName(MpTcpParseError e);

/**
 * \brief Serialize an option byte-exactly as RFC 8684 lays it out (kind, length, subtype...).
 * \param option the option
 * \return the option's bytes (4 to 28 bytes)
 */
std::vector<uint8_t> SerializeMpTcpOption(const MpTcpOption& option);

/**
 * \brief Parse one MPTCP option.
 *
 * Never reads beyond \p len bytes and never aborts: any inconsistency is reported.
 * \param data the option's bytes, starting with the kind byte
 * \param len number of bytes available at \p data
 * \param out the decoded option, valid only when NONE is returned
 * \return NONE, or why the option was rejected
 */
MpTcpParseError ParseMpTcpOption(const uint8_t* data, size_t len, MpTcpOption& out);

/**
 * \brief The TcpOption that carries an MPTCP option's bytes inside an ns-3 TcpHeader.
 *
 * ns-3's TcpHeader::AppendOption() accepts only the kinds TcpOption::IsKindKnown() lists, and
 * kind 30 is not one of them. This class therefore reports TcpOption::NOP from GetKind()
 * (a masquerade that only passes AppendOption's check and never reaches the wire) while
 * Serialize() writes the real bytes, kind 30 first. On reception ns-3 decodes kind 30 as a
 * TcpOptionUnknown, whose raw bytes GetMpTcpOptionBytes() recovers.
 */
class TcpOptionMpTcp : public TcpOption
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    TcpOptionMpTcp();
    ~TcpOptionMpTcp() override;

    /**
     * \brief Set the option to carry.
     * \param option the option
     */
    void SetOption(const MpTcpOption& option);

    /**
     * \brief Carry arbitrary bytes (tests and fuzzing: malformed options on the wire).
     * \param bytes the option's bytes, kind byte first (2 to 40 bytes)
     */
    void SetBytes(const std::vector<uint8_t>& bytes);

    /**
     * \brief The carried bytes.
     * \return the serialized option
     */
    const std::vector<uint8_t>& GetBytes() const;

    void Print(std::ostream& os) const override;
    void Serialize(Buffer::Iterator start) const override;
    uint32_t Deserialize(Buffer::Iterator start) override;
    /// \return TcpOption::NOP (see the class description)
    uint8_t GetKind() const override;
    uint32_t GetSerializedSize() const override;

  private:
    std::vector<uint8_t> m_bytes; //!< serialized option, kind byte first
};

/**
 * \brief Recover the raw bytes of a received kind-30 option.
 * \param option an option of a received TcpHeader
 * \param bytes filled with the option's bytes, kind byte first
 * \return true if \p option is a kind-30 option
 */
bool GetMpTcpOptionBytes(Ptr<const TcpOption> option, std::vector<uint8_t>& bytes);

} // namespace ns3

#endif /* MPTCP_OPTION_H */
