/// Item widths without decoding items. Plain items (ASCII without escapes)
/// are one cell per byte. Other string items and text lines are measured
/// from their bytes by `cells(_:_:escapes:)` as the scan meets them (the
/// bytes are still in cache): `\X` is one cell, `\uXXXX` is measured by its
/// code point (a surrogate pair as one), UTF-8 by scalar — exact for text
/// whose every scalar stands alone as a grapheme of known width (Latin,
/// Greek, Cyrillic, CJK, kana, Hangul syllables, full-width forms), an
/// upper bound otherwise. Only items with a mere bound that beats the widest
/// exact width are decoded and measured (`Widest.resolve`), which real data
/// rarely needs.
enum ItemWidth {
  typealias Pointer = UnsafePointer<UInt8>

  /// The running widest item of a load.
  struct Widest: Sendable {
    /// The widest item whose width is known exactly.
    var exact = 0
    /// Items known only by an upper bound (byte ranges in the buffer).
    var pending: [(offset: Int, length: Int, bound: Int)] = []
    /// `pending[..<resolved]` have been measured into `exact`.
    var resolved = 0

    mutating func note(exact width: Int) { if width > exact { exact = width } }

    mutating func note(offset: Int, length: Int, bound: Int) {
      if bound > exact { pending.append((offset, length, bound)) }
    }

    /// Measures the pending items that could beat `exact`, decoding them
    /// (`measure(offset, length)` gives the true width). Incremental: each
    /// call looks only at items noted since the last one.
    mutating func resolve(_ measure: (Int, Int) -> Int) -> Int {
      while resolved < pending.count {
        let p = pending[resolved]
        resolved += 1
        if p.bound > exact { exact = max(exact, measure(p.offset, p.length)) }
      }
      return exact
    }
  }

  /// The display cells of text `p[0..<n]` — a JSON string body when
  /// `escapes`, else raw UTF-8 — and whether that count is exact (else it
  /// is an upper bound).
  static func cells(_ p: Pointer, _ n: Int, escapes: Bool) -> (cells: Int, exact: Bool) {
    var cells = 0
    var exact = true
    var i = 0
    let ones = JSONLexer.ones
    let highs = JSONLexer.highs
    while i < n {
      // Eight printable ASCII bytes without a backslash: eight cells.
      // Then the printable ASCII bytes before the first other one, at once
      // (the lowest flagged byte is always a true match).
      while n - i >= 8 {
        let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
        let b = w ^ 0x5C5C_5C5C_5C5C_5C5C
        let hits = (w | ((b &- ones) & ~b) | ((w &- 0x2020_2020_2020_2020) & ~w)) & highs
        if hits != 0 {
          let k = hits.trailingZeroBitCount >> 3
          cells += k
          i += k
          break
        }
        cells += 8
        i += 8
      }
      guard i < n else { break }
      let c = p[i]
      if c < 0x80 {
        if c == 0x5C && escapes && i + 1 < n {
          let e = p[i + 1]
          i += 2
          if e == 0x75, i + 4 <= n, var v = hex4(p + i) {
            i += 4
            if v >= 0xD800 && v < 0xDC00 {
              if i + 6 <= n, p[i] == 0x5C, p[i + 1] == 0x75, let low = hex4(p + i + 2), low >= 0xDC00 && low < 0xE000 {
                v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                i += 6
              } else {
                v = 0xFFFD
              }
            } else if v >= 0xDC00 && v < 0xE000 {
              v = 0xFFFD
            }
            let w = scalarCells(v)
            cells += w.cells
            exact = exact && w.exact
          } else {
            // \n \t \b \f \r draw as control pictures, \" \\ \/ as themselves: one cell.
            cells += 1
            if e == 0x72 { exact = false }  // \r may join a following \n
          }
          continue
        }
        cells += 1
        if c == 0x0D { exact = false }
        i += 1
        continue
      }
      // A UTF-8 sequence (validated leniently: anything odd is inexact, one cell a byte).
      let need = UTF8Lead.length(c) - 1
      guard need > 0, i + need < n else {
        cells += 1
        exact = false
        i += 1
        continue
      }
      var v = UTF8Lead.payload(c, length: need + 1)
      var ok = true
      for k in 1...need {
        let b = p[i + k]
        if !UTF8Lead.isContinuation(b) { ok = false }
        v = v << 6 | UInt32(b & 0x3F)
      }
      if !ok {
        cells += 1
        exact = false
        i += 1
        continue
      }
      let w = scalarCells(v)
      cells += w.cells
      exact = exact && w.exact
      i += need + 1
    }
    return (cells, exact)
  }

