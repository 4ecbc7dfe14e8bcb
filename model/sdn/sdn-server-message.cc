/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/sdn-server-message.h"

#include <sstream>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SdnServerMessage);

TypeId
SdnServerMessage::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SdnServerMessage")
                            .SetParent<Header>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<SdnServerMessage>();
    return tid;
}

TypeId
SdnServerMessage::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
SdnServerMessage::GetSerializedSize() const
{
    return kSize;
}

void
SdnServerMessage::Serialize(Buffer::Iterator start) const
{
    Buffer::Iterator i = start;
    i.WriteHtonU16(kMagic);
    i.WriteU8(kVersion);
    i.WriteU8(m_type);
    i.WriteHtonU32(m_sequence);
    i.WriteHtonU64(m_flowId);
    i.WriteHtonU32(m_tuple.source.Get());
    i.WriteHtonU32(m_tuple.destination.Get());
    i.WriteHtonU16(m_tuple.sourcePort);
    i.WriteHtonU16(m_tuple.destinationPort);
    i.WriteU8(m_tuple.protocol);
    i.WriteU8(0, 3);
    i.WriteHtonU64(m_value);
    i.WriteHtonU64(m_secondValue);
    i.WriteHtonU32(m_host);
    i.WriteU8(0, 12);
}

uint32_t
SdnServerMessage::Deserialize(Buffer::Iterator start)
{
    Buffer::Iterator i = start;
    const uint16_t magic = i.ReadNtohU16();
    const uint8_t version = i.ReadU8();
    m_valid = magic == kMagic && version == kVersion;
    m_type = i.ReadU8();
    m_sequence = i.ReadNtohU32();
    m_flowId = i.ReadNtohU64();
    m_tuple.source = Ipv4Address(i.ReadNtohU32());
    m_tuple.destination = Ipv4Address(i.ReadNtohU32());
    m_tuple.sourcePort = i.ReadNtohU16();
    m_tuple.destinationPort = i.ReadNtohU16();
    m_tuple.protocol = i.ReadU8();
    i.Next(3);
    m_value = i.ReadNtohU64();
    m_secondValue = i.ReadNtohU64();
    m_host = i.ReadNtohU32();
    i.Next(12);
    return kSize;
}

void
SdnServerMessage::Print(std::ostream& os) const
{
    os << "type=" << GetTypeName(m_type) << " seq=" << m_sequence << " flow=" << m_flowId
       << " tuple=" << m_tuple << " value=" << m_value << " second=" << m_secondValue
       << " host=";
    if (m_host == kNoHost)
    {
        os << "none";
    }
    else
    {
        os << m_host;
    }
    if (!m_valid)
    {
        os << " (invalid)";
    }
}

bool
SdnServerMessage::Parse(Ptr<const Packet> payload, SdnServerMessage& message)
{
    if (!payload || payload->GetSize() != kSize)
    {
        return false;
    }
    payload->PeekHeader(message);
    return message.IsValid();
}

Ptr<Packet>
SdnServerMessage::ToPacket() const
{
    Ptr<Packet> p = Create<Packet>();
    p->AddHeader(*this);
    return p;
}

std::string
SdnServerMessage::GetTypeName(uint8_t type)
{
    switch (type)
    {
    case DEMAND:
        return "DEMAND";
    case PATH_ADD_REQUEST:
        return "PATH_ADD_REQUEST";
    case PATH_ADD_ANSWER:
        return "PATH_ADD_ANSWER";
    default:
        break;
    }
    std::ostringstream os;
    if (type >= USER)
    {
        os << "USER+" << (type - USER);
    }
    else
    {
        os << static_cast<uint32_t>(type);
    }
    return os.str();
}

bool
SdnServerMessage::IsValid() const
{
    return m_valid;
}

void
SdnServerMessage::SetType(uint8_t type)
{
    m_type = type;
}

uint8_t
SdnServerMessage::GetType() const
{
    return m_type;
}

void
SdnServerMessage::SetSequence(uint32_t sequence)
{
    m_sequence = sequence;
}

uint32_t
SdnServerMessage::GetSequence() const
{
    return m_sequence;
}

void
SdnServerMessage::SetFlowId(uint64_t flowId)
{
    m_flowId = flowId;
}

uint64_t
SdnServerMessage::GetFlowId() const
{
    return m_flowId;
}

void
SdnServerMessage::SetFiveTuple(const FiveTuple& tuple)
{
    m_tuple = tuple;
}

SdnServerMessage::FiveTuple
SdnServerMessage::GetFiveTuple() const
{
    return m_tuple;
}

void
SdnServerMessage::SetValue(uint64_t value)
{
    m_value = value;
}

uint64_t
SdnServerMessage::GetValue() const
{
    return m_value;
}

void
SdnServerMessage::SetSecondValue(uint64_t value)
{
    m_secondValue = value;
}

uint64_t
SdnServerMessage::GetSecondValue() const
{
    return m_secondValue;
}

void
SdnServerMessage::SetHostIndex(uint32_t host)
{
    m_host = host;
}

uint32_t
SdnServerMessage::GetHostIndex() const
{
    return m_host;
}

bool
SdnServerMessage::operator==(const SdnServerMessage& o) const
{
    return m_valid == o.m_valid && m_type == o.m_type && m_sequence == o.m_sequence &&
           m_flowId == o.m_flowId && m_tuple == o.m_tuple && m_value == o.m_value &&
           m_secondValue == o.m_secondValue && m_host == o.m_host;
}

std::ostream&
operator<<(std::ostream& os, const SdnServerMessage& m)
{
    m.Print(os);
    return os;
}

} // namespace ns3
