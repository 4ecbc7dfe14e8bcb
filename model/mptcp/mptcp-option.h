/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_OPTION_H
#define MPTCP_OPTION_H

#include "ns3/mptcp-option-scatter.h"

#include "ns3/mptcp-ns3-compat.h"

#include "ns3/ipv4-address.h"
#include "ns3/ipv6-address.h"
#include "ns3/tcp-header.h"
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
    MP_EXPERIMENTAL = 0xf, //!< private use (RFC 8684 §7.2): this model's MP_SCATTER
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

/**
 * \brief ADD_ADDR (RFC 8684 §3.4.1, Figure 12): advertise an additional address (and port) of
 * the sender, or echo (E=1) a received advertisement.
 *
 * Layout: Kind, Length, Subtype | (rsv) | E, Address ID, Address (4 or 16 octets), Port (2
 * octets, optional), Truncated HMAC (8 octets, present if and only if E=0). RFC 8684 has no
 * IPVer field (RFC 6824's ADD_ADDR had one): the receiver infers the address family, the port
 * and the HMAC from the Length alone, which is one of
 *
 * |              | IPv4 | IPv4+port | IPv6 | IPv6+port |
 * |--------------|------|-----------|------|-----------|
 * | E=0 (HMAC)   | 16   | 18        | 28   | 30        |
 * | E=1 (echo)   | 8    | 10        | 20   | 22        |
 *
 * The three reserved bits are sent as zero and ignored on reception. The HMAC is computed by
 * MpTcpAddAddrHmac() / MpTcpCrypto::AddAddrHmac().
 */
struct AddAddrOption
{
    bool echo{false};         //!< E: this is the echo of a received ADD_ADDR (no HMAC)
    uint8_t addressId{0};     //!< Address ID of the advertised address
    bool ipv6{false};         //!< false: a 4-octet IPv4 address, true: a 16-octet IPv6 address
    std::array<uint8_t, 16> address{}; //!< the address in network byte order (IPv4: bytes 0-3)
    bool hasPort{false};      //!< the optional Port field is present
    uint16_t port{0};         //!< Port (TCP port), meaningful when hasPort
    uint64_t truncatedHmac{0}; //!< Truncated HMAC (rightmost 64 bits), meaningful when !echo

    /**
     * \brief Set an IPv4 address (ipv6 = false).
     * \param a the address
     */
    void SetIpv4(Ipv4Address a);
    /**
     * \brief Set an IPv6 address (ipv6 = true).
     * \param a the address
     */
    void SetIpv6(Ipv6Address a);
    /// \return the IPv4 address (the first 4 octets of address; meaningful when !ipv6)
    Ipv4Address GetIpv4() const;
    /// \return the IPv6 address (meaningful when ipv6)
    Ipv6Address GetIpv6() const;
    /// \return the number of address octets on the wire: 4 or 16
    uint8_t AddressLength() const
    {
        return ipv6 ? 16 : 4;
    }
};

/**
 * \brief REMOVE_ADDR (RFC 8684 §3.4.2, Figure 13): the sender's addresses with these Address
 * IDs are withdrawn. Length = 3 + n for n >= 1 Address IDs (at most 37 in a 40-byte option); the
 * four reserved bits are sent as zero and ignored on reception.
 */
struct RemoveAddrOption
{
    /// the Address IDs to remove, 1 to MAX_IDS of them (default: the single Address ID 0)
    std::vector<uint8_t> addressIds = std::vector<uint8_t>(1, 0);

    /// Most Address IDs one option can carry (40-byte TCP option space minus 3).
    static constexpr size_t MAX_IDS = 37;
};

/**
 * \brief MP_PRIO (RFC 8684 §3.3.8, Figure 11): change the priority of the subflow the option is
 * sent on. Length 3; RFC 8684 removed RFC 6824's optional AddrID octet (so a 4-byte MP_PRIO is
 * rejected as BAD_LENGTH).
 */
struct MpPrioOption
{
    bool backup{false}; //!< B: the sender wants the subflow used as a backup path
};

/**
 * \brief MP_FAIL (RFC 8684 §3.7, Figure 16): a DSS checksum failed; fall back to a single
 * subflow from this data sequence number. Length 12; the 12 reserved bits are sent as zero.
 */
