/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DATACENTER_CONTROLLER_OPTIONS_H
#define DATACENTER_CONTROLLER_OPTIONS_H

#include "ns3/experiment-database.h"
#include "ns3/sdn-controller.h"

#include <string>

namespace ns3
{

class DatacenterTopology;

/**
 * \ingroup mptcp
 * \brief The SDN-controller options of DatacenterExperiment (mptcp-fattree --controller,
 * --hederaInterval, --hederaThreshold): their validation, the installation of the controller on
 * a built fabric, and the fields they add to the summary JSON and to params_json.
 *
 * "none" (default) installs nothing: the fabric forwards by ECMP alone, exactly as without
 * these options. "hedera" installs a HederaController (seed 000 §4.4: Hedera's Global First Fit)
 * with flow tables on every switch (SdnControllerHelper).
 */
struct DatacenterControllerOptions
{
    std::string controller{"none"}; //!< none | hedera.
    double hederaInterval{5};       //!< Hedera's scheduling interval, s (HederaController::Interval).
    double hederaThreshold{0.1};    //!< Elephant threshold, fraction of the NIC rate.

    /**
     * \brief Check the options against the rest of the run.
     * \param stock whether the run is the stock ns-3 baseline (no controller possible)
     * \param mpi whether the run is split over MPI ranks (not supported with a controller)
     * \param [out] option the option at fault (without "--")
     * \param [out] value its value
     * \param [out] why what a valid value is
     * \return true if valid
     */
    bool Validate(bool stock, bool mpi, std::string* option, std::string* value, std::string* why) const;
    /**
     * \brief Install the controller on a built fabric (nothing for "none").
     * \param topo the fabric
     * \return the controller, or nullptr for "none"
     */
    Ptr<SdnController> Install(const DatacenterTopology& topo) const;
    /**
     * \param controller what Install() returned
     * \return the summary JSON fields, each preceded by ", ": controller, flows_scheduled,
     *         hedera_rounds, rules_installed, control_messages, control_bytes (zeros for none)
     */
    std::string SummaryJsonFields(Ptr<SdnController> controller) const;
    /**
     * \param controller what Install() returned
     * \param [out] row the `controller_runs` row of the results database
     * \return false (row untouched) for "none"
     */
    bool Record(Ptr<SdnController> controller, ControllerRunRecord* row) const;
    /// \return the params_json fields, each preceded by ",": controller, hederaInterval, hederaThreshold
    std::string ParamsJsonFields() const;
};

} // namespace ns3

#endif /* DATACENTER_CONTROLLER_OPTIONS_H */
