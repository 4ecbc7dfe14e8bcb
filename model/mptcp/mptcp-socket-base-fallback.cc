/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * MpTcpSocketBase, part 4 of 4: what goes wrong (RFC 8684 §3.5-3.7): protocol errors, DSS
 * checksums and MP_FAIL, fallback to TCP (infinite mapping, options stripped), MP_FASTCLOSE,
 * MP_TCPRST, subflow resets, abort and tear-down.
 */
#include "ns3/mptcp-socket-base.h"

#include "ns3/mptcp-coupled-congestion-ops.h"
#include "ns3/mptcp-crypto.h"
#include "ns3/mptcp-l4-protocol.h"
#include "ns3/mptcp-ns3-compat.h"

#include "ns3/boolean.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/rtt-estimator.h"
#include "ns3/simulator.h"
#include "ns3/tcp-recovery-ops.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MpTcpSocketBaseFallback");

void
MpTcpSocketBase::Abort()
{
    if (m_state == LISTEN)
    {
        Close();
        return;
    }
    if (m_state == CLOSED || m_aborted)
    {
        return;
    }
    NS_LOG_INFO(this << " abort" << (m_fallback ? "" : " with MP_FASTCLOSE"));
    m_closeRequested = true;
    TearDown(true, !m_fallback && m_remoteKeyKnown);
}

void
MpTcpSocketBase::TearDown(bool sendRst, bool fastClose)
{
    Ptr<MpTcpSocketBase> self(this);
    m_aborted = true;
    m_peerCloseNotified = true; // no normal close after this
    m_state = CLOSED;
    m_dataFinTimer.Cancel();
    m_sendPendingEvent.Cancel();
    auto subflows = m_subflows; // Reset() calls back into us
    for (const auto& sf : subflows)
    {
        sf->Reset(MpTcpRstReason::UNSPECIFIED, fastClose, sendRst);
    }
    ReleaseToken();
    m_sndUnsent.clear();
    m_sndUnsentBytes = 0;
    m_sentUnacked.clear();
    m_reinjectQueue.clear();
    m_rx.Clear();
}

uint64_t
MpTcpSocketBase::GetProtocolErrors() const
{
    return m_protocolErrors;
}

void
MpTcpSocketBase::FallBackToTcp()
{
    NS_LOG_INFO(this << " peer does not speak MPTCP: falling back to TCP");
    m_fallback = true;
    ReleaseToken();
}

void
MpTcpSocketBase::ProtocolError(Ptr<MpTcpSubflow> subflow, const std::string& what)
{
    ++m_protocolErrors;
    NS_LOG_WARN(this << " protocol error: " << what);
    m_protocolErrorTrace(subflow, what);
}

bool
MpTcpSocketBase::IsChecksumRequested() const
{
    return m_checksumRequested;
}

bool
MpTcpSocketBase::IsChecksumInUse() const
{
    return m_checksumInUse;
}

void
MpTcpSocketBase::NegotiateChecksum(bool peerRequested)
{
    m_checksumInUse = m_checksumRequested || peerRequested;
}

uint64_t
MpTcpSocketBase::GetChecksumFailures() const
{
    return m_checksumFailures;
}

void
MpTcpSocketBase::ChecksumFailed(Ptr<MpTcpSubflow> subflow, uint64_t dsn)
{
    ++m_checksumFailures;
    ProtocolError(subflow, "DSS checksum failure");
    if (m_fallback)
    {
        return;
    }
    subflow->SendMpFail(dsn);
    if (GetNEstablishedSubflows() > 1)
    {
        // §3.7: with other subflows, close this one; its data is reinjected elsewhere.
        ResetBrokenSubflow(subflow);
    }
    else
    {
        // §3.7: the only subflow: the sender answers with an infinite mapping; until it
        // arrives, what this subflow receives is dropped.
        subflow->AwaitInfiniteMapping();
    }
}

