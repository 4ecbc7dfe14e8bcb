/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The setting of Duan, Wang and Wu, "Responsive Multipath TCP in SDN-based Datacenters",
 * ICC 2015, §V (seed 004): one-way delays per FatTree layer (20 us host-edge, 30 us
 * edge-aggregation, 40 us aggregation-core) and two IPv4 addresses per server on its one NIC,
 * whose 2 x 2 address pairs give an MPTCP connection up to 4 subflows.
 *
 * Per-layer delays: every channel's Delay attribute by layer (fattree, dhft, vl2 through the
 * registry; the perfect switch rejects the layers it lacks), and the arrival time of a UDP
 * datagram and of its echo between hosts of different pods against the hand-computed sum of
 * propagation and transmission times. Addresses per host: the numbering, the routes of every
 * switch towards a host's second address, the controllers' view (DatacenterPathGraph,
 * SdnController's host map), a datagram from a second address to a second address in both
 * switch forwarding modes, and a fullmesh MPTCP connection between pods: exactly 4 subflows on
 * 4 distinct (source, destination) address pairs (the server's second address learnt from its
 * ADD_ADDR), byte-exact; the Responsive controller routes a subflow to a second address.
 */
#include "mptcp-test-harness.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/channel.h"
#include "ns3/datacenter-path-graph.h"
#include "ns3/datacenter-topology-registry.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/responsive-controller.h"
#include "ns3/responsive-monitor.h"
#include "ns3/sdn-controller-helper.h"
#include "ns3/sdn-controller.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"

#include <map>
#include <memory>
#include <set>
#include <vector>

using namespace ns3;

namespace
{

/// The delays of seed 004 §V, one way.
const Time kEdge = MicroSeconds(20);
/// Edge-aggregation.
const Time kAgg = MicroSeconds(30);
/// Aggregation-core.
const Time kCore = MicroSeconds(40);

/**
 * \param params the options (validated here; NS_ABORT if invalid)
 * \param name a topology name
 * \return the fabric, created (no stack)
 */
std::unique_ptr<DatacenterTopology>
MakeFabric(const std::string& name, DatacenterTopologyParameters params)
{
    uint32_t n = 0;
    DatacenterTopologyRegistry::Error e;
    const bool ok = DatacenterTopologyRegistry::Validate(name, params, &n, &e);
    NS_ABORT_MSG_IF(!ok, name << ": --" << e.option << "=" << e.value << " " << e.why);
    return DatacenterTopologyRegistry::Create(name, params);
}

/**
 * \param link a link
 * \return its channel's Delay attribute
 */
Time
ChannelDelay(const DatacenterTopology::Link& link)
{
    TimeValue v;
    link.devA->GetChannel()->GetAttribute("Delay", v);
    return v.Get();
}

/**
 * Per-layer delays through DatacenterTopologyRegistry: each channel's Delay attribute is its
 * layer's delay, --delay for the layers left unset; the perfect switch takes edgeDelay and
 * rejects aggDelay and coreDelay.
 */
class LayerDelaysTest : public TestCase
{
  public:
    LayerDelaysTest()
        : TestCase("per-layer delays: channel Delay by layer (fattree, dhft, vl2, perfect)")
    {
    }

  private:
    /**
     * Check the delay of every link of \p topo.
     * \param topo the created fabric
     * \param want the delay of each layer
     * \param what the case, for the messages
     */
    void CheckLinks(const DatacenterTopology& topo, const Time want[3], const std::string& what)
    {
        uint32_t n[3] = {0, 0, 0};
        for (const auto& l : topo.GetLinks())
        {
            NS_TEST_EXPECT_MSG_EQ(ChannelDelay(l),
                                  want[l.layer],
                                  what << ": " << DatacenterTopology::GetLayerName(l.layer));
            ++n[l.layer];
        }
        NS_TEST_EXPECT_MSG_GT(n[0] * n[1] * n[2], 0, what << ": a layer without links");
    }

    void DoRun() override
    {
        DatacenterTopologyParameters p;
        p.k = 4;
        p.delay = MicroSeconds(5);
        p.edgeDelay = kEdge;
        p.aggDelay = kAgg;
        p.coreDelay = kCore;
        const Time all[3] = {kEdge, kAgg, kCore};
        for (const char* name : {"fattree", "dhft", "vl2"})
        {
            auto topo = MakeFabric(name, p);
            topo->Create();
            CheckLinks(*topo, all, name);
            Simulator::Destroy();
        }
        // Only the core layer set: the others take --delay; none set: --delay everywhere.
        DatacenterTopologyParameters core;
        core.k = 4;
        core.delay = MicroSeconds(7);
        core.coreDelay = MicroSeconds(0);
        const Time coreOnly[3] = {MicroSeconds(7), MicroSeconds(7), MicroSeconds(0)};
        auto ft = MakeFabric("fattree", core);
        ft->Create();
        CheckLinks(*ft, coreOnly, "fattree, coreDelay only");
        Simulator::Destroy();
        DatacenterTopologyParameters none;
        none.k = 4;
        const Time plain[3] = {none.delay, none.delay, none.delay};
        auto unset = MakeFabric("fattree", none);
        unset->Create();
        CheckLinks(*unset, plain, "fattree, no layer delay");
        NS_TEST_EXPECT_MSG_EQ(none.GetDelay(DatacenterTopology::AGGREGATION_CORE),
                              MicroSeconds(20),
                              "unset: --delay's default");
        Simulator::Destroy();

        // The perfect switch: host links only.
        DatacenterTopologyParameters ps;
        ps.hosts = 4;
        ps.edgeDelay = kEdge;
        auto perfect = MakeFabric("perfect", ps);
        perfect->Create();
        for (const auto& l : perfect->GetLinks())
        {
            NS_TEST_EXPECT_MSG_EQ(ChannelDelay(l), kEdge, "perfect switch host link");
        }
        Simulator::Destroy();
        for (int layer = 1; layer <= 2; ++layer)
        {
            DatacenterTopologyParameters bad = ps;
            (layer == 1 ? bad.aggDelay : bad.coreDelay) = kAgg;
            uint32_t n = 0;
            DatacenterTopologyRegistry::Error e;
            NS_TEST_EXPECT_MSG_EQ(DatacenterTopologyRegistry::Validate("perfect", bad, &n, &e),
                                  false,
                                  "perfect switch with a switch layer's delay");
            NS_TEST_EXPECT_MSG_EQ(e.option,
                                  std::string(layer == 1 ? "aggDelay" : "coreDelay"),
                                  "the option named");
        }
    }
};

/// Receives UDP datagrams and echoes each one back to its sender; records the arrivals.
struct UdpEcho
{
    std::vector<Time> arrivals;   //!< When each datagram arrived.
    std::vector<Address> senders; //!< From where.
    bool echo{true};              //!< Whether to send each datagram back.

    /**
     * \param socket a bound UDP socket
     */
    void Read(Ptr<Socket> socket)
    {
        Address from;
        while (Ptr<Packet> p = socket->RecvFrom(from))
        {
            arrivals.push_back(Simulator::Now());
            senders.push_back(from);
            if (echo)
            {
                socket->SendTo(p, 0, from);
            }
        }
    }
};

/**
 * \param node the node
 * \param local the address and port to bind
 * \param sink the receiver
 * \return a bound UDP socket whose datagrams go to \p sink
 */
Ptr<Socket>
UdpSocket(Ptr<Node> node, InetSocketAddress local, UdpEcho& sink)
{
    Ptr<Socket> s = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
    s->Bind(local);
    s->SetRecvCallback(MakeCallback(&UdpEcho::Read, &sink));
    return s;
}

/**
 * The one-way delay and the round trip of a datagram between hosts of different pods of a
 * k=4 FatTree at 1 Gb/s with 20/30/40 us layer delays, against the hand-computed times: 6
 * hops, propagation 2 x (20 + 30 + 40) = 180 us, and 6 transmissions of the 1002-byte frame
 * (972 bytes of payload + UDP 8 + IPv4 20 + PPP 2) at 8.016 us each = 48.096 us: 228.096 us
 * one way, 456.192 us there and back.
 */
class LayerDelayTimingTest : public TestCase
{
  public:
    LayerDelayTimingTest()
        : TestCase("per-layer delays: one-way time and RTT between pods by hand (228.096 us)")
    {
    }

  private:
    void DoRun() override
    {
        DatacenterTopologyParameters p;
        p.k = 4;
        p.linkRate = DataRate("1Gbps");
        p.edgeDelay = kEdge;
        p.aggDelay = kAgg;
        p.coreDelay = kCore;
        auto ft = MakeFabric("fattree", p);
        ft->Build();
        const uint32_t src = 0;  // pod 0
        const uint32_t dst = 15; // pod 3
        UdpEcho server;
        UdpEcho client;
        client.echo = false;
        Ptr<Socket> rx =
            UdpSocket(ft->GetHost(dst), InetSocketAddress(Ipv4Address::GetAny(), 9), server);
        Ptr<Socket> tx =
            UdpSocket(ft->GetHost(src), InetSocketAddress(Ipv4Address::GetAny(), 10), client);
        const Time start = Seconds(1);
        Simulator::Schedule(start, MPTCP_EVENT([&]() {
            tx->SendTo(Create<Packet>(972), 0, InetSocketAddress(ft->GetHostAddress(dst), 9));
        }));
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        const Time oneWay = NanoSeconds(2 * (20000 + 30000 + 40000) + 6 * 8016);
        NS_TEST_ASSERT_MSG_EQ(server.arrivals.size(), 1, "the datagram arrived");
        NS_TEST_EXPECT_MSG_EQ(server.arrivals[0] - start, oneWay, "one-way time");
        NS_TEST_ASSERT_MSG_EQ(client.arrivals.size(), 1, "the echo arrived");
        NS_TEST_EXPECT_MSG_EQ(client.arrivals[0] - start, 2 * oneWay, "round-trip time");
        Simulator::Destroy();
    }
};

/// Exposes SdnController's host map (protected) to the tests.
class HostMapProbe : public SdnController
{
  public:
    /**
     * \param topo a built fabric
     * \return address -> (host, switch)
     */
    static std::map<uint32_t, std::pair<uint32_t, uint32_t>> Map(const DatacenterTopology& topo)
    {
        std::map<uint32_t, std::pair<uint32_t, uint32_t>> out;
        for (const auto& [addr, port] : MapHostPorts(topo))
        {
            out[addr] = {port.host, port.switchId};
        }
        return out;
    }
};

/**
 * Two addresses per host on a k=4 FatTree: the numbering (10.p.x.y and 10.(p+4).x.y), the
 * accessors, the routes towards a second address at every switch, the equal-cost paths of the
 * path graph and SdnController's host map for second addresses.
 */
class AddressesPerHostTest : public TestCase
{
  public:
    AddressesPerHostTest()
        : TestCase("addressesPerHost=2: numbering, accessors, routes, path graph, host map")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.SetAddressesPerHost(2);
        ft.Build();
        std::set<uint32_t> seen;
        for (uint32_t i = 0; i < ft.GetNHosts(); ++i)
        {
            const auto all = ft.GetAllHostAddresses(i);
            NS_TEST_ASSERT_MSG_EQ(all.size(), 2, "host " << i << ": two addresses");
            NS_TEST_EXPECT_MSG_EQ(all[0], ft.GetHostAddress(i), "the first is GetHostAddress");
            NS_TEST_EXPECT_MSG_EQ(ft.GetHostAddresses(i).size(), 1, "one NIC");
            NS_TEST_EXPECT_MSG_EQ(all[1].Get(),
                                  all[0].Get() + (4U << 16),
                                  "second: 10.(pod + k).x.y");
            seen.insert(all[0].Get());
            seen.insert(all[1].Get());
            Ptr<Ipv4> ipv4 = ft.GetHost(i)->GetObject<Ipv4>();
            const int32_t nic = ipv4->GetInterfaceForDevice(ft.GetHostDevice(i));
            NS_TEST_EXPECT_MSG_EQ(ipv4->GetInterfaceForAddress(all[1]), nic, "on the one NIC");
        }
        NS_TEST_EXPECT_MSG_EQ(seen.size(), 2 * ft.GetNHosts(), "all addresses distinct");
        NS_TEST_EXPECT_MSG_EQ(ft.GetAllHostAddresses(15)[1], Ipv4Address("10.7.0.14"), "host 15");

        // Every switch reaches host 15's second address over as many next hops as its first.
        const auto dst = ft.GetAllHostAddresses(15);
        NodeContainer switches = ft.GetSwitches();
        for (uint32_t s = 0; s < switches.GetN(); ++s)
        {
            Ptr<Ipv4FlowEcmpRouting> r = Ipv4FlowEcmpRoutingHelper::GetRouting(switches.Get(s));
            NS_TEST_ASSERT_MSG_NE(r, nullptr, "flow-ECMP routing");
            NS_TEST_EXPECT_MSG_GT(r->GetNNextHops(dst[1]), 0, "switch " << s << ": a route");
            NS_TEST_EXPECT_MSG_EQ(r->GetNNextHops(dst[1]),
                                  r->GetNNextHops(dst[0]),
                                  "switch " << s << ": as many next hops as to the first");
        }
        Ptr<Ipv4FlowEcmpRouting> edge =
            Ipv4FlowEcmpRoutingHelper::GetRouting(ft.GetEdgeSwitch(0, 0));
        NS_TEST_EXPECT_MSG_EQ(edge->GetNNextHops(dst[1]), 2, "edge switch: k/2 uplinks");
        // Hop by hop, a flow to the second address ends at host 15.
        Ipv4FlowEcmpRouting::FiveTuple t;
        t.source = ft.GetAllHostAddresses(0)[1];
        t.destination = dst[1];
        t.protocol = 6;
        t.sourcePort = 1234;
        t.destinationPort = 80;
        const auto trace = Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(0), t);
        NS_TEST_ASSERT_MSG_EQ(trace.size(), 7, "6 hops between pods");
        NS_TEST_EXPECT_MSG_EQ(trace.back(), ft.GetHost(15), "ends at host 15");

        // The controllers' view: paths to a second address, and every address mapped.
        DatacenterPathGraph graph(ft);
        const auto src = ft.GetAllHostAddresses(0);
        for (uint32_t a = 0; a < 2; ++a)
        {
            for (uint32_t b = 0; b < 2; ++b)
            {
                NS_TEST_EXPECT_MSG_EQ(graph.GetEqualCostPaths(0, 15, src[a], dst[b]).size(),
                                      4,
                                      "paths from address " << a << " to address " << b);
            }
        }
        NS_TEST_EXPECT_MSG_EQ(
            graph.GetEqualCostPaths(0, 15, src[1], ft.GetAllHostAddresses(14)[1]).size(),
            0,
            "another host's address");
        const auto map = HostMapProbe::Map(ft);
        NS_TEST_EXPECT_MSG_EQ(map.size(), 2 * ft.GetNHosts(), "host map: every address");
        for (uint32_t i = 0; i < ft.GetNHosts(); ++i)
        {
            const auto all = ft.GetAllHostAddresses(i);
            NS_TEST_EXPECT_MSG_EQ(map.at(all[1].Get()).first, i, "second address -> host");
            NS_TEST_EXPECT_MSG_EQ(map.at(all[1].Get()).second,
                                  map.at(all[0].Get()).second,
                                  "second address -> the host's edge switch");
        }
        Simulator::Destroy();

        // One address per host (the default): nothing more.
        FatTreeHelper one(4);
        one.Build();
        NS_TEST_EXPECT_MSG_EQ(one.GetAddressesPerHost(), 1, "default");
        NS_TEST_EXPECT_MSG_EQ(one.GetAllHostAddresses(3).size(), 1, "one address");
        NS_TEST_EXPECT_MSG_EQ(one.GetHost(3)->GetObject<Ipv4>()->GetNAddresses(1),
                              1,
                              "one address on the NIC");
        Simulator::Destroy();

        // The registry: 256/k addresses at most, and FatTree only.
        DatacenterTopologyParameters p;
        p.k = 4;
        uint32_t n = 0;
        DatacenterTopologyRegistry::Error e;
        p.addressesPerHost = 64;
        NS_TEST_EXPECT_MSG_EQ(DatacenterTopologyRegistry::Validate("fattree", p, &n, &e),
                              true,
                              "k=4: 64 addresses");
        for (const auto& [name, count] : std::vector<std::pair<std::string, uint32_t>>{
                 {"fattree", 65},
                 {"fattree", 0},
                 {"dhft", 2},
                 {"vl2", 2}})
        {
            DatacenterTopologyParameters q;
            q.k = 4;
            q.addressesPerHost = count;
            NS_TEST_EXPECT_MSG_EQ(DatacenterTopologyRegistry::Validate(name, q, &n, &e),
                                  false,
                                  name << " with " << count << " addresses");
            NS_TEST_EXPECT_MSG_EQ(e.option, std::string("addressesPerHost"), "option named");
        }
    }
};

