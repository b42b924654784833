#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A term compiled for the hot loop: plain values and pointers into the
/// matcher's own storage, so testing an item copies no array and retains
/// nothing.
struct CompiledTerm {
  var kind: FilterQuery.Kind
  var inverse: Bool
  var caseSensitive: Bool
  var normalize: Bool
  /// The pattern as bytes and masks (only when `ascii`).
  var pattern: UnsafePointer<UInt8>
  var mask: UnsafePointer<UInt8>
  var count: Int
  var runes: UnsafeBufferPointer<UInt32>
  /// Every pattern scalar is ASCII (the byte scans apply).
  var ascii: Bool
  /// Found in an item's bytes as they are, the pattern is a match (`FilterQuery.Term.raw`).
  var raw: Bool
}

/// Matches items against a query's terms, keeping the scratch buffers
/// between items (no allocation per item once warm). A class so the buffers
/// can be lent out while terms are read; one run uses it from one thread at
/// a time.
///
/// Plain ASCII items are first tested in their bytes (word-at-a-time
/// scans); everything else, and the score of a survivor under `--sort`, goes
/// through fzf's own algorithms (`FzfAlgo`) on the item's scalars, so the
/// set and the ranking are fzf's.
///
/// A section's plan (`FilterRun`) is a flat list of `Int32`: for each group,
/// the number of its terms, then their indices.
final class FilterMatcher: @unchecked Sendable {
  let terms: [FilterQuery.Term]
  let options: MatchOptions
  let compiled: UnsafeMutableBufferPointer<CompiledTerm>
  private let storage: UnsafeMutablePointer<UInt8>
  private let runeStorage: UnsafeMutablePointer<UInt32>
  var bytes = ItemBytes()
  /// The item's scalars, `scratchCapacity` of them, grown as needed.
  private var scalars: UnsafeMutablePointer<UInt32>
  private var scratchCapacity = 256
  /// A string item's body with its escapes resolved (`matchStringBody`).
  private var unescaped: UnsafeMutablePointer<UInt8>
  private var unescapedCapacity = 256

  init(terms: [FilterQuery.Term], options: MatchOptions) {
    self.terms = terms
    self.options = options
    let total = terms.reduce(0) { $0 + 2 * $1.pattern.count }
    storage = .allocate(capacity: max(1, total))
    runeStorage = .allocate(capacity: max(1, terms.reduce(0) { $0 + $1.runes.count }))
    compiled = .allocate(capacity: max(1, terms.count))
    scalars = .allocate(capacity: scratchCapacity)
    unescaped = .allocate(capacity: unescapedCapacity)
    var at = 0
    var runeAt = 0
    for (i, t) in terms.enumerated() {
      let p = storage + at
      p.initialize(from: t.pattern, count: t.pattern.count)
      let m = p + t.pattern.count
      m.initialize(from: t.masks, count: t.masks.count)
      at += 2 * t.pattern.count
      let r = runeStorage + runeAt
      r.initialize(from: t.runes, count: t.runes.count)
      runeAt += t.runes.count
      compiled[i] = CompiledTerm(
        kind: t.kind, inverse: t.inverse, caseSensitive: t.caseSensitive, normalize: t.normalize,
        pattern: UnsafePointer(p), mask: UnsafePointer(m), count: t.pattern.count,
        runes: UnsafeBufferPointer(start: r, count: t.runes.count), ascii: t.ascii, raw: t.raw)
    }
  }

  deinit {
    storage.deallocate()
    runeStorage.deallocate()
    compiled.deallocate()
    scalars.deallocate()
    unescaped.deallocate()
  }

  /// Whether `text` (a title) matches term `t`.
  func matchesText(_ text: String, term t: Int) -> Bool {
    let runes = text.unicodeScalars.map(\.value)
    return runes.withUnsafeBufferPointer { Self.find(compiled[t], $0, forward: true, positions: nil) != nil }
  }

  /// Whether `text` satisfies `plan` on its own (`/`'s title hits).
  /// Read in its bytes as items are (no array of scalars per title: a
  /// search over two million one-item sections spent a fifth of its time
  /// making them).
  func satisfies(_ text: String, plan: [Int32]) -> Bool {
    var text = text
    return text.withUTF8 { t in
      plan.withUnsafeBufferPointer { plan in
        guard let p = t.baseAddress, !t.isEmpty else {
          return evaluate(plan, UnsafeBufferPointer(start: nil, count: 0), scoring: false) != nil
        }
        return match(plan, p, t.count, ascii: !t.contains { $0 >= 0x80 }, scoring: false) != nil
      }
    }
  }

