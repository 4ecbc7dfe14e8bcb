/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TWO_PATH_HELPER_H
#define TWO_PATH_HELPER_H

#include "ns3/data-rate.h"
#include "ns3/ipv4-interface-container.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/socket.h"

#include "ns3/bulk-send-application.h"
#include "ns3/packet-sink.h"

#include <functional>
#include <string>
#include <vector>

namespace ns3
{

class Ipv4FlowEcmpRouting;
class MpTcpSubflow;

/**
 * \ingroup mptcp
 * \brief Two hosts A and B joined by two disjoint paths, the smallest multipath topology
 * (Raiciu et al., SIGCOMM 2011, Fig. 19 uses its shape for a link failure):
 *
 *     A =host= S1 -path- R1 -path- S2 =host= B   and   S1 -path- R2 -path- S2
 *
 * Defaults: host links 100 Mb/s, path links 10 Mb/s, 1 ms per link, 100-packet DropTail
 * queues (no queue disc), addresses 10.3.<link>.0/24. Every node gets the MPTCP stack with
 * static routing (priority 0) and per-flow ECMP (Ipv4FlowEcmpRouting, priority -10), so S1 and
 * S2 hash each flow onto R1 or R2.
 */
class TwoPathHelper
{
  public:
    /// Link indices of GetLink() and GetInterfaces(), in creation order.
    enum Link
    {
        A_S1 = 0,  //!< host A to S1 (host link)
        S1_R1 = 1, //!< path 1, first hop
        S1_R2 = 2, //!< path 2, first hop
        R1_S2 = 3, //!< path 1, second hop
        R2_S2 = 4, //!< path 2, second hop
        S2_B = 5,  //!< S2 to host B (host link)
    };

    TwoPathHelper();

    /// \param rate rate of the two host links (default 100 Mb/s)
    void SetHostLinkRate(DataRate rate);
    /// \param rate rate of the four path links (default 10 Mb/s)
    void SetPathLinkRate(DataRate rate);
    /// \param delay one-way propagation delay of every link (default 1 ms)
    void SetDelay(Time delay);
    /// \param packets DropTail queue of every device, packets (default 100)
    void SetQueueSize(uint32_t packets);

    /**
     * \brief Build nodes, links, stacks, addresses and routes. The node ids follow those of
     * nodes created before; call once.
     */
    void Create();

    /// \return the six nodes: 0 A, 1 S1, 2 R1, 3 R2, 4 S2, 5 B
    NodeContainer GetNodes() const;
    /// \return host A (node 0)
    Ptr<Node> GetHostA() const;
    /// \return host B (node 5)
    Ptr<Node> GetHostB() const;
    /// \return A's address
    Ipv4Address GetHostAddressA() const;
    /// \return B's address
    Ipv4Address GetHostAddressB() const;
    /**
     * \param link a Link index
     * \return the link's two devices, in the order of the Link name
     */
    NetDeviceContainer GetLink(uint32_t link) const;
    /**
     * \param link a Link index
     * \return the link's two interface addresses
     */
    Ipv4InterfaceContainer GetInterfaces(uint32_t link) const;
    /**
     * \param path 0 (via R1) or 1 (via R2)
     * \return S1's next hop on that path
     */
    Ipv4Address GetGateway(uint32_t path) const;
    /// \return S1's routing, to pin a flow to a path (Ipv4FlowEcmpRouting::PinFlow)
    Ptr<Ipv4FlowEcmpRouting> GetFirstSwitchRouting() const;

    /**
     * \brief Pin the A -> B direction of one established subflow at S1 to a path, as a
     * controller would (Ipv4FlowEcmpRouting::PinFlow on its 5-tuple).
     * \param sf a subflow of a socket on A
     * \param path 0 (via R1) or 1 (via R2)
     */
    void PinSubflow(Ptr<MpTcpSubflow> sf, uint32_t path) const;
    /**
     * \brief The path S1 sends a subflow's A -> B packets on (its flow-ECMP choice or pin).
     * \param sf an established subflow of a socket on A
     * \return 0 (via R1) or 1 (via R2)
     */
    uint32_t GetSubflowPath(Ptr<MpTcpSubflow> sf) const;

    /**
     * Callback of PinSubflows: the subflow just pinned and its path (0 or 1).
     */
    typedef std::function<void(Ptr<MpTcpSubflow>, uint32_t)> PinnedCallback;

    /**
     * \brief Pin the A -> B direction of each subflow of \p client at S1 to path (i mod 2),
     * i counting subflows in the order they reach ESTABLISHED, as a controller would.
     * \param client an MPTCP socket on A (connect the trace before it connects)
     * \param pinned called for each pinned subflow with its path (may be empty)
     */
    void PinSubflows(Ptr<Socket> client, PinnedCallback pinned) const;

    /**
     * \brief Path \p path fails in the A -> B direction: S2 drops every packet it receives from
     * R1 or R2 from \p from on, and takes them again from \p to (never if \p to is not
     * positive). ACKs towards A are not affected.
     * \param path 0 (via R1) or 1 (via R2)
     * \param from failure time
     * \param to repair time
     */
    void FailPath(uint32_t path, Time from, Time to) const;

    /**
     * \brief Write pcap traces of the host links as seen by the hosts: PREFIX-a.pcap (A's
     * device) and PREFIX-b.pcap (B's device).
     * \param prefix path and file name prefix
     * \return the two file names
     */
    std::vector<std::string> EnablePcap(const std::string& prefix) const;

    /// The applications of a bulk MPTCP transfer from A to B (InstallBulkTransfer).
    struct BulkTransfer
    {
        Ptr<BulkSendApplication> sender; //!< on A; its socket exists once it started
        Ptr<PacketSink> sink;            //!< on B, listening on the port from time 0
    };

    /**
     * \brief A PacketSink on B and an unlimited BulkSendApplication on A, both through
     * ns3::MpTcpSocketFactory.
     * \param port B's TCP port
     * \param sendSize bytes per write of the sender
     * \param start when the sender starts (connects)
     * \return the two applications
     */
    BulkTransfer InstallBulkTransfer(uint16_t port, uint32_t sendSize, Time start) const;

  private:
    DataRate m_hostRate{"100Mbps"};           //!< host link rate
    DataRate m_pathRate{"10Mbps"};            //!< path link rate
    Time m_delay{MilliSeconds(1)};            //!< per-link delay
    uint32_t m_queue{100};                    //!< DropTail queue, packets
    NodeContainer m_nodes;                    //!< A, S1, R1, R2, S2, B
    std::vector<NetDeviceContainer> m_links;  //!< by Link index
    std::vector<Ipv4InterfaceContainer> m_ifs; //!< by Link index
};

} // namespace ns3

#endif /* TWO_PATH_HELPER_H */
