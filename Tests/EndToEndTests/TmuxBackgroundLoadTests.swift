import Foundation
import TestScratch
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A large file opens at once and is indexed in the background.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxBackgroundLoadTests {
  /// About `megabytes` MB of valid sections, then a trailing comma at the very end.
  static func invalidAtTheEnd(megabytes: Int) -> String {
    var text = "{"
    let item = "\"an item with some text to make the file larger, number "
    var n = 0
    while text.utf8.count < megabytes << 20 {
      text += "\"S\(n)\":["
      for i in 0..<1000 { text += item + "\(i)\"" + (i < 999 ? "," : "") }
      text += "],"
      n += 1
    }
    return text + "\"Z\":[\"last\",]}"
  }

  /// Issue 14: Enter before background indexing finished printed an item and
  /// exited 0 although the file is invalid. The run ends with the located
  /// error and exit 2, whatever the user did meanwhile.
  @Test(arguments: ["Enter", "q"])
  func aFileFoundInvalidLateEndsTheRunWithItsError(key: String) async throws {
    let s = try TmuxSession(
      "sectionnav big.json > out 2> err", files: ["big.json": Self.invalidAtTheEnd(megabytes: 24)])
    defer { s.close() }
    // The key goes in while indexing runs — or, on a slow machine where the
    // load already failed, after the end, which must not matter either.
    try await s.waitFor("the first screen, or the end") {
      $0.status.contains("indexing") || s.file("status") != nil
    }
    if s.file("status") == nil { try s.sendKeys(key) }
    #expect(try await s.waitForExit() == 2)
    #expect(s.file("out") == "")
    let err = s.file("err") ?? ""
    #expect(err.hasPrefix("big.json:1:") && err.contains("error:"), "stderr: \(err)")
    try TmuxTest.expectRestored(s)
  }
}
