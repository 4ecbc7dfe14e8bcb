/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/datacenter-controller-options.h"

#include "ns3/datacenter-topology.h"
#include "ns3/datacenter-workload-helper.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/simulator.h"
#include "ns3/double.h"
#include "ns3/config.h"
#include "ns3/hedera-controller.h"
#include "ns3/nstime.h"
#include "ns3/program-text.h"
#include "ns3/responsive-controller.h"
#include "ns3/sdn-controller-helper.h"
#include "ns3/sdn-server-agent.h"
#include "ns3/sdn-server-message.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

bool
DatacenterControllerOptions::Validate(bool stock,
                                      bool mpi,
                                      const std::string& transport,
                                      std::string* option,
                                      std::string* value,
                                      std::string* why) const
{
    auto reject = [&](const std::string& o, const std::string& v, const std::string& w) {
        *option = o;
        *value = v;
        *why = w;
        return false;
    };
    const std::vector<std::string> names = GetNames();
    if (std::find(names.begin(), names.end(), controller) == names.end())
    {
        return reject("controller", controller, "must be none, hedera or responsive");
    }
    auto number = [](double v) {
        std::ostringstream os;
        os << v;
        return os.str();
    };
    // Twice the OpenFlow channel's default latency (0.5 ms each way): a round must be
    // answered before the next starts.
    if (!(hederaInterval > 0.001) || !std::isfinite(hederaInterval))
    {
        return reject("hederaInterval", number(hederaInterval), "must be a time in s above 0.001");
    }
    if (!(hederaThreshold > 0 && hederaThreshold <= 1))
    {
        return reject("hederaThreshold",
                      number(hederaThreshold),
                      "must be a fraction of the NIC rate in (0, 1]");
    }
    Time tm;
    if (!ProgramText::ParseTime(monitorInterval, &tm) || tm < MicroSeconds(100) ||
        tm > Seconds(10))
    {
        return reject("monitorInterval",
                      monitorInterval,
                      "must be a time such as 4ms, from 100us to 10s");
    }
    if (!(deltaDgt >= 0 && deltaDgt < 1))
    {
        return reject("deltaDgt", number(deltaDgt), "must be a fraction of the demand in [0, 1)");
    }
    if (!(deltaRvt > 0 && deltaRvt <= 1))
    {
        return reject("deltaRvt", number(deltaRvt), "must be a fraction in (0, 1]");
    }
    if (!(deltaDdt >= 0 && deltaDdt <= 1))
    {
        return reject("deltaDdt", number(deltaDdt), "must be a fraction in [0, 1]");
    }
    if (stableCount < 1 || stableCount > 1000)
    {
        return reject("stableCount", std::to_string(stableCount), "must be from 1 to 1000");
    }
    if (maxSubflows < 1 || maxSubflows > 8)
    {
        return reject("maxSubflows", std::to_string(maxSubflows), "must be from 1 to 8");
    }
    if (controller == "responsive" && transport != "mptcp")
    {
        return reject("controller", controller, "responsive needs --transport=mptcp");
    }
    if (controller != "none" && stock)
    {
        return reject("controller", controller, "the stock ns-3 baseline runs without one");
    }
    if (controller != "none" && mpi)
    {
        return reject("controller", controller, "not supported with --mpi yet");
    }
    return true;
}

std::vector<std::string>
DatacenterControllerOptions::GetNames()
{
    return {"none", "hedera", "responsive"};
}

std::string
DatacenterControllerOptions::GetPathManager(uint32_t* subflows) const
{
    if (controller != "responsive")
    {
        return "";
    }
    *subflows = maxSubflows;
    return "ns3::MpTcpResponsivePathManager";
}

