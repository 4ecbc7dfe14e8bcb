/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Tests of the SDN controller's out-of-band control network to the servers (issue 19, item 2):
 * SdnServerMessage's 64-byte layout and its validation; on a k=4 FatTree, a message from the
 * controller to host 5 and host 5's answer arrive at the instants worked out by hand from the
 * links' rate and delay, with every field intact and exact message and byte counts (also
 * with the stock ns-3 stack, and with another rate and delay); datagrams that are not messages
 * are counted and dropped at both ends; the fabric is unchanged (interfaces, host addresses,
 * ECMP paths, even after the routes are recomputed), its traffic never crosses the control
 * links, and an MPTCP fullmesh connection does not use the control address.
 */

#include "mptcp-test-harness.h"

#include "ns3/applications-module.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/out-of-band-interfaces.h"
#include "ns3/sdn-controller-helper.h"
#include "ns3/sdn-controller.h"
#include "ns3/sdn-server-agent.h"
#include "ns3/sdn-server-message.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;

namespace
{

/**
 * NS_TEST_ASSERT_MSG_EQ that also ends the case on failure (ns-3's test runner continues after
 * a failed assertion by default): for the checks that later indexing relies on.
 */
#define CTRLNET_REQUIRE_EQ(actual, limit, msg)                                                     \
    do                                                                                             \
    {                                                                                              \
        NS_TEST_ASSERT_MSG_EQ(actual, limit, msg);                                                 \
        if (!((actual) == (limit)))                                                                \
        {                                                                                          \
            Simulator::Destroy();                                                                  \
            return;                                                                                \
        }                                                                                          \
    } while (false)

/// The host that the controller talks to, and a host of another pod.
constexpr uint32_t kHost = 5;
constexpr uint32_t kOther = 0;

/// A controller that records the servers' messages it handles, and when.
class RecordingController : public SdnController
{
  public:
    /// \return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::SdnControlNetworkTestController")
                                .SetParent<SdnController>()
                                .SetGroupName("Mptcp")
                                .AddConstructor<RecordingController>();
        return tid;
    }

    std::vector<uint32_t> hosts;            //!< Host index of each message handled.
    std::vector<SdnServerMessage> messages; //!< The messages handled.
    std::vector<Time> at;                   //!< When.

  protected:
    void HandleServerMessage(uint32_t host, const SdnServerMessage& message) override
    {
        hosts.push_back(host);
        messages.push_back(message);
        at.push_back(Simulator::Now());
    }
};

NS_OBJECT_ENSURE_REGISTERED(RecordingController);

/// The messages an agent handled, and when.
struct AgentLog
{
    std::vector<SdnServerMessage> messages; //!< The messages.
    std::vector<Time> at;                   //!< When.
    bool answer{false};                     //!< Answer each with a PATH_ADD_REQUEST.
    uint64_t answerValue{0};                //!< The answer's value.

    /**
     * \param agent the agent
     * \param m the message
     */
    void Receive(Ptr<SdnServerAgent> agent, const SdnServerMessage& m)
    {
        messages.push_back(m);
        at.push_back(Simulator::Now());
        if (answer)
        {
            SdnServerMessage reply;
            reply.SetType(SdnServerMessage::PATH_ADD_REQUEST);
            reply.SetSequence(m.GetSequence());
            reply.SetFlowId(m.GetFlowId());
            reply.SetFiveTuple(m.GetFiveTuple());
            reply.SetValue(answerValue);
            reply.SetSecondValue(m.GetValue() - answerValue);
            agent->SendToController(reply);
        }
    }
};

/// Counts the bytes (PPP frames) that a set of point-to-point devices put on their links.
struct WireCounter
{
    uint64_t frames{0}; //!< Frames sent.
    uint64_t bytes{0};  //!< Their bytes, PPP header included.

    /// \param dev a device to count
    void Watch(Ptr<NetDevice> dev)
    {
        dev->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&WireCounter::Frame, this));
    }

    /// \param p a frame
    void Frame(Ptr<const Packet> p)
    {
        ++frames;
        bytes += p->GetSize();
    }
};

