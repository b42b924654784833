/// Turns data text into graphemes that are safe to send to a terminal: control
/// characters (C0, DEL, C1), bidi controls and line/paragraph separators are
/// replaced by visible stand-ins, so data can never drive the terminal or
/// reorder what is drawn around it.
public enum TextSanitizer {
  /// A grapheme ready for a cell, with its width (1 or 2).
  public struct Grapheme: Sendable, Equatable {
    public var text: String
    public var width: Int

    public init(text: String, width: Int) {
      self.text = text
      self.width = width
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

  /// `text` with every unsafe scalar replaced.
  public static func visible(_ text: some StringProtocol) -> String {
    if isSafe(text) { return String(text) }
    var out = String.UnicodeScalarView()
    for s in text.unicodeScalars {
      if let r = replacement(for: s) { out.append(contentsOf: r.unicodeScalars) } else { out.append(s) }
    }
    return String(out)
  }

  /// The graphemes of `text` as they will be drawn: sanitised, with widths.
  /// A cluster with no width of its own (a lone combining mark, a lone medial
  /// jamo) is drawn on a dotted circle `◌` so it stays visible and never merges
  /// into the cell before it; a lone invisible format character (ZWSP, word
  /// joiner, BOM) has no glyph and is left out.
  public static func displayGraphemes(_ text: some StringProtocol) -> [Grapheme] {
    var result: [Grapheme] = []
    for c in visible(text) {
      let w = CellWidth.of(c)
      if w > 0 {
        result.append(Grapheme(text: String(c), width: w))
      } else if !isInvisible(c) {
        result.append(Grapheme(text: "\u{25CC}" + String(c), width: 1))
      }
    }
    return result
  }

  /// Display width of `text` after sanitising: the sum of the widths of
  /// `displayGraphemes(text)`.
  public static func width(_ text: some StringProtocol) -> Int {
    if let n = CellWidth.printableASCIICount(text) { return n }
    var total = 0
    for c in visible(text) {
      let w = CellWidth.of(c)
      total += w > 0 ? w : (isInvisible(c) ? 0 : 1)
    }
    return total
  }

  /// A zero-width cluster made only of format characters (general category Cf).
  static func isInvisible(_ c: Character) -> Bool {
    c.unicodeScalars.allSatisfy { $0.properties.generalCategory == .format }
  }
}
