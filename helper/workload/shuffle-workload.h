/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SHUFFLE_WORKLOAD_H
#define SHUFFLE_WORKLOAD_H

#include "ns3/callback.h"
#include "ns3/datacenter-workload-helper.h"
#include "ns3/flow-statistics.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::ShuffleWorkload: MapReduce shuffle jobs (seed 004 §IV), one after another.
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief What ShuffleWorkload recorded of one shuffle job.
 *
 * Request and response flows are stored by pair: element r * M + m (r-th reducer, m-th mapper,
 * M = mappers.size()) of requestFlows is reducer r's request to mapper m, the same element of
 * responseFlows mapper m's answer to reducer r (ShuffleWorkload::NO_FLOW until the request has
 * arrived). The ids index FlowStatistics::GetFlows().
 */
struct ShuffleJob
{
    uint32_t index{0};               //!< job number, from 0 in start order
    double startS{0};                //!< the job's requests start (connection requests), s
    /// the last byte of the job's last response arrived, s; NaN while the job runs
    double endS{std::numeric_limits<double>::quiet_NaN()};
    std::vector<uint32_t> reducers;      //!< reducer hosts (request senders, data receivers)
    std::vector<uint32_t> mappers;       //!< mapper hosts (request receivers, data senders)
    std::vector<uint32_t> requestFlows;  //!< flow ids, by pair r * M + m
    std::vector<uint32_t> responseFlows; //!< flow ids, by pair r * M + m (NO_FLOW: not started)
    uint32_t requestsCompleted{0};       //!< requests whose mapper has all their bytes
    uint32_t responsesCompleted{0};      //!< responses whose reducer has all their bytes
    bool completed{false};               //!< every response has all its bytes

    /// \return the job completion time endS - startS, s; NaN if not completed
    double Jct() const;
};

/**
 * \ingroup mptcp
 * \brief The shuffle workload of Duan, Wang, Wu, "Responsive Multipath TCP in SDN-based
 * Datacenters", ICC 2015 (seed 004, §IV, "Shuffling Traffic in MapReduce Jobs"): "Each reducer
 * reads from 8 different mapper servers concurrently by sending a read request (2KB) to them;
 * then each of the 8 mappers transmits a data flow of 16MB to the reducer. [...] The reducers
 * repeat the above procedure until 30 shuffle jobs are completed."
 *
 * A job: R reducers and M mappers, R + M distinct hosts drawn uniformly at random among all
 * hosts (a uniform random (R + M)-subset in random order: the first R are the reducers, the
 * rest the mappers), afresh for every job. At the job's start every reducer sends a request of
 * requestBytes to every mapper (R * M request flows, all starting at once, over the request
 * transport). The instant a mapper has received the whole request of reducer r (FlowStatistics'
 * completion of that flow), it starts a response of responseBytes to r over the response
 * transport (R * M response flows). The job completes when every reducer has received every
 * response: its job completion time (JCT, seed 004's "shuffle completion time") = the time the
 * last byte of the last response arrived - the time the job's requests started (the
 * reducers' connection requests, "when the reducer sends the first read request").
 *
 * Choices where the paper says nothing:
 * - The paper's "8 servers as the reducers" with "8 different mapper servers" each is read as
 *   one set of 8 mappers shared by the 8 reducers (the usual all-to-all shuffle: every reducer
 *   needs a part of every mapper's output), no host being both; reducers and mappers are drawn
 *   again for every job.
 * - Jobs run one after another: job j + 1 starts the instant job j completes ("the reducers
 *   repeat the above procedure until 30 shuffle jobs are completed"); jobs never overlap. No
 *   job starts at or after the stop time; a job in progress then runs to completion.
 * - Sizes: "2KB" and "16MB" are read as binary units, 2048 and 16 * 1024 * 1024 = 16,777,216
 *   bytes (the defaults of Parameters).
 *
 * Each flow is one DatacenterWorkloadHelper::Install() (a BulkSendApplication and a PacketSink
 * on a fresh port, recorded in the FlowStatistics); completions come from a listener added
 * with FlowStatistics::AddCompletedCallback(), so the FlowStatistics can be shared with other
 * workloads (a background ClosedLoopWorkload). Needs every host on one rank (no distributed
 * run): a mapper learns of the request's completion at the mapper, the reducer's job of its
 * response's completion at the reducer.
 */
class ShuffleWorkload
{
  public:
    /// responseFlows entry of a response not started yet.
    static constexpr uint32_t NO_FLOW = std::numeric_limits<uint32_t>::max();

    /// The shape of the jobs (defaults: seed 004's 8 reducers, 8 mappers, 2 KB, 16 MB, 30).
    struct Parameters
    {
        uint32_t reducers{8};                   //!< R, reducers per job (>= 1)
        uint32_t mappers{8};                    //!< M, mappers per job (>= 1)
        uint64_t requestBytes{2048};            //!< each read request, bytes (>= 1)
        uint64_t responseBytes{16 * 1024 * 1024}; //!< each mapper's answer, bytes (>= 1)
        uint32_t jobs{30};                      //!< jobs to complete (>= 1)
    };

    /**
     * \param installer installs each flow; must outlive the simulation
     * \param stats records each flow and reports completions (this object adds a listener
     *        with AddCompletedCallback() at Start()); must outlive the simulation
     * \param nHosts number of hosts (hosts 0 .. nHosts - 1 of the installer's topology;
     *        >= reducers + mappers at Start())
     */
    ShuffleWorkload(DatacenterWorkloadHelper& installer, FlowStatistics& stats, uint32_t nHosts);

