/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_FUZZ_ENTRY_H
#define MPTCP_FUZZ_ENTRY_H

#include "../test/mptcp-fuzz-targets.h"

#include <cstdio>
#include <cstdlib>

/**
 * \file
 * \ingroup mptcp
 * What every libFuzzer entry point of fuzz/ does with its target's check
 * (test/mptcp-fuzz-targets.h): a violated property is printed and the process aborts, which
 * libFuzzer reports as a crash and saves the input for (tools/fuzz.sh prints its path and the
 * minimised reproducer).
 */

namespace mptcp_fuzz_entry
{

/**
 * \brief Run one check on one input; abort if it fails.
 * \param target the target's name, for the report
 * \param check the target's check
 * \param data the input
 * \param size its size
 * \return 0 (libFuzzer's "keep going")
 */
inline int
Run(const char* target, ns3::mptcpfuzz::CheckFunction check, const uint8_t* data, size_t size)
{
    const std::string failure = check(data, size);
    if (!failure.empty())
    {
        std::fprintf(stderr,
                     "==mptcp-fuzz== target %s: %s\n==mptcp-fuzz== input (%zu bytes): %s\n",
                     target,
                     failure.c_str(),
                     size,
                     ns3::mptcpfuzz::Hex(data, std::min<size_t>(size, 256)).c_str());
        std::abort();
    }
    return 0;
}

} // namespace mptcp_fuzz_entry

#endif /* MPTCP_FUZZ_ENTRY_H */
