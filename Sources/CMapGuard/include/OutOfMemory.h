#ifndef SN_OUT_OF_MEMORY_H
#define SN_OUT_OF_MEMORY_H
#include <stddef.h>

/// The end for want of memory, as C tools' xmalloc ends: one line on
/// standard error and exit status 2, never a crash. Under `ulimit -v` the
/// item ranges of a large input can be refused (a trap without a word
/// before); the line names the limit then. `sn_set_out_of_memory_hook`:
/// run first (the terminal's rescue gives the terminal back).
_Noreturn void sn_out_of_memory(size_t bytes);
void sn_set_out_of_memory_hook(void (*hook)(void));
#endif
