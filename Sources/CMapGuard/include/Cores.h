#ifndef SN_CORES_H
#define SN_CORES_H

/// The CPUs in this process's affinity mask (`taskset -c 0` gives 1), else
/// the online CPUs; at least 1. In C because `sched_getaffinity` and
/// `CPU_COUNT` need _GNU_SOURCE, which the Swift Glibc module does not set.
int sn_cores_available(void);

#endif
