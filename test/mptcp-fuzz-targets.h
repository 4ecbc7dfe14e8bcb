/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_FUZZ_TARGETS_H
#define MPTCP_FUZZ_TARGETS_H

#include "ns3/mptcp-crypto.h"
#include "ns3/mptcp-option.h"
#include "ns3/packet.h"
#include "ns3/sdn-server-message.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-option.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * The checks of the module's fuzz targets: one function per target, which takes the fuzzer's
 * bytes and returns "" or the property the input violates. The same functions run in two
 * places:
 *
 *  * fuzz/fuzz-<target>.cc, libFuzzer entry points built with clang and ASan + UBSan by
 *    tools/fuzz.sh, which abort on a non-empty answer so that libFuzzer records the input;
 *  * the suite mptcp-fuzz-regression (test/mptcp-fuzz-regression-test-suite.cc), which replays
 *    the seed corpus (fuzz/corpus/) and every minimised finding (fuzz/regressions/) in the
 *    module's normal build, from bytes embedded in test/mptcp-fuzz-corpus.h.
 *
 * Targets (fuzz/README.md describes their input formats):
 *  * option: one MPTCP option, parsed as it arrives (ParseMpTcpOption), checked against RFC
 *    8684's length table and reserved bits, re-serialized and re-parsed;
 *  * tcp-header: a TCP segment, deserialized by ns-3's TcpHeader as the stack does; the kind-30
 *    options the model recovers (GetMpTcpOptionBytes) go through the option checks and back
 *    through a TcpHeader as the model sends them (TcpOptionMpTcp);
 *  * dss-checksum: a TCP segment carrying a DSS (or MP_CAPABLE) with a checksum and its payload:
 *    the subflow's checksum decision, MpTcpDssChecksum and MpTcpDssChecksumValid against an
 *    independent RFC 1071 sum;
 *  * scatter: a TCP option space carrying MP_SCATTER (MMPTCP's option), through the receive
 *    hook's logic (MpTcpScatterRxHook) and its header rewrite;
 *  * sdn-message: a UDP payload of the SDN control network (SdnServerMessage::Parse()).
 */

namespace ns3
{
namespace mptcpfuzz
{

/// The signature of a target's check: input bytes in, "" or the violated property out.
using CheckFunction = std::string (*)(const uint8_t* data, size_t size);

/**
 * \brief Hex dump of bytes, for failure messages.
 * \param d the bytes
 * \param n their number
 * \return e.g. "1e 04 01 81"
 */
inline std::string
Hex(const uint8_t* d, size_t n)
{
    std::string s;
    char x[4];
    for (size_t i = 0; i < n; ++i)
    {
        std::snprintf(x, sizeof(x), i ? " %02x" : "%02x", d[i]);
        s += x;
    }
    return s;
}

/// Bytes in a heap block of exactly their size, so that AddressSanitizer sees any over-read.
class ExactCopy
{
  public:
    /**
     * \param d the bytes to copy
     * \param n their number
     */
    ExactCopy(const uint8_t* d, size_t n)
        : m_data(new uint8_t[n ? n : 1]),
          m_size(n)
    {
        if (n)
        {
            std::memcpy(m_data.get(), d, n);
        }
    }

    /// \return the copy
    const uint8_t* Data() const
    {
        return m_data.get();
    }

    /// \return its size
    size_t Size() const
    {
        return m_size;
    }

  private:
    std::unique_ptr<uint8_t[]> m_data; //!< the block
    size_t m_size;                     //!< bytes used
};

/**
 * \brief What ParseMpTcpOption() must answer, from RFC 8684's option lengths alone (an
 * independent statement of §3.1-§3.6 and of MP_SCATTER's single length 8).
 * \param d the bytes, kind first
 * \param len their number
 * \return the expected error (NONE for an option that must be accepted)
 */
inline MpTcpParseError
ExpectedParseError(const uint8_t* d, size_t len)
{
    if (len < 2)
    {
        return MpTcpParseError::BAD_LENGTH;
    }
    if (d[0] != MPTCP_OPTION_KIND)
    {
        return MpTcpParseError::NOT_MPTCP;
    }
    const size_t optLen = d[1];
    if (optLen < 3 || optLen > len || optLen > 40)
    {
        return MpTcpParseError::BAD_LENGTH;
    }
    auto lengthIn = [optLen](std::initializer_list<size_t> allowed) {
        return std::find(allowed.begin(), allowed.end(), optLen) != allowed.end()
                   ? MpTcpParseError::NONE
                   : MpTcpParseError::BAD_LENGTH;
    };
    const uint8_t low = d[2] & 0x0f;
    switch (d[2] >> 4)
    {
    case 0x0: // MP_CAPABLE (Figure 4): lengths first, then the version
        if (lengthIn({4, 12, 20, 22, 24}) != MpTcpParseError::NONE)
        {
            return MpTcpParseError::BAD_LENGTH;
        }
        return low == 1 ? MpTcpParseError::NONE : MpTcpParseError::BAD_VERSION;
    case 0x1: // MP_JOIN: SYN, SYN/ACK, third ACK (Figures 5-7)
        return lengthIn({12, 16, 24});
    case 0x2: { // DSS (Figure 9): 4 + DATA_ACK (4 or 8) + DSN (4 or 8) + SSN + length (+ checksum)
        if (optLen < 4)
        {
            return MpTcpParseError::BAD_LENGTH;
        }
        const bool ackPresent = d[3] & 0x01;
        const bool ack8 = d[3] & 0x02;
        const bool mapPresent = d[3] & 0x04;
        const bool dsn8 = d[3] & 0x08;
        size_t base = 4;
        base += ackPresent ? (ack8 ? 8 : 4) : 0;
        base += mapPresent ? (dsn8 ? 8 : 4) + 4 + 2 : 0;
        return (optLen == base || (mapPresent && optLen == base + 2)) ? MpTcpParseError::NONE
                                                                      : MpTcpParseError::BAD_LENGTH;
    }
    case 0x3: // ADD_ADDR (Figure 12): E=1 carries no HMAC
        return (low & 0x01) ? lengthIn({8, 10, 20, 22}) : lengthIn({16, 18, 28, 30});
    case 0x4: // REMOVE_ADDR (Figure 13): at least one Address ID
        return optLen >= 4 ? MpTcpParseError::NONE : MpTcpParseError::BAD_LENGTH;
    case 0x5: // MP_PRIO (Figure 11)
        return lengthIn({3});
    case 0x6: // MP_FAIL (Figure 16)
    case 0x7: // MP_FASTCLOSE (Figure 14)
        return lengthIn({12});
    case 0x8: // MP_TCPRST (Figure 15)
        return lengthIn({4});
    case 0xf: // MP_SCATTER (mptcp-option-scatter.h)
        return lengthIn({8});
    default:
        return MpTcpParseError::UNKNOWN_SUBTYPE;
    }
}

/**
 * \brief The bits of octet \p i of an accepted option that the receiver ignores (reserved by
 * RFC 8684, or flags that mean nothing without another one); every other bit must survive a
 * parse and re-serialization.
 * \param d the accepted option, kind first
 * \param i the octet
 * \return the mask of ignored bits
 */
inline uint8_t
IgnoredBits(const uint8_t* d, size_t i)
{
    switch (d[2] >> 4)
    {
    case 0x1: // MP_JOIN: B on SYN and SYN/ACK; the third ACK has 12 reserved bits
        if (d[1] == 24)
        {
            return i == 2 ? 0x0f : (i == 3 ? 0xff : 0);
        }
        return i == 2 ? 0x0e : 0;
    case 0x2: // DSS: reserved nibble, 3 reserved flags; a without A and m without M
        if (i == 2)
        {
            return 0x0f;
        }
        if (i == 3)
        {
            return 0xe0 | ((d[3] & 0x01) ? 0 : 0x02) | ((d[3] & 0x04) ? 0 : 0x08);
        }
        return 0;
    case 0x3: // ADD_ADDR: 3 reserved bits, E
    case 0x5: // MP_PRIO: 3 reserved bits, B
        return i == 2 ? 0x0e : 0;
    case 0x4: // REMOVE_ADDR: 4 reserved bits
        return i == 2 ? 0x0f : 0;
    case 0x6: // MP_FAIL: 12 reserved bits
    case 0x7: // MP_FASTCLOSE: 12 reserved bits
    case 0xf: // MP_SCATTER: reserved nibble and octet
        return i == 2 ? 0x0f : (i == 3 ? 0xff : 0);
    default: // MP_CAPABLE (version and flags A-H are kept), MP_TCPRST (U, V, W, T are kept)
        return 0;
    }
}

/**
 * \brief Whether a decoded option is the type its subtype nibble and length name (the receive
 * paths rely on it, e.g. MpTcpScatterRxHook takes std::get<MpScatterOption> of subtype 0xf).
 * \param d the accepted option, kind first
 * \param o what the parser returned
 * \return true if the alternative matches
 */
inline bool
AlternativeMatches(const uint8_t* d, const MpTcpOption& o)
{
    switch (d[2] >> 4)
    {
    case 0x0:
        return std::holds_alternative<MpCapableOption>(o);
    case 0x1:
        return d[1] == 12   ? std::holds_alternative<MpJoinSynOption>(o)
               : d[1] == 16 ? std::holds_alternative<MpJoinSynAckOption>(o)
                            : std::holds_alternative<MpJoinAckOption>(o);
    case 0x2:
        return std::holds_alternative<DssOption>(o);
    case 0x3:
        return std::holds_alternative<AddAddrOption>(o);
    case 0x4:
        return std::holds_alternative<RemoveAddrOption>(o);
    case 0x5:
        return std::holds_alternative<MpPrioOption>(o);
    case 0x6:
        return std::holds_alternative<MpFailOption>(o);
    case 0x7:
        return std::holds_alternative<MpFastCloseOption>(o);
    case 0x8:
        return std::holds_alternative<MpTcpRstOption>(o);
    case 0xf:
        return std::holds_alternative<MpScatterOption>(o);
    default:
        return false;
    }
}

/// Big-endian 16-bit read.
inline uint16_t
Be16(const uint8_t* p)
{
    return uint16_t((p[0] << 8) | p[1]);
}

/// Big-endian 32-bit read.
inline uint32_t
Be32(const uint8_t* p)
{
    return (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | p[3];
}

/// Big-endian 64-bit read.
inline uint64_t
Be64(const uint8_t* p)
{
    return (uint64_t(Be32(p)) << 32) | Be32(p + 4);
}

/**
 * \brief Uses an accepted option's values as the stack does with what it received (keys give a
 * token and an IDSN, an ADD_ADDR is authenticated, a SYN/ACK's HMAC is compared): none of it may
 * abort on any value the parser accepts.
 * \param o the option
 * \return "" or the violated property
 */
inline std::string
UseReceivedValues(const MpTcpOption& o)
{
    const uint64_t localKey = 0x0123456789abcdefULL; // any key: the values must not matter
    if (auto c = std::get_if<MpCapableOption>(&o); c && c->nKeys >= 1)
    {
        auto digest = MpTcpCrypto::Sha256Key(c->senderKey);
        if (MpTcpCrypto::Token(c->senderKey) != Be32(digest.data()) ||
            MpTcpCrypto::Idsn(c->senderKey) != Be64(digest.data() + 24))
        {
            return "token/IDSN of a received key are not SHA-256's first 32 / last 64 bits";
        }
    }
    else if (auto a = std::get_if<AddAddrOption>(&o))
    {
        MpTcpAddAddrHmac(*a, localKey, ~localKey); // AddAddrHmac aborts on a bad address size
    }
    else if (auto j = std::get_if<MpJoinSynAckOption>(&o))
    {
        auto full = MpTcpCrypto::JoinHmac(localKey, ~localKey, j->senderNonce, 1);
        if (MpTcpCrypto::TruncatedJoinHmac(localKey, ~localKey, j->senderNonce, 1) !=
            Be64(full.data()))
        {
            return "truncated MP_JOIN HMAC is not the HMAC's leftmost 64 bits";
        }
    }
    else if (auto r = std::get_if<MpTcpRstOption>(&o))
    {
        if (MpTcpRstReasonName(r->reason).empty())
        {
            return "MP_TCPRST reason without a name";
        }
    }
    return "";
}

/**
 * \brief Target "option": one MPTCP option as the receiver meets it.
 *
 * Checks: the two ParseMpTcpOption() overloads agree and a rejection is explained; the verdict
 * is ExpectedParseError()'s; bytes after the option's Length are not looked at (the option
 * alone, in a block of exactly Length bytes, parses to the same value); an accepted option is
 * the alternative its subtype names, re-serializes to Length bytes that differ from the input
 * only in IgnoredBits(), and that canonical form parses to the same value and serializes to
 * itself; the stack's uses of its values (UseReceivedValues()) do not abort.
 * \param data the option's bytes, kind first (any number)
 * \param size their number
 * \return "" or the violated property
 */
inline std::string
CheckOption(const uint8_t* data, size_t size)
{
    ExactCopy in(data, size);
    MpTcpOption out;
    MpTcpOption explained;
    std::string why;
    const MpTcpParseError e = ParseMpTcpOption(in.Data(), in.Size(), out);
    const MpTcpParseError e2 = ParseMpTcpOption(in.Data(), in.Size(), explained, &why);
    if (e != e2)
    {
        return "the two ParseMpTcpOption overloads disagree: " + MpTcpParseErrorName(e) + " and " +
               MpTcpParseErrorName(e2);
    }
    if (MpTcpParseErrorName(e) == "?")
    {
        return "undefined parse error code " + std::to_string(int(e));
    }
    const MpTcpParseError expected = ExpectedParseError(data, size);
    if (e != expected)
    {
        return "parsed as " + MpTcpParseErrorName(e) + ", RFC 8684's lengths say " +
               MpTcpParseErrorName(expected) + ": " + Hex(data, std::min<size_t>(size, 48));
    }
    if (e != MpTcpParseError::NONE)
    {
        return why.empty() ? "rejected (" + MpTcpParseErrorName(e) + ") without an explanation"
                           : "";
    }
    const size_t optLen = data[1];
    if (!(out == explained))
    {
        return "the two overloads decode different values";
    }
    if (optLen < size)
    {
        ExactCopy alone(data, optLen);
        MpTcpOption o;
        if (ParseMpTcpOption(alone.Data(), alone.Size(), o) != MpTcpParseError::NONE || !(o == out))
        {
            return "the bytes after the option's Length change its parse: " + Hex(data, optLen);
        }
    }
    if (!AlternativeMatches(data, out))
    {
        return "decoded as alternative " + std::to_string(out.index()) + ", not the subtype's: " +
               Hex(data, optLen);
    }
    const std::vector<uint8_t> canon = SerializeMpTcpOption(out);
    if (canon.size() != optLen)
    {
        return "accepted " + std::to_string(optLen) + " bytes, re-serialized " +
               std::to_string(canon.size()) + ": " + Hex(data, optLen) + " -> " +
               Hex(canon.data(), canon.size());
    }
    for (size_t i = 0; i < optLen; ++i)
    {
        if ((data[i] ^ canon[i]) & ~IgnoredBits(data, i) & 0xff)
        {
            return "octet " + std::to_string(i) + " lost meaningful bits in the round trip: " +
                   Hex(data, optLen) + " -> " + Hex(canon.data(), canon.size());
        }
    }
    ExactCopy again(canon.data(), canon.size());
    MpTcpOption back;
    if (ParseMpTcpOption(again.Data(), again.Size(), back) != MpTcpParseError::NONE ||
        !(back == out) || SerializeMpTcpOption(back) != canon)
    {
        return "the re-serialized option does not parse back to itself: " +
               Hex(canon.data(), canon.size());
    }
    return UseReceivedValues(out);
}

/// What a walk of a header's options by ns-3's TcpHeader::Deserialize (ns-3.37) does.
struct Ns3OptionWalk
{
    bool fails{false}; //!< ns-3 would abort (an MSS whose Length is not 4) or never end
    size_t reach{20};  //!< one past the last octet of the segment it reads or skips
};

/**
 * \brief Replays the option loop of ns-3's TcpHeader::Deserialize (ns-3.37) on a segment's
 * bytes, without reading them through ns-3: so that a fuzz input on which ns-3 itself fails is
 * skipped rather than reported against this module. A segment ns-3 serialized (every segment of
 * a simulation) is never such an input.
 *
 * ns-3 decodes the known kinds (END, NOP, MSS, WINSCALE, SACKPERMITTED, SACK, TS) with their own
 * classes: MSS aborts the program on a Length other than 4 (NS_ABORT_IF in TcpOptionMSS), the
 * others refuse a wrong Length (the walk stops), except SACK, which takes 2 + 8n octets for a
 * Length of 2 + 8n to 9 + 8n. Every other kind is a TcpOptionUnknown, which refuses a Length of
 * 1 or above 40 (the walk stops) and accepts a Length of 0 as an option of size 0, after which
 * the loop never advances again, nor ends. An option longer than the option space is read, then
 * discarded, and the walk stops; END ends it and the rest of the space is skipped.
 * \param seg the segment, TCP header first
 * \param size its number of octets (at least 20)
 * \return whether ns-3 fails on it and how far into the segment it goes
 */
inline Ns3OptionWalk
WalkOptionsAsNs3(const uint8_t* seg, size_t size)
{
    Ns3OptionWalk w;
    const uint32_t dataOffset = seg[12] >> 4;
    if (dataOffset < 5)
    {
        return w; // ns-3 discards the options of an illegal data offset
    }
    size_t left = (dataOffset - 5) * 4;
    size_t pos = 20;
    auto at = [seg, size](size_t i) -> int { return i < size ? seg[i] : -1; };
    while (left > 0)
    {
        const int kind = at(pos);
        const int len = at(pos + 1);
        size_t consumed = 0;
        w.reach = std::max(w.reach, pos + 1);
        if (kind == TcpOption::END)
        {
            w.reach = std::max(w.reach, pos + left); // the padding is skipped
            return w;
        }
        if (kind == TcpOption::NOP)
        {
            consumed = 1;
        }
        else
        {
            w.reach = std::max(w.reach, pos + 2);
            if (kind < 0 || len < 0)
            {
                w.reach = std::max(w.reach, size + 1); // reads past the segment
                return w;
            }
            switch (kind)
            {
            case TcpOption::MSS:
                if (len != 4)
                {
                    w.fails = true;
                    return w;
                }
                consumed = 4;
                break;
            case TcpOption::WINSCALE:
                consumed = len == 3 ? 3 : 0;
                break;
            case TcpOption::SACKPERMITTED:
                consumed = len == 2 ? 2 : 0;
                break;
            case TcpOption::TS:
                consumed = len == 10 ? 10 : 0;
                break;
            case TcpOption::SACK:
                consumed = 2 + 8 * (len >= 2 ? (len - 2) / 8 : 0);
                break;
            default:
                if (len == 0)
                {
                    w.fails = true;
                    return w;
                }
                consumed = (len >= 2 && len <= 40) ? len : 0;
                break;
            }
            if (consumed == 0)
            {
                return w; // refused: the walk stops
            }
        }
        w.reach = std::max(w.reach, pos + consumed);
        if (consumed > left)
        {
            return w; // longer than the option space: discarded, the walk stops
        }
        left -= consumed;
        pos += consumed;
    }
    return w;
}

/**
 * Zero octets appended to a fuzzed segment in "tcp-header" and "scatter", more than any ns-3
 * option parser reads past a header (a SACK's Length of 255: 250 octets).
 */
constexpr size_t SEGMENT_TAIL = 256;

/// An option the model recovered from a received header, and where it was on the wire.
struct ReceivedOption
{
    size_t offset;              //!< octet of the segment where the option starts
    std::vector<uint8_t> bytes; //!< what GetMpTcpOptionBytes() returned
};

/**
 * \brief The kind-30 options of a received header, as the model recovers them
 * (MpTcpSubflow::ParseMpTcpOptions(), MpTcpL4Protocol, MpTcpScatterRxHook), with checks that
 * both GetMpTcpOptionBytes() overloads return the bytes on the wire and that no kind-30 option
 * is missed.
 * \param h the header ns-3 deserialized from \p seg
 * \param seg the segment
 * \param size its number of octets
 * \param options the recovered options
 * \return "" or the violated property
 */
inline std::string
RecoverOptions(const TcpHeader& h,
               const uint8_t* seg,
               size_t size,
               std::vector<ReceivedOption>& options)
{
    size_t offset = 20;
    for (const auto& opt : h.GetOptionList())
    {
        const size_t n = opt->GetSerializedSize();
        std::vector<uint8_t> v;
        uint8_t raw[MPTCP_MAX_OPTION_BYTES];
        uint32_t length = 0;
        const bool byVector = GetMpTcpOptionBytes(opt, v);
        const bool byArray = GetMpTcpOptionBytes(opt, raw, length);
        if (byVector != byArray || (byVector && (v.size() != length ||
                                                 !std::equal(v.begin(), v.end(), raw))))
        {
            return "the two GetMpTcpOptionBytes overloads disagree at offset " +
                   std::to_string(offset);
        }
        if (!byVector && opt->GetKind() == MPTCP_OPTION_KIND)
        {
            return "a kind-30 option of ns-3's header is not seen by the model, offset " +
                   std::to_string(offset);
        }
        if (byVector)
        {
            if (offset + v.size() > size || !std::equal(v.begin(), v.end(), seg + offset))
            {
                return "recovered option differs from the wire at offset " +
                       std::to_string(offset) + ": " + Hex(v.data(), v.size());
            }
            options.push_back({offset, v});
        }
        offset += n;
    }
    return "";
}

/**
 * \brief Target "tcp-header": a TCP segment as the stack meets it.
 *
 * The bytes (20-octet header, options, payload; SEGMENT_TAIL zero octets appended) are
 * deserialized by ns-3's TcpHeader through Packet::PeekHeader(), as TcpL4Protocol and
 * MpTcpSubflow do; the kind-30 options the model recovers (RecoverOptions()) each pass
 * CheckOption(); the accepted ones, sent again as the model sends options (TcpOptionMpTcp
 * appended to a copy of the header, Packet::AddHeader()), come back as their canonical bytes,
 * in order, with the header's fields and the payload intact. Inputs on which ns-3's own
 * option walk would fail (abort, or never end) are skipped (WalkOptionsAsNs3()).
 * \param data the segment
 * \param size its number of octets (below 20: nothing to do)
 * \return "" or the violated property
 */
inline std::string
CheckTcpHeader(const uint8_t* data, size_t size)
{
    if (size < 20 || size > 1500)
    {
        return "";
    }
    std::vector<uint8_t> seg(data, data + size);
    seg.resize(size + SEGMENT_TAIL, 0);
    if (WalkOptionsAsNs3(seg.data(), seg.size()).fails)
    {
        return ""; // ns-3's TcpHeader::Deserialize would fail on it (not this module's code)
    }
    Ptr<Packet> p = Create<Packet>(seg.data(), seg.size());
    TcpHeader h;
    const uint32_t headerSize = p->PeekHeader(h);
    std::vector<ReceivedOption> received;
    std::string failure = RecoverOptions(h, seg.data(), seg.size(), received);
    if (!failure.empty())
    {
        return failure;
    }
    std::vector<std::vector<uint8_t>> canonical;
    for (const auto& r : received)
    {
        failure = CheckOption(r.bytes.data(), r.bytes.size());
        if (!failure.empty())
        {
            return "option at offset " + std::to_string(r.offset) + ": " + failure;
        }
        MpTcpOption o;
        if (ParseMpTcpOption(r.bytes.data(), r.bytes.size(), o) == MpTcpParseError::NONE)
        {
            canonical.push_back(SerializeMpTcpOption(o));
        }
    }

    // Sent again, as the model sends options.
    TcpHeader out = CopyTcpHeaderWithoutOptions(h);
    for (const auto& c : canonical)
    {
        MpTcpOption o;
        ParseMpTcpOption(c.data(), c.size(), o);
        Ptr<TcpOptionMpTcp> carrier = CreateObject<TcpOptionMpTcp>();
        carrier->SetOption(o);
        if (!out.AppendOption(carrier))
        {
            return "no room for the accepted options (" + std::to_string(canonical.size()) +
                   ") in a header that carried them";
        }
    }
    const uint32_t payload = p->GetSize() - headerSize;
    Ptr<Packet> q = p->CreateFragment(headerSize, payload);
    q->AddHeader(out);
    std::vector<uint8_t> wire(q->GetSize());
    q->CopyData(wire.data(), wire.size());
    TcpHeader back;
    q->RemoveHeader(back);
    if (back.GetSourcePort() != h.GetSourcePort() ||
        back.GetDestinationPort() != h.GetDestinationPort() ||
        back.GetSequenceNumber() != h.GetSequenceNumber() ||
        back.GetAckNumber() != h.GetAckNumber() || back.GetFlags() != h.GetFlags() ||
        back.GetWindowSize() != h.GetWindowSize() ||
        back.GetUrgentPointer() != h.GetUrgentPointer())
    {
        return "a header field changed when the options were sent again";
    }
    if (q->GetSize() != payload)
    {
        return "payload of " + std::to_string(payload) + " octets came back as " +
               std::to_string(q->GetSize());
    }
    std::vector<ReceivedOption> again;
    failure = RecoverOptions(back, wire.data(), wire.size(), again);
    if (!failure.empty())
    {
        return "sent again: " + failure;
    }
    if (again.size() != canonical.size())
    {
        return std::to_string(canonical.size()) + " options sent again, " +
               std::to_string(again.size()) + " came back";
    }
    for (size_t i = 0; i < again.size(); ++i)
    {
        if (again[i].bytes != canonical[i])
        {
            return "option sent again as " + Hex(canonical[i].data(), canonical[i].size()) +
                   " came back as " + Hex(again[i].bytes.data(), again[i].bytes.size());
        }
    }
    return "";
}

/**
 * \brief The DSS checksum's ones' complement sum (RFC 1071 over RFC 8684 §3.3.1's pseudo-header
 * and the payload) written independently of the model: one buffer, 64-bit accumulation, folded
 * once at the end.
 * \param dsn the 64-bit data sequence number
 * \param ssn the relative subflow sequence number
 * \param length the data-level length
 * \param checksum the value in the checksum field
 * \param payload the payload
 * \param n its size
 * \return the folded 16-bit sum (0xffff when a checksum verifies)
 */
inline uint16_t
ReferenceDssSum(uint64_t dsn,
                uint32_t ssn,
                uint16_t length,
                uint16_t checksum,
                const uint8_t* payload,
                size_t n)
{
    std::vector<uint8_t> b;
    for (int s = 56; s >= 0; s -= 8)
    {
        b.push_back(uint8_t(dsn >> s));
    }
    for (int s = 24; s >= 0; s -= 8)
    {
        b.push_back(uint8_t(ssn >> s));
    }
    b.push_back(uint8_t(length >> 8));
    b.push_back(uint8_t(length));
    b.push_back(uint8_t(checksum >> 8));
    b.push_back(uint8_t(checksum));
    b.insert(b.end(), payload, payload + n);
    if (b.size() % 2)
    {
        b.push_back(0);
    }
    uint64_t sum = 0;
    for (size_t i = 0; i < b.size(); i += 2)
    {
        sum += (uint64_t(b[i]) << 8) | b[i + 1];
    }
    while (sum >> 16)
    {
        sum = (sum & 0xffff) + (sum >> 16);
    }
    return uint16_t(sum);
}

/**
 * \brief The checks of one received mapping with a checksum field (a DSS, or the implicit
 * mapping of an MP_CAPABLE with a data-level length).
 * \param what "DSS" or "MP_CAPABLE", for messages
 * \param dsn the mapping's 64-bit DSN, as the subflow computes it
 * \param ssn the mapping's relative SSN
 * \param length the mapping's data-level length
 * \param hasChecksum whether the option carries a checksum
 * \param checksum the checksum
 * \param relativeSeq the segment's sequence number relative to the subflow's IRS
 * \param payload the payload as MpTcpSubflow::ChecksumValid() copies it out of the packet
 * \param dataBytes the mapping's data bytes (MpTcpSubflow::ReceivedDss(): the data-level
 * length less a DATA_FIN's octet)
 * \return "" or the violated property
 */
inline std::string
CheckMapping(const char* what,
             uint64_t dsn,
             uint32_t ssn,
             uint16_t length,
             bool hasChecksum,
             uint16_t checksum,
             uint32_t relativeSeq,
             const std::vector<uint8_t>& payload,
             uint32_t dataBytes)
{
    const std::string name(what);
    const uint8_t* pl = payload.empty() ? nullptr : payload.data();
    const size_t n = payload.size();

    // The decision of MpTcpSubflow::ChecksumValid(), which is private: the same steps.
    bool decision;
    if (!hasChecksum)
    {
        decision = false;
    }
    else if (ssn != relativeSeq || n != dataBytes)
    {
        decision = true; // a mapping spread over several segments is not checked
    }
    else
    {
        decision = MpTcpDssChecksumValid(dsn, ssn, length, pl, n, checksum);
    }
    const bool reference =
        hasChecksum && (ssn != relativeSeq || n != dataBytes ||
                        ReferenceDssSum(dsn, ssn, length, checksum, pl, n) == 0xffff);
    if (decision != reference)
    {
        return name + ": checksum decision " + std::to_string(decision) +
               ", RFC 1071 sum says " + std::to_string(reference);
    }

    // The functions, on every payload whatever the SSN and length say.
    const bool valid = MpTcpDssChecksumValid(dsn, ssn, length, pl, n, checksum);
    if (valid != (ReferenceDssSum(dsn, ssn, length, checksum, pl, n) == 0xffff))
    {
        return name + ": MpTcpDssChecksumValid disagrees with the RFC 1071 sum";
    }
    const uint16_t c = MpTcpDssChecksum(dsn, ssn, length, pl, n);
    if (c != uint16_t(~ReferenceDssSum(dsn, ssn, length, 0, pl, n)))
    {
        return name + ": MpTcpDssChecksum is not the complement of the RFC 1071 sum";
    }
    if (!MpTcpDssChecksumValid(dsn, ssn, length, pl, n, c))
    {
        return name + ": the computed checksum does not verify";
    }
    // A single flipped bit is always detected (it changes the sum by +-2^k, never 0 mod 0xffff).
    if (n > 0)
    {
        std::vector<uint8_t> flipped(payload);
        const size_t bit = (dsn ^ ssn ^ checksum) % (n * 8);
        flipped[bit / 8] ^= uint8_t(1u << (bit % 8));
        if (MpTcpDssChecksumValid(dsn, ssn, length, flipped.data(), n, c))
        {
            return name + ": payload bit " + std::to_string(bit) + " flipped, still verifies";
        }
    }
    if (MpTcpDssChecksumValid(dsn ^ (uint64_t(1) << (checksum % 64)), ssn, length, pl, n, c))
    {
        return name + ": DSN bit flipped, still verifies";
    }
    return "";
}

/**
 * \brief Target "dss-checksum": the DSS checksum path of a received segment.
 *
 * Input: 4 octets of the subflow's initial receive sequence number (IRS), 4 octets of the upper
 * half of the connection's next expected DSN (a 4-octet DSN is expanded with it, as
 * MpTcpSocketBase::ExpandRemoteDsn() does with its own), then a TCP segment (header, options,
 * payload). The segment is deserialized by ns-3's TcpHeader (inputs on which ns-3 would read
 * past the segment, abort or never end are skipped: WalkOptionsAsNs3()); each DSS with a
 * mapping and each MP_CAPABLE with a data-level length goes through CheckMapping(), with the
 * payload copied out of the packet as MpTcpSubflow::ChecksumValid() does; then a DSS with the
 * checksum the model computes is sent on the payload (TcpOptionMpTcp, Packet::AddHeader()) and
 * must verify on the other side.
 * \param data the input
 * \param size its size
 * \return "" or the violated property
 */
inline std::string
CheckDssChecksum(const uint8_t* data, size_t size)
{
    if (size < 8 + 20 || size > 8 + 4000)
    {
        return "";
    }
    const uint32_t irs = Be32(data);
    const uint64_t dsnHigh = uint64_t(Be32(data + 4)) << 32;
    const uint8_t* seg = data + 8;
    const size_t segSize = size - 8;
    const Ns3OptionWalk walk = WalkOptionsAsNs3(seg, segSize);
    const size_t headerOnWire = 4 * size_t(seg[12] >> 4);
    if (walk.fails || walk.reach > segSize || headerOnWire > segSize)
    {
        return ""; // ns-3 itself would fail on it (a segment ns-3 wrote is never like this)
    }
    Ptr<Packet> p = Create<Packet>(seg, segSize);
    TcpHeader h;
    p->PeekHeader(h);
    std::vector<ReceivedOption> received;
    std::string failure = RecoverOptions(h, seg, segSize, received);
    if (!failure.empty())
    {
        return failure;
    }
    // The payload as MpTcpSubflow::ChecksumValid() copies it.
    const uint32_t n = p->GetSize() - h.GetSerializedSize();
    std::vector<uint8_t> payload(n);
    {
        Ptr<Packet> copy = p->Copy();
        TcpHeader tmp;
        copy->RemoveHeader(tmp);
        copy->CopyData(payload.data(), n);
    }
    if (!std::equal(payload.begin(), payload.end(), seg + h.GetSerializedSize()))
    {
        return "the payload copied out of the packet is not the segment's";
    }
    const uint32_t relativeSeq = h.GetSequenceNumber().GetValue() - irs;
    for (const auto& r : received)
    {
        MpTcpOption o;
        if (ParseMpTcpOption(r.bytes.data(), r.bytes.size(), o) != MpTcpParseError::NONE)
        {
            continue;
        }
        if (auto dss = std::get_if<DssOption>(&o); dss && dss->hasMapping)
        {
            const uint64_t dsn = dss->dsn64 ? dss->dsn : (dsnHigh | uint32_t(dss->dsn));
            uint32_t dataBytes = dss->dataLength;
            if (dss->dataFin)
            {
                dataBytes = (dss->ssn == 0 || dataBytes == 0) ? 0 : dataBytes - 1;
            }
            failure = CheckMapping("DSS",
                                   dsn,
                                   dss->ssn,
                                   dss->dataLength,
                                   dss->hasChecksum,
                                   dss->checksum,
                                   relativeSeq,
                                   payload,
                                   dataBytes);
        }
        else if (auto cap = std::get_if<MpCapableOption>(&o); cap && cap->hasDataLength)
        {
            // RFC 8684 §3.1: the first data's implicit mapping, DSN = IDSN + 1 at SSN 1.
            failure = CheckMapping("MP_CAPABLE",
                                   MpTcpCrypto::Idsn(cap->senderKey) + 1,
                                   1,
                                   cap->dataLength,
                                   cap->hasChecksum,
                                   cap->checksum,
                                   relativeSeq,
                                   payload,
                                   cap->dataLength);
        }
        if (!failure.empty())
        {
            return failure + " (option at offset " + std::to_string(r.offset) + ")";
        }
    }

    // The sender's side: the model's checksum over this payload, sent and received.
    DssOption d;
    d.hasMapping = true;
    d.dsn64 = true;
    d.dsn = dsnHigh | irs;
    d.ssn = relativeSeq;
    d.dataLength = uint16_t(n);
    d.hasChecksum = true;
    d.checksum = MpTcpDssChecksum(d.dsn, d.ssn, d.dataLength, payload.data(), n);
    TcpHeader out = CopyTcpHeaderWithoutOptions(h);
    Ptr<TcpOptionMpTcp> carrier = CreateObject<TcpOptionMpTcp>();
    carrier->SetOption(d);
    out.AppendOption(carrier);
    Ptr<Packet> q = Create<Packet>(payload.data(), n);
    q->AddHeader(out);
    TcpHeader back;
    q->RemoveHeader(back);
    std::vector<uint8_t> sent(q->GetSize());
    q->CopyData(sent.data(), sent.size());
    for (const auto& opt : back.GetOptionList())
    {
        std::vector<uint8_t> bytes;
        MpTcpOption o;
        if (GetMpTcpOptionBytes(opt, bytes) &&
            ParseMpTcpOption(bytes.data(), bytes.size(), o) == MpTcpParseError::NONE)
        {
            const auto* dss = std::get_if<DssOption>(&o);
            if (!dss || !dss->hasChecksum ||
                !MpTcpDssChecksumValid(dss->dsn, dss->ssn, dss->dataLength, sent.data(),
                                       sent.size(), dss->checksum))
            {
                return "a DSS sent with the model's checksum does not verify on arrival";
            }
            return "";
        }
    }
    return "the DSS sent with the model's checksum did not arrive";
}

/**
 * \brief Target "scatter": MP_SCATTER (MMPTCP's option) on a received segment.
 *
 * Input: a TCP option space (at most 40 octets), put in an ACK segment (zero-padded,
 * SEGMENT_TAIL zero octets of payload) and deserialized by ns-3's TcpHeader. Each kind-30 option
 * goes through MpScatterOption::Deserialize() directly (accepts exactly Length 8) and, when its
 * subtype is 0xf, through MpTcpScatterRxHook::Receive()'s steps: parsed, it must be an
 * MpScatterOption (the hook takes std::get of it) whose token is octets 4-7 and which
 * re-serializes to the same octets but the reserved ones; rejected, its Length is not 8. The
 * hook's header rewrite (RemoveHeader, SetSourcePort, AddHeader) must keep every MPTCP option
 * and the payload.
 * \param data the option space
 * \param size its size (above 40: nothing to do)
 * \return "" or the violated property
 */
inline std::string
CheckScatter(const uint8_t* data, size_t size)
{
    if (size > 40)
    {
        return "";
    }
    // MpScatterOption::Deserialize takes a length it trusts: give it the real one.
    {
        ExactCopy in(data, size);
        MpScatterOption s;
        const bool ok = MpScatterOption::Deserialize(in.Data(), uint8_t(size), s);
        if (ok != (size == MpScatterOption::LENGTH) || (ok && s.receiverToken != Be32(data + 4)))
        {
            return "MpScatterOption::Deserialize of " + std::to_string(size) + " octets: " +
                   (ok ? "accepted" : "refused");
        }
    }
    const size_t space = (size + 3) / 4 * 4;
    std::vector<uint8_t> seg(20 + space + SEGMENT_TAIL, 0);
    seg[0] = 0x13; // source port 5001
    seg[1] = 0x89;
    seg[2] = 0x13; // destination port 5000
    seg[3] = 0x88;
    seg[12] = uint8_t((5 + space / 4) << 4);
    seg[13] = TcpHeader::ACK;
    std::copy(data, data + size, seg.begin() + 20);
    if (WalkOptionsAsNs3(seg.data(), seg.size()).fails)
    {
        return "";
    }
    Ptr<Packet> p = Create<Packet>(seg.data(), seg.size());
    TcpHeader h;
    p->PeekHeader(h);
    std::vector<ReceivedOption> received;
    std::string failure = RecoverOptions(h, seg.data(), seg.size(), received);
    if (!failure.empty())
    {
        return failure;
    }
    for (const auto& r : received)
    {
        const std::vector<uint8_t>& b = r.bytes;
        const std::string where = " (offset " + std::to_string(r.offset) + ": " +
                                  Hex(b.data(), b.size()) + ")";
        if (b.size() >= 3)
        {
            ExactCopy exact(b.data(), b.size());
            MpScatterOption direct;
            const bool ok = MpScatterOption::Deserialize(exact.Data(), uint8_t(b.size()), direct);
            if (ok != (b.size() == MpScatterOption::LENGTH))
            {
                return "MpScatterOption::Deserialize" + where;
            }
        }
        // MpTcpScatterRxHook::Receive: kind 30, at least 3 octets, subtype 0xf.
        if (b.size() < 3 || (b[2] >> 4) != 0xf)
        {
            continue;
        }
        MpTcpOption parsed;
        if (ParseMpTcpOption(b.data(), b.size(), parsed) != MpTcpParseError::NONE)
        {
            if (b[1] == MpScatterOption::LENGTH && b.size() == MpScatterOption::LENGTH)
            {
                return "an 8-octet MP_SCATTER is refused" + where;
            }
            continue; // the hook drops the segment
        }
        const auto* s = std::get_if<MpScatterOption>(&parsed);
        if (!s)
        {
            return "subtype 0xf parsed as another option: the hook's std::get would throw" + where;
        }
        if (s->receiverToken != Be32(b.data() + 4))
        {
            return "token is not octets 4-7" + where;
        }
        std::vector<uint8_t> canon;
        s->Serialize(canon);
        if (canon.size() != b.size() || canon[0] != b[0] || canon[1] != b[1] ||
            (canon[2] >> 4) != (b[2] >> 4) || !std::equal(canon.begin() + 4, canon.end(),
                                                          b.begin() + 4))
        {
            return "MP_SCATTER re-serialized as " + Hex(canon.data(), canon.size()) + where;
        }
        failure = CheckOption(b.data(), b.size());
        if (!failure.empty())
        {
            return failure;
        }
    }

    // The hook's rewrite of a scattered segment's source port, when ns-3 took the whole header.
    if (h.GetSerializedSize() != 20 + space)
    {
        return "";
    }
    Ptr<Packet> q = p->Copy();
    TcpHeader rewritten;
    q->RemoveHeader(rewritten);
    rewritten.SetSourcePort(4242);
    q->AddHeader(rewritten);
    std::vector<uint8_t> wire(q->GetSize());
    q->CopyData(wire.data(), wire.size());
    TcpHeader back;
    q->PeekHeader(back);
    std::vector<ReceivedOption> after;
    failure = RecoverOptions(back, wire.data(), wire.size(), after);
    if (!failure.empty())
    {
        return "after the hook's rewrite: " + failure;
    }
    if (back.GetSourcePort() != 4242 || wire.size() != seg.size() ||
        !std::equal(wire.begin() + 20 + space, wire.end(), seg.begin() + 20 + space))
    {
        return "the hook's rewrite changed the segment's size or payload";
    }
    if (after.size() != received.size())
    {
        return "the hook's rewrite lost MPTCP options";
    }
    for (size_t i = 0; i < after.size(); ++i)
    {
        if (after[i].bytes != received[i].bytes)
        {
            return "the hook's rewrite changed an MPTCP option";
        }
    }
    return "";
}

/**
 * \brief Target "sdn-message": the payload of a datagram of the SDN control network, as
 * SdnServerAgent and SdnController receive it (SdnServerMessage::Parse()).
 *
 * Checks: a payload is a message if and only if it has 64 octets, magic 0x534D and version 1
 * (SdnServerMessage's layout table); each field is the octets at its documented offset; the
 * message serializes (ToPacket()) to the same 64 octets but the zero ones (29-31, 52-63) and
 * parses back equal; printing it and naming its type do not fail.
 * \param data the payload
 * \param size its size
 * \return "" or the violated property
 */
inline std::string
CheckSdnMessage(const uint8_t* data, size_t size)
{
    if (size > 4096)
    {
        return "";
    }
    Ptr<Packet> p = Create<Packet>(data, size);
    SdnServerMessage m;
    const bool parsed = SdnServerMessage::Parse(p, m);
    const bool expected = size == SdnServerMessage::kSize &&
                          Be16(data) == SdnServerMessage::kMagic &&
                          data[2] == SdnServerMessage::kVersion;
    if (parsed != expected)
    {
        return std::string("a payload of ") + std::to_string(size) + " octets " +
               (parsed ? "accepted" : "refused") + " as a message: " +
               Hex(data, std::min<size_t>(size, 64));
    }
    if (!parsed)
    {
        return "";
    }
    const SdnServerMessage::FiveTuple t = m.GetFiveTuple();
    if (m.GetType() != data[3] || m.GetSequence() != Be32(data + 4) ||
        m.GetFlowId() != Be64(data + 8) || t.source.Get() != Be32(data + 16) ||
        t.destination.Get() != Be32(data + 20) || t.sourcePort != Be16(data + 24) ||
        t.destinationPort != Be16(data + 26) || t.protocol != data[28] ||
        m.GetValue() != Be64(data + 32) || m.GetSecondValue() != Be64(data + 40) ||
        m.GetHostIndex() != Be32(data + 48))
    {
        return "a field is not the octets at its offset: " + Hex(data, size);
    }
    Ptr<Packet> q = m.ToPacket();
    std::vector<uint8_t> wire(q->GetSize());
    q->CopyData(wire.data(), wire.size());
    if (wire.size() != size)
    {
        return "re-serialized to " + std::to_string(wire.size()) + " octets";
    }
    for (size_t i = 0; i < size; ++i)
    {
        const bool zero = (i >= 29 && i < 32) || i >= 52;
        if (wire[i] != (zero ? 0 : data[i]))
        {
            return "octet " + std::to_string(i) + " re-serialized as " + std::to_string(wire[i]) +
                   ": " + Hex(data, size);
        }
    }
    SdnServerMessage back;
    if (!SdnServerMessage::Parse(q, back) || !(back == m))
    {
        return "the re-serialized message does not parse back equal";
    }
    std::ostringstream os;
    m.Print(os);
    if (os.str().empty() || SdnServerMessage::GetTypeName(m.GetType()).empty())
    {
        return "a message prints as nothing";
    }
    return "";
}

/// One fuzz target: its name (fuzz/fuzz-<name>.cc, fuzz/corpus/<name>/) and its check.
struct Target
{
    const char* name;    //!< the target's name
    CheckFunction check; //!< its check
};

/// Every target, in the order tools/fuzz.sh runs them.
inline const std::vector<Target>&
Targets()
{
    static const std::vector<Target> targets = {{"option", &CheckOption},
                                                {"tcp-header", &CheckTcpHeader},
                                                {"dss-checksum", &CheckDssChecksum},
                                                {"scatter", &CheckScatter},
                                                {"sdn-message", &CheckSdnMessage}};
    return targets;
}

} // namespace mptcpfuzz
} // namespace ns3

#endif /* MPTCP_FUZZ_TARGETS_H */
