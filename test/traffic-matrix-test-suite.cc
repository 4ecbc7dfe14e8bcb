/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/test.h"
#include "ns3/traffic-matrix.h"

#include <cmath>
#include <map>
#include <set>
#include <sstream>

/**
 * \file
 * \ingroup mptcp-test
 * Tests of ns3::TrafficMatrix (TestSuite "mptcp-traffic-matrix").
 */

using namespace ns3;

namespace
{

/// Restores the global seed and run number changed by a test case.
class RngGuard
{
  public:
    RngGuard()
        : m_seed(RngSeedManager::GetSeed()),
          m_run(RngSeedManager::GetRun())
    {
    }

    ~RngGuard()
    {
        RngSeedManager::SetSeed(m_seed);
        RngSeedManager::SetRun(m_run);
    }

  private:
    uint32_t m_seed; //!< saved seed
    uint64_t m_run;  //!< saved run number
};

/// Generates a matrix with a fresh generator on (seed, run, stream).
TrafficMatrix::FlowList
Draw(TrafficMatrix::Type type, uint32_t n, uint32_t seed, uint64_t run, int64_t stream)
{
    RngSeedManager::SetSeed(seed);
    RngSeedManager::SetRun(run);
    TrafficMatrix tm;
    tm.AssignStreams(stream);
    return tm.Generate(type, n);
}

/// Permutation(): a derangement (bijection without fixed points) for several N and runs.
class PermutationIsDerangementTest : public TestCase
{
  public:
    PermutationIsDerangementTest()
        : TestCase("Permutation is a derangement for N=2,3,16,128 over several runs")
    {
    }

  private:
    void DoRun() override
    {
        RngGuard guard;
        for (uint32_t n : {2U, 3U, 16U, 128U})
        {
            for (uint64_t run = 1; run <= 20; ++run)
            {
                auto flows = Draw(TrafficMatrix::Type::PERMUTATION, n, 1, run, 7);
                NS_TEST_ASSERT_MSG_EQ(flows.size(), n, "one flow per host");
                std::set<uint32_t> dsts;
                for (uint32_t i = 0; i < flows.size(); ++i)
                {
                    NS_TEST_ASSERT_MSG_EQ(flows[i].first, i, "flow i is sent by host i");
                    NS_TEST_ASSERT_MSG_NE(flows[i].second, i, "no host sends to itself");
                    NS_TEST_ASSERT_MSG_LT(flows[i].second, n, "destination in range");
                    dsts.insert(flows[i].second);
                }
                NS_TEST_ASSERT_MSG_EQ(dsts.size(), n, "every host receives exactly one flow");
            }
        }
        // N=2 has a single derangement; N=3 has exactly two, and both must show up.
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        TrafficMatrix tm;
        tm.AssignStreams(3);
        auto two = tm.Permutation(2);
        NS_TEST_ASSERT_MSG_EQ(two[0].second, 1, "N=2: 0->1");
        NS_TEST_ASSERT_MSG_EQ(two[1].second, 0, "N=2: 1->0");
        std::set<uint32_t> firstDst;
        for (int i = 0; i < 50; ++i)
        {
            firstDst.insert(tm.Permutation(3)[0].second);
        }
        NS_TEST_ASSERT_MSG_EQ(firstDst.size(), 2, "N=3: both derangements are drawn");
    }
};

/// Same (seed, run, stream) gives the same matrix; another run or stream gives another.
class ReproducibilityTest : public TestCase
{
  public:
    ReproducibilityTest()
        : TestCase("Matrices are reproducible from (seed, run, stream) and change with the run")
    {
    }

