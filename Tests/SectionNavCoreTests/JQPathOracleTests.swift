import Foundation
import Testing

@testable import SectionNavCore

/// `--path` against jq 1.6 itself: for generated documents and paths (every
/// form the README lists — keys plain and quoted, indexes, negative indexes,
/// slices, `[]`, `?`, jq's whitespace), and for paths over iso-codes, the
/// items must be exactly what `jq -c PATH` prints, and the path must fail
/// exactly where jq fails. Both sides go through `jq -cS` so numbers and
/// key order compare as values.
@Suite(.enabled(if: Oracle.jq != nil, "jq is not installed (scripts/setup installs it)"))
struct JQPathOracleTests {
  /// The items `--path` gives, as one JSON array, or `"ERROR"`.
  func sectionnav(_ document: String, _ path: String) throws -> String {
    var options = LoadOptions()
    options.path = try JSONPath(path)
    do {
      let list = try ItemLoader.load(ByteBuffer(string: document), options: options).list
      var items: [String] = []
      for s in 0..<list.sectionCount {
        for i in 0..<list.itemCount(s) { items.append(list.itemJSON(section: s, item: i)) }
      }
      return "[" + items.joined(separator: ",") + "]"
    } catch {
      return "\"ERROR\""
    }
  }

  /// What jq makes of each path: `[jq -c PATH]` (for a path without `[]`,
  /// the elements of the array it ends on), or `"ERROR"`.
  func jq(_ document: String, _ paths: [String]) throws -> [String] {
    let program = paths.map { path in
      let body =
        (try? JSONPath(path))?.yieldsItems == true
        ? path : "\(path) | if type == \"array\" then .[] else error(\"not a list\") end"
      return "(try [\(body)] catch \"ERROR\")"
    }.joined(separator: ", ")
    return try Oracle.jqLines(["-cS", program], input: document)
  }

  /// Compares sectionnav with jq on one document; the mismatches.
  func compare(_ document: String, _ paths: [String]) throws -> [String] {
    let ours = try Oracle.jqLines(
      ["-cS", "."], input: try paths.map { try sectionnav(document, $0) }.joined(separator: "\n"))
    let theirs = try jq(document, paths)
    guard ours.count == paths.count, theirs.count == paths.count else {
      return ["line counts differ: \(ours.count) / \(theirs.count) for \(paths.count) paths"]
    }
    return paths.indices.compactMap { k in
      ours[k] == theirs[k] ? nil : "path '\(paths[k])': sectionnav \(ours[k]), jq \(theirs[k])"
    }
  }

  // MARK: generated documents

