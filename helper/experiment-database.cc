#include "experiment-database.h"
// placeholder: being written
