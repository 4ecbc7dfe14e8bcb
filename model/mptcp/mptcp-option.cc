/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-option.h"

#include "ns3/mptcp-crypto.h"

#include "ns3/abort.h"
#include "ns3/buffer.h"
#include "ns3/log.h"

#include <algorithm>
#include <cstdio>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpOption");
NS_OBJECT_ENSURE_REGISTERED(TcpOptionMpTcp);

namespace
{

/// Appends big-endian integers to a byte vector.
class Writer
{
  public:
    explicit Writer(std::vector<uint8_t>& out)
        : m_out(out)
    {
    }

    void U8(uint8_t v)
    {
        m_out.push_back(v);
    }

    void U16(uint16_t v)
    {
        U8(v >> 8);
        U8(v & 0xff);
    }

    void U32(uint32_t v)
    {
        U16(v >> 16);
        U16(v & 0xffff);
    }

    void U64(uint64_t v)
    {
        U32(v >> 32);
        U32(v & 0xffffffff);
    }

  private:
    std::vector<uint8_t>& m_out;
};

/// Reads big-endian integers from a bounded buffer (the caller checks lengths first).
class Reader
{
  public:
    explicit Reader(const uint8_t* p)
        : m_p(p)
    {
    }

    uint8_t U8()
    {
        return *m_p++;
    }

    uint16_t U16()
    {
        uint16_t v = U8();
        return (v << 8) | U8();
    }

    uint32_t U32()
    {
        uint32_t v = U16();
        return (v << 16) | U16();
    }

    uint64_t U64()
    {
        uint64_t v = U32();
        return (v << 32) | U32();
    }

  private:
    const uint8_t* m_p;
};

uint8_t
SubtypeByte(MpTcpSubtype s, uint8_t low4)
{
    return (static_cast<uint8_t>(s) << 4) | (low4 & 0x0f);
}

/// Length of a DSS option with the given flags, without checksum.
uint8_t
DssLength(bool hasAck, bool ack64, bool hasMap, bool dsn64)
{
    uint8_t len = 4;
    if (hasAck)
    {
        len += ack64 ? 8 : 4;
    }
    if (hasMap)
    {
        len += (dsn64 ? 8 : 4) + 4 + 2;
    }
    return len;
}

constexpr uint8_t ADD_ADDR_FLAG_E = 0x01; //!< ADD_ADDR: E, low bit of the subtype octet
constexpr uint8_t MP_PRIO_FLAG_B = 0x01;  //!< MP_PRIO: B, low bit of the subtype octet
constexpr uint8_t TCPRST_FLAG_U = 0x08;   //!< MP_TCPRST: U
constexpr uint8_t TCPRST_FLAG_V = 0x04;   //!< MP_TCPRST: V
constexpr uint8_t TCPRST_FLAG_W = 0x02;   //!< MP_TCPRST: W
constexpr uint8_t TCPRST_FLAG_T = 0x01;   //!< MP_TCPRST: T

/// Length of an ADD_ADDR (RFC 8684 §3.4.1, Figure 12).
uint8_t
AddAddrLength(bool echo, bool ipv6, bool hasPort)
{
    return 4 + (ipv6 ? 16 : 4) + (hasPort ? 2 : 0) + (echo ? 0 : 8);
}

struct SerializeVisitor
{
    std::vector<uint8_t>& out;

    void operator()(const MpCapableOption& o) const
    {
        NS_ABORT_MSG_IF(o.nKeys > 2, "MP_CAPABLE carries 0 to 2 keys, not " << int(o.nKeys));
        NS_ABORT_MSG_IF(o.hasDataLength && o.nKeys != 2,
                        "MP_CAPABLE carries a data-level length only with both keys");
        NS_ABORT_MSG_IF(o.hasChecksum && !o.hasDataLength,
                        "MP_CAPABLE carries a checksum only with a data-level length");
        Writer w(out);
        uint8_t len = 4 + 8 * o.nKeys + (o.hasDataLength ? 2 : 0) + (o.hasChecksum ? 2 : 0);
        w.U8(MPTCP_OPTION_KIND);
        w.U8(len);
        w.U8(SubtypeByte(MpTcpSubtype::MP_CAPABLE, o.version));
        w.U8(o.flags);
        if (o.nKeys >= 1)
        {
            w.U64(o.senderKey);
        }
        if (o.nKeys >= 2)
        {
            w.U64(o.receiverKey);
        }
        if (o.hasDataLength)
        {
            w.U16(o.dataLength);
        }
        if (o.hasChecksum)
        {
            w.U16(o.checksum);
        }
    }

