/// Which cells of a drawn row the filter's terms matched: worked out for
/// visible rows only, on their display text, by the matcher's own algorithms
/// (fuzzy terms: the positions of fzf's best alignment; the others: the
/// matched run).
enum FilterHighlight {
  /// How far into an item (cells) matches are still highlighted.
  static let farthestColumn = 1 << 16

  /// Runs of matched cells, as (first cell, length), in display cells of `text`.
  static func cells(in text: String, query: FilterQuery) -> [(Int, Int)] {
    let characters = Array(text)
    guard !characters.isEmpty else { return [] }
    // The scalars, and for each the character it belongs to.
    var runes: [UInt32] = []
    var owner: [Int] = []
    for (k, c) in characters.enumerated() {
      for s in c.unicodeScalars {
        runes.append(s.value)
        owner.append(k)
      }
    }
    var matched = [Bool](repeating: false, count: characters.count)
    var any = false
    let matcher = FilterMatcher(terms: query.terms, options: query.options)
    runes.withUnsafeBufferPointer { t in
      for (i, term) in matcher.compiled.enumerated() where !matcher.terms[i].inverse {
        var positions: [Int] = []
        let found = withUnsafeMutablePointer(to: &positions) {
          FilterMatcher.find(term, t, forward: query.options.forward, positions: term.kind == .fuzzy ? $0 : nil)
        }
        guard let found else { continue }
        if term.kind != .fuzzy { positions = Array(found.start..<found.end) }
        for position in positions where position < owner.count {
          matched[owner[position]] = true
          any = true
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
