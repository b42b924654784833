/// The per-scalar table behind `Folding`: for each code point that folds to
/// something else, the folded UTF-8 (at most 7 bytes, packed in a `UInt64`).
///
/// What folds to what is Foundation's case, diacritic and width folding of
/// each scalar in the blocks that have case, diacritics or width variants
/// (about 7 000 scalars), plus the Latin letters without a decomposition that
/// readers still file under a plain letter (`ø` → `o`, `ł` → `l`, `ß` → `ss`,
/// `ŋ` → `n`), the letters and digits Unicode decomposes for compatibility
/// (`ĳ` → `ij`, `ǆ` → `dz`, `ª` → `a`, `²` → `2`, `①` → `1`), and the
/// decimal digits of every script (`٣`, `३`, `𝟑` → `3`), so digit runs sort
/// as numbers whatever their script: `mappings` below. The program itself links no Foundation
/// (CoreFoundation and ICU cost about 5 MB of memory at every start), so the
/// mappings are generated into `FoldTableData.swift` by `FoldTableTests`,
/// which also checks them against Foundation on every test run. The hot
/// path only indexes memory: the table is made once and never freed, so
/// a fold holds it without a reference count (two scanning cores
/// retaining one array per title made its count's cache line bounce
/// between them). Sendable: nothing writes it once made.
struct FoldTable: @unchecked Sendable {
  /// Page number (into `entries`, in units of 256) for each block of 256
  /// scalars below `FoldTable.limit`; 0 is the all-identity page.
  let pages: UnsafeBufferPointer<UInt16>
  /// 256 entries per page: 0 keeps the scalar, else `0x80 | length` in the
  /// top byte and the folded bytes from the low byte up.
  let entries: UnsafeBufferPointer<UInt64>

  /// Scalars at or above this fold to themselves.
  static let limit: UInt32 = 0x1E_A00

  static let mapped: UInt64 = 0x80 << 56

  /// Blocks with case, diacritics, combining marks, ligatures or width variants.
  static let blocks: [ClosedRange<UInt32>] = [
    0x80...0x58F,  // Latin-1 … Armenian (Greek, Cyrillic, combining marks)
    0x10A0...0x10FF, 0x13A0...0x13FF, 0x1AB0...0x1AFF, 0x1C80...0x1CBF,  // Georgian, Cherokee, marks
    0x1D00...0x1FFF,  // phonetic, combining supplement, Latin and Greek extended
    0x2070...0x209F,  // superscripts and subscripts
    0x20D0...0x20FF, 0x2100...0x24FF,  // combining marks for symbols, letterlike, numerals, circled
    0x2C00...0x2D2F, 0xA640...0xA7FF, 0xAB30...0xABBF,  // Glagolitic, Latin/Cyrillic extended
    0xFB00...0xFB06, 0xFE20...0xFE2F, 0xFF01...0xFF5E,  // ligatures, half marks, full width
    0x10400...0x104FF, 0x10C80...0x10CFF, 0x118A0...0x118FF, 0x1E900...0x1E95F,
  ]

  /// Letters with no canonical decomposition, folded keeping case (the
  /// case-insensitive table lower-cases the result).
  static let baseLetters: [UInt32: String] = [
    0xD8: "O", 0xF8: "o", 0xC6: "AE", 0xE6: "ae", 0x152: "OE", 0x153: "oe", 0xDF: "ss", 0x1E9E: "SS",
    0x17F: "s", 0x141: "L", 0x142: "l", 0x110: "D", 0x111: "d", 0xD0: "D", 0xF0: "d", 0x126: "H",
    0x127: "h", 0x166: "T", 0x167: "t", 0x131: "i", 0x138: "k", 0x14A: "N", 0x14B: "n",
    0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl", 0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
  ]

  /// Letters that look accented but are letters of their own in their
  /// alphabets (Russian `й`, Belarusian `ў`, Ukrainian `ї`): they keep
  /// their index letter and sort after their base letter.
  static let distinctLetters: Set<UInt32> = [0x419, 0x439, 0x40E, 0x45E, 0x407, 0x457]

