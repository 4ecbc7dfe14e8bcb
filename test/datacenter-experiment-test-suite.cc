/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * DatacenterTopologyRegistry, MpTcpCongestionControlRegistry, MpTcpSchedulerRegistry and
 * DatacenterExperiment used as a user's program uses them: every built-in topology created by
 * name with node and link counts computed by hand, option errors, a run of the experiment
 * with the numbers mptcp-fattree prints for the same options (test/golden/fattree-tcp.json),
 * and a topology and a coupled congestion control defined in this file, registered from here
 * and run by name (no file of the module touched to add them).
 *
 * The golden-run case must be the first of the suite: ECMP salts come from automatically
 * numbered RNG streams, which only a fresh process numbers as mptcp-fattree does (CTest and
 * ./test.py run every suite in its own process).
 */
#include "ns3/command-line.h"
#include "ns3/datacenter-experiment.h"
#include "ns3/double.h"
#include "ns3/datacenter-topology-registry.h"
#include "ns3/datacenter-topology.h"
#include "ns3/datacenter-transport-registry.h"
#include "ns3/boolean.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-stack-helper.h"
#include "ns3/string.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/transport-attributes.h"
#include "ns3/uinteger.h"
#include "ns3/mptcp-algorithm-registry.h"
#include "ns3/mptcp-coupled-congestion-ops.h"
#include "ns3/mptcp-lia.h"
#include "ns3/mptcp-lowest-rtt-scheduler.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <string>

using namespace ns3;

namespace
{

/**
 * A coupled congestion control defined outside the module: NewReno's MSS^2/cwnd per ACK on
 * every subflow. Found by MpTcpCongestionControlRegistry as "testuncoupled".
 */
class MpTcpTestUncoupled : public MpTcpCoupledCongestionOps
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::MpTcpTestUncoupled")
                                .SetParent<MpTcpCoupledCongestionOps>()
                                .SetGroupName("Mptcp")
                                .AddConstructor<MpTcpTestUncoupled>();
        return tid;
    }

    std::string GetName() const override
    {
        return "MpTcpTestUncoupled";
    }

    Ptr<TcpCongestionOps> Fork() override
    {
        return CopyObject<MpTcpTestUncoupled>(this);
    }

    double GetAckIncrease(Ptr<const TcpSocketState> tcb,
                          const std::vector<SubflowState>& subflows,
                          std::size_t self) override
    {
        const double mss = tcb->m_segmentSize;
        return mss * mss / subflows[self].cwnd;
    }
};

NS_OBJECT_ENSURE_REGISTERED(MpTcpTestUncoupled);

/**
 * A topology defined outside the module: hosts on one switch, addressed 10.1.x.y/30.
 */
class StarTopology : public DatacenterTopology
{
  public:
    /**
     * \param p the options (hosts, linkRate, delay, queue)
     */
    explicit StarTopology(const DatacenterTopologyParameters& p)
        : DatacenterTopology("StarTopology"),
          m_p(p)
    {
    }

    void Create() override
    {
        BeginCreate();
        m_hosts.Create(m_p.hosts);
        m_switch = CreateObject<Node>();
        for (uint32_t i = 0; i < m_p.hosts; ++i)
        {
            m_links.push_back(
                MakeLink(m_hosts.Get(i), m_switch, HOST_EDGE, m_p.linkRate, m_p.delay, m_p.queue));
        }
    }

    void AssignIpv4Addresses() override
    {
        BeginAssign();
        const Ipv4Mask mask("255.255.255.252");
        std::map<uint32_t, uint32_t> index;
        for (uint32_t i = 0; i < m_links.size(); ++i)
        {
            const uint32_t base = Ipv4Address("10.1.0.0").Get() + 4 * i;
            AssignAddress(m_links[i].devB, Ipv4Address(base + 1), mask, 1);
            AssignAddress(m_links[i].devA, Ipv4Address(base + 2), mask, 1);
            m_addresses.emplace_back(base + 2);
            index[base + 2] = i;
        }
        SetPathCounters(m_hosts, index, [](uint32_t, uint32_t) { return 1U; });
    }

    uint32_t GetNHosts() const override
    {
        return m_p.hosts;
    }

    NodeContainer GetHosts() const override
    {
        return m_hosts;
    }

    Ptr<Node> GetHost(uint32_t i) const override
    {
        return m_hosts.Get(i);
    }

    Ipv4Address GetHostAddress(uint32_t i) const override
    {
        RequireAssigned("GetHostAddress");
        return m_addresses.at(i);
    }

    NodeContainer GetNodes() const override
    {
        return NodeContainer(m_hosts, NodeContainer(m_switch));
    }

    const std::vector<Link>& GetLinks() const override
    {
        return m_links;
    }

    using DatacenterTopology::GetLinks;

    double GetLinkRate(Layer) const override
    {
        return m_p.linkRate.GetBitRate();
    }

    uint32_t GetHostRack(uint32_t) const override
    {
        return 0;
    }

    uint32_t GetNRacks() const override
    {
        return 1;
    }

    uint32_t GetEqualCostPathCount(uint32_t, uint32_t) const override
    {
        return 1;
    }

    uint32_t GetInterPodPathCount() const override
    {
        return 1;
    }

  private:
    DatacenterTopologyParameters m_p;     //!< Options.
    NodeContainer m_hosts;                //!< Hosts.
    Ptr<Node> m_switch;                   //!< The switch.
    std::vector<Link> m_links;            //!< Host links.
    std::vector<Ipv4Address> m_addresses; //!< Host addresses.
};

