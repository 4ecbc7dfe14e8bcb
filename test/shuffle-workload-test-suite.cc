/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The shuffle workload of seed 004 (Duan, Wang, Wu, ICC 2015, §IV "Shuffling Traffic in
 * MapReduce Jobs"): reducers' read requests, mappers' responses, successive jobs and their
 * completion times; and FlowStatistics' several completion listeners it relies on.
 */
#include "mptcp-test-harness.h"

#include "ns3/closed-loop-workload.h"
#include "ns3/datacenter-workload-helper.h"
#include "ns3/fat-tree-helper.h"
#include "ns3/flow-size-distribution.h"
#include "ns3/flow-statistics.h"
#include "ns3/ipv4-flow-ecmp-routing-helper.h"
#include "ns3/mptcp-ns3-compat.h"
#include "ns3/mptcp-stack-helper.h"
#include "ns3/perfect-switch-helper.h"
#include "ns3/shuffle-workload.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/traffic-matrix.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace ns3;

namespace
{

/**
 * \brief N hosts on one 100 Mb/s switch (10 us links, 100-packet queues), the MPTCP stack and
 * flow ECMP.
 * \param ps a PerfectSwitchHelper not yet created
 */
void
BuildPerfectSwitch(PerfectSwitchHelper& ps)
{
    ps.SetHostLinkDataRate(DataRate("100Mbps"));
    ps.SetQueueSize(100);
    ps.Create();
    MpTcpStackHelper stack;
    stack.SetRoutingHelper(Ipv4FlowEcmpRoutingHelper());
    stack.Install(ps.GetNodes());
    ps.AssignIpv4Addresses();
    Ipv4FlowEcmpRoutingHelper::PopulateRoutingTables();
}

/// One look at the busy hosts during the run.
struct BusySample
{
    double t{0};                 //!< when, s
    bool inProgress{false};      //!< IsJobInProgress()
    uint32_t started{0};         //!< GetNJobsStarted()
    std::set<uint32_t> busy;     //!< GetBusyHosts()
    std::vector<bool> isBusy;    //!< IsBusy(h) for every host
};

/**
 * Small shuffle jobs (2 reducers, 3 mappers, 2048-byte requests, 200 kB responses, 3 jobs):
 * R * M requests from the reducers, each answered by its mapper once it has arrived, jobs one
 * after another, JCT from the flow records, the all-done callback once.
 */
class ShuffleJobsTest : public TestCase
{
  public:
    /**
     * \param fatTree a k=4 FatTree (16 hosts, MPTCP responses over 4 subflows) instead of an
     *        8-host perfect switch (TCP responses)
     */
    explicit ShuffleJobsTest(bool fatTree)
        : TestCase(fatTree ? "Shuffle jobs on a k=4 FatTree, TCP requests, MPTCP responses"
                           : "Shuffle jobs on a perfect switch, TCP requests and responses"),
          m_fatTree(fatTree)
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(4, Lia(), 131072);
        std::unique_ptr<DatacenterTopology> topo;
        if (m_fatTree)
        {
            auto tree = std::make_unique<FatTreeHelper>(4);
            BuildThesisFatTree(*tree, 100);
            topo = std::move(tree);
        }
        else
        {
            auto ps = std::make_unique<PerfectSwitchHelper>(8);
            BuildPerfectSwitch(*ps);
            topo = std::move(ps);
        }
        const uint32_t nHosts = topo->GetNHosts();
        const double rate = topo->GetHostLinkRate();
        const std::string responseFactory =
            m_fatTree ? "ns3::MpTcpSocketFactory" : "ns3::TcpSocketFactory";
        const std::string responseTransport = m_fatTree ? "mptcp" : "tcp";

        FlowStatistics stats;
        DatacenterWorkloadHelper installer(*topo, stats);
        ShuffleWorkload shuffle(installer, stats, nHosts);
        shuffle.AssignStreams(7);
        ShuffleWorkload::Parameters p;
        p.reducers = 2;
        p.mappers = 3;
        p.requestBytes = 2048;
        p.responseBytes = 200000;
        p.jobs = 3;
        shuffle.SetParameters(p);
        uint32_t doneCalls = 0;
        double doneAt = -1;
        shuffle.SetAllDoneCallback(Callback<void>(MPTCP_CALLBACK([&]() {
            ++doneCalls;
            doneAt = Simulator::Now().GetSeconds();
            Simulator::Stop();
        })));
        const double start = 0.05;
        shuffle.Start("ns3::TcpSocketFactory",
                      "tcp",
                      responseFactory,
                      responseTransport,
                      start,
                      100);
        std::vector<BusySample> samples;
        for (int i = 0; i < 400; ++i)
        {
            Simulator::Schedule(MilliSeconds(1) * i + MicroSeconds(500), MPTCP_EVENT([&]() {
                BusySample s;
                s.t = Simulator::Now().GetSeconds();
                s.inProgress = shuffle.IsJobInProgress();
                s.started = shuffle.GetNJobsStarted();
                s.busy = shuffle.GetBusyHosts();
                for (uint32_t h = 0; h < nHosts; ++h)
                {
                    s.isBusy.push_back(shuffle.IsBusy(h));
                }
                samples.push_back(s);
            }));
        }
        Simulator::Stop(Seconds(20)); // a safety net: the all-done callback stops the run
        Simulator::Run();
        const double end = Simulator::Now().GetSeconds();
        const std::deque<FlowStatisticsRecord> flows = stats.GetFlows();
        const std::vector<ShuffleJob> jobs = shuffle.GetJobs();
        const uint32_t completed = shuffle.GetNJobsCompleted();
        const bool allDone = shuffle.IsAllDone();
        const SampleSummary summary = shuffle.GetJctSummary();
        const bool inProgress = shuffle.IsJobInProgress();
        const bool ownFlow0 = shuffle.IsOwnFlow(0);
        const bool ownFlowAfter = shuffle.IsOwnFlow(flows.size());
        Simulator::Destroy();

        const uint32_t pairs = p.reducers * p.mappers;
        NS_TEST_ASSERT_MSG_EQ(doneCalls, 1u, "the all-done callback fires once");
        NS_TEST_ASSERT_MSG_EQ(allDone, true, "all done");
        NS_TEST_ASSERT_MSG_EQ(inProgress, false, "no job left in progress");
        NS_TEST_ASSERT_MSG_EQ(completed, p.jobs, "exactly the jobs asked for");
        NS_TEST_ASSERT_MSG_EQ(jobs.size(), p.jobs, "no job started after the last");
        NS_TEST_ASSERT_MSG_EQ(flows.size(), 2 * pairs * p.jobs, "R*M requests and responses a job");
        NS_TEST_ASSERT_MSG_EQ(ownFlow0, true, "the flows are the workload's");
        NS_TEST_ASSERT_MSG_EQ(ownFlowAfter, false, "no other flow is");
        NS_TEST_ASSERT_MSG_EQ(doneAt, jobs.back().endS, "done when the last job completes");
        NS_TEST_ASSERT_MSG_EQ(end, doneAt, "the callback stopped the run");
        NS_TEST_ASSERT_MSG_EQ(jobs.front().startS, start, "the first job at the start time");

        const double jctLowerBound = double(p.mappers) * p.responseBytes * 8 / rate;
        std::set<uint32_t> ids;
        std::set<std::vector<uint32_t>> draws;
        double jctSum = 0;
        for (uint32_t j = 0; j < jobs.size(); ++j)
        {
            const ShuffleJob& job = jobs[j];
            NS_TEST_ASSERT_MSG_EQ(job.index, j, "jobs in start order");
            NS_TEST_ASSERT_MSG_EQ(job.completed, true, "every job completed");
            NS_TEST_ASSERT_MSG_EQ(job.reducers.size(), p.reducers, "R reducers");
            NS_TEST_ASSERT_MSG_EQ(job.mappers.size(), p.mappers, "M mappers");
            std::set<uint32_t> hosts(job.reducers.begin(), job.reducers.end());
            hosts.insert(job.mappers.begin(), job.mappers.end());
            NS_TEST_ASSERT_MSG_EQ(hosts.size(), p.reducers + p.mappers,
                                  "no host twice, none both reducer and mapper");
            NS_TEST_ASSERT_MSG_LT(*hosts.rbegin(), nHosts, "hosts of the fabric");
            std::vector<uint32_t> draw = job.reducers;
            draw.insert(draw.end(), job.mappers.begin(), job.mappers.end());
            draws.insert(draw);
            NS_TEST_ASSERT_MSG_EQ(job.requestFlows.size(), pairs, "R*M requests");
            NS_TEST_ASSERT_MSG_EQ(job.responseFlows.size(), pairs, "R*M responses");
            NS_TEST_ASSERT_MSG_EQ(job.requestsCompleted, pairs, "every request arrived");
            NS_TEST_ASSERT_MSG_EQ(job.responsesCompleted, pairs, "every response arrived");
            if (j + 1 < jobs.size())
            {
                // Successive jobs: the next starts the instant this one completes.
                NS_TEST_ASSERT_MSG_GT_OR_EQ(jobs[j + 1].startS, job.endS, "jobs do not overlap");
                NS_TEST_ASSERT_MSG_EQ(jobs[j + 1].startS, job.endS, "the next starts at once");
            }
            double firstStart = std::numeric_limits<double>::infinity();
            double lastRx = -1;
            uint64_t bytes = 0;
            for (uint32_t r = 0; r < p.reducers; ++r)
            {
                for (uint32_t m = 0; m < p.mappers; ++m)
                {
                    const uint32_t pair = r * p.mappers + m;
                    const uint32_t qi = job.requestFlows[pair];
                    const uint32_t ai = job.responseFlows[pair];
                    NS_TEST_ASSERT_MSG_NE(ai, ShuffleWorkload::NO_FLOW, "response started");
                    NS_TEST_ASSERT_MSG_EQ(ids.insert(qi).second, true, "a flow per request");
                    NS_TEST_ASSERT_MSG_EQ(ids.insert(ai).second, true, "a flow per response");
                    const FlowStatisticsRecord& q = flows.at(qi);
                    const FlowStatisticsRecord& a = flows.at(ai);
                    NS_TEST_ASSERT_MSG_EQ(q.srcHost, job.reducers[r], "request from the reducer");
                    NS_TEST_ASSERT_MSG_EQ(q.dstHost, job.mappers[m], "request to the mapper");
                    NS_TEST_ASSERT_MSG_EQ(q.sizeBytes, p.requestBytes, "request size");
                    NS_TEST_ASSERT_MSG_EQ(q.transport, "tcp", "request transport");
                    NS_TEST_ASSERT_MSG_EQ(q.startS, job.startS, "requests start with the job");
                    NS_TEST_ASSERT_MSG_EQ(q.Completed(), true, "request arrived");
                    NS_TEST_ASSERT_MSG_EQ(a.srcHost, job.mappers[m], "response from the mapper");
                    NS_TEST_ASSERT_MSG_EQ(a.dstHost, job.reducers[r], "response to the reducer");
                    NS_TEST_ASSERT_MSG_EQ(a.sizeBytes, p.responseBytes, "response size");
                    NS_TEST_ASSERT_MSG_EQ(a.transport, responseTransport, "response transport");
                    NS_TEST_ASSERT_MSG_GT_OR_EQ(a.startS, q.lastRxS, "response after request");
                    NS_TEST_ASSERT_MSG_EQ(a.startS, q.lastRxS, "the response starts at once");
                    NS_TEST_ASSERT_MSG_EQ(a.Completed(), true, "response arrived");
                    NS_TEST_ASSERT_MSG_LT_OR_EQ(a.lastRxS, job.endS, "within the job");
                    firstStart = std::min(firstStart, q.startS);
                    lastRx = std::max(lastRx, a.lastRxS);
                    bytes += q.rxBytes + a.rxBytes;
                }
            }
            NS_TEST_ASSERT_MSG_EQ(bytes, pairs * (p.requestBytes + p.responseBytes),
                                  "every byte of the job received, no more");
            NS_TEST_ASSERT_MSG_EQ(job.endS, lastRx, "the job ends with its last response");
            NS_TEST_ASSERT_MSG_EQ_TOL(job.Jct(), lastRx - firstStart, 1e-12,
                                      "JCT = last response's last byte - first request's start");
            // Each reducer receives M responses over its one host link.
            NS_TEST_ASSERT_MSG_GT_OR_EQ(job.Jct(), jctLowerBound, "JCT >= M*response*8/rate");
            jctSum += job.Jct();
        }
        NS_TEST_ASSERT_MSG_EQ(draws.size(), jobs.size(), "hosts drawn afresh for each job");
        NS_TEST_ASSERT_MSG_EQ(summary.count, jobs.size(), "JCT summary of every job");
        NS_TEST_ASSERT_MSG_EQ_TOL(summary.mean, jctSum / jobs.size(), 1e-12, "mean JCT");

        uint32_t busySamples = 0;
        for (const BusySample& s : samples)
        {
            std::set<uint32_t> fromFlags;
            for (uint32_t h = 0; h < nHosts; ++h)
            {
                if (s.isBusy[h])
                {
                    fromFlags.insert(h);
                }
            }
            NS_TEST_ASSERT_MSG_EQ((fromFlags == s.busy), true, "IsBusy agrees with GetBusyHosts");
            if (!s.inProgress)
            {
                NS_TEST_ASSERT_MSG_EQ(s.busy.size(), 0u, "no busy host between jobs");
                continue;
            }
            ++busySamples;
            const ShuffleJob& job = jobs.at(s.started - 1);
            std::set<uint32_t> hosts(job.reducers.begin(), job.reducers.end());
            hosts.insert(job.mappers.begin(), job.mappers.end());
            NS_TEST_ASSERT_MSG_EQ((s.busy == hosts), true, "busy = the current job's hosts");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(s.t, job.startS, "during the job");
            NS_TEST_ASSERT_MSG_LT_OR_EQ(s.t, job.endS, "during the job");
        }
        NS_TEST_ASSERT_MSG_GT(busySamples, 10u, "samples during the jobs");
    }

    bool m_fatTree; //!< topology and response transport
};

/**
 * The stop time: no job starts at or after it, the job in progress runs to completion and then
 * the all-done callback fires; with the start at or after the stop no job runs at all.
 */
class ShuffleStopTimeTest : public TestCase
{
  public:
    ShuffleStopTimeTest()
        : TestCase("Shuffle jobs stop starting at the stop time")
    {
    }

  private:
    /**
     * One run with 1000 jobs asked for.
     * \param start first job, s
     * \param stop no job at or after, s
     * \param jobs the job records
     * \param doneAt times of the all-done callback, s
     */
    static void Run(double start,
                    double stop,
                    std::vector<ShuffleJob>& jobs,
                    std::vector<double>& doneAt)
    {
        ConfigureTransport(1, Lia(), 131072);
        PerfectSwitchHelper ps(6);
        BuildPerfectSwitch(ps);
        FlowStatistics stats;
        DatacenterWorkloadHelper installer(ps, stats);
        ShuffleWorkload shuffle(installer, stats, 6);
        shuffle.AssignStreams(11);
        ShuffleWorkload::Parameters p;
        p.reducers = 3;
        p.mappers = 3;
        p.responseBytes = 50000;
        p.jobs = 1000;
        shuffle.SetParameters(p);
        shuffle.SetAllDoneCallback(
            Callback<void>(MPTCP_CALLBACK([&]() { doneAt.push_back(Simulator::Now().GetSeconds()); })));
        shuffle.Start("ns3::TcpSocketFactory", "tcp", "ns3::TcpSocketFactory", "tcp", start, stop);
        Simulator::Stop(Seconds(1));
        Simulator::Run();
        jobs = shuffle.GetJobs();
        Simulator::Destroy();
    }

    void DoRun() override
    {
        const double stop = 0.1;
        std::vector<ShuffleJob> jobs;
        std::vector<double> doneAt;
        Run(0.01, stop, jobs, doneAt);
        NS_TEST_ASSERT_MSG_GT(jobs.size(), 2u, "several jobs before the stop");
        NS_TEST_ASSERT_MSG_LT(jobs.size(), 1000u, "not all the jobs asked for");
        NS_TEST_ASSERT_MSG_EQ(doneAt.size(), 1u, "the all-done callback fires once");
        for (size_t j = 0; j < jobs.size(); ++j)
        {
            NS_TEST_ASSERT_MSG_LT(jobs[j].startS, stop, "no job starts at or after the stop");
            NS_TEST_ASSERT_MSG_EQ(jobs[j].completed, true, "every job started completes");
            if (j + 1 < jobs.size())
            {
                NS_TEST_ASSERT_MSG_LT(jobs[j].endS, stop, "ended before the stop: successor");
            }
        }
        NS_TEST_ASSERT_MSG_GT_OR_EQ(jobs.back().endS, stop, "the last ended at or after it");
        NS_TEST_ASSERT_MSG_EQ(doneAt.front(), jobs.back().endS, "done when the last completes");

        doneAt.clear();
        Run(0.2, stop, jobs, doneAt);
        NS_TEST_ASSERT_MSG_EQ(jobs.size(), 0u, "no job after the stop time");
        NS_TEST_ASSERT_MSG_EQ(doneAt.size(), 1u, "done all the same");
        NS_TEST_ASSERT_MSG_EQ(doneAt.front(), 0.2, "at the start time");
    }
};

/**
 * The host draws: R + M distinct hosts, every host a reducer with probability R / N and a mapper
 * with probability M / N, the same draws from the same stream.
 */
class ShuffleHostDrawTest : public TestCase
{
  public:
    ShuffleHostDrawTest()
        : TestCase("Shuffle job hosts: distinct, uniform, reproducible")
    {
    }

  private:
    void DoRun() override
    {
        PerfectSwitchHelper ps(8); // not created: only its reference is kept
        FlowStatistics stats;
        DatacenterWorkloadHelper installer(ps, stats);
        ShuffleWorkload::Parameters p;
        p.reducers = 2;
        p.mappers = 3;
        ShuffleWorkload a(installer, stats, 8);
        ShuffleWorkload b(installer, stats, 8);
        ShuffleWorkload c(installer, stats, 8);
        for (ShuffleWorkload* w : {&a, &b, &c})
        {
            w->SetParameters(p);
        }
        a.AssignStreams(3);
        b.AssignStreams(3);
        c.AssignStreams(4);
        const uint32_t draws = 20000;
        std::vector<uint32_t> asReducer(8);
        std::vector<uint32_t> asMapper(8);
        uint32_t sameAsB = 0;
        uint32_t sameAsC = 0;
        for (uint32_t i = 0; i < draws; ++i)
        {
            auto d = a.DrawJobHosts();
            sameAsB += d == b.DrawJobHosts() ? 1 : 0;
            sameAsC += d == c.DrawJobHosts() ? 1 : 0;
            NS_TEST_ASSERT_MSG_EQ(d.first.size(), 2u, "R reducers");
            NS_TEST_ASSERT_MSG_EQ(d.second.size(), 3u, "M mappers");
            std::set<uint32_t> hosts(d.first.begin(), d.first.end());
            hosts.insert(d.second.begin(), d.second.end());
            NS_TEST_ASSERT_MSG_EQ(hosts.size(), 5u, "distinct");
            NS_TEST_ASSERT_MSG_LT(*hosts.rbegin(), 8u, "hosts of the fabric");
            for (uint32_t h : d.first)
            {
                ++asReducer[h];
            }
            for (uint32_t h : d.second)
            {
                ++asMapper[h];
            }
        }
        NS_TEST_ASSERT_MSG_EQ(sameAsB, draws, "same stream, same draws");
        NS_TEST_ASSERT_MSG_LT(sameAsC, draws / 10, "another stream, other draws");
        // Binomial counts: 5000 +- 61 (sd) as a reducer, 7500 +- 68 as a mapper; 5 sd.
        for (uint32_t h = 0; h < 8; ++h)
        {
            NS_TEST_ASSERT_MSG_EQ_TOL(asReducer[h], 5000u, 310u, "reducer with probability 2/8");
            NS_TEST_ASSERT_MSG_EQ_TOL(asMapper[h], 7500u, 345u, "mapper with probability 3/8");
        }
    }
};

/**
 * FlowStatistics' completion listeners: the SetCompletedCallback() slot (replaced by a second
 * call) and every AddCompletedCallback() listener hear every completion once, in that order; a
 * listener added during a report hears only the later ones; a long flow never completes.
 */
class CompletionListenersTest : public TestCase
{
  public:
    CompletionListenersTest()
        : TestCase("FlowStatistics: several completion listeners")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 131072);
        PerfectSwitchHelper ps(4);
        BuildPerfectSwitch(ps);
        FlowStatistics stats;
        DatacenterWorkloadHelper installer(ps, stats);
        std::vector<std::pair<char, uint32_t>> log; // (listener, flow id)
        auto listener = [&log](char name) {
            return Callback<void, uint32_t>(MPTCP_CALLBACK([&log, name](uint32_t id) {
                log.emplace_back(name, id);
            }));
        };
        stats.SetCompletedCallback(listener('x')); // replaced below
        stats.SetCompletedCallback(listener('a'));
        bool added = false;
        stats.AddCompletedCallback(Callback<void, uint32_t>(MPTCP_CALLBACK([&](uint32_t id) {
            log.emplace_back('b', id);
            if (!added)
            {
                added = true;
                stats.AddCompletedCallback(listener('d'));
            }
        })));
        stats.AddCompletedCallback(listener('c'));
        stats.AddCompletedCallback(Callback<void, uint32_t>()); // null: ignored
        const uint64_t sizes[] = {30000, 5000, 80000, 12000, 50000, 2048};
        for (uint32_t i = 0; i < 6; ++i)
        {
            PlannedFlow f;
            f.startS = 0.01 * (i % 3);
            f.srcHost = i % 4;
            f.dstHost = (i + 1 + i / 4) % 4;
            f.sizeBytes = sizes[i];
            installer.Install(f, "ns3::TcpSocketFactory", "tcp");
        }
        PlannedFlow longFlow;
        longFlow.srcHost = 3;
        longFlow.dstHost = 0;
        installer.Install(longFlow, "ns3::TcpSocketFactory", "tcp"); // size 0: never completes
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();
        const std::deque<FlowStatisticsRecord> flows = stats.GetFlows();
        Simulator::Destroy();

        std::vector<uint32_t> byCompletion;
        for (const auto& f : flows)
        {
            if (f.Completed())
            {
                byCompletion.push_back(f.flowId);
            }
        }
        std::stable_sort(byCompletion.begin(), byCompletion.end(), [&](uint32_t i, uint32_t j) {
            return flows[i].lastRxS < flows[j].lastRxS;
        });
        NS_TEST_ASSERT_MSG_EQ(byCompletion.size(), 6u, "the six finite flows completed");
        // Expected log: a b d? c per completion; d from the second completion on (it was added
        // while b heard the first one).
        std::vector<std::pair<char, uint32_t>> expected;
        for (size_t k = 0; k < byCompletion.size(); ++k)
        {
            expected.emplace_back('a', byCompletion[k]);
            expected.emplace_back('b', byCompletion[k]);
            expected.emplace_back('c', byCompletion[k]);
            if (k > 0)
            {
                expected.emplace_back('d', byCompletion[k]);
            }
        }
        // Completions at the same instant may come in either order: compare per completion
        // time the multiset, and per listener the order.
        NS_TEST_ASSERT_MSG_EQ(log.size(), expected.size(), "every listener, every completion");
        for (char name : {'a', 'b', 'c', 'd'})
        {
            std::vector<uint32_t> heard;
            for (const auto& [n, id] : log)
            {
                if (n == name)
                {
                    heard.push_back(id);
                }
            }
            std::vector<uint32_t> want(byCompletion.begin() + (name == 'd' ? 1 : 0),
                                       byCompletion.end());
            NS_TEST_ASSERT_MSG_EQ((heard == want), true, std::string("listener ") + name);
        }
        for (size_t k = 0; k + 2 < log.size(); ++k)
        {
            if (log[k].first == 'a')
            {
                // The slot first, then the listeners in the order they were added.
                NS_TEST_ASSERT_MSG_EQ(log[k + 1].first, 'b', "b after a");
                NS_TEST_ASSERT_MSG_EQ(log[k + 1].second, log[k].second, "same completion");
                NS_TEST_ASSERT_MSG_EQ(log[k + 2].first, 'c', "c after b");
                NS_TEST_ASSERT_MSG_EQ(log[k + 2].second, log[k].second, "same completion");
            }
        }
    }
};

