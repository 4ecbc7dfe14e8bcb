/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of SdnFlowTable, the switches' OpenFlow-style flow table (issue 19, item 1): rule
 * counters and timeouts worked out by hand; a path of rules installed on a k=4 FatTree is
 * followed hop by hop in both forwarding modes and its rules expire with their counters;
 * Packet-In and Flow-Removed counts with the ECMP miss action; held packets released by a
 * controller's rules, and the hold limit; a stale rule falls back to ECMP; SdnController's
 * OpenFlow channel: latencies and message bytes worked out by hand.
 */

#include "mptcp-test-harness.h"

#include "ns3/channel.h"
#include "ns3/ecmp-switch-forwarder.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/packet.h"
#include "ns3/sdn-controller-helper.h"
#include "ns3/sdn-controller.h"
#include "ns3/sdn-flow-table-helper.h"
#include "ns3/sdn-flow-table.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <vector>

using namespace ns3;

namespace
{

/// Host indices of a k=4 FatTree: host 0 under edge (0,0), host 15 under edge (3,1).
constexpr uint32_t kSrc = 0;
constexpr uint32_t kDst = 15;
/// UDP ports of the test flow.
constexpr uint16_t kSrcPort = 7000;
constexpr uint16_t kDstPort = 9000;
/// Datagram payload, bytes, and its IPv4 size (payload + 8 UDP + 20 IPv4), bytes.
constexpr uint32_t kPayload = 500;
constexpr uint32_t kIpv4Bytes = kPayload + 8 + 20;

/// One Flow-Removed event seen by a test.
struct Removal
{
    uint32_t switchId;                   //!< The table's switch id.
    SdnFlowTable::FlowRule rule;         //!< The rule as it left.
    SdnFlowTable::RemovedReason reason;  //!< Why.
    Time at;                             //!< When.
};

/// Records Flow-Removed events and Packet-Ins.
struct ControllerLog
{
    std::vector<Removal> removals;    //!< Flow-Removed events, in order.
    std::vector<uint32_t> packetIns;  //!< Switch ids of the Packet-Ins, in order.

    /**
     * \param t the table
     * \param r the rule
     * \param why the reason
     */
    void FlowRemoved(Ptr<SdnFlowTable> t,
                     const SdnFlowTable::FlowRule& r,
                     SdnFlowTable::RemovedReason why)
    {
        removals.push_back(Removal{t->GetSwitchId(), r, why, Simulator::Now()});
    }

    /**
     * \param t the table
     * \param tuple the flow
     * \param bytes the packet's size
     * \param payload the packet's IPv4 payload
     */
    void PacketIn(Ptr<SdnFlowTable> t,
                  const SdnFlowTable::FiveTuple& tuple,
                  uint32_t bytes,
                  Ptr<const Packet> payload)
    {
        packetIns.push_back(t->GetSwitchId());
    }

