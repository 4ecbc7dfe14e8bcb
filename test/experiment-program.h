/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * RunExperimentProgram(): run a command line as mptcp-fattree does (the tests of parts defined
 * in a test file: controllers, metrics).
 */
#ifndef MPTCP_TEST_EXPERIMENT_PROGRAM_H
#define MPTCP_TEST_EXPERIMENT_PROGRAM_H

#include "ns3/command-line.h"
#include "ns3/datacenter-experiment.h"
#include "ns3/simulator.h"

#include <string>
#include <vector>

namespace ns3
{
namespace mptcp_test
{

/// What a test reads of one run of RunExperimentProgram().
struct ProgramRun
{
    std::string error;               //!< Configure()'s, Build()'s or the database's error
    std::string errorOption;         //!< the option at fault ("" if none)
    std::vector<double> goodputBps;  //!< per long flow, bit/s
    WorkloadResults results;         //!< the run's workload rows
    std::string params;              //!< params_json
    std::string summary;             //!< the JSON summary line
};

/**
 * Run a program's command line as mptcp-fattree does: options declared by
 * DatacenterExperiment::DeclareOptions() and parsed by ns-3's CommandLine, then Configure(),
 * Build(), Run(), the database (if --db names one) and the summary; Simulator::Destroy() after.
 * \param args the arguments, without the program name (no --quiet: not an option here)
 * \return what the run gave (only error and errorOption if it was rejected)
 */
inline ProgramRun
RunExperimentProgram(std::vector<std::string> args)
{
    DatacenterExperiment::Config c;
    ExperimentOptions options = DatacenterExperiment::DeclareOptions(c);
    CommandLine cmd;
    options.AddTo(cmd);
    args.insert(args.begin(), "prog");
    std::vector<char*> argv;
    for (std::string& a : args)
    {
        argv.push_back(a.data());
    }
    cmd.Parse(static_cast<int>(argv.size()), argv.data());
    ProgramRun out;
    DatacenterExperiment exp;
    DatacenterExperiment::Error error;
    if (!exp.Configure(c, &error) || !exp.Build(&error))
    {
        out.error = error.why;
        out.errorOption = error.option;
        return out;
    }
    exp.Run();
    for (const FlowRecord& f : exp.GetFlowRecords())
    {
        out.goodputBps.push_back(f.goodputBps);
    }
    out.results = exp.GetWorkloadResults();
    out.params = exp.GetRunRecord().paramsJson;
    const int64_t runId = exp.HasDatabase() ? exp.WriteDatabase(&out.error) : -1;
    out.summary = exp.GetSummaryJson(runId);
    Simulator::Destroy();
    return out;
}

} // namespace mptcp_test
} // namespace ns3

#endif /* MPTCP_TEST_EXPERIMENT_PROGRAM_H */
