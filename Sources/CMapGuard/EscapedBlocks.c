#include "EscapedBlocks.h"
#include "ByteMasks.h"
#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

#if defined(__x86_64__)
/// `sn_escape_masks64` 32 bytes at a time.
__attribute__((target("avx2"))) static void masks_avx2(const uint8_t *p, sn_escape_masks *m) {
  uint64_t q = 0, b = 0, c = 0, h = 0, u = 0, z = 0, o = 0;
#define SN_EQ(v, x) _mm256_cmpeq_epi8(v, _mm256_set1_epi8((char)(x)))
  // x in [lo, lo + n) as one signed compare: x - lo - 128 < n - 128.
#define SN_IN(v, lo, n) \
  _mm256_cmpgt_epi8(_mm256_set1_epi8((char)((n) - 0x80)), _mm256_add_epi8(v, _mm256_set1_epi8((char)(0x80 - (lo)))))
  for (int k = 0; k < 2; k++) {
    __m256i v = _mm256_loadu_si256((const __m256i *)(p + 32 * k));
    __m256i lower = _mm256_or_si256(v, _mm256_set1_epi8(0x20));
    __m256i hex = _mm256_or_si256(SN_IN(v, '0', 10), SN_IN(lower, 'a', 6));
    int shift = 32 * k;
    q |= (uint64_t)(uint32_t)_mm256_movemask_epi8(SN_EQ(v, '"')) << shift;
    b |= (uint64_t)(uint32_t)_mm256_movemask_epi8(SN_EQ(v, '\\')) << shift;
    c |= (uint64_t)(uint32_t)_mm256_movemask_epi8(SN_IN(v, 0, 0x20)) << shift;
    h |= (uint64_t)(uint32_t)_mm256_movemask_epi8(hex) << shift;
    u |= (uint64_t)(uint32_t)_mm256_movemask_epi8(SN_EQ(v, 'u')) << shift;
    z |= (uint64_t)(uint32_t)_mm256_movemask_epi8(SN_EQ(v, '0')) << shift;
    o |= (uint64_t)(uint32_t)_mm256_movemask_epi8(SN_EQ(v, '1')) << shift;
  }
#undef SN_EQ
#undef SN_IN
  m->quote = q; m->backslash = b; m->control = c; m->hex = h; m->u = u; m->zero = z; m->one = o;
}
#endif

/// The kernel, inlined into each variant so that its bit counts and masks
/// are compiled for that variant's instructions (`wide` is a constant there).
static inline __attribute__((always_inline)) sn_escaped_result run(int wide, const uint8_t *p, const uint8_t *end) {
  const uint64_t odd = 0xAAAAAAAAAAAAAAAAull;
  int64_t saved = 0;
  // Carried from the block before: its last byte was an escaping
  // backslash; the bits of this block that are a `\u`'s hex digits.
  uint64_t nextIsEscaped = 0, hexIn = 0;
  // The escape boundary before what is carried, and what `saved` got for
  // a `\u` whose digits run into this block.
  const uint8_t *restart = p;
  int64_t pending = 0;
  while (end - p >= 72) {
    sn_escape_masks m;
#if defined(__x86_64__)
    if (wide) masks_avx2(p, &m); else sn_escape_masks64(p, &m);
#else
    sn_escape_masks64(p, &m);
#endif
    uint64_t potential = m.backslash & ~nextIsEscaped;
    uint64_t code = (((potential << 1) | odd) - potential) ^ odd;
    uint64_t escaped = code ^ (m.backslash | nextIsEscaped);
    uint64_t u = escaped & m.u;
    uint64_t required = hexIn | u << 1 | u << 2 | u << 3 | u << 4;
    uint64_t quotes = m.quote & ~escaped;
    uint64_t closing = quotes & (0 - quotes);
    uint64_t before = closing - 1;
    uint64_t bad = (m.control & before) | (required & ~m.hex & (before | closing));
    // Escapes other than `\u`, `\"` and `\\` (`\n`, `\t`, `\/`…) are few: checked one by one.
    uint64_t others = escaped & ~(m.u | m.quote | m.backslash) & before;
    while (others) {
      if (!sn_short_escape(p[__builtin_ctzll(others)])) bad = 1;
      others &= others - 1;
    }
    if (bad) return (sn_escaped_result){restart, saved - pending, sn_escaped_bad};
    // Each escape saves a byte, each `\u` four, five when its value is
    // below U+1100 (one cell for six bytes): a first digit `0`, or `1`
    // then `0`. Told by masks up to bit 59, whose digits are in this block.
    uint64_t us = u & before, first60 = ((uint64_t)1 << 60) - 1;
    uint64_t low = us & ((m.zero >> 1) | ((m.one >> 1) & (m.zero >> 2))) & first60;
    saved += __builtin_popcountll(escaped & ~m.u & before) + 4 * __builtin_popcountll(us) + __builtin_popcountll(low);
    uint64_t late = us & ~first60;
    int64_t lastSaved = 0;
    while (late) {
      int v = sn_hex4(p + __builtin_ctzll(late) + 1);
      lastSaved = v >= 0 && v < 0x1100;
      saved += lastSaved;
      late &= late - 1;
    }
    if (closing) return (sn_escaped_result){p + __builtin_ctzll(closing) + 1, saved, sn_escaped_closed};
    nextIsEscaped = (code & m.backslash) >> 63;
    hexIn = u >> 63 | u >> 62 | u >> 61 | u >> 60;
    if (hexIn) {
      // A `\u` in the last four bytes: its backslash is the boundary.
      restart = p + (63 - __builtin_clzll(u)) - 1;
      pending = 4 + lastSaved;
    } else {
      restart = p + 64 - (int64_t)nextIsEscaped;
      pending = 0;
    }
    p += 64;
  }
  return (sn_escaped_result){restart, saved - pending, sn_escaped_ran_out};
}

static sn_escaped_result baseline(const uint8_t *p, const uint8_t *end) { return run(0, p, end); }

#if defined(__x86_64__)
__attribute__((target("avx2,popcnt,bmi"))) static sn_escaped_result wide(const uint8_t *p, const uint8_t *end) {
  return run(1, p, end);
}

/// AVX2, BMI1 and POPCNT, and an operating system that saves the AVX state.
static int wide_available(void) {
  unsigned a, b, c, d;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
  if (!(c & (1u << 27)) || !(c & (1u << 28)) || !(c & (1u << 23))) return 0;  // OSXSAVE, AVX, POPCNT
  uint32_t lo, hi;
  __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
  if ((lo & 6) != 6) return 0;  // XMM and YMM state
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
  return (b & (1u << 5)) && (b & (1u << 3));  // AVX2, BMI1
}
#else
static sn_escaped_result wide(const uint8_t *p, const uint8_t *end) { return run(0, p, end); }
static int wide_available(void) { return 0; }
#endif

static sn_escaped_result (*chosen)(const uint8_t *, const uint8_t *) = baseline;
static int hasWide = 0;

__attribute__((constructor)) static void choose(void) {
  hasWide = wide_available();
  if (hasWide) chosen = wide;
}

sn_escaped_result sn_escaped_blocks(const uint8_t *p, const uint8_t *end) { return chosen(p, end); }

sn_escaped_result sn_escaped_blocks_with(int useWide, const uint8_t *p, const uint8_t *end) {
  return useWide && hasWide ? wide(p, end) : baseline(p, end);
}

int sn_escaped_wide_available(void) { return hasWide; }
