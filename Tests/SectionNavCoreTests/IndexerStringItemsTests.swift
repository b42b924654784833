import Testing

@testable import SectionNavCore

/// String items after a plain one are taken in a loop of their own
/// (`Scan.stringItems`): whatever lies between and after them — spaces
/// and newlines around the commas, escaped, non-ASCII and empty strings,
/// numbers and objects among them, the array's end, damage at any byte,
/// the input cut off anywhere, a progress report or the second half's
/// start between two items — the list, its widest row and every error
/// are exactly what the general loop finds, on one thread or two.
@Suite struct IndexerStringItemsTests {
  let loads = IndexerObjectItemsTests()

  /// A string item: mostly plain ASCII of random length, some non-ASCII
  /// (wide, combining), escaped or empty; now and then another kind of value.
  static func item(_ rng: inout SeededGenerator) -> String {
    let letters = Array("abcdefghij klmnopqrstuvwxyz0123456789")
    let plain = String((0..<Int(rng.next() % 40)).map { _ in letters[Int(rng.next() % UInt64(letters.count))] })
    switch rng.next() % 12 {
    case 0: return "\"caf\\u00e9 \\\"\(plain)\\\"\""
    case 1: return "\"王小明 \(plain) e\u{301}\""
    case 2: return "\"\""
    case 3: return "\"tab\\t\(plain)\\\\path\""
    case 4: return ["12", "-0.5e3", "true", "null", "{\"k\": \"v\"}", "[\"a\", 1]"][Int(rng.next() % 6)]
    default: return "\"\(plain)\""
    }
  }

  /// A sectioned document whose arrays hold mostly string items, with
  /// spaces, tabs and newlines of random length around the commas.
  static func document(_ rng: inout SeededGenerator, sections: Int) -> String {
    let spaces = ["", " ", "\n", "  \n    ", "\t", " \r\n "]
    func gap() -> String { spaces[Int(rng.next() % UInt64(spaces.count))] }
    let array = rng.next() % 3 == 0
    let parts = (0..<sections).map { s in
      let items = (0..<Int(rng.next() % 9)).map { _ in gap() + item(&rng) + gap() }.joined(separator: ",")
      let list = "[" + items + "]"
      let title = "\"s\(s % 5)\""
      return array ? "{\"title\": \(title), \"items\": \(list)}" : title + ":" + gap() + list
    }
    let body = parts.joined(separator: "," + gap())
    return array ? "[" + body + "]" : "{" + body + gap() + "}"
  }

  static let choices: [LoadOptions] = [LoadOptions(), LoadOptions(keepOrder: true), LoadOptions(itemField: "k")]

  @Test(arguments: [1, 2, 3, 4] as [UInt64]) func randomDocumentsLoadAlike(seed: UInt64) {
    let loaded = loads.loadAlike(seed: seed, Self.choices) { Self.document(&$0, sections: Int($0.next() % 8) + 1) }
    #expect(loaded > 250)
  }

  @Test(arguments: [5, 6, 7] as [UInt64]) func damagedOrCutOffAnywhereFailsAlike(seed: UInt64) {
    loads.failAlike(seed: seed, Self.choices) { Self.document(&$0, sections: Int($0.next() % 4) + 1) }
  }

  /// A document past the first progress report (every 4 MiB), split
  /// between two threads at a section whose start follows string items.
  @Test func aLongDocumentLoadsAlikeAcrossReportsAndTheSplit() {
    var rng = SeededGenerator(seed: 8)
    var text = "{"
    var s = 0
    while text.utf8.count < 9 << 20 {
      let items = (0..<Int(rng.next() % 400)).map { _ in Self.item(&rng) }.joined(separator: ", ")
      text += (s == 0 ? "" : ",\n") + "\"section \(s)\": [\(items)]"
      s += 1
    }
    text += "}"
    #expect(loads.expectSame(Array(text.utf8), LoadOptions()))
  }

  /// Progress (and the pages given back behind the scan) comes every
  /// 4 MiB within one long array of plain strings too, not only where the
  /// loop of string items ends: a snapshot mid-way shows the open section
  /// with the items so far.
  @Test func progressComesWithinOneLongArrayOfStrings() throws {
    let json = "{\"only\": [" + (0..<1_000_000).map { "\"item \($0)\"" }.joined(separator: ", ") + "]}"
    var reports: [Int] = []
    var middle: SectionedList?
    let list = try JSONIndexer.load(ByteBuffer(string: json)) { bytes, snapshot in
      reports.append(bytes)
      if reports.count == 2 { middle = snapshot() }
    }
    #expect(list.itemCount == 1_000_000)
    #expect(reports.count >= 3, "every 4 MiB of \(json.utf8.count) bytes, then the end")
    #expect(reports.last == json.utf8.count)
    let partial = try #require(middle)
    #expect(partial.itemCount > 0 && partial.itemCount < list.itemCount)
    let n = partial.itemCount(0)
    #expect(partial.itemText(section: 0, item: n - 1) == "item \(n - 1)")
  }
}
