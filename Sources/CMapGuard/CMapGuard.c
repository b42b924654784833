#define _GNU_SOURCE
#include "CMapGuard.h"
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <errno.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

enum { MAX_RANGES = 64 };
static struct { volatile uintptr_t base, length; } ranges[MAX_RANGES];
static volatile sig_atomic_t consulted = 0;
static volatile long repaired = 0;

static int guarded(uintptr_t addr) {
  for (int i = 0; i < MAX_RANGES; i++) {
    uintptr_t b = ranges[i].base, n = ranges[i].length;
    if (n && addr >= b && addr < b + n) return 1;
  }
  return 0;
}

int mapguard_repair(const void *address) {
  uintptr_t addr = (uintptr_t)address;
  if (!guarded(addr)) return 0;
  long page = sysconf(_SC_PAGESIZE);
  void *start = (void *)(addr & ~(uintptr_t)(page - 1));
  // mmap is a plain system call on Linux: safe enough here.
  if (mmap(start, (size_t)page, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED) return 0;
  repaired++;
  return 1;
}

static void on_sigbus(int sig, siginfo_t *info, void *context) {
  (void)context;
  if (mapguard_repair(info->si_addr)) return;
  // Not ours (or cannot repair): the default action, on return the fault repeats.
  signal(sig, SIG_DFL);
}

int mapguard_install(void) {
  // Checked each time rather than remembered: another handler may have
  // replaced this one since (a fatal-signal handler put back the one it found).
  struct sigaction current;
  if (sigaction(SIGBUS, NULL, &current) == 0 && (current.sa_flags & SA_SIGINFO) && current.sa_sigaction == on_sigbus)
    return 0;
  if (consulted) return 0;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_sigbus;
  action.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  return sigaction(SIGBUS, &action, NULL) == 0 ? 0 : -1;
}

void mapguard_set_consulted(int value) {
  consulted = value;
  if (value) return;
  for (int i = 0; i < MAX_RANGES; i++) {
    if (ranges[i].length) {
      mapguard_install();
      return;
    }
  }
}

int mapguard_add(const void *base, size_t length) {
  for (int i = 0; i < MAX_RANGES; i++) {
    if (ranges[i].length == 0) {
      ranges[i].base = (uintptr_t)base;
      ranges[i].length = length;
      return 0;
    }
  }
  return -1;
}

void mapguard_remove(const void *base) {
  for (int i = 0; i < MAX_RANGES; i++) {
    if (ranges[i].base == (uintptr_t)base) ranges[i].length = 0;
  }
}

long mapguard_repaired(void) { return repaired; }

// sn_cores_available (Cores.h) lives here rather than in a file of its own:
// it needs _GNU_SOURCE like the guard, and scripts/fuzz builds one C file per
// module.
int sn_cores_available(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0) return n;
  }
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

// Beside sn_cores_available for the same reason (the thread's id needs
// _GNU_SOURCE's syscall numbers).
void sn_lower_thread_priority(int increment) {
#ifdef __linux__
  id_t thread = (id_t)syscall(SYS_gettid);
  errno = 0;
  int now = getpriority(PRIO_PROCESS, thread);
  if (now == -1 && errno != 0) return;
  setpriority(PRIO_PROCESS, thread, now + increment);
#else
  (void)increment;
#endif
}
