// Foundation is imported on purpose: `String.contains` below must be
// Foundation's (non-literal, canonical-equivalence) search, the rule search
// has always used; the byte path is built to agree with it exactly.
import Foundation

/// A search query prepared once for matching many items.
///
/// Matching rule (smart case, the one `/` has always used): a query with an
/// upper-case letter matches case-sensitively (`text.contains(query)`),
/// otherwise `text.lowercased().contains(query.lowercased())` — both with
/// Foundation's `contains`, so canonically equivalent spellings match and a
/// match never ends before a combining mark.
///
/// Items are searched in their bytes when that gives the same answer
/// (`SectionedList.itemMatches`): for a query of printable ASCII, in string
/// items (escaped ones after resolving the escapes into a scratch buffer,
/// still without making a `String`), numbers, literals and text lines.
/// Objects and arrays, queries with other characters, and the rare item the
/// bytes cannot decide (see `ByteFinder`) are decoded and go through
/// `matches(_:)`.
public struct PreparedQuery: Sendable, Equatable {
  /// The query as typed.
  public let text: String
  /// Smart case: true when the query has an upper-case letter.
  public let caseSensitive: Bool
  /// The query lower-cased (the case-insensitive rule compares with it).
  let lowered: String
  /// The query's UTF-8, ASCII letters lower-cased unless case-sensitive.
  let needle: [UInt8]
  /// Per needle byte: 0x20 where the item byte is folded before comparing
  /// (an ASCII letter in a case-insensitive query: `b | 0x20` is the
  /// letter exactly when `b` is it in either case), else 0.
  let folds: [UInt8]
  /// Whether items can be matched in their bytes: the query is non-empty
  /// printable ASCII (U+0020…U+007E).
  public let searchesBytes: Bool

  public init(_ text: String) {
    self.text = text
    caseSensitive = text.contains { $0.isUppercase }
    lowered = text.lowercased()
    let utf8 = Array(text.utf8)
    searchesBytes = !utf8.isEmpty && utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    let ci = !caseSensitive
    needle = utf8.map { ci && $0 &- 0x41 < 26 ? $0 | 0x20 : $0 }
    folds = utf8.map { ci && ($0 | 0x20) &- 0x61 < 26 ? 0x20 : 0 }
  }

  /// Whether `text` (an item's display text or a title) matches: the
  /// reference rule the byte path agrees with.
  public func matches(_ text: String) -> Bool {
    caseSensitive ? text.contains(self.text) : text.lowercased().contains(lowered)
  }
}

extension SectionedList {
  /// Whether item `item` of section `section` matches `query`, exactly as
  /// `query.matches(itemText(section:item:))` — but decoding the item only
  /// when its bytes cannot decide (see `PreparedQuery`).
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
  /// matches `query`, in order. The loop behind search: the query's bytes
  /// are pinned once for the whole range.
  func matchItems(_ range: Range<Int>, query: PreparedQuery, _ body: (Int) -> Void) {
    guard !range.isEmpty else { return }
    if case .subset(let subset) = store {
      for i in range where subset.base.itemMatches(globalItem: Int(subset.ordinals[i]), query: query) { body(i) }
      return
    }
    guard query.searchesBytes else {
      for i in range where query.matches(store.text(at: i)) { body(i) }
      return
    }
    query.needle.withUnsafeBufferPointer { needle in
      query.folds.withUnsafeBufferPointer { folds in
        let finder = ByteFinder(needle: needle.baseAddress!, folds: folds.baseAddress!, count: needle.count)
        switch store {
        case .json(let items):
          let base = items.buffer.base
          let ranges = items.ranges
          var scratch: [UInt8] = []
          for i in range {
            let p = base + ranges.offset(i)
            let n = ranges.length(i)
            let outcome: ByteFinder.Outcome
            switch p.pointee {
            case 0x22:  // a string: its body, escapes resolved
              outcome =
                ranges.isPlain(i)
                ? finder.find(in: p + 1, count: n - 2, ascii: true)
                : finder.findInString(body: p + 1, count: n - 2, scratch: &scratch)
            case 0x7B, 0x5B:  // shown as compact JSON, or by a field
              outcome = .undecided
            default:  // number, true, false, null: shown as written (ASCII)
              outcome = finder.find(in: p, count: n, ascii: true)
            }
            switch outcome {
            case .match: body(i)
            case .noMatch: break
            case .undecided: if query.matches(items.text(at: i)) { body(i) }
            }
          }
        case .lines(let lines):
          let base = lines.buffer.base
          let ranges = lines.ranges
          for i in range {
            let outcome = finder.find(
              in: base + ranges.offset(i), count: ranges.length(i), ascii: ranges.isPlain(i))
            switch outcome {
            case .match: body(i)
            case .noMatch: break
            case .undecided: if query.matches(lines.text(at: i)) { body(i) }
            }
          }
        case .strings(let strings):
          for i in range {
            var text = strings[i]
            let outcome = text.withUTF8 {
              finder.find(in: $0.baseAddress ?? needle.baseAddress!, count: $0.count, ascii: false)
            }
            switch outcome {
            case .match: body(i)
            case .noMatch: break
            case .undecided: if query.matches(text) { body(i) }
            }
          }
        case .subset:
          break  // handled above
        }
      }
    }
  }
}

