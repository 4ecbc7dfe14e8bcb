/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/experiment-metric.h"

#include "ns3/program-text.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ExperimentMetric);

TypeId
ExperimentMetric::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ExperimentMetric").SetParent<ExperimentPart>().SetGroupName("Mptcp");
    return tid;
}

/// The metrics, built-ins first.
template <>
ExperimentPartTable&
ExperimentMetricRegistry::Table()
{
    static ExperimentPartTable t(ExperimentMetric::GetTypeId(), {});
    return t;
}

void
DatacenterMetricOptions::DeclareOptions(ExperimentOptions& options)
{
    const std::string help = ExperimentMetricRegistry::Help();
    options.Add(ExperimentOption::Bind("metrics",
                                       metrics,
                                       "",
                                       "measurements added to the run, comma-separated names of "
                                       "ExperimentMetricRegistry (printed as METRIC.VALUE, "
                                       "table run_metrics): " +
                                           (help.empty() ? "none registered" : help)));
    m_parts.DeclareOptions(options, [this](const std::string& name) {
        const std::vector<std::string> names = Names();
        return std::find(names.begin(), names.end(), name) != names.end();
    });
}

Ptr<ExperimentMetric>
DatacenterMetricOptions::GetPart(const std::string& name) const
{
    return DynamicCast<ExperimentMetric>(m_parts.Get(name));
}

std::vector<std::string>
DatacenterMetricOptions::Names() const
{
    std::vector<std::string> names;
    std::stringstream ss(metrics);
    std::string name;
    while (std::getline(ss, name, ','))
    {
        names.push_back(name);
    }
    return names;
}

bool
DatacenterMetricOptions::Validate(bool mpi, ExperimentPart::Error* error) const
{
    const std::vector<std::string> names = Names();
    for (size_t i = 0; i < names.size(); ++i)
    {
        if (!GetPart(names[i]) || std::count(names.begin(), names.end(), names[i]) > 1)
        {
            const std::vector<std::string> known = ExperimentMetricRegistry::GetNames();
            std::string list;
            for (const std::string& k : known)
            {
                list += (list.empty() ? "" : ", ") + k;
            }
            error->option = "metrics";
            error->value = metrics;
            error->why = "must be distinct names, comma-separated, of: " +
                         (list.empty() ? std::string("(none registered)") : list);
            return false;
        }
    }
    if (mpi && !names.empty())
    {
        error->option = "metrics";
        error->value = metrics;
        error->why = "not supported with --mpi yet";
        return false;
    }
    return m_parts.CheckParameters(error);
}

std::vector<Ptr<ExperimentMetric>>
DatacenterMetricOptions::GetChosen() const
{
    std::vector<Ptr<ExperimentMetric>> chosen;
    for (const std::string& name : Names())
    {
        if (Ptr<ExperimentMetric> part = GetPart(name))
        {
            chosen.push_back(part);
        }
    }
    return chosen;
}

std::vector<MetricRecord>
DatacenterMetricOptions::Collect() const
{
    std::vector<MetricRecord> rows;
    for (const Ptr<ExperimentMetric>& part : GetChosen())
    {
        for (const ExperimentMetric::Value& v : part->Collect())
        {
            rows.push_back({part->GetName(), v.name, v.value});
        }
    }
    return rows;
}

std::string
DatacenterMetricOptions::SummaryJsonFields(const std::vector<MetricRecord>& rows)
{
    std::ostringstream os;
    for (const MetricRecord& r : rows)
    {
        os << ", " << ProgramText::Json(r.metric + "." + r.name) << ": "
           << ProgramText::JsonNumber(r.value);
    }
    return os.str();
}

} // namespace ns3
