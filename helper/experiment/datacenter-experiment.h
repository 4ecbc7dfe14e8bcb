/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef DATACENTER_EXPERIMENT_H
#define DATACENTER_EXPERIMENT_H

#include "ns3/closed-loop-workload.h"
#include "ns3/data-rate.h"
#include "ns3/datacenter-controller-options.h"
#include "ns3/experiment-metric.h"
#include "ns3/experiment-workload.h"
#include "ns3/datacenter-topology-registry.h"
#include "ns3/datacenter-topology.h"
#include "ns3/datacenter-transport-registry.h"
#include "ns3/datacenter-workload-helper.h"
#include "ns3/experiment-database.h"
#include "ns3/experiment-options.h"
#include "ns3/flow-size-distribution.h"
#include "ns3/flow-statistics.h"
#include "ns3/subflow-tracer.h"
#include "ns3/hot-spot-helper.h"
#include "ns3/link-layer-statistics.h"
#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/random-variable-stream.h"
#include "ns3/shuffle-workload.h"
#include "ns3/traffic-matrix.h"
#include "ns3/transport-attributes.h"
#include "ns3/type-id.h"

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::DatacenterExperiment: the FatTree experiment of mptcp-fattree, callable from a program.
 */

namespace ns3
{

class MpTcpSocketBase;

/**
 * \ingroup mptcp
 * \brief The datacenter experiment of Raiciu et al., "Improving Datacenter Performance and
 * Robustness with Multipath TCP", SIGCOMM 2011 (Fig. 2, 3, 7, 8, 11, 15, 16), and the MMPTCP
 * thesis' workloads (§5.2.3, §5.12): a fabric from DatacenterTopologyRegistry, a traffic matrix
 * of long flows and optionally short flows, goodput after a warm-up as a percentage of the
 * optimum, link and flow statistics, and a row of the results database
 * (doc/results-schema.rst). examples/mptcp-fattree.cc is its command line.
 *
 * Use: fill a Config (its fields are mptcp-fattree's options, with the same defaults and
 * units), then
 * \code
 *   DatacenterExperiment exp;
 *   DatacenterExperiment::Error err;
 *   if (!exp.Configure(cfg, &err) || !exp.Build(&err)) { ... err.option, err.why ... }
 *   exp.Run();
 *   int64_t runId = exp.WriteDatabase(&why);   // if cfg.db is set
 *   std::cout << exp.GetSummaryJson(runId) << std::endl;
 *   Simulator::Destroy();
 * \endcode
 *
 * The random streams are fixed (hot spot 1003, matrix 1000, start jitter 1001, workload 1002)
 * and the objects are created in a fixed order, so that a run is a function of its Config and
 * ns-3's seed and run number only.
 */
class DatacenterExperiment
{
  public:
    /// The experiment's options: mptcp-fattree's command line (see its --help for each).
    struct Config
    {
        std::string topology{"fattree"}; //!< A DatacenterTopologyRegistry name.
        uint32_t k{8};                   //!< Switch ports (fattree, dhft; vl2 D_A = D_I).
        uint32_t hostsPerTor{0};         //!< Hosts per ToR (0: the topology's default).
        uint32_t hosts{0};               //!< Hosts of a perfect switch.
        std::string linkRate{"100Mbps"}; //!< Rate of every link (ns-3 DataRate).
        std::string delay{"20us"};       //!< One-way delay of every link (ns-3 Time).
        std::string edgeDelay;           //!< Host-edge links' delay (ns-3 Time; "": delay).
        std::string aggDelay;            //!< Edge-aggregation links' delay ("": delay).
        std::string coreDelay;           //!< Aggregation-core links' delay ("": delay).
        uint32_t addressesPerHost{1};    //!< IPv4 addresses per host NIC (fattree: 1..256/k).
        uint32_t queue{100};             //!< DropTail queue of every device, packets.
        std::string transport{"mptcp"};  //!< tcp | mptcp | packetscatter | ps | mmptcp.
        uint32_t dupAckThreshold{0};     //!< Duplicate ACKs of a fast retransmit (0: automatic).
        /// MPTCP subflows per connection, 1..32; after Configure() (GetConfig()) the count
        /// recorded with the run: 1 for a single-path transport, the controller's most.
        uint32_t subflows{8};
        std::string cc{"lia"};           //!< An MpTcpCongestionControlRegistry name.
        std::string scheduler{"LowestRtt"}; //!< An MpTcpSchedulerRegistry name.
        std::string matrix{"permutation"};  //!< Traffic matrix (TrafficMatrix::TypeNames()).
        uint32_t stride{0};                 //!< Stride of the stride matrix (0: hosts/2).
        double connectionsPerHost{1};       //!< Long flows per host (paper Fig. 7, 16).
        double localFraction{NAN};          //!< Rack-local fraction (NaN: as drawn).
        int hotspot{0};                     //!< Aggregation-core links at 1/10 rate (Fig. 11).
        double duration{3.0};               //!< Simulated time incl. the warm-up, s.
        /// Warm-up excluded from goodput, s (NaN: the smaller of 1 s and duration / 3).
        double warmup{NAN};
        /// SQLite database ("none" or "": none); this default's folder is created if missing.
        std::string db{"results/fattree.db"};
        std::string label;                    //!< Free-form label of the run.
        uint32_t mss{1400};                   //!< TCP segment size, bytes.
        uint32_t buffer{1 << 20};             //!< Socket buffers, bytes.
        std::string minRto{"200ms"};          //!< Minimum RTO (ns-3 Time).
        std::string firstDataRto{"0s"};       //!< MpTcpSocketBase::FirstDataRto (ns-3 Time).
        /// Retransmission timeout of a SYN or SYN/ACK, doubled on each retry (ns-3 Time;
        /// TcpSocket::ConnTimeout). Default Linux's TCP_TIMEOUT_INIT, 1 s (RFC 6298 §2.1);
        /// ns-3's own default is 3 s (RFC 1122).
        std::string connTimeout{"1s"};
        uint32_t delAckCount{2};              //!< Segments per delayed ACK.
        uint32_t initialCwnd{10};             //!< Initial window, segments.
        std::string delAckTimeout{"40ms"};    //!< Delayed-ACK timeout (ns-3 Time).
        bool stock{false};                    //!< ns-3's own stack and global routing.
        bool smallQueues{true};   //!< TCP Small Queues on every TCP socket and subflow.
        bool cwndValidation{true}; //!< Congestion-window validation (RFC 7661).
        bool ackPriority{false};   //!< What-if: ACKs before data at every queue.
        /// Unit of --queue: packets (a slot per packet, ACKs too) | bytes (queue x 1500 bytes).
        std::string queueUnit{"packets"};
        std::string subflowTrace;  //!< CSV of per-subflow samples after the warm-up ("": none).
        std::string subflowTraceInterval{"10ms"}; //!< Its sampling interval (ns-3 Time).
        std::string switchForwarding{"fast"}; //!< fast (EcmpSwitchForwarder) | ipv4.
        /// ECN marking threshold K of the switches, packets (0: none; needs fast forwarding).
        int ecnThreshold{0};
        std::string workload{"long"};         //!< long | mix | incast | incast-long.
        double shortFlowRate{256};            //!< Poisson short-flow arrivals/s.
        double longFlowFraction{NAN};         //!< Hosts with a long flow in mix (NaN: 1/3).
        uint64_t shortFlowSize{70000};        //!< Short-flow size, bytes.
        std::string flowSizeCdf;              //!< File of short-flow sizes.
        std::string shortTransport{"same"};   //!< Transport of the short flows.
        uint64_t switchThreshold{100000};     //!< MMPTCP's switch threshold, bytes.
        uint32_t incastSenders{20};           //!< Senders per incast round.
        double shortFlowStart{0.5};           //!< First short flow, s.
        double shortFlowStop{NAN};            //!< Last short-flow start, s (NaN: end - 0.2 s).
        /// Destination of a closed-loop flow's successor: permutation (the same) | random.
        std::string closedLoopDestination{"permutation"};
        /// Rate of a host-limited flow beside every long flow (ns-3 DataRate; 0: none).
        std::string hostLimitedRate{"0"};
        /// Smallest finite flow of random-closed-loop, permutation-finite and shuffle's
        /// background, bytes (0: the workload's, seed 004: 32 MB random, 64 MB permutation).
        uint64_t flowSizeMin{0};
        /// Largest such flow, bytes (0: the workload's, seed 004: 400 MB, 512 MB).
        uint64_t flowSizeMax{0};
        /// random-closed-loop: flows in all (seed 004: 500); the run ends when all completed.
        uint32_t flows{500};
        /// random-closed-loop and shuffle's background: most flows into one receiver (seed 004: 4).
        uint32_t maxFlowsPerReceiver{4};
        uint32_t shuffleJobs{30};           //!< shuffle: jobs, one after another (seed 004: 30).
        uint32_t reducers{8};               //!< shuffle: reducers per job (seed 004: 8).
        uint32_t mappers{8};                //!< shuffle: mappers per job (seed 004: 8).
        uint64_t shuffleRequest{2048};      //!< shuffle: each read request, bytes (2 KB).
        uint64_t shuffleResponse{16000000}; //!< shuffle: each mapper's answer, bytes (16 MB).
        /// shuffle: fraction of the hosts that send random closed-loop background flows.
        double backgroundFraction{0.25};
        /// Split the fabric over the ranks of mpirun (ns-3's MPI distributed simulator,
        /// DatacenterPartition); needs ns-3 configured with --enable-mpi.
        bool mpi{false};
        std::string mpiSync{"granted"}; //!< granted (time window) | nullmsg (null messages).
        /// Same-instant arrivals at a switch: event | ingress (EcmpSwitchForwarder); "":
        /// ingress with --mpi, else event.
        std::string arrivalOrder;
        /// SDN controller: --controller, --hederaInterval, --hederaThreshold.
        DatacenterControllerOptions sdn;
        /// Measurements of one's own: --metrics and the registered metrics' options.
        DatacenterMetricOptions metrics;
        /// Workloads of one's own (ExperimentWorkloadRegistry), one part per registered name:
        /// --workload=NAME runs one; their options are declared with --workload's.
        ExperimentPartSet workloadParts{ExperimentWorkloadRegistry::GetTable()};
        std::string programName{"mptcp-fattree"}; //!< Prefix of the progress lines on stderr.
        bool progress{true};                       //!< Progress lines on stderr.
    };

