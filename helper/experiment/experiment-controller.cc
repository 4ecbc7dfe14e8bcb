/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/experiment-controller.h"

#include "ns3/abort.h"
#include "ns3/object-factory.h"

#include <sstream>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ExperimentController);

TypeId
ExperimentController::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ExperimentController")
                            .SetParent<Object>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<ExperimentController>();
    return tid;
}

void
ExperimentController::SetName(const std::string& name)
{
    m_name = name;
}

const std::string&
ExperimentController::GetName() const
{
    return m_name;
}

void
ExperimentController::DeclareOptions(ExperimentOptions& options)
{
    std::vector<ExperimentOption> mine;
    DoDeclareOptions(&mine);
    for (const ExperimentOption& o : mine)
    {
        options.Add(o);
    }
}

void
ExperimentController::DoDeclareOptions(std::vector<ExperimentOption>* /* options */)
{
}

bool
ExperimentController::CheckParameters(Error* /* error */) const
{
    return true;
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
    row->controller = m_name;
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
ExperimentController::RecordsAlways() const
{
    return false;
}

void
ExperimentController::WriteParams(std::ostream& os, bool chosen) const
{
    if (!chosen && !RecordsAlways())
    {
        return;
    }
    // The options as DoDeclareOptions() binds them to this part's members (also for a part
    // that declared none on a command line: a copy, or one configured by its attributes).
    std::vector<ExperimentOption> mine;
    const_cast<ExperimentController*>(this)->DoDeclareOptions(&mine);
    for (const ExperimentOption& o : mine)
    {
        os << ",\"" << o.GetName() << "\":" << o.GetValueJson();
    }
}

bool
ExperimentController::CheckFabricControl(const RunContext& run, Error* error) const
{
    if (run.stock)
    {
        return Reject("controller", m_name, "the stock ns-3 baseline runs without one", error);
    }
    if (run.mpi)
    {
        return Reject("controller", m_name, "not supported with --mpi yet", error);
    }
    return true;
}

std::string
ExperimentController::Number(double v)
{
    std::ostringstream os;
    os << v;
    return os.str();
}

bool
ExperimentController::Reject(const std::string& option,
                             const std::string& value,
                             const std::string& why,
                             Error* error)
{
    error->option = option;
    error->value = value;
    error->why = why;
    return false;
}

namespace
{
/// \return the table, built-ins first
std::vector<ExperimentControllerRegistry::Entry>&
Table()
{
    static std::vector<ExperimentControllerRegistry::Entry> t = {
        {"none", "ns3::ExperimentController", ""},
        {"hedera",
         "ns3::HederaExperimentController",
         "Hedera's Global First Fit, seed 000 §4.4: elephants above --hederaThreshold of the "
         "NIC rate placed every --hederaInterval"},
        {"responsive",
         "ns3::ResponsiveExperimentController",
         "Responsive MPTCP, seed 004: a monitor on every server asks for subflows, the "
         "controller grants them; needs --transport=mptcp"},
    };
    return t;
}
} // namespace

void
ExperimentControllerRegistry::Add(const Entry& entry)
{
    NS_ABORT_MSG_IF(entry.name.empty() || Find(entry.name),
                    "ExperimentControllerRegistry::Add: the name '" << entry.name
                                                                    << "' is empty or taken");
    TypeId tid;
    const TypeId base = ExperimentController::GetTypeId();
    NS_ABORT_MSG_IF(!TypeId::LookupByNameFailSafe(entry.typeId, &tid) ||
                        !(tid == base || tid.IsChildOf(base)),
                    "ExperimentControllerRegistry::Add: " << entry.typeId
                                                          << " is no ns3::ExperimentController");
    Table().push_back(entry);
}

const ExperimentControllerRegistry::Entry*
ExperimentControllerRegistry::Find(const std::string& name)
{
    for (const Entry& e : Table())
    {
        if (e.name == name)
        {
            return &e;
        }
    }
    return nullptr;
}

std::vector<std::string>
ExperimentControllerRegistry::GetNames()
{
    std::vector<std::string> names;
    for (const Entry& e : Table())
    {
        names.push_back(e.name);
    }
    return names;
}

std::string
ExperimentControllerRegistry::Help()
{
    std::string help;
    for (const Entry& e : Table())
    {
        help += (help.empty() ? "" : " | ") + e.name +
                (e.description.empty() ? "" : " (" + e.description + ")");
    }
    return help;
}

Ptr<ExperimentController>
ExperimentControllerRegistry::Create(const std::string& name)
{
    const Entry* e = Find(name);
    if (!e)
    {
        return nullptr;
    }
    ObjectFactory factory(e->typeId);
    Ptr<ExperimentController> part = factory.Create<ExperimentController>();
    part->SetName(name);
    return part;
}

} // namespace ns3
