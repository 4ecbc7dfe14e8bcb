/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/shuffle-workload.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MptcpShuffleWorkload");

double
ShuffleJob::Jct() const
{
    return completed ? endS - startS : std::numeric_limits<double>::quiet_NaN();
}

ShuffleWorkload::ShuffleWorkload(DatacenterWorkloadHelper& installer,
                                 FlowStatistics& stats,
                                 uint32_t nHosts)
    : m_installer(installer),
      m_stats(stats),
      m_nHosts(nHosts),
      m_rng(CreateObject<UniformRandomVariable>())
{
    NS_ABORT_MSG_IF(nHosts < 2, "a shuffle workload needs two hosts or more");
}

int64_t
ShuffleWorkload::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

void
ShuffleWorkload::SetParameters(const Parameters& p)
{
    NS_ABORT_MSG_IF(m_started, "ShuffleWorkload::SetParameters after Start()");
    NS_ABORT_MSG_IF(p.reducers == 0 || p.mappers == 0, "a shuffle job needs reducers and mappers");
    NS_ABORT_MSG_IF(p.requestBytes == 0 || p.responseBytes == 0,
                    "shuffle requests and responses need a size above zero");
    NS_ABORT_MSG_IF(p.jobs == 0, "a shuffle workload needs one job or more");
    m_params = p;
}

const ShuffleWorkload::Parameters&
ShuffleWorkload::GetParameters() const
{
    return m_params;
}

void
ShuffleWorkload::SetAllDoneCallback(Callback<void> cb)
{
    m_allDone = cb;
}

std::pair<std::vector<uint32_t>, std::vector<uint32_t>>
ShuffleWorkload::DrawJobHosts()
{
    const uint32_t n = m_params.reducers + m_params.mappers;
    NS_ABORT_MSG_IF(n > m_nHosts,
                    "a shuffle job of " << m_params.reducers << " reducers and "
                                        << m_params.mappers << " mappers needs " << n
                                        << " hosts, there are " << m_nHosts);
    std::vector<uint32_t> hosts(m_nHosts);
    for (uint32_t i = 0; i < m_nHosts; ++i)
    {
        hosts[i] = i;
    }
    // Partial Fisher-Yates: the first n places are a uniform random n-subset in random order.
    for (uint32_t i = 0; i < n && i + 1 < m_nHosts; ++i)
    {
        const uint32_t j = m_rng->GetInteger(i, m_nHosts - 1);
        std::swap(hosts[i], hosts[j]);
    }
    std::vector<uint32_t> reducers(hosts.begin(), hosts.begin() + m_params.reducers);
    std::vector<uint32_t> mappers(hosts.begin() + m_params.reducers, hosts.begin() + n);
    return {reducers, mappers};
}

void
ShuffleWorkload::Start(const std::string& requestFactory,
                       const std::string& requestTransport,
                       const std::string& responseFactory,
                       const std::string& responseTransport,
                       double startS,
                       double stopS)
{
    NS_LOG_FUNCTION(this << startS << stopS);
    NS_ABORT_MSG_IF(m_started, "ShuffleWorkload::Start called twice");
    NS_ABORT_MSG_IF(m_params.reducers + m_params.mappers > m_nHosts,
                    "a shuffle job needs reducers + mappers <= hosts");
    m_started = true;
    m_requestFactory = requestFactory;
    m_requestTransport = requestTransport;
    m_responseFactory = responseFactory;
    m_responseTransport = responseTransport;
    m_stopS = stopS;
    m_stats.AddCompletedCallback(MakeCallback(&ShuffleWorkload::Completed, this));
    const Time at = Seconds(startS);
    NS_ABORT_MSG_IF(at < Simulator::Now(), "a shuffle workload cannot start in the past");
    if (startS < stopS)
    {
        Simulator::Schedule(at - Simulator::Now(), &ShuffleWorkload::StartJob, this, startS);
    }
    else
    {
        Simulator::Schedule(at - Simulator::Now(), &ShuffleWorkload::AllDone, this);
    }
}