struct MpFailOption
{
    uint64_t dsn{0}; //!< Data Sequence Number (64 bits): start of the failed mapping
};

/**
 * \brief MP_FASTCLOSE (RFC 8684 §3.5, Figure 14): abrupt close of the whole connection. Length
 * 12; the 12 reserved bits are sent as zero.
 */
struct MpFastCloseOption
{
    uint64_t receiverKey{0}; //!< Option Receiver's Key: the key of the host the option is sent to
};

/// Reason codes of MP_TCPRST (RFC 8684 §3.6, IANA "MPTCP MP_TCPRST Reason Codes").
enum class MpTcpRstReason : uint8_t
{
    UNSPECIFIED = 0x00,               //!< Unspecified error
    MPTCP_SPECIFIC = 0x01,            //!< MPTCP-specific error
    LACK_OF_RESOURCES = 0x02,         //!< Lack of resources
    ADMINISTRATIVELY_PROHIBITED = 0x03, //!< Administratively prohibited
    TOO_MUCH_OUTSTANDING_DATA = 0x04, //!< Too much outstanding data
    UNACCEPTABLE_PERFORMANCE = 0x05,  //!< Unacceptable performance
    MIDDLEBOX_INTERFERENCE = 0x06,    //!< Middlebox interference
};

/**
 * \brief MP_TCPRST (RFC 8684 §3.6, Figure 15): why a subflow was reset, carried on a TCP RST.
 * Length 4: Kind, Length, Subtype | U | V | W | T, Reason.
 *
 * U, V and W are reserved by RFC 8684 (sent as zero, ignored by receivers); they are kept here so
 * that every bit round-trips. Reason values above 0x06 are unassigned but kept as received.
 */
struct MpTcpRstOption
{
    bool u{false};       //!< U flag (reserved)
    bool v{false};       //!< V flag (reserved)
    bool w{false};       //!< W flag (reserved)
    bool transient{false}; //!< T: transient error; the path may be retried later
    MpTcpRstReason reason{MpTcpRstReason::UNSPECIFIED}; //!< Reason code
};

/// One decoded MPTCP option (MpScatterOption: this model's extension, mptcp-option-scatter.h).
using MpTcpOption = std::variant<MpCapableOption,
                                 MpJoinSynOption,
                                 MpJoinSynAckOption,
                                 MpJoinAckOption,
                                 DssOption,
                                 AddAddrOption,
                                 RemoveAddrOption,
                                 MpPrioOption,
                                 MpFailOption,
                                 MpFastCloseOption,
                                 MpTcpRstOption,
                                 MpScatterOption>;

/**
 * \name Value equality of decoded options
 * Two options are equal when they serialize to the same bytes: every field that reaches the wire
 * is compared, fields the wire does not carry (e.g. an IPv4 ADD_ADDR's address octets 4-15, the
 * receiver's key of an MP_CAPABLE with one key) are not.
 * \param a first option
 * \param b second option
 * \return true if equal
 * @{
 */
bool operator==(const MpCapableOption& a, const MpCapableOption& b);
bool operator==(const MpJoinSynOption& a, const MpJoinSynOption& b);
bool operator==(const MpJoinSynAckOption& a, const MpJoinSynAckOption& b);
bool operator==(const MpJoinAckOption& a, const MpJoinAckOption& b);
bool operator==(const DssOption& a, const DssOption& b);
bool operator==(const AddAddrOption& a, const AddAddrOption& b);
bool operator==(const RemoveAddrOption& a, const RemoveAddrOption& b);
bool operator==(const MpPrioOption& a, const MpPrioOption& b);
bool operator==(const MpFailOption& a, const MpFailOption& b);
bool operator==(const MpFastCloseOption& a, const MpFastCloseOption& b);
bool operator==(const MpTcpRstOption& a, const MpTcpRstOption& b);
bool operator!=(const MpCapableOption& a, const MpCapableOption& b);
bool operator!=(const MpJoinSynOption& a, const MpJoinSynOption& b);
bool operator!=(const MpJoinSynAckOption& a, const MpJoinSynAckOption& b);
bool operator!=(const MpJoinAckOption& a, const MpJoinAckOption& b);
bool operator!=(const DssOption& a, const DssOption& b);
bool operator!=(const AddAddrOption& a, const AddAddrOption& b);
bool operator!=(const RemoveAddrOption& a, const RemoveAddrOption& b);
bool operator!=(const MpPrioOption& a, const MpPrioOption& b);
bool operator!=(const MpFailOption& a, const MpFailOption& b);
bool operator!=(const MpFastCloseOption& a, const MpFastCloseOption& b);
bool operator!=(const MpTcpRstOption& a, const MpTcpRstOption& b);
/** @} */

