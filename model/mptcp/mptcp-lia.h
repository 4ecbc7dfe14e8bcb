/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_LIA_H
#define MPTCP_LIA_H

#include "ns3/mptcp-coupled-congestion-ops.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Linked Increases Algorithm, the coupled congestion control of RFC 6356 (the MPTCP
 * algorithm of Raiciu et al., SIGCOMM 2011).
 *
 * One instance per subflow, coupled through the connection (MpTcpCoupledCongestionOps) that
 * reports every subflow's window and RTT. Slow start and the reaction to loss are TCP
 * NewReno's. In
 * congestion avoidance, each ACK of new data on subflow i grows its window by
 *
 *     min(alpha * MSS_i^2 / cwnd_total, MSS_i^2 / cwnd_i)   bytes, with
 *     alpha = cwnd_total * max_k(cwnd_k / rtt_k^2) / (sum_k cwnd_k / rtt_k)^2
 *
 * (RFC 6356 §3 with bytes_acked = MSS_i: like ns-3's TcpNewReno, the increase is applied once
 * per ACK that acknowledges new data, so that LIA and TCP compete on equal terms). Windows in
 * bytes, RTTs in seconds (smoothed). Fractions of a byte are carried over between ACKs. With
 * one subflow alpha = 1 and the increase is NewReno's MSS^2 / cwnd.
 */
class MpTcpLia : public MpTcpCoupledCongestionOps
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    MpTcpLia();
    /**
     * \brief Copy constructor.
     * \param sock the object to copy
     */
    MpTcpLia(const MpTcpLia& sock);
    ~MpTcpLia() override;

    std::string GetName() const override;
    Ptr<TcpCongestionOps> Fork() override;

    /**
     * \brief RFC 6356 alpha for a set of subflows.
     * \param windows (cwnd in bytes, rtt in seconds) of each subflow; RTTs must be > 0
     * \return alpha (dimensionless); 1 for an empty set
     */
    static double ComputeAlpha(const std::vector<std::pair<double, double>>& windows);

    /**
     * \brief Congestion-avoidance increase for one ACK (RFC 6356 §3, bytes_acked = MSS).
     * \param alpha the coupling factor
     * \param cwndTotal sum of the subflows' windows, bytes
     * \param cwnd this subflow's window, bytes
     * \param mss this subflow's segment size, bytes
     * \return increase, bytes (fractional)
     */
    static double ComputeIncrease(double alpha, double cwndTotal, double cwnd, double mss);

    /**
     * \brief RFC 6356 §3 increase of this subflow for one ACK.
     * \param tcb this subflow's socket state
     * \param subflows the coupled subflows
     * \param self index of this subflow
     * \return ComputeIncrease(ComputeAlpha(...), cwnd_total, cwnd_i, MSS_i), bytes
     */
    double GetAckIncrease(Ptr<const TcpSocketState> tcb,
                          const std::vector<SubflowState>& subflows,
                          std::size_t self) override;
};

} // namespace ns3

#endif /* MPTCP_LIA_H */