/// \return the options of test/golden/fattree-tcp.json (k=4, TCP, 0.5 s, warm-up 0.1 s)
DatacenterExperiment::Config
GoldenTcpConfig()
{
    DatacenterExperiment::Config c;
    c.k = 4;
    c.duration = 0.5;
    c.warmup = 0.1;
    c.db = "none";
    c.transport = "tcp";
    return c;
}

/**
 * DatacenterExperiment with mptcp-fattree's --k=4 --duration=0.5 --warmup=0.1 --db=none
 * --transport=tcp gives the numbers of test/golden/fattree-tcp.json in the build the golden
 * outputs belong to (standalone, ns-3.37: MPTCP_GOLDEN_BUILD); in every build, its records and
 * its JSON summary agree with each other.
 */
class ExperimentGoldenTest : public TestCase
{
  public:
    ExperimentGoldenTest()
        : TestCase("DatacenterExperiment, k=4 TCP: the numbers mptcp-fattree prints")
    {
    }

  private:
    void DoRun() override
    {
        DatacenterExperiment exp;
        DatacenterExperiment::Error error;
        NS_TEST_ASSERT_MSG_EQ(exp.Configure(GoldenTcpConfig(), &error), true, error.why);
        NS_TEST_ASSERT_MSG_EQ(exp.GetNHosts(), 16U, "k=4 FatTree: 4 pods x 2 edges x 2 hosts");
        NS_TEST_ASSERT_MSG_EQ(exp.HasDatabase(), false, "--db=none");
        NS_TEST_ASSERT_MSG_EQ(exp.Build(&error), true, error.why);
        exp.Run();
        const auto& flows = exp.GetFlowRecords();
        NS_TEST_ASSERT_MSG_EQ(flows.size(), 16U, "a permutation: one long flow per host");
        for (const auto& f : flows)
        {
            NS_TEST_ASSERT_MSG_GT(f.goodputBps, 0, "flow " << f.flowId << " delivered nothing");
        }
        const RunRecord& run = exp.GetRunRecord();
        NS_TEST_ASSERT_MSG_EQ_TOL(run.optimalBps, 1540580000.0, 6000, "optimum");
#ifdef MPTCP_GOLDEN_BUILD
        NS_TEST_ASSERT_MSG_EQ(exp.GetDeliveredBytes(), 46772600U, "golden delivered_bytes");
        NS_TEST_ASSERT_MSG_EQ_TOL(run.aggregateGoodputBps, 755748000.0, 600, "aggregate goodput");
        NS_TEST_ASSERT_MSG_EQ_TOL(run.jainIndex, 0.748629, 1e-6, "Jain's index");
        NS_TEST_ASSERT_MSG_EQ_TOL(run.minFlowPct, 7.58988, 1e-4, "min_flow_pct");
#endif
        double sum = 0;
        for (const auto& f : flows)
        {
            sum += f.goodputBps;
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(run.aggregateGoodputBps, sum, 1e-6 * sum, "sum of the flows");
        NS_TEST_ASSERT_MSG_EQ_TOL(run.optimalPct,
                                  100.0 * run.aggregateGoodputBps / run.optimalBps,
                                  1e-9 * run.optimalPct,
                                  "optimal_pct");
        const bool jainInRange = run.jainIndex > 0 && run.jainIndex <= 1;
        NS_TEST_ASSERT_MSG_EQ(jainInRange, true, "Jain index in (0, 1]");
        NS_TEST_ASSERT_MSG_EQ(run.topology, "fattree", "runs.topology");
        NS_TEST_ASSERT_MSG_EQ(run.cc, "newreno", "TCP runs record newreno");
        NS_TEST_ASSERT_MSG_EQ(run.k, 4U, "runs.k");
        const std::string json = exp.GetSummaryJson(-1);
        NS_TEST_ASSERT_MSG_NE(json.find("\"flows\": 16, \"transport\": \"tcp\""),
                              std::string::npos,
                              json);
        NS_TEST_ASSERT_MSG_NE(json.find("\"delivered_bytes\": " +
                                        std::to_string(exp.GetDeliveredBytes()) + ","),
                              std::string::npos,
                              json);
        Simulator::Destroy();
    }
};

/// Invalid options: the option named, mptcp-fattree's message, lists from the registries.
class ExperimentOptionErrorTest : public TestCase
{
  public:
    ExperimentOptionErrorTest()
        : TestCase("DatacenterExperiment::Configure names the invalid option")
    {
    }

  private:
    /**
     * \param change alters the golden run's options
     * \param option the option that must be named
     * \param why the expected message
     */
    void Expect(std::function<void(DatacenterExperiment::Config&)> change,
                const std::string& option,
                const std::string& why)
    {
        DatacenterExperiment::Config c = GoldenTcpConfig();
        change(c);
        DatacenterExperiment exp;
        DatacenterExperiment::Error error;
        NS_TEST_ASSERT_MSG_EQ(exp.Configure(c, &error), false, "--" << option << " accepted");
        NS_TEST_ASSERT_MSG_EQ(error.option, option, error.why);
        NS_TEST_ASSERT_MSG_EQ(error.why, why, "message of --" << option);
    }

