/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RESPONSIVE_DEMAND_TABLE_H
#define RESPONSIVE_DEMAND_TABLE_H

#include <cstdint>
#include <map>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * ns3::ResponsiveDemandTable: the demand table of the Responsive-MPTCP controller (seed 004
 * §III-B, Algorithm 1).
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The Responsive-MPTCP controller's demand table and Algorithm 1 (Duan, Wang, Wu,
 * "Responsive Multipath TCP in SDN-based Datacenters", ICC 2015, §III-B): the MPTCP flows
 * between hosts, their demands from Hedera's demand estimation (HederaDemandEstimator: the
 * max-min fair rates if only the hosts' NICs limited them), and which demands must be sent to
 * the senders' monitors when a flow starts (Packet-In of its first subflow) or ends
 * (Flow-Removed).
 *
 * Algorithm 1: keep the old demands; add or remove the flow; estimate every flow's demand
 * anew; send a flow's demand when the flow is new, or when it moved by more than δ_DDT of its
 * old value (|d - d_old| > δ_DDT d_old). Demands are in bit/s: the estimator's fraction of
 * the NIC rate times the NIC rate.
 */
class ResponsiveDemandTable
{
  public:
    /// A demand to send: (flow id, demand in bit/s).
    using Dispatch = std::vector<std::pair<uint64_t, double>>;

    /**
     * \param nicRateBps the hosts' NIC rate, bit/s (> 0)
     * \param deltaDdt δ_DDT, the relative change that is sent (seed 004: 0.15; >= 0)
     */
    ResponsiveDemandTable(double nicRateBps, double deltaDdt);

    /**
     * \brief A new flow (Algorithm 1 with f_n). Aborts if the id is in the table.
     * \param flow the flow's id
     * \param source its source host index
     * \param destination its destination host index
     * \return the demands to send, in flow id order: the new flow's, and every other flow's
     *         that moved by more than δ_DDT
     */
    Dispatch AddFlow(uint64_t flow, uint32_t source, uint32_t destination);

    /**
     * \brief A flow ended (Algorithm 1 with f_e). Unknown ids are ignored (nothing to send).
     * \param flow the flow's id
     * \return the demands to send: the flows whose demand moved by more than δ_DDT
     */
    Dispatch RemoveFlow(uint64_t flow);

    /**
     * \param flow a flow's id
     * \return its demand, bit/s (-1 if it is not in the table)
     */
    double GetDemand(uint64_t flow) const;

    /// \return the flows in the table
    uint32_t GetNFlows() const;

  private:
    /// A flow of the table.
    struct Entry
    {
        uint32_t source{0};      //!< Source host.
        uint32_t destination{0}; //!< Destination host.
        double demandBps{0};     //!< Current demand, bit/s.
    };

    /**
     * \brief Estimate every demand anew.
     * \param added the new flow's id (nullptr: none)
     * \return the new flow's demand and those that moved by more than δ_DDT
     */
    Dispatch Reestimate(const uint64_t* added);

    double m_nicRateBps;              //!< NIC rate, bit/s.
    double m_deltaDdt;                //!< δ_DDT.
    std::map<uint64_t, Entry> m_flows; //!< The demand table, by flow id.
};

} // namespace ns3

#endif /* RESPONSIVE_DEMAND_TABLE_H */
