import Foundation
import Testing

@testable import SectionNavCore

/// Items are decoded only when shown; what they show must be exactly what a
/// full decode of the same document (Foundation's JSONSerialization) gives.
@Suite struct LazyDecodingTests {
  /// Checks that `text`, our display of an item, matches `value` from JSONSerialization.
  static func expectSame(_ text: String, as value: Any, raw: String, _ context: String) {
    switch value {
    case let s as String:
      #expect(text == s, "\(context)")
    case is NSNull:
      #expect(text == "null", "\(context)")
    case let n as NSNumber:
      if raw.first == "t" || raw.first == "f" {
        #expect(text == (n.boolValue ? "true" : "false"), "\(context)")
      } else {
        // Numbers show as written; they must denote the same value.
        #expect(Double(text) == n.doubleValue, "\(context): \(text) vs \(n)")
      }
    default:
      // Objects and arrays: our compact JSON must parse to the same value.
      // (Compared through canonical re-encoding: NSNumber booleans do not
      // compare equal across decodes in corelibs Foundation.)
      let reparsed = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
      #expect(!text.contains("\n") && !text.contains(" ,"), "\(context): not compact: \(text)")
      #expect(reparsed.map(canonical) == canonical(value), "\(context): \(text)")
    }
  }

  static func canonical(_ value: Any) -> Data? {
    try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
  }

  @Test(
    .enabled(if: jsonTestSuitePresent, "JSONTestSuite corpus not found in ../shared/conformance; skipped"),
    arguments: ConformanceTests.files("y_"))
  func everyAcceptedDocumentAsAnItemMatchesAFullDecode(_ url: URL) throws {
    let data = try Data(contentsOf: url)
    guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
      return  // Foundation itself cannot decode it (nothing to compare with).
    }
    let list = try JSONIndexer.load(Array(#"{"s": ["#.utf8) + [UInt8](data) + Array("]}".utf8))
    #expect(list.itemCount == 1)
    let raw = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    Self.expectSame(list.itemText(section: 0, item: 0), as: value, raw: raw, url.lastPathComponent)
  }

  @Test(
    .enabled(if: jsonTestSuitePresent, "JSONTestSuite corpus not found in ../shared/conformance; skipped"),
    arguments: ConformanceTests.files("y_"))
  func accepedDocumentsThatAreSectionedMatchAFullDecode(_ url: URL) throws {
    let data = try Data(contentsOf: url)
    let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    // Sectioned: an object of arrays, or an empty array (no sections).
    let sections = value as? [String: [Any]] ?? ((value as? [Any])?.isEmpty == true ? [:] : nil)
    do {
      let list = try JSONIndexer.load([UInt8](data), options: LoadOptions(keepOrder: true))
      let object = try #require(sections, "\(url.lastPathComponent) is not sectioned but loaded")
      #expect(Set(list.sections.map(\.title)) == Set(object.keys))
      for s in 0..<list.sectionCount {
        #expect(list.itemCount(s) == object[list.title(s)]?.count, "\(url.lastPathComponent)")
      }
    } catch let error as LoadError {
      #expect(error.kind == .notSectioned, "\(url.lastPathComponent): \(error.description)")
      #expect(sections == nil, "\(url.lastPathComponent) is sectioned but was not loaded")
    }
  }

  /// A random string mixing ASCII, escapes-worthy characters, accents, CJK,
  /// emoji (astral), combining marks and controls.
  static func randomString(_ rng: inout SeededGenerator) -> String {
    let pool: [Unicode.Scalar] = [
      "a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{08}", "\u{0C}", "\u{00}", "\u{1B}", "\u{7F}", "é", "ß",
      "\u{0301}", "王", "田", "😀", "👍", "\u{1F1EB}", "\u{1F1F7}", "\u{2028}", "\u{FEFF}", "\u{10FFFF}", "𝄞",
    ]
    let n = Int.random(in: 0...12, using: &rng)
    var s = String.UnicodeScalarView()
    for _ in 0..<n { s.append(pool.randomElement(using: &rng)!) }
    return String(s)
  }

  /// `s` as a JSON string literal, each scalar written raw or escaped at random
  /// (astral scalars as `\u` surrogate pairs).
  static func randomlyEscaped(_ s: String, _ rng: inout SeededGenerator) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      let v = scalar.value
      // U+FEFF always escaped: corelibs Foundation drops it when raw.
      let mustEscape = v < 0x20 || scalar == "\"" || scalar == "\\" || v == 0xFEFF
      if mustEscape || Bool.random(using: &rng) {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += Bool.random(using: &rng) ? "\\\\" : "\\u005C"
        case "/": out += "\\/"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        default:
          func hex(_ u: UInt32) -> String {
            let h = String(u, radix: 16, uppercase: Bool.random(using: &rng))
            return "\\u" + String(repeating: "0", count: 4 - h.count) + h
          }
          if v >= 0x10000 {
            let u = v - 0x10000
            out += hex(0xD800 + (u >> 10)) + hex(0xDC00 + (u & 0x3FF))
          } else {
            out += hex(v)
          }
        }
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  @Test func generatedStringsDecodeLikeJSONSerialization() throws {
    var rng = SeededGenerator(seed: 42)
    var originals: [String] = []
    var literals: [String] = []
    for _ in 0..<2_000 {
      let s = Self.randomString(&rng)
      originals.append(s)
      literals.append(Self.randomlyEscaped(s, &rng))
    }
    let json = "{\"generated\": [\n  " + literals.joined(separator: ",\n  ") + "\n]}"
    let list = try load(json)
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: [String]]
    let expected = decoded["generated"]!
    #expect(list.itemCount(0) == originals.count)
    for i in 0..<originals.count {
      let text = list.itemText(section: 0, item: i)
      #expect(text == originals[i], "item \(i): \(literals[i])")
      #expect(text == expected[i], "item \(i): \(literals[i])")
      #expect(list.itemJSON(section: 0, item: i) == literals[i])
    }
    let widest = originals.map { TextSanitizer.width($0) }.max()!
    #expect(list.maxItemWidth == widest)
  }

