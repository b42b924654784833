/// Display width of text in terminal cells. Swift's `Character` already gives
/// grapheme clusters; the width of a cluster still needs a table: East Asian
/// Wide/Fullwidth and emoji presentation are 2, combining marks and format
/// characters 0 (see `scripts/gen_cell_width.py`, which generates the table).
public enum CellWidth {
  /// Width of one grapheme cluster, as terminals draw it.
  ///
  /// An emoji sequence (a cluster that starts with an emoji or holds a
  /// skin tone or tag) is as wide as its widest scalar, at most 2, so ZWJ
  /// sequences, flags (regional indicator pairs) and skin-tone modifiers
  /// are one 2-cell unit. VS16 (U+FE0F) after an emoji with text
  /// presentation (`©`, `❤`, a keycap digit) makes it 2; VS15 (U+FE0E)
  /// leaves a text-default emoji at 1 and, like most terminals, does not
  /// narrow a wide one.
  ///
  /// Any other cluster is as wide as its scalars together, as terminals
  /// that measure by `wcwidth` (xterm, tmux, VTE) draw it: combining marks
  /// and medial or final Hangul jamo add nothing (`é`, a jamo syllable: 1
  /// and 2), a spacing mark or a halfwidth voiced mark adds its cell (`कि`,
  /// `ｶﾞ`: 2), and so does each consonant of an Indic conjunct (`क्ष` 2,
  /// `स्त्री` 4, `বাং` 3), one grapheme since Unicode 15.1 — but the scalar
  /// right after a ZWJ, which tmux draws into the cell before it (`क्‍ष` 1,
  /// `क्‍षि` 2, `ന്‍ന്റെ` 3: counting the whole cluster as one cell cut
  /// the vowel signs after it off the row). Clusters wider than 2 are drawn
  /// in pieces (`TextSanitizer.pieces`). A cluster of only zero-width
  /// scalars (a lone combining mark) is 0.
  public static func of(_ grapheme: Character) -> Int {
    let scalars = grapheme.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    // One scalar, most clusters: no property of it is asked.
    guard let second = iterator.next() else { return spacingWidth(first) }
    var widest = of(first)
    var sum = spacingWidth(first)
    var extra = 0
    // Scalars after the first with a cell of their own (a spacing mark; not
    // one right after a ZWJ): an emoji sequence keeps their cell too, up to
    // two (`🀀ि` and `©ि` are two cells where tmux draws them).
    var marks = 0
    var unit = mayBeEmoji(first.value)
    var afterJoiner = false
    var following: Unicode.Scalar? = second
    while let next = following {
      following = iterator.next()
      let joined = afterJoiner
      afterJoiner = next.value == 0x200D
      if isSpacingExtender(next.value) {
        extra += 1
      } else if next.value == 0xFE0F {
        if first.properties.isEmoji {
          widest = 2
          unit = true
        }
      } else {
        // A skin tone or tag makes the cluster an emoji sequence (alone, on `◌`, it fills one cell).
        if mayBeEmoji(next.value) { unit = true }
        widest = max(widest, of(next))
        if !joined {
          let spacing = spacingWidth(next)
          sum += spacing
          if spacing > 0 { marks += 1 }
        }
      }
    }
    return unit ? min(min(widest, 2) + extra + marks, 2) : sum + extra
  }

  /// Whether a cluster holding `v` is taken as an emoji sequence: the
  /// scalars that may be emoji (Extended_Pictographic below U+1F000: ©, ⌚,
  /// the symbols and dingbats, ⬅; everything from U+1F000 to U+1FFFF:
  /// emoji, regional indicators, skin tones; and the tags). By range, not
  /// by Unicode property: this is asked for every scalar of a cluster of
  /// several, as data loads.
  @inline(__always)
  static func mayBeEmoji(_ v: UInt32) -> Bool {
    guard v >= 0xA9 else { return false }
    // Not the ideographs of planes 2 and 3 (`𠀀` with a vowel sign is no
    // emoji sequence: three cells, as tmux draws it, not two).
    if v >= 0x1F000 { return v < 0x20000 || v >= 0xE0000 }
    switch v {
    case 0xA9, 0xAE, 0x203C, 0x2049, 0x2122, 0x2139, 0x24C2, 0x25B6, 0x25C0, 0x3030, 0x303D, 0x3297, 0x3299: return true
    case 0x2194...0x21AA, 0x231A...0x23FF, 0x25AA...0x25AB, 0x25FB...0x25FE, 0x2600...0x27BF, 0x2934...0x2935,
      0x2B05...0x2B55:
      return true
    default: return false
    }
  }

  /// The cells a scalar adds to a cluster that is no emoji sequence: its
  /// own width, or 1 for a spacing mark (which the table, by its general
  /// category, puts at 0).
  @inline(__always)
  static func spacingWidth(_ s: Unicode.Scalar) -> Int {
    let w = of(s)
    return w == 0 && isSpacingMark(s) ? 1 : w
  }

  /// A spacing combining mark (Mc: the vowel signs `ि`, `ी`, `ो` of
  /// Devanagari and its neighbours, Tamil's `ை`…): it extends the grapheme
  /// before it, but `wcwidth` — xterm, tmux, VTE — gives it a cell of its
  /// own, so `कि` is drawn two cells wide. Counted as one cell, a Hindi row
  /// ran past the screen's width over the index column. Only scalars of
  /// the blocks that hold spacing marks ask for their general category (a
  /// lookup that was a tenth of loading emoji text).
  @inline(__always)
  static func isSpacingMark(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    guard
      (0x900...0x1CFF).contains(v) || (0xA800...0xABFF).contains(v) || (0x11000...0x11FFF).contains(v)
        || (0x16100...0x16FFF).contains(v) || v == 0x302E || v == 0x302F || (0x1D165...0x1D172).contains(v)
    else { return false }
    return s.properties.generalCategory == .spacingMark
  }

  /// The halfwidth katakana voiced sound marks `ﾞ` and `ﾟ` (U+FF9E, U+FF9F):
  /// Unicode makes them extend the grapheme before them, but terminals draw
  /// each in a cell of its own (wcwidth 1), so the cluster `ｶﾞ` is drawn as
  /// one wide cell (a cell of its own would fuse with its neighbour in the
  /// row's text) — counted as one cell, rows holding `ｶﾞｲﾄﾞ` ran two cells
  /// past the screen's width.
  @inline(__always)
  public static func isSpacingExtender(_ v: UInt32) -> Bool { v == 0xFF9E || v == 0xFF9F }

  /// Width of a single scalar taken alone: 0 for controls, combining marks,
  /// format characters and medial/final Hangul jamo; 2 for wide ones; else 1.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x300 { return v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : 1 }
    return tableWidth(v)
  }

  /// Width of a whole string: the sum of its clusters' widths.
  public static func of(_ text: some StringProtocol) -> Int {
    if let n = printableASCIICount(text) { return n }
    var total = 0
    for c in text { total += of(c) }
    return total
  }

  /// The length of `text` when it is all printable ASCII (one cell per byte,
  /// no grapheme breaking needed), else nil.
  static func printableASCIICount(_ text: some StringProtocol) -> Int? {
    var n = 0
    for byte in text.utf8 {
      guard byte >= 0x20 && byte < 0x7F else { return nil }
      n += 1
    }
    return n
  }

  /// The width `table` gives `v` (1 outside its ranges).
  static func tableWidth(_ v: UInt32) -> Int {
    guard let i = ScalarRanges.last(in: table, startingAtMost: v, low: { $0.low }), v <= table[i].high else {
      return 1
    }
    return Int(table[i].width)
  }
}
