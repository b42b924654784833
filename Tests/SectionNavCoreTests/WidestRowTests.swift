import Testing

@testable import SectionNavCore

/// `--item-format` on sectioned JSON measures its rows once the indexer has
/// found the items (`SectionedList.showing`, `ItemWidth.measureWidest`):
/// every row the template makes counts, plain objects too, and the figure
/// is the same wherever the two cores' halves part.
@Suite struct WidestRowTests {
  static let names = ["ok", "café \\\"q\\\"", "中文字中文字", "e\\u0301", "a much longer plain name", "x"]

  static func sectioned(_ rng: inout SeededGenerator, items: Int) -> String {
    var sections: [String] = []
    var n = 0
    while n < items {
      var section: [String] = []
      for _ in 0..<Int(rng.next() % 5) + 1 {
        let name = names[Int(rng.next() % UInt64(names.count))]
        switch rng.next() % 5 {
        case 0: section.append("\"a string item \(n)\"")
        case 1: section.append("{\"id\": \(n)}")
        default: section.append("{\"name\": \"\(name)\", \"id\": \(n)}")
        }
        n += 1
      }
      sections.append("\"s\(sections.count)\": [" + section.joined(separator: ", ") + "]")
    }
    return "{" + sections.joined(separator: ",\n") + "}"
  }

  @Test(arguments: [1, 2, 3] as [UInt64]) func templateRowsOfSectionedJSONAreAllMeasured(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    for round in 0..<40 {
      let text = Self.sectioned(&rng, items: Int(rng.next() % 60) + 1)
      let template = try ItemTemplate(round % 2 == 0 ? "{name}" : "<{name}> #{id} {name}")
      let list = try JSONIndexer.load(ByteBuffer(string: text), options: LoadOptions()).showing(template)
      var reference = 0
      for s in list.sections.indices {
        for i in 0..<list.sections[s].itemCount {
          reference = max(reference, TextSanitizer.width(list.itemText(section: s, item: i)))
        }
      }
      #expect(list.maxItemWidth == reference, "\(text)")
      guard case .json(let items) = list.store else { continue }
      for split in 0...items.ranges.count {
        let measured = ItemWidth.measureWidest(
          store: list.store, ranges: items.ranges, widestPlain: 0, given: { _ in false }, split: split)
        #expect(measured.cells == reference, "\(split) \(text)")
      }
    }
  }
}
