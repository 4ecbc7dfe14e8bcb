/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * MpTcpSocketBase, part 2 of 4: the data-level send path: the application's Send(), the
 * scheduling interface the MpTcpScheduler drives (PushData maps data onto a subflow, DSS
 * RFC 8684 §3.3), backup subflows (§3.3.8), DATA_ACK processing, reinjection after a
 * subflow's timeout, and the DATA_FIN (§3.3.3).
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

NS_LOG_COMPONENT_DEFINE("MpTcpSocketBaseSend");

uint32_t
MpTcpSocketBase::GetTxAvailable() const
{
    uint64_t used = m_sndUnsentBytes + (m_dataNxt - m_dataUna);
    return used >= m_sndBufSize ? 0 : m_sndBufSize - used;
}

int
MpTcpSocketBase::Send(Ptr<Packet> p, uint32_t flags)
{
    if (m_state != ESTABLISHED && m_state != SYN_SENT && m_state != SYN_RCVD)
    {
        m_errno = ERROR_NOTCONN;
        return -1;
    }
    if (m_shutdownSend || m_closeRequested)
    {
        m_errno = ERROR_SHUTDOWN;
        return -1;
    }
    uint32_t size = p->GetSize();
    if (size > GetTxAvailable())
    {
        m_errno = ERROR_MSGSIZE;
        return -1;
    }
    if (size == 0)
    {
        return 0;
    }
    m_sndUnsent.push_back(p->Copy());
    m_sndUnsentBytes += size;
    if (m_state == ESTABLISHED && m_sendPendingEvent.IsExpired())
    {
        // Let the application fill the buffer first, as TcpSocketBase does.
        m_sendPendingEvent = Simulator::ScheduleNow(&MpTcpSocketBase::SendPending, this);
    }
    return size;
}

int
MpTcpSocketBase::SendTo(Ptr<Packet> p, uint32_t flags, const Address& toAddress)
{
    return Send(p, flags);
}

void
MpTcpSocketBase::SetSubflowBackup(Ptr<MpTcpSubflow> subflow, bool backup)
{
    if (std::find(m_subflows.begin(), m_subflows.end(), subflow) == m_subflows.end())
    {
        NS_LOG_WARN(this << " SetSubflowBackup: not a subflow of this connection");
        return;
    }
    subflow->SetLocalBackup(backup);
}

bool
MpTcpSocketBase::HasUsableRegularSubflow() const
{
    return std::any_of(m_subflows.begin(), m_subflows.end(), [this](const auto& sf) {
        return sf->IsEstablished() && !sf->IsBackup() &&
               sf->GetConsecutiveRtos() < m_backupRtoThreshold;
    });
}

bool
MpTcpSocketBase::MaySchedule(Ptr<MpTcpSubflow> sf) const
{
    if (!sf->IsEstablished() || !IsSubflowActive(sf))
    {
        return false;
    }
    if (sf->IsBackup())
    {
        return !HasUsableRegularSubflow();
    }
    // A regular subflow whose retransmission timer fired and that has not made progress since
    // is "potentially failed" (Linux MPTCP): no new data for it while another regular subflow
    // works, or the data would wait for its next timeout.
    return sf->GetConsecutiveRtos() < m_backupRtoThreshold || !HasUsableRegularSubflow();
}

void
MpTcpSocketBase::SubflowPriorityChanged(Ptr<MpTcpSubflow> subflow)
{
    NS_LOG_INFO(this << " subflow " << subflow->GetSubflowId()
                     << (subflow->IsBackup() ? " is a backup" : " is regular"));
    m_subflowPriorityTrace(subflow, subflow->IsBackup());
    if (m_state == ESTABLISHED && m_sendPendingEvent.IsExpired())
    {
        // From an event of its own: this may run while a subflow processes a segment.
        m_sendPendingEvent = Simulator::ScheduleNow(&MpTcpSocketBase::SendPending, this);
    }
}

bool
MpTcpSocketBase::GetDataFinToSend(uint64_t& dsn) const
{
    if (!m_dataFinSent || m_dataUna > m_dataFinDsn)
    {
        return false;
    }
    dsn = m_dataFinDsn;
    return true;
}

uint64_t
MpTcpSocketBase::GetBytesAcked() const
{
    if (m_dataFinSent && m_dataUna > m_dataFinDsn)
    {
        return m_dataFinDsn - (m_localIdsn + 1); // not the DATA_FIN's octet
    }
    return m_dataUna - (m_localIdsn + 1);
}

