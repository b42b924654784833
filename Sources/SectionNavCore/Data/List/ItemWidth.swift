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

extension ItemWidth {
  /// The widest row of item data, kept by the scan that finds the items
  /// (`ItemGroups`, on each core of a split) while their bytes are in
  /// cache: rows measured exactly count at once; rows known only by a
  /// bound (text only grapheme breaking can measure) wait, by item number,
  /// until a list is made, and are decoded only if their bound still beats
  /// the widest exact row. The figure is exact whatever the items' order.
  struct Rows: Sendable {
    /// The widest row whose width is known exactly.
    var exact = 0
    /// Rows known only by an upper bound (in item order).
    var pending: [(item: Int, offset: Int, length: Int, bound: Int)] = []

    @inline(__always)
    mutating func note(exact width: Int) { if width > exact { exact = width } }

    /// Notes item `item`'s row: `cells` as `TextWidth.cells` gives them.
    @inline(__always)
    mutating func note(item: Int, offset: Int, length: Int, _ cells: ItemStore.Cells) {
      if cells.exact {
        if cells.cells > exact { exact = cells.cells }
      } else if cells.cells > exact {
        pending.append((item, offset, length, cells.cells))
      }
    }

    /// Forgets the rows of items `n` and later. `exact`: the widest exact
    /// row before them, when they may not come back (a bad line skipped); a
    /// scan stepping back to rescan them leaves it (they come back as they were).
    mutating func forget(from n: Int, exact: Int? = nil) {
      while let last = pending.last, last.item >= n { pending.removeLast() }
      if let exact { self.exact = exact }
    }

    /// Takes in the rows of `later`, whose items come after the first `shift`.
    mutating func append(_ later: Rows, shift: Int) {
      note(exact: later.exact)
      for p in later.pending where p.bound > exact { pending.append((p.item + shift, p.offset, p.length, p.bound)) }
    }

    /// The widest row: `measure(offset, length)` gives a pending row's true
    /// width (decoding it); only those whose bound beats the widest exact
    /// row are measured. Also tells how many were.
    func resolve(_ measure: (Int, Int) -> Int) -> (cells: Int, decoded: Int) {
      var best = exact
      var decoded = 0
      for p in pending where p.bound > best {
        decoded += 1
        best = max(best, measure(p.offset, p.length))
      }
      return (best, decoded)
    }
  }
}
