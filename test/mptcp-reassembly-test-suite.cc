/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Unit tests of the data-level receive side (MpTcpReassemblyQueue, RFC 8684 §3.3): exact data
 * sequence numbers, out-of-order insertion, duplicates and overlaps, the DATA_ACK value
 * (computed by hand), the receive window check, reads, and of the subflow's data sequence
 * mappings (MpTcpMappingTable).
 */
#include "ns3/mptcp-mapping-table.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-reassembly-queue.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;

namespace
{

/// Byte i of the test stream (DSN i).
uint8_t
ByteAt(uint64_t dsn)
{
    return static_cast<uint8_t>((dsn * 7 + 3) & 0xff);
}

/**
 * \param dsn DSN of the first byte
 * \param n bytes
 * \return a chunk of the test stream
 */
Ptr<Packet>
Chunk(uint64_t dsn, uint32_t n)
{
    std::vector<uint8_t> b(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        b[i] = ByteAt(dsn + i);
    }
    return Create<Packet>(b.data(), n);
}

/**
 * \param p bytes read from the queue
 * \param dsn DSN of its first byte
 * \return true if they are the stream's bytes from \p dsn
 */
bool
IsStream(Ptr<Packet> p, uint64_t dsn)
{
    std::vector<uint8_t> b(p->GetSize());
    p->CopyData(b.data(), b.size());
    for (uint32_t i = 0; i < b.size(); ++i)
    {
        if (b[i] != ByteAt(dsn + i))
        {
            return false;
        }
    }
    return true;
}

/**
 * In-order, out-of-order, duplicate and overlapping chunks, DSNs from IDSN + 1 = 1001: the
 * DATA_ACK (next expected DSN) after each insertion, worked out by hand in the comments.
 */
class ReassemblyOrderTest : public TestCase
{
  public:
    ReassemblyOrderTest()
        : TestCase("reassembly: out of order, duplicates, overlaps, DATA_ACK by hand")
    {
    }

  private:
    void DoRun() override
    {
        MpTcpReassemblyQueue q;
        q.SetNext(1001); // the peer's IDSN is 1000
        NS_TEST_ASSERT_MSG_EQ(q.GetNext(), 1001, "DATA_ACK = IDSN + 1");

        // [1001, 1101): in order. DATA_ACK 1101.
        NS_TEST_ASSERT_MSG_EQ(q.Insert(1001, Chunk(1001, 100)), true, "in order");
        NS_TEST_ASSERT_MSG_EQ(q.GetNext(), 1101, "1001 + 100");
        NS_TEST_ASSERT_MSG_EQ(q.GetAvailable(), 100, "100 ready");

        // [1201, 1301) and [1401, 1451): above the hole [1101, 1201). DATA_ACK stays 1101.
        NS_TEST_ASSERT_MSG_EQ(q.Insert(1201, Chunk(1201, 100)), false, "out of order");
        NS_TEST_ASSERT_MSG_EQ(q.Insert(1401, Chunk(1401, 50)), false, "out of order");
        NS_TEST_ASSERT_MSG_EQ(q.GetNext(), 1101, "hole at 1101");
        NS_TEST_ASSERT_MSG_EQ(q.GetOutOfOrderBytes(), 150, "100 + 50 above the hole");
        NS_TEST_ASSERT_MSG_EQ(q.IsOutOfOrderEmpty(), false, "queue not empty");

        // The same [1201, 1301) again (e.g. a reinjection on another subflow): not counted
        // twice; a shorter copy [1401, 1421) does not replace the longer one.
        q.Insert(1201, Chunk(1201, 100));
        q.Insert(1401, Chunk(1401, 20));
        NS_TEST_ASSERT_MSG_EQ(q.GetOutOfOrderBytes(), 150, "duplicates not stored");

        // Wholly old data [1001, 1051): dropped, nothing changes.
        NS_TEST_ASSERT_MSG_EQ(q.Insert(1001, Chunk(1001, 50)), false, "duplicate of delivered");
        NS_TEST_ASSERT_MSG_EQ(q.GetNext(), 1101, "unchanged");
        NS_TEST_ASSERT_MSG_EQ(q.GetDelivered(), 100, "unchanged");

        // [1051, 1251) overlaps delivered data (cut to [1101, 1251)) and fills the hole: it
        // makes [1201, 1301) contiguous, whose end 1301 is the new DATA_ACK; [1401, 1451)
        // still waits behind the hole [1301, 1401).
        NS_TEST_ASSERT_MSG_EQ(q.Insert(1051, Chunk(1051, 200)), true, "fills the hole");
        NS_TEST_ASSERT_MSG_EQ(q.GetNext(), 1301, "1101 + 150 (cut) then 1201..1301 joined");
        NS_TEST_ASSERT_MSG_EQ(q.GetDelivered(), 300, "1001..1301");
        NS_TEST_ASSERT_MSG_EQ(q.GetAvailable(), 300, "not read yet");
        NS_TEST_ASSERT_MSG_EQ(q.GetOutOfOrderBytes(), 50, "[1401, 1451) left");

        // [1301, 1401): DATA_ACK 1451.
        NS_TEST_ASSERT_MSG_EQ(q.Insert(1301, Chunk(1301, 100)), true, "second hole filled");
        NS_TEST_ASSERT_MSG_EQ(q.GetNext(), 1451, "end of [1401, 1451)");
        NS_TEST_ASSERT_MSG_EQ(q.GetOutOfOrderBytes(), 0, "nothing above a hole");
        NS_TEST_ASSERT_MSG_EQ(q.IsOutOfOrderEmpty(), true, "empty");
        NS_TEST_ASSERT_MSG_EQ(q.GetDelivered(), 450, "1001..1451");

        // Reads: 120, then 1000 (returns the 330 left), each the stream's bytes in order.
        Ptr<Packet> r1 = q.Read(120);
        NS_TEST_ASSERT_MSG_EQ(r1->GetSize(), 120, "first read");
        NS_TEST_ASSERT_MSG_EQ(IsStream(r1, 1001), true, "bytes 1001..1121");
        Ptr<Packet> r2 = q.Read(1000);
        NS_TEST_ASSERT_MSG_EQ(r2->GetSize(), 330, "the rest");
        NS_TEST_ASSERT_MSG_EQ(IsStream(r2, 1121), true, "bytes 1121..1451");
        NS_TEST_ASSERT_MSG_EQ(q.GetAvailable(), 0, "all read");
        NS_TEST_ASSERT_MSG_EQ((q.Read(10) == nullptr), true, "nothing to read");

        // The peer's DATA_FIN occupies one octet (RFC 8684 §3.3.3): DATA_ACK 1452.
        q.Advance(1);
        NS_TEST_ASSERT_MSG_EQ(q.GetNext(), 1452, "DATA_FIN acknowledged");
    }
};

/**
 * Data that arrives before the peer's IDSN is known waits out of order and is delivered by
 * SetNext; the window check (RFC 8684 §3.3.4) and the fallback path (AppendInSequence).
 */
class ReassemblyStartWindowTest : public TestCase
{
  public:
    ReassemblyStartWindowTest()
        : TestCase("reassembly: start of the sequence space, receive window, fallback bytes")
    {
    }

