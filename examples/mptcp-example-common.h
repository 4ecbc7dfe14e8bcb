/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Command-line plumbing shared by the example programs: one-line rejection of an invalid
 * option, JSON string escaping.
 */
#ifndef MPTCP_EXAMPLE_COMMON_H
#define MPTCP_EXAMPLE_COMMON_H

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
 * \param s a string
 * \return \p s as a quoted JSON string
 */
inline std::string
Json(const std::string& s)
{
    std::string out = "\"";
    for (char c : s)
    {
        if (c == '"' || c == '\\')
        {
            out += '\\';
        }
        out += c;
    }
    return out + "\"";
}

} // namespace mptcp_example

#endif // MPTCP_EXAMPLE_COMMON_H
