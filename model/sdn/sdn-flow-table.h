/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SDN_FLOW_TABLE_H
#define SDN_FLOW_TABLE_H

#include "ns3/ecmp-forwarding-table.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <functional>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The flow table of one switch that a controller drives: OpenFlow-style exact-match
 * per-flow rules keyed by the 5-tuple, each with an output port, an idle and a hard timeout
 * and packet and byte counters; Packet-In for the first packet of a 5-tuple without a rule;
 * Flow-Removed, with the rule's counters, when a rule expires or is deleted.
 *
 * Vocabulary and semantics follow OpenFlow 1.0 (Open Networking Foundation, OpenFlow Switch
 * Specification 1.0.0, §3.4 flow removal, §5.3.3 Flow-Mod, §5.4.1 Packet-In, §5.4.2
 * Flow-Removed), restricted to what Hedera (Al-Fares et al., NSDI 2010) and the
 * Responsive-MPTCP controller (seed 004) use: exact 5-tuple matches, one action (output on a
 * port), timeouts, counters. A port is the switch's IPv4 interface index.
 *
 * The table sits in the switch's EcmpForwardingTable (Ipv4FlowEcmpRouting::SetFlowTable()),
 * so both forwarding paths (EcmpSwitchForwarder below IPv4 and IPv4 forwarding through
 * Ipv4FlowEcmpRouting) use it alike. For every forwarded packet: a rule whose port is one of
 * the destination's equal-cost next hops decides (its counters count the packet); a rule whose
 * port is not (the link is down, or not on a shortest path) is counted as stale and the packet
 * takes the ECMP hash. Without a rule, the MissAction decides:
 *
 * - MISS_ECMP (default, Hedera: "flows start on ECMP"): the packet takes the ECMP hash (or a
 *   PinFlow() pin) and the switch adds an entry for the 5-tuple with that port, not installed
 *   by the controller, idle timeout MissIdleTimeout, so that the flow's bytes are counted from
 *   its first packet and a controller can poll them; one Packet-In reports the new flow.
 * - MISS_HOLD (a reactive controller): the packet is held (at most HoldLimit packets in the
 *   table, more are dropped and counted) and the first held packet of a 5-tuple raises a
 *   Packet-In; when a rule for the 5-tuple is added, its held packets are forwarded by it, in
 *   arrival order, at the time of the Flow-Mod.
 *
 * Events go to the controller's callbacks (SetPacketInCallback(), SetFlowRemovedCallback())
 * at the instant they happen; the latency of the control channel is the controller's model
 * (it delivers Flow-Mods by calling AddRule()/DeleteRule() when they arrive). Lookup is one
 * hash-map access per packet; a switch without a table pays one pointer test.
 *
 * Counters: bytes are IPv4 bytes (header and payload) of the forwarded packets.
 */
class SdnFlowTable : public Object
{
  public:
    /// The match of a rule: the exact 5-tuple (ports 0 for protocols other than TCP and UDP).
    using FiveTuple = EcmpForwardingTable::FiveTuple;

    /// What a switch does with a packet that matches no rule.
    enum MissAction
    {
        MISS_ECMP = 0, ///< Forward by ECMP, add a counting entry, Packet-In once (Hedera).
        MISS_HOLD = 1  ///< Hold the packet until a rule arrives, Packet-In once (reactive).
    };

    /// Why a rule left the table (OpenFlow 1.0 ofp_flow_removed_reason).
    enum RemovedReason
    {
        IDLE_TIMEOUT = 0, ///< No packet matched for the rule's idle timeout.
        HARD_TIMEOUT = 1, ///< The rule's hard timeout since it was added passed.
        DELETED = 2       ///< The controller deleted it (DeleteRule()).
    };

    /// One rule and its counters (a flow-stats entry).
    struct FlowRule
    {
        FiveTuple match;             //!< The exact 5-tuple matched.
        uint32_t outputPort{0};      //!< Output port: the switch's IPv4 interface index.
        bool fromController{false};  //!< Added by AddRule(); false: added on a miss (MISS_ECMP).
        Time idleTimeout;            //!< Idle timeout (zero: none).
        Time hardTimeout;            //!< Hard timeout from Time added (zero: none).
        Time added;                  //!< Last Flow-Mod (or miss) that added or modified it.
        Time lastMatched;            //!< Last packet matched (Time added if none yet).
        uint64_t packets{0};         //!< Packets matched (and forwarded by the rule).
        uint64_t bytes{0};           //!< IPv4 bytes of those packets.
    };

