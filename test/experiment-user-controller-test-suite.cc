/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A user's own SDN controller in one file, as doc/mptcp.rst "How to add a controller" writes
 * it: an ExperimentController subclass with one parameter as a TypeId attribute and option,
 * registered by name and run by an mptcp-fattree-style program (options declared by
 * DatacenterExperiment::DeclareOptions(), parsed by ns-3's CommandLine) with no file of the
 * module touched.
 */

#include "ns3/command-line.h"
#include "ns3/datacenter-experiment.h"
#include "ns3/double.h"
#include "ns3/experiment-controller.h"
#include "ns3/nstime.h"
#include "ns3/sdn-controller-helper.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include "experiment-program.h"

#include "ns3/mptcp-ns3-compat.h"

#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * The user's controller: Hedera's Global First Fit (ns3::HederaController) every Period, with
 * elephants above a tenth of the NIC rate; option --testPeriod.
 */
class TestFirstFitController : public ExperimentController
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::TestFirstFitController")
                .SetParent<ExperimentController>()
                .SetGroupName("Mptcp")
                .AddConstructor<TestFirstFitController>()
                .AddAttribute("Period",
                              "the scheduling period, s (above 0.001)",
                              DoubleValue(0.05),
                              MakeDoubleAccessor(&TestFirstFitController::m_period),
                              MakeDoubleChecker<double>());
        return tid;
    }

    bool CheckParameters(Error* error) const override
    {
        return m_period > 0.001 || Reject("testPeriod", Number(m_period), "must be above 0.001",
                                          error);
    }

    bool CheckRun(const RunContext& run, Error* error) const override
    {
        return CheckFabricControl(run, error);
    }

    Ptr<SdnController> Install(const DatacenterTopology& topo,
                               ApplicationContainer* agents) override
    {
        ExperimentController::Install(topo, agents); // no server agents
        SdnControllerHelper helper("ns3::HederaController");
        helper.SetControllerAttribute("Interval", TimeValue(Seconds(m_period)));
        helper.SetControllerAttribute("ElephantThreshold", DoubleValue(0.1));
        return helper.Install(topo);
    }

  protected:
    void DoDeclareOptions(std::vector<ExperimentOption>* options) override
    {
        options->push_back(ExperimentOption::BindAttribute("testPeriod",
                                                           m_period,
                                                           GetTypeId(),
                                                           "Period",
                                                           "s",
                                                           "test-first-fit: "));
    }

    void RecordParameters(double* intervalS, double* threshold) const override
    {
        *intervalS = m_period;
        *threshold = 0.1;
    }

  private:
    double m_period{0.05}; //!< Period, s.
};

NS_OBJECT_ENSURE_REGISTERED(TestFirstFitController);

using mptcp_test::ProgramRun;
using mptcp_test::RunExperimentProgram;

/**
 * --controller=test-first-fit --testPeriod=0.1 runs the user's controller: its row names it
 * with its period, and it places the flows exactly as the built-in --controller=hedera
 * --hederaInterval=0.1 (the same algorithm at the same period): the same rounds, rules and
 * flows scheduled, and every flow's goodput to the bit. Its option is listed with the help of
 * its attribute, recorded in params_json, and a bad value is rejected naming it.
 */
class UserControllerTest : public TestCase
{
  public:
    UserControllerTest()
        : TestCase("ExperimentControllerRegistry: a controller defined in a test, run by name")
    {
    }

