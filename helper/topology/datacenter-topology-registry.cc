/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/datacenter-topology-registry.h"

#include "ns3/dual-homed-fat-tree-helper.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/fatal-error.h"
#include "ns3/log.h"
#include "ns3/perfect-switch-helper.h"
#include "ns3/vl2-helper.h"

#include <algorithm>
#include <memory>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DatacenterTopologyRegistry");

namespace
{

/**
 * \param option the option
 * \param value its value
 * \param why what is valid
 * \param error set
 * \return false
 */
bool
Reject(const std::string& option,
       uint32_t value,
       const std::string& why,
       DatacenterTopologyRegistry::Error* error)
{
    *error = {option, std::to_string(value), why};
    return false;
}

/**
 * \param option the option
 * \param value its value
 * \param why what is valid
 * \param error set
 * \return false
 */
bool
Reject(const std::string& option,
       const Time& value,
       const std::string& why,
       DatacenterTopologyRegistry::Error* error)
{
    std::ostringstream os;
    os << value.As(Time::US);
    std::string text = os.str();
    if (!text.empty() && text[0] == '+')
    {
        text.erase(0, 1); // "30us", as on a command line
    }
    *error = {option, text, why};
    return false;
}

/**
 * The check of a fabric whose hosts have one address each (all but the FatTree).
 * \param p the options
 * \param name the topology's --topology name
 * \param error set on failure
 * \return false if addressesPerHost is not 1
 */
bool
ValidateOneAddress(const DatacenterTopologyParameters& p,
                   const std::string& name,
                   DatacenterTopologyRegistry::Error* error)
{
    if (p.addressesPerHost != 1)
    {
        return Reject("addressesPerHost",
                      p.addressesPerHost,
                      "must be 1 with --topology=" + name +
                          " (more addresses per host NIC: --topology=fattree only)",
                      error);
    }
    return true;
}

/**
 * The check shared by the switched fabrics: --hosts sizes the perfect switch only.
 * \param p the options
 * \param error set on failure
 * \return false on an invalid option
 */
bool
ValidateSwitched(const DatacenterTopologyParameters& p, DatacenterTopologyRegistry::Error* error)
{
    if (p.hosts != 0)
    {
        return Reject("hosts", p.hosts, "only with --topology=perfect", error);
    }
    return true;
}

/**
 * \param p the options
 * \param error set on failure
 * \return false if k is odd or below 2
 */
bool
ValidateEvenK(const DatacenterTopologyParameters& p, DatacenterTopologyRegistry::Error* error)
{
    if (p.k < 2 || p.k % 2 != 0)
    {
        return Reject("k", p.k, "k must be even and at least 2", error);
    }
    return true;
}

/**
 * A FatTree or DHFT with every layer at the same rate, each layer at its delay
 * (DatacenterTopologyParameters::GetDelay()).
 * \param tree the helper
 * \param p the options
 * \return the helper
 */
template <typename Tree>
std::unique_ptr<DatacenterTopology>
Layered(std::unique_ptr<Tree> tree, const DatacenterTopologyParameters& p)
{
    for (auto layer : {DatacenterTopology::HOST_EDGE,
                       DatacenterTopology::EDGE_AGGREGATION,
                       DatacenterTopology::AGGREGATION_CORE})
    {
        tree->SetDataRate(layer, p.linkRate);
        tree->SetDelay(layer, p.GetDelay(layer));
    }
    tree->SetQueueSize(p.queue);
    return tree;
}

/// \return the registry entry of the k-ary FatTree
DatacenterTopologyRegistry::Entry
FatTreeEntry()
{
    using Error = DatacenterTopologyRegistry::Error;
    using Params = DatacenterTopologyParameters;
    return {"fattree",
            "k-ary FatTree (Al-Fares et al. 2008): k pods of k-port switches, --hostsPerTor "
            "per edge switch (default k/2)",
            "fattree",
            "FatTree",
            true,
            false,
            [](Params& p, uint32_t* n, Error* e) {
                if (!ValidateSwitched(p, e) || !ValidateEvenK(p, e))
                {
                    return false;
                }
                if (p.addressesPerHost < 1 ||
                    (p.addressesPerHost > 1 &&
                     static_cast<uint64_t>(p.addressesPerHost) * p.k > 256))
                {
                    return Reject("addressesPerHost",
                                  p.addressesPerHost,
                                  "must be between 1 and 256/k = " +
                                      std::to_string(256 / p.k) +
                                      " (extra addresses in 10.(pod + n*k).x.y)",
                                  e);
                }
                p.hostsPerTor = p.hostsPerTor ? p.hostsPerTor : p.k / 2;
                *n = p.k * p.k / 2 * p.hostsPerTor;
                return true;
            },
            [](const Params& p) {
                auto tree = std::make_unique<FatTreeHelper>(p.k, p.hostsPerTor);
                tree->SetAddressesPerHost(p.addressesPerHost);
                return Layered(std::move(tree), p);
            }};
}

/// \return the registry entry of the dual-homed FatTree
DatacenterTopologyRegistry::Entry
DualHomedFatTreeEntry()
{
    using Error = DatacenterTopologyRegistry::Error;
    using Params = DatacenterTopologyParameters;
    return {"dhft",
            "dual-homed FatTree (seed 000 §5): every host on a ToR pair, k a multiple of 4, "
            "--hostsPerTor per pair (default 2k/3)",
            "dhft",
            "dual-homed FatTree",
            false,
            false,
            [](Params& p, uint32_t* n, Error* e) {
                if (!ValidateSwitched(p, e))
                {
                    return false;
                }
                if (p.k < 4 || p.k % 4 != 0 || p.k > 80)
                {
                    return Reject("k",
                                  p.k,
                                  "for dhft, k must be a multiple of 4 between 4 and 80",
                                  e);
                }
                if (!ValidateOneAddress(p, "dhft", e))
                {
                    return false;
                }
                p.hostsPerTor = p.hostsPerTor
                                    ? p.hostsPerTor
                                    : DualHomedFatTreeHelper::DefaultHostsPerPair(p.k);
                *n = p.k * p.k / 2 * p.hostsPerTor;
                return true;
            },
            [](const Params& p) {
                return Layered(std::make_unique<DualHomedFatTreeHelper>(p.k, p.hostsPerTor),
                               p);
            }};
}

/// \return the registry entry of the VL2 Clos
DatacenterTopologyRegistry::Entry
Vl2Entry()
{
    using Error = DatacenterTopologyRegistry::Error;
    using Params = DatacenterTopologyParameters;
    return {"vl2",
            "VL2 Clos (seed 000 §4.3.1): D_A = D_I = k, switch links at 10x --linkRate, "
            "--hostsPerTor per ToR (default 20)",
            "vl2",
            "VL2 Clos",
            false,
            false,
            [](Params& p, uint32_t* n, Error* e) {
                if (!ValidateSwitched(p, e))
                {
                    return false;
                }
                if (p.k > 254 || !ValidateEvenK(p, e))
                {
                    return Reject("k", p.k, "k must be even and at least 2", e);
                } // (the message of the other fabrics, also for k > 254)
                if (!ValidateOneAddress(p, "vl2", e))
                {
                    return false;
                }
                p.hostsPerTor = p.hostsPerTor ? p.hostsPerTor : 20;
                *n = p.k * p.k / 4 * p.hostsPerTor;
                return true;
            },
            [](const Params& p) -> std::unique_ptr<DatacenterTopology> {
                auto vl2 = std::make_unique<Vl2Helper>(p.k, p.hostsPerTor);
                vl2->SetHostLinkDataRate(p.linkRate);
                for (auto layer : {DatacenterTopology::HOST_EDGE,
                                   DatacenterTopology::EDGE_AGGREGATION,
                                   DatacenterTopology::AGGREGATION_CORE})
                {
                    vl2->SetDelay(layer, p.GetDelay(layer));
                }
                vl2->SetQueueSize(p.queue);
                return vl2;
            }};
}

/// \return the registry entry of the perfect switch
DatacenterTopologyRegistry::Entry
PerfectSwitchEntry()
{
    using Error = DatacenterTopologyRegistry::Error;
    using Params = DatacenterTopologyParameters;
    return {"perfect",
            "--hosts hosts on one non-blocking switch",
            "perfect-switch",
            "perfect switch",
            false,
            true,
            [](Params& p, uint32_t* n, Error* e) {
                if (p.hosts < 2 || p.hosts > (1U << 22))
                {
                    return Reject("hosts", p.hosts, "must be between 2 and 4194304", e);
                }
                if (p.hostsPerTor != 0)
                {
                    return Reject("hostsPerTor",
                                  p.hostsPerTor,
                                  "not with --topology=perfect",
                                  e);
                }
                if (!p.aggDelay.IsStrictlyNegative())
                {
                    return Reject("aggDelay",
                                  p.aggDelay,
                                  "not with --topology=perfect (host links only: "
                                  "--edgeDelay or --delay)",
                                  e);
                }
                if (!p.coreDelay.IsStrictlyNegative())
                {
                    return Reject("coreDelay",
                                  p.coreDelay,
                                  "not with --topology=perfect (host links only: "
                                  "--edgeDelay or --delay)",
                                  e);
                }
                if (!ValidateOneAddress(p, "perfect", e))
                {
                    return false;
                }
                p.hostsPerTor = p.hosts; // one rack
                *n = p.hosts;
                return true;
            },
            [](const Params& p) -> std::unique_ptr<DatacenterTopology> {
                auto ps = std::make_unique<PerfectSwitchHelper>(p.hosts);
                ps->SetHostLinkDataRate(p.linkRate);
                ps->SetHostLinkDelay(p.GetDelay(DatacenterTopology::HOST_EDGE));
                ps->SetQueueSize(p.queue);
                return ps;
            }};
}

/// \return the built-in topologies
std::vector<DatacenterTopologyRegistry::Entry>
BuiltIns()
{
    return {FatTreeEntry(), DualHomedFatTreeEntry(), Vl2Entry(), PerfectSwitchEntry()};
}

} // namespace

