/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TRAFFIC_MATRIX_H
#define TRAFFIC_MATRIX_H

#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::TrafficMatrix: source/destination pairs of long-lived flows for datacenter experiments.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Generates the traffic matrices of Raiciu et al., "Improving Datacenter Performance
 * and Robustness with Multipath TCP" (SIGCOMM 2011), §2-§4.
 *
 * A traffic matrix over N hosts (hosts indexed 0..N-1, in the order the topology helper
 * numbers them) is returned as a FlowList: a std::vector of (source host index, destination
 * host index) pairs, one long-lived flow per element. For every type below the list has
 * exactly N elements and element i is the flow sent by host i (so .first == i); no flow
 * has .first == .second.
 *
 * - **Permutation** (paper §2, Fig. 2/3: "every host sends to one other host chosen at
 *   random, but with the constraint that no host receives more than one flow"): a uniformly
 *   random derangement of 0..N-1. Every host sends exactly one flow and receives exactly one,
 *   and no host sends to itself.
 * - **Random** (paper §4, "a random traffic matrix (which does not limit flows per host)"):
 *   every host sends to a destination drawn uniformly and independently from the N-1 other
 *   hosts; a host may receive 0, 1 or several flows.
 * - **Stride(s)** (not used in the MPTCP paper; the deterministic pattern of Al-Fares et al.
 *   SIGCOMM 2008 and Hedera, NSDI 2010): host i sends to host (i + s) mod N, 1 <= s <= N-1.
 *   DefaultStride(N) = N/2: on a FatTree with k^3/4 hosts numbered pod by pod, N/2 = k/2 pods
 *   away, so every flow crosses the core (a permutation that is worst-case for locality).
 *
 * Randomness comes from one ns-3 UniformRandomVariable, so a matrix is reproducible from the
 * global seed and run number (--RngSeed / --RngRun, ns3::RngSeedManager) together with the
 * stream number set by AssignStreams(). Without AssignStreams() the stream is assigned
 * automatically at construction time, i.e. it depends on how many random variables were
 * created before this object.
 */
class TrafficMatrix
{
  public:
    /// Kind of traffic matrix.
    enum class Type
    {
        PERMUTATION, //!< random derangement: every host sends one flow and receives one
        RANDOM,      //!< every host sends to a uniformly random other host (repeats allowed)
        STRIDE,      //!< host i sends to host (i + stride) mod N
    };

    /// One long-lived flow: (source host index, destination host index), both in 0..N-1.
    using Flow = std::pair<uint32_t, uint32_t>;

    /// A traffic matrix: N flows, element i is the flow sent by host i (see class doc).
    using FlowList = std::vector<Flow>;

    /// Creates the generator and its UniformRandomVariable (automatic stream number).
    TrafficMatrix();

    /**
     * \brief Fixes the random stream used by Permutation() and Random().
     *
     * Call this before generating, as with every ns-3 model that draws random numbers, so that
     * the matrices depend only on (--RngSeed, --RngRun, \p stream).
     *
     * \param stream first stream index to use (>= 0)
     * \return the number of stream indices used (always 1)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief A uniformly random permutation matrix without fixed points (a derangement).
     *
     * Drawn by rejection sampling: Fisher-Yates shuffles are drawn until one has no fixed
     * point (on average e = 2.718... shuffles, independently of N), which makes every
     * derangement equally likely.
     *
     * \param nHosts number of hosts N (>= 2; aborts with NS_ABORT_MSG otherwise)
     * \return N flows; element i is (i, d_i) with the d_i distinct and d_i != i
     */
    FlowList Permutation(uint32_t nHosts);

    /**
     * \brief A random matrix: each host sends to a uniformly chosen other host.
     *
     * Destinations are independent, so some hosts receive several flows and others none.
     *
     * \param nHosts number of hosts N (>= 2; aborts with NS_ABORT_MSG otherwise)
     * \return N flows; element i is (i, d_i) with d_i uniform over {0..N-1} \ {i}
     */
    FlowList Random(uint32_t nHosts);

    /**
     * \brief The stride matrix: host i sends to host (i + stride) mod N. Deterministic.
     *
     * \param nHosts number of hosts N (>= 2)
     * \param stride the stride s, 1 <= s <= N-1 (aborts with NS_ABORT_MSG otherwise;
     *        check user input with IsValidStride() first)
     * \return N flows; element i is (i, (i + s) mod N)
     */
    static FlowList Stride(uint32_t nHosts, uint32_t stride);

    /**
     * \brief The stride used when the user gives none: N/2 (integer division).
     * \param nHosts number of hosts N (>= 2)
     * \return N/2, which is in 1..N-1 for every N >= 2
     */
    static uint32_t DefaultStride(uint32_t nHosts);

    /**
     * \brief Whether \p stride is a valid stride for \p nHosts hosts.
     * \param nHosts number of hosts N
     * \param stride the stride s
     * \return true iff N >= 2 and 1 <= s <= N-1
     */
    static bool IsValidStride(uint32_t nHosts, uint32_t stride);

    /**
     * \brief Generates a matrix of the given type.
     *
     * \param type the matrix type
     * \param nHosts number of hosts N (>= 2)
     * \param stride used only for Type::STRIDE; 0 means DefaultStride(N); otherwise
     *        1 <= stride <= N-1
     * \return N flows, as returned by Permutation(), Random() or Stride()
     */
    FlowList Generate(Type type, uint32_t nHosts, uint32_t stride = 0);

    /**
     * \brief Parses a matrix name, as given on the command line.
     *
     * Accepts "permutation", "random" and "stride" (ASCII case-insensitive). Never aborts, so
     * the caller can print a one-line error naming the option and the accepted values
     * (TypeNames()).
     *
     * \param name the name to parse
     * \return the type, or std::nullopt if \p name is not one of the accepted names
     */
    static std::optional<Type> FromString(const std::string& name);

    /**
     * \brief The canonical name of a type ("permutation", "random" or "stride"), as accepted
     * by FromString() and stored in the `matrix` column of the results database.
     * \param type the type
     * \return its lower-case name
     */
    static std::string ToString(Type type);

    /**
     * \brief The accepted names, for help and error messages.
     * \return "permutation|random|stride"
     */
    static std::string TypeNames();

  private:
    Ptr<UniformRandomVariable> m_rng; //!< source of all random draws
};

} // namespace ns3

#endif /* TRAFFIC_MATRIX_H */