  /// The item's rank key when it satisfies `plan` (0 unless `scoring`; lower
  /// ranks first), else nil. `ascii` promises the bytes are ASCII (then
  /// `readable` bytes from `p` may be read by the word scans); anything else
  /// is decoded to scalars first.
  @inline(__always)
  func match(
    _ plan: UnsafeBufferPointer<Int32>, _ p: UnsafePointer<UInt8>, _ n: Int, ascii: Bool, scoring: Bool,
    readable: Int = 0
  ) -> UInt64? {
    if ascii {
      guard evaluateBytes(plan, p, n, readable: max(n, readable)) else { return nil }
      if !scoring { return 0 }
      let t = widen(p, n)
      return evaluate(plan, t, scoring: true)
    }
    // The cheapest test first: most items of a typed query fail it.
    if !Self.mayMatch(plan, compiled.baseAddress!, p, n) { return nil }
    if !scoring && surelyMatches(plan, p, n) { return 0 }
    if !mayContain(plan, p, n) { return nil }
    return evaluate(plan, decode(p, n), scoring: scoring)
  }

  /// `match` for the body of a JSON string item that is not plain ASCII:
  /// escapes resolved first, into the matcher's own buffer.
  func matchStringBody(
    _ plan: UnsafeBufferPointer<Int32>, _ p: UnsafePointer<UInt8>, _ n: Int, scoring: Bool
  ) -> UInt64? {
    guard memchr(p, 0x5C, n) != nil else { return match(plan, p, n, ascii: false, scoring: scoring) }
    if n > unescapedCapacity {
      unescaped.deallocate()
      unescapedCapacity = max(n, 2 * unescapedCapacity)
      unescaped = .allocate(capacity: unescapedCapacity)
    }
    let m = JSONValueText.unescape(p, n, to: unescaped)
    return match(plan, unescaped, m, ascii: false, scoring: scoring)
  }

  /// A cheap test on an item's UTF-8 (unescaped) that is false only when it
  /// cannot satisfy `plan`: some group whose terms are all exact ASCII terms
  /// (not negated) has none of them in the bytes, each non-ASCII scalar (a
  /// lead byte and the continuation bytes after it, or a stray byte)
  /// standing for any one character — only such scalars can fold to ASCII.
  @inline(__always)
  func mayContain(_ plan: UnsafeBufferPointer<Int32>, _ h: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    Self.everyGroup(plan, compiled.baseAddress!) { t in
      t.inverse || !t.ascii || t.kind != .exact || Self.mayContain(t.pattern, t.mask, t.count, h, n)
    }
  }

  /// Whether ASCII pattern `p` can occur in `h` decoded and folded, each
  /// non-ASCII scalar of `h` matching any pattern character.
  @inline(__always)
  static func mayContain(
    _ p: UnsafePointer<UInt8>, _ mask: UnsafePointer<UInt8>, _ m: Int, _ h: UnsafePointer<UInt8>, _ n: Int
  ) -> Bool {
    var start = 0
    while start < n {
      var i = start
      var j = 0
      while j < m && i < n {
        let b = h[i]
        i += 1
        if b < 0x80 {
          if (b | mask[j]) != p[j] { break }
        } else {
          while i < n && h[i] & 0xC0 == 0x80 { i += 1 }
        }
        j += 1
      }
      if j == m { return true }
      start += 1
      while start < n && h[start] & 0xC0 == 0x80 { start += 1 }
    }
    return false
  }

  /// A cheap test on an item's UTF-8 (unescaped) that is true only when it
  /// satisfies `plan`: every group has a term, not negated, found in the
  /// bytes as they are — exact, or fuzzy and ASCII (a subsequence of bytes
  /// is then one of scalars) — whose scalars are their own folds (`raw`),
  /// so the text scalars there compare equal. UTF-8 found inside UTF-8
  /// starts at a scalar (even next to invalid bytes, which decode one at a
  /// time). Items it does not settle are decoded and matched.
  @inline(__always)
  func surelyMatches(_ plan: UnsafeBufferPointer<Int32>, _ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    Self.everyGroup(plan, compiled.baseAddress!) { t in
      t.raw && !t.inverse && (t.kind == .exact || t.kind == .fuzzy && t.ascii)
        && TermMatch.window(t.kind, t.pattern, t.mask, t.count, p, n) != nil
    }
  }

