import Foundation
import Testing

@testable import SectionNavCore

/// The JSONTestSuite parsing corpus (README.md, "Data"): `y_` documents are JSON,
/// `n_` documents are invalid JSON with a position, nothing crashes.
/// The corpus lives beside the checkout in `../shared` (CI puts it there); a
/// clone without it skips these tests with the reason shown, and still runs
/// the project's own cases in `OwnConformanceTests`.
@Suite(.enabled(if: jsonTestSuitePresent, "JSONTestSuite corpus not found in ../shared/conformance; skipped"))
struct ConformanceTests {
  static let files: [URL] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: conformanceDirectory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { conformanceDirectory.appendingPathComponent($0) }
  }()

  static func files(_ prefix: String) -> [URL] { files.filter { $0.lastPathComponent.hasPrefix(prefix) } }

  @Test func theCorpusIsThere() {
    #expect(Self.files("y_").count >= 90)
    #expect(Self.files("n_").count >= 180)
    #expect(Self.files("i_").count >= 30)
  }

  @Test(arguments: files("y_"))
  func acceptedDocumentsAreJSON(_ url: URL) throws {
    let bytes = try [UInt8](Data(contentsOf: url))
    let error = loadError(bytes)
    #expect(error?.kind != .invalidJSON, "\(url.lastPathComponent): \(error?.description ?? "")")
  }

  @Test(arguments: files("n_"))
  func rejectedDocumentsAreInvalidJSONWithAPosition(_ url: URL) throws {
    let bytes = try [UInt8](Data(contentsOf: url))
    let error = loadError(bytes)
    #expect(error?.kind == .invalidJSON, "\(url.lastPathComponent)")
    #expect((error?.line ?? 0) >= 1)
    #expect((error?.column ?? 0) >= 1)
    #expect(error?.message.isEmpty == false)
  }

  /// The README's rules for what RFC 8259 leaves open: a byte-order mark
  /// (and so UTF-16) is rejected with a position; huge numbers, deep but
  /// allowed nesting, invalid UTF-8 and lone surrogates are JSON, the bad
  /// bytes shown as U+FFFD. Inside a section the verdict is the same.
  @Test(arguments: files("i_"))
  func implementationDefinedDocumentsFollowTheReadme(_ url: URL) throws {
    let name = url.lastPathComponent
    let bytes = try [UInt8](Data(contentsOf: url))
    let rejected = ["bom", "utf16", "utf-16"].contains { name.lowercased().contains($0) }
    let bare = loadError(bytes)
    if rejected {
      #expect(bare?.kind == .invalidJSON, "\(name) was accepted")
      #expect((bare?.line ?? 0) >= 1 && (bare?.column ?? 0) >= 1, "\(name)")
    } else {
      #expect(bare == nil || bare?.kind == .notSectioned, "\(name): \(bare?.description ?? "")")
    }
    let wrapped = Array(#"{"s": ["#.utf8) + bytes + Array("]}".utf8)
    do {
      let list = try JSONIndexer.load(wrapped)
      #expect(!rejected, "\(name) was accepted inside a section")
      #expect(list.itemCount == 1, "\(name)")
      if name.hasPrefix("i_string_") {
        // The document's one string as an item of its own.
        let strings = try JSONIndexer.load(Array(#"{"s": "#.utf8) + bytes + Array("}".utf8))
        #expect(strings.itemText(section: 0, item: 0).contains("\u{FFFD}"), "\(name): not shown as U+FFFD")
      }
    } catch {
      #expect(rejected, "\(name) was rejected inside a section: \(error.description)")
    }
  }

  @Test func deepNestingFromTheCorpusHitsTheDepthLimit() throws {
    let url = conformanceDirectory.appendingPathComponent("n_structure_100000_opening_arrays.json")
    let error = loadError(try [UInt8](Data(contentsOf: url)))
    #expect(error?.message == "nesting deeper than 10000 levels")
    #expect(error?.column == 10_001)
  }

  @Test func positionsOfSomeCorpusErrors() throws {
    func position(_ name: String) throws -> [Int] {
      let e = loadError(try [UInt8](Data(contentsOf: conformanceDirectory.appendingPathComponent(name))))
      return [e?.line ?? 0, e?.column ?? 0]
    }
    #expect(try position("n_array_extra_comma.json") == [1, 5])  // ["",]
    #expect(try position("n_object_trailing_comma.json") == [1, 9])  // {"id":0,}
    #expect(try position("n_number_-01.json") == [1, 4])  // [-01]
    #expect(try position("n_structure_no_data.json") == [1, 1])
    #expect(try position("n_string_unescaped_tab.json") == [1, 3])  // ["<TAB>"]
  }
}

/// The project's own conformance cases, one small file per RFC 8259 rule in
/// `Fixtures/conformance/`: `y_NAME.json` is JSON, `n_NAME.json` is not. Each
/// has `NAME.expected`: the sections and items a user sees, or the located
/// error. SECTIONNAV_UPDATE_FIXTURES=1 rewrites them (then review the diff).
@Suite struct OwnConformanceTests {
  static let directory = repositoryRoot.appendingPathComponent("Fixtures/conformance")

  static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()

  @Test func everyRuleHasCases() {
    for rule in ["object", "array", "whitespace", "value", "escape", "surrogate", "number", "utf8", "depth", "bom"] {
      #expect(Self.names.contains { $0.dropFirst(2).hasPrefix(rule) }, "no case for \(rule)")
    }
    #expect(Self.names.filter { $0.hasPrefix("y_") }.count >= 40)
    #expect(Self.names.filter { $0.hasPrefix("n_") }.count >= 35)
  }

  @Test(arguments: names)
  func caseLoadsAsExpected(_ name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name)))
    let outcome: String
    do {
      outcome = "\(contents(try JSONIndexer.load(bytes)))\n"
    } catch {
      outcome = "\(error.line):\(error.column): \(error.kind.rawValue): \(error.message)\n"
    }
    if name.hasPrefix("y_") {
      #expect(!outcome.contains(LoadError.Kind.invalidJSON.rawValue), "\(name): \(outcome)")
    } else {
      #expect(outcome.contains(": \(LoadError.Kind.invalidJSON.rawValue): "), "\(name) was accepted")
    }
    let expectedURL = Self.directory.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".expected"))
    if ProcessInfo.processInfo.environment["SECTIONNAV_UPDATE_FIXTURES"] == "1" {
      try Data(outcome.utf8).write(to: expectedURL)
    }
    #expect(outcome == (try String(contentsOf: expectedURL, encoding: .utf8)), "\(name)")
  }
}
