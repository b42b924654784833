#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Names — JSON keys, CSV columns, the members a path takes — section
// titles and `--group-by` values are equal when their Unicode scalars are,
// as jq and Python's `csv` compare them: NFC `é` and NFD `e\u{301}` are two.
// Swift's `==` on strings (canonical equivalence) would make them one, so
// they are compared here, by their UTF-8.

extension StringProtocol {
  /// Whether `other` has the same scalars (not merely the same look).
  func sameScalars(as other: some StringProtocol) -> Bool { utf8.elementsEqual(other.utf8) }
}

extension String {
  /// `sameScalars` for two strings: their UTF-8 compared at once
  /// (`memcmp`), not byte by byte through the UTF-8 view, which cost 17 %
  /// of a load of a million titles when a set compared names that way on
  /// every probe.
  func sameScalars(as other: String) -> Bool {
    var other = other
    return other.withUTF8 { hasUTF8(UnsafeRawBufferPointer($0)) }
  }

  /// Whether this text's UTF-8 is exactly `bytes`.
  func hasUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var text = self
    return text.withUTF8 { x in
      x.count == bytes.count && (x.isEmpty || memcmp(x.baseAddress!, bytes.baseAddress!, x.count) == 0)
    }
  }
}

extension BidirectionalCollection where Element: StringProtocol {
  /// Where the last of these names with `name`'s scalars is (a repeated
  /// CSV column or JSON key: the last one counts, as for jq and Python).
  func lastIndex(ofName name: some StringProtocol) -> Index? { lastIndex { $0.sameScalars(as: name) } }
}

/// A name as the key of a set or a dictionary: equal by its scalars
/// (`sameScalars`), as section titles and keys are. Hashed as its `String`
/// (equal scalars are equal strings, so equal names hash alike), and `==`
/// asks `String`'s fast `==` first: the scalars are compared only for names
/// it calls equal, which in a set of a million titles are the repeats.
struct ExactName: Hashable {
  let text: String

  init(_ text: String) { self.text = text }

  static func == (a: ExactName, b: ExactName) -> Bool { a.text == b.text && a.text.sameScalars(as: b.text) }

  func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