    /// \param tables the tables whose events are recorded
    void Attach(const std::vector<Ptr<SdnFlowTable>>& tables)
    {
        for (const Ptr<SdnFlowTable>& t : tables)
        {
            t->SetFlowRemovedCallback(MakeCallback(&ControllerLog::FlowRemoved, this));
            t->SetPacketInCallback(MakeCallback(&ControllerLog::PacketIn, this));
        }
    }
};

/// \return the 5-tuple of the test flow (host kSrc:kSrcPort -> host kDst:kDstPort, UDP)
SdnFlowTable::FiveTuple
TestTuple(const FatTreeHelper& ft)
{
    SdnFlowTable::FiveTuple t;
    t.source = ft.GetHostAddress(kSrc);
    t.destination = ft.GetHostAddress(kDst);
    t.protocol = 17;
    t.sourcePort = kSrcPort;
    t.destinationPort = kDstPort;
    return t;
}

/**
 * \brief Start the test flow: n datagrams of kPayload bytes, one per millisecond from 0.1 s.
 * \param ft the fabric
 * \param n datagrams
 * \param counter counts what host kDst receives
 */
void
StartFlow(const FatTreeHelper& ft, uint32_t n, UdpCounter* counter)
{
    UdpReceiver(ft.GetHost(kDst), kDstPort, counter);
    Ptr<Socket> tx = Socket::CreateSocket(ft.GetHost(kSrc), UdpSocketFactory::GetTypeId());
    tx->Bind(InetSocketAddress(Ipv4Address::GetAny(), kSrcPort));
    tx->Connect(InetSocketAddress(ft.GetHostAddress(kDst), kDstPort));
    SendDatagrams(tx, n, kPayload);
}

/**
 * \param from a node
 * \param to a neighbour of from
 * \return from's IPv4 interface index of its link to to (-1 if they are not linked)
 */
int32_t
PortTowards(Ptr<Node> from, Ptr<Node> to)
{
    for (uint32_t d = 0; d < from->GetNDevices(); ++d)
    {
        Ptr<NetDevice> dev = from->GetDevice(d);
        Ptr<Channel> ch = dev->GetChannel();
        if (!ch)
        {
            continue;
        }
        for (std::size_t i = 0; i < ch->GetNDevices(); ++i)
        {
            if (ch->GetDevice(i) != dev && ch->GetDevice(i)->GetNode() == to)
            {
                return from->GetObject<Ipv4>()->GetInterfaceForDevice(dev);
            }
        }
    }
    return -1;
}

/**
 * \param node a node
 * \param candidates nodes
 * \return the candidates linked to node, in their order
 */
std::vector<Ptr<Node>>
LinkedAmong(Ptr<Node> node, const NodeContainer& candidates)
{
    std::vector<Ptr<Node>> out;
    for (uint32_t i = 0; i < candidates.GetN(); ++i)
    {
        if (PortTowards(node, candidates.Get(i)) >= 0)
        {
            out.push_back(candidates.Get(i));
        }
    }
    return out;
}

/**
 * (a) One table, no topology: counters, timeouts and Flow-Mods against hand-computed values.
 */
class RuleLifecycleTest : public TestCase
{
  public:
    RuleLifecycleTest()
        : TestCase("flow table: counters, idle and hard timeouts at the exact instants, "
                   "modify keeps counters, delete, sorted flow stats")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<SdnFlowTable> table = CreateObject<SdnFlowTable>();
        table->SetSwitchId(7);
        ControllerLog log;
        log.Attach({table});
        SdnFlowTable::FiveTuple a;
        a.source = Ipv4Address("10.0.0.2");
        a.destination = Ipv4Address("10.3.1.3");
        a.protocol = 6;
        a.sourcePort = 40000;
        a.destinationPort = 5001;
        SdnFlowTable::FiveTuple b = a;
        b.sourcePort = 39999; // sorts before a
        SdnFlowTable::FiveTuple c = a;
        c.sourcePort = 41000;

        // a: idle 100 ms from 0; packets of 1000 and 1500 bytes at 50 and 120 ms: expires at
        // 220 ms (idle), 2 packets, 2500 bytes.
        table->AddRule(a, 3, MilliSeconds(100), Time(0));
        Simulator::Schedule(MilliSeconds(50), MPTCP_EVENT([table, a]() { table->Match(a, 1000); }));
        Simulator::Schedule(MilliSeconds(120), MPTCP_EVENT([table, a]() { table->Match(a, 1500); }));
        // b: hard 300 ms from 10 ms, idle 50 ms, a packet every 10 ms from 20 ms: the hard
        // timeout wins at 310 ms, after 29 packets of 100 bytes (20..300 ms).
        Simulator::Schedule(MilliSeconds(10), MPTCP_EVENT([table, b]() {
            table->AddRule(b, 2, MilliSeconds(50), MilliSeconds(300));
        }));
        for (uint32_t i = 0; i < 29; ++i)
        {
            Simulator::Schedule(MilliSeconds(20 + 10 * i), MPTCP_EVENT([table, b]() { table->Match(b, 100); }));
        }
        // c: no timeout; 3 packets, modified at 30 ms to port 4 (counters stay), deleted at
        // 400 ms.
        table->AddRule(c, 1, Time(0), Time(0));
        for (uint32_t i = 0; i < 3; ++i)
        {
            Simulator::Schedule(MilliSeconds(5 + i), MPTCP_EVENT([table, c]() { table->Match(c, 60); }));
        }
        Simulator::Schedule(MilliSeconds(30), MPTCP_EVENT([table, c]() {
            table->AddRule(c, 4, Time(0), Time(0));
        }));
        std::vector<SdnFlowTable::FlowRule> stats;
        Simulator::Schedule(MilliSeconds(200), MPTCP_EVENT([table, &stats]() { stats = table->GetRules(); }));
        Simulator::Schedule(MilliSeconds(400), MPTCP_EVENT([table, c, this]() {
            NS_TEST_EXPECT_MSG_EQ(table->DeleteRule(c), true, "c deleted");
            NS_TEST_EXPECT_MSG_EQ(table->DeleteRule(c), false, "c is gone");
        }));
        Simulator::Run();