/**
 * A datagram from host 0's second address to host 15's (different pods) arrives from that
 * address, and the echo returns, with the switches forwarding on the fast path or through IPv4.
 */
class SecondAddressDeliveryTest : public TestCase
{
  public:
    /**
     * \param mode how the switches forward
     */
    explicit SecondAddressDeliveryTest(DatacenterTopology::SwitchForwarding mode)
        : TestCase(std::string("addressesPerHost=2: datagram from and to second addresses, ") +
                   (mode == DatacenterTopology::FAST_FORWARDING ? "fast" : "ipv4") +
                   " forwarding"),
          m_mode(mode)
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.SetAddressesPerHost(2);
        ft.SetSwitchForwarding(m_mode);
        ft.Build();
        const auto a = ft.GetAllHostAddresses(0);
        const auto b = ft.GetAllHostAddresses(15);
        UdpEcho server;
        UdpEcho client;
        client.echo = false;
        Ptr<Socket> rx = UdpSocket(ft.GetHost(15), InetSocketAddress(b[1], 9), server);
        Ptr<Socket> tx = UdpSocket(ft.GetHost(0), InetSocketAddress(a[1], 10), client);
        Simulator::Schedule(Seconds(1), MPTCP_EVENT([&]() {
            tx->SendTo(Create<Packet>(100), 0, InetSocketAddress(b[1], 9));
        }));
        Simulator::Stop(Seconds(2));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(server.arrivals.size(), 1, "arrived at the second address");
        NS_TEST_EXPECT_MSG_EQ(InetSocketAddress::ConvertFrom(server.senders[0]).GetIpv4(),
                              a[1],
                              "sent from the second address");
        NS_TEST_ASSERT_MSG_EQ(client.arrivals.size(), 1, "the echo arrived");
        NS_TEST_EXPECT_MSG_EQ(InetSocketAddress::ConvertFrom(client.senders[0]).GetIpv4(),
                              b[1],
                              "echoed from the server's second address");
        Simulator::Destroy();
    }

    DatacenterTopology::SwitchForwarding m_mode; //!< How the switches forward.
};

