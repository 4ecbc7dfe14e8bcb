/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/experiment-database.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/test.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <set>
#include <sqlite3.h>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

/**
 * \file
 * \ingroup mptcp-test
 * Tests of ns3::ExperimentDatabase (TestSuite "mptcp-experiment-database").
 */

using namespace ns3;

namespace
{

/// A fresh temporary directory, removed (with its files) on destruction.
class TempDir
{
  public:
    TempDir()
    {
        const char* base = std::getenv("TMPDIR");
        std::string tmpl = std::string(base != nullptr && *base != '\0' ? base : "/tmp") +
                           "/mptcp-db-test-XXXXXX";
        std::vector<char> buf(tmpl.begin(), tmpl.end());
        buf.push_back('\0');
        const char* made = mkdtemp(buf.data());
        m_path = made != nullptr ? made : "";
    }

    ~TempDir()
    {
        if (!m_path.empty())
        {
            std::string cmd = "rm -rf '" + m_path + "'";
            int rc = std::system(cmd.c_str());
            (void)rc;
        }
    }

    /// \return the directory
    const std::string& Path() const
    {
        return m_path;
    }

    /// \param name a file name \return the path of that file in the directory
    std::string File(const std::string& name) const
    {
        return m_path + "/" + name;
    }

  private:
    std::string m_path; //!< directory path ("" if mkdtemp failed)
};

/// \return the whole content of a file ("" if it cannot be read)
std::string
Slurp(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// \return whether \p path exists
bool
Exists(const std::string& path)
{
    struct stat st{};
    return stat(path.c_str(), &st) == 0;
}

/// Runs raw SQL on a file with the sqlite3 C API (test set-up only).
bool
RawExec(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    bool ok = sqlite3_open(path.c_str(), &db) == SQLITE_OK &&
              sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(db);
    return ok;
}

/// \return the first column of the first row of a query on a file, as text ("" if none)
std::string
RawQuery(const std::string& path, const std::string& sql)
{
    sqlite3* db = nullptr;
    sqlite3_stmt* stmt = nullptr;
    std::string out;
    if (sqlite3_open(path.c_str(), &db) == SQLITE_OK &&
        sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK &&
        sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_text(stmt, 0) != nullptr)
    {
        out = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    }
    sqlite3_finalize(stmt);
    sqlite3_close(db);
    return out;
}

/// A run record with every field set to a distinct value derived from \p i.
RunRecord
MakeRun(int i)
{
    RunRecord r;
    r.createdUtc = "2024-01-0" + std::to_string(1 + i % 9) + "T12:00:00Z";
    r.label = "label-" + std::to_string(i);
    r.experiment = "fattree";
    r.topology = "fattree";
    r.k = 8;
    r.hostsPerTor = 4;
    r.hosts = 128;
    r.linkRateBps = 100e6;
    r.delayS = 20e-6;
    r.queuePkts = 100;
    r.transport = i % 2 == 0 ? "tcp" : "mptcp";
    r.subflows = static_cast<uint32_t>(1 + i % 8);
    r.cc = "lia";
    r.matrix = "permutation";
    r.durationS = 10.0 + i;
    r.warmupS = 2.5;
    r.rngSeed = 1;
    r.rngRun = static_cast<uint64_t>(i);
    r.ns3Version = "3.37";
    r.flows = 3;
    r.aggregateGoodputBps = 1.25e9 + i;
    r.optimalBps = 12.8e9;
    r.optimalPct = 45.5 + i;
    r.minFlowPct = 9.75;
    r.jainIndex = 0.8125;
    r.wallS = 123.5;
    r.paramsJson = "{\"k\": 8, \"i\": " + std::to_string(i) + ", \"quote\": \"it's\"}";
    return r;
}

/// \p n flow records with distinct values derived from \p i.
std::vector<FlowRecord>
MakeFlows(int i, uint32_t n)
{
    std::vector<FlowRecord> v;
    for (uint32_t f = 0; f < n; ++f)
    {
        FlowRecord r;
        r.flowId = f;
        r.srcHost = f;
        r.dstHost = (f + 1) % n;
        r.srcAddr = "10.0." + std::to_string(f) + ".2";
        r.dstAddr = "10.0." + std::to_string((f + 1) % n) + ".2";
        r.bytesRx = 5000000000ULL + 1000 * f + i; // > 2^32: needs 64-bit storage
        r.goodputBps = 9.5e7 + f;
        r.pctOfOptimal = 95.0 - f;
        v.push_back(r);
    }
    return v;
}

/// \return "" if equal, else the name of the first differing field
std::string
DiffRun(const RunRecord& a, const RunRecord& b)
{
#define MPTCP_CMP(f)                                                                               \
    if (!(a.f == b.f))                                                                             \
    {                                                                                              \
        return #f;                                                                                 \
    }
    MPTCP_CMP(createdUtc)
    MPTCP_CMP(label)
    MPTCP_CMP(experiment)
    MPTCP_CMP(topology)
    MPTCP_CMP(k)
    MPTCP_CMP(hostsPerTor)
    MPTCP_CMP(hosts)
    MPTCP_CMP(linkRateBps)
    MPTCP_CMP(delayS)
    MPTCP_CMP(queuePkts)
    MPTCP_CMP(transport)
    MPTCP_CMP(subflows)
    MPTCP_CMP(cc)
    MPTCP_CMP(matrix)
    MPTCP_CMP(durationS)
    MPTCP_CMP(warmupS)
    MPTCP_CMP(rngSeed)
    MPTCP_CMP(rngRun)
    MPTCP_CMP(ns3Version)
    MPTCP_CMP(flows)
    MPTCP_CMP(aggregateGoodputBps)
    MPTCP_CMP(optimalBps)
    MPTCP_CMP(optimalPct)
    MPTCP_CMP(minFlowPct)
    MPTCP_CMP(jainIndex)
    MPTCP_CMP(wallS)
    MPTCP_CMP(paramsJson)
    return "";
}

/// \return "" if equal, else the name of the first differing field
std::string
DiffFlow(const FlowRecord& a, const FlowRecord& b)
{
    MPTCP_CMP(flowId)
    MPTCP_CMP(srcHost)
    MPTCP_CMP(dstHost)
    MPTCP_CMP(srcAddr)
    MPTCP_CMP(dstAddr)
    MPTCP_CMP(bytesRx)
    MPTCP_CMP(goodputBps)
    MPTCP_CMP(pctOfOptimal)
    return "";
#undef MPTCP_CMP
}

/// Two AddRun() calls append run_ids 1 and 2 with exact rows; reopening keeps them.
class AppendAndReopenTest : public TestCase
{
  public:
    AppendAndReopenTest()
        : TestCase("AddRun appends (run_id 1, 2), rows are exact, reopening keeps them")
    {
    }

  private:
    void DoRun() override
    {
        TempDir dir;
        NS_TEST_ASSERT_MSG_EQ(dir.Path().empty(), false, "mkdtemp");
        const std::string path = dir.File("results.db");
        std::string err;
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(path, &err), true, err);
        NS_TEST_ASSERT_MSG_EQ(Exists(path), false, "CheckWritable creates nothing");

        const RunRecord r1 = MakeRun(1);
        const RunRecord r2 = MakeRun(2);
        const auto f1 = MakeFlows(1, 3);
        const auto f2 = MakeFlows(2, 5);
        {
            ExperimentDatabase db(path);
            NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), true, db.GetLastError());
            NS_TEST_ASSERT_MSG_EQ(db.GetPath(), path, "path");
            NS_TEST_ASSERT_MSG_EQ(db.GetRuns().size(), 0, "new database is empty");
            NS_TEST_ASSERT_MSG_EQ(db.AddRun(r1, f1), 1, db.GetLastError());
            auto after1 = db.GetRuns();
            NS_TEST_ASSERT_MSG_EQ(db.AddRun(r2, f2), 2, db.GetLastError());
            auto runs = db.GetRuns();
            NS_TEST_ASSERT_MSG_EQ(runs.size(), 2, "two runs");
            NS_TEST_ASSERT_MSG_EQ(runs[0].runId, 1, "run_id 1");
            NS_TEST_ASSERT_MSG_EQ(runs[1].runId, 2, "run_id 2");
            NS_TEST_ASSERT_MSG_EQ(DiffRun(runs[0], r1), "", "run 1 row");
            NS_TEST_ASSERT_MSG_EQ(DiffRun(runs[1], r2), "", "run 2 row");
            NS_TEST_ASSERT_MSG_EQ(DiffRun(runs[0], after1[0]), "", "run 1 unchanged by run 2");
            CheckFlows(db, 1, f1);
            CheckFlows(db, 2, f2);
            NS_TEST_ASSERT_MSG_EQ(db.GetFlows(3).size(), 0, "no flows for unknown run");
        }
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(path, &err), true, err);
        NS_TEST_ASSERT_MSG_EQ(Exists(path + "-wal"), false, "self-contained file, no WAL");
        {
            ExperimentDatabase db(path);
            NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), true, db.GetLastError());
            auto runs = db.GetRuns();
            NS_TEST_ASSERT_MSG_EQ(runs.size(), 2, "reopened: two runs");
            NS_TEST_ASSERT_MSG_EQ(DiffRun(runs[0], r1), "", "reopened run 1");
            NS_TEST_ASSERT_MSG_EQ(DiffRun(runs[1], r2), "", "reopened run 2");
            CheckFlows(db, 1, f1);
            CheckFlows(db, 2, f2);
            // A run without flows, with an automatic timestamp and a NaN (stored as NULL).
            RunRecord r3 = MakeRun(3);
            r3.createdUtc.clear();
            r3.jainIndex = std::nan("");
            NS_TEST_ASSERT_MSG_EQ(db.AddRun(r3, {}), 3, db.GetLastError());
            auto again = db.GetRuns();
            NS_TEST_ASSERT_MSG_EQ(again.size(), 3, "three runs");
            const std::string& ts = again[2].createdUtc;
            NS_TEST_ASSERT_MSG_EQ(ts.size(), 20, "ISO 8601 UTC timestamp: " << ts);
            NS_TEST_ASSERT_MSG_EQ(ts[10], 'T', ts);
            NS_TEST_ASSERT_MSG_EQ(ts[19], 'Z', ts);
            NS_TEST_ASSERT_MSG_EQ(std::isnan(again[2].jainIndex), true, "NaN round trip");
            NS_TEST_ASSERT_MSG_EQ(db.GetFlows(3).size(), 0, "no flows");
        }
        // The NaN is a real SQL NULL, and the schema has the documented columns.
        sqlite3* raw = nullptr;
        NS_TEST_ASSERT_MSG_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK, "raw open");
        sqlite3_stmt* st = nullptr;
        sqlite3_prepare_v2(raw,
                           "SELECT jain_index IS NULL, typeof(bytes_rx) FROM runs, flows "
                           "WHERE runs.run_id = 3 AND flows.run_id = 1 AND flow_id = 0",
                           -1, &st, nullptr);
        NS_TEST_ASSERT_MSG_EQ(sqlite3_step(st), SQLITE_ROW, "row");
        NS_TEST_ASSERT_MSG_EQ(sqlite3_column_int(st, 0), 1, "NULL");
        NS_TEST_ASSERT_MSG_EQ(std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, 1))),
                              "integer", "bytes_rx type");
        sqlite3_finalize(st);
        sqlite3_close(raw);
    }

    /// Checks that run \p runId has exactly the flows \p expected.
    void CheckFlows(ExperimentDatabase& db, int64_t runId, const std::vector<FlowRecord>& expected)
    {
        auto got = db.GetFlows(runId);
        NS_TEST_ASSERT_MSG_EQ(got.size(), expected.size(), "flow count of run " << runId);
        for (size_t i = 0; i < got.size() && i < expected.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(DiffFlow(got[i], expected[i]), "",
                                  "run " << runId << " flow " << i);
        }
    }
};

