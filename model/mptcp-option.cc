/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "mptcp-option.h"

#include "ns3/buffer.h"
#include "ns3/log.h"

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

struct SerializeVisitor
{
    std::vector<uint8_t>& out;

    void operator()(const MpCapableOption& o) const
    {
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
};

MpTcpParseError
ParseCapable(const uint8_t* d, uint8_t len, MpTcpOption& out)
{
    MpCapableOption o;
    o.version = d[2] & 0x0f;
    if (o.version != 1)
    {
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
    case 20:
    case 22:
    case 24:
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
    default:
        return MpTcpParseError::BAD_LENGTH;
    }
    out = o;
    return MpTcpParseError::NONE;
}

MpTcpParseError
ParseJoin(const uint8_t* d, uint8_t len, MpTcpOption& out)
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
        return MpTcpParseError::BAD_LENGTH;
    }
}

MpTcpParseError
ParseDss(const uint8_t* d, uint8_t len, MpTcpOption& out)
{
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

} // namespace

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
    out.reserve(28);
    std::visit(SerializeVisitor{out}, option);
    return out;
}

MpTcpParseError
ParseMpTcpOption(const uint8_t* data, size_t len, MpTcpOption& out)
{
    if (len < 2 || data[0] != MPTCP_OPTION_KIND)
    {
        return len < 2 ? MpTcpParseError::BAD_LENGTH : MpTcpParseError::NOT_MPTCP;
    }
    uint8_t optLen = data[1];
    if (optLen < 4 || optLen > len || optLen > 40)
    {
        return MpTcpParseError::BAD_LENGTH;
    }
    auto subtype = static_cast<MpTcpSubtype>(data[2] >> 4);
    switch (subtype)
    {
    case MpTcpSubtype::MP_CAPABLE:
        return ParseCapable(data, optLen, out);
    case MpTcpSubtype::MP_JOIN:
        return ParseJoin(data, optLen, out);
    case MpTcpSubtype::DSS:
        return ParseDss(data, optLen, out);
    default:
        return MpTcpParseError::UNKNOWN_SUBTYPE;
    }
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

TypeId
TcpOptionMpTcp::GetInstanceTypeId() const
{
    return GetTypeId();
}

TcpOptionMpTcp::TcpOptionMpTcp() = default;
TcpOptionMpTcp::~TcpOptionMpTcp() = default;

void
TcpOptionMpTcp::SetOption(const MpTcpOption& option)
{
    m_bytes = SerializeMpTcpOption(option);
}

void
TcpOptionMpTcp::SetBytes(const std::vector<uint8_t>& bytes)
{
    NS_ABORT_MSG_IF(bytes.size() < 2 || bytes.size() > 40, "a TCP option has 2 to 40 bytes");
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
    if (option->GetKind() != MPTCP_OPTION_KIND)
    {
        return false;
    }
    uint32_t n = option->GetSerializedSize();
    if (n < 2 || n > 40)
    {
        return false;
    }
    Buffer b;
    b.AddAtStart(n);
    option->Serialize(b.Begin());
    bytes.resize(n);
    b.CopyData(bytes.data(), n);
    return true;
}

} // namespace ns3
