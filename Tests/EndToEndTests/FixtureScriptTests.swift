import Foundation
import SectionNavCore
import Testing

/// Every `Fixtures/*.nav` script runs against the built binary and must print
/// exactly its `*.out` (and `*.err`, when present) and exit as its header says.
/// Header lines: `# args: …` (arguments before `--script`), `# exit: N`.
/// Set SECTIONNAV_UPDATE_FIXTURES=1 to rewrite the expected files (then review the diff).
@Suite struct FixtureScriptTests {
  static let fixtures = Binary.root.appendingPathComponent("Fixtures")

  static var scripts: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? [])
      .filter { $0.hasSuffix(".nav") }.sorted()
  }

  @Test(arguments: scripts)
  func scriptPrintsExpectedOutput(name: String) throws {
    let url = Self.fixtures.appendingPathComponent(name)
    let text = try String(contentsOf: url, encoding: .utf8)
    var args: [String] = []
    var exit: Int32 = 0
    for line in text.split(separator: "\n") where line.hasPrefix("# ") {
      if line.hasPrefix("# args:") { args = try CommandLexer.words(String(line.dropFirst(7))) }
      if line.hasPrefix("# exit:") { exit = Int32(line.dropFirst(7).trimmingCharacters(in: .whitespaces)) ?? -1 }
    }
    let result = try Binary.run(args + ["--script", "Fixtures/\(name)"])
    let base = url.deletingPathExtension()
    let outURL = base.appendingPathExtension("out")
    let errURL = base.appendingPathExtension("err")
    if ProcessInfo.processInfo.environment["SECTIONNAV_UPDATE_FIXTURES"] == "1" {
      // Not atomically: Foundation's atomic write leaves a directory behind in /tmp.
      try Data(result.stdout.utf8).write(to: outURL)
      if !result.stderr.isEmpty { try Data(result.stderr.utf8).write(to: errURL) }
    }
    let expected = try String(contentsOf: outURL, encoding: .utf8)
    #expect(result.status == exit, "exit status of \(name): \(result.stderr)")
    #expect(result.stdout == expected, "stdout of \(name)")
    let expectedErr = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
    #expect(result.stderr == expectedErr, "stderr of \(name)")
  }
}
