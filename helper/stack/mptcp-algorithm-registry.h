/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_ALGORITHM_REGISTRY_H
#define MPTCP_ALGORITHM_REGISTRY_H

#include "ns3/type-id.h"

#include <string>
#include <vector>

/**
 * \file
 * \ingroup mptcp
 * The names a program accepts for MPTCP's pluggable algorithms: ns3::MpTcpCongestionControlRegistry
 * (``--cc``) and ns3::MpTcpSchedulerRegistry (``--scheduler``).
 */

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief Short names of the congestion controls of MPTCP subflows (the TypeIdValue of
 * ns3::MpTcpSocketBase::CongestionControl), for a program's ``--cc``.
 *
 * Built in, in this order: ``lia`` (MpTcpLia, RFC 6356), ``olia`` (MpTcpOlia, Khalili et al.
 * 2012), ``balia`` (MpTcpBalia, Peng et al. 2016), ``ewtcp`` (MpTcpEwtcp), ``coupled``
 * (MpTcpFullyCoupled), ``semicoupled`` (MpTcpSemiCoupled), ``xmp`` (MpTcpXmp, Cao et al.
 * 2013; ECN, the switches mark with a program's ``--ecnThreshold``) and ``uncoupled``
 * (TcpNewReno on every subflow). Any other registered TypeId derived from ns3::MpTcpCoupledCongestionOps
 * (e.g. one defined in a user's program with NS_OBJECT_ENSURE_REGISTERED) is found by TypeId
 * enumeration and named by its TypeId name without "ns3::" and "MpTcp", in lower case
 * ("ns3::MpTcpWVegas": ``wvegas``), after the built-ins; Add() names one explicitly.
 */
class MpTcpCongestionControlRegistry
{
  public:
    /// One congestion control.
    struct Entry
    {
        std::string name;        //!< Short name, e.g. "lia".
        TypeId tid;              //!< Its TypeId.
        std::string description; //!< One line for a program's help (may be empty).
    };

    /**
     * \brief Name a congestion control (replaces an entry of the same name).
     * \param name short name
     * \param tid a TypeId derived from TcpCongestionOps
     * \param description one line for a program's help
     */
    static void Add(const std::string& name, TypeId tid, const std::string& description);
    /// \return every congestion control: the named ones in order, then the discovered ones
    static std::vector<Entry> GetEntries();
    /**
     * \param name a short name
     * \param tid set to its TypeId if found
     * \return whether \p name names a congestion control
     */
    static bool Lookup(const std::string& name, TypeId* tid);
    /// \return "lia, olia, ... or uncoupled", for a validation message
    static std::string ListNames();
    /// \return "lia | ... | coupled (fully coupled) | ...", for a program's help
    static std::string Describe();

  private:
    /// \return the explicitly named entries, built-ins first
    static std::vector<Entry>& Named();
};

/**
 * \ingroup mptcp
 * \brief Short names of the MPTCP schedulers (the TypeIdValue of
 * ns3::MpTcpSocketBase::Scheduler), for a program's ``--scheduler``: every registered TypeId
 * derived from ns3::MpTcpScheduler that has a constructor, found by TypeId enumeration, so
 * that a scheduler defined in a user's program is listed and accepted with no other step.
 * "ns3::MpTcp<X>Scheduler" is named ``X`` (``LowestRtt``, ``RoundRobin``,
 * ``StrictRoundRobin``), any other by its full TypeId name.
 */
class MpTcpSchedulerRegistry
{
  public:
    /// \return the schedulers' short names, sorted
    static std::vector<std::string> GetNames();
    /**
     * \param name a short name ("LowestRtt") or a full TypeId name
     * \param tid set to the scheduler's TypeId if found
     * \return whether \p name names a scheduler
     */
    static bool Lookup(const std::string& name, TypeId* tid);
    /// \return "LowestRtt, RoundRobin or StrictRoundRobin", for a validation message
    static std::string ListNames();
};

} // namespace ns3

#endif /* MPTCP_ALGORITHM_REGISTRY_H */
