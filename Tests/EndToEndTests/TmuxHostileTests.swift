import Foundation
import Testing

/// The interactive program against a hostile world: output that cannot be
/// written, signals nobody expects. The terminal always comes back.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(1)))
struct TmuxHostileTests {
  @Test func enterWithStandardOutputOnAFullDiskIsAnError() async throws {
    let s = try TmuxSession("sectionnav --demo numbers > /dev/full")
    defer { s.close() }
    try await s.waitForStatus("row 2/220")
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 2)
    let screen = try s.capture()
    #expect(screen.contains("sectionnav: error: cannot write to standard output: No space left on device"), "\(screen)")
    try TmuxTest.expectRestored(s)
  }
}