/// Looks for a printable-ASCII needle in bytes that are exactly an item's
/// text (UTF-8, possibly invalid), deciding what the Foundation rule would
/// say without decoding whenever it can:
///
/// - An occurrence whose neighbours are ASCII (or the ends) is a match:
///   nothing can join its first or last character to something else.
/// - No occurrence at all is no match, provided the bytes hold none of the
///   three characters canonically equivalent to an ASCII one (U+037E `;`,
///   U+1FEF `` ` ``, U+212A Kelvin `K`, which also lower-cases to `k`). No
///   other non-ASCII character, decomposed or lower-cased, ends up as an
///   ASCII character that can end a match: `ByteSearchTests` checks this
///   for every scalar of planes 0–2 and 14.
/// - Anything else (an occurrence next to a non-ASCII byte, which may be a
///   combining mark) is `undecided`: the caller decodes.
struct ByteFinder {
  enum Outcome { case match, noMatch, undecided }

  let needle: UnsafePointer<UInt8>
  let folds: UnsafePointer<UInt8>
  let count: Int

  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The body of a string item that is not plain (escapes or non-ASCII):
  /// escapes are resolved into `scratch` first.
  @inline(__always)
  func findInString(body p: UnsafePointer<UInt8>, count n: Int, scratch: inout [UInt8]) -> Outcome {
    if memchr(p, 0x5C, n) == nil { return find(in: p, count: n, ascii: false) }
    scratch.removeAll(keepingCapacity: true)
    JSONValueText.appendUnescaped(UnsafeBufferPointer(start: p, count: n), to: &scratch)
    return scratch.withUnsafeBufferPointer { find(in: $0.baseAddress ?? p, count: $0.count, ascii: false) }
  }

  /// Searches `p[0..<n]`; `ascii` promises every byte is below 0x80.
  @inline(__always)
  func find(in p: UnsafePointer<UInt8>, count n: Int, ascii: Bool) -> Outcome {
    let m = count
    guard n >= m else { return .noMatch }
    if !ascii && Self.hasAmbiguousCharacter(p, n) { return .undecided }
    let first = needle[0]
    let pattern = UInt64(first) &* Self.ones
    let fold = UInt64(folds[0]) &* Self.ones
    let last = n - m  // last possible start
    var sawUnclear = false
    var i = 0
    while i <= last {
      var candidates: UInt64
      let chunk: Int
      if n - i >= 8 {
        let x = (UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) | fold) ^ pattern
        // Zero bytes of x mark candidates (bytes above a true one may be
        // flagged falsely; every candidate is verified).
        candidates = (x &- Self.ones) & ~x & Self.highs
        chunk = 8
      } else {
        candidates = 0
        chunk = n - i
        for k in 0..<chunk where (p[i + k] | folds[0]) == first { candidates |= 0x80 << UInt64(k * 8) }
      }
      while candidates != 0 {
        let k = i + candidates.trailingZeroBitCount >> 3
        candidates &= candidates &- 1
        if k > last { return sawUnclear ? .undecided : .noMatch }
        if verify(p + k) {
          if ascii { return .match }
          let before = k == 0 || p[k - 1] < 0x80
          let after = k + m == n || p[k + m] < 0x80
          if before && after { return .match }
          sawUnclear = true
        }
      }
      i += chunk
    }
    return sawUnclear ? .undecided : .noMatch
  }

  /// Whether the needle is at `p` (all of it: candidates can be false).
  @inline(__always)
  func verify(_ p: UnsafePointer<UInt8>) -> Bool {
    var j = 0
    while j < count {
      if (p[j] | folds[j]) != needle[j] { return false }
      j += 1
    }
    return true
  }

  /// Whether the bytes hold U+037E (CD BE), U+1FEF (E1 BF AF) or U+212A
  /// (E2 84 AA): the only non-ASCII characters that can match an ASCII one.
  static func hasAmbiguousCharacter(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    var i = 0
    while i < n - 1 {
      let b = p[i]
      if b >= 0xCD {
        if b == 0xCD && p[i + 1] == 0xBE { return true }
        if i + 2 < n {
          if b == 0xE1 && p[i + 1] == 0xBF && p[i + 2] == 0xAF { return true }
          if b == 0xE2 && p[i + 1] == 0x84 && p[i + 2] == 0xAA { return true }
        }
      }
      i += 1
    }
    return false
  }
}
