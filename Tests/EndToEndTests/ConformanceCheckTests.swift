import Foundation
import TestScratch
import Testing

/// The JSONTestSuite corpus through `sectionnav --check`: `y_` is never
/// "invalid JSON", `n_` always is (with FILE:LINE:COLUMN), `i_` never crashes
/// or hang — each file within a few seconds. The corpus is in `../shared`
/// when CI provides it (skipped, with the reason shown, in a bare clone); the
/// project's own cases in `Fixtures/conformance` always run.
@Suite struct ConformanceCheckTests {
  static let corpus = Binary.shared.appendingPathComponent("conformance/JSONTestSuite/test_parsing")
  static let ownCases = Binary.root.appendingPathComponent("Fixtures/conformance")
  static let corpusPresent = FileManager.default.fileExists(atPath: corpus.path)

  static func files(_ directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.hasSuffix(".json") }
      .sorted()
  }

  @Test(.enabled(if: corpusPresent, "JSONTestSuite corpus not found in ../shared/conformance; skipped"))
  func corpusIsPresent() {
    #expect(Self.files(Self.corpus).count > 300, "expected the corpus at \(Self.corpus.path)")
  }

  @Test(
    .enabled(if: corpusPresent, "JSONTestSuite corpus not found in ../shared/conformance; skipped"),
    arguments: files(corpus))
  func checkClassifiesDocument(name: String) throws {
    try check(Self.corpus.appendingPathComponent(name).path, name: name)
  }

  @Test(arguments: files(ownCases))
  func checkClassifiesOwnCase(name: String) throws {
    try check(Self.ownCases.appendingPathComponent(name).path, name: name)
  }

  func check(_ path: String, name: String) throws {
    let result = try Binary.run(["--check", path])
    // A crash shows as a signal status (> 128) or an empty message.
    #expect(result.status == 0 || result.status == 2, "\(name): status \(result.status)")
    let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
    let located =
      firstLine.hasPrefix("\(path):")
      && firstLine.range(of: #"^.*:\d+:\d+: error: "#, options: .regularExpression) != nil
    if name.hasPrefix("y_") {
      #expect(!result.stderr.contains("invalid JSON"), "\(name): \(firstLine)")
      if result.status == 2 { #expect(located && firstLine.contains("not sectioned data"), "\(name): \(firstLine)") }
      if result.status == 0 { #expect(result.stdout.hasSuffix(" items\n")) }
    } else if name.hasPrefix("n_") {
      #expect(result.status == 2, "\(name) was accepted")
      #expect(located && firstLine.contains("error: invalid JSON"), "\(name): \(firstLine)")
      #expect(result.stdout.isEmpty)
    } else {
      #expect(result.status == 0 || located, "\(name): \(firstLine)")
    }
  }
}
