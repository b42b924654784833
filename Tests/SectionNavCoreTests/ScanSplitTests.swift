import Foundation
import Testing

@testable import SectionNavCore

/// Large documents are indexed by two threads (`ScanSplit`): whatever the
/// second half guessed, the list, its widest item and its errors must be
/// exactly what one thread finds.
@Suite struct ScanSplitTests {
  /// A document of about `size` bytes: `sections` of escaped, non-ASCII items.
  static func objectDocument(
    size: Int = 3 << 20, titles: (Int) -> String = { "section \($0)" },
    item: (Int) -> String = { #""café \"\#($0)\" 中\\path""# }
  ) -> String {
    var out = "{"
    var n = 0
    var s = 0
    while out.utf8.count < size {
      out += s == 0 ? "\n" : ",\n"
      out += "\(JSONText.quoted(titles(s))): ["
      for k in 0..<40 {
        out += (k == 0 ? "" : ", ") + item(n)
        n += 1
      }
      out += "]"
      s += 1
    }
    return out + "\n}\n"
  }

  /// Both ways, the same list or the same error; returns how many halves the parallel load used.
  @discardableResult
  func expectSameBothWays(
    _ text: String, _ options: LoadOptions = LoadOptions(), minimumSplitSize: Int = ScanSplit.minimumSize
  ) -> Int {
    let buffer = ByteBuffer(string: text)
    let one = Result { () throws(LoadError) in
      try JSONIndexer.loadHalves(buffer, options: options, progress: nil, parallel: false)
    }
    let two = Result { () throws(LoadError) in
      try JSONIndexer.loadHalves(
        buffer, options: options, progress: nil, parallel: true, minimumSplitSize: minimumSplitSize)
    }
    switch (one, two) {
    case (.success(let a), .success(let b)):
      #expect(a.halves == 1)
      #expect(summary(a.list) == summary(b.list))
      #expect(a.list.maxItemWidth == b.list.maxItemWidth)
      return b.halves
    case (.failure(let a), .failure(let b)):
      #expect(a == b)
      return 0
    default:
      Issue.record("one thread: \(one), two threads: \(two)")
      return 0
    }
  }

  func summary(_ list: SectionedList) -> [[String]] {
    (0..<list.sectionCount).map { s in
      [list.title(s)] + (0..<list.itemCount(s)).map { list.itemText(section: s, item: $0) }
    }
  }

  /// Titles that look alike but differ in their scalars — NFC `é 1` and
  /// NFD `e\u{301} 1` — are two sections, as jq keeps them two keys, whether
  /// sorted or in file order, on one thread or two; a title met again (with
  /// the same scalars) still merges into its first section.
  @Test(arguments: [false, true]) func titlesDifferingInNormalizationStayApart(keepOrder: Bool) throws {
    let text = Self.objectDocument(titles: { s in ["é", "e\u{301}"][s % 2] + " \(s / 2 % 3)" })
    let options = LoadOptions(keepOrder: keepOrder)
    #expect(expectSameBothWays(text, options) == 2)
    let list = try JSONIndexer.load(ByteBuffer(string: text), options: options)
    let titles = list.sections.map { Array($0.title.unicodeScalars) }
    #expect(list.sectionCount == 6)
    #expect(Set(titles.map { $0.map(\.value) }).count == 6)
    if keepOrder {
      #expect(titles.map { String(String.UnicodeScalarView($0)) }.prefix(2).map(\.unicodeScalars.first) == ["é", "e"])
    }
  }

  /// Small sections of plain strings, taken by the loop of sections
  /// (`Scan.sectionLoop`): the first half stops at the second half's
  /// start, between two sections, and hands over there.
  @Test func smallPlainSectionsAreSplitAtASection() {
    let document = Self.objectDocument(titles: { "s\($0 % 997)" }, item: { "\"item \($0)\"" })
    #expect(expectSameBothWays(document) == 2)
    #expect(expectSameBothWays(document, LoadOptions(keepOrder: true)) == 2)
  }

  @Test func aLargeObjectOfSectionsIsSplitAndGivesTheSameList() {
    #expect(expectSameBothWays(Self.objectDocument()) == 2)
    #expect(expectSameBothWays(Self.objectDocument(), LoadOptions(keepOrder: true)) == 2)
  }

  /// Object items whose members hold arrays (`"tags": [...], "dims": {...}`)
  /// have `],` and a key in every item: the split still finds a section's
  /// start, whose key is followed by an array.
  @Test func objectItemsHoldingArraysAreSplitAtASection() {
    let sections = (0..<400).map { s in
      "\"section \(s)\": ["
        + (0..<6).map { i in
          "{\"id\": \(i), \"tags\": [\"a\", \"b\"], \"dims\": {\"w\": \(s)}, \"more\": [1], \"name\": \"n\(s)-\(i)\"}"
        }.joined(separator: ", ") + "]"
    }
    let text = "{\n" + sections.joined(separator: ",\n") + "\n}\n"
    #expect(expectSameBothWays(text, minimumSplitSize: 1024) == 2)
    #expect(expectSameBothWays(text, LoadOptions(itemField: "name"), minimumSplitSize: 1024) == 2)
  }

  @Test func titlesInRandomOrderAndDuplicatesAcrossTheHalvesMerge() {
    // Title k % 50: every title appears in both halves, in scrambled order.
    let text = Self.objectDocument(titles: { "t\(($0 * 7919) % 50)" })
    #expect(expectSameBothWays(text) == 2)
    let list = try! JSONIndexer.load(ByteBuffer(string: text))
    #expect(list.sectionCount == 50)
  }

  @Test func theWidestItemCanBeInTheSecondHalf() {
    let wide = String(repeating: "中", count: 300)
    let text = Self.objectDocument(item: { $0 == 60_000 ? "\"\(wide)\"" : "\"item \($0)\"" })
    #expect(expectSameBothWays(text) == 2)
    #expect(try! JSONIndexer.load(ByteBuffer(string: text)).maxItemWidth == 600)
  }

  @Test func anArrayOfSectionsWithTitlesAfterTheirItemsIsSplit() {
    var text = "["
    for s in 0..<4000 {
      let items = (0..<40).map { "\"i \(s) \($0) é\"" }.joined(separator: ", ")
      text += (s == 0 ? "" : ",\n") + #"{"items": [\#(items)], "n": {"title": "not me"}, "title": "s\#(s)"}"#
    }
    text += "]"
    #expect(text.utf8.count > 2 << 20)
    #expect(expectSameBothWays(text) == 2)
  }

  @Test func boundaryLookalikesInsideItemsFallBackToTheRightList() {
    // Around the middle, items whose bytes look like a section boundary:
    // strings ending in "]," and objects with array fields (`], "b": [`).
    let text = Self.objectDocument(item: {
      $0 % 3 == 0 ? #""x],""# : $0 % 3 == 1 ? #"{"a": [\#($0)], "b": [1, [2]], "c": {"d": []}}"# : #""y""#
    })
    expectSameBothWays(text)
  }

  @Test func aBoundaryInsideALongNestedItemIsDetectedLate() {
    // The middle falls inside one item: an object whose arrays hold more
    // than the probe reads, so the guess looks right until its end.
    let long = (0..<60_000).map(String.init).joined(separator: ",")
    let item = #"{"a": [\#(long)], "b": [\#(long)], "c": [\#(long)]}"#
    let text = "{\"first\": [" + item + "],\n\"second\": [" + item + "]}"
    #expect(text.utf8.count > 1 << 20)
    #expect(expectSameBothWays(text) == 1)
  }

  @Test func errorsInTheSecondHalfAreTheSameErrors() {
    let good = Self.objectDocument()
    // Section 2000 of about 2800 lies in the second half.
    #expect(
      good.utf8.firstRange(of: "\"section 2000\": [".utf8)!.lowerBound.utf16Offset(in: good) > good.utf8.count / 2)
    func replacing(_ old: String, _ new: String) -> String {
      let changed = good.replacingOccurrences(of: old, with: new)
      #expect(changed != good)
      return changed
    }
    // A syntax error, a shape error, a truncated document and trailing bytes.
    let broken = [
      replacing("\"section 2000\": [", "\"section 2000\": [@"),
      replacing("\"section 2000\": [", "\"section 2000\": 5, \"x\": ["),
      String(good.utf8.prefix(good.utf8.count * 3 / 4))!,
      good + "x",
    ]
    for text in broken { #expect(expectSameBothWays(text) == 0) }
  }

  @Test func aSyntaxErrorInTheFirstHalfWinsOverAShapeErrorInTheSecond() {
    var text = Self.objectDocument()
    text = text.replacingOccurrences(of: "\"section 300\": [", with: "\"section 300\": 5, \"x\": [")
    text = text.replacingOccurrences(of: "\"section 2\": [", with: "\"section 2\": [tru, ")
    #expect(expectSameBothWays(text) == 0)
    #expect(throws: LoadError.self) { try JSONIndexer.load(ByteBuffer(string: text)) }
    do {
      _ = try JSONIndexer.load(ByteBuffer(string: text))
    } catch {
      #expect(error.kind == .invalidJSON)
    }
  }

  /// Small random documents split anywhere a boundary looks likely, with
  /// random damage: the same list or error as one thread, every time.
  @Test(arguments: [1, 2, 3, 4] as [UInt64]) func randomDocumentsSplitAnywhere(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let pieces = [
      #""a""#, #""b],\"c\": [""#, "1", "[1, [2]]", #"{"x": [1], "y": [], "title": "t"}"#, #""é\u00e9\"""#, "null",
      "{}", "[]",
    ]
    var splits = 0
    for _ in 0..<300 {
      let sections = (0..<Int(rng.next() % 12 + 2)).map { _ in
        let items = (0..<Int(rng.next() % 6)).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }
        return (title: "s\(rng.next() % 5)", items: "[" + items.joined(separator: ", ") + "]")
      }
      var text =
        rng.next() % 2 == 0
        ? "{" + sections.map { "\"\($0.title)\": \($0.items)" }.joined(separator: ", ") + "}"
        : "[" + sections.map { #"{"items": \#($0.items), "title": "\#($0.title)"}"# }.joined(separator: ",\n") + "]"
      // Damage: a byte dropped or replaced somewhere, now and then.
      if rng.next() % 3 == 0 {
        var bytes = Array(text.utf8)
        let at = Int(rng.next() % UInt64(bytes.count))
        if rng.next() % 2 == 0 {
          bytes.remove(at: at)
        } else {
          bytes[at] = Array(#",]}\":x"#.utf8)[Int(rng.next() % 7)]
        }
        text = String(decoding: bytes, as: UTF8.self)
      }
      if expectSameBothWays(text, minimumSplitSize: 0) == 2 { splits += 1 }
    }
    #expect(splits > 50)
  }

  @Test func progressCountsBothHalvesAndEndsWithTheWholeList() throws {
    let text = Self.objectDocument(size: 12 << 20)
    let buffer = ByteBuffer(string: text)
    var reports: [Int] = []
    var last: SectionedList?
    let (list, halves) = try JSONIndexer.loadHalves(
      buffer, options: LoadOptions(),
      progress: { bytes, snapshot in
        reports.append(bytes)
        if bytes == buffer.count { last = snapshot() }
      }, parallel: true)
    #expect(halves == 2)
    #expect(reports.allSatisfy { $0 <= buffer.count })
    #expect(reports.last == buffer.count)
    #expect(last.map(summary) == summary(list))
  }

  /// A list made after the second half's ranges were adopted reads them
  /// where that half wrote them (`PackedRanges.later`), as many as it asks for.
  @Test func aListAfterTheAdoptionReadsTheSecondHalfsRangesWhereTheyLie() {
    var scan = Scan(buffer: ByteBuffer(string: String(repeating: " ", count: 4096)))
    for i in 0..<100 { scan.items.append(offset: i * 3, length: 2, plain: true) }
    var later = PackedRangesBuilder(expected: 16)
    for i in 0..<50 { later.append(offset: 1000 + i * 5, length: 4, plain: i % 2 == 0) }
    scan.laterItems = later.finish()
    func expected(_ i: Int) -> [Int] { i < 100 ? [i * 3, 2, 1] : [1000 + (i - 100) * 5, 4, i % 2 == 0 ? 1 : 0] }
    func read(_ list: PackedRanges, _ i: Int) -> [Int] {
      let r = list.range(i)
      #expect(r.offset == list.offset(i) && r.length == list.length(i) && r.plain == list.isPlain(i))
      return [r.offset, r.length, r.plain ? 1 : 0]
    }
    for n in [40, 100, 120, 150] {
      let list = scan.sharedItems(n)
      #expect(list.count == n)
      #expect((0..<n).map { read(list, $0) } == (0..<n).map(expected))
    }
    let all = scan.finishedItems()
    #expect((0..<all.count).map { read(all, $0) } == (0..<150).map(expected))
  }
}