    void DoRun() override
    {
        using C = DatacenterExperiment::Config;
        Expect([](C& c) { c.topology = "bcube"; },
               "topology",
               "must be fattree, dhft, vl2 or perfect");
        Expect([](C& c) { c.topology = "dhft"; c.k = 6; },
               "k",
               "for dhft, k must be a multiple of 4 between 4 and 80");
        Expect([](C& c) { c.k = 5; }, "k", "k must be even and at least 2");
        Expect([](C& c) { c.ecnThreshold = -1; }, "ecnThreshold", "must be >= 0 packets");
        Expect([](C& c) { c.ecnThreshold = 100; },
               "ecnThreshold",
               "must be less than --queue (100 packets)");
        Expect([](C& c) { c.ecnThreshold = 20; c.switchForwarding = "ipv4"; },
               "ecnThreshold",
               "needs --switchForwarding=fast and not --stock (switches mark in "
               "ns3::EcmpSwitchForwarder)");
        Expect([](C& c) { c.hosts = 16; }, "hosts", "only with --topology=perfect");
        Expect([](C& c) { c.topology = "perfect"; }, "hosts", "must be between 2 and 4194304");
        Expect([](C& c) { c.topology = "perfect"; c.hosts = 8; c.localFraction = 0.5; },
               "localFraction",
               "the perfect switch is one rack, so locality has no effect (leave it out)");
        Expect([](C& c) { c.topology = "vl2"; c.stock = true; },
               "stock",
               "the stock ns-3 baseline runs --topology=fattree only");
        Expect([](C& c) { c.cc = "cubic"; },
               "cc",
               "must be " + MpTcpCongestionControlRegistry::ListNames());
        Expect([](C& c) { c.scheduler = "random"; },
               "scheduler",
               "must be " + MpTcpSchedulerRegistry::ListNames());
        Expect([](C& c) { c.transport = "quic"; },
               "transport",
               "must be tcp, mptcp, packetscatter, ps or mmptcp");

        // The lists: built-ins first, in mptcp-fattree's order, then what a program defines.
        const std::string ccs = MpTcpCongestionControlRegistry::ListNames();
        const std::string builtIn = "lia, olia, balia, ewtcp, coupled, semicoupled, xmp, uncoupled";
        NS_TEST_ASSERT_MSG_EQ(ccs.rfind(builtIn, 0),
                              0U,
                              ccs);
        NS_TEST_ASSERT_MSG_NE(ccs.find("testuncoupled"), std::string::npos, ccs);
        TypeId tid;
        NS_TEST_ASSERT_MSG_EQ(MpTcpCongestionControlRegistry::Lookup("testuncoupled", &tid),
                              true,
                              "a congestion control defined in this file is found by name");
        NS_TEST_ASSERT_MSG_EQ(tid, MpTcpTestUncoupled::GetTypeId(), "its TypeId");
        NS_TEST_ASSERT_MSG_EQ(MpTcpCongestionControlRegistry::Lookup("lia", &tid), true, "lia");
        NS_TEST_ASSERT_MSG_EQ(tid, MpTcpLia::GetTypeId(), "lia is MpTcpLia");
        const auto schedulers = MpTcpSchedulerRegistry::GetNames();
        for (const std::string s : {"LowestRtt", "RoundRobin", "StrictRoundRobin"})
        {
            NS_TEST_ASSERT_MSG_EQ(std::count(schedulers.begin(), schedulers.end(), s), 1, s);
        }
        NS_TEST_ASSERT_MSG_EQ(MpTcpSchedulerRegistry::Lookup("LowestRtt", &tid), true, "short");
        NS_TEST_ASSERT_MSG_EQ(tid, MpTcpLowestRttScheduler::GetTypeId(), "LowestRtt");
        NS_TEST_ASSERT_MSG_EQ(MpTcpSchedulerRegistry::Lookup("ns3::MpTcpLowestRttScheduler", &tid),
                              true,
                              "a full TypeId name is accepted too");
        NS_TEST_ASSERT_MSG_EQ(MpTcpSchedulerRegistry::Lookup("", &tid), false, "the base class");
        NS_TEST_ASSERT_MSG_EQ(MpTcpSchedulerRegistry::Lookup("ns3::MpTcpLia", &tid),
                              false,
                              "not a scheduler");
    }
};

/// Every built-in topology created by name: node and link counts computed by hand.
/**
 * \ingroup mptcp-test
 * \brief DatacenterExperiment::DeclareOptions(): every option bound to its Config field, set by
 * ns-3's CommandLine, listed once with its unit, and the warm-up's default resolved by
 * Configure().
 */
class ExperimentOptionsTest : public TestCase
{
  public:
    ExperimentOptionsTest()
        : TestCase("DatacenterExperiment::DeclareOptions binds, parses and lists every option")
    {
    }

