/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef FLOW_STATISTICS_H
#define FLOW_STATISTICS_H

#include "ns3/bulk-send-application.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/ptr.h"
#include "ns3/tcp-socket-state.h"

#include <cstdint>
#include <deque>
#include <limits>
#include <set>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::FlowStatistics: per-flow completion time, RTO and fast-retransmit counts.
 */

namespace ns3
{

class Socket;
class TcpSocketBase;

/**
 * \ingroup mptcp
 * \brief What FlowStatistics measured of one flow (MMPTCP thesis §5.2: FCT, #RTO, #fast
 * retransmits per flow).
 */
struct FlowStatisticsRecord
{
    uint32_t flowId{0};    //!< index in FlowStatistics::GetFlows()
    uint32_t srcHost{0};   //!< sending host index
    uint32_t dstHost{0};   //!< receiving host index
    uint64_t sizeBytes{0}; //!< bytes to send; 0 for a long (unlimited) flow
    std::string transport; //!< "tcp", "mptcp", "ps" or "mmptcp"
    double startS{0};      //!< application start (connection request), s
    /// first data written into the socket (BulkSendApplication "Tx"), s; NaN if none
    double firstTxS{std::numeric_limits<double>::quiet_NaN()};
    /// the sink received the last of sizeBytes bytes, s; NaN if not (yet)
    double lastRxS{std::numeric_limits<double>::quiet_NaN()};
    uint64_t rxBytes{0};          //!< bytes the sink received (short flows only)
    uint32_t rtos{0};             //!< congestion-state transitions to CA_LOSS, all subflows
    uint32_t fastRetransmits{0};  //!< congestion-state transitions to CA_RECOVERY, all subflows

    /// \return true if a short flow's sink received all its bytes
    bool Completed() const;
    /// \return flow completion time lastRxS - firstTxS, s; NaN if not completed
    double Fct() const;
};

/**
 * \ingroup mptcp
 * \brief Mean, standard deviation and quantiles of a sample (FCT summaries).
 */
struct SampleSummary
{
    uint64_t count{0}; //!< sample size
    double mean{std::numeric_limits<double>::quiet_NaN()}; //!< mean; NaN if empty
    /// sample standard deviation (n - 1); NaN if fewer than 2 values
    double sd{std::numeric_limits<double>::quiet_NaN()};
    double p50{std::numeric_limits<double>::quiet_NaN()}; //!< median; NaN if empty
    double p99{std::numeric_limits<double>::quiet_NaN()}; //!< 99th percentile; NaN if empty

    /**
     * \brief Summarises \p values (quantiles by linear interpolation between order
     * statistics, the "R-7" definition of numpy's default).
     * \param values the sample
     * \return the summary
     */
    static SampleSummary Of(std::vector<double> values);
};

/**
 * \ingroup mptcp
 * \brief Records, per flow of a BulkSendApplication and its PacketSink, the flow completion
 * time and the number of RTOs and fast retransmits.
 *
 * FCT (MMPTCP thesis §5.2) = time the sink received the last byte - time the sender wrote the
 * first byte into its socket (after the handshake). RTOs and fast retransmits are counted as
 * "CongState" transitions to CA_LOSS and CA_RECOVERY: of the TCP socket itself, or of every
 * subflow of an MpTcpSocketBase-derived socket (MPTCP, PacketScatterSocket, MmpTcpSocket),
 * hooked when the first byte is written and, for later subflows, by "SubflowEstablished".
 *
 * The object must outlive the simulation (the trace sinks point to it).
 */
class FlowStatistics
{
  public:
    FlowStatistics() = default;
    FlowStatistics(const FlowStatistics&) = delete;            //!< trace sinks point here
    FlowStatistics& operator=(const FlowStatistics&) = delete; //!< trace sinks point here

