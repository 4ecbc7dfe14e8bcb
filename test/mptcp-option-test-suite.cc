/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Byte-exact serialization of the MPTCP options (RFC 8684 §3), parse round trips of every option
 * and flag combination, rejection of every wrong length, the DSS checksum, a parser fuzz test, and
 * the trip through ns-3's TcpHeader (kind 30 on the wire).
 */
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-option.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/tcp-header.h"
#include "ns3/test.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <set>

using namespace ns3;

namespace
{

std::vector<uint8_t>
Bytes(std::initializer_list<int> v)
{
    return std::vector<uint8_t>(v.begin(), v.end());
}

/// Hex dump of a byte string, for failure messages.
std::string
Hex(const std::vector<uint8_t>& b)
{
    std::string s;
    char x[4];
    for (size_t i = 0; i < b.size(); ++i)
    {
        std::snprintf(x, sizeof(x), i ? " %02x" : "%02x", b[i]);
        s += x;
    }
    return s;
}

/// Parse from a heap block of exactly b.size() bytes, so that AddressSanitizer sees any over-read.
MpTcpParseError
ParseExact(const std::vector<uint8_t>& b, MpTcpOption& out, std::string* why = nullptr)
{
    std::unique_ptr<uint8_t[]> copy(new uint8_t[b.size()]);
    std::copy(b.begin(), b.end(), copy.get());
    return ParseMpTcpOption(copy.get(), b.size(), out, why);
}

/// Each option's bytes written out by hand from RFC 8684's figures.
class WireFormatTest : public TestCase
{
  public:
    WireFormatTest()
        : TestCase("options serialize byte-exactly as RFC 8684 figures 4-9 lay them out")
    {
    }

  private:
    void DoRun() override
    {
        MpCapableOption syn; // SYN: version 1, flag H, no key
        NS_TEST_ASSERT_MSG_EQ((SerializeMpTcpOption(syn) == Bytes({30, 4, 0x01, 0x01})),
                              true,
                              "MP_CAPABLE SYN");
        MpCapableOption ack;
        ack.nKeys = 2;
        ack.senderKey = 0x0102030405060708ULL;
        ack.receiverKey = 0x1112131415161718ULL;
        NS_TEST_ASSERT_MSG_EQ((SerializeMpTcpOption(ack) ==
                               Bytes({30, 20, 0x01, 0x01, 1, 2, 3, 4, 5, 6, 7, 8, 0x11, 0x12, 0x13,
                                      0x14, 0x15, 0x16, 0x17, 0x18})),
                              true,
                              "MP_CAPABLE third ACK");
        ack.hasDataLength = true;
        ack.dataLength = 0x0578;
        NS_TEST_ASSERT_MSG_EQ(SerializeMpTcpOption(ack).size(), 22, "MP_CAPABLE with data length");
        MpJoinSynOption js;
        js.backup = true;
        js.addressId = 3;
        js.receiverToken = 0xAABBCCDD;
        js.senderNonce = 0x01020304;
        NS_TEST_ASSERT_MSG_EQ((SerializeMpTcpOption(js) ==
                               Bytes({30, 12, 0x11, 3, 0xAA, 0xBB, 0xCC, 0xDD, 1, 2, 3, 4})),
                              true,
                              "MP_JOIN SYN");
        MpJoinSynAckOption jsa;
        jsa.addressId = 0;
        jsa.truncatedHmac = 0x0102030405060708ULL;
        jsa.senderNonce = 0x0A0B0C0D;
        NS_TEST_ASSERT_MSG_EQ((SerializeMpTcpOption(jsa) ==
                               Bytes({30, 16, 0x10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13})),
                              true,
                              "MP_JOIN SYN/ACK");
        MpJoinAckOption ja;
        for (int i = 0; i < 20; ++i)
        {
            ja.hmac[i] = i + 1;
        }
        auto jab = SerializeMpTcpOption(ja);
        NS_TEST_ASSERT_MSG_EQ(jab.size(), 24, "MP_JOIN ACK length");
        NS_TEST_ASSERT_MSG_EQ(int(jab[2]), 0x10, "MP_JOIN ACK subtype");
        NS_TEST_ASSERT_MSG_EQ(int(jab[23]), 20, "MP_JOIN ACK last HMAC byte");
        DssOption dss;
        dss.hasDataAck = true;
        dss.dataAck = 0x01020304;
        dss.hasMapping = true;
        dss.dsn = 0x05060708;
        dss.ssn = 0x090A0B0C;
        dss.dataLength = 0x0D0E;
        NS_TEST_ASSERT_MSG_EQ((SerializeMpTcpOption(dss) ==
                               Bytes({30, 18, 0x20, 0x05, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                      13, 14})),
                              true,
                              "DSS, 4-octet DATA_ACK and DSN");
        dss.dataAck64 = true;
        dss.dsn64 = true;
        dss.dataFin = true;
        auto d64 = SerializeMpTcpOption(dss);
        NS_TEST_ASSERT_MSG_EQ(d64.size(), 26, "DSS, 8-octet DATA_ACK and DSN");
        NS_TEST_ASSERT_MSG_EQ(int(d64[3]), 0x1F, "DSS flags F m M a A");
        // This model's MP_SCATTER, private-use subtype 0xf (RFC 8684 §7.2).
        MpScatterOption sc{0xA1B2C3D4};
        auto scb = SerializeMpTcpOption(sc);
        NS_TEST_ASSERT_MSG_EQ((scb == Bytes({30, 8, 0xF0, 0, 0xA1, 0xB2, 0xC3, 0xD4})),
                              true,
                              "MP_SCATTER");
        MpTcpOption back;
        NS_TEST_ASSERT_MSG_EQ(int(ParseMpTcpOption(scb.data(), scb.size(), back)),
                              int(MpTcpParseError::NONE),
                              "MP_SCATTER parses");
        NS_TEST_ASSERT_MSG_EQ(std::get<MpScatterOption>(back).receiverToken,
                              0xA1B2C3D4,
                              "MP_SCATTER token");
        // Byte budget of a scattered data segment: timestamps 10 + MP_SCATTER 8 + DSS with
        // 4-octet DATA_ACK and DSN 18 (20 with a checksum) = 38 <= 40.
        DssOption small;
        small.hasDataAck = true;
        small.hasMapping = true;
        small.hasChecksum = true;
        size_t budget = 10 + scb.size() + SerializeMpTcpOption(small).size();
        NS_TEST_ASSERT_MSG_EQ(budget, 38, "TS + MP_SCATTER + DSS (4-octet forms, checksum)");
    }
};

/**
 * The options RFC 8684 adds after MP_CAPABLE, MP_JOIN and DSS, written out by hand from its
 * figures 11-16, and parsed back from those bytes.
 */
class WireFormatMoreTest : public TestCase
{
  public:
    WireFormatMoreTest()
        : TestCase("ADD_ADDR, REMOVE_ADDR, MP_PRIO, MP_FAIL, MP_FASTCLOSE, MP_TCPRST serialize "
                   "byte-exactly as RFC 8684 figures 11-16 lay them out")
    {
    }