    /**
     * \brief Every option of an experiment, declared once: its name (mptcp-fattree's), the
     * field of \p c it sets, unit, help and allowed values, grouped by the part it configures
     * (helper/experiment/datacenter-experiment-options.cc). A program adds them to its CommandLine
     * (ExperimentOptions::AddTo()) and answers --list-options with ExperimentOptions::ListJson().
     * \param c the configuration the options write to; its values now are the defaults
     * \return the options, bound to \p c (which must outlive them)
     */
    static ExperimentOptions DeclareOptions(Config& c);

    /// An invalid option: its name (without "--"), its value and what a valid one is.
    using Error = DatacenterTopologyRegistry::Error;

    DatacenterExperiment();
    ~DatacenterExperiment();

    /**
     * \brief Check every option and resolve the defaults; writes nothing (the database is
     * only checked for writability).
     * \param config the options
     * \param error set to the first invalid option
     * \return false on an invalid option
     */
    bool Configure(const Config& config, Error* error);
    /// \return warnings about valid but doubtful options found by Configure()
    const std::vector<std::string>& GetWarnings() const;
    /// \return the options as resolved by Configure() (defaults filled in)
    const Config& GetConfig() const;
    /// \return the number of hosts (after Configure())
    uint32_t GetNHosts() const;