void
DatacenterControllerOptions::FollowFlows(DatacenterWorkloadHelper* workload,
                                         const ApplicationContainer* agents) const
{
    if (controller != "responsive")
    {
        return;
    }
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

Ptr<SdnController>
DatacenterControllerOptions::Install(const DatacenterTopology& topo,
                                     ApplicationContainer* agents) const
{
    if (agents)
    {
        *agents = ApplicationContainer();
    }
    if (controller == "none")
    {
        return nullptr;
    }
    if (controller == "responsive")
    {
        SdnControllerHelper helper("ns3::ResponsiveController");
        helper.SetFlowTableAttribute("MissAction", StringValue("Hold"));
        helper.SetControllerAttribute("DeltaDdt", DoubleValue(deltaDdt));
        helper.SetControllerAttribute("MaxSubflows", UintegerValue(maxSubflows));
        helper.SetServerAgentType("ns3::ResponsiveMonitor");
        helper.SetServerAgentAttribute("MonitorInterval", TimeValue(Time(monitorInterval)));
        helper.SetServerAgentAttribute("DeltaDgt", DoubleValue(deltaDgt));
        helper.SetServerAgentAttribute("DeltaRvt", DoubleValue(deltaRvt));
        helper.SetServerAgentAttribute("StableCount", UintegerValue(stableCount));
        helper.SetServerAgentAttribute("MaxSubflows", UintegerValue(maxSubflows));
        Ptr<SdnController> ctl = helper.Install(topo);
        ApplicationContainer installed = helper.InstallControlNetwork(topo, ctl);
        if (agents)
        {
            *agents = installed;
        }
        return ctl;
    }
    SdnControllerHelper helper("ns3::HederaController");
    helper.SetControllerAttribute("Interval", TimeValue(Seconds(hederaInterval)));
    helper.SetControllerAttribute("ElephantThreshold", DoubleValue(hederaThreshold));
    return helper.Install(topo);
}

std::string
DatacenterControllerOptions::SummaryJsonFields(Ptr<SdnController> ctl, double durationS) const
{
    const SdnController::RunCounters counters =
        ctl ? ctl->GetRunCounters() : SdnController::RunCounters();
    std::ostringstream os;
    os << ", \"controller\": \"" << controller << "\""
       << ", \"flows_scheduled\": " << counters.flowsScheduled
       << ", \"hedera_rounds\": " << counters.schedulingRounds
       << ", \"rules_installed\": " << (ctl ? ctl->GetNRulesInstalled() : 0)
       << ", \"control_messages\": " << (ctl ? ctl->GetNMessages() : 0)
       << ", \"control_bytes\": " << (ctl ? ctl->GetControlBytes() : 0);
    if (ctl)
    {
        ctl->WriteSummaryFields(os, durationS); // its own keys (other runs' JSON stays)
    }
    return os.str();
}

bool
DatacenterControllerOptions::Record(Ptr<SdnController> ctl, ControllerRunRecord* row) const
{
    if (!ctl)
    {
        return false;
    }
    const SdnController::RunCounters counters = ctl->GetRunCounters();
    const bool responsive = controller == "responsive"; // its parameters live in the monitors
    row->controller = controller;
    row->intervalS = responsive ? Time(monitorInterval).GetSeconds() : hederaInterval;
    row->threshold = responsive ? deltaDgt : hederaThreshold;
    row->flowsScheduled = counters.flowsScheduled;
    row->rounds = counters.rounds;
    row->rulesInstalled = ctl->GetNRulesInstalled();
    row->controlMessages = ctl->GetNMessages();
    row->controlBytes = ctl->GetControlBytes();
    return true;
}

std::vector<ControlServerRecord>
DatacenterControllerOptions::RecordServers(const ApplicationContainer& agents) const
{
    std::vector<ControlServerRecord> rows;
    for (uint32_t i = 0; i < agents.GetN(); ++i)
    {
        Ptr<SdnServerAgent> agent = DynamicCast<SdnServerAgent>(agents.Get(i));
        if (!agent)
        {
            continue;
        }
        ControlServerRecord r;
        r.host = agent->GetHostIndex();
        r.messagesSent = agent->GetNSent();
        r.messagesReceived = agent->GetNReceived();
        r.controlBytes = (r.messagesSent + r.messagesReceived) * SdnServerMessage::kSize;
        rows.push_back(r);
    }
    return rows;
}

std::string
DatacenterControllerOptions::ParamsJsonFields() const
{
    std::ostringstream os;
    os << ",\"controller\":\"" << controller << "\",\"hederaInterval\":" << hederaInterval
       << ",\"hederaThreshold\":" << hederaThreshold;
    if (controller == "responsive")
    {
        // Only with responsive, so that the other runs' params_json stays as it was.
        os << ",\"monitorInterval\":\"" << monitorInterval << "\",\"deltaDgt\":" << deltaDgt
           << ",\"deltaRvt\":" << deltaRvt << ",\"stableCount\":" << stableCount
           << ",\"maxSubflows\":" << maxSubflows << ",\"deltaDdt\":" << deltaDdt;
    }
    return os.str();
}

} // namespace ns3
