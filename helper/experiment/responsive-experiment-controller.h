/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RESPONSIVE_EXPERIMENT_CONTROLLER_H
#define RESPONSIVE_EXPERIMENT_CONTROLLER_H

#include "ns3/experiment-controller.h"

/**
 * \file
 * \ingroup mptcp
 * ns3::ResponsiveExperimentController: ``--controller=responsive``.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The ``responsive`` controller part: Responsive MPTCP (seed 004). A ResponsiveController
 * (Algorithms 1 and 2, reactive: the switches hold unknown packets for it, MissAction Hold),
 * the out-of-band control network with a ResponsiveMonitor (Algorithm 3) on every host, and the
 * Responsive path manager on the MPTCP sockets (one subflow, more on the controller's word, at
 * most MaxSubflows); every MPTCP flow is handed to the monitor of its sender
 * (FollowFlows()). Needs a multipath transport that stays MPTCP (--transport=mptcp). Options:
 * --monitorInterval, --deltaDgt, --deltaRvt, --stableCount, --maxSubflows, --deltaDdt (in
 * params_json only when chosen).
 */
class ResponsiveExperimentController : public ExperimentController
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    bool CheckParameters(Error* error) const override;
    bool CheckRun(const RunContext& run, Error* error) const override;
    std::string GetPathManager(uint32_t* subflows) const override;
    Ptr<SdnController> Install(const DatacenterTopology& topo,
                               ApplicationContainer* agents) override;
    /**
     * \brief A nanosecond after each flow starts (its sender's socket exists then; the monitor
     * learns the flow's id from the controller's DEMAND, a round trip later), its MPTCP
     * connection goes to the monitor of its source host (SdnServerAgent::AddLocalFlow()); TCP
     * flows (e.g. shuffle's requests) are not followed.
     * \param workload the workload helper (its installed callback is set); outlives the run
     * \param agents the monitors in host order; outlives the run
     */
    void FollowFlows(DatacenterWorkloadHelper* workload,
                     const ApplicationContainer* agents) override;

  protected:
    void DoDeclareOptions(std::vector<ExperimentOption>* options) override;
    void RecordParameters(double* intervalS, double* threshold) const override;

  private:
    std::string m_monitorInterval{"4ms"}; //!< t_m, ns-3 Time text.
    double m_deltaDgt{0.15};               //!< δ_DGT.
    double m_deltaRvt{0.15};               //!< δ_RVT.
    uint32_t m_stableCount{5};             //!< R, samples.
    uint32_t m_maxSubflows{4};             //!< M, subflows.
    double m_deltaDdt{0.15};               //!< δ_DDT.
};

} // namespace ns3

#endif /* RESPONSIVE_EXPERIMENT_CONTROLLER_H */
