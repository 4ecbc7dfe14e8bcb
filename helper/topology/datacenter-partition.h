/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DATACENTER_PARTITION_H
#define DATACENTER_PARTITION_H

#include "ns3/node.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::DatacenterPartition: a datacenter experiment split across the ranks of ns-3's MPI
 * distributed simulator.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief One experiment on several MPI ranks with ns-3's distributed simulator
 * (src/mpi: DistributedSimulatorImpl, "granted time window", or NullMessageSimulatorImpl).
 *
 * ns-3's distributed simulation gives every node one rank (its system id, fixed when the node
 * is created) and every rank builds the whole fabric: a point-to-point link whose ends are
 * not both on the running rank becomes a PointToPointRemoteChannel, and packets cross ranks
 * as MPI messages, at least one link delay ahead (the lookahead). What a rank may do is
 * limited to its own nodes: applications are installed on local hosts only
 * (DatacenterWorkloadHelper), each counter is read where its device or socket lives, and the
 * results are combined with Sum()/Max() (MPI_Allreduce) so that every rank holds the same
 * numbers, which rank 0 writes once.
 *
 * The fabrics assign ranks by pod (DatacenterTopology::SetSystemCount(): FatTree and DHFT
 * pods, VL2 racks in contiguous blocks, core switches spread evenly), so that most packets
 * stay on one rank.
 *
 * Without MPI (ns-3 configured without --enable-mpi, e.g. Debian's libns3-dev or the PyPI
 * wheel), IsSupported() is false, Enable() fails with a reason, and the rest behaves as a
 * run on one rank: every node is local and Sum()/Max() leave their argument unchanged.
 */
class DatacenterPartition
{
  public:
    /// The synchronization of ns-3's distributed simulator.
    enum Sync
    {
        GRANTED_TIME_WINDOW, ///< ns3::DistributedSimulatorImpl (collective per window)
        NULL_MESSAGE         ///< ns3::NullMessageSimulatorImpl (Chandy-Misra-Bryant)
    };

    /// \return whether this build of ns-3 has MPI (NS3_MPI: configured with --enable-mpi)
    static bool IsSupported();
    /**
     * \brief Select the distributed simulator (ns-3's global value SimulatorImplementationType)
     * and initialize MPI (MpiInterface::Enable, MPI_Init). Call once, before any node or
     * event is created; under mpirun every rank calls it.
     * \param argc main()'s argc (MPI may consume its own arguments), or nullptr
     * \param argv main()'s argv, or nullptr
     * \param sync the synchronization algorithm
     * \param why set to the reason when MPI is not available
     * \return false if this build has no MPI
     */
    static bool Enable(int* argc, char*** argv, Sync sync, std::string* why);
    /**
     * \brief Finalize MPI (MpiInterface::Disable) after Simulator::Destroy(); nothing when
     * Enable() was not called.
     */
    static void Disable();
    /// \return whether Enable() succeeded and Disable() was not called
    static bool IsEnabled();
    /// \return this process's rank, 0 when not enabled
    static uint32_t GetRank();
    /// \return the number of ranks, 1 when not enabled
    static uint32_t GetSize();
    /**
     * \param node a node
     * \return whether this rank simulates \p node (always true when not enabled)
     */
    static bool IsLocal(Ptr<const Node> node);
    /**
     * \brief The rank of one of \p groups equal groups (pods, racks) over \p systems ranks:
     * contiguous blocks, group * systems / groups.
     * \param group the group, 0 .. groups-1
     * \param groups number of groups (>= 1)
     * \param systems number of ranks (>= 1)
     * \return the rank, 0 .. systems-1
     */
    static uint32_t SystemOf(uint32_t group, uint32_t groups, uint32_t systems);
    /**
     * \brief Element-wise sum over the ranks (MPI_Allreduce, MPI_SUM); every rank must call
     * it with vectors of the same size, in the same order. No-op when not enabled.
     * \param values in: this rank's contributions (0 where another rank owns the value);
     *        out: the sums
     */
    static void Sum(std::vector<double>& values);
    /// \copydoc Sum(std::vector<double>&)
    static void Sum(std::vector<uint64_t>& values);
    /**
     * \brief Element-wise maximum over the ranks (MPI_Allreduce, MPI_MAX); as Sum().
     * \param values in: this rank's values (-infinity where another rank owns the value);
     *        out: the maxima
     */
    static void Max(std::vector<double>& values);
};

} // namespace ns3

#endif /* DATACENTER_PARTITION_H */
