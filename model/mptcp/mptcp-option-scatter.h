/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_OPTION_SCATTER_H
#define MPTCP_OPTION_SCATTER_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief MP_SCATTER: this model's option for host-side packet scatter (MMPTCP thesis §3.5,
 * §4.7), not part of RFC 8684. It is carried in the private-use subtype 0xf (MP_EXPERIMENTAL,
 * RFC 8684 §7.2), so the RFC codec (mptcp-option.h) only registers it for parsing and
 * serialization; its layout and meaning live here, with the extension
 * (MpTcpPacketScatterSocket, MmpTcpSocket, and the scatter path of MpTcpL4Protocol).
 *
 * A segment whose source port was randomised carries the receiver's token, so the receiver
 * can find its connection although the 4-tuple matches no endpoint. On the initial SYN (token
 * 0) it tells the receiver that the sender will scatter. Length 8: Kind (30), Length (8),
 * Subtype (0xf) | (reserved), (reserved), Receiver's Token (4 octets, big-endian); reserved
 * bits are sent as zero.
 */
struct MpScatterOption
{
    uint32_t receiverToken{0}; //!< token of the receiver's connection (0 on the SYN)

    /// The option's length, octets
    static constexpr uint8_t LENGTH = 8;

    /**
     * \brief Append the option's bytes (Kind, Length, Subtype, ... ) to \p out.
     * \param out the option bytes being built
     */
    void Serialize(std::vector<uint8_t>& out) const;
    /**
     * \brief Decode the option from its bytes (Kind first).
     * \param d the option's bytes
     * \param len their number
     * \param out the decoded option
     * \return false if \p len is not LENGTH
     */
    static bool Deserialize(const uint8_t* d, uint8_t len, MpScatterOption& out);
};

/**
 * \param a first option
 * \param b second option
 * \return true if they carry the same token
 */
bool operator==(const MpScatterOption& a, const MpScatterOption& b);
/**
 * \param a first option
 * \param b second option
 * \return true if they carry different tokens
 */
bool operator!=(const MpScatterOption& a, const MpScatterOption& b);

} // namespace ns3

#endif /* MPTCP_OPTION_SCATTER_H */