/// Doubles equal, or both NaN (NULL).
bool
SameReal(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

/// Workload results with every field set, a NaN (NULL) for a flow not completed.
WorkloadResults
MakeWorkload()
{
    WorkloadResults w;
    w.summary = {"mix", 256, 1.0 / 3, 70000, "", "tcp", std::nan(""), 130, 128,
                 0.0193, 0.0135, 0.0145, 0.0637, 7.6e7, 2.8e7, 0.13, 1.5e-4};
    for (uint32_t i = 0; i < 3; ++i)
    {
        ShortFlowRecord f;
        f.flowId = 5 + i;
        f.srcHost = i;
        f.dstHost = 15 - i;
        f.sizeBytes = 70000 + i;
        f.transport = i == 0 ? "mptcp" : "tcp";
        f.startS = 0.5 + i / 7.0;
        f.firstTxS = f.startS + 2.5e-4;
        f.completed = i != 2;
        f.lastRxS = f.completed ? f.firstTxS + 0.0123 * (i + 1) : std::nan("");
        f.fctS = f.completed ? f.lastRxS - f.firstTxS : std::nan("");
        f.rtos = i;
        f.fastRetransmits = 2 * i + 1;
        w.shortFlows.push_back(f);
    }
    w.flowCounters = {{0, 4, 2}, {1, 0, 7}};
    w.linkLayers = {{"host-edge", "up", 16, 0.25, 0, 1000, 0},
                    {"aggregation-core", "down", 16, 0.75 / 3, 1e-3 / 3, 123456, 41}};
    return w;
}

/// Tables of workload runs: exact round trip, NULLs, all or nothing, added to an old file.
class WorkloadTablesTest : public TestCase
{
  public:
    WorkloadTablesTest()
        : TestCase("Workload tables: values written = values read; an old file gets the tables "
                   "and keeps its rows")
    {
    }

  private:
    void DoRun() override
    {
        TempDir dir;
        const std::string path = dir.File("old.db");
        // A database of before the workload tables, with one run.
        sqlite3* raw = nullptr;
        NS_TEST_ASSERT_MSG_EQ(sqlite3_open(path.c_str(), &raw), SQLITE_OK, "raw open");
        {
            ExperimentDatabase db(path); // creates every table: drop the new ones again
        }
        NS_TEST_ASSERT_MSG_EQ(sqlite3_exec(raw,
                                           "DROP TABLE short_flows; DROP TABLE flow_counters; "
                                           "DROP TABLE link_layers; DROP TABLE workload_runs; "
                                           "INSERT INTO runs (label, k) VALUES ('old', 8);",
                                           nullptr, nullptr, nullptr),
                              SQLITE_OK, sqlite3_errmsg(raw));
        sqlite3_close(raw);

        ExperimentDatabase db(path);
        NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), true, db.GetLastError());
        auto runs = db.GetRuns();
        NS_TEST_ASSERT_MSG_EQ(runs.size(), 1u, "the old run is kept");
        NS_TEST_ASSERT_MSG_EQ(runs[0].label, "old", "its row");
        WorkloadResults none;
        NS_TEST_ASSERT_MSG_EQ(db.GetWorkloadResults(1, &none), false, "no workload row");

        const WorkloadResults w = MakeWorkload();
        NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(2), MakeFlows(2, 2), w), 2, db.GetLastError());
        WorkloadResults got;
        NS_TEST_ASSERT_MSG_EQ(db.GetWorkloadResults(2, &got), true, db.GetLastError());
        const WorkloadRunRecord& a = got.summary;
        const WorkloadRunRecord& b = w.summary;
        NS_TEST_ASSERT_MSG_EQ(a.workload, b.workload, "workload");
        NS_TEST_ASSERT_MSG_EQ(a.flowSizeCdf, b.flowSizeCdf, "flow_size_cdf");
        NS_TEST_ASSERT_MSG_EQ(a.shortTransport, b.shortTransport, "short_transport");
        NS_TEST_ASSERT_MSG_EQ(a.shortFlowsStarted, b.shortFlowsStarted, "started");
        NS_TEST_ASSERT_MSG_EQ(a.shortFlowsCompleted, b.shortFlowsCompleted, "completed");
        const double av[] = {a.shortFlowRate, a.longFlowFraction, a.shortFlowSizeBytes,
                             a.switchThresholdBytes, a.fctMeanS, a.fctSdS, a.fctP50S, a.fctP99S,
                             a.longGoodputMeanBps, a.longGoodputSdBps, a.coreUtil, a.coreLoss};
        const double bv[] = {b.shortFlowRate, b.longFlowFraction, b.shortFlowSizeBytes,
                             b.switchThresholdBytes, b.fctMeanS, b.fctSdS, b.fctP50S, b.fctP99S,
                             b.longGoodputMeanBps, b.longGoodputSdBps, b.coreUtil, b.coreLoss};
        for (size_t i = 0; i < std::size(av); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(SameReal(av[i], bv[i]), true, "summary value " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(got.shortFlows.size(), w.shortFlows.size(), "short flows");
        for (size_t i = 0; i < got.shortFlows.size(); ++i)
        {
            const auto& x = got.shortFlows[i];
            const auto& y = w.shortFlows[i];
            bool same = x.flowId == y.flowId && x.srcHost == y.srcHost &&
                        x.dstHost == y.dstHost && x.sizeBytes == y.sizeBytes &&
                        x.transport == y.transport && SameReal(x.startS, y.startS) &&
                        SameReal(x.firstTxS, y.firstTxS) && SameReal(x.lastRxS, y.lastRxS) &&
                        SameReal(x.fctS, y.fctS) && x.completed == y.completed &&
                        x.rtos == y.rtos && x.fastRetransmits == y.fastRetransmits;
            NS_TEST_ASSERT_MSG_EQ(same, true, "short flow " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(got.flowCounters.size(), 2u, "flow counters");
        for (size_t i = 0; i < got.flowCounters.size(); ++i)
        {
            const auto& x = got.flowCounters[i];
            const auto& y = w.flowCounters[i];
            NS_TEST_ASSERT_MSG_EQ((x.flowId == y.flowId && x.rtos == y.rtos &&
                                   x.fastRetransmits == y.fastRetransmits),
                                  true, "flow counters " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(got.linkLayers.size(), 2u, "link layers");
        for (size_t i = 0; i < got.linkLayers.size(); ++i)
        {
            const auto& x = got.linkLayers[i];
            const auto& y = w.linkLayers[i];
            NS_TEST_ASSERT_MSG_EQ((x.layer == y.layer && x.direction == y.direction &&
                                   x.links == y.links && x.utilization == y.utilization &&
                                   x.lossRate == y.lossRate && x.txPackets == y.txPackets &&
                                   x.drops == y.drops),
                                  true, "link layer " << i);
        }

        // All or nothing: a duplicate (layer, direction) stores neither run nor rows.
        WorkloadResults dup = MakeWorkload();
        dup.linkLayers.push_back(dup.linkLayers[0]);
        NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(3), MakeFlows(3, 1), dup), -1, "rejected");
        NS_TEST_ASSERT_MSG_EQ(db.GetRuns().size(), 2u, "no run stored");
        NS_TEST_ASSERT_MSG_EQ(db.GetWorkloadResults(3, &got), false, "no workload row");
        NS_TEST_ASSERT_MSG_EQ(got.shortFlows.size(), 0u, "no short flows stored");
        NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(3), MakeFlows(3, 1), w), 3, db.GetLastError());
    }
};

