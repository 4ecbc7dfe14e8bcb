/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/traffic-matrix.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <numeric>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MptcpTrafficMatrix");

TrafficMatrix::TrafficMatrix()
    : m_rng(CreateObject<UniformRandomVariable>())
{
}

int64_t
TrafficMatrix::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

TrafficMatrix::FlowList
TrafficMatrix::Permutation(uint32_t nHosts)
{
    NS_ABORT_MSG_IF(nHosts < 2, "TrafficMatrix: a permutation needs at least 2 hosts, got " << nHosts);
    std::vector<uint32_t> dst(nHosts);
    uint32_t attempts = 0;
    bool deranged = false;
    while (!deranged)
    {
        ++attempts;
        std::iota(dst.begin(), dst.end(), 0U);
        // Fisher-Yates: position i swaps with a uniform position in [0, i].
        for (uint32_t i = nHosts - 1; i > 0; --i)
        {
            uint32_t j = m_rng->GetInteger(0, i);
            std::swap(dst[i], dst[j]);
        }
        deranged = true;
        for (uint32_t i = 0; i < nHosts; ++i)
        {
            if (dst[i] == i)
            {
                deranged = false;
                break;
            }
        }
    }
    NS_LOG_DEBUG("permutation over " << nHosts << " hosts after " << attempts << " shuffle(s)");
    FlowList flows;
    flows.reserve(nHosts);
    for (uint32_t i = 0; i < nHosts; ++i)
    {
        flows.emplace_back(i, dst[i]);
    }
    return flows;
}

TrafficMatrix::FlowList
TrafficMatrix::Random(uint32_t nHosts)
{
    NS_ABORT_MSG_IF(nHosts < 2, "TrafficMatrix: a random matrix needs at least 2 hosts, got " << nHosts);
    FlowList flows;
    flows.reserve(nHosts);
    for (uint32_t i = 0; i < nHosts; ++i)
    {
        // Uniform over the N-1 other hosts: draw from 0..N-2 and skip over i.
        uint32_t d = m_rng->GetInteger(0, nHosts - 2);
        if (d >= i)
        {
            ++d;
        }
        flows.emplace_back(i, d);
    }
    return flows;
}

TrafficMatrix::FlowList
TrafficMatrix::Stride(uint32_t nHosts, uint32_t stride)
{
    NS_ABORT_MSG_UNLESS(IsValidStride(nHosts, stride),
                        "TrafficMatrix: stride " << stride << " is invalid for " << nHosts
                                                 << " hosts (need 2 <= hosts, 1 <= stride <= hosts-1)");
    FlowList flows;
    flows.reserve(nHosts);
    for (uint32_t i = 0; i < nHosts; ++i)
    {
        flows.emplace_back(i, static_cast<uint32_t>((uint64_t{i} + stride) % nHosts));
    }
    return flows;
}

uint32_t
TrafficMatrix::DefaultStride(uint32_t nHosts)
{
    return nHosts / 2;
}

bool
TrafficMatrix::IsValidStride(uint32_t nHosts, uint32_t stride)
{
    return nHosts >= 2 && stride >= 1 && stride <= nHosts - 1;
}

TrafficMatrix::FlowList
TrafficMatrix::Generate(Type type, uint32_t nHosts, uint32_t stride)
{
    switch (type)
    {
    case Type::PERMUTATION:
        return Permutation(nHosts);
    case Type::RANDOM:
        return Random(nHosts);
    case Type::STRIDE:
        return Stride(nHosts, stride == 0 ? DefaultStride(nHosts) : stride);
    }
    NS_ABORT_MSG("TrafficMatrix: unknown type " << static_cast<int>(type));
    return {};
}

std::vector<uint32_t>
TrafficMatrix::Sample(uint32_t n, uint32_t m)
{
    std::vector<uint32_t> pool(n);
    std::iota(pool.begin(), pool.end(), 0U);
    for (uint32_t i = 0; i < m; ++i)
    {
        std::swap(pool[i], pool[m_rng->GetInteger(i, n - 1)]);
    }
    pool.resize(m);
    return pool;
}

bool
TrafficMatrix::IsValidConnectionsPerHost(uint32_t nHosts, double perHost)
{
    return nHosts >= 2 && perHost > 0 && perHost <= nHosts - 1.0 &&
           std::llround(perHost * nHosts) >= 1;
}

