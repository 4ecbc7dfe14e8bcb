/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * A link failure under one MPTCP connection, in the shape of Fig. 19 of Raiciu et al.
 * (SIGCOMM 2011, "Robustness to link failures"): two hosts joined by two disjoint paths
 * (TwoPathHelper), --subflows subflows pinned alternately to path 1 and path 2 at S1; path 2
 * stops carrying A -> B packets at --failAt and carries them again at --restoreAt.
 *
 * Per-subflow throughput is sampled every --interval seconds at the receiver: the in-order
 * subflow bytes B's connection has taken from each subflow (MpTcpSubflow::GetRxReadSsn() - 1,
 * reinjected copies included), differenced over the interval. --csv=FILE writes the samples
 * (columns time_s, subflow, path, throughput_bps; subflow "total", path "all" for their sum);
 * tools/mptcp-ns3 plot timeseries draws them. The last line of stdout is a JSON summary with
 * the mean throughput of each path before, during and after the failure.
 *
 *   ./mptcp-link-failure --duration=12 --failAt=3 --restoreAt=6 --csv=link-failure.csv
 */
#include "mptcp-example-common.h"

#include "ns3/mptcp-ns3-compat.h"
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/mptcp-socket-base.h"
#include "ns3/mptcp-subflow.h"
#include "ns3/network-module.h"
#include "ns3/two-path-helper.h"

#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("MpTcpLinkFailure");

namespace
{

const char* PROGRAM = "mptcp-link-failure";

/// A sending subflow, by A's port.
struct PinnedSubflow
{
    uint32_t id;   //!< subflow id within the sending connection
    uint32_t path; //!< 1 (via R1) or 2 (via R2)
};

/// Samples the receiver's per-subflow bytes every interval.
class Sampler
{
  public:
    /**
     * \param sink the receiving application
     * \param pinned the sending subflows by A's port (filled as they are established)
     * \param interval sampling interval
     */
    Sampler(Ptr<PacketSink> sink, const std::map<uint16_t, PinnedSubflow>& pinned, Time interval)
        : m_sink(sink),
          m_pinned(pinned),
          m_interval(interval)
    {
    }

    /// One sample: time s, subflow id (-1 = total), path (0 = all), throughput bit/s.
    struct Row
    {
        double time;      //!< end of the interval, s
        int subflow;      //!< subflow id, -1 for the total
        uint32_t path;    //!< 1 or 2, 0 for the total
        double bps;       //!< throughput over the interval, bit/s
    };

    std::vector<Row> m_rows; //!< every sample

    /// Start sampling (the first sample is at one interval).
    void Start()
    {
        Simulator::Schedule(m_interval, &Sampler::Sample, this);
    }

  private:
    void Sample()
    {
        std::map<uint16_t, uint64_t> bytes; // by A's port
        for (const auto& s : m_sink->GetAcceptedSockets())
        {
            auto conn = DynamicCast<MpTcpSocketBase>(s);
            if (!conn)
            {
                continue;
            }
            for (const auto& sf : conn->GetSubflows())
            {
                Ipv4Address local;
                Ipv4Address remote;
                uint16_t localPort;
                uint16_t remotePort;
                sf->GetFourTuple(local, localPort, remote, remotePort);
                if (m_pinned.count(remotePort))
                {
                    bytes[remotePort] = sf->GetRxReadSsn() - 1;
                }
            }
        }
        const double now = Simulator::Now().GetSeconds();
        const double seconds = m_interval.GetSeconds();
        double total = 0;
        for (const auto& [port, info] : m_pinned)
        {
            uint64_t b = bytes.count(port) ? bytes[port] : m_last[port];
            double bps = (b - m_last[port]) * 8.0 / seconds;
            m_last[port] = b;
            total += bps;
            m_rows.push_back({now, static_cast<int>(info.id), info.path, bps});
        }
        m_rows.push_back({now, -1, 0, total});
        Simulator::Schedule(m_interval, &Sampler::Sample, this);
    }