  @Test func generatedObjectsAndArraysDecodeLikeJSONSerialization() throws {
    var rng = SeededGenerator(seed: 7)
    var literals: [String] = []
    for i in 0..<300 {
      let a = Self.randomlyEscaped(Self.randomString(&rng), &rng)
      let b = Self.randomlyEscaped(Self.randomString(&rng), &rng)
      switch i % 3 {
      case 0: literals.append("{ \"name\" : \(a),\n \"tags\": [ \(b) , 1.5e2, null, { } ] }")
      case 1: literals.append("[\(a),\t\(b), [true, false], {\"k\": -0}]")
      default: literals.append("{\"other\": \(a)}")
      }
    }
    let json = "{\"g\": [" + literals.joined(separator: ", ") + "]}"
    let list = try load(json)
    let byName = try load(json, LoadOptions(itemField: "name"))
    let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: [Any]]
    for (i, value) in decoded["g"]!.enumerated() {
      Self.expectSame(list.itemText(section: 0, item: i), as: value, raw: literals[i], "item \(i)")
      if let object = value as? [String: Any], let name = object["name"] {
        Self.expectSame(byName.itemText(section: 0, item: i), as: name, raw: "", "name of item \(i)")
      } else {
        #expect(byName.itemText(section: 0, item: i) == list.itemText(section: 0, item: i))
      }
    }
    let widest = (0..<list.itemCount(0)).map { TextSanitizer.width(list.itemText(section: 0, item: $0)) }.max()!
    #expect(list.maxItemWidth == widest)
  }

  @Test func loneSurrogatesShowAsReplacementCharacters() throws {
    let list = try load(#"{"s": ["a\ud800b", "\udc00", "\ud83d\ud83d", "\ud83d\ude00\ude00", "\ud834"]}"#)
    #expect(
      contents(list)[0].dropFirst() == ["a\u{FFFD}b", "\u{FFFD}", "\u{FFFD}\u{FFFD}", "😀\u{FFFD}", "\u{FFFD}"])
  }
}

/// `state` reports the cursor item cut to what it needs, so a huge item
/// costs what a row costs (issue 14: 14 s and 800 MB for 200 MB).
@Suite struct StateItemPreviewTests {
  @Test func longItemsAreCutWithAnEllipsisShortOnesKeptWhole() throws {
    let long = String(repeating: "é\\\"x", count: 200_000)  // 600 000 characters, escaped
    var state = AppState(list: try load("{\"A\": [\"\(long)\", \"short\"]}"), width: 40, height: 8)
    let json = state.stateJSON()
    let expected = String(String(repeating: "é\"x", count: 400).prefix(AppState.stateItemCharacters)) + "…"
    #expect(json.contains("\"item\":\(JSONText.quoted(expected))"))
    _ = try state.run("key j")
    #expect(state.stateJSON().contains("\"item\":\"short\""))
    // Exactly at the limit: not cut.
    let exact = String(repeating: "a", count: AppState.stateItemCharacters)
    let atLimit = AppState(list: try load("{\"A\": [\"\(exact)\"]}"), width: 40, height: 8)
    #expect(atLimit.stateJSON().contains("\"item\":\"\(exact)\""))
  }
}