  private:
    void DoRun() override
    {
        RngGuard guard;
        for (auto type : {TrafficMatrix::Type::PERMUTATION, TrafficMatrix::Type::RANDOM})
        {
            const std::string name = TrafficMatrix::ToString(type);
            auto a = Draw(type, 128, 1, 1, 5);
            auto b = Draw(type, 128, 1, 1, 5);
            NS_TEST_ASSERT_MSG_EQ((a == b), true, name << ": same seed, run and stream");
            auto c = Draw(type, 128, 1, 2, 5);
            NS_TEST_ASSERT_MSG_EQ((a != c), true, name << ": another run differs");
            auto d = Draw(type, 128, 1, 1, 6);
            NS_TEST_ASSERT_MSG_EQ((a != d), true, name << ": another stream differs");
            auto e = Draw(type, 128, 2, 1, 5);
            NS_TEST_ASSERT_MSG_EQ((a != e), true, name << ": another seed differs");
        }
        // Successive draws from one generator differ (the stream advances).
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        TrafficMatrix tm;
        tm.AssignStreams(5);
        auto first = tm.Permutation(128);
        auto second = tm.Permutation(128);
        NS_TEST_ASSERT_MSG_EQ((first != second), true, "successive draws differ");
    }
};

/// Stride(): exact pairs, default N/2, validity of the stride.
class StrideTest : public TestCase
{
  public:
    StrideTest()
        : TestCase("Stride gives host i -> (i+s) mod N; default s = N div 2; s in 1..N-1")
    {
    }

  private:
    void DoRun() override
    {
        auto s3 = TrafficMatrix::Stride(8, 3);
        const TrafficMatrix::FlowList expected = {
            {0, 3}, {1, 4}, {2, 5}, {3, 6}, {4, 7}, {5, 0}, {6, 1}, {7, 2}};
        NS_TEST_ASSERT_MSG_EQ((s3 == expected), true, "stride 3 over 8 hosts");

        auto s1 = TrafficMatrix::Stride(2, 1);
        NS_TEST_ASSERT_MSG_EQ((s1 == TrafficMatrix::FlowList{{0, 1}, {1, 0}}), true, "N=2");

        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::DefaultStride(128), 64, "default is N/2");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::DefaultStride(3), 1, "default is N/2 (floor)");
        TrafficMatrix tm;
        auto def = tm.Generate(TrafficMatrix::Type::STRIDE, 128);
        NS_TEST_ASSERT_MSG_EQ((def == TrafficMatrix::Stride(128, 64)), true, "Generate default");
        auto s5 = tm.Generate(TrafficMatrix::Type::STRIDE, 16, 5);
        NS_TEST_ASSERT_MSG_EQ((s5 == TrafficMatrix::Stride(16, 5)), true, "Generate stride 5");
        for (uint32_t i = 0; i < 16; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(s5[i].second, (i + 5) % 16, "stride 5 pair " << i);
        }

        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::IsValidStride(16, 0), false, "0 invalid");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::IsValidStride(16, 16), false, "N invalid");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::IsValidStride(16, 1), true, "1 valid");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::IsValidStride(16, 15), true, "N-1 valid");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::IsValidStride(1, 1), false, "N=1 invalid");
    }
};

/// Random(): no self-pairs, uniform-ish, and unlike a permutation some host receives >= 2.
class RandomMatrixTest : public TestCase
{
  public:
    RandomMatrixTest()
        : TestCase("Random has no self-pairs and repeated destinations (N=128)")
    {
    }

