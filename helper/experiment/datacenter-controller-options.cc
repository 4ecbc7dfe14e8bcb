/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/datacenter-controller-options.h"

#include "ns3/datacenter-transport-registry.h"
#include "ns3/sdn-server-agent.h"
#include "ns3/sdn-server-message.h"
#include "ns3/string.h"

#include <sstream>

namespace ns3
{

void
DatacenterControllerOptions::DeclareOptions(ExperimentOptions& options)
{
    options.Add(ExperimentOption::Bind("controller",
                                       controller,
                                       "",
                                       "SDN controller: " + ExperimentControllerRegistry::Help(),
                                       GetNames()));
    m_parts.DeclareOptions(options, [this](const std::string& name) { return name == controller; });
}

Ptr<ExperimentController>
DatacenterControllerOptions::GetPart(const std::string& name) const
{
    return DynamicCast<ExperimentController>(m_parts.Get(name));
}

Ptr<ExperimentController>
DatacenterControllerOptions::GetChosen() const
{
    return GetPart(controller);
}

bool
DatacenterControllerOptions::Validate(const ExperimentController::RunContext& run,
                                      ExperimentController::Error* error) const
{
    Ptr<ExperimentController> chosen = GetChosen();
    if (!chosen)
    {
        error->option = "controller";
        error->value = controller;
        error->why = "must be " + DatacenterTransportRegistry::JoinOr(GetNames());
        return false;
    }
    return m_parts.CheckParameters(error) && chosen->CheckRun(run, error);
}

std::vector<std::string>
DatacenterControllerOptions::GetNames()
{
    return ExperimentControllerRegistry::GetNames();
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

} // namespace ns3
