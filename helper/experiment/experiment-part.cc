/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/experiment-part.h"

#include "ns3/abort.h"
#include "ns3/object-factory.h"

#include <sstream>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ExperimentPart);

TypeId
ExperimentPart::GetTypeId()
{
    static TypeId tid = TypeId("ns3::ExperimentPart").SetParent<Object>().SetGroupName("Mptcp");
    return tid;
}

void
ExperimentPart::SetName(const std::string& name)
{
    m_name = name;
}

const std::string&
ExperimentPart::GetName() const
{
    return m_name;
}

void
ExperimentPart::DeclareOptions(ExperimentOptions& options,
                               const std::function<bool()>& recordedWhen)
{
    std::vector<ExperimentOption> mine;
    DoDeclareOptions(&mine);
    for (ExperimentOption& o : mine)
    {
        options.Add(o.RecordedWhen(recordedWhen));
    }
}

void
ExperimentPart::DoDeclareOptions(std::vector<ExperimentOption>* /* options */)
{
}

bool
ExperimentPart::CheckParameters(Error* /* error */) const
{
    return true;
}

bool
ExperimentPart::RecordsAlways() const
{
    return false;
}

std::string
ExperimentPart::Number(double v)
{
    std::ostringstream os;
    os << v;
    return os.str();
}

bool
ExperimentPart::Reject(const std::string& option,
                       const std::string& value,
                       const std::string& why,
                       Error* error)
{
    error->option = option;
    error->value = value;
    error->why = why;
    return false;
}

ExperimentPartTable::ExperimentPartTable(TypeId base, std::vector<Entry> builtIns)
    : m_base(base),
      m_entries(std::move(builtIns))
{
}

void
ExperimentPartTable::Add(const Entry& entry)
{
    NS_ABORT_MSG_IF(entry.name.empty() || Find(entry.name),
                    "ExperimentPartTable::Add: the name '" << entry.name << "' is empty or taken");
    TypeId tid;
    NS_ABORT_MSG_IF(!TypeId::LookupByNameFailSafe(entry.typeId, &tid) ||
                        !(tid == m_base || tid.IsChildOf(m_base)),
                    "ExperimentPartTable::Add: " << entry.typeId << " is no "
                                                 << m_base.GetName());
    m_entries.push_back(entry);
}

const ExperimentPartTable::Entry*
ExperimentPartTable::Find(const std::string& name) const
{
    for (const Entry& e : m_entries)
    {
        if (e.name == name)
        {
            return &e;
        }
    }
    return nullptr;
}

std::vector<std::string>
ExperimentPartTable::GetNames() const
{
    std::vector<std::string> names;
    for (const Entry& e : m_entries)
    {
        names.push_back(e.name);
    }
    return names;
}

std::string
ExperimentPartTable::Help() const
{
    std::string help;
    for (const Entry& e : m_entries)
    {
        help += (help.empty() ? "" : " | ") + e.name +
                (e.description.empty() ? "" : " (" + e.description + ")");
    }
    return help;
}

Ptr<ExperimentPart>
ExperimentPartTable::Create(const std::string& name) const
{
    const Entry* e = Find(name);
    if (!e)
    {
        return nullptr;
    }
    ObjectFactory factory(e->typeId);
    Ptr<ExperimentPart> part = factory.Create<ExperimentPart>();
    part->SetName(name);
    return part;
}

Ptr<ExperimentPart>
ExperimentPartTable::Copy(Ptr<const ExperimentPart> part)
{
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
    Ptr<ExperimentPart> copy = factory.Create<ExperimentPart>();
    copy->SetName(part->GetName());
    return copy;
}

ExperimentPartSet::ExperimentPartSet(const ExperimentPartTable* table)
    : m_table(table)
{
}

ExperimentPartSet::ExperimentPartSet(const ExperimentPartSet& other)
    : m_table(other.m_table)
{
    *this = other;
}

ExperimentPartSet&
ExperimentPartSet::operator=(const ExperimentPartSet& other)
{
    if (this == &other)
    {
        return *this;
    }
    m_table = other.m_table;
    m_parts.clear();
    for (const Ptr<ExperimentPart>& part : other.m_parts)
    {
        m_parts.push_back(ExperimentPartTable::Copy(part));
    }
    return *this;
}

const std::vector<Ptr<ExperimentPart>>&
ExperimentPartSet::GetAll() const
{
    const std::vector<std::string> names = m_table->GetNames();
    for (size_t i = m_parts.size(); i < names.size(); ++i)
    {
        m_parts.push_back(m_table->Create(names[i]));
    }
    return m_parts;
}

void
ExperimentPartSet::DeclareOptions(ExperimentOptions& options,
                                  const std::function<bool(const std::string&)>& chosen) const
{
    for (const Ptr<ExperimentPart>& part : GetAll())
    {
        part->DeclareOptions(options, [part, chosen]() {
            return part->RecordsAlways() || chosen(part->GetName());
        });
    }
}

bool
ExperimentPartSet::CheckParameters(ExperimentPart::Error* error) const
{
    for (const Ptr<ExperimentPart>& part : GetAll())
    {
        if (!part->CheckParameters(error))
        {
            return false;
        }
    }
    return true;
}

Ptr<ExperimentPart>
ExperimentPartSet::Get(const std::string& name) const
{
    for (const Ptr<ExperimentPart>& part : GetAll())
    {
        if (part->GetName() == name)
        {
            return part;
        }
    }
    return nullptr;
}

} // namespace ns3
