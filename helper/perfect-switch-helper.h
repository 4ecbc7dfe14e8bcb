#ifndef PERFECT_SWITCH_HELPER_H
#define PERFECT_SWITCH_HELPER_H
// placeholder: being written
#endif