  private:
    void DoRun() override
    {
        RngGuard guard;
        for (uint64_t run = 1; run <= 10; ++run)
        {
            auto flows = Draw(TrafficMatrix::Type::RANDOM, 128, 1, run, 11);
            NS_TEST_ASSERT_MSG_EQ(flows.size(), 128, "one flow per host");
            std::map<uint32_t, uint32_t> inDegree;
            for (uint32_t i = 0; i < flows.size(); ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(flows[i].first, i, "flow i is sent by host i");
                NS_TEST_ASSERT_MSG_NE(flows[i].second, i, "no host sends to itself");
                NS_TEST_ASSERT_MSG_LT(flows[i].second, 128, "destination in range");
                ++inDegree[flows[i].second];
            }
            uint32_t maxIn = 0;
            for (const auto& kv : inDegree)
            {
                maxIn = std::max(maxIn, kv.second);
            }
            // P(all 128 destinations distinct) is about 128!/128^128 ~ 1e-55.
            NS_TEST_ASSERT_MSG_GT_OR_EQ(maxIn, 2, "some host receives >= 2 flows (run " << run << ")");
            NS_TEST_ASSERT_MSG_LT(inDegree.size(), 128, "some host receives nothing");
        }
        // Every other host is reachable: with 2000 draws over N=4, each of the 3 other hosts.
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        TrafficMatrix tm;
        tm.AssignStreams(2);
        std::map<uint32_t, uint32_t> fromZero;
        for (int i = 0; i < 3000; ++i)
        {
            ++fromZero[tm.Random(4)[0].second];
        }
        NS_TEST_ASSERT_MSG_EQ(fromZero.count(0), 0, "host 0 never picks itself");
        for (uint32_t d = 1; d < 4; ++d)
        {
            // Expected 1000 each; binomial sd ~ 26.
            NS_TEST_ASSERT_MSG_EQ_TOL(double(fromZero[d]), 1000.0, 150.0, "uniform over other hosts, d=" << d);
        }
    }
};

/// FromString()/ToString(): accepted names, case-insensitivity, rejection without aborting.
class NamesTest : public TestCase
{
  public:
    NamesTest()
        : TestCase("FromString accepts permutation, random, stride and rejects others")
    {
    }

  private:
    void DoRun() override
    {
        using T = TrafficMatrix::Type;
        NS_TEST_ASSERT_MSG_EQ((TrafficMatrix::FromString("permutation") == T::PERMUTATION), true, "");
        NS_TEST_ASSERT_MSG_EQ((TrafficMatrix::FromString("random") == T::RANDOM), true, "");
        NS_TEST_ASSERT_MSG_EQ((TrafficMatrix::FromString("stride") == T::STRIDE), true, "");
        NS_TEST_ASSERT_MSG_EQ((TrafficMatrix::FromString("Permutation") == T::PERMUTATION), true, "");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::FromString("perm").has_value(), false, "");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::FromString("").has_value(), false, "");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::FromString("one_to_one").has_value(), false, "");
        for (T t : {T::PERMUTATION, T::RANDOM, T::STRIDE})
        {
            NS_TEST_ASSERT_MSG_EQ((TrafficMatrix::FromString(TrafficMatrix::ToString(t)) == t), true,
                                  "round trip " << TrafficMatrix::ToString(t));
        }
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::TypeNames(), "permutation|random|stride", "");
    }
};

/// ConnectionsPerHost(): exact flow counts, no self-flows, partial permutation for X <= 1.
class ConnectionsPerHostTest : public TestCase
{
  public:
    ConnectionsPerHostTest()
        : TestCase("ConnectionsPerHost 0.25, 1, 2.5 on 16 hosts: round(X*N) flows, no self-flows")
    {
    }

