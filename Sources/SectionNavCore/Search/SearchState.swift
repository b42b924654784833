/// An active search: the query and the matching rows.
struct SearchState: Sendable, Equatable {
  /// The query as `/` reads it (`AppState.prepare`): the filter's query engine.
  var prepared: FilterQuery
  /// Matching rows in list order (headers whose title matches, items whose text does).
  var matches: [Int]
  /// Position in `matches` of the current match.
  var current: Int?
  /// The data changed since the matches were found (they are rows of the old data).
  var isStale = false

  init(prepared: FilterQuery, matches: [Int] = []) {
    self.prepared = prepared
    self.matches = matches
  }

  var query: String { prepared.text }

  /// Whether `row` is one of the matches (they are ascending).
  func isMatch(row: Int) -> Bool {
    var lo = 0
    var hi = matches.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if matches[mid] < row { lo = mid + 1 } else { hi = mid }
    }
    return lo < matches.count && matches[lo] == row
  }
}
