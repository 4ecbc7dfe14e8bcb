/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-option-scatter.h"

#include "ns3/mptcp-option.h"

namespace ns3
{

void
MpScatterOption::Serialize(std::vector<uint8_t>& out) const
{
    out.push_back(MPTCP_OPTION_KIND);
    out.push_back(LENGTH);
    out.push_back(static_cast<uint8_t>(MpTcpSubtype::MP_EXPERIMENTAL) << 4);
    out.push_back(0);
    for (int shift = 24; shift >= 0; shift -= 8)
    {
        out.push_back((receiverToken >> shift) & 0xff);
    }
}

bool
MpScatterOption::Deserialize(const uint8_t* d, uint8_t len, MpScatterOption& out)
{
    if (len != LENGTH)
    {
        return false;
    }
    out.receiverToken = (uint32_t(d[4]) << 24) | (uint32_t(d[5]) << 16) |
                        (uint32_t(d[6]) << 8) | uint32_t(d[7]);
    return true;
}

bool
operator==(const MpScatterOption& a, const MpScatterOption& b)
{
    return a.receiverToken == b.receiverToken;
}

bool
operator!=(const MpScatterOption& a, const MpScatterOption& b)
{
    return !(a == b);
}

} // namespace ns3
