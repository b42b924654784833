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
