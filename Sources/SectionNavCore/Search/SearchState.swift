/// An active search: the query, its case rule and the matching rows.
struct SearchState: Sendable, Equatable {
  /// The query with its smart-case rule, ready for matching items in their bytes.
  var prepared: PreparedQuery
  /// Matching rows in list order (headers whose title matches, items whose text does).
  var matches: [Int]
  /// Position in `matches` of the current match.
  var current: Int?
  /// The data changed since the matches were found (they are rows of the old data).
  var isStale = false

  init(query: String, literal: Bool = false) {
    self.init(prepared: PreparedQuery(query, literal: literal))
  }

  init(prepared: PreparedQuery, matches: [Int] = []) {
    self.prepared = prepared
    self.matches = matches
  }

  var query: String { prepared.text }
  /// Smart case: a query with an upper-case letter matches case-sensitively.
  var caseSensitive: Bool { prepared.caseSensitive }

  /// Whether `text` contains the query under the smart-case rule.
  func matches(_ text: String) -> Bool { prepared.matches(text) }

  /// Character ranges of the matches in `text`, on `text`'s own indices
  /// (for highlighting; see `PreparedQuery.ranges(in:)`).
  func ranges(in text: String) -> [Range<String.Index>] { prepared.ranges(in: text) }
}
