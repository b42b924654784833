/// fzf 0.74's match algorithms (`src/algo/algo.go`) rewritten over Unicode
/// scalars, so an item's survival, score and matched positions are the ones
/// `fzf --filter` gives: FuzzyMatchV2 (the best-scoring alignment, falling
/// back to V1's greedy one on long texts), exact (optionally at word
/// boundaries), prefix, suffix and equal. The pattern is already lower-cased
/// when the term ignores case and folded when it normalizes; the text is
/// lower-cased and folded here, scalar by scalar, the way each fzf function does.
enum FzfAlgo {
  struct Match: Equatable {
    var start: Int
    var end: Int
    var score: Int32
  }

  static let scoreMatch: Int32 = 16
  static let scoreGapStart: Int32 = -3
  static let scoreGapExtension: Int32 = -1
  static let bonusBoundary: Int32 = scoreMatch / 2
  static let bonusNonWord: Int32 = scoreMatch / 2
  static let bonusCamel123: Int32 = bonusBoundary + scoreGapExtension
  static let bonusConsecutive: Int32 = -(scoreGapStart + scoreGapExtension)
  static let bonusFirstCharMultiplier: Int32 = 2
  /// fzf's default scheme.
  static let bonusBoundaryWhite: Int32 = bonusBoundary + 2
  static let bonusBoundaryDelimiter: Int32 = bonusBoundary + 1
  /// fzf's slab: above this many text × pattern cells V2 falls back to V1.
  static let matrixLimit = 100 * 1024

  /// Ordered as fzf orders them (`class >= nonWord` is "a word character or
  /// punctuation", `<= delimiter` is "a boundary before it").
  enum CharClass: Int {
    case white = 0, nonWord, delimiter, lower, upper, letter, number
  }

  static let asciiClasses: [CharClass] = (0..<128).map { i in
    switch UInt8(i) {
    case 0x61...0x7A: return .lower
    case 0x41...0x5A: return .upper
    case 0x30...0x39: return .number
    case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: return .white
    case 0x2F, 0x2C, 0x3A, 0x3B, 0x7C: return .delimiter
    default: return .nonWord
    }
  }

  @inline(__always)
  static func charClass(_ c: UInt32) -> CharClass {
    if c < 0x80 { return asciiClasses[Int(c)] }
    guard let s = Unicode.Scalar(c) else { return .nonWord }
    let p = s.properties
    switch p.generalCategory {
    case .lowercaseLetter: return .lower
    case .uppercaseLetter: return .upper
    case .decimalNumber, .letterNumber, .otherNumber: return .number
    case .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
    default: return c == 0x85 || c == 0xA0 || p.isWhitespace ? .white : .nonWord
    }
  }

  static func bonusFor(_ prev: CharClass, _ cls: CharClass) -> Int32 {
    if cls.rawValue >= CharClass.nonWord.rawValue {
      switch prev {
      case .white: return bonusBoundaryWhite
      case .delimiter: return bonusBoundaryDelimiter
      case .nonWord: return bonusBoundary
      default: break
      }
    }
    if prev == .lower && cls == .upper || prev != .number && cls == .number { return bonusCamel123 }
    switch cls {
    case .nonWord, .delimiter: return bonusNonWord
    case .white: return bonusBoundaryWhite
    default: return 0
    }
  }

  static let bonusMatrix: [Int32] = (0..<49).map {
    bonusFor(CharClass(rawValue: $0 / 7)!, CharClass(rawValue: $0 % 7)!)
  }

  @inline(__always)
  static func bonus(_ prev: CharClass, _ cls: CharClass) -> Int32 { bonusMatrix[prev.rawValue * 7 + cls.rawValue] }

  @inline(__always)
  static func bonusAt(_ t: UnsafeBufferPointer<UInt32>, _ i: Int) -> Int32 {
    i == 0 ? bonusBoundaryWhite : bonus(charClass(t[i - 1]), charClass(t[i]))
  }

