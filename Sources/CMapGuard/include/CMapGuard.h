#ifndef CMAPGUARD_H
#define CMAPGUARD_H
#include <stddef.h>
#include "Prefetch.h"
#include "Cores.h"
#include "Publish.h"

/// Guards read-only file mappings against SIGBUS: when the file shrinks under
/// a mapping, touching the lost pages would kill the process. A guarded range
/// instead gets zero pages mapped over the faulting page and a flag is set,
/// so the program can report "file changed while reading" and go on.
/// Faults outside guarded ranges keep the default action (a real crash).

/// Installs the SIGBUS handler (idempotent). Returns 0 on success.
int mapguard_install(void);
/// Starts guarding [base, base+length). Returns 0, or -1 when the table is full.
int mapguard_add(const void *base, size_t length);
/// Stops guarding the range that starts at base.
void mapguard_remove(const void *base);
/// How many faults were repaired since the start (0: the files stayed whole).
long mapguard_repaired(void);
#endif