void
MpTcpSocketBase::GetSubflowWindows(std::vector<SubflowWindow>& out) const
{
    out.clear();
    for (const auto& sf : m_subflows)
    {
        if (sf->IsEstablished() && sf->HasRttSample() && IsSubflowActive(sf))
        {
            out.push_back({double(sf->GetCwnd()), sf->GetSrtt().GetSeconds()});
        }
    }
}

void
MpTcpSocketBase::OnSubflowSendSpace(Ptr<Socket> s, uint32_t available)
{
    if (m_state == ESTABLISHED && HasDataToSchedule())
    {
        m_scheduler->SubflowHasSpace(*this, DynamicCast<MpTcpSubflow>(s));
    }
    if (m_fallback && m_state == ESTABLISHED && !m_closeRequested && !m_shutdownSend &&
        GetTxAvailable() > 0)
    {
        // Plain TCP: the subflow's send buffer is the only one that drains (no DATA_ACK):
        // let the application write more.
        NotifySend(GetTxAvailable());
    }
    MaybeFinishClose();
}

bool
MpTcpSocketBase::PullData(Ptr<MpTcpSubflow> subflow)
{
    if (m_state != ESTABLISHED || !HasDataToSchedule())
    {
        return false;
    }
    return m_scheduler->SubflowPulls(*this, subflow);
}

bool
MpTcpSocketBase::PeerAckedData() const
{
    return m_peerAckedData;
}

void
MpTcpSocketBase::ReceivedDsn64()
{
    m_peerDsn64 = true;
}

bool
MpTcpSocketBase::UsesDataAck64() const
{
    return m_peerDsn64;
}

uint64_t
MpTcpSocketBase::GetReinjectedBytes() const
{
    return m_reinjectedBytes;
}

void
MpTcpSocketBase::SubflowTimedOut(Ptr<MpTcpSubflow> subflow)
{
    if (!m_fallback)
    {
        GetPathManager()->SubflowTimedOut(*this, subflow);
    }
    if (m_fallback || !m_reinjectOnTimeout || GetNEstablishedSubflows() < 2)
    {
        return;
    }
    ReinjectHeldData(subflow);
}

void
MpTcpSocketBase::TakeHeldUnackedDsns(Ptr<MpTcpSubflow> subflow, std::vector<uint64_t>& dsns)
{
    std::vector<MpTcpSubflow::Mapping> held;
    subflow->TakeUnackedForReinjection(held);
    for (const auto& m : held)
    {
        for (auto it = m_sentUnacked.lower_bound(m.dsn);
             it != m_sentUnacked.end() && it->first < m.dsn + m.length;
             ++it)
        {
            if (it->first >= m_dataUna)
            {
                dsns.push_back(it->first);
            }
        }
    }
}

void
MpTcpSocketBase::ReinjectHeldData(Ptr<MpTcpSubflow> subflow)
{
    // Every chunk of the held ranges that is still not DATA_ACKed goes to the queue.
    std::vector<uint64_t> dsns;
    TakeHeldUnackedDsns(subflow, dsns);
    for (uint64_t dsn : dsns)
    {
        m_reinjectQueue.emplace_back(dsn, subflow->GetSubflowId());
    }
    if (!m_reinjectQueue.empty())
    {
        SendPending();
    }
}

void
MpTcpSocketBase::ReceivedDataAck(uint64_t ack, bool is64)
{
    if (!is64)
    {
        const uint64_t span = uint64_t(1) << 32;
        uint64_t candidate = (m_dataUna & ~(span - 1)) | (ack & (span - 1));
        if (candidate < m_dataUna && m_dataUna - candidate > span / 2)
        {
            candidate += span;
        }
        ack = candidate;
    }
    if (ack < m_dataUna || ack > m_dataNxt)
    {
        return;
    }
    if (!m_peerAckedData)
    {
        // The peer knows our key: the connection is fully established and additional
        // subflows can join (as Linux does, RFC 8684 §3.1).
        m_peerAckedData = true;
        if (!m_joinsOpened && m_connectedNotified)
        {
            m_joinsOpened = true;
            if (!m_subflows.empty() && !m_fallback)
            {
                GetPathManager()->FullyEstablished(*this);
            }
        }
    }
    if (ack == m_dataUna)
    {
        return;
    }
    uint64_t old = m_dataUna;
    m_dataUna = ack;
    m_dataAckTrace(old, ack);
    while (!m_sentUnacked.empty() &&
           m_sentUnacked.begin()->first + m_sentUnacked.begin()->second.packet->GetSize() <= ack)
    {
        m_sentNodes.Erase(m_sentUnacked, m_sentUnacked.begin());
    }
    if (!m_closeRequested && GetTxAvailable() > 0)
    {
        NotifySend(GetTxAvailable());
    }
    MaybeFinishClose();
}

