/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup mptcp
 * libFuzzer target "dss-checksum": the DSS checksum path of a received segment (a DSS or
 * MP_CAPABLE mapping with its payload) against an independent RFC 1071 sum.
 * The checks are ns3::mptcpfuzz::CheckDssChecksum() (test/mptcp-fuzz-targets.h);
 * tools/fuzz.sh builds and runs this target, fuzz/README.md describes its input and seed
 * corpus (fuzz/corpus/dss-checksum/).
 */

#include "fuzz-entry.h"

/**
 * \brief libFuzzer's entry point: one input of target "dss-checksum".
 * \param data the input
 * \param size its size
 * \return 0; aborts if ns3::mptcpfuzz::CheckDssChecksum() reports a violated property
 */
extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return mptcp_fuzz_entry::Run("dss-checksum",
                                 &ns3::mptcpfuzz::CheckDssChecksum,
                                 data,
                                 size);
}
