#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A search query prepared once for matching many items.
///
/// Matching rule: the item's display text, folded by `Folding`, contains
/// the query folded the same way. Folding ignores accents (`cafe` finds
/// `café`, `ecole` finds `École`) unless `literal` (`--literal`), and case
/// unless the query has an upper-case letter (smart case, as in less and
/// fzf). Folding is per scalar, so a match never needs Foundation and its
/// place in the original text is known (`ranges(in:)`).
///
/// Items are searched in their bytes (`SectionedList.matchItems`): plain
/// ASCII items directly; other string items and lines after a raw check
/// (an ASCII query found as is is a match; a non-ASCII query whose rarest
/// character appears in none of its spellings is not) and, when that does
/// not decide, folded into a scratch buffer (escaped items unescaped first).
/// Objects and arrays go through their display text.
public struct PreparedQuery: Sendable, Equatable {
  /// The query as typed.
  public let text: String
  /// Smart case: true when the query has an upper-case letter.
  public let caseSensitive: Bool
  /// Accents are matched as typed (`--literal`).
  public let literal: Bool
  /// How both sides are folded.
  public let rule: Folding.Rule
  /// The query folded.
  let needle: [UInt8]
  /// Per needle byte: 0x20 where a raw ASCII byte is lower-cased before
  /// comparing (an ASCII letter of a case-insensitive query), else 0.
  let folds: [UInt8]
  /// The folded query is ASCII.
  let isASCII: Bool
  /// For a non-ASCII query: the spellings of its rarest character, one of
  /// which an item's raw text must hold to match.
  let spellings: [[UInt8]]
  /// The query holds U+FFFD, which text shows for invalid UTF-8: such
  /// items are decoded before matching.
  let hasReplacement: Bool

  public init(_ text: String, literal: Bool = false) {
    self.text = text
    self.literal = literal
    let sensitive = text.contains { $0.isUppercase }
    caseSensitive = sensitive
    let rule = Folding.Rule(ignoresCase: !sensitive, ignoresAccents: !literal)
    self.rule = rule
    var query = text
    var folded: [UInt8] = []
    query.withUTF8 { Folding.fold($0, rule: rule, into: &folded) }
    needle = folded
    let lower = !sensitive
    folds = folded.map { lower && ($0 | 0x20) &- 0x61 < 26 ? 0x20 : 0 }
    let ascii = folded.allSatisfy { $0 < 0x80 }
    isASCII = ascii
    spellings = ascii ? [] : Self.rarestSpellings(folded, rule: rule)
    hasReplacement = text.unicodeScalars.contains("\u{FFFD}")
  }

  /// The spellings of the needle's non-ASCII scalar with the fewest of them
  /// (ties: the highest code point, usually the rarest in text).
  static func rarestSpellings(_ needle: [UInt8], rule: Folding.Rule) -> [[UInt8]] {
    var best: [[UInt8]] = []
    var bestScalar: UInt32 = 0
    for scalar in String(decoding: needle, as: UTF8.self).unicodeScalars where scalar.value >= 0x80 {
      let spellings = Folding.spellings(of: Array(String(scalar).utf8), rule: rule)
      if best.isEmpty || spellings.count < best.count || (spellings.count == best.count && scalar.value > bestScalar) {
        best = spellings
        bestScalar = scalar.value
      }
    }
    return best
  }

  /// Whether `text` (an item's display text or a title) matches: the
  /// reference rule the byte path agrees with.
  public func matches(_ text: String) -> Bool {
    guard !needle.isEmpty else { return false }
    var text = text
    var folded: [UInt8] = []
    text.withUTF8 { Folding.fold($0, rule: rule, into: &folded) }
    return folded.withUnsafeBufferPointer { Self.find(needle, in: $0.baseAddress, $0.count, from: 0) != nil }
  }

