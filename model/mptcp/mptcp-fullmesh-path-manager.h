/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_FULLMESH_PATH_MANAGER_H
#define MPTCP_FULLMESH_PATH_MANAGER_H

#include "ns3/mptcp-path-manager.h"

#include <cstdint>
#include <map>
#include <utility>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The "fullmesh" path manager (Linux's, RFC 8684 §3.4): each end gives Address IDs to
 * the addresses of its up, non-loopback interfaces (not out-of-band ones, OutOfBandInterfaces:
 * the SDN control network's address is never a subflow's) and announces them with ADD_ADDR; the
 * active opener opens one subflow per routable pair of local and remote addresses
 * (SubflowsPerPair per pair, round-robin over the pairs, up to MaxSubflows; with
 * MatchAddressIndex our i-th address only to the peer's Address ID i, for the switch planes
 * of a dual-homed FatTree, Raiciu et al., SIGCOMM 2011, §5), and again when the peer
 * announces a new address. When a subflow times out it looks for our addresses whose
 * interface went down, withdraws them with REMOVE_ADDR and resets their subflows; while an
 * address is withdrawn it checks its interface every AddressCheckInterval and, once it is up
 * again, announces it again (same Address ID) and opens its subflows again (RFC 8684 §3.4;
 * Linux re-announces on NETDEV_UP). ADD_ADDRs are sent again until echoed
 * (MpTcpPathManager::AnnounceAddress); with AnnouncePort they carry a Port field, and the
 * peer's announced ports are where joins to its addresses go (§3.4.1).
 * It does not open subflows on demand (OpenSubflows returns false): the mesh decides.
 */
class MpTcpFullmeshPathManager : public MpTcpPathManager
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::string GetName() const override;
    Ptr<MpTcpPathManager> Fork() const override;
    /// Cancel the ADD_ADDR retransmissions and the check of withdrawn addresses.
    void Stop() override;
    ~MpTcpFullmeshPathManager() override;
    void ConnectionEstablished(MpTcpSocketBase& conn) override;
    void FullyEstablished(MpTcpSocketBase& conn) override;
    bool OpenSubflows(MpTcpSocketBase& conn, uint32_t n) override;
    void JoinReceived(MpTcpSocketBase& conn,
                      Ptr<MpTcpSubflow> child,
                      const MpJoinSynOption* join,
                      Ipv4Address local,
                      Ipv4Address remote) override;
    void SubflowTimedOut(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> subflow) override;

  protected:
    void RemoteAddressAdded(MpTcpSocketBase& conn, uint8_t id, Ipv4Address address) override;
    void AddressGone(Ipv4Address address, bool local) override;

    /**
     * \brief Active opener: open a subflow for each routable (local, remote) address pair that
     * has none yet (SubflowsPerPair rounds), until the connection has MaxSubflows live
     * subflows or \p limit of them, whichever is less.
     * \param conn the connection
     * \param limit most live subflows after the call (UINT32_MAX: MaxSubflows alone)
     * \return the subflows opened
     */
    uint32_t OpenMeshSubflows(MpTcpSocketBase& conn, uint32_t limit = UINT32_MAX);

  private:
    /// Give Address IDs to our addresses (those of up, non-loopback, in-band interfaces).
    /// \param conn the connection
    void EnumerateLocalAddresses(MpTcpSocketBase& conn);
    /// Announce our addresses other than the initial one with ADD_ADDR.
    /// \param conn the connection
    void AnnounceLocalAddresses(MpTcpSocketBase& conn);
    /// Withdraw (REMOVE_ADDR) our addresses whose interface went down. \param conn the
    /// connection
    void CheckLocalAddresses(MpTcpSocketBase& conn);
    /// Announce again (and mesh again) our withdrawn addresses whose interface is up again.
    /// \param conn the connection
    void CheckWithdrawnAddresses(MpTcpSocketBase* conn);

    uint8_t m_nextLocalAddrId{1}; //!< Address ID of our next new address
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> m_meshPairs; //!< subflows opened per
                                                                    //!< (local, remote) pair
    bool m_opened{false}; //!< FullyEstablished() ran: new peer addresses get subflows
    uint16_t m_announcePort{0};                   //!< Port field of our ADD_ADDRs (attribute)
    Time m_addressCheckInterval;                  //!< polling of withdrawn addresses (attribute)
    std::map<uint8_t, Ipv4Address> m_withdrawn;   //!< our addresses down, by Address ID
    EventId m_withdrawnCheck;                     //!< next CheckWithdrawnAddresses()
};

} // namespace ns3

#endif /* MPTCP_FULLMESH_PATH_MANAGER_H */