void
MpTcpSocketBase::SendPending()
{
    if (m_state != ESTABLISHED || !HasDataToSchedule())
    {
        MaybeFinishClose();
        return;
    }
    m_scheduler->SendPending(*this);
}

Ptr<MpTcpScheduler>
MpTcpSocketBase::GetScheduler() const
{
    return m_scheduler;
}

void
MpTcpSocketBase::SetScheduler(Ptr<MpTcpScheduler> scheduler)
{
    NS_ABORT_MSG_IF(!scheduler, "MpTcpSocketBase::SetScheduler: null scheduler");
    m_scheduler = scheduler;
}

void
MpTcpSocketBase::SetSchedulerType(TypeId tid)
{
    ObjectFactory f;
    f.SetTypeId(tid);
    Ptr<MpTcpScheduler> scheduler = DynamicCast<MpTcpScheduler>(f.Create());
    NS_ABORT_MSG_IF(!scheduler,
                    "MpTcpSocketBase::Scheduler: " << tid.GetName()
                                                   << " is not an ns3::MpTcpScheduler");
    m_scheduler = scheduler;
}

bool
MpTcpSocketBase::HasDataToSchedule() const
{
    return m_sndUnsentBytes > 0 || !m_reinjectQueue.empty();
}

bool
MpTcpSocketBase::IsSubflowRetired(Ptr<MpTcpSubflow> sf) const
{
    return sf->IsReset() || MpTcpSubflow::IsClosingState(sf->GetState()) || !IsSubflowActive(sf);
}

bool
MpTcpSocketBase::PushData(Ptr<MpTcpSubflow> sf, uint64_t limit, bool anyEstablished)
{
    if (!sf || !(anyEstablished ? sf->IsEstablished() : MaySchedule(sf)))
    {
        return false; // e.g. a backup subflow while a regular one can send
    }
    bool pushed = false;
    uint32_t mss = sf->GetSegmentSize();
    // Reinjections first: data stuck on a subflow that timed out.
    while (!m_reinjectQueue.empty())
    {
        auto [dsn, origin] = m_reinjectQueue.front();
        auto it = m_sentUnacked.find(dsn);
        if (it == m_sentUnacked.end() || dsn < m_dataUna)
        {
            m_reinjectQueue.pop_front(); // acknowledged meanwhile
            continue;
        }
        if (origin == sf->GetSubflowId())
        {
            break; // not back onto the subflow that timed out
        }
        uint32_t len = it->second.packet->GetSize();
        if (sf->GetSendableBytes() < len || !sf->SendMapped(it->second.packet->Copy(), dsn))
        {
            return pushed;
        }
        m_reinjectQueue.pop_front();
        m_reinjectedBytes += len;
        m_reinjectionTrace(dsn, len, sf);
        pushed = true;
    }
    uint64_t given = 0;
    while (m_sndUnsentBytes > 0 && given < limit)
    {
        uint64_t chunk = std::min<uint64_t>({mss, m_sndUnsentBytes, limit - given});
        if (!m_fallback)
        {
            // Connection-level flow control: the receive window is relative to DATA_ACK.
            uint64_t outstanding = m_dataNxt - m_dataUna;
            uint64_t window = std::max<uint32_t>(sf->GetPeerWindow(), mss);
            if (outstanding >= window)
            {
                // The receive window is full and this subflow has room: the oldest unacked
                // chunk is probably stuck on a slower subflow. Send it here as well, once,
                // and halve the window of the subflow that holds it (Linux MPTCP's
                // opportunistic retransmission and penalisation, mptcp_rcv_buf_optimization);
                // the receiver drops the copy.
                auto oldest = m_sentUnacked.begin();
                if (oldest != m_sentUnacked.end() && oldest->first != m_lastOpportunistic &&
                    oldest->second.subflowId != sf->GetSubflowId() &&
                    sf->GetSendableBytes() >= oldest->second.packet->GetSize() &&
                    sf->SendMapped(oldest->second.packet->Copy(), oldest->first))
                {
                    m_lastOpportunistic = oldest->first;
                    m_reinjectedBytes += oldest->second.packet->GetSize();
                    m_reinjectionTrace(oldest->first, oldest->second.packet->GetSize(), sf);
                    pushed = true;
                    if (m_penalizeSlowSubflow)
                    {
                        for (const auto& other : m_subflows)
                        {
                            if (other->GetSubflowId() == oldest->second.subflowId)
                            {
                                other->Penalize();
                            }
                        }
                    }
                }
                break;
            }
            chunk = std::min(chunk, window - outstanding);
        }
        if (sf->GetSendableBytes() < chunk)
        {
            break;
        }
        Ptr<Packet> p = TakeUnsent(chunk);
        if (!sf->SendMapped(p, m_dataNxt))
        {
            m_sndUnsent.push_front(p);
            m_sndUnsentBytes += chunk;
            break;
        }
        given += chunk;
        if (m_fallback)
        {
            m_dataNxt += chunk;
            m_dataUna = m_dataNxt; // TCP's own acknowledgments cover it
        }
        else
        {
            m_sentNodes.Emplace(m_sentUnacked, m_dataNxt, SentChunk{p, sf->GetSubflowId()});
            m_dataNxt += chunk;
        }
        pushed = true;
    }
    return pushed;
}

