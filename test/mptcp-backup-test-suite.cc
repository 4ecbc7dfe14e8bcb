/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Backup subflows (RFC 8684 §3.2 B flag, §3.3.8 MP_PRIO): a backup subflow carries data only
 * when no regular subflow can send, with both schedulers.
 */
#include "mptcp-test-harness.h"

#include "ns3/mptcp-lowest-rtt-scheduler.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-round-robin-scheduler.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// Name of a scheduler, for test names.
std::string
SchedulerName(TypeId s)
{
    return s == MpTcpRoundRobinScheduler::GetTypeId() ? "RoundRobin" : "LowestRtt";
}

/**
 * Sets the defaults of a BackupScenario; call before building it.
 * \param scheduler the scheduler of both ends
 * \param delAck DelAckCount of the subflows
 * \param subflows subflows per connection, the last one a backup
 */
void
ConfigureBackup(TypeId scheduler, uint32_t delAck, uint32_t subflows = 2)
{
    ConfigureTransport(subflows, Lia(), 1 << 20);
    Config::SetDefault("ns3::MpTcpSocketBase::Scheduler", TypeIdValue(scheduler));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(delAck));
    Config::SetDefault("ns3::MpTcpSocketBase::BackupSubflows", UintegerValue(1));
}

/**
 * An MPTCP connection from A to B on TwoPathTopology whose last subflow is opened as a backup
 * (BackupSubflows = 1); subflow i is pinned to path 1 + (i mod 2), so with two subflows the
 * regular one takes path 1 and the backup path 2. Every MP_PRIO reaching B is recorded.
 */
struct BackupScenario
{
    TwoPathTopology topo;                //!< the network
    Ptr<Socket> listener;                //!< B's listening socket
    PatternReceiver rx;                  //!< B's receiver
    Ptr<Socket> client;                  //!< A's connection
    uint32_t pinned{0};                  //!< subflows pinned
    std::vector<std::pair<uint16_t, bool>> prioOnWire; //!< MP_PRIO at B: (source port, B flag)
    std::vector<std::pair<uint32_t, bool>> priorityTrace; //!< A's SubflowPriority trace
    /// Per reinjected chunk: the subflow id carrying it, whether a regular one could send.
    std::vector<std::pair<uint32_t, bool>> reinjections;
    double firstReinjection{-1}; //!< time of the first reinjection, seconds

    /// \return A's connection
    Ptr<MpTcpSocketBase> Client() const
    {
        return DynamicCast<MpTcpSocketBase>(client);
    }

    /// \return B's connection (after it was accepted)
    Ptr<MpTcpSocketBase> Server() const
    {
        return DynamicCast<MpTcpSocketBase>(rx.m_conn);
    }

    /**
     * \param i index of one of A's subflows (both ends list the initial subflow first and the
     * joined one second)
     * \return B's end of the same subflow
     */
    Ptr<MpTcpSubflow> Peer(uint32_t i) const
    {
        return Server()->GetSubflows().at(i);
    }

    /// \return the local port of A's subflow \p sf
    static uint16_t Port(Ptr<MpTcpSubflow> sf)
    {
        Ipv4Address la;
        Ipv4Address ra;
        uint16_t lp;
        uint16_t rp;
        sf->GetFourTuple(la, lp, ra, rp);
        return lp;
    }

