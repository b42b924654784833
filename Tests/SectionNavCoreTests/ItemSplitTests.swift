import Foundation
import TestScratch
import Testing

@testable import SectionNavCore

/// JSON Lines, CSV, TSV and arrays of objects are scanned by two threads (`ItemSplit`): the
/// list, its widest row, the `--skip-bad` note and every error must be
/// exactly what one thread finds, wherever the second half starts.
@Suite struct ItemSplitTests {
  struct Load: Equatable {
    var sections: [[String]]
    var width: Int
    var warning: String?
  }

  func options(
    _ format: LoadOptions.Format, groupBy: String? = nil, itemField: String? = nil, itemFormat: String? = nil,
    keepOrder: Bool = false, noHeader: Bool = false, skipBad: Bool = false, path: String? = nil
  ) -> LoadOptions {
    var o = LoadOptions(keepOrder: keepOrder, itemField: itemField)
    o.format = format
    o.groupBy = try! groupBy.map { try GroupBy(option: $0) }
    o.itemFormat = try! itemFormat.map { try ItemTemplate($0) }
    o.noHeader = noHeader
    o.skipBad = skipBad
    o.path = try! path.map { try JSONPath($0) }
    return o
  }

  func load(
    _ buffer: ByteBuffer, _ options: LoadOptions, parallel: Bool, minimum: Int, help: SplitHelp = .whenBehind
  ) -> (Result<Load, LoadError>, Int) {
    do throws(LoadError) {
      let (result, halves) = try ItemLoader.loadHalves(
        buffer, options: options, parallel: parallel, minimumSplitSize: minimum, help: help)
      let list = result.list
      let sections = (0..<list.sectionCount).map { s in
        [list.title(s)] + (0..<list.itemCount(s)).map { list.itemText(section: s, item: $0) }
      }
      return (.success(Load(sections: sections, width: list.maxItemWidth, warning: result.warning)), halves)
    } catch {
      return (.failure(error), 0)
    }
  }