  /// A scalar's cells when it is a grapheme of its own whatever surrounds
  /// it (exact), else an upper bound: 2 for scalars from U+1100 on, else 1.
  @inline(__always)
  static func scalarCells(_ v: UInt32) -> (cells: Int, exact: Bool) {
    switch v {
    case 0x00..<0x20: return (1, v != 0x0D)  // control pictures
    case 0x20..<0x300: return (1, v >= 0xA0 || v < 0x7F || v == 0x7F)  // Latin; C1 shows as U+FFFD
    case 0x370...0x482, 0x48A...0x52F: return (1, true)  // Greek, Cyrillic
    case 0x1E00...0x1FFF: return (1, true)  // Latin and Greek extended
    case 0x2010...0x2027, 0x2030...0x205E: return (1, true)  // punctuation
    case 0x3001...0x3029, 0x3041...0x3096, 0x30A1...0x30FA: return (2, true)  // CJK punctuation, kana
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF: return (2, true)  // Han, Hangul
    case 0xFF01...0xFF60, 0xFFE0...0xFFE6: return (2, true)  // full width
    default: return (v >= 0x1100 ? 2 : 1, false)
    }
  }

  @inline(__always)
  static func hex4(_ p: Pointer) -> UInt32? {
    var v: UInt32 = 0
    for k in 0..<4 {
      let h = JSONLexer.hexValue(p[k])
      if h < 0 { return nil }
      v = v << 4 | UInt32(h)
    }
    return v
  }

  /// The widest of text lines (`LineInput`): plain lines measured by the
  /// scan (`widestPlain`), the others by `cells`, decoding only those whose
  /// bound beats the widest so far.
  static func widestLine(ranges: PackedRanges, buffer: ByteBuffer, widestPlain: Int, store: ItemStore) -> Int {
    var widest = Widest()
    widest.exact = widestPlain
    for i in 0..<ranges.count where !ranges.isPlain(i) {
      let length = ranges.length(i)
      if length <= widest.exact { continue }
      let (cells, exact) = Self.cells(buffer.base + ranges.offset(i), length, escapes: false)
      if exact {
        widest.note(exact: cells)
      } else if cells > widest.exact {
        widest.note(exact: TextSanitizer.width(store.text(at: i)))
      }
    }
    return widest.exact
  }

  /// An upper bound on the display width of the JSON item at `p`.
  static func jsonBound(_ p: Pointer, _ length: Int) -> Int {
    switch p.pointee {
    case 0x22: return cells(p + 1, length - 2, escapes: true).cells
    case 0x7B, 0x5B: return compactLength(p, length)
    default: return length
    }
  }

  /// Bytes left after removing whitespace outside strings (each character
  /// of compact JSON takes at least one byte and at most one cell per byte).
  static func compactLength(_ p: Pointer, _ length: Int) -> Int {
    var n = 0
    var inString = false
    var escaped = false
    for i in 0..<length {
      let c = p[i]
      if inString {
        n += 1
        if escaped { escaped = false } else if c == 0x5C { escaped = true } else if c == 0x22 { inString = false }
      } else if !JSONLexer.isSpace(c) {
        n += 1
        if c == 0x22 { inString = true }
      }
    }
    return n
  }
}
