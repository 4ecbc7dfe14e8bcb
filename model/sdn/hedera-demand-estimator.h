/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HEDERA_DEMAND_ESTIMATOR_H
#define HEDERA_DEMAND_ESTIMATOR_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Hedera's demand estimation (Al-Fares et al., "Hedera: Dynamic Flow Scheduling for Data
 * Center Networks", NSDI 2010, §4.2 and its Estimate-Demands, Est-Src and Est-Dst
 * procedures): the natural demand of each flow, the rate it would get if only the host NICs
 * limited it (max-min fair shares of a non-blocking fabric), in units of the NIC rate.
 *
 * Iterates until no demand changes: at each source, the flows not yet converged share equally
 * what the converged flows leave of the NIC, (1 - sum of converged demands) / unconverged
 * flows; at each destination whose incoming demands sum to more than 1, the flows are receiver
 * limited: those asking less than the equal share keep their demand, the others share what
 * remains equally (water-filling, repeated until the set is stable) and are marked converged.
 * A flow's demand never exceeds 1. Sources and destinations are host indices; all NICs have the
 * same rate (a dual-homed host counts as one NIC here).
 */
class HederaDemandEstimator
{
  public:
    /// One flow between two hosts.
    struct Flow
    {
        uint32_t source{0};      //!< Source host index.
        uint32_t destination{0}; //!< Destination host index.
    };

    /**
     * \brief Estimate the natural demands.
     * \param flows the flows (any order; several flows may share a source and destination)
     * \param maxRounds most rounds of Est-Src over all sources then Est-Dst over all
     *        destinations (each round is O(flows)); the estimate converges in at most a few
     *        rounds per flow
     * \return the demand of each flow, in flows' order, as a fraction of the NIC rate (0..1]
     */
    static std::vector<double> Estimate(const std::vector<Flow>& flows, uint32_t maxRounds = 1000);
};

} // namespace ns3

#endif /* HEDERA_DEMAND_ESTIMATOR_H */
