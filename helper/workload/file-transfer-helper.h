/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef FILE_TRANSFER_HELPER_H
#define FILE_TRANSFER_HELPER_H

#include "ns3/data-rate.h"
#include "ns3/experiment-database.h"
#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/type-id.h"

#include <cstdint>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::FileTransferHelper: short file transfers between two dual-NIC hosts on one switch.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The experiment of Raiciu et al., SIGCOMM 2011, §6 (Fig. 17, "Should MPTCP be enabled
 * for all TCP connections?"): "We connected two dual-interface machines to a gigabit switch,
 * and measured the time to setup a connection and transfer a short file."
 *
 * Topology: host A (sender, node 0) and host B (receiver, node 1), each with two NICs; the
 * four NICs are point-to-point links to one switch (an IP router, node 2), each with a
 * DropTail device queue and no traffic-control queue disc. NIC i (i = 1, 2) of each host is in
 * subnet 10.0.(2h + i).0/24 for host h = 0, 1 and has a static route only to NIC i of the other
 * host, so MPTCP's fullmesh path manager opens exactly two subflows, NIC 1 - NIC 1 (the
 * initial one) and NIC 2 - NIC 2 (joined after B's ADD_ADDR), and TCP uses NIC 1 only.
 *
 * Run() transfers the files one after another, each over a fresh connection (a
 * BulkSendApplication with MaxBytes, into one PacketSink), 50 ms apart so that no two
 * connections overlap. A transfer's time is from the application's connect() to the arrival
 * of its last byte at the PacketSink.
 *
 * Set the transport defaults (segment size, initial window, path manager "Fullmesh" with
 * MaxSubflows 2 for MPTCP) with Config::SetDefault before Run().
 */
class FileTransferHelper
{
  public:
    /**
     * \brief Builds the two hosts, the switch, the links, the stacks and the routes.
     * \param rate rate of the four links
     * \param delay one-way delay of each link
     * \param queue device queue size, packets (>= 1)
     */
    FileTransferHelper(DataRate rate, Time delay, uint32_t queue);

    /**
     * \brief Runs the transfers (Simulator::Run(); the caller calls Simulator::Destroy()).
     * \param factory socket factory of both ends (e.g. TcpSocketBaseFactory or MpTcpSocketFactory)
     * \param packets file sizes in packets, transferred in this order
     * \param mss bytes per packet (the segment size)
     * \param limit simulated time after which unfinished transfers are given up
     * \return one record per completed transfer, in order (fewer than \p packets if the
     *         limit was reached)
     */
    std::vector<TransferRecord> Run(TypeId factory,
                                    const std::vector<uint32_t>& packets,
                                    uint32_t mss,
                                    Time limit = Seconds(60));

    /// \return host A (0, the sender) and host B (1, the receiver)
    NodeContainer GetHosts() const;

    /**
     * \param link 0: A's NIC 1, 1: A's NIC 2, 2: B's NIC 1, 3: B's NIC 2
     * \return the link's devices, the host's first
     */
    NetDeviceContainer GetLink(uint32_t link) const;

    /**
     * \param link as for GetLink()
     * \return the host-side address of that link
     */
    Ipv4Address GetAddress(uint32_t link) const;

    /**
     * \param link as for GetLink()
     * \param hostSide true for the queue of the host's device, false for the switch's
     * \return packets that device's DropTail queue dropped so far for want of room (the
     *         devices have flow control disabled and no queue disc, so every drop is the
     *         queue's, including those of a sender overrunning its own NIC)
     */
    uint32_t GetDrops(uint32_t link, bool hostSide) const;

  private:
    /// Starts the next transfer, or stops the simulation after the last.
    void Next();

    /// PacketSink's Rx trace: ends the current transfer with its last byte.
    void OnRx(Ptr<const Packet> packet, const Address& from);

    NodeContainer m_hosts;                   //!< A, B
    std::vector<NetDeviceContainer> m_links; //!< the four host links
    std::vector<Ipv4Address> m_addresses;    //!< host side addresses
    TypeId m_factory;                        //!< socket factory of the current Run()
    std::vector<uint32_t> m_packets;         //!< file sizes of the current Run()
    uint32_t m_mss{0};                       //!< bytes per packet
    Ptr<PacketSink> m_sink;                  //!< the receiver
    uint64_t m_target{0};                    //!< sink total at the end of the transfer
    Time m_connectAt;                        //!< connect() of the current transfer
    bool m_active{false};                    //!< a transfer is running
    std::vector<TransferRecord> m_results;   //!< completed transfers
};

} // namespace ns3

#endif /* FILE_TRANSFER_HELPER_H */
