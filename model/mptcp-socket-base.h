#ifndef MPTCP_SOCKET_BASE_H
#define MPTCP_SOCKET_BASE_H
// placeholder: being written
#endif
