#ifndef CFATALRESCUE_H
#define CFATALRESCUE_H
#include <stddef.h>
#include <termios.h>

/// Gives the terminal back before a crash is reported. While the UI owns the
/// terminal (raw mode, alternate screen, mouse reporting, hidden cursor), a
/// fatal signal — SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP (Swift traps),
/// SIGABRT — first writes `leave` to `tty` and restores `original`, then
/// makes the crash report non-interactive and puts it on standard error
/// (standard input becomes /dev/null, standard output a copy of standard
/// error: the Swift backtracer would otherwise wait 30 s for a key on the raw
/// alternate screen, and print into the pipe that expects the chosen item),
/// and finally hands the signal on to the handler that was there before (the
/// Swift runtime's backtracer) or to the default action.
///
/// A SIGBUS that the mapped-file guard repairs (CMapGuard) is not a crash:
/// the guard runs first, and the terminal is only given back if it did not.

/// Installs the handlers (replacing an earlier installation). `leave` is
/// copied (at most 256 bytes). Returns 0 on success.
int fatalrescue_install(int tty, const struct termios *original, const unsigned char *leave, size_t length);
/// Puts the handlers that were there before back.
void fatalrescue_uninstall(void);
#endif
