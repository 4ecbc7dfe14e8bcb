/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RESPONSIVE_CONTROLLER_H
#define RESPONSIVE_CONTROLLER_H

#include "ns3/datacenter-path-graph.h"
#include "ns3/responsive-demand-table.h"
#include "ns3/responsive-route-calculator.h"
#include "ns3/sdn-controller.h"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

/**
 * \file
 * \ingroup mptcp
 * ns3::ResponsiveController: the controller of Responsive MPTCP (seed 004 §III).
 */

namespace ns3
{

class TcpHeader;

/**
 * \ingroup mptcp
 * \brief The controller of Responsive MPTCP (Duan, Wang, Wu, "Responsive Multipath TCP in
 * SDN-based Datacenters", ICC 2015, §III): a reactive controller that routes every subflow,
 * keeps the demand table of the MPTCP flows (ResponsiveDemandTable, Algorithm 1) and answers
 * the monitors' path-adding requests with Algorithm 2 (ResponsiveRouteCalculator).
 *
 * The switches' flow tables must hold a packet that matches no rule (MissAction Hold), so the
 * first packet of every (sub)flow raises a Packet-In at the switch its source is attached to.
 * The Packet-In data is the packet's TCP segment; the controller reads its MPTCP option:
 *  - a SYN with MP_CAPABLE is a new MPTCP flow: it gets the next flow id, the path with the
 *    largest expected throughput (Algorithm 2's new-flow branch), rules on every switch of
 *    the path (idle timeout RuleIdleTimeout), and a row in the demand table; the demands that
 *    Algorithm 1 says to send go to the senders' monitors as DEMAND messages carrying the flow
 *    id, the demand (bit/s) and the 5-tuple of the flow's first subflow (by which the monitor
 *    knows the flow);
 *  - the SYN/ACK with MP_CAPABLE (the reverse direction, at the destination's switch) carries
 *    the receiver's key, whose token (RFC 8684 §3.1) identifies the flow in later MP_JOINs; it
 *    is routed on the mirror of the forward path;
 *  - a SYN with MP_JOIN is a new subflow of the flow with that token: it takes the next path
 *    saved for the flow by Algorithm 2, or the best path now if none is saved;
 *  - anything else (plain TCP, UDP, a flow whose rules expired) is routed on the best path
 *    by Rule 1 without joining the demand table; a Packet-In at a switch that is not the
 *    source's (a race with a rule still on its way) is routed from that switch on.
 * A PATH_ADD_REQUEST (flow id, gap in bit/s) runs Algorithm 2 with the flow's routed and saved
 * subflows against MaxSubflows; the paths it chooses are saved and their number is sent back
 * as PATH_ADD_ANSWER (nothing is sent when it chooses none, as Algorithm 2's "e_t == 0").
 * When the rule of a flow's last subflow at its source's switch expires (Flow-Removed), the
 * flow leaves the demand table (and Algorithm 1 may send other flows' demands) and the route
 * calculator. Subflows that end before their flow stay counted on their links until then.
 */
class ResponsiveController : public SdnController
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ResponsiveController();
    ~ResponsiveController() override;

    /**
     * \brief Give the controller the fabric (before the simulation starts): the path graph,
     * the hosts' addresses and the switches they are attached to, the NIC rate (the fabric's
     * host link rate). Aborts if the fabric is not built.
     * \param topo the fabric
     */
    void SetTopology(const DatacenterFabric& topo) override;

    /// \return MPTCP flows seen (SYNs with MP_CAPABLE)
    uint64_t GetNFlows() const;
    /// \return MPTCP flows in the demand table now
    uint32_t GetNFlowsNow() const;
    /// \return subflows of MPTCP flows routed (initial and MP_JOIN SYNs)
    uint64_t GetNSubflowsRouted() const;
    /// \return MP_JOIN subflows that found a path saved for them
    uint64_t GetNSavedPathsUsed() const;
    /// \return path-adding requests handled
    uint64_t GetNRequests() const;
    /// \return subflows granted in the answers, in all
    uint64_t GetNSubflowsGranted() const;
    /// \return DEMAND messages sent
    uint64_t GetNDemandsSent() const;
    /// \return flows and path requests (no periodic rounds)
    RunCounters GetRunCounters() const override;
    /// Writes path_requests, subflows_granted, demands_sent, server_messages,
    /// server_control_bytes and server_control_bps_per_server (bit/s per server).
    /// \param os the summary being written
    /// \param durationS the simulated time of the run, s
    void WriteSummaryFields(std::ostream& os, double durationS) const override;
    /// \return other packets routed (not the SYNs of MPTCP flows)
    uint64_t GetNOtherRouted() const;
    /// \return the route calculator (per-link aggregate flows)
    const ResponsiveRouteCalculator& GetRouteCalculator() const;
    /// \return the demand table
    const ResponsiveDemandTable& GetDemandTable() const;

