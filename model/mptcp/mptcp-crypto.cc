/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#include "ns3/mptcp-crypto.h"

#include "ns3/abort.h"
#include "ns3/fatal-error.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

namespace ns3
{

namespace
{
void
PutU64(uint8_t* out, uint64_t v)
{
    for (int i = 7; i >= 0; --i)
    {
        out[i] = static_cast<uint8_t>(v & 0xff);
        v >>= 8;
    }
}

void
PutU32(uint8_t* out, uint32_t v)
{
    for (int i = 3; i >= 0; --i)
    {
        out[i] = static_cast<uint8_t>(v & 0xff);
        v >>= 8;
    }
}

uint64_t
GetU64(const uint8_t* in)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
    {
        v = (v << 8) | in[i];
    }
    return v;
}
} // namespace

std::array<uint8_t, 32>
MpTcpCrypto::Sha256Key(uint64_t key)
{
    uint8_t in[8];
    PutU64(in, key);
    std::array<uint8_t, 32> out{};
    unsigned int len = 0;
    if (EVP_Digest(in, sizeof(in), out.data(), &len, EVP_sha256(), nullptr) != 1 || len != 32)
    {
        NS_FATAL_ERROR("MpTcpCrypto: libcrypto SHA-256 failed");
    }
    return out;
}

uint32_t
MpTcpCrypto::Token(uint64_t key)
{
    auto d = Sha256Key(key);
    return (uint32_t(d[0]) << 24) | (uint32_t(d[1]) << 16) | (uint32_t(d[2]) << 8) | d[3];
}

uint64_t
MpTcpCrypto::Idsn(uint64_t key)
{
    auto d = Sha256Key(key);
    return GetU64(d.data() + 24);
}

std::array<uint8_t, 32>
MpTcpCrypto::Hmac(uint64_t keyA, uint64_t keyB, const uint8_t* msg, size_t msgLen)
{
    uint8_t key[16];
    PutU64(key, keyA);
    PutU64(key + 8, keyB);
    static const uint8_t empty = 0;
    std::array<uint8_t, 32> out{};
    unsigned int len = 0;
    if (HMAC(EVP_sha256(),
             key,
             sizeof(key),
             msgLen > 0 ? msg : &empty,
             msgLen,
             out.data(),
             &len) == nullptr ||
        len != 32)
    {
        NS_FATAL_ERROR("MpTcpCrypto: libcrypto HMAC-SHA256 failed");
    }
    return out;
}

std::array<uint8_t, 32>
MpTcpCrypto::JoinHmac(uint64_t keyA, uint64_t keyB, uint32_t nonceA, uint32_t nonceB)
{
    uint8_t msg[8];
    PutU32(msg, nonceA);
    PutU32(msg + 4, nonceB);
    return Hmac(keyA, keyB, msg, sizeof(msg));
}

uint64_t
MpTcpCrypto::AddAddrHmac(uint64_t senderKey,
                         uint64_t receiverKey,
                         uint8_t addressId,
                         const uint8_t* address,
                         size_t addressLen,
                         uint16_t port)
{
    NS_ABORT_MSG_IF(addressLen != 4 && addressLen != 16,
                    "ADD_ADDR HMAC: an address has 4 or 16 octets, not " << addressLen);
    uint8_t msg[1 + 16 + 2];
    size_t n = 0;
    msg[n++] = addressId;
    for (size_t i = 0; i < addressLen; ++i)
    {
        msg[n++] = address[i];
    }
    msg[n++] = static_cast<uint8_t>(port >> 8);
    msg[n++] = static_cast<uint8_t>(port & 0xff);
    auto h = Hmac(senderKey, receiverKey, msg, n);
    return GetU64(h.data() + 24); // rightmost 64 bits
}

uint64_t
MpTcpCrypto::TruncatedJoinHmac(uint64_t keyA, uint64_t keyB, uint32_t nonceA, uint32_t nonceB)
{
    auto h = JoinHmac(keyA, keyB, nonceA, nonceB);
    return GetU64(h.data());
}

} // namespace ns3
