#include "ipv4-flow-ecmp-routing-helper.h"
// placeholder: being written
