/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HEDERA_CONTROLLER_H
#define HEDERA_CONTROLLER_H

#include "ns3/data-rate.h"
#include "ns3/datacenter-path-graph.h"
#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/sdn-controller.h"

#include <cstdint>
#include <map>
#include <memory>
#include <utility>
#include <unordered_map>
#include <vector>

namespace ns3
{

class DatacenterFabric;

/**
 * \ingroup mptcp
 * \brief Hedera's central scheduler (Al-Fares et al., "Hedera: Dynamic Flow Scheduling for
 * Data Center Networks", NSDI 2010; as seed 000 §4.4 uses it): flows start on ECMP; every
 * scheduling Interval the controller polls the flow counters of the switches the hosts are
 * attached to, takes as elephants the flows whose rate over the interval exceeded
 * ElephantThreshold of the NIC rate, estimates their natural demands (HederaDemandEstimator)
 * and places every elephant not placed yet with Global First Fit: on the first of its
 * equal-cost paths (DatacenterPathGraph order) whose every link still has room for its
 * estimated demand; it reserves that rate on the path's links and installs a rule for the
 * flow on every switch of the path (idle timeout RuleIdleTimeout). A flow no path fits stays
 * on ECMP (counted). A placed flow's reservation is released when its rule at the source's
 * switch expires (Flow-Removed).
 *
 * The switches' flow tables must use MissAction Ecmp (so that every flow is counted from its
 * first packet at the source's switch); SdnControllerHelper installs them so by default. A
 * flow's rate is measured at the switch its source address is attached to: (bytes now - bytes
 * at the previous poll) / Interval, or bytes / (now - the rule's Time added) for a flow that
 * appeared since. Rates are in bit/s of IPv4 bytes.
 */
class HederaController : public SdnController
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    HederaController();
    ~HederaController() override;

    /**
     * \brief Give the controller the fabric (before the simulation starts): the path graph,
     * the hosts' addresses and the switch each address is attached to, the NIC rate (the
     * fabric's host link rate). Aborts if the fabric is not built.
     * \param topo the fabric
     */
    void SetTopology(const DatacenterFabric& topo) override;

    /**
     * \brief Global First Fit for one flow (Hedera §4.2): the first path whose every link has
     * at least rateBps unreserved in the path's direction gets rateBps reserved.
     * \param graph the graph holding the reservations
     * \param paths the flow's candidate paths, in order
     * \param rateBps the flow's demand, bit/s
     * \return the index of the path chosen, or -1 if none fits (nothing reserved)
     */
    static int32_t GlobalFirstFit(DatacenterPathGraph& graph,
                                  const std::vector<DatacenterPathGraph::Path>& paths,
                                  double rateBps);

    /// \return scheduling rounds completed
    uint64_t GetNRounds() const;
    /// \return elephants placed on a path (Hedera's "flows scheduled")
    uint64_t GetNFlowsScheduled() const;
    /// \return flows scheduled and rounds (both the database's and the summary's)
    RunCounters GetRunCounters() const override;
    /// \return elephant placements that found no path with room (the flow stayed on ECMP)
    uint64_t GetNUnplaced() const;
    /// \return flows placed now (reservations held)
    uint32_t GetNPlacedNow() const;
    /// \return the path graph (reservations included)
    const DatacenterPathGraph& GetPathGraph() const;

  protected:
    void StartApplication() override;
    void StopApplication() override;
    void DoDispose() override;
    void HandleFlowStatsReply(uint32_t switchId,
                              const std::vector<SdnFlowTable::FlowRule>& rules) override;
    void HandleFlowRemoved(uint32_t switchId,
                           const SdnFlowTable::FlowRule& rule,
                           SdnFlowTable::RemovedReason reason) override;

  private:
    /// A measured flow of the current round.
    struct Measured
    {
        SdnFlowTable::FiveTuple tuple; //!< The flow.
        double rateBps;                //!< Its rate over the interval, bit/s.
    };
    /// A placed flow.
    struct Placement
    {
        DatacenterPathGraph::Path path; //!< The path reserved.
        double rateBps;                 //!< The rate reserved, bit/s.
        uint32_t sourceSwitch;          //!< The switch whose Flow-Removed releases it.
    };
    using TupleHash = EcmpForwardingTable::FiveTupleHash;

    /// Start a round: request the flow stats of every switch a host is attached to.
    void Poll();
    /// All replies of the round are in: detect elephants, estimate, place.
    void Schedule();
    /**
     * \param tuple an elephant
     * \param demandBps its estimated demand, bit/s
     */
    void Place(const SdnFlowTable::FiveTuple& tuple, double demandBps);

    Time m_interval;              //!< Scheduling interval.
    double m_threshold{0.1};      //!< Elephant threshold, fraction of the NIC rate.
    Time m_ruleIdleTimeout;       //!< Idle timeout of the rules placed.
    double m_nicRateBps{0};       //!< NIC rate, bit/s.
    std::unique_ptr<DatacenterPathGraph> m_graph;       //!< The fabric.
    HostPortMap m_hostPorts;                             //!< By host address.
    std::vector<uint32_t> m_edgeSwitches;               //!< Switches polled, ascending.
    EventId m_pollEvent;                                //!< Next round.
    Time m_lastPoll;                                    //!< When the last round started.
    uint32_t m_outstanding{0};                          //!< Replies awaited this round.
    std::vector<Measured> m_measured;                   //!< Flows measured this round.
    /// Bytes of each flow at the source's switch at the previous poll.
    std::unordered_map<SdnFlowTable::FiveTuple, uint64_t, TupleHash> m_lastBytes;
    std::unordered_map<SdnFlowTable::FiveTuple, uint64_t, TupleHash> m_newBytes; //!< This round.
    /// Order in which flows were first seen as elephants.
    std::unordered_map<SdnFlowTable::FiveTuple, uint64_t, TupleHash> m_detected;
    uint64_t m_nextDetection{0}; //!< Next detection number.
    std::unordered_map<SdnFlowTable::FiveTuple, Placement, TupleHash> m_placed; //!< Placed.
    uint64_t m_rounds{0};        //!< Rounds completed.
    uint64_t m_scheduled{0};     //!< Flows placed.
    uint64_t m_unplaced{0};      //!< Placements that failed.
};

} // namespace ns3

#endif /* HEDERA_CONTROLLER_H */
