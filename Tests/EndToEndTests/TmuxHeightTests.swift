import Foundation
import Testing

/// `--height` as fzf has it: the picker takes N rows (or N% of the terminal)
/// below the shell's last line on the main screen, the lines above stay, and
/// on exit its rows are blank again with the cursor where the shell left it,
/// so what it prints lands on the next line. fzf is run through the same steps
/// when `scripts/setup` installed it in .build/oracles/fzf.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxHeightTests {
  static let list = "apple\napricot\navocado\nbanana\nblueberry\ncherry\n"
  static let fzf = Binary.root.appendingPathComponent(".build/oracles/fzf/bin/fzf").path

  struct Case: Sendable, CustomStringConvertible {
    /// Lines the shell printed before the picker.
    var shellLines: Int
    var height: String
    var paneHeight: Int
    /// Rows the picker should take.
    var rows: Int
    var description: String { "\(shellLines) lines, --height \(height) in \(paneHeight) rows" }
  }

  static let cases = [
    Case(shellLines: 3, height: "6", paneHeight: 24, rows: 6),
    Case(shellLines: 3, height: "40%", paneHeight: 30, rows: 12),
    // Near the bottom the screen scrolls up to make room, as fzf's does.
    Case(shellLines: 20, height: "6", paneHeight: 24, rows: 6),
  ]

  /// The pane's rows once the shell printed `count` lines: the lines that
  /// are still on screen after making room for `rows` rows below them.
  static func shellRows(_ c: Case) -> [String] {
    let scrolled = max(0, c.shellLines + c.rows - c.paneHeight)
    return (scrolled + 1...c.shellLines).map { "shell-\($0)" }
  }

  /// Runs `picker` after the shell lines, waits until `ready`, checks the
  /// lines above stayed and the picker is within its rows, types `keys`
  /// (the rest once the first shows as `typed`, when given); returns the
  /// screen after exit and the status.
  static func run(
    _ c: Case, _ picker: String, keys: [String], ready: @escaping (TmuxSession.Screen, Int) -> Bool,
    typed: ((TmuxSession.Screen) -> Bool)? = nil
  ) async throws -> (screen: TmuxSession.Screen, status: Int32) {
    let command = "i=1; while [ $i -le \(c.shellLines) ]; do echo shell-$i; i=$((i+1)); done; " + picker + " < list"
    let s = try TmuxSession(command, height: c.paneHeight, files: ["list": list])
    defer { s.close() }
    let above = shellRows(c)
    let promptRow = above.count + c.rows
    let open = try await s.waitFor("the picker in \(c.rows) rows") { ready($0, promptRow) }
    #expect(Array(open.lines.prefix(above.count)) == above, "lines above the picker:\n\(open)")
    #expect(open.lines.dropFirst(promptRow).allSatisfy { $0.isEmpty }, "rows below the picker:\n\(open)")
    #expect(try s.display("#{alternate_on}") == "0")
    try s.sendLiteral(keys[0])
    if let typed { _ = try await s.waitFor("the query matched") { typed($0) } }
    try s.sendKeys(Array(keys.dropFirst()))
    let status = try await s.waitForExit()
    try TmuxTest.expectRestored(s)
    return (try s.capture(), status)
  }

  static func ours(_ c: Case) -> String { "sectionnav --pick --height \(c.height)" }

  /// Types `keys` into the picker (then into fzf, when it is there) and
  /// checks the status and that the screen after exit is the shell's lines,
  /// then `printed`, then nothing — the same screen fzf leaves.
  static func expectAfterExit(_ c: Case, keys: [String], status expected: Int32, printed: [String]) async throws {
    let ready: (TmuxSession.Screen, Int) -> Bool = { $0.row($1).hasPrefix("> ▏") }
    let (after, status) = try await run(c, ours(c), keys: keys, ready: ready)
    #expect(status == expected)
    let lines = shellRows(c) + printed
    #expect(Array(after.lines.prefix(lines.count)) == lines, "after exit:\n\(after)")
    #expect(after.lines.dropFirst(lines.count).allSatisfy { $0.isEmpty }, "after exit:\n\(after)")
    guard FileManager.default.isExecutableFile(atPath: fzf) else { return }
    // fzf matches on its own thread: an Enter typed before the count
    // changes from 6/6 can take the first row (apple) under load.
    let theirs = try await run(
      c, fzf + " --height \(c.height)", keys: keys, ready: { screen, _ in screen.contains("6/6") },
      typed: { $0.contains("/6") && !$0.contains("6/6") })
    #expect(theirs.status == status)
    #expect(theirs.screen.lines == after.lines, "fzf left:\n\(theirs.screen)")
  }

  @Test(arguments: cases) func chosenItemPrintedBelowTheIntactLines(c: Case) async throws {
    try await Self.expectAfterExit(c, keys: ["blue", "Enter"], status: 0, printed: ["blueberry"])
  }

  @Test(arguments: cases) func escapeExits130WithTheRowsCleared(c: Case) async throws {
    try await Self.expectAfterExit(c, keys: ["ap", "Escape"], status: 130, printed: [])
  }

  /// Mouse rows count from the picker's first row, not the screen's: a click
  /// on the row that shows `avocado` puts the cursor there.
  @Test func clickPicksTheRowUnderThePointer() async throws {
    let c = Self.cases[0]
    let command = "echo shell-1; echo shell-2; echo shell-3; \(Self.ours(c)) < list"
    let s = try TmuxSession(command, height: c.paneHeight, files: ["list": Self.list])
    defer { s.close() }
    let open = try await s.waitFor("the picker") { $0.row(3 + c.rows).hasPrefix("> ▏") }
    let row = try #require(open.lines.firstIndex { $0.hasPrefix("  avocado") }) + 1
    try s.sendMouse(0, column: 5, row: row)
    try s.sendMouse(0, column: 5, row: row, release: true)
    try await s.waitFor("the cursor on avocado") { $0.row(row).hasPrefix("> avocado") }
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 0)
    #expect(try s.capture().row(4) == "avocado")
  }

  /// A drag on the index that leaves the region above it and is released
  /// there: the release ends the drag, and the next click picks the row
  /// under it. (The release outside was dropped, so the click's press went
  /// on with the drag and moved the list to the index entry at its row.)
  @Test func aDragReleasedAboveTheRegionEndsThere() async throws {
    let sections = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { c -> String in
      let t = String(UnicodeScalar(c))
      return "\"\(t)\": [\"\(t.lowercased())1\", \"\(t.lowercased())2\", \"\(t.lowercased())3\"]"
    }
    let command =
      "i=1; while [ $i -le 20 ]; do echo shell-$i; i=$((i+1)); done; sectionnav --browse --height 10 az.json"
    let s = try TmuxSession(command, height: 24, files: ["az.json": "{" + sections.joined(separator: ", ") + "}"])
    defer { s.close() }
    let open = try await s.waitFor("the list below the shell's lines") { $0.row(24).contains("item 1/78") }
    // The index column: its first entry, `A`, on the region's second row.
    let column = try #require(open.row(16).utf16.count > 2 ? open.row(16).count - 1 : nil)
    try s.sendMouse(0, column: column, row: 16)
    try s.sendMouse(32, column: column, row: 20)
    _ = try await s.waitFor("the list moved by the drag") { !$0.row(24).contains("item 1/78") }
    try s.sendMouse(32, column: column, row: 5)
    try s.sendMouse(0, column: column, row: 5, release: true)
    // Past the region's top: the first entry, as past a full screen's top.
    let back = try await s.waitFor("the drag at the top") { $0.row(24).contains("item 1/78") }
    let row = try #require(back.lines.firstIndex { $0.hasPrefix("  b1") }) + 1
    try s.sendMouse(0, column: 5, row: row)
    try s.sendMouse(0, column: 5, row: row, release: true)
    let picked = try await s.waitFor("the cursor on b1") { $0.row(row).hasPrefix("> b1") }
    #expect(picked.row(24).contains("item 4/78"), "\(picked)")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
  }

  /// A shorter window pushes the top lines into the scrollback, the
  /// picker's rows with them: the picker is drawn again where its rows went,
  /// below the shell's last line, and on exit none of its rows is left
  /// above the shell's next line (as fzf, which moves only relative to its
  /// own rows, leaves none).
  @Test func aShorterWindowLeavesNoRowsBehind() async throws {
    let command = "i=1; while [ $i -le 12 ]; do echo shell-$i; i=$((i+1)); done; sectionnav --pick --height 10 < list"
    let s = try TmuxSession(command, height: 24, files: ["list": Self.list])
    defer { s.close() }
    _ = try await s.waitFor("the picker below the shell's lines") { $0.row(22).hasPrefix("> ▏") }
    try s.resize(width: 80, height: 20)
    let shown = try await s.waitFor("the picker redrawn in 20 rows") { screen in
      screen.lines.count == 20 && screen.lines.contains("shell-12") && screen.row(20).hasPrefix("> ▏")
    }
    let last = try #require(shown.lines.firstIndex(of: "shell-12"))
    #expect(shown.lines.prefix(last + 1).allSatisfy { $0.hasPrefix("shell-") }, "after the resize:\n\(shown)")
    #expect(shown.lines.count - last - 1 == 10, "the picker's rows:\n\(shown)")
    try s.sendKeys("Escape")
    #expect(try await s.waitForExit() == 130)
    let after = try s.capture()
    let kept = after.lines.prefix { $0.hasPrefix("shell-") }
    #expect(kept.last == "shell-12", "after exit:\n\(after)")
    #expect(after.lines.dropFirst(kept.count).allSatisfy { $0.isEmpty }, "after exit:\n\(after)")
  }

  /// A `:` line ended with Enter at the terminal's last row: libedit's own
  /// newline wrote a line feed there, which scrolled the screen, and one
  /// row of the picker stayed above the shell's next line for good.
  @Test func aPromptAtTheLastRowLeavesNoRowBehind() async throws {
    let command =
      "i=1; while [ $i -le 20 ]; do echo shell-$i; i=$((i+1)); done; sectionnav --browse --lines --height 6 list"
    let s = try TmuxSession(command, height: 24, files: ["list": Self.list])
    defer { s.close() }
    _ = try await s.waitFor("the list below the shell's lines") { $0.row(24).contains("item 1/6") }
    try s.sendKeys(":")
    try await s.waitFor("the prompt") { $0.status == ":" }
    try s.sendLiteral("goto B")
    try s.sendKeys("Enter")
    let moved = try await s.waitFor("the list at B") { $0.row(24).contains("item 4/6") }
    #expect(moved.row(18) == "shell-20", "after the line:\n\(moved)")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    let after = try s.capture()
    let kept = after.lines.prefix { $0.hasPrefix("shell-") }
    #expect(kept.first == "shell-3" && kept.last == "shell-20", "after exit:\n\(after)")
    #expect(after.lines.dropFirst(kept.count).allSatisfy { $0.isEmpty }, "after exit:\n\(after)")
  }

  /// What the line editor writes beyond the prompt's row at the terminal's
  /// last row scrolls the screen: Tab's candidate list, C-r's search line,
  /// a line longer than the terminal is wide.
  enum Overflow: String, CaseIterable, Sendable {
    case candidates, historySearch, wrappedLine
  }

  /// After such a prompt the rows above the picker held a copy of its top
  /// rows (the screen had scrolled under the line editor and the picker was
  /// drawn again where it had been); now only the shell's lines are there,
  /// and after exit the shell's next line comes right below them.
  @Test(arguments: Overflow.allCases)
  func aPromptThatScrollsTheScreenLeavesNoCopyOfThePicker(_ overflow: Overflow) async throws {
    let command =
      "i=1; while [ $i -le 20 ]; do echo shell-$i; i=$((i+1)); done; sectionnav --browse --lines --height 6 list"
    let s = try TmuxSession(command, width: 40, height: 24, files: ["list": Self.list])
    defer { s.close() }
    _ = try await s.waitFor("the list below the shell's lines") { $0.row(24).contains("item 1/6") }
    switch overflow {
    case .candidates:
      try s.sendKeys(":")
      _ = try await s.waitFor("the prompt") { $0.status == ":" }
      try s.sendKeys("Tab")
      _ = try await s.waitFor("the candidates") { $0.lines.contains { $0.contains("goto") } }
      try s.sendKeys("Escape")
    case .historySearch:
      try s.sendKeys("/")
      _ = try await s.waitFor("the prompt") { $0.status == "/" }
      try s.sendKeys("C-r")
      try s.sendLiteral("zq")
      _ = try await s.waitFor("the search line") { $0.row(24).contains("zq") }
      try s.sendKeys("Enter")
    case .wrappedLine:
      try s.sendKeys(":")
      _ = try await s.waitFor("the prompt") { $0.status == ":" }
      try s.sendLiteral("goto " + String(repeating: "b", count: 90))
      _ = try await s.waitFor("the line on three rows") { $0.row(24).hasPrefix("bbb") }
      try s.sendKeys("Escape")
    }
    let back = try await s.waitFor("the list again") { $0.row(24).contains("item") && !$0.status.hasPrefix(":") }
    let above = back.lines.prefix(18)
    let kept = above.filter { !$0.isEmpty }
    #expect(kept.allSatisfy { $0.hasPrefix("shell-") } && kept.last == "shell-20", "above the picker:\n\(back)")
    #expect(back.lines.filter { $0.contains("apple") }.count == 1, "after the line:\n\(back)")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    let after = try s.capture()
    let lines = after.lines.filter { !$0.isEmpty }
    #expect(lines.allSatisfy { $0.hasPrefix("shell-") } && lines.last == "shell-20", "after exit:\n\(after)")
  }

  /// A `--height 6` list below 40 lines of the shell's output in a 24-row
  /// window, its `:` line open.
  static func promptBelowTheShellsLines() async throws -> TmuxSession {
    let command =
      "i=1; while [ $i -le 40 ]; do echo shell-$i; i=$((i+1)); done; sectionnav --browse --lines --height 6 list"
    let s = try TmuxSession(command, height: 24, files: ["list": Self.list])
    do {
      _ = try await s.waitFor("the list below the shell's lines") { $0.row(24).contains("item 1/6") }
      try s.sendKeys(":")
      _ = try await s.waitFor("the prompt") { $0.status == ":" }
    } catch {
      s.close()
      throw error
    }
    return s
  }

  /// A window made shorter or taller while a `:` line is open (with a Tab
  /// list shown, which scrolled the screen): the region is placed again
  /// below the shell's lines, as without a prompt — it was drawn at its old
  /// rows, over the shell's lines or under a copy of itself, and after exit
  /// the shell's next line landed among stale rows.
  @Test(arguments: [(20, false), (19, true), (28, true)])
  func aResizeDuringAPromptPlacesTheRegionAgain(height: Int, candidates: Bool) async throws {
    let s = try await Self.promptBelowTheShellsLines()
    defer { s.close() }
    if candidates {
      try s.sendKeys("Tab")
      _ = try await s.waitFor("the candidates") { $0.lines.contains { $0.contains("goto") } }
    }
    try s.resize(width: 80, height: height)
    _ = try await s.waitFor("the prompt again") { $0.lines.count == height && $0.lines.contains(":") }
    try s.sendKeys("Escape")
    let back = try await s.waitFor("the list again") { $0.lines.contains { $0.contains("item 1/6") } }
    let last = try #require(back.lines.lastIndex(of: "shell-40"), "\(back)")
    #expect(back.lines.prefix(last + 1).allSatisfy { $0.hasPrefix("shell-") }, "above the picker:\n\(back)")
    #expect(back.lines.filter { $0.hasPrefix("> apple") || $0.hasPrefix("  apple") }.count == 1, "\(back)")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    let after = try s.capture()
    let kept = after.lines.filter { !$0.isEmpty }
    #expect(kept.allSatisfy { $0.hasPrefix("shell-") } && kept.last == "shell-40", "after exit:\n\(after)")
  }

  /// A key typed as the window is resized while a `:` line is open reaches
  /// the line: the run loop, asking the terminal where the cursor is, read
  /// it with the answer and queued it for after the line, which then never
  /// saw its Esc (one tmux command resizes and types, so they come together).
  @Test func aKeyTypedAsTheWindowResizesReachesThePrompt() async throws {
    let s = try await Self.promptBelowTheShellsLines()
    defer { s.close() }
    try s.shell("tmux_ resize-window -t \(s.target) -x 80 -y 20 \\; send-keys -t \(s.target) Escape")
    _ = try await s.waitFor("the prompt closed") { $0.lines.contains { $0.contains("item 1/6") } }
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
  }

  /// Esc and a shorter window at once (one tmux command): the line ends
  /// before the resize is serviced, and the editor has handed back the
  /// terminal's line mode. The region was drawn at its old rows (scrolling
  /// a copy of itself up the screen), and the question where the cursor is
  /// went unanswered in line mode, so it was placed as if nothing moved.
  @Test func aResizeAsTheLineEndsPlacesTheRegionOnce() async throws {
    let s = try await Self.promptBelowTheShellsLines()
    defer { s.close() }
    try s.shell("tmux_ send-keys -t \(s.target) Escape \\; resize-window -t \(s.target) -x 80 -y 20")
    let back = try await s.waitFor("the list again") {
      $0.lines.count == 20 && $0.lines.contains { $0.contains("item 1/6") } && !$0.status.hasPrefix(":")
    }
    let last = try #require(back.lines.lastIndex(of: "shell-40"), "\(back)")
    #expect(back.lines.prefix(last + 1).allSatisfy { $0.hasPrefix("shell-") }, "above the picker:\n\(back)")
    #expect(back.lines.filter { $0.hasPrefix("> apple") || $0.hasPrefix("  apple") }.count == 1, "\(back)")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    let kept = try s.capture().lines.filter { !$0.isEmpty }
    #expect(kept.allSatisfy { $0.hasPrefix("shell-") } && kept.last == "shell-40", "after exit:\n\(kept)")
  }

  /// A picker higher up the screen: the candidate list went below it, and
  /// stayed there under the picker once the prompt closed.
  @Test func candidatesBelowAPickerHigherUpAreGoneAfterThePrompt() async throws {
    let s = try TmuxSession(
      "sectionnav --browse --lines --height 6 list", width: 40, height: 24, files: ["list": Self.list])
    defer { s.close() }
    _ = try await s.waitFor("the list at the top") { $0.row(6).contains("item 1/6") }
    try s.sendKeys(":")
    _ = try await s.waitFor("the prompt") { $0.row(6) == ":" }
    try s.sendKeys("Tab")
    _ = try await s.waitFor("the candidates") { $0.lines.contains { $0.contains("goto") } }
    try s.sendKeys("Escape")
    let back = try await s.waitFor("the list again") { $0.row(6).contains("item 1/6") }
    #expect(back.lines.dropFirst(6).allSatisfy { $0.isEmpty }, "below the picker:\n\(back)")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
  }
}
