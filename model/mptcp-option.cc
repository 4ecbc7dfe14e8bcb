#include "mptcp-option.h"
// placeholder: being written
