import Foundation
import TestScratch
import Testing

@testable import SectionNavCore

/// CSV and TSV against Python's `csv.reader` (strict mode, `newline=''`,
/// `utf-8-sig`): on generated tricky files — quoted fields with commas,
/// quotes and line breaks, LF, CRLF and lone CR line ends, a byte-order
/// mark, ragged rows, blank lines, stray quotes, text after a closing quote,
/// an unterminated quote — every record and field must be Python's, and a
/// file must be rejected exactly when Python's strict mode rejects it.
@Suite(.enabled(if: Oracle.python != nil, "python3 is not installed (scripts/setup installs it)"))
struct PythonCSVOracleTests {
  static let script = """
    import csv, json, sys
    tsv = sys.argv[1] == "tsv"
    out = []
    for path in sys.argv[2:]:
        try:
            with open(path, newline="", encoding="utf-8-sig") as f:
                if tsv:
                    rows = list(csv.reader(f, delimiter="\\t", quoting=csv.QUOTE_NONE, strict=True))
                else:
                    rows = list(csv.reader(f, strict=True))
            out.append([r for r in rows if r != []])
        except csv.Error:
            out.append("ERROR")
    print(json.dumps(out))
    """

  static let ends = ["\n", "\r\n", "\r"]

  /// One generated file: mostly valid, sometimes broken on purpose.
  func file(_ r: inout OracleRandom, tsv: Bool) -> String {
    let separator = tsv ? "\t" : ","
    var text = r.chance(20) ? "\u{FEFF}" : ""
    let end = r.pick(Self.ends)
    for _ in 0..<(1 + r.below(6)) {
      let fields = (0..<(1 + r.below(4))).map { _ -> String in
        if !tsv && r.chance(35) {
          let inner = (0..<r.below(5)).map { _ in r.pick(["a", ",", "\"\"", "\n", "\r\n", "\r", " ", "é", "\t"]) }
          return "\"" + inner.joined() + "\""
        }
        return (0..<r.below(4)).map { _ in r.pick(["a", "b", " ", "é", "x\"y"]) }.joined()
      }
      text += fields.joined(separator: separator)
      text += r.chance(80) ? end : r.pick(Self.ends)
      if r.chance(10) { text += r.pick(Self.ends) }  // a blank line
    }
    if r.chance(20) { text.removeLast() }  // no final line break (or half a CRLF)
    if !tsv && r.chance(12) {
      // Break it: a stray quote somewhere, or text after a closing quote.
      let scalars = Array(text.unicodeScalars)
      let at = r.below(scalars.count + 1)
      let insert = r.pick(["\"", "\"q\"z", "\"open"])
      text =
        String(String.UnicodeScalarView(scalars[..<at])) + insert
        + String(String.UnicodeScalarView(scalars[at...]))
    }
    return text
  }

  /// Records and fields as sectionnav reads them, or nil when rejected.
  func sectionnav(_ text: String, tsv: Bool) -> [[String]]? {
    var options = LoadOptions()
    options.format = tsv ? .tsv : .csv
    options.noHeader = true
    guard let list = try? ItemLoader.load(ByteBuffer(string: text), options: options).list else { return nil }
    guard case .records(let records) = list.store else { return list.itemCount == 0 ? [] : nil }
    return (0..<list.itemCount).map { records.fields($0) }
  }

  func python(_ files: [String], tsv: Bool) throws -> [Any] {
    let dir = Scratch.directory("csv-oracle")
    defer { Scratch.remove(dir) }
    var paths: [String] = []
    for (n, text) in files.enumerated() {
      let path = "\(dir)/\(n).csv"
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    let result = try Oracle.run(Oracle.python!, ["-c", Self.script, tsv ? "tsv" : "csv"] + paths)
    return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [Any])
  }