/**
 * Fullmesh MPTCP between hosts of different pods, two addresses each: the client opens
 * subflows on every (local, remote) pair once the server's ADD_ADDR names its second address:
 * exactly 4 subflows on 4 distinct pairs (MaxSubflows 8 does not limit them), byte-exact.
 */
class FullmeshTwoAddressesTest : public TestCase
{
  public:
    FullmeshTwoAddressesTest()
        : TestCase("addressesPerHost=2: fullmesh MPTCP between pods, 4 subflows on 4 address "
                   "pairs, exact bytes")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 1 << 18);
        Config::SetDefault("ns3::MpTcpSocketBase::PathManager",
                           StringValue("ns3::MpTcpFullmeshPathManager"));
        Config::SetDefault("ns3::MpTcpSocketBase::MaxSubflows", UintegerValue(8));
        Config::SetDefault("ns3::MpTcpSocketBase::SubflowsPerPair", UintegerValue(1));
        FatTreeHelper ft(4);
        ft.SetAddressesPerHost(2);
        for (auto layer : {FatTreeHelper::HOST_EDGE,
                           FatTreeHelper::EDGE_AGGREGATION,
                           FatTreeHelper::AGGREGATION_CORE})
        {
            ft.SetDataRate(layer, DataRate("1Gbps"));
        }
        ft.SetDelay(FatTreeHelper::HOST_EDGE, kEdge);
        ft.SetDelay(FatTreeHelper::EDGE_AGGREGATION, kAgg);
        ft.SetDelay(FatTreeHelper::AGGREGATION_CORE, kCore);
        ft.Build();
        const uint32_t a = 0;
        const uint32_t b = 15; // pod 3
        const uint64_t total = 2000000;
        Ptr<Socket> listener = Listen(ft.GetHost(b), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(ft.GetHost(a), MpTcpSocketFactory::GetTypeId());
        PatternSender tx(client, total);
        std::map<std::pair<uint32_t, uint32_t>, uint32_t> pairs; // established, by addresses
        client->TraceConnectWithoutContext(
            "SubflowEstablished",
            Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([&pairs](Ptr<MpTcpSubflow> sf) {
                Ipv4Address la;
                Ipv4Address ra;
                uint16_t lp;
                uint16_t rp;
                sf->GetFourTuple(la, lp, ra, rp);
                ++pairs[{la.Get(), ra.Get()}];
            })));
        client->Bind();
        client->Connect(InetSocketAddress(ft.GetHostAddress(b), 5000));
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, total, "bytes delivered");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "bytes corrupted or reordered");
        const auto aa = ft.GetAllHostAddresses(a);
        const auto ba = ft.GetAllHostAddresses(b);
        uint32_t all = 0;
        for (const auto& [p, n] : pairs)
        {
            all += n;
        }
        NS_TEST_EXPECT_MSG_EQ(all, 4, "subflows established by the client");
        NS_TEST_EXPECT_MSG_EQ(pairs.size(), 4, "distinct (source, destination) pairs");
        for (uint32_t i = 0; i < 2; ++i)
        {
            for (uint32_t j = 0; j < 2; ++j)
            {
                const std::pair<uint32_t, uint32_t> pair{aa[i].Get(), ba[j].Get()};
                NS_TEST_EXPECT_MSG_EQ(pairs[pair],
                                      1,
                                      "one subflow from address " << i << " to address " << j);
            }
        }
        auto meta = DynamicCast<MpTcpSocketBase>(client);
        NS_TEST_EXPECT_MSG_EQ(meta->GetProtocolErrors(), 0, "protocol errors");
        auto server = DynamicCast<MpTcpSocketBase>(rx.m_conn);
        NS_TEST_ASSERT_MSG_NE(server, nullptr, "accepted an MPTCP connection");
        NS_TEST_EXPECT_MSG_EQ(server->GetSubflows().size(), 4, "the server's subflows");
        Simulator::Destroy();
    }
};

