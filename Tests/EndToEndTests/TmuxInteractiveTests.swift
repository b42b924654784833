import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive navigator in a real terminal (tmux): the screen, keys,
/// mouse, signals, resizing, suspending, and the terminal left as it was
/// found after every way out.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxInteractiveTests {
  static let numbers = ["--demo", "numbers"]

  @Test func firstScreenKeysAndQuit() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    let first = try await s.waitForStatus("item 1/200")
    #expect(try s.display("#{alternate_on} #{mouse_any_flag} #{mouse_sgr_flag} #{mouse_button_flag}") == "1 1 1 1")
    #expect(first.lines.count == 24)
    // One header: the pinned row; the section's own header row is under it.
    #expect(first.row(1) == "0–9")
    #expect(first.row(2).hasPrefix("> 0 "))
    #expect(first.status.hasPrefix(" 0–9  item 1/200 "))
    try await s.expectFrame(try TmuxTest.scriptFrame(Self.numbers))

    try s.sendKeys("j", "j")
    let moved = try await s.waitForStatus("item 3/200")
    #expect(moved.row(2).hasPrefix("  0 "))
    #expect(moved.row(4).hasPrefix("> 2 "))
    try await s.expectFrame(try TmuxTest.scriptFrame(Self.numbers, ["key j j"]))

    try s.sendKeys("G")
    let last = try await s.waitForStatus("item 200/200")
    #expect(last.row(22).hasPrefix("> 199 "))  // 180–189's header under the pinned row
    try await s.expectFrame(try TmuxTest.scriptFrame(Self.numbers, ["key j j G"]))

    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// Scrolling one row at a time, paging and jumping: the writer's diffs (and
  /// scroll regions) must leave exactly the frame the compositor drew.
  /// Another program writing to the terminal (`echo … > /dev/tty`, `wall`)
  /// leaves its text on the screen, and its line feed scrolls it; `C-l`
  /// (also fzf's `clear-screen`, in pick mode) draws the frame whole again.
  @Test(arguments: [[], ["--pick"]]) func controlLRedrawsAScreenAnotherProgramWroteOn(pick: [String]) async throws {
    let s = try TmuxSession((["sectionnav"] + Self.numbers + pick).joined(separator: " "))
    defer { s.close() }
    let first = try await s.waitFor("the first screen") { $0.contains("> 0") }
    let tty = try s.display("#{pane_tty}")
    let garbage = FileHandle(forWritingAtPath: tty)
    garbage?.write(Data("\u{1b}[5;1HGARBAGE GARBAGE\n\n".utf8))
    try garbage?.close()
    try await s.waitFor("the garbage") { $0.contains("GARBAGE") }
    try s.sendKeys("C-l")
    try await s.expectFrame(first.lines)
  }

  @Test func incrementalRedrawsMatchTheFrame() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    var pressed: [String] = []
    let steps: [[String]] = [
      ["C-e"], ["C-e", "C-e", "C-e"], ["C-y"], ["Space"], ["d"], ["u"], ["]"], ["["], ["b"], ["End"], ["k"], ["Home"],
    ]
    let script = steps.map { "key " + $0.joined(separator: " ") + "\nprint" }
    let frames = try TmuxTest.scriptFrames(Self.numbers, script)
    for (step, expected) in zip(steps, frames) {
      pressed += step
      try s.sendKeys(step)
      try await s.waitFor("the frame after \(pressed.joined(separator: " "))") {
        $0.status == expected.last
      }
      try await s.expectFrame(expected)
    }
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  enum Ending: String, CaseIterable, CustomTestStringConvertible {
    case controlC, sigterm, sighup
    var testDescription: String { rawValue }
  }

  @Test(arguments: Ending.allCases)
  func interruptAndSignalsRestoreTheTerminal(ending: Ending) async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendKeys("j")
    try await s.waitForStatus("item 2/200")
    let expected: Int32
    switch ending {
    case .controlC:
      try s.sendKeys("C-c")
      expected = 130
    case .sigterm:
      #expect(kill(try await s.pid(), SIGTERM) == 0)
      expected = 143
    case .sighup:
      #expect(kill(try await s.pid(), SIGHUP) == 0)
      expected = 129
    }
    #expect(try await s.waitForExit() == expected)
    try TmuxTest.expectRestored(s)
  }

  @Test func enterPrintsTheChosenItemWhileTheUIRunsOnTheTerminal() async throws {
    // Output captured: pick mode, fzf's keys.
    let s = try TmuxSession(#"item=$(sectionnav --demo numbers)"#, then: #"printf '%s' "$item" > out"#)
    defer { s.close() }
    try await s.waitFor("the filter line") { $0.status.hasPrefix("> ▏") }
    try s.sendKeys("Down", "C-j")
    try await s.waitFor("the cursor on 2") { $0.contains("> 2 ") }
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 0)
    #expect(s.file("out") == "2")
    try TmuxTest.expectRestored(s)
  }

  @Test func printFormatGoesToStandardOutput() async throws {
    let s = try TmuxSession(#"sectionnav --demo numbers --print '{section}:{item}' > out"#)
    defer { s.close() }
    try await s.waitFor("the filter line") { $0.status.hasPrefix("> ▏") }
    try s.sendLiteral("^11$")
    try await s.waitFor("the one match") { $0.contains("> 11") }
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 0)
    #expect(s.file("out") == "10–19:11\n")
    try TmuxTest.expectRestored(s)
  }

  @Test func dataFromStandardInputKeysFromTheTerminal() async throws {
    let s = try TmuxSession(
      #"item=$(cat devices.json | sectionnav -)"#, then: #"printf '%s' "$item" > out"#,
      files: ["devices.json": TmuxTest.devicesJSON])
    defer { s.close() }
    let first = try await s.waitFor("the picker") { $0.status.hasPrefix("> ▏") && $0.contains("> AirPods 1") }
    #expect(first.row(2).hasPrefix("> AirPods 1"))
    try s.sendKeys("C-n")
    try await s.waitFor("the cursor down") { $0.contains("> AirPods 2") }
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 0)
    #expect(s.file("out") == "AirPods 2")
    try TmuxTest.expectRestored(s)
  }

  @Test func pickEscapeExits130() async throws {
    let s = try TmuxSession("sectionnav --demo numbers --pick")
    defer { s.close() }
    try await s.waitFor("the filter line") { $0.status.hasPrefix("> ▏") }
    try s.sendKeys("q", "Escape")
    #expect(try await s.waitForExit() == 130)
    try TmuxTest.expectRestored(s)
  }

  @Test func escapeQuits() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendKeys("Escape")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func helpShowsTheKeysAndAnyKeyClosesIt() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    let first = try await s.waitForStatus("item 1/200")
    try s.sendKeys("?")
    let page1 = try await s.waitForStatus("help 1/")
    #expect(page1.row(1).contains("sectionnav keys"))
    #expect(page1.contains("cursor down"))
    // 24 rows do not hold the whole table: Space shows the rest.
    try s.sendKeys("Space")
    let page2 = try await s.waitForStatus("help 2/")
    #expect(page2.contains("quit"))
    #expect(page2.contains("mouse"))
    try s.sendKeys("x")
    try await s.waitForStatus("item 1/200")
    try await s.expectFrame(first.lines)
    // Any key closes it from the first page too.
    try s.sendKeys("F1")
    try await s.waitForStatus("help 1/")
    try s.sendKeys("k")
    try await s.waitForStatus("item 1/200")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// Wide characters (also at the right edge), combining marks and control
  /// characters from the data, scrolled both ways: the terminal shows the
  /// cells the compositor drew (the writer never lets the cursor drift).
  @Test func wideAndControlCharactersLandOnTheirCells() async throws {
    let s = try TmuxSession("sectionnav wide.json", files: ["wide.json": TmuxTest.wideJSON])
    defer { s.close() }
    let args = [s.directory + "/wide.json"]
    try await s.waitForStatus("item 1/")
    var pressed: [String] = []
    for step in [[], ["l", "l", "l"], ["j", "j", "j", "j"], ["h"], ["$"], ["k", "k", "0"], ["G"]] {
      pressed += step
      if !step.isEmpty { try s.sendKeys(step) }
      let expected = try TmuxTest.scriptFrame(args, pressed.isEmpty ? [] : ["key " + pressed.joined(separator: " ")])
      try await s.expectFrame(expected)
    }
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  // MARK: Mouse

  @Test func clickOnTheIndexLandsOnTheSection() async throws {
    let args = Self.numbers + ["--index", "titles"]
    let s = try TmuxSession("sectionnav --demo numbers --index titles")
    defer { s.close() }
    let first = try await s.waitForStatus("item 1/200")
    // The 10th of 20 entries, one per row from row 3: "90" for "90–99".
    #expect(first.row(12).hasSuffix(" 90│"))
    try s.sendMouse(0, column: 78, row: 12)
    try s.sendMouse(0, column: 78, row: 12, release: true)
    let landed = try await s.waitForStatus("item 91/200")
    #expect(landed.status.hasPrefix(" 90–99 "))
    #expect(landed.row(2).hasPrefix("> 90 "))
    try await s.expectFrame(try TmuxTest.scriptFrame(args, ["click 78 12"]))
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func dragOnTheIndexShowsTheBubbleUntilRelease() async throws {
    let args = Self.numbers + ["--index", "titles"]
    let s = try TmuxSession("sectionnav --demo numbers --index titles")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    let frames = try TmuxTest.scriptFrames(
      args, ["press 78 3", "move 78 8", "print", "move 78 15", "print", "release 78 15", "print"])
    try #require(frames.count == 3)
    try s.sendMouse(0, column: 78, row: 3)
    try s.sendMouse(32, column: 78, row: 8)
    let dragging = try await s.expectFrame(frames[0])
    #expect(dragging.row(8).contains("50–59"), "the bubble names the section under the pointer")
    try s.sendMouse(32, column: 78, row: 15)
    try await s.expectFrame(frames[1])
    try s.sendMouse(0, column: 78, row: 15, release: true)
    let released = try await s.expectFrame(frames[2])
    #expect(released.status.hasPrefix(" 120–129 "))
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func dragOnTheVerticalIndicatorScrollsToTheEnd() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendMouse(0, column: 80, row: 2)
    try s.sendMouse(32, column: 80, row: 10)
    // The cursor comes along with the view (never left off screen).
    let middle = try await s.waitFor("the view to follow the drag") { !$0.status.contains("item 1/200") }
    #expect(!middle.contains("199 "))
    try s.sendMouse(32, column: 80, row: 23)
    try s.sendMouse(0, column: 80, row: 23, release: true)
    // 180–189's header is under the pinned row, so 199 is on the row above the last.
    let end = try await s.waitFor("the end of the list") { $0.row(22).hasPrefix("  199 ") }
    #expect(end.row(22).hasPrefix("  199 "))
    try await s.expectFrame(
      try TmuxTest.scriptFrame(Self.numbers, ["press 80 2", "move 80 10", "move 80 23", "release 80 23"]))
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func wheelScrollsThreeRows() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendLiteral("\u{1B}[<65;10;10M")
    try await s.expectFrame(try TmuxTest.scriptFrame(Self.numbers, ["wheel down 1 10 10"]))
    try s.sendLiteral("\u{1B}[<65;10;10M\u{1B}[<65;10;10M")
    try await s.expectFrame(try TmuxTest.scriptFrame(Self.numbers, ["wheel down 3 10 10"]))
    try s.sendLiteral("\u{1B}[<64;10;10M")
    try await s.expectFrame(try TmuxTest.scriptFrame(Self.numbers, ["wheel down 3 10 10", "wheel up 1 10 10"]))
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func noMouseLeavesMouseReportingOff() async throws {
    let s = try TmuxSession("sectionnav --demo numbers --no-mouse")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    #expect(try s.display("#{alternate_on} #{mouse_any_flag}") == "1 0")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// `--indicators auto`: the terminal's real clock drives the hiding (ticks
  /// reach the core). Exactly when — 1.5 s of tick time — is pinned by the
  /// fixture `indicator-auto-hide-timing.nav`, which drives the clock with
  /// `tick`; here a wall-clock bound would only measure the machine's load.
  @Test func autoIndicatorsHideAfterScrollingStops() async throws {
    let s = try TmuxSession("sectionnav --demo numbers --indicators auto")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendLiteral("\u{1B}[<65;10;10M")
    // Whether the thumb is still on screen when this poll sees the scroll
    // depends on the machine's load (1.5 s of real time); that it shows and
    // when it hides is pinned by the tick-driven fixture.
    let scrolled = try await s.waitFor("the scroll") { !$0.status.contains("item 1/200") }
    let hidden = try await s.waitFor("the indicator column to empty") { screen in
      (2...23).allSatisfy { screen.row($0).count < 80 }
    }
    #expect(hidden.status == scrolled.status)
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// With standard output on the terminal too, the chosen item is printed
  /// after the main screen is back, so it stays visible.
  @Test func enterPrintsOnTheMainScreen() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendKeys("j", "j", "j")
    try await s.waitForStatus("item 4/200")
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 0)
    let screen = try s.capture()
    #expect(screen.row(1) == "3", "\(screen)")
    try TmuxTest.expectRestored(s)
  }

  // MARK: Resizing

  @Test func resizeKeepsTheTopRowAndRedrawsAtTheNewSize() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendKeys("d", "d", "j")
    let before = try await s.waitFor("two half pages down") { !$0.status.contains("item 1/200") }
    let top = before.row(2)
    let offset = String(before.status[before.status.range(of: #"item \d+/200"#, options: .regularExpression)!])
    var commands = ["key d d j"]
    for (w, h) in [(60, 15), (100, 30), (80, 24)] {
      try s.resize(width: w, height: h)
      commands.append("resize \(w)x\(h)")
      let expected = try TmuxTest.scriptFrame(Self.numbers, commands, frameHeight: h)
      let screen = try await s.waitFor("a redraw at \(w)x\(h)") {
        $0.lines.count == h && $0.status == expected.last
      }
      // The same first list row and the same cursor item.
      #expect(screen.row(2).prefix(20) == top.prefix(20))
      #expect(screen.status.contains(offset))
      #expect(screen.status.contains("item "))
      try await s.expectFrame(expected)
    }
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func resizeStormLeavesTheProgramResponsive() async throws {
    let s = try TmuxSession("sectionnav --demo numbers")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.shell(
      """
      i=0
      while [ $i -lt 200 ]; do
        tmux_ resize-window -t t -x $((20 + i * 7 % 100)) -y $((3 + i * 5 % 40)) || exit 1
        i=$((i + 1))
      done
      tmux_ resize-window -t t -x 80 -y 24
      """)
    let expected = try TmuxTest.scriptFrame(Self.numbers)
    try await s.waitFor("the first frame again at 80x24") {
      $0.lines.count == 24 && $0.status == expected.last
    }
    try await s.expectFrame(expected)
    try s.sendKeys("j")
    try await s.waitForStatus("item 2/200")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  // MARK: Suspending

  /// C-z at the end of a pipeline stops the whole job, as the terminal's
  /// own C-z does (vim does the same): stopping sectionnav alone left the
  /// shell waiting, with no prompt, for a writer that went on
  /// (`tail -f log | sectionnav`).
  @Test func controlZInAPipelineStopsTheWholeJob() async throws {
    let s = try TmuxSession("sh -i")
    defer { s.close() }
    try await s.waitFor("the shell prompt") { $0.row(1).hasPrefix("$") }
    try s.sendLiteral(#"(echo apple; echo banana; exec sleep 300) | "$SECTIONNAV" --lines"#)
    try s.sendKeys("Enter")
    try await s.waitForStatus("item 1/2")
    // The shell has its prompt back (`suspend` waits for it): the whole job stopped.
    try await TmuxTest.suspend(s)
    try s.sendLiteral("kill -KILL %1; wait %1; echo reaped")
    try s.sendKeys("Enter")
    try await s.waitFor("the job killed") { $0.lines.contains("reaped") }
    // dash answers the first `exit` after a stopped job with a warning.
    for _ in 0..<2 {
      try s.sendLiteral("exit")
      try s.sendKeys("Enter")
    }
    #expect(try await s.waitForExit() == 0)
  }

  @Test func controlZSuspendsAndFgResumes() async throws {
    let (s, _) = try await TmuxTest.startFromShell("--demo numbers", status: "item 1/200")
    defer { s.close() }
    try s.sendKeys("j")
    try await s.waitForStatus("item 2/200")

    try await TmuxTest.suspend(s)

    try s.sendLiteral("fg")
    try s.sendKeys("Enter")
    try await s.waitForStatus("item 2/200")
    #expect(try s.display("#{alternate_on} #{mouse_any_flag}") == "1 1")
    try await s.expectFrame(try TmuxTest.scriptFrame(Self.numbers, ["key j"]))
    try s.sendKeys("j")  // raw mode again: a key, not echoed text
    try await s.waitForStatus("item 3/200")
    try s.sendKeys("q")
    try await s.waitFor("the shell prompt after q") {
      $0.lines.last(where: { !$0.isEmpty })?.hasPrefix("$") == true && !$0.contains("item 3/200")
    }
    try s.sendLiteral("exit")
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }
}
