#ifndef CLINEEDIT_H
#define CLINEEDIT_H

#include <stddef.h>

// Non-variadic wrappers over libedit, because Swift cannot call the variadic
// el_set / el_get / history. Every piece of state lives in the handles below;
// nothing global is visible to Swift.

/// Loads libedit (once, on first use; every create function does); NULL when
/// it is loaded, else why it cannot be (then every create returns NULL).
const char *cle_load_error(void);

// ---- History ----------------------------------------------------------------

/// One libedit history list, created unique (a line equal to the newest entry
/// is not entered again).
typedef struct cle_history cle_history;

cle_history *cle_history_create(int capacity);
void cle_history_destroy(cle_history *history);
/// Appends `line` as the newest entry; returns 0 on success.
int cle_history_enter(cle_history *history, const char *line);
void cle_history_clear(cle_history *history);
int cle_history_count(cle_history *history);
/// Iteration in libedit's own terms: `first` is the NEWEST entry, `next` steps
/// towards older ones, `last` is the OLDEST, `prev` steps towards newer ones.
/// Each returns NULL past the end; the string is valid until the next call.
const char *cle_history_first(cle_history *history);
const char *cle_history_next(cle_history *history);
const char *cle_history_last(cle_history *history);
const char *cle_history_prev(cle_history *history);

// ---- Editor -----------------------------------------------------------------

/// One libedit editor on a pair of file descriptors.
typedef struct cle_editor cle_editor;

/// libedit's CC_* codes that a key function may return.
enum {
  CLE_CC_NORM = 0,
  CLE_CC_REFRESH = 4,
  CLE_CC_ERROR = 6,
  CLE_CC_REDISPLAY = 8,
};

/// Called for Tab with the line (UTF-8, NUL-terminated) and the cursor as a
/// byte offset into it; returns one of the CLE_CC_* codes. `context` is the
/// pointer given to cle_editor_create (a Swift object, passed Unmanaged).
typedef int (*cle_complete_fn)(void *context, cle_editor *editor,
                               const char *line, int cursor_byte);

/// Why the wake function is called.
enum {
  /// A wake descriptor became readable, or the wake timeout passed, while
  /// the editor waited for a key.
  CLE_EVENT_WAKE = 0,
  /// Ctrl-Z was typed (libedit keeps signals from keys off while it edits).
  CLE_EVENT_SUSPEND_KEY = 1,
};

/// What the wake function asks the editor to do next.
enum {
  /// Nothing changed on the screen: go on waiting for keys.
  CLE_WAKE_CONTINUE = 0,
  /// The caller repainted and left the cursor at the start of the prompt's
  /// row: draw prompt and line again there (at the current terminal size).
  CLE_WAKE_REDRAW = 1,
  /// As REDRAW, after the terminal was given away (the process was stopped):
  /// libedit's editing mode is set again first.
  CLE_WAKE_RESUMED = 2,
  /// Abandon the line: cle_editor_gets returns NULL with CLE_CANCELLED.
  CLE_WAKE_CANCEL = 3,
};

/// Called with the `context` of cle_editor_create and a CLE_EVENT_*;
/// returns a CLE_WAKE_* action. It runs inside cle_editor_gets, with the
/// terminal in libedit's editing mode; it may write to the terminal.
typedef int (*cle_wake_fn)(void *context, cle_editor *editor, int event);

/// Outcome of cle_editor_gets.
typedef enum {
  CLE_LINE = 0,      ///< A line was accepted with Enter.
  CLE_EOF = 1,       ///< End of input (Ctrl-D on an empty line, closed fd).
  CLE_CANCELLED = 2, ///< Esc, Ctrl-C or Ctrl-G.
  CLE_ERROR = 3,     ///< A read failed.
} cle_status;

/// Creates an editor reading `input_fd` and drawing on `output_fd` (both are
/// dup'd, so the caller keeps ownership of its descriptors). Emacs bindings,
/// no signal handling (EL_SIGNAL 0), Tab completes, Ctrl-R searches history,
/// Esc / Ctrl-C / Ctrl-G cancel, Ctrl-Z suspends (see cle_editor_set_wake). The terminal mode is the same on return as on
/// entry. Returns NULL if the descriptors cannot be duplicated.
cle_editor *cle_editor_create(const char *program, int input_fd, int output_fd,
                              void *context, cle_complete_fn complete);
