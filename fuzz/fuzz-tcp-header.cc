/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup mptcp
 * libFuzzer target "tcp-header": a TCP segment deserialized by ns-3's TcpHeader as the
 * stack does; the MPTCP options the model recovers are checked and sent back through a header.
 * The checks are ns3::mptcpfuzz::CheckTcpHeader() (test/mptcp-fuzz-targets.h);
 * tools/fuzz.sh builds and runs this target, fuzz/README.md describes its input and seed
 * corpus (fuzz/corpus/tcp-header/).
 */

#include "fuzz-entry.h"

/**
 * \brief libFuzzer's entry point: one input of target "tcp-header".
 * \param data the input
 * \param size its size
 * \return 0; aborts if ns3::mptcpfuzz::CheckTcpHeader() reports a violated property
 */
extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return mptcp_fuzz_entry::Run("tcp-header", &ns3::mptcpfuzz::CheckTcpHeader, data, size);
}
