/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOT_SPOT_HELPER_H
#define HOT_SPOT_HELPER_H

#include "ns3/fat-tree-helper.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <map>
#include <tuple>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::HotSpotHelper: slows down randomly chosen links (hot spots); ns3::HotSpotFlowCounter:
 * which flows send packets over them.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Hot spots of Raiciu et al., SIGCOMM 2011, §4.3.4 (Fig. 11: "We drop a single link in
 * the core network from 1Gb/s to 100Mb/s"): links of one layer, chosen uniformly at random,
 * run at a fraction of their rate in both directions.
 *
 * Only the DataRate of both PointToPointNetDevices changes; routing, queues and delays stay as
 * they are, so ECMP keeps hashing flows onto the slow links (a slow link triggers no
 * re-routing, as in the paper).
 */
class HotSpotHelper
{
  public:
    /**
     * \brief Divides the rate of \p n links of \p layer, drawn without replacement.
     * \param links the topology's links (e.g. FatTreeHelper::GetLinks()), after Create()
     * \param layer the layer to draw from (AGGREGATION_CORE for the paper's core hot spot)
     * \param n how many links, 0..CountLinks(links, layer) (NS_ABORT_MSG otherwise)
     * \param divisor each chosen link's new rate is its current one / divisor (>= 1)
     * \param rng the random variable to draw with (its stream makes the choice reproducible)
     * \return indices in \p links of the slowed links, in draw order
     */
    static std::vector<uint32_t> SlowRandomLinks(const std::vector<FatTreeHelper::Link>& links,
                                                 FatTreeHelper::Layer layer,
                                                 uint32_t n,
                                                 uint32_t divisor,
                                                 Ptr<UniformRandomVariable> rng);

    /**
     * \param links the topology's links
     * \param layer a layer
     * \return how many of \p links are in \p layer
     */
    static uint32_t CountLinks(const std::vector<FatTreeHelper::Link>& links,
                               FatTreeHelper::Layer layer);

    /**
     * \param dev a point-to-point device
     * \return its DataRate attribute, bit/s
     */
    static uint64_t GetRate(Ptr<PointToPointNetDevice> dev);
};

/**
 * \ingroup mptcp
 * \brief Counts, per flow, the data-direction packets transmitted over watched links (the hot
 * spot of Raiciu et al., SIGCOMM 2011, Fig. 11: "the flows that pass through the bottleneck").
 *
 * A flow is registered with the addresses of its source and destination hosts (every NIC of a
 * multi-homed host) and the destination port of its receiver; a packet belongs to it if its
 * IPv4 source is one of the source addresses, its destination one of the destination addresses
 * and its TCP destination port the flow's port. The reverse direction (ACKs, whose destination
 * port is the sender's) is not counted. If several flows share source, destination and port,
 * a packet counts for each of them (they cannot be told apart by their headers).
 *
 * Packets are seen at the PhyTxBegin trace of both PointToPointNetDevices of each watched link,
 * i.e. when the link starts to transmit them (a packet dropped by the queue in front of the
 * link is not counted). A packet crossing two watched links counts twice.
 */
class HotSpotFlowCounter
{
  public:
    /// Counts of one flow.
    struct Count
    {
        uint64_t packets{0};             //!< transmissions over the watched links, whole run
        uint64_t packetsAfterWarmup{0};  //!< those at or after the warm-up time
    };

    /**
     * \brief Registers a flow (before the simulation starts).
     * \param flowId the flow's id (e.g. its `flows.flow_id`)
     * \param srcAddrs the addresses of the source host (all its NICs)
     * \param dstAddrs the addresses of the destination host (all its NICs)
     * \param dstPort the TCP port of the flow's receiver
     */
    void AddFlow(uint32_t flowId,
                 const std::vector<Ipv4Address>& srcAddrs,
                 const std::vector<Ipv4Address>& dstAddrs,
                 uint16_t dstPort);

    /**
     * \brief Watches both directions of a link (connects to PhyTxBegin of both devices).
     *
     * The counter must outlive the simulation (the trace sinks point to it).
     * \param link the link
     */
    void Watch(const DatacenterTopology::Link& link);

    /**
     * \param warmup simulated time from which packets also count in
     *        Count::packetsAfterWarmup (default 0: all of them)
     */
    void SetWarmup(Time warmup);

    /**
     * \brief The flows a packet belongs to, as it is given to PhyTxBegin of a
     * PointToPointNetDevice (PPP header, IPv4 header, TCP header).
     * \param packet the packet (not modified)
     * \return the registered flows it belongs to (empty: not IPv4/TCP or no registered flow)
     */
    std::vector<uint32_t> Classify(Ptr<const Packet> packet) const;

    /**
     * \brief Counts a packet for its flows (the PhyTxBegin trace sink).
     * \param packet the packet as given to PhyTxBegin
     */
    void CountPacket(Ptr<const Packet> packet);

    /**
     * \return the counts of the flows with at least one packet, by flow id
     */
    const std::map<uint32_t, Count>& GetCounts() const;

    /**
     * \brief Sum the counts of the ranks of a distributed run (each counts the watched
     * devices of its own nodes; DatacenterPartition). Collective: every rank calls it once,
     * after the run; nothing changes on one rank.
     */
    void ReduceAcrossRanks();

  private:
    /// (IPv4 source, IPv4 destination, TCP destination port) of a data packet.
    using Key = std::tuple<uint32_t, uint32_t, uint16_t>;

    std::map<Key, std::vector<uint32_t>> m_flows; //!< flows by key
    std::map<uint32_t, Count> m_counts;           //!< counts by flow id
    Time m_warmup{0};                             //!< start of Count::packetsAfterWarmup
};

} // namespace ns3

#endif /* HOT_SPOT_HELPER_H */