  private:
    void DoRun() override
    {
        if (!ExperimentControllerRegistry::Find("test-first-fit"))
        {
            ExperimentControllerRegistry::Add(
                {"test-first-fit", "ns3::TestFirstFitController", "Global First Fit, test"});
        }
        DatacenterExperiment::Config c;
        ExperimentOptions options = DatacenterExperiment::DeclareOptions(c);
        const ExperimentOption* period = options.Find("testPeriod");
        NS_TEST_ASSERT_MSG_NE(period, nullptr, "--testPeriod declared");
        NS_TEST_ASSERT_MSG_EQ(period->GetHelp(),
                              "test-first-fit: the scheduling period, s (above 0.001)",
                              "help from the attribute");
        NS_TEST_ASSERT_MSG_EQ(period->GetValueJson(), "0.05", "default from the attribute");
        const std::vector<std::string> allowed = options.Find("controller")->GetAllowed();
        NS_TEST_ASSERT_MSG_EQ(allowed.back(), "test-first-fit", "--controller lists it");

        const std::vector<std::string> common = {"--k=4",
                                                 "--transport=tcp",
                                                 "--duration=0.6",
                                                 "--warmup=0.2",
                                                 "--db=none"};
        std::vector<std::string> user = common;
        user.push_back("--controller=test-first-fit");
        user.push_back("--testPeriod=0.1");
        std::vector<std::string> hedera = common;
        hedera.push_back("--controller=hedera");
        hedera.push_back("--hederaInterval=0.1");
        const ProgramRun mine = RunExperimentProgram(user);
        const ProgramRun builtIn = RunExperimentProgram(hedera);
        NS_TEST_ASSERT_MSG_EQ(mine.error, "", "the user's controller runs");
        NS_TEST_ASSERT_MSG_EQ(builtIn.error, "", "hedera runs");
        NS_TEST_ASSERT_MSG_EQ(mine.results.controllerRuns.size(), 1U, "one controller_runs row");
        NS_TEST_ASSERT_MSG_EQ(builtIn.results.controllerRuns.size(), 1U, "one controller_runs row");
        const ControllerRunRecord& m = mine.results.controllerRuns[0];
        const ControllerRunRecord& h = builtIn.results.controllerRuns[0];
        NS_TEST_ASSERT_MSG_EQ(m.controller, "test-first-fit", "its name in the row");
        NS_TEST_ASSERT_MSG_EQ(h.controller, "hedera", "hedera's row");
        NS_TEST_ASSERT_MSG_EQ(m.intervalS, 0.1, "its period in the row");
        NS_TEST_ASSERT_MSG_EQ(m.threshold, 0.1, "its threshold in the row");
        // Rounds at 0.1, 0.2, ..., 0.5 s (the sixth would fall on the end of the run).
        NS_TEST_ASSERT_MSG_GT(h.rounds, 4U, "hedera ran its rounds");
        NS_TEST_ASSERT_MSG_GT(h.rulesInstalled, 0U, "hedera placed flows");
        NS_TEST_ASSERT_MSG_EQ(m.rounds, h.rounds, "rounds");
        NS_TEST_ASSERT_MSG_EQ(m.flowsScheduled, h.flowsScheduled, "flows scheduled");
        NS_TEST_ASSERT_MSG_EQ(m.rulesInstalled, h.rulesInstalled, "rules installed");
        NS_TEST_ASSERT_MSG_EQ(m.controlBytes, h.controlBytes, "OpenFlow bytes");
        NS_TEST_ASSERT_MSG_EQ(mine.goodputBps.size(), 16U, "one long flow per host");
        NS_TEST_ASSERT_MSG_EQ((mine.goodputBps == builtIn.goodputBps), true, "same placement");
        NS_TEST_ASSERT_MSG_NE(mine.params.find(",\"controller\":\"test-first-fit\""),
                              std::string::npos,
                              mine.params);
        NS_TEST_ASSERT_MSG_NE(mine.params.find(",\"testPeriod\":0.1"), std::string::npos,
                              mine.params);
        NS_TEST_ASSERT_MSG_EQ(builtIn.params.find("testPeriod"), std::string::npos,
                              "recorded only when chosen");

        std::vector<std::string> bad = user;
        bad.back() = "--testPeriod=0";
        const ProgramRun rejected = RunExperimentProgram(bad);
        NS_TEST_ASSERT_MSG_EQ(rejected.errorOption, "testPeriod", rejected.error);
        NS_TEST_ASSERT_MSG_EQ(rejected.error, "must be above 0.001", "its own message");
        bad = user;
        bad.push_back("--stock");
        NS_TEST_ASSERT_MSG_EQ(RunExperimentProgram(bad).errorOption, "controller", "no controller on stock");
    }
};

/// The suite.
class ExperimentUserControllerTestSuite : public TestSuite
{
  public:
    ExperimentUserControllerTestSuite()
        : TestSuite("mptcp-experiment-user-controller", MPTCP_TEST_UNIT)
    {
        AddTestCase(new UserControllerTest(), MPTCP_TEST_QUICK);
    }
};

/// The suite's instance.
ExperimentUserControllerTestSuite g_experimentUserControllerTestSuite;

} // namespace