  private:
    void DoRun() override
    {
        DatacenterExperiment::Config c;
        ExperimentOptions options = DatacenterExperiment::DeclareOptions(c);
        NS_TEST_ASSERT_MSG_EQ(options.Get().size(), 77, "options of mptcp-fattree, less --quiet");
        const ExperimentOption* k = options.Find("k");
        NS_TEST_ASSERT_MSG_NE(k, nullptr, "--k declared");
        NS_TEST_ASSERT_MSG_EQ(k->GetType(), "uint", "type of --k");
        NS_TEST_ASSERT_MSG_EQ(k->GetUnit(), "ports", "unit of --k");
        NS_TEST_ASSERT_MSG_EQ(k->GetValueJson(), "8", "default of --k");
        NS_TEST_ASSERT_MSG_EQ(options.Find("nosuch"), nullptr, "no --nosuch");
        NS_TEST_ASSERT_MSG_EQ(options.Find("transport")->GetAllowed().size(), 5, "transports");

        CommandLine cmd;
        options.AddTo(cmd);
        const char* argv[] = {"prog", "--k=4", "--transport=tcp", "--duration=0.6",
                              "--hederaInterval=0.5", "--ackPriority=true",
                              "--shuffleResponse=1000"};
        cmd.Parse(7, const_cast<char**>(argv));
        NS_TEST_ASSERT_MSG_EQ(c.k, 4, "--k sets Config::k");
        NS_TEST_ASSERT_MSG_EQ(c.transport, "tcp", "--transport");
        DoubleValue hederaInterval;
        c.sdn.GetPart("hedera")->GetAttribute("Interval", hederaInterval);
        NS_TEST_ASSERT_MSG_EQ(hederaInterval.Get(), 0.5, "--hederaInterval sets its attribute");
        {
            // A copy of the options holds copies of the parts: setting it leaves c alone.
            DatacenterExperiment::Config copy = c;
            DoubleValue copied;
            copy.sdn.GetPart("hedera")->GetAttribute("Interval", copied);
            NS_TEST_ASSERT_MSG_EQ(copied.Get(), 0.5, "the copy has the parsed value");
            copy.sdn.GetPart("hedera")->SetAttribute("Interval", DoubleValue(2));
            c.sdn.GetPart("hedera")->GetAttribute("Interval", hederaInterval);
            NS_TEST_ASSERT_MSG_EQ(hederaInterval.Get(), 0.5, "the original keeps its value");
            NS_TEST_ASSERT_MSG_NE(DatacenterExperiment::DeclareOptions(copy).ParamsJson().find(
                                      "\"hederaInterval\":2"),
                                  std::string::npos,
                                  "the copy records its own");
        }
        NS_TEST_ASSERT_MSG_EQ(c.ackPriority, true, "--ackPriority");
        NS_TEST_ASSERT_MSG_EQ(c.shuffleResponse, 1000, "--shuffleResponse");
        NS_TEST_ASSERT_MSG_EQ(k->GetValueJson(), "4", "the option shows the parsed value");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(c.warmup), true, "--warmup not given: NaN");

        c.db = "none";
        DatacenterExperiment exp;
        DatacenterExperiment::Error error;
        NS_TEST_ASSERT_MSG_EQ(exp.Configure(c, &error), true, error.why);
        NS_TEST_ASSERT_MSG_EQ_TOL(exp.GetConfig().warmup, 0.2, 1e-12, "a third of 0.6 s");

        {
            // What a run records: the declared options but those marked otherwise.
            ExperimentOptions p;
            int a = 1;
            std::string b = "x";
            bool on = false;
            p.Add(ExperimentOption::Bind("a", a, "", "recorded"));
            p.Add(ExperimentOption::Bind("b", b, "", "never recorded").NotRecorded());
            p.Add(ExperimentOption::Bind("c", a, "", "when on").RecordedWhen([&on]() {
                return on;
            }));
            NS_TEST_ASSERT_MSG_EQ(p.ParamsJson(), "{\"a\":1}", "b never, c not yet");
            on = true;
            a = 2;
            NS_TEST_ASSERT_MSG_EQ(p.ParamsJson(), "{\"a\":2,\"c\":2}", "c now, values now");
        }
        const std::string list = options.ListJson();
        const std::string kJson =
            "{\"name\": \"k\", \"type\": \"uint\", \"default\": 4, \"unit\": \"ports\"";
        NS_TEST_ASSERT_MSG_NE(list.find(kJson), std::string::npos, list.substr(0, 300));
        NS_TEST_ASSERT_MSG_NE(list.find("{\"name\": \"RngRun\", \"type\": \"uint\""),
                              std::string::npos,
                              "ns-3's global values are listed");
        NS_TEST_ASSERT_MSG_EQ(list.front(), '[', "a JSON list");
        NS_TEST_ASSERT_MSG_EQ(list.back(), ']', "a JSON list");
    }
};

class RegistryCountsTest : public TestCase
{
  public:
    RegistryCountsTest()
        : TestCase("DatacenterTopologyRegistry creates every built-in topology by name")
    {
    }

