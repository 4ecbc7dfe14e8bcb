/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef SUBFLOW_TRACER_H
#define SUBFLOW_TRACER_H

#include "ns3/nstime.h"
#include "ns3/packet-sink.h"
#include "ns3/ptr.h"

#include <fstream>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{

class MpTcpSocketBase;
class Node;

/**
 * \ingroup mptcp
 * \brief Samples the state of long MPTCP flows and of each of their subflows at a fixed
 * interval into a CSV file, and the path of every subflow into a second one: the evidence of
 * doc/reproduction.rst, "Where MPTCP-8's missing points go" (mptcp-fattree --subflowTrace).
 *
 * Sample file (PATH), one row per subflow per sample (one row with empty subflow columns for a
 * flow without an MPTCP sender on this rank, e.g. single-path TCP):
 *
 * | column | unit | what |
 * |---|---|---|
 * | t_s | s | sample time |
 * | flow | | the flow's id (flows.flow_id) |
 * | rx_bytes | bytes | received by the flow's sink so far |
 * | unsent, outstanding | bytes | connection: not yet given to a subflow; given and not DATA_ACKed |
 * | peer_window | bytes | the receive window the subflow last saw (connection level) |
 * | rx_ooo | bytes | receiver: connection-level out-of-order bytes |
 * | subflow | | subflow id |
 * | cwnd, ssthresh, in_flight, sf_unsent | bytes | the subflow's window, threshold, bytes in flight (SACK-aware), bytes queued unsent |
 * | ca_state | | ns-3 TcpCongState_t: 0 open, 1 disorder, 2 CWR, 3 recovery, 4 loss (RTO) |
 * | srtt_us, rto_us | us | smoothed RTT, retransmission timeout |
 * | sent_bytes | bytes | payload sent (retransmissions included) |
 * | host_queued | bytes | its data in its own host (TCP Small Queues) |
 * | tsq_throttles | | times TCP Small Queues held it back |
 *
 * Path file (PATH.paths), written once at the first sample: flow, subflow, direction (0 data,
 * 1 ACKs), the node ids the 5-tuple's packets visit (Ipv4FlowEcmpRoutingHelper::TracePath).
 */
class SubflowTracer
{
  public:
    /// One traced flow.
    struct Flow
    {
        uint32_t id{0};                                //!< flow id
        std::function<Ptr<MpTcpSocketBase>()> sender;  //!< its MPTCP sender (nullptr: none)
        Ptr<PacketSink> sink;                          //!< its receiver (nullptr: other rank)
        Ptr<Node> receiver;                            //!< the receiving host
    };

    /**
     * \param path the sample file (the paths go to path + ".paths")
     * \param interval sampling interval (> 0)
     */
    SubflowTracer(std::string path, Time interval);
    ~SubflowTracer();

    /**
     * \brief Open both files and write their headers.
     * \param why filled with the reason on failure
     * \return false if a file cannot be written
     */
    bool Open(std::string* why);
    /// \param flow a flow to trace
    void Add(Flow flow);
    /// \param at first sample, absolute simulation time
    void Start(Time at);
    /// \return samples taken
    uint64_t GetSamples() const;

  private:
    /// Take one sample of every flow and schedule the next.
    void Sample();
    /// Write the paths of every subflow.
    void WritePaths();

    std::string m_path;        //!< sample file
    Time m_interval;           //!< sampling interval
    std::ofstream m_out;       //!< sample file
    std::ofstream m_paths;     //!< path file
    std::vector<Flow> m_flows; //!< traced flows
    bool m_pathsWritten{false}; //!< WritePaths() ran
    uint64_t m_samples{0};     //!< samples taken
};

} // namespace ns3

#endif /* SUBFLOW_TRACER_H */
