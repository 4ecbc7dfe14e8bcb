#include "mptcp-stack-helper.h"
// placeholder: being written
