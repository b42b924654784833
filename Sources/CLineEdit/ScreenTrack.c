// Follows the cursor through what libedit writes, as a terminal with
// auto-wrap moves it: line feeds, wraps, carriage returns and CSI cursor
// moves. A program that draws in a region of the main screen (--height)
// needs to know whether the line editor scrolled the screen under it — a
// candidate list, a history search's line or a wrapping line at the last
// row does — and how far down it wrote; libedit does not say.
#include "ScreenTrack.h"
#include <wchar.h>

// X/Open, declared by <wchar.h> only under _XOPEN_SOURCE.
extern int wcwidth(wchar_t);

void screen_track_place(screen_track *track, int row, int column, int height, int width) {
  track->height = height > 0 ? height : 0;
  track->width = width > 0 ? width : 1;
  track->row = row < 0 ? 0 : (height > 0 && row >= height ? height - 1 : row);
  track->column = column < 0 ? 0 : (column >= track->width ? track->width - 1 : column);
  track->pending_wrap = 0;
  track->scrolled = 0;
  track->lowest = track->row;
  track->state = 0;
  track->needed = 0;
}

static void note_row(screen_track *track) {
  if (track->row > track->lowest) track->lowest = track->row;
}

/// One row down from the cursor; at the last row the screen scrolls instead.
static void line_feed(screen_track *track) {
  track->pending_wrap = 0;
  if (track->row >= track->height - 1) {
    track->scrolled++;
    track->lowest = track->height - 1;
  } else {
    track->row++;
    note_row(track);
  }
}

static void put_scalar(screen_track *track, uint32_t scalar) {
  int width = scalar < 0x20 ? 0 : wcwidth((wchar_t)scalar);
  if (width < 0) width = 1;
  if (width == 0) return;
  if (track->pending_wrap || track->column + width > track->width) {
    track->column = 0;
    line_feed(track);
  }
  track->column += width;
  if (track->column >= track->width) {
    track->column = track->width - 1;
    track->pending_wrap = 1;
  }
}

static int parameter(const screen_track *track, int i, int fallback) {
  return i < track->param_count && track->params[i] > 0 ? track->params[i] : fallback;
}

static void csi(screen_track *track, unsigned char final) {
  int n = parameter(track, 0, 1);
  int last_row = track->height - 1;
  track->pending_wrap = 0;
  switch (final) {
  case 'A': track->row = track->row > n ? track->row - n : 0; break;
  case 'B': track->row = track->row + n < last_row ? track->row + n : last_row; break;
  case 'C': track->column = track->column + n < track->width ? track->column + n : track->width - 1; break;
  case 'D': track->column = track->column > n ? track->column - n : 0; break;
  case 'G': track->column = n - 1 < track->width ? n - 1 : track->width - 1; break;
  case 'd': track->row = n - 1 < last_row ? n - 1 : last_row; break;
  case 'H':
  case 'f':
    track->row = n - 1 < last_row ? n - 1 : last_row;
    n = parameter(track, 1, 1);
    track->column = n - 1 < track->width ? n - 1 : track->width - 1;
    break;
  default: return;
  }
  note_row(track);
}

void screen_track_write(screen_track *track, const unsigned char *bytes, size_t count) {
  if (track->height <= 0) return;
  for (size_t i = 0; i < count; i++) {
    unsigned char b = bytes[i];
    if (track->state == 1) {
      track->state = 0;
      if (b == '[') {
        track->state = 2;
        track->params[0] = track->params[1] = 0;
        track->param_count = 0;
      } else if (b == 'D') {
        line_feed(track);
      } else if (b == 'E') {
        track->column = 0;
        line_feed(track);
      } else if (b == 'M' && track->row > 0) {
        track->row--;
      }
      continue;
    }
    if (track->state == 2) {
      if (b >= '0' && b <= '9') {
        if (track->param_count == 0) track->param_count = 1;
        int *p = &track->params[track->param_count - 1];
        if (*p < 100000) *p = *p * 10 + (b - '0');
      } else if (b == ';') {
        if (track->param_count == 0) track->param_count = 1;
        if (track->param_count < 2) track->param_count++;
      } else if (b >= 0x40 && b <= 0x7E) {
        track->state = 0;
        csi(track, b);
      } else if (b < 0x20 || b > 0x7E) {
        track->state = 0;  // not a sequence after all
      }
      continue;
    }
    if (track->needed > 0) {
      if ((b & 0xC0) == 0x80) {
        track->scalar = (track->scalar << 6) | (b & 0x3F);
        if (--track->needed == 0) put_scalar(track, track->scalar);
        continue;
      }
      // A broken sequence shows as one replacement character.
      track->needed = 0;
      put_scalar(track, 0xFFFD);
    }
    switch (b) {
    case 0x1B: track->state = 1; break;
    case '\n':
    case 0x0B:
    case 0x0C:
      // The terminal's output processing (ONLCR, on under libedit) returns the carriage too.
      track->column = 0;
      line_feed(track);
      break;
    case '\r':
      track->column = 0;
      track->pending_wrap = 0;
      break;
    case '\b':
      if (track->column > 0) track->column--;
      track->pending_wrap = 0;
      break;
    case '\t':
      track->column = (track->column / 8 + 1) * 8;
      if (track->column >= track->width) track->column = track->width - 1;
      break;
    default:
      if (b >= 0xF8) {
        put_scalar(track, 0xFFFD);
      } else if (b >= 0xF0) {
        track->scalar = b & 0x07;
        track->needed = 3;
      } else if (b >= 0xE0) {
        track->scalar = b & 0x0F;
        track->needed = 2;
      } else if (b >= 0xC0) {
        track->scalar = b & 0x1F;
        track->needed = 1;
      } else if (b >= 0x20 && b != 0x7F) {
        put_scalar(track, b < 0x80 ? b : 0xFFFD);
      }
    }
  }
}
