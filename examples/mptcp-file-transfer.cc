/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * "Should MPTCP be enabled for all TCP connections?" (Raiciu et al., SIGCOMM 2011, §6,
 * Fig. 17): two hosts with two NICs each, all four NICs on one switch. For each file size in
 * --packets, a fresh connection is opened and transfers that many MSS-sized packets; the time
 * from the connect() call to the last byte received is recorded. TCP uses one NIC; MPTCP
 * (fullmesh path manager, 2 subflows) uses both, but only once the first subflow has
 * negotiated MPTCP and the second has been established.
 *
 * Output: one line per transfer, a runs row (experiment 'file-transfer', topology
 * 'dual-homed-pair') and the `transfers` rows in an SQLite database (doc/results-schema.rst),
 * and a one-line JSON summary as the last line of stdout.
 *
 *   ./mptcp-file-transfer --transport=mptcp --packets=1,2,5,10,20,50,100,150,200,500,1000
 */
#include "mptcp-example-common.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/experiment-database.h"
#include "ns3/experiment-options.h"
#include "ns3/file-transfer-helper.h"
#include "ns3/internet-module.h"
#include "ns3/mptcp-socket-factory.h"
#include "ns3/mptcp-transport-socket-factory.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/transport-attributes.h"

#include <chrono>
#include <iomanip>
#include <iostream>
#include <set>
#include <sstream>
#include <vector>

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("MpTcpFileTransfer");

namespace
{

const char* PROGRAM = "mptcp-file-transfer";

/// Print one line naming the bad option and exit with status 2.
[[noreturn]] void
Fail(const std::string& option, const std::string& value, const std::string& why)
{
    mptcp_example::FailOption(PROGRAM, option, value, why);
}

/**
 * Parses a comma-separated list of distinct positive packet counts.
 * \param text e.g. "1,2,5"
 * \param out receives the counts in the given order
 * \return true if \p text is such a list
 */
bool
ParsePackets(const std::string& text, std::vector<uint32_t>* out)
{
    std::set<uint32_t> seen;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        if (item.empty() || item.size() > 9 ||
            item.find_first_not_of("0123456789") != std::string::npos)
        {
            return false;
        }
        const auto n = static_cast<uint32_t>(std::stoul(item));
        if (n == 0 || !seen.insert(n).second)
        {
            return false;
        }
        out->push_back(n);
    }
    return !out->empty() && text.back() != ',';
}

/// The program's options (their defaults: the values here).
struct Options
{
    /// The default database; its folder is created if missing.
    static constexpr const char* kDefaultDb = "results/file-transfer.db";
    std::string transport = "mptcp";                                  //!< tcp | mptcp.
    std::string packetList = "1,2,5,10,20,50,100,150,200,500,1000";  //!< File sizes, packets.
    std::string linkRate = "1Gbps";                                   //!< Host links' rate.
    std::string delay = "20us";                                       //!< One-way link delay.
    uint32_t queue = 100;                                             //!< Device queues, packets.
    uint32_t mss = 1400;                                              //!< Segment size, bytes.
    uint32_t initialCwnd = 10;                                        //!< Initial window, segments.
    uint32_t delAckCount = 1;                                         //!< Segments per delayed ACK.
    std::string db = kDefaultDb;                                      //!< Results database.
    std::string label;                                                //!< Label of the run.
};

/// Every option of the program, declared once: the command line and --list-options.
ExperimentOptions
DeclareOptions(Options& o)
{
    ExperimentOptions options;
    options.Add(ExperimentOption::Bind("transport",
                                       o.transport,
                                       "",
                                       "tcp (one NIC) | mptcp (fullmesh over both NICs, 2 "
                                       "subflows)",
                                       {"tcp", "mptcp"}));
    options.Add(ExperimentOption::Bind("packets",
                                       o.packetList,
                                       "packets",
                                       "comma-separated file sizes in MSS-sized packets, "
                                       "distinct, >= 1"));
    options.Add(ExperimentOption::Bind("linkRate",
                                       o.linkRate,
                                       "rate",
                                       "rate of the four host links (ns-3 DataRate)"));
    options.Add(ExperimentOption::Bind("delay",
                                       o.delay,
                                       "time",
                                       "one-way propagation delay of each link (ns-3 Time)"));
    options.Add(ExperimentOption::Bind("queue",
                                       o.queue,
                                       "packets",
                                       "DropTail queue of every device, packets"));
    options.Add(ExperimentOption::Bind("mss",
                                       o.mss,
                                       "bytes",
                                       "TCP segment size = packet payload, bytes"));
    options.Add(ExperimentOption::Bind("initialCwnd",
                                       o.initialCwnd,
                                       "segments",
                                       "initial congestion window of connections and subflows, "
                                       "segments"));
    options.Add(ExperimentOption::Bind("delAckCount",
                                       o.delAckCount,
                                       "segments",
                                       "segments per delayed ACK (default 1: Linux's quick-ACK "
                                       "mode at the start of a connection)"));
    options.Add(ExperimentOption::Bind("db",
                                       o.db,
                                       "file",
                                       "SQLite results database, appended to (\"none\": no "
                                       "database; the default's folder results/ is created if "
                                       "missing)")
                    .NotRecorded());
    options.Add(
        ExperimentOption::Bind("label", o.label, "", "free-form label stored with the run")
            .NotRecorded());
    return options;
}

