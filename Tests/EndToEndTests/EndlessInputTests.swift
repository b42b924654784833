import Foundation
import TestScratch
import Testing

/// Inputs that never end are read as streams and rejected at their first bad
/// byte, instead of growing in memory until the kernel kills the program.
@Suite struct EndlessInputTests {
  @Test(arguments: [
    (["--check", "/dev/zero"], "/dev/zero:1:1: error: invalid JSON: unexpected U+0000, expected a value\n"),
    (["--check", "--jsonl", "/dev/zero"], "/dev/zero:1:1: error: invalid JSON: unexpected U+0000, expected a value\n"),
    (
      ["--check", "--group-by", "x", "/dev/zero"],
      "/dev/zero:1:1: error: invalid JSON: unexpected U+0000, expected a value\n"
    ),
  ])
  func endlessInvalidInputFailsAtOnce(arguments: [String], message: String) throws {
    let result = try Binary.run(arguments)
    #expect(result.status == 2)
    #expect(result.stderr == message)
  }

  @Test func randomBytesAreRejectedNearTheStart() throws {
    let result = try Binary.run(["--check", "/dev/urandom"])
    #expect(result.status == 2)
    #expect(
      result.stderr.range(of: #"^/dev/urandom:\d+:\d+: error: invalid JSON: "#, options: .regularExpression) != nil)
  }
}
