/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DATACENTER_TOPOLOGY_REGISTRY_H
#define DATACENTER_TOPOLOGY_REGISTRY_H

#include "ns3/data-rate.h"
#include "ns3/datacenter-topology.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::DatacenterTopologyRegistry: datacenter fabrics created by name.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The options of a datacenter fabric, as a program's command line gives them (the
 * ``--k``, ``--hostsPerTor``, ``--hosts``, ``--linkRate``, ``--delay``, ``--edgeDelay``,
 * ``--aggDelay``, ``--coreDelay``, ``--addressesPerHost`` and ``--queue`` of mptcp-fattree).
 * Each topology reads the fields it needs; its DatacenterTopologyRegistry::Validator checks
 * them and fills in its defaults.
 *
 * Per-layer delays: edgeDelay, aggDelay and coreDelay, when not negative, replace \c delay on
 * the host-edge, edge-aggregation and aggregation-core links (DatacenterTopology::Layer) of
 * fattree, dhft and vl2 (vl2: host-ToR, ToR-aggregation, aggregation-intermediate); e.g. the
 * 20/30/40 us of Duan, Wang and Wu (ICC 2015, §V). The perfect switch has host-edge links only:
 * edgeDelay sets them, aggDelay or coreDelay is an error. Unset (negative, the default), they
 * change nothing.
 *
 * addressesPerHost: IPv4 addresses of every host on its one fabric NIC (fattree only; 1, the
 * default, elsewhere): FatTreeHelper::SetAddressesPerHost().
 */
struct DatacenterTopologyParameters
{
    uint32_t k{8};           //!< Switch port count (FatTree, DHFT: k; VL2: D_A = D_I).
    uint32_t hostsPerTor{0}; //!< Hosts per ToR (DHFT: per ToR pair); 0: the topology's default.
    uint32_t hosts{0};       //!< Number of hosts, for topologies sized by it (perfect switch).
    DataRate linkRate{"100Mbps"};      //!< Rate of the host links (bit/s); see each topology.
    Time delay{MicroSeconds(20)};      //!< One-way propagation delay of every link.
    uint32_t queue{100};               //!< DropTail queue of every device, packets.
    Time edgeDelay{-1}; //!< One-way delay of the host-edge links (negative: \c delay).
    Time aggDelay{-1};  //!< One-way delay of the edge-aggregation links (negative: \c delay).
    Time coreDelay{-1}; //!< One-way delay of the aggregation-core links (negative: \c delay).
    uint32_t addressesPerHost{1}; //!< IPv4 addresses per host NIC (fattree: 1 .. 256/k).

    /**
     * \param layer a layer
     * \return the one-way delay of its links: the layer's own delay if set (not negative),
     *         else \c delay
     */
    Time GetDelay(DatacenterTopology::Layer layer) const;
};

/**
 * \ingroup mptcp
 * \brief The datacenter fabrics a program can build by name (``--topology=NAME``): a table of
 * name -> creator, with a one-line description, checked options and the name stored in the
 * results database (``runs.topology``). A program lists, validates and builds fabrics through
 * it and never branches on the topology; a user's program adds a fabric with Add() (before it
 * parses its command line) and uses it with no edit of the example.
 *
 * Built in, in this order: ``fattree`` (FatTreeHelper, Al-Fares et al. SIGCOMM 2008),
 * ``dhft`` (DualHomedFatTreeHelper, Raiciu et al. SIGCOMM 2011 §5), ``vl2`` (Vl2Helper,
 * §4.3.1, switch links at 10x the host rate) and ``perfect`` (PerfectSwitchHelper).
 */
class DatacenterTopologyRegistry
{
  public:
    /// An invalid option: the option's name (without "--"), its value and what is valid.
    struct Error
    {
        std::string option; //!< The option, e.g. "k".
        std::string value;  //!< Its value as given.
        std::string why;    //!< What a valid value is.
    };

    /**
     * Checks the options a topology uses and rejects the ones it does not take; fills in the
     * defaults (hostsPerTor) of \p params. Returns false and sets \p error on the first bad
     * option; on success sets \p nHosts to the number of hosts the fabric will have.
     */
    using Validator =
        std::function<bool(DatacenterTopologyParameters& params, uint32_t* nHosts, Error* error)>;
    /**
     * Makes the fabric object from validated parameters: configured, not yet created (no node
     * exists until DatacenterTopology::Create()).
     */
    using Creator =
        std::function<std::unique_ptr<DatacenterTopology>(const DatacenterTopologyParameters&)>;

    /// One registered topology.
    struct Entry
    {
        std::string name;        //!< The --topology name.
        std::string description; //!< One line for the program's help.
        std::string recordName;  //!< What runs.topology stores.
        std::string longName;    //!< Its name in messages, e.g. "perfect switch".
        bool stock{false};       //!< Whether the ns-3 stock-stack baseline (--stock) runs on it.
        bool oneRack{false};     //!< Whether all hosts share one rack (no rack locality).
        Validator validate;      //!< Option checks and defaults.
        Creator create;          //!< Makes the (not yet created) fabric.
    };

    /**
     * \brief Register a topology (a name already registered is replaced, keeping its place).
     * \param entry the topology; its name must be non-empty and its functions set
     */
    static void Add(const Entry& entry);
    /**
     * \param name a topology name
     * \return whether it is registered
     */
    static bool Contains(const std::string& name);
    /**
     * \param name a registered topology name (NS_FATAL_ERROR naming the registered ones
     *        otherwise)
     * \return its entry
     */
    static const Entry& Get(const std::string& name);
    /// \return the registered names, in registration order (built-ins first)
    static std::vector<std::string> GetNames();
    /**
     * \return "fattree | dhft (...) | ...": every name with its description, for a program's
     *         help text
     */
    static std::string Describe();
    /**
     * \return "a, b, c or d": the registered names, for a validation message
     */
    static std::string ListNames();
    /**
     * \brief Validate \p params for topology \p name and fill in its defaults.
     * \param name the topology (unknown: false, with error option "topology")
     * \param params the options, completed on success
     * \param nHosts set to the number of hosts on success
     * \param error set on failure
     * \return false on the first invalid option
     */
    static bool Validate(const std::string& name,
                         DatacenterTopologyParameters& params,
                         uint32_t* nHosts,
                         Error* error);
    /**
     * \brief Make a fabric by name (not yet created: call Build() or Create()).
     * \param name a registered name (NS_FATAL_ERROR otherwise)
     * \param params its options, validated and completed by Validate()
     * \return the fabric
     */
    static std::unique_ptr<DatacenterTopology> Create(const std::string& name,
                                                      const DatacenterTopologyParameters& params);

    /**
     * \param names some names
     * \return "a, b, c or d" (one name: itself)
     */
    static std::string JoinOr(const std::vector<std::string>& names);
    /// \return the names of the topologies the ns-3 stock-stack baseline runs on
    static std::vector<std::string> GetStockNames();

  private:
    /// \return the table, built-ins registered on first use
    static std::vector<Entry>& Entries();
};

} // namespace ns3

#endif /* DATACENTER_TOPOLOGY_REGISTRY_H */