/**
 * Writes a database with one run (run 1, one flow) at \p path, then runs \p dropSql on it: a
 * file written before the tables that \p dropSql drops existed.
 * \param path the file
 * \param dropSql SQL that drops the newer tables
 * \return "" on success, else what failed
 */
std::string
WriteOldFile(const std::string& path, const char* dropSql)
{
    {
        ExperimentDatabase db(path);
        if (db.AddRun(MakeRun(1), MakeFlows(1, 1)) != 1)
        {
            return db.GetLastError();
        }
    }
    sqlite3* raw = nullptr;
    if (sqlite3_open(path.c_str(), &raw) != SQLITE_OK)
    {
        return "cannot open " + path;
    }
    std::string error;
    if (sqlite3_exec(raw, dropSql, nullptr, nullptr, nullptr) != SQLITE_OK)
    {
        error = sqlite3_errmsg(raw);
    }
    sqlite3_close(raw);
    return error;
}

/// Tables `links` and `transfers`: exact round trip of a k=8 tree's 768 link rows, all or
/// nothing, added to an old file that keeps its rows.
class LinksAndTransfersTest : public TestCase
{
  public:
    LinksAndTransfersTest()
        : TestCase("links and transfers: 768 link rows and transfers round-trip, duplicates store "
                   "nothing, an old file gets the tables")
    {
    }

