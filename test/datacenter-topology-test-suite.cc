/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The dual-homed FatTree and VL2 helpers (Raiciu et al., SIGCOMM 2011, §4.3.1 and §5): exact
 * switch, host and link counts, link rates, the wiring of dual-homed hosts, equal-cost path
 * counts against a breadth-first count on the built graph, and byte-exact TCP and MPTCP
 * transfers across a small DHFT (MPTCP on both NICs of both ends).
 */
#include "mptcp-test-harness.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/datacenter-partition.h"
#include "ns3/datacenter-topology.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/perfect-switch-helper.h"
#include "ns3/dual-homed-fat-tree-helper.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/test.h"
#include "ns3/vl2-helper.h"

#include <map>
#include <set>
#include <vector>

using namespace ns3;

namespace
{

/// Links of \p topo per layer.
std::map<DatacenterTopology::Layer, uint32_t>
LinksPerLayer(const DatacenterTopology& topo)
{
    std::map<DatacenterTopology::Layer, uint32_t> n;
    for (const auto& l : topo.GetLinks())
    {
        ++n[l.layer];
    }
    return n;
}

/// Links of each node of \p topo, by node id.
std::map<uint32_t, std::vector<Ptr<Node>>>
Adjacency(const DatacenterTopology& topo)
{
    std::map<uint32_t, std::vector<Ptr<Node>>> adj;
    for (const auto& l : topo.GetLinks())
    {
        adj[l.a->GetId()].push_back(l.b);
        adj[l.b->GetId()].push_back(l.a);
    }
    return adj;
}

/**
 * Shortest paths between two hosts through switches only (hosts do not relay), counted by a
 * breadth-first search on the links the helper built.
 */
uint32_t
CountShortestPaths(const DatacenterTopology& topo, uint32_t src, uint32_t dst)
{
    if (src == dst)
    {
        return 1;
    }
    std::set<uint32_t> hosts;
    for (uint32_t i = 0; i < topo.GetNHosts(); ++i)
    {
        hosts.insert(topo.GetHost(i)->GetId());
    }
    auto adj = Adjacency(topo);
    const uint32_t s = topo.GetHost(src)->GetId();
    const uint32_t d = topo.GetHost(dst)->GetId();
    std::map<uint32_t, uint32_t> dist{{s, 0}};
    std::map<uint32_t, uint64_t> count{{s, 1}};
    std::vector<uint32_t> frontier{s};
    while (!frontier.empty() && dist.count(d) == 0)
    {
        std::vector<uint32_t> next;
        for (uint32_t u : frontier)
        {
            if (u != s && hosts.count(u))
            {
                continue; // hosts do not forward
            }
            for (const auto& v : adj[u])
            {
                const uint32_t id = v->GetId();
                if (dist.count(id) == 0)
                {
                    dist[id] = dist[u] + 1;
                    next.push_back(id);
                }
                if (dist[id] == dist[u] + 1)
                {
                    count[id] += count[u];
                }
            }
        }
        frontier = next;
    }
    return count[d];
}

/// DHFT k = 12 (576 hosts): counts, dual-homed wiring and addresses, path counts.
class DhftStructureTest : public TestCase
{
  public:
    DhftStructureTest()
        : TestCase("DHFT k=12: counts, two NICs per host on one ToR pair, path counts")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t k = 12;
        DualHomedFatTreeHelper dh(k);
        dh.Create();
        InternetStackHelper stack;
        stack.Install(dh.GetNodes());
        dh.AssignIpv4Addresses();
        NS_TEST_ASSERT_MSG_EQ(dh.GetHostsPerPair(), 8, "2k/3 hosts per pair");
        NS_TEST_ASSERT_MSG_EQ(dh.GetNHosts(), 576, "hosts");
        NS_TEST_ASSERT_MSG_EQ(dh.GetHosts().GetN(), 576, "host nodes");
        NS_TEST_ASSERT_MSG_EQ(dh.GetTorSwitches().GetN(), k * k, "ToRs");
        NS_TEST_ASSERT_MSG_EQ(dh.GetAggregationSwitches().GetN(), k * k / 2, "aggregation");
        NS_TEST_ASSERT_MSG_EQ(dh.GetCoreSwitches().GetN(), k * k / 4, "core");
        NS_TEST_ASSERT_MSG_EQ(dh.GetNodes().GetN(), 576 + k * k + k * k / 2 + k * k / 4, "nodes");
        auto perLayer = LinksPerLayer(dh);
        NS_TEST_ASSERT_MSG_EQ(perLayer[DatacenterTopology::HOST_EDGE], 2 * 576, "host links");
        NS_TEST_ASSERT_MSG_EQ(perLayer[DatacenterTopology::EDGE_AGGREGATION], k * k * k / 4,
                              "ToR-aggregation links");
        NS_TEST_ASSERT_MSG_EQ(perLayer[DatacenterTopology::AGGREGATION_CORE], k * k * k / 4,
                              "aggregation-core links");
        NS_TEST_ASSERT_MSG_EQ(dh.GetNRacks(), k * k / 2, "racks = ToR pairs");

