#ifndef MPTCP_SUBFLOW_H
#define MPTCP_SUBFLOW_H
// placeholder: being written
#endif
