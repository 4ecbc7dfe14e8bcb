/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/hedera-experiment-controller.h"

#include "ns3/double.h"
#include "ns3/nstime.h"
#include "ns3/sdn-controller-helper.h"

#include <cmath>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(HederaExperimentController);

TypeId
HederaExperimentController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HederaExperimentController")
            .SetParent<ExperimentController>()
            .SetGroupName("Mptcp")
            .AddConstructor<HederaExperimentController>()
            .AddAttribute("Interval",
                          "Hedera's scheduling interval, s (> 0.001: a round is answered over "
                          "the OpenFlow channel before the next starts)",
                          DoubleValue(5),
                          MakeDoubleAccessor(&HederaExperimentController::m_interval),
                          MakeDoubleChecker<double>())
            .AddAttribute("ElephantThreshold",
                          "Hedera's elephant threshold, fraction of the NIC rate in (0, 1]",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&HederaExperimentController::m_elephantThreshold),
                          MakeDoubleChecker<double>());
    return tid;
}

void
HederaExperimentController::DoDeclareOptions(std::vector<ExperimentOption>* options)
{
    const TypeId tid = GetTypeId();
    options->push_back(
        ExperimentOption::BindAttribute("hederaInterval", m_interval, tid, "Interval", "s"));
    options->push_back(ExperimentOption::BindAttribute("hederaThreshold",
                                                       m_elephantThreshold,
                                                       tid,
                                                       "ElephantThreshold",
                                                       "fraction"));
}

bool
HederaExperimentController::CheckParameters(Error* error) const
{
    // Twice the OpenFlow channel's default latency (0.5 ms each way): a round must be
    // answered before the next starts.
    if (!(m_interval > 0.001) || !std::isfinite(m_interval))
    {
        return Reject("hederaInterval",
                      Number(m_interval),
                      "must be a time in s above 0.001",
                      error);
    }
    if (!(m_elephantThreshold > 0 && m_elephantThreshold <= 1))
    {
        return Reject("hederaThreshold",
                      Number(m_elephantThreshold),
                      "must be a fraction of the NIC rate in (0, 1]",
                      error);
    }
    return true;
}

bool
HederaExperimentController::CheckRun(const RunContext& run, Error* error) const
{
    return CheckFabricControl(run, error);
}

Ptr<SdnController>
HederaExperimentController::Install(const DatacenterTopology& topo, ApplicationContainer* agents)
{
    ExperimentController::Install(topo, agents); // no server agents
    SdnControllerHelper helper("ns3::HederaController");
    helper.SetControllerAttribute("Interval", TimeValue(Seconds(m_interval)));
    helper.SetControllerAttribute("ElephantThreshold", DoubleValue(m_elephantThreshold));
    return helper.Install(topo);
}

void
HederaExperimentController::RecordParameters(double* intervalS, double* threshold) const
{
    *intervalS = m_interval;
    *threshold = m_elephantThreshold;
}

bool
HederaExperimentController::RecordsAlways() const
{
    return true;
}

} // namespace ns3
