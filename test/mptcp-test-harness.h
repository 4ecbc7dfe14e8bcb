/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Shared harness of the module's end-to-end test suites: pattern senders and receivers that
 * check every byte, transport defaults, and small topologies. Header-only, in an anonymous
 * namespace: each test source gets its own copy.
 */
#ifndef MPTCP_TEST_HARNESS_H
#define MPTCP_TEST_HARNESS_H

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/core-module.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/internet-module.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/ipv4-flow-ecmp-routing.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/mptcp-option.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-stack-helper.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/ppp-header.h"
#include "ns3/traffic-control-module.h"
#include "ns3/two-path-helper.h"

#include <functional>
#include <map>
#include <vector>

namespace
{

using namespace ns3;

/// Byte i of a test stream: a pattern that exposes reordering, loss and duplication.
inline uint8_t
PatternByte(uint64_t i)
{
    return static_cast<uint8_t>((i * 7 + (i >> 8) * 13) % 251);
}

/// Writes `total` pattern bytes to a socket as fast as the socket takes them, then closes it.
class PatternSender
{
  public:
    /// Byte i of the stream sent.
    using ByteFunction = std::function<uint8_t(uint64_t i)>;

    /**
     * \param socket a socket, not yet connected
     * \param total bytes to send
     * \param byte byte i of the stream (default PatternByte)
     */
    PatternSender(Ptr<Socket> socket, uint64_t total, ByteFunction byte = PatternByte)
        : m_socket(socket),
          m_total(total),
          m_byte(std::move(byte))
    {
        m_socket->SetConnectCallback(MakeCallback(&PatternSender::Connected, this),
                                     MakeNullCallback<void, Ptr<Socket>>());
        m_socket->SetSendCallback(MakeCallback(&PatternSender::Space, this));
    }

    uint64_t m_sent{0};      //!< bytes accepted by the socket
    bool m_connected{false}; //!< the connection is up
    bool m_closed{false};    //!< Close() was called

  private:
    void Connected(Ptr<Socket>)
    {
        m_connected = true;
        Fill();
    }

    void Space(Ptr<Socket>, uint32_t)
    {
        if (m_connected)
        {
            Fill();
        }
    }

    void Fill()
    {
        uint8_t buf[1000];
        while (m_sent < m_total)
        {
            uint32_t n = std::min<uint64_t>({sizeof(buf), m_total - m_sent,
                                              m_socket->GetTxAvailable()});
            if (n == 0)
            {
                return;
            }
            for (uint32_t i = 0; i < n; ++i)
            {
                buf[i] = m_byte(m_sent + i);
            }
            int r = m_socket->Send(Create<Packet>(buf, n));
            if (r <= 0)
            {
                return;
            }
            m_sent += r;
        }
        if (!m_closed)
        {
            m_closed = true;
            m_socket->Close();
        }
    }

    Ptr<Socket> m_socket;
    uint64_t m_total;
    ByteFunction m_byte;
};

/// Accepts one connection and checks every received byte against the pattern.
class PatternReceiver
{
  public:
    /// \param listener a listening socket
    explicit PatternReceiver(Ptr<Socket> listener)
    {
        listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&PatternReceiver::Accept, this));
    }

    uint64_t m_received{0};                              //!< bytes received
    uint64_t m_mismatches{0};                            //!< bytes not matching the pattern
    Ptr<Socket> m_conn;                                  //!< the accepted connection
    std::vector<std::pair<double, uint64_t>> m_progress; //!< (time s, bytes)

  private:
    void Accept(Ptr<Socket> s, const Address&)
    {
        m_conn = s;
        s->SetRecvCallback(MakeCallback(&PatternReceiver::Read, this));
    }

    void Read(Ptr<Socket> s)
    {
        Ptr<Packet> p;
        while ((p = s->Recv()) && p->GetSize() > 0) // TCP returns an empty packet at EOF
        {
            std::vector<uint8_t> buf(p->GetSize());
            p->CopyData(buf.data(), buf.size());
            for (uint8_t b : buf)
            {
                if (b != PatternByte(m_received))
                {
                    ++m_mismatches;
                }
                ++m_received;
            }
        }
        m_progress.emplace_back(Simulator::Now().GetSeconds(), m_received);
    }
};

