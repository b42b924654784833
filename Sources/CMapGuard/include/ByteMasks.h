#ifndef SN_BYTEMASKS_H
#define SN_BYTEMASKS_H
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// Masks over 64 bytes at a time, bit i for byte i (simdjson's stage-1
/// idea): a scanner finds every line feed of a block and whether any byte is
/// not ASCII with a few vector instructions, then walks the set bits, instead
/// of a `memchr` call and a byte loop per line — lines average 20–40 bytes,
/// so per-line overhead, not bytes, was the cost. Static inline, so Swift
/// inlines them into its loops. SSE2 (every x86-64); a byte loop elsewhere.

/// The bytes equal to `c`, and the bytes of 0x80 or more, of `p[0..<64]`.
static inline void sn_mask64(const uint8_t *p, uint8_t c, uint64_t *equal, uint64_t *high) {
#if defined(__SSE2__)
  const __m128i needle = _mm_set1_epi8((char)c);
  uint64_t e = 0, h = 0;
  for (int k = 0; k < 4; k++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * k));
    e |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, needle)) << (16 * k);
    h |= (uint64_t)(uint16_t)_mm_movemask_epi8(v) << (16 * k);
  }
  *equal = e;
  *high = h;
#else
  uint64_t e = 0, h = 0;
  for (int i = 0; i < 64; i++) {
    e |= (uint64_t)(p[i] == c) << i;
    h |= (uint64_t)(p[i] >> 7) << i;
  }
  *equal = e;
  *high = h;
#endif
}

/// `sn_mask64` over the `n` (< 64) bytes at `p`, reading no byte past them
/// (a mapping or a growing buffer may end there): bits from `n` on are clear.
static inline void sn_mask64_tail(const uint8_t *p, int n, uint8_t c, uint64_t *equal, uint64_t *high) {
  uint8_t block[64];
  memset(block, c == 0 ? 1 : 0, sizeof block);
  memcpy(block, p, (size_t)n);
  sn_mask64(block, c, equal, high);
  uint64_t valid = n >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << n) - 1);
  *equal &= valid;
  *high &= valid;
}

/// For CSV/TSV: the separators and line breaks (LF, CR) of `p[0..<64]`,
/// and its double quotes — where an unquoted field ends, and where a quoted
/// one may. A record is then split field by field with a bit scan each.
static inline void sn_csv_mask64(const uint8_t *p, uint8_t separator, uint64_t *stops, uint64_t *quotes) {
#if defined(__SSE2__)
  const __m128i sep = _mm_set1_epi8((char)separator);
  const __m128i lf = _mm_set1_epi8('\n');
  const __m128i cr = _mm_set1_epi8('\r');
  const __m128i quote = _mm_set1_epi8('"');
  uint64_t s = 0, q = 0;
  for (int k = 0; k < 4; k++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * k));
    __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, sep), _mm_cmpeq_epi8(v, lf)), _mm_cmpeq_epi8(v, cr));
    s |= (uint64_t)(uint16_t)_mm_movemask_epi8(stop) << (16 * k);
    q |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, quote)) << (16 * k);
  }
  *stops = s;
  *quotes = q;
#else
  uint64_t s = 0, q = 0;
  for (int i = 0; i < 64; i++) {
    s |= (uint64_t)(p[i] == separator || p[i] == '\n' || p[i] == '\r') << i;
    q |= (uint64_t)(p[i] == '"') << i;
  }
  *stops = s;
  *quotes = q;
#endif
}

/// For a JSON string's body: the bytes of `p[0..<64]` that end a run of
/// plain text — `"`, `\\`, and controls below 0x20. A string dense with
/// escapes (`\\u00e9` every few bytes, as Python writes non-ASCII) takes
/// them bit by bit instead of a word load and its tests after each.
static inline uint64_t sn_string_stops64(const uint8_t *p) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  const __m128i backslash = _mm_set1_epi8('\\');
  const __m128i controls = _mm_set1_epi8(0x1F);
  uint64_t stops = 0;
  for (int k = 0; k < 4; k++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * k));
    // v <= 0x1F (unsigned) exactly when max(v, 0x1F) == 0x1F.
    __m128i stop = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash)),
                                _mm_cmpeq_epi8(_mm_max_epu8(v, controls), controls));
    stops |= (uint64_t)(uint16_t)_mm_movemask_epi8(stop) << (16 * k);
  }
  return stops;
