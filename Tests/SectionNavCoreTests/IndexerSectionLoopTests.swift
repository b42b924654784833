import Testing

@testable import SectionNavCore

/// Sections of an object of sections are taken in a loop of their own
/// while they are plain (`Scan.sectionLoop`): whatever a section holds —
/// a title with an escape, non-ASCII or empty, a value that is not an
/// array, no items, an item of another kind or escaped first or later,
/// spaces anywhere — damage at any byte, the input cut off anywhere, a
/// progress report or the second half's start between two sections: the
/// list, its widest row and every error are exactly what the general loop
/// finds, on one thread or two.
@Suite struct IndexerSectionLoopTests {
  let loads = IndexerObjectItemsTests()

  /// An object of sections, mostly plain ones.
  static func document(_ rng: inout SeededGenerator, sections: Int) -> String {
    let spaces = ["", " ", "\n", "  \n    ", "\t", " \r\n "]
    func gap() -> String { spaces[Int(rng.next() % UInt64(spaces.count))] }
    let parts = (0..<sections).map { s in
      let title =
        switch rng.next() % 10 {
        case 0: "\"s\(s % 4) \\\"quoted\\\"\""
        case 1: "\"é s\(s % 4)\""
        case 2: "\"\""
        default: "\"s\(s % 4)\""
        }
      let value: String
      switch rng.next() % 14 {
      case 0: value = ["12", "\"text\"", "{\"a\": [\"b\"]}", "null"][Int(rng.next() % 4)]
      case 1: value = "[" + gap() + "]"
      default:
        let items = (0..<Int(rng.next() % 6) + 1).map { _ in gap() + IndexerStringItemsTests.item(&rng) + gap() }
        value = "[" + items.joined(separator: ",") + "]"
      }
      return title + gap() + ":" + gap() + value
    }
    return "{" + gap() + parts.joined(separator: gap() + "," + gap()) + gap() + "}"
  }

  static let choices: [LoadOptions] = [LoadOptions(), LoadOptions(keepOrder: true), LoadOptions(itemField: "a")]

  @Test(arguments: [1, 2, 3, 4] as [UInt64]) func randomDocumentsLoadAlike(seed: UInt64) {
    let loaded = loads.loadAlike(seed: seed, Self.choices) { Self.document(&$0, sections: Int($0.next() % 12) + 1) }
    // Some documents hold a section that is not an array: those fail alike.
    #expect(loaded > 100)
  }

  @Test(arguments: [5, 6, 7] as [UInt64]) func damagedOrCutOffAnywhereFailsAlike(seed: UInt64) {
    loads.failAlike(seed: seed, Self.choices) { Self.document(&$0, sections: Int($0.next() % 6) + 1) }
  }

  /// Titles that are not valid UTF-8 show as U+FFFD (lone continuation
  /// bytes, a 4-byte scalar cut after 3, bytes never in UTF-8) and sort as
  /// shown, whichever loop notes their section: the section loop keys an
  /// ASCII title from its bytes, any other from its `String`, as the
  /// general loop does (the fuzzer found the two in another order).
  @Test func titlesWithInvalidUTF8SortAsShownOnEveryPath() throws {
    var rng = SeededGenerator(seed: 21)
    let pieces: [[UInt8]] = [
      Array("A".utf8), Array("b 10".utf8), Array("É".utf8), Array("王".utf8), [0xA6], [0xF0, 0x9F, 0x8C], [0xFF], [0xC3],
    ]
    for _ in 0..<60 {
      var text = Array("{\n".utf8)
      var shown: [String] = []
      for s in 0..<Int(rng.next() % 40) + 2 {
        var title: [UInt8] = []
        for _ in 0..<Int(rng.next() % 5) { title += pieces[Int(rng.next() % UInt64(pieces.count))] }
        text += Array((s > 0 ? ",\n\"" : "\"").utf8) + title + Array(#"": ["x", "y"]"#.utf8)
        shown.append(String(decoding: title, as: UTF8.self))
      }
      text += Array("\n}".utf8)
      try #require(loads.expectSame(text, LoadOptions()))
      // Equal titles merge, side by side in order.
      var expected: [String] = []
      for title in NaturalOrder.sortedIndices(shown).map({ shown[$0] }) where expected.last != title {
        expected.append(title)
      }
      let list = try JSONIndexer.load(ByteBuffer(text))
      #expect(list.sections.map(\.title) == expected)
    }
  }

  /// Many small plain sections past several progress reports (every
  /// 4 MiB, until the first half hands over to the second): the loop
  /// stops at each, so progress comes as often as within one long array,
  /// a snapshot shows the sections so far, and the list at the end is the
  /// one a load without snapshots makes.
  @Test func progressComesAmongManySmallSections() throws {
    let json = "{" + (0..<600_000).map { #""s\#($0)": ["a\#($0)", "b"]"# }.joined(separator: ", ") + "}"
    var reports: [Int] = []
    var middle: SectionedList?
    let list = try JSONIndexer.load(ByteBuffer(string: json)) { bytes, snapshot in
      reports.append(bytes)
      if reports.count == 2 { middle = snapshot() }
    }
    #expect(list.sectionCount == 600_000)
    #expect(reports.count >= 3, "every 4 MiB of \(json.utf8.count) bytes, then the end")
    let partial = try #require(middle)
    #expect(partial.sectionCount > 0 && partial.sectionCount < list.sectionCount)
    // After snapshots (their order kept), the same list as without them.
    let direct = try JSONIndexer.load(ByteBuffer(string: json))
    let differs = (0..<list.sectionCount).first {
      list.title($0) != direct.title($0) || list.itemCount($0) != direct.itemCount($0)
    }
    #expect(differs == nil)
  }
}
