/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef EXPERIMENT_DATABASE_H
#define EXPERIMENT_DATABASE_H

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::ExperimentDatabase: the append-only SQLite store of experiment results.
 */

struct sqlite3; // the sqlite3 C API's connection handle (sqlite3.h); kept out of this header
struct sqlite3_stmt; // a prepared statement of the same API

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief One row of table `runs`: the parameters and summary results of one simulation run.
 *
 * Field names map one-to-one to the column names in snake case (linkRateBps ->
 * link_rate_bps). Units are in the names: _bps = bit/s, _s = seconds, _pct = percent (0-100).
 * A double that is NaN is stored as SQL NULL ("not measured"); an empty string is stored as ''.
 */
struct RunRecord
{
    /// run_id: ignored by ExperimentDatabase::AddRun() (the database assigns it); filled in by
    /// ExperimentDatabase::GetRuns().
    int64_t runId{-1};
    /// created_utc: ISO 8601 UTC time "YYYY-MM-DDTHH:MM:SSZ"; AddRun() fills in the current
    /// time when empty.
    std::string createdUtc;
    std::string label;      //!< label: free-form tag grouping runs of one sweep (e.g. a date)
    std::string experiment; //!< experiment: program name, e.g. "fattree"
    std::string topology;   //!< topology: e.g. "fattree", "perfect-switch"
    uint32_t k{0};          //!< k: FatTree arity (switch port count); 0 if not applicable
    uint32_t hostsPerTor{0}; //!< hosts_per_tor: hosts below each top-of-rack switch
    uint32_t hosts{0};       //!< hosts: number of hosts in the topology
    double linkRateBps{0};   //!< link_rate_bps: rate of every link, bit/s
    double delayS{0};        //!< delay_s: one-way propagation delay of every link, s
    uint32_t queuePkts{0};   //!< queue_pkts: switch/NIC queue limit, packets
    std::string transport;   //!< transport: "tcp" or "mptcp" (or other transports)
    uint32_t subflows{0};    //!< subflows: subflows per connection (1 for TCP)
    std::string cc;          //!< cc: congestion control, e.g. "lia", "uncoupled", "newreno"
    std::string matrix;      //!< matrix: TrafficMatrix::ToString(), e.g. "permutation"
    double durationS{0};     //!< duration_s: simulated time of the whole run, s
    double warmupS{0};       //!< warmup_s: initial simulated time excluded from goodput, s
    uint64_t rngSeed{0};     //!< rng_seed: --RngSeed (stored as a signed 64-bit INTEGER)
    uint64_t rngRun{0};      //!< rng_run: --RngRun (stored as a signed 64-bit INTEGER)
    std::string ns3Version;  //!< ns3_version: e.g. "3.37"
    uint32_t flows{0};       //!< flows: number of long-lived connections measured
    double aggregateGoodputBps{0}; //!< aggregate_goodput_bps: sum of per-flow goodput, bit/s
    double optimalBps{0};   //!< optimal_bps: the optimal aggregate throughput, bit/s
    double optimalPct{0};   //!< optimal_pct: 100 * aggregate_goodput_bps / optimal_bps
    double minFlowPct{0};   //!< min_flow_pct: the lowest flows.pct_of_optimal of the run, %
    double jainIndex{0};    //!< jain_index: Jain's fairness index of per-flow goodput (0..1]
    double wallS{0};        //!< wall_s: wall-clock time the run took, s
    std::string paramsJson; //!< params_json: all command-line parameters as a JSON object
};

/**
 * \ingroup mptcp
 * \brief One row of table `flows`: the result of one long-lived connection of a run.
 */
struct FlowRecord
{
    uint32_t flowId{0};     //!< flow_id: index of the flow in its run (unique within the run)
    uint32_t srcHost{0};    //!< src_host: sending host index (TrafficMatrix numbering)
    uint32_t dstHost{0};    //!< dst_host: receiving host index
    std::string srcAddr;    //!< src_addr: sender's (first) IPv4 address, dotted quad
    std::string dstAddr;    //!< dst_addr: receiver's IPv4 address, dotted quad
    uint64_t bytesRx{0};    //!< bytes_rx: bytes that reached the receiver after the warm-up
    double goodputBps{0};   //!< goodput_bps: 8 * bytes_rx / (duration_s - warmup_s), bit/s
    double pctOfOptimal{0}; //!< pct_of_optimal: 100 * goodput_bps / the flow's optimal rate
};

