#ifndef SN_ESCAPEDBLOCKS_H
#define SN_ESCAPEDBLOCKS_H
#include <stdint.h>

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
