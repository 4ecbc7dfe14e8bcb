/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef HOT_SPOT_HELPER_H
#define HOT_SPOT_HELPER_H

#include "ns3/fat-tree-helper.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::HotSpotHelper: slows down randomly chosen links (hot spots).
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

} // namespace ns3

#endif /* HOT_SPOT_HELPER_H */
