/// Matching one term against text bytes (already folded the way the term's
/// pattern is), with fzf's scoring when asked. Pure functions over raw
/// pointers: the filter's hot loop calls them once per item and term.
enum TermMatch {
  // fzf's scoring constants (algo.go).
  static let scoreMatch: Int32 = 16
  static let scoreGapStart: Int32 = -3
  static let scoreGapExtension: Int32 = -1
  static let bonusBoundary: Int32 = scoreMatch / 2
  static let bonusNonWord: Int32 = scoreMatch / 2
  static let bonusCamel123: Int32 = bonusBoundary + scoreGapExtension
  static let bonusConsecutive: Int32 = -(scoreGapStart + scoreGapExtension)
  static let bonusFirstCharMultiplier: Int32 = 2
  static let bonusBoundaryWhite: Int32 = bonusBoundary + 2
  static let bonusBoundaryDelimiter: Int32 = bonusBoundary + 1

  enum CharClass: UInt8 { case white, nonWord, delimiter, lower, upper, letter, number }

  @inline(__always)
  static func charClass(_ b: UInt8) -> CharClass {
    switch b {
    case 0x61...0x7A: return .lower
    case 0x41...0x5A: return .upper
    case 0x30...0x39: return .number
    case 0x20, 0x09, 0x0A, 0x0D: return .white
    case 0x2F, 0x2C, 0x3A, 0x3B, 0x7C: return .delimiter
    case 0x80...: return .letter
    default: return .nonWord
    }
  }

  @inline(__always)
  static func bonus(_ prev: CharClass, _ current: CharClass) -> Int32 {
    if current.rawValue > CharClass.nonWord.rawValue && current != .delimiter {
      switch prev {
      case .white: return bonusBoundaryWhite
      case .delimiter: return bonusBoundaryDelimiter
      case .nonWord: return bonusBoundary
      default: break
      }
    }
    if prev == .lower && current == .upper || prev != .number && current == .number { return bonusCamel123 }
    switch current {
    case .nonWord, .delimiter: return bonusNonWord
    case .white: return bonusBoundaryWhite
    default: return 0
    }
  }

  /// The matched window `[start, end)` of `term` in `h[0..<n]`, or nil.
  /// Fuzzy terms get fzf's V1 window: the first subsequence match, then
  /// shrunk backwards to the shortest window ending there.
  @inline(__always)
  static func window(_ term: FilterQuery.Term, _ h: UnsafePointer<UInt8>, _ n: Int) -> (Int, Int)? {
    term.pattern.withUnsafeBufferPointer { pat in
      term.masks.withUnsafeBufferPointer { mask in
        window(term.kind, pat.baseAddress!, mask.baseAddress!, pat.count, h, n, ascii: term.ascii)
      }
    }
  }

