/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Plumbing shared by the example programs: one-line rejection of an invalid option, JSON
 * string escaping, the transport defaults of the two-host examples.
 */
#ifndef MPTCP_EXAMPLE_COMMON_H
#define MPTCP_EXAMPLE_COMMON_H

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/program-text.h"

#include <cstdlib>
#include <iostream>
#include <string>

namespace mptcp_example
{

/**
 * Print one line naming the bad option and exit with status 2, before anything is written.
 * \param program the program's name
 * \param option the option, without "--"
 * \param value its value as given
 * \param why what a valid value is
 */
[[noreturn]] inline void
FailOption(const char* program,
           const std::string& option,
           const std::string& value,
           const std::string& why)
{
    std::cerr << program << ": invalid --" << option << "=" << value << ": " << why << std::endl;
    std::exit(2);
}

/**
 * Parse an ns-3 time without ns-3's abort on a malformed one (ns3::ProgramText::ParseTime).
 * \param text the option's value
 * \param out set to the time if \p text is one
 * \return false if \p text is not such a time
 */
inline bool
ParseTime(const std::string& text, ns3::TimeValue* out)
{
    ns3::Time t;
    if (!ns3::ProgramText::ParseTime(text, &t))
    {
        return false;
    }
    *out = ns3::TimeValue(t);
    return true;
}

/**
 * \param s a string
 * \return \p s as a quoted JSON string (ns3::ProgramText::Json)
 */
inline std::string
Json(const std::string& s)
{
    return ns3::ProgramText::Json(s);
}

/**
 * Transport defaults of the two-host examples: NewReno subflows, \p mss-byte segments,
 * \p subflows ndiffports subflows, \p buffer-byte socket buffers (TCP and connection level).
 * \param mss TCP segment size, bytes
 * \param subflows MPTCP subflows per connection
 * \param buffer send and receive buffers, bytes
 */
inline void
ConfigureTwoHostTransport(uint32_t mss, uint32_t subflows, uint32_t buffer)
{
    using namespace ns3;
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpNewReno::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mss));
    Config::SetDefault("ns3::MpTcpSocketBase::NumSubflows", UintegerValue(subflows));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::MpTcpSocketBase::SndBufSize", UintegerValue(buffer));
    Config::SetDefault("ns3::MpTcpSocketBase::RcvBufSize", UintegerValue(buffer));
}

} // namespace mptcp_example

#endif // MPTCP_EXAMPLE_COMMON_H
