/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup mptcp
 * libFuzzer target "sdn-message": the payload of a datagram of the SDN control network
 * (SdnServerMessage::Parse(), as SdnServerAgent and SdnController receive it). The checks are
 * ns3::mptcpfuzz::CheckSdnMessage() (test/mptcp-fuzz-targets.h); tools/fuzz.sh builds and runs
 * this target, fuzz/README.md describes its input and seed corpus (fuzz/corpus/sdn-message/).
 */

#include "fuzz-entry.h"

/**
 * \brief libFuzzer's entry point: one input of target "sdn-message".
 * \param data the input
 * \param size its size
 * \return 0; aborts if ns3::mptcpfuzz::CheckSdnMessage() reports a violated property
 */
extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    return mptcp_fuzz_entry::Run("sdn-message", &ns3::mptcpfuzz::CheckSdnMessage, data, size);
}