/// Bytes received by time t, from a receiver's progress record.
inline uint64_t
BytesAt(const PatternReceiver& r, double t)
{
    uint64_t b = 0;
    for (const auto& [time, bytes] : r.m_progress)
    {
        if (time <= t)
        {
            b = bytes;
        }
    }
    return b;
}

/**
 * Sets every transport default a test depends on, so that no test inherits another's.
 * \param subflows MPTCP subflows per connection
 * \param cc congestion control of the subflows
 * \param buffer socket send and receive buffers, bytes
 */
inline void
ConfigureTransport(uint32_t subflows, TypeId cc, uint32_t buffer)
{
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1400));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::MpTcpSocketBase::NumSubflows", UintegerValue(subflows));
    Config::SetDefault("ns3::MpTcpSocketBase::SndBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::MpTcpSocketBase::RcvBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::MpTcpSocketBase::CongestionControl", TypeIdValue(cc));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(2));
    Config::SetDefault("ns3::MpTcpSocketBase::Scheduler",
                       StringValue("ns3::MpTcpLowestRttScheduler"));
    Config::SetDefault("ns3::MpTcpSocketBase::PenalizeSlowSubflow", BooleanValue(true));
    Config::SetDefault("ns3::MpTcpSocketBase::PathManager",
                       StringValue("ns3::MpTcpNdiffportsPathManager"));
    Config::SetDefault("ns3::MpTcpSocketBase::MaxSubflows", UintegerValue(8));
    Config::SetDefault("ns3::MpTcpSocketBase::SubflowsPerPair", UintegerValue(1));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(Seconds(1))); // ns-3's default
    Config::SetDefault("ns3::MpTcpSocketBase::FirstDataRto", TimeValue(Seconds(0)));
}

/**
 * A receive error model for a point-to-point device that drops the n-th TCP segment (counting
 * from 1) for which a predicate on its TCP header and payload length (bytes) holds, and no
 * other packet.
 */
class SegmentDropper : public ErrorModel
{
  public:
    /// Predicate: (TCP header, payload bytes) -> the segment counts.
    using Match = std::function<bool(const TcpHeader&, uint32_t)>;

    /**
     * \param match which segments count
     * \param n drop the n-th of them (1: the first)
     */
    SegmentDropper(Match match, uint32_t n)
        : m_match(std::move(match)),
          m_n(n)
    {
    }

    uint32_t m_seen{0};        //!< matching segments seen
    double m_dropTime{-1};     //!< when the segment was dropped, s (-1: not yet)

  private:
    bool DoCorrupt(Ptr<Packet> p) override
    {
        Ptr<Packet> c = p->Copy();
        PppHeader ppp;
        Ipv4Header ip;
        TcpHeader tcp;
        c->RemoveHeader(ppp);
        c->RemoveHeader(ip);
        if (ip.GetProtocol() != 6)
        {
            return false;
        }
        c->RemoveHeader(tcp);
        if (!m_match(tcp, c->GetSize()) || ++m_seen != m_n)
        {
            return false;
        }
        m_dropTime = Simulator::Now().GetSeconds();
        return true;
    }

    void DoReset() override
    {
    }

    Match m_match;
    uint32_t m_n;
};

/// The coupled congestion control of the paper.
inline TypeId
Lia()
{
    return TypeId::LookupByName("ns3::MpTcpLia");
}

/// Removes the queue discs of \p devs: the devices' own DropTail queues remain.
inline void
UseDropTail(NetDeviceContainer devs)
{
    TrafficControlHelper tch;
    tch.Uninstall(devs);
}

/**
 * Two hosts on one 10 Mb/s, 1 ms point-to-point link, both with the MPTCP stack (node 1 serves).
 */
struct OneLinkTopology
{
    NodeContainer nodes;        //!< 0: client, 1: server
    NetDeviceContainer devs;    //!< the link's two devices
    Ipv4InterfaceContainer ifs; //!< their addresses

    /// Build it on \p subnet (a /24; the simulator must be fresh).
    explicit OneLinkTopology(const char* subnet)
    {
        nodes.Create(2);
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        p2p.SetChannelAttribute("Delay", StringValue("1ms"));
        devs = p2p.Install(nodes);
        MpTcpStackHelper stack;
        stack.Install(nodes);
        Ipv4AddressHelper addr(subnet, "255.255.255.0");
        ifs = addr.Assign(devs);
    }
};