        // Every host: two links, to the two ToRs of one pair, two distinct addresses each on
        // the interface of its own link.
        std::map<uint32_t, std::vector<Ptr<Node>>> hostTors;
        std::map<uint32_t, std::vector<Ptr<PointToPointNetDevice>>> hostDevs;
        for (const auto& l : dh.GetLinks(DatacenterTopology::HOST_EDGE))
        {
            hostTors[l.a->GetId()].push_back(l.b);
            hostDevs[l.a->GetId()].push_back(l.devA);
        }
        std::set<uint32_t> allAddresses;
        for (uint32_t i = 0; i < dh.GetNHosts(); ++i)
        {
            Ptr<Node> host = dh.GetHost(i);
            const auto& tors = hostTors[host->GetId()];
            NS_TEST_ASSERT_MSG_EQ(tors.size(), 2, "host " << i << " links");
            const uint32_t pod = i / (k / 2 * 8);
            const uint32_t pair = (i / 8) % (k / 2);
            NS_TEST_ASSERT_MSG_EQ(tors[0], dh.GetTorSwitch(pod, pair, 0), "host " << i);
            NS_TEST_ASSERT_MSG_EQ(tors[1], dh.GetTorSwitch(pod, pair, 1), "host " << i);
            NS_TEST_ASSERT_MSG_EQ(dh.GetHostRack(i), pod * (k / 2) + pair, "rack of " << i);
            auto addrs = dh.GetHostAddresses(i);
            NS_TEST_ASSERT_MSG_EQ(addrs.size(), 2, "addresses of " << i);
            NS_TEST_ASSERT_MSG_NE(addrs[0], addrs[1], "host " << i);
            NS_TEST_ASSERT_MSG_EQ(dh.GetHostAddress(i), addrs[0], "NIC 0's address");
            Ptr<Ipv4> ipv4 = host->GetObject<Ipv4>();
            for (uint32_t n = 0; n < 2; ++n)
            {
                NS_TEST_ASSERT_MSG_EQ(dh.GetHostDevice(i, n), hostDevs[host->GetId()][n], "dev");
                const int32_t itf = ipv4->GetInterfaceForDevice(hostDevs[host->GetId()][n]);
                NS_TEST_ASSERT_MSG_EQ(ipv4->GetAddress(itf, 0).GetLocal(), addrs[n], "NIC " << n);
                NS_TEST_ASSERT_MSG_EQ(allAddresses.insert(addrs[n].Get()).second, true, "dup");
            }
        }
        // Switch ports: a ToR has k/4 uplinks and 8 hosts (11k/12 ports); an aggregation
        // switch k/2 down (one ToR of each pair) and k/2 up; a core switch one link per pod.
        auto adj = Adjacency(dh);
        for (uint32_t t = 0; t < dh.GetTorSwitches().GetN(); ++t)
        {
            NS_TEST_ASSERT_MSG_EQ(adj[dh.GetTorSwitches().Get(t)->GetId()].size(), 8 + k / 4,
                                  "ToR " << t << " ports");
        }
        for (uint32_t a = 0; a < dh.GetAggregationSwitches().GetN(); ++a)
        {
            NS_TEST_ASSERT_MSG_EQ(adj[dh.GetAggregationSwitches().Get(a)->GetId()].size(), k,
                                  "aggregation " << a << " ports");
        }
        for (uint32_t c = 0; c < dh.GetCoreSwitches().GetN(); ++c)
        {
            NS_TEST_ASSERT_MSG_EQ(adj[dh.GetCoreSwitches().Get(c)->GetId()].size(), k,
                                  "core " << c << " ports");
        }
        // Paths: same pair 2 (one per ToR), same pod k/2, other pod (k/2)^2 (by hand), and
        // the same on the built graph.
        const uint32_t samePair = 1;
        const uint32_t samePod = 8 * 3 + 5;
        const uint32_t otherPod = 575;
        NS_TEST_ASSERT_MSG_EQ(dh.GetEqualCostPathCount(0, samePair), 2, "same pair");
        NS_TEST_ASSERT_MSG_EQ(dh.GetEqualCostPathCount(0, samePod), 6, "same pod");
        NS_TEST_ASSERT_MSG_EQ(dh.GetEqualCostPathCount(0, otherPod), 36, "other pod");
        for (uint32_t d : {samePair, samePod, otherPod})
        {
            NS_TEST_ASSERT_MSG_EQ(CountShortestPaths(dh, 0, d), dh.GetEqualCostPathCount(0, d),
                                  "host 0 to " << d << " on the graph");
        }
        Simulator::Destroy();
    }
};