    /// Build it (after ConfigureBackup; the simulator must be fresh).
    BackupScenario()
        : topo(),
          listener(Listen(topo.n.Get(5), MpTcpSocketFactory::GetTypeId())),
          rx(listener),
          client(Socket::CreateSocket(topo.n.Get(0), MpTcpSocketFactory::GetTypeId()))
    {
        client->TraceConnectWithoutContext(
            "SubflowEstablished",
            Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([this](Ptr<MpTcpSubflow> sf) {
                topo.PinSubflow(sf, 1 + sf->GetSubflowId() % 2);
                ++pinned;
            })));
        Address to = InetSocketAddress(topo.b, 5000);
        Ptr<Socket> c = client;
        Simulator::Schedule(Seconds(0.1), MPTCP_EVENT([c, to]() {
            c->Bind();
            c->Connect(to);
        }));
        client->TraceConnectWithoutContext(
            "SubflowPriority",
            Callback<void, Ptr<MpTcpSubflow>, bool>(MPTCP_CALLBACK([this](Ptr<MpTcpSubflow> sf, bool b) {
                priorityTrace.emplace_back(sf->GetSubflowId(), b);
            })));
        client->TraceConnectWithoutContext(
            "Reinjection",
            Callback<void, uint64_t, uint32_t, Ptr<MpTcpSubflow>>(
                MPTCP_CALLBACK([this](uint64_t, uint32_t, Ptr<MpTcpSubflow> sf) {
                    reinjections.emplace_back(sf->GetSubflowId(),
                                              Client()->HasUsableRegularSubflow());
                    if (firstReinjection < 0)
                    {
                        firstReinjection = Simulator::Now().GetSeconds();
                    }
                })));
        // Every MPTCP option of every segment B receives, parsed as the subflows do.
        topo.n.Get(5)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "Rx",
            Callback<void, Ptr<const Packet>, Ptr<Ipv4>, uint32_t>(
                MPTCP_CALLBACK([this](Ptr<const Packet> packet, Ptr<Ipv4>, uint32_t) {
                    Ptr<Packet> p = packet->Copy();
                    Ipv4Header ip;
                    p->RemoveHeader(ip);
                    if (ip.GetProtocol() != 6)
                    {
                        return;
                    }
                    TcpHeader h;
                    p->PeekHeader(h);
                    std::vector<uint8_t> bytes;
                    for (const auto& opt : h.GetOptionList())
                    {
                        MpTcpOption o;
                        if (GetMpTcpOptionBytes(opt, bytes) &&
                            ParseMpTcpOption(bytes.data(), bytes.size(), o) ==
                                MpTcpParseError::NONE)
                        {
                            if (auto prio = std::get_if<MpPrioOption>(&o))
                            {
                                prioOnWire.emplace_back(h.GetSourcePort(), prio->backup);
                            }
                        }
                    }
                })));
    }
};

/**
 * One regular and one backup subflow, a 1 MB bulk transfer: every byte goes on the regular
 * subflow (without the backup flag both would carry data), B learns the B flag.
 */
class BackupIdleTest : public TestCase
{
  public:
    /// \param scheduler the scheduler
    BackupIdleTest(TypeId scheduler)
        : TestCase(SchedulerName(scheduler) + ": a backup subflow carries no data while the "
                                              "regular one works"),
          m_scheduler(scheduler)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureBackup(m_scheduler, 2);
        BackupScenario s;
        const uint64_t total = 1000000;
        PatternSender tx(s.client, total);
        Simulator::Stop(Seconds(4));
        Simulator::Run();
        const auto& sfs = s.Client()->GetSubflows();
        NS_TEST_ASSERT_MSG_EQ(s.pinned, 2, "both subflows pinned");
        NS_TEST_ASSERT_MSG_EQ(sfs.size(), 2, "two subflows");
        std::cout << GetName() << ": regular " << sfs[0]->GetBytesSent() << " B, backup "
                  << sfs[1]->GetBytesSent() << " B sent" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(s.rx.m_received, total, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(s.rx.m_mismatches, 0, "in order, once");
        NS_TEST_ASSERT_MSG_EQ(sfs[0]->IsBackup(), false, "the initial subflow is regular");
        NS_TEST_ASSERT_MSG_EQ(sfs[1]->IsLocalBackup(), true, "the last subflow asked for backup");
        NS_TEST_ASSERT_MSG_EQ(sfs[1]->GetBytesSent(), 0, "no data on the backup subflow");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(sfs[0]->GetBytesSent(), total, "all on the regular one");
        NS_TEST_ASSERT_MSG_EQ(s.Client()->GetReinjectedBytes(), 0, "nothing reinjected");
        // The B flag of the MP_JOIN SYN reached B: its end of the subflow is a backup too.
        NS_TEST_ASSERT_MSG_EQ(s.Server()->GetSubflows().size(), 2, "B has both subflows");
        Ptr<MpTcpSubflow> peer = s.Peer(1);
        NS_TEST_ASSERT_MSG_EQ(peer->IsRemoteBackup(), true, "B saw the B flag");
        NS_TEST_ASSERT_MSG_EQ(peer->IsLocalBackup(), false, "B did not ask for backup itself");
        NS_TEST_ASSERT_MSG_EQ(s.Peer(0)->IsBackup(), false, "B: initial one is regular");
        NS_TEST_ASSERT_MSG_EQ(s.priorityTrace.size(), 1, "one priority change at A");
        NS_TEST_ASSERT_MSG_EQ(s.priorityTrace[0].first, 1, "subflow 1");
        NS_TEST_ASSERT_MSG_EQ(s.priorityTrace[0].second, true, "became a backup");
        NS_TEST_ASSERT_MSG_EQ(s.prioOnWire.size(), 0, "no MP_PRIO sent");
        Simulator::Destroy();
    }

