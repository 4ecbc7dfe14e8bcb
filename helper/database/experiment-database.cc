/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/experiment-database.h"

#include "ns3/experiment-database-schema.h"

#include "ns3/log.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <functional>
#include <limits>
#include <memory>
#include <set>
#include <sqlite3.h>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <variant>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MptcpExperimentDatabase");

namespace
{

using namespace experiment_db;

/// "INSERT INTO table (cols) VALUES (?, ...)".
template <size_t N>
std::string
InsertSql(const char* table, const Column (&cols)[N], bool withRunId)
{
    std::string s = std::string("INSERT INTO ") + table + " (" +
                    NameList(cols, withRunId ? "run_id" : "") + ") VALUES (";
    const size_t n = N + (withRunId ? 1 : 0);
    for (size_t i = 0; i < n; ++i)
    {
        s += (i == 0 ? "?" : ", ?");
    }
    return s + ")";
}

std::vector<Value>
RunValues(const RunRecord& r, const std::string& created)
{
    return {created,
            r.label,
            r.experiment,
            r.topology,
            int64_t{r.k},
            int64_t{r.hostsPerTor},
            int64_t{r.hosts},
            r.linkRateBps,
            r.delayS,
            int64_t{r.queuePkts},
            r.transport,
            int64_t{r.subflows},
            r.cc,
            r.matrix,
            r.durationS,
            r.warmupS,
            static_cast<int64_t>(r.rngSeed),
            static_cast<int64_t>(r.rngRun),
            r.ns3Version,
            int64_t{r.flows},
            r.aggregateGoodputBps,
            r.optimalBps,
            r.optimalPct,
            r.minFlowPct,
            r.jainIndex,
            r.wallS,
            r.paramsJson};
}

std::vector<Value>
FlowValues(int64_t runId, const FlowRecord& f)
{
    return {runId,
            int64_t{f.flowId},
            int64_t{f.srcHost},
            int64_t{f.dstHost},
            f.srcAddr,
            f.dstAddr,
            static_cast<int64_t>(f.bytesRx),
            f.goodputBps,
            f.pctOfOptimal};
}

std::vector<Value>
ShortFlowValues(int64_t runId, const ShortFlowRecord& f)
{
    return {runId,
            int64_t{f.flowId},
            int64_t{f.srcHost},
            int64_t{f.dstHost},
            static_cast<int64_t>(f.sizeBytes),
            f.transport,
            f.startS,
            f.firstTxS,
            f.lastRxS,
            f.fctS,
            int64_t{f.completed ? 1 : 0},
            int64_t{f.rtos},
            int64_t{f.fastRetransmits}};
}

std::vector<Value>
FlowCounterValues(int64_t runId, const FlowCounterRecord& f)
{
    return {runId, int64_t{f.flowId}, int64_t{f.rtos}, int64_t{f.fastRetransmits}};
}

std::vector<Value>
LinkLayerValues(int64_t runId, const LinkLayerRecord& l)
{
    return {runId,
            l.layer,
            l.direction,
            int64_t{l.links},
            l.utilization,
            l.lossRate,
            static_cast<int64_t>(l.txPackets),
            static_cast<int64_t>(l.drops)};
}

std::vector<Value>
LinkValues(int64_t runId, const LinkRecord& l)
{
    return {runId,
            int64_t{l.linkId},
            l.layer,
            l.direction,
            int64_t{l.nodeA},
            int64_t{l.nodeB},
            l.rateBps,
            static_cast<int64_t>(l.txPackets),
            static_cast<int64_t>(l.drops),
            l.lossRate,
            l.utilization};
}

std::vector<Value>
HotSpotFlowValues(int64_t runId, const HotSpotFlowRecord& h)
{
    return {runId,
            int64_t{h.flowId},
            static_cast<int64_t>(h.packets),
            static_cast<int64_t>(h.packetsAfterWarmup)};
}

std::vector<Value>
ControllerRunValues(int64_t runId, const ControllerRunRecord& c)
{
    return {runId,
            c.controller,
            c.intervalS,
            c.threshold,
            static_cast<int64_t>(c.flowsScheduled),
            static_cast<int64_t>(c.rounds),
            static_cast<int64_t>(c.rulesInstalled),
            static_cast<int64_t>(c.controlMessages),
            static_cast<int64_t>(c.controlBytes)};
}

std::vector<Value>
FlowSubflowsValues(int64_t runId, const FlowSubflowsRecord& f)
{
    return {runId, int64_t{f.flowId}, int64_t{f.subflows}, f.throughputBps};
}

std::vector<Value>
ShuffleJobValues(int64_t runId, const ShuffleJobRecord& j)
{
    return {runId, int64_t{j.jobId}, j.startS, j.endS, j.jctS, int64_t{j.completed ? 1 : 0}};
}

std::vector<Value>
ControlServerValues(int64_t runId, const ControlServerRecord& c)
{
    return {runId,
            int64_t{c.host},
            static_cast<int64_t>(c.messagesSent),
            static_cast<int64_t>(c.messagesReceived),
            static_cast<int64_t>(c.controlBytes)};
}

std::vector<Value>
MetricValues(int64_t runId, const MetricRecord& m)
{
    return {runId, m.metric, m.name, m.value};
}

std::vector<Value>
TransferValues(int64_t runId, const TransferRecord& t)
{
    return {runId, int64_t{t.packets}, static_cast<int64_t>(t.bytes), t.transferTimeS};
}

std::vector<Value>
WorkloadRunValues(int64_t runId, const WorkloadRunRecord& w)
{
    return {runId,
            w.workload,
            w.shortFlowRate,
            w.longFlowFraction,
            w.shortFlowSizeBytes,
            w.flowSizeCdf,
            w.shortTransport,
            w.switchThresholdBytes,
            static_cast<int64_t>(w.shortFlowsStarted),
            static_cast<int64_t>(w.shortFlowsCompleted),
            w.fctMeanS,
            w.fctSdS,
            w.fctP50S,
            w.fctP99S,
            w.longGoodputMeanBps,
            w.longGoodputSdBps,
            w.coreUtil,
            w.coreLoss};
}

/// Finalizes a prepared statement.
struct StmtDeleter
{
    void operator()(sqlite3_stmt* s) const
    {
        sqlite3_finalize(s);
    }
};

using Stmt = std::unique_ptr<sqlite3_stmt, StmtDeleter>;

/// Binds values to ?1..?n; NaN doubles become NULL.
int
BindAll(sqlite3_stmt* stmt, const std::vector<Value>& values)
{
    int pos = 1;
    for (const auto& v : values)
    {
        int rc = SQLITE_OK;
        if (const auto* i = std::get_if<int64_t>(&v))
        {
            rc = sqlite3_bind_int64(stmt, pos, *i);
        }
        else if (const auto* d = std::get_if<double>(&v))
        {
            rc = std::isnan(*d) ? sqlite3_bind_null(stmt, pos) : sqlite3_bind_double(stmt, pos, *d);
        }
        else
        {
            const auto& s = std::get<std::string>(v);
            rc = sqlite3_bind_text(stmt, pos, s.c_str(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
        }
        if (rc != SQLITE_OK)
        {
            return rc;
        }
        ++pos;
    }
    return SQLITE_OK;
}

int64_t
ColInt(sqlite3_stmt* s, int i)
{
    return sqlite3_column_int64(s, i); // NULL -> 0
}

double
ColReal(sqlite3_stmt* s, int i)
{
    if (sqlite3_column_type(s, i) == SQLITE_NULL)
    {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return sqlite3_column_double(s, i);
}

std::string
ColText(sqlite3_stmt* s, int i)
{
    const unsigned char* t = sqlite3_column_text(s, i);
    if (t == nullptr)
    {
        return "";
    }
    return std::string(reinterpret_cast<const char*>(t),
                       static_cast<size_t>(sqlite3_column_bytes(s, i)));
}

/// Current UTC time as "YYYY-MM-DDTHH:MM:SSZ".
std::string
NowUtc()
{
    std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

/// The directory part of a path ("." for a bare file name, "/" for "/x").
std::string
ParentDir(const std::string& path)
{
    auto pos = path.find_last_of('/');
    if (pos == std::string::npos)
    {
        return ".";
    }
    if (pos == 0)
    {
        return "/";
    }
    return path.substr(0, pos);
}

/// Checks that the columns of one table include the schema's; sets error otherwise.
template <size_t N>
bool
CheckColumns(sqlite3* db,
             const std::string& path,
             const char* table,
             const Column (&cols)[N],
             std::string* error)
{
    std::string sql = std::string("PRAGMA table_info(") + table + ")";
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
    {
        *error = "cannot read the schema of '" + path + "': " + sqlite3_errmsg(db);
        return false;
    }
    Stmt stmt(raw);
    std::set<std::string> present;
    int rc;
    while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW)
    {
        present.insert(ColText(stmt.get(), 1));
    }
    if (rc != SQLITE_DONE)
    {
        *error = "cannot read the schema of '" + path + "': " + sqlite3_errmsg(db);
        return false;
    }
    if (present.empty())
    {
        return true; // table absent: it will be created
    }
    std::string missing;
    if (present.count("run_id") == 0)
    {
        missing = "run_id";
    }
    for (const auto& c : cols)
    {
        if (present.count(c.name) == 0)
        {
            missing += (missing.empty() ? "" : ", ") + std::string(c.name);
        }
    }
    if (!missing.empty())
    {
        *error = "'" + path + "' has an incompatible table '" + table + "' (missing columns: " +
                 missing + ")";
        return false;
    }
    return true;
}

/// Checks the schema version recorded in the `meta` table, if any (a database written before
/// the table existed has version 1); sets error when it is another version.
bool
CheckVersion(sqlite3* db, const std::string& path, std::string* error)
{
    std::string sql =
        std::string("SELECT value FROM ") + kMetaTable + " WHERE key = 'schema_version'";
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
    {
        return true; // no meta table: version 1, or a hot journal that CheckColumns reports
    }
    Stmt stmt(raw);
    if (sqlite3_step(stmt.get()) != SQLITE_ROW)
    {
        return true;
    }
    const std::string found = ColText(stmt.get(), 0);
    if (found != std::to_string(kResultSchemaVersion))
    {
        *error = "'" + path + "' has result schema version " + found +
                 "; this program writes version " + std::to_string(kResultSchemaVersion);
        return false;
    }
    return true;
}

/// Outcome of CheckSchema().
enum class SchemaCheck
{
    OK,             //!< tables absent or compatible
    BAD,            //!< incompatible tables or unreadable file (error set)
    NEEDS_ROLLBACK, //!< a read-only connection found a hot journal (interrupted writer)
};

/// Checks the schema version and every table on an open connection (read-only queries only).
SchemaCheck
CheckSchema(sqlite3* db, const std::string& path, std::string* error)
{
    if (CheckVersion(db, path, error) && CheckColumns(db, path, "runs", kRunColumns, error) &&
        CheckColumns(db, path, "flows", kFlowColumns, error) &&
        CheckColumns(db, path, "short_flows", kShortFlowColumns, error) &&
        CheckColumns(db, path, "flow_counters", kFlowCounterColumns, error) &&
        CheckColumns(db, path, "link_layers", kLinkLayerColumns, error) &&
        CheckColumns(db, path, "workload_runs", kWorkloadRunColumns, error) &&
        CheckColumns(db, path, "links", kLinkColumns, error) &&
        CheckColumns(db, path, "transfers", kTransferColumns, error) &&
        CheckColumns(db, path, "hotspot_flows", kHotSpotFlowColumns, error) &&
        CheckColumns(db, path, "controller_runs", kControllerRunColumns, error) &&
        CheckColumns(db, path, "flow_subflows", kFlowSubflowsColumns, error) &&
        CheckColumns(db, path, "shuffle_jobs", kShuffleJobColumns, error) &&
        CheckColumns(db, path, "control_servers", kControlServerColumns, error) &&
        CheckColumns(db, path, "run_metrics", kRunMetricColumns, error))
    {
        return SchemaCheck::OK;
    }
    if (sqlite3_extended_errcode(db) == SQLITE_READONLY_ROLLBACK)
    {
        // A process was killed in the middle of a transaction and left a hot journal. Only a
        // read-write connection may roll it back (any SQLite client does so on first access);
        // the constructor does, and checks the schema again on that connection.
        error->clear();
        return SchemaCheck::NEEDS_ROLLBACK;
    }
    return SchemaCheck::BAD;
}


/// Rows to insert, table by table: (INSERT statement, rows of values).
using TableRows = std::vector<std::pair<std::string, std::vector<std::vector<Value>>>>;

/**
 * Append one table's rows to \p tables: one INSERT for \p table, one row
 * values(runId, record) per record.
 */
template <size_t N, typename Record, typename Values>
void
AppendTable(TableRows* tables,
            const char* table,
            const Column (&columns)[N],
            int64_t runId,
            const std::vector<Record>& records,
            Values values)
{
    tables->emplace_back(InsertSql(table, columns, true), std::vector<std::vector<Value>>{});
    for (const Record& r : records)
    {
        tables->back().second.push_back(values(runId, r));
    }
}

/// Append the rows of a workload run's tables (WorkloadResults) to \p tables.
void
AppendWorkloadRows(int64_t runId, const WorkloadResults& w, TableRows* tables)
{
    AppendTable(tables, "short_flows", kShortFlowColumns, runId, w.shortFlows, ShortFlowValues);
    AppendTable(tables,
                "flow_counters",
                kFlowCounterColumns,
                runId,
                w.flowCounters,
                FlowCounterValues);
    AppendTable(tables, "link_layers", kLinkLayerColumns, runId, w.linkLayers, LinkLayerValues);
    AppendTable(tables,
                "workload_runs",
                kWorkloadRunColumns,
                runId,
                std::vector<WorkloadRunRecord>{w.summary},
                WorkloadRunValues);
    // One prepared statement for all the rows of a table (768 links of a k=8 tree).
    AppendTable(tables, "links", kLinkColumns, runId, w.links, LinkValues);
    AppendTable(tables,
                "hotspot_flows",
                kHotSpotFlowColumns,
                runId,
                w.hotspotFlows,
                HotSpotFlowValues);
    AppendTable(tables,
                "controller_runs",
                kControllerRunColumns,
                runId,
                w.controllerRuns,
                ControllerRunValues);
    AppendTable(tables,
                "flow_subflows",
                kFlowSubflowsColumns,
                runId,
                w.flowSubflows,
                FlowSubflowsValues);
    AppendTable(tables, "shuffle_jobs", kShuffleJobColumns, runId, w.shuffleJobs, ShuffleJobValues);
    AppendTable(tables,
                "control_servers",
                kControlServerColumns,
                runId,
                w.controlServers,
                ControlServerValues);
    AppendTable(tables, "run_metrics", kRunMetricColumns, runId, w.metrics, MetricValues);
}

} // namespace

int
ExperimentDatabase::BusyTimeoutMs()
{
    return 60000;
}

namespace
{
/// Whether \p dir exists, is a directory and accepts new files (a temporary file is created
/// and removed: SQLite creates its journal there); \p path only names the database in \p err.
bool
CheckDirectory(const std::string& dir, const std::string& path, std::string& err)
{
    struct stat st{};
    if (stat(dir.c_str(), &st) != 0)
    {
        err = "directory '" + dir + "' of database '" + path + "' does not exist (" +
              std::strerror(errno) + ")";
        return false;
    }
    if (!S_ISDIR(st.st_mode))
    {
        err = "'" + dir + "' (directory of database '" + path + "') is not a directory";
        return false;
    }
    std::string probe = dir + "/.mptcp-db-probe-XXXXXX";
    std::vector<char> probeBuf(probe.begin(), probe.end());
    probeBuf.push_back('\0');
    int fd = mkstemp(probeBuf.data());
    if (fd < 0)
    {
        err = "cannot create files in directory '" + dir + "' of database '" + path + "' (" +
              std::strerror(errno) + ")";
        return false;
    }
    close(fd);
    unlink(probeBuf.data());
    return true;
}
} // namespace

bool
ExperimentDatabase::CheckWritable(const std::string& path, std::string* error)
{
    return CheckWritable(path, error, false);
}

bool
ExperimentDatabase::CreateDirectory(const std::string& path, std::string* error)
{
    const std::string dir = ParentDir(path);
    if (mkdir(dir.c_str(), 0777) == 0 || errno == EEXIST)
    {
        return true;
    }
    if (error != nullptr)
    {
        *error = "cannot create directory '" + dir + "' of database '" + path + "' (" +
                 std::strerror(errno) + ")";
    }
    return false;
}

bool
ExperimentDatabase::CheckWritable(const std::string& path,
                                  std::string* error,
                                  bool createDirectory)
{
    std::string localError;
    std::string& err = error != nullptr ? *error : localError;
    err.clear();
    if (path.empty())
    {
        err = "database path is empty";
        return false;
    }

    // 1. The directory must exist and accept new files (SQLite creates its journal there);
    //    or, when it is to be created, its parent must (the file cannot exist yet then).
    const std::string dir = ParentDir(path);
    struct stat st{};
    if (createDirectory && stat(dir.c_str(), &st) != 0 && errno == ENOENT)
    {
        return CheckDirectory(ParentDir(dir), path, err);
    }
    if (!CheckDirectory(dir, path, err))
    {
        return false;
    }

    // 2. The file itself: absent, empty, or an SQLite database with a compatible schema.
    if (stat(path.c_str(), &st) != 0)
    {
        if (errno == ENOENT)
        {
            return true;
        }
        err = "cannot stat database '" + path + "' (" + std::strerror(errno) + ")";
        return false;
    }
    if (!S_ISREG(st.st_mode))
    {
        err = "database '" + path + "' exists and is not a regular file";
        return false;
    }
    if (access(path.c_str(), R_OK | W_OK) != 0)
    {
        err = "database '" + path + "' is not readable and writable (" + std::strerror(errno) +
              ")";
        return false;
    }
    if (st.st_size == 0)
    {
        return true; // SQLite treats an empty file as a new database
    }
    // Check the header ourselves, so that SQLite never opens a file that is not a database.
    static const char kMagic[16] = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f',
                                    'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};
    char header[16] = {};
    int rfd = open(path.c_str(), O_RDONLY);
    if (rfd < 0)
    {
        err = "cannot read database '" + path + "' (" + std::strerror(errno) + ")";
        return false;
    }
    ssize_t got = read(rfd, header, sizeof(header));
    close(rfd);
    if (got != static_cast<ssize_t>(sizeof(header)) || std::memcmp(header, kMagic, 16) != 0)
    {
        err = "'" + path + "' exists and is not an SQLite 3 database; refusing to touch it";
        return false;
    }

    sqlite3* db = nullptr;
    int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr);
    if (rc != SQLITE_OK)
    {
        err = "cannot open database '" + path + "': " +
              (db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
        sqlite3_close(db);
        return false;
    }
    sqlite3_busy_timeout(db, BusyTimeoutMs());
    SchemaCheck result = CheckSchema(db, path, &err);
    sqlite3_close(db);
    return result != SchemaCheck::BAD;
}

ExperimentDatabase::ExperimentDatabase(const std::string& path)
    : m_path(path)
{
    NS_LOG_FUNCTION(this << path);
    if (!CheckWritable(path, &m_lastError))
    {
        NS_LOG_WARN("ExperimentDatabase: " << m_lastError);
        return;
    }
    int rc = sqlite3_open_v2(path.c_str(), &m_db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                             nullptr);
    if (rc != SQLITE_OK)
    {
        m_lastError = "cannot open database '" + path + "': " +
                      (m_db != nullptr ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc));
        sqlite3_close(m_db);
        m_db = nullptr;
        return;
    }
    sqlite3_busy_timeout(m_db, BusyTimeoutMs());
    // Again on this connection: CheckWritable() cannot see the schema behind a hot journal.
    if (CheckSchema(m_db, path, &m_lastError) != SchemaCheck::OK)
    {
        if (m_lastError.empty())
        {
            m_lastError = "cannot read the schema of '" + path + "': " + sqlite3_errmsg(m_db);
        }
        sqlite3_close(m_db);
        m_db = nullptr;
        return;
    }
    if (!Exec("PRAGMA foreign_keys = ON") || !Exec("BEGIN IMMEDIATE") || !Exec(CreateSql()) ||
        !Exec("COMMIT"))
    {
        std::string e = m_lastError;
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        sqlite3_close(m_db);
        m_db = nullptr;
        m_lastError = e;
        return;
    }
    m_lastError.clear();
}

ExperimentDatabase::~ExperimentDatabase()
{
    if (m_db != nullptr)
    {
        sqlite3_close(m_db);
        m_db = nullptr;
    }
}

bool
ExperimentDatabase::IsOpen() const
{
    return m_db != nullptr;
}

const std::string&
ExperimentDatabase::GetLastError() const
{
    return m_lastError;
}

const std::string&
ExperimentDatabase::GetPath() const
{
    return m_path;
}

bool
ExperimentDatabase::Exec(const std::string& sql)
{
    char* msg = nullptr;
    int rc = sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &msg);
    if (rc != SQLITE_OK)
    {
        m_lastError = "'" + m_path + "': " + (msg != nullptr ? msg : sqlite3_errstr(rc));
        sqlite3_free(msg);
        return false;
    }
    return true;
}

int64_t
ExperimentDatabase::AddRun(const RunRecord& run, const std::vector<FlowRecord>& flows)
{
    return AddRunRows(run, flows, nullptr);
}

int64_t
ExperimentDatabase::AddRun(const RunRecord& run,
                           const std::vector<FlowRecord>& flows,
                           const WorkloadResults& workload)
{
    return AddRunRows(run, flows, &workload);
}

int64_t
ExperimentDatabase::AddTransferRun(const RunRecord& run,
                                   const std::vector<TransferRecord>& transfers)
{
    return AddRunRows(run, {}, nullptr, &transfers);
}

int64_t
ExperimentDatabase::AddRunRows(const RunRecord& run,
                               const std::vector<FlowRecord>& flows,
                               const WorkloadResults* workload,
                               const std::vector<TransferRecord>* transfers)
{
    NS_LOG_FUNCTION(this << flows.size());
    if (m_db == nullptr)
    {
        if (m_lastError.empty())
        {
            m_lastError = "database '" + m_path + "' is not open";
        }
        return -1;
    }
    m_lastError.clear();
    if (!Exec("BEGIN IMMEDIATE"))
    {
        return -1;
    }
    auto fail = [this](const std::string& what) -> int64_t {
        m_lastError = "'" + m_path + "': " + what + ": " + sqlite3_errmsg(m_db);
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
        NS_LOG_WARN("ExperimentDatabase::AddRun: " << m_lastError);
        return -1;
    };

    sqlite3_stmt* raw = nullptr;
    std::string runSql = InsertSql("runs", kRunColumns, false);
    if (sqlite3_prepare_v2(m_db, runSql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
    {
        return fail("preparing the runs insertion");
    }
    Stmt runStmt(raw);
    if (BindAll(runStmt.get(), RunValues(run, run.createdUtc.empty() ? NowUtc() : run.createdUtc)) !=
            SQLITE_OK ||
        sqlite3_step(runStmt.get()) != SQLITE_DONE)
    {
        return fail("inserting the run");
    }
    const int64_t runId = sqlite3_last_insert_rowid(m_db);

    std::string flowSql = InsertSql("flows", kFlowColumns, true);
    raw = nullptr;
    if (sqlite3_prepare_v2(m_db, flowSql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
    {
        return fail("preparing the flows insertion");
    }
    Stmt flowStmt(raw);
    for (const auto& f : flows)
    {
        sqlite3_reset(flowStmt.get());
        sqlite3_clear_bindings(flowStmt.get());
        if (BindAll(flowStmt.get(), FlowValues(runId, f)) != SQLITE_OK ||
            sqlite3_step(flowStmt.get()) != SQLITE_DONE)
        {
            return fail("inserting flow " + std::to_string(f.flowId));
        }
    }
    // Same transaction: the workload and transfer rows are stored with the run or not at all.
    TableRows tables;
    if (transfers != nullptr)
    {
        tables.emplace_back(InsertSql("transfers", kTransferColumns, true),
                            std::vector<std::vector<Value>>{});
        for (const auto& t : *transfers)
        {
            tables.back().second.push_back(TransferValues(runId, t));
        }
    }
    if (workload != nullptr)
    {
        AppendWorkloadRows(runId, *workload, &tables);
    }
    for (const auto& [sql, rows] : tables)
    {
        raw = nullptr;
        if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
        {
            return fail("preparing '" + sql + "'");
        }
        Stmt stmt(raw);
        for (const auto& values : rows)
        {
            sqlite3_reset(stmt.get());
            sqlite3_clear_bindings(stmt.get());
            if (BindAll(stmt.get(), values) != SQLITE_OK ||
                sqlite3_step(stmt.get()) != SQLITE_DONE)
            {
                return fail("executing '" + sql + "'");
            }
        }
    }
    runStmt.reset();
    flowStmt.reset();
    if (sqlite3_exec(m_db, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK)
    {
        return fail("committing");
    }
    NS_LOG_INFO("stored run " << runId << " with " << flows.size() << " flows in " << m_path);
    return runId;
}

std::vector<RunRecord>
ExperimentDatabase::GetRuns()
{
    std::vector<RunRecord> out;
    if (m_db == nullptr)
    {
        return out;
    }
    std::string sql = "SELECT " + NameList(kRunColumns, "run_id") + " FROM runs ORDER BY run_id";
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
    {
        m_lastError = "'" + m_path + "': " + sqlite3_errmsg(m_db);
        return out;
    }
    Stmt stmt(raw);
    int rc;
    while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW)
    {
        sqlite3_stmt* s = stmt.get();
        RunRecord r;
        int i = 0;
        r.runId = ColInt(s, i++);
        r.createdUtc = ColText(s, i++);
        r.label = ColText(s, i++);
        r.experiment = ColText(s, i++);
        r.topology = ColText(s, i++);
        r.k = static_cast<uint32_t>(ColInt(s, i++));
        r.hostsPerTor = static_cast<uint32_t>(ColInt(s, i++));
        r.hosts = static_cast<uint32_t>(ColInt(s, i++));
        r.linkRateBps = ColReal(s, i++);
        r.delayS = ColReal(s, i++);
        r.queuePkts = static_cast<uint32_t>(ColInt(s, i++));
        r.transport = ColText(s, i++);
        r.subflows = static_cast<uint32_t>(ColInt(s, i++));
        r.cc = ColText(s, i++);
        r.matrix = ColText(s, i++);
        r.durationS = ColReal(s, i++);
        r.warmupS = ColReal(s, i++);
        r.rngSeed = static_cast<uint64_t>(ColInt(s, i++));
        r.rngRun = static_cast<uint64_t>(ColInt(s, i++));
        r.ns3Version = ColText(s, i++);
        r.flows = static_cast<uint32_t>(ColInt(s, i++));
        r.aggregateGoodputBps = ColReal(s, i++);
        r.optimalBps = ColReal(s, i++);
        r.optimalPct = ColReal(s, i++);
        r.minFlowPct = ColReal(s, i++);
        r.jainIndex = ColReal(s, i++);
        r.wallS = ColReal(s, i++);
        r.paramsJson = ColText(s, i++);
        out.push_back(std::move(r));
    }
    if (rc != SQLITE_DONE)
    {
        m_lastError = "'" + m_path + "': " + sqlite3_errmsg(m_db);
        out.clear();
    }
    return out;
}

bool
ExperimentDatabase::SelectRows(const std::string& sql,
                               int64_t runId,
                               const std::function<void(sqlite3_stmt*)>& row)
{
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(m_db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK)
    {
        m_lastError = "'" + m_path + "': " + sqlite3_errmsg(m_db);
        return false;
    }
    Stmt stmt(raw);
    sqlite3_bind_int64(stmt.get(), 1, runId);
    int rc;
    while ((rc = sqlite3_step(stmt.get())) == SQLITE_ROW)
    {
        row(stmt.get());
    }
    if (rc != SQLITE_DONE)
    {
        m_lastError = "'" + m_path + "': " + sqlite3_errmsg(m_db);
        return false;
    }
    return true;
}

std::vector<FlowRecord>
ExperimentDatabase::GetFlows(int64_t runId)
{
    std::vector<FlowRecord> out;
    if (m_db == nullptr)
    {
        return out;
    }
    const bool ok = SelectRows("SELECT " + NameList(kFlowColumns, "run_id") +
                                   " FROM flows WHERE run_id = ?1 ORDER BY flow_id",
                               runId,
                               [&out](sqlite3_stmt* s) {
                                   FlowRecord f;
                                   int i = 1; // column 0 is run_id
                                   f.flowId = static_cast<uint32_t>(ColInt(s, i++));
                                   f.srcHost = static_cast<uint32_t>(ColInt(s, i++));
                                   f.dstHost = static_cast<uint32_t>(ColInt(s, i++));
                                   f.srcAddr = ColText(s, i++);
                                   f.dstAddr = ColText(s, i++);
                                   f.bytesRx = static_cast<uint64_t>(ColInt(s, i++));
                                   f.goodputBps = ColReal(s, i++);
                                   f.pctOfOptimal = ColReal(s, i++);
                                   out.push_back(std::move(f));
                               });
    if (!ok)
    {
        out.clear();
    }
    return out;
}

bool
ExperimentDatabase::GetWorkloadResults(int64_t runId, WorkloadResults* out)
{
    *out = WorkloadResults();
    if (m_db == nullptr)
    {
        return false;
    }
    auto select = [this, runId](const std::string& cols,
                                const std::string& rest,
                                const std::function<void(sqlite3_stmt*)>& row) {
        return SelectRows("SELECT " + cols + " " + rest, runId, row);
    };
    bool found = false;
    bool ok = select(NameList(kWorkloadRunColumns, ""),
                     "FROM workload_runs WHERE run_id = ?1",
                     [&](sqlite3_stmt* s) {
                         found = true;
                         WorkloadRunRecord& w = out->summary;
                         int i = 0;
                         w.workload = ColText(s, i++);
                         w.shortFlowRate = ColReal(s, i++);
                         w.longFlowFraction = ColReal(s, i++);
                         w.shortFlowSizeBytes = ColReal(s, i++);
                         w.flowSizeCdf = ColText(s, i++);
                         w.shortTransport = ColText(s, i++);
                         w.switchThresholdBytes = ColReal(s, i++);
                         w.shortFlowsStarted = static_cast<uint64_t>(ColInt(s, i++));
                         w.shortFlowsCompleted = static_cast<uint64_t>(ColInt(s, i++));
                         w.fctMeanS = ColReal(s, i++);
                         w.fctSdS = ColReal(s, i++);
                         w.fctP50S = ColReal(s, i++);
                         w.fctP99S = ColReal(s, i++);
                         w.longGoodputMeanBps = ColReal(s, i++);
                         w.longGoodputSdBps = ColReal(s, i++);
                         w.coreUtil = ColReal(s, i++);
                         w.coreLoss = ColReal(s, i++);
                     });
    ok = ok && select(NameList(kShortFlowColumns, ""),
                      "FROM short_flows WHERE run_id = ?1 ORDER BY flow_id",
                      [&](sqlite3_stmt* s) {
                          ShortFlowRecord f;
                          int i = 0;
                          f.flowId = static_cast<uint32_t>(ColInt(s, i++));
                          f.srcHost = static_cast<uint32_t>(ColInt(s, i++));
                          f.dstHost = static_cast<uint32_t>(ColInt(s, i++));
                          f.sizeBytes = static_cast<uint64_t>(ColInt(s, i++));
                          f.transport = ColText(s, i++);
                          f.startS = ColReal(s, i++);
                          f.firstTxS = ColReal(s, i++);
                          f.lastRxS = ColReal(s, i++);
                          f.fctS = ColReal(s, i++);
                          f.completed = ColInt(s, i++) != 0;
                          f.rtos = static_cast<uint32_t>(ColInt(s, i++));
                          f.fastRetransmits = static_cast<uint32_t>(ColInt(s, i++));
                          out->shortFlows.push_back(f);
                      });
    ok = ok && select(NameList(kFlowCounterColumns, ""),
                      "FROM flow_counters WHERE run_id = ?1 ORDER BY flow_id",
                      [&](sqlite3_stmt* s) {
                          FlowCounterRecord f;
                          f.flowId = static_cast<uint32_t>(ColInt(s, 0));
                          f.rtos = static_cast<uint32_t>(ColInt(s, 1));
                          f.fastRetransmits = static_cast<uint32_t>(ColInt(s, 2));
                          out->flowCounters.push_back(f);
                      });
    ok = ok && select(NameList(kLinkLayerColumns, ""),
                      "FROM link_layers WHERE run_id = ?1 ORDER BY rowid",
                      [&](sqlite3_stmt* s) {
                          LinkLayerRecord l;
                          int i = 0;
                          l.layer = ColText(s, i++);
                          l.direction = ColText(s, i++);
                          l.links = static_cast<uint32_t>(ColInt(s, i++));
                          l.utilization = ColReal(s, i++);
                          l.lossRate = ColReal(s, i++);
                          l.txPackets = static_cast<uint64_t>(ColInt(s, i++));
                          l.drops = static_cast<uint64_t>(ColInt(s, i++));
                          out->linkLayers.push_back(l);
                      });
    ok = ok && select(NameList(kLinkColumns, ""),
                      "FROM links WHERE run_id = ?1 ORDER BY link_id, direction DESC",
                      [&](sqlite3_stmt* s) {
                          LinkRecord l;
                          int i = 0;
                          l.linkId = static_cast<uint32_t>(ColInt(s, i++));
                          l.layer = ColText(s, i++);
                          l.direction = ColText(s, i++);
                          l.nodeA = static_cast<uint32_t>(ColInt(s, i++));
                          l.nodeB = static_cast<uint32_t>(ColInt(s, i++));
                          l.rateBps = ColReal(s, i++);
                          l.txPackets = static_cast<uint64_t>(ColInt(s, i++));
                          l.drops = static_cast<uint64_t>(ColInt(s, i++));
                          l.lossRate = ColReal(s, i++);
                          l.utilization = ColReal(s, i++);
                          out->links.push_back(l);
                      });
    return ok && found && GetFlowDetailResults(runId, out);
}

bool
ExperimentDatabase::GetFlowDetailResults(int64_t runId, WorkloadResults* out)
{
    auto select = [this, runId](const std::string& cols,
                                const std::string& rest,
                                const std::function<void(sqlite3_stmt*)>& row) {
        return SelectRows("SELECT " + cols + " " + rest, runId, row);
    };
    bool ok = true;
    ok = ok && select(NameList(kHotSpotFlowColumns, ""),
                      "FROM hotspot_flows WHERE run_id = ?1 ORDER BY flow_id",
                      [&](sqlite3_stmt* s) {
                          HotSpotFlowRecord h;
                          h.flowId = static_cast<uint32_t>(ColInt(s, 0));
                          h.packets = static_cast<uint64_t>(ColInt(s, 1));
                          h.packetsAfterWarmup = static_cast<uint64_t>(ColInt(s, 2));
                          out->hotspotFlows.push_back(h);
                      });
    ok = ok && select(NameList(kControllerRunColumns, ""),
                      "FROM controller_runs WHERE run_id = ?1",
                      [&](sqlite3_stmt* s) {
                          ControllerRunRecord c;
                          int i = 0;
                          c.controller = ColText(s, i++);
                          c.intervalS = ColReal(s, i++);
                          c.threshold = ColReal(s, i++);
                          c.flowsScheduled = static_cast<uint64_t>(ColInt(s, i++));
                          c.rounds = static_cast<uint64_t>(ColInt(s, i++));
                          c.rulesInstalled = static_cast<uint64_t>(ColInt(s, i++));
                          c.controlMessages = static_cast<uint64_t>(ColInt(s, i++));
                          c.controlBytes = static_cast<uint64_t>(ColInt(s, i++));
                          out->controllerRuns.push_back(c);
                      });
    ok = ok && select(NameList(kFlowSubflowsColumns, ""),
                      "FROM flow_subflows WHERE run_id = ?1 ORDER BY flow_id",
                      [&](sqlite3_stmt* s) {
                          FlowSubflowsRecord f;
                          f.flowId = static_cast<uint32_t>(ColInt(s, 0));
                          f.subflows = static_cast<uint32_t>(ColInt(s, 1));
                          f.throughputBps = ColReal(s, 2);
                          out->flowSubflows.push_back(f);
                      });
    ok = ok && select(NameList(kShuffleJobColumns, ""),
                      "FROM shuffle_jobs WHERE run_id = ?1 ORDER BY job_id",
                      [&](sqlite3_stmt* s) {
                          ShuffleJobRecord j;
                          j.jobId = static_cast<uint32_t>(ColInt(s, 0));
                          j.startS = ColReal(s, 1);
                          j.endS = ColReal(s, 2);
                          j.jctS = ColReal(s, 3);
                          j.completed = ColInt(s, 4) != 0;
                          out->shuffleJobs.push_back(j);
                      });
    ok = ok && select(NameList(kControlServerColumns, ""),
                      "FROM control_servers WHERE run_id = ?1 ORDER BY host",
                      [&](sqlite3_stmt* s) {
                          ControlServerRecord c;
                          c.host = static_cast<uint32_t>(ColInt(s, 0));
                          c.messagesSent = static_cast<uint64_t>(ColInt(s, 1));
                          c.messagesReceived = static_cast<uint64_t>(ColInt(s, 2));
                          c.controlBytes = static_cast<uint64_t>(ColInt(s, 3));
                          out->controlServers.push_back(c);
                      });
    ok = ok && select(NameList(kRunMetricColumns, ""),
                      "FROM run_metrics WHERE run_id = ?1 ORDER BY rowid",
                      [&](sqlite3_stmt* s) {
                          MetricRecord m;
                          m.metric = ColText(s, 0);
                          m.name = ColText(s, 1);
                          m.value = ColReal(s, 2);
                          out->metrics.push_back(m);
                      });
    return ok;
}

std::vector<TransferRecord>
ExperimentDatabase::GetTransfers(int64_t runId)
{
    std::vector<TransferRecord> out;
    if (m_db == nullptr)
    {
        return out;
    }
    const bool ok = SelectRows("SELECT " + NameList(kTransferColumns, "") +
                                   " FROM transfers WHERE run_id = ?1 ORDER BY packets",
                               runId,
                               [&out](sqlite3_stmt* s) {
                                   TransferRecord t;
                                   t.packets = static_cast<uint32_t>(ColInt(s, 0));
                                   t.bytes = static_cast<uint64_t>(ColInt(s, 1));
                                   t.transferTimeS = ColReal(s, 2);
                                   out.push_back(t);
                               });
    if (!ok)
    {
        out.clear();
    }
    return out;
}

} // namespace ns3
