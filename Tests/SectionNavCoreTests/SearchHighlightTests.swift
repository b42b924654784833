import Testing

@testable import SectionNavCore

/// Highlights sit on the text as written, whatever folding did to lengths.
@Suite struct SearchHighlightTests {
  /// Issue 14: `İ` lower-cases to two scalars; ranges found in the
  /// lower-cased text were applied to the original and trapped.
  @Test func dottedCapitalIBeforeTheMatchHighlightsJustTheMatch() throws {
    var state = AppState(list: try load(#"{"A":["İİİab"]}"#), width: 30, height: 6)
    var printed = ""
    let outcome = ScriptRunner.run("search ab\nprint", state: &state) { printed += $0 }
    #expect(outcome == .finished)
    #expect(printed.contains("İİİab"))
    let frame = state.render()
    let row = try #require((0..<frame.height).first { r in (0..<frame.width).contains { frame[$0, r].text == "b" } })
    let column = { (text: String) in (0..<frame.width).first { frame[$0, row].text == text }! }
    let a = frame[column("a"), row].style
    #expect(a == frame[column("b"), row].style)
    #expect(a != frame[column("İ"), row].style)
  }

  @Test func foldedMatchesHighlightWholeCharacters() {
    func highlighted(_ text: String, _ query: String, literal: Bool = false) -> [String] {
      PreparedQuery(query, literal: literal).ranges(in: text).map { String(text[$0]) }
    }
    #expect(highlighted("Un café, École", "cafe") == ["café"])
    #expect(highlighted("Un café, École", "ecole") == ["École"])
    #expect(highlighted("Un café", "cafe", literal: true) == [])
    #expect(highlighted("STRAẞE Straße", "strasse") == ["STRAẞE", "Straße"])
    #expect(highlighted("ﬁne", "i") == ["ﬁ"])
    #expect(highlighted("cafe\u{301}!", "cafe") == ["cafe\u{301}"])
    #expect(highlighted("ΟΔΟΣ οδος", "οσ") == ["ΟΣ", "ος"])
  }

  static let pieces = [
    "a", "b", "A", "B", "İ", "ı", "I", "i", "ẞ", "ß", "s", "S", "ﬁ", "f", "Σ", "σ", "ς", "e", "é", "e\u{301}",
    "\u{301}", "王", "😀", " ", "K", "\u{212A}", "\u{1F1EB}\u{1F1F7}", "👍🏽", "\u{200D}",
  ]

  static func random(_ rng: inout SeededGenerator, _ range: ClosedRange<Int>) -> String {
    (0..<Int.random(in: range, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
  }

  /// For any item and query: the ranges are whole characters in order,
  /// each holds a real match (its fold contains the query's fold), and
  /// there are some exactly when the item matches.
  @Test(arguments: [1, 2, 3, 4] as [UInt64]) func highlightsAreAlwaysRealMatches(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<1_500 {
      let item = Self.random(&rng, 0...8)
      let query = Self.random(&rng, 1...3)
      let prepared = PreparedQuery(query, literal: Bool.random(using: &rng))
      let ranges = prepared.ranges(in: item)
      #expect(ranges.isEmpty == !prepared.matches(item), "\(item.debugDescription) / \(query.debugDescription)")
      let boundaries = Set(item.indices + [item.endIndex])
      var previous = item.startIndex
      for r in ranges {
        #expect(boundaries.contains(r.lowerBound) && boundaries.contains(r.upperBound))
        #expect(r.lowerBound >= previous && !r.isEmpty)
        #expect(prepared.matches(String(item[r])), "\(item.debugDescription) / \(query.debugDescription)")
        previous = r.upperBound
      }
    }
  }

  /// Rendering with a search never traps, and a visible matching row
  /// shows a highlight.
  @Test func renderingWithAnySearchDrawsHighlights() throws {
    var rng = SeededGenerator(seed: 9)
    for _ in 0..<150 {
      let items = (0..<4).map { _ in Self.random(&rng, 1...10) }
      var settings = AppSettings()
      settings.literal = Bool.random(using: &rng)
      settings.theme = .standard
      var state = AppState(list: SectionedList([(title: Self.random(&rng, 1...3), items: items)]), settings: settings)
      let query = Self.random(&rng, 1...2)
      var runner = SynchronousRunner()
      _ = runner.send(.command(.search(query)), to: &state)
      let frame = state.render()
      let prepared = state.prepare(query)
      if items.contains(where: prepared.matches) {
        #expect(frame.cells.contains { $0.style == settings.theme[.match] }, "\(items) / \(query.debugDescription)")
      }
    }
  }
}
