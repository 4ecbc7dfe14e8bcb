#ifndef EXPERIMENT_DATABASE_H
#define EXPERIMENT_DATABASE_H
// placeholder: being written
#endif
