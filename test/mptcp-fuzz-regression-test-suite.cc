/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The fuzz targets' seed corpus and minimised findings, replayed in the module's normal build:
 * every file of fuzz/corpus/<target>/ and fuzz/regressions/<target>/ (embedded by
 * fuzz/embed-corpus.py in mptcp-fuzz-corpus.h) goes through its target's check
 * (mptcp-fuzz-targets.h), the same code tools/fuzz.sh runs under libFuzzer, ASan and UBSan.
 */
#include "mptcp-fuzz-corpus.h"
#include "mptcp-fuzz-targets.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/test.h"

#include <cstring>
#include <iostream>

using namespace ns3;

namespace
{

/// Replays every sample of one fuzz target.
class FuzzReplayTest : public TestCase
{
  public:
    /// \param target the target
    explicit FuzzReplayTest(const mptcpfuzz::Target& target)
        : TestCase(std::string("fuzz target ") + target.name +
                   ": the seed corpus and every minimised finding pass its check"),
          m_target(target)
    {
    }

  private:
    void DoRun() override
    {
        uint32_t corpus = 0;
        uint32_t regressions = 0;
        for (const auto& s : mptcp_fuzz_corpus::g_samples)
        {
            if (std::strcmp(s.target, m_target.name) != 0)
            {
                continue;
            }
            ++(std::strcmp(s.origin, "regressions") == 0 ? regressions : corpus);
            // A copy in a block of exactly its size, as libFuzzer passes an input.
            mptcpfuzz::ExactCopy input(s.data, s.size);
            const std::string failure = m_target.check(input.Data(), input.Size());
            NS_TEST_EXPECT_MSG_EQ(failure,
                                  "",
                                  "fuzz/" << s.origin << "/" << m_target.name << "/" << s.name);
        }
        std::cout << GetName() << ": " << corpus << " seeds, " << regressions
                  << " regressions replayed" << std::endl;
        NS_TEST_ASSERT_MSG_GT(corpus, 0, "fuzz/corpus/" << m_target.name << " has seeds");
    }

    mptcpfuzz::Target m_target; //!< the target
};

/// The independent tables the checks compare the model with, against known answers.
class FuzzCheckSanityTest : public TestCase
{
  public:
    FuzzCheckSanityTest()
        : TestCase("the fuzz checks' independent tables agree with known options and ns-3's walk")
    {
    }

  private:
    void DoRun() override
    {
        // ExpectedParseError: one option of each verdict.
        const uint8_t prio[] = {30, 3, 0x51};
        const uint8_t v0[] = {30, 4, 0x00, 0x01};
        const uint8_t rsv[] = {30, 3, 0x90};
        const uint8_t other[] = {2, 4, 0x05, 0xb4};
        NS_TEST_EXPECT_MSG_EQ(int(mptcpfuzz::ExpectedParseError(prio, 3)), 0, "MP_PRIO");
        NS_TEST_EXPECT_MSG_EQ(int(mptcpfuzz::ExpectedParseError(v0, 4)),
                              int(MpTcpParseError::BAD_VERSION),
                              "version 0");
        NS_TEST_EXPECT_MSG_EQ(int(mptcpfuzz::ExpectedParseError(rsv, 3)),
                              int(MpTcpParseError::UNKNOWN_SUBTYPE),
                              "subtype 9");
        NS_TEST_EXPECT_MSG_EQ(int(mptcpfuzz::ExpectedParseError(other, 4)),
                              int(MpTcpParseError::NOT_MPTCP),
                              "MSS");
        // IgnoredBits: MP_PRIO's reserved bits, not its B flag.
        NS_TEST_EXPECT_MSG_EQ(int(mptcpfuzz::IgnoredBits(prio, 2)), 0x0e, "MP_PRIO octet 2");

        // WalkOptionsAsNs3: an unknown kind of Length 0 and a bad MSS fail ns-3; a good header
        // is walked to its end.
        uint8_t seg[28] = {};
        seg[12] = 7 << 4; // 8 octets of options
        seg[20] = 253;    // unknown kind, Length 0
        NS_TEST_EXPECT_MSG_EQ(mptcpfuzz::WalkOptionsAsNs3(seg, sizeof(seg)).fails,
                              true,
                              "Length 0");
        seg[20] = 2; // MSS of Length 0
        NS_TEST_EXPECT_MSG_EQ(mptcpfuzz::WalkOptionsAsNs3(seg, sizeof(seg)).fails, true, "MSS");
        const uint8_t opts[] = {30, 3, 0x50, 1, 253, 4, 0, 0};
        std::memcpy(seg + 20, opts, sizeof(opts));
        const auto walk = mptcpfuzz::WalkOptionsAsNs3(seg, sizeof(seg));
        NS_TEST_EXPECT_MSG_EQ(walk.fails, false, "MP_PRIO, NOP, unknown kind 253");
        NS_TEST_EXPECT_MSG_EQ(walk.reach, 28, "walked to the header's end");

        NS_TEST_EXPECT_MSG_EQ(mptcpfuzz::CheckOption(prio, 3), "", "MP_PRIO passes");

        // ReferenceDssSum: the known answer of the mptcp-option suite's DssChecksumTest.
        const char* hello = "Hello, MPTCP!";
        NS_TEST_EXPECT_MSG_EQ(uint16_t(~mptcpfuzz::ReferenceDssSum(
                                  0x0102030405060708ULL,
                                  0x090a0b0c,
                                  13,
                                  0,
                                  reinterpret_cast<const uint8_t*>(hello),
                                  13)),
                              0xe2d8,
                              "DSS checksum of 'Hello, MPTCP!'");
    }
};

/// The suite.
class MpTcpFuzzRegressionTestSuite : public TestSuite
{
  public:
    MpTcpFuzzRegressionTestSuite()
        : TestSuite("mptcp-fuzz-regression", MPTCP_TEST_UNIT)
    {
        AddTestCase(new FuzzCheckSanityTest(), MPTCP_TEST_QUICK);
        for (const auto& t : mptcpfuzz::Targets())
        {
            AddTestCase(new FuzzReplayTest(t), MPTCP_TEST_QUICK);
        }
    }
};

MpTcpFuzzRegressionTestSuite g_mpTcpFuzzRegressionTestSuite; //!< registers the suite

} // namespace
