/// Turns data text into graphemes that are safe to send to a terminal: control
/// characters (C0, DEL, C1), bidi controls and line/paragraph separators are
/// replaced by visible stand-ins, so data can never drive the terminal or
/// reorder what is drawn around it.
public enum TextSanitizer {
  /// A grapheme ready for a cell, with its width (1 or 2).
  public struct Grapheme: Sendable, Equatable {
    public var text: String
    public var width: Int
    /// A piece of a wide cluster after its first (`pieces`): drawn only
    /// right after the piece before it, else it joins whatever is there.
    public var continuesCluster = false

    public init(text: String, width: Int, continuesCluster: Bool = false) {
      self.text = text
      self.width = width
      self.continuesCluster = continuesCluster
    }
  }

  /// The visible stand-in for an unsafe scalar, or nil when it is safe:
  /// C0 → its control picture (␀…␟, so ESC → ␛), DEL → ␡, C1 (U+0080–U+009F)
  /// and bidi controls (embeddings, overrides, isolates, LRM/RLM/ALM) → U+FFFD,
  /// line and paragraph separators (U+2028/U+2029) → ␤.
  public static func replacement(for scalar: Unicode.Scalar) -> String? {
    let v = scalar.value
    if v >= 0xA0 && v < 0x61C { return nil }  // fast path: Latin and most scripts
    switch v {
    case 0x00..<0x20: return String(Unicode.Scalar(0x2400 + v)!)
    case 0x7F: return "\u{2421}"
    case 0x80..<0xA0: return "\u{FFFD}"
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return "\u{FFFD}"
    case 0x2028, 0x2029: return "\u{2424}"
    default: return nil
    }
  }

  /// Whether `text` needs no replacement at all (the common, fast case).
  public static func isSafe(_ text: some StringProtocol) -> Bool {
    for s in text.unicodeScalars where s.value < 0x20 || s.value >= 0x7F {
      if replacement(for: s) != nil { return false }
    }
    return true
  }

  /// `visible(text)` for a message, where nothing may hide: an invisible
  /// format character (BOM, ZWSP, word joiner, soft hyphen) is written as
  /// `<U+FEFF>` — in a quoted name it made `"g"` of `"\u{FEFF}g"` — and a
  /// combining mark with nothing before it in a quote sits on `◌`.
  public static func visibleInMessage(_ text: some StringProtocol) -> String {
    var out = String.UnicodeScalarView()
    var previous: Unicode.Scalar = " "
    for s in visible(text).unicodeScalars {
      if s.value >= 0xAD, s.properties.generalCategory == .format {
        out.append(contentsOf: "<U+\(String(s.value, radix: 16, uppercase: true))>".unicodeScalars)
      } else {
        if s.value >= 0x300, "\"' (".unicodeScalars.contains(previous),
          s.properties.canonicalCombiningClass != .notReordered
            || s.properties.generalCategory == .nonspacingMark || s.properties.generalCategory == .enclosingMark
        {
          out.append("\u{25CC}")
        }
        out.append(s)
      }
      previous = s
    }
    return String(out)
  }

  /// `text`, on a `◌` when it starts with what would join whatever stands
  /// before it (a combining or spacing mark, ZWJ): for data written after
  /// the program's own text on one line (a title after a space, a query
  /// after `&`, `> ` or the caret), where the mark fused with that text and
  /// the row came out a cell short in the terminal.
  public static func apart(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, first.value >= 0x300, ("a" + String(first)).count == 1 else {
      return text
    }
    return "\u{25CC}" + text
  }

  /// `text` with every unsafe scalar replaced.
  public static func visible(_ text: some StringProtocol) -> String {
    if isSafe(text) { return String(text) }
    var out = String.UnicodeScalarView()
    for s in text.unicodeScalars {
      if let r = replacement(for: s) { out.append(contentsOf: r.unicodeScalars) } else { out.append(s) }
    }
    return String(out)
  }