        NS_TEST_ASSERT_MSG_EQ(stats.size(), 3u, "three rules at 200 ms");
        NS_TEST_EXPECT_MSG_EQ(stats[0].match.sourcePort, 39999, "sorted: b first");
        NS_TEST_EXPECT_MSG_EQ(stats[1].match.sourcePort, 40000, "then a");
        NS_TEST_EXPECT_MSG_EQ(stats[2].match.sourcePort, 41000, "then c");
        NS_TEST_EXPECT_MSG_EQ(stats[2].outputPort, 4u, "c modified to port 4");
        NS_TEST_EXPECT_MSG_EQ(stats[2].packets, 3u, "c's counters kept by the modification");

        NS_TEST_ASSERT_MSG_EQ(log.removals.size(), 3u, "three Flow-Removed");
        const Removal& ra = log.removals[0];
        NS_TEST_EXPECT_MSG_EQ(ra.rule.match, a, "a first");
        NS_TEST_EXPECT_MSG_EQ(ra.reason, SdnFlowTable::IDLE_TIMEOUT, "a: idle");
        NS_TEST_EXPECT_MSG_EQ(ra.at, MilliSeconds(220), "a: 100 ms after its last packet");
        NS_TEST_EXPECT_MSG_EQ(ra.rule.packets, 2u, "a: packets");
        NS_TEST_EXPECT_MSG_EQ(ra.rule.bytes, 2500u, "a: bytes");
        NS_TEST_EXPECT_MSG_EQ(ra.switchId, 7u, "switch id");
        const Removal& rb = log.removals[1];
        NS_TEST_EXPECT_MSG_EQ(rb.rule.match, b, "b second");
        NS_TEST_EXPECT_MSG_EQ(rb.reason, SdnFlowTable::HARD_TIMEOUT, "b: hard");
        NS_TEST_EXPECT_MSG_EQ(rb.at, MilliSeconds(310), "b: 300 ms after it was added");
        NS_TEST_EXPECT_MSG_EQ(rb.rule.packets, 29u, "b: packets");
        NS_TEST_EXPECT_MSG_EQ(rb.rule.bytes, 2900u, "b: bytes");
        const Removal& rc = log.removals[2];
        NS_TEST_EXPECT_MSG_EQ(rc.reason, SdnFlowTable::DELETED, "c: deleted");
        NS_TEST_EXPECT_MSG_EQ(rc.at, MilliSeconds(400), "c: at the Flow-Mod");
        NS_TEST_EXPECT_MSG_EQ(rc.rule.fromController, true, "c: the controller's");
        NS_TEST_EXPECT_MSG_EQ(table->GetNRules(), 0u, "table empty");
        NS_TEST_EXPECT_MSG_EQ(table->GetNFlowRemoved(), 3u, "Flow-Removed count");
        NS_TEST_EXPECT_MSG_EQ(log.packetIns.size(), 0u, "no Packet-In without traffic");
        Simulator::Destroy();
    }
};

/**
 * (b) A path of rules on a k=4 FatTree: for each of the 4 paths between host 0 (pod 0) and
 * host 15 (pod 3), rules at the 5 switches of the path (idle timeout 50 ms) carry all 20
 * datagrams, every rule counts 20 packets and 20 x 528 bytes, the switches off the path see
 * none of them (no entry, no forward), and each rule expires 50 ms after its last packet with
 * those counters — in both switch forwarding modes.
 */
class PathOfRulesTest : public TestCase
{
  public:
    PathOfRulesTest()
        : TestCase("rules installed along each of the 4 inter-pod paths of k=4 are followed hop "
                   "by hop and expire with exact counters, fast and IPv4 forwarding")
    {
    }

  private:
    void DoRun() override
    {
        for (auto mode : {DatacenterTopology::FAST_FORWARDING, DatacenterTopology::IPV4_FORWARDING})
        {
            for (uint32_t choice = 0; choice < 4; ++choice)
            {
                RunPath(mode, choice);
            }
        }
    }

