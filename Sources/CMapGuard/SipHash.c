#define _GNU_SOURCE
#include "SipHash.h"
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

static uint64_t key0 = 0x0706050403020100ull, key1 = 0x0f0e0d0c0b0a0908ull;

/// The key, from `getrandom` (not waiting: this runs before `main`); else
/// from the clock, the process id and where the stack lies (ASLR).
__attribute__((constructor)) static void sn_siphash_key(void) {
  uint64_t k[2];
  if (getrandom(k, sizeof k, GRND_NONBLOCK) == (ssize_t)sizeof k) {
    key0 = k[0];
    key1 = k[1];
    return;
  }
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  key0 ^= (uint64_t)t.tv_nsec * 0x9E3779B97F4A7C15ull ^ (uint64_t)(uintptr_t)&t;
  key1 ^= (uint64_t)t.tv_sec * 0xC2B2AE3D27D4EB4Full ^ (uint64_t)getpid() << 32;
}

#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))
#define SIPROUND           \
  do {                     \
    v0 += v1;              \
    v1 = ROTL(v1, 13);     \
    v1 ^= v0;              \
    v0 = ROTL(v0, 32);     \
    v2 += v3;              \
    v3 = ROTL(v3, 16);     \
    v3 ^= v2;              \
    v0 += v3;              \
    v3 = ROTL(v3, 21);     \
    v3 ^= v0;              \
    v2 += v1;              \
    v1 = ROTL(v1, 17);     \
    v1 ^= v2;              \
    v2 = ROTL(v2, 32);     \
  } while (0)

uint64_t sn_siphash13(const uint8_t *p, size_t n, uint8_t kind) {
  return sn_siphash13_keyed(key0, key1 ^ (uint64_t)kind * 0x9E3779B97F4A7C15ull, p, n);
}

uint64_t sn_siphash13_keyed(uint64_t k0, uint64_t k1, const uint8_t *p, size_t n) {
  uint64_t v0 = k0 ^ 0x736f6d6570736575ull, v1 = k1 ^ 0x646f72616e646f6dull;
  uint64_t v2 = k0 ^ 0x6c7967656e657261ull, v3 = k1 ^ 0x7465646279746573ull;
  const uint8_t *end = p + (n & ~(size_t)7);
  for (; p != end; p += 8) {
    uint64_t m;
    memcpy(&m, p, 8);  // little-endian, as SipHash reads its words
    v3 ^= m;
    SIPROUND;
    v0 ^= m;
  }
  uint64_t b = (uint64_t)n << 56;
  switch (n & 7) {
    case 7: b |= (uint64_t)p[6] << 48; /* fall through */
    case 6: b |= (uint64_t)p[5] << 40; /* fall through */
    case 5: b |= (uint64_t)p[4] << 32; /* fall through */
    case 4: b |= (uint64_t)p[3] << 24; /* fall through */
    case 3: b |= (uint64_t)p[2] << 16; /* fall through */
    case 2: b |= (uint64_t)p[1] << 8; /* fall through */
    case 1: b |= (uint64_t)p[0]; break;
    default: break;
  }
  v3 ^= b;
  SIPROUND;
  v0 ^= b;
  v2 ^= 0xff;
  SIPROUND;
  SIPROUND;
  SIPROUND;
  return v0 ^ v1 ^ v2 ^ v3;
}