    void operator()(const MpJoinSynOption& o) const
    {
        Writer w(out);
        w.U8(MPTCP_OPTION_KIND);
        w.U8(12);
        w.U8(SubtypeByte(MpTcpSubtype::MP_JOIN, o.backup ? 1 : 0));
        w.U8(o.addressId);
        w.U32(o.receiverToken);
        w.U32(o.senderNonce);
    }

    void operator()(const MpJoinSynAckOption& o) const
    {
        Writer w(out);
        w.U8(MPTCP_OPTION_KIND);
        w.U8(16);
        w.U8(SubtypeByte(MpTcpSubtype::MP_JOIN, o.backup ? 1 : 0));
        w.U8(o.addressId);
        w.U64(o.truncatedHmac);
        w.U32(o.senderNonce);
    }

    void operator()(const MpJoinAckOption& o) const
    {
        Writer w(out);
        w.U8(MPTCP_OPTION_KIND);
        w.U8(24);
        w.U8(SubtypeByte(MpTcpSubtype::MP_JOIN, 0));
        w.U8(0);
        for (uint8_t b : o.hmac)
        {
            w.U8(b);
        }
    }

    void operator()(const DssOption& o) const
    {
        Writer w(out);
        uint8_t len = DssLength(o.hasDataAck, o.dataAck64, o.hasMapping, o.dsn64) +
                      ((o.hasMapping && o.hasChecksum) ? 2 : 0);
        uint8_t flags = (o.hasDataAck ? 0x01 : 0) | (o.dataAck64 ? 0x02 : 0) |
                        (o.hasMapping ? 0x04 : 0) | (o.dsn64 ? 0x08 : 0) |
                        (o.dataFin ? 0x10 : 0);
        w.U8(MPTCP_OPTION_KIND);
        w.U8(len);
        w.U8(SubtypeByte(MpTcpSubtype::DSS, 0));
        w.U8(flags);
        if (o.hasDataAck)
        {
            if (o.dataAck64)
            {
                w.U64(o.dataAck);
            }
            else
            {
                w.U32(static_cast<uint32_t>(o.dataAck));
            }
        }
        if (o.hasMapping)
        {
            if (o.dsn64)
            {
                w.U64(o.dsn);
            }
            else
            {
                w.U32(static_cast<uint32_t>(o.dsn));
            }
            w.U32(o.ssn);
            w.U16(o.dataLength);
            if (o.hasChecksum)
            {
                w.U16(o.checksum);
            }
        }
    }

    void operator()(const AddAddrOption& o) const
    {
        Writer w(out);
        w.U8(MPTCP_OPTION_KIND);
        w.U8(AddAddrLength(o.echo, o.ipv6, o.hasPort));
        w.U8(SubtypeByte(MpTcpSubtype::ADD_ADDR, o.echo ? ADD_ADDR_FLAG_E : 0));
        w.U8(o.addressId);
        for (uint8_t i = 0; i < o.AddressLength(); ++i)
        {
            w.U8(o.address[i]);
        }
        if (o.hasPort)
        {
            w.U16(o.port);
        }
        if (!o.echo)
        {
            w.U64(o.truncatedHmac);
        }
    }

    void operator()(const RemoveAddrOption& o) const
    {
        NS_ABORT_MSG_IF(o.addressIds.empty() || o.addressIds.size() > RemoveAddrOption::MAX_IDS,
                        "REMOVE_ADDR carries 1 to " << RemoveAddrOption::MAX_IDS
                                                    << " Address IDs, not "
                                                    << o.addressIds.size());
        Writer w(out);
        w.U8(MPTCP_OPTION_KIND);
        w.U8(3 + o.addressIds.size());
        w.U8(SubtypeByte(MpTcpSubtype::REMOVE_ADDR, 0));
        for (uint8_t id : o.addressIds)
        {
            w.U8(id);
        }
    }

    void operator()(const MpPrioOption& o) const
    {
        Writer w(out);
        w.U8(MPTCP_OPTION_KIND);
        w.U8(3);
        w.U8(SubtypeByte(MpTcpSubtype::MP_PRIO, o.backup ? MP_PRIO_FLAG_B : 0));
    }

    void operator()(const MpFailOption& o) const
    {
        Writer w(out);
        w.U8(MPTCP_OPTION_KIND);
        w.U8(12);
        w.U8(SubtypeByte(MpTcpSubtype::MP_FAIL, 0));
        w.U8(0);
        w.U64(o.dsn);
    }

