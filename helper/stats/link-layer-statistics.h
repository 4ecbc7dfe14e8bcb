/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef LINK_LAYER_STATISTICS_H
#define LINK_LAYER_STATISTICS_H

#include "ns3/fat-tree-helper.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::LinkLayerStatistics: utilisation and loss rate per FatTree link layer and direction.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Utilisation and loss of one link layer in one direction (MMPTCP thesis §5.2: mean
 * utilisation and loss rate per layer).
 */
struct LinkLayerResult
{
    FatTreeHelper::Layer layer{FatTreeHelper::HOST_EDGE}; //!< the layer
    bool up{true};          //!< true: from the lower to the upper node (host to edge, ...)
    uint32_t links{0};      //!< links of the layer
    double utilization{0};  //!< mean over the links of bytes sent * 8 / (rate * time), 0..1
    double lossRate{0};     //!< drops / packets offered to the queues, 0..1 (0 if none)
    uint64_t txPackets{0};  //!< packets the queues passed to the links
    uint64_t drops{0};      //!< packets dropped by the queues
    uint64_t offered{0};    //!< packets offered to the queues (enqueued + dropped before)
};

/**
 * \ingroup mptcp
 * \brief Traffic and loss of one link in one direction (paper §4.3.4, Fig. 10: loss rate of
 * every core and access link), measured like LinkLayerResult.
 */
struct LinkResult
{
    uint32_t linkId{0};     //!< index of the link in FatTreeHelper::GetLinks()
    FatTreeHelper::Layer layer{FatTreeHelper::HOST_EDGE}; //!< the link's layer
    bool up{true};          //!< true: from the lower node (Link::a) to the upper (Link::b)
    uint32_t nodeA{0};      //!< Node id of the lower node (Link::a), whatever the direction
    uint32_t nodeB{0};      //!< Node id of the upper node (Link::b)
    double rateBps{0};      //!< rate of the sending device now, bit/s (a hot spot's is lower)
    uint64_t txPackets{0};  //!< packets the queue passed to the link
    uint64_t drops{0};      //!< packets dropped by the queue
    double lossRate{0};     //!< drops / (txPackets + drops), 0..1 (0 if both are 0)
    double utilization{0};  //!< bytes sent * 8 / (rateBps * time), 0..1
};

/**
 * \ingroup mptcp
 * \brief Measures every FatTree link layer and direction between Start() and Collect(), from
 * the counters of the DropTail queue of the device feeding each link (the only queues of
 * the tree, see FatTreeHelper).
 *
 * Bytes sent on a link = bytes enqueued - bytes dropped after dequeue - bytes still queued;
 * they include the point-to-point header. Utilisation of a link = bytes sent * 8 /
 * (link rate * measured time); the layer's is the mean over its links. Loss rate = packets
 * dropped / packets offered (enqueued or dropped before enqueue), summed over the layer.
 */
class LinkLayerStatistics
{
  public:
    /**
     * \param tree the fabric (any DatacenterTopology, after Create()); must outlive this object
     */
    explicit LinkLayerStatistics(const DatacenterTopology& tree);

    /**
     * \brief Takes the starting snapshot now (call it from an event at the end of the
     * warm-up, or before Simulator::Run() to measure from 0).
     */
    void Start();

    /**
     * \brief Schedules Start() at simulated time \p at.
     * \param at the start of the measurement (e.g. the warm-up)
     */
    void ScheduleStart(Time at);

    /**
     * \brief The results from Start() to now: 6 entries, layers HOST_EDGE,
     * EDGE_AGGREGATION, AGGREGATION_CORE, each up then down. In a distributed run, every rank
     * calls it at the same point (the counters are summed over the ranks).
     * \return the results
     */
    std::vector<LinkLayerResult> Collect() const;

    /**
     * \brief The results of every link from Start() to now: two entries per link of
     * FatTreeHelper::GetLinks(), in that order, up then down. Collective as Collect().
     * \return the results
     */
    std::vector<LinkResult> CollectLinks() const;

  private:
    /// Counters of one queue at one instant.
    struct Counters
    {
        uint32_t rxPackets{0};   //!< packets enqueued
        uint32_t rxBytes{0};     //!< bytes enqueued
        uint32_t dropBefore{0};  //!< packets dropped before enqueue
        uint32_t dropAfter{0};   //!< packets dropped after dequeue
        uint32_t dropAfterBytes{0}; //!< bytes dropped after dequeue
        uint32_t queuedPackets{0};  //!< packets in the queue
        uint32_t queuedBytes{0};    //!< bytes in the queue
    };

    /**
     * \param dev a device of the tree
     * \return its queue's counters now
     */
    static Counters Read(Ptr<PointToPointNetDevice> dev);

    /// Differences of one queue's counters between Start() and now.
    struct Delta
    {
        uint32_t txPackets{0}; //!< packets sent on the link
        uint32_t txBytes{0};   //!< bytes sent on the link
        uint32_t drops{0};     //!< packets dropped
        uint32_t offered{0};   //!< packets offered (enqueued or dropped before)
    };

    /**
     * \param i link index in DatacenterTopology::GetLinks()
     * \param up true for the queue of devA, false for devB's
     * \return its counters since Start()
     */
    Delta Measure(size_t i, bool up) const;
    /**
     * \brief Measure() of every link and direction, summed over the ranks of a distributed
     * run (collective; DatacenterPartition).
     * \return 2 per link of GetLinks(): up (devA) then down (devB)
     */
    std::vector<Delta> MeasureAll() const;

    const DatacenterTopology& m_tree;   //!< the fabric
    std::vector<Counters> m_start;      //!< per link: up (devA) then down (devB) at Start()
    Time m_startTime;                   //!< time of Start()
};

} // namespace ns3

#endif /* LINK_LAYER_STATISTICS_H */
