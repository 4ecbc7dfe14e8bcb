/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SDN_CONTROLLER_H
#define SDN_CONTROLLER_H

#include "ns3/application.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/sdn-flow-table.h"
#include "ns3/sdn-server-message.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>
#include <ostream>
#include <unordered_map>
#include <vector>

namespace ns3
{

class DatacenterFabric;

/**
 * \ingroup mptcp
 * \brief The base of SDN controllers: an ns-3 Application on its own node that talks to the
 * switches' flow tables (SdnFlowTable) over a modelled OpenFlow channel. Subclasses (Hedera's
 * scheduler, the Responsive-MPTCP controller, a user's own) override the event handlers.
 *
 * The OpenFlow channel is a latency and a byte count, not packets: every message between the
 * controller and a switch arrives ControlLatency after it is sent (default 0.5 ms each way, the
 * order of a controller on a management network; the out-of-band network is not otherwise
 * modelled), in the order sent. A Flow-Mod is applied to the switch's table when it arrives; a
 * flow-stats request reads the table when it arrives and its reply reaches the controller
 * ControlLatency later; Packet-In and Flow-Removed reach the controller ControlLatency after
 * the switch raised them. Each message is counted with its OpenFlow 1.0 size (OpenFlow Switch
 * Specification 1.0.0, §5: ofp_flow_mod 72 bytes + one ofp_action_output 8; ofp_packet_in 18 +
 * at most 128 bytes of the packet (miss_send_len); ofp_flow_removed 88; flow-stats request
 * ofp_stats_request 12 + ofp_flow_stats_request 44; reply 12 + 96 per rule (ofp_flow_stats 88
 * + one output action 8)). Messages sent before StartApplication() or after StopApplication()
 * are still delivered; events from the switches are handled only while the application runs.
 *
 * Switches are identified by their table's switch id (SdnFlowTable::GetSwitchId(), the node id
 * by default).
 *
 * Servers (hosts) are reached differently: by real packets over an out-of-band control network
 * that SdnControllerHelper::InstallControlNetwork() builds (a point-to-point link from every
 * host to the controller's node) and registers here (AddServer()). Every message is one
 * SdnServerMessage, the 64-byte payload of a UDP datagram (seed 004 §V-A), between the
 * controller's socket (port ServerPort, opened by the first AddServer()) and the host's
 * SdnServerAgent. SendToServer() sends one; HandleServerMessage() receives the servers'
 * messages while the application runs (they are counted whenever they arrive). They are
 * counted apart from the OpenFlow messages (GetNServerMessages(), GetServerControlBytes() for
 * the 64-byte payloads, GetServerWireBytes() for the 94-byte frames on the links) and reported
 * by the ServerMessage trace; a datagram that is not a message, or does not come from a
 * registered server, is counted (GetNMalformedServerMessages()) and dropped.
 */
class SdnController : public Application
{
  public:
    /// The match of a rule (SdnFlowTable::FiveTuple).
    using FiveTuple = SdnFlowTable::FiveTuple;

    /// Kinds of control message, for the counters.
    enum MessageType
    {
        FLOW_MOD = 0,           ///< Controller -> switch: add, modify or delete a rule.
        FLOW_STATS_REQUEST = 1, ///< Controller -> switch: read every rule's counters.
        FLOW_STATS_REPLY = 2,   ///< Switch -> controller: the counters.
        PACKET_IN = 3,          ///< Switch -> controller: a new flow.
        FLOW_REMOVED = 4,       ///< Switch -> controller: a rule left the table.
        N_MESSAGE_TYPES = 5     ///< Number of kinds.
    };

    /// TracedCallback signature of the ControlMessage trace: kind (MessageType), bytes.
    using ControlMessageTracedCallback = void (*)(uint32_t type, uint32_t bytes);
    /**
     * TracedCallback signature of the ServerMessage trace: the server's host index, the
     * message, and whether it went to the server (true) or came from it (false).
     */
    using ServerMessageTracedCallback = void (*)(uint32_t host,
                                                 const SdnServerMessage& message,
                                                 bool toServer);