  private:
    /// Serialize \p o, compare with \p expected, parse \p expected back and compare with \p o.
    void Expect(const MpTcpOption& o, const std::vector<uint8_t>& expected, const std::string& what)
    {
        auto b = SerializeMpTcpOption(o);
        NS_TEST_ASSERT_MSG_EQ(Hex(b), Hex(expected), what << ": bytes");
        MpTcpOption back;
        NS_TEST_ASSERT_MSG_EQ(MpTcpParseErrorName(ParseExact(expected, back)),
                              "NONE",
                              what << ": parse");
        NS_TEST_ASSERT_MSG_EQ((back == o), true, what << ": parsed value");
    }

    void DoRun() override
    {
        // Figure 12: Kind | Length | Subtype (rsv) E | Address ID | Address | [Port] | [HMAC].
        AddAddrOption a;
        a.addressId = 5;
        a.SetIpv4(Ipv4Address("10.0.1.2"));
        a.truncatedHmac = 0x0102030405060708ULL;
        Expect(a, Bytes({30, 16, 0x30, 5, 10, 0, 1, 2, 1, 2, 3, 4, 5, 6, 7, 8}), "ADD_ADDR v4");
        a.hasPort = true;
        a.port = 8080;
        Expect(a,
               Bytes({30, 18, 0x30, 5, 10, 0, 1, 2, 0x1F, 0x90, 1, 2, 3, 4, 5, 6, 7, 8}),
               "ADD_ADDR v4 port");
        a.echo = true;
        Expect(a, Bytes({30, 10, 0x31, 5, 10, 0, 1, 2, 0x1F, 0x90}), "ADD_ADDR v4 port echo");
        a.hasPort = false;
        Expect(a, Bytes({30, 8, 0x31, 5, 10, 0, 1, 2}), "ADD_ADDR v4 echo");
        NS_TEST_ASSERT_MSG_EQ(a.GetIpv4(), Ipv4Address("10.0.1.2"), "GetIpv4");

        AddAddrOption b;
        b.addressId = 7;
        b.SetIpv6(Ipv6Address("2001:db8::1"));
        b.hasPort = true;
        b.port = 443;
        b.truncatedHmac = 0x1112131415161718ULL;
        const std::vector<int> v6 = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
        auto with = [&](std::vector<uint8_t> head, std::initializer_list<int> tail) {
            head.insert(head.end(), v6.begin(), v6.end());
            head.insert(head.end(), tail.begin(), tail.end());
            return head;
        };
        Expect(b,
               with(Bytes({30, 30, 0x30, 7}),
                    {0x01, 0xBB, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18}),
               "ADD_ADDR v6 port");
        b.hasPort = false;
        Expect(b,
               with(Bytes({30, 28, 0x30, 7}), {0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18}),
               "ADD_ADDR v6");
        b.echo = true;
        Expect(b, with(Bytes({30, 20, 0x31, 7}), {}), "ADD_ADDR v6 echo");
        b.hasPort = true;
        Expect(b, with(Bytes({30, 22, 0x31, 7}), {0x01, 0xBB}), "ADD_ADDR v6 port echo");
        NS_TEST_ASSERT_MSG_EQ(b.GetIpv6(), Ipv6Address("2001:db8::1"), "GetIpv6");

        // Reserved bits of the subtype octet are ignored on reception.
        MpTcpOption r;
        NS_TEST_ASSERT_MSG_EQ(
            int(ParseExact(Bytes({30, 16, 0x3E, 5, 10, 0, 1, 2, 1, 2, 3, 4, 5, 6, 7, 8}), r)),
            int(MpTcpParseError::NONE),
            "ADD_ADDR with reserved bits set");
        NS_TEST_ASSERT_MSG_EQ(std::get<AddAddrOption>(r).echo, false, "E is bit 0 only");

        // Figure 13: Kind | Length = 3 + n | Subtype (resvd) | Address ID ...
        RemoveAddrOption rm;
        rm.addressIds = {3};
        Expect(rm, Bytes({30, 4, 0x40, 3}), "REMOVE_ADDR one ID");
        rm.addressIds = {1, 2, 9};
        Expect(rm, Bytes({30, 6, 0x40, 1, 2, 9}), "REMOVE_ADDR three IDs");

        // Figure 11: Kind | Length = 3 | Subtype (rsv) B.
        Expect(MpPrioOption{true}, Bytes({30, 3, 0x51}), "MP_PRIO backup");
        Expect(MpPrioOption{false}, Bytes({30, 3, 0x50}), "MP_PRIO regular");

        // Figure 16: Kind | Length = 12 | Subtype (reserved, 12 bits) | DSN (8 octets).
        Expect(MpFailOption{0x0102030405060708ULL},
               Bytes({30, 12, 0x60, 0, 1, 2, 3, 4, 5, 6, 7, 8}),
               "MP_FAIL");
        // Figure 14: Kind | Length = 12 | Subtype (reserved) | Option Receiver's Key.
        Expect(MpFastCloseOption{0xA1A2A3A4A5A6A7A8ULL},
               Bytes({30, 12, 0x70, 0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8}),
               "MP_FASTCLOSE");

        // Figure 15: Kind | Length = 4 | Subtype U V W T | Reason.
        MpTcpRstOption rst;
        rst.transient = true;
        rst.reason = MpTcpRstReason::MIDDLEBOX_INTERFERENCE;
        Expect(rst, Bytes({30, 4, 0x81, 0x06}), "MP_TCPRST T, middlebox interference");
        rst = MpTcpRstOption{};
        rst.u = true;
        rst.reason = MpTcpRstReason::LACK_OF_RESOURCES;
        Expect(rst, Bytes({30, 4, 0x88, 0x02}), "MP_TCPRST U, lack of resources");
        rst = MpTcpRstOption{true, true, true, true, static_cast<MpTcpRstReason>(0xFF)};
        Expect(rst, Bytes({30, 4, 0x8F, 0xFF}), "MP_TCPRST all flags, unassigned reason");
        NS_TEST_ASSERT_MSG_EQ(MpTcpRstReasonName(MpTcpRstReason::TOO_MUCH_OUTSTANDING_DATA),
                              "TOO_MUCH_OUTSTANDING_DATA",
                              "reason name");
        NS_TEST_ASSERT_MSG_EQ(MpTcpRstReasonName(static_cast<MpTcpRstReason>(7)),
                              "UNASSIGNED",
                              "unassigned reason name");
        NS_TEST_ASSERT_MSG_EQ(int(MpTcpRstReason::UNSPECIFIED), 0, "reason 0x00");
        NS_TEST_ASSERT_MSG_EQ(int(MpTcpRstReason::MPTCP_SPECIFIC), 1, "reason 0x01");
        NS_TEST_ASSERT_MSG_EQ(int(MpTcpRstReason::ADMINISTRATIVELY_PROHIBITED), 3, "reason 0x03");
        NS_TEST_ASSERT_MSG_EQ(int(MpTcpRstReason::UNACCEPTABLE_PERFORMANCE), 5, "reason 0x05");
    }
};

/// Every option and flag combination parses back to what was serialized.
class RoundTripTest : public TestCase
{
  public:
    RoundTripTest()
        : TestCase("every option of every subtype and every flag combination survives "
                   "serialize -> parse -> serialize")
    {
    }

