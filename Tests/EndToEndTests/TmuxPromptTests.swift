import Foundation
import TestScratch
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `:` and `/` prompts (libedit on the status row) in a real terminal:
/// commands, errors, Tab completion, history that survives a restart, search.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxPromptTests {
  static let numbers = ["--demo", "numbers"]

  /// Opens the prompt with `lead` (":" or "/") and waits for libedit to show it.
  static func openPrompt(_ s: TmuxSession, _ lead: String) async throws {
    try s.sendKeys(lead)
    try await s.waitFor("the \(lead) prompt on the status row") { $0.status == lead }
  }

  /// Types `text` at the open prompt and waits until the status row shows it.
  static func type(_ s: TmuxSession, _ lead: String, _ text: String) async throws {
    try s.sendLiteral(text)
    try await s.waitFor("\(lead)\(text) on the status row") { $0.status == lead + text }
  }

  @Test func gotoLandsThereAndABadCommandLeavesTheViewWithAnError() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try await Self.openPrompt(s, ":")
    try await Self.type(s, ":", #"goto "50–59" center"#)
    try s.sendKeys("Enter")
    let landed = try await s.waitForStatus("item 51/200")
    // Centred: the header of 50–59 is in the middle of the list rows.
    #expect(landed.row(12).hasPrefix("50–59 "))
    #expect(landed.row(13).hasPrefix("> 50 "))
    try await s.expectFrame(try TmuxTest.scriptFrame(Self.numbers, [#"goto "50–59" center"#]))

    try await Self.openPrompt(s, ":")
    try await Self.type(s, ":", "frobnicate")
    try s.sendKeys("Enter")
    let refused = try await s.waitForStatus("error: unknown command 'frobnicate'")
    try await s.expectFrame(landed.lines, rows: 1...23)
    #expect(refused.status.hasPrefix(" 50–59  item 51/200 "))  // the cursor's section

    // The next key clears the message; the view still answers keys.
    try s.sendKeys("j")
    let next = try await s.waitForStatus("item 52/200")
    #expect(!next.status.contains("error"))
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// A command typed ahead in one burst (pasted, or one packet over a slow
  /// link) reaches the prompt whole, though the list read it before the
  /// prompt opened; the keys after its Enter go back to the list.
  @Test func aCommandTypedAheadInOneBurstRunsAndTheKeysAfterItMoveTheList() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendLiteral(":goto \"50–59\"\rjj")
    let moved = try await s.waitForStatus("item 53/200")
    #expect(!moved.status.contains("error"))
    // The line went into the history like a typed one.
    try await Self.openPrompt(s, ":")
    try s.sendKeys("Up")
    try await s.waitFor("the command back from the history") { $0.status == #":goto "50–59""# }
    try s.sendKeys("Escape")
    try await s.waitForStatus("item 53/200")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// A paste into the prompt is text: its line break does not run the line
  /// and the keys after it do not reach the list (a pasted `scroll bottom⏎q`
  /// ran the command, then quit), a pasted C-c does not close the prompt,
  /// an escape sequence in it moves nothing. Line breaks are dropped (as in
  /// the filter's query), a tab is a space, control characters are left out.
  @Test func aPasteIntoThePromptIsTextNotKeys() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try await Self.openPrompt(s, ":")
    try s.paste("scroll bottom\nq")
    try await s.waitFor("the pasted text on the line") { $0.status == ":scroll bottomq" }
    try s.paste("\u{3}x\ty\u{1B}[A")
    try await s.waitFor("the second paste after it") { $0.status == ":scroll bottomqx y[A" }
    // Keys typed after a paste are keys again.
    try s.sendKeys("C-u")
    try await Self.type(s, ":", #"goto "50–59""#)
    try s.sendKeys("Enter")
    try await s.waitForStatus("item 51/200")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func tabCompletesTheCommandThenASectionTitleWithASpace() async throws {
    let s = try TmuxSession("sectionnav devices.json", files: ["devices.json": TmuxTest.devicesJSON])
    defer { s.close() }
    try await s.waitForStatus("item 1/")
    try await Self.openPrompt(s, ":")
    try await Self.type(s, ":", "go")
    try s.sendKeys("Tab")
    try await s.waitFor(":goto after Tab") { $0.status == ":goto" }
    try s.sendLiteral("Ap")
    try await s.waitFor(":goto Ap") { $0.status == ":goto Ap" }
    try s.sendKeys("Tab")
    try await s.waitFor("the completed title") { $0.status == #":goto "Apple Watch""# }
    try s.sendKeys("Enter")
    let landed = try await s.waitForStatus(" Apple Watch ")
    #expect(landed.row(1) == "Apple Watch")
    #expect(landed.row(2).hasPrefix("> Watch Series 1"))
    try await s.expectFrame(try TmuxTest.scriptFrame([s.directory + "/devices.json"], [#"goto "Apple Watch""#]))
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func commandHistorySurvivesARestart() async throws {
    // Two runs in a row in the same pane, with the same XDG_STATE_HOME.
    let s = try TmuxSession("sectionnav --demo numbers && sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try await Self.openPrompt(s, ":")
    try await Self.type(s, ":", #"goto "50–59" center"#)
    try s.sendKeys("Enter")
    try await s.waitForStatus("item 51/200")
    try s.sendKeys("q")
    let saved = try await s.waitForFile("state/sectionnav/commands_history")
    #expect(saved.contains(#"goto "50–59" center"#))

    // The second run starts at the top again.
    try await s.waitForStatus("item 1/200")
    try await Self.openPrompt(s, ":")
    try s.sendKeys("Up")
    try await s.waitFor("the recalled command") { $0.status == #":goto "50–59" center"# }
    try s.sendKeys("Enter")
    try await s.waitForStatus("item 51/200")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func searchThenNextAndPrevious() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    let frames = try TmuxTest.scriptFrames(Self.numbers, ["search 19", "print", "next", "print", "previous", "print"])
    try #require(frames.count == 3)

    try await Self.openPrompt(s, "/")
    try await Self.type(s, "/", "19")
    try s.sendKeys("Enter")
    try await s.waitForStatus("match 1/15")
    try await s.expectFrame(frames[0])
    try s.sendKeys("n")
    try await s.waitForStatus("match 2/15")
    try await s.expectFrame(frames[1])
    try s.sendKeys("N")
    try await s.waitForStatus("match 1/15")
    try await s.expectFrame(frames[2])
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    #expect(s.file("state/sectionnav/search_history") == "19\n")
    try TmuxTest.expectRestored(s)
  }

  enum Signal: String, CaseIterable, CustomTestStringConvertible {
    case term, hup
    var testDescription: String { "SIG" + rawValue.uppercased() }
  }

  /// A signal while libedit reads the line ends the program like anywhere
  /// else (it used to retry the read and stay in the prompt).
  @Test(arguments: Signal.allCases)
  func signalDuringThePromptEndsTheProgram(signal: Signal) async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    let lead = signal == .term ? ":" : "/"
    try await Self.openPrompt(s, lead)
    try await Self.type(s, lead, "goto 5")
    #expect(kill(try await s.pid(), signal == .term ? SIGTERM : SIGHUP) == 0)
    #expect(try await s.waitForExit() == (signal == .term ? 143 : 129))
    try TmuxTest.expectRestored(s)
    // The unfinished line is not run, nor remembered.
    #expect(s.file("state/sectionnav/commands_history") == nil)
  }

  @Test func resizeWhileThePromptIsOpen() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try await Self.openPrompt(s, ":")
    try await Self.type(s, ":", "goto 50")
    try s.resize(width: 60, height: 15)
    // libedit goes on with the same line at the new size.
    try await s.waitFor("the prompt on the new last row") { $0.lines.count == 15 && $0.status == ":goto 50" }
    // The list behind the prompt is repainted at the new size at once, not
    // when the prompt closes.
    try await s.expectFrame(
      try TmuxTest.scriptFrame(Self.numbers, ["resize 60x15"], frameHeight: 15), rows: 1...14)
    #expect(try s.capture().status == ":goto 50")
    try s.sendLiteral("–59")
    try await s.waitFor("the whole line") { $0.status == ":goto 50–59" }
    try s.sendKeys("Enter")
    try await s.waitForStatus("item 51/200")
    try await s.expectFrame(try TmuxTest.scriptFrame(Self.numbers, ["goto 50–59", "resize 60x15"], frameHeight: 15))
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func escapeAtThePromptCancelsIt() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    let first = try await s.waitForStatus("item 1/200")
    try await Self.openPrompt(s, ":")
    try await Self.type(s, ":", "goto")
    try s.sendKeys("Escape")
    try await s.waitForStatus("item 1/200")
    try await s.expectFrame(first.lines)
    // C-c at a prompt cancels the prompt, not the program.
    try await Self.openPrompt(s, "/")
    try s.sendKeys("C-c")
    try await s.waitForStatus("item 1/200")
    try s.sendKeys("j")
    try await s.waitForStatus("item 2/200")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// C-z at the prompt suspends the program like C-z in the list (libedit
  /// turns terminal signals off while it edits, so the shim binds it): the
  /// terminal as it was found, the shell in charge; `fg` brings back the UI
  /// with the prompt and its unfinished line, which still works.
  @Test func controlZAtThePromptSuspendsAndFgBringsItBack() async throws {
    let (s, first) = try await TmuxTest.startFromShell("--demo numbers", status: "item 1/200")
    defer { s.close() }
    try await Self.openPrompt(s, ":")
    try await Self.type(s, ":", "goto 50")

    let stopped = try await TmuxTest.suspend(s)
    #expect(!stopped.contains(":goto 50"))

    try s.sendLiteral("fg")
    try s.sendKeys("Enter")
    try await s.waitFor("the prompt back with its line") { $0.status == ":goto 50" }
    #expect(try s.display("#{alternate_on}") == "1")
    try await s.expectFrame(first.lines, rows: 1...23)
    // Still libedit's line, in its editing mode.
    try s.sendLiteral("–59")
    try await s.waitFor("the whole line") { $0.status == ":goto 50–59" }
    try s.sendKeys("Enter")
    try await s.waitForStatus("item 51/200")
    #expect(try s.display("#{alternate_on} #{mouse_any_flag}") == "1 1")
    try s.sendKeys("j")  // raw mode again: a key, not echoed text
    try await s.waitForStatus("item 52/200")

    try s.sendKeys("q")
    try await s.waitFor("the shell prompt after q") {
      $0.lines.last(where: { !$0.isEmpty })?.hasPrefix("$") == true && !$0.contains("item 52/200")
    }
    try s.sendLiteral("echo status=$?")
    try s.sendKeys("Enter")
    try await s.waitFor("the program's exit status") { $0.contains("status=0") }
    #expect(try s.display("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "0 0 1")
    try s.sendLiteral("exit")
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// A signal that arrives while the prompt is open is acted on at once, not
  /// at the next key. The command history is a FIFO: it used to make opening
  /// the prompt wait (the window in which the signal was lost); now it is
  /// refused at once (issue 26 #8), so the prompt opens without blocking and
  /// the signal still ends the program.
  @Test func sigtermJustBeforeThePromptReadsEndsTheProgramWithoutAKey() async throws {
    let s = try TmuxSession(
      "mkdir -p state/sectionnav && mkfifo state/sectionnav/commands_history && sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendKeys(":")
    try await s.waitFor("the prompt open without waiting on the FIFO") { $0.status.hasPrefix(":") }
    #expect(kill(try await s.pid(), SIGTERM) == 0)
    #expect(try await s.waitForExit() == 143)
    try TmuxTest.expectRestored(s)
  }
}

/// Issue 14: a stop signal that comes while a prompt is open ends the
/// program before anything typed ahead is handled (a second prompt typed
/// quickly used to open and keep the program alive until it was closed).
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxPromptSignalTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var keys: String
    var signal: Int32
    var status: Int32
    var testDescription: String { "\(keys) then signal \(signal)" }
  }

  static let cases: [Case] =
    ["::", "//", ":/", "/:"].flatMap { keys in
      [Case(keys: keys, signal: SIGTERM, status: 143), Case(keys: keys, signal: SIGHUP, status: 129)]
    } + [Case(keys: "::", signal: SIGQUIT, status: 131)]

  @Test(arguments: cases)
  func aStopSignalAtAPromptWinsOverKeysTypedAhead(_ c: Case) async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    // Both keys in one write: the second is read before the first prompt
    // opens, and is typed into it (typeahead), as a shell's line editor
    // takes keys typed ahead.
    try s.sendLiteral(c.keys)
    try await s.waitFor("the first prompt with the second key in its line") { $0.status == c.keys }
    #expect(kill(try await s.pid(), c.signal) == 0)
    #expect(try await s.waitForExit() == c.status)
    try TmuxTest.expectRestored(s)
  }

  /// `Esc x` at the prompt opens libedit's own command line, which reads
  /// keys in a loop of its own: SIGTERM there ends the program too.
  @Test func sigtermInLibeditsCommandLineEndsTheProgram() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try await TmuxPromptTests.openPrompt(s, ":")
    try s.sendLiteral("\u{1B}x")
    try s.sendLiteral("abc")
    // libedit's command line has its own prompt, ": ".
    try await s.waitFor("libedit's command line") { $0.status == ": abc" }
    #expect(kill(try await s.pid(), SIGTERM) == 0)
    #expect(try await s.waitForExit() == 143)
    try TmuxTest.expectRestored(s)
  }
}