/// VL2 with D_A = D_I = k: counts, per-layer rates (10x above the ToRs), path counts.
class Vl2StructureTest : public TestCase
{
  public:
    /// \param k D_A = D_I
    explicit Vl2StructureTest(uint32_t k)
        : TestCase("VL2 k=" + std::to_string(k) + ": counts, 10x switch links, path counts"),
          m_k(k)
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t k = m_k;
        Vl2Helper vl2(k);
        vl2.SetHostLinkDataRate(DataRate("100Mbps"));
        vl2.Create();
        NS_TEST_ASSERT_MSG_EQ(vl2.GetTorSwitches().GetN(), k * k / 4, "ToRs");
        NS_TEST_ASSERT_MSG_EQ(vl2.GetAggregationSwitches().GetN(), k, "aggregation");
        NS_TEST_ASSERT_MSG_EQ(vl2.GetIntermediateSwitches().GetN(), k / 2, "intermediate");
        NS_TEST_ASSERT_MSG_EQ(vl2.GetNHosts(), 20 * k * k / 4, "hosts");
        NS_TEST_ASSERT_MSG_EQ(vl2.GetNRacks(), k * k / 4, "racks");
        auto perLayer = LinksPerLayer(vl2);
        NS_TEST_ASSERT_MSG_EQ(perLayer[DatacenterTopology::HOST_EDGE], 20 * k * k / 4, "hosts");
        NS_TEST_ASSERT_MSG_EQ(perLayer[DatacenterTopology::EDGE_AGGREGATION], k * k / 2, "ToR");
        NS_TEST_ASSERT_MSG_EQ(perLayer[DatacenterTopology::AGGREGATION_CORE], k * k / 2, "agg");
        const uint64_t expected[] = {100000000, 1000000000, 1000000000};
        for (const auto& l : vl2.GetLinks())
        {
            for (auto dev : {l.devA, l.devB})
            {
                DataRateValue rate;
                dev->GetAttribute("DataRate", rate);
                NS_TEST_ASSERT_MSG_EQ(rate.Get().GetBitRate(), expected[l.layer], "device rate");
            }
            NS_TEST_ASSERT_MSG_EQ(vl2.GetLinkRate(l.layer), expected[l.layer], "layer rate");
        }
        // A ToR: 20 hosts and two uplinks to two different aggregation switches; an
        // aggregation switch k/2 down, k/2 up; an intermediate switch one link per aggregation.
        auto adj = Adjacency(vl2);
        for (uint32_t t = 0; t < vl2.GetTorSwitches().GetN(); ++t)
        {
            std::set<uint32_t> up;
            for (const auto& n : adj[vl2.GetTorSwitches().Get(t)->GetId()])
            {
                for (uint32_t a = 0; a < k; ++a)
                {
                    if (vl2.GetAggregationSwitches().Get(a) == n)
                    {
                        up.insert(a);
                    }
                }
            }
            NS_TEST_ASSERT_MSG_EQ(adj[vl2.GetTorSwitches().Get(t)->GetId()].size(), 22, "ToR");
            NS_TEST_ASSERT_MSG_EQ(up.size(), 2, "ToR " << t << " uplinks to distinct switches");
        }
        for (uint32_t a = 0; a < k; ++a)
        {
            NS_TEST_ASSERT_MSG_EQ(adj[vl2.GetAggregationSwitches().Get(a)->GetId()].size(), k,
                                  "aggregation ports");
        }
        for (uint32_t c = 0; c < k / 2; ++c)
        {
            NS_TEST_ASSERT_MSG_EQ(adj[vl2.GetIntermediateSwitches().Get(c)->GetId()].size(), k,
                                  "intermediate ports");
        }
        // Paths: same ToR 1, same aggregation pair 2, otherwise 2 * k/2 * 2.
        const uint32_t last = vl2.GetNHosts() - 1;
        NS_TEST_ASSERT_MSG_EQ(vl2.GetEqualCostPathCount(0, 1), 1, "same ToR");
        NS_TEST_ASSERT_MSG_EQ(vl2.GetEqualCostPathCount(0, 20), 2, "same aggregation pair");
        NS_TEST_ASSERT_MSG_EQ(vl2.GetEqualCostPathCount(0, last), 2 * k, "other pair");
        for (uint32_t d : {1U, 20U, last})
        {
            NS_TEST_ASSERT_MSG_EQ(CountShortestPaths(vl2, 0, d), vl2.GetEqualCostPathCount(0, d),
                                  "host 0 to " << d << " on the graph");
        }
        Simulator::Destroy();
    }

    uint32_t m_k; //!< D_A = D_I
};