  protected:
    void StartApplication() override;
    void DoDispose() override;
    void HandlePacketIn(uint32_t switchId,
                        const FiveTuple& tuple,
                        uint32_t bytes,
                        Ptr<const Packet> payload) override;
    void HandleFlowRemoved(uint32_t switchId,
                           const SdnFlowTable::FlowRule& rule,
                           SdnFlowTable::RemovedReason reason) override;
    void HandleServerMessage(uint32_t hostIndex, const SdnServerMessage& message) override;

  private:
    using Path = DatacenterPathGraph::Path;
    using TupleHash = EcmpForwardingTable::FiveTupleHash;


    /// An MPTCP flow.
    struct Flow
    {
        uint32_t source{0};            //!< Source host.
        uint32_t destination{0};       //!< Destination host.
        FiveTuple initial;             //!< Its first subflow.
        std::deque<Path> saved;        //!< Paths chosen by Algorithm 2, not used yet.
        std::set<FiveTuple> subflows;  //!< Its forward subflows with rules now.
    };

    /**
     * \param tuple a flow
     * \return its candidate paths (empty if an address is not a host's)
     */
    std::vector<Path> Candidates(const FiveTuple& tuple) const;
    /**
     * \brief Install a rule for \p tuple on every switch of \p path from hop \p from on.
     * \param tuple the flow
     * \param path its path
     * \param from the first hop whose sending node gets a rule (hop 0 leaves the host)
     */
    void Install(const FiveTuple& tuple, const Path& path, std::size_t from);
    /**
     * \brief Route a packet that is not an MPTCP SYN: its flow's path if known, else the best
     * path by Rule 1, from the switch that asked.
     * \param switchId the switch of the Packet-In
     * \param tuple the flow
     */
    void RouteOther(uint32_t switchId, const FiveTuple& tuple);
    /// \param d demands to send to the senders' monitors
    void Dispatch(const ResponsiveDemandTable::Dispatch& d);
    /**
     * \param flowId a flow
     * \param tuple the new subflow
     * \param path its path
     */
    void AddSubflow(uint64_t flowId, const FiveTuple& tuple, const Path& path);
    /// \param flowId a flow that ended
    void EndFlow(uint64_t flowId);

    Time m_ruleIdleTimeout;     //!< Idle timeout of the rules installed.
    double m_deltaDdt{0.15};    //!< δ_DDT.
    uint32_t m_maxSubflows{4};  //!< M.
    double m_nicRateBps{0};     //!< NIC rate, bit/s.
    std::unique_ptr<DatacenterPathGraph> m_graph;            //!< The fabric.
    std::unique_ptr<ResponsiveRouteCalculator> m_routes;     //!< Algorithm 2's state.
    std::unique_ptr<ResponsiveDemandTable> m_demands;        //!< Algorithm 1's table.
    HostPortMap m_hostPorts;                                 //!< By host address.
    std::map<uint64_t, Flow> m_flows;                        //!< MPTCP flows by id.
    std::unordered_map<FiveTuple, uint64_t, TupleHash> m_flowOf; //!< Forward subflow -> flow.
    std::unordered_map<FiveTuple, Path, TupleHash> m_paths;  //!< Path of each routed tuple.
    std::unordered_map<uint32_t, uint64_t> m_byToken;        //!< Receiver's token -> flow.
    uint64_t m_nextFlowId{1};  //!< Id of the next MPTCP flow.
    uint64_t m_nFlows{0};      //!< MPTCP flows seen.
    uint64_t m_routed{0};      //!< MPTCP subflows routed.
    uint64_t m_savedUsed{0};   //!< Saved paths used.
    uint64_t m_requests{0};    //!< Requests handled.
    uint64_t m_granted{0};     //!< Subflows granted.
    uint64_t m_demandsSent{0}; //!< DEMAND messages sent.
    uint64_t m_other{0};       //!< Other packets routed.
};

} // namespace ns3

#endif /* RESPONSIVE_CONTROLLER_H */
