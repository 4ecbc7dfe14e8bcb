#include "mptcp-subflow.h"
// placeholder: being written
