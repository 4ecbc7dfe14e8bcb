/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/responsive-demand-table.h"

#include "ns3/hedera-demand-estimator.h"

#include "ns3/abort.h"

#include <cmath>

namespace ns3
{

ResponsiveDemandTable::ResponsiveDemandTable(double nicRateBps, double deltaDdt)
    : m_nicRateBps(nicRateBps),
      m_deltaDdt(deltaDdt)
{
    NS_ABORT_MSG_UNLESS(nicRateBps > 0, "ResponsiveDemandTable: NIC rate must be > 0");
    NS_ABORT_MSG_UNLESS(deltaDdt >= 0, "ResponsiveDemandTable: delta_DDT must be >= 0");
}

ResponsiveDemandTable::Dispatch
ResponsiveDemandTable::AddFlow(uint64_t flow, uint32_t source, uint32_t destination)
{
    NS_ABORT_MSG_IF(m_flows.count(flow), "ResponsiveDemandTable::AddFlow: flow " << flow
                                                                               << " is known");
    m_flows[flow] = Entry{source, destination, 0};
    return Reestimate(&flow);
}

ResponsiveDemandTable::Dispatch
ResponsiveDemandTable::RemoveFlow(uint64_t flow)
{
    if (m_flows.erase(flow) == 0)
    {
        return {};
    }
    return Reestimate(nullptr);
}

double
ResponsiveDemandTable::GetDemand(uint64_t flow) const
{
    auto it = m_flows.find(flow);
    return it == m_flows.end() ? -1 : it->second.demandBps;
}

uint32_t
ResponsiveDemandTable::GetNFlows() const
{
    return static_cast<uint32_t>(m_flows.size());
}

ResponsiveDemandTable::Dispatch
ResponsiveDemandTable::Reestimate(const uint64_t* added)
{
    std::vector<HederaDemandEstimator::Flow> flows;
    flows.reserve(m_flows.size());
    for (const auto& [id, e] : m_flows)
    {
        flows.push_back({e.source, e.destination});
    }
    const std::vector<double> demands = HederaDemandEstimator::Estimate(flows);
    Dispatch out;
    std::size_t i = 0;
    for (auto& [id, e] : m_flows)
    {
        const double old = e.demandBps;
        e.demandBps = demands[i++] * m_nicRateBps;
        const bool isNew = added && *added == id;
        if (isNew || std::fabs(e.demandBps - old) > m_deltaDdt * old)
        {
            out.emplace_back(id, e.demandBps);
        }
    }
    return out;
}

} // namespace ns3
