/// How filter queries are read and ranked — fzf's options of the same names:
/// `--literal` (no accent folding), `-e/--exact`, `-i`/`+i` (case) and
/// `--tiebreak`. One value carried by every `FilterQuery`, so the terminal,
/// scripts and `--filter-print` read a query the same way.
public struct MatchOptions: Sendable, Equatable {
  public enum CaseMode: Sendable, Equatable { case smart, ignore, respect }

  /// fzf's `--tiebreak` criteria, after the score.
  public enum Tiebreak: String, Sendable, Equatable, CaseIterable {
    case length, chunk, pathname, begin, end, index
  }

  /// `--literal`: no term folds accents (fzf: "do not normalize latin script letters").
  public var literal = false
  /// `-e/--exact`: plain terms match exactly; `'` makes a term fuzzy.
  public var exact = false
  public var caseMode = CaseMode.smart
  /// Criteria after the score; `index` (data order) always decides last.
  public var tiebreak: [Tiebreak] = [.length]
  /// `--nth section,item`: a term may match the section's title (when the
  /// data gave it) as well as the item.
  public var titles = false

  public init(literal: Bool = false) { self.literal = literal }

  /// How `/` reads a query: as the filter does under these options, but
  /// with plain terms exact (as under `-e`, where `'` makes a term fuzzy),
  /// because a `/` user expects a substring, as in less, and a fuzzy term
  /// would make `n` stop on nearly every row.
  public var findNext: MatchOptions {
    var options = self
    options.exact = true
    return options
  }

  /// Parses `--tiebreak`'s comma list as fzf does (duplicates and anything
  /// after `index` are errors; at most three besides the score).
  public static func tiebreak(_ text: String) -> Result<[Tiebreak], UsageError> {
    var out: [Tiebreak] = []
    var sawIndex = false
    for word in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
      guard let t = Tiebreak(rawValue: String(word)) else {
        return .failure(UsageError("invalid sort criterion for --tiebreak: '\(word)'"))
      }
      if sawIndex { return .failure(UsageError("--tiebreak: index should be the last criterion")) }
      if out.contains(t) { return .failure(UsageError("--tiebreak: duplicate sort criterion: \(t.rawValue)")) }
      if t == .index { sawIndex = true } else { out.append(t) }
    }
    if out.count > 3 { return .failure(UsageError("--tiebreak: at most 3 tiebreaks are allowed: \(text)")) }
    return .success(out)
  }

  /// fzf's search direction: backwards when `end` or `pathname` decides first.
  var forward: Bool {
    for t in tiebreak {
      if t == .begin { return true }
      if t == .end || t == .pathname { return false }
    }
    return true
  }

  /// Whether the criteria need a fuzzy match's real start (fzf's `withPos`).
  var needsPositions: Bool { tiebreak.contains(.chunk) || tiebreak.contains(.pathname) }
}
