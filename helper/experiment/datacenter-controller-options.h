/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DATACENTER_CONTROLLER_OPTIONS_H
#define DATACENTER_CONTROLLER_OPTIONS_H

#include "ns3/application-container.h"
#include "ns3/experiment-database.h"
#include "ns3/sdn-controller.h"

#include <string>
#include <vector>

namespace ns3
{

class DatacenterTopology;
class DatacenterWorkloadHelper;

/**
 * \ingroup mptcp
 * \brief The SDN-controller options of DatacenterExperiment (mptcp-fattree --controller,
 * --hederaInterval, --hederaThreshold, --monitorInterval, --deltaDgt, --deltaRvt,
 * --stableCount, --maxSubflows, --deltaDdt): their validation, the installation of the
 * controller on a built fabric, and the fields they add to the summary JSON and to
 * params_json.
 *
 * "none" (default) installs nothing: the fabric forwards by ECMP alone, exactly as without
 * these options. "hedera" installs a HederaController (seed 000 §4.4: Hedera's Global First Fit)
 * with flow tables on every switch (SdnControllerHelper). "responsive" installs Responsive
 * MPTCP (seed 004): a ResponsiveController (Algorithms 1 and 2, reactive: the switches hold
 * unknown packets for it, MissAction Hold), the out-of-band control network with a
 * ResponsiveMonitor (Algorithm 3) on every host, and makes the Responsive path manager
 * (one subflow, more on the controller's word, at most --maxSubflows) the MPTCP default; the
 * experiment hands every MPTCP flow to its sender's monitor (ResponsiveMonitor::AddFlow()).
 */
struct DatacenterControllerOptions
{
    std::string controller{"none"}; //!< none | hedera | responsive.
    double hederaInterval{5};       //!< Hedera's scheduling interval, s (HederaController::Interval).
    double hederaThreshold{0.1};    //!< Elephant threshold, fraction of the NIC rate.
    /// t_m, the monitors' sampling interval (ns-3 Time; seed 004 Table I: 2, 4, 8 ms).
    std::string monitorInterval{"4ms"};
    double deltaDgt{0.15};    //!< δ_DGT: request when below (1 - δ_DGT) of the demand.
    double deltaRvt{0.15};    //!< δ_RVT: a sample is stable within δ_RVT of p_r.
    uint32_t stableCount{5};  //!< R: stable samples in a row before a request.
    uint32_t maxSubflows{4};  //!< M: the most subflows of a flow (1..8).
    double deltaDdt{0.15};    //!< δ_DDT: a demand is sent again when it moved by more.

    /**
     * \brief Check the options against the rest of the run.
     * \param stock whether the run is the stock ns-3 baseline (no controller possible)
     * \param mpi whether the run is split over MPI ranks (not supported with a controller)
     * \param transport the run's --transport (responsive needs mptcp)
     * \param [out] option the option at fault (without "--")
     * \param [out] value its value
     * \param [out] why what a valid value is
     * \return true if valid
     */
    bool Validate(bool stock,
                  bool mpi,
                  const std::string& transport,
                  std::string* option,
                  std::string* value,
                  std::string* why) const;
    /// \return the controller names (--controller): none, hedera, responsive
    static std::vector<std::string> GetNames();
    /**
     * \brief The path manager the controller needs on the MPTCP sockets, if any: responsive
     * steers subflows itself (ns3::MpTcpResponsivePathManager, at most maxSubflows per
     * connection); the others need none.
     * \param [out] subflows its MaxSubflows, subflows per connection (set if not "")
     * \return the path manager's TypeId name, or "" for none
     */
    std::string GetPathManager(uint32_t* subflows) const;
    /**
     * \brief Install the controller on a built fabric (nothing for "none").
     * \param topo the fabric
     * \param [out] agents if not null, set to the server agents in host order (responsive:
     *        the ResponsiveMonitors; empty for the others)
     * \return the controller, or nullptr for "none"
     */
    Ptr<SdnController> Install(const DatacenterTopology& topo,
                               ApplicationContainer* agents = nullptr) const;
    /**
     * \brief Hand the workload's flows over to the server agents that follow them: a
     * nanosecond after each flow starts (its sender's socket exists then; the agent learns the
     * flow's id from the controller's DEMAND, a round trip later), its MPTCP connection goes
     * to the agent of its source host (SdnServerAgent::AddLocalFlow()). Responsive only (its
     * ResponsiveMonitors); nothing for the other controllers. Before the flows are installed.
     * \param workload the workload helper (its installed callback is set); outlives the run
     * \param agents the server agents in host order, as Install() fills them (read when each
     *        flow starts, so Install() may come after this call); outlives the run
     */
    void FollowFlows(DatacenterWorkloadHelper* workload, const ApplicationContainer* agents) const;
    /**
     * \param controller what Install() returned
     * \return the summary JSON fields, each preceded by ", ": controller, flows_scheduled,
     *         hedera_rounds, rules_installed, control_messages, control_bytes (zeros for none;
     *         OpenFlow only), and for responsive also path_requests, subflows_granted,
     *         demands_sent, server_messages, server_control_bytes (the control network's
     *         64-byte messages) and server_control_bps_per_server (their bits over the run's
     *         duration per server, the unit of seed 004's 150 kb/s estimate)
     */
    std::string SummaryJsonFields(Ptr<SdnController> controller, double durationS) const;
    /**
     * \param controller what Install() returned
     * \param [out] row the `controller_runs` row of the results database
     * \return false (row untouched) for "none"
     */
    bool Record(Ptr<SdnController> controller, ControllerRunRecord* row) const;
    /**
     * \param agents the agents Install() returned
     * \return one `control_servers` row per agent (none without agents)
     */
    std::vector<ControlServerRecord> RecordServers(const ApplicationContainer& agents) const;
    /// \return the params_json fields, each preceded by ",": controller, hederaInterval,
    ///         hederaThreshold, and for responsive monitorInterval, deltaDgt, deltaRvt,
    ///         stableCount, maxSubflows, deltaDdt
    std::string ParamsJsonFields() const;
};

} // namespace ns3

#endif /* DATACENTER_CONTROLLER_OPTIONS_H */
