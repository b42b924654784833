/// Display width of text in terminal cells. Swift's `Character` already gives
/// grapheme clusters; the width of a cluster still needs a table (East Asian
/// Wide/Fullwidth and emoji presentation are 2, combining marks 0).
public enum CellWidth {
  /// Width of one grapheme cluster: 0, 1 or 2.
  public static func of(_ grapheme: Character) -> Int {
    let scalars = grapheme.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
    var width = of(first)
    if width == 1, scalars.count > 1 {
      // Emoji presentation selector or a ZWJ sequence makes the cluster wide.
      for s in scalars.dropFirst() where s.value == 0xFE0F {
        if first.properties.isEmoji { width = 2 }
      }
    }
    if width == 0 {
      // A cluster that starts with a combining mark: use the widest scalar.
      width = scalars.map(of).max() ?? 0
    }
    return width
  }

  /// Width of a single scalar taken alone.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
    if v < 0x300 { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if v == 0x200B || (v >= 0x1160 && v <= 0x11FF) { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    return isWide(v) ? 2 : 1
  }

  /// Width of a whole string.
  public static func of(_ text: some StringProtocol) -> Int {
    var total = 0
    for c in text { total += of(c) }
    return total
  }

  /// East Asian Wide and Fullwidth ranges (Unicode 15, abridged to blocks).
  static func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
      0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
      0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
      0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
      0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
      0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
      0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
      0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
      0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
      0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