/**
 * \ingroup mptcp
 * \brief One row of table `short_flows`: one short flow of a workload run (MMPTCP thesis
 * §5.2: flow completion time, RTOs and fast retransmits per flow).
 */
struct ShortFlowRecord
{
    uint32_t flowId{0};    //!< flow_id: unique within the run
    uint32_t srcHost{0};   //!< src_host: sending host index
    uint32_t dstHost{0};   //!< dst_host: receiving host index
    uint64_t sizeBytes{0}; //!< size_bytes: bytes sent
    std::string transport; //!< transport: "tcp", "mptcp", "ps" or "mmptcp"
    double startS{0};      //!< start_s: application start (connection request), s
    double firstTxS{0};    //!< first_tx_s: first byte written to the socket, s (NaN: NULL)
    double lastRxS{0};     //!< last_rx_s: last byte received, s (NaN: NULL, not completed)
    double fctS{0};        //!< fct_s: last_rx_s - first_tx_s, s (NaN: NULL, not completed)
    bool completed{false}; //!< completed: 1 if every byte was received
    uint32_t rtos{0};      //!< rtos: retransmission timeouts (CA_LOSS entries), all subflows
    uint32_t fastRetransmits{0}; //!< fast_retransmits: CA_RECOVERY entries, all subflows
};

/**
 * \ingroup mptcp
 * \brief One row of table `flow_counters`: RTOs and fast retransmits of a long flow of
 * table `flows` (same run_id and flow_id).
 */
struct FlowCounterRecord
{
    uint32_t flowId{0};          //!< flow_id: as in `flows`
    uint32_t rtos{0};            //!< rtos: retransmission timeouts, all subflows
    uint32_t fastRetransmits{0}; //!< fast_retransmits: fast retransmits, all subflows
};

/**
 * \ingroup mptcp
 * \brief One row of table `link_layers`: one FatTree link layer in one direction, measured
 * after the warm-up (LinkLayerStatistics).
 */
struct LinkLayerRecord
{
    std::string layer;     //!< layer: "host-edge", "edge-aggregation" or "aggregation-core"
    std::string direction; //!< direction: "up" (towards the core) or "down"
    uint32_t links{0};     //!< links: links in the layer
    double utilization{0}; //!< utilization: mean over the links of sent bits / capacity, 0..1
    double lossRate{0};    //!< loss_rate: drops / packets offered to the queues, 0..1
    uint64_t txPackets{0}; //!< tx_packets: packets sent on the links
    uint64_t drops{0};     //!< drops: packets dropped by the queues feeding the links
};

/**
 * \ingroup mptcp
 * \brief One row of table `links`: one link in one direction, measured after the warm-up
 * (LinkLayerStatistics::CollectLinks(); paper §4.3.4, Fig. 10).
 */
struct LinkRecord
{
    uint32_t linkId{0};     //!< link_id: index of the link in the topology's link list
    std::string layer;      //!< layer: "host-edge", "edge-aggregation" or "aggregation-core"
    std::string direction;  //!< direction: "up" (towards the core) or "down"
    uint32_t nodeA{0};      //!< node_a: ns-3 node id of the lower end
    uint32_t nodeB{0};      //!< node_b: ns-3 node id of the upper end
    double rateBps{0};      //!< rate_bps: rate of the sending device, bit/s
    uint64_t txPackets{0};  //!< tx_packets: packets sent on the link
    uint64_t drops{0};      //!< drops: packets dropped by the queue feeding the link
    double lossRate{0};     //!< loss_rate: drops / (tx_packets + drops), 0..1
    double utilization{0};  //!< utilization: sent bits / (rate_bps * time), 0..1
};

/**
 * \ingroup mptcp
 * \brief One row of table `hotspot_flows`: a long flow of table `flows` (same run_id and
 * flow_id) with packets transmitted over a link slowed by --hotspot (HotSpotFlowCounter;
 * paper §4.3.4, Fig. 11). Flows without such packets have no row.
 */
struct HotSpotFlowRecord
{
    uint32_t flowId{0};              //!< flow_id: as in `flows`
    uint64_t packets{0};             //!< packets: data-direction packets over the slowed links
    uint64_t packetsAfterWarmup{0};  //!< packets_after_warmup: those sent after the warm-up
};

