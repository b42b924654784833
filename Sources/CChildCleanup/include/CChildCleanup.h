#ifndef CCHILDCLEANUP_H
#define CCHILDCLEANUP_H
#include <signal.h>
#include <sys/types.h>

/// What the end of the program must not leave behind: the process groups of
/// the shell commands it started and is waiting for, and the temporary files
/// (`{f}`) their command lines read. Kept in fixed slots, claimed and freed
/// with atomics, so threads note and drop them while a signal handler may
/// read them, and the handler itself calls only `kill` and `unlink`.

/// Notes the process group `group` (a command spawned in its own group);
/// dropped again by `childcleanup_drop_group` once it has been waited for.
void childcleanup_note_group(pid_t group);
void childcleanup_drop_group(pid_t group);

/// Around spawning a command until its group is noted: the calling thread
/// blocks the four signals below (saving its mask in `saved`), and a handler
/// on another thread waits for the group to be noted before it kills the
/// groups. Without it, a signal just after the command started — before
/// its pid was known here — left the command running.
void childcleanup_spawn_begin(sigset_t *saved);
void childcleanup_spawn_end(const sigset_t *saved);

/// Notes the temporary file `path`: its slot (for `childcleanup_drop_path`),
/// or -1 when every slot is taken (the file is then only removed by its
/// command's end). `withProgram`: removed by `childcleanup_remove_files`,
/// when the program ends normally (not a file of a command that may
/// outlive it).
int childcleanup_note_path(const char *path, int withProgram);
void childcleanup_drop_path(int slot);

/// Removes the noted files that end with the program.
void childcleanup_remove_files(void);

/// Installs handlers for SIGTERM, SIGHUP, SIGINT and SIGQUIT that kill
/// every noted process group (SIGKILL), remove every noted file, and then
/// end the program by the same signal (its default action). For a run with
/// no handlers of its own (script mode). Returns 0 on success.
int childcleanup_install(void);
#endif