/// Ends the editor without changing the terminal mode.
void cle_editor_destroy(cle_editor *editor);
/// How many wake descriptors an editor watches at most.
#define CLE_WAKE_FDS 2

/// While cle_editor_gets waits for a key it also polls the first `count`
/// (at most CLE_WAKE_FDS) of `wake_fds` (a self-pipe of signals, a queue of
/// posted events, say; -1: none) and calls `wake` when one is readable, so
/// a signal that arrived just before reading started is not left waiting
/// for the next key; `wake` must consume what made the descriptor readable.
/// Ctrl-Z calls `wake` too (CLE_EVENT_SUSPEND_KEY); without a wake function
/// Ctrl-Z stops the process with SIGTSTP in libedit's cooked mode. Clears
/// the wake timeout.
void cle_editor_set_wake(cle_editor *editor, const int *wake_fds, int count, cle_wake_fn wake);
/// Also calls `wake` (CLE_EVENT_WAKE) when no key or wake descriptor stirs
/// for `milliseconds` (-1: never) — for a caller whose screen changes with
/// time; it may change the timeout from inside `wake`.
void cle_editor_set_wake_timeout(cle_editor *editor, int milliseconds);
/// How long a lone Esc waits for the rest of an escape sequence before it
/// counts as a key of its own; the caller passes the program's one value.
void cle_editor_set_escape_timeout(cle_editor *editor, int milliseconds);
/// Copies the prompt shown by the next cle_editor_gets.
void cle_editor_set_prompt(cle_editor *editor, const char *prompt);
/// Copies keys typed ahead (already read from the terminal by the caller):
/// the next cle_editor_gets reads them before the terminal. -1 when out of memory.
int cle_editor_set_typeahead(cle_editor *editor, const unsigned char *bytes, size_t count);
/// How many of those bytes the line editor read (the rest are the caller's again).
size_t cle_editor_typeahead_used(cle_editor *editor);
/// Appends keys the caller read while a line is open (from inside the wake
/// function): the editor reads them after the typeahead left. -1 when out of memory.
int cle_editor_push_typeahead(cle_editor *editor, const unsigned char *bytes, size_t count);
/// The history that Up/Down/Ctrl-R browse (not owned; may be NULL).
void cle_editor_set_history(cle_editor *editor, cle_history *history);
/// Reads one line. Returns it without the trailing newline (valid until the
/// next call) or NULL; `status` tells why. The terminal mode is restored to
/// what it was on entry, whatever libedit did in between.
const char *cle_editor_gets(cle_editor *editor, cle_status *status);
/// Inserts text at the cursor (inside a completion callback).
int cle_editor_insert(cle_editor *editor, const char *text);
/// Deletes `count` characters (Unicode scalars) before the cursor.
void cle_editor_delete(cle_editor *editor, int count);
/// Writes text on the editor's output at the real cursor position, flushed.
void cle_editor_print(cle_editor *editor, const char *text);
/// Terminal width in columns as libedit sees it (80 when unknown).
int cle_editor_columns(cle_editor *editor);
/// 1 when, since cle_editor_gets began or the wake function last had the
/// line drawn again (CLE_WAKE_REDRAW, CLE_WAKE_RESUMED), libedit may have
/// written outside the prompt's row — candidates listed below it, the line
/// of a history search (C-r) or of `Esc x`, a line about to wrap (each
/// scrolling the screen at its last row) — so what the rest of the screen
/// shows is no longer known to the caller.
int cle_editor_screen_disturbed(cle_editor *editor);
/// Follows where what libedit writes moves the cursor, from the start of
/// screen row `row` (0-based) of a `height`-row screen, for a caller that
/// draws in part of the main screen: whether the screen scrolled under it
/// (a candidate list, a history search's line, a wrapping line at the last
/// row) and how far down libedit wrote. Called again (counting afresh)
/// after the caller drew the prompt's row anew; height 0 stops following.
void cle_editor_track_screen(cle_editor *editor, int row, int height);
/// Rows the screen scrolled up since following began.
int cle_editor_screen_scrolled(cle_editor *editor);
/// The lowest screen row written or moved to since the last placing (after scrolling).
int cle_editor_screen_lowest_row(cle_editor *editor);
/// The screen row libedit's writes left the cursor on.
int cle_editor_screen_row(cle_editor *editor);
/// Re-reads the terminal size.
void cle_editor_resize(cle_editor *editor);

#endif
