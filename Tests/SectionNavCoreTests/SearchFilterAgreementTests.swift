import Testing

@testable import SectionNavCore

/// One matcher: the items `/` visits (stepping `n` until it wraps) are
/// exactly the items `&` keeps with the same query, read under `/`'s
/// options (`MatchOptions.findNext`: the same options with `-e`).
@Suite struct SearchFilterAgreementTests {
  /// Pieces of item text as written in JSON: ASCII in both cases, accents
  /// precomposed and combining, `ß`/`ẞ`, ligatures, CJK, escapes.
  static let pieces = [
    "cafe", "Café", "caf\\u00e9", "ÉCOLE", "école", "e\\u0301", "Straße", "STRAẞE", "strasse", "ﬁne", "fine", "日本",
    "東京", "Zürich", "zurich", " ", "-", "\\n", "\\\"", "\\\\", "x", "Ab", "ab", "\\u65e5", "ǅ", "İ", "i",
  ]

  /// Query terms in the filter's grammar: plain, operators, negation, OR.
  static let terms = [
    "cafe", "café", "Café", "ecole", "École", "strasse", "straße", "STRASSE", "fi", "ﬁ", "日", "日本", "zur", "zür", "ab",
    "Ab", "^caf", "se$", "^x$", "!x", "!日", "'cf", "'ab'", "e", "\\ ", "-", "\"", "\\", "i", "İ",
  ]

  static func document(_ rng: inout SeededGenerator) -> String {
    let sections = ["Café", "École", "Straße", "日本", "zz"]
    return "{"
      + sections.map { title in
        let items = (0..<Int.random(in: 1...12, using: &rng)).map { _ in
          "\"" + (0..<Int.random(in: 0...4, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
            + "\""
        }
        return "\"\(title)\": [\(items.joined(separator: ", "))]"
      }.joined(separator: ", ") + "}"
  }

  static func query(_ rng: inout SeededGenerator) -> String {
    var words: [String] = []
    for k in 0..<Int.random(in: 1...3, using: &rng) {
      if k > 0 && Int.random(in: 0..<4, using: &rng) == 0 { words.append("|") }
      words.append(terms.randomElement(using: &rng)!)
    }
    return words.joined(separator: " ")
  }

  /// The store positions of the items `/` lands on, stepping `n` from the
  /// first landing until it comes back to it; and how often it wrapped.
  static func visited(_ state: inout AppState, _ query: String) -> (items: Set<Int>, wraps: Int) {
    state.send(.command(.search(query)))
    guard let first = state.search, let k = first.current else { return ([], 0) }
    var rows = [first.matches[k]]
    var wraps = 0
    for _ in 0...first.matches.count {
      state.send(.command(.next))
      if state.message?.contains("wrapped") == true { wraps += 1 }
      let row = state.search!.matches[state.search!.current!]
      if row == rows[0] { break }
      rows.append(row)
    }
    var items = Set<Int>()
    for row in rows {
      if case .item(let s, let i)? = state.rowMap.row(row) { items.insert(state.list.sections[s].firstItem + i) }
    }
    return (items, wraps)
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64]) func searchVisitsWhatTheFilterKeeps(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<40 {
      let list = try load(Self.document(&rng))
      var options = MatchOptions(literal: Bool.random(using: &rng))
      options.exact = Bool.random(using: &rng)
      options.caseMode = [MatchOptions.CaseMode.smart, .ignore, .respect].randomElement(using: &rng)!
      options.titles = Bool.random(using: &rng)
      for _ in 0..<10 {
        let text = Self.query(&rng)
        var settings = AppSettings()
        settings.match = options
        var searching = AppState(list: list, settings: settings, width: 40, height: 10)
        let (found, wraps) = Self.visited(&searching, text)
        settings.match = options.findNext
        var filtering = AppState(list: list, settings: settings, width: 40, height: 10)
        filtering.send(.command(.filter(text)))
        let kept = Set(try #require(filtering.filtering.result).ordinals.map(Int.init))
        #expect(found == kept, "query \(text.debugDescription), options \(options)")
        let hits = searching.search?.matches.count ?? 0
        #expect(hits == 0 || wraps == 1, "query \(text.debugDescription): wrapped \(wraps) times")
      }
    }
  }

  /// A header row is a hit when its data title satisfies the query on its
  /// own; a made-up title (`--group initial`) never is.
  @Test func titlesFromTheDataAreHitsMadeUpOnesAreNot() throws {
    let list = try load(#"{"Café": ["x"], "Other": ["café au lait", "y"]}"#)
    var state = AppState(list: list, width: 40, height: 10)
    let rows = state.findMatches("cafe").rows
    #expect(rows == [state.rowMap.headerRow(0), state.rowMap.row(section: 1, item: 0)])
    // Every group must hold for the title alone: `cafe x` is not in "Café".
    #expect(state.findMatches("cafe x").rows.isEmpty)
    #expect(state.findMatches("!zz").rows.count == 5)  // two titles, three items
    state.send(.command(.search("cafe")))
    #expect(state.message?.hasSuffix("/2") == true)

    let grouped = SectionedList(
      sections: [SectionedList.Section(title: "C", firstItem: 0, itemCount: 1, derived: true)],
      store: .strings(["Cat"]), maxItemWidth: 3)
    let initial = AppState(list: grouped, width: 40, height: 10)
    #expect(initial.findMatches("c").rows == [initial.rowMap.row(section: 0, item: 0)])
  }

  /// `/` reads plain terms exactly (as `&` does under `-e`); `'` makes one fuzzy.
  @Test func plainTermsAreExactQuotedOnesFuzzy() throws {
    let list = try load(#"{"A": ["cat", "c-a-t", "act"]}"#)
    let state = AppState(list: list, width: 40, height: 10)
    func items(_ query: String) -> [Int] {
      state.findMatches(query).rows.compactMap { row in
        if case .item(_, let i)? = state.rowMap.row(row) { return i }
        return nil
      }
    }
    #expect(items("cat") == [0])
    #expect(items("'cat") == [0, 1])
    #expect(items("^c !-") == [0])
    #expect(items("act | c-a") == [1, 2])
  }
}
