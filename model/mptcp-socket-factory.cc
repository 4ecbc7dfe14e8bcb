#include "mptcp-socket-factory.h"
// placeholder: being written