    void operator()(const MpFastCloseOption& o) const
    {
        Writer w(out);
        w.U8(MPTCP_OPTION_KIND);
        w.U8(12);
        w.U8(SubtypeByte(MpTcpSubtype::MP_FASTCLOSE, 0));
        w.U8(0);
        w.U64(o.receiverKey);
    }

    void operator()(const MpTcpRstOption& o) const
    {
        Writer w(out);
        uint8_t flags = (o.u ? TCPRST_FLAG_U : 0) | (o.v ? TCPRST_FLAG_V : 0) |
                        (o.w ? TCPRST_FLAG_W : 0) | (o.transient ? TCPRST_FLAG_T : 0);
        w.U8(MPTCP_OPTION_KIND);
        w.U8(4);
        w.U8(SubtypeByte(MpTcpSubtype::MP_TCPRST, flags));
        w.U8(static_cast<uint8_t>(o.reason));
    }

    void operator()(const MpScatterOption& o) const
    {
        o.Serialize(out); // the extension's option (mptcp-option-scatter.cc)
    }
};

/**
 * Records why an option was rejected: builds the message only when the caller asked for one.
 */
MpTcpParseError
Reject(std::string* why, MpTcpParseError e, const char* what, uint8_t len, const char* expected)
{
    if (why)
    {
        *why = std::string(what) + ": length " + std::to_string(len) + ", expected " + expected;
    }
    return e;
}

MpTcpParseError
ParseCapable(const uint8_t* d, uint8_t len, MpTcpOption& out, std::string* why)
{
    if (len != 4 && len != 12 && len != 20 && len != 22 && len != 24)
    {
        return Reject(why, MpTcpParseError::BAD_LENGTH, "MP_CAPABLE", len, "4, 12, 20, 22 or 24");
    }
    MpCapableOption o;
    o.version = d[2] & 0x0f;
    if (o.version != 1)
    {
        if (why)
        {
            *why = "MP_CAPABLE: version " + std::to_string(o.version) + ", expected 1";
        }
        return MpTcpParseError::BAD_VERSION;
    }
    o.flags = d[3];
    Reader r(d + 4);
    switch (len)
    {
    case 4:
        o.nKeys = 0;
        break;
    case 12:
        o.nKeys = 1;
        o.senderKey = r.U64();
        break;
    default: // 20, 22, 24
        o.nKeys = 2;
        o.senderKey = r.U64();
        o.receiverKey = r.U64();
        if (len >= 22)
        {
            o.hasDataLength = true;
            o.dataLength = r.U16();
        }
        if (len == 24)
        {
            o.hasChecksum = true;
            o.checksum = r.U16();
        }
        break;
    }
    out = o;
    return MpTcpParseError::NONE;
}

MpTcpParseError
ParseJoin(const uint8_t* d, uint8_t len, MpTcpOption& out, std::string* why)
{
    Reader r(d + 4);
    switch (len)
    {
    case 12: {
        MpJoinSynOption o;
        o.backup = d[2] & 0x01;
        o.addressId = d[3];
        o.receiverToken = r.U32();
        o.senderNonce = r.U32();
        out = o;
        return MpTcpParseError::NONE;
    }
    case 16: {
        MpJoinSynAckOption o;
        o.backup = d[2] & 0x01;
        o.addressId = d[3];
        o.truncatedHmac = r.U64();
        o.senderNonce = r.U32();
        out = o;
        return MpTcpParseError::NONE;
    }
    case 24: {
        MpJoinAckOption o;
        for (size_t i = 0; i < o.hmac.size(); ++i)
        {
            o.hmac[i] = d[4 + i];
        }
        out = o;
        return MpTcpParseError::NONE;
    }
    default:
        return Reject(why, MpTcpParseError::BAD_LENGTH, "MP_JOIN", len, "12, 16 or 24");
    }
}

MpTcpParseError
ParseDss(const uint8_t* d, uint8_t len, MpTcpOption& out, std::string* why)
{
    if (len < 4)
    {
        return Reject(why, MpTcpParseError::BAD_LENGTH, "DSS", len, "at least 4");
    }
    DssOption o;
    uint8_t flags = d[3];
    o.hasDataAck = flags & 0x01;
    o.dataAck64 = flags & 0x02;
    o.hasMapping = flags & 0x04;
    o.dsn64 = flags & 0x08;
    o.dataFin = flags & 0x10;
    // Flags a and m mean nothing without A and M (RFC 8684 §3.3): normalize them.
    o.dataAck64 = o.dataAck64 && o.hasDataAck;
    o.dsn64 = o.dsn64 && o.hasMapping;
    uint8_t expected = DssLength(o.hasDataAck, o.dataAck64, o.hasMapping, o.dsn64);
    if (len == expected + 2 && o.hasMapping)
    {
        o.hasChecksum = true;
    }
    else if (len != expected)
    {
        if (why)
        {
            char f[8];
            std::snprintf(f, sizeof(f), "0x%02x", flags & 0x1f);
            *why = std::string("DSS with flags ") + f + ": length " + std::to_string(len) +
                   ", expected " + std::to_string(expected) +
                   (o.hasMapping ? " or " + std::to_string(expected + 2) : std::string());
        }
        return MpTcpParseError::BAD_LENGTH;
    }
    Reader r(d + 4);
    if (o.hasDataAck)
    {
        o.dataAck = o.dataAck64 ? r.U64() : r.U32();
    }
    if (o.hasMapping)
    {
        o.dsn = o.dsn64 ? r.U64() : r.U32();
        o.ssn = r.U32();
        o.dataLength = r.U16();
        if (o.hasChecksum)
        {
            o.checksum = r.U16();
        }
    }
    out = o;
    return MpTcpParseError::NONE;
}

MpTcpParseError
ParseAddAddr(const uint8_t* d, uint8_t len, MpTcpOption& out, std::string* why)
{
    AddAddrOption o;
    o.echo = d[2] & ADD_ADDR_FLAG_E;
    // RFC 8684 §3.4.1: family, port and HMAC all follow from the length (and E).
    bool found = false;
    for (bool ipv6 : {false, true})
    {
        for (bool hasPort : {false, true})
        {
            if (!found && len == AddAddrLength(o.echo, ipv6, hasPort))
            {
                o.ipv6 = ipv6;
                o.hasPort = hasPort;
                found = true;
            }
        }
    }
    if (!found)
    {
        return o.echo ? Reject(why,
                               MpTcpParseError::BAD_LENGTH,
                               "ADD_ADDR with E=1",
                               len,
                               "8, 10, 20 or 22")
                      : Reject(why,
                               MpTcpParseError::BAD_LENGTH,
                               "ADD_ADDR with E=0",
                               len,
                               "16, 18, 28 or 30");
    }
    o.addressId = d[3];
    Reader r(d + 4);
    for (uint8_t i = 0; i < o.AddressLength(); ++i)
    {
        o.address[i] = r.U8();
    }
    if (o.hasPort)
    {
        o.port = r.U16();
    }
    if (!o.echo)
    {
        o.truncatedHmac = r.U64();
    }
    out = o;
    return MpTcpParseError::NONE;
}

MpTcpParseError
ParseRemoveAddr(const uint8_t* d, uint8_t len, MpTcpOption& out, std::string* why)
{
    if (len < 4)
    {
        return Reject(why,
                      MpTcpParseError::BAD_LENGTH,
                      "REMOVE_ADDR",
                      len,
                      "3 + n with n >= 1 Address IDs");
    }
    RemoveAddrOption o;
    o.addressIds.assign(d + 3, d + len);
    out = o;
    return MpTcpParseError::NONE;
}

MpTcpParseError
ParsePrio(const uint8_t* d, uint8_t len, MpTcpOption& out, std::string* why)
{
    if (len != 3)
    {
        return Reject(why, MpTcpParseError::BAD_LENGTH, "MP_PRIO", len, "3");
    }
    MpPrioOption o;
    o.backup = d[2] & MP_PRIO_FLAG_B;
    out = o;
    return MpTcpParseError::NONE;
}

MpTcpParseError
ParseFail(const uint8_t* d, uint8_t len, MpTcpOption& out, std::string* why)
{
    if (len != 12)
    {
        return Reject(why, MpTcpParseError::BAD_LENGTH, "MP_FAIL", len, "12");
    }
    MpFailOption o;
    o.dsn = Reader(d + 4).U64();
    out = o;
    return MpTcpParseError::NONE;
}

MpTcpParseError
ParseFastClose(const uint8_t* d, uint8_t len, MpTcpOption& out, std::string* why)
{
    if (len != 12)
    {
        return Reject(why, MpTcpParseError::BAD_LENGTH, "MP_FASTCLOSE", len, "12");
    }
    MpFastCloseOption o;
    o.receiverKey = Reader(d + 4).U64();
    out = o;
    return MpTcpParseError::NONE;
}

MpTcpParseError
ParseTcpRst(const uint8_t* d, uint8_t len, MpTcpOption& out, std::string* why)
{
    if (len != 4)
    {
        return Reject(why, MpTcpParseError::BAD_LENGTH, "MP_TCPRST", len, "4");
    }
    MpTcpRstOption o;
    o.u = d[2] & TCPRST_FLAG_U;
    o.v = d[2] & TCPRST_FLAG_V;
    o.w = d[2] & TCPRST_FLAG_W;
    o.transient = d[2] & TCPRST_FLAG_T;
    o.reason = static_cast<MpTcpRstReason>(d[3]);
    out = o;
    return MpTcpParseError::NONE;
}

MpTcpParseError
ParseScatter(const uint8_t* d, uint8_t len, MpTcpOption& out, std::string* why)
{
    MpScatterOption o;
    if (!MpScatterOption::Deserialize(d, len, o))
    {
        return Reject(why, MpTcpParseError::BAD_LENGTH, "MP_SCATTER", len, "8");
    }
    out = o;
    return MpTcpParseError::NONE;
}

/// Ones' complement sum (RFC 1071) of big-endian 16-bit words, odd tail padded with zero.
uint32_t
OnesComplementAdd(uint32_t sum, const uint8_t* p, size_t n)
{
    size_t i = 0;
    for (; i + 1 < n; i += 2)
    {
        sum += (uint32_t(p[i]) << 8) | p[i + 1];
        sum = (sum & 0xffff) + (sum >> 16);
    }
    if (i < n)
    {
        sum += uint32_t(p[i]) << 8;
        sum = (sum & 0xffff) + (sum >> 16);
    }
    return sum;
}

/// Ones' complement sum of the DSS pseudo-header (with \p checksum in its last field) and payload.
uint16_t
DssSum(uint64_t dsn,
       uint32_t ssn,
       uint16_t dataLevelLength,
       uint16_t checksum,
       const uint8_t* payload,
       size_t payloadLen)
{
    std::vector<uint8_t> header;
    header.reserve(16);
    Writer w(header);
    w.U64(dsn);
    w.U32(ssn);
    w.U16(dataLevelLength);
    w.U16(checksum);
    uint32_t sum = OnesComplementAdd(0, header.data(), header.size());
    if (payloadLen > 0)
    {
        sum = OnesComplementAdd(sum, payload, payloadLen);
    }
    sum = (sum & 0xffff) + (sum >> 16);
    return static_cast<uint16_t>(sum);
}

} // namespace