  private:
    void DoRun() override
    {
        TempDir dir;
        const std::string path = dir.File("old.db");
        NS_TEST_ASSERT_MSG_EQ(WriteOldFile(path, "DROP TABLE links; DROP TABLE transfers;"),
                              "",
                              "a file of before these tables");

        ExperimentDatabase db(path);
        NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), true, db.GetLastError());
        NS_TEST_ASSERT_MSG_EQ(db.GetRuns().size(), 1u, "the old run is kept");

        WorkloadResults w = MakeWorkload();
        const char* layers[] = {"host-edge", "edge-aggregation", "aggregation-core"};
        for (uint32_t i = 0; i < 384; ++i)
        {
            for (const char* direction : {"up", "down"})
            {
                LinkRecord l;
                l.linkId = i;
                l.layer = layers[i / 128];
                l.direction = direction;
                l.nodeA = i;
                l.nodeB = 1000 + i / 2;
                l.rateBps = i == 300 ? 1e7 : 1e8;
                l.txPackets = 1000 + 7 * i;
                l.drops = i % 5;
                l.lossRate = double(l.drops) / (l.txPackets + l.drops);
                l.utilization = i / 384.0;
                w.links.push_back(l);
            }
        }
        const auto t0 = std::chrono::steady_clock::now();
        NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(2), MakeFlows(2, 2), w), 2, db.GetLastError());
        std::cout << GetName() << ": run with 768 link rows stored in "
                  << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()
                  << " s" << std::endl;
        WorkloadResults got;
        NS_TEST_ASSERT_MSG_EQ(db.GetWorkloadResults(2, &got), true, db.GetLastError());
        NS_TEST_ASSERT_MSG_EQ(got.links.size(), 768u, "3 layers x 128 links x 2 directions");
        for (size_t i = 0; i < got.links.size(); ++i)
        {
            const auto& x = got.links[i];
            const auto& y = w.links[i];
            NS_TEST_ASSERT_MSG_EQ((x.linkId == y.linkId && x.layer == y.layer &&
                                   x.direction == y.direction && x.nodeA == y.nodeA &&
                                   x.nodeB == y.nodeB && x.rateBps == y.rateBps &&
                                   x.txPackets == y.txPackets && x.drops == y.drops &&
                                   x.lossRate == y.lossRate && x.utilization == y.utilization),
                                  true, "link row " << i);
        }
        // All or nothing: a duplicate (link_id, direction) stores neither run nor rows.
        WorkloadResults dup = w;
        dup.links.push_back(dup.links[5]);
        NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(3), MakeFlows(3, 1), dup), -1, "rejected");
        NS_TEST_ASSERT_MSG_EQ(db.GetRuns().size(), 2u, "no run stored");

        const std::vector<TransferRecord> transfers = {{1, 1400, 0.000123},
                                                       {1000, 1400000, 0.0171}};
        NS_TEST_ASSERT_MSG_EQ(db.AddTransferRun(MakeRun(3), transfers), 3, db.GetLastError());
        auto t = db.GetTransfers(3);
        NS_TEST_ASSERT_MSG_EQ(t.size(), 2u, "two transfers");
        for (size_t i = 0; i < t.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ((t[i].packets == transfers[i].packets &&
                                   t[i].bytes == transfers[i].bytes &&
                                   t[i].transferTimeS == transfers[i].transferTimeS),
                                  true, "transfer " << i);
        }
        const std::vector<TransferRecord> twice = {transfers[0], transfers[0]};
        NS_TEST_ASSERT_MSG_EQ(db.AddTransferRun(MakeRun(4), twice), -1, "duplicates rejected");
        NS_TEST_ASSERT_MSG_EQ(db.GetRuns().size(), 3u, "no run stored");
        NS_TEST_ASSERT_MSG_EQ(db.GetTransfers(4).size(), 0u, "no transfer stored");
    }
};