/**
 * A listening socket on port 5000 of \p node.
 * \param node the server
 * \param factory the socket factory's TypeId (MPTCP or TCP)
 * \return the socket
 */
inline Ptr<Socket>
Listen(Ptr<Node> node, TypeId factory)
{
    Ptr<Socket> listener = Socket::CreateSocket(node, factory);
    listener->Bind(InetSocketAddress(Ipv4Address::GetAny(), 5000));
    listener->Listen();
    return listener;
}

/**
 * Two hosts A and B joined by two disjoint paths:
 *   A =100M= S1 -10M- R1 -10M- S2 =100M= B   and   S1 -10M- R2 -10M- S2,
 * 1 ms per link, 100-packet DropTail queues, MPTCP stack with flow-ECMP routing (TwoPathHelper).
 */
struct TwoPathTopology
{
    NodeContainer n;                           //!< 0: A, 1: S1, 2: R1, 3: R2, 4: S2, 5: B
    std::vector<NetDeviceContainer> links;     //!< A-S1, S1-R1, S1-R2, R1-S2, R2-S2, S2-B
    std::vector<Ipv4InterfaceContainer> ifs;   //!< one per link
    Ipv4Address a;                             //!< A's address
    Ipv4Address b;                             //!< B's address
    std::vector<Ipv4Address> gateways;         //!< S1's next hops: R1, R2
    Ptr<Ipv4FlowEcmpRouting> s1;               //!< S1's routing, to pin a subflow to a path

    TwoPathHelper helper;                      //!< builds the topology

    /// Build it (the simulator must be fresh).
    TwoPathTopology()
    {
        helper.Create();
        n = helper.GetNodes();
        for (uint32_t i = TwoPathHelper::A_S1; i <= TwoPathHelper::S2_B; ++i)
        {
            links.push_back(helper.GetLink(i));
            ifs.push_back(helper.GetInterfaces(i));
        }
        a = helper.GetHostAddressA();
        b = helper.GetHostAddressB();
        gateways = {helper.GetGateway(0), helper.GetGateway(1)};
        s1 = helper.GetFirstSwitchRouting();
    }

    /**
     * Pin the data direction of each subflow of \p client to path (i mod 2) at S1, in the
     * order the subflows are established, as a controller would.
     * \param client an MPTCP socket on A
     * \param pinned incremented per pinned subflow; must outlive the simulation (as must the
     * topology)
     */
    void PinSubflows(Ptr<Socket> client, uint32_t* pinned)
    {
        helper.PinSubflows(client, [pinned](Ptr<MpTcpSubflow>, uint32_t) { ++*pinned; });
    }

    /**
     * Pin the data direction of one established subflow of a socket on A to a path at S1.
     * \param sf the subflow
     * \param path 1 (via R1) or 2 (via R2)
     */
    void PinSubflow(Ptr<MpTcpSubflow> sf, uint32_t path)
    {
        helper.PinSubflow(sf, path - 1);
    }

    /**
     * Make path 2 (R2 -> S2) drop every packet from \p from, and carry them again from \p to
     * (never, if \p to is not positive).
     * \param from seconds
     * \param to seconds
     */
    void FailPath2(double from, double to)
    {
        FailPath(2, from, to);
    }

    /**
     * Make path \p path (1: R1 -> S2, 2: R2 -> S2) drop every packet from \p from, and carry
     * them again from \p to (never, if \p to is not positive).
     * \param path 1 or 2
     * \param from seconds
     * \param to seconds
     */
    void FailPath(uint32_t path, double from, double to)
    {
        helper.FailPath(path - 1, Seconds(from), Seconds(to));
    }
};

/**
 * Two dual-homed hosts A and B, each with two NICs: NIC 1 of each on router S1, NIC 2 on S2,
 * and S1 joined to S2, so that each of the four address pairs routes:
 *   A1 -10M- S1 -10M- B1,   A2 -10M- S2 -10M- B2,   S1 -100M- S2,
 * 1 ms per link, 100-packet DropTail queues, MPTCP stack, static routes. Hosts route by
 * interface, as Linux with one routing table per NIC: a default route per NIC (NIC 1's
 * preferred when no interface is given), which a subflow bound to a NIC selects. S1 reaches
 * A2 and B2 through S2 and vice versa; no path crosses a host. (Global routing would not do:
 * it adds host routes to each interface address of a node through the nearest link to that
 * node, so S2 would reach B1 through B's NIC 2.)
 */