bool
operator==(const MpCapableOption& a, const MpCapableOption& b)
{
    return a.version == b.version && a.flags == b.flags && a.nKeys == b.nKeys &&
           (a.nKeys < 1 || a.senderKey == b.senderKey) &&
           (a.nKeys < 2 || a.receiverKey == b.receiverKey) &&
           a.hasDataLength == b.hasDataLength && (!a.hasDataLength || a.dataLength == b.dataLength) &&
           a.hasChecksum == b.hasChecksum && (!a.hasChecksum || a.checksum == b.checksum);
}

bool
operator==(const MpJoinSynOption& a, const MpJoinSynOption& b)
{
    return a.backup == b.backup && a.addressId == b.addressId &&
           a.receiverToken == b.receiverToken && a.senderNonce == b.senderNonce;
}

bool
operator==(const MpJoinSynAckOption& a, const MpJoinSynAckOption& b)
{
    return a.backup == b.backup && a.addressId == b.addressId &&
           a.truncatedHmac == b.truncatedHmac && a.senderNonce == b.senderNonce;
}

bool
operator==(const MpJoinAckOption& a, const MpJoinAckOption& b)
{
    return a.hmac == b.hmac;
}

bool
operator==(const DssOption& a, const DssOption& b)
{
    bool ack64 = a.hasDataAck && a.dataAck64;
    bool dsn64 = a.hasMapping && a.dsn64;
    uint64_t ackMask = ack64 ? ~uint64_t(0) : 0xffffffffULL;
    uint64_t dsnMask = dsn64 ? ~uint64_t(0) : 0xffffffffULL;
    return a.hasDataAck == b.hasDataAck && a.hasMapping == b.hasMapping &&
           a.dataFin == b.dataFin &&
           (!a.hasDataAck ||
            (ack64 == (b.hasDataAck && b.dataAck64) && (a.dataAck & ackMask) == (b.dataAck & ackMask))) &&
           (!a.hasMapping ||
            (dsn64 == (b.hasMapping && b.dsn64) && (a.dsn & dsnMask) == (b.dsn & dsnMask) &&
             a.ssn == b.ssn && a.dataLength == b.dataLength && a.hasChecksum == b.hasChecksum &&
             (!a.hasChecksum || a.checksum == b.checksum)));
}

