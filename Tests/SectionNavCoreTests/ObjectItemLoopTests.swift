import Testing

@testable import SectionNavCore

/// Object items go through a loop of their own (`JSONItemScan.objectMembers`):
/// whatever the data — escaped, non-ASCII, long or repeated keys, fields
/// nested or inside arrays, deep nesting, damage at any byte, the input cut
/// off anywhere, bytes arriving in pieces — the list, its widest row and
/// every error are exactly what the general loop finds.
@Suite struct ObjectItemLoopTests {
  typealias Load = ItemSplitTests.Load
  let split = ItemSplitTests()

  func load(_ buffer: ByteBuffer, _ options: LoadOptions, objectLoop: Bool) -> Result<Load, LoadError> {
    do throws(LoadError) {
      let result = try ItemLoader.loadHalves(buffer, options: options, parallel: false, objectLoop: objectLoop).result
      return .success(Self.contents(result.list, warning: result.warning))
    } catch {
      return .failure(error)
    }
  }

  static func contents(_ list: SectionedList, warning: String?) -> Load {
    let sections = (0..<list.sectionCount).map { s in
      [list.title(s)] + (0..<list.itemCount(s)).map { list.itemText(section: s, item: $0) }
    }
    return Load(sections: sections, width: list.maxItemWidth, warning: warning)
  }

  /// Returns whether the text loaded (rather than failed).
  @discardableResult
  func expectSame(_ text: [UInt8], _ options: LoadOptions, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    let buffer = ByteBuffer(text)
    let general = load(buffer, options, objectLoop: false)
    let own = load(buffer, options, objectLoop: true)
    #expect(
      own == general, "\(String(decoding: text.prefix(300), as: UTF8.self))", sourceLocation: sourceLocation)
    if case .success = general { return true }
    return false
  }

  /// Member names the fields below look for, and others like them: the
  /// same length, escaped (`\u006e` is `n`), non-ASCII, longer than the
  /// 16 bytes two words hold, repeated in one object.
  static let keys = [
    "kind", "name", "kinx", "id", "user", "na\\u006de", "kïnd", "tags", "a_name_longer_than_16", "k",
    "a_name_longer_than_17", "user", "nam", "named",
  ]

  static func value(_ rng: inout SeededGenerator, depth: Int) -> String {
    let words = ItemSplitTests.words
    switch rng.next() % (depth > 3 ? 5 : 8) {
    case 0: return JSONText.quoted(words[Int(rng.next() % UInt64(words.count))] + "\\\"}")
    case 1: return "\(Int(rng.next() % 20_000) - 10_000)"
    case 2: return ["true", "false", "null", "-0.5e+3", "1E2"][Int(rng.next() % 5)]
    case 3: return "\"\\u00e9\\n\\\\ \(rng.next() % 9)\""
    case 4: return JSONText.quoted(words[Int(rng.next() % UInt64(words.count))])
    case 5:
      return "[" + (0..<Int(rng.next() % 3)).map { _ in value(&rng, depth: depth + 1) }.joined(separator: ", ") + "]"
    default: return object(&rng, depth: depth + 1)
    }
  }

  static func object(_ rng: inout SeededGenerator, depth: Int) -> String {
    let space = [" ", "", "\n  ", "\t"][Int(rng.next() % 4)]
    let members = (0..<Int(rng.next() % 6)).map { _ in
      "\"\(keys[Int(rng.next() % UInt64(keys.count))])\"" + space + ":" + space + value(&rng, depth: depth)
    }
    return "{" + space + members.joined(separator: "," + space) + space + "}"
  }

  static func array(_ rng: inout SeededGenerator, items: Int) -> String {
    "["
      + (0..<items).map { _ in rng.next() % 9 == 0 ? value(&rng, depth: 0) : object(&rng, depth: 0) }
      .joined(separator: ",\n") + "]"
  }

  static let choices: [LoadOptions] = {
    let s = ItemSplitTests()
    return [
      s.options(.json), s.options(.json, groupBy: "kind"), s.options(.json, groupBy: "user.name"),
      s.options(.json, itemField: "name"), s.options(.json, groupBy: "kind", itemFormat: "{name} / {user.kind}"),
      s.options(.json, groupBy: "initial", itemField: "name"),
      s.options(.json, groupBy: "a_name_longer_than_16", itemField: "kind"),
      s.options(.json, itemFormat: "{kind}: {name} ({id})", path: "."),
      s.options(.json, groupBy: ".user.tags[0]", itemField: "user"),
      s.options(.json, groupBy: "kind", itemField: "name", path: ".[1].user"),
      s.options(.json, groupBy: "name", path: ".[]"),
      // Objects whose member is the item (`carrierMembers`): a string, an object, anything.
      s.options(.json, path: ".[].name"), s.options(.json, groupBy: "kind", itemField: "name", path: ".[].user"),
      s.options(.json, groupBy: "initial", path: ".[].tags"),
    ]
  }()

  @Test(arguments: [1, 2, 3, 4] as [UInt64]) func randomObjectsLoadAlike(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var loaded = 0
    for round in 0..<300 {
      let text = Array(Self.array(&rng, items: Int(rng.next() % 12) + 1).utf8)
      if expectSame(text, Self.choices[round % Self.choices.count]) { loaded += 1 }
    }
    // Most are valid JSON: the loops are compared on lists, not only on errors.
    #expect(loaded > 120)
  }

  @Test(arguments: [5, 6] as [UInt64]) func damagedOrCutOffAnywhereFailsAlike(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let damage: [UInt8] = [0x22, 0x5C, 0x7D, 0x5D, 0x2C, 0x3A, 0x00, 0x0A, 0x78, 0xFF, 0x20, 0x7B]
    for round in 0..<300 {
      var text = Array(Self.array(&rng, items: Int(rng.next() % 6) + 1).utf8)
      if round % 3 == 0 {
        text = Array(text.prefix(Int(rng.next() % UInt64(text.count))))
      } else {
        text[Int(rng.next() % UInt64(text.count))] = damage[Int(rng.next() % UInt64(damage.count))]
      }
      expectSame(text, Self.choices[round % Self.choices.count])
    }
  }

  @Test func nestingDeeperThanTheLimitFailsAlike() {
    // Deeper than the 64 levels one word of `skipContainer` holds, and than the loaders allow.
    for depth in [63, 64, 65, 200, JSONIndexer.maximumDepth - 2, JSONIndexer.maximumDepth + 1] {
      let inner = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      let text = Array("[{\"kind\": \"a\", \"deep\": \(inner)}, {\"kind\": \"b\"}]".utf8)
      expectSame(text, split.options(.json, groupBy: "kind"))
      expectSame(Array("{\"name\": \(inner)}\n".utf8), split.options(.jsonLines, itemField: "name"))
    }
  }

  @Test(arguments: [7, 8] as [UInt64]) func jsonLinesLoadAlike(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let choices = [
      split.options(.jsonLines), split.options(.jsonLines, groupBy: "kind"),
      split.options(.jsonLines, itemField: "name"),
      split.options(.jsonLines, groupBy: "user.name", skipBad: true),
      split.options(.jsonLines, itemFormat: "{kind} {user.name}", skipBad: true),
    ]
    for round in 0..<200 {
      let text = Self.jsonLines(&rng, damage: round % 4 == 0)
      expectSame(Array(text.utf8), choices[round % choices.count])
    }
  }

  /// Objects one per line, compact or not, ended by LF, CRLF, a space
  /// before the break, a blank line, a lone CR, or nothing at the very end.
  static func jsonLines(_ rng: inout SeededGenerator, damage: Bool) -> String {
    var text = ""
    for _ in 0..<Int(rng.next() % 8) + 1 {
      var line = object(&rng, depth: 0).replacing("\n", with: " ")
      if rng.next() % 2 == 0 { line = line.replacing(" ", with: "").replacing("\t", with: "") }
      text += line + ["\n", "\r\n", " \n", "\n\n", "\r", "\n"][Int(rng.next() % 6)]
    }
    if damage { text += "{\"kind\": \"bad\" oops}\n" }
    if rng.next() % 3 == 0 { text += "{\"kind\":\"last\"}" }
    return text
  }

  /// Bytes arriving a piece at a time (a pipe): an object cut off where the
  /// bytes so far end is given back and scanned again once more has come.
  @Test(arguments: [9, 10] as [UInt64]) func objectsArrivingInPiecesLoadAlike(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let lines = [
      split.options(.jsonLines, groupBy: "kind"), split.options(.jsonLines, itemFormat: "{name} {user.kind}"),
    ]
    for round in 0..<90 {
      let text = Array(
        (round % 3 == 2
          ? Self.jsonLines(&rng, damage: round % 9 == 2) : Self.array(&rng, items: Int(rng.next() % 30) + 5))
          .utf8)
      let options = round % 3 == 2 ? lines[round % 2] : Self.choices[round % Self.choices.count]
      let buffer = ByteBuffer(text)
      let whole = load(buffer, options, objectLoop: false)
      var stream = ItemStream(buffer: buffer, options: options)
      defer { stream.release() }
      let pieces: Result<Load, LoadError>
      do throws(LoadError) {
        var available = 0
        while available < text.count {
          available = min(text.count, available + Int(rng.next() % 40) + 1)
          try stream.advance(available: available, eof: available == text.count)
        }
        pieces = .success(Self.contents(stream.list(), warning: stream.warning))
      } catch {
        pieces = .failure(error)
      }
      #expect(pieces == whole, "\(String(decoding: text.prefix(300), as: UTF8.self))")
    }
  }
}

