#ifndef MPTCP_OPTION_H
#define MPTCP_OPTION_H
// placeholder: being written
#endif
