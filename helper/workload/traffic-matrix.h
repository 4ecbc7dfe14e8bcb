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
     * \brief A matrix with round(X * N) flows: X connections per host on average (paper
     * §4.3.3, Fig. 7; §5, Fig. 16: 0.1 to 10 connections per host).
     *
     * - X <= 1: n = round(X * N) distinct senders chosen uniformly at random. With
     *   Type::PERMUTATION each sends to a distinct destination (the senders' rows of a
     *   uniformly random derangement, i.e. a partial permutation); with Type::RANDOM each
     *   sends to a uniformly random other host.
     * - X > 1: every host sends floor(X) or ceil(X) flows (round(X * N) - floor(X) * N hosts,
     *   chosen at random, send ceil(X)), each to distinct other hosts drawn uniformly.
     *
     * With n = N and X <= 1 (X = 1, or X rounding to N flows) no sender is drawn, so the
     * result equals Generate(type, N): the option's default leaves runs unchanged.
     * Flows are ordered by sender, then by draw.
     *
     * \param type Type::PERMUTATION or Type::RANDOM (NS_ABORT_MSG otherwise)
     * \param nHosts number of hosts N (>= 2)
     * \param perHost X > 0 with 1 <= round(X * N) and ceil(X) <= N - 1 (NS_ABORT_MSG
     *        otherwise; check user input with IsValidConnectionsPerHost() first)
     * \return the flows; no flow has .first == .second
     */
    FlowList ConnectionsPerHost(Type type, uint32_t nHosts, double perHost);

    /**
     * \brief Whether \p perHost connections per host are valid for \p nHosts hosts.
     * \param nHosts number of hosts N
     * \param perHost connections per host X
     * \return true iff N >= 2, X > 0, X <= N - 1 and round(X * N) >= 1
     */
    static bool IsValidConnectionsPerHost(uint32_t nHosts, double perHost);

    /**
     * \brief Makes a fraction of the flows rack-local (paper §4.3.3, Fig. 8: "a fraction of
     * the flows were destined for a random host with the sender's rack, while the rest were
     * destined for an unconstrained random host"; §5, Fig. 15: a permutation with a fraction
     * of intra-ToR flows).
     *
     * round(f * flows) flows, chosen uniformly at random, get a destination drawn uniformly
     * from the other hosts of the sender's rack. The other flows keep their destination,
     * except that with Type::PERMUTATION a flow whose destination is in the sender's rack gets
     * one drawn uniformly from the hosts outside the rack, so exactly round(f * flows) flows
     * are rack-local. Receivers may then get more than one flow.
     *
     * \param flows the matrix (e.g. from Generate() or ConnectionsPerHost())
     * \param rackOf rack index of every host (rackOf[h] for host h; e.g. the edge switch)
     * \param fraction f in [0, 1]
     * \param type the matrix's type: PERMUTATION re-draws in-rack destinations of the others
     * \return the flows in the same order with the same senders; aborts (NS_ABORT_MSG) if a
     *         chosen sender is alone in its rack or, for PERMUTATION, if its rack holds every
     *         host
     */
    FlowList MakeRackLocal(const FlowList& flows,
                           const std::vector<uint32_t>& rackOf,
                           double fraction,
                           Type type);

    /**
     * \brief The number of rack-local flows of a matrix.
     * \param flows the flows
     * \param rackOf rack index of every host
     * \return how many flows have rackOf[src] == rackOf[dst]
     */
    static uint32_t CountRackLocal(const FlowList& flows, const std::vector<uint32_t>& rackOf);

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
    /**
     * \param n population size
     * \param m how many to draw, m <= n
     * \return m distinct values of 0..n-1 in draw order (partial Fisher-Yates)
     */
    std::vector<uint32_t> Sample(uint32_t n, uint32_t m);

    Ptr<UniformRandomVariable> m_rng; //!< source of all random draws
};

} // namespace ns3

#endif /* TRAFFIC_MATRIX_H */