    ShuffleWorkload(const ShuffleWorkload&) = delete;            //!< callbacks point here
    ShuffleWorkload& operator=(const ShuffleWorkload&) = delete; //!< callbacks point here

    /**
     * \brief Fixes the random stream of the host draws of this object.
     * \param stream stream index
     * \return 1 (streams used)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief Sets the shape of the jobs (before Start()).
     * \param p reducers, mappers, request and response sizes (bytes), number of jobs
     */
    void SetParameters(const Parameters& p);
    /// \return the shape of the jobs
    const Parameters& GetParameters() const;

    /**
     * \brief Sets a callback called once, when the workload is over: the last job it will run
     * has completed (the jobs-th, or the first to complete at or after the stop time). Called
     * from a scheduled event (not from a receive path), so it may call Simulator::Stop().
     * Not called while a job is still in progress.
     * \param cb the callback; a null one removes it
     */
    void SetAllDoneCallback(Callback<void> cb);

    /**
     * \brief Draws one job's hosts as Start() does: a uniform random (R + M)-subset of the
     * hosts in random order (partial Fisher-Yates), the first R the reducers, the rest the
     * mappers. Uses this object's random stream (so calling it changes later jobs' draws).
     * \return (reducers, mappers), R and M distinct hosts, none in both
     */
    std::pair<std::vector<uint32_t>, std::vector<uint32_t>> DrawJobHosts();

    /**
     * \brief Starts the first job at \p startS; each next one starts when the previous
     * completes, until Parameters::jobs jobs have completed or a job completes at or after
     * \p stopS. Once per object.
     * \param requestFactory the reducers' socket factory TypeId name for the requests
     *        (e.g. "ns3::TcpSocketFactory")
     * \param requestTransport the transport name stored with the request flows (e.g. "tcp")
     * \param responseFactory the mappers' socket factory TypeId name for the responses
     *        (e.g. "ns3::MpTcpSocketFactory")
     * \param responseTransport the transport name stored with the response flows (e.g. "mptcp")
     * \param startS the first job's start, s (not before now)
     * \param stopS no job starts at or after this time, s (if startS >= stopS, no job runs and
     *        the all-done callback is called at startS)
     */
    void Start(const std::string& requestFactory,
               const std::string& requestTransport,
               const std::string& responseFactory,
               const std::string& responseTransport,
               double startS,
               double stopS);

    /// \return every job started, in start order (the last may be in progress)
    const std::vector<ShuffleJob>& GetJobs() const;
    /// \return jobs started so far
    uint32_t GetNJobsStarted() const;
    /// \return jobs completed so far
    uint32_t GetNJobsCompleted() const;
    /// \return true once the all-done callback has been (or would have been) called
    bool IsAllDone() const;
    /// \return JCT summary of the completed jobs, s
    SampleSummary GetJctSummary() const;

    /// \return true while a job is in progress
    bool IsJobInProgress() const;
    /**
     * \param host a host index
     * \return true if \p host is a reducer or a mapper of the job in progress (a background
     *         workload may avoid such hosts)
     */
    bool IsBusy(uint32_t host) const;
    /// \return the reducers and mappers of the job in progress; empty between jobs and after
    const std::set<uint32_t>& GetBusyHosts() const;

    /**
     * \param id a FlowStatistics flow id
     * \return true if the flow is a request or a response of this workload
     */
    bool IsOwnFlow(uint32_t id) const;

  private:
    /// What one of this workload's flows is.
    struct FlowRole
    {
        uint32_t job{0};      //!< index in m_jobs
        uint32_t pair{0};     //!< r * M + m
        bool request{false};  //!< request (else response)
    };

    /**
     * Starts one job: draws its hosts and installs its R * M requests.
     * \param startS start time, s (now or later)
     */
    void StartJob(double startS);
    /**
     * A mapper has a whole request: install the response.
     * \param job job index
     * \param pair r * M + m
     */
    void StartResponse(uint32_t job, uint32_t pair);
    /**
     * FlowStatistics listener: one flow (possibly not ours) completed.
     * \param id the flow id
     */
    void Completed(uint32_t id);
    /// The last job has completed: call the all-done callback.
    void AllDone();

    DatacenterWorkloadHelper& m_installer; //!< installs the flows
    FlowStatistics& m_stats;               //!< records the flows
    uint32_t m_nHosts;                     //!< hosts
    Ptr<UniformRandomVariable> m_rng;      //!< host draws
    Parameters m_params;                   //!< the shape of the jobs
    Callback<void> m_allDone;              //!< SetAllDoneCallback()
    std::string m_requestFactory;          //!< requests' socket factory
    std::string m_requestTransport;        //!< requests' transport name
    std::string m_responseFactory;         //!< responses' socket factory
    std::string m_responseTransport;       //!< responses' transport name
    double m_stopS{0};                     //!< no job starts at or after, s
    bool m_started{false};                 //!< Start() was called
    bool m_done{false};                    //!< the all-done callback was called
    std::vector<ShuffleJob> m_jobs;  //!< every job started
    std::map<uint32_t, FlowRole> m_roleOf; //!< flow id -> what it is
    std::set<uint32_t> m_busy;             //!< hosts of the job in progress
    uint32_t m_completed{0};               //!< jobs completed
};

} // namespace ns3

#endif /* SHUFFLE_WORKLOAD_H */
