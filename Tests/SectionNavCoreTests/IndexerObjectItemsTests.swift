import Testing

@testable import SectionNavCore

/// The indexer takes object and array items whole (`Scan.wholeItem`):
/// whatever the sectioned document — an object or an array of sections,
/// compact or pretty, items escaped, non-ASCII, nested, with repeated or
/// escaped keys, shown by `--item-field`, kept in file order or sorted,
/// damaged at any byte, cut off anywhere, nested past the skipper's 64
/// levels or the indexer's limit — the list, its widest row and every
/// error are exactly what the general loop finds, on one thread or two.
@Suite struct IndexerObjectItemsTests {
  typealias Load = ItemSplitTests.Load

  func load(_ buffer: ByteBuffer, _ options: LoadOptions, itemLoops: Bool, parallel: Bool = false) -> Result<
    Load, LoadError
  > {
    do throws(LoadError) {
      let list = try JSONIndexer.loadHalves(
        buffer, options: options, progress: nil, parallel: parallel, minimumSplitSize: 0, itemLoops: itemLoops
      ).list
      return .success(ObjectItemLoopTests.contents(list, warning: nil))
    } catch {
      return .failure(error)
    }
  }

  /// Returns whether the text loaded (rather than failed).
  @discardableResult
  func expectSame(_ text: [UInt8], _ options: LoadOptions, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let buffer = ByteBuffer(text)
    let general = load(buffer, options, itemLoops: false)
    let whole = load(buffer, options, itemLoops: true)
    let halves = load(buffer, options, itemLoops: true, parallel: true)
    let shown = String(decoding: text.prefix(300), as: UTF8.self)
    #expect(whole == general, "\(shown)", sourceLocation: sourceLocation)
    #expect(halves == general, "two threads: \(shown)", sourceLocation: sourceLocation)
    if case .success = general { return true }
    return false
  }

  /// `expectSame`, and when the text loads, its widest row is the widest
  /// drawn one (decoded, then measured); returns whether it loaded.
  func expectSameAndDrawn(_ text: [UInt8], _ options: LoadOptions, sourceLocation: SourceLocation = #_sourceLocation)
    -> Bool
  {
    guard expectSame(text, options, sourceLocation: sourceLocation) else { return false }
    if case .success(let list) = load(ByteBuffer(text), options, itemLoops: true) {
      let drawn = list.sections.flatMap { $0.dropFirst() }.map { TextSanitizer.width($0) }.max() ?? 0
      #expect(
        list.width == drawn, "\(String(decoding: text.prefix(300), as: UTF8.self))", sourceLocation: sourceLocation)
    }
    return true
  }

  /// A section's title: few enough that some repeat (and merge), escaped or non-ASCII at times.
  static func title(_ rng: inout SeededGenerator) -> String {
    ["Tools", "parts 2", "parts 10", "Zürich", "caf\\u00e9", "Tools", "a \\\"q\\\"", "10"][Int(rng.next() % 8)]
  }

  /// An item: mostly objects (`ObjectItemLoopTests.object`: escaped,
  /// non-ASCII, long and repeated keys, nested arrays and objects), some
  /// arrays, empty containers and scalars.
  static func item(_ rng: inout SeededGenerator) -> String {
    switch rng.next() % 10 {
    case 0: return ObjectItemLoopTests.value(&rng, depth: 0)
    case 1: return "[" + (0..<Int(rng.next() % 3)).map { _ in item(&rng) }.joined(separator: ", ") + "]"
    case 2: return ["{}", "[]", "{ }", "[\n]"][Int(rng.next() % 4)]
    default: return ObjectItemLoopTests.object(&rng, depth: 0)
    }
  }

  /// A sectioned document of `sections` sections: `{"T": [items…], …}` or
  /// `[{"title": "T", "items": […]}, …]`, compact or pretty-printed.
  static func document(_ rng: inout SeededGenerator, sections: Int) -> String {
    let pretty = rng.next() % 2 == 0
    let (gap, line) = pretty ? (" ", "\n  ") : ("", "")
    let array = rng.next() % 3 == 0
    let parts = (0..<sections).map { _ in
      let items = (0..<Int(rng.next() % 6)).map { _ in item(&rng) }.joined(separator: "," + line + "  ")
      let list = "[" + line + "  " + items + line + "]"
      let title = "\"\(title(&rng))\""
      return array
        ? "{\"title\":" + gap + title + "," + gap + "\"items\":" + gap + list + "}"
        : title + ":" + gap + list
    }
    let body = parts.joined(separator: "," + line)
    return array ? "[" + line + body + "\n]" : "{" + line + body + "\n}"
  }

