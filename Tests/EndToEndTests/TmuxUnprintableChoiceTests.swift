import Foundation
import TestScratch
import Testing

/// Enter in the terminal on an item that cannot be printed as it is: exit 2
/// with a message and nothing on standard output (issue 26 #1 and #5).
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxUnprintableChoiceTests {
  /// After the "shrank on disk" warning the rows past the cut read as NUL
  /// bytes: Enter on one is the shrank error, not those bytes with exit 0.
  @Test func enterAfterTheFileShrankIsAnError() async throws {
    let s = try TmuxSession(
      "sectionnav --browse --lines fruits.txt > out; echo \"$?\" > rc", files: ["fruits.txt": "apple\nbanana\ncherry\n"]
    )
    defer { s.close() }
    try await s.waitForStatus("item 1/3")
    #expect(truncate(s.directory + "/fruits.txt", 0) == 0)
    try s.sendKeys("j")
    try await s.waitForStatus("shrank on disk")
    try s.sendKeys("j", "j", "Enter")
    #expect(try await s.waitForFile("rc") == "2\n")
    #expect(s.file("out") == "")
    let screen = try s.capture()
    #expect(screen.contains("sectionnav: error: fruits.txt: the file shrank while it was being read"), "\(screen)")
    try TmuxTest.expectRestored(s)
  }

  @Test func enterOnANULItemUnderPrint0IsAnError() async throws {
    let s = try TmuxSession(
      "sectionnav --browse --print0 files.json > out; echo \"$?\" > rc",
      files: ["files.json": #"{"files": ["notes.txt\u0000keep.txt", "a.txt"]}"#])
    defer { s.close() }
    try await s.waitForStatus("item 1/2")
    try s.sendKeys("Enter")
    #expect(try await s.waitForFile("rc") == "2\n")
    #expect(s.file("out") == "")
    let screen = try s.capture()
    #expect(screen.contains("--print0 cannot print item 1 of section 'files'"), "\(screen)")
    try TmuxTest.expectRestored(s)
  }
}
