/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A user's own workload in one file, as doc/mptcp.rst "How to add a workload" writes it: an
 * ExperimentWorkload subclass with its parameters as TypeId attributes and options, registered
 * by name and run by an mptcp-fattree-style program (options declared by
 * DatacenterExperiment::DeclareOptions(), parsed by ns-3's CommandLine) with
 * --workload=test-stride, no file of the module touched.
 */

#include "ns3/datacenter-workload-helper.h"
#include "ns3/experiment-workload.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include "experiment-program.h"

#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * The user's workload: long flows from every host to the host Hops further on (host i to
 * (i + Hops) mod hosts), and, if ExtraBytes > 0, one finite flow of that size from host 0 to
 * host 1 at the end of the warm-up. Options --testHops, --testExtraBytes.
 */
class TestStrideWorkload : public ExperimentWorkload
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::TestStrideWorkload")
                .SetParent<ExperimentWorkload>()
                .SetGroupName("Mptcp")
                .AddConstructor<TestStrideWorkload>()
                .AddAttribute("Hops",
                              "how many hosts further on each host sends, >= 1",
                              UintegerValue(1),
                              MakeUintegerAccessor(&TestStrideWorkload::m_hops),
                              MakeUintegerChecker<uint32_t>())
                .AddAttribute("ExtraBytes",
                              "size of one more flow from host 0 to host 1, bytes (0: none)",
                              UintegerValue(0),
                              MakeUintegerAccessor(&TestStrideWorkload::m_extraBytes),
                              MakeUintegerChecker<uint64_t>());
        return tid;
    }

    bool CheckParameters(Error* error) const override
    {
        return m_hops >= 1 || Reject("testHops", "0", "must be at least 1", error);
    }

    bool CheckHosts(uint32_t nHosts, Error* error) const override
    {
        return m_hops < nHosts ||
               Reject("testHops", std::to_string(m_hops), "must be below the hosts", error);
    }

    TrafficMatrix::FlowList LongFlows(const Context& run) override
    {
        TrafficMatrix::FlowList flows;
        for (uint32_t h = 0; h < run.nHosts; ++h)
        {
            flows.emplace_back(h, (h + m_hops) % run.nHosts);
        }
        return flows;
    }

    void InstallFlows(const Context& run) override
    {
        if (m_extraBytes == 0)
        {
            return;
        }
        PlannedFlow f;
        f.srcHost = 0;
        f.dstHost = 1;
        f.startS = run.warmupS;
        f.sizeBytes = m_extraBytes;
        run.flows->Install(f, run.socketFactory, run.transport);
    }

  protected:
    void DoDeclareOptions(std::vector<ExperimentOption>* options) override
    {
        options->push_back(ExperimentOption::BindAttribute("testHops",
                                                           m_hops,
                                                           GetTypeId(),
                                                           "Hops",
                                                           "hosts",
                                                           "test-stride: "));
        options->push_back(ExperimentOption::BindAttribute("testExtraBytes",
                                                           m_extraBytes,
                                                           GetTypeId(),
                                                           "ExtraBytes",
                                                           "bytes",
                                                           "test-stride: "));
    }

  private:
    uint32_t m_hops{1};       //!< Hops, hosts.
    uint64_t m_extraBytes{0}; //!< ExtraBytes, bytes.
};

NS_OBJECT_ENSURE_REGISTERED(TestStrideWorkload);

using mptcp_test::ProgramRun;
using mptcp_test::RunExperimentProgram;

/**
 * --workload=test-stride --testHops=2 runs the user's workload: its long flows are the ones it
 * asked for, each delivers to the bit what the built-in --workload=long --matrix=stride
 * --stride=2 (the same flows) delivers; --testExtraBytes adds one finite flow that completes
 * and is recorded as the short flow it is; its options are recorded only when it runs; bad
 * values are rejected naming its options.
 */
class UserWorkloadTest : public TestCase
{
  public:
    UserWorkloadTest()
        : TestCase("ExperimentWorkloadRegistry: a workload defined in a test, run by name")
    {
    }

