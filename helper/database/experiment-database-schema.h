/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_EXPERIMENT_DATABASE_SCHEMA_H
#define MPTCP_EXPERIMENT_DATABASE_SCHEMA_H

/**
 * \file
 * \ingroup mptcp
 * The result schema of ns3::ExperimentDatabase, defined once: the tables, their columns in
 * record order, and the schema version (doc/results-schema.rst). Used by
 * helper/database/experiment-database.cc (installed with the other headers, for programs
 * that read the databases); the Python tools' tests read the column arrays and the version from this file
 * (tools/tests/results_db.py), the tools read the version from the database's `meta` table
 * (tools/mptcp_ns3/schema.py).
 */

#include <cstdint>
#include <sstream>
#include <string>
#include <variant>

namespace ns3
{
namespace experiment_db
{

/// Version of the result schema written by this build; stored as the row
/// ('schema_version', '1') of the table `meta`. Raise it when a table or a column changes.
inline constexpr int kResultSchemaVersion = 1;

/// Name of the key/value table holding the schema version.
inline constexpr const char* kMetaTable = "meta";

/// A value bound to or read from a column.
using Value = std::variant<int64_t, double, std::string>;

/// SQL type of a column, as written in CREATE TABLE.
enum class ColType
{
    INTEGER,
    REAL,
    TEXT
};

/// Name and type of one column.
struct Column
{
    const char* name; //!< column name
    ColType type;     //!< declared type
};

/// The columns of `runs` after run_id, in RunRecord order.
inline const Column kRunColumns[] = {
    {"created_utc", ColType::TEXT},
    {"label", ColType::TEXT},
    {"experiment", ColType::TEXT},
    {"topology", ColType::TEXT},
    {"k", ColType::INTEGER},
    {"hosts_per_tor", ColType::INTEGER},
    {"hosts", ColType::INTEGER},
    {"link_rate_bps", ColType::REAL},
    {"delay_s", ColType::REAL},
    {"queue_pkts", ColType::INTEGER},
    {"transport", ColType::TEXT},
    {"subflows", ColType::INTEGER},
    {"cc", ColType::TEXT},
    {"matrix", ColType::TEXT},
    {"duration_s", ColType::REAL},
    {"warmup_s", ColType::REAL},
    {"rng_seed", ColType::INTEGER},
    {"rng_run", ColType::INTEGER},
    {"ns3_version", ColType::TEXT},
    {"flows", ColType::INTEGER},
    {"aggregate_goodput_bps", ColType::REAL},
    {"optimal_bps", ColType::REAL},
    {"optimal_pct", ColType::REAL},
    {"min_flow_pct", ColType::REAL},
    {"jain_index", ColType::REAL},
    {"wall_s", ColType::REAL},
    {"params_json", ColType::TEXT},
};

/// The columns of `flows` after run_id, in FlowRecord order.
inline const Column kFlowColumns[] = {
    {"flow_id", ColType::INTEGER},
    {"src_host", ColType::INTEGER},
    {"dst_host", ColType::INTEGER},
    {"src_addr", ColType::TEXT},
    {"dst_addr", ColType::TEXT},
    {"bytes_rx", ColType::INTEGER},
    {"goodput_bps", ColType::REAL},
    {"pct_of_optimal", ColType::REAL},
};

/// The columns of `short_flows` after run_id, in ShortFlowRecord order.
inline const Column kShortFlowColumns[] = {
    {"flow_id", ColType::INTEGER},
    {"src_host", ColType::INTEGER},
    {"dst_host", ColType::INTEGER},
    {"size_bytes", ColType::INTEGER},
    {"transport", ColType::TEXT},
    {"start_s", ColType::REAL},
    {"first_tx_s", ColType::REAL},
    {"last_rx_s", ColType::REAL},
    {"fct_s", ColType::REAL},
    {"completed", ColType::INTEGER},
    {"rtos", ColType::INTEGER},
    {"fast_retransmits", ColType::INTEGER},
};

/// The columns of `flow_counters` after run_id.
inline const Column kFlowCounterColumns[] = {
    {"flow_id", ColType::INTEGER},
    {"rtos", ColType::INTEGER},
    {"fast_retransmits", ColType::INTEGER},
};

/// The columns of `link_layers` after run_id.
inline const Column kLinkLayerColumns[] = {
    {"layer", ColType::TEXT},
    {"direction", ColType::TEXT},
    {"links", ColType::INTEGER},
    {"utilization", ColType::REAL},
    {"loss_rate", ColType::REAL},
    {"tx_packets", ColType::INTEGER},
    {"drops", ColType::INTEGER},
};

/// The columns of `links` after run_id.
inline const Column kLinkColumns[] = {
    {"link_id", ColType::INTEGER},
    {"layer", ColType::TEXT},
    {"direction", ColType::TEXT},
    {"node_a", ColType::INTEGER},
    {"node_b", ColType::INTEGER},
    {"rate_bps", ColType::REAL},
    {"tx_packets", ColType::INTEGER},
    {"drops", ColType::INTEGER},
    {"loss_rate", ColType::REAL},
    {"utilization", ColType::REAL},
};

/// The columns of `hotspot_flows` after run_id.
inline const Column kHotSpotFlowColumns[] = {
    {"flow_id", ColType::INTEGER},
    {"packets", ColType::INTEGER},
    {"packets_after_warmup", ColType::INTEGER},
};

/// The columns of `controller_runs` after run_id.
inline const Column kControllerRunColumns[] = {
    {"controller", ColType::TEXT},
    {"interval_s", ColType::REAL},
    {"threshold", ColType::REAL},
    {"flows_scheduled", ColType::INTEGER},
    {"rounds", ColType::INTEGER},
    {"rules_installed", ColType::INTEGER},
    {"control_messages", ColType::INTEGER},
    {"control_bytes", ColType::INTEGER},
};

/// The columns of `flow_subflows` after run_id.
inline const Column kFlowSubflowsColumns[] = {
    {"flow_id", ColType::INTEGER},
    {"subflows", ColType::INTEGER},
    {"throughput_bps", ColType::REAL},
};
/// The columns of `shuffle_jobs` after run_id.
inline const Column kShuffleJobColumns[] = {
    {"job_id", ColType::INTEGER},
    {"start_s", ColType::REAL},
    {"end_s", ColType::REAL},
    {"jct_s", ColType::REAL},
    {"completed", ColType::INTEGER},
};
/// The columns of `control_servers` after run_id.
inline const Column kControlServerColumns[] = {
    {"host", ColType::INTEGER},
    {"messages_sent", ColType::INTEGER},
    {"messages_received", ColType::INTEGER},
    {"control_bytes", ColType::INTEGER},
};
/// The columns of `run_metrics` after run_id.
inline const Column kRunMetricColumns[] = {
    {"metric", ColType::TEXT},
    {"name", ColType::TEXT},
    {"value", ColType::REAL},
};
/// The columns of `transfers` after run_id.
inline const Column kTransferColumns[] = {
    {"packets", ColType::INTEGER},
    {"bytes", ColType::INTEGER},
    {"transfer_time_s", ColType::REAL},
};

/// The columns of `workload_runs` after run_id.
inline const Column kWorkloadRunColumns[] = {
    {"workload", ColType::TEXT},
    {"short_flow_rate", ColType::REAL},
    {"long_flow_fraction", ColType::REAL},
    {"short_flow_size_bytes", ColType::INTEGER},
    {"flow_size_cdf", ColType::TEXT},
    {"short_transport", ColType::TEXT},
    {"switch_threshold_bytes", ColType::INTEGER},
    {"short_flows_started", ColType::INTEGER},
    {"short_flows_completed", ColType::INTEGER},
    {"fct_mean_s", ColType::REAL},
    {"fct_sd_s", ColType::REAL},
    {"fct_p50_s", ColType::REAL},
    {"fct_p99_s", ColType::REAL},
    {"long_goodput_mean_bps", ColType::REAL},
    {"long_goodput_sd_bps", ColType::REAL},
    {"core_util", ColType::REAL},
    {"core_loss", ColType::REAL},
};

inline const char*
TypeName(ColType t)
{
    switch (t)
    {
    case ColType::INTEGER:
        return "INTEGER";
    case ColType::REAL:
        return "REAL";
    case ColType::TEXT:
        return "TEXT";
    }
    return "";
}

/// "a, b, c" from the column names, after a first column \p first if it is not empty.
template <size_t N>
inline std::string
NameList(const Column (&cols)[N], const std::string& first)
{
    std::ostringstream os;
    os << first;
    bool needComma = !first.empty();
    for (const auto& c : cols)
    {
        os << (needComma ? ", " : "") << c.name;
        needComma = true;
    }
    return os.str();
}

/// CREATE TABLE IF NOT EXISTS of a workload table (run_id, the columns, then \p key).
template <size_t N>
inline std::string
WorkloadTableSql(const char* table, const Column (&cols)[N], const char* key)
{
    std::ostringstream os;
    os << "CREATE TABLE IF NOT EXISTS " << table << " (run_id INTEGER REFERENCES runs(run_id)";
    for (const auto& c : cols)
    {
        os << ", " << c.name << " " << TypeName(c.type);
    }
    os << key << ");\n";
    return os.str();
}

/// The CREATE TABLE IF NOT EXISTS statements of every result table, then the `meta` table
/// with the row ('schema_version', kResultSchemaVersion) (kept if present).
inline std::string
CreateSql()
{
    std::ostringstream os;
    os << "CREATE TABLE IF NOT EXISTS runs (run_id INTEGER PRIMARY KEY AUTOINCREMENT";
    for (const auto& c : kRunColumns)
    {
        os << ", " << c.name << " " << TypeName(c.type);
    }
    os << ");\nCREATE TABLE IF NOT EXISTS flows (run_id INTEGER REFERENCES runs(run_id)";
    for (const auto& c : kFlowColumns)
    {
        os << ", " << c.name << " " << TypeName(c.type);
    }
    os << ", PRIMARY KEY (run_id, flow_id));\n";
    os << WorkloadTableSql("short_flows", kShortFlowColumns, ", PRIMARY KEY (run_id, flow_id)")
       << WorkloadTableSql("flow_counters", kFlowCounterColumns, ", PRIMARY KEY (run_id, flow_id)")
       << WorkloadTableSql("link_layers",
                           kLinkLayerColumns,
                           ", PRIMARY KEY (run_id, layer, direction)")
       << WorkloadTableSql("workload_runs", kWorkloadRunColumns, ", PRIMARY KEY (run_id)")
       << WorkloadTableSql("links", kLinkColumns, ", PRIMARY KEY (run_id, link_id, direction)")
       << WorkloadTableSql("transfers", kTransferColumns, ", PRIMARY KEY (run_id, packets)")
       << WorkloadTableSql("hotspot_flows",
                           kHotSpotFlowColumns,
                           ", PRIMARY KEY (run_id, flow_id)")
       << WorkloadTableSql("controller_runs", kControllerRunColumns, ", PRIMARY KEY (run_id)")
       << WorkloadTableSql("flow_subflows", kFlowSubflowsColumns, ", PRIMARY KEY (run_id, flow_id)")
       << WorkloadTableSql("shuffle_jobs", kShuffleJobColumns, ", PRIMARY KEY (run_id, job_id)")
       << WorkloadTableSql("control_servers", kControlServerColumns, ", PRIMARY KEY (run_id, host)")
       << WorkloadTableSql("run_metrics", kRunMetricColumns, ", PRIMARY KEY (run_id, metric, name)");
    os << "CREATE TABLE IF NOT EXISTS " << kMetaTable << " (key TEXT PRIMARY KEY, value TEXT);\n"
       << "INSERT OR IGNORE INTO " << kMetaTable << " (key, value) VALUES ('schema_version', '"
       << kResultSchemaVersion << "');\n";
    return os.str();
}


} // namespace experiment_db
} // namespace ns3

#endif /* MPTCP_EXPERIMENT_DATABASE_SCHEMA_H */
