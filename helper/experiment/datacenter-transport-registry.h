/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DATACENTER_TRANSPORT_REGISTRY_H
#define DATACENTER_TRANSPORT_REGISTRY_H

#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::DatacenterTransportRegistry: the transports of the experiments, by name.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief One transport of the experiments (``--transport``, ``--shortTransport``): the socket a
 * sender opens and what the rest of an experiment needs to know of it, so that the experiment
 * asks these fields and never compares transport names.
 */
struct DatacenterTransport
{
    std::string name;          //!< Its option value, e.g. "mptcp".
    std::string description;   //!< What it is, for --help ("" for none).
    std::string socketFactory; //!< TypeId name of the senders' socket factory.
    /// MPTCP connections of --subflows subflows under the --cc congestion control (the run
    /// records --cc; the others record "newreno").
    bool multipath{false};
    /// The switches spray every packet over the equal-cost paths (per-packet ECMP, seed 000
    /// §4.3.5); the sender is TCP with a raised duplicate-ACK threshold.
    bool perPacketEcmp{false};
    bool onStock{false};    //!< Runs on the stock ns-3 baseline (--stock).
    bool shortFlows{true};  //!< Can carry the short flows of a mix (--shortTransport).
    /// Switches from packet scatter to MPTCP after --switchThreshold bytes (MMPTCP): the run
    /// records the threshold.
    bool switchesToMptcp{false};
};

/**
 * \ingroup mptcp
 * \brief The transports a program can run by name: a table name -> DatacenterTransport, as
 * DatacenterTopologyRegistry is for fabrics. Built in, in this order: ``tcp``
 * (ns3::TcpSmallQueuesSocket: single-path TCP as a Linux host sends), ``mptcp``
 * (ns3::MpTcpSocketBase), ``packetscatter`` (TCP over per-packet ECMP), ``ps``
 * (ns3::PacketScatterSocket, hosts spray) and ``mmptcp`` (ns3::MmpTcpSocket).
 */
class DatacenterTransportRegistry
{
  public:
    /**
     * \brief Add a transport (a user's program, before it parses its command line).
     * \param transport the transport; its name must be new (NS_FATAL_ERROR otherwise)
     */
    static void Add(const DatacenterTransport& transport);
    /**
     * \param name a transport name
     * \return the transport, or nullptr if none has that name
     */
    static const DatacenterTransport* Find(const std::string& name);
    /// \return the names, built-ins first, in the order added
    static std::vector<std::string> GetNames();
    /**
     * \return the names that can carry short flows (DatacenterTransport::shortFlows), in the
     *         order added
     */
    static std::vector<std::string> GetShortFlowNames();
    /**
     * \return the option help: each name, with its description in parentheses if it has one,
     *         joined by " | "
     */
    static std::string Help();
    /**
     * \param names some names
     * \return "a, b or c" (for the message of an invalid value)
     */
    static std::string JoinOr(const std::vector<std::string>& names);
};

} // namespace ns3

#endif /* DATACENTER_TRANSPORT_REGISTRY_H */