bool
operator==(const AddAddrOption& a, const AddAddrOption& b)
{
    return a.echo == b.echo && a.addressId == b.addressId && a.ipv6 == b.ipv6 &&
           std::equal(a.address.begin(), a.address.begin() + a.AddressLength(), b.address.begin()) &&
           a.hasPort == b.hasPort && (!a.hasPort || a.port == b.port) &&
           (a.echo || a.truncatedHmac == b.truncatedHmac);
}

bool
operator==(const RemoveAddrOption& a, const RemoveAddrOption& b)
{
    return a.addressIds == b.addressIds;
}

bool
operator==(const MpPrioOption& a, const MpPrioOption& b)
{
    return a.backup == b.backup;
}

bool
operator==(const MpFailOption& a, const MpFailOption& b)
{
    return a.dsn == b.dsn;
}

bool
operator==(const MpFastCloseOption& a, const MpFastCloseOption& b)
{
    return a.receiverKey == b.receiverKey;
}

bool
operator==(const MpTcpRstOption& a, const MpTcpRstOption& b)
{
    return a.u == b.u && a.v == b.v && a.w == b.w && a.transient == b.transient &&
           a.reason == b.reason;
}

// clang-format off
bool operator!=(const MpCapableOption& a, const MpCapableOption& b) { return !(a == b); }
bool operator!=(const MpJoinSynOption& a, const MpJoinSynOption& b) { return !(a == b); }
bool operator!=(const MpJoinSynAckOption& a, const MpJoinSynAckOption& b) { return !(a == b); }
bool operator!=(const MpJoinAckOption& a, const MpJoinAckOption& b) { return !(a == b); }
bool operator!=(const DssOption& a, const DssOption& b) { return !(a == b); }
bool operator!=(const AddAddrOption& a, const AddAddrOption& b) { return !(a == b); }
bool operator!=(const RemoveAddrOption& a, const RemoveAddrOption& b) { return !(a == b); }
bool operator!=(const MpPrioOption& a, const MpPrioOption& b) { return !(a == b); }
bool operator!=(const MpFailOption& a, const MpFailOption& b) { return !(a == b); }
bool operator!=(const MpFastCloseOption& a, const MpFastCloseOption& b) { return !(a == b); }
bool operator!=(const MpTcpRstOption& a, const MpTcpRstOption& b) { return !(a == b); }

