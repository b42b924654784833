// The reference for LocaleCollationTests: ICU's own AlphabeticIndex and
// collator. Usage: oracle LOCALE < titles (one a line). Prints the visible
// labels (tab-separated), then each title's label, then the titles sorted
// as the index holds its records: by bucket, then by the collator (digit
// runs as numbers), one a line.
#include <unicode/alphaindex.h>
#include <unicode/coll.h>
#include <unicode/locid.h>
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>
using namespace icu;
int main(int argc, char **argv) {
  if (argc < 2) return 2;
  UErrorCode e = U_ZERO_ERROR;
  Locale locale(argv[1]);
  AlphabeticIndex index(locale, e);
  index.setUnderflowLabel(UnicodeString(u"#"), e);
  std::unique_ptr<AlphabeticIndex::ImmutableIndex> immutable(index.buildImmutableIndex(e));
  std::unique_ptr<Collator> collator(Collator::createInstance(locale, e));
  collator->setAttribute(UCOL_NUMERIC_COLLATION, UCOL_ON, e);
  if (U_FAILURE(e)) { std::cerr << u_errorName(e) << "\n"; return 1; }
  std::string s;
  for (int32_t i = 0; i < immutable->getBucketCount(); i++) {
    s.clear();
    immutable->getBucket(i)->getLabel().toUTF8String(s);
    std::cout << (i ? "\t" : "") << s;
  }
  std::cout << "\n";
  std::vector<UnicodeString> titles;
  std::string line;
  while (std::getline(std::cin, line)) titles.push_back(UnicodeString::fromUTF8(line));
  for (auto &t : titles) {
    s.clear();
    immutable->getBucket(immutable->getBucketIndex(t, e))->getLabel().toUTF8String(s);
    std::cout << s << "\n";
  }
  std::stable_sort(titles.begin(), titles.end(), [&](const UnicodeString &a, const UnicodeString &b) {
    UErrorCode e = U_ZERO_ERROR;
    int32_t x = immutable->getBucketIndex(a, e), y = immutable->getBucketIndex(b, e);
    if (x != y) return x < y;
    return collator->compare(a, b, e) < 0;
  });
  for (auto &t : titles) {
    s.clear();
    t.toUTF8String(s);
    std::cout << s << "\n";
  }
  return U_FAILURE(e) ? 1 : 0;
}