  private:
    void DoRun() override
    {
        struct Case
        {
            std::string name;     // --topology
            uint32_t k;           // --k
            uint32_t hostsPerTor; // --hostsPerTor (0: default)
            uint32_t hosts;       // --hosts
            uint32_t nHosts;      // hosts, by hand
            uint32_t nSwitches;   // switches, by hand
            uint32_t nLinks;      // links, by hand
            uint32_t nics;        // addresses per host
        };

        // fattree k=4: 4 pods x 2 edges x 2 hosts; 8 edge + 8 aggregation + 4 core switches;
        //   16 host links + 4x2x2 edge-aggregation + 4x2x2 aggregation-core.
        // dhft k=4: 2k/3 = 2 hosts per ToR pair, 16 hosts; k^2 = 16 ToRs + 8 + 4 switches;
        //   2 x 16 host links + 16 ToR uplinks (k/4 = 1 each) + 16 aggregation-core.
        // vl2 k=4, 2 per ToR: k^2/4 = 4 ToRs, 8 hosts; 4 + k = 4 aggregation + k/2 = 2
        //   intermediate; 8 host links + 2 x 4 ToR uplinks + 4 x 2.
        // perfect, 6 hosts: one switch, 6 links.
        const Case cases[] = {
            {"fattree", 4, 0, 0, 16, 20, 48, 1},
            {"dhft", 4, 0, 0, 16, 28, 64, 2},
            {"vl2", 4, 2, 0, 8, 10, 24, 1},
            {"perfect", 8, 0, 6, 6, 1, 6, 1},
        };
        const auto names = DatacenterTopologyRegistry::GetNames();
        NS_TEST_ASSERT_MSG_EQ((names.size() >= 4), true, "four built-ins");
        for (uint32_t i = 0; i < 4; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(names[i], cases[i].name, "registration order");
        }
        for (const Case& t : cases)
        {
            DatacenterTopologyParameters p;
            p.k = t.k;
            p.hostsPerTor = t.hostsPerTor;
            p.hosts = t.hosts;
            uint32_t nHosts = 0;
            DatacenterTopologyRegistry::Error error;
            NS_TEST_ASSERT_MSG_EQ(DatacenterTopologyRegistry::Validate(t.name, p, &nHosts, &error),
                                  true,
                                  t.name << ": " << error.why);
            NS_TEST_ASSERT_MSG_EQ(nHosts, t.nHosts, t.name << ": hosts before creation");
            auto topo = DatacenterTopologyRegistry::Create(t.name, p);
            NS_TEST_ASSERT_MSG_EQ(topo->IsCreated(), false, t.name << ": created lazily");
            topo->Build(DatacenterTopology::FLOW_ECMP);
            NS_TEST_ASSERT_MSG_EQ(topo->IsAssigned(), true, t.name << ": addressed");
            NS_TEST_ASSERT_MSG_EQ(topo->GetNHosts(), t.nHosts, t.name << ": hosts");
            NS_TEST_ASSERT_MSG_EQ(topo->GetHosts().GetN(), t.nHosts, t.name << ": host nodes");
            NS_TEST_ASSERT_MSG_EQ(topo->GetNodes().GetN() - t.nHosts,
                                  t.nSwitches,
                                  t.name << ": switches");
            NS_TEST_ASSERT_MSG_EQ(topo->GetLinks().size(), t.nLinks, t.name << ": links");
            NS_TEST_ASSERT_MSG_EQ(topo->GetHostAddresses(0).size(), t.nics, t.name << ": NICs");
            NS_TEST_ASSERT_MSG_EQ((topo->GetHostAddress(0) == Ipv4Address()), false, t.name);
            NS_TEST_ASSERT_MSG_EQ(topo->GetLinkRate(DatacenterTopology::HOST_EDGE),
                                  100e6,
                                  t.name << ": default 100 Mb/s host links");
            // Each topology in a simulation of its own, as the programs run them (several in
            // one simulation are routed too: mptcp-ecmp-routing's populate-twice case).
            Simulator::Destroy();
        }
        // The defaults the registry fills in.
        DatacenterTopologyParameters p;
        p.k = 12;
        uint32_t nHosts = 0;
        DatacenterTopologyRegistry::Error error;
        NS_TEST_ASSERT_MSG_EQ(DatacenterTopologyRegistry::Validate("dhft", p, &nHosts, &error),
                              true,
                              error.why);
        NS_TEST_ASSERT_MSG_EQ(p.hostsPerTor, 8U, "dhft k=12: 2k/3 hosts per ToR pair");
        NS_TEST_ASSERT_MSG_EQ(nHosts, 576U, "dhft k=12: 576 hosts (seed 000 §5)");
        NS_TEST_ASSERT_MSG_EQ(DatacenterTopologyRegistry::Validate("bcube", p, &nHosts, &error),
                              false,
                              "unknown name");
        NS_TEST_ASSERT_MSG_EQ(error.option, "topology", "names --topology");
        NS_TEST_ASSERT_MSG_EQ(error.why, "must be fattree, dhft, vl2 or perfect", "lists names");
        NS_TEST_ASSERT_MSG_EQ(DatacenterTopologyRegistry::Contains("bcube"), false, "bcube");
        Simulator::Destroy();
    }
};

/// What RunFlowBytes() gives back of one run.
struct FlowBytes
{
    std::vector<uint64_t> bytes; //!< bytes_rx of each long flow, in flow order
    std::string cc;              //!< runs.cc
    std::string error;           //!< "" if Configure() and Build() took the options
};

/**
 * \param c the options (progress is turned off)
 * \return the run's per-flow bytes and cc; the simulator is destroyed after it
 */
FlowBytes
RunFlowBytes(DatacenterExperiment::Config c)
{
    c.progress = false;
    FlowBytes out;
    DatacenterExperiment exp;
    DatacenterExperiment::Error error;
    if (!exp.Configure(c, &error) || !exp.Build(&error))
    {
        out.error = error.option + ": " + error.why;
        Simulator::Destroy();
        return out;
    }
    exp.Run();
    for (const auto& f : exp.GetFlowRecords())
    {
        out.bytes.push_back(f.bytesRx);
    }
    out.cc = exp.GetRunRecord().cc;
    Simulator::Destroy();
    return out;
}

/**
 * Several simulations in one process, as a user's program or a test runner runs them: an
 * MPTCP-8 run, then runs whose options used to stay behind as process-wide attribute defaults
 * (packetscatter: per-packet ECMP; DHFT: the fullmesh path manager; a TCP run with another
 * segment size), then the first runs again, and in the other order. No attribute default
 * changes, and each run delivers, flow by flow, exactly the bytes it delivers first in the
 * process. (Its results depend on no automatically numbered random stream, so this holds on
 * ns-3.37 too, where Build() cannot restart them: DatacenterExperiment::RestartsRandomStreams().)
 */
class TwoExperimentsTest : public TestCase
{
  public:
    TwoExperimentsTest()
        : TestCase("DatacenterExperiment: runs in one process do not configure each other")
    {
    }

  private:
    /// \param c the options \return bytes_rx of each long flow, in flow order
    std::vector<uint64_t> RunOnce(const DatacenterExperiment::Config& c)
    {
        const FlowBytes run = RunFlowBytes(c);
        NS_TEST_EXPECT_MSG_EQ(run.error, "", "the run");
        return run.bytes;
    }