/// Table `hotspot_flows`: exact round trip, all or nothing, added to an old file.
class HotSpotFlowsTableTest : public TestCase
{
  public:
    HotSpotFlowsTableTest()
        : TestCase("hotspot_flows: rows round-trip, a duplicate flow_id stores nothing, an old "
                   "file gets the table")
    {
    }

  private:
    void DoRun() override
    {
        TempDir dir;
        const std::string path = dir.File("old.db");
        NS_TEST_ASSERT_MSG_EQ(WriteOldFile(path, "DROP TABLE hotspot_flows;"),
                              "",
                              "a file of before this table");

        ExperimentDatabase db(path);
        NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), true, db.GetLastError());
        NS_TEST_ASSERT_MSG_EQ(db.GetRuns().size(), 1u, "the old run is kept");
        WorkloadResults w = MakeWorkload();
        w.hotspotFlows = {{3, 5000000000ULL, 7}, {17, 12, 0}, {90, 1, 1}};
        NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(2), MakeFlows(2, 2), w), 2, db.GetLastError());
        WorkloadResults got;
        NS_TEST_ASSERT_MSG_EQ(db.GetWorkloadResults(2, &got), true, db.GetLastError());
        NS_TEST_ASSERT_MSG_EQ(got.hotspotFlows.size(), 3u, "three rows");
        for (size_t i = 0; i < got.hotspotFlows.size(); ++i)
        {
            const auto& x = got.hotspotFlows[i];
            const auto& y = w.hotspotFlows[i];
            NS_TEST_ASSERT_MSG_EQ((x.flowId == y.flowId && x.packets == y.packets &&
                                   x.packetsAfterWarmup == y.packetsAfterWarmup),
                                  true, "row " << i);
        }
        WorkloadResults dup = w;
        dup.hotspotFlows.push_back(dup.hotspotFlows[1]);
        NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(3), MakeFlows(3, 1), dup), -1, "rejected");
        NS_TEST_ASSERT_MSG_EQ(db.GetRuns().size(), 2u, "no run stored");
    }
};