  private:
    void DoRun() override
    {
        MpTcpReassemblyQueue q;
        NS_TEST_ASSERT_MSG_EQ(q.Insert(5001, Chunk(5001, 40)), false, "IDSN not known yet");
        NS_TEST_ASSERT_MSG_EQ(q.GetDelivered(), 0, "nothing delivered");
        q.SetNext(5001);
        NS_TEST_ASSERT_MSG_EQ(q.GetNext(), 5041, "delivered when the space starts");
        NS_TEST_ASSERT_MSG_EQ(q.GetAvailable(), 40, "40 ready");

        // Window of 1000 bytes from the DATA_ACK 5041: a mapping may end at 6041 at most.
        NS_TEST_ASSERT_MSG_EQ(q.FitsWindow(5041, 1000, 1000), true, "ends at 6041");
        NS_TEST_ASSERT_MSG_EQ(q.FitsWindow(5042, 1000, 1000), false, "ends at 6042");
        NS_TEST_ASSERT_MSG_EQ(q.FitsWindow(100, 10, 1000), true, "old data: fits");

        // Fallback bytes: delivered as they come; only an infinite mapping advances the DSN.
        q.AppendInSequence(Chunk(0, 10), false);
        NS_TEST_ASSERT_MSG_EQ(q.GetNext(), 5041, "plain TCP bytes: DSN unchanged");
        q.AppendInSequence(Chunk(0, 10), true);
        NS_TEST_ASSERT_MSG_EQ(q.GetNext(), 5051, "infinite mapping: DSN + 10");
        NS_TEST_ASSERT_MSG_EQ(q.GetAvailable(), 60, "40 + 10 + 10");
        NS_TEST_ASSERT_MSG_EQ(q.GetDelivered(), 60, "40 + 10 + 10");

        q.Insert(6001, Chunk(6001, 10));
        q.Clear();
        NS_TEST_ASSERT_MSG_EQ(q.GetAvailable(), 0, "cleared");
        NS_TEST_ASSERT_MSG_EQ(q.GetOutOfOrderBytes(), 0, "cleared");
        NS_TEST_ASSERT_MSG_EQ(q.GetNext(), 5051, "DSN kept");
    }
};

/**
 * Send mappings: merging of contiguous unsent chunks (never the first mapping, never one on
 * the wire, at most 65535 bytes), lookup by SSN, discard on subflow ACK, reinjection once.
 */
class MappingTableTxTest : public TestCase
{
  public:
    MappingTableTxTest()
        : TestCase("mapping table: send mappings")
    {
    }