void
MpTcpSocketBase::ReceivedMpFail(Ptr<MpTcpSubflow> subflow, uint64_t dsn)
{
    if (m_fallback || GetNEstablishedSubflows() > 1)
    {
        return; // several subflows: the peer resets this one
    }
    if (dsn < m_dataUna || dsn > m_dataNxt)
    {
        ProtocolError(subflow, "MP_FAIL outside the data sent");
        return;
    }
    // Send everything from dsn again, as plain TCP after an infinite mapping (§3.7): the
    // receiver dropped the failed mapping and what followed it on this subflow.
    for (auto it = m_sentUnacked.rbegin(); it != m_sentUnacked.rend(); ++it)
    {
        if (it->first >= dsn)
        {
            m_sndUnsent.push_front(it->second.packet->Copy());
            m_sndUnsentBytes += it->second.packet->GetSize();
        }
    }
    m_dataNxt = dsn;
    subflow->StartInfiniteMapping(dsn);
    EnterFallback(subflow, "MP_FAIL received: infinite mapping");
    Simulator::ScheduleNow(&MpTcpSocketBase::SendPending, Ptr<MpTcpSocketBase>(this));
}

bool
MpTcpSocketBase::ReceivedUnmappedData(Ptr<MpTcpSubflow> subflow)
{
    if (m_fallback)
    {
        return true;
    }
    uint64_t lastDsnEnd = 0;
    if (!m_checksumInUse && GetNEstablishedSubflows() == 1 && m_rx.IsOutOfOrderEmpty() &&
        subflow->GetLastMappedDsnEnd(lastDsnEnd) && lastDsnEnd == m_rx.GetNext() &&
        !subflow->HasPendingRxMappings())
    {
        // The subflow carried the connection's bytes in order up to here: an implicit
        // infinite mapping continues them (RFC 8684 §3.7).
        EnterFallback(subflow, "data without DSS: implicit infinite mapping");
        return true;
    }
    ProtocolError(subflow, "data without a data sequence mapping");
    if (GetNEstablishedSubflows() > 1)
    {
        ResetBrokenSubflow(subflow);
    }
    return false;
}

void
MpTcpSocketBase::PeerStoppedMpTcp(Ptr<MpTcpSubflow> subflow)
{
    if (m_fallback)
    {
        return;
    }
    if (GetNEstablishedSubflows() == 1)
    {
        EnterFallback(subflow, "ACK without MPTCP options");
    }
    else
    {
        ProtocolError(subflow, "ACK without MPTCP options");
        ResetBrokenSubflow(subflow);
    }
}

void
MpTcpSocketBase::EnterFallback(Ptr<MpTcpSubflow> sf, const std::string& why)
{
    NS_LOG_INFO(this << " falling back to TCP: " << why);
    m_fallback = true;
    if (!sf->UsesInfiniteMapping())
    {
        sf->SetRole(MpTcpSubflow::ROLE_PLAIN);
    }
    // What the subflow carries is now the connection's byte stream, delivered by TCP.
    m_sentUnacked.clear();
    m_reinjectQueue.clear();
    m_dataUna = m_dataNxt;
    m_dataFinTimer.Cancel();
    ReleaseToken();
    m_fallbackTrace(sf, why);
    if (!m_closeRequested && !m_shutdownSend && GetTxAvailable() > 0)
    {
        NotifySend(GetTxAvailable());
    }
}

void
MpTcpSocketBase::ReceivedInfiniteMapping(Ptr<MpTcpSubflow> subflow)
{
    if (!m_fallback)
    {
        EnterFallback(subflow, "infinite mapping received");
    }
}

void
MpTcpSocketBase::ResetBrokenSubflow(Ptr<MpTcpSubflow> sf)
{
    // Not from inside the subflow's own receive processing.
    Simulator::ScheduleNow(&MpTcpSubflow::Reset,
                           sf,
                           MpTcpRstReason::MIDDLEBOX_INTERFERENCE,
                           false,
                           true);
}

bool
MpTcpSocketBase::ReceivedFastClose(Ptr<MpTcpSubflow> subflow, uint64_t key, bool inRst)
{
    if (key != m_localKey)
    {
        ProtocolError(subflow, "MP_FASTCLOSE with a wrong key");
        return false;
    }
    if (m_aborted)
    {
        return true;
    }
    NS_LOG_INFO(this << " MP_FASTCLOSE received" << (inRst ? " in a RST" : " on an ACK"));
    ++m_fastClosesReceived;
    // Option R: the peer reset every subflow already. Option A: answer with RSTs.
    TearDown(!inRst, false);
    Simulator::ScheduleNow(&MpTcpSocketBase::NotifyErrorClose, Ptr<MpTcpSocketBase>(this));
    return true;
}