    /// \return each attribute whose initial value is no longer ns-3's, "type::name=value"
    static std::vector<std::string> ChangedDefaults()
    {
        std::vector<std::string> changed;
        for (const char* type : {"ns3::TcpSocket",
                                 "ns3::TcpSocketBase",
                                 "ns3::TcpL4Protocol",
                                 "ns3::TcpSmallQueuesSocket",
                                 "ns3::MpTcpSocketBase",
                                 "ns3::PacketScatterSocket",
                                 "ns3::MmpTcpSocket",
                                 "ns3::Ipv4FlowEcmpRouting"})
        {
            const TypeId tid = TypeId::LookupByName(type);
            for (uint32_t i = 0; i < tid.GetAttributeN(); ++i)
            {
                const TypeId::AttributeInformation a = tid.GetAttribute(i);
                const std::string now = a.initialValue->SerializeToString(a.checker);
                if (now != a.originalInitialValue->SerializeToString(a.checker))
                {
                    changed.push_back(std::string(type) + "::" + a.name + "=" + now);
                }
            }
        }
        return changed;
    }

    void DoRun() override
    {
        DatacenterExperiment::Config mptcp8 = GoldenTcpConfig();
        mptcp8.duration = 0.3;
        mptcp8.transport = "mptcp";
        mptcp8.subflows = 8;
        DatacenterExperiment::Config tcp = GoldenTcpConfig();
        tcp.duration = 0.3;
        DatacenterExperiment::Config scatter = tcp;
        scatter.transport = "packetscatter";
        DatacenterExperiment::Config dhft = mptcp8;
        dhft.topology = "dhft";
        DatacenterExperiment::Config tcpMss = tcp;
        tcpMss.mss = 1000;

        const std::vector<std::string> before = ChangedDefaults();
        const std::vector<uint64_t> first8 = RunOnce(mptcp8);
        const std::vector<uint64_t> firstScatter = RunOnce(scatter);
        RunOnce(dhft);
        RunOnce(tcpMss);
        const std::vector<uint64_t> firstTcp = RunOnce(tcp);
        const std::vector<uint64_t> again8 = RunOnce(mptcp8);
        const std::vector<uint64_t> againScatter = RunOnce(scatter);
        const std::vector<uint64_t> againTcp = RunOnce(tcp);
        const std::vector<std::string> after = ChangedDefaults();
        NS_TEST_ASSERT_MSG_EQ((after == before),
                              true,
                              "a run changed a default: " << (after.empty() ? "" : after.back()));
        NS_TEST_ASSERT_MSG_EQ(first8.size(), 16U, "one long flow per host");
        NS_TEST_ASSERT_MSG_EQ(firstTcp.size(), 16U, "one long flow per host");
        NS_TEST_ASSERT_MSG_EQ((first8 != firstTcp), true, "MPTCP-8 and TCP differ");
        NS_TEST_ASSERT_MSG_EQ((firstScatter != firstTcp), true, "packet scatter and TCP differ");
        for (size_t i = 0; i < first8.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(again8.at(i), first8[i], "MPTCP-8 flow " << i << " after TCP");
            NS_TEST_ASSERT_MSG_EQ(againTcp.at(i), firstTcp[i], "TCP flow " << i);
            NS_TEST_ASSERT_MSG_EQ(againScatter.at(i), firstScatter[i], "scatter flow " << i);
        }
    }
};

/**
 * A topology and a congestion control defined in this file, registered by name, run by the
 * experiment as mptcp-fattree would with --topology=test-star --cc=testuncoupled.
 */
class UserTopologyTest : public TestCase
{
  public:
    UserTopologyTest()
        : TestCase("a topology and a congestion control defined by a program run by name")
    {
    }

  private:
    void DoRun() override
    {
        DatacenterTopologyRegistry::Entry e;
        e.name = "test-star";
        e.description = "--hosts hosts on one switch (a test)";
        e.recordName = "test-star";
        e.longName = "star";
        e.oneRack = true;
        e.validate = [](DatacenterTopologyParameters& p,
                        uint32_t* n,
                        DatacenterTopologyRegistry::Error* err) {
            if (p.hosts < 2)
            {
                *err = {"hosts", std::to_string(p.hosts), "must be at least 2"};
                return false;
            }
            p.hostsPerTor = p.hosts;
            *n = p.hosts;
            return true;
        };
        e.create = [](const DatacenterTopologyParameters& p) {
            return std::unique_ptr<DatacenterTopology>(new StarTopology(p));
        };
        DatacenterTopologyRegistry::Add(e);
        NS_TEST_ASSERT_MSG_EQ(DatacenterTopologyRegistry::GetNames().back(), "test-star", "added");
        NS_TEST_ASSERT_MSG_NE(DatacenterTopologyRegistry::Describe().find("test-star (--hosts"),
                              std::string::npos,
                              "in the help");

        DatacenterExperiment::Config c;
        c.topology = "test-star";
        c.hosts = 4;
        c.transport = "mptcp";
        c.subflows = 2;
        c.cc = "testuncoupled";
        c.duration = 0.4;
        c.warmup = 0.1;
        c.db = "none";
        c.progress = false;
        DatacenterExperiment exp;
        DatacenterExperiment::Error error;
        NS_TEST_ASSERT_MSG_EQ(exp.Configure(c, &error), true, error.option << ": " << error.why);
        NS_TEST_ASSERT_MSG_EQ(exp.Build(&error), true, error.why);
        exp.Run();
        NS_TEST_ASSERT_MSG_EQ(exp.GetFlowRecords().size(), 4U, "one flow per host");
        for (const auto& f : exp.GetFlowRecords())
        {
            NS_TEST_ASSERT_MSG_GT(f.goodputBps, 1e6, "flow " << f.flowId);
            NS_TEST_ASSERT_MSG_EQ(f.srcAddr.rfind("10.1.0.", 0), 0U, "the star's addresses");
        }
        NS_TEST_ASSERT_MSG_EQ(exp.GetRunRecord().topology, "test-star", "runs.topology");
        NS_TEST_ASSERT_MSG_EQ(exp.GetRunRecord().cc, "testuncoupled", "runs.cc");
        NS_TEST_ASSERT_MSG_EQ(exp.GetRunRecord().k, 0U, "no k");
        Simulator::Destroy();

        // Its own validation, and the rack check of the experiment.
        DatacenterExperiment bad;
        c.hosts = 1;
        NS_TEST_ASSERT_MSG_EQ(bad.Configure(c, &error), false, "1 host");
        NS_TEST_ASSERT_MSG_EQ(error.option, "hosts", error.why);
        DatacenterExperiment local;
        c.hosts = 4;
        c.localFraction = 0.5;
        NS_TEST_ASSERT_MSG_EQ(local.Configure(c, &error), false, "one rack");
        NS_TEST_ASSERT_MSG_EQ(error.why,
                              "the star is one rack, so locality has no effect (leave it out)",
                              "message");
    }
};

