/// Thumb geometry and drag mapping for one scroll axis: pure arithmetic in the
/// style of ratatui's Scrollbar, shared by both indicators.
public struct ScrollIndicator: Sendable, Equatable {
  /// Track length in cells.
  public let track: Int
  /// Visible extent and total extent along the axis.
  public let viewport: Int
  public let content: Int
  public let offset: Int

  public init(track: Int, viewport: Int, content: Int, offset: Int) {
    self.track = max(0, track)
    self.viewport = max(0, viewport)
    self.content = max(0, content)
    self.offset = max(0, offset)
  }

  public var maxOffset: Int { max(0, content - viewport) }

  /// Thumb start and length in eighths of a cell: length proportional to
  /// viewport/content (at least one cell), start proportional to the offset,
  /// touching the start at offset 0 and the end at the largest offset.
  public var thumbEighths: (start: Int, length: Int) { thumb(unitsPerCell: 8) }

  /// Thumb in whole cells (for plain rendering and hit tests).
  public var thumbCells: (start: Int, length: Int) { thumb(unitsPerCell: 1) }

  private func thumb(unitsPerCell units: Int) -> (start: Int, length: Int) {
    let total = track * units
    guard total > 0 else { return (0, 0) }
    guard content > viewport, content > 0 else { return (0, total) }
    let exact = Double(total) * Double(viewport) / Double(content)
    let length = min(total, max(units, Int(exact.rounded())))
    let m = maxOffset
    let start = m == 0 ? 0 : Int((Double(total - length) * Double(min(offset, m)) / Double(m)).rounded())
    return (start, length)
  }

  /// The offset a pointer on track cell `cell` (0-based) maps to: first cell
  /// 0, last cell the largest offset, linear in between.
  public static func offset(forCell cell: Int, track: Int, maxOffset: Int) -> Int {
    guard track > 1, maxOffset > 0 else { return 0 }
    let c = min(max(cell, 0), track - 1)
    return Int((Double(c) * Double(maxOffset) / Double(track - 1)).rounded())
  }
}