  func compare(seed: UInt64, tsv: Bool, count: Int) throws -> (mismatches: [String], rejected: Int) {
    var r = OracleRandom(seed: seed)
    let files = (0..<count).map { _ in file(&r, tsv: tsv) }
    let expected = try python(files, tsv: tsv)
    var mismatches: [String] = []
    var rejected = 0
    for (text, python) in zip(files, expected) {
      let ours = sectionnav(text, tsv: tsv)
      let theirs = python as? [[String]]
      if theirs == nil { rejected += 1 }
      if ours != theirs {
        mismatches.append(
          "\(JSONText.quoted(text)): sectionnav \(ours.map { "\($0)" } ?? "ERROR"), Python \(theirs.map { "\($0)" } ?? "ERROR")"
        )
      }
    }
    return (mismatches, rejected)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func csvRecordsAreOnesPythonReads(seed: UInt64) throws {
    let (mismatches, rejected) = try compare(seed: seed, tsv: false, count: 400)
    #expect(
      mismatches.isEmpty, "seed \(seed): \(mismatches.count) of 400:\n\(mismatches.prefix(8).joined(separator: "\n"))")
    // The generator does break files: rejections are part of what is compared.
    #expect(rejected > 10)
  }

  @Test(arguments: [1, 2] as [UInt64])
  func tsvRecordsAreOnesPythonReads(seed: UInt64) throws {
    let (mismatches, _) = try compare(seed: seed, tsv: true, count: 200)
    #expect(
      mismatches.isEmpty, "seed \(seed): \(mismatches.count) of 200:\n\(mismatches.prefix(8).joined(separator: "\n"))")
  }

  /// The header after a byte-order mark names its column as written, and a
  /// name used twice means its last column, in `{a}` and `--print json` alike.
  @Test func bomAndRepeatedHeaderNames() throws {
    var options = LoadOptions()
    options.format = .csv
    options.groupBy = .field(try FieldPath("name"))
    options.itemFormat = try ItemTemplate("{name}={a}")
    let list = try ItemLoader.load(ByteBuffer(string: "\u{FEFF}name,a,a\r\nx,1,2\ry,3,4\n"), options: options).list
    #expect(contents(list) == [["x", "x=2"], ["y", "y=4"]])
    #expect(list.itemJSON(section: 0, item: 0) == "{\"name\":\"x\",\"a\":\"2\"}")
  }

  /// A short record that lacks a repeated name's last column has no value
  /// for the name anywhere: `{a}` is empty, the record groups under
  /// `(none)`, and its JSON has no `a` — not the first `a` column's value.
  @Test func aShortRecordLacksTheNamesLastColumnEverywhere() throws {
    var options = LoadOptions()
    options.format = .csv
    options.keepOrder = true
    options.groupBy = .field(try FieldPath("a"))
    options.itemFormat = try ItemTemplate("[{a}]")
    let list = try ItemLoader.load(ByteBuffer(string: "a,3,a\n7,8,9\n6\n1,2\n"), options: options).list
    #expect(contents(list) == [["9", "[9]"], [GroupBy.none, "[]", "[]"]])
    #expect(list.itemJSON(section: 0, item: 0) == #"{"a":"9","3":"8"}"#)
    #expect(list.itemJSON(section: 1, item: 0) == "{}")
    #expect(list.itemJSON(section: 1, item: 1) == #"{"3":"2"}"#)
  }

  /// A field past the header's columns is named by its place, and never
  /// takes the value of a column named so (`3,b` over `x,y,z`: `3` is `x`,
  /// as `{3}` shows; the extra field is `3_2`, as Miller names it).
  @Test func fieldsPastTheHeaderKeepTheColumnsValues() throws {
    var options = LoadOptions()
    options.format = .csv
    options.itemFormat = try ItemTemplate("{3}")
    let list = try ItemLoader.load(ByteBuffer(string: "3,b\nx,y,z\np,q\n1,2,3,4\n"), options: options).list
    #expect(contents(list) == [["items", "x", "p", "1"]])
    #expect(list.itemJSON(section: 0, item: 0) == #"{"3":"x","b":"y","3_2":"z"}"#)
    #expect(list.itemJSON(section: 0, item: 1) == #"{"3":"p","b":"q"}"#)
    #expect(list.itemJSON(section: 0, item: 2) == #"{"3":"1","b":"2","3_2":"3","4":"4"}"#)
    options.itemFormat = nil
    let plain = try ItemLoader.load(ByteBuffer(string: "a,b\n1,2,3\n"), options: options).list
    #expect(plain.itemJSON(section: 0, item: 0) == #"{"a":"1","b":"2","3":"3"}"#)
  }
}
