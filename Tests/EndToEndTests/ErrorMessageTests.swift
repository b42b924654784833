import Foundation
import TestScratch
import Testing

/// Error messages quote file names, script lines, option values and data;
/// none of that reaches the terminal raw: ESC, BEL, NUL, other controls and
/// bidi overrides are shown as visible stand-ins (␛, ␇, ␀, U+FFFD).
@Suite struct ErrorMessageTests {
  /// No byte that could drive a terminal or reorder the text around it.
  static func expectClean(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let bad = stderr.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
    }
    #expect(
      bad.isEmpty, "raw \(bad.map { String($0.value, radix: 16) }) in \(stderr.debugDescription)",
      sourceLocation: sourceLocation)
    #expect(!stderr.isEmpty, sourceLocation: sourceLocation)
  }

  @Test func scriptLine() throws {
    let r = try Binary.run(["--demo", "numbers", "--script", "-"], input: "key \u{1B}]0;owned\u{07}\u{0}x\n")
    #expect(r.status == 2)
    Self.expectClean(r.stderr)
    #expect(r.stderr.contains("␛]0;owned␇␀x"), "\(r.stderr)")
  }

  @Test func fileName() throws {
    let r = try Binary.run(["--check", "no-such-\u{1B}[2J-\u{202E}file"])
    #expect(r.status == 2)
    Self.expectClean(r.stderr)
    #expect(r.stderr.contains("no-such-␛[2J-"), "\(r.stderr)")
  }

  @Test func optionValue() throws {
    let r = try Binary.run(["--demo", "\u{1B}[31mred\u{07}"])
    #expect(r.status == 2)
    Self.expectClean(r.stderr)
    #expect(r.stderr.contains("␛[31mred␇"), "\(r.stderr)")
  }

  @Test func environmentOptions() throws {
    let r = try Binary.run(["--check", "Fixtures/contacts.json"], environment: ["SECTIONNAV_OPTS": "--bogus\u{1B}[5m"])
    #expect(r.status == 2)
    Self.expectClean(r.stderr)
    #expect(r.stderr.contains("--bogus␛[5m"), "\(r.stderr)")
  }

  @Test func titleInALabelsFile() throws {
    let labels = Scratch.file(#"{"\u202Eevil\u001b[31m": 7}"#, suffix: ".json")
    defer { Scratch.remove(labels) }
    let s = try Binary.run(["Fixtures/contacts.json", "--index-labels", labels, "--script", "-"], input: "state\n")
    #expect(s.status == 2)
    Self.expectClean(s.stderr)
    #expect(s.stderr.contains("evil␛[31m"), "\(s.stderr)")
  }
}