  /// Calls `body` with each grapheme of `text` as it will be drawn —
  /// sanitised, with its width — until `body` returns false. Lazy, so drawing
  /// the start of a 100 MB item costs only what is drawn.
  /// A cluster with no width of its own (a lone combining mark, a lone medial
  /// jamo) is drawn on a dotted circle `◌` so it stays visible and never merges
  /// into the cell before it; a lone invisible format character (ZWSP, word
  /// joiner, BOM) has no glyph and is left out — unless the clusters on either
  /// side of it would then fuse into one (two regional indicators, an emoji
  /// ending in ZWJ and an emoji, Hangul jamo), in which case it is drawn as `◌`.
  /// A cluster that would join whatever is drawn before it (a lone spacing mark)
  /// or after it (a trailing prepended mark) is drawn on `◌` on that side, so
  /// no cell's text fuses with a neighbouring cell's in the terminal.
  public static func forEachGrapheme(_ text: some StringProtocol, _ body: (Grapheme) -> Bool) {
    if CellWidth.printableASCIICount(text) != nil {
      for b in text.utf8 where !body(Grapheme(text: String(Unicode.Scalar(b)), width: 1)) { return }
      return
    }
    var last: String?
    var dropped = false
    func emit(_ c: Character) -> Bool {
      let w = CellWidth.of(c)
      if w == 0 && isInvisible(c) {
        dropped = last != nil
        return true
      }
      let text = drawn(c, width: w)
      // A `◌` put before a voiced mark `ﾟ` makes it a cell of its own too
      // (`CellWidth.isSpacingExtender`): the width is the drawn text's.
      let width = text.utf8.count == c.utf8.count ? max(w, 1) : max(CellWidth.of(text), 1)
      if dropped, let l = last, fuse(l, text), !body(Grapheme(text: "\u{25CC}", width: 1)) { return false }
      dropped = false
      last = text
      guard width > 2 else { return body(Grapheme(text: text, width: width)) }
      // One cell holds at most two columns: a wider cluster (on its `◌`
      // when it is marks alone) in pieces.
      for c in text {
        let cells = CellWidth.of(c)
        for piece in cells > 2 ? pieces(c) : [Grapheme(text: String(c), width: max(cells, 1))] where !body(piece) {
          return false
        }
      }
      return true
    }
    for c in text {
      if c.unicodeScalars.contains(where: { replacement(for: $0) != nil }) {
        // Sanitise this character's scalars and cluster the result on its own.
        for r in visible(String(c)) where !emit(r) { return }
      } else if !emit(c) {
        return
      }
    }
  }

  /// A cluster wider than two cells (`CellWidth.of`: an Indic conjunct,
  /// `स्त्री`, or a syllable with two spacing marks, `বাং`) cut into pieces
  /// of at most two, each starting at a scalar with a width of its own:
  /// a terminal that measures by `wcwidth` draws the scalars one after
  /// another, so the pieces' cells line up with its columns. Drawn as they
  /// are (no `◌`: the bytes stay the cluster's, in order).
  public static func pieces(_ c: Character) -> [Grapheme] {
    var result: [Grapheme] = []
    var current = String.UnicodeScalarView()
    var width = 0
    var afterJoiner = false
    for s in c.unicodeScalars {
      // The scalar after a ZWJ shares the cell before it (`CellWidth.of`).
      let w = afterJoiner ? 0 : CellWidth.spacingWidth(s)
      afterJoiner = s.value == 0x200D
      if w > 0 && width + w > 2 && !current.isEmpty {
        result.append(Grapheme(text: String(current), width: width, continuesCluster: !result.isEmpty))
        current = String.UnicodeScalarView()
        width = 0
      }
      current.append(s)
      width += w
    }
    if !current.isEmpty {
      result.append(Grapheme(text: String(current), width: width, continuesCluster: !result.isEmpty))
    }
    return result
  }

  /// The graphemes of `text` as they will be drawn (see `forEachGrapheme`).
  public static func displayGraphemes(_ text: some StringProtocol) -> [Grapheme] {
    var result: [Grapheme] = []
    forEachGrapheme(text) {
      result.append($0)
      return true
    }
    return result
  }

  /// Display width of `text` after sanitising: the sum of the widths of
  /// `displayGraphemes(text)`.
  public static func width(_ text: some StringProtocol) -> Int {
    if let n = CellWidth.printableASCIICount(text) { return n }
    // Text whose bytes tell its width (`TextWidth`, the same rule) needs no grapheme breaking.
    let fromBytes = text.utf8.withContiguousStorageIfAvailable { b in
      b.baseAddress.flatMap { TextWidth.exactCells($0, b.count) }
    }
    if let n = fromBytes ?? nil { return n }
    var total = 0
    forEachGrapheme(text) {
      total += $0.width
      return true
    }
    return total
  }