struct DualHomedTopology
{
    NodeContainer n;                         //!< 0: A, 1: S1, 2: S2, 3: B
    std::vector<NetDeviceContainer> links;   //!< A-S1, A-S2, B-S1, B-S2, S1-S2
    std::vector<Ipv4InterfaceContainer> ifs; //!< one per link (host or S1 first)
    Ipv4Address a1;                          //!< A's NIC 1
    Ipv4Address a2;                          //!< A's NIC 2
    Ipv4Address b1;                          //!< B's NIC 1
    Ipv4Address b2;                          //!< B's NIC 2

    /// Build it (the simulator must be fresh).
    DualHomedTopology()
    {
        n.Create(4);
        PointToPointHelper edge;
        edge.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        edge.SetChannelAttribute("Delay", StringValue("1ms"));
        edge.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("100p"));
        PointToPointHelper core = edge;
        core.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        MpTcpStackHelper stack;
        stack.SetRoutingHelper(Ipv4StaticRoutingHelper());
        stack.Install(n);
        links = {edge.Install(n.Get(0), n.Get(1)),
                 edge.Install(n.Get(0), n.Get(2)),
                 edge.Install(n.Get(3), n.Get(1)),
                 edge.Install(n.Get(3), n.Get(2)),
                 core.Install(n.Get(1), n.Get(2))};
        Ipv4AddressHelper addr("10.4.1.0", "255.255.255.0");
        for (auto& d : links)
        {
            ifs.push_back(addr.Assign(d));
            addr.NewNetwork();
            UseDropTail(d);
        }
        a1 = ifs[0].GetAddress(0);
        a2 = ifs[1].GetAddress(0);
        b1 = ifs[2].GetAddress(0);
        b2 = ifs[3].GetAddress(0);
        Ipv4StaticRoutingHelper statics;
        auto ifIndex = [](Ptr<NetDevice> d) {
            return d->GetNode()->GetObject<Ipv4>()->GetInterfaceForDevice(d);
        };
        auto routing = [&statics](Ptr<NetDevice> d) {
            return statics.GetStaticRouting(d->GetNode()->GetObject<Ipv4>());
        };
        for (uint32_t l = 0; l < 4; ++l)
        {
            Ptr<NetDevice> nic = links[l].Get(0);
            routing(nic)->AddNetworkRouteTo(Ipv4Address::GetAny(),
                                            Ipv4Mask::GetZero(),
                                            ifs[l].GetAddress(1),
                                            ifIndex(nic),
                                            l % 2); // NIC 1 first
            // The router of the other NIC reaches this one's subnet over the core link.
            uint32_t side = (l % 2 == 0) ? 1 : 0; // S2's end (1) for NIC 1's subnet
            Ptr<NetDevice> far = links[4].Get(side);
            const Ipv4Mask mask("255.255.255.0");
            routing(far)->AddNetworkRouteTo(ifs[l].GetAddress(0).CombineMask(mask),
                                            mask,
                                            ifs[4].GetAddress(1 - side),
                                            ifIndex(far));
        }
    }

    /**
     * Take a host's NIC down (Ipv4::SetDown) at \p t.
     * \param link 0: A's NIC 1, 1: A's NIC 2, 2: B's NIC 1, 3: B's NIC 2
     * \param t seconds
     */
    void NicDown(uint32_t link, double t)
    {
        Ptr<NetDevice> dev = links[link].Get(0);
        Simulator::Schedule(Seconds(t), MPTCP_EVENT([dev]() {
            Ptr<Ipv4> ip = dev->GetNode()->GetObject<Ipv4>();
            ip->SetDown(ip->GetInterfaceForDevice(dev));
        }));
    }

    /**
     * Bring a host's NIC taken down by NicDown() up again at \p t, with its default route
     * (Ipv4StaticRouting drops the routes of an interface that goes down; only the subnet's
     * comes back with Ipv4::SetUp).
     * \param link 0: A's NIC 1, 1: A's NIC 2, 2: B's NIC 1, 3: B's NIC 2
     * \param t seconds
     */
    void NicUp(uint32_t link, double t)
    {
        Ptr<NetDevice> dev = links[link].Get(0);
        Ipv4Address gateway = ifs[link].GetAddress(1);
        Simulator::Schedule(Seconds(t), MPTCP_EVENT([dev, gateway, link]() {
            Ptr<Ipv4> ip = dev->GetNode()->GetObject<Ipv4>();
            int32_t i = ip->GetInterfaceForDevice(dev);
            ip->SetUp(i);
            Ipv4StaticRoutingHelper statics;
            statics.GetStaticRouting(ip)->AddNetworkRouteTo(Ipv4Address::GetAny(),
                                                            Ipv4Mask::GetZero(),
                                                            gateway,
                                                            i,
                                                            link % 2);
        }));
    }
};

