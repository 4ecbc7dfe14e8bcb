/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef CLOSED_LOOP_WORKLOAD_H
#define CLOSED_LOOP_WORKLOAD_H

#include "ns3/datacenter-workload-helper.h"
#include "ns3/flow-size-distribution.h"
#include "ns3/flow-statistics.h"
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
 * ns3::ClosedLoopWorkload: one finite flow per sender at all times, replaced when it completes.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Closed-loop flow arrivals (seed 000 §4.4, Fig. 13: "a permutation traffic matrix with
 * closed loop flow arrivals (one flow finishes, another different one starts)", sizes from the
 * VL2 dataset).
 *
 * Every sender of the traffic matrix has exactly one finite flow in progress: Start() installs
 * one per matrix row; when a flow's receiver has all its bytes (FlowStatistics' completion, the
 * instant the sink reads the last byte), the sender starts a new connection at once, on a fresh
 * receiver port (so a new 5-tuple: a new ECMP hash, a new flow for a controller), with a size
 * drawn from the FlowSizeDistribution. Its destination is the same host (Destination
 * PERMUTATION: the matrix stays a permutation) or a host drawn uniformly among the others
 * (RANDOM: a new destination every time, so receivers may collide). No flow starts at or after
 * the stop time. Each flow is installed by DatacenterWorkloadHelper::Install() and recorded in
 * the FlowStatistics (size, start, first byte sent, last byte received).
 *
 * Needs every host on one rank (no distributed run): the sender learns of the completion at
 * the receiver.
 */
class ClosedLoopWorkload
{
  public:
    /// Where the next flow of a sender goes.
    enum class Destination
    {
        PERMUTATION, //!< the sender's matrix destination again
        RANDOM       //!< a uniformly random host other than the sender
    };

    /**
     * \param name "permutation" or "random"
     * \return the destination rule, or nullopt for any other name
     */
    static std::optional<Destination> DestinationFromString(const std::string& name);

    /**
     * \param installer installs each flow; must outlive the simulation
     * \param stats records each flow and reports completions (its completion callback is taken
     *        by this object); must outlive the simulation
     * \param nHosts number of hosts (>= 2)
     */
    ClosedLoopWorkload(DatacenterWorkloadHelper& installer, FlowStatistics& stats, uint32_t nHosts);

    /**
     * \brief Fixes the random stream of the sizes and destinations drawn by this object.
     * \param stream stream index
     * \return 1 (streams used)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief Installs the first flow of every matrix row and replaces flows as they complete.
     * \param matrix the (sender, receiver) pairs; one flow in progress per row
     * \param sizes flow sizes, bytes (copied)
     * \param destination where the replacements go
     * \param factory the senders' socket factory TypeId name
     * \param transport the transport name stored with the flows
     * \param startS start time of row i's first flow is startS + jitter, jitter uniform in
     *        [0, 10 ms), s
     * \param stopS no flow starts at or after this time, s
     */
    void Start(const TrafficMatrix::FlowList& matrix,
               const FlowSizeDistribution& sizes,
               Destination destination,
               const std::string& factory,
               const std::string& transport,
               double startS,
               double stopS);

    /**
     * \brief At most \p flows flows in all (seed 004's random workload: 500): once that many
     * have started, completions start no more. Before Start().
     * \param flows the limit; 0 (default) for none
     */
    void SetFlowLimit(uint64_t flows);
    /**
     * \brief At most \p flows flows in progress into one receiver (seed 004's random workload:
     * 4). With Destination RANDOM every flow, the first ones included, goes to a host drawn
     * uniformly among the other hosts that receive fewer than \p flows now (a sender waits
     * for its next completion-free moment, i.e. starts nothing, if none has room); ignored
     * with PERMUTATION. Before Start().
     * \param flows the limit; 0 (default) for none (the first destinations are the matrix's)
     */
    void SetMaxFlowsPerReceiver(uint32_t flows);
    /**
     * \brief Called once, when no flow is in progress and none will start again: the flow
     * limit is reached (or the stop time passed) and every started flow has completed.
     * \param cb the callback
     */
    void SetDoneCallback(Callback<void> cb);
    /// \return the FlowStatistics ids of this workload's flows, in start order
    std::vector<uint32_t> GetFlowIds() const;

    /// \return flows installed so far (first flows and replacements)
    uint64_t GetFlowsStarted() const;
    /// \return flows whose receiver has all their bytes
    uint64_t GetFlowsCompleted() const;
    /// \return bytes the receivers of this workload's flows have read so far
    uint64_t GetReceivedBytes() const;

  private:
    /**
     * Installs one flow of matrix row \p row.
     * \param row the row
     * \param dst the receiver
     * \param startS start time, s
     */
    void Launch(uint32_t row, uint32_t dst, double startS);
    /**
     * A flow completed: start the next one of its row.
     * \param id the flow id in the FlowStatistics
     */
    void Completed(uint32_t id);
    /**
     * \param src the sender
     * \return a uniformly random host other than \p src with room under the receiver limit,
     *         or nHosts if none has
     */
    uint32_t DrawDestination(uint32_t src);
    /// \return whether the flow limit allows one more flow
    bool MayStart() const;
    /// Fire the done callback if nothing is in progress and nothing will start.
    void CheckDone();

    DatacenterWorkloadHelper& m_installer;   //!< installs the flows
    FlowStatistics& m_stats;                 //!< records the flows
    uint32_t m_nHosts;                       //!< hosts
    Ptr<UniformRandomVariable> m_rng;        //!< sizes, destinations, first start jitter
    FlowSizeDistribution m_sizes;            //!< flow sizes
    Destination m_destination{Destination::PERMUTATION}; //!< replacement rule
    TrafficMatrix::FlowList m_matrix;        //!< the rows
    std::string m_factory;                   //!< socket factory
    std::string m_transport;                 //!< transport name
    double m_stopS{0};                       //!< no start at or after, s
    std::map<uint32_t, uint32_t> m_rowOf;    //!< flow id -> row
    uint64_t m_started{0};                   //!< flows installed
    uint64_t m_completed{0};                 //!< flows completed
    uint64_t m_planned{0};                   //!< flows decided (started or about to)
    uint64_t m_flowLimit{0};                 //!< SetFlowLimit() (0: none)
    uint32_t m_maxPerReceiver{0};            //!< SetMaxFlowsPerReceiver() (0: none)
    std::vector<uint32_t> m_receiving;       //!< per host, flows in progress into it
    std::map<uint32_t, uint32_t> m_dstOf;    //!< flow id -> receiver
    std::vector<uint32_t> m_ids;             //!< flow ids in start order
    Callback<void> m_done;                   //!< SetDoneCallback()
    bool m_doneFired{false};                 //!< whether m_done was called
};

} // namespace ns3

#endif /* CLOSED_LOOP_WORKLOAD_H */
