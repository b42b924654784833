// ICU through dlopen. See include/CICU.h for the contract.
#include "CICU.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// ---- Loading ICU -----------------------------------------------------------------

/// ICU is loaded when a non-C locale asks for it, not linked: its data
/// library alone is 30 MB of mapping and the libraries cost about 2 MB of
/// memory and a few milliseconds at every start. ICU's C symbols carry the
/// major version (`ucol_open_72`), found here at run time: the first soname
/// `libicuuc.so.N` that opens gives N (newest first), and `u_getVersion_N`
/// confirms it; a build without renaming has plain `u_getVersion`.
/// `SECTIONNAV_ICU_VERSION=N` tries only version N (0: none, as where ICU is missing).

typedef uint16_t UChar;
typedef int UErrorCode;
typedef void UCollator;
typedef void USet;
typedef void ULocaleData;
typedef void UNormalizer2;
typedef void UCollationElements;
#define U_FAILURE(e) ((e) > 0)
enum { UCOL_STRENGTH = 5, UCOL_NUMERIC_COLLATION = 7, UCOL_PRIMARY = 0, UCOL_ON = 17 };

static struct {
  // libicuuc
  void (*u_getVersion)(uint8_t *);
  UChar *(*u_strFromUTF8WithSub)(UChar *, int32_t, int32_t *, const char *, int32_t, int32_t, int32_t *, UErrorCode *);
  int32_t (*u_strToUpper)(UChar *, int32_t, const UChar *, int32_t, const char *, UErrorCode *);
  int8_t (*u_charType)(int32_t);
  USet *(*uset_openEmpty)(void);
  void (*uset_close)(USet *);
  void (*uset_addRange)(USet *, int32_t, int32_t);
  void (*uset_removeRange)(USet *, int32_t, int32_t);
  int8_t (*uset_containsSome)(const USet *, const USet *);
  int8_t (*uset_isEmpty)(const USet *);
  int32_t (*uset_getItemCount)(const USet *);
  int32_t (*uset_getItem)(const USet *, int32_t, int32_t *, int32_t *, UChar *, int32_t, UErrorCode *);
  const UNormalizer2 *(*unorm2_getNFKDInstance)(UErrorCode *);
  int32_t (*unorm2_normalize)(const UNormalizer2 *, const UChar *, int32_t, UChar *, int32_t, UErrorCode *);
  // libicui18n
  UCollator *(*ucol_open)(const char *, UErrorCode *);
  void (*ucol_close)(UCollator *);
  void (*ucol_setAttribute)(UCollator *, int, int, UErrorCode *);
  int32_t (*ucol_getSortKey)(const UCollator *, const UChar *, int32_t, uint8_t *, int32_t);
  int (*ucol_strcoll)(const UCollator *, const UChar *, int32_t, const UChar *, int32_t);
  void (*ucol_getContractionsAndExpansions)(const UCollator *, USet *, USet *, int8_t, UErrorCode *);
  UCollationElements *(*ucol_openElements)(const UCollator *, const UChar *, int32_t, UErrorCode *);
  int32_t (*ucol_next)(UCollationElements *, UErrorCode *);
  void (*ucol_closeElements)(UCollationElements *);
  const char *(*ucol_getLocaleByType)(const UCollator *, int, UErrorCode *);
  ULocaleData *(*ulocdata_open)(const char *, UErrorCode *);
  void (*ulocdata_close)(ULocaleData *);
  USet *(*ulocdata_getExemplarSet)(ULocaleData *, USet *, uint32_t, int, UErrorCode *);
} icu;
static pthread_once_t icu_once = PTHREAD_ONCE_INIT;
static char icu_error[256];
static int icu_major;

/// Looks `name` up with the version suffix, then without.
static void *find(void *library, const char *name, const char *suffix) {
  char full[96];
  snprintf(full, sizeof full, "%s%s", name, suffix);
  void *symbol = dlsym(library, full);
  return symbol != NULL ? symbol : dlsym(library, name);
}

