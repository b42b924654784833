import Foundation
import TestScratch
import Testing

/// The preview pane and `--bind` actions in a real terminal: the pane follows
/// the cursor, `reload` picks up a changed file, `execute` hands the terminal
/// to a full-screen program and takes it back.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxWorkflowTests {
  @Test func previewShowsTheCommandsOutputBesideTheListAndFollowsTheCursor() async throws {
    let s = try TmuxSession("sectionnav --demo numbers --preview 'echo item-{item} | rev'")
    defer { s.close() }
    // Right:50% of 80 columns: the list in columns 1-40, the border in 41, the pane from 42.
    let first = try await s.waitFor("the preview of item 0") { $0.row(1).hasSuffix("│0-meti") }
    #expect(first.row(2).hasPrefix("> 0 "))
    #expect(first.lines.allSatisfy { $0.count <= 80 })
    #expect(Array(first.row(1)).count == 47 && Array(first.row(1))[40] == "│", "\(first)")
    try s.sendKeys("j", "j")
    let third = try await s.waitFor("the preview of item 2") { $0.row(1).hasSuffix("│2-meti") }
    #expect(third.row(4).hasPrefix("> 2 "))
    #expect(!third.contains("0-meti"))
    try s.sendKeys("]")
    try await s.waitFor("the preview of the next section's first item") { $0.row(1).hasSuffix("│01-meti") }
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// What a preview prints shows as it comes, before the command ends (a
  /// slow command, `tail -f`): fzf's way. Moving on kills the one running.
  @Test func previewOutputShowsBeforeTheCommandEnds() async throws {
    let s = try TmuxSession("sectionnav --demo numbers --preview 'echo first-{item}; sleep 600; echo never'")
    defer { s.close() }
    try await s.waitFor("the first line while the command sleeps") { $0.row(1).hasSuffix("│first-0") }
    try s.sendKeys("j")
    let next = try await s.waitFor("the next item's first line") { $0.row(1).hasSuffix("│first-1") }
    #expect(!next.contains("never"))
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// Output that comes just after the last that was shown (within the 50 ms
  /// that space the updates) shows too, though nothing more comes after it:
  /// `line2`… waited for the next write, for good from a command that sleeps.
  @Test func outputRightAfterShownOutputShowsWhileTheCommandSleeps() async throws {
    let s = try TmuxSession(
      "sectionnav --demo numbers --preview 'for i in 1 2 3 4 5 6; do echo line$i; /bin/true; done; sleep 60'")
    defer { s.close() }
    try await s.waitFor("all six lines while the command sleeps") { $0.row(6).hasSuffix("│line6") }
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func thePaneScrollsWithShiftArrowsAndTheWheelOverIt() async throws {
    let s = try TmuxSession("sectionnav --demo numbers --preview 'seq 1 100' --preview-window bottom:50%")
    defer { s.close() }
    // 24 rows: the list in rows 1-12 (its status line last), the border in 13, the pane from 14.
    try await s.waitFor("the preview") { $0.row(14).hasPrefix("1 ") && $0.row(14).hasSuffix("1/100") }
    try s.sendKeys("S-Down", "S-Down")
    try await s.waitFor("the pane two lines down") { $0.row(14).hasPrefix("3 ") }
    try s.sendMouse(65, column: 10, row: 18)  // wheel down over the pane: 3 lines
    let scrolled = try await s.waitFor("the pane three more lines down") { $0.row(14).hasPrefix("6 ") }
    #expect(scrolled.row(12).contains("item 1/200 "), "the list moved:\n\(scrolled)")
    // Over the list: the list scrolls and takes the cursor along (it never
    // stays off screen), so the pane shows the new item's preview from its top.
    try s.sendMouse(65, column: 10, row: 5)
    try await s.waitFor("the list scrolled, the pane restarted") {
      !$0.row(12).contains("item 1/200 ") && $0.row(14).hasPrefix("1 ") && $0.row(14).hasSuffix("1/100")
    }
    try s.sendKeys("S-Down", "S-Down", "S-Up")
    try await s.waitFor("the pane a line down") { $0.row(14).hasPrefix("2 ") }
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  @Test func reloadPicksUpAChangedFile() async throws {
    let s = try TmuxSession(
      "sectionnav --lines fruits.txt --bind 'ctrl-r:reload(cat fruits.txt)'",
      files: ["fruits.txt": "apple\nbanana\ncherry\n"])
    defer { s.close() }
    try await s.waitForStatus("item 1/3")
    try s.sendKeys("j")
    try await s.waitFor("the cursor on banana") { $0.contains("> banana") }
    // A new file renamed over the old one, as many editors save: the old
    // one, mapped, stays as it was. (Not Foundation's atomic write: it leaves
    // a directory behind in /tmp.)
    try Data("apricot\napple\nbanana\ncherry\nzucchini\n".utf8).write(
      to: URL(fileURLWithPath: s.directory + "/fruits.new"))
    #expect(rename(s.directory + "/fruits.new", s.directory + "/fruits.txt") == 0)
    try s.sendKeys("C-r")
    let reloaded = try await s.waitFor("the new data") { $0.contains("zucchini") }
    #expect(reloaded.contains("apricot"))
    #expect(reloaded.contains("> banana"), "the cursor did not stay on its item:\n\(reloaded)")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// `reload` streams, as fzf's does: what the command has written shows
  /// while it runs (`tail -f`, a slow query), and the status line says the
  /// data is still arriving. Leaving kills the command.
  @Test func aReloadShowsItsOutputBeforeTheCommandEnds() async throws {
    let s = try TmuxSession(
      "sectionnav --lines fruits.txt --bind 'ctrl-r:reload(echo fresh-one; echo fresh-two; sleep 600; echo never)'",
      files: ["fruits.txt": "apple\nbanana\ncherry\n"])
    defer { s.close() }
    try await s.waitForStatus("item 1/3")
    try s.sendKeys("j", "C-r")
    let shown = try await s.waitFor("the reload's lines while the command sleeps") {
      $0.contains("fresh-one") && $0.contains("fresh-two")
    }
    #expect(!shown.contains("banana") && !shown.contains("never"), "\(shown)")
    #expect(shown.status.contains("reading"), "\(shown)")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// The file rewritten in place (cut, then written): the mapped rows read
  /// as empty, which the status says, and `reload` still reads the new text
  /// (its output is not the file that shrank).
  @Test func reloadAfterTheFileWasCutInPlace() async throws {
    let s = try TmuxSession(
      "sectionnav --lines fruits.txt --bind 'ctrl-r:reload(cat fruits.txt)'",
      files: ["fruits.txt": "apple\nbanana\ncherry\n"])
    defer { s.close() }
    try await s.waitForStatus("item 1/3")
    #expect(truncate(s.directory + "/fruits.txt", 0) == 0)
    try s.sendKeys("j")
    try await s.waitForStatus("shrank on disk")
    try Data("apricot\napple\nbanana\ncherry\nzucchini\n".utf8).write(
      to: URL(fileURLWithPath: s.directory + "/fruits.txt"))
    try s.sendKeys("C-r")
    let reloaded = try await s.waitFor("the new data") { $0.contains("zucchini") }
    #expect(reloaded.contains("apricot") && reloaded.contains("banana"))
    #expect(!reloaded.status.contains("reload failed"), "\(reloaded)")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// A `reload` still running when the program ends is killed with what it
  /// started: its output has nowhere to go, and it must not outlive the list.
  @Test func aReloadStillRunningAtTheEndIsKilled() async throws {
    let s = try TmuxSession(
      "sectionnav --lines fruits.txt --bind 'ctrl-r:reload(echo $$ > reload.pid; exec sleep 600)'",
      files: ["fruits.txt": "apple\nbanana\ncherry\n"])
    defer { s.close() }
    try await s.waitForStatus("item 1/3")
    try s.sendKeys("C-r")
    let text = try await s.waitForFile("reload.pid")
    let pid = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(TmuxSession.isRunning(pid))
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    var budget = Patience.Budget()
    while TmuxSession.isRunning(pid) && budget.remains() { try await Task.sleep(nanoseconds: 20_000_000) }
    #expect(!TmuxSession.isRunning(pid), "the reload command outlived the program")
    if TmuxSession.isRunning(pid) { kill(pid, SIGKILL) }
    try TmuxTest.expectRestored(s)
  }

  /// An `execute-silent` command may outlive the program: its `{f}` file
  /// is removed when the command ends, even after the program has ended
  /// (it was left in the temporary directory for good).
  @Test func aSilentCommandsFileGoesWhenItEndsAfterTheProgram() async throws {
    let s = try TmuxSession(
      "mkdir -p tmp && TMPDIR=$PWD/tmp sectionnav --lines fruits.txt "
        + "--bind 'ctrl-x:execute-silent(while [ ! -e go ]; do sleep 0.05; done; cat {f} > got)'",
      files: ["fruits.txt": "apple\nbanana\n"])
    defer { s.close() }
    try await s.waitForStatus("item 1/2")
    try s.sendKeys("C-x")
    let tmp = s.directory + "/tmp"
    var budget = Patience.Budget()
    while (try? FileManager.default.contentsOfDirectory(atPath: tmp))?.isEmpty != false && budget.remains() {
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).count == 1, "the {f} file")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    FileManager.default.createFile(atPath: s.directory + "/go", contents: Data())
    budget = Patience.Budget()
    while try !FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty && budget.remains() {
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty, "the {f} file stayed")
    // It was read before it went.
    #expect(try String(contentsOfFile: s.directory + "/got", encoding: .utf8) == "apple\n")
  }

  @Test func executeHandsTheTerminalToLessAndTakesItBack() async throws {
    let s = try TmuxSession(
      "sectionnav --demo numbers --bind 'ctrl-o:execute(less notes-{item}.txt)'",
      files: ["notes-1.txt": "NOTES ABOUT ONE\nsecond line\n"])
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendKeys("j")
    let before = try await s.waitForStatus("item 2/200")
    try s.sendKeys("C-o")
    // less owns the screen: the list is gone, its keys work.
    try await s.waitFor("less showing the file") { $0.row(1) == "NOTES ABOUT ONE" && !$0.contains("item 2/200") }
    try s.sendKeys("q")
    let back = try await s.waitFor("the list again") { $0.status.contains("item 2/200") }
    #expect(back.lines == before.lines, "screen after less:\n\(back)")
    #expect(try s.display("#{alternate_on} #{mouse_any_flag}") == "1 1", "modes not taken back")
    // Keys reach sectionnav again.
    try s.sendKeys("j")
    try await s.waitForStatus("item 3/200")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// SIGTERM while an `execute` command has the terminal ends the program
  /// at once (143) with the command stopped; it waited for the command to
  /// end, forever for one that never does. What the command started goes
  /// with it: `sh -c` waits on its children (dash execs not even the last
  /// command; a pipeline is several), and killing `sh` alone left them
  /// running, reading the terminal after the program ended (an orphaned
  /// `less` ate the shell's next key). `child`: the pid to outlive nothing.
  @Test(arguments: [
    "echo $$ > child; echo started; exec sleep 600", "sleep 600 | cat & echo $! > child; echo started; wait",
  ])
  func sigtermDuringExecuteStopsTheCommandAndEnds(command: String) async throws {
    let s = try TmuxSession("sectionnav --demo numbers --bind 'ctrl-o:execute(\(command))'")
    defer { s.close() }
    try await s.waitForStatus("item 1/200")
    try s.sendKeys("C-o")
    try await s.waitFor("the command on the terminal") { $0.contains("started") }
    let child = try #require(pid_t(try await s.waitForFile("child").trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(kill(try await s.pid(), SIGTERM) == 0)
    #expect(try await s.waitForExit() == 143)
    try await s.waitFor("the command and what it started ended") { _ in !TmuxSession.isRunning(child) }
    if TmuxSession.isRunning(child) { kill(child, SIGKILL) }
    try TmuxTest.expectRestored(s)
  }

  /// Four reload keys while each command still runs leave one command
  /// alive — a new reload kills the running one with its process group — and
  /// quitting kills that one too (issue 26 #3: four C-r left four live `sh`).
  @Test func aNewReloadKillsTheRunningOne() async throws {
    let s = try TmuxSession(
      "sectionnav --lines a.txt --bind 'ctrl-r:reload(echo $$ >> pids; exec sleep 600)'", files: ["a.txt": "a\n"])
    defer { s.close() }
    try await s.waitForStatus("item 1/1")
    var pids: [pid_t] = []
    for n in 1...4 {
      try s.sendKeys("C-r")
      try await s.waitFor("reload \(n) started") { _ in (s.file("pids") ?? "").split(separator: "\n").count == n }
      pids = (s.file("pids") ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }
    func alive(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 }
    try await s.waitFor("the first three reloads killed") { _ in !pids.dropLast().contains(where: alive) }
    #expect(alive(pids[3]), "the newest reload was killed")
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try await s.waitFor("the last reload killed at exit") { _ in !alive(pids[3]) }
  }
}
