/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "hot-spot-helper.h"

#include "ns3/abort.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MptcpHotSpotHelper");

std::vector<uint32_t>
HotSpotHelper::SlowRandomLinks(const std::vector<FatTreeHelper::Link>& links,
                               FatTreeHelper::Layer layer,
                               uint32_t n,
                               uint32_t divisor,
                               Ptr<UniformRandomVariable> rng)
{
    std::vector<uint32_t> pool;
    for (uint32_t i = 0; i < links.size(); ++i)
    {
        if (links[i].layer == layer)
        {
            pool.push_back(i);
        }
    }
    NS_ABORT_MSG_IF(n > pool.size(),
                    "HotSpotHelper: " << n << " links asked, the layer has " << pool.size());
    NS_ABORT_MSG_IF(divisor == 0, "HotSpotHelper: divisor must be >= 1");
    std::vector<uint32_t> chosen;
    for (uint32_t i = 0; i < n; ++i)
    {
        // Partial Fisher-Yates: each subset of n links is equally likely.
        std::swap(pool[i], pool[rng->GetInteger(i, pool.size() - 1)]);
        const auto& link = links[pool[i]];
        const DataRate slow(GetRate(link.devA) / divisor);
        NS_LOG_INFO("link " << pool[i] << " (nodes " << link.a->GetId() << "-"
                            << link.b->GetId() << ") slowed to " << slow);
        FatTreeHelper::SetLinkDataRate(link, slow);
        chosen.push_back(pool[i]);
    }
    return chosen;
}

uint32_t
HotSpotHelper::CountLinks(const std::vector<FatTreeHelper::Link>& links,
                          FatTreeHelper::Layer layer)
{
    uint32_t n = 0;
    for (const auto& l : links)
    {
        n += l.layer == layer ? 1 : 0;
    }
    return n;
}

uint64_t
HotSpotHelper::GetRate(Ptr<PointToPointNetDevice> dev)
{
    DataRateValue rate;
    dev->GetAttribute("DataRate", rate);
    return rate.Get().GetBitRate();
}

} // namespace ns3