/**
 * \brief Name of an MP_TCPRST reason code, for logs.
 * \param r the reason
 * \return e.g. "MIDDLEBOX_INTERFERENCE", or "UNASSIGNED" for codes above 0x06
 */
std::string MpTcpRstReasonName(MpTcpRstReason r);

/**
 * \brief The DSS checksum (RFC 8684 §3.3.1): the 16-bit ones' complement of the ones'
 * complement sum (as TCP's checksum, RFC 793/1071) of a pseudo-header followed by the payload.
 *
 * Pseudo-header: 64-bit Data Sequence Number (always the full 64 bits, even when the DSS
 * carries 4 octets), 32-bit Subflow Sequence Number relative to the subflow's initial sequence
 * number, 16-bit Data-Level Length, 16-bit zero (the checksum field). All big-endian. An odd
 * payload is padded with one zero octet for the sum.
 * \param dsn Data Sequence Number of the mapping's first byte (64 bits)
 * \param relativeSsn Subflow Sequence Number of the mapping, relative to the subflow's ISN
 * \param dataLevelLength Data-Level Length of the mapping, bytes
 * \param payload the mapping's payload bytes (may be nullptr when \p payloadLen is 0)
 * \param payloadLen number of payload bytes
 * \return the checksum, to be written into DssOption::checksum / MpCapableOption::checksum
 */
uint16_t MpTcpDssChecksum(uint64_t dsn,
                          uint32_t relativeSsn,
                          uint16_t dataLevelLength,
                          const uint8_t* payload,
                          size_t payloadLen);

/**
 * \brief Check a received DSS checksum (RFC 8684 §3.3.1): the ones' complement sum of the
 * pseudo-header with \p checksum in place of the zero field, and of the payload, is 0xFFFF.
 * \param dsn Data Sequence Number (64 bits)
 * \param relativeSsn relative Subflow Sequence Number
 * \param dataLevelLength Data-Level Length, bytes
 * \param payload the payload bytes
 * \param payloadLen number of payload bytes
 * \param checksum the received checksum
 * \return true if the checksum is correct
 */
bool MpTcpDssChecksumValid(uint64_t dsn,
                           uint32_t relativeSsn,
                           uint16_t dataLevelLength,
                           const uint8_t* payload,
                           size_t payloadLen,
                           uint16_t checksum);

/**
 * \brief The Truncated HMAC of an ADD_ADDR (RFC 8684 §3.4.1): MpTcpCrypto::AddAddrHmac over the
 * option's Address ID, address and port (two zero octets when the option carries no port).
 * \param option the ADD_ADDR (its echo flag and truncatedHmac are not used)
 * \param senderKey the key of the host sending the ADD_ADDR (first in the HMAC key)
 * \param receiverKey the key of the host receiving it
 * \return the value for AddAddrOption::truncatedHmac
 */
uint64_t MpTcpAddAddrHmac(const AddAddrOption& option, uint64_t senderKey, uint64_t receiverKey);

