import Foundation
import TestScratch
import Testing

@testable import SectionNavCore

/// `--path`, `--group-by`, `--item-format`, JSON Lines, CSV and TSV.
@Suite struct ItemLoaderTests {
  func options(
    path: String? = nil, groupBy: String? = nil, format: LoadOptions.Format = .json, itemField: String? = nil,
    itemFormat: String? = nil, keepOrder: Bool = false, noHeader: Bool = false, skipBad: Bool = false
  ) throws -> LoadOptions {
    var o = LoadOptions(keepOrder: keepOrder, itemField: itemField)
    o.path = try path.map { try JSONPath($0) }
    o.groupBy = try groupBy.map { try GroupBy(option: $0) }
    o.itemFormat = try itemFormat.map { try ItemTemplate($0) }
    o.format = format
    o.noHeader = noHeader
    o.skipBad = skipBad
    return o
  }

  func items(_ text: String, _ options: LoadOptions) throws -> SectionedList {
    try ItemLoader.load(ByteBuffer(string: text), options: options).list
  }

  func failure(_ text: String, _ options: LoadOptions) -> LoadError? {
    do {
      _ = try ItemLoader.load(ByteBuffer(string: text), options: options)
      return nil
    } catch {
      return error
    }
  }

  // MARK: --path

  static let nested = """
    {"meta": {"n": 2},
     "key with spaces": ["s1", "s2"],
     "639-3": ["x", "y", "z"],
     "a": {"b": [{"c": ["deep1", "deep2"]}, {"c": []}]},
     "list": [{"v": "one"}, {"v": "two"}]}
    """

  @Test func everyPathFormReachesItsList() throws {
    let cases: [(String, [String])] = [
      (".list", ["{\"v\":\"one\"}", "{\"v\":\"two\"}"]),
      (".\"key with spaces\"", ["s1", "s2"]),
      (".[\"639-3\"]", ["x", "y", "z"]),
      (".a.b[0].c", ["deep1", "deep2"]),
      (".a.b[].c[]", ["deep1", "deep2"]),
      (".list[].v", ["one", "two"]),
      (".[\"a\"][\"b\"][0][\"c\"]", ["deep1", "deep2"]),
    ]
    for (path, expected) in cases {
      let list = try items(Self.nested, options(path: path))
      #expect(list.sectionCount == 1, "\(path)")
      #expect(contents(list).first.map { Array($0.dropFirst()) } == expected, "\(path)")
    }
  }

  @Test func theOneSectionIsNamedAfterTheLastKey() throws {
    #expect(contents(try items(Self.nested, options(path: ".[\"639-3\"]")))[0][0] == "639-3")
    #expect(contents(try items("[1,2]", options(path: ".")))[0] == ["items", "1", "2"])
  }

  @Test func pathErrorsNameThePathAndTheValueReached() throws {
    let cases: [(String, Int, Int, String)] = [
      (".meta.x", 1, 10, "'.meta' has no key \"x\""),
      (".meta", 1, 10, "'.meta' is an object, expected an array of items"),
      (".meta.n", 1, 16, "'.meta.n' is a number, expected an array of items"),
      (".a.b[5]", 4, 13, "'.a.b' has no element 5 (it has 2)"),
      (".list[0][0]", 5, 11, "'.list[0]' is an object, expected an array (to take element 0)"),
      (".missing", 1, 1, "the document (.) has no key \"missing\""),
      (".list.v", 5, 10, "'.list' is an array, expected an object (to take \"v\")"),
      (".[0]", 1, 1, "the document (.) is an object, expected an array (to take element 0)"),
    ]
    for (document, path, message) in [
      ("[1]\n[2]\n", ".[0]", "'.[0]' is a number, expected an array of items"),
      ("[[1]]", ".[0][0]", "'.[0][0]' is a number, expected an array of items"),
      ("[5]", ".[].a", "'.[]' is a number, expected an object (to take \"a\")"),
    ] {
      let error = failure(document, try options(path: path))
      #expect(error?.message.hasPrefix(message) == true, "\(path): \(error?.message ?? "loaded")")
    }
    for (path, line, column, message) in cases {
      let error = failure(Self.nested, try options(path: path))
      #expect(error?.kind == .path, "\(path)")
      #expect(error?.line == line && error?.column == column, "\(path): \(String(describing: error))")
      #expect(error?.message.hasPrefix(message) == true, "\(path): \(error?.message ?? "loaded")")
    }
  }

