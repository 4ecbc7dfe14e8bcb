#include "mptcp-lia.h"
// placeholder: being written