// clang-format on

void
AddAddrOption::SetIpv4(Ipv4Address a)
{
    ipv6 = false;
    address.fill(0);
    a.Serialize(address.data());
}

void
AddAddrOption::SetIpv6(Ipv6Address a)
{
    ipv6 = true;
    a.Serialize(address.data());
}

Ipv4Address
AddAddrOption::GetIpv4() const
{
    return Ipv4Address::Deserialize(address.data());
}

Ipv6Address
AddAddrOption::GetIpv6() const
{
    return Ipv6Address::Deserialize(address.data());
}

std::string
MpTcpRstReasonName(MpTcpRstReason r)
{
    switch (r)
    {
    case MpTcpRstReason::UNSPECIFIED:
        return "UNSPECIFIED";
    case MpTcpRstReason::MPTCP_SPECIFIC:
        return "MPTCP_SPECIFIC";
    case MpTcpRstReason::LACK_OF_RESOURCES:
        return "LACK_OF_RESOURCES";
    case MpTcpRstReason::ADMINISTRATIVELY_PROHIBITED:
        return "ADMINISTRATIVELY_PROHIBITED";
    case MpTcpRstReason::TOO_MUCH_OUTSTANDING_DATA:
        return "TOO_MUCH_OUTSTANDING_DATA";
    case MpTcpRstReason::UNACCEPTABLE_PERFORMANCE:
        return "UNACCEPTABLE_PERFORMANCE";
    case MpTcpRstReason::MIDDLEBOX_INTERFERENCE:
        return "MIDDLEBOX_INTERFERENCE";
    }
    return "UNASSIGNED";
}