  private:
    void Check(const MpTcpOption& o, const std::string& what)
    {
        ++m_checked;
        auto bytes = SerializeMpTcpOption(o);
        NS_TEST_ASSERT_MSG_EQ(size_t(bytes[1]), bytes.size(), what << ": length byte");
        MpTcpOption back;
        NS_TEST_ASSERT_MSG_EQ(MpTcpParseErrorName(ParseExact(bytes, back)),
                              "NONE",
                              what << ": parse " << Hex(bytes));
        NS_TEST_ASSERT_MSG_EQ(back.index(), o.index(), what << ": option type");
        NS_TEST_ASSERT_MSG_EQ((back == o), true, what << ": value");
        NS_TEST_ASSERT_MSG_EQ(Hex(SerializeMpTcpOption(back)), Hex(bytes), what << ": re-serialize");
    }

    void DoRun() override
    {
        // MP_CAPABLE: all 256 flag octets, each key/length/checksum layout.
        for (int flags = 0; flags < 256; ++flags)
        {
            for (uint8_t nKeys = 0; nKeys <= 2; ++nKeys)
            {
                for (int extra = 0; extra <= (nKeys == 2 ? 2 : 0); ++extra)
                {
                    MpCapableOption c;
                    c.nKeys = nKeys;
                    c.flags = flags;
                    c.senderKey = 0xDEADBEEFCAFEF00DULL;
                    c.receiverKey = 0x0123456789ABCDEFULL;
                    c.hasDataLength = extra >= 1;
                    c.dataLength = 1400;
                    c.hasChecksum = extra == 2;
                    c.checksum = 0xBEEF;
                    Check(c,
                          "MP_CAPABLE flags=" + std::to_string(flags) +
                              " keys=" + std::to_string(nKeys) + " extra=" + std::to_string(extra));
                }
            }
        }
        for (bool backup : {false, true})
        {
            Check(MpJoinSynOption{backup, 7, 0x12345678, 0x9ABCDEF0}, "MP_JOIN SYN");
            Check(MpJoinSynAckOption{backup, 1, 0x1122334455667788ULL, 42}, "MP_JOIN SYN/ACK");
        }
        MpJoinAckOption ja;
        for (int i = 0; i < 20; ++i)
        {
            ja.hmac[i] = 0xF0 - i;
        }
        Check(ja, "MP_JOIN ACK");
        for (int mask = 0; mask < 64; ++mask)
        {
            DssOption d;
            d.hasDataAck = mask & 1;
            d.dataAck64 = d.hasDataAck && (mask & 2);
            d.hasMapping = mask & 4;
            d.dsn64 = d.hasMapping && (mask & 8);
            d.dataFin = mask & 16;
            d.hasChecksum = d.hasMapping && (mask & 32);
            d.dataAck = d.dataAck64 ? 0x1122334455667788ULL : 0x55667788;
            d.dsn = d.dsn64 ? 0x99AABBCCDDEEFF00ULL : 0xDDEEFF00;
            d.ssn = 1234567;
            d.dataLength = 1400;
            d.checksum = 0xABCD;
            Check(d, "DSS flags " + std::to_string(mask));
        }
        for (bool echo : {false, true})
        {
            for (bool ipv6 : {false, true})
            {
                for (bool hasPort : {false, true})
                {
                    AddAddrOption a;
                    a.echo = echo;
                    a.addressId = 200;
                    if (ipv6)
                    {
                        a.SetIpv6(Ipv6Address("fe80::1:2:3:4"));
                    }
                    else
                    {
                        a.SetIpv4(Ipv4Address("192.168.255.1"));
                    }
                    a.hasPort = hasPort;
                    a.port = 65535;
                    a.truncatedHmac = 0xFEDCBA9876543210ULL;
                    Check(a,
                          std::string("ADD_ADDR echo=") + (echo ? "1" : "0") +
                              " ipv6=" + (ipv6 ? "1" : "0") + " port=" + (hasPort ? "1" : "0"));
                }
            }
        }
        for (size_t n = 1; n <= RemoveAddrOption::MAX_IDS; ++n)
        {
            RemoveAddrOption rm;
            rm.addressIds.clear();
            for (size_t i = 0; i < n; ++i)
            {
                rm.addressIds.push_back(uint8_t(255 - 3 * i));
            }
            Check(rm, "REMOVE_ADDR n=" + std::to_string(n));
        }
        Check(MpPrioOption{false}, "MP_PRIO B=0");
        Check(MpPrioOption{true}, "MP_PRIO B=1");
        for (uint64_t v : {uint64_t(0), uint64_t(1), uint64_t(0x8000000000000001ULL), ~uint64_t(0)})
        {
            Check(MpFailOption{v}, "MP_FAIL");
            Check(MpFastCloseOption{v}, "MP_FASTCLOSE");
        }
        for (int flags = 0; flags < 16; ++flags)
        {
            for (int reason = 0; reason < 256; ++reason)
            {
                MpTcpRstOption o;
                o.u = flags & 8;
                o.v = flags & 4;
                o.w = flags & 2;
                o.transient = flags & 1;
                o.reason = static_cast<MpTcpRstReason>(reason);
                Check(o,
                      "MP_TCPRST flags=" + std::to_string(flags) +
                          " reason=" + std::to_string(reason));
            }
        }
        NS_TEST_ASSERT_MSG_EQ(m_checked, 1280 + 5 + 64 + 8 + 37 + 2 + 8 + 4096, "cases checked");
    }