    TypeId m_scheduler;
};

/**
 * The regular subflow's path fails for good at 1 s: after its retransmission timeout, the data
 * it held is reinjected on the backup subflow, which carries the rest of a 2 MB transfer.
 */
class BackupTakeOverTest : public TestCase
{
  public:
    /// \param scheduler the scheduler
    BackupTakeOverTest(TypeId scheduler)
        : TestCase(SchedulerName(scheduler) + ": the backup subflow takes over when the "
                                              "regular path fails"),
          m_scheduler(scheduler)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureBackup(m_scheduler, 2);
        BackupScenario s;
        const uint64_t total = 2000000;
        PatternSender tx(s.client, total);
        s.topo.FailPath(1, 1.0, 0); // the regular subflow's path, for good
        uint64_t backupBefore = 1;
        uint64_t regularBefore = 0;
        Ptr<MpTcpSocketBase> client = s.Client();
        Simulator::Schedule(Seconds(1.0), MPTCP_EVENT([&]() {
            backupBefore = client->GetSubflows().at(1)->GetBytesSent();
            regularBefore = client->GetSubflows().at(0)->GetBytesSent();
        }));
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        const auto& sfs = client->GetSubflows();
        double done = s.rx.m_progress.empty() ? 0 : s.rx.m_progress.back().first;
        std::cout << GetName() << ": by 1 s regular " << regularBefore << " B, backup "
                  << backupBefore << " B; at the end regular " << sfs[0]->GetBytesSent()
                  << " B, backup " << sfs[1]->GetBytesSent() << " B, reinjected "
                  << client->GetReinjectedBytes() << " B from " << s.firstReinjection
                  << " s, last byte at " << done << " s" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(s.pinned, 2, "both subflows pinned");
        NS_TEST_ASSERT_MSG_EQ(backupBefore, 0, "no data on the backup before the failure");
        NS_TEST_ASSERT_MSG_GT(regularBefore, 0, "the regular subflow carried data");
        NS_TEST_ASSERT_MSG_EQ(s.rx.m_received, total, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(s.rx.m_mismatches, 0, "in order, once");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(sfs[0]->GetConsecutiveRtos(), 1, "the regular one timed out");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(sfs[1]->GetBytesSent(),
                                    total - regularBefore,
                                    "the backup carried at least what was not sent by 1 s");
        NS_TEST_ASSERT_MSG_GT(client->GetReinjectedBytes(), 0, "held data was reinjected");
        for (const auto& [id, usable] : s.reinjections)
        {
            NS_TEST_ASSERT_MSG_EQ(id, 1, "reinjected on the backup subflow");
            NS_TEST_ASSERT_MSG_EQ(usable, false, "when no regular subflow could send");
        }
        Simulator::Destroy();
    }

    TypeId m_scheduler;
};

/**
 * An application-limited flow (1400 bytes every 10 ms from 1 s to 5 s); at 3 s A makes the
 * regular subflow a backup and the backup regular with SetSubflowBackup: each sends one
 * MP_PRIO, which B counts on the wire, and the data moves from one subflow to the other.
 */
