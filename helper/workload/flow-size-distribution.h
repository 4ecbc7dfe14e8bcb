/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef FLOW_SIZE_DISTRIBUTION_H
#define FLOW_SIZE_DISTRIBUTION_H

#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <istream>
#include <string>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::FlowSizeDistribution: short-flow sizes, fixed or drawn from an empirical CDF file.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Sizes of short flows: one fixed size (the MMPTCP thesis §5.2.3: 70 KB), or an
 * empirical CDF read from a text file, as the DCTCP and pFabric workload files.
 *
 * File format, one point per line: `size_bytes cumulative_probability`, separated by
 * blanks; sizes strictly increasing and >= 1; probabilities in [0, 1], non-decreasing, the
 * last exactly 1; blank lines and text after `#` are ignored; at least one point.
 * Sampling is by inverse transform with linear interpolation between consecutive points: a
 * uniform u in [0, 1) below the first probability gives the first size.
 */
class FlowSizeDistribution
{
  public:
    /**
     * \brief Every flow has \p bytes bytes.
     * \param bytes flow size, bytes (>= 1)
     */
    explicit FlowSizeDistribution(uint64_t bytes = 70000);

    /**
     * \brief Sizes uniform in [minBytes, maxBytes] (seed 004: U(32, 400) MB, U(64, 512) MB),
     * i.e. the CDF (minBytes, 0), (maxBytes, 1); one fixed size if they are equal.
     * \param minBytes smallest size, bytes (>= 1)
     * \param maxBytes largest size, bytes (>= minBytes)
     * \return the distribution
     */
    static FlowSizeDistribution Uniform(uint64_t minBytes, uint64_t maxBytes);

    /**
     * \brief Reads a CDF in the format of the class documentation.
     * \param in the text
     * \param error receives "line N: reason" when the text is malformed
     * \return true if the CDF was read (then it replaces the fixed size)
     */
    bool Parse(std::istream& in, std::string* error);

    /**
     * \brief Reads a CDF file (Parse()).
     * \param path file name
     * \param error receives "cannot read FILE" or "FILE line N: reason"
     * \return true if the file was read
     */
    bool Load(const std::string& path, std::string* error);

    /// \return true if the sizes come from a CDF
    bool IsEmpirical() const;

    /**
     * \brief Inverse transform of one uniform number.
     * \param u a number in [0, 1]
     * \return the size, bytes (>= 1)
     */
    uint64_t Quantile(double u) const;

    /**
     * \brief Draws one size (Quantile() of a uniform draw; no draw for a fixed size).
     * \param rng the uniform random variable ([0, 1))
     * \return the size, bytes
     */
    uint64_t Sample(Ptr<UniformRandomVariable> rng) const;

    /// \return the mean size of the distribution, bytes (linear interpolation)
    double GetMean() const;

  private:
    std::vector<std::pair<double, double>> m_points; //!< (size bytes, cumulative probability)
};

} // namespace ns3

#endif /* FLOW_SIZE_DISTRIBUTION_H */
