/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_NDIFFPORTS_PATH_MANAGER_H
#define MPTCP_NDIFFPORTS_PATH_MANAGER_H

#include "ns3/mptcp-path-manager.h"

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The "ndiffports" path manager: NumSubflows subflows per connection (MpTcpSocketBase
 * attribute), all over the initial subflow's pair of addresses, each from a distinct source
 * port, so that per-flow ECMP hashing spreads them over the fabric's equal-cost paths (Raiciu
 * et al., "Improving datacenter performance and robustness with multipath TCP", SIGCOMM 2011,
 * §2; Linux's ndiffports). The last BackupSubflows of them ask to be backups (MP_JOIN B flag,
 * RFC 8684 §3.2). Both ends open them once the peer's first DATA_ACK arrives. On demand
 * (OpenSubflows) it opens any number more over the same pair.
 */
class MpTcpNdiffportsPathManager : public MpTcpPathManager
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::string GetName() const override;
    Ptr<MpTcpPathManager> Fork() const override;
    void FullyEstablished(MpTcpSocketBase& conn) override;
};

} // namespace ns3

#endif /* MPTCP_NDIFFPORTS_PATH_MANAGER_H */
