/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/link-layer-statistics.h"

#include "ns3/data-rate.h"
#include "ns3/datacenter-partition.h"
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

std::vector<LinkLayerStatistics::Delta>
LinkLayerStatistics::MeasureAll() const
{
    // A distributed run: each rank measures the devices of its own nodes (the others' stay
    // 0) and the sums give every rank every link (DatacenterPartition).
    const auto& links = m_tree.GetLinks();
    std::vector<uint64_t> flat(8 * links.size(), 0);
    for (size_t i = 0; i < links.size(); ++i)
    {
        for (bool up : {true, false})
        {
            if (!DatacenterPartition::IsLocal((up ? links[i].devA : links[i].devB)->GetNode()))
            {
                continue;
            }
            const Delta d = Measure(i, up);
            uint64_t* out = &flat[8 * i + (up ? 0 : 4)];
            out[0] = d.txPackets;
            out[1] = d.txBytes;
            out[2] = d.drops;
            out[3] = d.offered;
        }
    }
    DatacenterPartition::Sum(flat);
    std::vector<Delta> deltas(2 * links.size());
    for (size_t j = 0; j < deltas.size(); ++j)
    {
        deltas[j].txPackets = static_cast<uint32_t>(flat[4 * j]);
        deltas[j].txBytes = static_cast<uint32_t>(flat[4 * j + 1]);
        deltas[j].drops = static_cast<uint32_t>(flat[4 * j + 2]);
        deltas[j].offered = static_cast<uint32_t>(flat[4 * j + 3]);
    }
    return deltas;
}

std::vector<LinkResult>
LinkLayerStatistics::CollectLinks() const
{
    const std::vector<Delta> deltas = MeasureAll();
    const double seconds = (Simulator::Now() - m_startTime).GetSeconds();
    const auto& links = m_tree.GetLinks();
    std::vector<LinkResult> out;
    out.reserve(2 * links.size());
    for (size_t i = 0; i < links.size(); ++i)
    {
        for (bool up : {true, false})
        {
            const Delta& d = deltas[2 * i + (up ? 0 : 1)];
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
    const std::vector<Delta> deltas = MeasureAll();
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
                const Delta& d = deltas[2 * i + (up ? 0 : 1)];
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