    /**
     * \param mode forwarding mode of the switches
     * \param choice path 0..3: aggregation switch choice / 2, core choice % 2
     */
    void RunPath(DatacenterTopology::SwitchForwarding mode, uint32_t choice)
    {
        FatTreeHelper ft(4);
        ft.SetSwitchForwarding(mode);
        ft.Build();
        SdnFlowTableHelper helper;
        std::vector<Ptr<SdnFlowTable>> tables = helper.Install(ft.GetSwitches());
        ControllerLog log;
        log.Attach(tables);

        Ptr<Node> edge0 = ft.GetEdgeSwitch(0, 0);
        Ptr<Node> agg0 = ft.GetAggregationSwitch(0, choice / 2);
        std::vector<Ptr<Node>> cores = LinkedAmong(agg0, ft.GetCoreSwitches());
        NS_TEST_ASSERT_MSG_EQ(cores.size(), 2u, "k=4: an aggregation switch has 2 cores");
        Ptr<Node> core = cores[choice % 2];
        NodeContainer pod3;
        pod3.Add(ft.GetAggregationSwitch(3, 0));
        pod3.Add(ft.GetAggregationSwitch(3, 1));
        std::vector<Ptr<Node>> down = LinkedAmong(core, pod3);
        NS_TEST_ASSERT_MSG_EQ(down.size(), 1u, "a core has one aggregation switch per pod");
        Ptr<Node> agg3 = down[0];
        Ptr<Node> edge3 = ft.GetEdgeSwitch(3, 1);
        const std::vector<Ptr<Node>> path{edge0, agg0, core, agg3, edge3, ft.GetHost(kDst)};
        const SdnFlowTable::FiveTuple tuple = TestTuple(ft);
        // The rules are added at 99 ms (their idle timeout counts from then), 1 ms before the
        // flow starts.
        for (std::size_t i = 0; i + 1 < path.size(); ++i)
        {
            const int32_t port = PortTowards(path[i], path[i + 1]);
            NS_TEST_ASSERT_MSG_EQ((port >= 0), true, "hop " << i << " is a link");
            Ptr<SdnFlowTable> table = path[i]->GetObject<SdnFlowTable>();
            Simulator::Schedule(MilliSeconds(99), MPTCP_EVENT([table, tuple, port]() {
                table->AddRule(tuple, static_cast<uint32_t>(port), MilliSeconds(50), Time(0));
            }));
        }

        UdpCounter counter;
        StartFlow(ft, 20, &counter);
        Simulator::Stop(Seconds(1));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(counter.packets, 20u, "datagrams received, path " << choice);
        NS_TEST_EXPECT_MSG_EQ(counter.bytes, 20u * kPayload, "bytes received");
        NS_TEST_ASSERT_MSG_EQ(log.removals.size(), 5u, "one Flow-Removed per rule");
        for (std::size_t i = 0; i < 5; ++i)
        {
            const Removal& r = log.removals[i];
            NS_TEST_EXPECT_MSG_EQ(r.rule.match, tuple, "the flow's rule");
            NS_TEST_EXPECT_MSG_EQ(r.reason, SdnFlowTable::IDLE_TIMEOUT, "idle timeout");
            NS_TEST_EXPECT_MSG_EQ(r.rule.packets, 20u, "packets on rule " << i);
            NS_TEST_EXPECT_MSG_EQ(r.rule.bytes, 20u * kIpv4Bytes, "bytes on rule " << i);
            NS_TEST_EXPECT_MSG_EQ(r.at, r.rule.lastMatched + MilliSeconds(50),
                                  "expiry 50 ms after the last packet");
            const bool afterLastSend = r.rule.lastMatched > Seconds(0.119);
            NS_TEST_EXPECT_MSG_EQ(afterLastSend, true, "the last packet (sent at 0.119 s) matched");
        }
        // The removals come in path order: each switch saw the last packet after the previous.
        for (std::size_t i = 0; i < 5; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(log.removals[i].switchId, path[i]->GetId(),
                                  "removal " << i << " is the path's switch " << i);
        }
        NS_TEST_EXPECT_MSG_EQ(log.packetIns.size(), 0u, "no Packet-In: every packet matched");
        NodeContainer sw = ft.GetSwitches();
        uint64_t forwarded = 0;
        for (uint32_t i = 0; i < sw.GetN(); ++i)
        {
            Ptr<SdnFlowTable> t = sw.Get(i)->GetObject<SdnFlowTable>();
            NS_TEST_EXPECT_MSG_EQ(t->GetNRules(), 0u, "no rule left at switch " << i);
            NS_TEST_EXPECT_MSG_EQ(t->GetNStaleMatches(), 0u, "no stale match");
            if (Ptr<EcmpSwitchForwarder> f = sw.Get(i)->GetObject<EcmpSwitchForwarder>())
            {
                forwarded += f->GetNForwarded();
            }
        }
        const uint64_t expected = mode == DatacenterTopology::FAST_FORWARDING ? 100 : 0;
        NS_TEST_EXPECT_MSG_EQ(forwarded, expected, "fast path: 5 forwards x 20, on the path");
        Simulator::Destroy();
    }
};