class MpPrioSwitchTest : public TestCase
{
  public:
    /// \param scheduler the scheduler
    MpPrioSwitchTest(TypeId scheduler)
        : TestCase(SchedulerName(scheduler) + ": MP_PRIO at run time moves the data"),
          m_scheduler(scheduler)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureBackup(m_scheduler, 1);
        BackupScenario s;
        Ptr<MpTcpSocketBase> client = s.Client();
        uint64_t written = 0;
        for (uint32_t i = 0; i < 400; ++i)
        {
            Simulator::Schedule(Seconds(1) + MilliSeconds(10 * i), MPTCP_EVENT([client, &written]() {
                uint8_t buf[1400];
                for (uint32_t j = 0; j < sizeof(buf); ++j)
                {
                    buf[j] = PatternByte(written + j);
                }
                if (client->Send(Create<Packet>(buf, sizeof(buf)), 0) == int(sizeof(buf)))
                {
                    written += sizeof(buf);
                }
            }));
        }
        std::vector<uint64_t> before(2, 0);
        uint64_t writtenBefore = 0;
        std::vector<uint16_t> ports(2, 0);
        Simulator::Schedule(Seconds(3) - MilliSeconds(5), MPTCP_EVENT([&]() {
            for (uint32_t k = 0; k < 2; ++k)
            {
                before[k] = client->GetSubflows().at(k)->GetBytesSent();
            }
            writtenBefore = written;
            for (uint32_t k = 0; k < 2; ++k)
            {
                ports[k] = BackupScenario::Port(client->GetSubflows().at(k));
            }
            client->SetSubflowBackup(client->GetSubflows().at(0), true);
            client->SetSubflowBackup(client->GetSubflows().at(1), false);
        }));
        Simulator::Stop(Seconds(6));
        Simulator::Run();
        const auto& sfs = client->GetSubflows();
        std::vector<uint64_t> after = {sfs[0]->GetBytesSent() - before[0],
                                       sfs[1]->GetBytesSent() - before[1]};
        std::cout << GetName() << ": before the switch " << before[0] << " B / " << before[1]
                  << " B, after it " << after[0] << " B / " << after[1] << " B (subflow 0 / 1)"
                  << std::endl;
        NS_TEST_ASSERT_MSG_EQ(s.pinned, 2, "both subflows pinned");
        NS_TEST_ASSERT_MSG_EQ(written, 400 * 1400, "every write was accepted");
        NS_TEST_ASSERT_MSG_EQ(s.rx.m_received, written, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(s.rx.m_mismatches, 0, "in order, once");
        NS_TEST_ASSERT_MSG_EQ(before[0], writtenBefore, "before: all on subflow 0");
        NS_TEST_ASSERT_MSG_EQ(before[1], 0, "before: nothing on the backup");
        NS_TEST_ASSERT_MSG_EQ(after[0], 0, "after: nothing on the new backup");
        NS_TEST_ASSERT_MSG_EQ(after[1], written - writtenBefore, "after: all on subflow 1");
        NS_TEST_ASSERT_MSG_EQ(sfs[0]->GetMpPrioSent(), 1, "one MP_PRIO on subflow 0");
        NS_TEST_ASSERT_MSG_EQ(sfs[1]->GetMpPrioSent(), 1, "one MP_PRIO on subflow 1");
        // On the wire, at B: one MP_PRIO per subflow, each on the subflow it is about.
        NS_TEST_ASSERT_MSG_EQ(s.prioOnWire.size(), 2, "two MP_PRIO options reached B");
        std::map<uint16_t, bool> byPort(s.prioOnWire.begin(), s.prioOnWire.end());
        NS_TEST_ASSERT_MSG_EQ(byPort.size(), 2, "on two subflows");
        NS_TEST_ASSERT_MSG_EQ(byPort.at(ports[0]), true, "0: B=1");
        NS_TEST_ASSERT_MSG_EQ(byPort.at(ports[1]), false, "1: B=0");
        Ptr<MpTcpSubflow> peer0 = s.Peer(0);
        Ptr<MpTcpSubflow> peer1 = s.Peer(1);
        NS_TEST_ASSERT_MSG_EQ(peer0->GetMpPrioReceived(), 1, "B parsed subflow 0's MP_PRIO");
        NS_TEST_ASSERT_MSG_EQ(peer1->GetMpPrioReceived(), 1, "B parsed subflow 1's MP_PRIO");
        NS_TEST_ASSERT_MSG_EQ(peer0->IsRemoteBackup(), true, "B: subflow 0 is now a backup");
        NS_TEST_ASSERT_MSG_EQ(peer1->IsRemoteBackup(), false, "B: subflow 1 is now regular");
        NS_TEST_ASSERT_MSG_EQ(s.priorityTrace.size(), 3, "A: backup at open, then two changes");
        NS_TEST_ASSERT_MSG_EQ(sfs[0]->IsBackup(), true, "A: subflow 0 is a backup");
        NS_TEST_ASSERT_MSG_EQ(sfs[1]->IsBackup(), false, "A: subflow 1 is regular");
        Simulator::Destroy();
    }