  private:
    void DoRun() override
    {
        RngGuard guard;
        using T = TrafficMatrix::Type;
        for (T type : {T::PERMUTATION, T::RANDOM})
        {
            const std::string name = TrafficMatrix::ToString(type);
            for (uint64_t run = 1; run <= 10; ++run)
            {
                RngSeedManager::SetSeed(1);
                RngSeedManager::SetRun(run);
                TrafficMatrix tm;
                tm.AssignStreams(9);
                // X = 0.25: 4 distinct senders; for permutation, 4 distinct receivers.
                auto quarter = tm.ConnectionsPerHost(type, 16, 0.25);
                NS_TEST_ASSERT_MSG_EQ(quarter.size(), 4, name << ": round(0.25 * 16) flows");
                std::set<uint32_t> senders;
                std::set<uint32_t> receivers;
                for (const auto& f : quarter)
                {
                    NS_TEST_ASSERT_MSG_NE(f.first, f.second, name << ": no self-flow");
                    NS_TEST_ASSERT_MSG_LT(f.second, 16, "destination in range");
                    senders.insert(f.first);
                    receivers.insert(f.second);
                }
                NS_TEST_ASSERT_MSG_EQ(senders.size(), 4, name << ": distinct senders");
                if (type == T::PERMUTATION)
                {
                    NS_TEST_ASSERT_MSG_EQ(receivers.size(), 4, "distinct receivers");
                }
                // X = 1: the plain matrix, drawn from the same stream position.
                RngSeedManager::SetRun(run);
                TrafficMatrix a;
                a.AssignStreams(9);
                TrafficMatrix b;
                b.AssignStreams(9);
                NS_TEST_ASSERT_MSG_EQ((a.ConnectionsPerHost(type, 16, 1) == b.Generate(type, 16)),
                                      true,
                                      name << ": X = 1 is the plain matrix");
                // X = 2.5: 40 flows, 8 hosts send 3 and 8 send 2, distinct destinations each.
                auto many = tm.ConnectionsPerHost(type, 16, 2.5);
                NS_TEST_ASSERT_MSG_EQ(many.size(), 40, name << ": round(2.5 * 16) flows");
                std::map<uint32_t, std::set<uint32_t>> dsts;
                for (const auto& f : many)
                {
                    NS_TEST_ASSERT_MSG_NE(f.first, f.second, name << ": no self-flow");
                    NS_TEST_ASSERT_MSG_LT(f.second, 16, "destination in range");
                    NS_TEST_ASSERT_MSG_EQ(dsts[f.first].insert(f.second).second,
                                          true,
                                          name << ": a host sends to distinct hosts");
                }
                uint32_t three = 0;
                for (uint32_t h = 0; h < 16; ++h)
                {
                    const auto c = dsts[h].size();
                    NS_TEST_ASSERT_MSG_EQ((c == 2 || c == 3), true, "floor or ceil of 2.5");
                    three += c == 3 ? 1 : 0;
                }
                NS_TEST_ASSERT_MSG_EQ(three, 8, name << ": 40 - 2 * 16 hosts send 3");
            }
        }
        // Reproducible from (seed, run, stream), different for another run.
        auto draw = [](uint64_t run) {
            RngSeedManager::SetSeed(1);
            RngSeedManager::SetRun(run);
            TrafficMatrix m;
            m.AssignStreams(9);
            std::vector<uint32_t> rackOf(16);
            for (uint32_t h = 0; h < 16; ++h)
            {
                rackOf[h] = h / 4;
            }
            auto f = m.ConnectionsPerHost(T::PERMUTATION, 16, 0.25);
            auto g = m.ConnectionsPerHost(T::RANDOM, 16, 2.5);
            f.insert(f.end(), g.begin(), g.end());
            return m.MakeRackLocal(f, rackOf, 0.5, T::PERMUTATION);
        };
        NS_TEST_ASSERT_MSG_EQ((draw(3) == draw(3)), true, "same seed, run and stream");
        NS_TEST_ASSERT_MSG_EQ((draw(3) != draw(4)), true, "another run differs");
        // Every host sends to every other: X = N - 1.
        TrafficMatrix tm;
        NS_TEST_ASSERT_MSG_EQ(tm.ConnectionsPerHost(T::PERMUTATION, 4, 3).size(), 12, "all-to-all");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::IsValidConnectionsPerHost(16, 0), false, "X = 0");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::IsValidConnectionsPerHost(16, -1), false, "X < 0");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::IsValidConnectionsPerHost(16, 15.5), false, "> N-1");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::IsValidConnectionsPerHost(16, 0.01), false, "0 flows");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::IsValidConnectionsPerHost(16, 15), true, "N-1");
        NS_TEST_ASSERT_MSG_EQ(TrafficMatrix::IsValidConnectionsPerHost(16, 0.1), true, "2 flows");
    }
};

/// MakeRackLocal(): exactly round(f * flows) rack-local flows; the others leave the rack for
/// a permutation and keep their destination for a random matrix.
class RackLocalityTest : public TestCase
{
  public:
    RackLocalityTest()
        : TestCase("MakeRackLocal 0, 0.5, 1: exactly round(f x flows) rack-local flows")
    {
    }

