/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/datacenter-controller-options.h"

#include "ns3/datacenter-transport-registry.h"
#include "ns3/object-factory.h"
#include "ns3/sdn-server-agent.h"
#include "ns3/sdn-server-message.h"
#include "ns3/string.h"

#include <sstream>

namespace ns3
{

DatacenterControllerOptions::DatacenterControllerOptions(const DatacenterControllerOptions& other)
{
    *this = other;
}

DatacenterControllerOptions&
DatacenterControllerOptions::operator=(const DatacenterControllerOptions& other)
{
    if (this == &other)
    {
        return *this;
    }
    controller = other.controller;
    m_parts.clear();
    for (const Ptr<ExperimentController>& part : other.m_parts)
    {
        // A new part of the same type with the same attribute values: its parameters are its
        // attributes (ExperimentController).
        const TypeId tid = part->GetInstanceTypeId();
        ObjectFactory factory(tid.GetName());
        for (TypeId t = tid;; t = t.GetParent())
        {
            for (uint32_t i = 0; i < t.GetAttributeN(); ++i)
            {
                const TypeId::AttributeInformation info = t.GetAttribute(i);
                if ((info.flags & TypeId::ATTR_GET) && (info.flags & TypeId::ATTR_SET))
                {
                    Ptr<AttributeValue> value = info.checker->Create();
                    part->GetAttribute(info.name, *value);
                    factory.Set(info.name, *value);
                }
            }
            if (t == t.GetParent())
            {
                break;
            }
        }
        Ptr<ExperimentController> copy = factory.Create<ExperimentController>();
        copy->SetName(part->GetName());
        m_parts.push_back(copy);
    }
    return *this;
}

void
DatacenterControllerOptions::MakeParts() const
{
    const std::vector<std::string> names = ExperimentControllerRegistry::GetNames();
    for (size_t i = m_parts.size(); i < names.size(); ++i)
    {
        m_parts.push_back(ExperimentControllerRegistry::Create(names[i]));
    }
}

void
DatacenterControllerOptions::DeclareOptions(ExperimentOptions& options)
{
    options.Add(ExperimentOption::Bind("controller",
                                       controller,
                                       "",
                                       "SDN controller: " + ExperimentControllerRegistry::Help(),
                                       GetNames()));
    MakeParts();
    for (const Ptr<ExperimentController>& part : m_parts)
    {
        part->DeclareOptions(options);
    }
}

Ptr<ExperimentController>
DatacenterControllerOptions::GetPart(const std::string& name) const
{
    MakeParts();
    for (const Ptr<ExperimentController>& part : m_parts)
    {
        if (part->GetName() == name)
        {
            return part;
        }
    }
    return nullptr;
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
    for (const Ptr<ExperimentController>& part : m_parts)
    {
        if (!part->CheckParameters(error))
        {
            return false;
        }
    }
    return chosen->CheckRun(run, error);
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

std::string
DatacenterControllerOptions::ParamsJsonFields() const
{
    std::ostringstream os;
    os << ",\"controller\":\"" << controller << "\"";
    MakeParts();
    for (const Ptr<ExperimentController>& part : m_parts)
    {
        part->WriteParams(os, part->GetName() == controller);
    }
    return os.str();
}

} // namespace ns3
