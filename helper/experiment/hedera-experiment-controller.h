/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HEDERA_EXPERIMENT_CONTROLLER_H
#define HEDERA_EXPERIMENT_CONTROLLER_H

#include "ns3/experiment-controller.h"

/**
 * \file
 * \ingroup mptcp
 * ns3::HederaExperimentController: ``--controller=hedera``.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The ``hedera`` controller part: a HederaController (seed 000 §4.4, Al-Fares et al.
 * NSDI 2010: demand estimation and Global First Fit) with flow tables on every switch
 * (SdnControllerHelper), placing the elephants above ElephantThreshold of the NIC rate every
 * Interval. Options: --hederaInterval, --hederaThreshold (recorded in params_json of every run,
 * as they always were).
 */
class HederaExperimentController : public ExperimentController
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    bool CheckParameters(Error* error) const override;
    bool CheckRun(const RunContext& run, Error* error) const override;
    Ptr<SdnController> Install(const DatacenterTopology& topo,
                               ApplicationContainer* agents) override;

    bool RecordsAlways() const override;

  protected:
    void DoDeclareOptions(std::vector<ExperimentOption>* options) override;
    void RecordParameters(double* intervalS, double* threshold) const override;

  private:
    double m_interval{5};          //!< Scheduling interval, s.
    double m_elephantThreshold{0.1}; //!< Elephant threshold, fraction of the NIC rate.
};

} // namespace ns3

#endif /* HEDERA_EXPERIMENT_CONTROLLER_H */