/**
 * (c) Miss action Ecmp (Hedera): without rules, two flows between the same hosts (different
 * source ports) each raise one Packet-In at each of the 5 switches of their ECMP path (10 in
 * all), each entry counts its flow's 20 packets, and each expires MissIdleTimeout (100 ms)
 * after its flow's last packet (10 Flow-Removed, idle, not the controller's).
 */
class MissEcmpTest : public TestCase
{
  public:
    MissEcmpTest()
        : TestCase("miss action Ecmp: one Packet-In per flow and switch, counting entries that "
                   "expire after MissIdleTimeout")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Build();
        SdnFlowTableHelper helper;
        helper.SetAttribute("MissIdleTimeout", TimeValue(MilliSeconds(100)));
        ControllerLog log;
        log.Attach(helper.Install(ft.GetSwitches()));
        UdpCounter counter;
        StartFlow(ft, 20, &counter);
        // A second flow from port kSrcPort + 1.
        Ptr<Socket> tx2 = Socket::CreateSocket(ft.GetHost(kSrc), UdpSocketFactory::GetTypeId());
        tx2->Bind(InetSocketAddress(Ipv4Address::GetAny(), kSrcPort + 1));
        tx2->Connect(InetSocketAddress(ft.GetHostAddress(kDst), kDstPort));
        for (uint32_t i = 0; i < 20; ++i)
        {
            Simulator::Schedule(Seconds(0.2) + MilliSeconds(i), MPTCP_EVENT([tx2]() {
                tx2->Send(Create<Packet>(kPayload));
            }));
        }
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(counter.packets, 40u, "both flows delivered");
        NS_TEST_EXPECT_MSG_EQ(log.packetIns.size(), 10u, "5 switches x 2 flows");
        NS_TEST_ASSERT_MSG_EQ(log.removals.size(), 10u, "every entry expired");
        for (const Removal& r : log.removals)
        {
            NS_TEST_EXPECT_MSG_EQ(r.reason, SdnFlowTable::IDLE_TIMEOUT, "idle");
            NS_TEST_EXPECT_MSG_EQ(r.rule.fromController, false, "added on a miss");
            NS_TEST_EXPECT_MSG_EQ(r.rule.packets, 20u, "the flow's packets");
            NS_TEST_EXPECT_MSG_EQ(r.rule.bytes, 20u * kIpv4Bytes, "the flow's bytes");
            NS_TEST_EXPECT_MSG_EQ(r.at, r.rule.lastMatched + MilliSeconds(100), "expiry");
        }
        Simulator::Destroy();
    }
};

/**
 * (d) Miss action Hold (a reactive controller): a controller that answers each Packet-In after
 * 0.3 ms with a rule on the switch's first equal-cost next hop gets one Packet-In per switch of
 * the path (5), every datagram arrives in order, nothing is held at the end and every rule
 * counts all 20 packets. With HoldLimit 3 and no controller, the first switch holds 3
 * datagrams, drops 17 and nothing arrives.
 */
class MissHoldTest : public TestCase
{
  public:
    MissHoldTest()
        : TestCase("miss action Hold: packets held until the controller's rule, released in "
                   "order; the hold limit drops and counts")
    {
    }

  private:
    /// Arrival order check: payload sizes carry the sequence number.
    struct Sequence
    {
        std::vector<uint32_t> sizes; //!< Sizes received, in order.

        /// \param s the socket
        void Read(Ptr<Socket> s)
        {
            while (Ptr<Packet> p = s->Recv())
            {
                sizes.push_back(p->GetSize());
            }
        }
    };