/**
 * Store the run in the database of --db (none if empty).
 * \param o the options
 * \param results the transfers
 * \param wall the run's wall-clock time, s
 * \return the run's id, -1 if not stored
 */
int64_t
StoreRun(const Options& o, const std::vector<TransferRecord>& results, double wall)
{
    const bool mptcp = o.transport == "mptcp";
    DataRateValue rateValue;
    rateValue.DeserializeFromString(o.linkRate, MakeDataRateChecker());
    TimeValue delayValue;
    mptcp_example::ParseTime(o.delay, &delayValue);
    RunRecord run;
    run.label = o.label;
    run.experiment = "file-transfer";
    run.topology = "dual-homed-pair";
    run.hosts = 2;
    run.linkRateBps = rateValue.Get().GetBitRate();
    run.delayS = delayValue.Get().GetSeconds();
    run.queuePkts = o.queue;
    run.transport = o.transport;
    run.subflows = mptcp ? 2 : 1;
    run.cc = mptcp ? "lia" : "newreno";
    run.rngSeed = RngSeedManager::GetSeed();
    run.rngRun = RngSeedManager::GetRun();
    run.ns3Version = "3." + std::to_string(MPTCP_NS3_MINOR);
    run.flows = results.size();
    run.wallS = wall;
    Options bound = o; // the declarations read the options they are bound to
    run.paramsJson = DeclareOptions(bound).ParamsJson();
    int64_t runId = -1;
    if (!o.db.empty())
    {
        std::string why;
        if (o.db == Options::kDefaultDb && !ExperimentDatabase::CreateDirectory(o.db, &why))
        {
            std::cerr << PROGRAM << ": could not store the run in " << o.db << ": " << why
                      << std::endl;
        }
        else
        {
            ExperimentDatabase database(o.db);
            runId = database.AddTransferRun(run, results);
            if (runId < 0)
            {
                std::cerr << PROGRAM << ": could not store the run in " << o.db << ": "
                          << database.GetLastError() << std::endl;
            }
        }
    }

    return runId;
}

} // namespace