/// AddRun() is all or nothing: a duplicate flow_id stores neither the run nor its flows.
class AtomicityTest : public TestCase
{
  public:
    AtomicityTest()
        : TestCase("AddRun is one transaction: a failing flow leaves no run and no flows")
    {
    }

  private:
    void DoRun() override
    {
        TempDir dir;
        const std::string path = dir.File("atomic.db");
        ExperimentDatabase db(path);
        NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), true, db.GetLastError());
        NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(1), MakeFlows(1, 2)), 1, db.GetLastError());
        auto bad = MakeFlows(2, 4);
        bad[3].flowId = bad[1].flowId; // violates PRIMARY KEY (run_id, flow_id)
        NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(2), bad), -1, "duplicate flow id fails");
        NS_TEST_ASSERT_MSG_NE(db.GetLastError(), "", "error message set");
        NS_TEST_ASSERT_MSG_EQ(db.GetRuns().size(), 1, "failed run not stored");
        int64_t next = db.AddRun(MakeRun(3), MakeFlows(3, 2));
        NS_TEST_ASSERT_MSG_GT(next, 1, db.GetLastError());
        NS_TEST_ASSERT_MSG_EQ(db.GetRuns().size(), 2, "next run stored");
        NS_TEST_ASSERT_MSG_EQ(db.GetFlows(next).size(), 2, "its flows stored");

        sqlite3* raw = nullptr;
        sqlite3_open(path.c_str(), &raw);
        sqlite3_stmt* st = nullptr;
        sqlite3_prepare_v2(raw, "SELECT COUNT(*) FROM flows", -1, &st, nullptr);
        sqlite3_step(st);
        NS_TEST_ASSERT_MSG_EQ(sqlite3_column_int(st, 0), 4, "no orphan flow rows");
        sqlite3_finalize(st);
        sqlite3_close(raw);
    }
};

/// CheckWritable() and the constructor refuse bad paths and never modify a foreign file.
class CheckWritableTest : public TestCase
{
  public:
    CheckWritableTest()
        : TestCase("CheckWritable fails on a missing directory and a non-database file, "
                   "leaving it unchanged")
    {
    }

  private:
    void DoRun() override
    {
        TempDir dir;
        std::string err;

        // Missing directory.
        const std::string missing = dir.File("no-such-dir/results.db");
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(missing, &err), false, "missing dir");
        NS_TEST_ASSERT_MSG_NE(err.find("no-such-dir"), std::string::npos, "error names it: " << err);
        NS_TEST_ASSERT_MSG_EQ(err.find('\n'), std::string::npos, "one line");
        {
            ExperimentDatabase db(missing);
            NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), false, "cannot open in a missing dir");
            NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(1), {}), -1, "AddRun fails when closed");
            NS_TEST_ASSERT_MSG_NE(db.GetLastError(), "", "error kept");
        }
        NS_TEST_ASSERT_MSG_EQ(Exists(dir.File("no-such-dir")), false, "directory not created");

        // Empty path; a path that is a directory; a parent that is a file.
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable("", &err), false, "empty path");
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(dir.Path(), &err), false, "a directory");
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(dir.Path(), nullptr), false, "null error");

        // A file that is not a database, also one longer than the SQLite header.
        const std::string text = dir.File("notes.txt");
        std::string content;
        for (int i = 0; i < 300; ++i)
        {
            content += "this is not a database, line " + std::to_string(i) + "\n";
        }
        {
            std::ofstream out(text, std::ios::binary);
            out << content;
        }
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(text, &err), false, "text file");
        NS_TEST_ASSERT_MSG_NE(err.find("not an SQLite"), std::string::npos, err);
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(dir.File("notes.txt/x.db"), &err),
                              false,
                              "parent is a file");
        {
            ExperimentDatabase db(text);
            NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), false, "constructor refuses a text file");
            NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(1), MakeFlows(1, 2)), -1, "no append");
        }
        NS_TEST_ASSERT_MSG_EQ((Slurp(text) == content), true, "text file bytes unchanged");

        // A short file (shorter than the 16-byte header).
        const std::string shortFile = dir.File("short.db");
        {
            std::ofstream out(shortFile, std::ios::binary);
            out << "SQLite";
        }
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(shortFile, &err), false, "short");
        NS_TEST_ASSERT_MSG_EQ(Slurp(shortFile), "SQLite", "short file unchanged");

        // An SQLite database whose `runs` table is someone else's: incompatible, untouched.
        const std::string foreign = dir.File("foreign.db");
        NS_TEST_ASSERT_MSG_EQ(RawExec(foreign, "CREATE TABLE runs (id INTEGER, name TEXT);"
                                               "INSERT INTO runs VALUES (1, 'x');"),
                              true,
                              "set-up");
        const std::string foreignBytes = Slurp(foreign);
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(foreign, &err), false, "incompatible");
        NS_TEST_ASSERT_MSG_NE(err.find("missing columns"), std::string::npos, err);
        {
            ExperimentDatabase db(foreign);
            NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), false, "constructor refuses it");
        }
        NS_TEST_ASSERT_MSG_EQ((Slurp(foreign) == foreignBytes), true, "foreign db unchanged");

        // An SQLite database with unrelated tables is fine: our tables are added.
        const std::string other = dir.File("other.db");
        NS_TEST_ASSERT_MSG_EQ(RawExec(other, "CREATE TABLE notes (t TEXT);"), true, "set-up");
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(other, &err), true, err);
        {
            ExperimentDatabase db(other);
            NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), true, db.GetLastError());
            NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(1), MakeFlows(1, 1)), 1, db.GetLastError());
        }

        // The schema version: a new database records it in `meta`; a database of another
        // version is refused and left untouched; one written before `meta` existed gets it.
        const std::string versioned = dir.File("versioned.db");
        {
            ExperimentDatabase db(versioned);
            NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), true, db.GetLastError());
        }
        NS_TEST_ASSERT_MSG_EQ(RawQuery(versioned, "SELECT group_concat(key || '=' || value) FROM meta"),
                              "schema_version=1",
                              "meta has one row, schema_version 1");
        const std::string newer = dir.File("newer.db");
        NS_TEST_ASSERT_MSG_EQ(RawExec(newer,
                                      "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
                                      "INSERT INTO meta VALUES ('schema_version', '2');"),
                              true,
                              "set-up");
        const std::string newerBytes = Slurp(newer);
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(newer, &err), false, "version 2");
        NS_TEST_ASSERT_MSG_EQ(err,
                              "'" + newer + "' has result schema version 2; this program writes "
                              "version 1",
                              "one line naming the version");
        {
            ExperimentDatabase db(newer);
            NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), false, "constructor refuses version 2");
        }
        NS_TEST_ASSERT_MSG_EQ((Slurp(newer) == newerBytes), true, "version-2 db unchanged");
        const std::string older = dir.File("older.db");
        {
            ExperimentDatabase db(older);
            NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(1), MakeFlows(1, 1)), 1, db.GetLastError());
        }
        NS_TEST_ASSERT_MSG_EQ(RawExec(older, "DROP TABLE meta;"), true, "a pre-meta database");
        {
            ExperimentDatabase db(older);
            NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(2), MakeFlows(2, 1)), 2, db.GetLastError());
        }
        NS_TEST_ASSERT_MSG_EQ(RawQuery(older, "SELECT value FROM meta WHERE key = 'schema_version'"),
                              "1",
                              "meta added to a pre-meta database");

        // An empty file (e.g. from `touch`) is a new database.
        const std::string empty = dir.File("empty.db");
        {
            std::ofstream out(empty);
        }
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(empty, &err), true, err);
        // A bare file name is relative to the working directory.
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable("mptcp-no-such-file.db", &err) ||
                                  access(".", W_OK) != 0,
                              true,
                              err);
        NS_TEST_ASSERT_MSG_EQ(Exists("mptcp-no-such-file.db"), false, "nothing created");
    }
};