/**
 * TransportAttributes on one node of the module's stack: each factory's sockets, and the
 * subflows of the multipath ones, get exactly the values set (TCP's on every TCP socket and
 * subflow, the multipath ones on MPTCP, PacketScatter and MMPTCP sockets, one factory's on its
 * sockets only, the L4 protocol's on TCP), and ns-3's attribute defaults stay as they were.
 */
class TransportAttributesTest : public TestCase
{
  public:
    TransportAttributesTest()
        : TestCase("TransportAttributes: the values reach the sockets, not the defaults")
    {
    }

  private:
    /// \return the attribute \p name of \p o as a string
    static std::string Get(Ptr<Object> o, const std::string& name)
    {
        TypeId::AttributeInformation info;
        NS_ABORT_UNLESS(o->GetInstanceTypeId().LookupAttributeByName(name, &info));
        Ptr<AttributeValue> value = info.checker->Create();
        o->GetAttribute(name, *value);
        return value->SerializeToString(info.checker);
    }

    void DoRun() override
    {
        Ptr<Node> node = CreateObject<Node>();
        MpTcpStackHelper stack;
        stack.Install(node);
        const std::string defaultMss = Get(CreateObject<TcpSocketBase>(), "SegmentSize");
        TransportAttributes t;
        t.SetTcp("SegmentSize", UintegerValue(1000));
        t.SetTcp("SmallQueues", BooleanValue(false));
        t.SetMultipath("NumSubflows", UintegerValue(3));
        t.SetSocket("ns3::MmpTcpSocketFactory", "SwitchThreshold", UintegerValue(12345));
        t.SetL4("SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
        NS_TEST_ASSERT_MSG_EQ(t.GetN(), 5U, "five values");
        t.Install(NodeContainer(node));

        auto socket = [&node](const char* factory) {
            return Socket::CreateSocket(node, TypeId::LookupByName(factory));
        };
        Ptr<Socket> plain = socket("ns3::TcpSocketBaseFactory");
        NS_TEST_ASSERT_MSG_EQ(plain->GetInstanceTypeId().GetName(), "ns3::TcpSocketBase", "");
        NS_TEST_ASSERT_MSG_EQ(Get(plain, "SegmentSize"), "1000", "TcpSocketBase");
        Ptr<Socket> tsq = socket("ns3::TcpSmallQueuesSocketFactory");
        NS_TEST_ASSERT_MSG_EQ(Get(tsq, "SegmentSize"), "1000", "TcpSmallQueuesSocket");
        NS_TEST_ASSERT_MSG_EQ(Get(tsq, "SmallQueues"), "false", "TcpSmallQueuesSocket");
        for (const char* f : {"ns3::MpTcpSocketFactory",
                              "ns3::PacketScatterSocketFactory",
                              "ns3::MmpTcpSocketFactory"})
        {
            Ptr<MpTcpSocketBase> meta = DynamicCast<MpTcpSocketBase>(socket(f));
            NS_TEST_ASSERT_MSG_EQ((meta != nullptr), true, f);
            NS_TEST_ASSERT_MSG_EQ(Get(meta, "NumSubflows"), "3", f);
            Ptr<MpTcpSubflow> sf = meta->GetSubflowFactory().Create<MpTcpSubflow>();
            NS_TEST_ASSERT_MSG_EQ(Get(sf, "SegmentSize"), "1000", f << "'s subflows");
            NS_TEST_ASSERT_MSG_EQ(Get(sf, "SmallQueues"), "false", f << "'s subflows");
        }
        NS_TEST_ASSERT_MSG_EQ(Get(socket("ns3::MmpTcpSocketFactory"), "SwitchThreshold"),
                              "12345",
                              "MMPTCP's own");
        TypeIdValue cc;
        node->GetObject<TcpL4Protocol>()->GetAttribute("SocketType", cc);
        NS_TEST_ASSERT_MSG_EQ(cc.Get(), TcpNewReno::GetTypeId(), "the node's TCP");
        NS_TEST_ASSERT_MSG_EQ(Get(CreateObject<TcpSocketBase>(), "SegmentSize"),
                              defaultMss,
                              "ns-3's default untouched");
        Simulator::Destroy();
    }
};

/**
 * DatacenterTransportRegistry: the five built-in transports in order with the fields the
 * experiment asks instead of their names, and a transport a program adds (here MPTCP's socket
 * under another name) runs by name in DatacenterExperiment as the built-in one does, flow by
 * flow, and is refused for short flows only if it says so.
 */
class TransportRegistryTest : public TestCase
{
  public:
    TransportRegistryTest()
        : TestCase("DatacenterTransportRegistry: built-in transports and one a program adds")
    {
    }

