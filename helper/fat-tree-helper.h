#ifndef FAT_TREE_HELPER_H
#define FAT_TREE_HELPER_H
// placeholder: being written
#endif
