import Foundation
import Testing

@testable import SectionNavCore

@Suite struct JSONIndexerTests {
  @Test func objectOfSectionsIsSortedNaturallyByDefault() throws {
    let list = try load(#"{"b": ["2"], "a10": ["x"], "A2": [], "a": ["1", "one"]}"#)
    #expect(contents(list) == [["a", "1", "one"], ["A2"], ["a10", "x"], ["b", "2"]])
    #expect(list.sectionCount == 4)
    #expect(list.itemCount == 4)
  }

  /// Sections enough to be listed on two cores: every title in natural
  /// order over its own items, in both halves of the list.
  @Test(arguments: [false, true])
  func manySectionsAreListedInOrderOverTheirItems(keepOrder: Bool) throws {
    var rng = SeededGenerator(seed: 21)
    let numbers = Array(0..<(NaturalOrder.parallelCount + 777)).shuffled(using: &rng)
    let json = "{" + numbers.map { #""t\#($0)": ["i\#($0)"]"# }.joined(separator: ",") + "}"
    let list = try load(json, LoadOptions(keepOrder: keepOrder))
    #expect(list.sections.map(\.title) == (keepOrder ? numbers : numbers.sorted()).map { "t\($0)" })
    #expect(contents(list).allSatisfy { $0.count == 2 && $0[1] == "i" + $0[0].dropFirst() })
  }

  /// Sections enough to be listed straight from their sort, on two cores
  /// (`Scan.sortedListed`): a title that repeats — its two sections side
  /// by side in the sorted first half, across the halves' boundary, or in
  /// the second half — merges its items into one section as among a few
  /// sections; titles alike in their first 16 bytes, or equal only when
  /// folded ("Eve 7", "eve 7"), stay apart.
  @Test(arguments: [nil, "first half", "boundary", "second half"])
  func aRepeatedTitleAmongManySectionsMerges(at place: String?) throws {
    var rng = SeededGenerator(seed: 5)
    let count = NaturalOrder.parallelCount + 1001
    let titles = (0..<count).map { k in
      switch k % 3 {
      case 0: "Eve \(k / 3)"
      case 1: "eve \(k / 3)"
      default: "a title longer than sixteen bytes \(k)"
      }
    }
    let sorted = NaturalOrder.sortedIndices(titles).map { titles[$0] }
    // With the repeat, `count + 1` sections: the halves meet at `(count + 1) / 2`.
    let position: Int? =
      switch place {
      case "first half": count / 5
      case "boundary": (count + 1) / 2 - 1
      case "second half": count - count / 5
      default: nil
      }
    let item = Dictionary(uniqueKeysWithValues: titles.enumerated().map { ($1, "i\($0)") })
    var sections = titles.shuffled(using: &rng).map { #""\#($0)": ["\#(item[$0]!)"]"# }
    if let position { sections.append(#""\#(sorted[position])": ["again"]"#) }
    let list = try load("{" + sections.joined(separator: ",") + "}")
    let expected = sorted.enumerated().map { k, title in [title, item[title]!] + (k == position ? ["again"] : []) }
    let shown = contents(list)
    #expect(shown.count == expected.count)
    #expect(zip(shown, expected).first { $0 != $1 }.map { "\($0) instead of \($1)" } == nil)
  }

  /// Sections enough that their titles are hashed on two cores, in file
  /// order (`SectionOrder`): the one title that repeats — both sections in
  /// the first half of the titles, one in each, or both in the second —
  /// merges its items into where it first came.
  @Test(arguments: [nil, "first half", "across the halves", "second half"])
  func aRepeatedTitleAmongManySectionsInFileOrderMerges(at place: String?) throws {
    let count = NaturalOrder.parallelCount + 1001
    let titles = (0..<count).map { "title \($0 * 7919 % count)" }
    // Section `of`'s title again, as section `at`.
    let again: (of: Int, at: Int)? =
      switch place {
      case "first half": (count / 5, count / 3)
      case "across the halves": (count / 5, count - 3)
      case "second half": (count - count / 5, count - 3)
      default: nil
      }
    var sections = titles.enumerated().map { #""\#($1)": ["i\#($0)"]"# }
    if let again { sections.insert(#""\#(titles[again.of])": ["again"]"#, at: again.at) }
    let list = try load("{" + sections.joined(separator: ",") + "}", LoadOptions(keepOrder: true))
    let expected = titles.enumerated().map { k, title in [title, "i\(k)"] + (k == again?.of ? ["again"] : []) }
    let shown = contents(list)
    #expect(shown.count == expected.count)
    #expect(zip(shown, expected).first { $0 != $1 }.map { "\($0) instead of \($1)" } == nil)
  }

  @Test func keepOrderKeepsTheInputOrder() throws {
    let list = try load(#"{"b": ["2"], "a10": ["x"], "a": ["1"]}"#, LoadOptions(keepOrder: true))
    #expect(list.sections.map(\.title) == ["b", "a10", "a"])
  }

  @Test func arrayOfSectionsKeepsItsOrderAndIgnoresOtherKeys() throws {
    let json = #"""
      [
        {"title": "Zebra", "items": ["z1", "z2"], "color": "black"},
        {"items": [1, 2], "note": {"title": "not me", "items": []}, "title": "Apple"},
        {"title": "Empty", "items": []}
      ]
      """#
    let list = try load(json)
    #expect(contents(list) == [["Zebra", "z1", "z2"], ["Apple", "1", "2"], ["Empty"]])
  }

  @Test func everyItemTypeShowsAsItsJSONText() throws {
    let json = #"""
      {"mixed": ["text", -12.5e3, 0, true, false, null, {"a": [1, 2], "b" : "x y"}, [ 1 , [ ] , { } ], "", "tab\tescape"]}
      """#
    let list = try load(json)
    #expect(
      contents(list)[0].dropFirst() == [
        "text", "-12.5e3", "0", "true", "false", "null", #"{"a":[1,2],"b":"x y"}"#, "[1,[],{}]", "", "tab\tescape",
      ])
  }

  @Test func itemFieldShowsObjectsByThatField() throws {
    let json = #"""
      {"people": [
        {"name": "Ada \u00c9", "age": 36},
        {"age": 41},
        {"name": {"first": "Alan"}},
        {"name": 7, "name": "last wins"},
        "plain string",
        [1, 2]
      ]}
      """#
    let list = try load(json, LoadOptions(itemField: "name"))
    #expect(
      contents(list)[0].dropFirst() == [
        "Ada É", #"{"age":41}"#, #"{"first":"Alan"}"#, "last wins", "plain string", "[1,2]",
      ])
  }

  @Test func itemFieldMatchesEscapedKeys() throws {
    let list = try load(#"{"s": [{"n\u0061me": "escaped key"}]}"#, LoadOptions(itemField: "name"))
    #expect(list.itemText(section: 0, item: 0) == "escaped key")
  }

  @Test func duplicateTitlesMergeInOrderIntoTheFirst() throws {
    let json = #"{"A": ["1", "2"], "B": ["b"], "A": ["3"], "C": [], "B": ["b2"]}"#
    let kept = try load(json, LoadOptions(keepOrder: true))
    #expect(contents(kept) == [["A", "1", "2", "3"], ["B", "b", "b2"], ["C"]])
    let arrays = try load(
      #"[{"title": "X", "items": [1]}, {"title": "Y", "items": [2]}, {"title": "X", "items": [3]}]"#)
    #expect(contents(arrays) == [["X", "1", "3"], ["Y", "2"]])
  }

  @Test func emptyDocumentsHaveNoSections() throws {
    #expect(try load("{}").sectionCount == 0)
    #expect(try load(" [ ] \n").sectionCount == 0)
    let empty = try load(#"{"only header": []}"#)
    #expect(empty.sectionCount == 1)
    #expect(empty.itemCount(0) == 0)
    #expect(empty.maxItemWidth == 0)
  }

  @Test func titlesAreDecoded() throws {
    let list = try load(#"{"Caf\u00e9 \"X\"": [1], "\ud83d\ude00": [2]}"#, LoadOptions(keepOrder: true))
    #expect(list.sections.map(\.title) == ["Café \"X\"", "😀"])
  }

  @Test func repeatedItemsKeyKeepsTheLastArray() throws {
    let list = try load(#"[{"items": [1, 2], "title": "T", "items": [3]}]"#)
    #expect(contents(list) == [["T", "3"]])
  }

  // MARK: Errors

  @Test func syntaxErrorsPointAtTheOffendingCharacter() {
    let trailing = loadError(#"{"a": [1, 2,]}"#)
    #expect(trailing?.kind == .invalidJSON)
    #expect(trailing?.line == 1)
    #expect(trailing?.column == 13)

    let multiline = loadError("{\n  \"a\": [\n    1 2\n  ]\n}")
    #expect(multiline?.kind == .invalidJSON)
    #expect(multiline?.line == 3)
    #expect(multiline?.column == 7)
  }

  @Test func tabsAndMultibyteCharactersCountAsOneColumn() {
    // Line 2 is TAB "a" : [ t r u ] — the error is at ']' (column 11).
    let tabbed = loadError("{\n\t\"a\": [tru]}")
    #expect(tabbed?.kind == .invalidJSON)
    #expect(tabbed?.line == 2)
    #expect(tabbed?.column == 11)
    // "é" and "😀" are one character each although 2 and 4 bytes.
    let accented = loadError(#"{"é😀": [1,, 2]}"#)
    #expect(accented?.line == 1)
    #expect(accented?.column == 11)
    // CRLF line ends count once.
    let crlf = loadError("{\r\n\"a\": [\r\n  x]}")
    #expect(crlf?.line == 3)
    #expect(crlf?.column == 3)
  }

  @Test func truncatedInputPointsAtTheEnd() {
    let cut = loadError(#"{"a": [1, 2"#)
    #expect(cut?.kind == .invalidJSON)
    #expect(cut?.line == 1)
    #expect(cut?.column == 12)
    let openString = loadError("{\"a\": [\"abc")
    #expect(openString?.kind == .invalidJSON)
    #expect(openString?.column == 12)
    #expect(openString?.message.contains("unterminated") == true)
  }

  @Test func emptyAndWhitespaceOnlyInputIsInvalid() {
    let empty = loadError("")
    #expect(empty?.kind == .invalidJSON)
    #expect(empty?.line == 1)
    #expect(empty?.column == 1)
    let blank = loadError("  \n\t ")
    #expect(blank?.kind == .invalidJSON)
    #expect(blank?.line == 2)
    #expect(blank?.column == 3)
  }

  @Test func wrongShapeIsNotSectionedAtTheFirstOffendingValue() {
    let scalar = loadError(#"{"a": [], "b": 1, "c": "x"}"#)
    #expect(scalar?.kind == .notSectioned)
    #expect(scalar?.line == 1)
    #expect(scalar?.column == 16)
    #expect(scalar?.message.contains(#""b""#) == true)

    let top = loadError(#"  "just a string""#)
    #expect(top?.kind == .notSectioned)
    #expect(top?.column == 3)

    let nonObject = loadError("[\n  {\"title\": \"T\", \"items\": []},\n  [1]\n]")
    #expect(nonObject?.kind == .notSectioned)
    #expect(nonObject?.line == 3)
    #expect(nonObject?.column == 3)
  }

  @Test func arraySectionsNeedATitleStringAndAnItemsArray() {
    let noTitle = loadError(#"[{"items": []}]"#)
    #expect(noTitle?.kind == .notSectioned)
    #expect(noTitle?.column == 2)
    let numericTitle = loadError(#"[{"title": 5, "items": []}]"#)
    #expect(numericTitle?.kind == .notSectioned)
    #expect(numericTitle?.column == 12)
    let noItems = loadError(#"[{"title": "T"}]"#)
    #expect(noItems?.kind == .notSectioned)
    #expect(noItems?.column == 2)
    let objectItems = loadError(#"[{"title": "T", "items": {}}]"#)
    #expect(objectItems?.kind == .notSectioned)
    #expect(objectItems?.column == 26)
  }

  @Test func aSyntaxErrorAfterAShapeErrorWins() {
    let both = loadError("{\"a\": 1,\n \"b\": [1 2]}")
    #expect(both?.kind == .invalidJSON)
    #expect(both?.line == 2)
    #expect(both?.column == 10)
  }

  @Test func nestingIsLimitedToTenThousandLevels() throws {
    // The top object and the section array are two levels.
    let deepest = "{\"a\": [" + String(repeating: "[", count: 9_998) + String(repeating: "]", count: 9_998) + "]}"
    let list = try load(deepest)
    #expect(list.itemCount == 1)
    let tooDeep = "{\"a\": [" + String(repeating: "[", count: 9_999) + String(repeating: "]", count: 9_999) + "]}"
    let error = loadError(tooDeep)
    #expect(error?.kind == .invalidJSON)
    #expect(error?.message == "nesting deeper than 10000 levels")
    #expect(error?.column == 7 + 9_999)
  }

  @Test func rawControlCharactersInStringsAreInvalid() {
    let error = loadError("{\"a\": [\"x\ty\"]}")
    #expect(error?.kind == .invalidJSON)
    #expect(error?.column == 10)
  }

  @Test func byteOrderMarkIsRejected() {
    let error = loadError([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
    #expect(error?.kind == .invalidJSON)
    #expect(error?.line == 1)
  }

  /// Section titles without escapes are decoded by a copy into the string
  /// (short ones into its two words): ASCII, non-ASCII and invalid UTF-8,
  /// shorter and longer than a small string holds, read as
  /// `String(decoding:as:)` reads them (U+FFFD for the invalid bytes).
  @Test func titlesReadAsUTF8WithInvalidBytesReplaced() throws {
    var random = OracleRandom(seed: 3)
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array("Zz 9".utf8), Array("é".utf8), Array("中文".utf8), [0xFF], [0xC3], [0x80],
    ]
    var titles: [[UInt8]] = []
    for _ in 0..<300 {
      var title: [UInt8] = []
      for _ in 0..<random.below(12) { title += random.pick(pieces) }
      titles.append(title)
    }
    var json = Array("{".utf8)
    for (i, title) in titles.enumerated() {
      json += (i == 0 ? [] : Array(",".utf8)) + Array("\"".utf8) + title + Array("\": [\"x\"]".utf8)
    }
    let list = try JSONIndexer.load(json + Array("}".utf8), options: LoadOptions(keepOrder: true))
    // Equal titles are one section, in the order they first come.
    var expected: [String] = []
    for title in titles.map({ String(decoding: $0, as: UTF8.self) }) where !expected.contains(title) {
      expected.append(title)
    }
    #expect(list.sections.map(\.title) == expected)
  }

  @Test func invalidUTF8InsideStringsShowsAsReplacementCharacter() throws {
    let bytes: [UInt8] = Array(#"{"a": [""#.utf8) + [0x41, 0xFF, 0xC3] + Array(#""]}"#.utf8)
    let list = try JSONIndexer.load(bytes)
    #expect(list.itemText(section: 0, item: 0) == "A\u{FFFD}\u{FFFD}")
    #expect(list.maxItemWidth == 3)
    // Outside strings the same byte is a syntax error.
    let outside = loadError(Array(#"{"a": ["#.utf8) + [0xFF] + Array("]}".utf8))
    #expect(outside?.kind == .invalidJSON)
    #expect(outside?.column == 8)
  }

  // MARK: Widths and JSON text

  @Test func maxItemWidthIsTheWidestDisplayedItem() throws {
    #expect(try load(#"{"a": ["abc", "abcdef", 12345]}"#).maxItemWidth == 6)
    // 王小明 is three wide characters (6 cells) in 9 bytes.
    #expect(try load(#"{"a": ["abcde", "王小明"]}"#).maxItemWidth == 6)
    // An escape is one character: "\u00e9\u00e9" is 2 cells, not 12.
    #expect(try load(#"{"a": ["\u00e9\u00e9", "x"]}"#).maxItemWidth == 2)
    // Objects are measured as compact JSON.
    #expect(try load(#"{"a": [{ "k" : 1 }]}"#).maxItemWidth == 7)
    #expect(try load(#"{"a": [ [ "王" , 1 ] , "abcdefg"]}"#).maxItemWidth == 8)
    #expect(try load(#"{"a": [ [ "\n" , 1 ] ]}"#).maxItemWidth == 8)
    // With --item-field, by the field shown.
    #expect(
      try load(#"{"a": [{"name": "Zoë", "other": "a much longer value"}]}"#, LoadOptions(itemField: "name"))
        .maxItemWidth == 3)
  }

  @Test func itemJSONIsTheValueAsWritten() throws {
    let list = try load(#"{"a": ["tab\t\u00e9", 1.50, {"k": [1, 2]}]}"#)
    #expect(list.itemJSON(section: 0, item: 0) == #""tab\t\u00e9""#)
    #expect(list.itemJSON(section: 0, item: 1) == "1.50")
    #expect(list.itemJSON(section: 0, item: 2) == #"{"k":[1,2]}"#)
  }

  @Test func itemsLongerThanEightMebibytesKeepTheirLength() throws {
    let long = String(repeating: "x", count: 9 << 20)
    let list = try load("{\"big\": [\"\(long)\", \"small\"], \"a\": [\"\(long)y\"]}")
    #expect(list.itemText(section: 1, item: 0).utf8.count == 9 << 20)
    #expect(list.itemText(section: 1, item: 1) == "small")
    #expect(list.itemText(section: 0, item: 0).utf8.count == (9 << 20) + 1)
    #expect(list.maxItemWidth == (9 << 20) + 1)
  }

  @Test func progressReportsTheBytesScannedWithSnapshotsOfTheListSoFar() throws {
    // Sections "s0"…"s9" (sorted: s0, s1, …) of 200 000 items each.
    let json =
      "{"
      + (0..<10).map { s in
        "\"s\(s)\": [" + (0..<200_000).map { "\"i\(s)-\($0)\"" }.joined(separator: ",") + "]"
      }.joined(separator: ",\n") + "}"
    var reports: [Int] = []
    var first: SectionedList?
    var middle: SectionedList?
    let list = try JSONIndexer.load(ByteBuffer(string: json)) { bytes, snapshot in
      reports.append(bytes)
      if reports.count == 1 { first = snapshot() }
      if reports.count == 2 { middle = snapshot() }
    }
    #expect(list.itemCount == 2_000_000)
    // Every 4 MiB of the first half (a second core scans the rest), then the end.
    #expect(reports.count >= 3)
    #expect(reports.last == json.utf8.count)
    #expect(reports == reports.sorted())
    // Early snapshots show a prefix of the data, the open section included.
    for partial in [try #require(first), try #require(middle)] {
      #expect(partial.sectionCount >= 1 && partial.sectionCount < 10)
      #expect(partial.itemCount > 0 && partial.itemCount < list.itemCount)
      for s in 0..<partial.sectionCount {
        #expect(partial.title(s) == list.title(s))
        let n = partial.itemCount(s)
        #expect(n <= list.itemCount(s))
        #expect(partial.itemText(section: s, item: n - 1) == list.itemText(section: s, item: n - 1))
      }
    }
    #expect(try #require(middle).itemCount > (try #require(first)).itemCount)
  }

}
