/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/fault-injection-error-model.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/tag.h"

#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FaultInjectionErrorModel");
NS_OBJECT_ENSURE_REGISTERED(FaultInjectionErrorModel);

namespace
{

/// A tag with no content: its presence is the mark.
class EmptyTag : public Tag
{
  public:
    uint32_t GetSerializedSize() const override
    {
        return 0;
    }

    void Serialize(TagBuffer) const override
    {
    }

    void Deserialize(TagBuffer) override
    {
    }
};

/// Marks a packet this model delivers late (a duplicate's copy, a reordered or corrupted
/// packet): the model lets it through when the device hands it over again.
class FaultInjectedTag : public EmptyTag
{
  public:
    /// \return the object TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::FaultInjectedTag")
                                .SetParent<Tag>()
                                .SetGroupName("Mptcp")
                                .AddConstructor<FaultInjectedTag>();
        return tid;
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    void Print(std::ostream& os) const override
    {
        os << "fault-injected";
    }
};

/// Marks a packet this model corrupted, for good: no model corrupts it again on a later hop
/// (two bit errors in one packet can cancel in the Internet checksum of IP and TCP, which then
/// delivers wrong bytes, as with real links; one bit per packet is always caught).
class FaultCorruptedTag : public EmptyTag
{
  public:
    /// \return the object TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::FaultCorruptedTag")
                                .SetParent<Tag>()
                                .SetGroupName("Mptcp")
                                .AddConstructor<FaultCorruptedTag>();
        return tid;
    }

    TypeId GetInstanceTypeId() const override
    {
        return GetTypeId();
    }

    void Print(std::ostream& os) const override
    {
        os << "fault-corrupted";
    }
};

} // namespace

TypeId
FaultInjectionErrorModel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FaultInjectionErrorModel")
            .SetParent<ErrorModel>()
            .SetGroupName("Mptcp")
            .AddConstructor<FaultInjectionErrorModel>()
            .AddAttribute("DropProbability",
                          "Probability that a received packet is lost, per packet.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&FaultInjectionErrorModel::m_dropProbability),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("DuplicateProbability",
                          "Probability that a received packet is delivered twice, per packet.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&FaultInjectionErrorModel::m_duplicateProbability),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("ReorderProbability",
                          "Probability that a received packet is held and delivered late "
                          "(after packets behind it), per packet.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&FaultInjectionErrorModel::m_reorderProbability),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("CorruptProbability",
                          "Probability that one bit of a received packet (past its PPP "
                          "header) is flipped, per packet.",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&FaultInjectionErrorModel::m_corruptProbability),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("DuplicateDelay",
                          "Delay of a duplicated packet's second copy, s.",
                          TimeValue(MicroSeconds(10)),
                          MakeTimeAccessor(&FaultInjectionErrorModel::m_duplicateDelay),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("MaxReorderDelay",
                          "Largest time a reordered packet is held, s (uniform in (0, this]).",
                          TimeValue(MilliSeconds(5)),
                          MakeTimeAccessor(&FaultInjectionErrorModel::m_maxReorderDelay),
                          MakeTimeChecker(Time(0)));
    return tid;
}

FaultInjectionErrorModel::FaultInjectionErrorModel()
    : m_fault(CreateObject<UniformRandomVariable>()),
      m_detail(CreateObject<UniformRandomVariable>())
{
}

Ptr<FaultInjectionErrorModel>
FaultInjectionErrorModel::Install(Ptr<PointToPointNetDevice> device)
{
    NS_ABORT_MSG_IF(!device, "FaultInjectionErrorModel::Install: not a point-to-point device");
    Ptr<FaultInjectionErrorModel> model = CreateObject<FaultInjectionErrorModel>();
    model->m_device = device;
    device->SetAttribute("ReceiveErrorModel", PointerValue(model));
    return model;
}

int64_t
FaultInjectionErrorModel::AssignStreams(int64_t stream)
{
    m_fault->SetStream(stream);
    m_detail->SetStream(stream + 1);
    return 2;
}

uint64_t
FaultInjectionErrorModel::GetDrops() const
{
    return m_drops;
}

uint64_t
FaultInjectionErrorModel::GetDuplicates() const
{
    return m_duplicates;
}

uint64_t
FaultInjectionErrorModel::GetReorders() const
{
    return m_reorders;
}

uint64_t
FaultInjectionErrorModel::GetCorruptions() const
{
    return m_corruptions;
}

bool
FaultInjectionErrorModel::DoCorrupt(Ptr<Packet> p)
{
    FaultInjectedTag tag;
    if (p->RemovePacketTag(tag))
    {
        return false; // delivered late by this model: through
    }
    if (!m_device)
    {
        return false;
    }
    double u = m_fault->GetValue();
    if (u < m_dropProbability)
    {
        ++m_drops;
        return true;
    }
    u -= m_dropProbability;
    if (u < m_duplicateProbability)
    {
        ++m_duplicates;
        Simulator::Schedule(m_duplicateDelay,
                            &FaultInjectionErrorModel::Deliver,
                            Ptr<FaultInjectionErrorModel>(this),
                            p->Copy());
        return false;
    }
    u -= m_duplicateProbability;
    if (u < m_reorderProbability)
    {
        ++m_reorders;
        Time hold = NanoSeconds(
            1 + int64_t(m_detail->GetValue() * double(m_maxReorderDelay.GetNanoSeconds())));
        Simulator::Schedule(hold,
                            &FaultInjectionErrorModel::Deliver,
                            Ptr<FaultInjectionErrorModel>(this),
                            p->Copy());
        return true; // this copy is lost; the held one arrives later
    }
    u -= m_reorderProbability;
    FaultCorruptedTag corrupted;
    if (u < m_corruptProbability && p->GetSize() > 2 && !p->PeekPacketTag(corrupted))
    {
        ++m_corruptions;
        std::vector<uint8_t> bytes(p->GetSize());
        p->CopyData(bytes.data(), bytes.size());
        // Past the PPP header (its protocol number must stay valid for the device).
        auto at = std::min<std::size_t>(
            bytes.size() - 1,
            2 + std::size_t(m_detail->GetValue() * double(bytes.size() - 2)));
        auto bit = std::min<uint32_t>(7, uint32_t(m_detail->GetValue() * 8));
        bytes[at] ^= uint8_t(1U << bit);
        NS_LOG_LOGIC("corrupting byte " << at << " bit " << bit << " of " << bytes.size());
        Ptr<Packet> bad = Create<Packet>(bytes.data(), bytes.size());
        bad->AddPacketTag(FaultCorruptedTag());
        Simulator::ScheduleNow(&FaultInjectionErrorModel::Deliver,
                               Ptr<FaultInjectionErrorModel>(this),
                               bad);
        return true;
    }
    return false;
}

void
FaultInjectionErrorModel::Deliver(Ptr<Packet> p)
{
    p->AddPacketTag(FaultInjectedTag());
    m_device->Receive(p);
}

void
FaultInjectionErrorModel::DoReset()
{
}

} // namespace ns3
