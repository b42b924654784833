#ifndef CMAPGUARD_H
#define CMAPGUARD_H
#include <stddef.h>
#include "Prefetch.h"
#include "Cores.h"
#include "Publish.h"
#include "ByteMasks.h"
#include "Malloc.h"
#include "EscapedBlocks.h"
#include "SipHash.h"
#include "OutOfMemory.h"

/// Guards read-only file mappings against SIGBUS: when the file shrinks under
/// a mapping, touching the lost pages would kill the process. A guarded range
/// instead gets zero pages mapped over the faulting page and a flag is set,
/// so the program can report "file changed while reading" and go on.
/// Faults outside guarded ranges keep the default action (a real crash).

/// Installs the SIGBUS handler unless it is in place, or another handler
/// owns SIGBUS and repairs through `mapguard_repair` (`mapguard_set_consulted`).
/// Returns 0 on success.
int mapguard_install(void);
/// Maps zero pages over the page of `address` when it lies in a guarded
/// range; 1 when it did (the faulting access can be retried), else 0.
/// Async-signal-safe.
int mapguard_repair(const void *address);
/// Another SIGBUS handler now calls `mapguard_repair` itself (1), or no
/// longer does (0: the guard's own handler is put back if ranges are guarded).
void mapguard_set_consulted(int consulted);
/// Starts guarding [base, base+length). Returns 0, or -1 when the table is full.
int mapguard_add(const void *base, size_t length);
/// Stops guarding the range that starts at base.
void mapguard_remove(const void *base);
/// How many faults were repaired since the start (0: the files stayed whole).
long mapguard_repaired(void);
#endif