    TypeId m_scheduler;
};

/**
 * Two regular subflows (0 on path 1, 1 on path 2) and a backup (2, on path 1); path 2 fails for
 * good at 1 s. One regular subflow still works, so the backup stays idle: the data held by
 * subflow 1 is reinjected on subflow 0, which carries the rest.
 */
class BackupStaysIdleTest : public TestCase
{
  public:
    /// \param scheduler the scheduler
    BackupStaysIdleTest(TypeId scheduler)
        : TestCase(SchedulerName(scheduler) + ": the backup stays idle while one of two regular "
                                              "subflows works"),
          m_scheduler(scheduler)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureBackup(m_scheduler, 2, 3);
        BackupScenario s;
        // Still sending at 1 s: with SACK on the subflows the two paths carry 2 MB by then.
        const uint64_t total = 4000000;
        PatternSender tx(s.client, total);
        s.topo.FailPath(2, 1.0, 0);
        uint64_t path2Before = 0;
        Ptr<MpTcpSocketBase> client = s.Client();
        Simulator::Schedule(Seconds(1.0), MPTCP_EVENT([&]() {
            path2Before = client->GetSubflows().at(1)->GetBytesSent();
        }));
        Simulator::Stop(Seconds(8));
        Simulator::Run();
        const auto& sfs = client->GetSubflows();
        NS_TEST_ASSERT_MSG_EQ(s.pinned, 3, "three subflows pinned");
        std::cout << GetName() << ": subflow 0 " << sfs[0]->GetBytesSent() << " B, 1 "
                  << sfs[1]->GetBytesSent() << " B (" << path2Before << " B by 1 s), backup "
                  << sfs[2]->GetBytesSent() << " B, reinjected " << client->GetReinjectedBytes()
                  << " B" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(sfs[2]->IsBackup(), true, "subflow 2 is the backup");
        NS_TEST_ASSERT_MSG_EQ(s.rx.m_received, total, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(s.rx.m_mismatches, 0, "in order, once");
        NS_TEST_ASSERT_MSG_GT(path2Before, 0, "subflow 1 carried data before the failure");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(sfs[1]->GetConsecutiveRtos(), 1, "subflow 1 timed out");
        NS_TEST_ASSERT_MSG_EQ(sfs[2]->GetBytesSent(), 0, "no data on the backup");
        NS_TEST_ASSERT_MSG_GT(client->GetReinjectedBytes(), 0, "held data was reinjected");
        for (const auto& [id, usable] : s.reinjections)
        {
            NS_TEST_ASSERT_MSG_EQ(id, 0, "reinjected on the working regular subflow");
            NS_TEST_ASSERT_MSG_EQ(usable, true, "subflow 0 could send");
        }
        Simulator::Destroy();
    }

    TypeId m_scheduler;
};

/**
 * An application-limited flow (1400 bytes every 10 ms from 0.5 s to 6 s); the regular
 * subflow's path fails from 1 s to 2.5 s. The backup carries the data after the regular one's
 * RTO; once a retransmission of the regular subflow is acknowledged (its backed-off RTO after
 * 2.5 s), the data goes back to it and the backup sends nothing more.
 */
