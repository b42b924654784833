#define _GNU_SOURCE
#include "CFatalRescue.h"
#include "CMapGuard.h"
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT};
enum { COUNT = sizeof fatal_signals / sizeof fatal_signals[0], MAX_LEAVE = 256 };

static struct sigaction previous[COUNT];
static volatile sig_atomic_t installed = 0;
static volatile sig_atomic_t rescued = 0;
static int tty_fd = -1;
static struct termios original_mode;
static unsigned char leave_bytes[MAX_LEAVE];
static size_t leave_length = 0;

static int slot(int sig) {
  for (int i = 0; i < COUNT; i++)
    if (fatal_signals[i] == sig) return i;
  return -1;
}

/// Async-signal-safe only: write, tcsetattr, open, dup2, close, sigaction.
static void give_back_terminal(void) {
  if (rescued) return;
  rescued = 1;
  if (tty_fd >= 0) {
    size_t done = 0;
    while (done < leave_length) {
      ssize_t n = write(tty_fd, leave_bytes + done, leave_length - done);
      if (n <= 0) break;
      done += (size_t)n;
    }
    tcsetattr(tty_fd, TCSANOW, &original_mode);
  }
  int null = open("/dev/null", O_RDONLY);
  if (null >= 0 && null != STDIN_FILENO) {
    dup2(null, STDIN_FILENO);
    close(null);
  }
  dup2(STDERR_FILENO, STDOUT_FILENO);
}

static void chain(int sig, siginfo_t *info, void *context, const struct sigaction *old) {
  if (old->sa_flags & SA_SIGINFO) {
    if (old->sa_sigaction) old->sa_sigaction(sig, info, context);
    return;
  }
  if (old->sa_handler == SIG_IGN) return;
  if (old->sa_handler != SIG_DFL) {
    old->sa_handler(sig);
    return;
  }
  // The default action: for a fault, returning repeats it; for a sent signal, raise it again.
  struct sigaction dfl;
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  sigemptyset(&dfl.sa_mask);
  sigaction(sig, &dfl, NULL);
  if (info == NULL || info->si_code <= 0) raise(sig);
}

static void on_fatal(int sig, siginfo_t *info, void *context) {
  int i = slot(sig);
  if (i < 0) return;
  struct sigaction old = previous[i];
  // The guard may turn this fault into zero pages of a shrunk file.
  if (sig == SIGBUS && info != NULL && mapguard_repair(info->si_addr)) return;
  give_back_terminal();
  // From here on the earlier handler owns the signal (the runtime's may reinstall itself).
  sigaction(sig, &old, NULL);
  chain(sig, info, context, &old);
  // A fault repeats when the handler returns and then takes its default
  // action; a signal that was sent (kill, raise, abort) does not come back
  // by itself, and the process must not carry on after its crash report.
  if (info == NULL || info->si_code <= 0) {
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    raise(sig);
  }
}

int fatalrescue_install(int tty, const struct termios *original, const unsigned char *leave, size_t length) {
  fatalrescue_uninstall();
  tty_fd = tty;
  original_mode = *original;
  leave_length = length < MAX_LEAVE ? length : MAX_LEAVE;
  memcpy(leave_bytes, leave, leave_length);
  rescued = 0;
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_fatal;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < COUNT; i++) {
    if (sigaction(fatal_signals[i], &action, &previous[i]) != 0) {
      for (int j = 0; j < i; j++) sigaction(fatal_signals[j], &previous[j], NULL);
      return -1;
    }
  }
  installed = 1;
  sn_set_out_of_memory_hook(give_back_terminal);
  // This handler now asks the guard first, so the guard stays out of its way.
  mapguard_set_consulted(1);
  return 0;
}

void fatalrescue_uninstall(void) {
  if (!installed) return;
  for (int i = 0; i < COUNT; i++) {
    // Put back what was there, unless another handler was put on top since.
    struct sigaction current;
    if (sigaction(fatal_signals[i], NULL, &current) == 0 && (current.sa_flags & SA_SIGINFO) &&
        current.sa_sigaction == on_fatal)
      sigaction(fatal_signals[i], &previous[i], NULL);
  }
  installed = 0;
  sn_set_out_of_memory_hook(NULL);
  mapguard_set_consulted(0);
}