Ptr<Packet>
MpTcpSocketBase::TakeUnsent(uint32_t n)
{
    NS_ASSERT(n <= m_sndUnsentBytes);
    m_sndUnsentBytes -= n;
    Ptr<Packet> front = m_sndUnsent.front();
    if (front->GetSize() == n)
    {
        m_sndUnsent.pop_front();
        return front;
    }
    if (front->GetSize() > n)
    {
        Ptr<Packet> out = front->CreateFragment(0, n);
        front->RemoveAtStart(n);
        return out;
    }
    Ptr<Packet> out = Create<Packet>();
    while (out->GetSize() < n)
    {
        front = m_sndUnsent.front();
        uint32_t need = n - out->GetSize();
        if (front->GetSize() <= need)
        {
            out->AddAtEnd(front);
            m_sndUnsent.pop_front();
        }
        else
        {
            out->AddAtEnd(front->CreateFragment(0, need));
            front->RemoveAtStart(need);
        }
    }
    return out;
}

void
MpTcpSocketBase::MaybeFinishClose()
{
    if (!m_closeRequested || m_state == CLOSING || m_sndUnsentBytes > 0)
    {
        return;
    }
    if (!m_fallback && m_state == ESTABLISHED && m_remoteKeyKnown)
    {
        if (!m_dataFinSent)
        {
            // RFC 8684 §3.3.3: the DATA_FIN takes the octet after the last data byte.
            m_dataFinSent = true;
            m_dataFinDsn = m_dataNxt;
            m_dataNxt += 1;
            m_dataFinRetries = 0;
            m_dataFinRto = Seconds(0);
            SendDataFin(false);
            return;
        }
        if (m_dataUna != m_dataNxt)
        {
            return; // data or the DATA_FIN not yet DATA_ACKed
        }
        m_dataFinTimer.Cancel();
    }
    m_state = CLOSING;
    for (const auto& sf : m_subflows)
    {
        if (!MpTcpSubflow::IsClosingState(sf->GetState()) ||
            sf->GetState() == TcpSocket::CLOSE_WAIT)
        {
            Simulator::ScheduleNow(&MpTcpSubflow::CloseFromEvent, sf);
        }
    }
}

void
MpTcpSocketBase::SendDataFin(bool everywhere)
{
    Ptr<MpTcpSubflow> best;
    Time rto = Seconds(0);
    for (const auto& sf : m_subflows)
    {
        if (!sf->IsEstablished())
        {
            continue;
        }
        rto = std::max(rto, sf->GetRto());
        if (!everywhere && !MaySchedule(sf))
        {
            continue; // not on a backup subflow while a regular one can send
        }
        if (everywhere)
        {
            sf->SendAckNow();
        }
        else if (!best || (sf->HasRttSample() &&
                           (!best->HasRttSample() || sf->GetSrtt() < best->GetSrtt())))
        {
            best = sf;
        }
    }
    if (best)
    {
        best->SendAckNow();
    }
    if (m_dataFinRto.IsZero())
    {
        m_dataFinRto = std::max(rto, MilliSeconds(200));
    }
    m_dataFinTimer.Cancel();
    m_dataFinTimer = Simulator::Schedule(m_dataFinRto, &MpTcpSocketBase::DataFinTimeout, this);
}

void
MpTcpSocketBase::DataFinTimeout()
{
    uint64_t dsn;
    if (!GetDataFinToSend(dsn))
    {
        return;
    }
    if (++m_dataFinRetries > 8 || GetNEstablishedSubflows() == 0)
    {
        // Give up on the data level: close the subflows as TCP would after its retries.
        NS_LOG_WARN("DATA_FIN not acknowledged after " << m_dataFinRetries - 1
                                                       << " retransmissions; closing subflows");
        m_dataUna = m_dataNxt;
        MaybeFinishClose();
        return;
    }
    m_dataFinRto = std::min(m_dataFinRto * 2, Seconds(60));
    SendDataFin(true);
}

} // namespace ns3