  /// The matches in `text`, as ranges of whole characters of `text` itself
  /// (for highlighting): each covers every character that contributed to
  /// one occurrence of the folded query in the folded text, occurrences
  /// taken left to right without overlap.
  public func ranges(in text: String) -> [Range<String.Index>] {
    guard !needle.isEmpty else { return [] }
    var text = text
    var folded: [UInt8] = []
    var origins: [Int32] = []
    text.withUTF8 { Folding.fold($0, rule: rule, into: &folded, origins: &origins) }
    var byteRanges: [Range<Int>] = []
    folded.withUnsafeBufferPointer { f in
      var from = 0
      while let at = Self.find(needle, in: f.baseAddress, f.count, from: from) {
        let last = at + needle.count - 1
        // The source scalar of the last byte, to its end.
        var end = Int(origins[last]) + 1
        while last + 1 < origins.count ? end < Int(origins[last + 1]) : end < text.utf8.count {
          guard Self.isContinuation(text, utf8Offset: end) else { break }
          end += 1
        }
        byteRanges.append(Int(origins[at])..<end)
        from = at + needle.count
      }
    }
    guard !byteRanges.isEmpty else { return [] }
    // Widen to whole characters, walking the characters once.
    var result: [Range<String.Index>] = []
    var k = 0
    var start = text.startIndex
    var startOffset = 0
    var lower: String.Index? = nil
    while start < text.endIndex, k < byteRanges.count {
      let next = text.index(after: start)
      let nextOffset = text.utf8.distance(from: text.startIndex, to: next)
      if lower == nil, byteRanges[k].lowerBound < nextOffset { lower = start }
      if let l = lower, byteRanges[k].upperBound <= nextOffset {
        if let previous = result.last, previous.upperBound > l {
          result[result.count - 1] = previous.lowerBound..<next
        } else {
          result.append(l..<next)
        }
        lower = nil
        k += 1
        continue  // the next range may start in this same character
      }
      start = next
      startOffset = nextOffset
    }
    _ = startOffset
    return result
  }

  static func isContinuation(_ text: String, utf8Offset: Int) -> Bool {
    let u = text.utf8
    return u[u.index(u.startIndex, offsetBy: utf8Offset)] & 0xC0 == 0x80
  }

  /// The first occurrence of `needle` in `p[from..<n]`.
  static func find(_ needle: [UInt8], in p: UnsafePointer<UInt8>?, _ n: Int, from: Int) -> Int? {
    guard let p, n - from >= needle.count, !needle.isEmpty else { return nil }
    return needle.withUnsafeBufferPointer { nb in
      findBytes(p + from, n - from, nb.baseAddress!, nb.count).map { $0 + from }
    }
  }
}

extension SectionedList {
  /// Whether item `item` of section `section` matches `query`, exactly as
  /// `query.matches(itemText(section:item:))`.
  public func itemMatches(section: Int, item: Int, query: PreparedQuery) -> Bool {
    itemMatches(globalItem: sections[section].firstItem + item, query: query)
  }

  /// `itemMatches(section:item:query:)` by position in the item store
  /// (`sections[s].firstItem + item`).
  public func itemMatches(globalItem index: Int, query: PreparedQuery) -> Bool {
    var found = false
    matchItems(index..<index + 1, query: query) { _ in found = true }
    return found
  }

