/// Whether one term matches a plain ASCII item, in its bytes (word-at-a-time
/// scans; the case mask stands for lower-casing). Survival only: scores and
/// every other item go through `FzfAlgo`. Pure functions over raw pointers:
/// the filter's hot loop calls them once per item and term.
enum TermMatch {
  /// Where the pattern matches in `h[0..<n]` (a fuzzy term: up to the end of
  /// its first subsequence match), or nil.
  @inline(__always)
  static func window(
    _ kind: FilterQuery.Kind, _ p: UnsafePointer<UInt8>, _ mask: UnsafePointer<UInt8>, _ m: Int,
    _ h: UnsafePointer<UInt8>, _ n: Int, readable: Int? = nil
  ) -> (Int, Int)? {
    guard m > 0 else { return (0, 0) }
    // Word scans may read past the text up to `readable` bytes from `h`
    // (the rest of the mapped file, a scratch buffer's slack): hits there are
    // ignored, and no byte-at-a-time tail is needed inside the text.
    let readable = max(n, readable ?? n)
    switch kind {
    case .fuzzy:
      // Each pattern byte found with a word-at-a-time scan from the last.
      var i = 0
      for j in 0..<m {
        guard let k = nextByte(p[j], mask[j], h, from: i, before: n - (m - 1 - j), count: readable) else {
          return nil
        }
        i = k + 1
      }
      return (0, i)
    case .exact:
      guard n >= m else { return nil }
      var i = 0
      while let k = nextByte(p[0], mask[0], h, from: i, before: n - m + 1, count: readable) {
        if matchesAt(p, mask, m, h + k) { return (k, k + m) }
        i = k + 1
      }
      return nil
    case .prefix:
      var start = 0
      if !isWhite(p[0]) { while start < n && isWhite(h[start]) { start += 1 } }
      guard n - start >= m, matchesAt(p, mask, m, h + start) else { return nil }
      return (start, start + m)
    case .suffix:
      var end = n
      if !isWhite(p[m - 1]) { while end > 0 && isWhite(h[end - 1]) { end -= 1 } }
      guard end >= m, matchesAt(p, mask, m, h + end - m) else { return nil }
      return (end - m, end)
    case .equal:
      var start = 0
      var end = n
      if !isWhite(p[0]) { while start < end && isWhite(h[start]) { start += 1 } }
      if !isWhite(p[m - 1]) { while end > start && isWhite(h[end - 1]) { end -= 1 } }
      guard end - start == m, matchesAt(p, mask, m, h + start) else { return nil }
      return (start, end)
    case .boundary:
      return nil  // matched on scalars (FzfAlgo.exact)
    }
  }

  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The first position in `from..<before` whose byte, OR-ed with `mask`, is
  /// `byte`; eight bytes at a time while they lie within the `count` bytes
  /// readable from `h` (the lowest flagged byte of a word is always a true hit).
  @inline(__always)
  static func nextByte(
    _ byte: UInt8, _ mask: UInt8, _ h: UnsafePointer<UInt8>, from start: Int, before end: Int, count n: Int
  ) -> Int? {
    var i = start
    let pattern = UInt64(byte) &* ones
    let fold = UInt64(mask) &* ones
    while i + 8 <= n && i < end {
      let x = (UnsafeRawPointer(h + i).loadUnaligned(as: UInt64.self) | fold) ^ pattern
      let hits = (x &- ones) & ~x & highs
      if hits != 0 {
        let k = i + hits.trailingZeroBitCount >> 3
        return k < end ? k : nil
      }
      i += 8
    }
    while i < end {
      if (h[i] | mask) == byte { return i }
      i += 1
    }
    return nil
  }

  @inline(__always)
  static func isWhite(_ b: UInt8) -> Bool { b == 0x20 || b &- 0x09 < 5 }

  @inline(__always)
  static func matchesAt(_ p: UnsafePointer<UInt8>, _ mask: UnsafePointer<UInt8>, _ m: Int, _ h: UnsafePointer<UInt8>)
    -> Bool
  {
    var j = 0
    while j < m {
      if (h[j] | mask[j]) != p[j] { return false }
      j += 1
    }
    return true
  }
}