/**
 * \ingroup mptcp
 * \brief One row of table `transfers`: one file transfer of the mptcp-file-transfer example
 * (paper §6, Fig. 17).
 */
struct TransferRecord
{
    uint32_t packets{0};        //!< packets: file size in MSS-sized packets
    uint64_t bytes{0};          //!< bytes: bytes received (packets * MSS when complete)
    double transferTimeS{0};    //!< transfer_time_s: connect() to the last byte received, s
};

/**
 * \ingroup mptcp
 * \brief One row of table `workload_runs`: the workload parameters and summary of a run.
 * A double that is NaN is stored as NULL (not applicable or not measured).
 */
struct WorkloadRunRecord
{
    std::string workload;     //!< workload: "long", "mix", "incast" or "incast-long"
    double shortFlowRate{0};  //!< short_flow_rate: Poisson arrivals per second (lambda)
    double longFlowFraction{0}; //!< long_flow_fraction: fraction of hosts with a long flow
    double shortFlowSizeBytes{0}; //!< short_flow_size_bytes: fixed size; NULL with a CDF
    std::string flowSizeCdf;  //!< flow_size_cdf: CDF file name, '' for a fixed size
    std::string shortTransport; //!< short_transport: transport of the short flows
    double switchThresholdBytes{0}; //!< switch_threshold_bytes: MMPTCP's; NULL otherwise
    uint64_t shortFlowsStarted{0};   //!< short_flows_started
    uint64_t shortFlowsCompleted{0}; //!< short_flows_completed
    double fctMeanS{0};  //!< fct_mean_s: mean FCT of the completed short flows, s
    double fctSdS{0};    //!< fct_sd_s: their sample standard deviation, s
    double fctP50S{0};   //!< fct_p50_s: their median, s
    double fctP99S{0};   //!< fct_p99_s: their 99th percentile, s
    double longGoodputMeanBps{0}; //!< long_goodput_mean_bps: mean goodput of long flows
    double longGoodputSdBps{0};   //!< long_goodput_sd_bps: its standard deviation
    double coreUtil{0};  //!< core_util: aggregation-core utilisation, both directions, 0..1
    double coreLoss{0};  //!< core_loss: aggregation-core loss rate, both directions, 0..1
};

/**
 * \ingroup mptcp
 * \brief One row of `controller_runs`: what an SDN controller did in a run (mptcp-fattree
 * --controller; doc/results-schema.rst).
 */
struct ControllerRunRecord
{
    std::string controller;        //!< controller: e.g. "hedera"
    double intervalS{0};           //!< interval_s: scheduling interval, s
    double threshold{0};           //!< threshold: elephant threshold, fraction of the NIC rate
    uint64_t flowsScheduled{0};    //!< flows_scheduled: flows placed on a computed path
    uint64_t rounds{0};            //!< rounds: scheduling rounds run
    uint64_t rulesInstalled{0};    //!< rules_installed: Flow-Mods sent
    uint64_t controlMessages{0};   //!< control_messages: OpenFlow messages, both directions
    uint64_t controlBytes{0};      //!< control_bytes: their bytes (OpenFlow 1.0 sizes)
};

/**
 * \ingroup mptcp
 * \brief One row of `flow_subflows`: a finite flow of table `short_flows` (same run_id and
 * flow_id) with the subflows its connection opened (seed 004's NS) and its throughput.
 */
struct FlowSubflowsRecord
{
    uint32_t flowId{0};      //!< flow_id: as in short_flows
    uint32_t subflows{0};    //!< subflows: subflows the sender's connection opened (TCP: 1)
    double throughputBps{0}; //!< throughput_bps: size * 8 / FCT, bit/s; NaN if not completed
};

/**
 * \ingroup mptcp
 * \brief One row of `shuffle_jobs`: a shuffle job of seed 004 (ShuffleWorkload).
 */
struct ShuffleJobRecord
{
    uint32_t jobId{0};      //!< job_id: 0, 1, ... in start order
    double startS{0};       //!< start_s: its first request's start, s
    double endS{0};         //!< end_s: its last response's last byte received, s (NaN: never)
    double jctS{0};         //!< jct_s: end_s - start_s, s (NaN if not completed)
    bool completed{false};  //!< completed: every response arrived
};