  /// The table of `mappings`: scalar → entry (`mapped | length << 56 | bytes`),
  /// in memory never freed (the process's one table, and a test's).
  init(_ mappings: [(scalar: UInt32, entry: UInt64)]) {
    var pages = [UInt16](repeating: 0, count: Int(Self.limit >> 8))
    var entries = [UInt64](repeating: 0, count: 256)  // page 0: identity
    for (v, e) in mappings {
      if pages[Int(v >> 8)] == 0 {
        pages[Int(v >> 8)] = UInt16(entries.count / 256)
        entries.append(contentsOf: repeatElement(0, count: 256))
      }
      entries[Int(pages[Int(v >> 8)]) * 256 + Int(v & 0xFF)] = e
    }
    self.pages = UnsafeBufferPointer(Self.kept(pages))
    self.entries = UnsafeBufferPointer(Self.kept(entries))
  }

  /// A copy of `array` that lives as long as the process.
  private static func kept<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
    let copy = UnsafeMutableBufferPointer<T>.allocate(capacity: array.count)
    _ = copy.initialize(from: array)
    return copy
  }

  /// The scalars that fold to something else and their entries, in scalar
  /// order, given `fold`: Foundation's folding of a one-scalar string with
  /// the case (`.caseInsensitive`) or accent (`.diacriticInsensitive`,
  /// `.widthInsensitive`) options that the table ignores; and
  /// `compatibility`: Foundation's compatibility decomposition (NFKD), which
  /// the accent tables apply to letters, and to numbers that decompose to
  /// plain digits.
  static func mappings(
    ignoringCase: Bool, ignoringAccents: Bool, fold: (String) -> String,
    compatibility: (String) -> String = { $0 }
  ) -> [(scalar: UInt32, entry: UInt64)] {
    var mappings: [UInt32: UInt64] = [:]
    func set(_ v: UInt32, _ folded: String) {
      let bytes = Array(folded.utf8)
      guard bytes.count <= 7, bytes != Array(String(Unicode.Scalar(v)!).utf8) else { return }
      var e = Self.mapped | UInt64(bytes.count) << 56
      for (k, b) in bytes.enumerated() { e |= UInt64(b) << UInt64(8 * k) }
      mappings[v] = e
    }
    for block in Self.blocks {
      for v in block {
        guard let scalar = Unicode.Scalar(v) else { continue }
        let s = String(Character(scalar))
        var folded = ignoringCase || ignoringAccents ? fold(s) : s
        if ignoringAccents, let expanded = Self.compatibilityForm(scalar, compatibility) {
          folded = fold(expanded)
        }
        if ignoringCase { folded = folded.lowercased() }
        if ignoringAccents {
          if let base = Self.baseLetters[v] { folded = ignoringCase ? base.lowercased() : base }
          if Self.distinctLetters.contains(v) { folded = ignoringCase ? s.lowercased() : s }
          // A combining mark on its own (after its base letter) is an accent.
          if scalar.properties.generalCategory == .nonspacingMark { folded = "" }
        }
        set(v, folded)
      }
    }
    if ignoringAccents {
      // Decimal digits of every script are the digits they stand for.
      for v in UInt32(0x80)..<Self.limit {
        guard mappings[v] == nil, let scalar = Unicode.Scalar(v), scalar.properties.numericType == .decimal,
          let digit = scalar.properties.numericValue, digit >= 0, digit < 10
        else { continue }
        set(v, String(Int(digit)))
      }
    }
    // ASCII case (kept in the table for completeness; callers fold ASCII inline).
    if ignoringCase { for v in UInt32(0x41)...0x5A { set(v, String(Unicode.Scalar(v + 0x20)!)) } }
    return mappings.sorted { $0.key < $1.key }.map { (scalar: $0.key, entry: $0.value) }
  }

  /// The compatibility decomposition of a letter (`ĳ` → `ij`) or of a
  /// number that decomposes to plain digits (`²` → `2`, `①` → `1`, not
  /// `½`); nil when there is none to apply.
  static func compatibilityForm(_ scalar: Unicode.Scalar, _ compatibility: (String) -> String) -> String? {
    let s = String(Character(scalar))
    let expanded = compatibility(s)
    // (A canonical decomposition folds as the scalar does: harmless.)
    guard expanded != s else { return nil }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
      return expanded
    case .otherNumber, .decimalNumber:
      return expanded.unicodeScalars.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) ? expanded : nil
    default:
      return nil
    }
  }

  /// The entry of scalar `v` (0: folds to itself).
  @inline(__always)
  func entry(_ v: UInt32) -> UInt64 {
    guard v < Self.limit else { return 0 }
    let page = pages[Int(v >> 8)]
    return page == 0 ? 0 : entries[Int(page) << 8 | Int(v & 0xFF)]
  }

  static let caseAndAccents = FoldTable(FoldTableData.caseAndAccents)
}