    /// OpenFlow 1.0 sizes of the messages, bytes (see the class description).
    static constexpr uint32_t kFlowModBytes = 72 + 8;
    static constexpr uint32_t kPacketInHeaderBytes = 18;
    static constexpr uint32_t kPacketInMaxData = 128;
    static constexpr uint32_t kFlowRemovedBytes = 88;
    static constexpr uint32_t kFlowStatsRequestBytes = 12 + 44;
    static constexpr uint32_t kFlowStatsReplyHeaderBytes = 12;
    static constexpr uint32_t kFlowStatsEntryBytes = 88 + 8;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    SdnController();
    ~SdnController() override;

    /**
     * \brief Take control of a switch: its Packet-In and Flow-Removed events come to this
     * controller (replacing any earlier handler). Aborts if a switch with the same id was
     * added already.
     * \param table the switch's flow table
     */
    void AddSwitch(Ptr<SdnFlowTable> table);
    /**
     * \brief Tell the controller the fabric it runs (SdnControllerHelper::Install(topo) calls
     * it after AddSwitch() of every switch). Default: nothing; HederaController builds its path
     * graph.
     * \param topo the built fabric
     */
    virtual void SetTopology(const DatacenterFabric& topo);
    /// \return the number of switches controlled
    uint32_t GetNSwitches() const;
    /// \return the ids of the switches controlled, ascending
    std::vector<uint32_t> GetSwitchIds() const;
    /**
     * \param switchId a switch id
     * \return its flow table (NS_ABORT if unknown)
     */
    Ptr<SdnFlowTable> GetSwitch(uint32_t switchId) const;

    /**
     * \brief Flow-Mod add/modify, applied ControlLatency from now (SdnFlowTable::AddRule()).
     * \param switchId the switch
     * \param match the exact 5-tuple
     * \param outputPort the switch's IPv4 interface index
     * \param idleTimeout idle timeout (zero: none)
     * \param hardTimeout hard timeout (zero: none)
     */
    void SendFlowMod(uint32_t switchId,
                     const FiveTuple& match,
                     uint32_t outputPort,
                     Time idleTimeout,
                     Time hardTimeout);
    /**
     * \brief Flow-Mod delete, applied ControlLatency from now (SdnFlowTable::DeleteRule()).
     * \param switchId the switch
     * \param match the exact 5-tuple
     */
    void SendFlowDelete(uint32_t switchId, const FiveTuple& match);
    /**
     * \brief Flow-stats request: the switch reads its rules ControlLatency from now and
     * HandleFlowStatsReply() runs ControlLatency later.
     * \param switchId the switch
     */
    void SendFlowStatsRequest(uint32_t switchId);

    /// \return the one-way latency of the OpenFlow channel
    Time GetControlLatency() const;
    /**
     * \param type a kind of message
     * \return messages of that kind sent or received so far
     */
    uint64_t GetNMessages(MessageType type) const;
    /// \return control messages of all kinds
    uint64_t GetNMessages() const;
    /// \return bytes of all control messages (OpenFlow 1.0 sizes)
    uint64_t GetControlBytes() const;
    /// \return Flow-Mods that added or modified a rule (not deletions)
    uint64_t GetNRulesInstalled() const;

    /// What every controller reports of a run, through one interface: the row of the results
    /// database's ``controller_runs`` and the common keys of the JSON summary.
    struct RunCounters
    {
        /// Flows the controller handled: Hedera's elephants scheduled, Responsive MPTCP's
        /// flows that asked for paths (``controller_runs.flows_scheduled``).
        uint64_t flowsScheduled{0};
        /// Its decisions: Hedera's scheduling rounds, Responsive MPTCP's path requests
        /// (``controller_runs.rounds``).
        uint64_t rounds{0};
        /// Periodic scheduling rounds (Hedera); 0 for an event-driven controller (the JSON
        /// summary's ``hedera_rounds``).
        uint64_t schedulingRounds{0};
    };
    /// \return the run's counters (a controller without any: zeros)
    virtual RunCounters GetRunCounters() const;
    /**
     * \brief Write the controller's own keys of the JSON summary, each as `, "key": value`
     * (none by default; Responsive MPTCP: its requests, grants, demands and server traffic).
     * \param os the summary being written
     * \param durationS the simulated time of the run, s (for rates)
     */
    virtual void WriteSummaryFields(std::ostream& os, double durationS) const;

