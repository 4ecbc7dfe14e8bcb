/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/hedera-demand-estimator.h"

#include <cmath>
#include <map>

namespace ns3
{

namespace
{
/// Demands closer than this are equal (fractions of the NIC rate).
constexpr double kEpsilon = 1e-12;
} // namespace

std::vector<double>
HederaDemandEstimator::Estimate(const std::vector<Flow>& flows, uint32_t maxRounds)
{
    const std::size_t n = flows.size();
    std::vector<double> demand(n, 0.0);
    std::vector<bool> converged(n, false);
    std::vector<bool> receiverLimited(n, false);
    // Flows by source and by destination, in a fixed order (std::map: sorted host indices).
    std::map<uint32_t, std::vector<std::size_t>> bySource;
    std::map<uint32_t, std::vector<std::size_t>> byDestination;
    for (std::size_t i = 0; i < n; ++i)
    {
        bySource[flows[i].source].push_back(i);
        byDestination[flows[i].destination].push_back(i);
    }
    for (uint32_t round = 0; round < maxRounds; ++round)
    {
        const std::vector<double> before = demand;
        // Est-Src: unconverged flows share what converged ones leave of the source's NIC.
        for (const auto& [src, ids] : bySource)
        {
            double convergedDemand = 0;
            uint32_t unconverged = 0;
            for (std::size_t i : ids)
            {
                if (converged[i])
                {
                    convergedDemand += demand[i];
                }
                else
                {
                    ++unconverged;
                }
            }
            if (unconverged == 0)
            {
                continue;
            }
            const double share = (1.0 - convergedDemand) / unconverged;
            for (std::size_t i : ids)
            {
                if (!converged[i])
                {
                    demand[i] = share;
                }
            }
        }
        // Est-Dst: an oversubscribed receiver limits its flows (water-filling).
        for (const auto& [dst, ids] : byDestination)
        {
            double total = 0;
            for (std::size_t i : ids)
            {
                receiverLimited[i] = true;
                total += demand[i];
            }
            if (total <= 1.0 + kEpsilon)
            {
                continue;
            }
            double senderLimited = 0;
            uint32_t limited = static_cast<uint32_t>(ids.size());
            double share = 1.0 / limited;
            bool changed = true;
            while (changed)
            {
                changed = false;
                limited = 0;
                for (std::size_t i : ids)
                {
                    if (!receiverLimited[i])
                    {
                        continue;
                    }
                    if (demand[i] < share - kEpsilon)
                    {
                        senderLimited += demand[i];
                        receiverLimited[i] = false;
                        changed = true;
                    }
                    else
                    {
                        ++limited;
                    }
                }
                if (limited == 0)
                {
                    break; // not reached: the flows sum to more than 1
                }
                share = (1.0 - senderLimited) / limited;
            }
            for (std::size_t i : ids)
            {
                if (receiverLimited[i])
                {
                    demand[i] = share;
                    converged[i] = true;
                }
            }
        }
        bool same = true;
        for (std::size_t i = 0; i < n && same; ++i)
        {
            same = std::fabs(demand[i] - before[i]) <= kEpsilon;
        }
        if (same)
        {
            break;
        }
    }
    return demand;
}

} // namespace ns3
