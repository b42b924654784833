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

  /// The characters `/`'s query highlights in `text`, one string per run.
  static func highlighted(_ text: String, _ query: String, literal: Bool = false) -> [String] {
    let query = FilterQuery(query, options: MatchOptions(literal: literal).findNext)
    var runs: [String] = []
    var column = 0
    var lastEnd = -1
    for c in text {
      let w = TextSanitizer.width(String(c))
      if FilterHighlight.cells(in: text, query: query).contains(where: { column >= $0.0 && column < $0.0 + $0.1 }) {
        if lastEnd == column { runs[runs.count - 1].append(c) } else { runs.append(String(c)) }
        lastEnd = column + w
      }
      column += w
    }
    return runs
  }

  /// Highlights follow the filter's folding (fzf's): accents fold, `ß` and
  /// ligatures do not expand; a run covers whole characters.
  @Test func foldedMatchesHighlightWholeCharacters() {
    #expect(Self.highlighted("Un café, École", "cafe") == ["café"])
    #expect(Self.highlighted("Un café, École", "ecole") == ["École"])
    #expect(Self.highlighted("Un café", "cafe", literal: true) == [])
    #expect(Self.highlighted("STRAẞE Straße", "strasse") == [])
    #expect(Self.highlighted("Straße", "straße") == ["Straße"])
    #expect(Self.highlighted("ﬁne", "i") == [])
    #expect(Self.highlighted("ﬁne", "ﬁ") == ["ﬁ"])
    #expect(Self.highlighted("cafe\u{301}!", "cafe") == ["cafe\u{301}"])
    #expect(Self.highlighted("ΟΔΟΣ οδος", "οσ") == ["ΟΣ"])
    #expect(Self.highlighted("foo and bar", "bar foo") == ["foo", "bar"])
  }

  static let pieces = [
    "a", "b", "A", "B", "İ", "ı", "I", "i", "ẞ", "ß", "s", "S", "ﬁ", "f", "Σ", "σ", "ς", "e", "é", "e\u{301}",
    "\u{301}", "王", "😀", " ", "K", "\u{212A}", "\u{1F1EB}\u{1F1F7}", "👍🏽", "\u{200D}",
  ]

  static func random(_ rng: inout SeededGenerator, _ range: ClosedRange<Int>) -> String {
    (0..<Int.random(in: range, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
  }

  /// For any item and one-term query: some characters are highlighted
  /// exactly when the item matches.
  @Test(arguments: [1, 2, 3, 4] as [UInt64]) func highlightsAreAlwaysRealMatches(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    for _ in 0..<1_500 {
      let item = Self.random(&rng, 0...8)
      // One term: no space (which may also hide in a character, before a mark).
      let text = String(String.UnicodeScalarView(Self.random(&rng, 1...3).unicodeScalars.filter { $0 != " " }))
      let query = FilterQuery(text, options: MatchOptions(literal: Bool.random(using: &rng)).findNext)
      guard !query.isEmpty else { continue }
      // Runs of zero cells count: a joiner matched alone is still a match.
      let runs = FilterHighlight.cells(in: item, query: query)
      #expect(runs.isEmpty == !query.matches(item), "\(item.debugDescription) / \(text.debugDescription)")
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
      if items.contains(where: prepared.matches) && !prepared.terms.allSatisfy(\.inverse) {
        #expect(frame.cells.contains { $0.style == settings.theme[.match] }, "\(items) / \(query.debugDescription)")
      }
    }
  }

  /// fzf's `--hscroll`: an unscrolled row whose match lies past its width
  /// shows from further in, behind `…`, with the match (highlighted) and
  /// `--hscroll-off` cells after it; a row whose match is in view, and a
  /// view scrolled by hand, show from where they did.
  @Test func aLongItemShowsItsMatch() throws {
    let long = String(repeating: "x", count: 150) + "NEEDLE" + String(repeating: "y", count: 50)
    var settings = AppSettings()
    settings.pick = true
    settings.theme = .standard
    var state = AppState(
      list: SectionedList([(title: "A", items: ["NEEDLE first, then more " + String(repeating: "z", count: 80), long])]
      ),
      settings: settings, width: 60, height: 6)
    var runner = SynchronousRunner()
    for c in "NEEDLE" { _ = runner.send(.key(KeyEvent(.char(c))), to: &state) }
    let frame = state.render()
    let lines = frame.plainLines()
    let row = try #require(lines.firstIndex { $0.contains("yyy") }, "the match is not in view: \(lines)")
    let text = lines[row]
    let needle = try #require(text.range(of: "NEEDLE"))
    let start = text.distance(from: text.startIndex, to: needle.lowerBound)
    let margin = String(repeating: "y", count: 10)
    #expect(text.hasPrefix("  …x") && text.contains("NEEDLE" + margin + " ") && !text.contains(margin + "y"))
    let match = settings.theme[.match]
    #expect((start..<start + 6).allSatisfy { frame[$0, row].style == match }, "the match is not highlighted")
    #expect(frame[start - 1, row].style != match && frame[start + 6, row].style != match)
    #expect(lines.contains { $0.contains("NEEDLE first") && !$0.contains("…N") }, "a match in view moved: \(lines)")
    #expect(ScriptRunner.run("scroll-to 0.1 0", state: &state) { _ in } == .finished)
    #expect(state.displayedOffset.x > 0)
    #expect(!state.render().plainLines().contains { $0.contains("…") }, "a view scrolled by hand was shifted")
  }

  /// `--hscroll` past the text taken for the view (a match 5 000 columns
  /// in), on a narrow row (the margin shrinks to half the row, so the
  /// match stays in view, as in fzf), never inside a wide character, and
  /// not at all under `--no-hscroll`.
  @Test func hscrollFindsFarMatchesKeepsThemInViewAndCanBeOff() throws {
    func row(_ item: String, _ query: String, width: Int, hscrollOff: Int? = 10) throws -> String {
      var settings = AppSettings()
      settings.pick = true
      settings.hscrollOff = hscrollOff
      // Loaded from bytes, as data is: rows read a prefix of the item.
      var state = AppState(list: try load(#"{"A":["x","\#(item)"]}"#), settings: settings, width: width, height: 5)
      _ = ScriptRunner.run("type \(query)", state: &state) { _ in }
      return state.render().plainLines().first { $0.contains("…") || $0.hasPrefix("> ") && $0.count > 4 } ?? ""
    }
    #expect(try row(String(repeating: "x", count: 5000) + "needle", "needle", width: 40).contains("…xxx"))
    #expect(try row(String(repeating: "x", count: 5000) + "needle", "needle", width: 40).contains("needle"))
    let narrow = try row("abcdefghijklmnopqrstuvwxyzneedle0123456789", "needle", width: 20)
    #expect(narrow.contains("needle"), "\(narrow)")
    let wide = try row(String(repeating: "中文", count: 40) + "needle", "needle", width: 41)
    #expect(wide.contains("…中") || wide.contains("…文"), "a blank cell after …: \(wide)")
    #expect(try !row(String(repeating: "x", count: 100) + "needle", "needle", width: 40, hscrollOff: nil).contains("…"))
  }

  /// A filter's result measures its survivors when they are few, so a
  /// screen made narrower after the query shows no horizontal indicator
  /// for rows that fit (an empty result kept the whole data's extent).
  @Test func aNarrowerScreenKeepsNoIndicatorForRowsThatFit() throws {
    var settings = AppSettings()
    settings.pick = true
    let items = ["ab", "abc", String(repeating: "w", count: 40)]
    for query in ["zzzz", "ab"] {
      var state = AppState(list: SectionedList([(title: "A", items: items)]), settings: settings, width: 60, height: 8)
      #expect(ScriptRunner.run("type \(query)\nresize 12x8", state: &state) { _ in } == .finished)
      let lines = state.render().plainLines()
      #expect(!lines.contains { $0.contains("───") }, "\(query): \(lines)")
    }
  }
}
