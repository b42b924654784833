/// Matches items against a query's terms in their bytes, keeping the
/// scratch buffers between items (no allocation per item once warm). A
/// class so the buffers can be lent out while terms are read; one run uses
/// it from one thread at a time.
final class ItemMatcher: @unchecked Sendable {
  let terms: [FilterQuery.Term]
  let folding: FilterFolding
  var bytes = ItemBytes()
  var lowered: [UInt8] = []
  var cased: [UInt8] = []

  init(terms: [FilterQuery.Term], literal: Bool) {
    self.terms = terms
    folding = FilterFolding(literal: literal)
  }

  /// Whether `text` (a title) matches term `t`'s pattern.
  func matchesText(_ text: String, term t: Int) -> Bool {
    var copy = text
    return copy.withUTF8 { buffer in
      let ascii = buffer.allSatisfy { $0 < 0x80 }
      return withHaystack(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!, buffer.count, ascii: ascii) {
        hay in hay.window(terms[t]) != nil
      }
    }
  }

  /// The item's score when it satisfies every group of `plan` (0 unless
  /// `scoring`), else nil.
  @inline(__always)
  func match(_ store: ItemStore, _ ordinal: Int, plan: [[Int]?], groups: [[Int]], scoring: Bool) -> Int32? {
    // Lent out and put back, so its scratch buffer is never shared (no copy).
    var bytes = self.bytes
    self.bytes = ItemBytes()
    defer { self.bytes = bytes }
    return bytes.with(store, ordinal) { p, n, ascii in
      withHaystack(p, n, ascii: ascii) { hay in
        var total: Int32 = 0
        for case let left? in plan {
          var satisfied = false
          for t in left {
            let term = terms[t]
            if let w = hay.window(term) {
              if term.inverse { continue }
              satisfied = true
              if scoring { total += hay.score(term, w) }
              break
            } else if term.inverse {
              satisfied = true
              break
            }
          }
          if !satisfied { return nil }
        }
        return total
      }
    }
  }

  /// Runs `body` with the item's text ready for every term: plain ASCII as
  /// it is; anything else folded into the lower-cased and/or cased buffer
  /// the terms need.
  @inline(__always)
  func withHaystack<R>(
    _ p: UnsafePointer<UInt8>, _ n: Int, ascii: Bool, _ body: (Haystack) -> R
  ) -> R {
    if ascii { return body(Haystack(raw: p, rawCount: n, lower: nil, cased: nil)) }
    let source = UnsafeBufferPointer(start: p, count: n)
    lowered.removeAll(keepingCapacity: true)
    cased.removeAll(keepingCapacity: true)
    folding.append(source, lower: true, to: &lowered)
    if terms.contains(where: \.caseSensitive) { folding.append(source, lower: false, to: &cased) }
    lowered.append(0)
    cased.append(0)
    return lowered.withUnsafeBufferPointer { l in
      cased.withUnsafeBufferPointer { c in
        body(
          Haystack(
            raw: p, rawCount: n, lower: (l.baseAddress!, l.count - 1), cased: (c.baseAddress!, c.count - 1)))
      }
    }
  }
}

/// An item's text as each kind of term compares it.
struct Haystack {
  let raw: UnsafePointer<UInt8>
  let rawCount: Int
  /// Folded and lower-cased / folded with case kept; nil for plain ASCII (raw serves both).
  let lower: (UnsafePointer<UInt8>, Int)?
  let cased: (UnsafePointer<UInt8>, Int)?

  @inline(__always)
  func text(for term: FilterQuery.Term) -> (UnsafePointer<UInt8>, Int) {
    (term.caseSensitive ? cased : lower) ?? (raw, rawCount)
  }

  @inline(__always)
  func window(_ term: FilterQuery.Term) -> (Int, Int)? {
    let (p, n) = text(for: term)
    return TermMatch.window(term, p, n)
  }

  func score(_ term: FilterQuery.Term, _ window: (Int, Int)) -> Int32 {
    let (p, n) = text(for: term)
    return TermMatch.score(term, p, n, window: window)
  }
}
