// Non-variadic wrappers over libedit. See include/CLineEdit.h for the contract.
#define _GNU_SOURCE  // fopencookie
#include "CLineEdit.h"
#include "ScreenTrack.h"

#include <dlfcn.h>
#include <errno.h>
#include <histedit.h>
#include <locale.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

// X/Open, declared by <wchar.h> only under _XOPEN_SOURCE (which would hide
// the GNU extensions used here).
extern int wcwidth(wchar_t);

// ---- Loading libedit ----------------------------------------------------------

/// libedit is loaded when the first prompt opens, not linked: most runs never
/// open one, and loading it with its libraries (libtinfo, libbsd, libmd) at
/// every start cost about 0.4 MB of memory and a fifth of the start time.
#define CLE_LIBEDIT "libedit.so.2"

static struct {
  History *(*history_init)(void);
  void (*history_end)(History *);
  int (*history)(History *, HistEvent *, int, ...);
  EditLine *(*el_init)(const char *, FILE *, FILE *, FILE *);
  void (*el_end)(EditLine *);
  int (*el_set)(EditLine *, int, ...);
  int (*el_get)(EditLine *, int, ...);
  const char *(*el_gets)(EditLine *, int *);
  const LineInfo *(*el_line)(EditLine *);
  void (*el_resize)(EditLine *);
  int (*el_insertstr)(EditLine *, const char *);
  void (*el_deletestr)(EditLine *, int);
  int (*el_cursor)(EditLine *, int);
} libedit;
static pthread_once_t libedit_once = PTHREAD_ONCE_INIT;
static char libedit_error[256];

