/// Where an item's terms matched (fzf's offsets, reduced to what the
/// tiebreaks read). The least begin and end start at 65535, as fzf's
/// `buildResult` starts them: a match further into an item counts as there.
struct RankBounds {
  var minBegin = 0xFFFF
  var minEnd = 0xFFFF
  var maxEnd = 0
  var valid = false

  @inline(__always)
  mutating func add(_ begin: Int, _ end: Int) {
    guard begin < end else { return }
    minBegin = min(minBegin, begin)
    minEnd = min(minEnd, end)
    maxEnd = max(maxEnd, end)
    valid = true
  }
}

/// fzf's rank of a match (`result.go`) as one number: the score, then each
/// `--tiebreak` criterion, 16 bits each, so a lower key ranks first and
/// data order decides the rest.
enum RankKey {
  @inline(__always)
  static func clamp(_ v: Int) -> UInt64 { UInt64(min(max(v, 0), 0xFFFF)) }

  static func of(
    score: Int32, text t: UnsafeBufferPointer<UInt32>, bounds: RankBounds, criteria: [MatchOptions.Tiebreak]
  ) -> UInt64 {
    var key = (0xFFFF - clamp(Int(score))) << 48
    for (k, criterion) in criteria.prefix(3).enumerated() {
      key |= value(criterion, t, bounds) << (16 * UInt64(2 - k))
    }
    return key
  }

  static func value(_ criterion: MatchOptions.Tiebreak, _ t: UnsafeBufferPointer<UInt32>, _ b: RankBounds) -> UInt64 {
    let n = t.count
    switch criterion {
    case .length:
      return clamp(FzfAlgo.trimmedLength(t))
    case .chunk:
      guard b.valid else { return 0xFFFF }
      var begin = b.minBegin
      while begin >= 1 && !FzfAlgo.isSpace(t[begin - 1]) { begin -= 1 }
      var end = b.maxEnd
      while end < n && !FzfAlgo.isSpace(t[end]) { end += 1 }
      return clamp(end - begin)
    case .pathname:
      guard b.valid else { return 0xFFFF }
      // The last separator's place in scalars, as the match's is: fzf
      // 0.74.5 counts so (0.74.3 counted bytes, misplacing it after non-ASCII).
      let lastDelimiter = t.lastIndex { $0 == 0x2F || $0 == 0x5C } ?? -1
      return lastDelimiter <= b.minBegin ? clamp(b.minBegin - lastDelimiter) : 0xFFFF
    case .begin, .end:
      guard b.valid else { return 0xFFFF }
      var whitePrefix = 0
      for i in 0..<n {
        whitePrefix = i
        if i == b.minBegin || !FzfAlgo.isSpace(t[i]) { break }
      }
      if criterion == .begin { return clamp(b.minEnd - whitePrefix) }
      // fzf's trimmed length is 16 bits too.
      return clamp(0xFFFF - 0xFFFF * (b.maxEnd - whitePrefix) / (Int(clamp(FzfAlgo.trimmedLength(t))) + 1))
    case .index:
      return 0
    }
  }
}