/// A DHFT k = 4 with 2 hosts per pair (16 hosts), flow-ECMP routing, MPTCP stack.
struct SmallDhft
{
    DualHomedFatTreeHelper dh{4, 2}; //!< the fabric

    SmallDhft()
    {
        dh.SetDataRate(DatacenterTopology::HOST_EDGE, DataRate("10Mbps"));
        dh.SetDataRate(DatacenterTopology::EDGE_AGGREGATION, DataRate("10Mbps"));
        dh.SetDataRate(DatacenterTopology::AGGREGATION_CORE, DataRate("10Mbps"));
        dh.Create();
        MpTcpStackHelper stack;
        stack.SetRoutingHelper(Ipv4FlowEcmpRoutingHelper());
        stack.Install(dh.GetNodes());
        dh.AssignIpv4Addresses();
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
    }
};

/// Single-path TCP between DHFT hosts of different pods: exact bytes, over switches only.
class DhftTcpTransferTest : public TestCase
{
  public:
    DhftTcpTransferTest()
        : TestCase("DHFT k=4: TCP between two pods delivers exact bytes")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 1 << 18);
        SmallDhft t;
        const uint64_t total = 300000;
        // Any host may be the peer: check a few spread over the pods, the first in detail.
        Ptr<Socket> listener = Listen(t.dh.GetHost(15), TcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(t.dh.GetHost(0), TcpSocketFactory::GetTypeId());
        PatternSender tx(client, total);
        client->Bind();
        client->Connect(InetSocketAddress(t.dh.GetHostAddress(15), 5000));
        uint64_t relayed = 0; // packets forwarded by a host
        for (uint32_t i = 0; i < t.dh.GetNHosts(); ++i)
        {
            t.dh.GetHost(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "UnicastForward",
                Callback<void, const Ipv4Header&, Ptr<const Packet>, uint32_t>(
                    MPTCP_CALLBACK([&relayed](const Ipv4Header&, Ptr<const Packet>, uint32_t) { ++relayed; })));
        }
        Simulator::Stop(Seconds(5));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, total, "bytes delivered");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "bytes corrupted or reordered");
        NS_TEST_ASSERT_MSG_EQ(relayed, 0, "a host relayed packets");
        Simulator::Destroy();
    }
};