  static let choices: [LoadOptions] = [
    LoadOptions(), LoadOptions(keepOrder: true), LoadOptions(itemField: "name"),
    LoadOptions(keepOrder: true, itemField: "kïnd"), LoadOptions(itemField: "a_name_longer_than_16"),
    LoadOptions(itemField: "user"), LoadOptions(itemField: ""),
  ]

  @Test(arguments: [1, 2, 3, 4, 11, 12, 13, 14] as [UInt64]) func randomDocumentsLoadAlike(seed: UInt64) {
    let loaded = loadAlike(seed: seed, Self.choices) { Self.document(&$0, sections: Int($0.next() % 8) + 1) }
    // Most are valid: the paths are compared on lists, not only on errors.
    #expect(loaded > 250)
  }

  @Test(arguments: [5, 6, 7] as [UInt64]) func damagedOrCutOffAnywhereFailsAlike(seed: UInt64) {
    failAlike(seed: seed, Self.choices) { Self.document(&$0, sections: Int($0.next() % 4) + 1) }
  }

  /// 300 random documents (`document`, from `seed`), each loaded both
  /// ways under the next of `choices` (`expectSameAndDrawn`); returns how many loaded.
  func loadAlike(
    seed: UInt64, _ choices: [LoadOptions], sourceLocation: SourceLocation = #_sourceLocation,
    _ document: (inout SeededGenerator) -> String
  ) -> Int {
    var rng = SeededGenerator(seed: seed)
    var loaded = 0
    for round in 0..<300 {
      let text = Array(document(&rng).utf8)
      if expectSameAndDrawn(text, choices[round % choices.count], sourceLocation: sourceLocation) { loaded += 1 }
    }
    return loaded
  }

  /// 400 random documents (`document`, from `seed`), each damaged or cut
  /// off (`damaged`), then loaded both ways under the next of `choices`.
  func failAlike(
    seed: UInt64, _ choices: [LoadOptions], sourceLocation: SourceLocation = #_sourceLocation,
    _ document: (inout SeededGenerator) -> String
  ) {
    var rng = SeededGenerator(seed: seed)
    for round in 0..<400 {
      let text = Self.damaged(Array(document(&rng).utf8), round, &rng)
      expectSame(text, choices[round % choices.count], sourceLocation: sourceLocation)
    }
  }

  /// `text` cut off at a random byte (every third round) or with a byte
  /// or two replaced by ones that matter to JSON.
  static func damaged(_ text: [UInt8], _ round: Int, _ rng: inout SeededGenerator) -> [UInt8] {
    let damage: [UInt8] = [0x22, 0x5C, 0x7D, 0x5D, 0x2C, 0x3A, 0x00, 0x0A, 0x78, 0xFF, 0x20, 0x7B, 0x5B, 0xC3]
    if round % 3 == 0 { return Array(text.prefix(Int(rng.next() % UInt64(text.count)))) }
    var text = text
    for _ in 0...Int(rng.next() % 2) {
      text[Int(rng.next() % UInt64(text.count))] = damage[Int(rng.next() % UInt64(damage.count))]
    }
    return text
  }

  @Test func nestingDeeperThanTheLimitFailsAlike() {
    // Deeper than the 64 levels one word of `skipContainer` holds, and than the indexer allows.
    for depth in [
      62, 63, 64, 65, 200, JSONIndexer.maximumDepth - 4, JSONIndexer.maximumDepth - 2, JSONIndexer.maximumDepth + 1,
    ] {
      let inner = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      for text in [
        "{\"S\": [{\"name\": \"a\", \"deep\": \(inner)}, {\"name\": \"b\"}]}",
        "{\"S\": [\(inner), \"b\"]}",
        "[{\"title\": \"S\", \"items\": [{\"deep\": \(inner), \"name\": 1}]}]",
      ] {
        for options in [LoadOptions(), LoadOptions(itemField: "name")] { expectSame(Array(text.utf8), options) }
      }
    }
  }

  /// What an object item shows by `--item-field` and how wide it is, when
  /// the field is repeated, escaped, missing or not a string: the last
  /// occurrence at the item's own level, as the general loop has it.
  @Test func itemFieldIsFoundAmongTheItemsOwnMembers() throws {
    let text = #"""
      {"S": [{"name": "first", "x": {"name": "inner, not this"}, "name": "last one"},
             {"na\u006de": "escaped key"}, {"other": [{"name": "in an array"}]},
             {"name": {"a": [1, 2]}}, {"name": 12345678901234567890}, {"nąme": "not it"}]}
      """#
    expectSame(Array(text.utf8), LoadOptions(itemField: "name"))
    let list = try JSONIndexer.load(Array(text.utf8), options: LoadOptions(itemField: "name"))
    #expect(list.itemText(section: 0, item: 0) == "last one")
    #expect(list.itemText(section: 0, item: 1) == "escaped key")
    #expect(list.maxItemWidth == #"{"other":[{"name":"in an array"}]}"#.count)
  }
}
