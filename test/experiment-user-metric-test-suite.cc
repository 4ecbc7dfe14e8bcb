/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A user's own metric in one file, as doc/mptcp.rst "How to add a metric" writes it: an
 * ExperimentMetric subclass with one parameter as a TypeId attribute and option, registered by
 * name and added to an mptcp-fattree-style run (options declared by
 * DatacenterExperiment::DeclareOptions(), parsed by ns-3's CommandLine) with --metrics, no file
 * of the module touched. Its value is checked against the experiment's own link counters, its
 * rows against the results database.
 */

#include "ns3/command-line.h"
#include "ns3/datacenter-experiment.h"
#include "ns3/datacenter-topology.h"
#include "ns3/double.h"
#include "ns3/experiment-database.h"
#include "ns3/experiment-metric.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/net-device.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include "experiment-program.h"

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * The user's metric: packets the hosts' NICs start to send (PhyTxBegin of every host device)
 * from time From (negative: the end of the warm-up); value "packets". Option --testFrom.
 */
class TestHostTxMetric : public ExperimentMetric
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::TestHostTxMetric")
                .SetParent<ExperimentMetric>()
                .SetGroupName("Mptcp")
                .AddConstructor<TestHostTxMetric>()
                .AddAttribute("From",
                              "when to start counting, s (negative: at the end of the warm-up)",
                              DoubleValue(-1),
                              MakeDoubleAccessor(&TestHostTxMetric::m_fromS),
                              MakeDoubleChecker<double>());
        return tid;
    }

    void Start(const RunContext& run) override
    {
        m_packets = 0;
        m_counting = false;
        const DatacenterTopology& topo = *run.topology;
        for (uint32_t h = 0; h < topo.GetNHosts(); ++h)
        {
            Ptr<Node> host = topo.GetHost(h);
            for (uint32_t d = 0; d < host->GetNDevices(); ++d)
            {
                // The NICs; the loopback device has no PhyTxBegin (false).
                host->GetDevice(d)->TraceConnectWithoutContext(
                    "PhyTxBegin",
                    MakeCallback(&TestHostTxMetric::PhyTxBegin, this));
            }
        }
        const double from = m_fromS < 0 ? run.warmupS : m_fromS;
        Simulator::Schedule(Seconds(from), &TestHostTxMetric::StartCounting, this);
    }

    std::vector<Value> Collect() const override
    {
        return {{"packets", static_cast<double>(m_packets)}};
    }

    bool CheckParameters(Error* error) const override
    {
        return m_fromS < 1e6 || Reject("testFrom", Number(m_fromS), "must be below 1e6 s", error);
    }

  protected:
    void DoDeclareOptions(std::vector<ExperimentOption>* options) override
    {
        options->push_back(ExperimentOption::BindAttribute("testFrom",
                                                           m_fromS,
                                                           GetTypeId(),
                                                           "From",
                                                           "s",
                                                           "test-host-tx: "));
    }

  private:
    /// Start counting.
    void StartCounting()
    {
        m_counting = true;
    }

    /// A host NIC starts sending a packet.
    void PhyTxBegin(Ptr<const Packet>)
    {
        if (m_counting)
        {
            ++m_packets;
        }
    }

    double m_fromS{-1};     //!< From, s.
    uint64_t m_packets{0};  //!< Counted packets.
    bool m_counting{false}; //!< Counting started.
};

NS_OBJECT_ENSURE_REGISTERED(TestHostTxMetric);

using mptcp_test::ProgramRun;
using mptcp_test::RunExperimentProgram;

/**
 * --metrics=test-host-tx adds the user's metric to a k=4 TCP run: it counts, after the warm-up,
 * exactly the packets the experiment's own counters give for the host-to-edge links upwards
 * (links rows, host-edge, up), prints them as "test-host-tx.packets", records a run_metrics row
 * that the database gives back, and records its option; --testFrom=0 counts more (the warm-up
 * too); an unknown name, a duplicate and a bad value are rejected naming the option.
 */
class UserMetricTest : public TestCase
{
  public:
    UserMetricTest()
        : TestCase("ExperimentMetricRegistry: a metric defined in a test, added by name")
    {
    }

