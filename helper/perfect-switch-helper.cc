#include "perfect-switch-helper.h"
// placeholder: being written
