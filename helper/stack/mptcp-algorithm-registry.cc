/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-algorithm-registry.h"

#include "ns3/datacenter-topology-registry.h"
#include "ns3/log.h"
#include "ns3/mptcp-balia.h"
#include "ns3/mptcp-coupled-congestion-ops.h"
#include "ns3/mptcp-ewtcp.h"
#include "ns3/mptcp-fully-coupled.h"
#include "ns3/mptcp-lia.h"
#include "ns3/mptcp-olia.h"
#include "ns3/mptcp-scheduler.h"
#include "ns3/mptcp-semi-coupled.h"
#include "ns3/mptcp-xmp.h"
#include "ns3/tcp-congestion-ops.h"
#include "ns3/tcp-new-reno-cwv.h"

#include <algorithm>
#include <cctype>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpAlgorithmRegistry");

namespace
{

/**
 * \param tid a TypeId
 * \param prefix a prefix of its name after "ns3::", e.g. "MpTcp"
 * \param suffix a suffix, e.g. "Scheduler"
 * \return the name without "ns3::", prefix and suffix; empty if it has not that form
 */
std::string
ShortName(TypeId tid, const std::string& prefix, const std::string& suffix)
{
    const std::string full = tid.GetName();
    const std::string head = "ns3::" + prefix;
    if (full.size() <= head.size() + suffix.size() || full.compare(0, head.size(), head) != 0 ||
        full.compare(full.size() - suffix.size(), suffix.size(), suffix) != 0)
    {
        return "";
    }
    return full.substr(head.size(), full.size() - head.size() - suffix.size());
}

/**
 * \param base a TypeId
 * \return every registered TypeId derived from it (not itself) that has a constructor
 */
std::vector<TypeId>
Subclasses(TypeId base)
{
    std::vector<TypeId> v;
    for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
    {
        TypeId t = TypeId::GetRegistered(i);
        if (t != base && t.IsChildOf(base) && t.HasConstructor())
        {
            v.push_back(t);
        }
    }
    return v;
}

} // namespace

std::vector<MpTcpCongestionControlRegistry::Entry>&
MpTcpCongestionControlRegistry::Named()
{
    static std::vector<Entry> named = {
        {"lia", MpTcpLia::GetTypeId(), ""},
        {"olia", MpTcpOlia::GetTypeId(), ""},
        {"balia", MpTcpBalia::GetTypeId(), ""},
        {"ewtcp", MpTcpEwtcp::GetTypeId(), ""},
        {"coupled", MpTcpFullyCoupled::GetTypeId(), "fully coupled"},
        {"semicoupled", MpTcpSemiCoupled::GetTypeId(), ""},
        {"xmp", MpTcpXmp::GetTypeId(), "ECN, with --ecnThreshold"},
        {"uncoupled", TcpNewRenoCwv::GetTypeId(), "NewReno per subflow"},
    };
    return named;
}

void
MpTcpCongestionControlRegistry::Add(const std::string& name,
                                    TypeId tid,
                                    const std::string& description)
{
    NS_ABORT_MSG_IF(name.empty() || !tid.IsChildOf(TcpCongestionOps::GetTypeId()),
                    "MpTcpCongestionControlRegistry::Add: " << tid.GetName()
                                                            << " is not a TcpCongestionOps");
    for (Entry& e : Named())
    {
        if (e.name == name)
        {
            e = {name, tid, description};
            return;
        }
    }
    Named().push_back({name, tid, description});
}

std::vector<MpTcpCongestionControlRegistry::Entry>
MpTcpCongestionControlRegistry::GetEntries()
{
    std::vector<Entry> all = Named();
    std::vector<Entry> found;
    for (TypeId t : Subclasses(MpTcpCoupledCongestionOps::GetTypeId()))
    {
        std::string name = ShortName(t, "MpTcp", "");
        if (name.empty())
        {
            name = t.GetName();
        }
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) {
            return std::tolower(c);
        });
        const bool known = std::any_of(all.begin(), all.end(), [&](const Entry& e) {
            return e.tid == t || e.name == name;
        });
        if (!known)
        {
            found.push_back({name, t, ""});
        }
    }
    std::sort(found.begin(), found.end(), [](const Entry& a, const Entry& b) {
        return a.name < b.name;
    });
    all.insert(all.end(), found.begin(), found.end());
    return all;
}

bool
MpTcpCongestionControlRegistry::Lookup(const std::string& name, TypeId* tid)
{
    for (const Entry& e : GetEntries())
    {
        if (e.name == name)
        {
            *tid = e.tid;
            return true;
        }
    }
    return false;
}

std::string
MpTcpCongestionControlRegistry::ListNames()
{
    std::vector<std::string> names;
    for (const Entry& e : GetEntries())
    {
        names.push_back(e.name);
    }
    return DatacenterTopologyRegistry::JoinOr(names);
}

std::string
MpTcpCongestionControlRegistry::Describe()
{
    std::string out;
    for (const Entry& e : GetEntries())
    {
        out += (out.empty() ? "" : " | ") + e.name +
               (e.description.empty() ? "" : " (" + e.description + ")");
    }
    return out;
}

std::vector<std::string>
MpTcpSchedulerRegistry::GetNames()
{
    std::vector<std::string> names;
    for (TypeId t : Subclasses(MpTcpScheduler::GetTypeId()))
    {
        const std::string name = ShortName(t, "MpTcp", "Scheduler");
        names.push_back(name.empty() ? t.GetName() : name);
    }
    std::sort(names.begin(), names.end());
    return names;
}

bool
MpTcpSchedulerRegistry::Lookup(const std::string& name, TypeId* tid)
{
    const TypeId base = MpTcpScheduler::GetTypeId();
    for (const std::string& full : {"ns3::MpTcp" + name + "Scheduler", name})
    {
        TypeId t;
        if (!name.empty() && TypeId::LookupByNameFailSafe(full, &t) && t != base &&
            t.IsChildOf(base) && t.HasConstructor())
        {
            *tid = t;
            return true;
        }
    }
    return false;
}

std::string
MpTcpSchedulerRegistry::ListNames()
{
    return DatacenterTopologyRegistry::JoinOr(GetNames());
}

} // namespace ns3