/**
 * \ingroup mptcp
 * \brief One row of `control_servers`: one server's side of the out-of-band control network
 * (seed 004's monitor: DEMAND, PATH_ADD_REQUEST, PATH_ADD_ANSWER; 64-byte messages).
 */
struct ControlServerRecord
{
    uint32_t host{0};             //!< host: the server's index
    uint64_t messagesSent{0};     //!< messages_sent: to the controller
    uint64_t messagesReceived{0}; //!< messages_received: from the controller
    uint64_t controlBytes{0};     //!< control_bytes: their bytes, both ways (64 per message)
};

/**
 * \ingroup mptcp
 * \brief One row of `run_metrics`: one value of a metric a user added to the run by name
 * (ExperimentMetric, --metrics).
 */
struct MetricRecord
{
    std::string metric; //!< metric: its name in ExperimentMetricRegistry
    std::string name;   //!< name: the value's name
    double value{0};    //!< value: in the unit the metric documents
};

/**
 * \ingroup mptcp
 * \brief Everything a workload run adds to its `runs` and `flows` rows.
 */
struct WorkloadResults
{
    WorkloadRunRecord summary;                //!< the `workload_runs` row
    std::vector<ShortFlowRecord> shortFlows;  //!< the `short_flows` rows
    std::vector<FlowCounterRecord> flowCounters; //!< the `flow_counters` rows
    std::vector<LinkLayerRecord> linkLayers;  //!< the `link_layers` rows
    std::vector<LinkRecord> links;            //!< the `links` rows
    std::vector<HotSpotFlowRecord> hotspotFlows; //!< the `hotspot_flows` rows
    std::vector<ControllerRunRecord> controllerRuns; //!< the `controller_runs` row (0 or 1)
    std::vector<FlowSubflowsRecord> flowSubflows;     //!< the `flow_subflows` rows
    std::vector<ShuffleJobRecord> shuffleJobs;        //!< the `shuffle_jobs` rows
    std::vector<ControlServerRecord> controlServers;  //!< the `control_servers` rows
    std::vector<MetricRecord> metrics;                //!< the `run_metrics` rows
};

/**
 * \ingroup mptcp
 * \brief The append-only SQLite database of experiment results (sqlite3 C API).
 *
 * Schema (created with CREATE TABLE IF NOT EXISTS; documented in doc/results-schema.rst):
 * \code
 * CREATE TABLE runs (run_id INTEGER PRIMARY KEY AUTOINCREMENT, created_utc TEXT, label TEXT,
 *   experiment TEXT, topology TEXT, k INTEGER, hosts_per_tor INTEGER, hosts INTEGER,
 *   link_rate_bps REAL, delay_s REAL, queue_pkts INTEGER, transport TEXT, subflows INTEGER,
 *   cc TEXT, matrix TEXT, duration_s REAL, warmup_s REAL, rng_seed INTEGER, rng_run INTEGER,
 *   ns3_version TEXT, flows INTEGER, aggregate_goodput_bps REAL, optimal_bps REAL,
 *   optimal_pct REAL, min_flow_pct REAL, jain_index REAL, wall_s REAL, params_json TEXT);
 * CREATE TABLE flows (run_id INTEGER REFERENCES runs(run_id), flow_id INTEGER,
 *   src_host INTEGER, dst_host INTEGER, src_addr TEXT, dst_addr TEXT, bytes_rx INTEGER,
 *   goodput_bps REAL, pct_of_optimal REAL, PRIMARY KEY (run_id, flow_id));
 * \endcode
 * and, for workload runs (WorkloadResults), the tables short_flows, flow_counters,
 * link_layers, links, hotspot_flows, controller_runs, workload_runs, flow_subflows,
 * shuffle_jobs, control_servers and run_metrics of doc/results-schema.rst, and transfers (file
 * transfers), added to an older file when it
 * is opened (its rows are kept).
 *
 * Rows are only ever inserted, never updated or deleted. AddRun() writes a run and its flows
 * in one transaction, so a run is either stored whole or not at all.
 *
 * Concurrency: several processes (e.g. a parallel sweep) may append to the same file at once.
 * Each connection sets a busy timeout (BusyTimeoutMs()) and writes in BEGIN IMMEDIATE
 * transactions, so a writer that finds the file locked waits for the other one instead of
 * failing. The journal mode is left as it is (rollback journal for files this class creates),
 * so the .db file is always self-contained once no transaction is running (no -wal file that
 * must be kept alongside it).
 *
 * Errors never abort the program: the constructor leaves the object closed (IsOpen() false)
 * and AddRun() returns -1; GetLastError() tells why.
 */
