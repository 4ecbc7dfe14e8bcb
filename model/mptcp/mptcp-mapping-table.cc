/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-mapping-table.h"

#include <algorithm>
#include <iterator>

namespace ns3
{

bool
MpTcpMappingTable::AddTx(const MpTcpMapping& m, bool mayMerge, uint32_t sentUpTo)
{
    if (!m_tx.empty() && mayMerge)
    {
        MpTcpMapping& last = m_tx.back();
        // The first mapping stays one segment: it travels in MP_CAPABLE (RFC 8684 §3.1). A
        // mapping already announced on the wire is fixed (§3.3.1): only extend an unsent one.
        if (last.ssn != 1 && last.ssn >= sentUpTo && last.ssn + last.length == m.ssn &&
            last.dsn + last.length == m.dsn && last.length + m.length <= 0xffff)
        {
            last.length += m.length;
            return true;
        }
    }
    m_tx.push_back(m);
    return false;
}

void
MpTcpMappingTable::UndoAddTx(uint32_t length, bool merged)
{
    if (merged)
    {
        m_tx.back().length -= length;
    }
    else
    {
        m_tx.pop_back();
    }
}

const MpTcpMapping*
MpTcpMappingTable::FindTx(uint32_t ssn) const
{
    auto it = std::upper_bound(m_tx.begin(), m_tx.end(), ssn, [](uint32_t s, const MpTcpMapping& m) {
        return s < m.ssn;
    });
    if (it == m_tx.begin())
    {
        return nullptr;
    }
    --it;
    return (ssn < it->ssn + it->length) ? &*it : nullptr;
}

void
MpTcpMappingTable::DiscardTxBelow(uint32_t una)
{
    while (!m_tx.empty() && m_tx.front().ssn + m_tx.front().length <= una)
    {
        m_tx.pop_front();
    }
}

bool
MpTcpMappingTable::IsTxEmpty() const
{
    return m_tx.empty();
}

void
MpTcpMappingTable::TakeUnacked(uint32_t una, std::vector<MpTcpMapping>& out)
{
    out.clear();
    for (const auto& m : m_tx)
    {
        uint32_t end = m.ssn + m.length;
        if (end <= una || end <= m_reinjectedUpTo)
        {
            continue;
        }
        out.push_back(m);
        m_reinjectedUpTo = std::max(m_reinjectedUpTo, end);
    }
}

void
MpTcpMappingTable::AddRx(const MpTcpMapping& m)
{
    m_rx[m.ssn] = m;
}

bool
MpTcpMappingTable::HasRx() const
{
    return !m_rx.empty();
}

uint32_t
MpTcpMappingTable::GetReadSsn() const
{
    return m_readSsn;
}

bool
MpTcpMappingTable::Map(uint32_t length, std::vector<MpTcpMapping>& out)
{
    out.clear();
    uint32_t pos = m_readSsn;
    uint32_t offset = 0;
    bool ok = true;
    while (offset < length)
    {
        if (m_infinite && pos >= m_infiniteSsn)
        {
            // The infinite mapping (RFC 8684 §3.7): every later byte follows linearly.
            out.push_back({offset, m_infiniteDsn + (pos - m_infiniteSsn), length - offset});
            break;
        }
        if ((m_awaitInfinite || m_infinite) && pos >= m_failSsn)
        {
            // From the failed mapping to the infinite mapping: dropped (the sender sends it
            // again after the infinite mapping).
            uint32_t n = length - offset;
            if (m_infinite)
            {
                n = std::min(n, m_infiniteSsn - pos);
            }
            pos += n;
            offset += n;
            continue;
        }
        auto it = m_rx.upper_bound(pos);
        if (it == m_rx.begin())
        {
            ok = false;
            break;
        }
        --it;
        const MpTcpMapping& m = it->second;
        if (pos >= m.ssn + m.length)
        {
            ok = false;
            break;
        }
        uint32_t n = std::min(length - offset, m.ssn + m.length - pos);
        if ((m_awaitInfinite || m_infinite) && pos + n > m_failSsn)
        {
            n = m_failSsn - pos;
        }
        out.push_back({offset, m.dsn + (pos - m.ssn), n});
        m_lastMappedDsnEnd = m.dsn + (pos - m.ssn) + n;
        m_lastMappedValid = true;
        pos += n;
        offset += n;
        if (pos >= m.ssn + m.length)
        {
            m_rx.erase(m_rx.begin(), std::next(it));
        }
    }
    m_readSsn += length;
    return ok;
}

bool
MpTcpMappingTable::GetLastMappedDsnEnd(uint64_t& dsnEnd) const
{
    dsnEnd = m_lastMappedDsnEnd;
    return m_lastMappedValid;
}

void
MpTcpMappingTable::MarkFailed(uint32_t ssn)
{
    if (!m_awaitInfinite && !m_infinite)
    {
        m_failSsn = ssn;
    }
}

void
MpTcpMappingTable::SetFailedSsn(uint32_t ssn)
{
    m_failSsn = ssn;
}

void
MpTcpMappingTable::AwaitInfinite()
{
    if (!m_infinite)
    {
        m_awaitInfinite = true;
    }
}

void
MpTcpMappingTable::StartRxInfinite(uint32_t ssn, uint64_t dsn)
{
    m_infinite = true;
    m_infiniteSsn = ssn;
    m_infiniteDsn = dsn;
    if (!m_awaitInfinite)
    {
        m_failSsn = ssn;
    }
    m_awaitInfinite = false;
    m_rx.clear();
}

bool
MpTcpMappingTable::IsRxInfinite() const
{
    return m_infinite;
}

bool
MpTcpMappingTable::IsRxInfiniteOrAwaited() const
{
    return m_awaitInfinite || m_infinite;
}

} // namespace ns3