/**
 * A middlebox on a device's transmit side: a FIFO queue disc that disables every MPTCP option
 * (kind 30) of the TCP segments a predicate selects, as option-stripping firewalls and NATs
 * do, and/or changes a payload byte of the data segments another predicate selects, as
 * rewriting application-level gateways do (RFC 8684 §3.7). Install it on a device whose queue
 * disc was uninstalled.
 */
class OptionStripper : public QueueDisc
{
  public:
    /// \return the TypeId ("ns3::MpTcpTestOptionStripper")
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::MpTcpTestOptionStripper")
                                .SetParent<QueueDisc>()
                                .SetGroupName("Mptcp")
                                .AddConstructor<OptionStripper>();
        return tid;
    }

    OptionStripper()
        : QueueDisc(QueueDiscSizePolicy::SINGLE_INTERNAL_QUEUE)
    {
    }

    /// Which segments to strip (by their TCP header); none if empty.
    std::function<bool(const TcpHeader&)> m_match;
    /// If set, the MPTCP options of matching segments are handed to it (raw bytes, kind 30
    /// first) instead of being disabled: it may change them in place (not their length) and
    /// returns true if it did. A middlebox that corrupts options rather than stripping them.
    std::function<bool(std::vector<uint8_t>&)> m_rewrite;
    uint32_t m_stripped{0}; //!< segments whose MPTCP options were removed (or rewritten)
    /// Which data segments get one payload byte changed (as a rewriting ALG would); none if
    /// empty. Called for segments with payload only, with the header and the payload size.
    std::function<bool(const TcpHeader&, uint32_t)> m_corrupt;
    uint32_t m_corrupted{0}; //!< segments whose payload was changed

    /**
     * Put a stripper on \p dev, replacing its queue disc.
     * \param dev the device (its node has an internet stack)
     * \param match which segments to strip
     * \return the stripper
     */
    static Ptr<OptionStripper> Install(Ptr<NetDevice> dev,
                                       std::function<bool(const TcpHeader&)> match)
    {
        OptionStripper::GetTypeId(); // registers the TypeId for the helper
        TrafficControlHelper tch;
        if (dev->GetNode()->GetObject<TrafficControlLayer>()->GetRootQueueDiscOnDevice(dev))
        {
            tch.Uninstall(dev); // (uninstalling twice crashes ns-3.37)
        }
        tch.SetRootQueueDisc("ns3::MpTcpTestOptionStripper");
        QueueDiscContainer q = tch.Install(dev);
        Ptr<OptionStripper> s = DynamicCast<OptionStripper>(q.Get(0));
        s->m_match = match;
        return s;
    }

  private:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override
    {
        Ptr<Ipv4QueueDiscItem> ip = DynamicCast<Ipv4QueueDiscItem>(item);
        if (ip && ip->GetHeader().GetProtocol() == 6 && m_corrupt)
        {
            Ptr<Packet> p = item->GetPacket();
            TcpHeader h;
            p->PeekHeader(h);
            uint32_t payload = p->GetSize() - h.GetSerializedSize();
            if (payload > 0 && m_corrupt(h, payload))
            {
                p->RemoveHeader(h);
                std::vector<uint8_t> bytes(payload);
                p->CopyData(bytes.data(), payload);
                bytes[payload / 2] ^= 0x5a;
                p->RemoveAtEnd(payload);
                p->AddAtEnd(Create<Packet>(bytes.data(), payload));
                p->AddHeader(h);
                ++m_corrupted;
            }
        }
        if (ip && ip->GetHeader().GetProtocol() == 6 && m_match)
        {
            Ptr<Packet> p = item->GetPacket();
            TcpHeader h;
            p->PeekHeader(h);
            if (m_match(h))
            {
                // The option's bytes are kept but its kind becomes 253 (RFC 6994, experimental)
                // which both ends ignore: the segment keeps its size, so the queue disc's
                // byte accounting stays exact.
                TcpHeader out = CopyTcpHeaderWithoutOptions(h);
                bool removed = false;
                std::vector<uint8_t> bytes;
                for (const auto& opt : h.GetOptionList())
                {
                    if (GetMpTcpOptionBytes(opt, bytes))
                    {
                        if (!m_rewrite)
                        {
                            removed = true;
                            bytes[0] = 253;
                        }
                        else if (m_rewrite(bytes))
                        {
                            removed = true;
                        }
                        Ptr<TcpOptionMpTcp> blank = CreateObject<TcpOptionMpTcp>();
                        blank->SetBytes(bytes);
                        out.AppendOption(blank);
                        continue;
                    }
                    out.AppendOption(opt);
                }
                if (removed)
                {
                    p->RemoveHeader(h);
                    p->AddHeader(out);
                    ++m_stripped;
                }
            }
        }
        return GetInternalQueue(0)->Enqueue(item);
    }

    Ptr<QueueDiscItem> DoDequeue() override
    {
        return GetInternalQueue(0)->Dequeue();
    }

    bool CheckConfig() override
    {
        if (GetNInternalQueues() == 0)
        {
            AddInternalQueue(CreateObjectWithAttributes<DropTailQueue<QueueDiscItem>>(
                "MaxSize",
                QueueSizeValue(QueueSize("1000p"))));
        }
        return true;
    }

    void InitializeParams() override
    {
    }
};

