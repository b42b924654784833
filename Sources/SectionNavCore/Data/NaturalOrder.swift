import Foundation

/// Case- and accent-insensitive natural order ("Item 2" before "Item 10",
/// "Émile" among the E's), the order a keyed data model sorted by key shows
/// to people. Latin letters without a decomposition sort as their base
/// letter (`Ø` with O, `Ł` with L, `ß` as ss), matching `Initials`.
/// Titles equal under that order fall back to code-point order, so sorting
/// is total and repeatable.
public enum NaturalOrder {
  public static func compare(_ a: String, _ b: String) -> ComparisonResult {
    compare(a, b, keys: sortKey(a), sortKey(b))
  }

  /// `compare(a, b)` with the sort keys of `a` and `b` already made (sorting
  /// many titles makes each key once, not once per comparison).
  static func compare(_ a: String, _ b: String, keys keyA: String, _ keyB: String) -> ComparisonResult {
    let options: String.CompareOptions = [.caseInsensitive, .numeric, .diacriticInsensitive, .widthInsensitive]
    let r = keyA.compare(keyB, options: options, range: nil, locale: nil)
    if r != .orderedSame { return r }
    return a < b ? .orderedAscending : (a == b ? .orderedSame : .orderedDescending)
  }

  /// `s` with the letters of `baseLetters` replaced (usually `s` itself).
  static func sortKey(_ s: String) -> String {
    // No key of `baseLetters` is ASCII: ASCII needs no lookup.
    guard s.unicodeScalars.contains(where: { !$0.isASCII && baseLetters[$0.value] != nil }) else { return s }
    var out = String.UnicodeScalarView()
    for scalar in s.unicodeScalars {
      if let base = baseLetters[scalar.value] {
        out.append(contentsOf: base.unicodeScalars)
      } else {
        out.append(scalar)
      }
    }
    return String(out)
  }

  static let baseLetters: [UInt32: String] = [
    0xD8: "O", 0xF8: "o", 0xC6: "AE", 0xE6: "ae", 0x152: "OE", 0x153: "oe", 0xDF: "ss", 0x141: "L", 0x142: "l",
    0x110: "D", 0x111: "d", 0xD0: "D", 0xF0: "d", 0x126: "H", 0x127: "h", 0x131: "i", 0x166: "T", 0x167: "t",
  ]
}
