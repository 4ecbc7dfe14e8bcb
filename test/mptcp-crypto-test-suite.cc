/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Known-answer tests of the RFC 8684 key derivations (token, IDSN, MP_JOIN HMAC).
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

class MpTcpCryptoTestSuite : public TestSuite
{
  public:
    MpTcpCryptoTestSuite()
        : TestSuite("mptcp-crypto", MPTCP_TEST_UNIT)
    {
        AddTestCase(new TokenIdsnTest(), MPTCP_TEST_QUICK);
        AddTestCase(new JoinHmacTest(), MPTCP_TEST_QUICK);
    }
};

MpTcpCryptoTestSuite g_mpTcpCryptoTestSuite;

} // namespace