  /// Calls `body` with the store position of every item in `range` that
  /// matches `query`, in order. The loop behind search.
  func matchItems(_ range: Range<Int>, query: PreparedQuery, _ body: (Int) -> Void) {
    guard !range.isEmpty, !query.needle.isEmpty else { return }
    if case .subset(let subset) = store {
      // A filtered view: its items are items of the full list.
      for i in range where subset.base.itemMatches(globalItem: Int(subset.ordinals[i]), query: query) { body(i) }
      return
    }
    var matcher = ItemMatcher(query)
    defer { matcher.deallocate() }
    switch store {
    case .json(let items):
      let base = items.buffer.base
      let ranges = items.ranges
      // Objects shown by `--item-field` (not through an `--item-format` template).
      let fieldName = items.template == nil ? items.itemField.map { Array($0.utf8) } : nil
      var released = ranges.offset(range.lowerBound)
      for i in range {
        let offset = ranges.offset(i)
        if i & 0xFFFF == 0 { released = items.buffer.releasePassed(offset: offset, released: released) }
        let p = base + offset
        let n = ranges.length(i)
        let hit: Bool
        switch p.pointee {
        case 0x22:  // a string: its body, escapes resolved
          hit =
            ranges.isPlain(i)
            ? matcher.matchesASCII(p + 1, n - 2) : matcher.matchesStringBody(p + 1, n - 2)
        case 0x7B where fieldName != nil:  // shown by a field: its value's bytes, like an item's
          if let f = JSONValueText.field(fieldName!, in: p, n) {
            let v = p + f.offset
            switch v.pointee {
            case 0x22: hit = matcher.matchesStringBody(v + 1, f.length - 2)
            case 0x7B, 0x5B: hit = query.matches(JSONValueText.display(v, f.length, itemField: nil))
            default: hit = matcher.matchesASCII(v, f.length)
            }
          } else {
            hit = query.matches(items.text(at: i))
          }
        case 0x7B, 0x5B:  // shown as compact JSON
          hit = query.matches(items.text(at: i))
        default:  // number, true, false, null: shown as written (ASCII)
          hit = matcher.matchesASCII(p, n)
        }
        if hit { body(i) }
      }
    case .lines(let lines):
      let base = lines.buffer.base
      let ranges = lines.ranges
      var released = ranges.offset(range.lowerBound)
      for i in range {
        let offset = ranges.offset(i)
        if i & 0xFFFF == 0 { released = lines.buffer.releasePassed(offset: offset, released: released) }
        let n = ranges.length(i)
        let hit = ranges.isPlain(i) ? matcher.matchesASCII(base + offset, n) : matcher.matchesText(base + offset, n)
        if hit { body(i) }
      }
    case .records(let records):
      for i in range where query.matches(records.text(at: i)) { body(i) }
    case .strings(let strings):
      for i in range {
        var text = strings[i]
        let hit = text.withUTF8 { b in b.baseAddress.map { matcher.matchesText($0, b.count) } }
        if hit == true { body(i) }
      }
    case .subset:
      break  // handled above
    }
  }
}

extension ByteBuffer {
  /// Gives back the mapped pages a pass over the buffer has left behind (a
  /// search, like the load, keeps memory to what it is reading now): those
  /// below `offset` less a MiB, when more than 4 MiB have gathered since
  /// `released`. Returns the new `released`.
  func releasePassed(offset: Int, released: Int) -> Int {
    let behind = offset - (1 << 20)
    guard behind > released + (4 << 20) else { return released }
    releasePages(from: released, to: behind)
    return behind
  }
}

/// The per-search state of `matchItems`: the query's bytes pinned once and
/// two scratch buffers (unescaped text, folded text).
struct ItemMatcher {
  let query: PreparedQuery
  let needle: UnsafeMutablePointer<UInt8>
  let folds: UnsafeMutablePointer<UInt8>
  let count: Int
  var unescaped: UnsafeMutablePointer<UInt8>
  var unescapedCapacity = 256
  var folded: UnsafeMutablePointer<UInt8>
  var foldedCapacity = 256

  init(_ query: PreparedQuery) {
    self.query = query
    count = query.needle.count
    needle = .allocate(capacity: max(count, 1))
    folds = .allocate(capacity: max(count, 1))
    needle.initialize(from: query.needle, count: count)
    folds.initialize(from: query.folds, count: count)
    folded = .allocate(capacity: foldedCapacity)
    unescaped = .allocate(capacity: unescapedCapacity)
  }

  func deallocate() {
    unescaped.deallocate()
    needle.deallocate()
    folds.deallocate()
    folded.deallocate()
  }

  /// ASCII text (plain items, numbers): compared as is, ASCII letters
  /// folded — nothing else in it can fold.
  @inline(__always)
  func matchesASCII(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    query.isASCII && findASCII(p, n)
  }

