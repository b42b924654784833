extension NaturalOrder {
  /// `sortedIndices(titles, collation:)` with the titles equal to
  /// `lastTitle` after all others — by their values alone when every
  /// other title is a whole number written plainly (`wholeNumber`), as
  /// ids are: natural order is then the numbers' order, and a radix sort
  /// of the values takes a few milliseconds where making and sorting a
  /// quarter of a million sort keys took a sixth of `--group-by user.id`'s
  /// load.
  static func sortedIndices(_ titles: [String], collation: LocaleCollation?, lastTitle: String?) -> [Int] {
    if collation == nil, let order = wholeNumberOrder(titles, lastTitle: lastTitle) { return order }
    return sortedIndices(titles, collation: collation) { $0 == lastTitle }
  }

  /// The order of `titles` when all but those equal to `lastTitle` (put
  /// last, in their own order) are whole numbers whose values and indices
  /// fit one 64-bit word together; nil otherwise.
  static func wholeNumberOrder(_ titles: [String], lastTitle: String?) -> [Int]? {
    let n = titles.count
    guard n > 1 else { return nil }
    let indexBits = UInt64(Int.bitWidth - (n - 1).leadingZeroBitCount)
    let lastValue = lastTitle.flatMap { wholeNumber($0) }
    var lasts: [Int] = []
    var widest: UInt64 = 0
    var keys: [UInt64] = []
    keys.reserveCapacity(n)
    for (i, title) in titles.enumerated() {
      guard let value = wholeNumber(title) else {
        guard title == lastTitle else { return nil }
        lasts.append(i)
        continue
      }
      if value == lastValue {
        lasts.append(i)
        continue
      }
      widest |= value
      keys.append(value << indexBits | UInt64(i))
    }
    guard UInt64(UInt64.bitWidth - widest.leadingZeroBitCount) + indexBits <= 64 else { return nil }
    sortByBits(&keys, from: indexBits, to: UInt64(UInt64.bitWidth - (widest << indexBits).leadingZeroBitCount))
    let mask: UInt64 = (1 << indexBits) - 1
    return keys.map { Int($0 & mask) } + lasts
  }

  /// The value of a title that is a whole number written as jq writes it:
  /// ASCII digits, no sign, no leading zero, at most 19 of them. Others
  /// (`007`, `-3`, `1e3`) sort by their keys: leading zeros and signs are
  /// what natural order weighs in its own way.
  static func wholeNumber(_ title: String) -> UInt64? {
    // The bytes in place (a short title's are in the string itself): the
    // view's iterator took as long as the sort. Text whose bytes are not in
    // one piece (none on Linux) sorts by its key.
    let value = title.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
      guard (1...19).contains(bytes.count), bytes[0] != 0x30 || bytes.count == 1 else { return nil }
      var value: UInt64 = 0
      for c in bytes {
        let digit = c &- 0x30
        guard digit < 10 else { return nil }
        value = value &* 10 &+ UInt64(digit)
      }
      return value
    }
    return value ?? nil
  }

  /// Sorts `keys` by their bits `from..<to`, stably (a least-significant
  /// byte first radix sort: one counting pass and one scatter a byte).
  static func sortByBits(_ keys: inout [UInt64], from: UInt64, to: UInt64) {
    let n = keys.count
    guard n > 1, to > from else { return }
    var other = [UInt64](repeating: 0, count: n)
    var shift = from
    while shift < to {
      keys.withUnsafeBufferPointer { source in
        other.withUnsafeMutableBufferPointer { target in
          var starts = [Int](repeating: 0, count: 257)
          for k in source { starts[Int(truncatingIfNeeded: k >> shift) & 0xFF + 1] += 1 }
          for b in 1...256 { starts[b] += starts[b - 1] }
          for k in source {
            let b = Int(truncatingIfNeeded: k >> shift) & 0xFF
            target[starts[b]] = k
            starts[b] += 1
          }
        }
      }
      swap(&keys, &other)
      shift += 8
    }
  }
}
