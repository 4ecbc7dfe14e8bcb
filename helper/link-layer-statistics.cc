/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "link-layer-statistics.h"

#include "ns3/data-rate.h"
#include "ns3/log.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MptcpLinkLayerStatistics");

LinkLayerStatistics::LinkLayerStatistics(const DatacenterTopology& tree)
    : m_tree(tree)
{
}

LinkLayerStatistics::Counters
LinkLayerStatistics::Read(Ptr<PointToPointNetDevice> dev)
{
    Ptr<Queue<Packet>> q = dev->GetQueue();
    Counters c;
    c.rxPackets = q->GetTotalReceivedPackets();
    c.rxBytes = q->GetTotalReceivedBytes();
    c.dropBefore = q->GetTotalDroppedPacketsBeforeEnqueue();
    c.dropAfter = q->GetTotalDroppedPacketsAfterDequeue();
    c.dropAfterBytes = q->GetTotalDroppedBytesAfterDequeue();
    c.queuedPackets = q->GetNPackets();
    c.queuedBytes = q->GetNBytes();
    return c;
}

void
LinkLayerStatistics::Start()
{
    m_startTime = Simulator::Now();
    m_start.clear();
    for (const auto& link : m_tree.GetLinks())
    {
        m_start.push_back(Read(link.devA));
        m_start.push_back(Read(link.devB));
    }
}

void
LinkLayerStatistics::ScheduleStart(Time at)
{
    Simulator::Schedule(at - Simulator::Now(), &LinkLayerStatistics::Start, this);
}

LinkLayerStatistics::Delta
LinkLayerStatistics::Measure(size_t i, bool up) const
{
    const auto& link = m_tree.GetLinks()[i];
    Counters now = Read(up ? link.devA : link.devB);
    Counters s = m_start.empty() ? Counters{} : m_start[2 * i + (up ? 0 : 1)];
    // Unsigned differences: right across one wrap of the 32-bit queue counters.
    Delta d;
    d.txPackets = (now.rxPackets - s.rxPackets) - (now.dropAfter - s.dropAfter) -
                  now.queuedPackets + s.queuedPackets;
    d.txBytes = (now.rxBytes - s.rxBytes) - (now.dropAfterBytes - s.dropAfterBytes) -
                now.queuedBytes + s.queuedBytes;
    d.drops = (now.dropBefore - s.dropBefore) + (now.dropAfter - s.dropAfter);
    d.offered = (now.rxPackets - s.rxPackets) + (now.dropBefore - s.dropBefore);
    return d;
}

std::vector<LinkResult>
LinkLayerStatistics::CollectLinks() const
{
    const double seconds = (Simulator::Now() - m_startTime).GetSeconds();
    const auto& links = m_tree.GetLinks();
    std::vector<LinkResult> out;
    out.reserve(2 * links.size());
    for (size_t i = 0; i < links.size(); ++i)
    {
        for (bool up : {true, false})
        {
            const Delta d = Measure(i, up);
            LinkResult r;
            r.linkId = static_cast<uint32_t>(i);
            r.layer = links[i].layer;
            r.up = up;
            r.nodeA = links[i].a->GetId();
            r.nodeB = links[i].b->GetId();
            DataRateValue rate;
            (up ? links[i].devA : links[i].devB)->GetAttribute("DataRate", rate);
            r.rateBps = static_cast<double>(rate.Get().GetBitRate());
            r.txPackets = d.txPackets;
            r.drops = d.drops;
            const uint64_t done = r.txPackets + r.drops;
            r.lossRate = done > 0 ? static_cast<double>(r.drops) / done : 0;
            r.utilization =
                seconds > 0 && r.rateBps > 0 ? d.txBytes * 8.0 / (r.rateBps * seconds) : 0;
            out.push_back(r);
        }
    }
    return out;
}

std::vector<LinkLayerResult>
LinkLayerStatistics::Collect() const
{
    const double seconds = (Simulator::Now() - m_startTime).GetSeconds();
    std::vector<LinkLayerResult> out;
    for (auto layer : {FatTreeHelper::HOST_EDGE,
                       FatTreeHelper::EDGE_AGGREGATION,
                       FatTreeHelper::AGGREGATION_CORE})
    {
        for (bool up : {true, false})
        {
            LinkLayerResult r;
            r.layer = layer;
            r.up = up;
            double utilSum = 0;
            const auto& links = m_tree.GetLinks();
            for (size_t i = 0; i < links.size(); ++i)
            {
                if (links[i].layer != layer)
                {
                    continue;
                }
                const Delta d = Measure(i, up);
                const uint32_t txBytes = d.txBytes;
                r.txPackets += d.txPackets;
                r.drops += d.drops;
                r.offered += d.offered;
                const double rate = m_tree.GetLinkRate(layer);
                utilSum += seconds > 0 ? txBytes * 8.0 / (rate * seconds) : 0;
                ++r.links;
            }
            r.utilization = r.links > 0 ? utilSum / r.links : 0;
            r.lossRate = r.offered > 0 ? static_cast<double>(r.drops) / r.offered : 0;
            out.push_back(r);
        }
    }
    return out;
}

} // namespace ns3