    /**
     * \brief Build the fabric, set the transport options on its nodes' sockets
     * (TransportAttributes: no process-wide attribute defaults) and install the hot spot and
     * the workload; after Configure(), once. Restarts the automatic random-stream indices
     * first (RestartsRandomStreams()). The simulator keeps the event
     * scheduler it has (ns-3's global value SchedulerType): every scheduler gives the same
     * results, ns3::CalendarScheduler is the fastest for this workload (doc/mptcp.rst, "Speed";
     * mptcp-fattree makes it its default).
     * \param error set if --hotspot asks for more aggregation-core links than there are
     * \return false on that error
     */
    bool Build(Error* error);
    /**
     * \brief Whether Build() restarts ns-3's automatic random-stream indices at 0
     * (RngSeedManager::ResetNextStreamIndex(), which ns-3.37 and older lack), so that a
     * simulation built after another in the same process draws the same random numbers as
     * alone. Without it, the second of two simulations in one process uses other streams
     * (the same options, another sample).
     * \return true if it does
     */
    static bool RestartsRandomStreams();
    /// \return the fabric (after Build())
    const DatacenterTopology& GetTopology() const;

    /**
     * \brief Simulate until Config::duration and compute the results (leaves the simulator
     * for the caller to destroy).
     */
    void Run();

