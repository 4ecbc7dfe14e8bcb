/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "mptcp-test-harness.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/file-transfer-helper.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/packet-sink.h"
#include "ns3/tcp-socket-factory.h"

/**
 * \file
 * \ingroup mptcp-test
 * Tests of ns3::FileTransferHelper, the experiment of paper §6, Fig. 17 (TestSuite
 * "mptcp-file-transfer").
 */

using namespace ns3;

namespace
{

/// Result of one Run(): the transfers, the bytes the receiver got, data packets per NIC.
struct Outcome
{
    std::vector<TransferRecord> transfers; //!< the records
    uint64_t received{0};                  //!< total bytes at the sink
    uint32_t nicData[2] = {0, 0};          //!< data packets sent by A's NIC 1 and NIC 2
    uint32_t ipData{0};                    //!< data packets A's IP handed to its NICs
    uint32_t senderDrops{0};               //!< GetDrops() of A's two devices
    uint32_t sackAcks{0};                  //!< B's segments with a SACK option
    uint32_t sackAcksWithoutMpTcp{0};      //!< of those, segments without an MPTCP option
};

/**
 * Runs the transfers of \p packets over TCP or MPTCP (fullmesh, 2 subflows), 1 Gb/s, 20 us.
 * \param mptcp true for MPTCP
 * \param packets file sizes, packets
 * \return what happened
 */
Outcome
Transfer(bool mptcp, const std::vector<uint32_t>& packets)
{
    ConfigureTransport(1, Lia(), 4 << 20);
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(10));
    Config::SetDefault("ns3::MpTcpSocketBase::PathManager", StringValue("ns3::MpTcpFullmeshPathManager"));
    Config::SetDefault("ns3::MpTcpSocketBase::MaxSubflows", UintegerValue(2));
    Outcome out;
    {
        FileTransferHelper pair(DataRate("1Gbps"), MicroSeconds(20), 100);
        for (uint32_t nic = 0; nic < 2; ++nic)
        {
            uint32_t* count = &out.nicData[nic];
            pair.GetLink(nic).Get(0)->TraceConnectWithoutContext(
                "PhyTxBegin",
                Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([count](Ptr<const Packet> p) {
                    *count += p->GetSize() > 1000 ? 1 : 0;
                })));
        }
        pair.GetHosts().Get(0)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "Tx",
            Callback<void, Ptr<const Packet>, Ptr<Ipv4>, uint32_t>(
                MPTCP_CALLBACK([&out](Ptr<const Packet> p, Ptr<Ipv4>, uint32_t) {
                    out.ipData += p->GetSize() > 1000 ? 1 : 0;
                })));
        for (uint32_t link = 2; link < 4; ++link) // B's NICs: its ACKs
        {
            pair.GetLink(link).Get(0)->TraceConnectWithoutContext(
                "PhyTxBegin",
                Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([&out](Ptr<const Packet> p) {
                    Ptr<Packet> copy = p->Copy();
                    PppHeader ppp;
                    Ipv4Header ip;
                    TcpHeader tcp;
                    copy->RemoveHeader(ppp);
                    copy->RemoveHeader(ip);
                    copy->RemoveHeader(tcp);
                    if (tcp.HasOption(TcpOption::SACK))
                    {
                        ++out.sackAcks;
                        out.sackAcksWithoutMpTcp += tcp.HasOption(MPTCP_OPTION_KIND) ? 0 : 1;
                    }
                })));
        }
        Ptr<Node> receiver = pair.GetHosts().Get(1);
        out.transfers = pair.Run(mptcp ? MpTcpSocketFactory::GetTypeId()
                                       : TcpSocketFactory::GetTypeId(),
                                 packets,
                                 1400);
        out.received = DynamicCast<PacketSink>(receiver->GetApplication(0))->GetTotalRx();
        out.senderDrops = pair.GetDrops(0, true) + pair.GetDrops(1, true);
    }
    Simulator::Destroy();
    ConfigureTransport(1, Lia(), 131072); // the harness defaults again (Ndiffports)
    return out;
}

/// TCP: exact bytes per transfer; a transfer takes at least N serialisations and 1.5 RTTs.
class TcpTransferTest : public TestCase
{
  public:
    TcpTransferTest()
        : TestCase("TCP transfers: exact bytes, time >= N x serialisation + 1.5 RTT, one NIC")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<uint32_t> packets = {1, 2, 10, 100, 1000};
        Outcome o = Transfer(false, packets);
        NS_TEST_ASSERT_MSG_EQ(o.transfers.size(), packets.size(), "every transfer completed");
        uint64_t total = 0;
        for (size_t i = 0; i < o.transfers.size(); ++i)
        {
            const auto& t = o.transfers[i];
            NS_TEST_ASSERT_MSG_EQ(t.packets, packets[i], "in order");
            NS_TEST_ASSERT_MSG_EQ(t.bytes, uint64_t{packets[i]} * 1400, "exact bytes");
            total += t.bytes;
            // Wire size of a data packet: payload + TCP 20 + options 12 + IPv4 20 + PPP 2.
            const double serialisation = (1400 + 54) * 8 / 1e9;
            // SYN, SYN-ACK, then the data: 3 one-way trips of 2 links of 20 us each.
            const double minimum = packets[i] * serialisation + 3 * 2 * 20e-6;
            std::cout << GetName() << ": " << t.packets << " packets in " << t.transferTimeS * 1e3
                      << " ms (bound " << minimum * 1e3 << " ms)" << std::endl;
            NS_TEST_ASSERT_MSG_GT_OR_EQ(t.transferTimeS, minimum, "faster than the wire");
        }
        NS_TEST_ASSERT_MSG_EQ(o.received, total, "the receiver got exactly the files' bytes");
        NS_TEST_ASSERT_MSG_GT(o.nicData[0], 1112, "data left by NIC 1 (1113 packets)");
        NS_TEST_ASSERT_MSG_EQ(o.nicData[1], 0, "TCP never uses NIC 2");
        // Slow start overruns the 100-packet queue of A's NIC; with flow control disabled the
        // DropTail queue drops and counts every packet it has no room for, so every data packet
        // of A's IP is on the wire or counted.
        std::cout << GetName() << ": A's IP sent " << o.ipData << " data packets, "
                  << o.nicData[0] << " on the wire, " << o.senderDrops << " dropped" << std::endl;
        NS_TEST_ASSERT_MSG_GT(o.senderDrops, 0, "the 1000-packet slow start overruns the queue");
        NS_TEST_ASSERT_MSG_EQ(o.ipData,
                              o.nicData[0] + o.senderDrops,
                              "every data packet is transmitted or counted as dropped");
        NS_TEST_ASSERT_MSG_GT(o.sackAcks, 0, "B's TCP reports the holes with SACK");
    }
};

