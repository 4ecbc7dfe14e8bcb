/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-reassembly-queue.h"

namespace ns3
{

void
MpTcpReassemblyQueue::SetNext(uint64_t dsn)
{
    m_next = dsn;
    DeliverInOrder();
}

uint64_t
MpTcpReassemblyQueue::GetNext() const
{
    return m_next;
}

bool
MpTcpReassemblyQueue::Insert(uint64_t dsn, Ptr<Packet> p)
{
    uint64_t end = dsn + p->GetSize();
    if (end <= m_next)
    {
        return false; // duplicate (e.g. the same data on two subflows)
    }
    if (dsn < m_next)
    {
        p->RemoveAtStart(m_next - dsn);
        dsn = m_next;
    }
    if (dsn > m_next)
    {
        auto it = m_ooo.find(dsn);
        if (it == m_ooo.end())
        {
            m_oooNodes.Emplace(m_ooo, dsn, p);
            m_oooBytes += p->GetSize();
        }
        else if (it->second->GetSize() < p->GetSize())
        {
            m_oooBytes += p->GetSize() - it->second->GetSize();
            it->second = p;
        }
        return false;
    }
    m_ready.push_back(p);
    m_readyBytes += p->GetSize();
    m_delivered += p->GetSize();
    m_next = end;
    DeliverInOrder();
    return true;
}

void
MpTcpReassemblyQueue::DeliverInOrder()
{
    while (!m_ooo.empty() && m_ooo.begin()->first <= m_next)
    {
        auto it = m_ooo.begin();
        Ptr<Packet> q = it->second;
        uint64_t qdsn = it->first;
        m_oooBytes -= q->GetSize();
        m_oooNodes.Erase(m_ooo, it);
        uint64_t qend = qdsn + q->GetSize();
        if (qend <= m_next)
        {
            continue;
        }
        if (qdsn < m_next)
        {
            q->RemoveAtStart(m_next - qdsn);
        }
        m_ready.push_back(q);
        m_readyBytes += q->GetSize();
        m_delivered += q->GetSize();
        m_next = qend;
    }
}

void
MpTcpReassemblyQueue::AppendInSequence(Ptr<Packet> p, bool advance)
{
    m_ready.push_back(p);
    m_readyBytes += p->GetSize();
    m_delivered += p->GetSize();
    if (advance)
    {
        m_next += p->GetSize();
    }
}

void
MpTcpReassemblyQueue::Advance(uint32_t n)
{
    m_next += n;
}

bool
MpTcpReassemblyQueue::FitsWindow(uint64_t dsn, uint32_t length, uint32_t window) const
{
    return dsn + length <= m_next + window;
}

Ptr<Packet>
MpTcpReassemblyQueue::Read(uint32_t maxSize)
{
    if (m_readyBytes == 0 || maxSize == 0)
    {
        return nullptr;
    }
    if (m_ready.front()->GetSize() >= maxSize || m_ready.size() == 1)
    {
        Ptr<Packet> front = m_ready.front();
        if (front->GetSize() <= maxSize)
        {
            m_ready.pop_front();
            m_readyBytes -= front->GetSize();
            return front;
        }
        Ptr<Packet> out = front->CreateFragment(0, maxSize);
        front->RemoveAtStart(maxSize);
        m_readyBytes -= maxSize;
        return out;
    }
    Ptr<Packet> out = Create<Packet>();
    while (!m_ready.empty() && out->GetSize() < maxSize)
    {
        Ptr<Packet> front = m_ready.front();
        uint32_t need = maxSize - out->GetSize();
        if (front->GetSize() <= need)
        {
            out->AddAtEnd(front);
            m_ready.pop_front();
        }
        else
        {
            out->AddAtEnd(front->CreateFragment(0, need));
            front->RemoveAtStart(need);
        }
    }
    m_readyBytes -= out->GetSize();
    return out;
}

uint32_t
MpTcpReassemblyQueue::GetAvailable() const
{
    return m_readyBytes;
}

uint32_t
MpTcpReassemblyQueue::GetOutOfOrderBytes() const
{
    return m_oooBytes;
}

bool
MpTcpReassemblyQueue::IsOutOfOrderEmpty() const
{
    return m_ooo.empty();
}

uint64_t
MpTcpReassemblyQueue::GetDelivered() const
{
    return m_delivered;
}

void
MpTcpReassemblyQueue::Clear()
{
    m_ooo.clear();
    m_oooBytes = 0;
    m_ready.clear();
    m_readyBytes = 0;
}

} // namespace ns3