  /// Whether every group of `plan` has a term `test` holds for: the walk
  /// behind the byte tests.
  @inline(__always)
  static func everyGroup(
    _ plan: UnsafeBufferPointer<Int32>, _ terms: UnsafePointer<CompiledTerm>, has test: (CompiledTerm) -> Bool
  ) -> Bool {
    var i = 0
    let end = plan.count
    while i < end {
      let count = Int(plan[i])
      i += 1
      var found = false
      for k in i..<(i + count) where test(terms[Int(plan[k])]) {
        found = true
        break
      }
      if !found { return false }
      i += count
    }
    return true
  }

  /// `match` for store item `ordinal` of `store`, reading its bytes as `ItemBytes` does.
  func match(_ plan: UnsafeBufferPointer<Int32>, _ store: ItemStore, _ ordinal: Int, scoring: Bool) -> UInt64? {
    // Lent out and put back, so its scratch buffer is never shared (no copy).
    var bytes = self.bytes
    self.bytes = ItemBytes()
    defer { self.bytes = bytes }
    return bytes.with(store, ordinal) { p, n, ascii in match(plan, p, n, ascii: ascii, scoring: scoring) }
  }

  private func reserve(_ n: Int) {
    guard n > scratchCapacity else { return }
    scalars.deallocate()
    scratchCapacity = max(n, 2 * scratchCapacity)
    scalars = .allocate(capacity: scratchCapacity)
  }

  /// ASCII bytes as scalars, in the scratch buffer.
  private func widen(_ p: UnsafePointer<UInt8>, _ n: Int) -> UnsafeBufferPointer<UInt32> {
    reserve(n)
    for i in 0..<n { scalars[i] = UInt32(p[i]) }
    return UnsafeBufferPointer(start: scalars, count: n)
  }

