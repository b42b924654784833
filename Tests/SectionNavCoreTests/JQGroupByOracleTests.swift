import Foundation
import Testing

@testable import SectionNavCore

/// `--group-by` against `jq 'group_by(.f)'`: on generated items whose field
/// mixes kinds and spellings (`3`, `3.0`, `3e0`, `"3"`, `true`, `"true"`,
/// null, missing, `"(none)"`, objects in either key order, `"\u00e9"`, `"é"`
/// and NFD `e\u0301`, repeated keys), each section must hold exactly the
/// items of one of jq's groups, in input order.
@Suite(.enabled(if: Oracle.jq != nil, "jq is not installed (scripts/setup installs it)"))
struct JQGroupByOracleTests {
  static let values = [
    "3", "3.0", "3e0", "30e-1", "\"3\"", "true", "\"true\"", "false", "null", "\"null\"", "\"(none)\"", "0", "-0",
    "1.5", "15e-1", "\"1.5\"", "{\"a\":1,\"b\":2}", "{\"b\":2,\"a\":1}", "{\"a\":1,\"b\":2,\"a\":1}", "{\"a\":2}",
    "[1,2]", "[2,1]", "[1.0,2]", "\"[1,2]\"", "\"\\u00e9\"", "\"é\"", "\"e\\u0301\"", "\"E\"", "\"e\"", "\"\"",
  ]

  /// Items `{"id": n, "f": …}` (sometimes no `f`, sometimes `f` twice).
  func document(seed: UInt64, count: Int) -> String {
    var r = OracleRandom(seed: seed)
    let items = (0..<count).map { n -> String in
      switch r.below(12) {
      case 0: return "{\"id\":\(n)}"
      case 1: return "{\"f\":\(r.pick(Self.values)),\"id\":\(n),\"f\":\(r.pick(Self.values))}"
      case 2: return "{\"g\":{\"f\":\(r.pick(Self.values))},\"id\":\(n),\"f\":\(r.pick(Self.values))}"
      default: return "{\"id\":\(n),\"f\":\(r.pick(Self.values))}"
      }
    }
    return "[" + items.joined(separator: ",\n") + "]"
  }

  /// Groups as lists of ids, in the order of their first item.
  func sectionnavGroups(_ document: String, field: String) throws -> [[Int]] {
    var options = LoadOptions(itemField: "id")
    options.groupBy = try GroupBy(option: field)
    let list = try ItemLoader.load(ByteBuffer(string: document), options: options).list
    let groups = (0..<list.sectionCount).map { s in
      (0..<list.itemCount(s)).map { Int(list.itemText(section: s, item: $0))! }
    }
    return groups.sorted { $0[0] < $1[0] }
  }

  func jqGroups(_ document: String, field: String) throws -> [[Int]] {
    let lines = try Oracle.jqLines(["-c", "group_by(.\(field)) | map(map(.id)) | .[]"], input: document)
    let groups = lines.map { line in
      line.dropFirst().dropLast().split(separator: ",").map { Int($0)! }
    }
    return groups.sorted { $0[0] < $1[0] }
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func groupsAreJQsGroups(seed: UInt64) throws {
    let document = document(seed: seed, count: 300)
    for field in ["f", "g.f"] {
      let ours = try sectionnavGroups(document, field: field)
      let theirs = try jqGroups(document, field: field)
      #expect(ours == theirs, "seed \(seed), --group-by \(field)")
    }
  }

  /// Titles say which kind a value is when two kinds would read the same.
  @Test func titlesTellAStringFromTheValueItSpells() throws {
    let document = """
      [{"f": 3}, {"f": "3"}, {"f": 3.0}, {"f": true}, {"f": "true"}, {"f": "(none)"}, {}, {"f": "x"},
       {"f": {"b": 1, "a": 2}}, {"f": "\\u00e9"}, {"f": "é"}, {"f": "e\\u0301"}]
      """
    var options = LoadOptions()
    options.groupBy = .field(try FieldPath("f"))
    let list = try ItemLoader.load(ByteBuffer(string: document), options: options).list
    let titles = Set(list.sections.map(\.title))
    #expect(
      titles == ["3", "\"3\"", "true", "\"true\"", "\"(none)\"", "(none)", "x", "{\"a\":2,\"b\":1}", "é", "e\u{301}"])
    // NFC and NFD are two sections (Swift's == would call them one).
    #expect(list.sections.filter { $0.title.unicodeScalars.first == "e" }.count == 1)
    #expect(list.sections.last?.title == "(none)")
    // A string whose own quotes would make it read as one quoted is quoted
    // too: `"3"` (quotes its own) is not shown as the string 3 is.
    let quoting = #"[{"g":3},{"g":"3"},{"g":"\"3\""},{"g":null},{"g":"(none)"},{"g":"\"(none)\""},{"g":"\"x"}]"#
    options.groupBy = .field(try FieldPath("g"))
    let shown = try ItemLoader.load(ByteBuffer(string: quoting), options: options).list.sections.map(\.title)
    #expect(Set(shown) == ["3", #""3""#, #""\"3\"""#, "(none)", #""(none)""#, #""\"(none)\"""#, #""\"x""#])
  }

