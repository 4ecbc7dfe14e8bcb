/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DATACENTER_CONTROLLER_OPTIONS_H
#define DATACENTER_CONTROLLER_OPTIONS_H

#include "ns3/application-container.h"
#include "ns3/experiment-controller.h"
#include "ns3/experiment-database.h"
#include "ns3/experiment-options.h"
#include "ns3/sdn-controller.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The SDN-controller options of DatacenterExperiment: ``--controller`` and the
 * parameters of every controller part of ExperimentControllerRegistry (hedera:
 * --hederaInterval, --hederaThreshold; responsive: --monitorInterval, --deltaDgt, --deltaRvt,
 * --stableCount, --maxSubflows, --deltaDdt; a user's own part: its own). It holds one part per
 * registered controller (made when first asked for, after the program's registrations), so
 * that every part's options exist on the command line; the one --controller names does the
 * work. It never compares controller names: the parts answer (ExperimentController).
 *
 * A value type: a copy holds copies of the parts (their attributes copied), so two
 * experiments configured from one copy each do not share parameters.
 */
class DatacenterControllerOptions
{
  public:
    std::string controller{"none"}; //!< --controller: a name of ExperimentControllerRegistry.

    /**
     * \brief Declare --controller and the options of every registered part, in registry
     * order.
     * \param options the program's options, appended to
     */
    void DeclareOptions(ExperimentOptions& options);
    /**
     * \param name a controller name
     * \return its part (made on first use, attributes at their defaults), or nullptr if no
     *         controller has that name; set its attributes to configure it without a command line
     */
    Ptr<ExperimentController> GetPart(const std::string& name) const;
    /// \return the part of --controller, or nullptr if the name is unknown
    Ptr<ExperimentController> GetChosen() const;

    /**
     * \brief Check --controller, the parameters of every part, then that the chosen part can
     * control the run.
     * \param run the rest of the run
     * \param [out] error the first option at fault
     * \return true if valid
     */
    bool Validate(const ExperimentController::RunContext& run,
                  ExperimentController::Error* error) const;
    /// \return the controller names (--controller), as the registry lists them
    static std::vector<std::string> GetNames();
    /**
     * \return the summary JSON fields, each preceded by ", ": controller, flows_scheduled,
     *         hedera_rounds, rules_installed, control_messages, control_bytes (zeros for none;
     *         OpenFlow only), then the controller's own (SdnController::WriteSummaryFields();
     *         responsive: path_requests, subflows_granted, demands_sent, server_messages,
     *         server_control_bytes, server_control_bps_per_server)
     * \param controller what the chosen part's Install() returned
     * \param durationS the run's duration, s
     */
    std::string SummaryJsonFields(Ptr<SdnController> controller, double durationS) const;
    /**
     * \param agents the agents the chosen part's Install() returned
     * \return one `control_servers` row per agent (none without agents)
     */
    std::vector<ControlServerRecord> RecordServers(const ApplicationContainer& agents) const;

  private:
    /// One part per registered controller.
    ExperimentPartSet m_parts{ExperimentControllerRegistry::GetTable()};
};

} // namespace ns3

#endif /* DATACENTER_CONTROLLER_OPTIONS_H */
