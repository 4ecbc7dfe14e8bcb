#include "mptcp-socket-base.h"
// placeholder: being written
