/// Item widths without decoding items. Plain items (ASCII without escapes)
/// are one cell per byte. Other string items and text lines are measured
/// from their bytes by `TextWidth.cells` (the one width rule) as the scan
/// meets them (the bytes are still in cache) — exact for text whose every
/// scalar stands alone as a grapheme, an upper bound otherwise. Only items with a mere bound that beats the widest
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

  /// The widest of text lines (`LineInput`): plain lines measured by the
  /// scan (`widestPlain`), the others by `cells`, decoding only those whose
  /// bound beats the widest so far.
  static func widestLine(ranges: PackedRanges, buffer: ByteBuffer, widestPlain: Int, store: ItemStore) -> Int {
    var widest = Widest()
    widest.exact = widestPlain
    for i in 0..<ranges.count where !ranges.isPlain(i) {
      let length = ranges.length(i)
      if length <= widest.exact { continue }
      let (cells, exact) = TextWidth.cells(buffer.base + ranges.offset(i), length, escapes: false)
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
    case 0x22: return TextWidth.cells(p + 1, length - 2, escapes: true).cells
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
