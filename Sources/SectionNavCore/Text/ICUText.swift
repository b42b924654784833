import CICU

/// UTF-16 helpers over the ICU shim (`CICU`): strings cross it as UTF-16
/// code units, ICU's own representation.
enum ICUText {
  typealias Units = [UInt16]

  static func string(_ units: Units) -> String { String(decoding: units, as: UTF16.self) }

  /// Calls `body(buffer, capacity)` — an ICU function that returns the
  /// length it needs — once, and again with room when that was too little.
  static func grow(_ body: (UnsafeMutablePointer<UInt16>, Int32) -> Int32) -> Units? {
    var out = Units(repeating: 0, count: 32)
    for _ in 0..<2 {
      let n = out.withUnsafeMutableBufferPointer { body($0.baseAddress!, Int32($0.count)) }
      if n < 0 { return nil }
      if Int(n) <= out.count { return Array(out.prefix(Int(n))) }
      out = Units(repeating: 0, count: Int(n))
    }
    return nil
  }

  static func nfkd(_ text: Units) -> Units {
    grow { out, capacity in cicu_nfkd(text, Int32(text.count), out, capacity) } ?? text
  }

  static func upper(_ text: Units, locale: String) -> Units {
    grow { out, capacity in cicu_to_upper(text, Int32(text.count), out, capacity, locale) } ?? text
  }

  /// The scalars of `text` (UTF-16), as a UnicodeString's code points.
  static func scalars(_ text: Units) -> [UInt32] {
    String(decoding: text, as: UTF16.self).unicodeScalars.map(\.value)
  }

  static func units(_ scalar: UInt32) -> Units {
    Unicode.Scalar(scalar).map { Array(String(Character($0)).utf16) } ?? [0xFFFD]
  }

  /// A set's members in ICU's iteration order: code points ascending, then
  /// the strings of several code points in code-unit order.
  static func members(_ set: OpaquePointer) -> [Units] {
    var singles: [Units] = []
    var strings: [Units] = []
    var buffer = Units(repeating: 0, count: 64)
    for i in 0..<cicu_set_item_count(set) {
      var start: Int32 = 0
      var end: Int32 = 0
      var n = buffer.withUnsafeMutableBufferPointer { cicu_set_item(set, i, &start, &end, $0.baseAddress, 64) }
      if n > 64 {
        buffer = Units(repeating: 0, count: Int(n))
        n = buffer.withUnsafeMutableBufferPointer { cicu_set_item(set, i, &start, &end, $0.baseAddress, n) }
      }
      if n > 0 {
        strings.append(Array(buffer.prefix(Int(n))))
      } else if start <= end {
        for c in start...end { singles.append(units(UInt32(c))) }
      }
    }
    // ICU keeps a set's strings sorted by code unit.
    strings.sort { $0.lexicographicallyPrecedes($1) }
    return singles + strings
  }
}
