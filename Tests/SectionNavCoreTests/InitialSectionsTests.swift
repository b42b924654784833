import Testing

@testable import SectionNavCore

/// `--group-by initial` and `--lines` file each row under the initial of
/// its text as shown (`Initials.of`), decided from the row's bytes
/// (`InitialSections`): whatever the row starts with — spaces, an emoji,
/// an escape, a combining mark, a quote — the section is the one the
/// decoded text gives.
@Suite struct InitialSectionsTests {
  static let starts = [
    "amber", "Émile", "e\u{301}clair", "  zoë", "\tÅsa", "\u{3000}中文", "🍎 apple", "❤️ love", "©️ copy", "© copy",
    "1st", "\"quoted\"", "", " ", "한국", "Жук", "ßtraße", "ǅungla", "\u{301}mark", "\u{A0}nbsp", "#tag", "ø",
    "\u{1F1EB}\u{1F1F7} France", "Ω", "x\u{1F600}",
  ]

  static func text(_ rng: inout SeededGenerator) -> String {
    starts[Int(rng.next() % UInt64(starts.count))] + [" one", "\\", "\u{301}", " \"x\"", ""][Int(rng.next() % 5)]
  }

  func options(_ format: LoadOptions.Format, itemField: String? = nil, itemFormat: String? = nil) throws
    -> LoadOptions
  {
    var o = LoadOptions(keepOrder: true, itemField: itemField)
    o.format = format
    o.groupBy = .initial
    o.itemFormat = try itemFormat.map { try ItemTemplate($0) }
    return o
  }

  /// Every row of `list` is in the section its text's initial names.
  func expectFiledByText(_ list: SectionedList, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(list.itemCount > 0, sourceLocation: sourceLocation)
    for s in 0..<list.sectionCount {
      for i in 0..<list.itemCount(s) {
        let text = list.itemText(section: s, item: i)
        #expect(list.title(s) == Initials.of(text), "\(text.debugDescription)", sourceLocation: sourceLocation)
      }
    }
  }

  @Test(arguments: [1, 2] as [UInt64]) func jsonRowsFileUnderTheirTextsInitial(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    let texts = (0..<300).map { _ in Self.text(&rng) }
    let strings = "[" + texts.map { JSONText.quoted($0) }.joined(separator: ",") + "]"
    expectFiledByText(try ItemLoader.load(ByteBuffer(string: strings), options: options(.json)).list)
    let lines = texts.enumerated().map { n, t in
      n % 5 == 0 ? "\(n)" : "{\"name\": \(JSONText.quoted(t)), \"n\": \(n)}"
    }.joined(separator: "\n")
    for o in [try options(.jsonLines, itemField: "name"), try options(.jsonLines, itemFormat: "{name}!")] {
      expectFiledByText(try ItemLoader.load(ByteBuffer(string: lines), options: o).list)
    }
  }

  @Test(arguments: [1, 2] as [UInt64]) func csvRowsFileUnderTheirTextsInitial(seed: UInt64) throws {
    var rng = SeededGenerator(seed: seed)
    let rows = (0..<300).map { n in
      let t = Self.text(&rng)
      // A field that starts with a quote is a quoted field.
      // (Quotes doubled byte by byte: `"` and a combining mark are one `Character`.)
      let doubled = String(decoding: t.utf8.flatMap { $0 == 0x22 ? [0x22, 0x22] : [$0] }, as: UTF8.self)
      let field = n % 2 == 0 || t.hasPrefix("\"") ? "\"" + doubled + "\"" : t
      return n % 3 == 0 ? field + ",\(n)" : "\(n)," + field
    }
    let csv = "name,id\n" + rows.joined(separator: "\n") + "\n"
    for o in [try options(.csv), try options(.csv, itemField: "name"), try options(.csv, itemFormat: "{name}")] {
      expectFiledByText(try ItemLoader.load(ByteBuffer(string: csv), options: o).list)
    }
  }

  @Test(arguments: [1, 2] as [UInt64]) func linesFileUnderTheirTextsInitial(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let text = (0..<300).map { _ in Self.text(&rng) }.filter { !$0.isEmpty }.joined(separator: "\n")
    let list = LineInput.load(Array(text.utf8), delimiter: nil, keepOrder: true)
    for s in 0..<list.sectionCount {
      for i in 0..<list.itemCount(s) {
        let row = list.itemText(section: s, item: i)
        // A blank line is no item; a line of spaces files under `#`.
        #expect(list.title(s) == Initials.of(row), "\(row.debugDescription)")
      }
    }
  }
}
