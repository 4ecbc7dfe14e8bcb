/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/equal-cost-path-counter.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EqualCostPathCounter");
NS_OBJECT_ENSURE_REGISTERED(EqualCostPathCounter);

TypeId
EqualCostPathCounter::GetTypeId()
{
    static TypeId tid = TypeId("ns3::EqualCostPathCounter")
                            .SetParent<Object>()
                            .SetGroupName("Mptcp")
                            .AddConstructor<EqualCostPathCounter>();
    return tid;
}

void
EqualCostPathCounter::SetCountCallback(CountCallback cb)
{
    m_count = cb;
}

uint32_t
EqualCostPathCounter::GetPathCount(Ipv4Address src, Ipv4Address dst) const
{
    return m_count.IsNull() ? 0 : m_count(src, dst);
}

void
EqualCostPathCounter::DoDispose()
{
    m_count = MakeNullCallback<uint32_t, Ipv4Address, Ipv4Address>();
    Object::DoDispose();
}

} // namespace ns3
