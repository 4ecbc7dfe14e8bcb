/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_PATH_MANAGER_H
#define MPTCP_PATH_MANAGER_H

#include "ns3/mptcp-option.h"

#include "ns3/event-id.h"
#include "ns3/ipv4-address.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

class MpTcpSocketBase;
class MpTcpSubflow;
class NetDevice;
class Node;

/**
 * \ingroup mptcp
 * \brief The path manager of an MPTCP connection: which subflows it opens and when, what it
 * does with the addresses the peer announces or withdraws (ADD_ADDR, REMOVE_ADDR, RFC 8684
 * §3.4) and how it reacts to a subflow that fails (Linux net/mptcp/pm.c, pm_netlink.c).
 *
 * One object per connection, chosen by the MpTcpSocketBase attribute "PathManager" (a
 * TypeId, as "Scheduler" chooses the scheduler); copied with Fork() when a
 * listening connection accepts another. The connection calls:
 *  - ConnectionEstablished() when its first subflow is up (both ends);
 *  - FullyEstablished() once, when the first DATA_ACK shows that the peer knows our key
 *    (RFC 8684 §3.1: additional subflows may join from then on, as Linux does);
 *  - OpenSubflows() when the application or a controller asks for more subflows
 *    (MpTcpSocketBase::OpenSubflows), at any time on an established connection;
 *  - ReceivedAddAddr(), ReceivedRemoveAddr() for the peer's ADD_ADDR and REMOVE_ADDR;
 *  - JoinReceived() when the peer's MP_JOIN SYN creates a subflow here;
 *  - SubflowTimedOut() when a subflow's retransmission timer expires.
 *
 * The path manager acts through the connection's public path-manager interface:
 * MpTcpSocketBase::OpenJoinSubflow(), SendSignal(), ResetSubflowsUsing(), GetSubflows() and the
 * connection's path-manager attributes (NumSubflows, BackupSubflows, MaxSubflows, ...). It keeps
 * the connection's address book: our addresses and the peer's, by RFC 8684 Address ID.
 *
 * To add one: subclass, implement GetName(), FullyEstablished() and Fork(), register a TypeId
 * with AddConstructor, and select it with Config::SetDefault(
 * "ns3::MpTcpSocketBase::PathManager", TypeIdValue(MyPathManager::GetTypeId()))
 * (test/mptcp-path-manager-test-suite.cc defines one).
 */
