/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/hot-spot-helper.h"

#include "ns3/abort.h"
#include "ns3/datacenter-partition.h"
#include "ns3/ipv4-header.h"
#include "ns3/log.h"
#include "ns3/ppp-header.h"
#include "ns3/simulator.h"

#include <set>

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

void
HotSpotFlowCounter::AddFlow(uint32_t flowId,
                            const std::vector<Ipv4Address>& srcAddrs,
                            const std::vector<Ipv4Address>& dstAddrs,
                            uint16_t dstPort)
{
    // Every NIC pair: a multi-homed host's subflows may use any of its addresses.
    for (const auto& s : srcAddrs)
    {
        for (const auto& d : dstAddrs)
        {
            m_flows[Key(s.Get(), d.Get(), dstPort)].push_back(flowId);
        }
    }
}

void
HotSpotFlowCounter::Watch(const DatacenterTopology::Link& link)
{
    for (const auto& dev : {link.devA, link.devB})
    {
        dev->TraceConnectWithoutContext("PhyTxBegin",
                                        MakeCallback(&HotSpotFlowCounter::CountPacket, this));
    }
}

void
HotSpotFlowCounter::SetWarmup(Time warmup)
{
    m_warmup = warmup;
}

std::vector<uint32_t>
HotSpotFlowCounter::Classify(Ptr<const Packet> packet) const
{
    static const uint16_t kPppIpv4 = 0x0021; // PPP protocol number of IPv4 (RFC 1332)
    static const uint8_t kTcp = 6;
    Ptr<Packet> copy = packet->Copy();
    PppHeader ppp;
    if (copy->RemoveHeader(ppp) == 0 || ppp.GetProtocol() != kPppIpv4)
    {
        return {};
    }
    Ipv4Header ip;
    if (copy->RemoveHeader(ip) == 0 || ip.GetProtocol() != kTcp || ip.GetFragmentOffset() != 0)
    {
        return {};
    }
    // Only the ports are needed: read them from the raw bytes rather than deserializing the
    // whole TcpHeader with its (MPTCP) options.
    uint8_t ports[4];
    if (copy->CopyData(ports, sizeof(ports)) != sizeof(ports))
    {
        return {};
    }
    const uint16_t dstPort = static_cast<uint16_t>((ports[2] << 8) | ports[3]);
    auto it = m_flows.find(Key(ip.GetSource().Get(), ip.GetDestination().Get(), dstPort));
    return it == m_flows.end() ? std::vector<uint32_t>{} : it->second;
}

void
HotSpotFlowCounter::CountPacket(Ptr<const Packet> packet)
{
    const bool afterWarmup = Simulator::Now() >= m_warmup;
    for (uint32_t id : Classify(packet))
    {
        Count& c = m_counts[id];
        ++c.packets;
        c.packetsAfterWarmup += afterWarmup ? 1 : 0;
    }
}

const std::map<uint32_t, HotSpotFlowCounter::Count>&
HotSpotFlowCounter::GetCounts() const
{
    return m_counts;
}

void
HotSpotFlowCounter::ReduceAcrossRanks()
{
    if (DatacenterPartition::GetSize() == 1)
    {
        return;
    }
    std::set<uint32_t> ids;
    for (const auto& [key, flows] : m_flows)
    {
        ids.insert(flows.begin(), flows.end());
    }
    std::vector<uint64_t> flat;
    for (uint32_t id : ids)
    {
        auto it = m_counts.find(id);
        flat.push_back(it == m_counts.end() ? 0 : it->second.packets);
        flat.push_back(it == m_counts.end() ? 0 : it->second.packetsAfterWarmup);
    }
    DatacenterPartition::Sum(flat);
    m_counts.clear();
    size_t j = 0;
    for (uint32_t id : ids)
    {
        if (flat[j] > 0)
        {
            m_counts[id] = Count{flat[j], flat[j + 1]};
        }
        j += 2;
    }
}

} // namespace ns3
