/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RESPONSIVE_MONITOR_H
#define RESPONSIVE_MONITOR_H

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"
#include "ns3/sdn-server-agent.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::ResponsiveMonitor: the per-server monitor of Responsive MPTCP (seed 004 §III-D,
 * Algorithm 3).
 */

namespace ns3
{

class MpTcpSocketBase;

/**
 * \ingroup mptcp
 * \brief The monitor of Responsive MPTCP (Duan, Wang, Wu, "Responsive Multipath TCP in
 * SDN-based Datacenters", ICC 2015, §III-D, Algorithm 3) on a sending server: it measures the
 * throughput of each of the server's MPTCP flows, asks the controller for more paths when a
 * flow is stable and well below its demand, and opens the subflows the controller grants.
 *
 * A SdnServerAgent (install it with SdnControllerHelper::SetServerAgentType(
 * "ns3::ResponsiveMonitor")): its messages are the 64-byte control packets of the
 * out-of-band control network.
 *  - DEMAND from the controller (flow id, value = the flow's demand, bit/s) sets a flow's
 *    demand (Algorithm 1 sends it when the flow is new or its estimate moved by more than
 *    δ_DDT).
 *  - Every MonitorInterval t_m, for every flow with a known demand: the instantaneous
 *    throughput i_r = 8 * (data-level bytes acknowledged in the interval) / t_m, then Step():
 *    the smoothed p_r = 0.2 p_r + 0.8 i_r; if |i_r - p_r| < δ_RVT p_r the sample is stable and
 *    counted, and after StableCount (R) stable samples in a row (the count then restarts) a
 *    flow with p_r < (1 - δ_DGT) * demand sends PATH_ADD_REQUEST (flow id, value = the gap
 *    demand - p_r in bit/s, second value = its subflows now); an unstable sample resets the
 *    count. Algorithm 3 as printed stops at the first flow that is not due ("return"); the
 *    monitor goes on with the next flow, which is what the text describes.
 *  - PATH_ADD_ANSWER (flow id, value = n) opens min(n, MaxSubflows - subflows now) subflows
 *    through MpTcpSocketBase::OpenSubflows() (the connection's path manager chooses their
 *    addresses and ports; the Responsive path manager opens them on demand only).
 *
 * A flow leaves the monitor when its connection closes. Flows are added by the workload
 * (AddFlow()) with the id the controller knows them by.
 */
class ResponsiveMonitor : public SdnServerAgent
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    ResponsiveMonitor();
    ~ResponsiveMonitor() override;

    /// TracedCallback signature of the Sample trace: flow id, i_r and p_r in bit/s.
    using SampleTracedCallback = void (*)(uint64_t flowId, double instantBps, double predictedBps);

    /// Algorithm 3's state of one flow.
    struct FlowState
    {
        double predictedBps{0}; //!< p_r, the smoothed throughput, bit/s (0 before a sample).
        uint32_t stable{0};     //!< Stable samples in a row since the last reset.
    };

    /// Algorithm 3's parameters.
    struct Parameters
    {
        double deltaRvt{0.15};  //!< δ_RVT: a sample is stable if |i_r - p_r| < δ_RVT p_r.
        double deltaDgt{0.15};  //!< δ_DGT: request when p_r < (1 - δ_DGT) demand.
        uint32_t stableCount{5}; //!< R: stable samples in a row before a request.
    };

    /**
     * \brief One sample of Algorithm 3 for one flow.
     * \param state the flow's state (updated)
     * \param params the parameters
     * \param instantBps the instantaneous throughput i_r of the interval, bit/s
     * \param demandBps the flow's demand, bit/s
     * \return the demand gap demand - p_r (bit/s, > 0) when a path-adding request is due,
     *         else 0
     */
    static double Step(FlowState& state,
                       const Parameters& params,
                       double instantBps,
                       double demandBps);

    /**
     * \brief Monitor a flow this server sends (before or while it runs).
     * \param flowId the id the controller knows the flow by (its DEMAND and answers carry it)
     * \param socket the flow's MPTCP connection
     */
    void AddFlow(uint64_t flowId, Ptr<MpTcpSocketBase> socket);

    /**
     * \brief Monitor a flow whose id the controller will give: the first DEMAND whose 5-tuple
     * is the connection's first subflow (source = this host's end) binds the id.
     * \param socket the flow's MPTCP connection
     */
    void AddFlow(Ptr<MpTcpSocketBase> socket);
    /**
     * \brief The flows this host sends are monitored: AddFlow(socket).
     * \param socket the flow's MPTCP connection
     */
    void AddLocalFlow(Ptr<MpTcpSocketBase> socket) override;

    /// \return the flows monitored now
    uint32_t GetNFlows() const;
    /// \return path-adding requests sent
    uint64_t GetNRequests() const;
    /// \return subflows opened on the controller's answers
    uint64_t GetNSubflowsOpened() const;
    /// \return the parameters in use (from the attributes)
    Parameters GetParameters() const;

  protected:
    void HandleControllerMessage(const SdnServerMessage& message) override;
    void StartApplication() override;
    void StopApplication() override;
    void DoDispose() override;

  private:
    /// One monitored flow.
    struct Flow
    {
        Ptr<MpTcpSocketBase> socket; //!< Its connection.
        FlowState state;             //!< Algorithm 3's state.
        double demandBps{-1};        //!< Demand from the controller, bit/s (< 0: none yet).
        uint64_t lastBytes{0};       //!< Data-level bytes acknowledged at the last sample.
    };

    /// Sample every flow (every MonitorInterval).
    void Sample();

    Time m_interval;                  //!< t_m.
    double m_deltaDgt{0.15};          //!< δ_DGT.
    double m_deltaRvt{0.15};          //!< δ_RVT.
    uint32_t m_stableCount{5};        //!< R.
    uint32_t m_maxSubflows{4};        //!< M.
    std::map<uint64_t, Flow> m_flows; //!< Monitored flows by id.
    std::vector<Ptr<MpTcpSocketBase>> m_unbound; //!< Flows waiting for their id.
    EventId m_sample;                 //!< Next sample.
    uint64_t m_requests{0};           //!< Requests sent.
    uint64_t m_opened{0};             //!< Subflows opened.
    TracedCallback<uint64_t, double, double> m_sampleTrace; //!< (flow, i_r, p_r) per sample.
};

} // namespace ns3

#endif /* RESPONSIVE_MONITOR_H */
