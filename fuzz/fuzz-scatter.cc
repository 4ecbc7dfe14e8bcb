/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup mptcp
 * libFuzzer target "scatter": MP_SCATTER (the MMPTCP thesis's option) in a TCP option space,
 * through MpScatterOption and the steps of MpTcpScatterRxHook.
 * The checks are ns3::mptcpfuzz::CheckScatter() (test/mptcp-fuzz-targets.h);
 * tools/fuzz.sh builds and runs this target, fuzz/README.md describes its input and seed
 * corpus (fuzz/corpus/scatter/).
 */

#include "fuzz-entry.h"

/**
 * \brief libFuzzer's entry point: one input of target "scatter".
 * \param data the input
 * \param size its size
 * \return 0; aborts if ns3::mptcpfuzz::CheckScatter() reports a violated property
 */
extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return mptcp_fuzz_entry::Run("scatter", &ns3::mptcpfuzz::CheckScatter, data, size);
}
