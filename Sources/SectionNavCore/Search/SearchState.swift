import Foundation

/// An active search: the query, its case rule and the matching rows.
struct SearchState: Sendable, Equatable {
  /// The query with its smart-case rule, ready for matching items in their bytes.
  var prepared: PreparedQuery
  /// Matching rows in list order (headers whose title matches, items whose text does).
  var matches: [Int]
  /// Position in `matches` of the current match.
  var current: Int?

  init(query: String) {
    self.init(prepared: PreparedQuery(query))
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

  /// Character ranges of the query in `text` (for highlighting).
  func ranges(in text: String) -> [Range<String.Index>] {
    let haystack = caseSensitive ? text : text.lowercased()
    let needle = caseSensitive ? query : query.lowercased()
    guard !needle.isEmpty, haystack.count == text.count else { return [] }
    var result: [Range<String.Index>] = []
    var start = haystack.startIndex
    while let r = haystack.range(of: needle, range: start..<haystack.endIndex) {
      result.append(r)
      start = r.upperBound
    }
    return result
  }
}