/// \return a DEMAND message with every field set (a flow of host 5 to host 0)
SdnServerMessage
SampleMessage(const FatTreeHelper& ft)
{
    SdnServerMessage m;
    m.SetType(SdnServerMessage::DEMAND);
    m.SetSequence(7);
    m.SetFlowId(0x0123456789abcdefULL);
    SdnServerMessage::FiveTuple t;
    t.source = ft.GetHostAddress(kHost);
    t.destination = ft.GetHostAddress(kOther);
    t.protocol = 6;
    t.sourcePort = 49153;
    t.destinationPort = 5000;
    m.SetFiveTuple(t);
    m.SetValue(600000000); // 600 Mb/s
    m.SetSecondValue(42);
    return m;
}

/**
 * The message's layout: 64 bytes, fields at the documented offsets in network byte order,
 * zero padding; Deserialize(Serialize()) gives the same message; Parse() refuses 63 and 65
 * bytes, a wrong magic and a wrong version; the type names.
 */
class MessageFormatTest : public TestCase
{
  public:
    MessageFormatTest()
        : TestCase("SdnServerMessage: 64-byte layout, round trip, malformed payloads refused")
    {
    }

  private:
    void DoRun() override
    {
        SdnServerMessage m;
        m.SetType(SdnServerMessage::PATH_ADD_ANSWER);
        m.SetSequence(0x01020304);
        m.SetFlowId(0x1112131415161718ULL);
        SdnServerMessage::FiveTuple t;
        t.source = Ipv4Address("10.1.0.6");
        t.destination = Ipv4Address("10.0.0.2");
        t.protocol = 6;
        t.sourcePort = 0x2122;
        t.destinationPort = 0x2324;
        m.SetFiveTuple(t);
        m.SetValue(3);
        m.SetSecondValue(0x3132333435363738ULL);
        m.SetHostIndex(5);
        NS_TEST_ASSERT_MSG_EQ(m.GetSerializedSize(), 64u, "64 bytes");
        Ptr<Packet> p = m.ToPacket();
        NS_TEST_ASSERT_MSG_EQ(p->GetSize(), 64u, "a 64-byte payload");
        uint8_t b[64];
        p->CopyData(b, 64);
        const uint8_t expected[64] = {
            0x53, 0x4D, 1, 3, 1, 2, 3, 4,                                // magic, version, type, seq
            0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18,              // flow id
            10, 1, 0, 6, 10, 0, 0, 2, 0x21, 0x22, 0x23, 0x24, 6, 0, 0, 0, // 5-tuple
            0, 0, 0, 0, 0, 0, 0, 3,                                      // value
            0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38,              // second value
            0, 0, 0, 5,                                                  // host index
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};                         // padding
        for (uint32_t i = 0; i < 64; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(uint32_t(b[i]), uint32_t(expected[i]), "byte " << i);
        }
        SdnServerMessage back;
        CTRLNET_REQUIRE_EQ(SdnServerMessage::Parse(p, back), true, "parses");
        NS_TEST_EXPECT_MSG_EQ((back == m), true, "round trip: " << back << " vs " << m);
        NS_TEST_EXPECT_MSG_EQ(back.GetFiveTuple().sourcePort, 0x2122, "source port");

        Ptr<Packet> shorter = p->CreateFragment(0, 63);
        Ptr<Packet> longer = p->Copy();
        longer->AddAtEnd(Create<Packet>(1));
        SdnServerMessage x;
        NS_TEST_EXPECT_MSG_EQ(SdnServerMessage::Parse(shorter, x), false, "63 bytes refused");
        NS_TEST_EXPECT_MSG_EQ(SdnServerMessage::Parse(longer, x), false, "65 bytes refused");
        NS_TEST_EXPECT_MSG_EQ(SdnServerMessage::Parse(Create<Packet>(64), x),
                              false,
                              "64 zero bytes (no magic) refused");
        uint8_t bad[64];
        std::copy(b, b + 64, bad);
        bad[2] = 2;
        NS_TEST_EXPECT_MSG_EQ(SdnServerMessage::Parse(Create<Packet>(bad, 64), x),
                              false,
                              "version 2 refused");
        NS_TEST_EXPECT_MSG_EQ(x.IsValid(), false, "and marked invalid");
        NS_TEST_EXPECT_MSG_EQ(SdnServerMessage::GetTypeName(SdnServerMessage::DEMAND),
                              "DEMAND",
                              "type name");
        NS_TEST_EXPECT_MSG_EQ(SdnServerMessage::GetTypeName(130), "USER+2", "user type name");
        NS_TEST_EXPECT_MSG_EQ(SdnServerMessage::kWireBytes, 94u, "64 + 8 + 20 + 2 on the wire");
    }
};

