/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/datacenter-partition.h"

#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/string.h"

#ifdef NS3_MPI
#include "ns3/mpi-interface.h"

#include <mpi.h>
#endif

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DatacenterPartition");

bool
DatacenterPartition::IsSupported()
{
#ifdef NS3_MPI
    return true;
#else
    return false;
#endif
}

bool
DatacenterPartition::Enable(int* argc, char*** argv, Sync sync, std::string* why)
{
#ifdef NS3_MPI
    NS_LOG_FUNCTION(sync);
    (void)why;
    if (MpiInterface::IsEnabled())
    {
        return true;
    }
    GlobalValue::Bind("SimulatorImplementationType",
                      StringValue(sync == NULL_MESSAGE ? "ns3::NullMessageSimulatorImpl"
                                                       : "ns3::DistributedSimulatorImpl"));
    MpiInterface::Enable(argc, argv);
    NS_LOG_INFO("rank " << GetRank() << " of " << GetSize());
    return true;
#else
    (void)argc;
    (void)argv;
    (void)sync;
    if (why)
    {
        *why = "this ns-3 has no MPI support (configure ns-3 with --enable-mpi and Open MPI "
               "installed, e.g. tools/build-optimized.sh)";
    }
    return false;
#endif
}

void
DatacenterPartition::Disable()
{
#ifdef NS3_MPI
    if (MpiInterface::IsEnabled())
    {
        MpiInterface::Disable();
    }
#endif
}

bool
DatacenterPartition::IsEnabled()
{
#ifdef NS3_MPI
    return MpiInterface::IsEnabled();
#else
    return false;
#endif
}

uint32_t
DatacenterPartition::GetRank()
{
#ifdef NS3_MPI
    return MpiInterface::IsEnabled() ? MpiInterface::GetSystemId() : 0;
#else
    return 0;
#endif
}

uint32_t
DatacenterPartition::GetSize()
{
#ifdef NS3_MPI
    return MpiInterface::IsEnabled() ? MpiInterface::GetSize() : 1;
#else
    return 1;
#endif
}

bool
DatacenterPartition::IsLocal(Ptr<const Node> node)
{
    return !IsEnabled() || node->GetSystemId() == GetRank();
}

uint32_t
DatacenterPartition::SystemOf(uint32_t group, uint32_t groups, uint32_t systems)
{
    NS_ABORT_MSG_IF(groups == 0 || systems == 0 || group >= groups,
                    "DatacenterPartition::SystemOf: group " << group << " of " << groups
                                                            << " over " << systems << " ranks");
    return static_cast<uint32_t>(uint64_t(group) * systems / groups);
}

#ifdef NS3_MPI
namespace
{
/**
 * \brief MPI_Allreduce in place over ns-3's communicator, when more than one rank runs.
 * \param values the vector reduced element-wise
 * \param type its MPI element type
 * \param op the reduction
 */
template <typename T>
void
AllreduceInPlace(std::vector<T>& values, MPI_Datatype type, MPI_Op op)
{
    if (DatacenterPartition::GetSize() > 1 && !values.empty())
    {
        MPI_Allreduce(MPI_IN_PLACE,
                      values.data(),
                      static_cast<int>(values.size()),
                      type,
                      op,
                      MpiInterface::GetCommunicator());
    }
}
} // namespace
#endif

void
DatacenterPartition::Sum(std::vector<double>& values)
{
#ifdef NS3_MPI
    AllreduceInPlace(values, MPI_DOUBLE, MPI_SUM);
#else
    (void)values;
#endif
}

void
DatacenterPartition::Sum(std::vector<uint64_t>& values)
{
#ifdef NS3_MPI
    AllreduceInPlace(values, MPI_UINT64_T, MPI_SUM);
#else
    (void)values;
#endif
}

void
DatacenterPartition::Max(std::vector<double>& values)
{
#ifdef NS3_MPI
    AllreduceInPlace(values, MPI_DOUBLE, MPI_MAX);
#else
    (void)values;
#endif
}

} // namespace ns3