class MpTcpPathManager : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return the policy's name ("ndiffports", "fullmesh", ...)
    virtual std::string GetName() const = 0;

    /// \return a copy of this path manager, with its configuration, for a new connection
    virtual Ptr<MpTcpPathManager> Fork() const = 0;

    /**
     * \brief Cancel every timer the path manager runs for its connection (the ADD_ADDR
     * retransmissions; a subclass's own, such as the fullmesh's address check). The connection
     * calls it when it is destroyed or disposed, or when another path manager replaces this
     * one: the timers' events hold plain pointers to both, not references, so that they keep
     * neither alive (ns-3's idiom for timers).
     */
    virtual void Stop();

    ~MpTcpPathManager() override;

    /**
     * \brief The connection's first subflow is established (active or passive end, not a
     * fallback connection). Default: nothing.
     * \param conn the connection
     */
    virtual void ConnectionEstablished(MpTcpSocketBase& conn);

    /**
     * \brief The peer knows our key (its first DATA_ACK arrived): open the additional subflows
     * of the policy. Called once per connection, never on a fallback connection, never before
     * ConnectionEstablished().
     * \param conn the connection
     */
    virtual void FullyEstablished(MpTcpSocketBase& conn) = 0;

    /**
     * \brief Open \p n more subflows now, on demand of the application or a controller.
     * Default: \p n MP_JOIN subflows over the initial subflow's address pair, each from a new
     * source port (ndiffports), the last BackupSubflows of n + 1 as backups.
     * \param conn the connection (established, not a fallback)
     * \param n subflows to open
     * \return false if this policy does not open subflows on demand (nothing was done)
     */
    virtual bool OpenSubflows(MpTcpSocketBase& conn, uint32_t n);

    /**
     * \brief An ADD_ADDR arrived (RFC 8684 §3.4.1). Default: an echo is counted; an
     * announcement whose Truncated HMAC verifies is echoed, recorded as the peer's address
     * with that Address ID (trace RemoteAddressAdded) and passed to RemoteAddressAdded(); a
     * mismatch is a protocol error and the option is ignored.
     * \param conn the connection (not a fallback)
     * \param subflow the subflow it arrived on
     * \param option the option
     */
    virtual void ReceivedAddAddr(MpTcpSocketBase& conn,
                                 Ptr<MpTcpSubflow> subflow,
                                 const AddAddrOption& option);

    /**
     * \brief A REMOVE_ADDR arrived (RFC 8684 §3.4.2). Default: each known Address ID is
     * forgotten (trace RemoteAddressRemoved) and, in an event of its own, every subflow using
     * that address is reset and the data it held reinjected (RemoveSubflowsUsing()).
     * \param conn the connection (not a fallback)
     * \param subflow the subflow it arrived on
     * \param option the option
     */
    virtual void ReceivedRemoveAddr(MpTcpSocketBase& conn,
                                    Ptr<MpTcpSubflow> subflow,
                                    const RemoveAddrOption& option);

    /**
     * \brief The peer's MP_JOIN SYN created subflow \p child on this connection, before the
     * SYN/ACK is sent. Default: the Address ID of the SYN's source is recorded as the peer's
     * (RFC 8684 §3.2) if new.
     * \param conn the connection
     * \param child the new subflow
     * \param join the MP_JOIN of the SYN (null if none)
     * \param local our address the SYN was sent to
     * \param remote the peer's address it came from
     */
    virtual void JoinReceived(MpTcpSocketBase& conn,
                              Ptr<MpTcpSubflow> child,
                              const MpJoinSynOption* join,
                              Ipv4Address local,
                              Ipv4Address remote);

    /**
     * \brief A subflow's retransmission timer expired (not a fallback connection), before the
     * connection reinjects its data. Default: nothing.
     * \param conn the connection
     * \param subflow the subflow
     */
    virtual void SubflowTimedOut(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> subflow);

    /**
     * \brief Reset the subflows whose local (or remote) address is \p address and reinject the
     * data they held (MpTcpSocketBase::ResetSubflowsUsing), then forget the address in the
     * policy's own state (AddressGone()).
     * \param conn the connection
     * \param address the address
     * \param local true: our address, false: the peer's
     */
    void RemoveSubflowsUsing(MpTcpSocketBase& conn, Ipv4Address address, bool local);

    /// \return our addresses by Address ID (0: the initial subflow's, RFC 8684 §3.4)
    const std::map<uint8_t, Ipv4Address>& GetLocalAddresses() const;
    /// \return the peer's addresses by Address ID: 0 (initial subflow), ADD_ADDR, MP_JOIN
    const std::map<uint8_t, Ipv4Address>& GetRemoteAddresses() const;
    /// \return echoes (E=1) received of our ADD_ADDR announcements
    uint64_t GetAddAddrEchoes() const;
    /// \return ADD_ADDRs sent again because no echo came within AddAddrTimeout
    uint64_t GetAddAddrRetransmissions() const;
    /// \return announcements given up after AddAddrRetries retransmissions without an echo
    uint64_t GetAddAddrUnechoed() const;
    /// \return Address IDs of our announcements still waiting for their echo
    std::vector<uint8_t> GetAddAddrPending() const;
    /**
     * \param id the peer's Address ID
     * \return the port the peer announced with that address (ADD_ADDR's Port field), or 0
     *         when it announced none: joins to it use the connection's port
     */
    uint16_t GetRemotePort(uint8_t id) const;

  protected:
    /**
     * \brief A new address of the peer was recorded (verified ADD_ADDR). Default: nothing.
     * \param conn the connection
     * \param id its Address ID
     * \param address the address
     */
    virtual void RemoteAddressAdded(MpTcpSocketBase& conn, uint8_t id, Ipv4Address address);
    /**
     * \brief The subflows using \p address were reset (RemoveSubflowsUsing()). Default:
     * nothing.
     * \param address the address
     * \param local true: our address, false: the peer's
     */
    virtual void AddressGone(Ipv4Address address, bool local);
    /**
     * \brief Open \p count subflows over the initial subflow's address pair, each from a new
     * source port (ndiffports); subflow i (1..count) is a backup if i + BackupSubflows >=
     * \p total.
     * \param conn the connection
     * \param count subflows to open
     * \param total the number of subflows the backups are counted against
     */
    static void OpenOnInitialPair(MpTcpSocketBase& conn, uint32_t count, uint32_t total);
    /**
     * \param node a node
     * \param address one of its addresses
     * \return the device of the interface that owns \p address, or nullptr
     */
    static Ptr<NetDevice> DeviceOf(Ptr<Node> node, Ipv4Address address);
    /**
     * Fire the connection's trace LocalAddressRemoved.
     * \param conn the connection
     * \param id the Address ID
     * \param address the address
     */
    static void NotifyLocalAddressRemoved(MpTcpSocketBase& conn, uint8_t id, Ipv4Address address);
    /**
     * \brief Announce one of our addresses with ADD_ADDR (RFC 8684 §3.4.1) and keep it until
     * the peer echoes it: without an echo within AddAddrTimeout it is sent again, at most
     * AddAddrRetries times (Linux: net.mptcp.add_addr_timeout, ADD_ADDR_RETRANS_MAX).
     * \param conn the connection (established, the peer's key known)
     * \param id the address's Address ID
     * \param address the address
     * \param port the Port field (0: none, joins go to the connection's port)
     */
    void AnnounceAddress(MpTcpSocketBase& conn, uint8_t id, Ipv4Address address, uint16_t port);
    /**
     * \brief Stop retransmitting the announcement of \p id (it was withdrawn).
     * \param id the Address ID
     */
    void CancelAnnouncement(uint8_t id);

    std::map<uint8_t, Ipv4Address> m_localAddrs;  //!< our addresses by Address ID
    std::map<uint8_t, Ipv4Address> m_remoteAddrs; //!< the peer's addresses by Address ID
    uint64_t m_addAddrEchoes{0};                  //!< echoes of our ADD_ADDRs received
    std::map<uint8_t, uint16_t> m_remotePorts;    //!< ports the peer announced, by Address ID

  private:
    /// An ADD_ADDR of ours waiting for its echo.
    struct Announcement
    {
        AddAddrOption option; //!< the option, with its HMAC
        uint32_t retries{0};  //!< times sent again
        EventId timer;        //!< retransmission
    };

    /**
     * No echo of \p id came in time: send it again or give up.
     * \param conn the connection
     * \param id the Address ID
     */
    void AddAddrTimeout(MpTcpSocketBase* conn, uint8_t id);

    Time m_addAddrTimeout;                        //!< wait for an echo (attribute)
    uint32_t m_addAddrRetries{3};                 //!< retransmissions (attribute)
    std::map<uint8_t, Announcement> m_announced;  //!< our ADD_ADDRs waiting for their echo
    uint64_t m_addAddrRetransmissions{0};         //!< ADD_ADDRs sent again
    uint64_t m_addAddrUnechoed{0};                //!< announcements given up
};

} // namespace ns3

#endif /* MPTCP_PATH_MANAGER_H */