/**
 * The controller sends a DEMAND to host 5 at 1 ms; host 5's agent answers at once with a
 * PATH_ADD_REQUEST. Each message is a 94-byte frame (64 + UDP 8 + IPv4 20 + PPP 2): at 1 Gb/s
 * 752 ns of serialization, plus the 20 us delay, so the DEMAND arrives at 1.020752 ms and the
 * answer at 1.041504 ms (at 10 Mb/s and 50 us: 75.2 + 50 = 125.2 us each way, 1.1252 and
 * 1.2504 ms). Fields round-trip (the host index set to 5), two messages of 64 bytes (128
 * payload bytes, 188 on the wire, as the devices count), no OpenFlow message, no other agent
 * touched; the same with the stock ns-3 stack (static routing's connected route on the hosts).
 */
class ExchangeTest : public TestCase
{
  public:
    /**
     * \param stock use DatacenterTopology::STOCK (and a controller without switches)
     * \param rate control link rate (0: the default, 1 Gb/s)
     * \param delay control link delay (negative: the default, 20 us)
     * \param oneWay the expected one-way time of a message
     */
    ExchangeTest(bool stock, uint64_t rate, Time delay, Time oneWay)
        : TestCase(std::string("controller <-> host 5: arrival times, fields and bytes (") +
                   (stock ? "stock stack" : "flow-ECMP stack") + ", " +
                   (rate ? std::to_string(rate / 1000000) + " Mbps" : "1 Gbps default") + ")"),
          m_stock(stock),
          m_rate(rate),
          m_delay(delay),
          m_oneWay(oneWay)
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Build(m_stock ? DatacenterTopology::STOCK : DatacenterTopology::FLOW_ECMP);
        SdnControllerHelper helper("ns3::SdnControlNetworkTestController");
        if (m_rate)
        {
            helper.SetControlNetworkDataRate(DataRate(m_rate));
        }
        if (!m_delay.IsNegative())
        {
            helper.SetControlNetworkDelay(m_delay);
        }
        Ptr<SdnController> base =
            m_stock ? helper.Install(NodeContainer(), CreateObject<Node>()) : helper.Install(ft);
        Ptr<RecordingController> ctl = DynamicCast<RecordingController>(base);
        CTRLNET_REQUIRE_EQ(bool(ctl), true, "the requested controller type");
        ApplicationContainer agents = helper.InstallControlNetwork(ft, ctl);
        CTRLNET_REQUIRE_EQ(agents.GetN(), 16u, "one agent per host");
        CTRLNET_REQUIRE_EQ(ctl->GetNServers(), 16u, "16 servers registered");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetServerPort(), 6654, "default port");
        const auto& link = helper.GetControlLinks().at(kHost);
        NS_TEST_EXPECT_MSG_EQ(link.hostAddress, Ipv4Address("192.168.0.22"), "host 5: .0.22");
        NS_TEST_EXPECT_MSG_EQ(link.controllerAddress,
                              Ipv4Address("192.168.0.21"),
                              "controller side: .0.21");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetServerAddress(kHost), link.hostAddress, "registered");

        Ptr<SdnServerAgent> agent = DynamicCast<SdnServerAgent>(agents.Get(kHost));
        NS_TEST_EXPECT_MSG_EQ(agent->GetHostIndex(), kHost, "agent's host index");
        NS_TEST_EXPECT_MSG_EQ(agent->GetControllerAddress(), link.controllerAddress, "peer");
        AgentLog log;
        log.answer = true;
        log.answerValue = 250000000; // a demand gap of 250 Mb/s
        agent->SetReceiveCallback(MakeCallback(&AgentLog::Receive, &log));
        AgentLog others;
        for (uint32_t h = 0; h < agents.GetN(); ++h)
        {
            if (h != kHost)
            {
                DynamicCast<SdnServerAgent>(agents.Get(h))
                    ->SetReceiveCallback(MakeCallback(&AgentLog::Receive, &others));
            }
        }
        WireCounter wire;
        for (const auto& l : helper.GetControlLinks())
        {
            wire.Watch(l.hostDevice);
            wire.Watch(l.controllerDevice);
        }
        uint32_t traced[2] = {0, 0};
        ctl->TraceConnectWithoutContext(
            "ServerMessage",
            Callback<void, uint32_t, const SdnServerMessage&, bool>(
                MPTCP_CALLBACK([&traced](uint32_t, const SdnServerMessage&, bool toServer) {
                    ++traced[toServer ? 0 : 1];
                })));

        const SdnServerMessage sent = SampleMessage(ft);
        Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT([ctl, sent]() { ctl->SendToServer(kHost, sent); }));
        Simulator::Stop(MilliSeconds(5));
        Simulator::Run();

        // Serialization of the 94-byte frame at the link rate, plus the delay.
        const DataRate rate = m_rate ? DataRate(m_rate) : DataRate("1Gbps");
        const Time delay = m_delay.IsNegative() ? MicroSeconds(20) : m_delay;
        NS_TEST_EXPECT_MSG_EQ(rate.CalculateBytesTxTime(94) + delay, m_oneWay, "hand value");
        CTRLNET_REQUIRE_EQ(log.messages.size(), 1u, "host 5 got the message");
        NS_TEST_EXPECT_MSG_EQ(log.at[0], MilliSeconds(1) + m_oneWay, "arrival at host 5");
        SdnServerMessage expect = sent;
        expect.SetHostIndex(kHost);
        NS_TEST_EXPECT_MSG_EQ((log.messages[0] == expect), true, "fields: " << log.messages[0]);
        NS_TEST_EXPECT_MSG_EQ(others.messages.size(), 0u, "no other host got anything");
        CTRLNET_REQUIRE_EQ(ctl->messages.size(), 1u, "the controller got the answer");
        NS_TEST_EXPECT_MSG_EQ(ctl->at[0], MilliSeconds(1) + 2 * m_oneWay, "arrival of the answer");
        NS_TEST_EXPECT_MSG_EQ(ctl->hosts[0], kHost, "from host 5");
        const SdnServerMessage& answer = ctl->messages[0];
        NS_TEST_EXPECT_MSG_EQ(uint32_t(answer.GetType()),
                              uint32_t(SdnServerMessage::PATH_ADD_REQUEST),
                              "type");
        NS_TEST_EXPECT_MSG_EQ(answer.GetSequence(), 7u, "sequence echoed");
        NS_TEST_EXPECT_MSG_EQ(answer.GetFlowId(), 0x0123456789abcdefULL, "flow id");
        NS_TEST_EXPECT_MSG_EQ((answer.GetFiveTuple() == sent.GetFiveTuple()), true, "5-tuple");
        NS_TEST_EXPECT_MSG_EQ(answer.GetValue(), 250000000u, "value");
        NS_TEST_EXPECT_MSG_EQ(answer.GetSecondValue(), 350000000u, "second value");
        NS_TEST_EXPECT_MSG_EQ(answer.GetHostIndex(), kHost, "host index set by the agent");

        NS_TEST_EXPECT_MSG_EQ(ctl->GetNServerMessagesSent(), 1u, "sent");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNServerMessagesReceived(), 1u, "received");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNServerMessages(), 2u, "both ways");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetServerControlBytes(), 128u, "2 x 64 payload bytes");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetServerWireBytes(), 188u, "2 x 94 bytes on the wire");
        NS_TEST_EXPECT_MSG_EQ(wire.frames, 2u, "two frames on the control links");
        NS_TEST_EXPECT_MSG_EQ(wire.bytes, 188u, "the devices agree: 2 x 94 bytes");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNMalformedServerMessages(), 0u, "nothing malformed");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNMessages(), 0u, "no OpenFlow message");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetControlBytes(), 0u, "no OpenFlow byte");
        NS_TEST_EXPECT_MSG_EQ(traced[0], 1u, "trace: one message to a server");
        NS_TEST_EXPECT_MSG_EQ(traced[1], 1u, "trace: one message from a server");
        NS_TEST_EXPECT_MSG_EQ(agent->GetNReceived(), 1u, "agent received");
        NS_TEST_EXPECT_MSG_EQ(agent->GetNSent(), 1u, "agent sent");
        Simulator::Destroy();
    }

    bool m_stock;   //!< Stock ns-3 stack.
    uint64_t m_rate; //!< Control link rate, bit/s (0: default).
    Time m_delay;   //!< Control link delay (negative: default).
    Time m_oneWay;  //!< Expected one-way time.
};