  /// Both ways, the same list or the same error; returns how many halves the parallel load used.
  @discardableResult
  func expectSameBothWays(
    _ text: String, _ options: LoadOptions, minimum: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Int {
    expectSameEveryWay(text, options, minimum: minimum, sourceLocation: sourceLocation).halves
  }

  /// One thread, two, two where the first half's thread takes the back of
  /// the second's part (`SplitHelp.always`), and two where the second
  /// half's thread takes the front of the first's (`SplitHelp.front`): the
  /// same list or the same error. Returns how many scans the three parallel loads used.
  func expectSameEveryWay(
    _ text: String, _ options: LoadOptions, minimum: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (halves: Int, parts: Int, fronts: Int) {
    let buffer = ByteBuffer(string: text)
    let (one, oneHalves) = load(buffer, options, parallel: false, minimum: minimum)
    let (two, halves) = load(buffer, options, parallel: true, minimum: minimum)
    let (helped, parts) = load(buffer, options, parallel: true, minimum: minimum, help: .always)
    let (fronted, fronts) = load(buffer, options, parallel: true, minimum: minimum, help: .front)
    #expect(oneHalves <= 1, sourceLocation: sourceLocation)
    #expect(one == two, "\(options.format) \(text.utf8.count) bytes", sourceLocation: sourceLocation)
    #expect(one == helped, "\(options.format) \(text.utf8.count) bytes, a part taken", sourceLocation: sourceLocation)
    #expect(
      one == fronted, "\(options.format) \(text.utf8.count) bytes, a front part taken", sourceLocation: sourceLocation)
    return (halves, parts, fronts)
  }

  static let words = ["amber", "café", "中文", "e\u{301}", "zürich", "ok", "a\tb", "x\u{1F600}", "", "Ångström"]

  /// Random JSON Lines: objects with a nested user, strings, numbers, blank
  /// and CRLF lines, and now and then a damaged line.
  static func jsonLines(_ rng: inout SeededGenerator, lines: Int, damage: Bool) -> String {
    func word() -> String { words[Int(rng.next() % UInt64(words.count))] }
    var out = ""
    for n in 0..<lines {
      switch rng.next() % 8 {
      case 0: out += "\n"
      case 1: out += JSONText.quoted(word() + " \(n)") + "\r\n"
      case 2: out += "\(n)\n"
      case 3: out += "{\"level\": \(n % 3), \"name\": \(JSONText.quoted(word()))}\n"
      default:
        out +=
          "{\"level\":\"\(["info", "warn", "error"][n % 3])\",\"name\":\(JSONText.quoted(word() + " " + word())),"
          + "\"user\":{\"name\":\(JSONText.quoted(word()))},\"tags\":[\(n),null]}\n"
      }
      if damage && rng.next() % 97 == 0 { out += "{\"level\": \"bad\" oops}\n" }
    }
    return out
  }

  /// Random CSV (or TSV): quoted fields with commas, `""`, line breaks; blank
  /// lines, CRLF; now and then a damaged record.
  static func records(_ rng: inout SeededGenerator, rows: Int, tsv: Bool, damage: Bool) -> String {
    func word() -> String { words[Int(rng.next() % UInt64(words.count))].replacingOccurrences(of: "\t", with: " ") }
    let sep = tsv ? "\t" : ","
    var out = ["id", "name", "country", "note"].joined(separator: sep) + "\n"
    for n in 0..<rows {
      var note = word() + " \(n)"
      if !tsv {
        switch rng.next() % 5 {
        case 0: note = "\"said \"\"hi, \(n)\"\", left\""
        case 1: note = "\"two\nlines \(word())\""
        case 2: note = "\"\(word())\n\n\"\"\n\""
        default: break
        }
      }
      out += ["\(n)", word(), ["fr", "de", "中国", ""][Int(rng.next() % 4)], note].joined(separator: sep)
      out += rng.next() % 7 == 0 ? "\r\n" : rng.next() % 11 == 0 ? "\n\n" : "\n"
      if damage && !tsv && rng.next() % 151 == 0 { out += "1,\"open\"x,y\n" }
    }
    return out
  }

  /// A random array of objects (pretty-printed or not): strings holding
  /// `},{`, items with nested arrays of objects (boundaries that are not an
  /// item's end), now and then a damaged item or a second top-level value.
  static func arrayOfObjects(_ rng: inout SeededGenerator, items: Int, damage: Bool) -> String {
    func word() -> String { words[Int(rng.next() % UInt64(words.count))] }
    let pretty = rng.next() % 3 == 0
    var out = pretty ? "[\n  " : "["
    for n in 0..<items {
      if n > 0 { out += pretty ? ",\n  " : rng.next() % 2 == 0 ? "," : " , " }
      switch rng.next() % 6 {
      case 0: out += "{\"kind\": \(n % 4), \"name\": \(JSONText.quoted(word() + "},{" + word()))}"
      case 1:
        out += "{\"kind\":\"k\(n % 3)\",\"name\":\(JSONText.quoted(word())),\"parts\":[{\"a\":1},{\"b\":[{},{}]}]}"
      case 2: out += "{}"
      case 3: out += "{\"name\": null, \"user\": {\"name\": \(JSONText.quoted(word()))}}"
      default:
        out +=
          "{\"kind\":\"k\(n % 3)\",\"name\":\(JSONText.quoted(word() + " \(n)")),\"user\":{\"name\":\"u\(n % 5)\"}}"
      }
      if damage && rng.next() % 53 == 0 { out += "{\"kind\": oops}" }
    }
    out += pretty ? "\n]\n" : "]"
    if damage && rng.next() % 4 == 0 { out += "\n[{\"kind\": \"later\"}]" }
    return out
  }

  @Test(arguments: [1, 2, 3] as [UInt64]) func randomArraysOfObjectsSplitAnywhere(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var splits = 0
    var taken = 0
    var fronted = 0
    let choices = [
      options(.json, groupBy: "kind"), options(.json, groupBy: "user.name"), options(.json, itemField: "name"),
      options(.json, groupBy: "kind", itemFormat: "{name} / {user.name}"),
      options(.json, groupBy: "initial", keepOrder: true), options(.json, groupBy: "name", itemField: "name"),
      // `--path .` (how an array with no sections opens as a list), and a template on it.
      options(.json, path: "."), options(.json, itemFormat: "{kind}: {name}", path: "."),
      // Paths that start at each element: the second half starts on one.
      options(.json, path: ".[].name"), options(.json, groupBy: "name", path: ".[].user"),
      options(.json, groupBy: "kind", path: ".[]"),
    ]
    for round in 0..<120 {
      let text = Self.arrayOfObjects(&rng, items: Int(rng.next() % 50) + 2, damage: round % 4 == 0)
      let ways = expectSameEveryWay(text, choices[round % choices.count])
      if ways.halves == 2 { splits += 1 }
      if ways.parts == 3 { taken += 1 }
      if ways.fronts == 3 { fronted += 1 }
    }
    #expect(splits > 40)
    #expect(taken > 10, "a part was taken \(taken) times")
    #expect(fronted > 10, "a front part was taken \(fronted) times")
  }

  /// A random array of strings (or, now and then, of arrays of them), as
  /// `json.dumps` writes them and not: `", "` and quotes inside strings,
  /// strings ending in a backslash, rows that start with a `\u` escape, a
  /// number or a nested array among them, now and then a damaged element.
  static func arrayOfStrings(_ rng: inout SeededGenerator, items: Int, damage: Bool) -> String {
    func word() -> String { words[Int(rng.next() % UInt64(words.count))] }
    let nested = rng.next() % 4 == 0
    var out = rng.next() % 2 == 0 ? "[" : "[\n  "
    for n in 0..<items {
      if n > 0 { out += [",", ", ", ",\n  ", " ,"][Int(rng.next() % 4)] }
      var element: String
      switch rng.next() % 7 {
      case 0: element = JSONText.quoted(word() + "\", \"" + word())
      case 1: element = JSONText.quoted(word() + "\\")
      case 2: element = "\"\\u00c9mile \\u4e2d \(n)\""
      case 3: element = "\(n)"
      case 4: element = "[\"a\", \"b\"]"
      default: element = JSONText.quoted(word() + " \(n)")
      }
      if nested { element = "[" + element + ", \"x\"]" }
      out += element
      if damage && rng.next() % 53 == 0 { out += ", \"open" }
    }
    return out + "]"
  }

  @Test(arguments: [1, 2, 3] as [UInt64]) func randomArraysOfStringsSplitAnywhere(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var splits = 0
    var taken = 0
    var fronted = 0
    let choices = [
      options(.json), options(.json, groupBy: "initial"), options(.json, path: "."),
      options(.json, groupBy: "initial", keepOrder: true),
    ]
    for round in 0..<120 {
      let text = Self.arrayOfStrings(&rng, items: Int(rng.next() % 50) + 2, damage: round % 4 == 0)
      let ways = expectSameEveryWay(text, choices[round % choices.count])
      if ways.halves == 2 { splits += 1 }
      if ways.parts == 3 { taken += 1 }
      if ways.fronts == 3 { fronted += 1 }
    }
    #expect(splits > 30)
    #expect(taken > 10, "a part was taken \(taken) times")
    #expect(fronted > 10, "a front part was taken \(fronted) times")
  }

  @Test func aBoundaryInsideAnItemOrASecondValueLeavesTheFirstHalfAlone() {
    // Past the middle, the only `},{` lie in a nested array and in a string.
    let head = (0..<10).map { "{\"kind\": \"a\", \"n\": \($0)}" }.joined(separator: ",")
    let nested = "{\"kind\": \"b\", \"parts\": [" + String(repeating: "{\"x\": 1},", count: 60) + "{}]}"
    let quoted = "{\"kind\": \"c\", \"name\": \"" + String(repeating: "},{", count: 200) + "\"}"
    #expect(expectSameBothWays("[" + head + "," + nested + "]", options(.json, groupBy: "kind")) == 1)
    #expect(expectSameBothWays("[" + head + "," + quoted + "]", options(.json, groupBy: "kind")) == 1)
    // Two top-level values are two items (JSON Lines), not the first one's
    // elements: a second half in the first value or in the second.
    let long = (0..<40).map { "{\"kind\": \"a\", \"n\": \($0)}" }.joined(separator: ",")
    #expect(expectSameBothWays("[" + long + "]\n[1]", options(.json)) == 1)
    #expect(expectSameBothWays("[1]\n[" + long + "]", options(.json)) == 1)
  }

  /// The second half starts inside a quoted CSV field whose lines read as
  /// records, and scans to the end without an error; the second half's
  /// thread then takes a front part of the first half's, which ends at the
  /// record holding that field, not where the second half starts: the
  /// front part is kept, the second half is not, and the rest is scanned
  /// from the front part's end.
  @Test func aFrontPartThatDoesNotEndWhereTheSecondHalfStartsLeavesTheSecondHalfOut() {
    let before = (0..<30).map { "\($0),name \($0),fr,note" }.joined(separator: "\n")
    let inner = (0..<20).map { "\($0),inner,de,x" }.joined(separator: "\n")
    let after = (0..<20).map { "\($0),later,it,note" }.joined(separator: "\n")
    let csv = "id,name,country,note\n" + before + "\n1,\"" + inner + "\na,Z\",fr,note\n" + after + "\n"
    let ways = expectSameEveryWay(csv, options(.csv, groupBy: "country"))
    #expect(ways.halves == 1)
    #expect(ways.fronts == 2)
  }

  @Test(arguments: [1, 2, 3] as [UInt64]) func randomJSONLinesSplitAnywhere(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var splits = 0
    var taken = 0
    var fronted = 0
    let choices = [
      options(.jsonLines), options(.jsonLines, groupBy: "level"), options(.jsonLines, groupBy: "user.name"),
      options(.jsonLines, itemField: "name"), options(.jsonLines, itemFormat: "{level}: {user.name}"),
      options(.jsonLines, groupBy: "initial", keepOrder: true), options(.jsonLines, groupBy: "level", skipBad: true),
      options(.jsonLines, skipBad: true, path: ".tags[]"),
    ]
    for round in 0..<120 {
      let text = Self.jsonLines(&rng, lines: Int(rng.next() % 60) + 2, damage: round % 3 == 0)
      let ways = expectSameEveryWay(text, choices[round % choices.count])
      if ways.halves == 2 { splits += 1 }
      if ways.parts == 3 { taken += 1 }
      if ways.fronts == 3 { fronted += 1 }
    }
    #expect(splits > 40)
    #expect(taken > 10, "a part was taken \(taken) times")
    #expect(fronted > 10, "a front part was taken \(fronted) times")
  }

  @Test(arguments: [1, 2, 3] as [UInt64]) func randomCSVAndTSVSplitAnywhere(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var splits = 0
    var taken = 0
    var fronted = 0
    for round in 0..<160 {
      let tsv = round % 4 == 3
      let format: LoadOptions.Format = tsv ? .tsv : .csv
      let choices = [
        options(format), options(format, groupBy: "country"), options(format, itemField: "note"),
        options(format, groupBy: "country", itemFormat: "{name} ({note})"), options(format, noHeader: true),
        options(format, groupBy: "initial", keepOrder: true),
      ]
      let text = Self.records(&rng, rows: Int(rng.next() % 50) + 2, tsv: tsv, damage: round % 5 == 0)
      let ways = expectSameEveryWay(text, choices[round % choices.count])
      if ways.halves == 2 { splits += 1 }
      if ways.parts == 3 { taken += 1 }
      if ways.fronts == 3 { fronted += 1 }
    }
    #expect(splits > 40)
    #expect(taken > 10, "a part was taken \(taken) times")
    #expect(fronted > 10, "a front part was taken \(fronted) times")
  }

  @Test func largeInputsAreSplitAndGiveTheSameList() {
    var rng = SeededGenerator(seed: 7)
    let lines = Self.jsonLines(&rng, lines: 40_000, damage: false)
    #expect(expectSameBothWays(lines, options(.jsonLines, groupBy: "level"), minimum: 1 << 20) == 2)
    let array = Self.arrayOfObjects(&rng, items: 40_000, damage: false)
    #expect(expectSameBothWays(array, options(.json, groupBy: "kind", itemField: "name"), minimum: 1 << 20) == 2)
    #expect(expectSameBothWays(array, options(.json, path: ".[].name"), minimum: 1 << 20) == 2)
    #expect(expectSameBothWays(array, options(.json, groupBy: "name", path: ".[].user"), minimum: 1 << 20) == 2)
    // Strings only: a boundary is guessed from the first element's kind.
    let strings =
      "["
      + (0..<100_000).map { n in
        [
          JSONText.quoted("a\", \"b \(n)"), JSONText.quoted("ends \\"), "\"\\u00c9mile \(n)\"",
          JSONText.quoted(Self.words[n % Self.words.count]),
        ][n % 4]
      }.joined(separator: ", ") + "]"
    #expect(expectSameBothWays(strings, options(.json, groupBy: "initial"), minimum: 1 << 20) == 2)
    let csv = Self.records(&rng, rows: 40_000, tsv: false, damage: false)
    #expect(expectSameBothWays(csv, options(.csv, groupBy: "country"), minimum: 1 << 20) == 2)
    // The first half's thread takes the back of the second's part: three scans, one list.
    #expect(expectSameEveryWay(lines, options(.jsonLines, groupBy: "level"), minimum: 1 << 20).parts == 3)
    #expect(expectSameEveryWay(array, options(.json, groupBy: "kind"), minimum: 1 << 20).parts == 3)
    #expect(expectSameEveryWay(strings, options(.json), minimum: 1 << 20).parts == 3)
    #expect(expectSameEveryWay(csv, options(.csv, groupBy: "country"), minimum: 1 << 20).parts == 3)
    // The second half's thread takes the front of the first's part: three scans, one list.
    #expect(expectSameEveryWay(lines, options(.jsonLines, groupBy: "user.name"), minimum: 1 << 20).fronts == 3)
    #expect(expectSameEveryWay(array, options(.json, groupBy: "kind"), minimum: 1 << 20).fronts == 3)
    #expect(expectSameEveryWay(strings, options(.json), minimum: 1 << 20).fronts == 3)
    #expect(expectSameEveryWay(csv, options(.csv, groupBy: "country"), minimum: 1 << 20).fronts == 3)
    // Below the minimum size, one thread.
    #expect(expectSameBothWays(csv, options(.csv), minimum: 64 << 20) == 1)
  }

  @Test func anErrorInTheSecondHalfIsTheSameErrorAndTheFirstHalfsWins() {
    let good = (0..<400).map { "{\"n\": \($0)}" }
    var late = good
    late[350] = "{\"n\": oops}"
    #expect(expectSameBothWays(late.joined(separator: "\n"), options(.jsonLines)) == 0)
    var both = late
    both[20] = "[1,]"
    let buffer = ByteBuffer(string: both.joined(separator: "\n"))
    let (two, _) = load(buffer, options(.jsonLines), parallel: true, minimum: 0)
    guard case .failure(let error) = two else {
      Issue.record("loaded: \(two)")
      return
    }
    #expect(error.line == 21)
  }

  @Test func aCSVLineBreakInsideQuotesNeverStartsTheSecondHalf() {
    // Every record's last field is a quoted run of line breaks: most line
    // breaks lie inside quotes.
    let rows = (0..<300).map { "\($0),\"\(String(repeating: "x\n", count: $0 % 9))\"" }
    let text = "id,text\n" + rows.joined(separator: "\n") + "\n"
    #expect(expectSameBothWays(text, options(.csv, itemField: "text")) == 2)
    // An unquoted field's quote (text, as Python reads it) would break a
    // guess by quote parity; records read from the guessed start still tell.
    let odd = "id,text\n5 \"inch,a\n" + rows.joined(separator: "\n") + "\n"
    #expect(expectSameBothWays(odd, options(.csv)) == 2)
    // Quoted text whose lines read as records fools the guess: the first
    // half passes the boundary, one thread finishes, the list is the same.
    let lookalike = "id,text\n0,\"" + String(repeating: "a,b\n", count: 2000) + "\"\n1,x\n"
    #expect(expectSameBothWays(lookalike, options(.csv)) == 1)
  }

  @Test func quotesAreCountedExactly() {
    var rng = SeededGenerator(seed: 5)
    let alphabet: [UInt8] = [0x22, 0x21, 0x23, 0xA2, 0x00, 0xFF, 0x22, 0x7F, 0x80]
    for _ in 0..<300 {
      let bytes = (0..<Int(rng.next() % 300 + 1)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
      let expected = bytes.filter { $0 == 0x22 }.count
      let counted = bytes.withUnsafeBufferPointer { ItemSplit.countQuotes($0.baseAddress!, $0.count) }
      #expect(counted == expected)
    }
  }

  @Test func progressShowsTheFirstHalfAndEndsWithTheWholeList() throws {
    var rng = SeededGenerator(seed: 3)
    let buffer = ByteBuffer(string: Self.jsonLines(&rng, lines: 100_000, damage: false))
    var reports: [Int] = []
    let (result, halves) = try ItemLoader.loadHalves(
      buffer, options: options(.jsonLines, groupBy: "level"),
      progress: { bytes, snapshot in
        reports.append(bytes)
        #expect(snapshot().itemCount > 0)
      }, parallel: true)
    #expect(halves >= 2)
    #expect(!reports.isEmpty && reports.allSatisfy { $0 < buffer.count })
    let one = try ItemLoader.loadHalves(buffer, options: options(.jsonLines, groupBy: "level"), parallel: false)
    #expect(result.list.itemCount == one.result.list.itemCount)
  }

  /// A mapped file's pages go back to the kernel as each half's scan
  /// passes them, so a file is not resident beside its item ranges (peak
  /// memory was the file and more); items read afterwards come back intact
  /// from the file, the widest row among them.
  @Test(arguments: [LoadOptions.Format.jsonLines, .csv, .json])
  func aMappedFileIsGivenBackAsItIsScannedAndReadsBackIntact(format: LoadOptions.Format) throws {
    let count = 560_000
    let wide = count / 2
    var text = format == .csv ? "id,name,group,note\n" : format == .json ? "[" : ""
    text.reserveCapacity(count * 56)
    for i in 0..<count {
      let name = i == wide ? String(repeating: "王", count: 30) : "name \(i)"
      switch format {
      case .csv: text += "\(i),\"\(name) \"\"q\"\"\",g\(i % 7),a note of some length\n"
      default: text += #"{"id":\#(i),"name":"\#(name) \"q\"","group":"g\#(i % 7)"}"# + (format == .json ? "," : "\n")
      }
    }
    if format == .json {
      text.removeLast()
      text += "]"
    }
    let path = Scratch.file(text, suffix: ".data")
    defer { Scratch.remove(path) }
    let buffer = try DataSource.read(path: path)
    #expect(buffer.isMapped)
    let itemOptions =
      format == .csv
      ? options(format, groupBy: "group", itemFormat: "{name}") : options(format, groupBy: "group", itemField: "name")
    let (result, halves) = try ItemLoader.loadHalves(buffer, options: itemOptions, parallel: true)
    #expect(halves >= 2)
    let resident = try #require(Self.residentBytes(of: buffer))
    #expect(resident < buffer.count / 2, "\(resident) of \(buffer.count) bytes resident")
    let list = result.list
    #expect(list.sections.map(\.title) == (0..<7).map { "g\($0)" })
    #expect(list.itemText(section: 0, item: 0) == #"name 0 "q""#)
    #expect(list.itemText(section: 6, item: list.itemCount(6) - 1) == "name \(count / 7 * 7 - 1) \"q\"")
    #expect(list.itemText(section: wide % 7, item: wide / 7) == String(repeating: "王", count: 30) + #" "q""#)
    #expect(list.maxItemWidth == 64)
  }

  /// The bytes of `buffer`'s mapping resident in this process (`Rss` in
  /// /proc/self/smaps).
  static func residentBytes(of buffer: ByteBuffer) -> Int? {
    let address = UInt(bitPattern: buffer.base)
    // Read to its end: a /proc file has no size to read by.
    guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return nil }
    defer { try? file.close() }
    let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    var inside = false
    for line in smaps.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
        let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
        inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
      } else if inside, fields.first == "Rss:", fields.count >= 2, let kB = Int(fields[1]) {
        return kB * 1024
      }
    }
    return nil
  }
}