/// Why a received option was rejected by ParseMpTcpOption().
enum class MpTcpParseError
{
    NONE = 0,         //!< parsed
    NOT_MPTCP,        //!< kind is not 30
    BAD_LENGTH,       //!< length byte inconsistent with the buffer or with the subtype's flags
    UNKNOWN_SUBTYPE,  //!< a subtype RFC 8684 does not define (9-14)
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
 *
 * Reserved bits are written as zero. Aborts (a programming error, never input-dependent) on a
 * REMOVE_ADDR with no or more than RemoveAddrOption::MAX_IDS Address IDs, or an MP_CAPABLE with
 * more than two keys, a data-level length without both keys or a checksum without a data-level
 * length: so every option serializes to bytes ParseMpTcpOption() accepts (MP_CAPABLE version
 * other than 1 aside, which tests use to send BAD_VERSION).
 * \param option the option
 * \return the option's bytes (3 to 40 bytes)
 */
std::vector<uint8_t> SerializeMpTcpOption(const MpTcpOption& option);

/**
 * \brief SerializeMpTcpOption() into an existing vector, whose storage is reused (no heap
 * allocation once it has held an option: the per-segment path).
 * \param option the option
 * \param out replaced by the option's bytes (3 to 40 bytes)
 */
void SerializeMpTcpOption(const MpTcpOption& option, std::vector<uint8_t>& out);

/**
 * \brief Parse one MPTCP option.
 *
 * Never reads beyond \p len bytes (nor beyond the option's Length byte) and never aborts: any
 * inconsistency is reported. Checks, in order: at least 2 bytes (else BAD_LENGTH), kind 30
 * (NOT_MPTCP), 3 <= Length <= min(\p len, 40) (BAD_LENGTH), a defined subtype
 * (UNKNOWN_SUBTYPE), the Length against the subtype and its flags (BAD_LENGTH), then the
 * MP_CAPABLE version (BAD_VERSION). Reserved bits are ignored. Bytes after the option's Length
 * are not looked at. An accepted option serializes back to exactly Length bytes.
 * \param data the option's bytes, starting with the kind byte
 * \param len number of bytes available at \p data
 * \param out the decoded option, valid only when NONE is returned
 * \return NONE, or why the option was rejected
 */
MpTcpParseError ParseMpTcpOption(const uint8_t* data, size_t len, MpTcpOption& out);

/**
 * \brief Parse one MPTCP option and say precisely why it was rejected.
 * \param data the option's bytes, starting with the kind byte
 * \param len number of bytes available at \p data
 * \param out the decoded option, valid only when NONE is returned
 * \param why if not null and the option is rejected: a one-line explanation, e.g.
 *        "ADD_ADDR with E=0: length 17, expected 16, 18, 28 or 30"
 * \return NONE, or why the option was rejected
 */
MpTcpParseError ParseMpTcpOption(const uint8_t* data,
                                 size_t len,
                                 MpTcpOption& out,
                                 std::string* why);

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
#if MPTCP_NEEDS_INSTANCE_TYPEID
    TypeId GetInstanceTypeId() const override;
#endif

    TcpOptionMpTcp();
    ~TcpOptionMpTcp() override;

    /**
     * \brief Set the option to carry.
     * \param option the option
     */
    void SetOption(const MpTcpOption& option);

    /**
     * \brief Carry arbitrary bytes (tests and fuzzing: malformed options on the wire).
     *
     * Any content is allowed but the Length octet, which must be the number of bytes (else
     * aborts): ns-3's TcpHeader::Deserialize walks a received header's options by that octet, so
     * another value would misplace every option (and the payload) after this one, and a Length
     * of 0 makes it loop forever (TcpOptionUnknown of ns-3.37 to 3.48 at least).
     * \param bytes the option's bytes, kind byte first (2 to 40 bytes, bytes[1] == bytes.size())
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

/// Largest TCP option, bytes (the whole option space of a TCP header).
constexpr uint32_t MPTCP_MAX_OPTION_BYTES = 40;

/**
 * \brief GetMpTcpOptionBytes() into a caller's array (no heap allocation: the per-segment
 * path).
 * \param option an option of a received TcpHeader
 * \param bytes filled with the option's bytes, kind byte first
 * \param length set to the number of bytes written (2 to 40) if \p option is a kind-30 option
 * \return true if \p option is a kind-30 option
 */
bool GetMpTcpOptionBytes(const Ptr<const TcpOption>& option,
                         uint8_t (&bytes)[MPTCP_MAX_OPTION_BYTES],
                         uint32_t& length);

/**
 * \brief A copy of a TCP header without its options (TcpHeader cannot remove an option, so
 * rewriting the options of a header means rebuilding it and appending the ones to keep).
 * \param header the header: ports, sequence and acknowledgment numbers, flags, window and
 * urgent pointer are copied
 * \return the copy, with no options (20 bytes)
 */
TcpHeader CopyTcpHeaderWithoutOptions(const TcpHeader& header);

} // namespace ns3

#endif /* MPTCP_OPTION_H */
