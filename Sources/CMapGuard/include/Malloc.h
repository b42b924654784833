#ifndef SN_MALLOC_H
#define SN_MALLOC_H

/// Large blocks (128 KiB and up) always mapped from and returned to the
/// kernel. glibc otherwise raises its mmap threshold to the size of the
/// first large block freed, and a load's later arrays of that size (a
/// million sections' sort keys, sort entries, lists) then stay in the heap
/// after they are freed: 20–30 MB more peak memory, varying from run to
/// run. In C because the Swift Glibc module does not include <malloc.h>;
/// a no-op where glibc's mallopt is not.
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
static inline void sn_fix_mmap_threshold(void) { mallopt(M_MMAP_THRESHOLD, 128 << 10); }
#else
static inline void sn_fix_mmap_threshold(void) {}
#endif

#endif