/**
 * The Responsive-MPTCP controller with two addresses per host (the setting of seed 004): as
 * mptcp-responsive-controller's end-to-end case, host 0 sends to host 15 with the Responsive
 * path manager, every switch holding unknown flows for the controller; the one subflow the
 * controller grants goes over a new address pair (host 0's first address to host 15's second,
 * learnt from its ADD_ADDR), and the controller routes its MP_JOIN SYN, whose destination is a
 * second address, on the path it saved: two subflows routed, byte-exact.
 */
class ResponsiveSecondAddressTest : public TestCase
{
  public:
    ResponsiveSecondAddressTest()
        : TestCase("addressesPerHost=2: ResponsiveController routes a subflow to a second "
                   "address")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 1 << 18);
        Config::SetDefault("ns3::MpTcpSocketBase::PathManager",
                           StringValue("ns3::MpTcpResponsivePathManager"));
        FatTreeHelper ft(4);
        ft.SetAddressesPerHost(2);
        ft.Build();
        SdnControllerHelper helper("ns3::ResponsiveController");
        helper.SetFlowTableAttribute("MissAction", StringValue("Hold"));
        helper.SetServerAgentType("ns3::ResponsiveMonitor");
        helper.SetServerAgentAttribute("DeltaDgt", DoubleValue(0.0));
        Ptr<ResponsiveController> ctl = DynamicCast<ResponsiveController>(helper.Install(ft));
        NS_TEST_ASSERT_MSG_EQ(bool(ctl), true, "a ResponsiveController");
        ApplicationContainer agents = helper.InstallControlNetwork(ft, ctl);
        Ptr<ResponsiveMonitor> monitor = DynamicCast<ResponsiveMonitor>(agents.Get(0));
        NS_TEST_ASSERT_MSG_EQ(bool(monitor), true, "monitors on the hosts");

        const uint64_t total = 6000000;
        const uint32_t dst = 15;
        Ptr<Socket> listener = Listen(ft.GetHost(dst), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(ft.GetHost(0), MpTcpSocketFactory::GetTypeId());
        PatternSender tx(client, total);
        Ptr<MpTcpSocketBase> c = DynamicCast<MpTcpSocketBase>(client);
        monitor->AddFlow(c);
        std::set<std::pair<uint32_t, uint32_t>> pairs; // established, by addresses
        client->TraceConnectWithoutContext(
            "SubflowEstablished",
            Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([&pairs](Ptr<MpTcpSubflow> sf) {
                Ipv4Address la;
                Ipv4Address ra;
                uint16_t lp;
                uint16_t rp;
                sf->GetFourTuple(la, lp, ra, rp);
                pairs.insert({la.Get(), ra.Get()});
            })));
        const Address to = InetSocketAddress(ft.GetHostAddress(dst), 5000);
        Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        Simulator::Stop(Seconds(4));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(rx.m_received, total, "the transfer completes");
        NS_TEST_EXPECT_MSG_EQ(rx.m_mismatches, 0u, "byte-exact");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNFlows(), 1u, "one MPTCP flow seen");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNSubflowsGranted(), 1u, "one subflow granted");
        NS_TEST_EXPECT_MSG_EQ(monitor->GetNSubflowsOpened(), 1u, "and opened");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNSubflowsRouted(), 2u, "two subflows routed");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNSavedPathsUsed(), 1u, "the MP_JOIN took the saved path");
        const auto a = ft.GetAllHostAddresses(0);
        const auto b = ft.GetAllHostAddresses(dst);
        const std::set<std::pair<uint32_t, uint32_t>> want{{a[0].Get(), b[0].Get()},
                                                           {a[0].Get(), b[1].Get()}};
        NS_TEST_EXPECT_MSG_EQ((pairs == want),
                              true,
                              "the initial pair, then the first new pair: to the second address");
        Simulator::Destroy();
        ConfigureTransport(1, Lia(), 1 << 18); // the defaults back for later cases
    }
};

/// The suite.
class FatTreeDelaysAddressesTestSuite : public TestSuite
{
  public:
    FatTreeDelaysAddressesTestSuite()
        : TestSuite("mptcp-fat-tree-delays-addresses", MPTCP_TEST_UNIT)
    {
        AddTestCase(new LayerDelaysTest(), MPTCP_TEST_QUICK);
        AddTestCase(new LayerDelayTimingTest(), MPTCP_TEST_QUICK);
        AddTestCase(new AddressesPerHostTest(), MPTCP_TEST_QUICK);
        AddTestCase(new SecondAddressDeliveryTest(DatacenterTopology::FAST_FORWARDING),
                    MPTCP_TEST_QUICK);
        AddTestCase(new SecondAddressDeliveryTest(DatacenterTopology::IPV4_FORWARDING),
                    MPTCP_TEST_QUICK);
        AddTestCase(new FullmeshTwoAddressesTest(), MPTCP_TEST_QUICK);
        AddTestCase(new ResponsiveSecondAddressTest(), MPTCP_TEST_QUICK);
    }
};

/// The suite's instance.
FatTreeDelaysAddressesTestSuite g_fatTreeDelaysAddressesTestSuite;

} // namespace
