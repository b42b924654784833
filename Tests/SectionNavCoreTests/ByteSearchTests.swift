import Foundation
import Testing

@testable import SectionNavCore

/// Search matches items in their raw bytes (the filter's byte paths); it
/// must say exactly what decoding the item and matching its text says.
@Suite struct ByteSearchTests {
  /// A query as `/` reads it by default.
  static func query(_ text: String, literal: Bool = false) -> FilterQuery {
    FilterQuery(text, options: MatchOptions(literal: literal).findNext)
  }

  /// The items of section 0 that search finds.
  static func hits(_ list: SectionedList, _ query: FilterQuery) -> [Int] {
    let rowMap = RowMap(list)
    return AppState.findMatches(query, in: list, rowMap: rowMap).rows.compactMap { row in
      if case .item(0, let i)? = rowMap.row(row) { return i }
      return nil
    }
  }

  /// Pieces of JSON string bodies, as they appear in the source: plain ASCII
  /// in mixed case, escapes, precomposed and decomposed accents, the three
  /// characters equivalent to ASCII ones, case-changing letters, emoji,
  /// joiners, and invalid UTF-8.
  static let fragments: [[UInt8]] = {
    let text: [String] = [
      "alpha", "Beta", "GAMMA", "k", "K", "ss", "SS", "i", "I", ";", "`", "ab", "AB", "a", "b", "e", "E", "x",
      " ", "42", "-", "/", "null", "true",
      "\u{E9}", "e\u{301}", "E\u{301}", "\u{212A}", "\u{37E}", "\u{1FEF}", "\u{130}", "\u{DF}", "\u{1E9E}",
      "Stra\u{DF}e", "\u{65E5}\u{672C}", "\u{1F600}", "\u{1F44D}\u{1F3FD}", "a\u{200D}b", "\u{600}", "\u{301}",
      "\u{338}", "=\u{338}", "\u{2260}", "\u{FB01}", "\u{3A3}", "\u{3C2}", "\u{1C5}", "\u{212B}", "\u{2126}",
      "\u{FEFF}", "\u{A0}", "\u{AD}",
    ]
    let escapes: [String] = [
      "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\u0041", "\\u006b", "\\u00e9", "\\u0301", "\\u212a", "\\ud83d\\ude00",
      "\\ud800", "\\u0000", "\\b",
    ]
    let invalid: [[UInt8]] = [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xE2, 0x84], [0xCD], [0x80, 0x41]]
    return text.map { Array($0.utf8) } + escapes.map { Array($0.utf8) } + invalid
  }()

  static let scalars: [String] = [
    "0", "-12.5e3", "1E+2", "42", "true", "false", "null",
    "[\"a\", 1, {\"k\": \"Kelvin\"}]", "[ ]", "{\"name\": \"Foo\", \"id\": 3}", "{\"name\": \"Be\\u0074a\"}",
    "{\"id\": 7}", "{ \"name\" : [ \"x\" , \"\u{212A}\" ] }", "{\"name\": 12}",
  ]

  /// A document `{"S0": [...], …}` of random items, deterministic per seed.
  static func document(seed: UInt64, sections: Int, items: Int) -> [UInt8] {
    var rng = SeededGenerator(seed: seed)
    var out: [UInt8] = Array("{".utf8)
    for s in 0..<sections {
      if s > 0 { out += Array(",".utf8) }
      out += Array("\"S\(s)\": [".utf8)
      for i in 0..<items {
        if i > 0 { out += Array(", ".utf8) }
        if Int.random(in: 0..<5, using: &rng) == 0 {
          out += Array(scalars.randomElement(using: &rng)!.utf8)
        } else {
          out.append(0x22)
          for _ in 0..<Int.random(in: 0...6, using: &rng) { out += fragments.randomElement(using: &rng)! }
          out.append(0x22)
        }
      }
      out += Array("]".utf8)
    }
    return out + Array("}".utf8)
  }

  /// Queries: fixed tricky ones, short ASCII (frequent hits), and pieces of
  /// item text with their case changed.
  static func queries(for list: SectionedList, seed: UInt64, count: Int) -> [String] {
    var rng = SeededGenerator(seed: seed)
    var result = [
      "", " ", "k", "K", ";", "`", "i", "I", "e", "E", "\u{E9}", "e\u{301}", "ss", "SS", "\u{DF}", "null", "1", "\"",
      "\\", "a\u{200D}", "Ab", "ab", "{", ",", "name", "Foo", "foo", "\u{212A}", "\u{130}", "a\u{200D}b", "=",
      "\u{2260}", "fi", "\u{3C3}", "\u{3A3}", "u0041", "\\u0041", "A", "alphabeta", "alpha beta", "\t", "\n",
    ]
    let alphabet = Array("abeikKsSxAB;`1 -/\u{E9}")
    for _ in 0..<count / 2 {
      result.append(String((0..<Int.random(in: 1...3, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }))
    }
    var texts: [String] = []
    for s in 0..<list.sectionCount {
      for i in 0..<list.itemCount(s) { texts.append(list.itemText(section: s, item: i)) }
    }
    while result.count < count {
      let text = Array(texts.randomElement(using: &rng)!)
      guard !text.isEmpty else { continue }
      let a = Int.random(in: 0..<text.count, using: &rng)
      let b = Int.random(in: a...min(text.count, a + 5), using: &rng)
      var q = String(text[a..<b])
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: q = q.uppercased()
      case 1: q = q.lowercased()
      default: break
      }
      result.append(q)
    }
    return result
  }

  /// Every item of `list` against every query: the rows search finds are
  /// the items whose decoded text matches and the titles that do.
  static func expectAgreement(_ list: SectionedList, _ queries: [String], _ context: String) {
    var failures = 0
    let rowMap = RowMap(list)
    for (n, text) in queries.enumerated() {
      let query = Self.query(text, literal: n % 3 == 2)
      var expected: [Int] = []
      for s in 0..<list.sectionCount {
        if let title = list.realTitle(s), query.matches(title) { expected.append(rowMap.headerRow(s)) }
        for i in 0..<list.itemCount(s) where query.matches(list.itemText(section: s, item: i)) {
          expected.append(rowMap.row(section: s, item: i))
        }
      }
      let result = AppState.findMatches(query, in: list, rowMap: rowMap)
      if result.rows != expected || !result.isComplete {
        failures += 1
        if failures <= 10 {
          let missing = Set(expected).symmetricDifference(result.rows).sorted().prefix(3).map { row -> String in
            switch rowMap.row(row) {
            case .item(let s, let i)?: return list.itemText(section: s, item: i).debugDescription
            case .header(let s)?: return "title " + list.title(s).debugDescription
            case nil: return "row \(row)"
            }
          }
          Issue.record("\(context): query \(text.debugDescription) disagrees on \(missing)")
        }
      }
    }
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func jsonItemsAgreeWithDecodeAndMatch(seed: UInt64) throws {
    let bytes = Self.document(seed: seed, sections: 8, items: 60)
    let list = try JSONIndexer.load(bytes)
    #expect(list.itemCount == 480)
    Self.expectAgreement(list, Self.queries(for: list, seed: seed &+ 100, count: 160), "json seed \(seed)")
    let byField = try JSONIndexer.load(bytes, options: LoadOptions(itemField: "name"))
    Self.expectAgreement(byField, Self.queries(for: byField, seed: seed &+ 200, count: 60), "by field seed \(seed)")
  }

  @Test func lineItemsAgreeWithDecodeAndMatch() {
    var rng = SeededGenerator(seed: 9)
    var bytes: [UInt8] = []
    for _ in 0..<400 {
      for _ in 0..<Int.random(in: 1...5, using: &rng) {
        let f = Self.fragments.randomElement(using: &rng)!
        bytes += f.filter { $0 != 0x0A }
      }
      bytes.append(0x0A)
    }
    let list = LineInput.load(bytes, delimiter: nil, keepOrder: false)
    Self.expectAgreement(list, Self.queries(for: list, seed: 10, count: 120), "lines")
  }

  @Test func stringItemsAgreeWithDecodeAndMatch() throws {
    let json = try JSONIndexer.load(Self.document(seed: 4, sections: 3, items: 50))
    let pairs = (0..<json.sectionCount).map { s in
      (title: json.title(s), items: (0..<json.itemCount(s)).map { json.itemText(section: s, item: $0) })
    }
    let list = SectionedList(pairs)
    Self.expectAgreement(list, Self.queries(for: list, seed: 11, count: 120), "strings")
  }

  @Test func matchesBodyOnlyNotQuotesOrEscapes() throws {
    let list = try load(#"{"A": ["plain", "x\"y", "tab\there", 12, "K\u212a", "e\u0301"]}"#)
    func hits(_ q: String) -> [Int] { Self.hits(list, Self.query(q)) }
    #expect(hits("\"") == [1])
    #expect(hits("n\"") == [])
    #expect(hits("\\") == [])
    #expect(hits("t") == [2])
    #expect(hits("12") == [3])
    #expect(hits("e") == [2, 5])  // e + U+0301: the e is there
    #expect(hits("ere") == [2])
    #expect(hits("") == [])
  }

  static func bigList() -> SectionedList {
    SectionedList([
      (title: "one", items: (0..<50_000).map { "item \($0)" }),
      (title: "two", items: (0..<50_000).map { "entry \($0)" }),
    ])
  }

  @Test func shouldStopEndsTheScanEarly() {
    let list = Self.bigList()
    var calls = 0
    let result = AppState.findMatches(Self.query("1"), in: list, rowMap: RowMap(list)) {
      calls += 1
      return calls > 3
    }
    #expect(!result.isComplete)
    #expect(result.itemsScanned == 3 * AppState.searchCheckInterval)
    #expect(calls == 4)
    let full = AppState.findMatches(Self.query("1"), in: list, rowMap: RowMap(list))
    #expect(full.isComplete)
    #expect(Array(full.rows.prefix(result.rows.count)) == result.rows)
    #expect(full.rows.count > result.rows.count)
  }

  @Test func shouldStopIsAskedPerItemsNotPerSection() {
    // 3 000 sections of 3 items: asked every `searchCheckInterval` items.
    let list = SectionedList((0..<3_000).map { (title: "S\($0)", items: ["a", "b", "c"]) })
    var calls = 0
    let result = AppState.findMatches(Self.query("b"), in: list, rowMap: RowMap(list)) {
      calls += 1
      return false
    }
    #expect(result.isComplete && result.rows.count == 3_000)
    #expect(calls == (9_000 + AppState.searchCheckInterval - 1) / AppState.searchCheckInterval)
  }

  @Test func cancelledSearchLeavesTheStateAlone() throws {
    var state = AppState(list: Self.bigList(), width: 40, height: 12)
    let cursor = state.cursorRow
    var runner = SynchronousRunner()
    runner.holding = true
    #expect(runner.send(.command(.search("entry")), to: &state).isEmpty)
    #expect(state.message == "searching for 'entry'… (Esc stops)")
    // Esc stops the running search instead of quitting.
    #expect(runner.send(.key(KeyEvent(.escape)), to: &state).isEmpty)
    #expect(state.message == "search for 'entry' cancelled")
    #expect(state.cursorRow == cursor)
    _ = try state.run("next")
    #expect(state.message == "no previous search")

    _ = try state.run("search \"entry 49999\"")
    #expect(state.message == "match 1/1")
    #expect(state.cursor?.section == 1 && state.cursor?.item == 49_999)
  }

  @Test func resultForAnotherListIsRefused() {
    let other = Self.bigList()
    var state = AppState(list: TestData.numbers, width: 40, height: 12)
    let stale = AppState.findMatches(Self.query("item"), in: other, rowMap: RowMap(other))
    let refused = !state.showMatches(stale)
    #expect(refused)
    #expect(state.message?.contains("out of date") == true)
    let shown = state.showMatches(state.findMatches("s3-"))
    #expect(shown)
    #expect(state.message == "match 1/10")
  }
}

/// Search sees what the row shows: the `--item-field` value, or the
/// `--item-format` text when a template is given too.
@Suite struct FieldSearchTests {
  @Test func searchMatchesTheShownFieldOrTemplate() throws {
    let json = #"{"A": [{"name": "caf\u00e9 x", "id": "zzz"}, {"id": "other"}]}"#
    let byField = try load(json, LoadOptions(itemField: "name"))
    func hits(_ list: SectionedList, _ q: String) -> [Int] { ByteSearchTests.hits(list, ByteSearchTests.query(q)) }
    #expect(hits(byField, "cafe") == [0])
    #expect(hits(byField, "zzz") == [])
    #expect(hits(byField, "other") == [1])  // no such field: compact JSON is shown and searched
    let templated = byField.showing(try ItemTemplate("<{id}>"))
    #expect(hits(templated, "<zzz>") == [0])
    #expect(hits(templated, "cafe") == [])
  }
}
