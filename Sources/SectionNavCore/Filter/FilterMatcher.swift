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
  var pattern: UnsafePointer<UInt8>
  var mask: UnsafePointer<UInt8>
  var count: Int
  /// Every pattern byte is ASCII (word-at-a-time scans apply).
  var ascii: Bool
}

/// Matches items against a query's terms in their bytes, keeping the
/// scratch buffers between items (no allocation per item once warm). A
/// class so the buffers can be lent out while terms are read; one run uses
/// it from one thread at a time.
///
/// A section's plan (`FilterRun`) is a flat list of `Int32`: for each group
/// the title did not settle, the number of its terms left, then their indices.
final class FilterMatcher: @unchecked Sendable {
  let terms: [FilterQuery.Term]
  let compiled: UnsafeMutableBufferPointer<CompiledTerm>
  private let storage: UnsafeMutablePointer<UInt8>
  let folding: FilterFolding
  let anyCaseSensitive: Bool
  var bytes = ItemBytes()
  /// Folded text scratch (lower-cased, and with case kept), `scratchCapacity`
  /// bytes each, grown as needed and reused (folding writes words at a time).
  private var lowered: UnsafeMutablePointer<UInt8>
  private var cased: UnsafeMutablePointer<UInt8>
  private var scratchCapacity = 256

  init(terms: [FilterQuery.Term], literal: Bool) {
    self.terms = terms
    folding = FilterFolding(literal: literal)
    anyCaseSensitive = terms.contains(where: \.caseSensitive)
    let total = terms.reduce(0) { $0 + 2 * $1.pattern.count }
    storage = .allocate(capacity: max(1, total))
    compiled = .allocate(capacity: max(1, terms.count))
    lowered = .allocate(capacity: scratchCapacity)
    cased = .allocate(capacity: scratchCapacity)
    var at = 0
    for (i, t) in terms.enumerated() {
      let p = storage + at
      p.initialize(from: t.pattern, count: t.pattern.count)
      let m = p + t.pattern.count
      m.initialize(from: t.masks, count: t.masks.count)
      at += 2 * t.pattern.count
      compiled[i] = CompiledTerm(
        kind: t.kind, inverse: t.inverse, caseSensitive: t.caseSensitive, pattern: UnsafePointer(p),
        mask: UnsafePointer(m), count: t.pattern.count, ascii: t.ascii)
    }
  }

  deinit {
    storage.deallocate()
    compiled.deallocate()
    lowered.deallocate()
    cased.deallocate()
  }

  /// Whether `text` (a title) matches term `t`'s pattern.
  func matchesText(_ text: String, term t: Int) -> Bool {
    var copy = text
    return copy.withUTF8 { buffer in
      var result = false
      let ascii = buffer.allSatisfy { $0 < 0x80 }
      withHaystack(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count, ascii: ascii) {
        lp, ln, cp, cn in
        let term = compiled[t]
        let (p, n) = term.caseSensitive ? (cp, cn) : (lp, ln)
        result = TermMatch.window(term.kind, term.pattern, term.mask, term.count, p, n, ascii: term.ascii) != nil
      }
      return result
    }
  }

  /// The item's score when it satisfies `plan` (0 unless `scoring`), else
  /// nil. `ascii` promises the bytes are ASCII (then they are matched as
  /// they are; anything else is folded first).
  @inline(__always)
  func match(
    _ plan: UnsafeBufferPointer<Int32>, _ p: UnsafePointer<UInt8>, _ n: Int, ascii: Bool, scoring: Bool
  ) -> Int32? {
    if ascii { return Self.evaluate(plan, compiled.baseAddress!, p, n, p, n, scoring: scoring) }
    if !Self.mayMatch(plan, compiled.baseAddress!, p, n) { return nil }
    var result: Int32?
    withHaystack(p, n, ascii: false) { lp, ln, cp, cn in
      result = Self.evaluate(plan, compiled.baseAddress!, lp, ln, cp, cn, scoring: scoring)
    }
    return result
  }

  /// `match` for store item `ordinal` of `store`, reading its bytes as `ItemBytes` does.
  func match(_ plan: UnsafeBufferPointer<Int32>, _ store: ItemStore, _ ordinal: Int, scoring: Bool) -> Int32? {
    // Lent out and put back, so its scratch buffer is never shared (no copy).
    var bytes = self.bytes
    self.bytes = ItemBytes()
    defer { self.bytes = bytes }
    return bytes.with(store, ordinal) { p, n, ascii in match(plan, p, n, ascii: ascii, scoring: scoring) }
  }

