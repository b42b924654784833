/// Look-ups in the generated tables of scalar ranges (`CellWidthTable`,
/// `GraphemeJoinTable`): sorted by their first scalar, never overlapping.
enum ScalarRanges {
  /// The index of the last range in `table` whose first scalar (`low`) is
  /// at most `v`, or nil when `v` is before them all (a binary search).
  @inline(__always)
  static func last<T>(in table: [T], startingAtMost v: UInt32, low: (T) -> UInt32) -> Int? {
    var start = 0
    var end = table.count
    while start < end {
      let mid = (start + end) / 2
      if low(table[mid]) <= v { start = mid + 1 } else { end = mid }
    }
    return start > 0 ? start - 1 : nil
  }
}