  /// `[]` takes an object's values, so only an object is told to add it: a
  /// string or a number has none (`.a[]` fails there in jq too), whether
  /// the scan follows the path or evaluates it after (`.[-1]`).
  @Test func onlyAnObjectIsToldToAddBrackets() throws {
    let add = " (add '[]' to take each value)"
    for (document, path, message) in [
      (Self.nested, ".meta", "'.meta' is an object, expected an array of items\(add)"),
      (Self.nested, ".meta.n", "'.meta.n' is a number, expected an array of items"),
      (#"{"a": "s"}"#, ".a", "'.a' is a string, expected an array of items"),
      (#"[{"a": 1}]"#, ".[-1]", "'.[-1]' is an object, expected an array of items\(add)"),
      (#"["s"]"#, ".[-1]", "'.[-1]' is a string, expected an array of items"),
    ] {
      #expect(failure(document, try options(path: path))?.message == message, "\(path)")
    }
  }

  @Test func aSyntaxErrorWinsOverAPathError() throws {
    let error = failure("{\"a\": 1, \"b\": tru}", try options(path: ".x"))
    #expect(error?.kind == .invalidJSON)
    #expect(error?.column == 18)
  }

  @Test func badPathsAreUsageErrors() {
    for bad in ["items", ".a..b", ".3166-2", ".[", ".[x]", ".\"open", ".a[1"] {
      #expect(throws: UsageError.self, "\(bad)") { try JSONPath(bad) }
    }
    #expect(throws: UsageError.self) { try GroupBy(option: ".a[]") }
  }

  // MARK: --group-by

  static let people = """
    [{"name": "Ann", "team": {"id": 2, "lead": true}, "city": "Oslo"},
     {"name": "Bob", "team": {"id": 10}, "city": null},
     {"name": "Cid", "team": {"id": 2}},
     {"name": "Dee", "team": {"id": 1.5, "lead": false}, "city": "Bergen"},
     "not an object"]
    """

  @Test func groupByNestedNumericFieldSortsNaturallyWithNoneLast() throws {
    let list = try items(Self.people, options(groupBy: "team.id", itemField: "name"))
    #expect(
      contents(list) == [
        ["1.5", "Dee"], ["2", "Ann", "Cid"], ["10", "Bob"], ["(none)", "not an object"],
      ])
  }

  /// A first value that turns out to be one of several is an item itself:
  /// the sections its elements had opened (`q`, `z`, which sort between and
  /// after the others) keep no item and are not shown, sorted or not.
  @Test func sectionsWhoseItemsWereTakenBackAreNotShown() throws {
    let text = #"[{"g": "q"}, {"g": "z"}, {"g": "a"}]"# + "\n" + #"{"g": "m"}"# + "\n"
    let none = ["(none)", #"[{"g":"q"},{"g":"z"},{"g":"a"}]"#]
    let m = ["m", #"{"g":"m"}"#]
    for keepOrder in [false, true] {
      let list = try items(text, options(groupBy: "g", keepOrder: keepOrder))
      #expect(contents(list) == (keepOrder ? [none, m] : [m, none]), "keepOrder: \(keepOrder)")
    }
  }

  /// Members on no field's way are passed without the field hooks
  /// (`JSONItemScan.memberStarts`): keys named like a field's inside them,
  /// or inside arrays, are not the field; the fields around them still are.
  static let offTheWay = """
    [{"x": {"a": {"b": "no"}}, "a": {"c": {"b": "no"}, "b": "g1", "d": [{"b": "no"}]}, "n": "one"},
     {"a": [{"b": "no"}], "y": [{"a": {"b": "no"}}], "n": "two", "m": {"n": "no"}},
     {"a": {"x": {"b": "no"}, "b": "g2"}, "z": {"n": "no"}, "n": "three"},
     {"n": {"n": "no"}, "a": {"b": {"b": "no"}}}]
    """

  @Test func membersOffTheFieldsWayHideNoField() throws {
    let list = try items(Self.offTheWay, options(groupBy: "a.b", itemField: "n", keepOrder: true))
    #expect(
      contents(list) == [
        ["g1", "one"], ["(none)", "two"], ["g2", "three"], [#"{"b":"no"}"#, #"{"n":"no"}"#],
      ])
    let rows = try items(Self.offTheWay, options(itemFormat: "{a.b}/{n}", keepOrder: true))
    #expect(contents(rows) == [["items", "g1/one", "/two", "g2/three", #"{"b":"no"}/{"n":"no"}"#]])
  }

  @Test func objectRowsAreAsWideAsTheirCompactJSON() throws {
    let list = try items("[{\"a\": 1},\n {\"bb\" : [1, 2],\n\t\"c\": \"x y\"}, \"é\"]", options(groupBy: "a"))
    #expect(list.maxItemWidth == "{\"bb\":[1,2],\"c\":\"x y\"}".count)
    #expect(list.itemText(section: 1, item: 0) == "{\"bb\":[1,2],\"c\":\"x y\"}")
  }

  @Test func groupValuesSpelledDifferentlyShareASection() throws {
    let list = try items(#"[{"k":"a"},{"k":"\u0061"},{"k":"b"},{"k":"a"}]"#, options(groupBy: "k", keepOrder: true))
    #expect(contents(list).map { [$0[0], String($0.count - 1)] } == [["a", "3"], ["b", "1"]])
  }

  @Test func missingAndNullFieldsGoUnderNone() throws {
    let list = try items(Self.people, options(groupBy: "city", itemField: "name", keepOrder: true))
    #expect(contents(list) == [["Oslo", "Ann"], ["(none)", "Bob", "Cid", "not an object"], ["Bergen", "Dee"]])
  }

  @Test func booleansGroupAsJSONText() throws {
    let list = try items(Self.people, options(groupBy: "team.lead", itemField: "name"))
    #expect(contents(list) == [["false", "Dee"], ["true", "Ann"], ["(none)", "Bob", "Cid", "not an object"]])
  }

  @Test func groupByInitialUsesTheRowText() throws {
    let list = try items(Self.people, options(groupBy: "initial", itemFormat: "{city}"))
    // The string item has no fields: it shows (and files) as itself.
    #expect(contents(list).map { $0[0] } == ["B", "N", "O", "#"])
    guard case .field(let field) = try GroupBy(option: ".initial") else {
      Issue.record(".initial is not a field")
      return
    }
    #expect(field.steps == [.key("initial")])
  }

  /// Long rows (2 KiB and more) and short ones, one after another, each
  /// file under their own initial: the one-item list used to render them is
  /// rewritten for each.
  @Test func groupByInitialFilesLongAndShortRowsByTheirOwnText() throws {
    let long = "Zebra " + String(repeating: "z", count: 3_000)
    let json = "[\"apple\", \"\(long)\", \"Éclair\", \"\(long)y\", \"banana\"]"
    let list = try items(json, options(groupBy: "initial"))
    #expect(contents(list).map { $0[0] } == ["A", "B", "E", "Z"])
    #expect(contents(list).last?.dropFirst().map(\.count) == [long.count, long.count + 1])
    let csv = "name\n\(long)\nant\n\"\(long)\"\nkiwi\n"
    let records = try items(csv, options(groupBy: "initial", format: .csv))
    // A record shows (and files) as written: the quoted one under #.
    #expect(contents(records).map { $0[0] } == ["A", "K", "Z", "#"])
  }

  @Test func groupByWithoutPathNeedsAnArray() throws {
    let error = failure("{\"a\": [1]}", try options(groupBy: "x"))
    #expect(error?.kind == .path)
    #expect(error?.message.contains("choose the list with --path") == true)
  }

  // MARK: --item-format

  @Test func itemFormatFillsDottedFieldsAndKeepsTheObjectForJSON() throws {
    let list = try items(Self.people, options(itemFormat: "{name} ({team.id}{{x}}) {city}"))
    #expect(list.itemText(section: 0, item: 0) == "Ann (2{x}) Oslo")
    #expect(list.itemText(section: 0, item: 1) == "Bob (10{x}) ")
    #expect(
      list.itemJSON(section: 0, item: 0) == "{\"name\":\"Ann\",\"team\":{\"id\":2,\"lead\":true},\"city\":\"Oslo\"}")
    #expect(list.maxItemWidth == "Dee (1.5{x}) Bergen".count)
  }

  /// A quoted key may hold `}`: the field ends at the first brace outside
  /// quotes (it ended at the key's, so `x}` could not be named at all).
  @Test func aQuotedKeyMayHoldABrace() throws {
    let text = #"{"x}": "V", "n": 1, "a\"}": "Q"}"# + "\n"
    let list = try items(text, options(format: .jsonLines, itemFormat: #"{."x}"} {n} {."a\"}"}"#))
    #expect(list.itemText(section: 0, item: 0) == "V 1 Q")
    let csv = try items("x},n\nV,1\n", options(format: .csv, itemFormat: #"<{."x}"}>"#))
    #expect(csv.itemText(section: 0, item: 0) == "<V>")
  }

  @Test func itemFormatErrors() {
    for bad in ["no fields", "{open", "close}", "{}"] {
      #expect(throws: UsageError.self, "\(bad)") { try ItemTemplate(bad) }
    }
  }

  // MARK: JSON Lines

  @Test func jsonLinesAreOneItemPerLine() throws {
    let text = "{\"k\":\"b\",\"n\":1}\n\n  [1, 2]  \r\n\"str\"\n{\"k\":\"a\"}"
    let list = try items(text, options(groupBy: "k", format: .jsonLines, itemField: "n"))
    #expect(contents(list) == [["a", "{\"k\":\"a\"}"], ["b", "1"], ["(none)", "[1,2]", "str"]])
  }

  @Test func aBadLineIsAnErrorWithItsLineNumber() throws {
    let error = failure("{\"a\":1}\n{\"a\":\n{\"a\":3}\n", try options(format: .jsonLines))
    #expect(error?.line == 2)
    #expect(error?.kind == .invalidJSON)
    let two = failure("{\"a\":1} {\"a\":2}\n", try options(format: .jsonLines))
    #expect(two?.line == 1 && two?.message.contains("one value per line") == true)
  }

  @Test func skipBadCountsBadLines() throws {
    let result = try ItemLoader.load(
      ByteBuffer(string: "1\nx\n2\n{\n3\n"), options: options(format: .jsonLines, skipBad: true))
    #expect(contents(result.list) == [["items", "1", "2", "3"]])
    #expect(result.warning?.hasPrefix("skipped 2 bad lines (first: line 2:") == true)
  }

  @Test func severalTopLevelValuesAreJSONLines() throws {
    // Pretty-printed values (as `jq .` writes them) count too.
    let list = try items("[1,\n 2]\n{\"a\":\n 1}\n\"s\"", options(groupBy: "a"))
    #expect(contents(list) == [["1", "{\"a\":1}"], ["(none)", "[1,2]", "s"]])
    #expect(ItemLoader.isJSONLinesName("x.NDJSON") && ItemLoader.isJSONLinesName("a.jsonl"))
    // Values on one line are not JSON Lines: `[][]` is invalid JSON (RFC 8259).
    let error = failure("[][]", try options(groupBy: "a"))
    #expect(error?.kind == .invalidJSON && error?.column == 3)
  }

  // MARK: CSV and TSV

  static let csv =
    "name,city,note\r\nAnn,Oslo,\"said \"\"hi\"\"\"\r\n\"Bob, Jr\",Bergen,\"two\nlines\"\r\nCid,Oslo,\r\n"

  @Test func csvQuotingFollowsRFC4180() throws {
    let list = try items(Self.csv, options(groupBy: "city", format: .csv, itemFormat: "{name}: {note}"))
    #expect(contents(list) == [["Bergen", "Bob, Jr: two\nlines"], ["Oslo", "Ann: said \"hi\"", "Cid: "]])
    #expect(list.itemJSON(section: 0, item: 0) == "{\"name\":\"Bob, Jr\",\"city\":\"Bergen\",\"note\":\"two\\nlines\"}")
  }

  @Test func csvRowsShowAsWrittenByDefault() throws {
    let list = try items(Self.csv, options(format: .csv))
    #expect(list.itemText(section: 0, item: 1) == "\"Bob, Jr\",Bergen,\"two\nlines\"")
  }

  @Test func csvErrorsAreLocated() throws {
    let open = failure("a,b\n1,\"x\n", try options(format: .csv))
    #expect(open?.kind == .invalidCSV && open?.line == 2 && open?.column == 3)
    let after = failure("a,b\n\"x\"y,2\n", try options(format: .csv))
    #expect(after?.line == 2 && after?.column == 4)
    let column = failure("a,b\n1,2\n", try options(groupBy: "c", format: .csv))
    #expect(column?.message.contains("no column \"c\"") == true)
    // The options are at fault, not the data: `unknown field`, as for JSON, not `invalid CSV`.
    #expect(column?.kind == .field)
  }

  @Test func tsvSplitsAtTabsWithoutQuoting() throws {
    let list = try items("id\tword\n1\t\"quoted\"\n2\ta,b\n", options(groupBy: "id", format: .tsv, itemField: "word"))
    #expect(contents(list) == [["1", "\"quoted\""], ["2", "a,b"]])
  }

  @Test func noHeaderNumbersTheColumnsFromOne() throws {
    let list = try items("x,1\ny,2\nx,3\n", options(groupBy: "1", format: .csv, itemFormat: "{2}", noHeader: true))
    #expect(contents(list) == [["x", "1", "3"], ["y", "2"]])
  }

  /// The first record's fields number the columns: a quoted separator and
  /// doubled quotes are inside one field.
  @Test func noHeaderCountsTheFirstRecordsFieldsAsCSVReadsThem() throws {
    let text = "\"a,\"\"b\",c,\"d,e\"\n1,2,3\n"
    let three = try items(text, options(groupBy: "3", format: .csv, itemFormat: "{1}", noHeader: true))
    #expect(contents(three) == [["3", "1"], ["d,e", "a,\"b"]])
    #expect(failure(text, try options(groupBy: "4", format: .csv, noHeader: true)) != nil)
  }

  /// A column that only a later record has is named as `cut -f3` would
  /// take it (it was "no column" by the first record's width); one that
  /// no record reaches is the error a missing field is.
  @Test func noHeaderTakesAColumnOnlyALaterRecordHas() throws {
    let text = "a\tb\nc\td\te\n"
    let list = try items(text, options(groupBy: "3", format: .tsv, itemFormat: "{1} {3}", noHeader: true))
    #expect(Set(contents(list)) == [["e", "c e"], ["(none)", "a "]])
    let missing = try #require(failure(text, try options(format: .tsv, itemFormat: "{4}", noHeader: true)))
    #expect(missing.message.contains("no record has a column 4 (the widest has 3 fields)"), "\(missing.message)")
  }

  // MARK: Streaming

  /// Fed in two pieces split at every byte, the scan finds exactly what it
  /// finds in one go: stepping back to a value boundary loses and repeats nothing.
  @Test(arguments: [
    ["json", nested, ".a.b[].c[]", ""],
    ["json", people, "", "team.id"],
    ["json", offTheWay, "", "a.b"],
    ["json", "[1,\n 2]\n{\"a\":\n 1}\n\"s\"\n12\ntrue", "", "a"],
    ["jsonl", "{\"k\":\"b\"}\n[1]\n\"x\"\n", "", "k"],
    ["csv", csv, "", "city"],
    // Settled by jq's rules at the end (a missing key, a repeated one): the
    // early rows may be corrected then.
    ["json", "[{\"v\":1},{},{\"v\":2,\"v\":3},\n{\"w\":{\"v\":4}}]", ".[].v", "", "corrected"],
    ["json", "{\"a\":[1,2,3],\n\"b\":[4]}", ".a[-2:][]", "", "corrected"],
    ["csv", "\u{FEFF}k,v\rx,1\r\ny,2\n\"a\rb\",3\r", "", "k"],
  ])
  func splitInputGivesTheSameList(_ args: [String]) throws {
    let (format, text) = (args[0], args[1])
    let path = args[2].isEmpty ? nil : args[2]
    let groupBy = args[3].isEmpty ? nil : args[3]
    let f: LoadOptions.Format = format == "csv" ? .csv : format == "jsonl" ? .jsonLines : .json
    let o = try options(path: path, groupBy: groupBy, format: f)
    let wholeList = try items(text, o)
    let whole = contents(wholeList)
    let buffer = ByteBuffer(string: text)
    for cut in 0...buffer.count {
      var stream = ItemStream(buffer: buffer, options: o)
      defer { stream.release() }
      try stream.advance(available: cut, eof: false)
      let early = contents(stream.list())
      try stream.advance(available: buffer.count, eof: true)
      #expect(contents(stream.list()) == whole, "cut at \(cut)")
      #expect(stream.list().maxItemWidth == wholeList.maxItemWidth, "cut at \(cut)")
      // What was shown early is a prefix of each section's final items
      // (unless a second top-level value turned the input into JSON Lines).
      for section in early where !text.hasPrefix("[1,") && args.count < 5 {
        let final = whole.first { $0[0] == section[0] }
        #expect(final.map { Array($0.prefix(section.count)) } == section, "cut at \(cut)")
      }
    }
  }

  /// A large file loaded in the background shows its first rows early.
  @Test func largeLoadsReportProgressWithGrowingSnapshots() throws {
    var text = "["
    for i in 0..<200_000 { text += (i > 0 ? ",\n" : "") + "{\"k\": \"g\(i % 7)\", \"n\": \(i)}" }
    text += "]"
    var counts: [Int] = []
    let result = try ItemLoader.load(ByteBuffer(string: text), options: options(groupBy: "k")) { _, snapshot in
      counts.append(snapshot().itemCount)
    }
    #expect(counts.count >= 1)
    #expect(counts == counts.sorted() && counts.allSatisfy { $0 > 0 && $0 < 200_000 })
    #expect(result.list.itemCount == 200_000 && result.list.sectionCount == 7)
  }

  @Test func anInvalidStreamFailsAtItsFirstBadByte() throws {
    var zeros = [UInt8](repeating: 0, count: 1 << 16)
    zeros[0] = 0x5B  // "[" then NUL
    var stream = ItemStream(buffer: ByteBuffer(zeros), options: LoadOptions(), validateOnly: true)
    defer { stream.release() }
    #expect(throws: LoadError(.invalidJSON, line: 1, column: 2, "unexpected U+0000, expected a value")) {
      try stream.advance(available: 4096, eof: false)
    }
  }
}

/// Endless and huge streams end with an error, not with the kernel killing the process.
@Suite struct StreamBufferTests {
  @Test func anEndlessStreamStopsAtTheCap() throws {
    let fd = open("/dev/zero", O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    let storage = try StreamBuffer(capacity: 1 << 20)
    let error = #expect(throws: DataSourceError.self) {
      while try storage.read(from: fd, name: "/dev/zero") > 0 {}
    }
    #expect(storage.count == 1 << 20)
    #expect(error?.description.hasPrefix("/dev/zero: input larger than 1 MiB") == true)
  }

  @Test func readBytesStayWhereTheyWere() throws {
    let path = Scratch.file(Array(repeating: 0x61, count: 300_000), suffix: ".txt")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fd = open(path, O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    let storage = try StreamBuffer(capacity: 1 << 20)
    let first = storage.buffer()
    while try storage.read(from: fd, name: path, limit: 4096) > 0 {}
    #expect(storage.count == 300_000)
    #expect(storage.buffer().base == first.base)
    #expect(storage.buffer().bytes.allSatisfy { $0 == 0x61 })
  }

  @Test func devZeroIsInvalidJSONAtItsFirstByte() throws {
    let fd = open("/dev/zero", O_RDONLY)
    try #require(fd >= 0)
    defer { close(fd) }
    let error = #expect(throws: StreamLoad.Failure.self) {
      _ = try StreamLoad.run(fd: fd, name: "/dev/zero", options: LoadOptions(), validate: true, defaultTitle: "")
    }
    guard case .data(let e, _) = error else {
      Issue.record("expected a data error, got \(String(describing: error))")
      return
    }
    #expect(e == LoadError(.invalidJSON, line: 1, column: 1, "unexpected U+0000, expected a value"))
  }
}
