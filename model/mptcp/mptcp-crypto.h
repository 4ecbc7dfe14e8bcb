/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef MPTCP_CRYPTO_H
#define MPTCP_CRYPTO_H

#include <array>
#include <cstddef>
#include <cstdint>

namespace ns3
{

/**
 * \ingroup mptcp
 * \brief The MPTCP v1 key derivations of RFC 8684 (SHA-256 and HMAC-SHA256, via OpenSSL's
 * libcrypto).
 *
 * Keys are 64-bit numbers, hashed in network (big-endian) byte order as Linux does
 * (net/mptcp/crypto.c, mptcp_crypto_key_sha).
 */
class MpTcpCrypto
{
  public:
    /**
     * \brief The connection token of a key: the most significant 32 bits of SHA-256(key)
     * (RFC 8684 §3.1).
     * \param key the 64-bit key
     * \return the 32-bit token
     */
    static uint32_t Token(uint64_t key);

    /**
     * \brief The initial data sequence number of a key: the least significant 64 bits of
     * SHA-256(key) (RFC 8684 §3.1).
     * \param key the 64-bit key
     * \return the 64-bit IDSN
     */
    static uint64_t Idsn(uint64_t key);

    /**
     * \brief HMAC-SHA256 for MP_JOIN (RFC 8684 §3.2): key = keyA || keyB (16 bytes),
     * message = nonceA || nonceB (8 bytes), all big-endian.
     * \param keyA first key of the HMAC key
     * \param keyB second key of the HMAC key
     * \param nonceA first 32-bit random number of the message
     * \param nonceB second 32-bit random number of the message
     * \return the 32-byte HMAC
     */
    static std::array<uint8_t, 32> JoinHmac(uint64_t keyA,
                                            uint64_t keyB,
                                            uint32_t nonceA,
                                            uint32_t nonceB);

    /**
     * \brief The truncated HMAC of an MP_JOIN SYN/ACK: the leftmost 64 bits of JoinHmac as a
     * big-endian number (RFC 8684 §3.2).
     * \param keyA first key (the listener's, Key-B in the RFC's notation)
     * \param keyB second key
     * \param nonceA first nonce
     * \param nonceB second nonce
     * \return the truncated HMAC
     */
    static uint64_t TruncatedJoinHmac(uint64_t keyA, uint64_t keyB, uint32_t nonceA, uint32_t nonceB);

    /**
     * \brief HMAC-SHA256 with key = keyA || keyB (16 bytes, big-endian) over an arbitrary
     * message: the HMAC of RFC 8684 §3.2 and §3.4.1.
     * \param keyA first key of the HMAC key
     * \param keyB second key of the HMAC key
     * \param msg the message
     * \param msgLen its length in bytes (msg may be nullptr when 0)
     * \return the 32-byte HMAC
     */
    static std::array<uint8_t, 32> Hmac(uint64_t keyA,
                                        uint64_t keyB,
                                        const uint8_t* msg,
                                        size_t msgLen);

    /**
     * \brief The Truncated HMAC of an ADD_ADDR (RFC 8684 §3.4.1).
     *
     * HMAC-SHA256 with key = the sender's key followed by the receiver's key (Key-A || Key-B when
     * host A advertises), message = Address ID (1 octet) || address (4 or 16 octets, network
     * order) || port (2 octets, big-endian). RFC 8684: "If the port is not present in the ADD_ADDR
     * option, the HMAC message will nevertheless include two octets of value zero", so pass 0
     * then. The truncated HMAC is the RIGHTMOST 64 bits of the HMAC (the last 8 octets, as a
     * big-endian number; RFC 8684 §3.4.1, as Linux net/mptcp/options.c computes it), unlike
     * MP_JOIN's SYN/ACK, which takes the leftmost 64 bits.
     * \param senderKey key of the host sending the ADD_ADDR
     * \param receiverKey key of the host receiving it
     * \param addressId the option's Address ID
     * \param address the address octets, network byte order
     * \param addressLen 4 (IPv4) or 16 (IPv6); anything else aborts (a programming error)
     * \param port the option's port, or 0 if the option has none
     * \return the truncated HMAC
     */
    static uint64_t AddAddrHmac(uint64_t senderKey,
                                uint64_t receiverKey,
                                uint8_t addressId,
                                const uint8_t* address,
                                size_t addressLen,
                                uint16_t port);

    /**
     * \brief SHA-256 of a 64-bit key in big-endian order.
     * \param key the key
     * \return the 32-byte digest
     */
    static std::array<uint8_t, 32> Sha256Key(uint64_t key);
};

} // namespace ns3

#endif /* MPTCP_CRYPTO_H */
