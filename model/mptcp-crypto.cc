#include "mptcp-crypto.h"
// placeholder: being written