  private:
    void DoRun() override
    {
        MpTcpMappingTable t;
        // SSN 1 (the first mapping, in MP_CAPABLE): never extended.
        NS_TEST_ASSERT_MSG_EQ(t.AddTx({1, 1001, 1400}, true, 1), false, "new");
        NS_TEST_ASSERT_MSG_EQ(t.AddTx({1401, 2401, 1400}, true, 1), false, "first one fixed");
        // [1401, 2801) <- [2801, 4201) contiguous in both spaces, unsent: merged.
        NS_TEST_ASSERT_MSG_EQ(t.AddTx({2801, 3801, 1400}, true, 1401), true, "merged");
        // Not contiguous at data level (DSN 5300 instead of 5201): new.
        NS_TEST_ASSERT_MSG_EQ(t.AddTx({4201, 5300, 100}, true, 1401), false, "DSN gap");
        // [4201, 4301) was sent (sentUpTo 4301): [4301, 4401) is a new mapping.
        NS_TEST_ASSERT_MSG_EQ(t.AddTx({4301, 5400, 100}, true, 4301), false, "on the wire");
        // Checksums (mayMerge false): new even if contiguous.
        NS_TEST_ASSERT_MSG_EQ(t.AddTx({4401, 5500, 100}, false, 4301), false, "checksums");
        const MpTcpMapping* m = t.FindTx(2000);
        NS_TEST_ASSERT_MSG_EQ((m != nullptr), true, "found");
        NS_TEST_ASSERT_MSG_EQ(m->ssn, 1401, "merged mapping's SSN");
        NS_TEST_ASSERT_MSG_EQ(m->dsn, 2401, "its DSN");
        NS_TEST_ASSERT_MSG_EQ(m->length, 2800, "1400 + 1400");
        NS_TEST_ASSERT_MSG_EQ(t.FindTx(4200)->dsn, 2401, "last byte of the merged one");
        NS_TEST_ASSERT_MSG_EQ(t.FindTx(4201)->dsn, 5300, "next one");
        NS_TEST_ASSERT_MSG_EQ((t.FindTx(0) == nullptr), true, "below the first");
        NS_TEST_ASSERT_MSG_EQ((t.FindTx(4501) == nullptr), true, "after the last");
        // The subflow refused [4401, 4501): undone.
        t.UndoAddTx(100, false);
        NS_TEST_ASSERT_MSG_EQ((t.FindTx(4401) == nullptr), true, "undone");
        // A merge undone: back to 2800 bytes.
        NS_TEST_ASSERT_MSG_EQ(t.AddTx({4401, 5500, 50}, true, 4301), true, "merged");
        t.UndoAddTx(50, true);
        NS_TEST_ASSERT_MSG_EQ(t.FindTx(4350)->length, 100, "merge undone");
        NS_TEST_ASSERT_MSG_EQ((t.FindTx(4401) == nullptr), true, "merge undone");

        // Subflow ACK at 2801: only [1, 1401) is wholly acknowledged.
        t.DiscardTxBelow(2801);
        NS_TEST_ASSERT_MSG_EQ((t.FindTx(1) == nullptr), true, "first dropped");
        NS_TEST_ASSERT_MSG_EQ((t.FindTx(1401) != nullptr), true, "partly acknowledged: kept");

        // Reinjection from una 2801: the three mappings left, then none (taken once).
        std::vector<MpTcpMapping> held;
        t.TakeUnacked(2801, held);
        NS_TEST_ASSERT_MSG_EQ(held.size(), 3, "three held");
        NS_TEST_ASSERT_MSG_EQ(held[0].dsn, 2401, "from the merged one");
        NS_TEST_ASSERT_MSG_EQ(held[2].dsn, 5400, "to the last");
        t.TakeUnacked(2801, held);
        NS_TEST_ASSERT_MSG_EQ(held.size(), 0, "each taken once");
        NS_TEST_ASSERT_MSG_EQ(t.AddTx({4401, 5600, 10}, false, 4401), false, "new data");
        t.TakeUnacked(2801, held);
        NS_TEST_ASSERT_MSG_EQ(held.size(), 1, "only the new one");
        t.DiscardTxBelow(5000);
        NS_TEST_ASSERT_MSG_EQ(t.IsTxEmpty(), true, "all acknowledged");
    }
};

/**
 * Receive mappings announced out of order, a chunk spanning two of them, bytes without a
 * mapping, and the infinite mapping after a checksum failure (RFC 8684 §3.7).
 */
class MappingTableRxTest : public TestCase
{
  public:
    MappingTableRxTest()
        : TestCase("mapping table: receive mappings, unmapped bytes, infinite mapping")
    {
    }

