/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "traffic-matrix.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cctype>
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