  /// UTF-8 (possibly invalid: each bad byte is U+FFFD, as Go decodes it) as
  /// scalars, in the scratch buffer.
  func decode(_ p: UnsafePointer<UInt8>, _ n: Int) -> UnsafeBufferPointer<UInt32> {
    reserve(n)
    var i = 0
    var k = 0
    while i < n {
      let b0 = UInt32(p[i])
      var value: UInt32 = 0xFFFD
      var width = 1
      @inline(__always) func cont(_ j: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> UInt32? {
        guard i + j < n, p[i + j] >= lo, p[i + j] <= hi else { return nil }
        return UInt32(p[i + j] & 0x3F)
      }
      if b0 < 0x80 {
        value = b0
      } else if b0 >= 0xC2 && b0 <= 0xDF, let c1 = cont(1) {
        value = (b0 & 0x1F) << 6 | c1
        width = 2
      } else if b0 >= 0xE0 && b0 <= 0xEF,
        let c1 = cont(1, b0 == 0xE0 ? 0xA0 : 0x80, b0 == 0xED ? 0x9F : 0xBF), let c2 = cont(2)
      {
        value = (b0 & 0x0F) << 12 | c1 << 6 | c2
        width = 3
      } else if b0 >= 0xF0 && b0 <= 0xF4,
        let c1 = cont(1, b0 == 0xF0 ? 0x90 : 0x80, b0 == 0xF4 ? 0x8F : 0xBF), let c2 = cont(2), let c3 = cont(3)
      {
        value = (b0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
        width = 4
      }
      scalars[k] = value
      k += 1
      i += width
    }
    return UnsafeBufferPointer(start: scalars, count: k)
  }

  /// A cheap test on an item's undecoded bytes (UTF-8, or raw JSON string
  /// contents with escapes) that is false only when the item cannot satisfy
  /// `plan`: some group whose terms are all plain fuzzy or exact ASCII terms
  /// has none of them as a subsequence. ASCII bytes stand for themselves
  /// (case aside, which the masks cover); each other scalar (or escape) is
  /// one scalar, which at most folds to one ASCII character (see
  /// `maySubsequence`). Items that pass are decoded and matched.
  @inline(__always)
  static func mayMatch(
    _ plan: UnsafeBufferPointer<Int32>, _ terms: UnsafePointer<CompiledTerm>, _ h: UnsafePointer<UInt8>, _ n: Int
  ) -> Bool {
    everyGroup(plan, terms) { t in
      t.inverse || !t.ascii || !(t.kind == .fuzzy || t.kind == .exact)
        || maySubsequence(t.pattern, t.mask, t.count, h, n)
    }
  }

  /// Whether pattern `p` (ASCII) can be a subsequence of `h` decoded and
  /// folded: each lead byte of `h`, and each backslash, stands for any one
  /// character; continuation bytes for none.
  @inline(__always)
  static func maySubsequence(
    _ p: UnsafePointer<UInt8>, _ mask: UnsafePointer<UInt8>, _ m: Int, _ h: UnsafePointer<UInt8>, _ n: Int
  ) -> Bool {
    var j = 0
    var i = 0
    while i < n && j < m {
      let b = h[i]
      if b < 0x80 {
        if b == 0x5C || (b | mask[j]) == p[j] { j += 1 }
      } else if b >= 0xC0 {
        j += 1
      }
      i += 1
    }
    return j >= m
  }

  /// The plan against a plain ASCII item's bytes: whether it survives.
  @inline(__always)
  func evaluateBytes(_ plan: UnsafeBufferPointer<Int32>, _ p: UnsafePointer<UInt8>, _ n: Int, readable: Int) -> Bool {
    let terms = compiled.baseAddress!
    var i = 0
    let end = plan.count
    while i < end {
      let count = Int(plan[i])
      i += 1
      var satisfied = false
      for k in i..<(i + count) {
        let term = terms[Int(plan[k])]
        let hit: Bool
        if !term.ascii {
          hit = false  // a scalar beyond ASCII never matches an ASCII item
        } else if term.kind == .boundary {
          hit = Self.find(term, widen(p, n), forward: true, positions: nil) != nil
        } else {
          hit = TermMatch.window(term.kind, term.pattern, term.mask, term.count, p, n, readable: readable) != nil
        }
        if hit != term.inverse {
          satisfied = true
          break
        }
      }
      if !satisfied { return false }
      i += count
    }
    return true
  }

  /// fzf's `extendedMatch` on the item's scalars: nil unless every group
  /// matches; else the rank key (0 unless `scoring`).
  func evaluate(_ plan: UnsafeBufferPointer<Int32>, _ t: UnsafeBufferPointer<UInt32>, scoring: Bool) -> UInt64? {
    let terms = compiled.baseAddress!
    let forward = options.forward
    var dummy: [Int] = []
    let wantsStart = scoring && options.needsPositions
    var total: Int32 = 0
    var bounds = RankBounds()
    var i = 0
    let end = plan.count
    while i < end {
      let count = Int(plan[i])
      i += 1
      var matched = false
      var offset = (0, 0)
      var score: Int32 = 0
      for k in i..<(i + count) {
        let term = terms[Int(plan[k])]
        let found = withUnsafeMutablePointer(to: &dummy) {
          Self.find(term, t, forward: forward, positions: wantsStart && term.kind == .fuzzy ? $0 : nil)
        }
        if let found {
          if term.inverse { continue }
          offset = (found.start, found.end)
          score = found.score
          matched = true
          break
        } else if term.inverse {
          offset = (0, 0)
          score = 0
          matched = true
        }
      }
      if !matched { return nil }
      total += score
      bounds.add(offset.0, offset.1)
      i += count
    }
    return scoring ? RankKey.of(score: total, text: t, bounds: bounds, criteria: options.tiebreak) : 0
  }

  /// Term `term` in `t` by fzf's algorithm for its kind.
  static func find(
    _ term: CompiledTerm, _ t: UnsafeBufferPointer<UInt32>, forward: Bool, positions: UnsafeMutablePointer<[Int]>?
  ) -> FzfAlgo.Match? {
    let p = term.runes
    let cs = term.caseSensitive
    let norm = term.normalize
    switch term.kind {
    case .fuzzy:
      return FzfAlgo.fuzzyV2(t, p, caseSensitive: cs, normalize: norm, forward: forward, positions: positions)
    case .exact:
      return FzfAlgo.exact(t, p, caseSensitive: cs, normalize: norm, forward: forward, boundary: false)
    case .boundary:
      return FzfAlgo.exact(t, p, caseSensitive: cs, normalize: norm, forward: forward, boundary: true)
    case .prefix: return FzfAlgo.prefix(t, p, caseSensitive: cs, normalize: norm)
    case .suffix: return FzfAlgo.suffix(t, p, caseSensitive: cs, normalize: norm)
    case .equal: return FzfAlgo.equal(t, p, caseSensitive: cs, normalize: norm)
    }
  }
}
