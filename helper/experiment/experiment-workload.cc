/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/experiment-workload.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ExperimentWorkload);

TypeId
ExperimentWorkload::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ExperimentWorkload")
                            .SetParent<ExperimentPart>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<ExperimentWorkload>();
    return tid;
}

bool
ExperimentWorkload::CheckHosts(uint32_t /* nHosts */, Error* /* error */) const
{
    return true;
}

TrafficMatrix::FlowList
ExperimentWorkload::LongFlows(const Context& run)
{
    return *run.matrix;
}

void
ExperimentWorkload::InstallFlows(const Context& /* run */)
{
}

/// The workloads of one's own (the built-in ones are the experiment's).
template <>
ExperimentPartTable&
ExperimentWorkloadRegistry::Table()
{
    static ExperimentPartTable t(ExperimentWorkload::GetTypeId(), {});
    return t;
}

} // namespace ns3
