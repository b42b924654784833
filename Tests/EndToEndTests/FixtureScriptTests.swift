import Foundation
import SectionNavCore
import Testing

/// Every `Fixtures/*.nav` script runs against the built binary and must print
/// exactly its `*.out` (and `*.err`, when present) and exit as its header says.
/// Header lines: `# args: …` (arguments before `--script`), `# exit: N`,
/// `# env: NAME=VALUE …` (`$ROOT` in a value is the package root).
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
    var environment: [String: String] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("# ") {
      if line.hasPrefix("# args:") { args = try CommandLexer.words(String(line.dropFirst(7))) }
      if line.hasPrefix("# env:") {
        for word in try CommandLexer.words(String(line.dropFirst(6))) {
          let pair = word.split(separator: "=", maxSplits: 1).map(String.init)
          environment[pair[0]] =
            pair.count == 2 ? pair[1].replacingOccurrences(of: "$ROOT", with: Binary.root.path) : ""
        }
      }
      if line.hasPrefix("# exit:") { exit = Int32(line.dropFirst(7).trimmingCharacters(in: .whitespaces)) ?? -1 }
    }
    var result = try Binary.run(args + ["--script", "Fixtures/\(name)"], environment: environment)
    // Paths under the checkout are written `$ROOT/…`, so the files hold on any machine.
    result.stdout = result.stdout.replacingOccurrences(of: Binary.root.path, with: "$ROOT")
    result.stderr = result.stderr.replacingOccurrences(of: Binary.root.path, with: "$ROOT")
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
