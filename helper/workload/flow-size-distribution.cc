/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/flow-size-distribution.h"

#include "ns3/abort.h"

#include "ns3/log.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MptcpFlowSizeDistribution");

FlowSizeDistribution::FlowSizeDistribution(uint64_t bytes)
    : m_points{{static_cast<double>(bytes), 1.0}}
{
}

FlowSizeDistribution
FlowSizeDistribution::Uniform(uint64_t minBytes, uint64_t maxBytes)
{
    NS_ABORT_MSG_IF(minBytes < 1 || maxBytes < minBytes, "uniform sizes need 1 <= min <= max");
    FlowSizeDistribution d(minBytes);
    if (maxBytes > minBytes)
    {
        d.m_points = {{static_cast<double>(minBytes), 0.0}, {static_cast<double>(maxBytes), 1.0}};
    }
    return d;
}

bool
FlowSizeDistribution::Parse(std::istream& in, std::string* error)
{
    std::vector<std::pair<double, double>> points;
    std::string line;
    uint32_t lineNo = 0;
    auto fail = [&](const std::string& why) {
        *error = "line " + std::to_string(lineNo) + ": " + why;
        return false;
    };
    while (std::getline(in, line))
    {
        ++lineNo;
        line = line.substr(0, line.find('#'));
        std::istringstream fields(line);
        double size;
        double p;
        if (!(fields >> size))
        {
            if (line.find_first_not_of(" \t\r") != std::string::npos)
            {
                return fail("expected 'size_bytes cumulative_probability'");
            }
            continue; // blank or comment
        }
        std::string extra;
        if (!(fields >> p) || (fields >> extra))
        {
            return fail("expected 'size_bytes cumulative_probability'");
        }
        if (!std::isfinite(size) || size < 1)
        {
            return fail("size must be at least 1 byte");
        }
        if (!(p >= 0 && p <= 1))
        {
            return fail("probability must be in [0, 1]");
        }
        if (!points.empty() && size <= points.back().first)
        {
            return fail("sizes must increase");
        }
        if (!points.empty() && p < points.back().second)
        {
            return fail("probabilities must not decrease");
        }
        points.emplace_back(size, p);
    }
    if (points.empty())
    {
        return fail("no points");
    }
    if (points.back().second != 1.0)
    {
        return fail("the last probability must be 1");
    }
    m_points = std::move(points);
    return true;
}

bool
FlowSizeDistribution::Load(const std::string& path, std::string* error)
{
    std::ifstream in(path);
    if (!in)
    {
        *error = "cannot read " + path;
        return false;
    }
    std::string why;
    if (!Parse(in, &why))
    {
        *error = path + " " + why;
        return false;
    }
    return true;
}

bool
FlowSizeDistribution::IsEmpirical() const
{
    return m_points.size() > 1;
}

uint64_t
FlowSizeDistribution::Quantile(double u) const
{
    if (u <= m_points.front().second)
    {
        return static_cast<uint64_t>(std::llround(m_points.front().first));
    }
    for (size_t i = 1; i < m_points.size(); ++i)
    {
        const auto& lo = m_points[i - 1];
        const auto& hi = m_points[i];
        if (u <= hi.second)
        {
            double x = lo.first + (hi.first - lo.first) * (u - lo.second) / (hi.second - lo.second);
            return static_cast<uint64_t>(std::llround(x));
        }
    }
    return static_cast<uint64_t>(std::llround(m_points.back().first));
}

uint64_t
FlowSizeDistribution::Sample(Ptr<UniformRandomVariable> rng) const
{
    return IsEmpirical() ? Quantile(rng->GetValue(0, 1)) : Quantile(1);
}

double
FlowSizeDistribution::GetMean() const
{
    double mean = m_points.front().first * m_points.front().second;
    for (size_t i = 1; i < m_points.size(); ++i)
    {
        double dp = m_points[i].second - m_points[i - 1].second;
        mean += dp * (m_points[i].first + m_points[i - 1].first) / 2;
    }
    return mean;
}

} // namespace ns3
