/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef EQUAL_COST_PATH_COUNTER_H
#define EQUAL_COST_PATH_COUNTER_H

#include "ns3/callback.h"
#include "ns3/ipv4-address.h"
#include "ns3/object.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Tells a host how many equal-cost paths lead to a destination, for the automatic
 * duplicate-ACK threshold of packet scatter (3 + paths, MMPTCP thesis §3.6, §5.3).
 *
 * A topology helper that knows the paths (FatTreeHelper) aggregates one to each host with a
 * callback; PacketScatterSocket and MmpTcpSocket read it when their subflow is established.
 */
class EqualCostPathCounter : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// The counting function: (source, destination) -> equal-cost paths (0 = unknown).
    using CountCallback = Callback<uint32_t, Ipv4Address, Ipv4Address>;

    /// \param cb the counting function
    void SetCountCallback(CountCallback cb);

    /**
     * \param src source address (one of this host's)
     * \param dst destination address
     * \return the number of equal-cost paths from \p src to \p dst, 0 if unknown
     */
    uint32_t GetPathCount(Ipv4Address src, Ipv4Address dst) const;

  protected:
    void DoDispose() override;

  private:
    CountCallback m_count; //!< the counting function
};

} // namespace ns3

#endif /* EQUAL_COST_PATH_COUNTER_H */
