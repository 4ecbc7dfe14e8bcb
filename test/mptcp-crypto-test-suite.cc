/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Known-answer tests of the RFC 8684 key derivations (token, IDSN, MP_JOIN HMAC, ADD_ADDR HMAC).
 */
#include "ns3/mptcp-crypto.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/test.h"

#include <cstdio>

using namespace ns3;

namespace
{

/**
 * Token and IDSN of two keys. Expected values: SHA-256 of the key in big-endian order,
 * computed independently (shared/notes/prior-art.md §6; Python hashlib).
 */
class TokenIdsnTest : public TestCase
{
  public:
    TokenIdsnTest()
        : TestCase("token and IDSN known-answer vectors (SHA-256, RFC 8684 section 3.1)")
    {
    }

  private:
    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_EQ(MpTcpCrypto::Token(17578475652852252522ULL), 2770185612U, "token 1");
        NS_TEST_ASSERT_MSG_EQ(MpTcpCrypto::Idsn(17578475652852252522ULL),
                              14833977774393048890ULL,
                              "IDSN 1");
        NS_TEST_ASSERT_MSG_EQ(MpTcpCrypto::Token(4250710109353306436ULL), 2178862237U, "token 2");
        NS_TEST_ASSERT_MSG_EQ(MpTcpCrypto::Idsn(4250710109353306436ULL),
                              5461729324671480321ULL,
                              "IDSN 2");
    }
};

/// HMAC-SHA256 over keys and nonces; expected values from Python's hmac module.
class JoinHmacTest : public TestCase
{
  public:
    JoinHmacTest()
        : TestCase("MP_JOIN HMAC-SHA256 known-answer vectors (RFC 8684 section 3.2)")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t kA = 17578475652852252522ULL;
        const uint64_t kB = 4250710109353306436ULL;
        auto h = MpTcpCrypto::JoinHmac(kA, kB, 0x01020304, 0xA0B0C0D0);
        std::string hex;
        char b[3];
        for (uint8_t x : h)
        {
            std::snprintf(b, sizeof(b), "%02x", x);
            hex += b;
        }
        NS_TEST_ASSERT_MSG_EQ(hex,
                              "2bb800b9895ab5c891e20f1fac00216d881e599ec2b2063efc29a77129e3da17",
                              "HMAC(KeyA||KeyB, RA||RB)");
        NS_TEST_ASSERT_MSG_EQ(MpTcpCrypto::TruncatedJoinHmac(kB, kA, 0xA0B0C0D0, 0x01020304),
                              11349642750777130192ULL,
                              "truncated HMAC(KeyB||KeyA, RB||RA)");
    }
};

/**
 * ADD_ADDR truncated HMAC (RFC 8684 §3.4.1). Expected values computed independently, once, with
 * Python's hmac and hashlib:
 *
 * \code{.py}
 * import hmac, hashlib, struct, ipaddress
 * kA = 17578475652852252522; kB = 4250710109353306436
 * def addaddr(ks, kr, aid, addr, port):
 *     key = struct.pack(">QQ", ks, kr)              # sender's key first
 *     msg = bytes([aid]) + ipaddress.ip_address(addr).packed + struct.pack(">H", port)
 *     h = hmac.new(key, msg, hashlib.sha256).digest()
 *     return h.hex(), int.from_bytes(h[-8:], "big"), int.from_bytes(h[:8], "big")
 * print(addaddr(kA, kB, 5, "10.0.1.2", 0))          # no port: two zero octets
 * # ('70ab4b8e714be2e9e50954a23ba64e6c83781d51ddff53c4febfe20f9e6c537f',
 * #  18356639162895717247, 8118665828423688937)
 * print(addaddr(kA, kB, 5, "10.0.1.2", 8080))
 * # ('f33040d88dcd050fa2a8a3d9d8906adb1da45ab5d957f297dbf7bb02836f1ef4',
 * #  15850343033023176436, 17523577448934737167)
 * print(addaddr(kB, kA, 7, "2001:db8::1", 443))      # host B advertises: Key-B || Key-A
 * # ('0e2dd9a06cc3efef00f1f4c4c36b26ed0c969182af6feef4c2b38e2d4000a187',
 * #  14029713589187682695, 1021711973525745647)
 * \endcode
 *
 * The second number of each tuple (rightmost 64 bits) is the truncated HMAC; the third (leftmost
 * 64 bits) is checked to differ, so that a leftmost-bits implementation would fail.
 */
class AddAddrHmacTest : public TestCase
{
  public:
    AddAddrHmacTest()
        : TestCase("ADD_ADDR truncated HMAC known-answer vectors (RFC 8684 section 3.4.1)")
    {
    }

  private:
    void DoRun() override
    {
        const uint64_t kA = 17578475652852252522ULL;
        const uint64_t kB = 4250710109353306436ULL;
        const uint8_t v4[4] = {10, 0, 1, 2};
        const uint8_t v6[16] = {0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
        NS_TEST_ASSERT_MSG_EQ(MpTcpCrypto::AddAddrHmac(kA, kB, 5, v4, 4, 0),
                              18356639162895717247ULL,
                              "IPv4, no port (two zero octets in the message)");
        NS_TEST_ASSERT_MSG_NE(MpTcpCrypto::AddAddrHmac(kA, kB, 5, v4, 4, 0),
                              8118665828423688937ULL,
                              "not the leftmost 64 bits");
        NS_TEST_ASSERT_MSG_EQ(MpTcpCrypto::AddAddrHmac(kA, kB, 5, v4, 4, 8080),
                              15850343033023176436ULL,
                              "IPv4, port 8080");
        NS_TEST_ASSERT_MSG_EQ(MpTcpCrypto::AddAddrHmac(kB, kA, 7, v6, 16, 443),
                              14029713589187682695ULL,
                              "IPv6, port 443, sent by host B (Key-B || Key-A)");

        // The general HMAC: its last 8 octets are the truncated HMAC.
        const uint8_t msg[7] = {5, 10, 0, 1, 2, 0, 0};
        auto h = MpTcpCrypto::Hmac(kA, kB, msg, sizeof(msg));
        std::string hex;
        char b[3];
        for (uint8_t x : h)
        {
            std::snprintf(b, sizeof(b), "%02x", x);
            hex += b;
        }
        NS_TEST_ASSERT_MSG_EQ(hex,
                              "70ab4b8e714be2e9e50954a23ba64e6c83781d51ddff53c4febfe20f9e6c537f",
                              "HMAC(KeyA||KeyB, ID||addr||0000)");
        // JoinHmac is Hmac over the two nonces.
        const uint8_t nonces[8] = {0x01, 0x02, 0x03, 0x04, 0xA0, 0xB0, 0xC0, 0xD0};
        NS_TEST_ASSERT_MSG_EQ((MpTcpCrypto::Hmac(kA, kB, nonces, 8) ==
                               MpTcpCrypto::JoinHmac(kA, kB, 0x01020304, 0xA0B0C0D0)),
                              true,
                              "JoinHmac == Hmac(nonceA||nonceB)");
    }
};

class MpTcpCryptoTestSuite : public TestSuite
{
  public:
    MpTcpCryptoTestSuite()
        : TestSuite("mptcp-crypto", MPTCP_TEST_UNIT)
    {
        AddTestCase(new TokenIdsnTest(), MPTCP_TEST_QUICK);
        AddTestCase(new JoinHmacTest(), MPTCP_TEST_QUICK);
        AddTestCase(new AddAddrHmacTest(), MPTCP_TEST_QUICK);
    }
};

MpTcpCryptoTestSuite g_mpTcpCryptoTestSuite;

} // namespace