  /// Keys as written: NFC `é` and NFD `e\u{301}`, raw and escaped, are two
  /// keys to jq (it compares scalars), never one.
  static let keys = ["a", "b", "c", "k 1", "é", "e\u{301}"].map(JSONText.quoted) + [#""\u0065\u0301""#, #""\u00e9""#]

  func value(_ r: inout OracleRandom, depth: Int) -> String {
    let kind = depth >= 4 ? 0 : r.below(10)
    switch kind {
    case 0...3:
      return r.pick(["1", "2.5", "-3", "1e2", "\"s\"", "\"é\"", "\"\\u00e9\"", "true", "false", "null", "\"\""])
    case 4...6:
      let n = r.below(5)
      let members = (0..<n).map { _ in
        r.pick(Self.keys) + r.pick([":", " : ", ":\n "]) + value(&r, depth: depth + 1)
      }
      return "{" + members.joined(separator: r.pick([",", ", ", ",\n"])) + "}"
    default:
      let n = r.below(5)
      return "[" + (0..<n).map { _ in value(&r, depth: depth + 1) }.joined(separator: r.pick([",", ", "])) + "]"
    }
  }

  /// A path of 1–4 steps in one of jq's spellings.
  func path(_ r: inout OracleRandom) -> String {
    var text = r.chance(10) ? " " : ""
    let steps = 1 + r.below(4)
    for k in 0..<steps {
      if k > 0 && r.chance(15) { text += " " }
      switch r.below(12) {
      case 0, 1: text += ".a"
      case 2: text += ".b"
      case 3: text += r.pick([".\"k 1\"", ". \"k 1\""])
      // jq 1.6 has no `.a.[…]`.
      case 4: text += (k == 0 ? "." : "") + r.pick(["[\"c\"]", "[ \"é\" ]", "[\"e\u{301}\"]"])
      default:
        let bracket = r.pick([
          "[0]", "[1]", "[-1]", "[ 0 ]", "[]", "[ ]", "[]", "[1:]", "[:-1]", "[-2:]", "[5]",
          // Past any list, as jq's doubles are (null; an empty or whole slice).
          "[99999999999999999999]", "[1000000000000:]", "[-99999999999999999999:]", "[:0000000000000000000000001]",
        ])
        text += (k == 0 ? "." : "") + bracket
      }
      if r.chance(12) { text += "?" }
    }
    return text
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func generatedPathsGiveJQsItems(seed: UInt64) throws {
    var r = OracleRandom(seed: seed)
    var mismatches: [String] = []
    for doc in 0..<14 {
      // Documents whose top level is a container, so most paths reach something.
      var document = value(&r, depth: 0)
      while !(document.hasPrefix("{") || document.hasPrefix("[")) { document = value(&r, depth: 0) }
      let paths = (0..<30).map { _ in path(&r) }
      for m in try compare(document, paths) { mismatches.append("seed \(seed) doc \(doc) \(document): \(m)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches:\n\(mismatches.prefix(10).joined(separator: "\n"))")
  }

  /// Nested repeated keys on the path and under `[]`: jq's object keeps the
  /// last value (at the first key's place).
  @Test func repeatedKeysFollowTheLastAsJQDoes() throws {
    let document = """
      {"b": [1], "x": {"k": {"v": [1]}, "k": {"w": [2]}}, "b": [2],
       "o": {"p": 1, "q": 2, "p": 3}, "l": [{"a": 1, "a": null}, {"a": 2}]}
      """
    let paths = [".b", ".x.k.w", ".x.k.v", ".o[]", ".l[].a", ".x[]", ".x.k[]"]
    #expect(try compare(document, paths) == [])
    #expect(try sectionnav(document, ".b") == "[2]")
    #expect(try sectionnav(document, ".o[]") == "[3,2]")
  }

  // MARK: iso-codes

  static let isoCodes = "/usr/share/iso-codes/json"

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: isoCodes + "/iso_3166-2.json"),
      "iso-codes is not installed (scripts/setup installs it)"))
  func isoCodesPathsGiveJQsItems() throws {
    let cases: [(String, [String])] = [
      (
        "iso_3166-2.json",
        [
          ".\"3166-2\"", ".\"3166-2\"[].parent", ".[\"3166-2\"][].name", ".\"3166-2\"[-1]", ".\"3166-2\"[10:20][].code",
          ".\"3166-2\"[-3:]", " .\"3166-2\" [ 0 ] .code", ".\"3166-2\"[].parent?", ".\"3166-2\"[0][]",
          ".\"3166-2\"[].name[]", ".\"3166-2\"[].name[]?", ".\"3166-2\"[5000:][].type", ".[]", ".[][]",
        ]
      ),
      (
        "iso_639-3.json",
        [
          ".[\"639-3\"][].alpha_2", ".\"639-3\"[].common_name", ".\"639-3\"[:5]", ".\"639-3\"[-1].name",
          ".\"639-3\"[].scope", ".\"639-3\"[][]", ".\"639-3\".x",
        ]
      ),
      ("iso_3166-1.json", [".\"3166-1\"[].official_name", ".\"3166-1\"[] .numeric", ".\"3166-1\"[-2:][].flag"]),
    ]
    for (file, paths) in cases {
      let document = try String(contentsOfFile: Self.isoCodes + "/" + file, encoding: .utf8)
      #expect(try compare(document, paths) == [], "\(file)")
    }
  }
}
