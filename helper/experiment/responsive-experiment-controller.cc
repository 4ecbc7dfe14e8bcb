/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/responsive-experiment-controller.h"

#include "ns3/datacenter-transport-registry.h"
#include "ns3/datacenter-workload-helper.h"
#include "ns3/double.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/nstime.h"
#include "ns3/program-text.h"
#include "ns3/sdn-controller-helper.h"
#include "ns3/sdn-server-agent.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ResponsiveExperimentController);

TypeId
ResponsiveExperimentController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ResponsiveExperimentController")
            .SetParent<ExperimentController>()
            .SetGroupName("Mptcp")
            .AddConstructor<ResponsiveExperimentController>()
            .AddAttribute("MonitorInterval",
                          "the monitors' sampling interval t_m (ns-3 Time, 100us..10s; seed 004 "
                          "Table I: 2ms, 4ms, 8ms)",
                          StringValue("4ms"),
                          MakeStringAccessor(&ResponsiveExperimentController::m_monitorInterval),
                          MakeStringChecker())
            .AddAttribute("DeltaDgt",
                          "a stable flow asks for paths below (1 - deltaDgt) of its demand, in "
                          "[0, 1) (seed 004: 0.15, 0.25, 0.35)",
                          DoubleValue(0.15),
                          MakeDoubleAccessor(&ResponsiveExperimentController::m_deltaDgt),
                          MakeDoubleChecker<double>())
            .AddAttribute("DeltaRvt",
                          "a throughput sample is stable within deltaRvt of the smoothed one, in "
                          "(0, 1] (seed 004: 0.15)",
                          DoubleValue(0.15),
                          MakeDoubleAccessor(&ResponsiveExperimentController::m_deltaRvt),
                          MakeDoubleChecker<double>())
            .AddAttribute("StableCount",
                          "stable samples in a row before a request, R, 1..1000 (seed 004: 5)",
                          UintegerValue(5),
                          MakeUintegerAccessor(&ResponsiveExperimentController::m_stableCount),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("MaxSubflows",
                          "the most subflows of a flow, M, 1..8 (seed 004: 4)",
                          UintegerValue(4),
                          MakeUintegerAccessor(&ResponsiveExperimentController::m_maxSubflows),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("DeltaDdt",
                          "a flow's demand is sent again when it moved by more than this "
                          "fraction, in [0, 1] (seed 004: 0.15)",
                          DoubleValue(0.15),
                          MakeDoubleAccessor(&ResponsiveExperimentController::m_deltaDdt),
                          MakeDoubleChecker<double>());
    return tid;
}

void
ResponsiveExperimentController::DoDeclareOptions(std::vector<ExperimentOption>* options)
{
    const TypeId tid = GetTypeId();
    const std::string part = "responsive: ";
    options->push_back(ExperimentOption::BindAttribute("monitorInterval",
                                                       m_monitorInterval,
                                                       tid,
                                                       "MonitorInterval",
                                                       "time",
                                                       part));
    options->push_back(ExperimentOption::BindAttribute("deltaDgt",
                                                       m_deltaDgt,
                                                       tid,
                                                       "DeltaDgt",
                                                       "fraction",
                                                       part));
    options->push_back(ExperimentOption::BindAttribute("deltaRvt",
                                                       m_deltaRvt,
                                                       tid,
                                                       "DeltaRvt",
                                                       "fraction",
                                                       part));
    options->push_back(ExperimentOption::BindAttribute("stableCount",
                                                       m_stableCount,
                                                       tid,
                                                       "StableCount",
                                                       "samples",
                                                       part));
    options->push_back(ExperimentOption::BindAttribute("maxSubflows",
                                                       m_maxSubflows,
                                                       tid,
                                                       "MaxSubflows",
                                                       "subflows",
                                                       part));
    options->push_back(ExperimentOption::BindAttribute("deltaDdt",
                                                       m_deltaDdt,
                                                       tid,
                                                       "DeltaDdt",
                                                       "fraction",
                                                       part));
}

bool
ResponsiveExperimentController::CheckParameters(Error* error) const
{
    Time tm;
    if (!ProgramText::ParseTime(m_monitorInterval, &tm) || tm < MicroSeconds(100) ||
        tm > Seconds(10))
    {
        return Reject("monitorInterval",
                      m_monitorInterval,
                      "must be a time such as 4ms, from 100us to 10s",
                      error);
    }
    if (!(m_deltaDgt >= 0 && m_deltaDgt < 1))
    {
        return Reject("deltaDgt",
                      Number(m_deltaDgt),
                      "must be a fraction of the demand in [0, 1)",
                      error);
    }
    if (!(m_deltaRvt > 0 && m_deltaRvt <= 1))
    {
        return Reject("deltaRvt", Number(m_deltaRvt), "must be a fraction in (0, 1]", error);
    }
    if (!(m_deltaDdt >= 0 && m_deltaDdt <= 1))
    {
        return Reject("deltaDdt", Number(m_deltaDdt), "must be a fraction in [0, 1]", error);
    }
    if (m_stableCount < 1 || m_stableCount > 1000)
    {
        return Reject("stableCount",
                      std::to_string(m_stableCount),
                      "must be from 1 to 1000",
                      error);
    }
    if (m_maxSubflows < 1 || m_maxSubflows > 8)
    {
        return Reject("maxSubflows", std::to_string(m_maxSubflows), "must be from 1 to 8", error);
    }
    return true;
}

bool
ResponsiveExperimentController::CheckRun(const RunContext& run, Error* error) const
{
    // Its path manager and monitors need MPTCP connections that stay MPTCP.
    if (!run.transport || !run.transport->multipath || run.transport->switchesToMptcp)
    {
        return Reject("controller", GetName(), GetName() + " needs --transport=mptcp", error);
    }
    return CheckFabricControl(run, error);
}

std::string
ResponsiveExperimentController::GetPathManager(uint32_t* subflows) const
{
    *subflows = m_maxSubflows;
    return "ns3::MpTcpResponsivePathManager";
}

Ptr<SdnController>
ResponsiveExperimentController::Install(const DatacenterTopology& topo,
                                        ApplicationContainer* agents)
{
    SdnControllerHelper helper("ns3::ResponsiveController");
    helper.SetFlowTableAttribute("MissAction", StringValue("Hold"));
    helper.SetControllerAttribute("DeltaDdt", DoubleValue(m_deltaDdt));
    helper.SetControllerAttribute("MaxSubflows", UintegerValue(m_maxSubflows));
    helper.SetServerAgentType("ns3::ResponsiveMonitor");
    helper.SetServerAgentAttribute("MonitorInterval", TimeValue(Time(m_monitorInterval)));
    helper.SetServerAgentAttribute("DeltaDgt", DoubleValue(m_deltaDgt));
    helper.SetServerAgentAttribute("DeltaRvt", DoubleValue(m_deltaRvt));
    helper.SetServerAgentAttribute("StableCount", UintegerValue(m_stableCount));
    helper.SetServerAgentAttribute("MaxSubflows", UintegerValue(m_maxSubflows));
    Ptr<SdnController> ctl = helper.Install(topo);
    ApplicationContainer installed = helper.InstallControlNetwork(topo, ctl);
    if (agents)
    {
        *agents = installed;
    }
    return ctl;
}

void
ResponsiveExperimentController::FollowFlows(DatacenterWorkloadHelper* workload,
                                            const ApplicationContainer* agents)
{
    auto installed = [workload, agents](uint32_t id, const PlannedFlow& flow) {
        const Time at = Seconds(flow.startS) + NanoSeconds(1);
        Simulator::Schedule(at - Simulator::Now(), MPTCP_EVENT([workload, agents, id, flow]() {
            Ptr<MpTcpSocketBase> socket = workload->GetMpTcpSender(id);
            if (!socket || flow.srcHost >= agents->GetN())
            {
                return; // TCP (e.g. shuffle's requests): nothing to follow
            }
            Ptr<SdnServerAgent> agent = DynamicCast<SdnServerAgent>(agents->Get(flow.srcHost));
            if (agent)
            {
                agent->AddLocalFlow(socket);
            }
        }));
    };
    workload->SetInstalledCallback(
        Callback<void, uint32_t, const PlannedFlow&>(MPTCP_CALLBACK(installed)));
}

void
ResponsiveExperimentController::RecordParameters(double* intervalS, double* threshold) const
{
    // Its parameters live in the monitors: their sampling interval and δ_DGT.
    *intervalS = Time(m_monitorInterval).GetSeconds();
    *threshold = m_deltaDgt;
}

} // namespace ns3
