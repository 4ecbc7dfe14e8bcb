/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Byte-exact serialization of the MPTCP options (RFC 8684 §3), parse round trips, rejection of
 * malformed input, and the trip through ns-3's TcpHeader (kind 30 on the wire).
 */
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-option.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/tcp-header.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

std::vector<uint8_t>
Bytes(std::initializer_list<int> v)
{
    return std::vector<uint8_t>(v.begin(), v.end());
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
    }
};

/// Every option and flag combination parses back to what was serialized.
class RoundTripTest : public TestCase
{
  public:
    RoundTripTest()
        : TestCase("every option and flag combination survives serialize -> parse")
    {
    }

  private:
    void Check(const MpTcpOption& o, const std::string& what)
    {
        auto bytes = SerializeMpTcpOption(o);
        MpTcpOption back;
        NS_TEST_ASSERT_MSG_EQ(int(ParseMpTcpOption(bytes.data(), bytes.size(), back)),
                              int(MpTcpParseError::NONE),
                              what << ": parse");
        NS_TEST_ASSERT_MSG_EQ((SerializeMpTcpOption(back) == bytes), true, what << ": re-serialize");
        NS_TEST_ASSERT_MSG_EQ(back.index(), o.index(), what << ": option type");
    }

    void DoRun() override
    {
        for (uint8_t nKeys = 0; nKeys <= 2; ++nKeys)
        {
            for (int extra = 0; extra <= (nKeys == 2 ? 2 : 0); ++extra)
            {
                MpCapableOption c;
                c.nKeys = nKeys;
                c.flags = 0x81;
                c.senderKey = 0xDEADBEEFCAFEF00DULL;
                c.receiverKey = 0x0123456789ABCDEFULL;
                c.hasDataLength = extra >= 1;
                c.dataLength = 1400;
                c.hasChecksum = extra == 2;
                c.checksum = 0xBEEF;
                Check(c, "MP_CAPABLE keys=" + std::to_string(nKeys));
                auto b = SerializeMpTcpOption(c);
                MpTcpOption back;
                ParseMpTcpOption(b.data(), b.size(), back);
                auto& cb = std::get<MpCapableOption>(back);
                NS_TEST_ASSERT_MSG_EQ(cb.nKeys, nKeys, "key count");
                NS_TEST_ASSERT_MSG_EQ(cb.hasDataLength, c.hasDataLength, "data length flag");
                NS_TEST_ASSERT_MSG_EQ(cb.hasChecksum, c.hasChecksum, "checksum flag");
            }
        }
        Check(MpJoinSynOption{true, 7, 0x12345678, 0x9ABCDEF0}, "MP_JOIN SYN");
        Check(MpJoinSynAckOption{false, 1, 0x1122334455667788ULL, 42}, "MP_JOIN SYN/ACK");
        Check(MpJoinAckOption{}, "MP_JOIN ACK");
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
            auto b = SerializeMpTcpOption(d);
            MpTcpOption back;
            ParseMpTcpOption(b.data(), b.size(), back);
            auto& db = std::get<DssOption>(back);
            NS_TEST_ASSERT_MSG_EQ(db.dataAck, d.hasDataAck ? d.dataAck : 0, "DATA_ACK value");
            NS_TEST_ASSERT_MSG_EQ(db.dsn, d.hasMapping ? d.dsn : 0, "DSN value");
            NS_TEST_ASSERT_MSG_EQ(db.dataFin, d.dataFin, "DATA_FIN");
        }
    }
};

/// Malformed input is rejected with the right reason, never read past its end.
class MalformedTest : public TestCase
{
  public:
    MalformedTest()
        : TestCase("malformed options are rejected with a reason; random bytes never crash")
    {
    }

  private:
    void Expect(std::vector<uint8_t> b, MpTcpParseError e, const std::string& what)
    {
        MpTcpOption out;
        NS_TEST_ASSERT_MSG_EQ(MpTcpParseErrorName(ParseMpTcpOption(b.data(), b.size(), out)),
                              MpTcpParseErrorName(e),
                              what);
    }

    void DoRun() override
    {
        Expect(Bytes({30, 5, 0x01, 0x01, 0}), MpTcpParseError::BAD_LENGTH, "MP_CAPABLE length 5");
        Expect(Bytes({30, 4, 0x02, 0x01}), MpTcpParseError::BAD_VERSION, "MP_CAPABLE version 2");
        Expect(Bytes({30, 12, 0x10, 0}), MpTcpParseError::BAD_LENGTH, "length beyond buffer");
        Expect(Bytes({30, 13, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}),
               MpTcpParseError::BAD_LENGTH,
               "MP_JOIN length 13");
        Expect(Bytes({30, 8, 0x20, 0x05, 0, 0, 0, 0}),
               MpTcpParseError::BAD_LENGTH,
               "DSS flags say 18 bytes, length says 8");
        Expect(Bytes({30, 4, 0xF0, 0}), MpTcpParseError::UNKNOWN_SUBTYPE, "subtype 15");
        Expect(Bytes({30, 3, 0x20}), MpTcpParseError::BAD_LENGTH, "length 3");
        Expect(Bytes({2, 4, 5, 0xb4}), MpTcpParseError::NOT_MPTCP, "an MSS option");
        Expect(Bytes({30}), MpTcpParseError::BAD_LENGTH, "one byte");

        // Random and mutated byte strings: the parser must return, and anything it accepts
        // must serialize back to the same bytes.
        Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
        rng->SetStream(7);
        uint32_t accepted = 0;
        for (int i = 0; i < 20000; ++i)
        {
            std::vector<uint8_t> b(rng->GetInteger(0, 40));
            for (auto& x : b)
            {
                x = rng->GetInteger(0, 255);
            }
            if (b.size() >= 2 && i % 2 == 0)
            {
                b[0] = 30;
                b[1] = rng->GetInteger(0, b.size());
            }
            MpTcpOption out;
            if (ParseMpTcpOption(b.data(), b.size(), out) == MpTcpParseError::NONE)
            {
                ++accepted;
                auto again = SerializeMpTcpOption(out);
                NS_TEST_ASSERT_MSG_LT_OR_EQ(again.size(), size_t(b[1]), "no growth");
            }
        }
        NS_TEST_ASSERT_MSG_GT(accepted, 0, "some random options are valid");
    }
};

/// Options appended to a TcpHeader appear on the wire as kind 30 and come back parsed.
class TcpHeaderTripTest : public TestCase
{
  public:
    TcpHeaderTripTest()
        : TestCase("a DSS appended to a TcpHeader is kind 30 on the wire and parses back")
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
    }
};

class MpTcpOptionTestSuite : public TestSuite
{
  public:
    MpTcpOptionTestSuite()
        : TestSuite("mptcp-option", MPTCP_TEST_UNIT)
    {
        AddTestCase(new WireFormatTest(), MPTCP_TEST_QUICK);
        AddTestCase(new RoundTripTest(), MPTCP_TEST_QUICK);
        AddTestCase(new MalformedTest(), MPTCP_TEST_QUICK);
        AddTestCase(new TcpHeaderTripTest(), MPTCP_TEST_QUICK);
    }
};

MpTcpOptionTestSuite g_mpTcpOptionTestSuite;

} // namespace
