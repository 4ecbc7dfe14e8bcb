/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The FatTree experiment of Raiciu et al., "Improving Datacenter Performance and Robustness
 * with Multipath TCP", SIGCOMM 2011, Fig. 2 and Fig. 3: long-lived flows of a traffic matrix
 * (permutation by default) over a k-ary FatTree with per-flow ECMP, single-path TCP against
 * MPTCP with 1..8 subflows (ndiffports, LIA).
 *
 * Output: per-flow goodput after the warm-up, the aggregate as a percentage of optimal (see
 * doc/mptcp.rst, "Optimal throughput"), a row in an SQLite database (doc/results-schema.rst),
 * and a one-line JSON summary as the last line of stdout. Progress goes to stderr.
 *
 * --workload adds the MMPTCP thesis' templates (§5.2.3, §5.12): mix (Sim_Mix: long flows from
 * a fraction of the hosts, Poisson short flows from the others, flow completion times),
 * incast and incast-long; the default, long, is the paper's Sim_Long.
 *
 *   ./mptcp-fattree --k=8 --transport=mptcp --subflows=8 --duration=3 --warmup=1
 *   ./mptcp-fattree --k=4 --workload=mix --transport=mptcp --shortTransport=tcp --duration=2
 *   mpirun -np 2 ./mptcp-fattree --mpi --k=8      (ns-3 built with --enable-mpi)
 *
 * The experiment itself is ns3::DatacenterExperiment
 * (helper/experiment/datacenter-experiment.h); this program parses and prints. The --topology, --cc and --scheduler names come from
 * DatacenterTopologyRegistry, MpTcpCongestionControlRegistry and MpTcpSchedulerRegistry, so a
 * new topology or congestion control needs no edit here.
 */
#include "mptcp-example-common.h"

#include "ns3/core-module.h"
#include "ns3/datacenter-experiment.h"
#include "ns3/datacenter-partition.h"
#include "ns3/datacenter-topology-registry.h"
#include "ns3/mptcp-algorithm-registry.h"

#include <iomanip>
#include <iostream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("MpTcpFatTree");

namespace
{

const char* PROGRAM = "mptcp-fattree";

/**
 * Print one line naming the bad option and exit with status 2, before anything is written.
 * \param e the invalid option
 */
[[noreturn]] void
Fail(const DatacenterExperiment::Error& e)
{
    DatacenterPartition::Disable(); // every rank fails alike (same options, same draws)
    mptcp_example::FailOption(PROGRAM, e.option, e.value, e.why);
}

} // namespace

int
main(int argc, char* argv[])
{
    DatacenterExperiment::Config c; // every option's default
    bool quiet = false;

    // The fastest of ns-3's event schedulers for this workload (`mptcp-ns3 bench
    // --event-schedulers`, doc/mptcp.rst "Speed"); --SchedulerType=... chooses another.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::CalendarScheduler"));
    CommandLine cmd(__FILE__);
    cmd.Usage("FatTree experiment of Raiciu et al. (SIGCOMM 2011, Fig. 2 and 3): long-lived "
              "flows over a k-ary FatTree with per-flow ECMP, TCP against MPTCP.");
    // Every option is declared once, in DatacenterExperiment::DeclareOptions().
    ExperimentOptions options = DatacenterExperiment::DeclareOptions(c);
    options.Add(ExperimentOption::Bind("quiet", quiet, "", "no per-flow lines on stdout").NotRecorded());
    options.AddTo(cmd);
    options.AddListOption(cmd);
    cmd.Parse(argc, argv);
    if (options.ListIfAsked(std::cout))
    {
        return 0;
    }

    // ---- Validate everything before simulating or writing anything.
    TypeIdValue eventScheduler; // CommandLine has checked that it names a TypeId
    GlobalValue::GetValueByName("SchedulerType", eventScheduler);
    if (!eventScheduler.Get().IsChildOf(Scheduler::GetTypeId()))
    {
        mptcp_example::FailOption(PROGRAM,
                                  "SchedulerType",
                                  eventScheduler.Get().GetName(),
                                  "is not an event scheduler (a subclass of ns3::Scheduler)");
    }
    DatacenterExperiment experiment;
    DatacenterExperiment::Error error;
    const bool valid = experiment.Configure(c, &error);
    for (const std::string& warning : experiment.GetWarnings())
    {
        std::cerr << PROGRAM << ": warning: " << warning << std::endl;
    }
    if (!valid || !experiment.Build(&error))
    {
        Fail(error);
    }
    experiment.Run();
    // A distributed run: every rank holds the combined results, rank 0 prints and writes them.
    const bool writer = DatacenterPartition::GetRank() == 0;

    if (!quiet && writer)
    {
        for (const FlowRecord& r : experiment.GetFlowRecords())
        {
            std::cout << "flow " << r.flowId << " host " << r.srcHost << " -> " << r.dstHost
                      << " " << std::fixed << std::setprecision(3) << r.goodputBps / 1e6
                      << " Mb/s " << std::setprecision(1) << r.pctOfOptimal << "%" << std::endl;
        }
    }
    int64_t runId = -1;
    if (experiment.HasDatabase() && writer)
    {
        std::string why;
        runId = experiment.WriteDatabase(&why);
        if (runId < 0)
        {
            std::cerr << PROGRAM << ": could not store the run in " << experiment.GetConfig().db
                      << ": " << why << std::endl;
        }
    }
    Simulator::Destroy();
    DatacenterPartition::Disable();
    if (!writer)
    {
        return 0;
    }
    std::cout << experiment.GetSummaryJson(runId) << std::endl;
    return (experiment.HasDatabase() && runId < 0) ? 1 : 0;
}
