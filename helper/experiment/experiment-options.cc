/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/experiment-options.h"

#include "ns3/abort.h"
#include "ns3/fatal-error.h"
#include "ns3/global-value.h"
#include "ns3/program-text.h"

#include <sstream>

namespace ns3
{

ExperimentOption&
ExperimentOption::NotRecorded()
{
    m_recorded = []() { return false; };
    return *this;
}

ExperimentOption&
ExperimentOption::RecordedWhen(std::function<bool()> when)
{
    m_recorded = std::move(when);
    return *this;
}

bool
ExperimentOption::IsRecorded() const
{
    return !m_recorded || m_recorded();
}

const std::string&
ExperimentOption::GetName() const
{
    return m_name;
}

const std::string&
ExperimentOption::GetType() const
{
    return m_type;
}

const std::string&
ExperimentOption::GetUnit() const
{
    return m_unit;
}

const std::string&
ExperimentOption::GetHelp() const
{
    return m_help;
}

const std::vector<std::string>&
ExperimentOption::GetAllowed() const
{
    return m_allowed;
}

void
ExperimentOption::AddTo(CommandLine& cmd) const
{
    m_addTo(cmd);
}

std::string
ExperimentOption::AttributeHelp(TypeId tid, const std::string& attribute)
{
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(attribute, &info))
    {
        NS_FATAL_ERROR("ExperimentOption: " << tid.GetName() << " has no attribute " << attribute);
    }
    return info.help;
}

std::string
ExperimentOption::GetValueJson() const
{
    return m_valueJson();
}

namespace
{
/// The JSON object of one option.
std::string
OptionJson(const std::string& name,
           const std::string& type,
           const std::string& value,
           const std::string& unit,
           const std::string& help,
           const std::vector<std::string>& allowed)
{
    std::ostringstream os;
    os << "{\"name\": " << ProgramText::Json(name) << ", \"type\": " << ProgramText::Json(type)
       << ", \"default\": " << value << ", \"unit\": " << ProgramText::Json(unit)
       << ", \"help\": " << ProgramText::Json(help) << ", \"allowed\": [";
    for (size_t i = 0; i < allowed.size(); ++i)
    {
        os << (i ? ", " : "") << ProgramText::Json(allowed[i]);
    }
    os << "]}";
    return os.str();
}
} // namespace

std::string
ExperimentOption::ToJson() const
{
    return OptionJson(m_name, m_type, GetValueJson(), m_unit, m_help, m_allowed);
}

std::string
ExperimentOption::ValueJson(bool v)
{
    return v ? "true" : "false";
}

std::string
ExperimentOption::ValueJson(int v)
{
    return std::to_string(v);
}

std::string
ExperimentOption::ValueJson(uint32_t v)
{
    return std::to_string(v);
}

std::string
ExperimentOption::ValueJson(uint64_t v)
{
    return std::to_string(v);
}

std::string
ExperimentOption::ValueJson(double v)
{
    return ProgramText::JsonNumber(v);
}

std::string
ExperimentOption::ValueJson(const std::string& v)
{
    return ProgramText::Json(v);
}

std::string
ExperimentOption::TypeName(const bool*)
{
    return "bool";
}

std::string
ExperimentOption::TypeName(const int*)
{
    return "int";
}

std::string
ExperimentOption::TypeName(const uint32_t*)
{
    return "uint";
}

std::string
ExperimentOption::TypeName(const uint64_t*)
{
    return "uint";
}

std::string
ExperimentOption::TypeName(const double*)
{
    return "double";
}

std::string
ExperimentOption::TypeName(const std::string*)
{
    return "string";
}

void
ExperimentOptions::Add(ExperimentOption option)
{
    NS_ABORT_MSG_IF(Find(option.GetName()) != nullptr,
                    "ExperimentOptions: option --" << option.GetName() << " declared twice");
    m_options.push_back(std::move(option));
}

const std::vector<ExperimentOption>&
ExperimentOptions::Get() const
{
    return m_options;
}

const ExperimentOption*
ExperimentOptions::Find(const std::string& name) const
{
    for (const ExperimentOption& o : m_options)
    {
        if (o.GetName() == name)
        {
            return &o;
        }
    }
    return nullptr;
}

void
ExperimentOptions::AddTo(CommandLine& cmd) const
{
    for (const ExperimentOption& o : m_options)
    {
        o.AddTo(cmd);
    }
}

void
ExperimentOptions::AddListOption(CommandLine& cmd)
{
    m_defaultsJson = ListJson();
    cmd.AddValue("list-options",
                 "print every option as JSON (name, type, default, unit, help, allowed values; "
                 "then ns-3's global values) and exit",
                 m_listAsked);
}

bool
ExperimentOptions::ListIfAsked(std::ostream& os) const
{
    if (m_listAsked)
    {
        os << m_defaultsJson << std::endl;
    }
    return m_listAsked;
}

std::string
ExperimentOptions::ParamsJson() const
{
    std::ostringstream os;
    os << "{";
    bool first = true;
    for (const ExperimentOption& o : m_options)
    {
        if (o.IsRecorded())
        {
            os << (first ? "" : ",") << ProgramText::Json(o.GetName()) << ":" << o.GetValueJson();
            first = false;
        }
    }
    os << "}";
    return os.str();
}

std::string
ExperimentOptions::ListJson() const
{
    std::ostringstream os;
    os << "[";
    const char* sep = "\n";
    for (const ExperimentOption& o : m_options)
    {
        os << sep << o.ToJson();
        sep = ",\n";
    }
    for (auto it = GlobalValue::Begin(); it != GlobalValue::End(); ++it)
    {
        const GlobalValue* g = *it;
        static const std::vector<std::pair<std::string, std::string>> kTypes{
            {"UintegerValue", "uint"},
            {"IntegerValue", "int"},
            {"DoubleValue", "double"},
            {"BooleanValue", "bool"},
            {"StringValue", "string"},
            {"TypeIdValue", "typeid"}};
        std::string type = g->GetChecker()->GetValueTypeName();
        for (const auto& [ns3Type, name] : kTypes)
        {
            if (type == ns3Type || type == "ns3::" + ns3Type)
            {
                type = name;
                break;
            }
        }
        Ptr<AttributeValue> v = g->GetChecker()->Create();
        g->GetValue(*v);
        const std::string value = v->SerializeToString(g->GetChecker());
        const bool number = type == "uint" || type == "int" || type == "double" || type == "bool";
        os << sep
           << OptionJson(g->GetName(), type, number ? value : ProgramText::Json(value), "",
                         g->GetHelp(), {});
        sep = ",\n";
    }
    os << "\n]";
    return os.str();
}

} // namespace ns3
