#include "ipv4-flow-ecmp-routing.h"
// placeholder: being written