uint16_t
MpTcpDssChecksum(uint64_t dsn,
                 uint32_t relativeSsn,
                 uint16_t dataLevelLength,
                 const uint8_t* payload,
                 size_t payloadLen)
{
    return static_cast<uint16_t>(~DssSum(dsn, relativeSsn, dataLevelLength, 0, payload, payloadLen));
}

bool
MpTcpDssChecksumValid(uint64_t dsn,
                      uint32_t relativeSsn,
                      uint16_t dataLevelLength,
                      const uint8_t* payload,
                      size_t payloadLen,
                      uint16_t checksum)
{
    return DssSum(dsn, relativeSsn, dataLevelLength, checksum, payload, payloadLen) == 0xffff;
}

uint64_t
MpTcpAddAddrHmac(const AddAddrOption& option, uint64_t senderKey, uint64_t receiverKey)
{
    return MpTcpCrypto::AddAddrHmac(senderKey,
                                    receiverKey,
                                    option.addressId,
                                    option.address.data(),
                                    option.AddressLength(),
                                    option.hasPort ? option.port : 0);
}

std::string
MpTcpParseErrorName(MpTcpParseError e)
{
    switch (e)
    {
    case MpTcpParseError::NONE:
        return "NONE";
    case MpTcpParseError::NOT_MPTCP:
        return "NOT_MPTCP";
    case MpTcpParseError::BAD_LENGTH:
        return "BAD_LENGTH";
    case MpTcpParseError::UNKNOWN_SUBTYPE:
        return "UNKNOWN_SUBTYPE";
    case MpTcpParseError::BAD_VERSION:
        return "BAD_VERSION";
    }
    return "?";
}

std::vector<uint8_t>
SerializeMpTcpOption(const MpTcpOption& option)
{
    std::vector<uint8_t> out;
    SerializeMpTcpOption(option, out);
    return out;
}

void
SerializeMpTcpOption(const MpTcpOption& option, std::vector<uint8_t>& out)
{
    out.clear();
    out.reserve(40);
    std::visit(SerializeVisitor{out}, option);
}

MpTcpParseError
ParseMpTcpOption(const uint8_t* data, size_t len, MpTcpOption& out)
{
    return ParseMpTcpOption(data, len, out, nullptr);
}

MpTcpParseError
ParseMpTcpOption(const uint8_t* data, size_t len, MpTcpOption& out, std::string* why)
{
    if (len < 2)
    {
        if (why)
        {
            *why = std::to_string(len) + " byte(s): no room for kind and length";
        }
        return MpTcpParseError::BAD_LENGTH;
    }
    if (data[0] != MPTCP_OPTION_KIND)
    {
        if (why)
        {
            *why = "kind " + std::to_string(data[0]) + ", not 30";
        }
        return MpTcpParseError::NOT_MPTCP;
    }
    uint8_t optLen = data[1];
    if (optLen < 3 || optLen > len || optLen > 40)
    {
        if (why)
        {
            *why = "length byte " + std::to_string(optLen) + " with " + std::to_string(len) +
                   " byte(s) available (an MPTCP option has 3 to 40 bytes)";
        }
        return MpTcpParseError::BAD_LENGTH;
    }
    // From here on, every parser reads only d[0 .. optLen - 1] and checks optLen first.
    uint8_t subtype = data[2] >> 4;
    switch (static_cast<MpTcpSubtype>(subtype))
    {
    case MpTcpSubtype::MP_CAPABLE:
        return ParseCapable(data, optLen, out, why);
    case MpTcpSubtype::MP_JOIN:
        return ParseJoin(data, optLen, out, why);
    case MpTcpSubtype::DSS:
        return ParseDss(data, optLen, out, why);
    case MpTcpSubtype::ADD_ADDR:
        return ParseAddAddr(data, optLen, out, why);
    case MpTcpSubtype::REMOVE_ADDR:
        return ParseRemoveAddr(data, optLen, out, why);
    case MpTcpSubtype::MP_PRIO:
        return ParsePrio(data, optLen, out, why);
    case MpTcpSubtype::MP_FAIL:
        return ParseFail(data, optLen, out, why);
    case MpTcpSubtype::MP_FASTCLOSE:
        return ParseFastClose(data, optLen, out, why);
    case MpTcpSubtype::MP_TCPRST:
        return ParseTcpRst(data, optLen, out, why);
    case MpTcpSubtype::MP_EXPERIMENTAL:
        return ParseScatter(data, optLen, out, why);
    }
    if (why)
    {
        *why = "subtype " + std::to_string(subtype) +
               " (unassigned)";
    }
    return MpTcpParseError::UNKNOWN_SUBTYPE;
}