  /// A cheap test on an item's unfolded bytes (UTF-8, or raw JSON string
  /// contents with escapes) that is false only when folding could not make
  /// the item satisfy `plan`: some group whose terms are all plain fuzzy or
  /// exact ASCII terms has none of them as a subsequence. ASCII bytes fold to
  /// themselves (case aside, which the masks cover) in source order, and
  /// each other scalar (or escape) folds to a few bytes at most (see
  /// `maySubsequence`). Items that pass are folded and matched.
  @inline(__always)
  static func mayMatch(
    _ plan: UnsafeBufferPointer<Int32>, _ terms: UnsafePointer<CompiledTerm>, _ h: UnsafePointer<UInt8>, _ n: Int
  ) -> Bool {
    var i = 0
    let end = plan.count
    while i < end {
      let count = Int(plan[i])
      i += 1
      var possible = false
      for k in i..<(i + count) {
        let term = terms[Int(plan[k])]
        if term.inverse || !term.ascii || !(term.kind == .fuzzy || term.kind == .exact)
          || maySubsequence(term.pattern, term.mask, term.count, h, n)
        {
          possible = true
          break
        }
      }
      if !possible { return false }
      i += count
    }
    return true
  }

  /// The most bytes one scalar or JSON escape of the source can fold to.
  static let wildcardBytes = Folding.maxScalarBytes

  /// The most ASCII bytes a two-byte scalar folds to (`ß` → `ss`, `Œ` → `oe`;
  /// FilterMatchTests checks every such scalar).
  static let twoByteWildcard = 2

  /// Whether pattern `p` (ASCII) can be a subsequence of `h` folded: each
  /// lead byte of `h` stands for the ASCII bytes its scalar may fold to,
  /// each backslash for an escape's; other bytes that are not ASCII fold to
  /// bytes that are not ASCII either, so they never match.
  @inline(__always)
  static func maySubsequence(
    _ p: UnsafePointer<UInt8>, _ mask: UnsafePointer<UInt8>, _ m: Int, _ h: UnsafePointer<UInt8>, _ n: Int
  ) -> Bool {
    var j = 0
    var i = 0
    while i < n && j < m {
      let b = h[i]
      if b < 0x80 {
        if b == 0x5C {
          j += wildcardBytes
        } else if (b | mask[j]) == p[j] {
          j += 1
        }
      } else if b >= 0xC0 {
        j += b < 0xE0 ? twoByteWildcard : wildcardBytes
      }
      i += 1
    }
    return j >= m
  }

  /// The plan against one item's text: lower-cased (`lp`) for
  /// case-insensitive terms, with case kept (`cp`) for the others.
  @inline(__always)
  static func evaluate(
    _ plan: UnsafeBufferPointer<Int32>, _ terms: UnsafePointer<CompiledTerm>, _ lp: UnsafePointer<UInt8>,
    _ ln: Int, _ cp: UnsafePointer<UInt8>, _ cn: Int, scoring: Bool
  ) -> Int32? {
    var total: Int32 = 0
    var i = 0
    let end = plan.count
    while i < end {
      let count = Int(plan[i])
      i += 1
      var satisfied = false
      for k in i..<(i + count) {
        let term = terms[Int(plan[k])]
        let (p, n) = term.caseSensitive ? (cp, cn) : (lp, ln)
        if let w = TermMatch.window(term.kind, term.pattern, term.mask, term.count, p, n, ascii: term.ascii) {
          if term.inverse { continue }
          satisfied = true
          if scoring { total += TermMatch.score(term, p, w) }
          break
        } else if term.inverse {
          satisfied = true
          break
        }
      }
      if !satisfied { return nil }
      i += count
    }
    return total
  }

  /// Runs `body` with the text folded: (lower-cased pointer, count, cased
  /// pointer, count). Plain ASCII is passed as it is for both.
  @inline(__always)
  func withHaystack(
    _ p: UnsafePointer<UInt8>, _ n: Int, ascii: Bool,
    _ body: (UnsafePointer<UInt8>, Int, UnsafePointer<UInt8>, Int) -> Void
  ) {
    if ascii {
      body(p, n, p, n)
      return
    }
    let need = Folding.capacity(for: n) + 1
    if need > scratchCapacity {
      lowered.deallocate()
      cased.deallocate()
      scratchCapacity = max(need, 2 * scratchCapacity)
      lowered = .allocate(capacity: scratchCapacity)
      cased = .allocate(capacity: scratchCapacity)
    }
    let ln = Folding.fold(p, n, rule: folding.rule(lower: true), to: lowered)
    let cn = anyCaseSensitive ? Folding.fold(p, n, rule: folding.rule(lower: false), to: cased) : 0
    lowered[ln] = 0
    cased[cn] = 0
    body(lowered, ln, cased, cn)
  }
}