    /// \return one row per long flow: goodput after the warm-up and percentage of optimum
    const std::vector<FlowRecord>& GetFlowRecords() const;
    /// \return the run's row of the results database (after Run())
    const RunRecord& GetRunRecord() const;
    /// \return the workload rows of the results database (after Run())
    const WorkloadResults& GetWorkloadResults() const;
    /// \return bytes delivered to the long flows' receivers over the whole run
    uint64_t GetDeliveredBytes() const;
    /// \return the hot spot's links (indices in the fabric's GetLinks()), in draw order
    const std::vector<uint32_t>& GetHotspotLinks() const;

    /// \return whether a database was configured
    bool HasDatabase() const;
    /**
     * \brief Append the run to the configured database (creating the default database's
     * results/ folder if it is missing).
     * \param why set to the reason of a failure
     * \return the run's id, -1 on failure
     */
    int64_t WriteDatabase(std::string* why);
    /**
     * \param runId the database's run id (-1: none)
     * \return the one-line JSON summary of mptcp-fattree (wall_s last)
     */
    std::string GetSummaryJson(int64_t runId) const;

    /**
     * \brief The optimum of a non-blocking fabric: max-min fair rates of flows limited only by
     * host links (each flow is bounded by its source's uplink and its destination's
     * downlink), by water-filling (doc/mptcp.rst, "Optimal throughput").
     * \param flows (src, dst) host pairs
     * \param nHosts number of hosts
     * \param rate host link goodput, bit/s
     * \return rate of each flow, bit/s
     */
    static std::vector<double> NonBlockingFairShare(const TrafficMatrix::FlowList& flows,
                                                    uint32_t nHosts,
                                                    double rate);
    /**
     * \brief NonBlockingFairShare() where a flow may also be limited by its application: a
     * flow stops growing at its cap (host-limited flows), the others share what it leaves.
     * \param flows (src, dst) host pairs
     * \param nHosts number of hosts
     * \param rate host link goodput, bit/s
     * \param caps per flow, the most it sends, bit/s (infinity: no limit); as many as flows
     * \return rate of each flow, bit/s
     */
    static std::vector<double> NonBlockingFairShare(const TrafficMatrix::FlowList& flows,
                                                    uint32_t nHosts,
                                                    double rate,
                                                    const std::vector<double>& caps);

    /**
     * \brief The finite flows of seed 004's workloads (random-closed-loop,
     * permutation-finite, shuffle's responses), after Run(): one row per flow, its subflows
     * (NS) and throughput (size * 8 / FCT).
     * \return the `flow_subflows` rows of those flows (empty for the other workloads)
     */
    const std::vector<FlowSubflowsRecord>& GetFiniteFlowRecords() const;
    /// \return simulated time when the run ended, s (before --duration if a finite workload
    ///         completed), after Run()
    double GetEndTime() const;

    /// \return closed-loop flows started (0 for other workloads), after Run()
    uint64_t GetFlowsStarted() const;
    /// \return closed-loop flows completed (0 for other workloads), after Run()
    uint64_t GetFlowsCompleted() const;

    /// \return the --workload names: the built-in ones, then ExperimentWorkloadRegistry's
    static std::vector<std::string> GetWorkloadNames();

  private:
    class Progress;