TypeId
TcpOptionMpTcp::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpOptionMpTcp")
                            .SetParent<TcpOption>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<TcpOptionMpTcp>();
    return tid;
}

#if MPTCP_NEEDS_INSTANCE_TYPEID
TypeId
TcpOptionMpTcp::GetInstanceTypeId() const
{
    return GetTypeId();
}
#endif

TcpOptionMpTcp::TcpOptionMpTcp() = default;
TcpOptionMpTcp::~TcpOptionMpTcp() = default;

void
TcpOptionMpTcp::SetOption(const MpTcpOption& option)
{
    SerializeMpTcpOption(option, m_bytes); // reuses m_bytes' storage
}

void
TcpOptionMpTcp::SetBytes(const std::vector<uint8_t>& bytes)
{
    NS_ABORT_MSG_IF(bytes.size() < 2 || bytes.size() > 40, "a TCP option has 2 to 40 bytes");
    // The receiver's TcpHeader walks the options by this octet: another value would shift the
    // options after this one (and the payload), and 0 makes ns-3 (3.37 to 3.48) loop forever.
    NS_ABORT_MSG_IF(bytes[1] != bytes.size(),
                    "the option's Length octet (" << int(bytes[1]) << ") must be its size ("
                                                  << bytes.size() << ")");
    m_bytes = bytes;
}

const std::vector<uint8_t>&
TcpOptionMpTcp::GetBytes() const
{
    return m_bytes;
}

void
TcpOptionMpTcp::Print(std::ostream& os) const
{
    os << "MPTCP(";
    for (size_t i = 0; i < m_bytes.size(); ++i)
    {
        os << (i ? " " : "") << std::hex << int(m_bytes[i]) << std::dec;
    }
    os << ")";
}

void
TcpOptionMpTcp::Serialize(Buffer::Iterator start) const
{
    start.Write(m_bytes.data(), m_bytes.size());
}

uint32_t
TcpOptionMpTcp::Deserialize(Buffer::Iterator start)
{
    uint8_t kind = start.ReadU8();
    uint8_t len = start.ReadU8();
    if (kind != MPTCP_OPTION_KIND || len < 2 || len > 40)
    {
        return 0;
    }
    m_bytes.assign(len, 0);
    m_bytes[0] = kind;
    m_bytes[1] = len;
    start.Read(m_bytes.data() + 2, len - 2);
    return len;
}

uint8_t
TcpOptionMpTcp::GetKind() const
{
    return TcpOption::NOP;
}

uint32_t
TcpOptionMpTcp::GetSerializedSize() const
{
    return m_bytes.size();
}

bool
GetMpTcpOptionBytes(Ptr<const TcpOption> option, std::vector<uint8_t>& bytes)
{
    uint8_t raw[MPTCP_MAX_OPTION_BYTES];
    uint32_t n = 0;
    if (!GetMpTcpOptionBytes(option, raw, n))
    {
        return false;
    }
    bytes.assign(raw, raw + n);
    return true;
}

bool
GetMpTcpOptionBytes(const Ptr<const TcpOption>& option,
                    uint8_t (&bytes)[MPTCP_MAX_OPTION_BYTES],
                    uint32_t& length)
{
    if (option->GetKind() != MPTCP_OPTION_KIND)
    {
        return false;
    }
    uint32_t n = option->GetSerializedSize();
    if (n < 2 || n > MPTCP_MAX_OPTION_BYTES)
    {
        return false;
    }
    Buffer b;
    b.AddAtStart(n);
    option->Serialize(b.Begin());
    b.CopyData(bytes, n);
    length = n;
    return true;
}

TcpHeader
CopyTcpHeaderWithoutOptions(const TcpHeader& header)
{
    TcpHeader copy;
    copy.SetSourcePort(header.GetSourcePort());
    copy.SetDestinationPort(header.GetDestinationPort());
    copy.SetSequenceNumber(header.GetSequenceNumber());
    copy.SetAckNumber(header.GetAckNumber());
    copy.SetFlags(header.GetFlags());
    copy.SetWindowSize(header.GetWindowSize());
    copy.SetUrgentPointer(header.GetUrgentPointer());
    return copy;
}

} // namespace ns3
