/// The one width rule, from bytes: how many cells text takes as
/// `TextSanitizer` draws it (a control character as its one-cell picture,
/// a bidi control as U+FFFD, a wide scalar as two cells), decided per
/// scalar in one table so the loaders, the sanitizer and the compositor
/// agree. Text whose every scalar is a grapheme of its own whatever its
/// neighbours (no combining mark, joiner, variation selector, Hangul jamo,
/// regional indicator; see `GraphemeJoinTable`) is measured exactly without
/// building a `String`; so is text whose clusters the bytes tell
/// (`joinedBound`: marks on a letter, emoji sequences, jamo); other text
/// gets an upper bound, and only grapheme breaking (`TextSanitizer.width`)
/// can tell its exact width.
enum TextWidth {
  typealias Pointer = UnsafePointer<UInt8>

  /// The cells scalar `v` takes when drawn as a grapheme of its own (1 or
  /// 2), or minus an upper bound on them when it may join a neighbour or
  /// has no width of its own (a combining mark, a format character).
  @inline(__always)
  static func scalar(_ v: UInt32) -> Int {
    if v < 0x300 { return 1 }  // ASCII and Latin; controls as pictures, C1 as U+FFFD
    if v < tableEnd { return Int(bmp[Int(v)]) }
    return Int(decide(v))
  }

  /// `decide` for every scalar of the Basic Multilingual Plane and the
  /// next, where the emoji are (128 KiB, built on first use), so measuring
  /// costs one load per scalar — an emoji asked two tables' binary searches.
  static var bmp: UnsafePointer<Int8> { bmpTable.cells }
  static let bmpTable = Table()
  /// The scalars `bmp` holds.
  static let tableEnd: UInt32 = 0x20000

  /// Raw memory, written once and never freed: reading it costs no
  /// reference counting (an array's did, per call).
  struct Table: @unchecked Sendable {
    let cells: UnsafePointer<Int8>
    /// `decide` for each scalar, built range by range in the reverse order
    /// of `decide`'s tests, each overwriting the last (asking `decide` 65 536
    /// times, each a search of two tables, cost 5 ms at the first non-ASCII
    /// item of every run; `TextWidthTests` compares the two everywhere).
    init() {
      let end = TextWidth.tableEnd
      let table = UnsafeMutablePointer<Int8>.allocate(capacity: Int(end))
      table.initialize(repeating: 1, count: Int(end))
      func bound(_ v: UInt32) -> Int8 { TextWidth.bound(v) }
      func each(_ low: UInt32, _ high: UInt32, _ value: (UInt32) -> Int8) {
        guard low < end else { return }
        for v in low...min(high, end - 1) { table[Int(v)] = value(v) }
      }
      for r in CellWidth.table { each(r.low, r.high) { r.width == 0 ? bound($0) : Int8(r.width) } }
      for r in joiners { each(r.low, r.high, bound) }
      each(0xD800, 0xDFFF, bound)
      // The scalars `TextSanitizer` replaces (one cell each: a cheap test,
      // no table searched, all in the first plane); below U+0300, all are one cell.
      for v in 0x300..<0x10000 where TextSanitizer.replacement(for: Unicode.Scalar(v) ?? "\u{FFFD}") != nil {
        table[Int(v)] = 1
      }
      each(0, 0x2FF) { _ in 1 }
      cells = UnsafePointer(table)
    }
  }

  /// The rule itself (see `scalar`).
  static func decide(_ v: UInt32) -> Int8 {
    if v < 0x300 { return 1 }
    if TextSanitizer.replacement(for: Unicode.Scalar(v) ?? "\u{FFFD}") != nil { return 1 }  // bidi, U+2028/9
    if v >= 0xD800 && v < 0xE000 { return Self.bound(v) }  // never decoded from valid UTF-8
    if isJoiner(v) { return Self.bound(v) }
    let w = CellWidth.tableWidth(v)
    return w == 0 ? Self.bound(v) : Int8(w)
  }

  /// Minus the most cells a scalar that may join its neighbours adds: 2
  /// from U+1100 on (wide ones), and for a spacing mark, which adds a cell
  /// to its grapheme and is drawn on `◌` alone (`CellWidth.isSpacingMark`),
  /// or a joining scalar with a width of its own; else 1.
  static func bound(_ v: UInt32) -> Int8 {
    // Alone, a spacing mark is drawn on `◌`: its cells and one more (three
    // for the wide ones, Hangul's tone marks). Asked per scalar beyond the
    // table (`tableEnd`: the CJK planes), so no lookup there.
    if v >= 0x1100 { return v == 0x302E || v == 0x302F || v == 0x16FF0 || v == 0x16FF1 ? -3 : -2 }
    guard let s = Unicode.Scalar(v) else { return -2 }
    if CellWidth.isSpacingMark(s) { return Int8(-(CellWidth.spacingWidth(s) + 1)) }
    // So is a joiner with a width of its own (Thai's sara am, a prepended letter).
    return CellWidth.tableWidth(v) >= 1 && isJoiner(v) ? -2 : -1
  }

