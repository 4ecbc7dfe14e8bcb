/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SDN_SERVER_AGENT_H
#define SDN_SERVER_AGENT_H

#include "ns3/application.h"
#include "ns3/callback.h"
#include "ns3/ipv4-address.h"
#include "ns3/sdn-server-message.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <cstdint>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief A server's end of the SDN controller's out-of-band control network: an Application
 * on a host with a UDP socket on the host's control address and the controller's well-known
 * port (SdnController's ServerPort attribute). SdnControllerHelper::InstallControlNetwork()
 * installs one on every host; the Responsive-MPTCP monitor (seed 004 §IV) is meant to be a
 * subclass that overrides HandleControllerMessage() and calls SendToController().
 *
 * Every message is one SdnServerMessage, the whole 64-byte payload of a UDP datagram. A
 * datagram that is not a message (another size, wrong magic or version) is counted
 * (GetNMalformed()) and dropped. The socket is open from SetControlChannel() on; messages that
 * arrive while the application is not running (before its start, after its stop) are counted
 * as received but not handled.
 */
class MpTcpSocketBase;

class SdnServerAgent : public Application
{
  public:
    /// Callback of a message from the controller: the agent and the message.
    using ReceiveCallback = Callback<void, Ptr<SdnServerAgent>, const SdnServerMessage&>;
    /// TracedCallback signature of the Tx and Rx traces.
    using MessageTracedCallback = void (*)(const SdnServerMessage& message);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    SdnServerAgent();
    ~SdnServerAgent() override;

    /**
     * \brief Set the channel up (SdnControllerHelper::InstallControlNetwork() calls it): open
     * and bind the UDP socket to (localAddress, port). Once only; the node must have IPv4.
     * \param hostIndex this host's index in the fabric (DatacenterFabric::GetHost())
     * \param localAddress the host's address on the control network
     * \param controllerAddress the controller's address on this host's control link
     * \param port the controller's and the agents' UDP port
     */
    void SetControlChannel(uint32_t hostIndex,
                           Ipv4Address localAddress,
                           Ipv4Address controllerAddress,
                           uint16_t port);
    /// \return this host's index (SdnServerMessage::kNoHost before SetControlChannel())
    uint32_t GetHostIndex() const;
    /// \return the host's address on the control network
    Ipv4Address GetLocalAddress() const;
    /// \return the controller's address on this host's control link
    Ipv4Address GetControllerAddress() const;
    /// \return the UDP port of the channel
    uint16_t GetPort() const;

    /**
     * \brief Send a message to the controller now (one 64-byte UDP datagram). Its host index
     * field is set to this host's.
     * \param message the message
     * \return whether the socket took it
     */
    bool SendToController(SdnServerMessage message);
    /**
     * \brief Set the callback that the default HandleControllerMessage() calls.
     * \param cb the callback (null: none)
     */
    void SetReceiveCallback(ReceiveCallback cb);
    /**
     * \brief A flow this host sends, for agents that follow their host's flows (the
     * controller's helper hands each flow over once its connection exists:
     * DatacenterControllerOptions::FollowFlows()). Default: ignored; ResponsiveMonitor monitors
     * it (ResponsiveMonitor::AddFlow()).
     * \param socket the flow's MPTCP connection
     */
    virtual void AddLocalFlow(Ptr<MpTcpSocketBase> socket);

    /// \return messages sent to the controller
    uint64_t GetNSent() const;
    /// \return messages received from the controller (handled or not)
    uint64_t GetNReceived() const;
    /// \return datagrams received that were not messages (dropped)
    uint64_t GetNMalformed() const;

  protected:
    /**
     * \brief A message from the controller, while the application runs. Default: call the
     * ReceiveCallback, if set.
     * \param message the message
     */
    virtual void HandleControllerMessage(const SdnServerMessage& message);
    void StartApplication() override;
    void StopApplication() override;
    void DoDispose() override;

    /// \return whether the application runs (between start and stop)
    bool IsRunning() const;

  private:
    /// Read the socket.
    void HandleRead(Ptr<Socket> socket);

    Ptr<Socket> m_socket;                    //!< UDP socket on the control address.
    uint32_t m_host{SdnServerMessage::kNoHost}; //!< This host's index.
    Ipv4Address m_local;                     //!< Control address of the host.
    Ipv4Address m_controller;                //!< Controller's address on the link.
    uint16_t m_port{0};                      //!< UDP port.
    bool m_running{false};                   //!< Between start and stop.
    ReceiveCallback m_receive;               //!< Callback of the default handler.
    uint64_t m_sent{0};                      //!< Messages sent.
    uint64_t m_received{0};                  //!< Messages received.
    uint64_t m_malformed{0};                 //!< Datagrams dropped as malformed.
    TracedCallback<const SdnServerMessage&> m_txTrace; //!< Messages sent.
    TracedCallback<const SdnServerMessage&> m_rxTrace; //!< Messages received.
};

} // namespace ns3

#endif /* SDN_SERVER_AGENT_H */
