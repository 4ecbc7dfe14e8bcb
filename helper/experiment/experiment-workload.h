/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef EXPERIMENT_WORKLOAD_H
#define EXPERIMENT_WORKLOAD_H

#include "ns3/experiment-part.h"
#include "ns3/traffic-matrix.h"

#include <string>

/**
 * \file
 * \ingroup mptcp
 * ns3::ExperimentWorkload (a workload of one's own, run by ``--workload=NAME``) and
 * ns3::ExperimentWorkloadRegistry.
 */

namespace ns3
{

class DatacenterTopology;
class DatacenterWorkloadHelper;

/**
 * \ingroup mptcp
 * \brief A workload part of a datacenter experiment, run by name (``--workload=NAME``): which
 * long flows the experiment installs and measures (LongFlows(): each a bulk transfer from the
 * start to the end of the run over --transport, measured after the warm-up against its optimum,
 * as Sim_Long's), and any other flows it installs itself (InstallFlows(): through the
 * DatacenterWorkloadHelper, whose FlowStatistics record them). Its parameters are TypeId
 * attributes declared as options (ExperimentPart::DoDeclareOptions()), recorded in params_json
 * when it runs.
 *
 * This base class is Sim_Long's shape: the long flows are the traffic matrix as drawn
 * (--matrix, --connectionsPerHost, --localFraction), no other flows. The built-in workloads
 * (long, mix, incast, incast-long, closed-loop, random-closed-loop, permutation-finite,
 * shuffle) are still the experiment's own; a user's program adds one of its own with
 * ExperimentWorkloadRegistry::Add() before it declares its options.
 */
class ExperimentWorkload : public ExperimentPart
{
  public:
    /// What a workload sees of the run when it installs its flows.
    struct Context
    {
        const DatacenterTopology* topology{nullptr}; //!< The built fabric.
        uint32_t nHosts{0};                          //!< Its hosts.
        /// The traffic matrix as drawn: (source host, destination host) pairs.
        const TrafficMatrix::FlowList* matrix{nullptr};
        /// Installs flows (DatacenterWorkloadHelper::Install(), PlanPoisson(), ...).
        DatacenterWorkloadHelper* flows{nullptr};
        std::string socketFactory; //!< TypeId name of --transport's socket factory.
        std::string transport;     //!< --transport.
        double warmupS{0};         //!< End of the warm-up, s.
        double durationS{0};       //!< End of the run, s.
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Check that the workload can run on this many hosts (called after its
     * parameters were checked).
     * \param nHosts the fabric's hosts
     * \param [out] error the option at fault
     * \return true if it can (this base class: always)
     */
    virtual bool CheckHosts(uint32_t nHosts, Error* error) const;
    /**
     * \brief The long flows: the experiment installs each (one connection over --transport,
     * started within the first 10 ms, port 5000 + its index) and measures it.
     * \param run the run
     * \return (source host, destination host) pairs, host indices < run.nHosts (this base
     *         class: the matrix)
     */
    virtual TrafficMatrix::FlowList LongFlows(const Context& run);
    /**
     * \brief Install the workload's other flows, after the long flows (this base class: none).
     * \param run the run
     */
    virtual void InstallFlows(const Context& run);
};

/**
 * \ingroup mptcp
 * \brief The workloads of one's own a program can run by name (``--workload``), beside the
 * built-in ones.
 */
using ExperimentWorkloadRegistry = ExperimentPartRegistry<ExperimentWorkload>;
/// \return the workloads' table (defined in the .cc, declared before any use)
template <>
ExperimentPartTable& ExperimentPartRegistry<ExperimentWorkload>::Table();

} // namespace ns3

#endif /* EXPERIMENT_WORKLOAD_H */
