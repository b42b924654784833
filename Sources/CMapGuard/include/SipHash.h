#ifndef SN_SIPHASH_H
#define SN_SIPHASH_H
#include <stddef.h>
#include <stdint.h>

/// SipHash-1-3 (the function Swift's `Hasher` computes) of `p[0..<n]`,
/// keyed per process from the system's random source, `kind` making a
/// separate key (a string "3" and the number 3 hash apart). Keys the data
/// chooses cannot be made to collide without the key. `Hasher` costs three
/// calls and its buffering per key; a million sections' titles spent a
/// seventh of `--keep-order`'s load there.
uint64_t sn_siphash13(const uint8_t *p, size_t n, uint8_t kind);

/// SipHash-1-3 with the key `k0`, `k1` (tests check it against the
/// reference vectors).
uint64_t sn_siphash13_keyed(uint64_t k0, uint64_t k1, const uint8_t *p, size_t n);

#endif