    size_t m_checked{0}; //!< number of options checked
};

/**
 * The lengths RFC 8684 allows, written independently of the parser: for every subtype, every
 * value of the subtype octet's low nibble, every DSS flag octet and every Length byte 0..255,
 * the parser must accept exactly these and report BAD_LENGTH (or UNKNOWN_SUBTYPE, BAD_VERSION)
 * for the rest.
 */
class LengthRejectionTest : public TestCase
{
  public:
    LengthRejectionTest()
        : TestCase("every wrong length of every subtype is rejected (BAD_LENGTH), every "
                   "undefined subtype is UNKNOWN_SUBTYPE")
    {
    }

  private:
    /// What the parser must answer for a 30, len, (subtype << 4 | nibble), flags, 0... option.
    static MpTcpParseError Expected(int subtype, int nibble, int flags, int len)
    {
        if (len < 3 || len > 40)
        {
            return MpTcpParseError::BAD_LENGTH;
        }
        std::set<int> ok;
        switch (subtype)
        {
        case 0: // §3.1, Figure 4
            ok = {4, 12, 20, 22, 24};
            break;
        case 1: // §3.2, Figures 5-7
            ok = {12, 16, 24};
            break;
        case 2: { // §3.3, Figure 9: 4 + DATA_ACK (4|8) + DSN (4|8) + SSN 4 + length 2 [+ 2]
            bool A = flags & 1;
            bool a = flags & 2;
            bool M = flags & 4;
            bool m = flags & 8;
            int base = 4 + (A ? (a ? 8 : 4) : 0) + (M ? (m ? 8 : 4) + 6 : 0);
            ok = {base};
            if (M)
            {
                ok.insert(base + 2);
            }
            break;
        }
        case 3: // §3.4.1, Figure 12
            ok = (nibble & 1) ? std::set<int>{8, 10, 20, 22} : std::set<int>{16, 18, 28, 30};
            break;
        case 4: // §3.4.2, Figure 13: 3 + n, n >= 1
            for (int l = 4; l <= 40; ++l)
            {
                ok.insert(l);
            }
            break;
        case 5: // §3.3.8, Figure 11
            ok = {3};
            break;
        case 6: // §3.7, Figure 16
        case 7: // §3.5, Figure 14
            ok = {12};
            break;
        case 8: // §3.6, Figure 15
            ok = {4};
            break;
        case 15: // private use (§7.2): this model's MP_SCATTER, always 8
            ok = {8};
            break;
        default:
            return MpTcpParseError::UNKNOWN_SUBTYPE;
        }
        if (ok.count(len) == 0)
        {
            return MpTcpParseError::BAD_LENGTH;
        }
        if (subtype == 0 && nibble != 1)
        {
            return MpTcpParseError::BAD_VERSION;
        }
        return MpTcpParseError::NONE;
    }