/**
 * The experiment's mix: a ShuffleWorkload (AddCompletedCallback) beside a background
 * ClosedLoopWorkload (SetCompletedCallback) on one FlowStatistics: both see their completions,
 * neither takes the other's flows.
 */
class ShuffleWithBackgroundTest : public TestCase
{
  public:
    ShuffleWithBackgroundTest()
        : TestCase("Shuffle jobs beside closed-loop background flows on one FlowStatistics")
    {
    }

  private:
    void DoRun() override
    {
        ConfigureTransport(1, Lia(), 131072);
        PerfectSwitchHelper ps(16);
        BuildPerfectSwitch(ps);
        FlowStatistics stats;
        DatacenterWorkloadHelper installer(ps, stats);
        TrafficMatrix tm;
        tm.AssignStreams(3);
        ClosedLoopWorkload loop(installer, stats, 16);
        loop.AssignStreams(5);
        loop.Start(tm.Permutation(16),
                   FlowSizeDistribution(100000),
                   ClosedLoopWorkload::Destination::RANDOM,
                   "ns3::TcpSocketFactory",
                   "tcp",
                   0,
                   100);
        ShuffleWorkload shuffle(installer, stats, 16);
        shuffle.AssignStreams(9);
        ShuffleWorkload::Parameters p;
        p.reducers = 2;
        p.mappers = 3;
        p.responseBytes = 100000;
        p.jobs = 2;
        shuffle.SetParameters(p);
        uint32_t doneCalls = 0;
        shuffle.SetAllDoneCallback(Callback<void>(MPTCP_CALLBACK([&]() {
            ++doneCalls;
            Simulator::Stop();
        })));
        shuffle.Start("ns3::TcpSocketFactory",
                      "tcp",
                      "ns3::TcpSocketFactory",
                      "tcp",
                      0.02,
                      100);
        Simulator::Stop(Seconds(20));
        Simulator::Run();
        const std::deque<FlowStatisticsRecord> flows = stats.GetFlows();
        const std::vector<ShuffleJob> jobs = shuffle.GetJobs();
        const uint64_t loopStarted = loop.GetFlowsStarted();
        const uint64_t loopCompleted = loop.GetFlowsCompleted();
        uint64_t own = 0;
        for (uint32_t id = 0; id < flows.size(); ++id)
        {
            own += shuffle.IsOwnFlow(id) ? 1 : 0;
        }
        Simulator::Destroy();

        const uint32_t pairs = p.reducers * p.mappers;
        NS_TEST_ASSERT_MSG_EQ(doneCalls, 1u, "the shuffle finished");
        NS_TEST_ASSERT_MSG_EQ(jobs.size(), 2u, "both jobs");
        NS_TEST_ASSERT_MSG_EQ(own, 2 * pairs * p.jobs, "the shuffle's flows");
        NS_TEST_ASSERT_MSG_EQ(flows.size(), own + loopStarted, "the rest are the loop's");
        NS_TEST_ASSERT_MSG_GT(loopStarted, 16u, "the loop replaced completed flows");
        uint64_t loopDone = 0;
        for (uint32_t id = 0; id < flows.size(); ++id)
        {
            loopDone += (!shuffle.IsOwnFlow(id) && flows[id].Completed()) ? 1 : 0;
        }
        NS_TEST_ASSERT_MSG_EQ(loopCompleted, loopDone, "the loop heard each of its completions");
        for (const ShuffleJob& job : jobs)
        {
            NS_TEST_ASSERT_MSG_EQ(job.completed, true, "job completed");
            NS_TEST_ASSERT_MSG_EQ(job.requestsCompleted, pairs, "only its own requests");
            NS_TEST_ASSERT_MSG_EQ(job.responsesCompleted, pairs, "only its own responses");
        }
    }
};

/// The suite.
class ShuffleWorkloadTestSuite : public TestSuite
{
  public:
    ShuffleWorkloadTestSuite()
        : TestSuite("mptcp-shuffle-workload", MPTCP_TEST_UNIT)
    {
        AddTestCase(new ShuffleHostDrawTest, MPTCP_TEST_QUICK);
        AddTestCase(new CompletionListenersTest, MPTCP_TEST_QUICK);
        AddTestCase(new ShuffleJobsTest(false), MPTCP_TEST_QUICK);
        AddTestCase(new ShuffleJobsTest(true), MPTCP_TEST_QUICK);
        AddTestCase(new ShuffleStopTimeTest, MPTCP_TEST_QUICK);
        AddTestCase(new ShuffleWithBackgroundTest, MPTCP_TEST_QUICK);
    }
};

/// The suite's instance.
ShuffleWorkloadTestSuite g_shuffleWorkloadTestSuite;

} // namespace
