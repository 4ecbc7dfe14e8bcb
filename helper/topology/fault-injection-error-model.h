/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef FAULT_INJECTION_ERROR_MODEL_H
#define FAULT_INJECTION_ERROR_MODEL_H

#include "ns3/error-model.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>

namespace ns3
{

class PointToPointNetDevice;

/**
 * \ingroup mptcp
 * \brief A receive error model for a point-to-point device that drops, duplicates, reorders
 * and corrupts the packets it sees at random, for robustness and soak tests.
 *
 * Each packet the device receives meets at most one fault, drawn in this order with the
 * probabilities of the attributes (each per packet, in [0, 1]):
 * - *drop*: the packet is lost;
 * - *duplicate*: the packet is delivered, and a copy of it again DuplicateDelay later;
 * - *reorder*: the packet is held and delivered after a delay drawn uniformly from
 *   (0, MaxReorderDelay], so that packets behind it overtake it;
 * - *corrupt*: one bit of one byte of the packet, past the 2-byte PPP header, is flipped (a
 *   bit error the link's CRC missed); IP and TCP drop the packet if ns-3's checksums are on
 *   (GlobalValue ChecksumEnabled), otherwise the corrupted bytes reach the transport. A
 *   packet is corrupted once at most on its way (a tag it keeps when forwarded): two bit
 *   errors can cancel in the Internet checksum (see the mptcp-soak suite), which no TCP can catch.
 * Copies delivered later go through PointToPointNetDevice::Receive() again and are marked so
 * that this model lets them through. Install() sets the model as the device's
 * ReceiveErrorModel. The random variables' streams are assigned with AssignStreams(), for
 * runs reproducible from --RngRun.
 */
class FaultInjectionErrorModel : public ErrorModel
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    FaultInjectionErrorModel();

    /**
     * \brief Create a model with this TypeId's attribute defaults and make it the
     * ReceiveErrorModel of \p device.
     * \param device a point-to-point device
     * \return the model
     */
    static Ptr<FaultInjectionErrorModel> Install(Ptr<PointToPointNetDevice> device);

    /**
     * \brief Assign fixed random variable streams.
     * \param stream first stream index
     * \return the number of streams assigned (2)
     */
    int64_t AssignStreams(int64_t stream);

    /// \return packets dropped
    uint64_t GetDrops() const;
    /// \return packets delivered twice
    uint64_t GetDuplicates() const;
    /// \return packets held and delivered late
    uint64_t GetReorders() const;
    /// \return packets delivered with a bit flipped
    uint64_t GetCorruptions() const;

  private:
    bool DoCorrupt(Ptr<Packet> p) override;
    void DoReset() override;
    /// Deliver \p p to the device again, marked so that this model lets it through.
    void Deliver(Ptr<Packet> p);

    Ptr<PointToPointNetDevice> m_device; //!< the device whose receptions this model sees
    double m_dropProbability;            //!< per packet
    double m_duplicateProbability;       //!< per packet
    double m_reorderProbability;         //!< per packet
    double m_corruptProbability;         //!< per packet
    Time m_duplicateDelay;               //!< delay of a duplicate's copy
    Time m_maxReorderDelay;              //!< largest hold of a reordered packet
    Ptr<UniformRandomVariable> m_fault;  //!< which fault, if any
    Ptr<UniformRandomVariable> m_detail; //!< delays, byte and bit to flip
    uint64_t m_drops{0};                 //!< packets dropped
    uint64_t m_duplicates{0};            //!< packets delivered twice
    uint64_t m_reorders{0};              //!< packets delivered late
    uint64_t m_corruptions{0};           //!< packets corrupted
};

} // namespace ns3

#endif /* FAULT_INJECTION_ERROR_MODEL_H */
