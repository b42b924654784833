import Foundation
import TestScratch
import Testing

/// Pick mode typed exactly as in fzf: printable keys go to the query from the
/// first keystroke, C-j moves down, Enter prints, Esc aborts — with fzf's
/// output and exit statuses on the same input (fzf itself is run beside it
/// when `scripts/setup` installed it in .build/oracles/fzf, with `--layout=reverse`, whose list reads
/// top down like this one; the expected values hold without it).
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxPickTests {
  static let list = "apple\napricot\navocado\nbanana\nblueberry\ncherry\n"
  static let fzf = Binary.root.appendingPathComponent(".build/oracles/fzf/bin/fzf").path

  /// One session: `command` reads `list`, `keys` are typed (text or tmux key
  /// names), and what it printed and its status come back.
  static func run(_ command: String, _ keys: [[String]], ready: @escaping (TmuxSession.Screen) -> Bool) async throws
    -> (output: String, status: Int32)
  {
    let line = command.contains("list") ? command + " > out" : command + " < list > out"
    let s = try TmuxSession(line, files: ["list": list])
    defer { s.close() }
    try await s.waitFor("the picker") { ready($0) }
    for group in keys {
      if group.count == 1 && group[0].count > 1 && !group[0].hasPrefix("C-") && group[0] != "Enter"
        && group[0] != "Escape"
      {
        try s.sendLiteral(group[0])
        // The query shown before the next key: a key that a program (fzf
        // under a loaded machine) drops at start would otherwise turn
        // "nothing matches" into "the first row" without a trace.
        try await s.waitFor("the query") { $0.contains("> " + group[0]) }
      } else {
        try s.sendKeys(group)
      }
    }
    let status = try await s.waitForExit()
    try TmuxTest.expectRestored(s)
    return (s.file("out") ?? "", status)
  }

  static let sessions: [(keys: [[String]], output: String, status: Int32)] = [
    ([["ap"], ["C-j"], ["Enter"]], "apricot\n", 0),  // typed, one down, accepted
    ([["ap"], ["Escape"]], "", 130),  // one Esc aborts
    ([["zzz"], ["Enter"]], "", 1),  // nothing matches
    ([["C-d"]], "", 130),  // C-d on an empty query aborts (fzf's delete-char/eof)
  ]

  /// How the list reaches the picker: as `--lines`, and as fzf is given it —
  /// no format option, from a file or a pipe (`StdinFormat` reads it as lines).
  static let commands = ["sectionnav --pick --lines", "sectionnav --pick", "cat list | sectionnav --pick"]

  @Test(arguments: 0..<4, commands)
  func typedAsInFzfGivesFzfsOutputAndStatus(session: Int, command: String) async throws {
    let (keys, output, status) = Self.sessions[session]
    let ours = try await Self.run(command, keys) { $0.status.hasPrefix("> ▏") }
    #expect(ours.output == output)
    #expect(ours.status == status)
    guard FileManager.default.isExecutableFile(atPath: Self.fzf) else {
      print("TmuxPickTests: \(Self.fzf) is not there; compared with fzf's known behaviour only")
      return
    }
    // The list reads top down, the best match first, as with fzf's
    // --layout=reverse: Down/C-j go to the next match (in fzf's default
    // bottom-up layout they go toward the prompt).
    let theirs = try await Self.run(Self.fzf + " --layout=reverse", keys) { $0.contains("6/6") }
    #expect(theirs.output == ours.output, "fzf printed \(theirs.output.debugDescription)")
    #expect(theirs.status == ours.status, "fzf exited \(theirs.status)")
  }

  /// `execute-silent` and Enter typed together: the command runs, though
  /// the program ends at once (it was started on a thread, which the end
  /// of the program often outran: fzf runs it every time).
  @Test func anExecuteSilentBeforeEnterRuns() async throws {
    let s = try TmuxSession(
      "sectionnav --pick --bind 'ctrl-e:execute-silent(echo {} > ran)' < list > out", files: ["list": Self.list])
    defer { s.close() }
    try await s.waitFor("the picker") { $0.status.hasPrefix("> ▏") }
    try s.sendKeys(["C-e", "Enter"])
    #expect(try await s.waitForExit() == 0)
    #expect(s.file("out") == "apple\n")
    #expect(try await s.waitForFile("ran") == "apple\n")
  }

  /// fzf's `become(CMD)`: the program turns into the command (the same
  /// process), which reads the terminal, writes where the program would
  /// have, and ends it with its own status; the terminal is given back
  /// first, and the item's file is gone once the command's shell ends. It
  /// starts with no standard signal ignored (the program ignores SIGXFSZ,
  /// SIGTTIN and SIGTTOU; glibc keeps its own 32 and 33 as they are).
  @Test func becomeTurnsTheProgramIntoTheCommand() async throws {
    let s = try TmuxSession(
      #"sectionnav --pick --bind 'enter:become(read -r x; echo "[$x] {} $$ {f}"; cat {f}; echo; grep SigIgn /proc/$$/status; exit 3)' < list > out"#,
      files: ["list": Self.list])
    defer { s.close() }
    try await s.waitFor("the picker") { $0.status.hasPrefix("> ▏") }
    try s.sendLiteral("ban")
    try await s.waitFor("the query's result") { $0.contains("> ban") && $0.contains("1/6") }
    try s.sendKeys(["Enter"])
    try s.sendLiteral("typed")
    try s.sendKeys(["Enter"])
    #expect(try await s.waitForExit() == 3)
    try TmuxTest.expectRestored(s)
    let lines = (s.file("out") ?? "").split(separator: "\n").map(String.init)
    let words = lines.first?.split(separator: " ").map(String.init) ?? []
    #expect(words.count == 4 && words[0] == "[typed]" && words[1] == "banana", "\(lines)")
    let pid = try await s.pid()
    #expect(words.count == 4 && pid_t(words[2]) == pid, "not the program's own process: \(lines)")
    #expect(lines.dropFirst().first == "banana")
    let ignored = lines.last.flatMap { UInt64($0.replacingOccurrences(of: "SigIgn:\t", with: ""), radix: 16) }
    #expect(ignored.map { $0 & 0x7fff_ffff } == 0, "signals ignored: \(lines)")
    #expect(words.count == 4 && !FileManager.default.fileExists(atPath: words[3]), "the item's file was left")
  }

  /// The terminal closing (SIGHUP to the foreground group) ends a
  /// `become` command's shell and with it the item's file, which its
  /// EXIT trap alone left behind then. (The command's `sleep` runs in the
  /// background, started before the path is written: a HUP that lands
  /// while the shell forks a foreground command's child can miss that
  /// child, and the shell's trap then waits for it — a minute and a half
  /// of `sleep 100` under a loaded suite.)
  @Test func becomesFileGoesWhenTheTerminalHangsUp() async throws {
    let s = try TmuxSession(
      "sectionnav --pick --bind 'enter:become(sleep 100 & echo {f} > path; wait)' < list", files: ["list": Self.list])
    defer { s.close() }
    try await s.waitFor("the picker") { $0.status.hasPrefix("> ▏") }
    try s.sendKeys(["Enter"])
    let path = try await s.waitForFile("path").trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(FileManager.default.fileExists(atPath: path))
    let group = getpgid(try await s.pid())
    #expect(group > 1)
    if group > 1 { kill(-group, SIGHUP) }
    var budget = Patience.Budget()
    while FileManager.default.fileExists(atPath: path) && budget.remains() {
      try await Task.sleep(nanoseconds: 25_000_000)
    }
    #expect(!FileManager.default.fileExists(atPath: path), "the item's file was left")
  }

  /// Enter with nobody left to read standard output (`| true`): 141, as a
  /// write there ends every other mode and fzf (SIGPIPE's 128 + 13), not 2.
  @Test func enterIntoAClosedPipeIsSIGPIPEsStatus() async throws {
    let s = try TmuxSession("{ sectionnav --pick < list; echo $? > st; } | true", files: ["list": Self.list])
    defer { s.close() }
    try await s.waitFor("the picker") { $0.status.hasPrefix("> ▏") }
    try s.sendKeys(["Enter"])
    _ = try await s.waitForExit()
    try TmuxTest.expectRestored(s)
    #expect(s.file("st") == "141\n")
  }

  /// `--header` draws its line beside the prompt line: just above it at the
  /// bottom, just under it with `--reverse` (prompt on top), as fzf does; the
  /// keys and the output stay fzf's (`ap`, C-j, Enter: apricot).
  @Test(arguments: [false, true]) func headerAndReverseAsInFzf(reverse: Bool) async throws {
    let header = "Pick a fruit"
    let flags = reverse ? " --reverse" : ""
    let ready: (TmuxSession.Screen) -> Bool = { screen in
      let prompt = reverse ? 1 : screen.lines.count
      let line = reverse ? 2 : screen.lines.count - 1
      return screen.row(prompt).hasPrefix("> ▏") && screen.row(line) == "  " + header
    }
    let ours = try await Self.run("sectionnav --pick --header '\(header)'" + flags, [["ap"], ["C-j"], ["Enter"]]) {
      ready($0)
    }
    #expect(ours.output == "apricot\n")
    #expect(ours.status == 0)
  }

  /// Browse mode's `/` prompt opens on the status line wherever it is: on
  /// top under `--reverse`, not over the last list row.
  @Test func reversePromptOpensOnTheTopStatusLine() async throws {
    let s = try TmuxSession("sectionnav --browse --reverse --demo numbers", width: 40, height: 10)
    defer { s.close() }
    try await s.waitFor("the list") { $0.row(1).contains("item 1/200") }
    try s.sendKeys("/")
    try await s.waitFor("the prompt open on row 1") { $0.row(1).hasPrefix("/") }
    try s.sendLiteral("42")
    try await s.waitFor("the prompt on row 1") { $0.row(1).hasPrefix("/42") }
    try s.sendKeys("Enter")
    try await s.waitFor("the match") { $0.row(1).contains("item 43/200") && $0.contains("> 42") }
    try s.sendKeys("q")
    #expect(try await s.waitForExit() == 0)
    try TmuxTest.expectRestored(s)
  }

  /// `item=$(sectionnav …)`: output captured is pick mode without `--pick`;
  /// `C-g` aborts too.
  @Test func capturedOutputPicks() async throws {
    let s = try TmuxSession(
      #"item=$(sectionnav --lines list)"#, then: #"printf '%s' "$item" > out"#, files: ["list": Self.list])
    defer { s.close() }
    try await s.waitFor("the picker") { $0.status.hasPrefix("> ▏") }
    try s.sendLiteral("blue")
    try await s.waitFor("the match") { $0.contains("> blueberry") }
    try s.sendKeys("Enter")
    #expect(try await s.waitForExit() == 0)
    #expect(s.file("out") == "blueberry")
    try TmuxTest.expectRestored(s)
  }
}