    /**
     * \brief Register a server (a host with an SdnServerAgent) on the control network; the
     * first call opens the controller's UDP socket on port ServerPort (the controller's node
     * must have an IPv4 stack). SdnControllerHelper::InstallControlNetwork() calls it for every
     * host. NS_ABORT if the host index or the address is registered already.
     * \param hostIndex the host's index in the fabric
     * \param address the host's address on the control network
     */
    void AddServer(uint32_t hostIndex, Ipv4Address address);
    /// \return the number of servers registered
    uint32_t GetNServers() const;
    /**
     * \param hostIndex a host index
     * \return whether that host is a registered server
     */
    bool HasServer(uint32_t hostIndex) const;
    /**
     * \param hostIndex a registered server (NS_ABORT otherwise)
     * \return its address on the control network
     */
    Ipv4Address GetServerAddress(uint32_t hostIndex) const;
    /// \return the UDP port of the control network (ServerPort attribute)
    uint16_t GetServerPort() const;
    /**
     * \brief Send a message to a server now: one UDP datagram whose 64-byte payload is the
     * message, to the server's SdnServerAgent. Its host index field is set to \p hostIndex.
     * \param hostIndex a registered server (NS_ABORT otherwise)
     * \param message the message
     * \return whether the socket took it
     */
    bool SendToServer(uint32_t hostIndex, SdnServerMessage message);
    /// \return messages sent to servers
    uint64_t GetNServerMessagesSent() const;
    /// \return messages received from servers (handled or not)
    uint64_t GetNServerMessagesReceived() const;
    /// \return messages between the controller and the servers, both ways
    uint64_t GetNServerMessages() const;
    /**
     * \return bytes of the server messages both ways, counted as UDP payload: 64 per message
     *         (SdnServerMessage::kSize, the unit of seed 004 §V-A)
     */
    uint64_t GetServerControlBytes() const;
    /**
     * \return bytes the server messages put on the control network's point-to-point links,
     *         both ways: 94 per message (SdnServerMessage::kWireBytes: payload 64 + UDP 8 +
     *         IPv4 20 + PPP 2)
     */
    uint64_t GetServerWireBytes() const;
    /**
     * \return datagrams received on the server port that were not messages from a registered
     *         server (dropped)
     */
    uint64_t GetNMalformedServerMessages() const;

  protected:
    /// Where a host address is attached to the fabric.
    struct HostPort
    {
        uint32_t host;     //!< Host index (DatacenterFabric::GetHost()).
        uint32_t switchId; //!< Node id of the switch on the link of the address's NIC.
    };
    /// Host attachments by IPv4 address (Ipv4Address::Get()).
    using HostPortMap = std::unordered_map<uint32_t, HostPort>;