  /// Go's `unicode.IsSpace`.
  @inline(__always)
  static func isSpace(_ c: UInt32) -> Bool {
    if c < 0x80 { return c == 0x20 || (0x09...0x0D).contains(c) }
    return c == 0x85 || c == 0xA0 || (Unicode.Scalar(c)?.properties.isWhitespace ?? false)
  }

  /// Go's `unicode.ToLower` (the simple, one-scalar mapping).
  @inline(__always)
  static func lower(_ c: UInt32) -> UInt32 {
    if c < 0x80 { return c &- 0x41 < 26 ? c + 32 : c }
    guard let s = Unicode.Scalar(c), s.properties.changesWhenLowercased else { return c }
    if c == 0x130 { return 0x69 }  // İ: the full mapping adds a combining dot
    let m = s.properties.lowercaseMapping.unicodeScalars
    return m.count == 1 ? m.first!.value : c
  }

  /// A text scalar as exact, prefix, suffix and V1 compare it.
  @inline(__always)
  static func fold(_ c: UInt32, _ caseSensitive: Bool, _ normalize: Bool) -> UInt32 {
    var c = c
    if !caseSensitive { c = lower(c) }
    if normalize && c >= 0xC0 { c = FzfNormalize.fold(c) }
    return c
  }

  static func leadingWhitespace(_ t: UnsafeBufferPointer<UInt32>) -> Int {
    var i = 0
    while i < t.count && isSpace(t[i]) { i += 1 }
    return i
  }

  static func trailingWhitespace(_ t: UnsafeBufferPointer<UInt32>) -> Int {
    var i = 0
    while i < t.count && isSpace(t[t.count - 1 - i]) { i += 1 }
    return i
  }

  /// fzf's `TrimLength`: the text's length without surrounding whitespace.
  static func trimmedLength(_ t: UnsafeBufferPointer<UInt32>) -> Int {
    let lead = leadingWhitespace(t)
    return lead == t.count ? 0 : t.count - lead - trailingWhitespace(t)
  }

  // MARK: Fuzzy