class ExperimentDatabase
{
  public:
    /**
     * \brief Checks, without changing anything, that results can be appended to \p path.
     *
     * Call it before a long simulation so that a bad --db fails at once. It succeeds iff
     * - the parent directory of \p path exists, is a directory, and a file can be created in
     *   it (tested by creating and removing a temporary file; SQLite needs this for its
     *   journal), and
     * - \p path does not exist, or is an empty regular file, or is a readable and writable
     *   SQLite 3 database (checked by its 16-byte header before SQLite opens it, then opened
     *   read-only) whose tables `runs` and `flows` (and the workload tables), where present,
     *   have all the columns of the schema above (extra columns are allowed). If a writer was killed in the middle of a
     *   transaction (hot journal), the schema cannot be read without rolling that transaction
     *   back, which a read-only check must not do: the check then passes and the constructor
     *   (whose read-write connection rolls it back, as any SQLite client would) checks the
     *   schema instead.
     *
     * It never creates, truncates or modifies \p path itself.
     *
     * \param path database file name (relative to the working directory or absolute)
     * \param error if not null, receives a one-line reason when the check fails
     * \return true if the database can be opened and appended to
     */
    static bool CheckWritable(const std::string& path, std::string* error);

    /**
     * \brief CheckWritable(), where a missing directory of \p path may be created.
     *
     * With \p createDirectory false, the same as CheckWritable(path, error). With it true, a
     * directory of \p path that does not exist passes when its own parent directory exists and
     * accepts new files: the programs' default database (results/fattree.db, created with its
     * results/ folder under `./ns3 run` from the ns-3 top). Nothing is created here; call
     * CreateDirectory() once the results are to be written.
     *
     * \param path database file name
     * \param error if not null, receives a one-line reason when the check fails
     * \param createDirectory whether a missing (last) directory of \p path is acceptable
     * \return true if the database can be opened and appended to, after CreateDirectory()
     */
    static bool CheckWritable(const std::string& path, std::string* error, bool createDirectory);

    /**
     * \brief Creates the directory of \p path (one level, mode 0777 less the umask) unless it
     * exists.
     *
     * \param path database file name
     * \param error if not null, receives a one-line reason when it fails
     * \return true if the directory exists afterwards
     */
    static bool CreateDirectory(const std::string& path, std::string* error);

    /**
     * \brief Opens \p path, creating the file and the tables if needed.
     *
     * Runs CheckWritable() first, so a file that is not an SQLite database, or whose tables
     * are incompatible, is left untouched and the object stays closed. Then opens the file,
     * sets the busy timeout, checks the schema again (after SQLite has rolled back a
     * transaction interrupted by a killed writer, if any), enables foreign keys and creates the
     * tables (CREATE TABLE IF NOT EXISTS, in one transaction). Never aborts: check IsOpen().
     *
     * \param path database file name
     */
    explicit ExperimentDatabase(const std::string& path);

    /// Closes the connection (any open transaction has been committed or rolled back).
    ~ExperimentDatabase();

    ExperimentDatabase(const ExperimentDatabase&) = delete;            //!< not copyable
    ExperimentDatabase& operator=(const ExperimentDatabase&) = delete; //!< not copyable

    /**
     * \brief Whether the constructor opened the database and created its tables.
     * \return true if AddRun() and the queries can be used
     */
    bool IsOpen() const;

    /**
     * \brief The reason of the last failure (constructor, AddRun(), GetRuns(), GetFlows()).
     * \return a one-line message, or "" if nothing failed
     */
    const std::string& GetLastError() const;

    /**
     * \brief The file name given to the constructor.
     * \return the path
     */
    const std::string& GetPath() const;