void
MpTcpSocketBase::ReceivedTcpRst(Ptr<MpTcpSubflow> subflow, MpTcpRstReason reason)
{
    NS_LOG_INFO(this << " MP_TCPRST reason " << int(reason) << " on subflow "
                     << subflow->GetSubflowId());
    ++m_tcpRstReceived[static_cast<uint8_t>(reason)];
    m_tcpRstTrace(subflow, static_cast<uint8_t>(reason));
}

void
MpTcpSocketBase::SubflowReset(Ptr<MpTcpSubflow> subflow)
{
    uint32_t id = subflow->GetSubflowId();
    if (m_aborted || m_state == LISTEN ||
        std::find(m_resetSubflowIds.begin(), m_resetSubflowIds.end(), id) !=
            m_resetSubflowIds.end())
    {
        return;
    }
    m_resetSubflowIds.push_back(id);
    ++m_subflowResets;
    subflow->Reset(MpTcpRstReason::UNSPECIFIED, false, false); // CLOSED, endpoint released
    m_subflowClosedTrace(subflow);
    bool anyLeft = std::any_of(m_subflows.begin(), m_subflows.end(), [](const auto& x) {
        return x->GetState() != TcpSocket::CLOSED;
    });
    if (!anyLeft)
    {
        NS_LOG_INFO(this << " last subflow reset: connection failed");
        m_state = CLOSED;
        m_dataFinTimer.Cancel();
        ReleaseToken();
        if (!m_peerCloseNotified)
        {
            m_peerCloseNotified = true;
            NotifyErrorClose();
        }
        return;
    }
    if (m_fallback)
    {
        return;
    }
    // Reinject what it carried and the peer has not DATA_ACKed, whether or not the subflow
    // acknowledged it (RFC 8684 §3.3.6: only DATA_ACKed data is safe).
    std::vector<uint64_t> dsns;
    for (const auto& [dsn, chunk] : m_sentUnacked)
    {
        if (chunk.subflowId == id && dsn >= m_dataUna)
        {
            dsns.push_back(dsn);
        }
    }
    TakeHeldUnackedDsns(subflow, dsns);
    std::sort(dsns.begin(), dsns.end());
    dsns.erase(std::unique(dsns.begin(), dsns.end()), dsns.end());
    for (uint64_t dsn : dsns)
    {
        m_reinjectQueue.emplace_back(dsn, id);
    }
    NS_LOG_INFO(this << " subflow " << id << " reset: " << dsns.size() << " chunks reinjected");
    SendPending();
}

bool
MpTcpSocketBase::AcceptMapping(Ptr<MpTcpSubflow> subflow, uint64_t dsn, uint32_t length)
{
    if (!m_remoteKeyKnown || m_rx.FitsWindow(dsn, length, m_rcvBufSize))
    {
        return true; // (old data is dropped as a duplicate later, not counted)
    }
    ++m_outOfWindowMappings;
    ProtocolError(subflow, "DSS mapping outside the receive window");
    return false;
}

void
MpTcpSocketBase::CountJoinFailure()
{
    ++m_joinFailures;
}

void
MpTcpSocketBase::CountJoinAckRetransmission()
{
    ++m_joinAckRetransmissions;
}

uint64_t
MpTcpSocketBase::GetFastClosesReceived() const
{
    return m_fastClosesReceived;
}

uint64_t
MpTcpSocketBase::GetSubflowResets() const
{
    return m_subflowResets;
}

uint64_t
MpTcpSocketBase::GetTcpRstReceived(MpTcpRstReason reason) const
{
    auto it = m_tcpRstReceived.find(static_cast<uint8_t>(reason));
    return it == m_tcpRstReceived.end() ? 0 : it->second;
}

uint64_t
MpTcpSocketBase::GetOutOfWindowMappings() const
{
    return m_outOfWindowMappings;
}

uint64_t
MpTcpSocketBase::GetJoinFailures() const
{
    return m_joinFailures;
}

uint64_t
MpTcpSocketBase::GetJoinAckRetransmissions() const
{
    return m_joinAckRetransmissions;
}

} // namespace ns3