#else
  uint64_t stops = 0;
  for (int i = 0; i < 64; i++) stops |= (uint64_t)(p[i] == '"' || p[i] == '\\' || p[i] < 0x20) << i;
  return stops;
#endif
}

/// `sn_string_stops64` of `p[0..<16]`, for the plain runs of most strings
/// (16 bytes a step where a 64-bit word takes 8); bit i of `*high` is set
/// when `p[i]` is 0x80 or more.
static inline uint32_t sn_string_stops16(const uint8_t *p, uint32_t *high) {
#if defined(__SSE2__)
  const __m128i controls = _mm_set1_epi8(0x1F);
  __m128i v = _mm_loadu_si128((const __m128i *)p);
  __m128i quotes = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
  __m128i stop = _mm_or_si128(quotes, _mm_cmpeq_epi8(_mm_max_epu8(v, controls), controls));
  *high = (uint32_t)_mm_movemask_epi8(v);
  return (uint32_t)_mm_movemask_epi8(stop);
#else
  uint32_t stops = 0, highs = 0;
  for (int i = 0; i < 16; i++) {
    stops |= (uint32_t)(p[i] == '"' || p[i] == '\\' || p[i] < 0x20) << i;
    highs |= (uint32_t)(p[i] >= 0x80) << i;
  }
  *high = highs;
  return stops;
#endif
}

/// What a block of a JSON string dense with escapes needs to be checked
/// whole (simdjson's way: escapes found by bit arithmetic, not byte by
/// byte): bit i of each mask is byte `p[i]` of 64 being that class.
typedef struct {
  uint64_t quote, backslash, control;
  /// `0-9a-fA-F`; `u`; `0`; `1` (for whether a u-escape's value is below U+1100).
  uint64_t hex, u, zero, one;
} sn_escape_masks;

static inline void sn_escape_masks64(const uint8_t *p, sn_escape_masks *m) {
#if defined(__SSE2__)
  uint64_t q = 0, b = 0, c = 0, h = 0, u = 0, z = 0, o = 0;
  // x in [lo, lo + n) as one signed compare: x - lo - 128 < n - 128.
#define SN_EQ(v, x) _mm_cmpeq_epi8(v, _mm_set1_epi8((char)(x)))
#define SN_IN(v, lo, n) \
  _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8((char)(0x80 - (lo)))), _mm_set1_epi8((char)((n) - 0x80)))
  for (int k = 0; k < 4; k++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * k));
    __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
    __m128i hex = _mm_or_si128(SN_IN(v, '0', 10), SN_IN(lower, 'a', 6));
    int shift = 16 * k;
    q |= (uint64_t)(uint16_t)_mm_movemask_epi8(SN_EQ(v, '"')) << shift;
    b |= (uint64_t)(uint16_t)_mm_movemask_epi8(SN_EQ(v, '\\')) << shift;
    c |= (uint64_t)(uint16_t)_mm_movemask_epi8(SN_IN(v, 0, 0x20)) << shift;
    h |= (uint64_t)(uint16_t)_mm_movemask_epi8(hex) << shift;
    u |= (uint64_t)(uint16_t)_mm_movemask_epi8(SN_EQ(v, 'u')) << shift;
    z |= (uint64_t)(uint16_t)_mm_movemask_epi8(SN_EQ(v, '0')) << shift;
    o |= (uint64_t)(uint16_t)_mm_movemask_epi8(SN_EQ(v, '1')) << shift;
  }
#undef SN_EQ
#undef SN_IN
  m->quote = q; m->backslash = b; m->control = c; m->hex = h; m->u = u; m->zero = z; m->one = o;
#else
  sn_escape_masks r = {0, 0, 0, 0, 0, 0, 0};
  for (int i = 0; i < 64; i++) {
    uint8_t x = p[i], l = x | 0x20;
    uint64_t bit = (uint64_t)1 << i;
    if (x == '"') r.quote |= bit;
    if (x == '\\') r.backslash |= bit;
    if (x < 0x20) r.control |= bit;
    if ((x >= '0' && x <= '9') || (l >= 'a' && l <= 'f')) r.hex |= bit;
    if (x == 'u') r.u |= bit;
    if (x == '0') r.zero |= bit;
    if (x == '1') r.one |= bit;
  }
  *m = r;
#endif
}

#endif
