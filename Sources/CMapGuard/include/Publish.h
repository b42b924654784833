#ifndef SN_PUBLISH_H
#define SN_PUBLISH_H

#include <stdint.h>

/// Stores `value` at `p` after every earlier store (a release store). Item
/// ranges a snapshot shares are read on another thread while the loader
/// appends: a block that turns wide is copied out first and only then
/// pointed at, so a reader sees either the old entries or the full copy.
static inline void sn_store_release_u64(uint64_t *p, uint64_t value) {
  __atomic_store_n(p, value, __ATOMIC_RELEASE);
}

#endif
