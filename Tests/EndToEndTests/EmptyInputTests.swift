import Foundation
import TestScratch
import Testing

/// Inputs with nothing in them — an empty file or pipe, `{}`, a header-only
/// CSV, JSON Lines whose every line was skipped — end every mode with its
/// documented status, never a signal (issues 25 and 26 #2).
@Suite struct EmptyInputTests {
  /// `--filter-print` over no section at all matches nothing: exit 1 like
  /// `fzf --filter`, nothing printed (it died by SIGILL in `FilterRun.joined`).
  @Test(arguments: [
    (["--lines"], ""),
    (["--lines"], "\n"),
    ([], "{}"),
    (["--csv"], "name,capital\n"),
    (["--jsonl", "--skip-bad"], "x\n{\n"),
    (["--path", ".a"], "{\"a\":[]}"),
    (["--group-by", "k"], "[]"),
  ])
  func filterPrintOverNothingExitsOne(options: [String], input: String) throws {
    for query in ["x", ""] {
      let r = try Binary.run(options + ["--filter-print", query, "-"], input: input)
      #expect(r.status == 1, "\(options) \(input.debugDescription) '\(query)': \(r.stderr)")
      #expect(r.stdout.isEmpty)
      #expect(!r.stderr.contains("Fatal"))
    }
  }

  /// The same inputs as files, under `--check` (0 sections, exit 0) and a
  /// script that presses Enter (nothing to choose: exit 0, or 1 under `--pick`).
  @Test func checkAndScriptsOverNothingEndNormally() throws {
    let path = Scratch.file("")
    defer { Scratch.remove(path) }
    let check = try Binary.run(["--lines", "--check", path])
    #expect(check.status == 0)
    #expect(check.stdout == "0 sections, 0 items\n")
    let script = try Binary.run(["--lines", "--size", "20x4", "--script", "-", path], input: "key j\nkey Enter\n")
    #expect(script.status == 0, "\(script.stderr)")
    let pick = try Binary.run(
      ["--lines", "--pick", "--size", "20x4", "--script", "-", path], input: "key Enter\n")
    #expect(pick.status == 1, "\(pick.stderr)")
  }
}
