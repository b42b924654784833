#ifndef CLINEEDIT_H
#define CLINEEDIT_H
// Non-variadic wrappers over libedit (being written).
int cle_version(void);
#endif
