/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/experiment-controller.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ExperimentController);

TypeId
ExperimentController::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ExperimentController")
                            .SetParent<ExperimentPart>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<ExperimentController>();
    return tid;
}

bool
ExperimentController::CheckRun(const RunContext& /* run */, Error* /* error */) const
{
    return true;
}

std::string
ExperimentController::GetPathManager(uint32_t* /* subflows */) const
{
    return "";
}

Ptr<SdnController>
ExperimentController::Install(const DatacenterTopology& /* topo */, ApplicationContainer* agents)
{
    if (agents)
    {
        *agents = ApplicationContainer();
    }
    return nullptr;
}

void
ExperimentController::FollowFlows(DatacenterWorkloadHelper* /* workload */,
                                  const ApplicationContainer* /* agents */)
{
}

bool
ExperimentController::Record(Ptr<SdnController> ctl, ControllerRunRecord* row) const
{
    if (!ctl)
    {
        return false;
    }
    const SdnController::RunCounters counters = ctl->GetRunCounters();
    row->controller = GetName();
    RecordParameters(&row->intervalS, &row->threshold);
    row->flowsScheduled = counters.flowsScheduled;
    row->rounds = counters.rounds;
    row->rulesInstalled = ctl->GetNRulesInstalled();
    row->controlMessages = ctl->GetNMessages();
    row->controlBytes = ctl->GetControlBytes();
    return true;
}

void
ExperimentController::RecordParameters(double* intervalS, double* threshold) const
{
    *intervalS = 0;
    *threshold = 0;
}

bool
ExperimentController::CheckFabricControl(const RunContext& run, Error* error) const
{
    if (run.stock)
    {
        return Reject("controller", GetName(), "the stock ns-3 baseline runs without one", error);
    }
    if (run.mpi)
    {
        return Reject("controller", GetName(), "not supported with --mpi yet", error);
    }
    return true;
}

/// The controllers, built-ins first.
template <>
ExperimentPartTable&
ExperimentControllerRegistry::Table()
{
    static ExperimentPartTable t(
        ExperimentController::GetTypeId(),
        {
            {"none", "ns3::ExperimentController", ""},
            {"hedera",
             "ns3::HederaExperimentController",
             "Hedera's Global First Fit, seed 000 §4.4: elephants above --hederaThreshold of "
             "the NIC rate placed every --hederaInterval"},
            {"responsive",
             "ns3::ResponsiveExperimentController",
             "Responsive MPTCP, seed 004: a monitor on every server asks for subflows, the "
             "controller grants them; needs --transport=mptcp"},
        });
    return t;
}

} // namespace ns3
