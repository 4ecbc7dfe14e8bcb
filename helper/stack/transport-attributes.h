/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TRANSPORT_ATTRIBUTES_H
#define TRANSPORT_ATTRIBUTES_H

#include "ns3/attribute.h"
#include "ns3/node-container.h"
#include "ns3/ptr.h"
#include "ns3/type-id.h"

#include <string>
#include <vector>

namespace ns3
{

class Node;
class TransportSocketFactory;

/**
 * \ingroup mptcp
 * \brief The transport parameters of one simulation, set on the nodes it builds: on each
 * node's socket factories (TransportSocketFactory: the sockets, and the subflows of multipath
 * ones) and on its TcpL4Protocol, not as process-wide attribute defaults. Two simulations in
 * one process (a user's program, a test runner) thus never configure each other.
 *
 * The values are kept in the order given and applied by Install(), later ones over earlier
 * ones. Nodes installed with MpTcpStackHelper carry the module's five factories
 * (ns3::MpTcpSocketFactory, ns3::PacketScatterSocketFactory, ns3::MmpTcpSocketFactory,
 * ns3::TcpSmallQueuesSocketFactory, ns3::TcpSocketBaseFactory), and a user's own
 * TransportSocketFactory subclass is found too.
 */
class TransportAttributes
{
  public:
    /**
     * \brief An attribute of TCP on every TCP socket and every subflow, e.g. "SegmentSize"
     * (bytes), "MinRto", "ConnTimeout", or "SmallQueues" (ns3::TcpSmallQueuesSocket, set where
     * the TCP class has it).
     * \param name the attribute name
     * \param value its value
     */
    void SetTcp(const std::string& name, const AttributeValue& value);
    /**
     * \brief An attribute of every multipath socket (ns3::MpTcpSocketBase and its subclasses
     * ns3::PacketScatterSocket, ns3::MmpTcpSocket), e.g. "CongestionControl", "PathManager".
     * \param name the attribute name
     * \param value its value
     */
    void SetMultipath(const std::string& name, const AttributeValue& value);
    /**
     * \brief An attribute of the sockets of one factory class.
     * \param factory the factory's TypeId name, e.g. "ns3::MmpTcpSocketFactory"
     * \param name the attribute name, e.g. "SwitchThreshold"
     * \param value its value
     * NS_FATAL_ERROR if \p factory names no TransportSocketFactory.
     */
    void SetSocket(const std::string& factory,
                   const std::string& name,
                   const AttributeValue& value);
    /**
     * \brief An attribute of each node's TcpL4Protocol, e.g. "SocketType" (the congestion
     * control of single-path sockets).
     * \param name the attribute name
     * \param value its value
     */
    void SetL4(const std::string& name, const AttributeValue& value);
    /**
     * \brief Set the attributes on each node's factories and TcpL4Protocol; the sockets the
     * node creates from then on have them.
     * \param nodes the nodes (nodes without TCP are skipped)
     * Factories a node lacks are skipped (e.g. the multipath ones on ns-3's plain stack).
     * NS_FATAL_ERROR naming the attribute if a factory's socket class (or the TcpL4Protocol)
     * lacks it, if none of a node's TCP socket classes has a SetTcp() attribute, or if a
     * value is invalid.
     */
    void Install(const NodeContainer& nodes) const;
    /// \return the number of attribute values set
    size_t GetN() const;

  private:
    /// What one value is set on
    enum Target
    {
        TCP,       //!< TCP sockets and subflows
        MULTIPATH, //!< multipath sockets
        SOCKET,    //!< one factory's sockets
        L4         //!< the TcpL4Protocol
    };

    /// One attribute value
    struct Entry
    {
        Target target;                //!< what it is set on
        std::string factory;          //!< SOCKET: the factory's TypeId name
        std::string name;             //!< the attribute name
        Ptr<AttributeValue> value;    //!< its value
    };

    /**
     * \param node the node
     * \param factories its TransportSocketFactory objects
     * \param e the value to set there
     */
    static void Apply(Ptr<Node> node,
                      const std::vector<Ptr<TransportSocketFactory>>& factories,
                      const Entry& e);

    std::vector<Entry> m_entries; //!< in the order given
};

} // namespace ns3

#endif /* TRANSPORT_ATTRIBUTES_H */