    /**
     * \brief The switch every host address of a built fabric is attached to, for
     * controllers that map a flow's addresses to hosts and to the switch its source is on:
     * every address of every host (DatacenterFabric::GetAllHostAddresses(), so also a
     * FatTree host's further addresses, FatTreeHelper::SetAddressesPerHost()).
     * Aborts if a host lacks one of its GetAllHostAddresses().
     * \param topo the built fabric
     * \return the attachments by address
     */
    static HostPortMap MapHostPorts(const DatacenterFabric& topo);
    /**
     * \brief A switch reported a new flow (Packet-In). Default: nothing.
     * \param switchId the switch
     * \param tuple the flow
     * \param bytes the IPv4 size of its first packet, bytes
     * \param payload that packet's IPv4 payload (the transport segment with its options, as
     *        OpenFlow's Packet-In data; null if the data plane did not give it)
     */
    virtual void HandlePacketIn(uint32_t switchId,
                                const FiveTuple& tuple,
                                uint32_t bytes,
                                Ptr<const Packet> payload);
    /**
     * \brief A rule left a switch's table (Flow-Removed). Default: nothing.
     * \param switchId the switch
     * \param rule the rule with its final counters
     * \param reason why
     */
    virtual void HandleFlowRemoved(uint32_t switchId,
                                   const SdnFlowTable::FlowRule& rule,
                                   SdnFlowTable::RemovedReason reason);
    /**
     * \brief The answer to SendFlowStatsRequest(). Default: nothing.
     * \param switchId the switch
     * \param rules its rules and counters when the request arrived, sorted by 5-tuple
     */
    virtual void HandleFlowStatsReply(uint32_t switchId,
                                      const std::vector<SdnFlowTable::FlowRule>& rules);
    /**
     * \brief A message from a server (its SdnServerAgent), while the application runs.
     * Default: nothing; the Responsive-MPTCP controller answers path-adding requests here.
     * \param hostIndex the server's host index
     * \param message the message
     */
    virtual void HandleServerMessage(uint32_t hostIndex, const SdnServerMessage& message);
    void StartApplication() override;
    void StopApplication() override;
    void DoDispose() override;

    /// \return whether the application runs (between start and stop)
    bool IsRunning() const;

  private:
    /**
     * \param type kind of message
     * \param bytes its size
     */
    void Count(MessageType type, uint64_t bytes);
    /// Switch side: a Packet-In raised now.
    void OnPacketIn(Ptr<SdnFlowTable> table,
                    const FiveTuple& tuple,
                    uint32_t bytes,
                    Ptr<const Packet> payload);
    /// Switch side: a Flow-Removed raised now.
    void OnFlowRemoved(Ptr<SdnFlowTable> table,
                       const SdnFlowTable::FlowRule& rule,
                       SdnFlowTable::RemovedReason reason);
    /// Controller side: deliver a Packet-In.
    void DeliverPacketIn(uint32_t switchId,
                         FiveTuple tuple,
                         uint32_t bytes,
                         Ptr<const Packet> payload);
    /// Controller side: deliver a Flow-Removed.
    void DeliverFlowRemoved(uint32_t switchId,
                            SdnFlowTable::FlowRule rule,
                            SdnFlowTable::RemovedReason reason);
    /// Controller side: deliver a flow-stats reply.
    void DeliverFlowStatsReply(uint32_t switchId, std::vector<SdnFlowTable::FlowRule> rules);
    /// Switch side: a flow-stats request arrives.
    void AnswerFlowStats(uint32_t switchId);
    /// Read the server socket.
    void HandleServerRead(Ptr<Socket> socket);

    Time m_latency;                                  //!< One-way latency of the channel.
    std::map<uint32_t, Ptr<SdnFlowTable>> m_switches; //!< Switches by id.
    bool m_running{false};                           //!< Between start and stop.
    uint64_t m_messages[N_MESSAGE_TYPES]{};          //!< Messages per kind.
    uint64_t m_bytes{0};                             //!< Control bytes.
    uint64_t m_rulesInstalled{0};                    //!< Flow-Mods adding or modifying.
    /// Trace of every control message: kind and size in bytes.
    TracedCallback<uint32_t, uint32_t> m_messageTrace;

    uint16_t m_serverPort{0};                       //!< UDP port of the control network.
    Ptr<Socket> m_serverSocket;                     //!< UDP socket to the servers.
    std::map<uint32_t, Ipv4Address> m_servers;      //!< Control address by host index.
    std::map<uint32_t, uint32_t> m_serverByAddress; //!< Host index by control address.
    uint64_t m_serverSent{0};                       //!< Messages sent to servers.
    uint64_t m_serverReceived{0};                   //!< Messages received from servers.
    uint64_t m_serverMalformed{0};                  //!< Datagrams dropped.
    /// Trace of every server message: host, message, direction (true: to the server).
    TracedCallback<uint32_t, const SdnServerMessage&, bool> m_serverTrace;
};

} // namespace ns3

#endif /* SDN_CONTROLLER_H */