    Ptr<PacketSink> m_sink;                          //!< the receiver
    const std::map<uint16_t, PinnedSubflow>& m_pinned; //!< sending subflows by A's port
    Time m_interval;                                 //!< sampling interval
    std::map<uint16_t, uint64_t> m_last;             //!< bytes at the previous sample
};

/// Mean throughput of the rows of \p path (0: total) with time in (from, to].
double
Mean(const std::vector<Sampler::Row>& rows, uint32_t path, double from, double to)
{
    double sum = 0;
    std::map<double, double> perTime; // a path may hold several subflows
    for (const auto& r : rows)
    {
        if (r.time > from && r.time <= to && r.path == path)
        {
            perTime[r.time] += r.bps;
        }
    }
    for (const auto& [t, bps] : perTime)
    {
        sum += bps;
    }
    return perTime.empty() ? 0 : sum / perTime.size();
}

} // namespace

int
main(int argc, char* argv[])
{
    uint32_t subflows = 2;
    double duration = 12;
    double failAt = 3;
    double restoreAt = 6;
    double interval = 0.1;
    std::string csv;
    std::string hostRate = "100Mbps";
    std::string pathRate = "10Mbps";
    uint32_t mss = 1400;
    uint32_t buffer = 1 << 20;

    CommandLine cmd(__FILE__);
    cmd.Usage("A link failure under one MPTCP connection (Raiciu et al., SIGCOMM 2011, Fig. 19): "
              "per-subflow throughput over time, subflows pinned alternately to two paths.");
    cmd.AddValue("subflows", "MPTCP subflows, 2..32, pinned alternately to path 1 and 2",
                 subflows);
    cmd.AddValue("duration", "simulated time, s (the sender starts at 0.1 s)", duration);
    cmd.AddValue("failAt", "time path 2 fails, s", failAt);
    cmd.AddValue("restoreAt", "time path 2 comes back, s (negative: never)", restoreAt);
    cmd.AddValue("interval", "throughput sampling interval, s", interval);
    cmd.AddValue("csv", "write time_s,subflow,path,throughput_bps rows to this file", csv);
    cmd.AddValue("hostRate",
                 "rate of the two host links (ns-3 DataRate; at most --pathRate makes them the "
                 "shared bottleneck)",
                 hostRate);
    cmd.AddValue("pathRate", "rate of the four path links (ns-3 DataRate)", pathRate);
    cmd.AddValue("mss", "TCP segment size, bytes", mss);
    cmd.AddValue("buffer", "socket send and receive buffers, bytes", buffer);
    cmd.Parse(argc, argv);

    using mptcp_example::FailOption;
    if (subflows < 2 || subflows > 32)
    {
        FailOption(PROGRAM, "subflows", std::to_string(subflows), "must be between 2 and 32");
    }
    if (!(duration > 0) || duration > 3600)
    {
        FailOption(PROGRAM, "duration", std::to_string(duration), "must be in (0, 3600] s");
    }
    if (!(failAt > 0) || failAt >= duration)
    {
        FailOption(PROGRAM, "failAt", std::to_string(failAt), "must be in (0, --duration) s");
    }
    if (restoreAt >= 0 && restoreAt <= failAt)
    {
        FailOption(PROGRAM, "restoreAt", std::to_string(restoreAt),
                   "must be after --failAt, or negative (never)");
    }
    if (!(interval >= 0.001) || interval > duration)
    {
        FailOption(PROGRAM, "interval", std::to_string(interval),
                   "must be at least 0.001 s and at most --duration");
    }
    DataRateValue hostRateValue;
    if (!hostRateValue.DeserializeFromString(hostRate, MakeDataRateChecker()) ||
        hostRateValue.Get().GetBitRate() == 0)
    {
        FailOption(PROGRAM, "hostRate", hostRate, "not a data rate such as 10Mbps");
    }
    DataRateValue pathRateValue;
    if (!pathRateValue.DeserializeFromString(pathRate, MakeDataRateChecker()) ||
        pathRateValue.Get().GetBitRate() == 0)
    {
        FailOption(PROGRAM, "pathRate", pathRate, "not a data rate such as 10Mbps");
    }
    if (mss < 100 || mss > 9000)
    {
        FailOption(PROGRAM, "mss", std::to_string(mss), "must be between 100 and 9000 bytes");
    }
    std::ofstream out;
    if (!csv.empty())
    {
        out.open(csv);
        if (!out)
        {
            FailOption(PROGRAM, "csv", csv, "cannot be written");
        }
    }

    mptcp_example::ConfigureTwoHostTransport(mss, subflows, buffer);

    TwoPathHelper topo;
    topo.SetHostLinkRate(hostRateValue.Get());
    topo.SetPathLinkRate(pathRateValue.Get());
    topo.Create();
    topo.FailPath(1, Seconds(failAt), Seconds(restoreAt));

    const Time start = Seconds(0.1);
    TwoPathHelper::BulkTransfer transfer = topo.InstallBulkTransfer(5000, 16 * mss, start);
    Ptr<PacketSink> sink = transfer.sink;
    Ptr<BulkSendApplication> sender = transfer.sender;

    // BulkSend creates its socket when it starts: pin its subflows just after, before any
    // subflow is established.
    std::map<uint16_t, PinnedSubflow> pinned;
    Simulator::Schedule(start + NanoSeconds(1), MPTCP_EVENT([&topo, sender, &pinned]() {
        topo.PinSubflows(sender->GetSocket(), [&pinned](Ptr<MpTcpSubflow> sf, uint32_t path) {
            Ipv4Address local;
            Ipv4Address remote;
            uint16_t localPort;
            uint16_t remotePort;
            sf->GetFourTuple(local, localPort, remote, remotePort);
            pinned[localPort] = {sf->GetSubflowId(), path + 1};
        });
    }));
    Sampler sampler(sink, pinned, Seconds(interval));
    sampler.Start();

    Simulator::Stop(Seconds(duration) + NanoSeconds(1)); // the last sample at --duration
    Simulator::Run();
    auto client = DynamicCast<MpTcpSocketBase>(sender->GetSocket());
    const uint64_t reinjected = client ? client->GetReinjectedBytes() : 0;
    const uint64_t received = sink->GetTotalRx();
    Simulator::Destroy();

    if (out)
    {
        out << "time_s,subflow,path,throughput_bps\n";
        for (const auto& r : sampler.m_rows)
        {
            out << r.time << "," << (r.subflow < 0 ? "total" : std::to_string(r.subflow)) << ","
                << (r.path == 0 ? "all" : std::to_string(r.path)) << "," << r.bps << "\n";
        }
        out.close();
    }

    // Phase means skip the first second of each phase (slow start, recovery after an RTO).
    const double end = duration;
    const double failEnd = restoreAt > 0 ? restoreAt : end;
    std::ostringstream phases;
    const std::vector<std::pair<std::string, std::pair<double, double>>> windows = {
        {"before", {start.GetSeconds() + 1, failAt}},
        {"during", {failAt + 1, failEnd}},
        {"after", {restoreAt > 0 ? restoreAt + 1 : end, end}}};
    for (const auto& [name, w] : windows)
    {
        phases << ", \"" << name
               << "_bps\": {\"path1\": " << Mean(sampler.m_rows, 1, w.first, w.second)
               << ", \"path2\": " << Mean(sampler.m_rows, 2, w.first, w.second)
               << ", \"total\": " << Mean(sampler.m_rows, 0, w.first, w.second) << "}";
    }
    std::cout << "{\"program\": " << mptcp_example::Json(PROGRAM) << ", \"subflows\": " << subflows
              << ", \"subflows_pinned\": " << pinned.size() << ", \"fail_at_s\": " << failAt
              << ", \"restore_at_s\": " << restoreAt << ", \"duration_s\": " << duration
              << ", \"interval_s\": " << interval << ", \"bytes_received\": " << received
              << ", \"reinjected_bytes\": " << reinjected << phases.str()
              << ", \"csv\": " << mptcp_example::Json(csv) << "}" << std::endl;
    return 0;
}
