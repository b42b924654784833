import Foundation
import Testing

/// The interactive program against a hostile world: output that cannot be
/// written, signals nobody expects. The terminal always comes back.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxHostileTests {
  @Test func enterWithStandardOutputOnAFullDiskIsAnError() async throws {
    let s = try TmuxSession("sectionnav --demo numbers > /dev/full")
    defer { s.close() }
    try await s.waitFor("the picker (output not a terminal)") { $0.status.hasPrefix("> ▏") }
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 2)
    let screen = try s.capture()
    #expect(screen.contains("sectionnav: error: cannot write to standard output: No space left on device"), "\(screen)")
    try TmuxTest.expectRestored(s)
  }

  @Test func enterWithStandardOutputClosedIsAnError() async throws {
    let s = try TmuxSession("sectionnav --demo numbers >&-")
    defer { s.close() }
    try await s.waitFor("the picker (output not a terminal)") { $0.status.hasPrefix("> ▏") }
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 2)
    let screen = try s.capture()
    #expect(screen.contains("sectionnav: error: cannot write to standard output: Bad file descriptor"), "\(screen)")
    try TmuxTest.expectRestored(s)
  }

  /// With a FILE and standard input a pipe, standard input is not a script:
  /// `while read f; do sectionnav "$f"; done < list` must not eat the list.
  /// Keys come from the terminal, as with fzf and less.
  @Test func standardInputIsNeverTakenAsAScript() async throws {
    let s = try TmuxSession(
      "printf 'state\\nquit\\n' | { sectionnav data.json; echo \"rest:$(cat)\"; }",
      files: ["data.json": TmuxTest.devicesJSON])
    defer { s.close() }
    try await s.waitForStatus("AirPods")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    let screen = try s.capture()
    #expect(screen.contains("rest:state"), "the program read the pipe:\n\(screen)")
    #expect(!screen.contains("\"offset\""), "\(screen)")
  }

  @Test func closedStandardInputStillReadsKeysFromTheTerminal() async throws {
    let s = try TmuxSession("sectionnav data.json <&-", files: ["data.json": TmuxTest.devicesJSON])
    defer { s.close() }
    try await s.waitForStatus("AirPods")
    try s.sendKeys("j", "Enter")
    #expect(try await s.waitForExit() == 0)
    #expect(try s.capture().contains("AirPods 2"))
    try TmuxTest.expectRestored(s)
  }

  @Test func linesWithoutInputOnATerminalIsAnError() async throws {
    let s = try TmuxSession("sectionnav --lines --check")
    defer { s.close() }
    #expect(try await s.waitForExit() == 2)
    #expect(try s.capture().contains("--lines needs a FILE or lines on standard input"))
  }
}

extension TmuxHostileTests {
  /// A history file that is a link to /dev/zero: the prompt opens at once
  /// with a warning (the read stops at the 1 MiB cap) and works.
  @Test func historyFileLinkedToDevZeroIsReportedAndThePromptWorks() async throws {
    let s = try TmuxSession(
      "mkdir -p state/sectionnav && ln -s /dev/zero state/sectionnav/commands_history && sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendKeys(":")
    try await s.waitFor("the status row cleared for the prompt") { $0.status.hasPrefix(":") || $0.status.isEmpty }
    try s.sendKeys("goto 10–19", "Enter")
    try await s.waitForStatus("cannot read history file")
    try await s.waitForStatus("10–19  item 11/200")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }
}

/// Signals nobody sends on purpose still give the terminal back.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxSignalTests {
  static let signals: [Int32] = [SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGVTALRM, SIGPROF, SIGSYS]

  /// Each ends the run like SIGTERM: terminal restored, exit 128 + N.
  @Test(arguments: signals)
  func unexpectedSignalRestoresTheTerminal(signal: Int32) async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    #expect(kill(try await s.pid(), signal) == 0)
    #expect(try await s.waitForExit() == 128 + signal)
    try TmuxTest.expectRestored(s)
  }

  /// The same with the `:` prompt open (libedit owns the line).
  @Test func unexpectedSignalAtThePromptRestoresTheTerminal() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendKeys(":")
    try await s.waitFor("the status row cleared for the prompt") { $0.status.isEmpty || $0.status == ":" }
    #expect(kill(try await s.pid(), SIGUSR1) == 0)
    #expect(try await s.waitForExit() == 128 + SIGUSR1)
    try TmuxTest.expectRestored(s)
  }

  /// A crash (here a SIGSEGV sent from outside, which the Swift runtime
  /// reports exactly like a real one): the terminal comes back first, the
  /// report is on standard error, not in the output, and does not wait for
  /// a key.
  @Test func crashGivesTheTerminalBackBeforeTheReport() async throws {
    let s = try TmuxSession("sectionnav --demo numbers > out.txt 2> err.txt")
    defer { s.close() }
    try await s.waitFor("the picker (output not a terminal)") { $0.status.hasPrefix("> ▏") }
    #expect(kill(try await s.pid(), SIGSEGV) == 0)
    #expect(try await s.waitForExit() == 128 + SIGSEGV)
    let report = s.file("err.txt") ?? ""
    #expect(report.contains("Program crashed"), "\(report)")
    #expect(!report.contains("Press space"), "\(report)")
    #expect(s.file("out.txt") == "")
    try TmuxTest.expectRestored(s)
  }
}
