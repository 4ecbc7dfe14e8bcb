/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef TRANSPORT_SOCKET_FACTORY_H
#define TRANSPORT_SOCKET_FACTORY_H

#include "ns3/object-factory.h"
#include "ns3/socket-factory.h"

#include <string>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief A socket factory that sets attributes on every socket it creates: the transport
 * parameters of one node (or one experiment), instead of process-wide attribute defaults
 * (Config::SetDefault), so that two simulations in one process do not configure each other.
 *
 * Two kinds of attribute: the socket's own (SetSocketAttribute(): e.g.
 * ns3::MpTcpSocketBase::CongestionControl on an MPTCP socket) and TCP's (SetTcpAttribute():
 * e.g. ns3::TcpSocket::SegmentSize, in bytes), which a single-path factory sets on its socket
 * and a multipath one on every subflow of its connections (MpTcpSocketBase::
 * SetSubflowFactory()), as a socket option on a Linux MPTCP socket reaches its subflows.
 * Attributes not set keep their defaults. Subclasses: one per socket class (MpTcpSocketFactory,
 * PacketScatterSocketFactory, MmpTcpSocketFactory, TcpSmallQueuesSocketFactory,
 * TcpSocketBaseFactory); MpTcpStackHelper aggregates them to each node.
 */
class TransportSocketFactory : public SocketFactory
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * \brief Set an attribute of every socket this factory creates from now on.
     * \param name the attribute name, as the socket's TypeId (or a parent) declares it
     * \param value its value
     * NS_FATAL_ERROR if the socket class has no such attribute or the value is invalid.
     */
    void SetSocketAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \brief Set an attribute of TCP on every socket (single path) or every subflow
     * (multipath) this factory creates from now on.
     * \param name the attribute name, e.g. "SegmentSize", "MinRto", "ConnTimeout"
     * \param value its value
     * NS_FATAL_ERROR if the TCP socket class (GetTcpTypeId()) has no such attribute.
     */
    void SetTcpAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \brief As SetTcpAttribute(), but nothing happens if the TCP socket class has no such
     * attribute (e.g. ns3::TcpSmallQueuesSocket::SmallQueues on ns-3's TcpSocketBase).
     * \param name the attribute name
     * \param value its value
     * \return true if the attribute exists and was set
     */
    bool SetTcpAttributeFailSafe(const std::string& name, const AttributeValue& value);
    /// \return the class of the sockets this factory creates
    TypeId GetSocketTypeId() const;
    /// \return the class of the TCP sockets: the socket's own, or that of its subflows
    TypeId GetTcpTypeId() const;
    /// \return true if the sockets are connections of subflows (MpTcpSocketBase)
    bool IsMultipath() const;

  protected:
    /**
     * \brief Set the classes created; a subclass calls it from its constructor.
     * \param socketType the socket class
     * \param subflowType the subflow class (multipath), or TypeId() (single path)
     */
    void SetTypes(TypeId socketType, TypeId subflowType);
    /**
     * \brief Create a socket with the attributes set so far, not yet on a node.
     * \return the socket; a multipath one has its subflow factory set
     */
    Ptr<Socket> CreateConfiguredSocket() const;

  private:
    ObjectFactory m_socket;  //!< the sockets, with their attributes
    ObjectFactory m_subflow; //!< the subflows (multipath), with TCP's attributes
    bool m_multipath{false}; //!< subflows exist
};

} // namespace ns3

#endif /* TRANSPORT_SOCKET_FACTORY_H */