/// MPTCP (fullmesh, 2 subflows per address pair) between DHFT hosts in different pods.
class DhftMptcpTest : public TestCase
{
  public:
    DhftMptcpTest()
        : TestCase("DHFT k=4: MPTCP subflows on both NICs of both hosts, exact bytes")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 1 << 18);
        Config::SetDefault("ns3::MpTcpSocketBase::PathManager", StringValue("ns3::MpTcpFullmeshPathManager"));
        Config::SetDefault("ns3::MpTcpSocketBase::MaxSubflows", UintegerValue(8));
        Config::SetDefault("ns3::MpTcpSocketBase::SubflowsPerPair", UintegerValue(4));
        Config::SetDefault("ns3::MpTcpSocketBase::MatchAddressIndex", BooleanValue(true));
        SmallDhft t;
        const uint32_t a = 0;
        const uint32_t b = 13; // pod 3
        const uint64_t total = 1000000;
        Ptr<Socket> listener = Listen(t.dh.GetHost(b), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(t.dh.GetHost(a), MpTcpSocketFactory::GetTypeId());
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
        client->Connect(InetSocketAddress(t.dh.GetHostAddress(b), 5000));
        // Bytes each NIC of each host sends.
        uint64_t nicTx[2][2] = {{0, 0}, {0, 0}};
        for (uint32_t n = 0; n < 2; ++n)
        {
            for (uint32_t h = 0; h < 2; ++h)
            {
                t.dh.GetHostDevice(h == 0 ? a : b, n)
                    ->TraceConnectWithoutContext(
                        "MacTx",
                        Callback<void, Ptr<const Packet>>(
                            MPTCP_CALLBACK([&nicTx, h, n](Ptr<const Packet> p) { nicTx[h][n] += p->GetSize(); })));
            }
        }
        Simulator::Stop(Seconds(10));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, total, "bytes delivered");
        NS_TEST_ASSERT_MSG_EQ(rx.m_mismatches, 0, "bytes corrupted or reordered");
        const auto aa = t.dh.GetHostAddresses(a);
        const auto ba = t.dh.GetHostAddresses(b);
        // NIC n reaches the peer's NIC n (one plane each): up to 4 subflows on each such pair,
        // 8 in all. The initial subflow leaves by the NIC routing picks, to NIC 0's address.
        const std::pair<uint32_t, uint32_t> same0{aa[0].Get(), ba[0].Get()};
        const std::pair<uint32_t, uint32_t> same1{aa[1].Get(), ba[1].Get()};
        const std::pair<uint32_t, uint32_t> cross{aa[1].Get(), ba[0].Get()};
        uint32_t all = 0;
        for (const auto& [p, n] : pairs)
        {
            all += n;
        }
        NS_TEST_ASSERT_MSG_EQ(all, 8, "subflows established by the client");
        NS_TEST_ASSERT_MSG_EQ(pairs[same0], 4, "NIC 0 to NIC 0");
        NS_TEST_ASSERT_MSG_EQ(pairs[same1] + pairs[cross], 4, "from NIC 1");
        NS_TEST_ASSERT_MSG_GT(pairs[same1], 2, "NIC 1 to NIC 1");
        for (uint32_t h = 0; h < 2; ++h)
        {
            for (uint32_t n = 0; n < 2; ++n)
            {
                // The sender's NICs carry data, the receiver's ACKs: both well above a handshake.
                NS_TEST_ASSERT_MSG_GT(nicTx[h][n], (h == 0 ? 100000U : 5000U),
                                      "host " << h << " NIC " << n << " idle");
            }
        }
        auto meta = DynamicCast<MpTcpSocketBase>(client);
        NS_TEST_ASSERT_MSG_EQ(meta->GetProtocolErrors(), 0, "protocol errors");
        Simulator::Destroy();
    }
};

