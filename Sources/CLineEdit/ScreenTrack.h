// Where the cursor is on the terminal, followed through the bytes libedit
// writes: see ScreenTrack.c.
#ifndef CLINEEDIT_SCREEN_TRACK_H
#define CLINEEDIT_SCREEN_TRACK_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
  /// 0: not followed (the caller gave no position).
  int height;
  int width;
  /// 0-based, on the screen.
  int row, column;
  /// A character went into the last column: the next one wraps first.
  int pending_wrap;
  /// Rows the screen scrolled up (a line feed or a wrap at the last row).
  int scrolled;
  /// The lowest row written to or moved to, after scrolling.
  int lowest;
  /// Escape parser: 0 text, 1 after ESC, 2 in a CSI sequence.
  int state;
  int params[2];
  int param_count;
  /// UTF-8 decoder: the scalar so far and the bytes it still needs.
  uint32_t scalar;
  int needed;
} screen_track;

/// Starts following from `row`, `column` on a `height` × `width` screen
/// (height 0: stop following), `scrolled` counted afresh.
void screen_track_place(screen_track *track, int row, int column, int height, int width);
/// Follows `bytes` as a terminal with auto-wrap would take them.
void screen_track_write(screen_track *track, const unsigned char *bytes, size_t count);

#endif
