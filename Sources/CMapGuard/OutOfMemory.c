#include "OutOfMemory.h"
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static void (*out_of_memory_hook)(void) = NULL;

void sn_set_out_of_memory_hook(void (*hook)(void)) { out_of_memory_hook = hook; }

_Noreturn void sn_out_of_memory(size_t bytes) {
  if (out_of_memory_hook != NULL) out_of_memory_hook();
  char line[200];
  struct rlimit limit;
  int limited = getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY;
  int n = limited ? snprintf(line, sizeof line,
                             "sectionnav: error: out of memory: %zu MiB more refused; the address space "
                             "allows %llu MiB (ulimit -v)\n",
                             (bytes + (1 << 20) - 1) >> 20, (unsigned long long)(limit.rlim_cur >> 20))
                  : snprintf(line, sizeof line, "sectionnav: error: out of memory: %zu MiB more refused\n",
                             (bytes + (1 << 20) - 1) >> 20);
  if (n > 0) {
    size_t length = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
    ssize_t written = write(STDERR_FILENO, line, length);
    (void)written;
  }
  _exit(2);
}