  /// Skips up to `cells` leading cells of `text` that are plain ASCII — one
  /// byte, one grapheme, one cell (controls become one-cell pictures) — without
  /// grapheme breaking; returns the rest and how many cells were skipped.
  public static func skipASCII(_ text: Substring, cells: Int) -> (rest: Substring, skipped: Int) {
    guard cells > 0 else { return (text, 0) }
    // Count on contiguous UTF-8 (native strings) without per-byte index calls.
    let count: Int? = text.utf8.withContiguousStorageIfAvailable { bytes in
      var i = 0
      while i < cells, i + 1 < bytes.count, bytes[i] < 0x80, bytes[i + 1] < 0x80 { i += 1 }
      return i
    }
    if let count {
      return (text[text.utf8.index(text.utf8.startIndex, offsetBy: count)...], count)
    }
    let utf8 = text.utf8
    var i = utf8.startIndex
    var skipped = 0
    while skipped < cells {
      guard i != utf8.endIndex, utf8[i] < 0x80 else { break }
      let next = utf8.index(after: i)
      // The byte is a grapheme of its own only if the next one is ASCII too.
      guard next != utf8.endIndex, utf8[next] < 0x80 else { break }
      i = next
      skipped += 1
    }
    return (text[i...], skipped)
  }

  /// The text a cell shows for cluster `c` of width `width` (see `displayGraphemes`).
  static func drawn(_ c: Character, width: Int) -> String {
    let scalars = c.unicodeScalars
    guard let first = scalars.first, let last = scalars.last else { return String(c) }
    // Fast path: ASCII, Latin, Greek, Cyrillic… and CJK ideographs neither
    // join backwards nor forwards. (`Character.isASCII` compares with CR LF,
    // a string comparison per cluster.)
    func isBase(_ v: UInt32) -> Bool { v < 0x300 || (0x4E00...0x9FFF).contains(v) }
    if isBase(first.value) && isBase(last.value) { return width > 0 ? String(c) : "\u{25CC}" + String(c) }
    // A joiner that ends a cluster joins nothing in it, but a terminal may
    // join the next cell's text to it (tmux drew `&` ZWJ ZWJ `▏` typed in a
    // query two cells off, and the damage stayed): left out.
    var end = scalars.endIndex
    while end > scalars.startIndex && scalars[scalars.index(before: end)].value == 0x200D {
      end = scalars.index(before: end)
    }
    let kept = end == scalars.endIndex ? String(c) : String(Substring(scalars[..<end]))
    var s = width > 0 ? kept : "\u{25CC}" + kept
    if width > 0, let first = s.unicodeScalars.first, joinsLetterBefore(first) { s = "\u{25CC}" + s }
    if let last = s.unicodeScalars.last, joinsLetterAfter(last) { s += "\u{25CC}" }
    return s
  }

  /// `fuse("a", s)` for a text `s` starting with `first`: a letter before
  /// it fuses with it only when `first` attaches to it (Extend, SpacingMark,
  /// ZWJ: GB9, GB9a; no rule looks further back past a letter). Asked of
  /// the generated table, not by breaking `"a" + s`: that was most of the
  /// time text only grapheme breaking measures took to measure.
  static func joinsLetterBefore(_ first: Unicode.Scalar) -> Bool {
    first.value >= 0x300 && TextWidth.inRanges(TextWidth.attachers, first.value)
  }

  /// `fuse(s, "a")` for a text `s` ending in `last`: a letter after it
  /// fuses with it only after a Prepend (GB9b), and no rule looks ahead.
  static func joinsLetterAfter(_ last: Unicode.Scalar) -> Bool {
    last.value >= 0x600 && TextWidth.inRanges(TextWidth.prependers, last.value)
  }

  /// Whether `a` followed by `b` breaks into grapheme clusters other than
  /// those of `a` and then those of `b` (the two fuse across their boundary).
  static func fuse(_ a: String, _ b: String) -> Bool {
    let joined = Array(a + b)
    return joined.count != a.count + b.count || !joined[..<a.count].elementsEqual(a)
  }

  /// A zero-width cluster made only of format characters (general category Cf).
  static func isInvisible(_ c: Character) -> Bool {
    c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .format }
  }
}