  /// The body of a string item that is not plain: escapes resolved first
  /// (into a scratch buffer, runs between escapes copied whole).
  mutating func matchesStringBody(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    guard memchr(p, 0x5C, n) != nil else { return matchesText(p, n) }
    if n > unescapedCapacity {
      unescaped.deallocate()
      unescapedCapacity = max(n, unescapedCapacity * 2)
      unescaped = .allocate(capacity: unescapedCapacity)
    }
    let m = JSONValueText.unescape(p, n, to: unescaped)
    return matchesText(unescaped, m)
  }

  /// UTF-8 text (possibly invalid): the raw checks, then fold and search.
  mutating func matchesText(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    if query.hasReplacement {
      return query.matches(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self))
    }
    if query.isASCII {
      // Folding keeps ASCII as ASCII, so a raw occurrence is a folded one.
      if findASCII(p, n) { return true }
      // Only non-ASCII characters can fold to what is missing.
      if !hasHighByte(p, n) { return false }
    } else if !query.spellings.contains(where: { s in
      s.withUnsafeBufferPointer { findBytes(p, n, $0.baseAddress!, $0.count) != nil }
    }) {
      return false
    }
    let need = Folding.capacity(for: n)
    if need > foldedCapacity {
      folded.deallocate()
      foldedCapacity = max(need, foldedCapacity * 2)
      folded = .allocate(capacity: foldedCapacity)
    }
    let m = Folding.fold(p, n, rule: query.rule, to: folded)
    return findBytes(folded, m, needle, count) != nil
  }

  @inline(__always)
  func hasHighByte(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var i = 0
    while n - i >= 8 {
      if UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return true }
      i += 8
    }
    while i < n {
      if p[i] >= 0x80 { return true }
      i += 1
    }
    return false
  }

  /// Whether the (ASCII) needle occurs in `p[0..<n]`, ASCII letters of a
  /// case-insensitive query in either case. Eight bytes at a time for the
  /// first needle byte (SWAR has-zero), each candidate verified.
  @inline(__always)
  func findASCII(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    let m = count
    guard n >= m else { return false }
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let first = needle[0]
    let pattern = UInt64(first) &* ones
    let fold = UInt64(folds[0]) &* ones
    let last = n - m
    var i = 0
    while i <= last {
      var candidates: UInt64
      let chunk: Int
      if n - i >= 8 {
        let x = (UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) | fold) ^ pattern
        candidates = (x &- ones) & ~x & highs
        chunk = 8
      } else {
        candidates = 0
        chunk = n - i
        for k in 0..<chunk where (p[i + k] | folds[0]) == first { candidates |= 0x80 << UInt64(k * 8) }
      }
      while candidates != 0 {
        let k = i + candidates.trailingZeroBitCount >> 3
        candidates &= candidates &- 1
        if k > last { return false }
        var j = 1
        while j < m, (p[k + j] | folds[j]) == needle[j] { j += 1 }
        if j == m { return true }
      }
      i += chunk
    }
    return false
  }
}

/// `memmem` (a GNU extension the Glibc module does not export): the offset
/// of the first `needle[0..<m]` in `p[0..<n]`, by `memchr` on the first byte
/// and `memcmp` on the rest.
@inline(__always)
func findBytes(_ p: UnsafePointer<UInt8>, _ n: Int, _ needle: UnsafePointer<UInt8>, _ m: Int) -> Int? {
  guard m > 0, n >= m else { return m == 0 ? 0 : nil }
  let first = Int32(needle[0])
  var i = 0
  let last = n - m
  while i <= last {
    guard let r = memchr(p + i, first, last - i + 1) else { return nil }
    let k = UnsafeRawPointer(r) - UnsafeRawPointer(p)
    if m == 1 || memcmp(p + k + 1, needle + 1, m - 1) == 0 { return k }
    i = k + 1
  }
  return nil
}