/**
 * Hosts A and B joined through switches S1 and S2 by parallel S1-S2 links of the given delays:
 *   A -10M- S1 =(n x 100M)= S2 -100M- B,
 * 1 ms host links, 1000-packet DropTail queues (nothing is lost at these rates), MPTCP stack
 * with flow-ECMP routing: S1 spreads flows over the n equal-cost links by 5-tuple hash, so
 * packets of one flow with different source ports see different delays (reordering).
 */
struct ParallelLinksTopology
{
    NodeContainer n;   //!< 0: A, 1: S1, 2: S2, 3: B
    Ipv4Address a;     //!< A's address
    Ipv4Address b;     //!< B's address
    NetDeviceContainer hostLink; //!< A-S1

    /// Build it (the simulator must be fresh). \param delays one-way delay of each S1-S2 link
    explicit ParallelLinksTopology(const std::vector<Time>& delays)
    {
        n.Create(4);
        Ipv4ListRoutingHelper routing;
        routing.Add(Ipv4StaticRoutingHelper(), 0);
        routing.Add(Ipv4FlowEcmpRoutingHelper(), -10);
        MpTcpStackHelper stack;
        stack.SetRoutingHelper(routing);
        stack.Install(n);
        PointToPointHelper p2p;
        p2p.SetChannelAttribute("Delay", TimeValue(MilliSeconds(1)));
        p2p.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("1000p"));
        p2p.SetDeviceAttribute("DataRate", StringValue("10Mbps"));
        Ipv4AddressHelper addr("10.7.0.0", "255.255.255.0");
        hostLink = p2p.Install(n.Get(0), n.Get(1));
        a = addr.Assign(hostLink).GetAddress(0);
        UseDropTail(hostLink);
        p2p.SetDeviceAttribute("DataRate", StringValue("100Mbps"));
        for (const Time& d : delays)
        {
            addr.NewNetwork();
            p2p.SetChannelAttribute("Delay", TimeValue(d));
            NetDeviceContainer link = p2p.Install(n.Get(1), n.Get(2));
            addr.Assign(link);
            UseDropTail(link);
        }
        addr.NewNetwork();
        p2p.SetChannelAttribute("Delay", TimeValue(MilliSeconds(1)));
        NetDeviceContainer last = p2p.Install(n.Get(2), n.Get(3));
        b = addr.Assign(last).GetAddress(1);
        UseDropTail(last);
        Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
    }
};

/**
 * \brief The MMPTCP thesis' fabric (§5.1) used by the workload tests: 100 Mb/s, 20 us links
 * on every layer, the MPTCP stack and flow ECMP.
 * \param tree a FatTree not yet created
 * \param queue device queue size, packets
 */