  /// FuzzyMatchV2: the alignment with the best score; `positions` (when
  /// given) receives the matched scalar indices, last first.
  static func fuzzyV2(
    _ text: UnsafeBufferPointer<UInt32>, _ pattern: UnsafeBufferPointer<UInt32>, caseSensitive: Bool,
    normalize: Bool, forward: Bool, positions: UnsafeMutablePointer<[Int]>? = nil
  ) -> Match? {
    let m = pattern.count
    if m == 0 { return Match(start: 0, end: 0, score: 0) }
    let n = text.count
    if m > n { return nil }
    if n * m > matrixLimit || m > 1000 {
      return fuzzyV1(
        text, pattern, caseSensitive: caseSensitive, normalize: normalize, forward: forward, positions: positions)
    }
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * n + m) { buffer -> Match? in
      let h0 = buffer.baseAddress!
      let c0 = h0 + n
      let b = c0 + n
      let t = b + n
      let f = t + n
      // Phase 2: fold the text, bonus per position, first occurrences.
      var maxScore: Int32 = 0
      var maxScorePos = 0
      var pidx = 0
      var lastIdx = 0
      let pchar0 = pattern[0]
      var pchar = pattern[0]
      var prevH0: Int32 = 0
      var prevClass = CharClass.white
      var inGap = false
      var off = 0
      while off < n {
        var char = text[off]
        let cls = charClass(char)
        if !caseSensitive && cls == .upper { char = char < 0x80 ? char + 32 : lower(char) }
        if normalize && char >= 0xC0 { char = FzfNormalize.fold(char) }
        t[off] = Int32(bitPattern: char)
        let bonus = bonus(prevClass, cls)
        b[off] = bonus
        prevClass = cls
        if char == pchar {
          if pidx < m {
            f[pidx] = Int32(off)
            pidx += 1
            pchar = pattern[min(pidx, m - 1)]
          }
          lastIdx = off
        }
        if char == pchar0 {
          let score = scoreMatch + bonus * bonusFirstCharMultiplier
          h0[off] = score
          c0[off] = 1
          if m == 1 && (forward && score > maxScore || !forward && score >= maxScore) {
            maxScore = score
            maxScorePos = off
            if forward && bonus >= bonusBoundary { break }
          }
          inGap = false
        } else {
          h0[off] = max(prevH0 + (inGap ? scoreGapExtension : scoreGapStart), 0)
          c0[off] = 0
          inGap = true
        }
        prevH0 = h0[off]
        off += 1
      }
      if pidx != m { return nil }
      if m == 1 {
        positions?.pointee.append(maxScorePos)
        return Match(start: maxScorePos, end: maxScorePos + 1, score: maxScore)
      }
      // Phase 3: the score matrix H and consecutive-run lengths C.
      let f0 = Int(f[0])
      let width = lastIdx - f0 + 1
      return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * width * m) { matrix -> Match? in
        let h = matrix.baseAddress!
        let c = h + width * m
        for i in 0..<width {
          h[i] = h0[f0 + i]
          c[i] = c0[f0 + i]
        }
        for pidx in 1..<m {
          let fi = Int(f[pidx])
          let pchar = Int32(bitPattern: pattern[pidx])
          let row = pidx * width
          var inGap = false
          h[row + fi - f0 - 1] = 0  // Hleft[0]
          var col = fi
          while col <= lastIdx {
            let j = col - f0
            var s1: Int32 = 0
            var consecutive: Int32 = 0
            let s2 = h[row + j - 1] + (inGap ? scoreGapExtension : scoreGapStart)
            if pchar == t[col] {
              s1 = h[row - width + j - 1] + scoreMatch
              var bonus = b[col]
              consecutive = c[row - width + j - 1] + 1
              if consecutive > 1 {
                let fb = b[col - Int(consecutive) + 1]
                if bonus >= bonusBoundary && bonus > fb {
                  consecutive = 1
                } else {
                  bonus = max(bonus, bonusConsecutive, fb)
                }
              }
              if s1 + bonus < s2 {
                s1 += b[col]
                consecutive = 0
              } else {
                s1 += bonus
              }
            }
            c[row + j] = consecutive
            inGap = s1 < s2
            let score = max(s1, s2, 0)
            if pidx == m - 1 && (forward && score > maxScore || !forward && score >= maxScore) {
              maxScore = score
              maxScorePos = col
            }
            h[row + j] = score
            col += 1
          }
        }
        // Phase 4: backtrace (only the start when no positions are wanted).
        var j = f0
        if let positions {
          var i = m - 1
          j = maxScorePos
          var preferMatch = true
          while true {
            let rowI = i * width
            let j0 = j - f0
            let s = h[rowI + j0]
            var s1: Int32 = 0
            var s2: Int32 = 0
            if i > 0 && j >= Int(f[i]) { s1 = h[rowI - width + j0 - 1] }
            if j > Int(f[i]) { s2 = h[rowI + j0 - 1] }
            let row = i
            if s > s1 && (s > s2 || s == s2 && preferMatch) {
              positions.pointee.append(j)
              if i == 0 { break }
              i -= 1
            }
            preferMatch =
              c[rowI + j0] > 1
              || row + 1 < m && j < lastIdx && j + 1 >= Int(f[row + 1])
                && c[rowI + width + j0 + 1] > 0
            j -= 1
          }
        }
        return Match(start: j, end: maxScorePos + 1, score: maxScore)
      }
    }
  }

  /// FuzzyMatchV1: the first (or, backwards, last) greedy match shrunk to
  /// its shortest window, scored as V2 scores.
  static func fuzzyV1(
    _ text: UnsafeBufferPointer<UInt32>, _ pattern: UnsafeBufferPointer<UInt32>, caseSensitive: Bool,
    normalize: Bool, forward: Bool, positions: UnsafeMutablePointer<[Int]>? = nil
  ) -> Match? {
    let m = pattern.count
    if m == 0 { return Match(start: 0, end: 0, score: 0) }
    let n = text.count
    @inline(__always) func at(_ i: Int, _ count: Int) -> Int { forward ? i : count - i - 1 }
    var pidx = 0
    var sidx = -1
    var eidx = -1
    for index in 0..<n {
      let char = fold(text[at(index, n)], caseSensitive, normalize)
      if char == pattern[at(pidx, m)] {
        if sidx < 0 { sidx = index }
        pidx += 1
        if pidx == m {
          eidx = index + 1
          break
        }
      }
    }
    guard sidx >= 0, eidx >= 0 else { return nil }
    pidx -= 1
    var index = eidx - 1
    while index >= sidx {
      let char = fold(text[at(index, n)], caseSensitive, normalize)
      if char == pattern[at(pidx, m)] {
        pidx -= 1
        if pidx < 0 {
          sidx = index
          break
        }
      }
      index -= 1
    }
    if !forward { (sidx, eidx) = (n - eidx, n - sidx) }
    let score = calculateScore(
      text, pattern, caseSensitive: caseSensitive, normalize: normalize, sidx, eidx, positions: positions)
    return Match(start: sidx, end: eidx, score: score)
  }

  /// The score of the greedy alignment inside `sidx..<eidx` (fzf's `calculateScore`).
  static func calculateScore(
    _ text: UnsafeBufferPointer<UInt32>, _ pattern: UnsafeBufferPointer<UInt32>, caseSensitive: Bool,
    normalize: Bool, _ sidx: Int, _ eidx: Int, positions: UnsafeMutablePointer<[Int]>? = nil
  ) -> Int32 {
    var pidx = 0
    var score: Int32 = 0
    var inGap = false
    var consecutive = 0
    var firstBonus: Int32 = 0
    var prevClass = sidx > 0 ? charClass(text[sidx - 1]) : .white
    for idx in sidx..<eidx {
      let raw = text[idx]
      let cls = charClass(raw)
      let char = fold(raw, caseSensitive, normalize)
      if pidx < pattern.count && char == pattern[pidx] {
        positions?.pointee.append(idx)
        score += scoreMatch
        var bonus = bonus(prevClass, cls)
        if consecutive == 0 {
          firstBonus = bonus
        } else {
          if bonus >= bonusBoundary && bonus > firstBonus { firstBonus = bonus }
          bonus = max(bonus, firstBonus, bonusConsecutive)
        }
        score += pidx == 0 ? bonus * bonusFirstCharMultiplier : bonus
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
    }
    return score
  }

  // MARK: Exact, prefix, suffix, equal

  /// ExactMatchNaive (and, with `boundary`, ExactMatchBoundary for `'word'`):
  /// the occurrence with the best bonus at its first character.
  static func exact(
    _ text: UnsafeBufferPointer<UInt32>, _ pattern: UnsafeBufferPointer<UInt32>, caseSensitive: Bool,
    normalize: Bool, forward: Bool, boundary: Bool
  ) -> Match? {
    let m = pattern.count
    if m == 0 { return Match(start: 0, end: 0, score: 0) }
    let n = text.count
    if n < m { return nil }
    @inline(__always) func at(_ i: Int, _ count: Int) -> Int { forward ? i : count - i - 1 }
    var pidx = 0
    var bestPos = -1
    var bonus: Int32 = 0
    var bbonus: Int32 = 0
    var bestBonus: Int32 = -1
    var index = 0
    while index < n {
      let i = at(index, n)
      let char = fold(text[i], caseSensitive, normalize)
      let pi = at(pidx, m)
      var ok = pattern[pi] == char
      if ok {
        if pi == 0 { bonus = bonusAt(text, i) }
        if boundary {
          if forward && pi == 0 {
            bbonus = bonus
          } else if !forward && pi == m - 1 {
            bbonus = i < n - 1 ? bonusAt(text, i + 1) : bonusBoundaryWhite
          }
          ok = bbonus >= bonusBoundary
          if ok && pi == 0 { ok = i == 0 || charClass(text[i - 1]).rawValue <= CharClass.delimiter.rawValue }
          if ok && pi == m - 1 {
            ok = i == n - 1 || charClass(text[i + 1]).rawValue <= CharClass.delimiter.rawValue
          }
        }
      }
      if ok {
        pidx += 1
        if pidx == m {
          if bonus > bestBonus {
            bestPos = index
            bestBonus = bonus
          }
          if bonus >= bonusBoundary { break }
          index -= pidx - 1
          pidx = 0
          bonus = 0
        }
      } else {
        index -= pidx
        pidx = 0
        bonus = 0
      }
      index += 1
    }
    guard bestPos >= 0 else { return nil }
    let (sidx, eidx) = forward ? (bestPos - m + 1, bestPos + 1) : (n - (bestPos + 1), n - (bestPos - m + 1))
    var score: Int32
    if boundary {
      // Underscore boundaries rank below the others.
      score = bonus
      var deduct = bonus - bonusBoundary + 1
      if sidx > 0 && text[sidx - 1] == 0x5F {
        score -= deduct + 1
        deduct = 1
      }
      if eidx < n && text[eidx] == 0x5F { score -= deduct }
      score += scoreMatch * Int32(m) + bonusBoundaryWhite * Int32(m + 1)
    } else {
      score = calculateScore(text, pattern, caseSensitive: caseSensitive, normalize: normalize, sidx, eidx)
    }
    return Match(start: sidx, end: eidx, score: score)
  }

  static func prefix(
    _ text: UnsafeBufferPointer<UInt32>, _ pattern: UnsafeBufferPointer<UInt32>, caseSensitive: Bool,
    normalize: Bool
  ) -> Match? {
    let m = pattern.count
    if m == 0 { return Match(start: 0, end: 0, score: 0) }
    let start = isSpace(pattern[0]) ? 0 : leadingWhitespace(text)
    if text.count - start < m { return nil }
    for k in 0..<m where fold(text[start + k], caseSensitive, normalize) != pattern[k] { return nil }
    let score = calculateScore(
      text, pattern, caseSensitive: caseSensitive, normalize: normalize, start, start + m)
    return Match(start: start, end: start + m, score: score)
  }

  static func suffix(
    _ text: UnsafeBufferPointer<UInt32>, _ pattern: UnsafeBufferPointer<UInt32>, caseSensitive: Bool,
    normalize: Bool
  ) -> Match? {
    let m = pattern.count
    var end = text.count
    if m == 0 || !isSpace(pattern[m - 1]) { end -= trailingWhitespace(text) }
    if m == 0 { return Match(start: end, end: end, score: 0) }
    let diff = end - m
    if diff < 0 { return nil }
    for k in 0..<m where fold(text[diff + k], caseSensitive, normalize) != pattern[k] { return nil }
    let score = calculateScore(text, pattern, caseSensitive: caseSensitive, normalize: normalize, diff, end)
    return Match(start: diff, end: end, score: score)
  }

  static func equal(
    _ text: UnsafeBufferPointer<UInt32>, _ pattern: UnsafeBufferPointer<UInt32>, caseSensitive: Bool,
    normalize: Bool
  ) -> Match? {
    let m = pattern.count
    if m == 0 { return nil }
    let lead = isSpace(pattern[0]) ? 0 : leadingWhitespace(text)
    let trail = isSpace(pattern[m - 1]) ? 0 : trailingWhitespace(text)
    if text.count - lead - trail != m { return nil }
    for k in 0..<m {
      var char = text[lead + k]
      if !caseSensitive { char = lower(char) }
      if normalize {
        if FzfNormalize.fold(pattern[k]) != FzfNormalize.fold(char) { return nil }
      } else if char != pattern[k] {
        return nil
      }
    }
    let score = (scoreMatch + bonusBoundaryWhite) * Int32(m) + (bonusFirstCharMultiplier - 1) * bonusBoundaryWhite
    return Match(start: lead, end: lead + m, score: score)
  }
}
