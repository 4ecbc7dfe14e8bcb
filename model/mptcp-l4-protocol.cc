#include "mptcp-l4-protocol.h"
// placeholder: being written
