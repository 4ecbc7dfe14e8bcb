/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DATACENTER_WORKLOAD_HELPER_H
#define DATACENTER_WORKLOAD_HELPER_H

#include "ns3/data-rate.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/flow-size-distribution.h"
#include "ns3/flow-statistics.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traffic-matrix.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::DatacenterWorkloadHelper: the MMPTCP thesis' Sim_Mix, Sim_Long and incast workloads.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief One planned flow: a sender, a receiver, a size and a start time.
 */
struct PlannedFlow
{
    double startS{0};      //!< start of the sending application, s
    uint32_t srcHost{0};   //!< sending host index
    uint32_t dstHost{0};   //!< receiving host index
    uint64_t sizeBytes{0}; //!< bytes to send; 0 = long-lived
};

/**
 * \ingroup mptcp
 * \brief Plans and installs the datacenter workloads of the MMPTCP thesis (§5.2.3, §5.12).
 *
 * - Sim_Long: one long-lived flow per host of a traffic matrix (the SIGCOMM 2011 setup).
 * - Sim_Mix: ChooseLongFlowHosts() picks a fraction of the hosts that each send one long
 *   flow to its traffic-matrix destination; PlanPoisson() draws short flows from a central
 *   Poisson process whose every arrival picks a uniformly random other host, which sends one
 *   short flow to its traffic-matrix destination.
 * - Incast: PlanIncast() every interval picks one random receiver and N distinct random
 *   senders (not the receiver), each sending one short flow to it; the long variant sends N
 *   long flows into one receiver once.
 *
 * Install() builds each flow as a BulkSendApplication (MaxBytes = size) and its own
 * PacketSink on a fresh port of the receiver, from a socket factory given by TypeId name, and
 * registers the pair with a FlowStatistics. Randomness comes from one UniformRandomVariable
 * whose stream is fixed by AssignStreams().
 */
class MpTcpSocketBase;

class DatacenterWorkloadHelper
{
  public:
    /// The workload templates.
    enum class Workload
    {
        LONG,       //!< Sim_Long: long flows of the traffic matrix only
        MIX,        //!< Sim_Mix: long flows from some hosts, Poisson short flows from the rest
        INCAST,     //!< N short flows into one random receiver every interval
        INCAST_LONG, //!< N long flows into one random receiver
        CLOSED_LOOP, //!< one finite flow per matrix row, replaced on completion (Fig. 13)
        /// seed 004 "random": closed loop, random destinations with at most 4 flows into a
        /// receiver, sizes U(32, 400) MB, 500 flows in all, until all complete
        RANDOM_CLOSED_LOOP,
        /// seed 004 "permutation": one finite flow per host of a permutation, sizes
        /// U(64, 512) MB, all starting together, until all complete
        PERMUTATION_FINITE,
        /// seed 004 "shuffle": successive shuffle jobs (ShuffleWorkload) beside random
        /// closed-loop background flows
        SHUFFLE
    };

    /**
     * \param name "long", "mix", "incast", "incast-long", "closed-loop",
     *        "random-closed-loop", "permutation-finite" or "shuffle"
     * \return the workload, or nullopt if \p name is none of these
     */
    static std::optional<Workload> WorkloadFromString(const std::string& name);
    /**
     * \param w a workload
     * \return whether it is one of seed 004's finite workloads (RANDOM_CLOSED_LOOP,
     *         PERMUTATION_FINITE, SHUFFLE: the run ends when their flows completed)
     */
    static bool IsFinite(Workload w);
    /**
     * \param w a workload
     * \return its command-line name
     */
    static std::string ToString(Workload w);

    /**
     * \brief The socket factory of a transport name: tcp and packetscatter
     * ns3::TcpSmallQueuesSocketFactory, mptcp ns3::MpTcpSocketFactory, ps
     * ns3::PacketScatterSocketFactory, mmptcp ns3::MmpTcpSocketFactory.
     * \param transport the transport name
     * \return the factory's TypeId name, "" for an unknown transport
     */
    static std::string FactoryName(const std::string& transport);

    /**
     * \param tree the fabric (any DatacenterTopology), with a stack and addresses; must
     *        outlive this object
     * \param stats where every installed flow is registered; must outlive the simulation
     */
    DatacenterWorkloadHelper(const DatacenterTopology& tree, FlowStatistics& stats);

    /**
     * \brief Fixes the random stream of every draw of this helper.
     * \param stream stream index
     * \return 1 (streams used)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief Bytes the senders write per call (BulkSendApplication SendSize).
     * \param bytes the write size, bytes
     */
    void SetSendSize(uint32_t bytes);

    /**
     * \brief Picks round(fraction * nHosts) distinct hosts uniformly at random.
     * \param nHosts number of hosts
     * \param fraction in [0, 1]
     * \return the hosts, increasing
     */
    std::vector<uint32_t> ChooseLongFlowHosts(uint32_t nHosts, double fraction);

    /**
     * \brief Sim_Mix short flows: Poisson arrivals of \p rate per second in [start, end);
     * each picks a uniformly random source of \p sources, which sends to its destination in
     * \p matrix, a size drawn from \p sizes.
     * \param rate arrivals per second, whole fabric (>= 0)
     * \param start first possible arrival, s
     * \param end no arrival at or after this time, s
     * \param sources the short-flow sources (none: no flow)
     * \param matrix the traffic matrix (element i is host i's flow)
     * \param sizes the flow sizes
     * \return the flows, by start time
     */
    std::vector<PlannedFlow> PlanPoisson(double rate,
                                         double start,
                                         double end,
                                         const std::vector<uint32_t>& sources,
                                         const TrafficMatrix::FlowList& matrix,
                                         const FlowSizeDistribution& sizes);

