// One MPTCP connection with 8 subflows across a k=4 FatTree with per-flow ECMP: the README's
// "Using the model in your own program", as a whole program (built from scratch/ by the
// standalone build, and through find_package(ns3-mptcp) by CI).
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/internet-module.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/mptcp-stack-helper.h"

#include <iostream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    CommandLine cmd(__FILE__);
    cmd.Parse(argc, argv);

    FatTreeHelper fatTree(4);                            // k = 4: 16 hosts, 20 switches
    fatTree.Create();
    MpTcpStackHelper stack;                              // TCP with MPTCP token demultiplexing
    stack.SetRoutingHelper(Ipv4FlowEcmpRoutingHelper()); // per-flow ECMP
    stack.Install(fatTree.GetNodes());
    fatTree.AssignIpv4Addresses();
    Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
    Config::SetDefault("ns3::MpTcpSocketBase::NumSubflows", UintegerValue(8));

    // Host 0 sends to host 5 (another pod) for one second.
    BulkSendHelper bulk("ns3::MpTcpSocketFactory",
                        InetSocketAddress(fatTree.GetHostAddress(5), 5000));
    PacketSinkHelper sink("ns3::MpTcpSocketFactory",
                          InetSocketAddress(Ipv4Address::GetAny(), 5000));
    ApplicationContainer sinkApp = sink.Install(fatTree.GetHost(5));
    bulk.Install(fatTree.GetHost(0)).Start(Seconds(0.1));
    Simulator::Stop(Seconds(1.1));
    Simulator::Run();

    uint64_t bytes = DynamicCast<PacketSink>(sinkApp.Get(0))->GetTotalRx();
    std::cout << "received " << bytes << " bytes in 1 s: " << bytes * 8 / 1e6 << " Mb/s"
              << std::endl;
    Simulator::Destroy();
    return bytes > 0 ? 0 : 1;
}
