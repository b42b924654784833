/// Where the index entries sit in a column of `rows` lines and which entry each
/// line reaches. When the entries do not fit, the column collapses to an odd
/// number of lines with real labels on even lines and `•` between (two rows:
/// the first and the last label, so both ends stay reachable); every line
/// maps through all N entries, line k → round(k·(N−1)/(L−1)), so a drag over a
/// `•` still lands on the hidden sections.
public struct IndexLayout: Sendable, Equatable {
  public let entryCount: Int
  /// Lines used by the column (≤ rows).
  public let lines: Int
  /// First used line, counted from the top of the list area (entries are centred).
  public let top: Int
  public let collapsed: Bool

  public init(entryCount: Int, rows: Int) {
    self.entryCount = max(0, entryCount)
    let rows = max(0, rows)
    if self.entryCount <= rows {
      lines = self.entryCount
      collapsed = false
    } else {
      lines = rows == 2 ? 2 : rows % 2 == 1 ? rows : max(0, rows - 1)
      collapsed = true
    }
    top = (rows - lines) / 2
  }

  /// The entry line `k` (0-based within the used lines) reaches.
  public func entry(atLine k: Int) -> Int {
    guard lines > 1, entryCount > 0 else { return 0 }
    let k = min(max(k, 0), lines - 1)
    if !collapsed { return k }
    return Int((Double(k * (entryCount - 1)) / Double(lines - 1)).rounded())
  }

  /// Whether line `k` shows a real label (else a `•` placeholder).
  public func showsLabel(atLine k: Int) -> Bool { !collapsed || k % 2 == 0 || k == lines - 1 }

  /// The entry a pointer on list-area row `row` (0-based) reaches; rows above
  /// or below the used lines clamp to the first or last entry.
  public func entry(atRow row: Int) -> Int? {
    guard entryCount > 0, lines > 0 else { return nil }
    return entry(atLine: row - top)
  }

  /// The line that stands for `entry` (for highlighting the current entry).
  public func line(forEntry entry: Int) -> Int? {
    guard entryCount > 0, lines > 0 else { return nil }
    if !collapsed { return min(max(entry, 0), lines - 1) }
    guard entryCount > 1 else { return 0 }
    return Int((Double(entry * (lines - 1)) / Double(entryCount - 1)).rounded())
  }
}