void
ShuffleWorkload::StartJob(double startS)
{
    ShuffleJob job;
    job.index = m_jobs.size();
    job.startS = startS;
    std::tie(job.reducers, job.mappers) = DrawJobHosts();
    const uint32_t pairs = m_params.reducers * m_params.mappers;
    job.requestFlows.assign(pairs, NO_FLOW);
    job.responseFlows.assign(pairs, NO_FLOW);
    m_busy.clear();
    m_busy.insert(job.reducers.begin(), job.reducers.end());
    m_busy.insert(job.mappers.begin(), job.mappers.end());
    m_jobs.push_back(job);
    NS_LOG_DEBUG("job " << job.index << " at " << startS << " s");
    ShuffleJob& j = m_jobs.back();
    for (uint32_t r = 0; r < m_params.reducers; ++r)
    {
        for (uint32_t m = 0; m < m_params.mappers; ++m)
        {
            PlannedFlow f;
            f.startS = startS;
            f.srcHost = j.reducers[r];
            f.dstHost = j.mappers[m];
            f.sizeBytes = m_params.requestBytes;
            const uint32_t pair = r * m_params.mappers + m;
            const uint32_t id = m_installer.Install(f, m_requestFactory, m_requestTransport);
            j.requestFlows[pair] = id;
            m_roleOf[id] = FlowRole{j.index, pair, true};
        }
    }
}

void
ShuffleWorkload::StartResponse(uint32_t job, uint32_t pair)
{
    ShuffleJob& j = m_jobs[job];
    PlannedFlow f;
    f.startS = Simulator::Now().GetSeconds();
    f.srcHost = j.mappers[pair % m_params.mappers];
    f.dstHost = j.reducers[pair / m_params.mappers];
    f.sizeBytes = m_params.responseBytes;
    const uint32_t id = m_installer.Install(f, m_responseFactory, m_responseTransport);
    j.responseFlows[pair] = id;
    m_roleOf[id] = FlowRole{job, pair, false};
    NS_LOG_DEBUG("job " << job << " response " << f.srcHost << "->" << f.dstHost << " flow "
                        << id << " at " << f.startS << " s");
}

void
ShuffleWorkload::Completed(uint32_t id)
{
    auto it = m_roleOf.find(id);
    if (it == m_roleOf.end())
    {
        return; // a flow of another workload (the FlowStatistics is shared)
    }
    const FlowRole role = it->second;
    ShuffleJob& j = m_jobs[role.job];
    if (role.request)
    {
        ++j.requestsCompleted;
        // Called from within the mapper's receive path: install the response outside it.
        Simulator::ScheduleNow(&ShuffleWorkload::StartResponse, this, role.job, role.pair);
        return;
    }
    ++j.responsesCompleted;
    if (j.responsesCompleted < j.responseFlows.size())
    {
        return;
    }
    const double now = Simulator::Now().GetSeconds();
    j.endS = now;
    j.completed = true;
    ++m_completed;
    m_busy.clear();
    NS_LOG_DEBUG("job " << j.index << " done at " << now << " s, JCT " << j.Jct() << " s");
    if (m_completed < m_params.jobs && now < m_stopS)
    {
        // Also from within a receive path: install the next job's flows outside it.
        Simulator::ScheduleNow(&ShuffleWorkload::StartJob, this, now);
    }
    else
    {
        Simulator::ScheduleNow(&ShuffleWorkload::AllDone, this);
    }
}

void
ShuffleWorkload::AllDone()
{
    m_done = true;
    if (!m_allDone.IsNull())
    {
        m_allDone();
    }
}

const std::vector<ShuffleJob>&
ShuffleWorkload::GetJobs() const
{
    return m_jobs;
}

uint32_t
ShuffleWorkload::GetNJobsStarted() const
{
    return m_jobs.size();
}

uint32_t
ShuffleWorkload::GetNJobsCompleted() const
{
    return m_completed;
}

bool
ShuffleWorkload::IsAllDone() const
{
    return m_done;
}

SampleSummary
ShuffleWorkload::GetJctSummary() const
{
    std::vector<double> jcts;
    for (const auto& j : m_jobs)
    {
        if (j.completed)
        {
            jcts.push_back(j.Jct());
        }
    }
    return SampleSummary::Of(std::move(jcts));
}

bool
ShuffleWorkload::IsJobInProgress() const
{
    return !m_jobs.empty() && !m_jobs.back().completed;
}

bool
ShuffleWorkload::IsBusy(uint32_t host) const
{
    return m_busy.count(host) > 0;
}

const std::set<uint32_t>&
ShuffleWorkload::GetBusyHosts() const
{
    return m_busy;
}

bool
ShuffleWorkload::IsOwnFlow(uint32_t id) const
{
    return m_roleOf.count(id) > 0;
}

} // namespace ns3
