/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup mptcp
 * libFuzzer target "option": one MPTCP option (kind 30) as the receiver parses it
 * (ParseMpTcpOption), checked against RFC 8684's lengths and reserved bits and round-tripped.
 * The checks are ns3::mptcpfuzz::CheckOption() (test/mptcp-fuzz-targets.h);
 * tools/fuzz.sh builds and runs this target, fuzz/README.md describes its input and seed
 * corpus (fuzz/corpus/option/).
 */

#include "fuzz-entry.h"

/**
 * \brief libFuzzer's entry point: one input of target "option".
 * \param data the input
 * \param size its size
 * \return 0; aborts if ns3::mptcpfuzz::CheckOption() reports a violated property
 */
extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return mptcp_fuzz_entry::Run("option", &ns3::mptcpfuzz::CheckOption, data, size);
}
