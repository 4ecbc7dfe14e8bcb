#ifndef TRAFFIC_MATRIX_H
#define TRAFFIC_MATRIX_H
// placeholder: being written
#endif