Time
DatacenterTopologyParameters::GetDelay(DatacenterTopology::Layer layer) const
{
    const Time own = layer == DatacenterTopology::HOST_EDGE          ? edgeDelay
                     : layer == DatacenterTopology::EDGE_AGGREGATION ? aggDelay
                                                                     : coreDelay;
    return own.IsStrictlyNegative() ? delay : own;
}

std::vector<DatacenterTopologyRegistry::Entry>&
DatacenterTopologyRegistry::Entries()
{
    static std::vector<Entry> entries = BuiltIns();
    return entries;
}

void
DatacenterTopologyRegistry::Add(const Entry& entry)
{
    NS_LOG_FUNCTION(entry.name);
    NS_ABORT_MSG_IF(entry.name.empty() || !entry.validate || !entry.create,
                    "DatacenterTopologyRegistry::Add: a topology needs a name, a validator and "
                    "a creator");
    for (Entry& e : Entries())
    {
        if (e.name == entry.name)
        {
            e = entry;
            return;
        }
    }
    Entries().push_back(entry);
}

bool
DatacenterTopologyRegistry::Contains(const std::string& name)
{
    const auto& v = Entries();
    return std::any_of(v.begin(), v.end(), [&](const Entry& e) { return e.name == name; });
}

const DatacenterTopologyRegistry::Entry&
DatacenterTopologyRegistry::Get(const std::string& name)
{
    for (const Entry& e : Entries())
    {
        if (e.name == name)
        {
            return e;
        }
    }
    NS_FATAL_ERROR("DatacenterTopologyRegistry: unknown topology \"" << name << "\"; registered: "
                                                                    << ListNames());
}