inline void
BuildThesisFatTree(FatTreeHelper& tree, uint32_t queue)
{
    for (auto layer : {FatTreeHelper::HOST_EDGE,
                       FatTreeHelper::EDGE_AGGREGATION,
                       FatTreeHelper::AGGREGATION_CORE})
    {
        tree.SetDataRate(layer, DataRate("100Mbps"));
        tree.SetDelay(layer, MicroSeconds(20));
    }
    tree.SetQueueSize(queue);
    tree.Create();
    MpTcpStackHelper stack;
    stack.SetRoutingHelper(Ipv4FlowEcmpRoutingHelper());
    stack.Install(tree.GetNodes());
    tree.AssignIpv4Addresses();
    Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
}

/// Counts the datagrams and bytes a UDP socket receives.
struct UdpCounter
{
    uint32_t packets{0}; //!< Datagrams received.
    uint64_t bytes{0};   //!< Bytes received.

    /// \param s the socket
    void Read(Ptr<Socket> s)
    {
        while (Ptr<Packet> p = s->Recv())
        {
            ++packets;
            bytes += p->GetSize();
        }
    }
};

/**
 * \brief A UDP socket on \p node, bound to \p port, counting into \p counter.
 * \param node the node
 * \param port the port
 * \param counter the counter
 * \return the socket
 */
inline Ptr<Socket>
UdpReceiver(Ptr<Node> node, uint16_t port, UdpCounter* counter)
{
    Ptr<Socket> s = Socket::CreateSocket(node, UdpSocketFactory::GetTypeId());
    s->Bind(InetSocketAddress(Ipv4Address::GetAny(), port));
    s->SetRecvCallback(MakeCallback(&UdpCounter::Read, counter));
    return s;
}

/**
 * \brief Send \p n datagrams of \p size bytes from \p socket, one per millisecond from 0.1 s.
 * \param socket a connected socket
 * \param n datagrams
 * \param size bytes each
 */
inline void
SendDatagrams(Ptr<Socket> socket, uint32_t n, uint32_t size)
{
    for (uint32_t i = 0; i < n; ++i)
    {
        Simulator::Schedule(Seconds(0.1) + MilliSeconds(i), MPTCP_EVENT([socket, size]() {
            socket->Send(Create<Packet>(size));
        }));
    }
}

/// One TCP segment seen on a point-to-point device, with its MPTCP options decoded.
struct Segment
{
    double time;                      //!< seconds
    TcpHeader header;                 //!< its TCP header
    std::vector<MpTcpOption> options; //!< its well-formed MPTCP options
    uint32_t payload{0};              //!< payload, bytes
};

/**
 * Record every TCP segment a point-to-point device transmits (MacTx: PPP, then IPv4 header).
 * \param dev the device
 * \param out filled with the segments; must outlive the simulation
 */
inline void
RecordSegments(Ptr<NetDevice> dev, std::vector<Segment>* out)
{
    dev->TraceConnectWithoutContext(
        "MacTx",
        Callback<void, Ptr<const Packet>>(MPTCP_CALLBACK([out](Ptr<const Packet> p) {
            Ptr<Packet> c = p->Copy();
            PppHeader ppp;
            c->RemoveHeader(ppp);
            Ipv4Header ip;
            c->RemoveHeader(ip);
            if (ip.GetProtocol() != 6)
            {
                return;
            }
            Segment s{Simulator::Now().GetSeconds(), TcpHeader(), {}};
            c->PeekHeader(s.header);
            s.payload = c->GetSize() - s.header.GetSerializedSize();
            std::vector<uint8_t> bytes;
            for (const auto& opt : s.header.GetOptionList())
            {
                MpTcpOption o;
                if (GetMpTcpOptionBytes(opt, bytes) &&
                    ParseMpTcpOption(bytes.data(), bytes.size(), o) == MpTcpParseError::NONE)
                {
                    s.options.push_back(o);
                }
            }
            out->push_back(s);
        })));
}

/// \return the option of type T in \p s, or nullptr
template <typename T>
inline const T*
FindOption(const Segment& s)
{
    for (const auto& o : s.options)
    {
        if (auto x = std::get_if<T>(&o))
        {
            return x;
        }
    }
    return nullptr;
}

} // namespace

#endif // MPTCP_TEST_HARNESS_H