static void load_icu(void) {
  int first = 90, last = 44;
  const char *wanted = getenv("SECTIONNAV_ICU_VERSION");
  if (wanted != NULL && *wanted != 0) {
    // Its value is not repeated: the note reaches the terminal.
    // Digits only: strtol would take " 72" and "-1".
    size_t digits = strspn(wanted, "0123456789");
    if (wanted[digits] != 0 || digits > 3) {
      snprintf(icu_error, sizeof icu_error, "SECTIONNAV_ICU_VERSION is not a version number (such as 72)");
      return;
    }
    first = last = atoi(wanted);
    if (first == 0) {
      snprintf(icu_error, sizeof icu_error, "ICU is turned off (SECTIONNAV_ICU_VERSION=0)");
      return;
    }
  }
  void *uc = NULL;
  int version = 0;
  char name[64];
  for (int v = first; v >= last && v > 0 && uc == NULL; v--) {
    snprintf(name, sizeof name, "libicuuc.so.%d", v);
    uc = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    version = v;
  }
  if (uc == NULL) {
    if (first == last && first > 0) {
      snprintf(icu_error, sizeof icu_error, "ICU %d (libicuuc.so.%d, SECTIONNAV_ICU_VERSION) is not installed", first,
               first);
    } else {
      snprintf(icu_error, sizeof icu_error, "ICU (libicuuc.so.N) is not installed");
    }
    return;
  }
  snprintf(name, sizeof name, "libicui18n.so.%d", version);
  void *i18n = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (i18n == NULL) {
    snprintf(icu_error, sizeof icu_error, "%s is not installed", name);
    return;
  }
  char suffix[16];
  snprintf(suffix, sizeof suffix, "_%d", version);
  int ok = 1;
#define LOAD(library, fn)                                                           \
  if (ok && (*(void **)&icu.fn = find(library, #fn, suffix)) == NULL) {             \
    snprintf(icu_error, sizeof icu_error, "ICU %d has no %s%s", version, #fn, suffix); \
    ok = 0;                                                                          \
  }
  LOAD(uc, u_getVersion) LOAD(uc, u_strFromUTF8WithSub) LOAD(uc, u_strToUpper) LOAD(uc, u_charType)
  LOAD(uc, uset_openEmpty) LOAD(uc, uset_close) LOAD(uc, uset_addRange) LOAD(uc, uset_removeRange)
  LOAD(uc, uset_containsSome) LOAD(uc, uset_isEmpty) LOAD(uc, uset_getItemCount) LOAD(uc, uset_getItem)
  LOAD(uc, unorm2_getNFKDInstance) LOAD(uc, unorm2_normalize)
  LOAD(i18n, ucol_open) LOAD(i18n, ucol_close) LOAD(i18n, ucol_setAttribute) LOAD(i18n, ucol_getSortKey)
  LOAD(i18n, ucol_strcoll) LOAD(i18n, ucol_getContractionsAndExpansions) LOAD(i18n, ucol_openElements)
  LOAD(i18n, ucol_next) LOAD(i18n, ucol_closeElements) LOAD(i18n, ulocdata_open) LOAD(i18n, ulocdata_close)
  LOAD(i18n, ulocdata_getExemplarSet) LOAD(i18n, ucol_getLocaleByType)
#undef LOAD
  if (!ok) return;
  uint8_t info[4] = {0};
  icu.u_getVersion(info);
  icu_major = info[0] != 0 ? info[0] : version;
}

const char *cicu_load_error(void) {
  pthread_once(&icu_once, load_icu);
  return icu_major != 0 ? NULL : icu_error;
}

int cicu_version(void) { return icu_major; }

// ---- Collators -------------------------------------------------------------------

struct cicu_collator {
  UCollator *full;
  UCollator *primary;
};

cicu_collator *cicu_collator_open(const char *locale, char *error, int32_t error_size) {
  const char *why = cicu_load_error();
  if (why != NULL) {
    snprintf(error, error_size, "%s", why);
    return NULL;
  }
  UErrorCode e = 0;
  UCollator *full = icu.ucol_open(locale, &e);
  icu.ucol_setAttribute(full, UCOL_NUMERIC_COLLATION, UCOL_ON, &e);
  UCollator *primary = U_FAILURE(e) ? NULL : icu.ucol_open(locale, &e);
  if (primary != NULL) icu.ucol_setAttribute(primary, UCOL_STRENGTH, UCOL_PRIMARY, &e);
  if (U_FAILURE(e)) {
    snprintf(error, error_size, "ICU %d cannot open a collator for '%s' (error %d)", icu_major, locale, e);
    if (full != NULL) icu.ucol_close(full);
    if (primary != NULL) icu.ucol_close(primary);
    return NULL;
  }
  cicu_collator *c = malloc(sizeof *c);
  if (c == NULL) return NULL;
  c->full = full;
  c->primary = primary;
  return c;
}

const char *cicu_collator_valid_locale(const cicu_collator *collator) {
  UErrorCode e = 0;
  const char *valid = icu.ucol_getLocaleByType(collator->full, 1 /* ULOC_VALID_LOCALE */, &e);
  return U_FAILURE(e) || valid == NULL ? "" : valid;
}

void cicu_collator_close(cicu_collator *collator) {
  if (collator == NULL) return;
  icu.ucol_close(collator->full);
  icu.ucol_close(collator->primary);
  free(collator);
}

int32_t cicu_sort_key(
  const cicu_collator *collator, int primary, const uint16_t *text, int32_t length, uint8_t *key, int32_t capacity) {
  return icu.ucol_getSortKey(primary ? collator->primary : collator->full, text, length, key, capacity);
}

int32_t cicu_sort_key_utf8(
  const cicu_collator *collator, int primary, const char *text, int32_t length, uint8_t *key, int32_t capacity) {
  UChar small[256];
  UChar *units = small;
  int32_t n = 0;
  UErrorCode e = 0;
  icu.u_strFromUTF8WithSub(units, 256, &n, text, length, 0xFFFD, NULL, &e);
  if (n > 256) {
    units = malloc(sizeof(UChar) * (size_t)n);
    if (units == NULL) return 0;
    e = 0;
    icu.u_strFromUTF8WithSub(units, n, &n, text, length, 0xFFFD, NULL, &e);
  }
  int32_t result = U_FAILURE(e) && n <= 256 ? 0 : cicu_sort_key(collator, primary, units, n, key, capacity);
  if (units != small) free(units);
  return result;
}

int cicu_compare_primary(
  const cicu_collator *collator, const uint16_t *a, int32_t a_length, const uint16_t *b, int32_t b_length) {
  return icu.ucol_strcoll(collator->primary, a, a_length, b, b_length);
}

int cicu_primary_weights(const cicu_collator *collator, const uint16_t *text, int32_t length) {
  UErrorCode e = 0;
  UCollationElements *elements = icu.ucol_openElements(collator->primary, text, length, &e);
  if (U_FAILURE(e)) return 0;
  int count = 0;
  for (;;) {
    int32_t ce = icu.ucol_next(elements, &e);
    if (ce == -1 /* UCOL_NULLORDER */ || U_FAILURE(e)) break;
    // A continuation (low bits 0xC0) carries the rest of the previous weight.
    if ((ce & 0xC0) != 0xC0 && ((uint32_t)ce >> 16) != 0) count++;
  }
  icu.ucol_closeElements(elements);
  return count;
}

// ---- Sets ------------------------------------------------------------------------

cicu_set *cicu_exemplars(const char *locale, int kind) {
  if (cicu_load_error() != NULL) return NULL;
  UErrorCode e = 0;
  ULocaleData *data = icu.ulocdata_open(locale, &e);
  if (U_FAILURE(e)) return NULL;
  USet *set = icu.uset_openEmpty();
  icu.ulocdata_getExemplarSet(data, set, 0, kind, &e);
  icu.ulocdata_close(data);
  // A missing set is an error (U_MISSING_RESOURCE_ERROR); a parent
  // locale's set is a warning and is used, as AlphabeticIndex does.
  if (U_FAILURE(e)) {
    icu.uset_close(set);
    return NULL;
  }
  return (cicu_set *)set;
}

cicu_set *cicu_contractions(const cicu_collator *collator) {
  UErrorCode e = 0;
  USet *set = icu.uset_openEmpty();
  icu.ucol_getContractionsAndExpansions(collator->primary, set, NULL, 0, &e);
  if (U_FAILURE(e)) {
    icu.uset_close(set);
    return NULL;
  }
  return (cicu_set *)set;
}

void cicu_set_close(cicu_set *set) {
  if (set != NULL) icu.uset_close(set);
}

void cicu_set_add_range(cicu_set *set, int32_t start, int32_t end) { icu.uset_addRange(set, start, end); }

void cicu_set_remove_range(cicu_set *set, int32_t start, int32_t end) { icu.uset_removeRange(set, start, end); }

int cicu_set_contains_some(const cicu_set *set, int32_t start, int32_t end) {
  USet *range = icu.uset_openEmpty();
  icu.uset_addRange(range, start, end);
  int result = icu.uset_containsSome(set, range);
  icu.uset_close(range);
  return result;
}

int cicu_set_is_empty(const cicu_set *set) { return icu.uset_isEmpty(set); }

int32_t cicu_set_item_count(const cicu_set *set) { return icu.uset_getItemCount(set); }

int32_t cicu_set_item(
  const cicu_set *set, int32_t i, int32_t *start, int32_t *end, uint16_t *text, int32_t capacity) {
  UErrorCode e = 0;
  int32_t n = icu.uset_getItem(set, i, start, end, text, capacity, &e);
  return U_FAILURE(e) && n <= capacity ? 0 : n;
}

// ---- Characters ------------------------------------------------------------------

int cicu_char_type(int32_t c) { return icu.u_charType(c); }

int32_t cicu_nfkd(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity) {
  UErrorCode e = 0;
  const UNormalizer2 *nfkd = icu.unorm2_getNFKDInstance(&e);
  if (U_FAILURE(e)) return -1;
  int32_t n = icu.unorm2_normalize(nfkd, text, length, out, capacity, &e);
  return U_FAILURE(e) && n <= capacity ? -1 : n;
}

int32_t cicu_to_upper(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity, const char *locale) {
  UErrorCode e = 0;
  int32_t n = icu.u_strToUpper(out, capacity, text, length, locale, &e);
  return U_FAILURE(e) && n <= capacity ? -1 : n;
}
