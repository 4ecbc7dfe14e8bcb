/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_SCHEDULER_H
#define MPTCP_SCHEDULER_H

#include "ns3/object.h"
#include "ns3/ptr.h"

#include <string>
#include <vector>

namespace ns3
{

class MpTcpSocketBase;
class MpTcpSubflow;

/**
 * \ingroup mptcp
 * \brief The packet scheduler of an MPTCP connection: which subflow carries the next data
 * (RFC 8684 §3.3.8 leaves the choice to the implementation; Linux net/mptcp/sched.c).
 *
 * One object per connection, chosen by the MpTcpSocketBase attribute "Scheduler" (a TypeId,
 * like TcpL4Protocol's "SocketType" for congestion control) and copied with Fork() when a
 * listening connection accepts another. The connection calls SendPending() whenever data or
 * a reinjection waits and a subflow may have room (the application wrote, a DATA_ACK or
 * subflow ACK freed space, a subflow was established); the scheduler hands the data out with
 * the connection's scheduling interface: MpTcpSocketBase::HasDataToSchedule(), GetSubflows(),
 * MaySchedule(), IsSubflowRetired() and PushData(), which maps data onto one subflow (DSS) and
 * queues it there, reinjections first. A scheduler keeps whatever per-connection state it
 * needs (a round-robin turn, for example).
 *
 * To add one: subclass, implement GetName(), SendPending() and Fork(), register a TypeId with
 * AddConstructor, and select it with Config::SetDefault("ns3::MpTcpSocketBase::Scheduler",
 * TypeIdValue(MyScheduler::GetTypeId())) (test/mptcp-scheduler-test-suite.cc defines one).
 */
class MpTcpScheduler : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return the scheduler's name, as --scheduler of mptcp-fattree spells it
    virtual std::string GetName() const = 0;

    /**
     * \brief Hand the connection's pending data (new data and reinjections) to its subflows,
     * as much as they can take now. Called only while the connection is established and has
     * data to schedule.
     * \param conn the connection
     */
    virtual void SendPending(MpTcpSocketBase& conn) = 0;

    /**
     * \brief A subflow's send buffer drained: it can take more. Default: give it data
     * (PushData) if the connection may schedule it.
     * \param conn the connection, established with data to schedule
     * \param subflow the subflow
     */
    virtual void SubflowHasSpace(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> subflow);

    /**
     * \brief A subflow asks for data because its congestion window opened
     * (MpTcpSocketBase::PullData). Default: give it data (PushData).
     * \param conn the connection, established with data to schedule
     * \param subflow the subflow
     * \return true if data was queued on \p subflow
     */
    virtual bool SubflowPulls(MpTcpSocketBase& conn, Ptr<MpTcpSubflow> subflow);

    /// \return a copy of this scheduler, with its state, for a new connection
    virtual Ptr<MpTcpScheduler> Fork() const = 0;

  protected:
    /**
     * \param conn a connection
     * \return its subflows the connection may give data to (MaySchedule), in creation order
     */
    static std::vector<Ptr<MpTcpSubflow>> SchedulableSubflows(const MpTcpSocketBase& conn);
};

} // namespace ns3

#endif /* MPTCP_SCHEDULER_H */