  private:
    void DoRun() override
    {
        MpTcpMappingTable t;
        NS_TEST_ASSERT_MSG_EQ(t.GetReadSsn(), 1, "reads start at relative SSN 1");
        uint64_t end = 0;
        NS_TEST_ASSERT_MSG_EQ(t.GetLastMappedDsnEnd(end), false, "nothing mapped yet");
        t.AddRx({1001, 9001, 500}); // announced first, arrives second
        t.AddRx({1, 8001, 1000});
        NS_TEST_ASSERT_MSG_EQ(t.HasRx(), true, "two waiting");
        // Read 1200 bytes from SSN 1: [1, 1001) -> DSN 8001, [1001, 1201) -> DSN 9001.
        std::vector<MpTcpMapping> pieces;
        NS_TEST_ASSERT_MSG_EQ(t.Map(1200, pieces), true, "all mapped");
        NS_TEST_ASSERT_MSG_EQ(pieces.size(), 2, "two pieces");
        NS_TEST_ASSERT_MSG_EQ(pieces[0].ssn, 0, "offset 0");
        NS_TEST_ASSERT_MSG_EQ(pieces[0].dsn, 8001, "DSN 8001");
        NS_TEST_ASSERT_MSG_EQ(pieces[0].length, 1000, "1000 bytes");
        NS_TEST_ASSERT_MSG_EQ(pieces[1].ssn, 1000, "offset 1000");
        NS_TEST_ASSERT_MSG_EQ(pieces[1].dsn, 9001, "DSN 9001");
        NS_TEST_ASSERT_MSG_EQ(pieces[1].length, 200, "200 bytes");
        NS_TEST_ASSERT_MSG_EQ(t.GetReadSsn(), 1201, "1 + 1200");
        NS_TEST_ASSERT_MSG_EQ(t.GetLastMappedDsnEnd(end), true, "mapped");
        NS_TEST_ASSERT_MSG_EQ(end, 9201, "9001 + 200");
        // The rest of the second mapping, then 50 bytes nobody mapped.
        NS_TEST_ASSERT_MSG_EQ(t.Map(350, pieces), false, "50 unmapped");
        NS_TEST_ASSERT_MSG_EQ(pieces.size(), 1, "one piece");
        NS_TEST_ASSERT_MSG_EQ(pieces[0].dsn, 9201, "DSN 9201");
        NS_TEST_ASSERT_MSG_EQ(pieces[0].length, 300, "300 bytes");
        NS_TEST_ASSERT_MSG_EQ(t.HasRx(), false, "both used up");
        NS_TEST_ASSERT_MSG_EQ(t.GetReadSsn(), 1551, "1201 + 350");

        // A mapping at 1551 fails its checksum: its bytes and all after are dropped until the
        // infinite mapping, which starts at SSN 1651 with DSN 9601.
        t.AddRx({1551, 9551, 100});
        t.MarkFailed(1551);
        t.AwaitInfinite();
        NS_TEST_ASSERT_MSG_EQ(t.IsRxInfiniteOrAwaited(), true, "awaiting");
        NS_TEST_ASSERT_MSG_EQ(t.Map(100, pieces), true, "dropped, not unmapped");
        NS_TEST_ASSERT_MSG_EQ(pieces.size(), 0, "nothing delivered");
        t.StartRxInfinite(1651, 9601);
        NS_TEST_ASSERT_MSG_EQ(t.IsRxInfinite(), true, "infinite");
        NS_TEST_ASSERT_MSG_EQ(t.Map(3000, pieces), true, "linear");
        NS_TEST_ASSERT_MSG_EQ(pieces.size(), 1, "one piece");
        NS_TEST_ASSERT_MSG_EQ(pieces[0].dsn, 9601, "DSN at SSN 1651");
        NS_TEST_ASSERT_MSG_EQ(pieces[0].length, 3000, "everything");
        NS_TEST_ASSERT_MSG_EQ(t.Map(10, pieces), true, "linear");
        NS_TEST_ASSERT_MSG_EQ(pieces[0].dsn, 12601, "9601 + 3000");
    }
};

/// The suite.
class MpTcpReassemblyTestSuite : public TestSuite
{
  public:
    MpTcpReassemblyTestSuite()
        : TestSuite("mptcp-reassembly", MPTCP_TEST_UNIT)
    {
        AddTestCase(new ReassemblyOrderTest(), MPTCP_TEST_QUICK);
        AddTestCase(new ReassemblyStartWindowTest(), MPTCP_TEST_QUICK);
        AddTestCase(new MappingTableTxTest(), MPTCP_TEST_QUICK);
        AddTestCase(new MappingTableRxTest(), MPTCP_TEST_QUICK);
    }
};

/// Registers the suite.
MpTcpReassemblyTestSuite g_mpTcpReassemblyTestSuite;

} // namespace
