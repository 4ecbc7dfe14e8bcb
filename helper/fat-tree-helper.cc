#include "fat-tree-helper.h"
// placeholder: being written
