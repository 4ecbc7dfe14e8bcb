/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/datacenter-fabric.h"

namespace ns3
{

std::vector<DatacenterFabric::Link>
DatacenterFabric::GetLinks(Layer layer) const
{
    std::vector<Link> out;
    for (const Link& l : GetLinks())
    {
        if (l.layer == layer)
        {
            out.push_back(l);
        }
    }
    return out;
}

std::string
DatacenterFabric::GetLayerName(Layer layer)
{
    switch (layer)
    {
    case HOST_EDGE:
        return "host-edge";
    case EDGE_AGGREGATION:
        return "edge-aggregation";
    case AGGREGATION_CORE:
        return "aggregation-core";
    }
    return "?";
}

} // namespace ns3