    /**
     * \brief Appends one run and its flows in one transaction (all or nothing).
     *
     * The run gets the next run_id (1 for the first run; AUTOINCREMENT, so the id of a run
     * once stored is never given to another, even if rows are deleted by hand). run.runId is
     * ignored; an empty run.createdUtc is replaced by the current
     * UTC time. Waits up to BusyTimeoutMs() for another writer.
     *
     * \param run the run row
     * \param flows the flow rows of this run, any order; flowId must be unique within the
     *        vector (PRIMARY KEY (run_id, flow_id)), otherwise nothing is stored
     * \return the new run_id (>= 1), or -1 on failure (then nothing was stored; see
     *         GetLastError())
     */
    int64_t AddRun(const RunRecord& run, const std::vector<FlowRecord>& flows);

    /**
     * \brief Appends one run, its flows and its workload results in one transaction.
     * \param run the run row
     * \param flows the long-flow rows
     * \param workload the rows of short_flows, flow_counters, link_layers, links,
     *        hotspot_flows and workload_runs
     * \return the new run_id (>= 1), or -1 on failure (nothing stored)
     */
    int64_t AddRun(const RunRecord& run,
                   const std::vector<FlowRecord>& flows,
                   const WorkloadResults& workload);

    /**
     * \brief Appends one run and its file transfers (table `transfers`) in one transaction.
     * \param run the run row
     * \param transfers the transfer rows; packets must be unique (PRIMARY KEY (run_id,
     *        packets)), otherwise nothing is stored
     * \return the new run_id (>= 1), or -1 on failure (nothing stored)
     */
    int64_t AddTransferRun(const RunRecord& run, const std::vector<TransferRecord>& transfers);

    /**
     * \brief Reads back the transfers of one run.
     * \param runId the run_id returned by AddRun()
     * \return the run's rows of `transfers`, ordered by packets (empty if none or on failure)
     */
    std::vector<TransferRecord> GetTransfers(int64_t runId);

    /**
     * \brief Reads back the workload results of one run.
     * \param runId the run_id returned by AddRun()
     * \param out receives the rows (short flows and counters by flow_id, layers in stored
     *        order)
     * \return true if the run has a `workload_runs` row
     */
    bool GetWorkloadResults(int64_t runId, WorkloadResults* out);

    /**
     * \brief Reads back all runs.
     * \return every row of `runs`, ordered by run_id, with runId filled in; NULL reals are
     *         returned as NaN. Empty on failure (see GetLastError()).
     */
    std::vector<RunRecord> GetRuns();

    /**
     * \brief Reads back the flows of one run.
     * \param runId the run_id returned by AddRun()
     * \return the run's rows of `flows`, ordered by flow_id (empty if none or on failure)
     */
    std::vector<FlowRecord> GetFlows(int64_t runId);

    /**
     * \brief How long a connection waits for a lock held by another writer.
     * \return the busy timeout, milliseconds (60000)
     */
    static int BusyTimeoutMs();

  private:
    /**
     * Runs one SELECT whose parameter ?1 is \p runId, calling \p row for each result row.
     * \param sql the statement
     * \param runId the run
     * \param row called with the statement positioned on each row
     * \return true on success; on failure sets m_lastError
     */
    bool SelectRows(const std::string& sql,
                    int64_t runId,
                    const std::function<void(sqlite3_stmt*)>& row);

    /**
     * GetWorkloadResults()' second half: the rows of hotspot_flows, controller_runs,
     * flow_subflows, shuffle_jobs and control_servers of \p runId, appended to \p out.
     * \param runId the run
     * \param out receives the rows
     * \return true on success; on failure sets m_lastError
     */
    bool GetFlowDetailResults(int64_t runId, WorkloadResults* out);

    /**
     * Executes SQL without results.
     * \param sql one or more statements
     * \return true on success; on failure sets m_lastError
     */
    bool Exec(const std::string& sql);

    /**
     * Appends a run and, if \p workload is not null, its workload rows.
     * \param run the run row
     * \param flows the flow rows
     * \param workload the workload rows, or null
     * \param transfers the `transfers` rows, or null
     * \return the run_id or -1
     */
    int64_t AddRunRows(const RunRecord& run,
                       const std::vector<FlowRecord>& flows,
                       const WorkloadResults* workload,
                       const std::vector<TransferRecord>* transfers = nullptr);

    std::string m_path;      //!< file name
    sqlite3* m_db{nullptr};  //!< connection, null when closed
    std::string m_lastError; //!< last failure message
};

} // namespace ns3

#endif /* EXPERIMENT_DATABASE_H */