  private:
    void DoRun() override
    {
        if (!ExperimentWorkloadRegistry::Find("test-stride"))
        {
            ExperimentWorkloadRegistry::Add(
                {"test-stride", "ns3::TestStrideWorkload", "stride flows, test"});
        }
        const std::vector<std::string> common = {"--k=4",
                                                 "--transport=mptcp",
                                                 "--subflows=2",
                                                 "--duration=0.5",
                                                 "--warmup=0.1",
                                                 "--db=none"};
        std::vector<std::string> user = common;
        user.push_back("--workload=test-stride");
        user.push_back("--testHops=2");
        std::vector<std::string> builtIn = common;
        builtIn.push_back("--matrix=stride");
        builtIn.push_back("--stride=2");
        const ProgramRun mine = RunExperimentProgram(user);
        const ProgramRun stride = RunExperimentProgram(builtIn);
        NS_TEST_ASSERT_MSG_EQ(mine.error, "", "the user's workload runs");
        NS_TEST_ASSERT_MSG_EQ(stride.error, "", "the built-in stride runs");
        NS_TEST_ASSERT_MSG_EQ(mine.goodputBps.size(), 16U, "one long flow per host");
        NS_TEST_ASSERT_MSG_EQ((mine.goodputBps == stride.goodputBps), true, "the same flows");
        NS_TEST_ASSERT_MSG_GT(mine.goodputBps.at(0), 0, "delivered");
        NS_TEST_ASSERT_MSG_NE(mine.params.find("\"workload\":\"test-stride\""),
                              std::string::npos,
                              mine.params);
        NS_TEST_ASSERT_MSG_NE(mine.params.find("\"testHops\":2,\"testExtraBytes\":0"),
                              std::string::npos,
                              mine.params);
        NS_TEST_ASSERT_MSG_EQ(stride.params.find("testHops"), std::string::npos, "not chosen");
        NS_TEST_ASSERT_MSG_EQ(mine.results.summary.workload, "test-stride", "workload_runs");
        NS_TEST_ASSERT_MSG_EQ(mine.results.shortFlows.size(), 0U, "no other flow");

        std::vector<std::string> extra = user;
        extra.push_back("--testExtraBytes=100000");
        const ProgramRun withExtra = RunExperimentProgram(extra);
        NS_TEST_ASSERT_MSG_EQ(withExtra.error, "", "with the extra flow");
        NS_TEST_ASSERT_MSG_EQ(withExtra.results.shortFlows.size(), 1U, "one short_flows row");
        const ShortFlowRecord& f = withExtra.results.shortFlows.at(0);
        NS_TEST_ASSERT_MSG_EQ(f.srcHost, 0U, "from host 0");
        NS_TEST_ASSERT_MSG_EQ(f.dstHost, 1U, "to host 1");
        NS_TEST_ASSERT_MSG_EQ(f.sizeBytes, 100000U, "its size");
        NS_TEST_ASSERT_MSG_EQ(f.completed, true, "completed");
        NS_TEST_ASSERT_MSG_EQ_TOL(f.startS, 0.1, 1e-9, "at the end of the warm-up");

        std::vector<std::string> bad = user;
        bad.back() = "--testHops=16";
        NS_TEST_ASSERT_MSG_EQ(RunExperimentProgram(bad).errorOption, "testHops", "too far");
        bad.back() = "--testHops=0";
        NS_TEST_ASSERT_MSG_EQ(RunExperimentProgram(bad).errorOption, "testHops", "zero");
        bad = common;
        bad.push_back("--workload=nosuch");
        const ProgramRun unknown = RunExperimentProgram(bad);
        NS_TEST_ASSERT_MSG_EQ(unknown.errorOption, "workload", unknown.error);
        NS_TEST_ASSERT_MSG_NE(unknown.error.find("shuffle or test-stride"),
                              std::string::npos,
                              unknown.error);
    }
};

/// The suite.
class ExperimentUserWorkloadTestSuite : public TestSuite
{
  public:
    ExperimentUserWorkloadTestSuite()
        : TestSuite("mptcp-experiment-user-workload", MPTCP_TEST_UNIT)
    {
        AddTestCase(new UserWorkloadTest(), MPTCP_TEST_QUICK);
    }
};

/// The suite's instance.
ExperimentUserWorkloadTestSuite g_experimentUserWorkloadTestSuite;

} // namespace