class BackupReleaseTest : public TestCase
{
  public:
    /// \param scheduler the scheduler
    BackupReleaseTest(TypeId scheduler)
        : TestCase(SchedulerName(scheduler) + ": data returns to the regular subflow when its "
                                              "path recovers"),
          m_scheduler(scheduler)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureBackup(m_scheduler, 1);
        BackupScenario s;
        Ptr<MpTcpSocketBase> client = s.Client();
        uint64_t written = 0;
        for (uint32_t i = 0; i < 550; ++i)
        {
            Simulator::Schedule(Seconds(0.5) + MilliSeconds(10 * i), MPTCP_EVENT([client, &written]() {
                uint8_t buf[1400];
                for (uint32_t j = 0; j < sizeof(buf); ++j)
                {
                    buf[j] = PatternByte(written + j);
                }
                if (client->Send(Create<Packet>(buf, sizeof(buf)), 0) == int(sizeof(buf)))
                {
                    written += sizeof(buf);
                }
            }));
        }
        s.topo.FailPath(1, 1.0, 2.5);
        // When the regular subflow can send again, and the bytes sent by then.
        double usableAgain = -1;
        std::vector<uint64_t> atRelease(2, 0);
        uint64_t writtenAtRelease = 0;
        for (uint32_t ms = 1000; ms < 6000; ms += 1)
        {
            Simulator::Schedule(MilliSeconds(ms), MPTCP_EVENT([&, ms]() {
                if (usableAgain < 0 && ms > 2500 && client->HasUsableRegularSubflow())
                {
                    usableAgain = ms / 1000.0;
                    atRelease = {client->GetSubflows().at(0)->GetBytesSent(),
                                 client->GetSubflows().at(1)->GetBytesSent()};
                    writtenAtRelease = written;
                }
            }));
        }
        Simulator::Stop(Seconds(7));
        Simulator::Run();
        const auto& sfs = client->GetSubflows();
        std::cout << GetName() << ": regular subflow usable again at " << usableAgain
                  << " s; by then regular " << atRelease[0] << " B, backup " << atRelease[1]
                  << " B; at the end regular " << sfs[0]->GetBytesSent() << " B, backup "
                  << sfs[1]->GetBytesSent() << " B" << std::endl;
        NS_TEST_ASSERT_MSG_EQ(s.pinned, 2, "both subflows pinned");
        NS_TEST_ASSERT_MSG_EQ(written, 550 * 1400, "every write was accepted");
        NS_TEST_ASSERT_MSG_EQ(s.rx.m_received, written, "every byte arrived");
        NS_TEST_ASSERT_MSG_EQ(s.rx.m_mismatches, 0, "in order, once");
        NS_TEST_ASSERT_MSG_GT(usableAgain, 2.5, "the regular subflow recovered");
        NS_TEST_ASSERT_MSG_LT(usableAgain, 5.0, "before the writes end");
        NS_TEST_ASSERT_MSG_GT(atRelease[1], 0, "the backup carried data meanwhile");
        NS_TEST_ASSERT_MSG_EQ(sfs[1]->GetBytesSent(), atRelease[1], "none on it afterwards");
        // Its own retransmissions of what it sent into the failed path come on top.
        NS_TEST_ASSERT_MSG_GT_OR_EQ(sfs[0]->GetBytesSent() - atRelease[0],
                                    written - writtenAtRelease,
                                    "afterwards every new byte on the regular subflow");
        Simulator::Destroy();
    }

    TypeId m_scheduler;
};

class MpTcpBackupTestSuite : public TestSuite
{
  public:
    MpTcpBackupTestSuite()
        : TestSuite("mptcp-backup", MPTCP_TEST_SYSTEM)
    {
        for (auto s : {MpTcpLowestRttScheduler::GetTypeId(), MpTcpRoundRobinScheduler::GetTypeId()})
        {
            AddTestCase(new BackupIdleTest(s), MPTCP_TEST_QUICK);
            AddTestCase(new BackupTakeOverTest(s), MPTCP_TEST_QUICK);
            AddTestCase(new BackupStaysIdleTest(s), MPTCP_TEST_QUICK);
            AddTestCase(new BackupReleaseTest(s), MPTCP_TEST_QUICK);
            AddTestCase(new MpPrioSwitchTest(s), MPTCP_TEST_QUICK);
        }
    }
};

MpTcpBackupTestSuite g_mptcpBackupTestSuite;

} // namespace