    /// Configure()'s checks of one part each, in this order; each resolves its part's
    /// defaults and returns false with \p error set on its first invalid option.
    /// \return false on an invalid fabric option (topology, its size, links, queues, switches)
    bool ValidateFabric(Error* error);
    /// \return false on an invalid transport option (transport, subflows, cc, timers, mss)
    bool ValidateTransport(Error* error);
    /// \return false on an invalid option of the run (duration, warm-up, trace, database, MPI)
    bool ValidateRun(Error* error);
    /// \return false on an invalid traffic option (matrix, locality, hot spot, workload)
    bool ValidateTraffic(Error* error);
    /// \return false on an invalid controller option; sets the subflow counts
    bool ValidateControl(Error* error);
    /// \return false with \p error set on an invalid workload option
    bool ValidateWorkload(Error* error);
    /**
     * \brief Fill the run's row of the results database (after Run()'s measurement).
     * \param aggregateBps goodput of all measured flows after the warm-up, bit/s
     * \param optimalBps their optimum, bit/s
     * \param minPct the lowest flow's percentage of its optimum (NaN: no long flow)
     * \param jain Jain's fairness index of the flows' percentages
     */
    void RecordRun(double aggregateBps, double optimalBps, double minPct, double jain);
    /// \return the --transport in use (after ValidateTransport())
    const DatacenterTransport& Transport() const;
    /**
     * \brief The transport options as attributes of the sockets the fabric's nodes create
     * (after the fabric is built: the reordering threshold and the path manager depend on it).
     * \return the attributes, for TransportAttributes::Install()
     */
    TransportAttributes TransportParameters() const;
    /**
     * \brief The one place the path manager and its limits are chosen: ndiffports (the
     * default), fullmesh for hosts with several addresses, or the controller's own
     * (DatacenterControllerOptions::GetPathManager()).
     * \param [in,out] t the transport attributes to add them to
     */
    void ChoosePathManager(TransportAttributes* t) const;
    /// Install the long and short flows and the statistics.
    void InstallTraffic();
    /// \return what a workload of one's own sees of the run (after the flows helper exists)
    ExperimentWorkload::Context WorkloadContext() const;
    /// The long flows of the workload, from the matrix.
    TrafficMatrix::FlowList LongFlows(const TrafficMatrix::FlowList& matrix);
    /// Plan and install the short flows.
    void InstallShortFlows(const TrafficMatrix::FlowList& matrix);
    /// \return the workload rows of the results database
    WorkloadResults CollectWorkloadResults() const;
    /// Print the MPTCP state of the flows below 10% of optimal (MPTCP_DEBUG_FLOWS).
    void PrintStalledFlows() const;
    /**
     * \param transport a transport name (--transport, --shortTransport)
     * \return its socket factory: DatacenterWorkloadHelper::FactoryName, but ns-3's own
     *         socket ("ns3::TcpSocketBaseFactory") for --stock
     */
    std::string TransportFactory(const std::string& transport) const;
    /// \return the run's options as a JSON object (runs.params_json)
    std::string ParamsJson() const;
    /// \return true if the workload has short flows
    bool HasShortFlows() const;
    /// \return false with \p error set on an invalid closed-loop or host-limited option
    bool ValidateClosedLoopAndHostLimited(Error* error);
    /// Install a host-limited flow beside every long flow (--hostLimitedRate).
    void InstallHostLimitedFlows();
    /// Start the closed-loop flows (--workload=closed-loop).
    void InstallClosedLoopFlows();
    /**
     * \param window the measured time, s
     * \return the closed-loop flows' goodput after the warm-up, bit/s (0 without them)
     */
    double ClosedLoopGoodput(double window) const;
    /// \return the host-limited flows' goodput after the warm-up, bit/s (after Run())
    double HostLimitedGoodput() const;
    /// \return whether the workload is one of seed 004's finite ones
    bool IsFiniteWorkload() const;
    /// \return false with \p error set on an invalid option of seed 004's workloads
    bool ValidateFinite(Error* error);
    /// Start seed 004's random-closed-loop, permutation-finite or shuffle flows.
    void InstallFiniteFlows();
    /// Start the shuffle jobs and their background flows (--workload=shuffle).
    void InstallShuffle();
    /// The workload's flows all completed: stop the simulation now.
    void FiniteWorkloadDone();
    /// Fill the finite flows' rows and the control network's rows into m_workloadResults.
    void CollectFiniteResults();
    /// \return the summary JSON fields of seed 004's workloads, each preceded by ", "
    std::string FiniteSummaryJsonFields() const;
    /**
     * \brief Sets \p error to an invalid option.
     * \param option the option (without "--")
     * \param value its value
     * \param why what a valid value is
     * \param error set
     * \return false
     */
    static bool Reject(const std::string& option,
                       const std::string& value,
                       const std::string& why,
                       Error* error);

