/// Block glyphs for thumbs with eighth-of-a-cell precision: lower eighths for
/// the top end of a vertical thumb, left eighths for the right end of a
/// horizontal one; the other ends round to the nearest available block.
enum IndicatorGlyphs {
  static let verticalTrack = "│"
  static let horizontalTrack = "─"
  static let full = "█"

  static func track(_ orientation: Orientation) -> String {
    orientation == .vertical ? verticalTrack : horizontalTrack
  }

  /// Glyph for track cell `c` of a thumb covering eighths [start, end), nil off the thumb.
  static func thumb(_ orientation: Orientation, cell c: Int, start: Int, end: Int) -> String? {
    orientation == .vertical ? vertical(cell: c, start: start, end: end) : horizontal(cell: c, start: start, end: end)
  }

  /// Glyph for a vertical track cell covering eighths [8c, 8c+8) of a thumb [start, end).
  static func vertical(cell c: Int, start: Int, end: Int) -> String? {
    let (covered, fromStart) = coverage(cell: c, start: start, end: end)
    if covered == 0 { return nil }
    if covered == 8 { return full }
    if fromStart {
      // Thumb begins inside the cell: its lower part is covered.
      return String(UnicodeScalar(0x2580 + UInt32(covered))!)
    }
    return covered <= 2 ? "▔" : covered <= 5 ? "▀" : full
  }

  /// Glyph for a horizontal track cell.
  static func horizontal(cell c: Int, start: Int, end: Int) -> String? {
    let (covered, fromStart) = coverage(cell: c, start: start, end: end)
    if covered == 0 { return nil }
    if covered == 8 { return full }
    if fromStart {
      return covered <= 2 ? "▕" : covered <= 5 ? "▐" : full
    }
    // Thumb ends inside the cell: its left part is covered.
    return String(UnicodeScalar(0x2590 - UInt32(covered))!)
  }

  /// How many eighths of cell `c` the thumb covers, and whether the thumb
  /// starts inside the cell (so the covered part is at the cell's far end).
  private static func coverage(cell c: Int, start: Int, end: Int) -> (Int, Bool) {
    let lo = max(start, c * 8)
    let hi = min(end, c * 8 + 8)
    return (max(0, hi - lo), start > c * 8)
  }
}
