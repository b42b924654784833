#ifndef SN_ESCAPEDBLOCKS_H
#define SN_ESCAPEDBLOCKS_H
#include <stdint.h>

/// Whether `c` may follow a backslash as a one-letter escape other than a
/// quote or a backslash: `/bfnrt` (`u` takes four hex digits). The JSON
/// lexer's rule, here so that its Swift and C parts share it.
static inline int sn_short_escape(uint8_t c) {
  return c == 0x2F || c == 0x62 || c == 0x66 || c == 0x6E || c == 0x72 || c == 0x74;
}

/// The value of the four hexadecimal digits at `p`, or -1. Each digit is
/// judged by arithmetic the compiler turns into selects: `\u00e9` mixes
/// digits and letters at random, which a branch per digit mispredicts.
static inline __attribute__((always_inline)) int sn_hex4(const uint8_t *p) {
  uint32_t v = 0, bad = 0;
  for (int k = 0; k < 4; k++) {
    uint8_t c = p[k], digit = (uint8_t)(c - 0x30), letter = (uint8_t)((c | 0x20) - 0x61);
    int isDigit = digit < 10;
    bad |= !isDigit & !(letter < 6);
    v = v << 4 | (isDigit ? digit : (uint8_t)(letter + 10));
  }
  return bad ? -1 : (int)v;
}

/// Where `sn_escaped_blocks` stopped.
typedef enum {
  /// Fewer than 72 bytes were left: go on escape by escape from `next`.
  sn_escaped_ran_out = 0,
  /// The string closed; `next` is just after its quote.
  sn_escaped_closed = 1,
  /// A block holds an error: walk it escape by escape from `next` (an
  /// escape boundary), which names the error exactly.
  sn_escaped_bad = 2,
} sn_escaped_status;

typedef struct {
  const uint8_t *next;
  /// The bytes the escapes before `next` save (each escape one, a `\u`
  /// four, five when its value is below U+1100), or up to the quote.
  int64_t saved;
  sn_escaped_status status;
} sn_escaped_result;

/// A JSON string's body from `p` (an escape boundary) checked 64 bytes at
/// a time, as long as 72 bytes are left before `end` (a `\u` in a block's
/// last bytes reads its digits past it): simdjson's stage 1 for strings.
/// AVX2 and hardware bit counts where the processor has them (chosen once),
/// else SSE2: the build targets every x86-64, and the bit arithmetic of a
/// block was most of the time of strings dense with `\u00e9`.
sn_escaped_result sn_escaped_blocks(const uint8_t *p, const uint8_t *end);

/// `sn_escaped_blocks` with the wide (1) or the baseline (0) kernel, for
/// tests that compare the two; the wide one only when `sn_escaped_wide_available`.
sn_escaped_result sn_escaped_blocks_with(int wide, const uint8_t *p, const uint8_t *end);
int sn_escaped_wide_available(void);

#endif