extension ObjectItemLoopTests {
  /// A nested field's inner name under another member is not the field:
  /// `user.kind` is not `tags.kind`, nor `user.name` `tags.name`, whichever
  /// member comes first — though `tags` is on the way of `tags.name`.
  @Test func aNestedFieldIsFoundOnlyUnderItsOwnMember() {
    let text = """
      [{"tags": {"kind": "decoy", "name": "t1"}, "user": {"kind": "k1", "name": "ann"}},
       {"user": {"kind": "k2", "name": "bob"}, "tags": {"kind": "decoy", "name": "t2"}},
       {"tags": {"kind": "decoy", "name": "t3"}},
       {"user": {"id": 1}, "tags": {"user": {"kind": "deeper"}, "kind": "decoy"}}]
      """
    let options = split.options(.json, groupBy: "user.name", itemFormat: "<{user.kind}|{tags.name}>", keepOrder: true)
    let expected: [[String]] = [["ann", "<k1|t1>"], ["bob", "<k2|t2>"], ["(none)", "<|t3>", "<|>"]]
    for objectLoop in [true, false] {
      let result = load(ByteBuffer(string: text), options, objectLoop: objectLoop)
      #expect((try? result.get().sections) == expected, "objectLoop: \(objectLoop)")
      // Measured from the fields the scan found: the widest row is `<k1|t1>`.
      #expect((try? result.get().width) == 7, "objectLoop: \(objectLoop)")
    }
  }
}