    void DoRun() override
    {
        {
            FatTreeHelper ft(4);
            ft.Build();
            SdnFlowTableHelper helper;
            helper.SetAttribute("MissAction", StringValue("Hold"));
            std::vector<Ptr<SdnFlowTable>> tables = helper.Install(ft.GetSwitches());
            uint32_t packetIns = 0;
            for (const Ptr<SdnFlowTable>& t : tables)
            {
                NS_TEST_ASSERT_MSG_EQ(t->GetMissAction(), SdnFlowTable::MISS_HOLD, "attribute");
                t->SetPacketInCallback(MakeCallback(
                    +[](uint32_t* n,
                        Ptr<SdnFlowTable> table,
                        const SdnFlowTable::FiveTuple& tuple,
                        uint32_t,
                        Ptr<const Packet>) {
                        ++*n;
                        Ptr<Node> node = table->GetObject<Node>();
                        Ptr<Ipv4FlowEcmpRouting> r = Ipv4FlowEcmpRoutingHelper::GetRouting(node);
                        Ptr<Ipv4Route> route = r->GetNextHops(tuple.destination).at(0);
                        const uint32_t port = static_cast<uint32_t>(
                            node->GetObject<Ipv4>()->GetInterfaceForDevice(
                                route->GetOutputDevice()));
                        Simulator::Schedule(MicroSeconds(300), MPTCP_EVENT([table, tuple, port]() {
                            table->AddRule(tuple, port, Time(0), Time(0));
                        }));
                    }).Bind(&packetIns));
            }
            Sequence seq;
            Ptr<Socket> rx = Socket::CreateSocket(ft.GetHost(kDst), UdpSocketFactory::GetTypeId());
            rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), kDstPort));
            rx->SetRecvCallback(MakeCallback(&Sequence::Read, &seq));
            Ptr<Socket> tx = Socket::CreateSocket(ft.GetHost(kSrc), UdpSocketFactory::GetTypeId());
            tx->Bind(InetSocketAddress(Ipv4Address::GetAny(), kSrcPort));
            tx->Connect(InetSocketAddress(ft.GetHostAddress(kDst), kDstPort));
            for (uint32_t i = 0; i < 20; ++i)
            {
                // 100 us apart: several datagrams wait behind the first at each switch.
                Simulator::Schedule(Seconds(0.1) + MicroSeconds(100 * i), MPTCP_EVENT([tx, i]() {
                    tx->Send(Create<Packet>(kPayload + i));
                }));
            }
            Simulator::Stop(Seconds(1));
            Simulator::Run();
            NS_TEST_EXPECT_MSG_EQ(packetIns, 5u, "one Packet-In per switch of the path");
            NS_TEST_ASSERT_MSG_EQ(seq.sizes.size(), 20u, "every datagram arrives");
            for (uint32_t i = 0; i < 20; ++i)
            {
                NS_TEST_EXPECT_MSG_EQ(seq.sizes[i], kPayload + i, "in order: " << i);
            }
            uint64_t held = 0;
            uint32_t rules = 0;
            for (const Ptr<SdnFlowTable>& t : tables)
            {
                held += t->GetNHeld();
                NS_TEST_EXPECT_MSG_EQ(t->GetNHeldNow(), 0u, "nothing held at the end");
                NS_TEST_EXPECT_MSG_EQ(t->GetNHoldDrops(), 0u, "nothing dropped");
                if (const SdnFlowTable::FlowRule* r = t->GetRule(TestTuple(ft)))
                {
                    ++rules;
                    NS_TEST_EXPECT_MSG_EQ(r->packets, 20u, "every packet counted on the rule");
                }
            }
            NS_TEST_EXPECT_MSG_EQ(rules, 5u, "a rule at each switch of the path");
            // Datagrams 100 us apart, rules 300 us after a Packet-In: more than the first
            // datagram waits at some switch.
            NS_TEST_EXPECT_MSG_GT(held, 5u, "more than the first packet held somewhere");
            Simulator::Destroy();
        }
        {
            FatTreeHelper ft(4);
            ft.Build();
            SdnFlowTableHelper helper;
            helper.SetAttribute("MissAction", StringValue("Hold"));
            helper.SetAttribute("HoldLimit", UintegerValue(3));
            std::vector<Ptr<SdnFlowTable>> tables = helper.Install(ft.GetSwitches());
            UdpCounter counter;
            StartFlow(ft, 20, &counter);
            Simulator::Stop(Seconds(1));
            Simulator::Run();
            Ptr<SdnFlowTable> edge = ft.GetEdgeSwitch(0, 0)->GetObject<SdnFlowTable>();
            NS_TEST_EXPECT_MSG_EQ(counter.packets, 0u, "nothing arrives without a controller");
            NS_TEST_EXPECT_MSG_EQ(edge->GetNHeldNow(), 3u, "the edge switch holds 3");
            NS_TEST_EXPECT_MSG_EQ(edge->GetNHoldDrops(), 17u, "and drops 17");
            NS_TEST_EXPECT_MSG_EQ(edge->GetNPacketIns(), 1u, "one Packet-In");
            Simulator::Destroy();
        }
    }
};