/// MPTCP: exact bytes, both NICs carry data, a 200-packet file is faster than with TCP (paper:
/// from about 150 packets on), and 500- and 1000-packet files take at most 0.6x TCP's time: two
/// NICs halve the serialisations (0.5x) and the join adds a few round trips of 80 us. Before
/// the subflows used SACK, the losses of the slow start into A's 100-packet NIC queues (about
/// 110 per subflow, one segment in two) were recovered one per round trip: 0.98x and 1.37x.
class MptcpTransferTest : public TestCase
{
  public:
    MptcpTransferTest()
        : TestCase("MPTCP transfers: exact bytes over both NICs; 200 packets faster than TCP, "
                   "500 and 1000 at most 0.6x TCP; SACK blocks beside the DSS")
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<uint32_t> packets = {1, 200, 500, 1000};
        Outcome mp = Transfer(true, packets);
        Outcome tcp = Transfer(false, packets);
        NS_TEST_ASSERT_MSG_EQ(mp.transfers.size(), 4, "every MPTCP transfer completed");
        NS_TEST_ASSERT_MSG_EQ(tcp.transfers.size(), 4, "every TCP transfer completed");
        NS_TEST_ASSERT_MSG_EQ(mp.transfers[0].bytes, 1400, "exact bytes (1 packet)");
        NS_TEST_ASSERT_MSG_EQ(mp.transfers[1].bytes, 280000, "exact bytes (200 packets)");
        NS_TEST_ASSERT_MSG_EQ(mp.transfers[2].bytes, 700000, "exact bytes (500 packets)");
        NS_TEST_ASSERT_MSG_EQ(mp.transfers[3].bytes, 1400000, "exact bytes (1000 packets)");
        NS_TEST_ASSERT_MSG_EQ(mp.received, 2381400, "the receiver got exactly the files' bytes");
        std::cout << GetName() << ": 200 packets MPTCP " << mp.transfers[1].transferTimeS * 1e3
                  << " ms, TCP " << tcp.transfers[1].transferTimeS * 1e3 << " ms; NIC 2 sent "
                  << mp.nicData[1] << " data packets" << std::endl;
        NS_TEST_ASSERT_MSG_GT(mp.nicData[1], 50, "the second subflow carries data on NIC 2");
        NS_TEST_ASSERT_MSG_LT(mp.transfers[1].transferTimeS,
                              tcp.transfers[1].transferTimeS,
                              "MPTCP over two NICs beats TCP over one for 200 packets");
        for (size_t i = 2; i < 4; ++i)
        {
            std::cout << GetName() << ": " << packets[i] << " packets MPTCP "
                      << mp.transfers[i].transferTimeS * 1e3 << " ms, TCP "
                      << tcp.transfers[i].transferTimeS * 1e3 << " ms" << std::endl;
            NS_TEST_ASSERT_MSG_LT_OR_EQ(mp.transfers[i].transferTimeS,
                                        0.6 * tcp.transfers[i].transferTimeS,
                                        "two NICs: about half TCP's time");
        }
        // The subflows' losses are real (counted) and recovered with SACK: B's subflow ACKs
        // carry SACK blocks, each in the room its DSS (DATA_ACK) leaves.
        std::cout << GetName() << ": A's IP sent " << mp.ipData << " data packets, "
                  << mp.nicData[0] + mp.nicData[1] << " on the wire, " << mp.senderDrops
                  << " dropped; B sent " << mp.sackAcks << " segments with SACK" << std::endl;
        NS_TEST_ASSERT_MSG_GT(mp.senderDrops, 0, "the slow starts overrun A's NIC queues");
        NS_TEST_ASSERT_MSG_EQ(mp.ipData,
                              mp.nicData[0] + mp.nicData[1] + mp.senderDrops,
                              "every data packet is transmitted or counted as dropped");
        NS_TEST_ASSERT_MSG_GT(mp.sackAcks, 0, "B's subflows report the holes with SACK");
        NS_TEST_ASSERT_MSG_EQ(mp.sackAcksWithoutMpTcp, 0, "no SACK block displaces the DSS");
    }
};

/// The test suite "mptcp-file-transfer".
class FileTransferTestSuite : public TestSuite
{
  public:
    FileTransferTestSuite()
        : TestSuite("mptcp-file-transfer", MPTCP_TEST_UNIT)
    {
        AddTestCase(new TcpTransferTest, MPTCP_TEST_QUICK);
        AddTestCase(new MptcpTransferTest, MPTCP_TEST_QUICK);
    }
};

FileTransferTestSuite g_fileTransferTestSuite; //!< static instance

} // namespace
