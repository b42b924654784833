// Thin wrappers over the C API of ICU (libicuuc, libicui18n), which is
// loaded with dlopen the first time a non-C locale asks for it — never
// linked: a run in the C locale maps no ICU at all. See CICU.c.
#ifndef CICU_H
#define CICU_H

#include <stdint.h>

/// Loads ICU once; NULL when it is ready, else why not (one line).
const char *cicu_load_error(void);

/// The loaded ICU's major version (72), 0 before loading.
int cicu_version(void);

typedef struct cicu_collator cicu_collator;

/// A collator for `locale` (an ICU locale id such as "sv" or "zh_TW"): a
/// full-strength one with digit runs compared as numbers (the section
/// order), and a primary-strength one without (the index buckets). NULL
/// with `error` set when ICU cannot open it.
cicu_collator *cicu_collator_open(const char *locale, char *error, int32_t error_size);
void cicu_collator_close(cicu_collator *collator);

/// The locale ICU found data for ("sv" for "sv_SE", "root" for a name it
/// does not know, such as "sve"); "" when ICU cannot tell.
const char *cicu_collator_valid_locale(const cicu_collator *collator);

/// The sort key of UTF-8 `text` (full strength when `primary` is 0, else
/// primary strength), written to `key` up to `capacity` bytes; returns its
/// length with the terminating 0 (more than `capacity`: call again).
int32_t cicu_sort_key_utf8(
  const cicu_collator *collator, int primary, const char *text, int32_t length, uint8_t *key, int32_t capacity);

/// The same for UTF-16 text.
int32_t cicu_sort_key(
  const cicu_collator *collator, int primary, const uint16_t *text, int32_t length, uint8_t *key, int32_t capacity);

/// Compares UTF-16 strings at primary strength: -1, 0, 1.
int cicu_compare_primary(
  const cicu_collator *collator, const uint16_t *a, int32_t a_length, const uint16_t *b, int32_t b_length);

/// How many primary weights `text` has at primary strength (for labels such
/// as "Sch" or "Æ" that expand to several letters).
int cicu_primary_weights(const cicu_collator *collator, const uint16_t *text, int32_t length);

/// A set of strings and code points (an ICU USet).
typedef struct cicu_set cicu_set;

/// The locale's exemplar characters of `kind` (0 standard, 2 index); NULL
/// when the locale data has none.
cicu_set *cicu_exemplars(const char *locale, int kind);
/// The contractions of the primary collator (the `\uFDD0`/`\uFDD1` labels and script boundaries).
cicu_set *cicu_contractions(const cicu_collator *collator);
void cicu_set_close(cicu_set *set);
/// Adds the code points start…end.
void cicu_set_add_range(cicu_set *set, int32_t start, int32_t end);
/// Removes the code points start…end.
void cicu_set_remove_range(cicu_set *set, int32_t start, int32_t end);
/// Whether the set holds any of start…end.
int cicu_set_contains_some(const cicu_set *set, int32_t start, int32_t end);
int cicu_set_is_empty(const cicu_set *set);
/// The items: ranges of code points, then strings.
int32_t cicu_set_item_count(const cicu_set *set);
/// Item `i`: a range (returns 0, sets `start`, `end`) or a string (returns
/// its UTF-16 length, written to `text` up to `capacity`).
int32_t cicu_set_item(
  const cicu_set *set, int32_t i, int32_t *start, int32_t *end, uint16_t *text, int32_t capacity);

/// The general category of `c` (ICU's UCharCategory: 0 unassigned, 1–5 letters).
int cicu_char_type(int32_t c);

/// `text` in NFKD; returns the length (more than `capacity`: call again), -1 on error.
int32_t cicu_nfkd(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity);

/// `text` upper-cased for `locale`; returns the length as `cicu_nfkd`.
int32_t cicu_to_upper(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity, const char *locale);

#endif