std::vector<std::string>
DatacenterTopologyRegistry::GetNames()
{
    std::vector<std::string> names;
    for (const Entry& e : Entries())
    {
        names.push_back(e.name);
    }
    return names;
}

std::string
DatacenterTopologyRegistry::Describe()
{
    std::ostringstream os;
    for (const Entry& e : Entries())
    {
        os << (os.tellp() > 0 ? " | " : "") << e.name << " (" << e.description << ")";
    }
    return os.str();
}

std::string
DatacenterTopologyRegistry::JoinOr(const std::vector<std::string>& names)
{
    std::string out;
    for (size_t i = 0; i < names.size(); ++i)
    {
        out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    }
    return out;
}

std::vector<std::string>
DatacenterTopologyRegistry::GetStockNames()
{
    std::vector<std::string> names;
    for (const Entry& e : Entries())
    {
        if (e.stock)
        {
            names.push_back(e.name);
        }
    }
    return names;
}

std::string
DatacenterTopologyRegistry::ListNames()
{
    return JoinOr(GetNames());
}

bool
DatacenterTopologyRegistry::Validate(const std::string& name,
                                     DatacenterTopologyParameters& params,
                                     uint32_t* nHosts,
                                     Error* error)
{
    if (!Contains(name))
    {
        *error = {"topology", name, "must be " + ListNames()};
        return false;
    }
    return Get(name).validate(params, nHosts, error);
}

std::unique_ptr<DatacenterTopology>
DatacenterTopologyRegistry::Create(const std::string& name,
                                   const DatacenterTopologyParameters& params)
{
    return Get(name).create(params);
}

} // namespace ns3