    Config m_cfg;                            //!< Resolved options.
    std::vector<std::string> m_warnings;     //!< Configure()'s warnings.
    bool m_createDbDirectory{false};         //!< The default --db: create its folder.
    bool m_configured{false};                //!< Whether Configure() succeeded.
    bool m_built{false};                     //!< Whether Build() succeeded.
    DatacenterTopologyParameters m_params;   //!< Topology options.
    uint32_t m_nHosts{0};                    //!< Hosts.
    TrafficMatrix::Type m_matrixType{};      //!< Parsed --matrix.
    DatacenterWorkloadHelper::Workload m_workloadType{}; //!< Parsed --workload.
    Ptr<ExperimentWorkload> m_userWorkload;  //!< --workload of one's own (nullptr: built in).
    FlowSizeDistribution m_sizes;            //!< Short-flow sizes.
    std::string m_shortResolved;             //!< Transport of the short flows.
    TypeId m_ccTypeId;                       //!< --cc.
    TypeId m_schedulerTypeId;                //!< --scheduler.
    Time m_minRto;                           //!< --minRto.
    Time m_firstDataRto;                     //!< --firstDataRto.
    Time m_connTimeout;                      //!< --connTimeout.
    Time m_delAckTimeout;                    //!< --delAckTimeout.
    uint32_t m_mpSubflows{0};                //!< MPTCP subflows (also of short MPTCP flows).
    uint32_t m_subflows{0};                  //!< Subflows as recorded (1 unless MPTCP/MMPTCP).

    std::unique_ptr<Progress> m_progress;               //!< Progress on stderr.
    std::unique_ptr<SubflowTracer> m_tracer;            //!< --subflowTrace (nullptr: none).
    Time m_traceInterval;                               //!< --subflowTraceInterval.
    std::unique_ptr<DatacenterTopology> m_topology;     //!< The fabric.
    std::vector<uint32_t> m_hotLinks;                   //!< Slowed links.
    TrafficMatrix::FlowList m_matrixFlows;              //!< The matrix as drawn (and localized).
    TrafficMatrix::FlowList m_flows;                    //!< The long flows.
    uint32_t m_rackLocalFlows{0};                       //!< Rack-local flows of the matrix.
    std::unique_ptr<FlowStatistics> m_stats;            //!< Flow statistics.
    std::unique_ptr<DatacenterWorkloadHelper> m_workload; //!< Installs the flows.
    std::vector<uint32_t> m_longIds;                    //!< Flow ids of the long flows.
    std::vector<Ptr<PacketSink>> m_sinks;               //!< Long flows' receivers.
    std::unique_ptr<HotSpotFlowCounter> m_hotFlows;     //!< Long flows over the hot spot.
    std::unique_ptr<LinkLayerStatistics> m_layers;      //!< Link statistics.
    Ptr<SdnController> m_controller;                    //!< --controller (nullptr: none).
    ApplicationContainer m_agents;                      //!< Its server agents, host order.
    FlowSizeDistribution m_finiteSizes;                 //!< Sizes of seed 004's flows.
    std::vector<uint32_t> m_finiteIds;                  //!< Seed 004's measured flows.
    std::unique_ptr<ShuffleWorkload> m_shuffle;         //!< --workload=shuffle.
    std::vector<FlowSubflowsRecord> m_finiteRecords;    //!< Their rows, after Run().
    double m_endS{0};                                   //!< When the run ended, s.
    std::unique_ptr<ClosedLoopWorkload> m_closedLoop;   //!< --workload=closed-loop.
    uint64_t m_closedLoopAtWarmup{0};                   //!< Its bytes read at the warm-up.
    DataRate m_hostLimitedRate;                         //!< --hostLimitedRate (0: none).
    size_t m_hostLimitedFrom{0};                        //!< First host-limited flow in m_flows.
    std::vector<double> m_flowCaps;                     //!< Per long flow, its cap, bit/s.
    std::vector<uint64_t> m_atWarmup;                   //!< Bytes received at the warm-up.

    std::vector<FlowRecord> m_records; //!< Long flows' rows.
    uint64_t m_deliveredBytes{0};      //!< Bytes delivered, whole run.
    uint64_t m_ceMarks{0};             //!< Packets the switches marked CE, whole run.
    RunRecord m_run;                   //!< The runs row.
    WorkloadResults m_workloadResults; //!< The workload rows.
};

} // namespace ns3

#endif /* DATACENTER_EXPERIMENT_H */
