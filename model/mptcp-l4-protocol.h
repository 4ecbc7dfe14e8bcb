#ifndef MPTCP_L4_PROTOCOL_H
#define MPTCP_L4_PROTOCOL_H
// placeholder: being written
#endif