/// Two connections (objects, threads, processes) on one file all append.
class ConcurrentAppendTest : public TestCase
{
  public:
    ConcurrentAppendTest()
        : TestCase("Two ExperimentDatabase objects, threads and processes append to one file")
    {
    }

  private:
    void DoRun() override
    {
        TempDir dir;
        const std::string path = dir.File("shared.db");

        // Two objects open at once, interleaved.
        {
            ExperimentDatabase a(path);
            ExperimentDatabase b(path);
            NS_TEST_ASSERT_MSG_EQ(a.IsOpen() && b.IsOpen(), true, a.GetLastError() + b.GetLastError());
            NS_TEST_ASSERT_MSG_EQ(a.AddRun(MakeRun(1), MakeFlows(1, 2)), 1, a.GetLastError());
            NS_TEST_ASSERT_MSG_EQ(b.AddRun(MakeRun(2), MakeFlows(2, 2)), 2, b.GetLastError());
            NS_TEST_ASSERT_MSG_EQ(a.AddRun(MakeRun(3), MakeFlows(3, 2)), 3, a.GetLastError());
            NS_TEST_ASSERT_MSG_EQ(b.GetRuns().size(), 3, "b sees a's runs");
            NS_TEST_ASSERT_MSG_EQ(a.GetRuns().size(), 3, "a sees b's runs");
        }

        // Two threads, each with its own connection, appending at the same time.
        const int perWriter = 20;
        int failures[2] = {0, 0};
        auto writer = [&path, &failures, perWriter](int w) {
            ExperimentDatabase db(path);
            for (int i = 0; i < perWriter; ++i)
            {
                if (db.AddRun(MakeRun(100 * (w + 1) + i), MakeFlows(i, 16)) < 1)
                {
                    ++failures[w];
                }
            }
        };
        std::thread t0(writer, 0);
        std::thread t1(writer, 1);
        t0.join();
        t1.join();
        NS_TEST_ASSERT_MSG_EQ(failures[0] + failures[1], 0, "all threaded appends succeed");

        // Two processes appending at the same time (as a parallel sweep does). Each child
        // reports its number of successful appends through a pipe, not its exit status, which
        // valgrind (test.py -g) replaces when it reports the memory a child leaves at _exit().
        pid_t pids[2];
        int pipes[2][2];
        for (int w = 0; w < 2; ++w)
        {
            NS_TEST_ASSERT_MSG_EQ(pipe(pipes[w]), 0, "pipe");
            pids[w] = fork();
            if (pids[w] == 0)
            {
                close(pipes[w][0]);
                int good = 0;
                {
                    ExperimentDatabase db(path);
                    for (int i = 0; i < perWriter; ++i)
                    {
                        good += db.AddRun(MakeRun(1000 * (w + 1) + i), MakeFlows(i, 16)) >= 1 ? 1 : 0;
                    }
                }
                ssize_t n = write(pipes[w][1], &good, sizeof(good));
                _exit(n == static_cast<ssize_t>(sizeof(good)) ? 0 : 1);
            }
            close(pipes[w][1]);
            NS_TEST_ASSERT_MSG_GT(pids[w], 0, "fork");
        }
        for (int w = 0; w < 2; ++w)
        {
            int good = -1;
            ssize_t n = read(pipes[w][0], &good, sizeof(good));
            close(pipes[w][0]);
            int status = 0;
            waitpid(pids[w], &status, 0);
            NS_TEST_ASSERT_MSG_EQ(n, static_cast<ssize_t>(sizeof(good)), "child " << w << " reported");
            NS_TEST_ASSERT_MSG_EQ(good, perWriter, "process " << w << " appended all its runs");
        }

        ExperimentDatabase db(path);
        auto runs = db.GetRuns();
        const size_t total = 3 + 4 * perWriter;
        NS_TEST_ASSERT_MSG_EQ(runs.size(), total, "every run stored");
        std::set<int64_t> ids;
        std::set<uint64_t> tags;
        for (const auto& r : runs)
        {
            ids.insert(r.runId);
            tags.insert(r.rngRun);
        }
        NS_TEST_ASSERT_MSG_EQ(ids.size(), total, "distinct run ids");
        NS_TEST_ASSERT_MSG_EQ(*ids.rbegin(), static_cast<int64_t>(total), "ids 1..total");
        NS_TEST_ASSERT_MSG_EQ(tags.size(), total, "every writer's runs present");
        for (const auto& r : runs)
        {
            if (r.runId > 3)
            {
                NS_TEST_ASSERT_MSG_EQ(db.GetFlows(r.runId).size(), 16, "flows of run " << r.runId);
            }
        }
    }
};

