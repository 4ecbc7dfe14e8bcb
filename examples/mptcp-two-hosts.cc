/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * One MPTCP connection between two hosts joined by two disjoint paths (TwoPathHelper):
 * BulkSend on A -> PacketSink on B, --subflows subflows (ndiffports) hashed onto the paths by
 * per-flow ECMP. With --pcap=PREFIX the host links are captured to PREFIX-a.pcap and
 * PREFIX-b.pcap, which Wireshark/tshark decode as MPTCP (tools/tests/test_pcap_tshark.py checks it).
 * The last line of stdout is a JSON summary.
 *
 *   ./mptcp-two-hosts --subflows=4 --duration=1 --pcap=/tmp/two-hosts
 */
#include "mptcp-example-common.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/ipv4-flow-ecmp-routing.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/network-module.h"
#include "ns3/two-path-helper.h"

#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("MpTcpTwoHosts");

namespace
{

const char* PROGRAM = "mptcp-two-hosts";

/// A subflow of the sending connection, as it was established.
struct SubflowInfo
{
    uint32_t id;    //!< subflow id within the connection
    uint16_t port;  //!< A's port
    uint32_t path;  //!< 1 via R1, 2 via R2 (S1's ECMP choice)
};

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t subflows = 4;
    double duration = 2.0;
    std::string pcap;
    uint32_t mss = 1400;
    uint32_t buffer = 1 << 20;

    CommandLine cmd(__FILE__);
    cmd.Usage("One MPTCP connection over two disjoint paths (A = S1 = {R1 | R2} = S2 = B, "
              "per-flow ECMP), optionally captured to pcap files.");
    cmd.AddValue("subflows", "MPTCP subflows of the connection, 1..32 (ndiffports)", subflows);
    cmd.AddValue("duration", "simulated time, s (the sender starts at 0.1 s)", duration);
    cmd.AddValue("pcap", "write PREFIX-a.pcap and PREFIX-b.pcap (host A's and B's links)", pcap);
    cmd.AddValue("mss", "TCP segment size, bytes", mss);
    cmd.AddValue("buffer", "socket send and receive buffers, bytes", buffer);
    cmd.Parse(argc, argv);

    if (subflows < 1 || subflows > 32)
    {
        mptcp_example::FailOption(PROGRAM, "subflows", std::to_string(subflows),
                                  "must be between 1 and 32");
    }
    if (!(duration > 0.2) || duration > 3600)
    {
        mptcp_example::FailOption(PROGRAM, "duration", std::to_string(duration),
                                  "must be more than 0.2 and at most 3600 s");
    }
    if (mss < 100 || mss > 9000)
    {
        mptcp_example::FailOption(PROGRAM, "mss", std::to_string(mss),
                                  "must be between 100 and 9000 bytes");
    }
    if (!pcap.empty() && !std::ofstream(pcap + "-a.pcap"))
    {
        mptcp_example::FailOption(PROGRAM, "pcap", pcap, "cannot write " + pcap + "-a.pcap");
    }
    auto wallStart = std::chrono::steady_clock::now();

    mptcp_example::ConfigureTwoHostTransport(mss, subflows, buffer);

    TwoPathHelper topo;
    topo.Create();
    std::vector<std::string> pcapFiles;
    if (!pcap.empty())
    {
        pcapFiles = topo.EnablePcap(pcap);
    }

    const Time start = Seconds(0.1);
    TwoPathHelper::BulkTransfer transfer = topo.InstallBulkTransfer(5000, 16 * mss, start);
    Ptr<PacketSink> sink = transfer.sink;
    Ptr<BulkSendApplication> sender = transfer.sender;

    // BulkSend creates its socket when it starts; hook it just after, before any handshake.
    std::vector<SubflowInfo> established;
    Simulator::Schedule(start + NanoSeconds(1), MPTCP_EVENT([sender, &topo, &established]() {
        sender->GetSocket()->TraceConnectWithoutContext(
            "SubflowEstablished",
            Callback<void, Ptr<MpTcpSubflow>>(MPTCP_CALLBACK([&topo, &established](Ptr<MpTcpSubflow> sf) {
                Ipv4Address local;
                Ipv4Address remote;
                uint16_t sport;
                uint16_t dport;
                sf->GetFourTuple(local, sport, remote, dport);
                established.push_back({sf->GetSubflowId(), sport, topo.GetSubflowPath(sf) + 1});
            })));
    }));

    Simulator::Stop(Seconds(duration));
    Simulator::Run();

    auto client = DynamicCast<MpTcpSocketBase>(sender->GetSocket());
    uint64_t errors = client ? client->GetProtocolErrors() : 0;
    uint32_t serverSubflows = 0;
    bool fallback = client && client->IsFallback();
    for (const auto& s : sink->GetAcceptedSockets())
    {
        if (auto server = DynamicCast<MpTcpSocketBase>(s))
        {
            errors += server->GetProtocolErrors();
            serverSubflows += server->GetNEstablishedSubflows();
        }
    }
    const uint64_t received = sink->GetTotalRx();
    const double goodput = received * 8.0 / (duration - start.GetSeconds());
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    Simulator::Destroy();

    std::ostringstream ports;
    std::ostringstream paths;
    for (size_t i = 0; i < established.size(); ++i)
    {
        ports << (i ? ", " : "") << established[i].port;
        paths << (i ? ", " : "") << established[i].path;
    }
    std::ostringstream files;
    for (size_t i = 0; i < pcapFiles.size(); ++i)
    {
        files << (i ? ", " : "") << mptcp_example::Json(pcapFiles[i]);
    }
    std::cout << "{\"program\": " << mptcp_example::Json(PROGRAM)
              << ", \"subflows_requested\": " << subflows
              << ", \"subflows_established\": " << established.size()
              << ", \"server_subflows_established\": " << serverSubflows
              << ", \"subflow_ports\": [" << ports.str() << "]"
              << ", \"subflow_paths\": [" << paths.str() << "]"
              << ", \"fallback\": " << (fallback ? "true" : "false")
              << ", \"protocol_errors\": " << errors << ", \"duration_s\": " << duration
              << ", \"bytes_received\": " << received << ", \"goodput_bps\": " << goodput
              << ", \"pcap\": [" << files.str() << "]"
              << ", \"rng_run\": " << RngSeedManager::GetRun() << ", \"wall_s\": " << wall << "}"
              << std::endl;
    return 0;
}
