/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MMPTCP_SOCKET_H
#define MMPTCP_SOCKET_H

#include "ns3/mptcp-packet-scatter-socket.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief MMPTCP (Kheirkhah, MMPTCP thesis §3.5, §4.7): a connection that starts as Packet
 * Scatter and switches once to MPTCP.
 *
 * Phase 1 is PacketScatterSocket on the initial subflow. When the initial subflow has sent
 * SwitchThreshold bytes (FlowSize) or its congestion window reaches SwitchThreshold bytes
 * (CwndSize), the connection opens Phase2Subflows ndiffports subflows (MP_JOIN, distinct
 * source ports, the connection's coupled CongestionControl). The initial subflow keeps
 * scattering until the first of them is established; then it stops scattering, gets no new
 * data, finishes the recovery of what it holds and is left out of the coupled sums. A flow
 * shorter than the threshold keeps one subflow.
 *
 * Its TypeId's parent is MpTcpSocketBase (not PacketScatterSocket, its C++ base) so that it
 * registers the scatter attributes under its own name (ns3::MmpTcpSocket::DupAckThreshold).
 * ns-3 forbids an attribute name a parent TypeId has, so the number of phase-2 subflows is
 * Phase2Subflows; the inherited NumSubflows is ignored.
 */
class MmpTcpSocket : public PacketScatterSocket
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// What the switching threshold is compared with.
    enum SwitchingMode
    {
        FLOW_SIZE = 0, //!< bytes sent by the initial subflow (retransmissions included)
        CWND_SIZE = 1, //!< congestion window of the initial subflow, bytes
    };

    MmpTcpSocket();
    ~MmpTcpSocket() override;

    int Connect(const Address& address) override;

    /// \return true once the connection switched to MPTCP
    bool HasSwitched() const;
    /// \return when it switched (valid if HasSwitched())
    Time GetSwitchTime() const;
    /// \return bytes the initial subflow had sent when it switched
    uint64_t GetBytesSentAtSwitch() const;
    /// \return the initial subflow's congestion window when it switched, bytes
    uint32_t GetCwndAtSwitch() const;
    /// \return true once the initial subflow stopped scattering (a new subflow is up)
    bool IsScatterPhaseOver() const;
    /// \return when the first new subflow was established (valid if IsScatterPhaseOver())
    Time GetScatterEndTime() const;

    /**
     * TracedCallback signature for the switch to MPTCP.
     * \param [in] time when it switched
     * \param [in] bytesSent bytes the initial subflow had sent
     */
    typedef void (*SwitchedTracedCallback)(Time time, uint64_t bytesSent);

  protected:
    void SubflowCreated(Ptr<MpTcpSubflow> sf) override;
    bool IsSubflowActive(Ptr<const MpTcpSubflow> sf) const override;
    void OnSubflowEstablished(Ptr<MpTcpSubflow> sf) override;

  private:
    /// The initial subflow sent a segment or changed its window: look (outside its call).
    void ScheduleCheck();
    /// Switch to MPTCP if the threshold is reached (once).
    void CheckSwitch();
    /**
     * \brief Sink of the initial subflow's Tx trace.
     * \param p the segment's payload
     * \param h its header
     * \param s the subflow
     */
    void OnInitialTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase> s);
    /**
     * \brief Sink of the initial subflow's CongestionWindow trace.
     * \param oldCwnd old window, bytes
     * \param newCwnd new window, bytes
     */
    void OnInitialCwnd(uint32_t oldCwnd, uint32_t newCwnd);

    uint32_t m_switchThreshold{100000}; //!< attribute: bytes
    SwitchingMode m_switchingMode{FLOW_SIZE}; //!< attribute
    uint32_t m_phase2Subflows{8};       //!< attribute: subflows opened at the switch
    bool m_switched{false};             //!< the switch happened
    bool m_checkPending{false};         //!< a CheckSwitch() is scheduled
    bool m_scatterOver{false};          //!< the initial subflow stopped scattering
    Time m_switchTime;                  //!< when it switched
    Time m_scatterEndTime;              //!< when the first new subflow was established
    uint64_t m_bytesAtSwitch{0};        //!< initial subflow's bytes sent at the switch
    uint32_t m_cwndAtSwitch{0};         //!< initial subflow's cwnd at the switch, bytes
    TracedCallback<Time, uint64_t> m_switchedTrace; //!< the switch to MPTCP
};

} // namespace ns3

#endif /* MMPTCP_SOCKET_H */