/**
 * Datagrams that are not messages: from host 5 to the controller's port, 10 bytes and 64
 * bytes of zeros (no magic); from the controller's node to host 5's agent, 65 bytes and 63
 * bytes. Each end counts them as malformed and handles none; a real message afterwards is
 * handled as usual.
 */
class MalformedTest : public TestCase
{
  public:
    MalformedTest()
        : TestCase("truncated and foreign datagrams are counted and dropped at both ends")
    {
    }

  private:
    void DoRun() override
    {
        FatTreeHelper ft(4);
        ft.Build();
        SdnControllerHelper helper("ns3::SdnControlNetworkTestController");
        Ptr<RecordingController> ctl = DynamicCast<RecordingController>(helper.Install(ft));
        ApplicationContainer agents = helper.InstallControlNetwork(ft, ctl);
        Ptr<SdnServerAgent> agent = DynamicCast<SdnServerAgent>(agents.Get(kHost));
        AgentLog log;
        agent->SetReceiveCallback(MakeCallback(&AgentLog::Receive, &log));
        const auto& link = helper.GetControlLinks().at(kHost);
        const uint16_t port = ctl->GetServerPort();

        // A stray socket on host 5's control address, another on the controller's node.
        Ptr<Socket> fromHost = Socket::CreateSocket(ft.GetHost(kHost), UdpSocketFactory::GetTypeId());
        fromHost->Bind(InetSocketAddress(link.hostAddress, 7777));
        Ptr<Socket> fromCtl = Socket::CreateSocket(ctl->GetNode(), UdpSocketFactory::GetTypeId());
        fromCtl->Bind();
        const InetSocketAddress toCtl(link.controllerAddress, port);
        const InetSocketAddress toHost(link.hostAddress, port);
        const SdnServerMessage sample = SampleMessage(ft);
        Simulator::Schedule(MilliSeconds(1), MPTCP_EVENT([fromHost, fromCtl, toCtl, toHost, sample]() {
            fromHost->SendTo(Create<Packet>(10), 0, toCtl);
            fromHost->SendTo(Create<Packet>(64), 0, toCtl);
            fromCtl->SendTo(Create<Packet>(65), 0, toHost);
            fromCtl->SendTo(sample.ToPacket()->CreateFragment(0, 63), 0, toHost);
        }));
        Simulator::Schedule(MilliSeconds(2), MPTCP_EVENT([ctl, agent, sample]() {
            ctl->SendToServer(kHost, sample);
            agent->SendToController(sample);
        }));
        Simulator::Stop(MilliSeconds(5));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(ctl->GetNMalformedServerMessages(), 2u, "10 B and 64 zero bytes");
        NS_TEST_EXPECT_MSG_EQ(agent->GetNMalformed(), 2u, "65 B and 63 B");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetNServerMessagesReceived(), 1u, "only the real message");
        NS_TEST_EXPECT_MSG_EQ(agent->GetNReceived(), 1u, "only the real message");
        NS_TEST_EXPECT_MSG_EQ(ctl->messages.size(), 1u, "handled by the controller");
        NS_TEST_EXPECT_MSG_EQ(log.messages.size(), 1u, "handled by the agent");
        NS_TEST_EXPECT_MSG_EQ(ctl->GetServerControlBytes(), 128u, "malformed bytes not counted");
        Simulator::Destroy();
    }
};