TrafficMatrix::FlowList
TrafficMatrix::ConnectionsPerHost(Type type, uint32_t nHosts, double perHost)
{
    NS_ABORT_MSG_UNLESS(type == Type::PERMUTATION || type == Type::RANDOM,
                        "TrafficMatrix: connections per host need a permutation or random matrix");
    NS_ABORT_MSG_UNLESS(IsValidConnectionsPerHost(nHosts, perHost),
                        "TrafficMatrix: " << perHost << " connections per host is invalid for "
                                          << nHosts << " hosts");
    const auto n = static_cast<uint32_t>(std::llround(perHost * nHosts));
    FlowList flows;
    if (perHost <= 1)
    {
        if (n >= nHosts)
        {
            return Generate(type, nHosts); // every host sends one flow
        }
        std::vector<uint32_t> senders = Sample(nHosts, n);
        std::sort(senders.begin(), senders.end());
        // The senders' rows of a derangement: distinct destinations, none sends to itself.
        FlowList all = Generate(type, nHosts);
        for (uint32_t s : senders)
        {
            flows.push_back(all[s]);
        }
        return flows;
    }
    const auto base = static_cast<uint32_t>(std::floor(perHost));
    std::vector<uint32_t> count(nHosts, base);
    for (uint32_t h : Sample(nHosts, n - base * nHosts))
    {
        ++count[h];
    }
    for (uint32_t h = 0; h < nHosts; ++h)
    {
        // Distinct destinations among the N-1 other hosts: sample 0..N-2 and skip over h.
        for (uint32_t d : Sample(nHosts - 1, count[h]))
        {
            flows.emplace_back(h, d >= h ? d + 1 : d);
        }
    }
    return flows;
}

TrafficMatrix::FlowList
TrafficMatrix::MakeRackLocal(const FlowList& flows,
                             const std::vector<uint32_t>& rackOf,
                             double fraction,
                             Type type)
{
    NS_ABORT_MSG_UNLESS(fraction >= 0 && fraction <= 1,
                        "TrafficMatrix: local fraction " << fraction << " is not in [0, 1]");
    std::map<uint32_t, std::vector<uint32_t>> members;
    for (uint32_t h = 0; h < rackOf.size(); ++h)
    {
        members[rackOf[h]].push_back(h);
    }
    const auto nLocal = static_cast<uint32_t>(std::llround(fraction * flows.size()));
    std::vector<bool> local(flows.size(), false);
    for (uint32_t i : Sample(flows.size(), nLocal))
    {
        local[i] = true;
    }
    FlowList out = flows;
    for (size_t i = 0; i < out.size(); ++i)
    {
        const uint32_t src = out[i].first;
        NS_ABORT_MSG_IF(src >= rackOf.size(), "TrafficMatrix: host " << src << " has no rack");
        const auto& rack = members[rackOf[src]];
        if (local[i])
        {
            NS_ABORT_MSG_IF(rack.size() < 2,
                            "TrafficMatrix: host " << src << " is alone in its rack");
            // Uniform over the other hosts of the rack.
            uint32_t j = m_rng->GetInteger(0, rack.size() - 2);
            if (rack[j] == src)
            {
                j = rack.size() - 1;
            }
            out[i].second = rack[j];
        }
        else if (type == Type::PERMUTATION && rackOf[out[i].second] == rackOf[src])
        {
            const auto outside = static_cast<uint32_t>(rackOf.size() - rack.size());
            NS_ABORT_MSG_IF(outside == 0, "TrafficMatrix: every host is in one rack");
            // The j-th host outside the rack, j uniform.
            uint32_t j = m_rng->GetInteger(0, outside - 1);
            for (uint32_t h = 0; h < rackOf.size(); ++h)
            {
                if (rackOf[h] != rackOf[src] && j-- == 0)
                {
                    out[i].second = h;
                    break;
                }
            }
        }
    }
    return out;
}

uint32_t
TrafficMatrix::CountRackLocal(const FlowList& flows, const std::vector<uint32_t>& rackOf)
{
    uint32_t n = 0;
    for (const auto& f : flows)
    {
        n += rackOf.at(f.first) == rackOf.at(f.second) ? 1 : 0;
    }
    return n;
}

std::optional<TrafficMatrix::Type>
TrafficMatrix::FromString(const std::string& name)
{
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) {
        return static_cast<char>(std::tolower(c));
    });
    for (Type t : {Type::PERMUTATION, Type::RANDOM, Type::STRIDE})
    {
        if (lower == ToString(t))
        {
            return t;
        }
    }
    return std::nullopt;
}

std::string
TrafficMatrix::ToString(Type type)
{
    switch (type)
    {
    case Type::PERMUTATION:
        return "permutation";
    case Type::RANDOM:
        return "random";
    case Type::STRIDE:
        return "stride";
    }
    return "unknown";
}

std::string
TrafficMatrix::TypeNames()
{
    return "permutation|random|stride";
}

} // namespace ns3