  /// Whether `v` is in one of `joiners`' ranges.
  static func isJoiner(_ v: UInt32) -> Bool {
    inRanges(joiners, v)
  }

  /// Whether `v` is in one of `table`'s sorted, disjoint ranges.
  static func inRanges(_ table: [(low: UInt32, high: UInt32)], _ v: UInt32) -> Bool {
    ScalarRanges.last(in: table, startingAtMost: v, low: { $0.low }).map { v <= table[$0].high } ?? false
  }

  /// The display cells of text `p[0..<n]` — a JSON string body when
  /// `escapes`, else raw UTF-8 — and whether that count is exact (else it
  /// is an upper bound: a scalar that may join its neighbours, a bad UTF-8
  /// byte counted as one cell). From the first scalar that may join on, the
  /// clusters are measured from the bytes (`joinedBound`): exactly where
  /// they can be, a stretch they cannot by its scalars; `joining` false
  /// bounds every scalar alone (for those stretches, and tests of the bound).
  /// `floor`: a row no wider than it need not be measured (`joinedBound`).
  static func cells(_ p: Pointer, _ n: Int, escapes: Bool, joining: Bool = true, floor: Int = -1) -> Cells {
    var cells = 0
    var exact = true
    // Cells counted for bytes that are not UTF-8 (a maximal bad stretch is one U+FFFD).
    var bad = 0
    var i = 0
    let ones = JSONLexer.ones
    let highs = JSONLexer.highs
    var bmp: UnsafePointer<Int8>? = nil
    while i < n {
      // Eight bytes at a time while they are ASCII (no backslash in a JSON
      // string) or Latin, Greek, Cyrillic… below U+0300 (two-byte scalars
      // led by C2…CB): one cell per byte that is not a continuation byte.
      // Else the ASCII bytes before the first other one, at once (the
      // lowest flagged byte is always a true match).
      while n - i >= 8 {
        let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
        if let fast = wordCells(w, escapes: escapes) {
          cells += fast.cells
          i += fast.bytes
          continue
        }
        let b = w ^ 0x5C5C_5C5C_5C5C_5C5C
        let hits = (w | ((b &- ones) & ~b) | ((w &- 0x2020_2020_2020_2020) & ~w)) & highs
        let k = hits.trailingZeroBitCount >> 3
        cells += k
        i += k
        break
      }
      // The last one to seven bytes of text at least eight long: the word
      // that ends it, the bytes already counted shifted out (the zero bytes
      // shifted in count one cell each, taken off again).
      if i < n && n - i < 8 && n >= 8 {
        let rest = n - i
        let w = UnsafeRawPointer(p + n - 8).loadUnaligned(as: UInt64.self) >> UInt64(64 - 8 * rest)
        if let fast = wordCells(w, escapes: escapes) {
          cells += fast.cells - (8 - rest)
          i = n
          break
        }
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
            let w = scalar(v)
            cells += abs(w)
            if w < 0 {
              if joining { return joinedBound(p, n, escapes: escapes, floor: floor) }
              exact = false
            }
          } else {
            // \n \t \b \f \r draw as control pictures, \" \\ \/ as themselves: one cell.
            cells += 1
          }
          continue
        }
        // A control character draws as its picture: one cell (CR LF as two).
        cells += 1
        i += 1
        continue
      }
      // Two-byte Latin, Greek… below U+0300 (the commonest non-ASCII): one cell.
      if c >= 0xC2 && c < 0xCC && i + 1 < n && UTF8Lead.isContinuation(p[i + 1]) {
        cells += 1
        i += 2
        continue
      }
      // Three bytes (CJK, most other scripts' letters and symbols): decoded
      // in place, one table load each, for as long as they run (CJK text
      // comes in runs: the word loop above would fail on each of them).
      // E0 and ED take a narrower second byte.
      if c >= 0xE0 && c < 0xF0 {
        // The table is fetched (and built, once per process) at the first
        // such scalar: ASCII and Latin never pay for it, CJK pays once a call.
        if bmp == nil { bmp = Self.bmp }
        let table = bmp.unsafelyUnwrapped
        let start = i
        var negative = 0
        while i + 2 < n {
          let c = p[i]
          let b1 = p[i + 1]
          let b2 = p[i + 2]
          let low: UInt8 = c == 0xE0 ? 0xA0 : 0x80
          let high: UInt8 = c == 0xED ? 0x9F : 0xBF
          guard c & 0xF0 == 0xE0 && b1 >= low && b1 <= high && UTF8Lead.isContinuation(b2) else { break }
          let w = Int(table[Int(c & 0x0F) << 12 | Int(b1 & 0x3F) << 6 | Int(b2 & 0x3F)])
          cells += abs(w)
          negative |= w
          i += 3
        }
        if negative < 0 {
          if joining { return joinedBound(p, n, escapes: escapes, floor: floor) }
          exact = false
        }
        if i > start { continue }
      }
      // A UTF-8 sequence (validated leniently: anything odd is inexact, one cell a byte).
      let need = UTF8Lead.length(c) - 1
      guard need > 0, i + need < n else {
        cells += 1
        bad += 1
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
      // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
      if !ok || !UTF8Lead.secondByte(after: c).contains(p[i + 1]) {
        cells += 1
        bad += 1
        exact = false
        i += 1
        continue
      }
      let w = scalar(v)
      cells += abs(w)
      if w < 0 {
        if joining { return joinedBound(p, n, escapes: escapes, floor: floor) }
        exact = false
      }
      i += need + 1
    }
    // Bounded scalar by scalar (`joining` false), what they join may take
    // fewer cells than any one of them: no least but none.
    return Cells(cells: cells, exact: exact, least: exact ? cells : joining ? cells - bad : 0)
  }

  /// A text's display cells as its bytes tell them: exact, or an upper
  /// bound (`cells`) with a lower one (`least`) where only grapheme
  /// breaking can tell. The lower bound lets the widest-row pass skip rows
  /// that cannot be the widest even when no row's width is known exactly:
  /// with a stray joiner in every item, every row was measured, 60 MB
  /// at 500 MB/s.
  struct Cells: Equatable, Sendable {
    var cells: Int
    var exact: Bool
    var least: Int

    init(cells: Int, exact: Bool, least: Int) {
      self.cells = cells
      self.exact = exact
      self.least = exact ? cells : max(0, min(least, cells))
    }

    /// Cells known exactly.
    static func exact(_ cells: Int) -> Cells { Cells(cells: cells, exact: true, least: cells) }

    /// Text side by side (a template's fields and its own text).
    static func + (a: Cells, b: Cells) -> Cells {
      Cells(cells: a.cells + b.cells, exact: a.exact && b.exact, least: a.least + b.least)
    }

    /// The same text with `n` cells fewer, known exactly (`""` in a quoted
    /// CSV field, the whitespace compact JSON leaves out).
    func less(_ n: Int) -> Cells { Cells(cells: cells - n, exact: exact, least: least - n) }
  }

  /// The cells of the eight bytes `w` (in memory order) when each is ASCII
  /// (no backslash in a JSON string) or part of a two-byte scalar below
  /// U+0300 (Latin, Greek, Cyrillic…, led by C2…CB): one cell per byte that
  /// is not a continuation byte. `bytes` is 7 when the last byte leads a
  /// scalar the next word ends. Nil for anything else.
  @inline(__always)
  static func wordCells(_ w: UInt64, escapes: Bool) -> (cells: Int, bytes: Int)? {
    let highs = JSONLexer.highs
    let b = w ^ 0x5C5C_5C5C_5C5C_5C5C
    let backslashes = escapes ? ((b &- JSONLexer.ones) & ~b) & highs : 0
    let high = w & highs
    if high | backslashes == 0 { return (8, 8) }
    guard backslashes == 0 else { return nil }
    let bit6 = (w << 1) & highs
    let continuations = high & ~bit6
    let leads = high & bit6
    // Leads C2…CB: their low seven bits in 0x42…0x4B (no carry leaves a byte).
    let low = w & 0x7F7F_7F7F_7F7F_7F7F
    let twoByte = (low &+ 0x3E3E_3E3E_3E3E_3E3E) & ~(low &+ 0x3434_3434_3434_3434) & leads
    // Every lead two-byte and followed by a continuation, every continuation after a lead.
    guard twoByte == leads && (leads << 8) == continuations else { return nil }
    let taken = leads >> 63 == 0 ? 8 : 7
    return (taken - continuations.nonzeroBitCount, taken)
  }

  /// The exact cells of UTF-8 text when the bytes alone tell (see `cells`).
  static func exactCells(_ p: Pointer, _ n: Int, escapes: Bool = false) -> Int? {
    let measured = cells(p, n, escapes: escapes)
    return measured.exact ? measured.cells : nil
  }

  /// The four hexadecimal digits at `p` (`JSONLexer.hex4`, the lexer's
  /// own rule), nil when one is not a digit.
  @inline(__always)
  static func hex4(_ p: Pointer) -> UInt32? {
    let v = JSONLexer.hex4(p)
    return v < 0 ? nil : UInt32(truncatingIfNeeded: v)
  }
}