/// A writer killed in the middle of a transaction leaves a hot journal: the next open recovers.
class InterruptedWriterTest : public TestCase
{
  public:
    InterruptedWriterTest()
        : TestCase("A writer killed mid-transaction (hot journal) loses only its own run")
    {
    }

  private:
    void DoRun() override
    {
        TempDir dir;
        const std::string path = dir.File("killed.db");
        {
            ExperimentDatabase db(path);
            NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(1), MakeFlows(1, 4)), 1, db.GetLastError());
        }
        pid_t pid = fork();
        if (pid == 0)
        {
            // Write far more than the page cache holds, so pages reach the file, then die.
            sqlite3* raw = nullptr;
            sqlite3_open(path.c_str(), &raw);
            sqlite3_exec(raw, "PRAGMA cache_size = 1; BEGIN IMMEDIATE;", nullptr, nullptr, nullptr);
            for (int i = 0; i < 2000; ++i)
            {
                sqlite3_exec(raw,
                             "INSERT INTO runs (label, params_json) VALUES ('killed', "
                             "printf('%.500c', 'x'))",
                             nullptr, nullptr, nullptr);
            }
            _exit(0); // no COMMIT, no close
        }
        int status = 0;
        waitpid(pid, &status, 0);
        NS_TEST_ASSERT_MSG_EQ(Exists(path + "-journal"), true, "hot journal left behind");
        std::string err;
        NS_TEST_ASSERT_MSG_EQ(ExperimentDatabase::CheckWritable(path, &err), true, err);
        ExperimentDatabase db(path);
        NS_TEST_ASSERT_MSG_EQ(db.IsOpen(), true, db.GetLastError());
        auto runs = db.GetRuns();
        NS_TEST_ASSERT_MSG_EQ(runs.size(), 1, "interrupted transaction rolled back");
        NS_TEST_ASSERT_MSG_EQ(DiffRun(runs[0], MakeRun(1)), "", "earlier run intact");
        NS_TEST_ASSERT_MSG_EQ(db.AddRun(MakeRun(2), MakeFlows(2, 2)), 2, db.GetLastError());
        NS_TEST_ASSERT_MSG_EQ(Exists(path + "-journal"), false, "journal gone");
    }
};

/// The test suite "mptcp-experiment-database".
class ExperimentDatabaseTestSuite : public TestSuite
{
  public:
    ExperimentDatabaseTestSuite()
        : TestSuite("mptcp-experiment-database", MPTCP_TEST_UNIT)
    {
        AddTestCase(new AppendAndReopenTest, MPTCP_TEST_QUICK);
        AddTestCase(new AtomicityTest, MPTCP_TEST_QUICK);
        AddTestCase(new CheckWritableTest, MPTCP_TEST_QUICK);
        AddTestCase(new ConcurrentAppendTest, MPTCP_TEST_QUICK);
        AddTestCase(new InterruptedWriterTest, MPTCP_TEST_QUICK);
        AddTestCase(new WorkloadTablesTest, MPTCP_TEST_QUICK);
        AddTestCase(new HotSpotFlowsTableTest, MPTCP_TEST_QUICK);
        AddTestCase(new LinksAndTransfersTest, MPTCP_TEST_QUICK);
    }
};

ExperimentDatabaseTestSuite g_experimentDatabaseTestSuite; //!< static instance

} // namespace