int
main(int argc, char* argv[])
{
    Options o;
    CommandLine cmd(__FILE__);
    cmd.Usage("Time to set up a connection and transfer a short file between two dual-NIC "
              "hosts on one switch, TCP against MPTCP (Raiciu et al., SIGCOMM 2011, Fig. 17).");
    ExperimentOptions options = DeclareOptions(o);
    options.AddTo(cmd);
    options.AddListOption(cmd);
    cmd.Parse(argc, argv);
    if (options.ListIfAsked(std::cout))
    {
        return 0;
    }
    if (o.db == "none")
    {
        o.db.clear();
    }

    if (o.transport != "tcp" && o.transport != "mptcp")
    {
        Fail("transport", o.transport, "must be tcp or mptcp");
    }
    std::vector<uint32_t> packets;
    if (!ParsePackets(o.packetList, &packets))
    {
        Fail("packets", o.packetList, "must be a comma-separated list of distinct counts >= 1");
    }
    DataRateValue rateValue;
    if (!rateValue.DeserializeFromString(o.linkRate, MakeDataRateChecker()) ||
        rateValue.Get().GetBitRate() == 0)
    {
        Fail("linkRate", o.linkRate, "not a data rate such as 1Gbps");
    }
    TimeValue delayValue;
    if (!mptcp_example::ParseTime(o.delay, &delayValue) ||
        delayValue.Get().IsNegative())
    {
        Fail("delay", o.delay, "not a non-negative time such as 20us");
    }
    if (o.queue == 0)
    {
        Fail("queue", "0", "must be at least 1 packet");
    }
    if (o.mss < 100 || o.mss > 9000)
    {
        Fail("mss", std::to_string(o.mss), "must be between 100 and 9000 bytes");
    }
    if (o.initialCwnd < 1)
    {
        Fail("initialCwnd", "0", "must be at least 1 segment");
    }
    if (o.delAckCount < 1)
    {
        Fail("delAckCount", "0", "must be at least 1");
    }
    if (!o.db.empty())
    {
        std::string why;
        if (!ExperimentDatabase::CheckWritable(o.db, &why, o.db == Options::kDefaultDb))
        {
            Fail("db", o.db, why);
        }
    }
    const bool mptcp = o.transport == "mptcp";
    const auto wallStart = std::chrono::steady_clock::now();

    const uint32_t buffer = 4 << 20; // never the limit
    // The transport options, on the two hosts' sockets (no process-wide defaults).
    TransportAttributes t;
    t.SetL4("SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    t.SetTcp("SegmentSize", UintegerValue(o.mss));
    t.SetTcp("SndBufSize", UintegerValue(buffer));
    t.SetTcp("RcvBufSize", UintegerValue(buffer));
    t.SetTcp("InitialCwnd", UintegerValue(o.initialCwnd));
    t.SetTcp("DelAckCount", UintegerValue(o.delAckCount));
    t.SetTcp("MinRto", TimeValue(MilliSeconds(200)));
    // A lost SYN or SYN/ACK is retransmitted after Linux's 1 s (RFC 6298), not ns-3's 3 s.
    t.SetTcp("ConnTimeout", TimeValue(Seconds(1)));
    t.SetMultipath("NumSubflows", UintegerValue(1));
    t.SetMultipath("SndBufSize", UintegerValue(buffer));
    t.SetMultipath("RcvBufSize", UintegerValue(buffer));
    t.SetMultipath("PathManager", StringValue("ns3::MpTcpFullmeshPathManager"));
    t.SetMultipath("MaxSubflows", UintegerValue(2));

    FileTransferHelper pair(rateValue.Get(), delayValue.Get(), o.queue);
    t.Install(pair.GetHosts());
    const std::vector<TransferRecord> results =
        pair.Run(mptcp ? MpTcpSocketFactory::GetTypeId() : TcpSocketBaseFactory::GetTypeId(),
                 packets,
                 o.mss);
    uint32_t drops = 0; // every o.queue of the topology, all transfers
    for (uint32_t link = 0; link < 4; ++link)
    {
        drops += pair.GetDrops(link, true) + pair.GetDrops(link, false);
    }
    Simulator::Destroy();
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();

    for (const auto& r : results)
    {
        std::cout << o.transport << " " << r.packets << " packets (" << r.bytes << " bytes) in "
                  << std::fixed << std::setprecision(3) << r.transferTimeS * 1e3 << " ms"
                  << std::defaultfloat << std::endl;
    }
    const bool complete = results.size() == packets.size();
    if (!complete)
    {
        std::cerr << PROGRAM << ": only " << results.size() << " of " << packets.size()
                  << " transfers completed" << std::endl;
    }

    const int64_t runId = StoreRun(o, results, wall);
    std::ostringstream list;
    for (size_t i = 0; i < results.size(); ++i)
    {
        list << (i ? ", " : "") << "{\"packets\": " << results[i].packets
             << ", \"bytes\": " << results[i].bytes
             << ", \"transfer_time_s\": " << std::setprecision(9) << results[i].transferTimeS
             << "}";
    }
    std::cout << "{\"transport\": " << mptcp_example::Json(o.transport)
              << ", \"subflows\": " << (mptcp ? 2 : 1) << ", \"link_rate_bps\": "
              << std::setprecision(12) << static_cast<double>(rateValue.Get().GetBitRate())
              << ", \"mss\": " << o.mss << ", \"transfers\": [" << list.str()
              << "], \"queue_drops\": " << drops
              << ", \"complete\": " << (complete ? "true" : "false") << ", \"run_id\": " << runId
              << ", \"wall_s\": " << std::setprecision(6) << wall << "}" << std::endl;
    return (!complete || (!o.db.empty() && runId < 0)) ? 1 : 0;
}
