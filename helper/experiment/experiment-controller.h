/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef EXPERIMENT_CONTROLLER_H
#define EXPERIMENT_CONTROLLER_H

#include "ns3/application-container.h"
#include "ns3/experiment-database.h"
#include "ns3/experiment-part.h"
#include "ns3/sdn-controller.h"

#include <ostream>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::ExperimentController (the controller part of an experiment, and the "none" controller)
 * and ns3::ExperimentControllerRegistry (the parts by --controller name).
 */

namespace ns3
{

class DatacenterTopology;
class DatacenterWorkloadHelper;
struct DatacenterTransport;

/**
 * \ingroup mptcp
 * \brief The controller part of a datacenter experiment (``--controller``): its parameters as
 * TypeId attributes, bound to the program's options; it checks them, installs its SDN
 * controller (an SdnController subclass) on the built fabric, follows the workload's flows if
 * it needs to, and records its parameters and results. DatacenterExperiment asks these
 * methods and never compares controller names.
 *
 * This base class is the ``none`` controller: it installs nothing (the fabric forwards by ECMP
 * alone). A controller of one's own derives from it, overrides what it needs (at least
 * Install()), declares its parameters as attributes and options in DoDeclareOptions(), and is
 * added to ExperimentControllerRegistry under a name (before the program declares its
 * options); ``--controller=NAME`` then runs it. Built in: HederaExperimentController (seed 000
 * §4.4) and ResponsiveExperimentController (seed 004).
 */
class ExperimentController : public ExperimentPart
{
  public:
    /// What a controller may need to know of the rest of the run to accept it.
    struct RunContext
    {
        bool stock{false};                             //!< --stock: the stock ns-3 baseline
        bool mpi{false};                               //!< --mpi: split over MPI ranks
        std::string transportName;                     //!< --transport as given
        const DatacenterTransport* transport{nullptr}; //!< Its registry entry (nullptr: none)
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Check that the part, chosen by --controller, can control this run.
     * \param run the rest of the run
     * \param [out] error the option at fault
     * \return true if it can (this base class: always)
     */
    virtual bool CheckRun(const RunContext& run, Error* error) const;
    /**
     * \brief The path manager the controller needs on the MPTCP sockets, if any (e.g. the
     * Responsive path manager, which opens subflows on the controller's word).
     * \param [out] subflows the path manager's MaxSubflows, subflows per connection (set only
     *        if a name is returned)
     * \return the path manager's TypeId name, or "" for none (this base class)
     */
    virtual std::string GetPathManager(uint32_t* subflows) const;
    /**
     * \brief Install the controller on a built fabric.
     * \param topo the fabric
     * \param [out] agents set to its server agents in host order, if it has any (left empty
     *        otherwise)
     * \return the controller, or nullptr for none (this base class)
     */
    virtual Ptr<SdnController> Install(const DatacenterTopology& topo, ApplicationContainer* agents);
    /**
     * \brief Hand the workload's flows to whatever follows them (e.g. the server agents), before
     * the flows are installed. This base class: nothing.
     * \param workload the workload helper (its installed callback may be set); outlives the run
     * \param agents the server agents in host order as Install() fills them (Install() may come
     *        after this call: read them when a flow starts); outlives the run
     */
    virtual void FollowFlows(DatacenterWorkloadHelper* workload, const ApplicationContainer* agents);
    /**
     * \brief Fill the run's `controller_runs` row from what Install() returned: the name, the
     * controller's counters (SdnController::GetRunCounters(), rules, messages, bytes), then
     * RecordParameters() for the interval and threshold.
     * \param controller what Install() returned
     * \param [out] row the row
     * \return false (row untouched) when there is no controller
     */
    bool Record(Ptr<SdnController> controller, ControllerRunRecord* row) const;

  protected:
    /**
     * \brief The two parameters of a `controller_runs` row.
     * \param [out] intervalS the controller's period or sampling interval, s
     * \param [out] threshold its threshold (a fraction)
     * This base class: 0 and 0.
     */
    virtual void RecordParameters(double* intervalS, double* threshold) const;
    /**
     * \brief The checks every installed controller shares: not on the stock baseline, not
     * with --mpi (the controller sees one rank's fabric).
     * \param run the rest of the run
     * \param [out] error set on failure, option "controller"
     * \return true if the run can have a controller
     */
    bool CheckFabricControl(const RunContext& run, Error* error) const;
};

/**
 * \ingroup mptcp
 * \brief The controllers a program can run by name (``--controller``). Built in, in this order:
 * ``none`` (ns3::ExperimentController), ``hedera`` (ns3::HederaExperimentController) and
 * ``responsive`` (ns3::ResponsiveExperimentController).
 */
using ExperimentControllerRegistry = ExperimentPartRegistry<ExperimentController>;
/// \return the ExperimentController table (defined in the .cc, declared before any use)
template <>
ExperimentPartTable& ExperimentPartRegistry<ExperimentController>::Table();

} // namespace ns3

#endif /* EXPERIMENT_CONTROLLER_H */
