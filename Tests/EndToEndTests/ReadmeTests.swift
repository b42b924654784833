import Foundation
import Testing

/// The README shows what the program really does: its walk-through is the
/// fixture script and that script's real output, and CI runs its test command.
@Suite struct ReadmeTests {
  static let readme = (try? String(contentsOf: Binary.root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

  /// The fenced block after an HTML comment marker.
  static func block(after marker: String) -> String? {
    guard let m = readme.range(of: "<!-- \(marker) -->") else { return nil }
    let rest = readme[m.upperBound...]
    guard let open = rest.range(of: "```\n"), let close = rest[open.upperBound...].range(of: "\n```") else {
      return nil
    }
    return String(rest[open.upperBound..<close.lowerBound]) + "\n"
  }

  @Test func walkthroughScriptAndOutputAreReal() throws {
    let script = try String(
      contentsOf: Binary.root.appendingPathComponent("Fixtures/walkthrough.nav"), encoding: .utf8)
    #expect(Self.block(after: "walkthrough-script") == script)
    let run = try Binary.run(["--size", "60x12", "--script", "Fixtures/walkthrough.nav"])
    #expect(run.status == 0)
    #expect(Self.block(after: "walkthrough-output") == run.stdout)
  }

  @Test func ciRunsTheReadmeTestCommand() throws {
    let ci = try String(contentsOf: Binary.root.appendingPathComponent(".ci/run"), encoding: .utf8)
    #expect(Self.readme.contains("scripts/setup && swift test"))
    #expect(ci.contains("scripts/setup && swift test"))
  }
}
