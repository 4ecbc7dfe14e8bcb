#include "traffic-matrix.h"
// placeholder: being written
