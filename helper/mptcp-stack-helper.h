#ifndef MPTCP_STACK_HELPER_H
#define MPTCP_STACK_HELPER_H
// placeholder: being written
#endif