  private:
    void DoRun() override
    {
        RngGuard guard;
        using T = TrafficMatrix::Type;
        // 16 hosts in 4 racks of 4, and 4 hosts in 2 racks of 2.
        std::vector<uint32_t> rackOf16(16);
        for (uint32_t h = 0; h < 16; ++h)
        {
            rackOf16[h] = h / 4;
        }
        for (T type : {T::PERMUTATION, T::RANDOM})
        {
            const std::string name = TrafficMatrix::ToString(type);
            for (uint64_t run = 1; run <= 10; ++run)
            {
                RngSeedManager::SetSeed(1);
                RngSeedManager::SetRun(run);
                TrafficMatrix tm;
                tm.AssignStreams(4);
                for (double perHost : {1.0, 0.25, 2.5})
                {
                    const auto matrix = tm.ConnectionsPerHost(type, 16, perHost);
                    for (double f : {0.0, 0.5, 1.0})
                    {
                        auto flows = tm.MakeRackLocal(matrix, rackOf16, f, type);
                        NS_TEST_ASSERT_MSG_EQ(flows.size(), matrix.size(), "same flows");
                        const auto want = static_cast<uint32_t>(std::llround(f * flows.size()));
                        const uint32_t local = TrafficMatrix::CountRackLocal(flows, rackOf16);
                        if (type == T::PERMUTATION || f == 1)
                        {
                            NS_TEST_ASSERT_MSG_EQ(local, want, name << " f=" << f);
                        }
                        else
                        {
                            // Random: the others are unconstrained and may land in the rack.
                            NS_TEST_ASSERT_MSG_GT_OR_EQ(local, want, name << " f=" << f);
                            uint32_t changed = 0;
                            for (size_t i = 0; i < flows.size(); ++i)
                            {
                                if (flows[i] != matrix[i])
                                {
                                    ++changed;
                                    NS_TEST_ASSERT_MSG_EQ(rackOf16[flows[i].first],
                                                          rackOf16[flows[i].second],
                                                          "a changed flow is rack-local");
                                }
                            }
                            NS_TEST_ASSERT_MSG_LT_OR_EQ(changed, want, "only the chosen change");
                        }
                        for (size_t i = 0; i < flows.size(); ++i)
                        {
                            NS_TEST_ASSERT_MSG_EQ(flows[i].first, matrix[i].first, "same sender");
                            NS_TEST_ASSERT_MSG_NE(flows[i].first, flows[i].second, "no self");
                            const bool inRack =
                                rackOf16[flows[i].first] == rackOf16[flows[i].second];
                            if (!inRack && type == T::RANDOM)
                            {
                                NS_TEST_ASSERT_MSG_EQ(flows[i].second,
                                                      matrix[i].second,
                                                      "random: the others keep theirs");
                            }
                        }
                        if (type == T::RANDOM && f == 0)
                        {
                            NS_TEST_ASSERT_MSG_EQ((flows == matrix), true, "f = 0: unchanged");
                        }
                    }
                }
            }
        }
    }
};

/// The test suite "mptcp-traffic-matrix".
class TrafficMatrixTestSuite : public TestSuite
{
  public:
    TrafficMatrixTestSuite()
        : TestSuite("mptcp-traffic-matrix", MPTCP_TEST_UNIT)
    {
        AddTestCase(new PermutationIsDerangementTest, MPTCP_TEST_QUICK);
        AddTestCase(new ReproducibilityTest, MPTCP_TEST_QUICK);
        AddTestCase(new StrideTest, MPTCP_TEST_QUICK);
        AddTestCase(new RandomMatrixTest, MPTCP_TEST_QUICK);
        AddTestCase(new NamesTest, MPTCP_TEST_QUICK);
        AddTestCase(new ConnectionsPerHostTest, MPTCP_TEST_QUICK);
        AddTestCase(new RackLocalityTest, MPTCP_TEST_QUICK);
    }
};

TrafficMatrixTestSuite g_trafficMatrixTestSuite; //!< static instance

} // namespace
