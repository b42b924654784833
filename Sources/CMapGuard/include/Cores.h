#ifndef SN_CORES_H
#define SN_CORES_H

/// The CPUs in this process's affinity mask (`taskset -c 0` gives 1), else
/// the online CPUs; at least 1. In C because `sched_getaffinity` and
/// `CPU_COUNT` need _GNU_SOURCE, which the Swift Glibc module does not set.
int sn_cores_available(void);

/// Lowers the calling thread's priority by `increment` (its nice value,
/// which Linux keeps per thread; elsewhere nothing): work that can wait,
/// freeing what a load let go, then leaves the cores to the threads that
/// make the screen.
void sn_lower_thread_priority(int increment);

#endif