/**
 * The fabric is unchanged by the control network: every host keeps its interfaces' indices
 * and addresses and GetHostAddresses(), gets exactly one more interface (out of band, not
 * forwarding), the ECMP path of a flow from host 0 to host 5 is the same node by node before
 * and after (and after Ipv4FlowEcmpRoutingHelper::RecomputeRoutingTables()), no switch has a
 * route to a control address (a datagram from host 0 to host 5's control address enters the
 * fabric by host 0's default route and is lost there), host 5 reaches the controller's end of
 * its link on-link through its control device, the control links carry
 * nothing but the two messages while a 1 MB MPTCP transfer (fullmesh path manager, up to 4
 * subflows) goes from host 0 to host 5, which opens exactly one subflow between the fabric
 * addresses, whose Address IDs do not include the control addresses.
 */
class FabricUnchangedTest : public TestCase
{
  public:
    FabricUnchangedTest()
        : TestCase("fabric unchanged: interfaces, addresses, ECMP paths; MPTCP ignores the "
                   "control address; fabric bytes never on the control links")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 1 << 18);
        Config::SetDefault("ns3::MpTcpSocketBase::PathManager",
                           StringValue("ns3::MpTcpFullmeshPathManager"));
        Config::SetDefault("ns3::MpTcpSocketBase::MaxSubflows", UintegerValue(4));
        FatTreeHelper ft(4);
        ft.Build();
        const uint32_t n = ft.GetNHosts();
        std::vector<uint32_t> nIf(n);
        std::vector<std::vector<Ipv4Address>> addrs(n);
        for (uint32_t h = 0; h < n; ++h)
        {
            Ptr<Ipv4> ipv4 = ft.GetHost(h)->GetObject<Ipv4>();
            nIf[h] = ipv4->GetNInterfaces();
            addrs[h] = ft.GetHostAddresses(h);
        }
        Ipv4FlowEcmpRouting::FiveTuple tuple;
        tuple.source = ft.GetHostAddress(kOther);
        tuple.destination = ft.GetHostAddress(kHost);
        tuple.protocol = 6;
        tuple.sourcePort = 49153;
        tuple.destinationPort = 5000;
        const auto before = Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(kOther), tuple);
        CTRLNET_REQUIRE_EQ(before.size(), 7u, "inter-pod: 6 hops");

        SdnControllerHelper helper;
        Ptr<SdnController> ctl = helper.Install(ft);
        ApplicationContainer agents = helper.InstallControlNetwork(ft, ctl);
        for (uint32_t h = 0; h < n; ++h)
        {
            Ptr<Ipv4> ipv4 = ft.GetHost(h)->GetObject<Ipv4>();
            NS_TEST_EXPECT_MSG_EQ(ipv4->GetNInterfaces(), nIf[h] + 1, "one more interface");
            NS_TEST_EXPECT_MSG_EQ((ft.GetHostAddresses(h) == addrs[h]), true, "same addresses");
            NS_TEST_EXPECT_MSG_EQ(ipv4->GetInterfaceForAddress(ft.GetHostAddress(h)),
                                  1,
                                  "fabric address still on interface 1");
            const uint32_t c = helper.GetControlLinks()[h].hostInterface;
            NS_TEST_EXPECT_MSG_EQ(c, nIf[h], "the control interface is the last one");
            NS_TEST_EXPECT_MSG_EQ(OutOfBandInterfaces::IsOutOfBand(ipv4, c), true, "marked");
            NS_TEST_EXPECT_MSG_EQ(OutOfBandInterfaces::IsOutOfBand(ipv4, 1), false, "fabric");
            NS_TEST_EXPECT_MSG_EQ(ipv4->IsForwarding(c), false, "does not forward");
        }
        const Ipv4Address hostCtl = helper.GetControlLinks()[kHost].hostAddress;
        for (int pass = 0; pass < 2; ++pass)
        {
            if (pass == 1)
            {
                Ipv4FlowEcmpRoutingHelper::RecomputeRoutingTables();
            }
            const auto after = Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(kOther), tuple);
            NS_TEST_EXPECT_MSG_EQ((after == before), true, "same ECMP path, pass " << pass);
            Ipv4FlowEcmpRouting::FiveTuple toCtl = tuple;
            toCtl.destination = hostCtl;
            NS_TEST_EXPECT_MSG_EQ(
                Ipv4FlowEcmpRoutingHelper::TracePath(ft.GetHost(kOther), toCtl).empty(),
                true,
                "no fabric path to a control address, pass " << pass);
            for (Ptr<Node> node : {ft.GetEdgeSwitch(0, 0), ft.GetEdgeSwitch(1, 0), ft.GetCoreSwitch(0)})
            {
                NS_TEST_EXPECT_MSG_EQ(
                    Ipv4FlowEcmpRoutingHelper::GetRouting(node)->GetNNextHops(hostCtl),
                    0u,
                    "switch " << node->GetId() << " has no route to " << hostCtl);
            }
            // Host 0's only route there is the default route global routing gives a host
            // (into the fabric, where the edge switch drops it); host 5 reaches the
            // controller's end of its control link on-link, through the control device.
            auto viaHost0 = Ipv4FlowEcmpRoutingHelper::GetRouting(ft.GetHost(kOther))
                                ->GetNextHops(hostCtl);
            CTRLNET_REQUIRE_EQ(viaHost0.size(), 1u, "host 0: the default route");
            NS_TEST_EXPECT_MSG_EQ(viaHost0[0]->GetOutputDevice(),
                                  Ptr<NetDevice>(ft.GetHostDevice(kOther)),
                                  "host 0: into the fabric");
            auto viaHost5 = Ipv4FlowEcmpRoutingHelper::GetRouting(ft.GetHost(kHost))
                                ->GetNextHops(helper.GetControlLinks()[kHost].controllerAddress);
            CTRLNET_REQUIRE_EQ(viaHost5.size(), 1u, "host 5: one on-link route");
            NS_TEST_EXPECT_MSG_EQ(viaHost5[0]->GetOutputDevice(),
                                  Ptr<NetDevice>(helper.GetControlLinks()[kHost].hostDevice),
                                  "host 5: through its control device");
            NS_TEST_EXPECT_MSG_EQ(viaHost5[0]->GetGateway(), Ipv4Address::GetAny(), "on-link");
        }

        WireCounter wire;
        for (const auto& l : helper.GetControlLinks())
        {
            wire.Watch(l.hostDevice);
            wire.Watch(l.controllerDevice);
        }
        // Host 0 sends a message to host 5's control address: it goes into the fabric (host
        // 0's default route) and dies there.
        Ptr<Socket> stray = Socket::CreateSocket(ft.GetHost(kOther), UdpSocketFactory::GetTypeId());
        stray->Bind();
        Ptr<SdnServerAgent> agent5 = DynamicCast<SdnServerAgent>(agents.Get(kHost));
        const Ptr<Packet> strayMessage = SampleMessage(ft).ToPacket();
        Simulator::Schedule(MilliSeconds(50), MPTCP_EVENT([stray, hostCtl, strayMessage]() {
            stray->SendTo(strayMessage, 0, InetSocketAddress(hostCtl, 6654));
        }));
        // The MPTCP transfer, and one message each way in the middle of it.
        const uint64_t total = 1000000;
        Ptr<Socket> listener = Listen(ft.GetHost(kHost), MpTcpSocketFactory::GetTypeId());
        PatternReceiver rx(listener);
        Ptr<Socket> client = Socket::CreateSocket(ft.GetHost(kOther), MpTcpSocketFactory::GetTypeId());
        PatternSender tx(client, total);
        const Address to = InetSocketAddress(ft.GetHostAddress(kHost), 5000);
        Simulator::Schedule(MilliSeconds(10), MPTCP_EVENT([client, to]() {
            client->Bind();
            client->Connect(to);
        }));
        Ptr<SdnServerAgent> agent = DynamicCast<SdnServerAgent>(agents.Get(kOther));
        const SdnServerMessage sample = SampleMessage(ft);
        Simulator::Schedule(MilliSeconds(40), MPTCP_EVENT([ctl, agent, sample]() {
            ctl->SendToServer(kOther, sample);
            agent->SendToController(sample);
        }));
        Simulator::Stop(Seconds(2));
        Simulator::Run();

        NS_TEST_EXPECT_MSG_EQ(agent5->GetNReceived() + agent5->GetNMalformed(),
                              0u,
                              "host 0 cannot reach host 5's control address through the fabric");
        NS_TEST_ASSERT_MSG_EQ(rx.m_received, total, "the transfer completes");
        NS_TEST_EXPECT_MSG_EQ(rx.m_mismatches, 0u, "byte-exact");
        NS_TEST_EXPECT_MSG_EQ(wire.frames, 2u, "the control links carried the two messages only");
        NS_TEST_EXPECT_MSG_EQ(wire.bytes, 188u, "2 x 94 bytes");
        Ptr<MpTcpSocketBase> c = DynamicCast<MpTcpSocketBase>(client);
        Ptr<MpTcpSocketBase> s = DynamicCast<MpTcpSocketBase>(rx.m_conn);
        CTRLNET_REQUIRE_EQ(bool(s), true, "accepted");
        const std::map<uint8_t, Ipv4Address> cIds{{0, ft.GetHostAddress(kOther)}};
        const std::map<uint8_t, Ipv4Address> sIds{{0, ft.GetHostAddress(kHost)}};
        NS_TEST_EXPECT_MSG_EQ((c->GetLocalAddresses() == cIds), true, "host 0: fabric address only");
        NS_TEST_EXPECT_MSG_EQ((s->GetLocalAddresses() == sIds), true, "host 5: fabric address only");
        NS_TEST_EXPECT_MSG_EQ((c->GetRemoteAddresses() == sIds), true, "no ADD_ADDR learnt");
        NS_TEST_EXPECT_MSG_EQ(c->GetSubflows().size(), 1u, "one subflow: one address pair");
        Simulator::Destroy();
        ConfigureTransport(1, Lia(), 1 << 18); // the defaults back for later cases
    }
};

/// The suite.
class SdnControlNetworkTestSuite : public TestSuite
{
  public:
    SdnControlNetworkTestSuite()
        : TestSuite("mptcp-sdn-control-network", MPTCP_TEST_UNIT)
    {
        AddTestCase(new MessageFormatTest, MPTCP_TEST_QUICK);
        // 94 bytes at 1 Gb/s: 752 ns, + 20 us.
        AddTestCase(new ExchangeTest(false, 0, NanoSeconds(-1), NanoSeconds(20752)), MPTCP_TEST_QUICK);
        AddTestCase(new ExchangeTest(true, 0, NanoSeconds(-1), NanoSeconds(20752)), MPTCP_TEST_QUICK);
        // 94 bytes at 10 Mb/s: 75.2 us, + 50 us.
        AddTestCase(new ExchangeTest(false, 10000000, MicroSeconds(50), NanoSeconds(125200)),
                    MPTCP_TEST_QUICK);
        AddTestCase(new MalformedTest, MPTCP_TEST_QUICK);
        AddTestCase(new FabricUnchangedTest, MPTCP_TEST_QUICK);
    }
};

/// Static instance.
static SdnControlNetworkTestSuite g_sdnControlNetworkTestSuite;

} // namespace