    void DoRun() override
    {
        uint32_t cases = 0;
        uint32_t wrong = 0;
        uint32_t accepted = 0;
        for (int subtype = 0; subtype < 16; ++subtype)
        {
            for (int nibble = 0; nibble < 16; ++nibble)
            {
                for (int flags = 0; flags < (subtype == 2 ? 32 : 1); ++flags)
                {
                    for (int len = 0; len < 256; ++len)
                    {
                        // The buffer holds exactly the bytes the length byte announces (at
                        // least 4, so that short lengths are judged on the length byte).
                        std::vector<uint8_t> b(std::max(len, 4), 0);
                        b[0] = 30;
                        b[1] = len;
                        b[2] = (subtype << 4) | nibble;
                        b[3] = flags;
                        MpTcpOption out;
                        auto got = ParseExact(b, out);
                        auto want = Expected(subtype, nibble, flags, len);
                        ++cases;
                        accepted += got == MpTcpParseError::NONE;
                        if (got != want)
                        {
                            ++wrong;
                            NS_TEST_EXPECT_MSG_EQ(MpTcpParseErrorName(got),
                                                  MpTcpParseErrorName(want),
                                                  Hex(b));
                            if (wrong > 10)
                            {
                                return;
                            }
                        }
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(wrong, 0, "answers that differ from RFC 8684's lengths");
        NS_TEST_ASSERT_MSG_EQ(cases, 16 * 16 * 256 + 16 * 31 * 256, "cases");
        NS_TEST_ASSERT_MSG_GT(accepted, 1000, "valid lengths were accepted too");

        // A buffer shorter than the length byte is never read past its end.
        MpTcpOption out;
        for (int len = 3; len <= 40; ++len)
        {
            for (int subtype = 0; subtype < 9; ++subtype)
            {
                std::vector<uint8_t> b(len - 1, 0);
                if (b.size() >= 3)
                {
                    b[0] = 30;
                    b[1] = len;
                    b[2] = subtype << 4 | 1;
                    NS_TEST_ASSERT_MSG_EQ(int(ParseExact(b, out)),
                                          int(MpTcpParseError::BAD_LENGTH),
                                          "length byte beyond the buffer");
                }
            }
        }
    }
};

/// Malformed input is rejected with the right reason and a precise explanation.
class MalformedTest : public TestCase
{
  public:
    MalformedTest()
        : TestCase("malformed options are rejected with a reason and a precise explanation")
    {
    }

  private:
    void Expect(std::vector<uint8_t> b,
                MpTcpParseError e,
                const std::string& why,
                const std::string& what)
    {
        MpTcpOption out;
        std::string got;
        NS_TEST_ASSERT_MSG_EQ(MpTcpParseErrorName(ParseExact(b, out, &got)),
                              MpTcpParseErrorName(e),
                              what);
        NS_TEST_ASSERT_MSG_EQ(got, why, what << ": explanation");
        // The three-argument form gives the same answer.
        NS_TEST_ASSERT_MSG_EQ(int(ParseMpTcpOption(b.data(), b.size(), out)), int(e), what);
    }

    void DoRun() override
    {
        Expect(Bytes({30, 5, 0x01, 0x01, 0}),
               MpTcpParseError::BAD_LENGTH,
               "MP_CAPABLE: length 5, expected 4, 12, 20, 22 or 24",
               "MP_CAPABLE length 5");
        Expect(Bytes({30, 4, 0x02, 0x01}),
               MpTcpParseError::BAD_VERSION,
               "MP_CAPABLE: version 2, expected 1",
               "MP_CAPABLE version 2");
        Expect(Bytes({30, 12, 0x10, 0}),
               MpTcpParseError::BAD_LENGTH,
               "length byte 12 with 4 byte(s) available (an MPTCP option has 3 to 40 bytes)",
               "length beyond buffer");
        Expect(Bytes({30, 13, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}),
               MpTcpParseError::BAD_LENGTH,
               "MP_JOIN: length 13, expected 12, 16 or 24",
               "MP_JOIN length 13");
        Expect(Bytes({30, 8, 0x20, 0x05, 0, 0, 0, 0}),
               MpTcpParseError::BAD_LENGTH,
               "DSS with flags 0x05: length 8, expected 18 or 20",
               "DSS flags say 18 bytes, length says 8");
        Expect(Bytes({30, 4, 0xF0, 0}),
               MpTcpParseError::BAD_LENGTH,
               "MP_SCATTER: length 4, expected 8",
               "MP_SCATTER (subtype 15) without its token");
        Expect(Bytes({30, 9, 0xF0, 0, 1, 2, 3, 4, 5}),
               MpTcpParseError::BAD_LENGTH,
               "MP_SCATTER: length 9, expected 8",
               "MP_SCATTER one byte too long");
        Expect(Bytes({30, 4, 0x90, 0}),
               MpTcpParseError::UNKNOWN_SUBTYPE,
               "subtype 9 (unassigned)",
               "subtype 9");
        Expect(Bytes({30, 3, 0x20}),
               MpTcpParseError::BAD_LENGTH,
               "DSS: length 3, expected at least 4",
               "DSS length 3");
        Expect(Bytes({30, 2, 0x20}),
               MpTcpParseError::BAD_LENGTH,
               "length byte 2 with 3 byte(s) available (an MPTCP option has 3 to 40 bytes)",
               "length 2");
        Expect(Bytes({2, 4, 5, 0xb4}), MpTcpParseError::NOT_MPTCP, "kind 2, not 30", "MSS option");
        Expect(Bytes({30}),
               MpTcpParseError::BAD_LENGTH,
               "1 byte(s): no room for kind and length",
               "one byte");
        Expect(Bytes({30, 17, 0x30, 1, 10, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0}),
               MpTcpParseError::BAD_LENGTH,
               "ADD_ADDR with E=0: length 17, expected 16, 18, 28 or 30",
               "ADD_ADDR length 17");
        Expect(Bytes({30, 16, 0x31, 1, 10, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0}),
               MpTcpParseError::BAD_LENGTH,
               "ADD_ADDR with E=1: length 16, expected 8, 10, 20 or 22",
               "ADD_ADDR echo with an HMAC's length");
        Expect(Bytes({30, 3, 0x40}),
               MpTcpParseError::BAD_LENGTH,
               "REMOVE_ADDR: length 3, expected 3 + n with n >= 1 Address IDs",
               "REMOVE_ADDR without IDs");
        Expect(Bytes({30, 4, 0x51, 3}),
               MpTcpParseError::BAD_LENGTH,
               "MP_PRIO: length 4, expected 3",
               "RFC 6824 MP_PRIO with AddrID");
        Expect(Bytes({30, 11, 0x60, 0, 0, 0, 0, 0, 0, 0, 0}),
               MpTcpParseError::BAD_LENGTH,
               "MP_FAIL: length 11, expected 12",
               "MP_FAIL length 11");
        Expect(Bytes({30, 13, 0x70, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}),
               MpTcpParseError::BAD_LENGTH,
               "MP_FASTCLOSE: length 13, expected 12",
               "MP_FASTCLOSE length 13");
        Expect(Bytes({30, 5, 0x81, 1, 0}),
               MpTcpParseError::BAD_LENGTH,
               "MP_TCPRST: length 5, expected 4",
               "MP_TCPRST length 5");

        // Bytes after the option's own length are not part of it.
        MpTcpOption out;
        NS_TEST_ASSERT_MSG_EQ(int(ParseExact(Bytes({30, 3, 0x51, 0xAA, 0xBB}), out)),
                              int(MpTcpParseError::NONE),
                              "MP_PRIO followed by other bytes");
        NS_TEST_ASSERT_MSG_EQ(std::get<MpPrioOption>(out).backup, true, "B");
    }
};

/**
 * DSS checksum (RFC 8684 §3.3.1) known answers. Expected values computed independently, once,
 * with this Python snippet (ones' complement sum as RFC 1071, pseudo-header first):
 *
 * \code{.py}
 * import struct
 * def csum(dsn, ssn, dlen, payload):
 *     data = struct.pack(">QIHH", dsn, ssn, dlen, 0) + payload
 *     if len(data) % 2: data += b"\0"
 *     s = 0
 *     for i in range(0, len(data), 2):
 *         s += (data[i] << 8) | data[i+1]
 *     while s >> 16: s = (s & 0xffff) + (s >> 16)
 *     return (~s) & 0xffff
 * print(hex(csum(0x0102030405060708, 0x090a0b0c, 13, b"Hello, MPTCP!")))   # 0xe2d8
 * print(hex(csum(0xFFFFFFFFFFFFFFFF, 0, 1, b"")))                            # 0xfffe
 * print(hex(csum(0x1122334455667788, 1, 1400,
 *                bytes((i*7) % 256 for i in range(1400)))))                  # 0x3f67
 * \endcode
 */
class DssChecksumTest : public TestCase
{
  public:
    DssChecksumTest()
        : TestCase("DSS checksum known-answer vectors (RFC 8684 section 3.3.1) and verification")
    {
    }

  private:
    void DoRun() override
    {
        const std::string hello = "Hello, MPTCP!";
        const auto* hp = reinterpret_cast<const uint8_t*>(hello.data());
        NS_TEST_ASSERT_MSG_EQ(
            MpTcpDssChecksum(0x0102030405060708ULL, 0x090a0b0c, 13, hp, hello.size()),
            0xe2d8,
            "odd-length payload");
        NS_TEST_ASSERT_MSG_EQ(MpTcpDssChecksum(~uint64_t(0), 0, 1, nullptr, 0),
                              0xfffe,
                              "no payload (a DATA_FIN mapping)");
        std::vector<uint8_t> big(1400);
        for (size_t i = 0; i < big.size(); ++i)
        {
            big[i] = (i * 7) % 256;
        }
        uint16_t c = MpTcpDssChecksum(0x1122334455667788ULL, 1, 1400, big.data(), big.size());
        NS_TEST_ASSERT_MSG_EQ(c, 0x3f67, "1400-byte payload");

        NS_TEST_ASSERT_MSG_EQ(
            MpTcpDssChecksumValid(0x1122334455667788ULL, 1, 1400, big.data(), big.size(), c),
            true,
            "the computed checksum verifies");
        big[700] ^= 0x10;
        NS_TEST_ASSERT_MSG_EQ(
            MpTcpDssChecksumValid(0x1122334455667788ULL, 1, 1400, big.data(), big.size(), c),
            false,
            "a flipped payload bit is detected");
        big[700] ^= 0x10;
        NS_TEST_ASSERT_MSG_EQ(
            MpTcpDssChecksumValid(0x1122334455667789ULL, 1, 1400, big.data(), big.size(), c),
            false,
            "a different DSN is detected");

        // Carried in a DSS and parsed back.
        DssOption d;
        d.hasMapping = true;
        d.dsn64 = true;
        d.dsn = 0x1122334455667788ULL;
        d.ssn = 1;
        d.dataLength = 1400;
        d.hasChecksum = true;
        d.checksum = c;
        auto b = SerializeMpTcpOption(d);
        NS_TEST_ASSERT_MSG_EQ((int(b[b.size() - 2]) << 8 | b[b.size() - 1]), 0x3f67, "on the wire");
        MpTcpOption back;
        NS_TEST_ASSERT_MSG_EQ(int(ParseExact(b, back)), 0, "parses");
        const auto& pd = std::get<DssOption>(back);
        NS_TEST_ASSERT_MSG_EQ(
            MpTcpDssChecksumValid(pd.dsn, pd.ssn, pd.dataLength, big.data(), big.size(), pd.checksum),
            true,
            "verifies after the trip");

        // The ADD_ADDR HMAC of an option (see the mptcp-crypto suite for the Python snippet).
        AddAddrOption a;
        a.addressId = 5;
        a.SetIpv4(Ipv4Address("10.0.1.2"));
        a.port = 1234; // not on the wire: hasPort is false, so the message has 0x0000
        NS_TEST_ASSERT_MSG_EQ(MpTcpAddAddrHmac(a, 17578475652852252522ULL, 4250710109353306436ULL),
                              18356639162895717247ULL,
                              "ADD_ADDR HMAC of an option without port");
        a.hasPort = true;
        a.port = 8080;
        NS_TEST_ASSERT_MSG_EQ(MpTcpAddAddrHmac(a, 17578475652852252522ULL, 4250710109353306436ULL),
                              15850343033023176436ULL,
                              "ADD_ADDR HMAC of an option with port 8080");
    }
};

/// splitmix64: a small deterministic generator, identical on every platform and library.
class SplitMix64
{
  public:
    explicit SplitMix64(uint64_t seed)
        : m_s(seed)
    {
    }

    uint64_t Next()
    {
        uint64_t z = (m_s += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    /// \return a number in [0, n)
    uint32_t Below(uint32_t n)
    {
        return static_cast<uint32_t>(Next() % n);
    }

    bool Bit()
    {
        return Next() & 1;
    }

  private:
    uint64_t m_s; //!< state
};

/**
 * Parser fuzz test: random byte strings and mutations (bit flips, truncation, length-byte
 * changes, extension, subtype changes) of valid options of every subtype. Every input must
 * return; every accepted input must serialize to exactly Length bytes that parse to the same
 * value (and serialize identically again). Deterministic (fixed seed).
 */
class FuzzTest : public TestCase
{
  public:
    /// Number of inputs.
    static constexpr uint32_t N = 1000000;

    FuzzTest()
        : TestCase("parser fuzz: 1,000,000 random and mutated options, no crash, accepted ones "
                   "round-trip")
    {
    }

  private:
    /// A random valid option of a random subtype (all 11 option types).
    static MpTcpOption RandomOption(SplitMix64& r)
    {
        switch (r.Below(12))
        {
        case 0: {
            MpCapableOption c;
            c.flags = r.Next();
            c.nKeys = r.Below(3);
            c.senderKey = r.Next();
            c.receiverKey = r.Next();
            c.hasDataLength = c.nKeys == 2 && r.Bit();
            c.dataLength = r.Next();
            c.hasChecksum = c.hasDataLength && r.Bit();
            c.checksum = r.Next();
            return c;
        }
        case 1:
            return MpJoinSynOption{r.Bit(), uint8_t(r.Next()), uint32_t(r.Next()), uint32_t(r.Next())};
        case 2:
            return MpJoinSynAckOption{r.Bit(), uint8_t(r.Next()), r.Next(), uint32_t(r.Next())};
        case 3: {
            MpJoinAckOption j;
            for (auto& x : j.hmac)
            {
                x = r.Next();
            }
            return j;
        }
        case 4: {
            DssOption d;
            d.hasDataAck = r.Bit();
            d.dataAck64 = r.Bit();
            d.dataAck = r.Next();
            d.hasMapping = r.Bit();
            d.dsn64 = r.Bit();
            d.dsn = r.Next();
            d.ssn = r.Next();
            d.dataLength = r.Next();
            d.hasChecksum = d.hasMapping && r.Bit();
            d.checksum = r.Next();
            d.dataFin = r.Bit();
            return d;
        }
        case 5: {
            AddAddrOption a;
            a.echo = r.Bit();
            a.addressId = r.Next();
            a.ipv6 = r.Bit();
            for (auto& x : a.address)
            {
                x = r.Next();
            }
            a.hasPort = r.Bit();
            a.port = r.Next();
            a.truncatedHmac = r.Next();
            return a;
        }
        case 6: {
            RemoveAddrOption rm;
            rm.addressIds.resize(1 + r.Below(RemoveAddrOption::MAX_IDS));
            for (auto& x : rm.addressIds)
            {
                x = r.Next();
            }
            return rm;
        }
        case 7:
            return MpPrioOption{r.Bit()};
        case 8:
            return MpFailOption{r.Next()};
        case 9:
            return MpFastCloseOption{r.Next()};
        case 10:
            return MpScatterOption{uint32_t(r.Next())};
        default:
            return MpTcpRstOption{r.Bit(), r.Bit(), r.Bit(), r.Bit(), MpTcpRstReason(r.Next())};
        }
    }

    /// One mutation of \p b.
    static void Mutate(SplitMix64& r, std::vector<uint8_t>& b)
    {
        switch (r.Below(7))
        {
        case 0: // bit flips anywhere
            for (uint32_t k = 1 + r.Below(3); k > 0 && !b.empty(); --k)
            {
                b[r.Below(b.size())] ^= 1 << r.Below(8);
            }
            break;
        case 1: // truncation, length byte kept
            b.resize(r.Below(b.size() + 1));
            break;
        case 2: // truncation, length byte follows
            b.resize(r.Below(b.size() + 1));
            if (b.size() >= 2)
            {
                b[1] = b.size();
            }
            break;
        case 3: // length byte changed: small step or anything
            if (b.size() >= 2)
            {
                b[1] = r.Bit() ? uint8_t(b[1] + int(r.Below(5)) - 2) : uint8_t(r.Next());
            }
            break;
        case 4: { // extension by random bytes, length byte updated or not
            uint32_t extra = 1 + r.Below(12);
            for (uint32_t k = 0; k < extra; ++k)
            {
                b.push_back(r.Next());
            }
            if (b.size() >= 2 && r.Bit())
            {
                b[1] = std::min<size_t>(b.size(), 255);
            }
            break;
        }
        case 5: // another subtype, or other low-nibble flags
            if (b.size() >= 3)
            {
                b[2] = r.Bit() ? uint8_t((r.Below(16) << 4) | (b[2] & 0x0f))
                               : uint8_t((b[2] & 0xf0) | r.Below(16));
            }
            break;
        default: // a random byte replaced
            if (!b.empty())
            {
                b[r.Below(b.size())] = r.Next();
            }
            break;
        }
    }

    void DoRun() override
    {
        auto start = std::chrono::steady_clock::now();
        SplitMix64 r(0x4D50544350ULL); // "MPTCP"
        std::map<std::string, uint32_t> results;
        std::set<size_t> acceptedTypes;
        uint32_t accepted = 0;
        uint32_t mutated = 0;
        uint32_t failures = 0;
        std::string firstFailure;
        for (uint32_t i = 0; i < N; ++i)
        {
            std::vector<uint8_t> b;
            if (i % 4 == 0)
            {
                // Random bytes; half of them start with kind 30 and a plausible length.
                b.resize(r.Below(45));
                for (auto& x : b)
                {
                    x = r.Next();
                }
                if (b.size() >= 2 && r.Bit())
                {
                    b[0] = 30;
                    b[1] = r.Below(b.size() + 1);
                }
            }
            else
            {
                b = SerializeMpTcpOption(RandomOption(r));
                for (uint32_t k = 1 + r.Below(3); k > 0; --k)
                {
                    Mutate(r, b);
                }
                ++mutated;
            }
            MpTcpOption out;
            MpTcpParseError e = ParseExact(b, out);
            ++results[MpTcpParseErrorName(e)];
            if (e != MpTcpParseError::NONE)
            {
                continue;
            }
            ++accepted;
            acceptedTypes.insert(out.index());
            auto again = SerializeMpTcpOption(out);
            MpTcpOption back;
            bool ok = again.size() == b[1] && again[1] == b[1] &&
                      ParseExact(again, back) == MpTcpParseError::NONE && back == out &&
                      SerializeMpTcpOption(back) == again;
            if (!ok && failures++ == 0)
            {
                firstFailure = Hex(b) + " -> " + Hex(again);
            }
        }
        double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::cout << GetName() << ": " << N << " inputs (" << mutated << " mutated), " << accepted
                  << " accepted";
        for (const auto& [name, count] : results)
        {
            std::cout << ", " << name << " " << count;
        }
        std::cout << "; " << seconds << " s" << std::endl;

        NS_TEST_ASSERT_MSG_EQ(failures, 0, "accepted inputs that do not round-trip: " << firstFailure);
        NS_TEST_ASSERT_MSG_EQ(results["NONE"] + results["NOT_MPTCP"] + results["BAD_LENGTH"] +
                                  results["UNKNOWN_SUBTYPE"] + results["BAD_VERSION"],
                              N,
                              "every answer is a defined error code");
        NS_TEST_ASSERT_MSG_EQ(acceptedTypes.size(),
                              std::variant_size_v<MpTcpOption>,
                              "mutants of every option type were accepted");
        NS_TEST_ASSERT_MSG_GT(results["BAD_LENGTH"], N / 10, "many mutants are rejected");
        NS_TEST_ASSERT_MSG_GT(results["UNKNOWN_SUBTYPE"], 0, "some have unknown subtypes");
        NS_TEST_ASSERT_MSG_GT(results["BAD_VERSION"], 0, "some have bad versions");
        NS_TEST_ASSERT_MSG_GT(results["NOT_MPTCP"], 0, "some are not MPTCP");
    }
};

/// Options appended to a TcpHeader appear on the wire as kind 30 and come back parsed.
class TcpHeaderTripTest : public TestCase
{
  public:
    TcpHeaderTripTest()
        : TestCase("options appended to a TcpHeader are kind 30 on the wire and parse back")
    {
    }

  private:
    void DoRun() override
    {
        TcpHeader h;
        h.SetFlags(TcpHeader::ACK);
        DssOption d;
        d.hasDataAck = true;
        d.dataAck64 = true;
        d.dataAck = 0x0102030405060708ULL;
        d.hasMapping = true;
        d.dsn64 = true;
        d.dsn = 0x1112131415161718ULL;
        d.ssn = 1;
        d.dataLength = 1400;
        Ptr<TcpOptionMpTcp> opt = CreateObject<TcpOptionMpTcp>();
        opt->SetOption(d);
        NS_TEST_ASSERT_MSG_EQ(h.AppendOption(opt), true, "AppendOption accepts the carrier");
        Ptr<Packet> p = Create<Packet>(100);
        p->AddHeader(h);
        uint8_t raw[60];
        p->CopyData(raw, sizeof(raw));
        NS_TEST_ASSERT_MSG_EQ(int(raw[20]), 30, "first option byte on the wire is kind 30");
        NS_TEST_ASSERT_MSG_EQ(int(raw[21]), 26, "its length");
        TcpHeader back;
        p->RemoveHeader(back);
        bool found = false;
        std::vector<uint8_t> bytes;
        for (const auto& o : back.GetOptionList())
        {
            if (GetMpTcpOptionBytes(o, bytes))
            {
                MpTcpOption parsed;
                NS_TEST_ASSERT_MSG_EQ(int(ParseMpTcpOption(bytes.data(), bytes.size(), parsed)),
                                      0,
                                      "parses");
                auto& pd = std::get<DssOption>(parsed);
                NS_TEST_ASSERT_MSG_EQ(pd.dsn, d.dsn, "DSN");
                NS_TEST_ASSERT_MSG_EQ(pd.dataAck, d.dataAck, "DATA_ACK");
                found = true;
            }
        }
        NS_TEST_ASSERT_MSG_EQ(found, true, "the option is found after deserialization");
        NS_TEST_ASSERT_MSG_EQ(p->GetSize(), 100, "payload intact");

        // A 30-byte ADD_ADDR and a 3-byte MP_PRIO (an odd length) in one header.
        TcpHeader h2;
        h2.SetFlags(TcpHeader::ACK);
        AddAddrOption a;
        a.addressId = 9;
        a.SetIpv6(Ipv6Address("2001:db8::7"));
        a.hasPort = true;
        a.port = 5001;
        a.truncatedHmac = 0x0102030405060708ULL;
        Ptr<TcpOptionMpTcp> o1 = CreateObject<TcpOptionMpTcp>();
        o1->SetOption(a);
        Ptr<TcpOptionMpTcp> o2 = CreateObject<TcpOptionMpTcp>();
        o2->SetOption(MpPrioOption{true});
        NS_TEST_ASSERT_MSG_EQ(h2.AppendOption(o1), true, "ADD_ADDR appended");
        NS_TEST_ASSERT_MSG_EQ(h2.AppendOption(o2), true, "MP_PRIO appended");
        Ptr<Packet> p2 = Create<Packet>(10);
        p2->AddHeader(h2);
        TcpHeader back2;
        p2->RemoveHeader(back2);
        std::vector<MpTcpOption> got;
        for (const auto& o : back2.GetOptionList())
        {
            if (GetMpTcpOptionBytes(o, bytes))
            {
                MpTcpOption parsed;
                NS_TEST_ASSERT_MSG_EQ(int(ParseMpTcpOption(bytes.data(), bytes.size(), parsed)),
                                      0,
                                      "parses: " << Hex(bytes));
                got.push_back(parsed);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(got.size(), 2, "both options arrive");
        NS_TEST_ASSERT_MSG_EQ((got[0] == MpTcpOption(a)), true, "ADD_ADDR intact");
        NS_TEST_ASSERT_MSG_EQ((got[1] == MpTcpOption(MpPrioOption{true})), true, "MP_PRIO intact");
        NS_TEST_ASSERT_MSG_EQ(p2->GetSize(), 10, "payload intact");
    }
};

class MpTcpOptionTestSuite : public TestSuite
{
  public:
    MpTcpOptionTestSuite()
        : TestSuite("mptcp-option", MPTCP_TEST_UNIT)
    {
        AddTestCase(new WireFormatTest(), MPTCP_TEST_QUICK);
        AddTestCase(new WireFormatMoreTest(), MPTCP_TEST_QUICK);
        AddTestCase(new RoundTripTest(), MPTCP_TEST_QUICK);
        AddTestCase(new LengthRejectionTest(), MPTCP_TEST_QUICK);
        AddTestCase(new MalformedTest(), MPTCP_TEST_QUICK);
        AddTestCase(new DssChecksumTest(), MPTCP_TEST_QUICK);
        AddTestCase(new FuzzTest(), MPTCP_TEST_QUICK);
        AddTestCase(new TcpHeaderTripTest(), MPTCP_TEST_QUICK);
    }
};

MpTcpOptionTestSuite g_mpTcpOptionTestSuite;

} // namespace
