/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_RESPONSIVE_PATH_MANAGER_H
#define MPTCP_RESPONSIVE_PATH_MANAGER_H

#include "ns3/mptcp-fullmesh-path-manager.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The path manager of Responsive MPTCP (Duan, Wang, Wu, "Responsive Multipath TCP in
 * SDN-based Datacenters", ICC 2015, §III): a connection starts with its initial subflow alone
 * and opens more only on demand (OpenSubflows(), which ResponsiveMonitor calls with the number
 * of subflows the controller granted), never beyond MaxSubflows live subflows (seed 004: M = 4,
 * the 2 x 2 address pairs of two addresses per server).
 *
 * Addresses are exchanged as by the fullmesh path manager (each end enumerates its in-band
 * addresses and announces them with ADD_ADDR), but no subflow is opened when the connection is
 * fully established or a peer address is learnt. On demand the active opener first opens
 * subflows over the (local, remote) address pairs that have none, in the fullmesh order; when
 * the pairs are used up (one address per server, or more subflows granted than pairs) the rest
 * go over the initial pair from new source ports, as ndiffports does, so a granted subflow is
 * always opened while MaxSubflows allows. The passive end never opens subflows.
 */
class MpTcpResponsivePathManager : public MpTcpFullmeshPathManager
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::string GetName() const override;
    Ptr<MpTcpPathManager> Fork() const override;
    /// Opens nothing: subflows come on demand only.
    /// \param conn the connection
    void FullyEstablished(MpTcpSocketBase& conn) override;
    /**
     * \brief Open up to \p n more subflows (active opener only), address pairs first, then
     * new ports on the initial pair, never beyond MaxSubflows live subflows.
     * \param conn the connection
     * \param n subflows wanted
     * \return true (the policy opens subflows on demand), also when MaxSubflows left no room
     */
    bool OpenSubflows(MpTcpSocketBase& conn, uint32_t n) override;
};

} // namespace ns3

#endif /* MPTCP_RESPONSIVE_PATH_MANAGER_H */
