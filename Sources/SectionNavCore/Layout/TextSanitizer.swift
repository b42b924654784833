/// Turns data text into graphemes that are safe to send to a terminal: control
/// characters (C0, DEL, C1), bidi overrides and separators are replaced by
/// visible stand-ins, so data can never drive the terminal.
public enum TextSanitizer {
  /// A grapheme ready for a cell, with its width.
  public struct Grapheme: Sendable {
    public var text: String
    public var width: Int
  }

  /// The visible stand-in for an unsafe scalar, or nil when it is safe.
  public static func replacement(for scalar: Unicode.Scalar) -> String? {
    let v = scalar.value
    switch v {
    case 0x00..<0x20: return String(Unicode.Scalar(0x2400 + v)!)  // ␀ … ␟ (␛ for ESC)
    case 0x7F: return "\u{2421}"  // ␡
    case 0x80..<0xA0: return "\u{FFFD}"
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return "\u{FFFD}"
    case 0x2028, 0x2029: return "\u{2424}"  // ␤
    default: return nil
    }
  }

  /// Whether `text` needs no replacement at all (the common, fast case).
  public static func isSafe(_ text: some StringProtocol) -> Bool {
    for s in text.unicodeScalars where replacement(for: s) != nil { return false }
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

  /// The graphemes of `text` as they will be drawn: sanitised, with widths;
  /// a cluster that starts with a combining mark is drawn on a dotted circle.
  public static func displayGraphemes(_ text: some StringProtocol) -> [Grapheme] {
    var result: [Grapheme] = []
    for c in visible(text) {
      var w = CellWidth.of(c)
      var t = String(c)
      if w == 0 {
        t = "\u{25CC}" + t
        w = 1
      }
      result.append(Grapheme(text: t, width: w))
    }
    return result
  }

  /// Display width of `text` after sanitising.
  public static func width(_ text: some StringProtocol) -> Int {
    var total = 0
    for c in visible(text) { total += max(1, CellWidth.of(c)) }
    return total
  }
}
