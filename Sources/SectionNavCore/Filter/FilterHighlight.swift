/// Which cells of a drawn row the filter's terms matched: worked out for
/// visible rows only, on their display text, with the same folding and
/// windows as the byte matcher (fuzzy terms: fzf's greedy positions in the
/// shortest window).
enum FilterHighlight {
  /// Runs of matched cells, as (first cell, length), in display cells of `text`.
  static func cells(in text: String, query: FilterQuery) -> [(Int, Int)] {
    let characters = Array(text)
    guard !characters.isEmpty else { return [] }
    let folding = FilterFolding(literal: query.literal)
    var matched = [Bool](repeating: false, count: characters.count)
    var any = false
    for lower in [true, false] {
      let terms = query.groups.joined().filter { !$0.inverse && $0.caseSensitive != lower }
      if terms.isEmpty { continue }
      // The folded text, and for each byte the character it came from.
      var bytes: [UInt8] = []
      var owner: [Int] = []
      for (k, c) in characters.enumerated() {
        let start = bytes.count
        var utf8 = Array(String(c).utf8)
        utf8.withUnsafeBufferPointer { folding.append($0, lower: lower, to: &bytes) }
        utf8.removeAll()
        owner.append(contentsOf: repeatElement(k, count: bytes.count - start))
      }
      bytes.append(0)
      bytes.withUnsafeBufferPointer { buffer in
        let p = buffer.baseAddress!
        let n = buffer.count - 1
        for term in terms {
          guard let window = TermMatch.window(term, p, n) else { continue }
          var positions: [Int] = []
          _ = TermMatch.score(term, p, n, window: window, positions: &positions)
          for position in positions where position < owner.count {
            matched[owner[position]] = true
            any = true
          }
        }
      }
    }
    guard any else { return [] }
    var runs: [(Int, Int)] = []
    var column = 0
    for (k, c) in characters.enumerated() {
      let w = TextSanitizer.width(String(c))
      if matched[k] {
        if let last = runs.last, last.0 + last.1 == column {
          runs[runs.count - 1].1 += w
        } else {
          runs.append((column, w))
        }
      }
      column += w
    }
    return runs
  }
}