  private:
    void DoRun() override
    {
        if (!ExperimentMetricRegistry::Find("test-host-tx"))
        {
            ExperimentMetricRegistry::Add(
                {"test-host-tx", "ns3::TestHostTxMetric", "host NIC packets, test"});
        }
        const std::vector<std::string> common = {"--k=4",
                                                 "--transport=tcp",
                                                 "--duration=0.4",
                                                 "--warmup=0.1"};
        std::vector<std::string> args = common;
        // A plain name: CreateTempDirFilename() names a folder after the test case, and
        // ns-3.35's CommandLine cuts an option's value at its first space.
        const std::string db =
            (std::filesystem::temp_directory_path() / "mptcp-experiment-user-metric.db").string();
        std::remove(db.c_str());
        args.push_back("--db=" + db);
        args.push_back("--metrics=test-host-tx");
        const ProgramRun run = RunExperimentProgram(args);
        NS_TEST_ASSERT_MSG_EQ(run.error, "", "the run with the user's metric");
        uint64_t hostUp = 0;
        for (const LinkRecord& l : run.results.links)
        {
            if (l.layer == "host-edge" && l.direction == "up")
            {
                hostUp += l.txPackets;
            }
        }
        NS_TEST_ASSERT_MSG_GT(hostUp, 1000U, "the hosts sent after the warm-up");
        NS_TEST_ASSERT_MSG_EQ(run.results.metrics.size(), 1U, "one value");
        const MetricRecord& m = run.results.metrics.at(0);
        NS_TEST_ASSERT_MSG_EQ(m.metric, "test-host-tx", "its name");
        NS_TEST_ASSERT_MSG_EQ(m.name, "packets", "its value's name");
        NS_TEST_ASSERT_MSG_EQ(static_cast<uint64_t>(m.value), hostUp, "the links' own count");
        NS_TEST_ASSERT_MSG_NE(run.summary.find("\"test-host-tx.packets\": " +
                                               std::to_string(hostUp)),
                              std::string::npos,
                              run.summary);
        NS_TEST_ASSERT_MSG_NE(run.params.find(",\"metrics\":\"test-host-tx\",\"testFrom\":-1"),
                              std::string::npos,
                              run.params);

        ExperimentDatabase database(db);
        NS_TEST_ASSERT_MSG_EQ(database.IsOpen(), true, db);
        WorkloadResults stored;
        NS_TEST_ASSERT_MSG_EQ(database.GetWorkloadResults(1, &stored), true, "read back");
        NS_TEST_ASSERT_MSG_EQ(stored.metrics.size(), 1U, "one run_metrics row");
        NS_TEST_ASSERT_MSG_EQ(stored.metrics.at(0).metric, "test-host-tx", "stored name");
        NS_TEST_ASSERT_MSG_EQ(stored.metrics.at(0).value, m.value, "stored value");

        std::vector<std::string> fromZero = common;
        fromZero.push_back("--db=none");
        fromZero.push_back("--metrics=test-host-tx");
        fromZero.push_back("--testFrom=0");
        const ProgramRun all = RunExperimentProgram(fromZero);
        NS_TEST_ASSERT_MSG_EQ(all.error, "", "--testFrom=0");
        NS_TEST_ASSERT_MSG_GT(all.results.metrics.at(0).value, m.value, "the warm-up counted too");

        std::vector<std::string> plain = common;
        plain.push_back("--db=none");
        const ProgramRun none = RunExperimentProgram(plain);
        NS_TEST_ASSERT_MSG_EQ(none.results.metrics.size(), 0U, "no metric unless asked");
        NS_TEST_ASSERT_MSG_EQ(none.summary.find("test-host-tx"), std::string::npos, "summary");

        for (const char* bad : {"--metrics=nosuch", "--metrics=test-host-tx,test-host-tx"})
        {
            std::vector<std::string> b = plain;
            b.push_back(bad);
            NS_TEST_ASSERT_MSG_EQ(RunExperimentProgram(b).errorOption, "metrics", bad);
        }
        std::vector<std::string> b = plain;
        b.push_back("--testFrom=1e7");
        NS_TEST_ASSERT_MSG_EQ(RunExperimentProgram(b).errorOption, "testFrom", "its own check");
    }
};

/// The suite.
class ExperimentUserMetricTestSuite : public TestSuite
{
  public:
    ExperimentUserMetricTestSuite()
        : TestSuite("mptcp-experiment-user-metric", MPTCP_TEST_UNIT)
    {
        AddTestCase(new UserMetricTest(), MPTCP_TEST_QUICK);
    }
};

/// The suite's instance.
ExperimentUserMetricTestSuite g_experimentUserMetricTestSuite;

} // namespace
