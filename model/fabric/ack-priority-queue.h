/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef ACK_PRIORITY_QUEUE_H
#define ACK_PRIORITY_QUEUE_H

#include "ns3/packet.h"
#include "ns3/queue.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief A drop-tail device queue that serves packets without payload (TCP pure ACKs, SYNs,
 * FINs: at most MaxHeaderBytes long) before data packets, FIFO within each class.
 *
 * Not how datacenter switches and hosts queue: an experiment's what-if, to measure how much of
 * a result comes from ACKs waiting behind data (mptcp-fattree --ackPriority; doc/reproduction.rst,
 * "Where MPTCP-8's missing points go"). It comes close to the paper's simulator, htsim, whose
 * ACKs "return instantly" (no reverse-path queueing: ../shared/notes/fidelity.md): here they
 * still pay the links' serialization and propagation delays and a packet being sent.
 *
 * Size in packets (MaxSize, as ns3::DropTailQueue; default 100p): a packet that arrives when the
 * queue is full is dropped, ACK or not.
 */
class AckPriorityQueue : public Queue<Packet>
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    AckPriorityQueue();
    ~AckPriorityQueue() override;

    bool Enqueue(Ptr<Packet> item) override;
    Ptr<Packet> Dequeue() override;
    Ptr<Packet> Remove() override;
    Ptr<const Packet> Peek() const override;

    /// \return packets served ahead of data so far
    uint64_t GetPrioritized() const;

  private:
    /**
     * \param p a packet as the device queues it (link-layer header included)
     * \return whether it carries no payload (at most MaxHeaderBytes)
     */
    bool IsControl(Ptr<const Packet> p) const;

    uint32_t m_maxHeaderBytes{82};  //!< attribute MaxHeaderBytes, bytes
    uint32_t m_controlAtHead{0};    //!< control packets at the head of the container
    uint64_t m_prioritized{0};      //!< control packets enqueued
};

} // namespace ns3

#endif /* ACK_PRIORITY_QUEUE_H */