/// The suite.
/**
 * The split of a fabric over the ranks of a distributed run (SetSystemCount()): which rank
 * each node gets, by hand for a k=8 FatTree on 2 ranks, and for every fabric: hosts, their
 * edge (ToR) and aggregation switches on one rank, hosts shared evenly, node ids unchanged.
 */
class PartitionTest : public TestCase
{
  public:
    PartitionTest()
        : TestCase("SetSystemCount: pods to ranks (FatTree k=8 by hand; DHFT, VL2, perfect)")
    {
    }

  private:
    /// \return links of \p topo whose ends are on different ranks, per layer
    static std::map<DatacenterTopology::Layer, uint32_t> CrossLinks(const DatacenterTopology& topo)
    {
        std::map<DatacenterTopology::Layer, uint32_t> n;
        for (const auto& l : topo.GetLinks())
        {
            n[l.layer] += l.a->GetSystemId() != l.b->GetSystemId() ? 1 : 0;
        }
        return n;
    }

    /// \return hosts of \p topo per rank
    static std::map<uint32_t, uint32_t> HostsPerRank(const DatacenterTopology& topo)
    {
        std::map<uint32_t, uint32_t> n;
        for (uint32_t i = 0; i < topo.GetNHosts(); ++i)
        {
            ++n[topo.GetHost(i)->GetSystemId()];
        }
        return n;
    }