    /// Packet-In: the switch's table, the 5-tuple, the IPv4 size of the packet (bytes), and
    /// the packet's IPv4 payload (the transport segment, as OpenFlow's Packet-In data; null
    /// when the data plane did not give it).
    using PacketInCallback =
        Callback<void, Ptr<SdnFlowTable>, const FiveTuple&, uint32_t, Ptr<const Packet>>;
    /// Flow-Removed: the switch's table, the rule as it left (with its counters), the reason.
    using FlowRemovedCallback =
        Callback<void, Ptr<SdnFlowTable>, const FlowRule&, RemovedReason>;
    /// TracedCallback signature of the PacketIn trace.
    using PacketInTracedCallback = void (*)(const FiveTuple& tuple, uint32_t bytes);
    /// TracedCallback signature of the FlowRemoved trace.
    using FlowRemovedTracedCallback = void (*)(const FlowRule& rule, RemovedReason reason);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    SdnFlowTable();
    ~SdnFlowTable() override;

    /**
     * \brief Flow-Mod ADD or MODIFY: add a rule for match, or change the port and timeouts of
     * the existing one (its counters stay, as with OpenFlow's MODIFY; its hard timeout counts
     * from this Flow-Mod; a rule added on a miss becomes the controller's). Held packets of
     * match are forwarded by it now.
     * \param match the exact 5-tuple
     * \param outputPort the switch's IPv4 interface index
     * \param idleTimeout idle timeout (zero: none; negative: NS_ABORT)
     * \param hardTimeout hard timeout from now (zero: none; negative: NS_ABORT)
     */
    void AddRule(const FiveTuple& match, uint32_t outputPort, Time idleTimeout, Time hardTimeout);
    /**
     * \brief Flow-Mod DELETE (strict): remove the rule of match, raising Flow-Removed (DELETED).
     * \param match the exact 5-tuple
     * \return whether there was such a rule
     */
    bool DeleteRule(const FiveTuple& match);
    /**
     * \param match the exact 5-tuple
     * \return the rule of match, or nullptr (valid until the table changes)
     */
    const FlowRule* GetRule(const FiveTuple& match) const;
    /**
     * \brief Flow-stats reply: every rule with its counters, sorted by 5-tuple (source,
     * destination, protocol, source port, destination port: a deterministic order).
     * \return the rules
     */
    std::vector<FlowRule> GetRules() const;
    /// \return the number of rules in the table
    uint32_t GetNRules() const;

    /// \param action what to do with a packet that matches no rule
    void SetMissAction(MissAction action);
    /// \return the miss action
    MissAction GetMissAction() const;
    /// \param cb called at every Packet-In (null: none)
    void SetPacketInCallback(PacketInCallback cb);
    /// \param cb called at every Flow-Removed (null: none)
    void SetFlowRemovedCallback(FlowRemovedCallback cb);
    /// \param id an identifier of the switch for the controller (default: its node id)
    void SetSwitchId(uint32_t id);
    /// \return the identifier of the switch
    uint32_t GetSwitchId() const;

    /// \return Packet-Ins raised
    uint64_t GetNPacketIns() const;
    /// \return Flow-Removed events raised
    uint64_t GetNFlowRemoved() const;
    /// \return packets forwarded by ECMP because their rule's port was not a next hop
    uint64_t GetNStaleMatches() const;
    /// \return packets held so far (MISS_HOLD)
    uint64_t GetNHeld() const;
    /// \return packets dropped because HoldLimit packets were held already
    uint64_t GetNHoldDrops() const;
    /// \return packets held now
    uint32_t GetNHeldNow() const;

