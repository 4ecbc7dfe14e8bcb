#ifndef MPTCP_CRYPTO_H
#define MPTCP_CRYPTO_H
// placeholder: being written
#endif