  @inline(__always)
  static func window(
    _ kind: FilterQuery.Kind, _ p: UnsafePointer<UInt8>, _ mask: UnsafePointer<UInt8>, _ m: Int,
    _ h: UnsafePointer<UInt8>, _ n: Int, ascii: Bool = false, readable: Int? = nil
  ) -> (Int, Int)? {
    guard m > 0 else { return (0, 0) }
    // Word scans may read past the text up to `readable` bytes from `h`
    // (the rest of the mapped file, a scratch buffer's slack): hits there are
    // ignored, and no byte-at-a-time tail is needed inside the text.
    let readable = max(n, readable ?? n)
    switch kind {
    case .fuzzy where ascii:
      // Each pattern byte found with a word-at-a-time scan from the last.
      var i = 0
      for j in 0..<m {
        guard let k = nextByte(p[j], mask[j], h, from: i, before: n - (m - 1 - j), count: readable) else {
          return nil
        }
        i = k + 1
      }
      return shortestWindow(p, mask, m, h, last: i - 1)
    case .exact where ascii:
      guard n >= m else { return nil }
      var i = 0
      while let k = nextByte(p[0], mask[0], h, from: i, before: n - m + 1, count: readable) {
        if matchesAt(p, mask, m, h + k) { return (k, k + m) }
        i = k + 1
      }
      return nil
    case .fuzzy:
      // Forward: the first subsequence match. Pattern bytes are compared one
      // by one; a multi-byte character only matches whole (UTF-8 lead bytes
      // never equal continuation bytes, and the next byte must follow).
      guard n >= m else { return nil }
      var j = 0
      var i = 0
      var last = -1
      // The current pattern byte and mask in registers; `limit` is the last
      // position where the rest of the pattern still fits.
      var pj = p[0]
      var mj = mask[0]
      var limit = n - m
      while i <= limit {
        if (h[i] | mj) == pj {
          j += 1
          if j == m {
            last = i
            break
          }
          limit += 1
          pj = p[j]
          mj = mask[j]
          // Inside a multi-byte character the rest must follow at once.
          if pj & 0xC0 == 0x80 {
            var k = i + 1
            while j < m && p[j] & 0xC0 == 0x80 {
              guard k < n, h[k] == p[j] else { break }
              j += 1
              k += 1
              limit += 1
            }
            if j < m && p[j] & 0xC0 == 0x80 {
              // Broken character: back to its lead byte.
              while j > 0 && p[j] & 0xC0 == 0x80 {
                j -= 1
                limit -= 1
              }
              pj = p[j]
              mj = mask[j]
              i += 1
              continue
            }
            if j == m {
              last = k - 1
              break
            }
            pj = p[j]
            mj = mask[j]
            i = k
            continue
          }
        }
        i += 1
      }
      guard last >= 0 else { return nil }
      return shortestWindow(p, mask, m, h, last: last)
    case .exact:
      guard n >= m else { return nil }
      let first = p[0]
      let firstMask = mask[0]
      var i = 0
      while i <= n - m {
        if (h[i] | firstMask) == first && matchesAt(p, mask, m, h + i) { return (i, i + m) }
        i += 1
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
    }
  }

  /// fzf's V1 backward pass: the latest start from which the whole pattern
  /// still matches up to `last` (where the forward pass ended).
  @inline(__always)
  static func shortestWindow(
    _ p: UnsafePointer<UInt8>, _ mask: UnsafePointer<UInt8>, _ m: Int, _ h: UnsafePointer<UInt8>, last: Int
  ) -> (Int, Int) {
    var b = m - 1
    var s = last
    while s >= 0 {
      if (h[s] | mask[b]) == p[b] {
        if b == 0 { break }
        b -= 1
      }
      s -= 1
    }
    return (max(0, s), last + 1)
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
  static func isWhite(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

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

  /// fzf's score of the match inside `window`.
  @inline(__always)
  static func score(_ term: CompiledTerm, _ h: UnsafePointer<UInt8>, _ window: (Int, Int)) -> Int32 {
    score(term.pattern, term.mask, term.count, fuzzy: term.kind == .fuzzy, h, window: window, positions: nil)
  }

  /// fzf's score of the match inside `window`, and the matched byte
  /// positions when `positions` is given (fuzzy: greedy from the window's
  /// start; the others: the whole window).
  static func score(
    _ term: FilterQuery.Term, _ h: UnsafePointer<UInt8>, _ n: Int, window: (Int, Int),
    positions: UnsafeMutablePointer<[Int]>? = nil
  ) -> Int32 {
    term.pattern.withUnsafeBufferPointer { pat in
      term.masks.withUnsafeBufferPointer { mask in
        score(
          pat.baseAddress!, mask.baseAddress!, pat.count, fuzzy: term.kind == .fuzzy, h, window: window,
          positions: positions)
      }
    }
  }

  static func score(
    _ p: UnsafePointer<UInt8>, _ mk: UnsafePointer<UInt8>, _ m: Int, fuzzy: Bool, _ h: UnsafePointer<UInt8>,
    window: (Int, Int), positions: UnsafeMutablePointer<[Int]>?
  ) -> Int32 {
    var score: Int32 = 0
    var pidx = 0
    var inGap = false
    var consecutive: Int32 = 0
    var firstBonus: Int32 = 0
    var prevClass = window.0 > 0 ? charClass(h[window.0 - 1]) : .white
    var idx = window.0
    while idx < window.1 && pidx < m {
      let c = h[idx]
      let cls = charClass(c)
      if !fuzzy || (c | mk[pidx]) == p[pidx] {
        positions?.pointee.append(idx)
        score += scoreMatch
        var b = bonus(prevClass, cls)
        if consecutive == 0 {
          firstBonus = b
        } else {
          if b >= bonusBoundary && b > firstBonus { firstBonus = b }
          b = max(b, firstBonus, bonusConsecutive)
        }
        score += pidx == 0 ? b * bonusFirstCharMultiplier : b
        inGap = false
        consecutive += 1
        pidx += 1
      } else {
        score += inGap ? scoreGapExtension : scoreGapStart
        inGap = true
        consecutive = 0
        firstBonus = 0
      }
      prevClass = cls
      idx += 1
    }
    return score
  }
}