  private:
    /// \param transport the --transport \return bytes_rx of each long flow and the cc recorded
    std::pair<std::vector<uint64_t>, std::string> RunOnce(const std::string& transport)
    {
        DatacenterExperiment::Config c = GoldenTcpConfig();
        c.duration = 0.3;
        c.transport = transport;
        c.subflows = 4;
        const FlowBytes run = RunFlowBytes(c);
        NS_TEST_EXPECT_MSG_EQ(run.error, "", "the run");
        return {run.bytes, run.cc};
    }

    void DoRun() override
    {
        using R = DatacenterTransportRegistry;
        const std::vector<std::string> builtIn = {"tcp", "mptcp", "packetscatter", "ps", "mmptcp"};
        std::vector<std::string> names = R::GetNames();
        NS_TEST_ASSERT_MSG_EQ((std::vector<std::string>(names.begin(), names.begin() + 5) ==
                               builtIn),
                              true,
                              "built-ins in order");
        NS_TEST_ASSERT_MSG_EQ(R::Find("tcp")->onStock, true, "tcp runs on stock ns-3");
        NS_TEST_ASSERT_MSG_EQ(R::Find("mptcp")->onStock, false, "mptcp does not");
        NS_TEST_ASSERT_MSG_EQ(R::Find("packetscatter")->perPacketEcmp, true, "switch scatter");
        NS_TEST_ASSERT_MSG_EQ(R::Find("packetscatter")->shortFlows, false, "not for short flows");
        NS_TEST_ASSERT_MSG_EQ(R::Find("mmptcp")->switchesToMptcp, true, "MMPTCP switches");
        NS_TEST_ASSERT_MSG_EQ((R::Find("mptcp")->multipath && R::Find("mmptcp")->multipath &&
                               !R::Find("ps")->multipath && !R::Find("tcp")->multipath),
                              true,
                              "multipath: mptcp and mmptcp");
        NS_TEST_ASSERT_MSG_EQ(R::Find("ps")->socketFactory,
                              "ns3::PacketScatterSocketFactory",
                              "ps's factory");
        NS_TEST_ASSERT_MSG_EQ((R::Find("nope") == nullptr), true, "unknown");
        NS_TEST_ASSERT_MSG_EQ(R::JoinOr({"a", "b", "c"}), "a, b or c", "JoinOr");
        NS_TEST_ASSERT_MSG_EQ(R::Help().substr(0, 30), "tcp | mptcp | packetscatter (s", "Help");

        if (!R::Find("test-mptcp"))
        {
            DatacenterTransport mine = *R::Find("mptcp");
            mine.name = "test-mptcp";
            mine.description = "MPTCP under a name of the test's";
            R::Add(mine);
        }
        NS_TEST_ASSERT_MSG_EQ(R::GetNames().back(), "test-mptcp", "added last");
        const auto builtInRun = RunOnce("mptcp");
        const auto mineRun = RunOnce("test-mptcp");
        NS_TEST_ASSERT_MSG_EQ(builtInRun.first.size(), 16U, "one flow per host");
        NS_TEST_ASSERT_MSG_EQ((mineRun.first == builtInRun.first), true, "the same flows");
        NS_TEST_ASSERT_MSG_EQ(mineRun.second, "lia", "a multipath run records --cc");
        NS_TEST_ASSERT_MSG_EQ(RunOnce("ps").second, "newreno", "ps records newreno");

        DatacenterExperiment::Config c = GoldenTcpConfig();
        c.transport = "udp";
        DatacenterExperiment bad;
        DatacenterExperiment::Error error;
        NS_TEST_ASSERT_MSG_EQ(bad.Configure(c, &error), false, "unknown transport");
        NS_TEST_ASSERT_MSG_EQ(error.why,
                              "must be tcp, mptcp, packetscatter, ps, mmptcp or test-mptcp",
                              "the message lists the registry");
    }
};

/// The suite.
class DatacenterExperimentTestSuite : public TestSuite
{
  public:
    DatacenterExperimentTestSuite()
        : TestSuite("mptcp-datacenter-experiment", MPTCP_TEST_UNIT)
    {
        // First: the golden numbers need the RNG stream numbering of a fresh process.
        AddTestCase(new ExperimentGoldenTest(), MPTCP_TEST_QUICK);
        AddTestCase(new ExperimentOptionErrorTest(), MPTCP_TEST_QUICK);
        AddTestCase(new ExperimentOptionsTest(), MPTCP_TEST_QUICK);
        AddTestCase(new RegistryCountsTest(), MPTCP_TEST_QUICK);
        AddTestCase(new UserTopologyTest(), MPTCP_TEST_QUICK);
        AddTestCase(new TwoExperimentsTest(), MPTCP_TEST_QUICK);
        AddTestCase(new TransportRegistryTest(), MPTCP_TEST_QUICK);
        AddTestCase(new TransportAttributesTest(), MPTCP_TEST_QUICK);
    }
};

/// Registers the suite.
static DatacenterExperimentTestSuite g_datacenterExperimentTestSuite;

} // namespace