static void load_libedit(void) {
  void *library = dlopen(CLE_LIBEDIT, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *reason = dlerror();
    snprintf(libedit_error, sizeof libedit_error, "%s", reason != NULL ? reason : "cannot load " CLE_LIBEDIT);
    return;
  }
#define LOAD(name)                                                                   \
  if ((*(void **)&libedit.name = dlsym(library, #name)) == NULL) {                  \
    snprintf(libedit_error, sizeof libedit_error, "%s: no %s", CLE_LIBEDIT, #name); \
    libedit.history_init = NULL;                                                     \
    return;                                                                          \
  }
  LOAD(el_init) LOAD(el_end) LOAD(el_set) LOAD(el_get) LOAD(el_gets) LOAD(el_line) LOAD(el_resize)
  LOAD(el_insertstr) LOAD(el_deletestr) LOAD(el_cursor) LOAD(history_end) LOAD(history) LOAD(history_init)
#undef LOAD
}

const char *cle_load_error(void) {
  pthread_once(&libedit_once, load_libedit);
  return libedit.history_init != NULL ? NULL : libedit_error;
}

#define history_init libedit.history_init
#define history_end libedit.history_end
#define history libedit.history
#define el_init libedit.el_init
#define el_end libedit.el_end
#define el_set libedit.el_set
#define el_get libedit.el_get
#define el_gets libedit.el_gets
#define el_line libedit.el_line
#define el_resize libedit.el_resize
#define el_insertstr libedit.el_insertstr
#define el_deletestr libedit.el_deletestr
#define el_cursor libedit.el_cursor

/// Lone Esc is delivered to libedit as Ctrl-G, which is bound to cancel:
/// binding Esc itself would break the arrow-key sequences that start with it.
enum { CANCEL_KEY = 0x07 };

// ---- History ----------------------------------------------------------------

struct cle_history {
  History *h;
  HistEvent event;
};

cle_history *cle_history_create(int capacity) {
  if (cle_load_error() != NULL) return NULL;
  cle_history *list = calloc(1, sizeof *list);
  if (list == NULL) return NULL;
  list->h = history_init();
  if (list->h == NULL) {
    free(list);
    return NULL;
  }
  history(list->h, &list->event, H_SETSIZE, capacity);
  history(list->h, &list->event, H_SETUNIQUE, 1);
  return list;
}

void cle_history_destroy(cle_history *list) {
  if (list == NULL) return;
  history_end(list->h);
  free(list);
}

int cle_history_enter(cle_history *list, const char *line) {
  return history(list->h, &list->event, H_ENTER, line) < 0 ? -1 : 0;
}

void cle_history_clear(cle_history *list) {
  history(list->h, &list->event, H_CLEAR);
}

int cle_history_count(cle_history *list) {
  if (history(list->h, &list->event, H_GETSIZE) < 0) return 0;
  return list->event.num;
}

static const char *step(cle_history *list, int op) {
  if (history(list->h, &list->event, op) < 0) return NULL;
  return list->event.str;
}

const char *cle_history_first(cle_history *list) { return step(list, H_FIRST); }
const char *cle_history_next(cle_history *list) { return step(list, H_NEXT); }
const char *cle_history_last(cle_history *list) { return step(list, H_LAST); }
const char *cle_history_prev(cle_history *list) { return step(list, H_PREV); }

// ---- Editor -----------------------------------------------------------------

struct cle_editor {
  EditLine *el;
  FILE *in, *out;
  int infd;
  /// UTF-8 LC_CTYPE used for this thread while libedit runs, so multibyte
  /// input and output work without touching the process-wide locale.
  locale_t utf8;
  char *prompt;
  char *line;
  void *context;
  cle_complete_fn complete;
  int cancelled;
  /// Watched next to the terminal while waiting for a key (-1: none); when
  /// one becomes readable, or `wake_timeout_ms` passes, `wake` decides what
  /// happens (see cle_editor_set_wake).
  int wake_fds[CLE_WAKE_FDS];
  int wake_timeout_ms;
  cle_wake_fn wake;
  /// Set once libedit wrote outside the prompt's row (a candidate list, a
  /// line about to wrap); cleared when the line is drawn again after a
  /// repaint (see cle_editor_screen_disturbed).
  int disturbed;
  /// Where libedit's writes leave the cursor (cle_editor_track_screen).
  screen_track track;
  int outfd;
  /// The last key byte read was Esc (the start of `Esc x`).
  int after_escape;
  /// How long a lone Esc waits for the rest of an escape sequence (arrow
  /// keys arrive as ESC [ A in one burst); set by the caller.
  int escape_timeout_ms;
  /// Keys that arrived before the line was opened (the caller had already
  /// read them from the terminal): read before the terminal, in order.
  unsigned char *typeahead;
  size_t typeahead_count, typeahead_used;
  /// Bytes read after an Esc to see whether a bracketed paste's marker
  /// followed, when none did: read again, in order, before anything else.
  unsigned char held[16];
  int held_count, held_used;
  /// Inside a bracketed paste (ESC [200~ … ESC [201~): text, not keys.
  int pasting;
};

static cle_editor *editor_of(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

/// libedit switches the terminal at el_init, el_gets and el_end; the caller
/// owns the terminal mode, so each of those is bracketed by save/restore.
typedef struct {
  int valid;
  struct termios mode;
} saved_mode;

static saved_mode save_mode(int fd) {
  saved_mode saved;
  saved.valid = tcgetattr(fd, &saved.mode) == 0;
  return saved;
}

static void restore_mode(int fd, const saved_mode *saved) {
  if (saved->valid) tcsetattr(fd, TCSADRAIN, &saved->mode);
}

static char *prompt_fn(EditLine *el) {
  cle_editor *editor = editor_of(el);
  return editor != NULL && editor->prompt != NULL ? editor->prompt : "";
}

/// True when a byte arrives on `fd` within `ms` milliseconds.
static int input_pending(int fd, int ms) {
  struct pollfd p = {.fd = fd, .events = POLLIN};
  for (;;) {
    int n = poll(&p, 1, ms);
    if (n >= 0) return n > 0;
    if (errno != EINTR) return 0;
  }
}

/// Reads one byte; 1 on success, 0 at end of input, -1 on error or when a
/// signal interrupted the read. Signals that must not end the line (SIGWINCH,
/// SIGCONT, SIGTSTP) are installed with SA_RESTART and never get here; the
/// others (SIGTERM, SIGHUP, SIGINT, SIGQUIT) abandon the line so the program
/// can act on them: retrying would leave `kill -TERM` unanswered for as long
/// as the prompt is open. (Without a wake descriptor only; see wait_for_key.)
static int read_byte(int fd, unsigned char *byte) {
  ssize_t n = read(fd, byte, 1);
  return n == 1 ? 1 : n == 0 ? 0 : -1;
}

/// Makes libedit draw the whole line again from the start of the prompt's
/// row, where the caller left the cursor: after a repaint (a resize) or after
/// the terminal came back from a stop, when libedit's editing mode is set
/// again first (the shell may have changed the settings meanwhile).
static void redraw(cle_editor *editor, int action) {
  if (action == CLE_WAKE_RESUMED) {
    el_set(editor->el, EL_PREP_TERM, 0);
    el_set(editor->el, EL_PREP_TERM, 1);
  }
  el_resize(editor->el);
  // Forgets what libedit believes is on the screen (cursor at its origin),
  // then draws prompt and line.
  el_set(editor->el, EL_REFRESH);
  editor->disturbed = 0;
}

/// Columns prompt and line take at most, as libedit shows them: a character
/// wcwidth cannot place as up to four (libedit writes `\ooo`), and a margin
/// for the incremental search's `bck-i-search: ` prompt.
static int line_columns(cle_editor *editor) {
  const LineInfo *info = el_line(editor->el);
  int columns = (int)strlen(editor->prompt != NULL ? editor->prompt : "") + 16;
  if (info == NULL) return columns;
  mbstate_t state;
  memset(&state, 0, sizeof state);
  for (const char *p = info->buffer; p < info->lastchar;) {
    wchar_t wc;
    size_t n = mbrtowc(&wc, p, (size_t)(info->lastchar - p), &state);
    if (n == (size_t)-1 || n == (size_t)-2 || n == 0) {
      memset(&state, 0, sizeof state);
      n = 1;
      columns += 4;
    } else {
      int w = wcwidth(wc);
      columns += w < 0 ? 4 : w;
    }
    p += n;
  }
  return columns;
}

/// Hands an event to the caller's wake function and carries out its answer;
/// returns 1 to go on editing, 0 when the line is abandoned.
static int dispatch_wake(cle_editor *editor, int event) {
  fflush(editor->out);
  int action = editor->wake(editor->context, editor, event);
  switch (action) {
  case CLE_WAKE_REDRAW:
  case CLE_WAKE_RESUMED:
    redraw(editor, action);
    return 1;
  case CLE_WAKE_CANCEL:
    editor->cancelled = 1;
    return 0;
  default:
    return 1;
  }
}

/// Waits for a byte on the terminal while also watching the wake descriptor,
/// so a signal that arrived before or while waiting (its byte is in the
/// caller's self-pipe) is acted on at once, not at the next key. Same results
/// as read_byte; -1 also when the wake function abandons the line.
static int wait_for_key(cle_editor *editor, unsigned char *byte) {
  // An abandoned line stays abandoned: libedit's own nested readers (the
  // `Esc x` command line, `Esc /` search) treat a failed read as "abort that
  // command" and go on reading for the line; every later read fails too, so
  // the line ends rather than waiting for keys after a SIGTERM.
  if (editor->cancelled) return -1;
  if (editor->typeahead_used < editor->typeahead_count) {
    *byte = editor->typeahead[editor->typeahead_used++];
    return 1;
  }
  if (editor->wake == NULL) return read_byte(editor->infd, byte);
  // A wake descriptor that can never be read again is not watched (no spin).
  int watched[CLE_WAKE_FDS];
  for (int i = 0; i < CLE_WAKE_FDS; i++) watched[i] = editor->wake_fds[i];
  for (;;) {
    // Keys the wake function handed over (cle_editor_push_typeahead) come first.
    if (editor->typeahead_used < editor->typeahead_count) {
      *byte = editor->typeahead[editor->typeahead_used++];
      return 1;
    }
    // What libedit shows now (also just drawn again) may reach past the prompt's row.
    if (!editor->disturbed && line_columns(editor) >= cle_editor_columns(editor)) editor->disturbed = 1;
    struct pollfd fds[1 + CLE_WAKE_FDS] = {{.fd = editor->infd, .events = POLLIN}};
    for (int i = 0; i < CLE_WAKE_FDS; i++) fds[1 + i] = (struct pollfd){.fd = watched[i], .events = POLLIN};
    int n = poll(fds, 1 + CLE_WAKE_FDS, editor->wake_timeout_ms);
    if (n < 0) {
      // Every handled signal also writes to a wake descriptor: look there.
      if (errno == EINTR) continue;
      return -1;
    }
    int woken = n == 0;
    for (int i = 0; i < CLE_WAKE_FDS; i++) {
      if (fds[1 + i].revents & POLLIN) woken = 1;
      else if (fds[1 + i].revents != 0) watched[i] = -1;
    }
    if (woken) {
      if (!dispatch_wake(editor, CLE_EVENT_WAKE)) return -1;
      continue;
    }
    if (fds[0].revents != 0) {
      ssize_t r = read(editor->infd, byte, 1);
      if (r == 1) return 1;
      if (r == 0) return 0;
      if (errno == EINTR || errno == EAGAIN) continue;
      return -1;
    }
  }
}

/// The next key byte: one held back after an Esc first, then wait_for_key.
static int next_byte(cle_editor *editor, unsigned char *byte) {
  if (editor->held_used < editor->held_count) {
    *byte = editor->held[editor->held_used++];
    return 1;
  }
  return wait_for_key(editor, byte);
}

/// Whether a byte is there to read without waiting longer than the Esc timeout.
static int byte_ready(cle_editor *editor) {
  return editor->held_used < editor->held_count || editor->typeahead_used < editor->typeahead_count ||
         input_pending(editor->infd, editor->escape_timeout_ms);
}

/// After an Esc: reads on while the bytes spell a bracketed paste's start
/// (`[200~`: 200) or end (`[201~`: 201); anything else is held back for
/// the next reads, in order (0). Never waits for a byte that is not coming.
static int paste_marker(cle_editor *editor) {
  static const char start[] = "[200~";
  unsigned char read_bytes[5];
  int n = 0;
  int which = 0;
  while (n < 5 && byte_ready(editor)) {
    unsigned char byte;
    if (next_byte(editor, &byte) <= 0) break;
    read_bytes[n++] = byte;
    int fits = n == 4 ? (byte == '0' || byte == '1') : byte == (unsigned char)start[n - 1];
    if (!fits) break;
    if (n == 4) which = byte == '0' ? 200 : 201;
    if (n == 5) return which;
  }
  // Not a marker: what was read goes first next time (before older held bytes).
  int rest = editor->held_count - editor->held_used;
  if (n + rest <= (int)sizeof editor->held) {
    memmove(editor->held + n, editor->held + editor->held_used, (size_t)rest);
    memcpy(editor->held, read_bytes, (size_t)n);
    editor->held_count = n + rest;
    editor->held_used = 0;
  }
  return 0;
}

/// EL_GETCFN: libedit's reader plus the Esc timeout and the wake descriptor.
/// A bracketed paste is text: its line breaks and control characters never
/// act as keys (a pasted `scroll bottom⏎q` ran the command, then quit the
/// program; a pasted C-c closed the prompt); line breaks are dropped, as in
/// the filter's query, a tab is a space, other control characters are left out.
static int read_char_fn(EditLine *el, wchar_t *out) {
  cle_editor *editor = editor_of(el);
  mbstate_t state;
  memset(&state, 0, sizeof state);
  for (;;) {
    unsigned char byte;
    int r = next_byte(editor, &byte);
    if (r <= 0) return r;
    if (byte == 0x1b && byte_ready(editor)) {
      int marker = paste_marker(editor);
      if (marker != 0) {
        editor->pasting = marker == 200;
        continue;
      }
    } else if (byte == 0x1b && !editor->pasting) {
      *out = CANCEL_KEY;
      return 1;
    }
    if (editor->pasting) {
      if (byte == '\t') byte = ' ';
      else if (byte < 0x20 || byte == 0x7f) continue;
    }
    // History search (C-r, C-s) and the `Esc x` command line draw their
    // own line below the prompt's.
    if (byte == 0x12 || byte == 0x13 || (editor->after_escape && (byte == 'x' || byte == 'X')))
      editor->disturbed = 1;
    editor->after_escape = byte == 0x1b;
    char c = (char)byte;
    size_t n = mbrtowc(out, &c, 1, &state);
    if (n == (size_t)-2) continue;
    if (n == (size_t)-1) *out = 0xFFFD;
    return 1;
  }
}

/// Ctrl-Z (the terminal's own suspend key does nothing while libedit has
/// signals from keys turned off): the caller's wake function restores the
/// terminal and stops the process; afterwards the line is drawn again and
/// editing goes on. Without a wake function, the classic way: libedit's
/// cooked mode, SIGTSTP, editing mode again.
static unsigned char suspend_fn(EditLine *el, int ch) {
  (void)ch;
  cle_editor *editor = editor_of(el);
  if (editor->wake == NULL) {
    fflush(editor->out);
    el_set(el, EL_PREP_TERM, 0);
    kill(0, SIGTSTP);  // the whole job, as the terminal's C-z stops it
    el_set(el, EL_PREP_TERM, 1);
    el_set(el, EL_REFRESH);
    return CC_NORM;
  }
  if (!dispatch_wake(editor, CLE_EVENT_SUSPEND_KEY)) return CC_EOF;
  return CC_NORM;
}

/// Enter: the line as libedit's own newline ends it, without the line feed
/// that one writes below the line — at the last row that scrolled the
/// screen, and under --height a row of the program's region stayed above it
/// for good. The caller repaints the screen after the line anyway.
static unsigned char accept_fn(EditLine *el, int ch) {
  (void)ch;
  el_cursor(el, 1 << 30);
  if (el_insertstr(el, "\n") != 0) return CC_ERROR;
  return CC_NEWLINE;
}

static unsigned char cancel_fn(EditLine *el, int ch) {
  (void)ch;
  editor_of(el)->cancelled = 1;
  return CC_EOF;
}

static unsigned char complete_fn(EditLine *el, int ch) {
  (void)ch;
  cle_editor *editor = editor_of(el);
  if (editor->complete == NULL) return CC_NORM;
  const LineInfo *info = el_line(el);
  size_t length = (size_t)(info->lastchar - info->buffer);
  char *copy = malloc(length + 1);
  if (copy == NULL) return CC_ERROR;
  memcpy(copy, info->buffer, length);
  copy[length] = '\0';
  int cursor = (int)(info->cursor - info->buffer);
  int result = editor->complete(editor->context, editor, copy, cursor);
  free(copy);
  // The candidates were listed below the prompt's row.
  if (result == CLE_CC_REDISPLAY) editor->disturbed = 1;
  return (unsigned char)result;
}

#ifdef __GLIBC__
/// The editor's output stream: every byte goes to the terminal and through
/// the screen tracker.
static ssize_t output_write(void *cookie, const char *bytes, size_t count) {
  cle_editor *editor = cookie;
  size_t done = 0;
  while (done < count) {
    ssize_t n = write(editor->outfd, bytes + done, count - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    screen_track_write(&editor->track, (const unsigned char *)bytes + done, (size_t)n);
    done += (size_t)n;
  }
  return done > 0 || count == 0 ? (ssize_t)done : -1;
}

static int output_close(void *cookie) {
  cle_editor *editor = cookie;
  return editor->outfd >= 0 ? close(editor->outfd) : 0;
}
#endif

/// The editor's output: writes go through the screen tracker. libedit
/// edits only when `fileno` of its output is a terminal, so the stream
/// carries the descriptor it writes to (glibc's FILE keeps it in the open;
/// elsewhere a plain stream, and nothing is tracked).
static FILE *open_output(cle_editor *editor, int fd) {
#ifdef __GLIBC__
  cookie_io_functions_t io = {.write = output_write, .close = output_close};
  FILE *out = fopencookie(editor, "w", io);
  if (out == NULL) return NULL;
  out->_fileno = fd;
  // As a stream on a terminal is: flushed at each line's end.
  setvbuf(out, NULL, _IOLBF, 0);
  return out;
#else
  (void)editor;
  return fdopen(fd, "w");
#endif
}

cle_editor *cle_editor_create(const char *program, int input_fd, int output_fd,
                              void *context, cle_complete_fn complete) {
  if (cle_load_error() != NULL) return NULL;
  cle_editor *editor = calloc(1, sizeof *editor);
  if (editor == NULL) return NULL;
  int infd = dup(input_fd), outfd = dup(output_fd);
  if (infd >= 0) editor->in = fdopen(infd, "r");
  editor->outfd = outfd;
  if (outfd >= 0) editor->out = open_output(editor, outfd);
  if (editor->in == NULL || editor->out == NULL) {
    if (editor->in) fclose(editor->in); else if (infd >= 0) close(infd);
    if (editor->out) fclose(editor->out); else if (outfd >= 0) close(outfd);
    free(editor);
    return NULL;
  }
  editor->infd = infd;
  for (int i = 0; i < CLE_WAKE_FDS; i++) editor->wake_fds[i] = -1;
  editor->wake_timeout_ms = -1;
  editor->escape_timeout_ms = 40;
  editor->context = context;
  editor->complete = complete;
  editor->utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);

  saved_mode mode = save_mode(infd);
  locale_t previous = editor->utf8 ? uselocale(editor->utf8) : (locale_t)0;
  EditLine *el = el_init(program, editor->in, editor->out, editor->out);
  if (el != NULL) {
    editor->el = el;
    el_set(el, EL_CLIENTDATA, editor);
    el_set(el, EL_SIGNAL, 0);
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_PROMPT, prompt_fn);
    el_set(el, EL_GETCFN, read_char_fn);
    // Ctrl-C must reach the editor as a key (it cancels) rather than raise
    // SIGINT, and Ctrl-S / Ctrl-Q must not freeze output.
    el_set(el, EL_SETTY, "-d", "-isig", "-ixon", NULL);
    el_set(el, EL_ADDFN, "sectionnav-complete", "Complete the word at the cursor",
           complete_fn);
    el_set(el, EL_ADDFN, "sectionnav-cancel", "Leave the prompt without a line",
           cancel_fn);
    el_set(el, EL_ADDFN, "sectionnav-accept", "Accept the line (no line feed after it)",
           accept_fn);
    el_set(el, EL_ADDFN, "sectionnav-suspend", "Suspend the program (Ctrl-Z)",
           suspend_fn);
    el_set(el, EL_BIND, "^I", "sectionnav-complete", NULL);
    el_set(el, EL_BIND, "^M", "sectionnav-accept", NULL);
    el_set(el, EL_BIND, "^J", "sectionnav-accept", NULL);
    el_set(el, EL_BIND, "^C", "sectionnav-cancel", NULL);
    el_set(el, EL_BIND, "^G", "sectionnav-cancel", NULL);
    el_set(el, EL_BIND, "^Z", "sectionnav-suspend", NULL);
    el_set(el, EL_BIND, "^R", "em-inc-search-prev", NULL);
  }
  if (editor->utf8) uselocale(previous);
  restore_mode(infd, &mode);
  if (el == NULL) {
    cle_editor_destroy(editor);
    return NULL;
  }
  return editor;
}

void cle_editor_destroy(cle_editor *editor) {
  if (editor == NULL) return;
  if (editor->el != NULL) {
    saved_mode mode = save_mode(editor->infd);
    el_end(editor->el);
    restore_mode(editor->infd, &mode);
  }
  fclose(editor->in);
  fclose(editor->out);
  if (editor->utf8) freelocale(editor->utf8);
  free(editor->prompt);
  free(editor->line);
  free(editor->typeahead);
  free(editor);
}

int cle_editor_set_typeahead(cle_editor *editor, const unsigned char *bytes, size_t count) {
  unsigned char *copy = NULL;
  if (count > 0) {
    copy = malloc(count);
    if (copy == NULL) return -1;
    memcpy(copy, bytes, count);
  }
  free(editor->typeahead);
  editor->typeahead = copy;
  editor->typeahead_count = count;
  editor->typeahead_used = 0;
  return 0;
}

size_t cle_editor_typeahead_used(cle_editor *editor) { return editor->typeahead_used; }

int cle_editor_push_typeahead(cle_editor *editor, const unsigned char *bytes, size_t count) {
  if (count == 0) return 0;
  unsigned char *grown = realloc(editor->typeahead, editor->typeahead_count + count);
  if (grown == NULL) return -1;
  memcpy(grown + editor->typeahead_count, bytes, count);
  editor->typeahead = grown;
  editor->typeahead_count += count;
  return 0;
}

void cle_editor_set_prompt(cle_editor *editor, const char *prompt) {
  char *copy = strdup(prompt != NULL ? prompt : "");
  if (copy == NULL) return;
  free(editor->prompt);
  editor->prompt = copy;
}

void cle_editor_set_escape_timeout(cle_editor *editor, int milliseconds) {
  editor->escape_timeout_ms = milliseconds;
}

void cle_editor_set_wake(cle_editor *editor, const int *wake_fds, int count, cle_wake_fn wake) {
  for (int i = 0; i < CLE_WAKE_FDS; i++) editor->wake_fds[i] = i < count ? wake_fds[i] : -1;
  editor->wake_timeout_ms = -1;
  editor->wake = wake;
}

void cle_editor_set_wake_timeout(cle_editor *editor, int milliseconds) {
  editor->wake_timeout_ms = milliseconds < 0 ? -1 : milliseconds;
}

void cle_editor_set_history(cle_editor *editor, cle_history *list) {
  el_set(editor->el, EL_HIST, history, list != NULL ? list->h : NULL);
}

const char *cle_editor_gets(cle_editor *editor, cle_status *status) {
  saved_mode mode = save_mode(editor->infd);
  locale_t previous = editor->utf8 ? uselocale(editor->utf8) : (locale_t)0;
  editor->cancelled = 0;
  editor->disturbed = 0;
  editor->after_escape = 0;
  editor->pasting = 0;
  editor->held_count = editor->held_used = 0;
  int count = 0;
  const char *line = el_gets(editor->el, &count);
  char *copy = NULL;
  if (line != NULL && count > 0) {
    size_t length = (size_t)count;
    while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) length--;
    copy = malloc(length + 1);
    if (copy != NULL) {
      memcpy(copy, line, length);
      copy[length] = '\0';
    }
  }
  if (editor->utf8) uselocale(previous);
  restore_mode(editor->infd, &mode);

  free(editor->line);
  editor->line = copy;
  if (copy != NULL)
    *status = CLE_LINE;
  else if (editor->cancelled)
    *status = CLE_CANCELLED;
  else
    *status = count < 0 ? CLE_ERROR : CLE_EOF;
  return copy;
}

int cle_editor_insert(cle_editor *editor, const char *text) {
  return el_insertstr(editor->el, text);
}

void cle_editor_delete(cle_editor *editor, int count) {
  if (count > 0) el_deletestr(editor->el, count);
}

void cle_editor_print(cle_editor *editor, const char *text) {
  fputs(text, editor->out);
  fflush(editor->out);
}

int cle_editor_columns(cle_editor *editor) {
  int columns = 0;
  if (el_get(editor->el, EL_GETTC, "co", &columns, NULL) != 0 || columns <= 0)
    return 80;
  return columns;
}

void cle_editor_resize(cle_editor *editor) { el_resize(editor->el); }

int cle_editor_screen_disturbed(cle_editor *editor) { return editor->disturbed; }

void cle_editor_track_screen(cle_editor *editor, int row, int height) {
  screen_track_place(&editor->track, row, 0, height, cle_editor_columns(editor));
}

int cle_editor_screen_scrolled(cle_editor *editor) { return editor->track.scrolled; }

int cle_editor_screen_lowest_row(cle_editor *editor) { return editor->track.lowest; }

int cle_editor_screen_row(cle_editor *editor) { return editor->track.row; }