    /**
     * \brief Starts measuring one flow: connects to the sender's "Tx" and, for a short flow,
     * the sink's "Rx" trace.
     * \param srcHost sending host index
     * \param dstHost receiving host index
     * \param sizeBytes bytes the sender sends (its MaxBytes); 0 for a long flow
     * \param transport transport name stored with the flow
     * \param start application start time
     * \param sender the sender; null if another rank of a distributed run simulates it
     * \param sink the receiver (one per flow); null if another rank simulates it
     * \return the flow id (index in GetFlows())
     */
    uint32_t Add(uint32_t srcHost,
                 uint32_t dstHost,
                 uint64_t sizeBytes,
                 const std::string& transport,
                 Time start,
                 Ptr<BulkSendApplication> sender,
                 Ptr<PacketSink> sink);

    /// \return every flow, in Add() order
    const std::deque<FlowStatisticsRecord>& GetFlows() const;

    /**
     * \brief Calls \p cb with a flow's id when its sink has received all sizeBytes bytes
     * (the instant lastRxS is set; finite flows only), from within the sink's receive path:
     * a callback that installs applications should schedule that work (Simulator::ScheduleNow).
     *
     * This is one slot: a second call replaces the callback of the first. It is called before
     * the listeners of AddCompletedCallback(). Several workloads sharing this object (e.g. a
     * ShuffleWorkload beside a ClosedLoopWorkload) should use AddCompletedCallback().
     * \param cb the callback; a null callback removes it
     */
    void SetCompletedCallback(Callback<void, uint32_t> cb);

    /**
     * \brief Adds a listener called, like SetCompletedCallback()'s callback, with the id of
     * every flow that completes (every flow of this object, not only the listener's own: a
     * listener ignores the ids it did not install). Listeners are called in the order they were
     * added, after the SetCompletedCallback() one, from within the sink's receive path. A
     * listener added while a completion is being reported hears only later completions.
     * Listeners cannot be removed; they must outlive the simulation.
     * \param cb the listener; a null callback is ignored
     */
    void AddCompletedCallback(Callback<void, uint32_t> cb);

    /**
     * \brief FCT summary of the completed short flows.
     * \return FCT statistics, s
     */
    SampleSummary GetShortFlowFctSummary() const;

    /**
     * \param until flows starting before this time count as started
     * \return the number of short flows started before \p until
     */
    uint64_t GetShortFlowsStarted(Time until) const;

    /// \return the number of short flows completed
    uint64_t GetShortFlowsCompleted() const;

    /**
     * \brief Combine the records of the ranks of a distributed run (DatacenterPartition):
     * afterwards every rank holds every flow's sender-side fields (firstTxS, rtos,
     * fastRetransmits, measured where the sender runs) and receiver-side fields (rxBytes,
     * lastRxS, where the sink runs). Collective: every rank calls it once, after the run.
     * Nothing changes in a run on one rank.
     */
    void ReduceAcrossRanks();

  private:
    /**
     * Hooks the congestion-state trace of flow \p id's socket (or of its subflows).
     * \param id flow id
     * \param socket the sender's socket
     */
    void HookSocket(uint32_t id, Ptr<Socket> socket);
    /**
     * Hooks one TCP socket (a subflow or a plain TCP socket) once.
     * \param id flow id
     * \param tcp the socket
     */
    void HookTcp(uint32_t id, Ptr<TcpSocketBase> tcp);
    /**
     * Counts one congestion-state transition.
     * \param id flow id
     * \param newState the state entered
     */
    void CongStateChanged(uint32_t id, TcpSocketState::TcpCongState_t newState);

    /**
     * Reports flow \p id's completion to the callback and every listener.
     * \param id flow id
     */
    void NotifyCompleted(uint32_t id);

    std::deque<FlowStatisticsRecord> m_flows; //!< records; a deque keeps references valid
    std::set<const TcpSocketBase*> m_hooked;  //!< sockets whose CongState is counted
    Callback<void, uint32_t> m_completed;     //!< SetCompletedCallback()
    std::vector<Callback<void, uint32_t>> m_listeners; //!< AddCompletedCallback(), in order
};

} // namespace ns3

#endif /* FLOW_STATISTICS_H */
