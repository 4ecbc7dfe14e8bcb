#ifndef MPTCP_LIA_H
#define MPTCP_LIA_H
// placeholder: being written
#endif