    /**
     * \brief Data plane: the rule of tuple, counting the packet on it; nullptr if none.
     * Called by EcmpForwardingTable for every forwarded packet.
     * \param tuple the packet's 5-tuple
     * \param bytes the packet's IPv4 size, bytes
     * \return the rule (valid until the table changes), or nullptr
     */
    FlowRule* Match(const FiveTuple& tuple, uint32_t bytes);
    /**
     * \brief Data plane: count a packet of a matched rule that was forwarded by ECMP because
     * its port is not a next hop of the destination.
     */
    void NotifyStaleMatch();
    /**
     * \brief Data plane, MISS_ECMP: add the entry of a new flow forwarded on port (counting
     * this packet) and raise Packet-In.
     * \param tuple the packet's 5-tuple
     * \param outputPort the port ECMP chose
     * \param bytes the packet's IPv4 size, bytes
     * \param payload the packet's IPv4 payload, for the Packet-In (null: none)
     */
    void AddMissEntry(const FiveTuple& tuple,
                      uint32_t outputPort,
                      uint32_t bytes,
                      Ptr<const Packet> payload = nullptr);
    /**
     * \brief Data plane, MISS_HOLD: hold a packet that matched no rule; the first held packet
     * of a 5-tuple raises Packet-In. When a rule for tuple is added, resume() is called (from
     * an event at that instant) to forward the packet again.
     * \param tuple the packet's 5-tuple
     * \param bytes the packet's IPv4 size, bytes
     * \param resume forwards the packet again
     * \param payload the packet's IPv4 payload, for the Packet-In (null: none)
     * \return false if the packet was dropped (HoldLimit reached)
     */
    bool Hold(const FiveTuple& tuple,
              uint32_t bytes,
              std::function<void()> resume,
              Ptr<const Packet> payload = nullptr);

  protected:
    void DoDispose() override;
    void NotifyNewAggregate() override;

  private:
    /// A rule and its expiry event.
    struct Entry
    {
        FlowRule rule;  //!< The rule.
        EventId expiry; //!< Next check of its timeouts.
    };
    /// Packets held for one 5-tuple.
    using HeldQueue = std::deque<std::function<void()>>;
    using Table = std::unordered_map<FiveTuple, Entry, EcmpForwardingTable::FiveTupleHash>;

    /**
     * \param entry a rule; schedules the next check of its timeouts (none if it has none)
     */
    void ScheduleExpiry(Entry& entry);
    /**
     * \param match the 5-tuple whose timeouts are checked now
     */
    void CheckExpiry(FiveTuple match);
    /**
     * \param it the rule leaving the table
     * \param reason why
     */
    void Remove(Table::iterator it, RemovedReason reason);
    /**
     * \param tuple the 5-tuple of the new flow
     * \param bytes the packet's size
     */
    void RaisePacketIn(const FiveTuple& tuple, uint32_t bytes, Ptr<const Packet> payload);
    /// Forward the held packets of match (an event at the Flow-Mod's instant).
    void Release(FiveTuple match);

    Table m_rules;                                //!< The rules by 5-tuple.
    std::unordered_map<FiveTuple, HeldQueue, EcmpForwardingTable::FiveTupleHash> m_held;
    MissAction m_missAction{MISS_ECMP};           //!< Miss action.
    Time m_missIdleTimeout;                       //!< Idle timeout of entries added on a miss.
    uint32_t m_holdLimit{0};                      //!< Most packets held at once.
    uint32_t m_heldNow{0};                        //!< Packets held now.
    uint32_t m_switchId{0};                       //!< Identifier for the controller.
    bool m_switchIdSet{false};                    //!< Whether SetSwitchId() was called.
    PacketInCallback m_packetInCb;                //!< Controller's Packet-In handler.
    FlowRemovedCallback m_flowRemovedCb;          //!< Controller's Flow-Removed handler.
    TracedCallback<const FiveTuple&, uint32_t> m_packetInTrace;           //!< PacketIn trace.
    TracedCallback<const FlowRule&, RemovedReason> m_flowRemovedTrace;    //!< FlowRemoved.
    uint64_t m_packetIns{0};      //!< Packet-Ins raised.
    uint64_t m_flowRemoved{0};    //!< Flow-Removed raised.
    uint64_t m_staleMatches{0};   //!< Matches forwarded by ECMP.
    uint64_t m_heldTotal{0};      //!< Packets held.
    uint64_t m_holdDrops{0};      //!< Packets dropped at the hold limit.
};

/**
 * \param os output stream
 * \param reason a Flow-Removed reason
 * \return os
 */
std::ostream& operator<<(std::ostream& os, SdnFlowTable::RemovedReason reason);

} // namespace ns3

#endif /* SDN_FLOW_TABLE_H */
