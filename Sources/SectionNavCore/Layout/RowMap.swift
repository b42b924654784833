/// Row ↔ (section, item) mapping for the flattened list: each section is one
/// header row followed by one row per item. Built once per data set from
/// per-section start rows (prefix sums); every lookup is a binary search, so
/// nothing per frame or per scroll step grows with the number of rows.
public struct RowMap: Sendable, Equatable {
  /// What a list row shows.
  public enum Row: Hashable, Sendable {
    case header(section: Int)
    case item(section: Int, item: Int)

    public var section: Int {
      switch self {
      case .header(let s), .item(let s, _): return s
      }
    }
  }

  /// `starts[s]` is the row of section `s`'s header; `starts[count]` is the total.
  private let starts: [Int]

  public init(itemCounts: some Sequence<Int>) {
    var starts = [0]
    // Room for all at once: a million sections would copy the rows twenty
    // times as they doubled.
    starts.reserveCapacity(itemCounts.underestimatedCount + 1)
    for count in itemCounts { starts.append(starts.last! + 1 + count) }
    self.starts = starts
  }

  /// The rows of `list`: its sections read in place, the header rows
  /// summed in one loop into room made once (a million sections through
  /// a lazy map and `append` took longer than the index beside them,
  /// between the load's end and the full index shown).
  public init(_ list: SectionedList) {
    starts = list.sections.withUnsafeBufferPointer { sections in
      [Int](unsafeUninitializedCapacity: sections.count + 1) { starts, made in
        var row = 0
        starts[0] = 0
        for s in sections.indices {
          row += 1 + sections[s].itemCount
          starts[s + 1] = row
        }
        made = sections.count + 1
      }
    }
  }

  public var sectionCount: Int { starts.count - 1 }
  public var totalRows: Int { starts.last! }

  /// Row of section `s`'s header.
  public func headerRow(_ section: Int) -> Int { starts[section] }
  /// Row of an item.
  public func row(section: Int, item: Int) -> Int { starts[section] + 1 + item }
  public func itemCount(_ section: Int) -> Int { starts[section + 1] - starts[section] - 1 }

  /// The section whose rows contain `row` (clamped into the list).
  public func section(containing row: Int) -> Int {
    guard sectionCount > 0 else { return 0 }
    var lo = 0
    var hi = sectionCount - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if starts[mid] <= row { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  /// What `row` shows, or nil outside the list.
  public func row(_ row: Int) -> Row? {
    guard row >= 0, row < totalRows else { return nil }
    let s = section(containing: row)
    let offset = row - starts[s]
    return offset == 0 ? .header(section: s) : .item(section: s, item: offset - 1)
  }

  /// The first item row at or after `row`, else the last item row before it.
  public func nearestItemRow(atOrAfter row: Int) -> Int? {
    guard totalRows > 0 else { return nil }
    let r = min(max(row, 0), totalRows - 1)
    if let next = nextItemRow(from: r) { return next }
    return previousItemRow(from: r)
  }

  /// The first item row ≥ `row`.
  public func nextItemRow(from row: Int) -> Int? {
    guard row < totalRows else { return nil }
    let r = max(row, 0)
    var s = section(containing: r)
    var candidate = r
    while s < sectionCount {
      if candidate == starts[s] { candidate += 1 }
      if candidate < starts[s + 1] { return candidate }
      s += 1
      if s < sectionCount { candidate = starts[s] }
    }
    return nil
  }

  /// The last item row ≤ `row`.
  public func previousItemRow(from row: Int) -> Int? {
    guard row >= 0, totalRows > 0 else { return nil }
    let r = min(row, totalRows - 1)
    var s = section(containing: r)
    var candidate = r
    while s >= 0 {
      if candidate > starts[s] { return candidate }
      s -= 1
      if s >= 0 { candidate = starts[s + 1] - 1 }
    }
    return nil
  }
}
