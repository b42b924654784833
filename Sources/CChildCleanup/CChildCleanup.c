#include "CChildCleanup.h"
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <pthread.h>
#include <time.h>

#define SLOTS 64

/// 0: a free slot.
static _Atomic pid_t groups[SLOTS];

enum { FREE, WRITING, READY };
static _Atomic int pathStates[SLOTS];
static _Atomic int pathWithProgram[SLOTS];
static char paths[SLOTS][PATH_MAX];

void childcleanup_note_group(pid_t group) {
  for (int i = 0; i < SLOTS; i++) {
    pid_t expected = 0;
    if (atomic_compare_exchange_strong(&groups[i], &expected, group)) return;
  }
}

static const int endingSignals[] = {SIGTERM, SIGHUP, SIGINT, SIGQUIT};
enum { ENDING_SIGNALS = sizeof endingSignals / sizeof endingSignals[0] };

/// Commands being spawned whose group is not noted yet.
static _Atomic int spawning;

void childcleanup_spawn_begin(sigset_t *saved) {
  sigset_t block;
  sigemptyset(&block);
  for (int k = 0; k < ENDING_SIGNALS; k++) sigaddset(&block, endingSignals[k]);
  pthread_sigmask(SIG_BLOCK, &block, saved);
  atomic_fetch_add(&spawning, 1);
}

void childcleanup_spawn_end(const sigset_t *saved) {
  atomic_fetch_sub(&spawning, 1);
  pthread_sigmask(SIG_SETMASK, saved, NULL);
}

void childcleanup_drop_group(pid_t group) {
  for (int i = 0; i < SLOTS; i++) {
    pid_t expected = group;
    if (atomic_compare_exchange_strong(&groups[i], &expected, 0)) return;
  }
}

int childcleanup_note_path(const char *path, int withProgram) {
  size_t length = strlen(path);
  if (length >= PATH_MAX) return -1;
  for (int i = 0; i < SLOTS; i++) {
    int expected = FREE;
    if (atomic_compare_exchange_strong(&pathStates[i], &expected, WRITING)) {
      memcpy(paths[i], path, length + 1);
      atomic_store(&pathWithProgram[i], withProgram);
      atomic_store(&pathStates[i], READY);
      return i;
    }
  }
  return -1;
}

void childcleanup_drop_path(int slot) {
  if (slot >= 0 && slot < SLOTS) atomic_store(&pathStates[slot], FREE);
}

static void removeFiles(int all) {
  for (int i = 0; i < SLOTS; i++) {
    if (atomic_load(&pathStates[i]) == READY && (all || atomic_load(&pathWithProgram[i]))) unlink(paths[i]);
  }
}

void childcleanup_remove_files(void) { removeFiles(0); }

static void onSignal(int signal) {
  int saved = errno;
  // A command another thread is spawning (that thread blocks these
  // signals, so this is not it) is noted in a moment: wait for it, up to a
  // second, so that its group is killed too.
  for (int k = 0; k < 10000 && atomic_load(&spawning) > 0; k++) {
    struct timespec pause = {0, 100000};
    nanosleep(&pause, NULL);
  }
  for (int i = 0; i < SLOTS; i++) {
    pid_t group = atomic_load(&groups[i]);
    if (group > 0) kill(-group, SIGKILL);
  }
  removeFiles(1);
  errno = saved;
  // SA_RESETHAND put the default action back: raised again, it ends the
  // program once this handler returns, with the status a shell expects.
  raise(signal);
}

int childcleanup_install(void) {
  for (int k = 0; k < ENDING_SIGNALS; k++) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    if (sigaction(endingSignals[k], &action, NULL) != 0) return -1;
  }
  return 0;
}