    void DoRun() override
    {
        // SystemOf: contiguous blocks, group * systems / groups.
        const std::vector<uint32_t> fourOverThree = {0, 0, 1, 2};
        for (uint32_t g = 0; g < 4; ++g)
        {
            NS_TEST_ASSERT_MSG_EQ(DatacenterPartition::SystemOf(g, 4, 3), fourOverThree[g],
                                  "pod " << g << " of 4 over 3 ranks");
        }
        NS_TEST_ASSERT_MSG_EQ(DatacenterPartition::SystemOf(7, 8, 1), 0, "one rank");
        // Without mpirun this is a run on one rank: every node local, sums unchanged.
        NS_TEST_ASSERT_MSG_EQ(DatacenterPartition::GetSize(), 1, "not enabled: one rank");
        std::vector<uint64_t> v = {3, 5};
        DatacenterPartition::Sum(v);
        NS_TEST_ASSERT_MSG_EQ(v[1], 5, "Sum on one rank leaves the values");

        // FatTree k=8 on 2 ranks: pods 0-3 on rank 0, 4-7 on rank 1; cores 0-7 (reached by
        // aggregation switches 0 and 1 of each pod) on 0, cores 8-15 on 1. Cross-rank links:
        // per pod, the 2 aggregation switches of the other half times 4 cores = 8, so 64 of
        // the 128 aggregation-core links and none below.
        FatTreeHelper one(8);
        one.Create();
        FatTreeHelper ft(8);
        ft.SetSystemCount(2);
        ft.Create();
        NS_TEST_ASSERT_MSG_EQ(ft.GetSystemCount(), 2, "systems");
        for (uint32_t pod = 0; pod < 8; ++pod)
        {
            const uint32_t rank = pod < 4 ? 0 : 1;
            for (uint32_t i = 0; i < 4; ++i)
            {
                NS_TEST_ASSERT_MSG_EQ(ft.GetEdgeSwitch(pod, i)->GetSystemId(), rank,
                                      "edge " << i << " of pod " << pod);
                NS_TEST_ASSERT_MSG_EQ(ft.GetAggregationSwitch(pod, i)->GetSystemId(), rank,
                                      "aggregation " << i << " of pod " << pod);
            }
            for (uint32_t hst = 16 * pod; hst < 16 * (pod + 1); ++hst)
            {
                NS_TEST_ASSERT_MSG_EQ(ft.GetHost(hst)->GetSystemId(), rank, "host " << hst);
                NS_TEST_ASSERT_MSG_EQ(one.GetHost(hst)->GetSystemId(), 0, "one rank");
                // Same creation order: node ids keep their offset (results do not move).
                NS_TEST_ASSERT_MSG_EQ(ft.GetHost(hst)->GetId() - ft.GetHost(0)->GetId(),
                                      one.GetHost(hst)->GetId() - one.GetHost(0)->GetId(),
                                      "node id of host " << hst);
            }
        }
        for (uint32_t c = 0; c < 16; ++c)
        {
            const uint32_t rank = c < 8 ? 0 : 1;
            NS_TEST_ASSERT_MSG_EQ(ft.GetCoreSwitch(c)->GetSystemId(), rank, "core " << c);
        }
        auto cross = CrossLinks(ft);
        NS_TEST_ASSERT_MSG_EQ(cross[DatacenterTopology::HOST_EDGE], 0, "host links");
        NS_TEST_ASSERT_MSG_EQ(cross[DatacenterTopology::EDGE_AGGREGATION], 0, "pod links");
        NS_TEST_ASSERT_MSG_EQ(cross[DatacenterTopology::AGGREGATION_CORE], 64, "core links");
        NS_TEST_ASSERT_MSG_EQ(CrossLinks(one)[DatacenterTopology::AGGREGATION_CORE], 0,
                              "one rank: no cross links");

        // DHFT k=8 and VL2 k=8 on 2 ranks, a perfect switch of 6 hosts on 3: hosts evenly,
        // nothing crosses below the core layer.
        DualHomedFatTreeHelper dh(8);
        dh.SetSystemCount(2);
        dh.Create();
        Vl2Helper vl2(8);
        vl2.SetSystemCount(2);
        vl2.Create();
        for (const DatacenterTopology* t : {static_cast<const DatacenterTopology*>(&dh),
                                            static_cast<const DatacenterTopology*>(&vl2)})
        {
            auto hosts = HostsPerRank(*t);
            NS_TEST_ASSERT_MSG_EQ(hosts.size(), 2, "two ranks");
            NS_TEST_ASSERT_MSG_EQ(hosts[0], t->GetNHosts() / 2, "half the hosts on rank 0");
            auto x = CrossLinks(*t);
            NS_TEST_ASSERT_MSG_EQ(x[DatacenterTopology::HOST_EDGE], 0, "host links");
            NS_TEST_ASSERT_MSG_EQ(x[DatacenterTopology::EDGE_AGGREGATION], 0, "pod links");
            NS_TEST_ASSERT_MSG_GT(x[DatacenterTopology::AGGREGATION_CORE], 0, "core links");
        }
        PerfectSwitchHelper ps(6);
        ps.SetSystemCount(3);
        ps.Create();
        auto hosts = HostsPerRank(ps);
        NS_TEST_ASSERT_MSG_EQ(hosts[0] * 100 + hosts[1] * 10 + hosts[2], 222, "2 hosts per rank");
    }
};

class DatacenterTopologyTestSuite : public TestSuite
{
  public:
    DatacenterTopologyTestSuite()
        : TestSuite("mptcp-datacenter-topology", MPTCP_TEST_UNIT)
    {
        AddTestCase(new DhftStructureTest(), MPTCP_TEST_QUICK);
        AddTestCase(new Vl2StructureTest(4), MPTCP_TEST_QUICK);
        AddTestCase(new Vl2StructureTest(8), MPTCP_TEST_QUICK);
        AddTestCase(new DhftTcpTransferTest(), MPTCP_TEST_QUICK);
        AddTestCase(new DhftMptcpTest(), MPTCP_TEST_QUICK);
        AddTestCase(new PartitionTest(), MPTCP_TEST_QUICK);
    }
};

/// Static instance.
static DatacenterTopologyTestSuite g_datacenterTopologyTestSuite;

} // namespace