/**
 * (e) A stale rule: a rule at the first edge switch that outputs towards the source host
 * itself (not a next hop towards the destination) is counted stale for every packet, and the
 * packets take ECMP and arrive.
 */
class StaleRuleTest : public TestCase
{
  public:
    StaleRuleTest()
        : TestCase("a rule whose port is not a next hop falls back to ECMP, counted stale")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Build();
        SdnFlowTableHelper helper;
        helper.Install(ft.GetSwitches());
        Ptr<Node> edge = ft.GetEdgeSwitch(0, 0);
        const int32_t port = PortTowards(edge, ft.GetHost(kSrc));
        NS_TEST_ASSERT_MSG_EQ((port >= 0), true, "edge (0,0) is linked to host 0");
        Ptr<SdnFlowTable> table = edge->GetObject<SdnFlowTable>();
        table->AddRule(TestTuple(ft), static_cast<uint32_t>(port), Time(0), Time(0));
        UdpCounter counter;
        StartFlow(ft, 20, &counter);
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(counter.packets, 20u, "delivered by ECMP");
        NS_TEST_EXPECT_MSG_EQ(table->GetNStaleMatches(), 20u, "20 stale matches");
        NS_TEST_EXPECT_MSG_EQ(table->GetRule(TestTuple(ft))->packets, 20u, "still counted");
        Simulator::Destroy();
    }
};

/**
 * A reactive controller for the tests: answers each Packet-In with a Flow-Mod on the switch's
 * first equal-cost next hop, and records when events reach it.
 */
class ReactiveTestController : public SdnController
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::SdnReactiveTestController")
                                .SetParent<SdnController>()
                                .SetGroupName("Mptcp")
                                .AddConstructor<ReactiveTestController>();
        return tid;
    }

    std::vector<Time> packetInAt;                      //!< When Packet-Ins arrived.
    std::vector<uint32_t> payloadSizes; //!< Packet-In data size + 20 (0: no data).
    std::vector<uint32_t> packetSizes;  //!< Packet-In IPv4 sizes.
    std::vector<Time> statsAt;                         //!< When flow-stats replies arrived.
    std::vector<std::vector<SdnFlowTable::FlowRule>> stats; //!< The replies.

  protected:
    void HandlePacketIn(uint32_t switchId,
                        const FiveTuple& tuple,
                        uint32_t bytes,
                        Ptr<const Packet> payload) override
    {
        packetInAt.push_back(Simulator::Now());
        // OpenFlow's Packet-In data: the IPv4 payload, 20 bytes of IPv4 header short.
        payloadSizes.push_back(payload ? payload->GetSize() + 20 : 0);
        packetSizes.push_back(bytes);
        Ptr<Node> node = GetSwitch(switchId)->GetObject<Node>();
        Ptr<Ipv4FlowEcmpRouting> r = Ipv4FlowEcmpRoutingHelper::GetRouting(node);
        Ptr<Ipv4Route> route = r->GetNextHops(tuple.destination).at(0);
        const int32_t port = node->GetObject<Ipv4>()->GetInterfaceForDevice(route->GetOutputDevice());
        SendFlowMod(switchId, tuple, static_cast<uint32_t>(port), Time(0), Time(0));
    }

    void HandleFlowStatsReply(uint32_t, const std::vector<SdnFlowTable::FlowRule>& rules) override
    {
        statsAt.push_back(Simulator::Now());
        stats.push_back(rules);
    }
};

NS_OBJECT_ENSURE_REGISTERED(ReactiveTestController);

/**
 * (f) SdnController's OpenFlow channel (latency 0.5 ms each way), with Hold tables installed by
 * SdnControllerHelper: each of the 5 switches of the path raises one Packet-In, which reaches
 * the controller exactly 0.5 ms later; its Flow-Mod releases the held datagrams; all 20 arrive
 * in order. A flow-stats request to the first edge switch at 0.2 s is answered at 0.201 s with
 * the rule's 20 packets. Messages: 5 Packet-In of 18 + 128 bytes, 5 Flow-Mods of 80, one
 * request of 56 and one reply of 12 + 96: 12 messages, 1294 bytes.
 */
