/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * TCP Small Queues (TSQ): the bytes each TCP socket of a host has in that host's own queues.
 */
#ifndef TCP_SMALL_QUEUES_H
#define TCP_SMALL_QUEUES_H

#include "ns3/callback.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/net-device.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/tag.h"

#include <set>
#include <unordered_map>

namespace ns3
{

class Node;
class QueueDiscItem;

/**
 * \ingroup mptcp
 * \brief Packet tag of a data segment counted by TcpSmallQueues: which node and socket sent it
 * and how many payload bytes it counts for.
 *
 * It stays on the packet after the host's NIC sent it (a const packet cannot lose a tag); the
 * node id keeps another node's accountant (a forwarding host) from releasing it.
 */
class TcpSmallQueuesTag : public Tag
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(TagBuffer i) const override;
    void Deserialize(TagBuffer i) override;
    void Print(std::ostream& os) const override;

    uint32_t node{0};   //!< id of the sending node
    uint32_t socket{0}; //!< the socket's id at its node's TcpSmallQueues
    uint32_t bytes{0};  //!< payload bytes counted, bytes
};

/**
 * \ingroup mptcp
 * \brief Per-host accounting of TCP Small Queues: for every registered socket, the payload
 * bytes it handed to IP that have not yet left the host (in IP, the traffic-control layer, a
 * queue disc, the NIC's device queue or being serialized by the NIC).
 *
 * Models Linux's per-socket sk_wmem_alloc as TCP Small Queues uses it (tcp_small_queue_check(),
 * tcp_wfree() and the TSQ tasklet, net/ipv4/tcp_output.c; Eric Dumazet, "tcp: TCP Small
 * Queues", Linux 3.6, 2012): a bulk sender may keep only a small amount of data in its own
 * host's queues, so that its cwnd does not grow into the host's queue, the host does not drop
 * its own packets, and the ACKs and data of the host's other sockets do not wait behind it.
 *
 * A socket registers (Register()), tags each data segment it sends (Queued(); a
 * TcpSmallQueuesTag is added to the payload, and stays through IPv4 and the NIC), and is called
 * back with the segment's bytes once the host's NIC finished sending it ("PhyTxEnd") or the host
 * dropped it (the device's "MacTxDrop"/"PhyTxDrop", the traffic-control layer's "Drop", a root
 * queue disc's "Drop", IPv4's "Drop"). A device without a "PhyTxEnd" trace source (a loopback)
 * releases the bytes when IPv4 hands the packet to it ("Tx").
 *
 * One object per node, aggregated to it on first use (Get()); devices added later are hooked
 * when the next socket registers.
 */
class TcpSmallQueues : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TcpSmallQueues();
    ~TcpSmallQueues() override;

    /**
     * \brief The accountant of a node, created and aggregated to it if it has none.
     * \param node the host
     * \return its accountant
     */
    static Ptr<TcpSmallQueues> Get(Ptr<Node> node);

    /// Called with the payload bytes of one of the socket's segments that left the host.
    using ReleaseCallback = Callback<void, uint32_t>;

    /**
     * \brief Register a socket; hooks any device of the node not hooked yet.
     * \param released called, in the event of the NIC's completion (or of the drop), with the
     *        bytes of each of the socket's segments that left the host
     * \return the socket's id (never 0)
     */
    uint32_t Register(ReleaseCallback released);
    /**
     * \brief Forget a socket: its segments still in the host release nothing.
     * \param id the id Register() returned
     */
    void Unregister(uint32_t id);
    /**
     * \brief A socket hands a data segment to IP: tag its payload.
     * \param id the socket's id
     * \param payload the segment's payload (the tag is added to it; tags are mutable on a
     *        const packet)
     * \param bytes the bytes to count, bytes
     */
    void Queued(uint32_t id, Ptr<const Packet> payload, uint32_t bytes) const;

    /// \return segments released so far (sent by the NIC or dropped in the host)
    uint64_t GetReleased() const;
    /// \return segments of registered sockets dropped in the host before the NIC sent them
    uint64_t GetDropped() const;

  protected:
    void DoDispose() override;

  private:
    /// Hook the devices of the node that are not hooked yet, and IPv4 once.
    void HookNode();
    /**
     * \brief A packet left the host (sent or dropped): release its bytes to its socket.
     * \param p the packet
     * \param dropped whether it was dropped
     */
    void Release(Ptr<const Packet> p, bool dropped);
    /// \param p a packet the NIC finished sending
    void Sent(Ptr<const Packet> p);
    /// \param p a packet the host dropped
    void Dropped(Ptr<const Packet> p);
    /// \param item a queue disc item the host's traffic control dropped
    void QueueDiscDropped(Ptr<const QueueDiscItem> item);
    /**
     * \brief IPv4 dropped a packet (trace "Drop").
     * \param header its IPv4 header
     * \param p the packet
     * \param reason why
     * \param ipv4 the stack
     * \param interface the interface
     */
    void Ipv4Drop(const Ipv4Header& header,
                  Ptr<const Packet> p,
                  Ipv4L3Protocol::DropReason reason,
                  Ptr<Ipv4> ipv4,
                  uint32_t interface);
    /**
     * \brief IPv4 handed a packet to an interface (trace "Tx"): release it if the interface's
     * device reports no transmission end.
     * \param p the packet
     * \param ipv4 the stack
     * \param interface the interface
     */
    void Ipv4Tx(Ptr<const Packet> p, Ptr<Ipv4> ipv4, uint32_t interface);

    Node* m_node{nullptr};                                   //!< the host (not owned)
    uint32_t m_nodeId{0};                                    //!< its id
    uint32_t m_nextId{1};                                    //!< next socket id
    std::unordered_map<uint32_t, ReleaseCallback> m_sockets; //!< registered sockets
    uint32_t m_hookedDevices{0};                             //!< devices 0..n-1 are hooked
    bool m_hookedIpv4{false};                                //!< IPv4's traces are hooked
    std::set<uint32_t> m_noTxEnd; //!< interfaces whose device has no "PhyTxEnd" trace
    std::set<const NetDevice*> m_noTxEndDevices; //!< those devices
    uint64_t m_released{0};                      //!< segments released
    uint64_t m_dropped{0};                       //!< segments dropped in the host
};

} // namespace ns3

#endif /* TCP_SMALL_QUEUES_H */
