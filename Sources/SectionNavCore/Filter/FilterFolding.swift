/// Folding for the filter, per Unicode scalar on UTF-8 bytes: diacritics
/// removed and letters without a decomposition mapped as the index files them
/// (`É` → `e`, `ø` → `o`), by the project's folding function
/// (`TitleFolding.fold`), so the filter, the index and type-ahead agree.
/// Results are tabled per scalar (Latin ranges up front, the rest as met),
/// so matching never builds a `String` per item.
struct FilterFolding {
  /// Whether diacritics are kept (`--literal`).
  let literal: Bool
  private var cache: [UInt32: [UInt8]] = [:]

  init(literal: Bool) { self.literal = literal }

  /// The query's bytes folded the way item text is (`lower` unless the term
  /// is case-sensitive).
  static func foldQuery(_ text: String, caseSensitive: Bool, literal: Bool) -> [UInt8] {
    var folding = FilterFolding(literal: literal)
    var out: [UInt8] = []
    let utf8 = Array(text.utf8)
    utf8.withUnsafeBufferPointer { folding.append($0, lower: !caseSensitive, to: &out) }
    return out
  }

  /// Appends `bytes` (UTF-8, possibly invalid) folded; `lower` lower-cases
  /// too. ASCII is copied (lower-cased when asked) byte by byte.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, lower: Bool, to out: inout [UInt8]) {
    var i = 0
    let n = bytes.count
    while i < n {
      let b = bytes[i]
      if b < 0x80 {
        out.append(lower && b &- 0x41 < 26 ? b | 0x20 : b)
        i += 1
        continue
      }
      let (scalar, length) = Self.decode(bytes, at: i)
      i += length
      append(scalar: scalar, lower: lower, to: &out)
    }
  }

  mutating func append(scalar: UInt32, lower: Bool, to out: inout [UInt8]) {
    let key = scalar | (lower ? 0x8000_0000 : 0)
    if let folded = cache[key] {
      out.append(contentsOf: folded)
      return
    }
    let folded = Self.fold(scalar, lower: lower, literal: literal)
    cache[key] = folded
    out.append(contentsOf: folded)
  }

  /// One scalar folded, as UTF-8.
  static func fold(_ value: UInt32, lower: Bool, literal: Bool) -> [UInt8] {
    guard let scalar = Unicode.Scalar(value) else { return [0xEF, 0xBF, 0xBD] }
    let text = String(Character(scalar))
    if literal { return Array((lower ? text.lowercased() : text).utf8) }
    let folded = TitleFolding.fold(text)
    if !lower && scalar.properties.isUppercase { return Array(folded.uppercased().utf8) }
    return Array(folded.utf8)
  }

  /// The scalar at `i` and its length in bytes; invalid UTF-8 is U+FFFD, one byte.
  @inline(__always)
  static func decode(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
    let b = UInt32(p[i])
    let n = p.count
    func cont(_ k: Int) -> UInt32? {
      guard i + k < n, p[i + k] & 0xC0 == 0x80 else { return nil }
      return UInt32(p[i + k] & 0x3F)
    }
    if b >= 0xC2 && b < 0xE0, let c1 = cont(1) { return ((b & 0x1F) << 6 | c1, 2) }
    if b >= 0xE0 && b < 0xF0, let c1 = cont(1), let c2 = cont(2) {
      let v = (b & 0x0F) << 12 | c1 << 6 | c2
      if v >= 0x800 && !(v >= 0xD800 && v < 0xE000) { return (v, 3) }
    }
    if b >= 0xF0 && b < 0xF5, let c1 = cont(1), let c2 = cont(2), let c3 = cont(3) {
      let v = (b & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
      if v >= 0x10000 && v < 0x110000 { return (v, 4) }
    }
    return (0xFFFD, 1)
  }
}