class ControllerChannelTest : public TestCase
{
  public:
    ControllerChannelTest()
        : TestCase("SdnController: OpenFlow channel latency, Flow-Mods from Packet-Ins, flow stats, "
                   "message bytes")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Build();
        SdnControllerHelper helper("ns3::SdnReactiveTestController");
        helper.SetFlowTableAttribute("MissAction", StringValue("Hold"));
        Ptr<SdnController> base = helper.Install(ft);
        Ptr<ReactiveTestController> ctl = DynamicCast<ReactiveTestController>(base);
        NS_TEST_ASSERT_MSG_NE(ctl, nullptr, "the helper made the requested controller type");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNSwitches(), 20u, "k=4: 20 switches");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetControlLatency(), MicroSeconds(500), "default latency");
        std::vector<Time> raisedAt;
        for (const Ptr<SdnFlowTable>& t : helper.GetFlowTables())
        {
            t->TraceConnectWithoutContext(
                "PacketIn",
                MakeCallback(+[](std::vector<Time>* v, const SdnFlowTable::FiveTuple&, uint32_t) {
                    v->push_back(Simulator::Now());
                }).Bind(&raisedAt));
        }
        UdpCounter counter;
        StartFlow(ft, 20, &counter);
        const uint32_t edgeId = ft.GetEdgeSwitch(0, 0)->GetId();
        Simulator::Schedule(Seconds(0.2), MPTCP_EVENT([ctl, edgeId]() { ctl->SendFlowStatsRequest(edgeId); }));
        Simulator::Stop(Seconds(1));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(counter.packets, 20u, "every datagram arrives");
        NS_TEST_ASSERT_MSG_EQ(raisedAt.size(), 5u, "5 Packet-Ins raised");
        NS_TEST_ASSERT_MSG_EQ(ctl->packetInAt.size(), 5u, "5 Packet-Ins handled");
        for (std::size_t i = 0; i < 5; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(ctl->packetInAt[i] - raisedAt[i],
                                  MicroSeconds(500),
                                  "Packet-In " << i << " reaches the controller 0.5 ms later");
            NS_TEST_EXPECT_MSG_EQ(ctl->payloadSizes[i],
                                  ctl->packetSizes[i],
                                  "Packet-In " << i << " carries the IPv4 payload");
        }
        NS_TEST_ASSERT_MSG_EQ(ctl->statsAt.size(), 1u, "one flow-stats reply");
        NS_TEST_EXPECT_MSG_EQ(ctl->statsAt[0], Seconds(0.201), "request 0.5 ms + reply 0.5 ms");
        NS_TEST_ASSERT_MSG_EQ(ctl->stats[0].size(), 1u, "the edge switch has one rule");
        NS_TEST_EXPECT_MSG_EQ(ctl->stats[0][0].packets, 20u, "its 20 packets");
        NS_TEST_EXPECT_MSG_EQ(ctl->stats[0][0].fromController, true, "the controller's rule");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNMessages(SdnController::PACKET_IN), 5u, "Packet-Ins");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNMessages(SdnController::FLOW_MOD), 5u, "Flow-Mods");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNRulesInstalled(), 5u, "rules installed");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNMessages(), 12u, "all messages");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetControlBytes(),
                              5u * (18 + 128) + 5u * 80 + 56 + (12 + 96),
                              "control bytes (OpenFlow 1.0 sizes)");
        Simulator::Destroy();
    }
};

/// The suite.
class SdnFlowTableTestSuite : public TestSuite
{
  public:
    SdnFlowTableTestSuite()
        : TestSuite("mptcp-sdn-flow-table", MPTCP_TEST_UNIT)
    {
        AddTestCase(new RuleLifecycleTest, MPTCP_TEST_QUICK);
        AddTestCase(new PathOfRulesTest, MPTCP_TEST_QUICK);
        AddTestCase(new MissEcmpTest, MPTCP_TEST_QUICK);
        AddTestCase(new MissHoldTest, MPTCP_TEST_QUICK);
        AddTestCase(new StaleRuleTest, MPTCP_TEST_QUICK);
        AddTestCase(new ControllerChannelTest, MPTCP_TEST_QUICK);
    }
};

/// Static instance.
static SdnFlowTableTestSuite g_sdnFlowTableTestSuite;

} // namespace