    /**
     * \brief Incast: at start, start + interval, ... (before end) one uniformly random
     * receiver and \p senders distinct random senders other than it.
     * \param nHosts number of hosts (> senders)
     * \param senders senders per round, N
     * \param start first round, s
     * \param end no round at or after this time, s
     * \param interval time between rounds, s (> 0; thesis 0.5 s)
     * \param sizes the flow sizes
     * \return N flows per round
     */
    std::vector<PlannedFlow> PlanIncast(uint32_t nHosts,
                                        uint32_t senders,
                                        double start,
                                        double end,
                                        double interval,
                                        const FlowSizeDistribution& sizes);

    /**
     * \brief Installs one flow: a PacketSink on a fresh port of the receiver and a
     * BulkSendApplication, both started at flow.startS, registered with the FlowStatistics.
     * Can be called during the run: start times are absolute and must not be in the past.
     * \param flow the flow
     * \param factory the sender's socket factory TypeId name
     * \param transport the transport name stored with the flow
     * \param port the receiver's port; 0 picks a fresh one (from 20000 per receiver)
     * \return the flow id in the FlowStatistics
     */
    uint32_t Install(const PlannedFlow& flow,
                     const std::string& factory,
                     const std::string& transport,
                     uint16_t port = 0);

    /**
     * \brief Installs one host-limited flow (seed 000 §4.4, "Host-limited Flows"): a long-lived
     * connection whose application writes at a fixed rate, as a disk-bound server would, and so
     * never sends faster whatever the network offers. An always-on OnOffApplication (one write
     * of \p writeSize bytes every writeSize * 8 / rate seconds) over the transport's socket,
     * and a PacketSink on a fresh port of the receiver; registered with the FlowStatistics as
     * a long flow (size 0, no sender-side fields).
     * \param flow the flow (sizeBytes must be 0); it starts at flow.startS (>= now)
     * \param factory the sender's socket factory TypeId name
     * \param transport the transport name stored with the flow
     * \param rate the application's sending rate, bit/s of payload (> 0)
     * \param writeSize bytes per write (> 0; e.g. the MSS)
     * \return the flow id in the FlowStatistics
     */
    uint32_t InstallHostLimited(const PlannedFlow& flow,
                                const std::string& factory,
                                const std::string& transport,
                                DataRate rate,
                                uint32_t writeSize);

    /**
     * \brief A callback called by Install() for every flow it installs, after the flow is
     * registered (e.g. to hand its sender's socket to a controller's monitor once it starts).
     * \param cb called with the flow id and the flow; a null callback removes it
     */
    void SetInstalledCallback(Callback<void, uint32_t, const PlannedFlow&> cb);
    /**
     * \param id a flow id returned by Install()
     * \return its sink; null in a distributed run if another rank simulates the receiver
     */
    Ptr<PacketSink> GetSink(uint32_t id) const;

    /**
     * \param id a flow id returned by Install()
     * \return its sender; null in a distributed run if another rank simulates the sender
     */
    Ptr<BulkSendApplication> GetSender(uint32_t id) const;
    /**
     * \param id a flow id returned by Install()
     * \return its sender's MPTCP connection (any MpTcpSocketBase: mptcp, ps, mmptcp); null
     *         for a TCP flow, before the application started, or on another rank
     */
    Ptr<MpTcpSocketBase> GetMpTcpSender(uint32_t id) const;

  private:
    /// \return the random variable, created on first use
    Ptr<UniformRandomVariable> Rng();
    /**
     * \param host a receiver
     * \return its next fresh port (20000, 20001, ...); aborts when none is left
     */
    uint16_t FreshPort(uint32_t host);
    /**
     * \param host the receiving host
     * \param port its port
     * \param factory the sender's socket factory TypeId name (a TCP sender gets a TCP sink,
     *        every MPTCP variant an MPTCP one)
     * \param startS the sink's absolute start time, s (not before now)
     * \return the sink; null if another rank of a distributed run simulates the host
     */
    Ptr<PacketSink> InstallSink(uint32_t host,
                                uint16_t port,
                                const std::string& factory,
                                double startS);
    /**
     * \param startS an absolute start time, s (not before now)
     * \return the application start delay that makes it start then
     */
    static Time StartDelay(double startS);

    const DatacenterTopology& m_tree;               //!< the fabric
    FlowStatistics& m_stats;                        //!< flow registry
    Ptr<UniformRandomVariable> m_rng;               //!< every draw
    uint32_t m_sendSize{16 * 1400};                 //!< BulkSend SendSize, bytes
    std::map<uint32_t, uint16_t> m_nextPort;        //!< next fresh port per receiver
    std::map<uint32_t, Ptr<PacketSink>> m_sinks;    //!< per flow id
    std::map<uint32_t, Ptr<BulkSendApplication>> m_senders; //!< per flow id
    Callback<void, uint32_t, const PlannedFlow&> m_installed; //!< SetInstalledCallback()
};

} // namespace ns3

#endif /* DATACENTER_WORKLOAD_HELPER_H */