  /// A number too large for a double is titled as jq prints it (the
  /// largest double), not `inf`, which is not JSON and reads as the string.
  @Test func numbersBeyondADoubleAreTitledAsJQPrintsThem() throws {
    let document = #"[{"f": 1e400}, {"f": -2E+999}, {"f": "inf"}, {"f": 1e308}, {"f": 1.5e400}]"#
    var options = LoadOptions()
    options.groupBy = .field(try FieldPath("f"))
    let list = try ItemLoader.load(ByteBuffer(string: document), options: options).list
    let printed = try Oracle.jqLines(["-c", ".[] | .f | select(type == \"number\")"], input: document)
    #expect(Set(list.sections.map(\.title)) == Set(printed + ["inf"]))
    #expect(list.sectionCount == 4)
  }

  /// Number titles are written as jq writes the numbers: large integers
  /// written out to their shortest digits (they were `1.2345678901234568e+17`),
  /// a short mantissa far from the point in an exponent form (`1e16` was
  /// written out). (`-0` groups with `0` and is titled `0`: jq's `==`.)
  @Test func numberTitlesAreWrittenAsJQWritesThem() throws {
    let numbers = [
      "123456789012345678", "1e16", "10000000000000000", "1e17", "12345678901234567890", "1.5e300", "0.1",
      "1e-5", "0.0001", "0.00012", "100000000000000000000", "-2.5e-7", "123.456", "7", "1.0", "9007199254740993",
      "1234567.125", "5e-324", "-1.7976931348623157e308",
    ]
    let document = "[" + numbers.map { "{\"f\": \($0)}" }.joined(separator: ",") + "]"
    var options = LoadOptions()
    options.groupBy = .field(try FieldPath("f"))
    options.keepOrder = true
    let list = try ItemLoader.load(ByteBuffer(string: document), options: options).list
    let printed = try Oracle.jqLines(["-c", ".[] | .f"], input: document)
    var seen = Set<String>()
    #expect(list.sections.map(\.title) == printed.filter { seen.insert($0).inserted })
  }

  /// Titles of objects and arrays are the compact text jq writes
  /// (`jq -c -S`), control characters and DEL escaped as it escapes them.
  @Test func containerTitlesAreJQsCompactText() throws {
    let document = #"[{"f": {"k": "\u007f\u0001\t", "a": [1, "\u00e9"]}}, {"f": ["x\u007fy"]}]"#
    var options = LoadOptions()
    options.groupBy = .field(try FieldPath("f"))
    options.keepOrder = true
    let list = try ItemLoader.load(ByteBuffer(string: document), options: options).list
    let printed = try Oracle.jqLines(["-c", "-S", ".[] | .f"], input: document)
    #expect(list.sections.map(\.title) == printed)
  }

  /// CSV values are all text: no quotes added, and NFC/NFD stay apart.
  @Test func csvValuesGroupByTheirExactText() throws {
    var options = LoadOptions()
    options.format = .csv
    options.groupBy = .field(try FieldPath("f"))
    let csv = "f\n3\n\"3\"\n(none)\n\u{E9}\ne\u{301}\n\n,\n\"\"\"(none)\"\"\"\n"
    let list = try ItemLoader.load(ByteBuffer(string: csv), options: options).list
    #expect(
      Set(list.sections.map { "\($0.title):\($0.itemCount)" }) == [
        "3:2", "\"(none)\":1", "(none):1", "\u{E9}:1", "e\u{301}:1", #""\"(none)\"":1"#,
      ])
  }
}
