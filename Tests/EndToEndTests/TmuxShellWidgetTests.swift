import Foundation
import TestScratch
import Testing

/// `eval "$(sectionnav --shell bash)"` (zsh, fish: when installed) in a real
/// interactive shell: Ctrl-X Ctrl-S opens sectionnav on a command's output
/// and puts the chosen items, shell-quoted, into the command line at the cursor.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(3)))
struct TmuxShellWidgetTests {
  /// How each shell is started and loads the snippet; a shell that is not
  /// installed is skipped (bash always is).
  enum Shell: String {
    case bash, zsh, fish
    var path: String { "/usr/bin/" + rawValue }
    var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }
    var start: String {
      switch self {
      case .bash: return "bash --norc --noprofile -i"
      case .zsh: return "zsh -f -i"
      case .fish: return "fish --no-config -i"
      }
    }
    var load: String {
      switch self {
      case .bash: return #"eval "$(sectionnav --shell bash)"; clear; echo widget-$((6 * 7))"#
      case .zsh:
        return
          #"autoload -Uz compinit && compinit -u -d ./zcompdump; eval "$(sectionnav --shell zsh)"; clear; echo widget-$((6 * 7))"#
      case .fish: return #"sectionnav --shell fish | source; clear; echo widget-(math 6 \* 7)"#
      }
    }
    var setCommand: String {
      switch self {
      case .fish: return #"set -x SECTIONNAV_WIDGET_COMMAND "printf 'fruit\tapple\nfruit\tbanana split\nveg\tleek\n'""#
      default: return #"export SECTIONNAV_WIDGET_COMMAND="printf 'fruit\tapple\nfruit\tbanana split\nveg\tleek\n'""#
      }
    }
    /// How the shell quotes "banana split" in the command line.
    var quoted: String { self == .fish ? "'banana split'" : #"banana\ split"# }
  }

  @Test func bashWidgetInsertsThePickedItemQuotedAtTheCursor() async throws {
    try await widgetInsertsThePickedItemQuotedAtTheCursor(shell: .bash)
  }

  // zsh and fish are optional (scripts/setup does not install them).
  @Test(.enabled(if: Shell.zsh.isInstalled, "zsh is not installed"))
  func zshWidgetInsertsThePickedItemQuotedAtTheCursor() async throws {
    try await widgetInsertsThePickedItemQuotedAtTheCursor(shell: .zsh)
  }

  @Test(.enabled(if: Shell.fish.isInstalled, "fish is not installed"))
  func fishWidgetInsertsThePickedItemQuotedAtTheCursor() async throws {
    try await widgetInsertsThePickedItemQuotedAtTheCursor(shell: .fish)
  }

  func widgetInsertsThePickedItemQuotedAtTheCursor(shell: Shell) async throws {
    // The shell finds sectionnav on PATH (a link to the built binary), like an installed one.
    let s = try TmuxSession(
      #"mkdir bin && ln -s "$SECTIONNAV" bin/sectionnav && PATH="$PWD/bin:$PATH" "# + shell.start)
    defer { s.close() }
    try await s.waitFor("the \(shell) prompt") { !$0.row(1).isEmpty }
    // Wait for the output of a command after loading: the snippet's `stty
    // -ixon` must have run before C-s reaches the terminal, or the line
    // discipline would take it as XOFF.
    try s.sendLiteral(shell.load)
    try s.sendKeys("Enter")
    try await s.waitFor("the snippet loaded") { $0.contains("widget-42") }
    // Two sections; the item with a space must come back quoted.
    try s.sendLiteral(shell.setCommand)
    try s.sendKeys("Enter")
    try s.sendLiteral("echo ++ end")
    try s.sendKeys("Left", "Left", "Left", "Left", "Left")  // cursor between the plus signs
    try s.sendKeys("C-x", "C-s")
    let list = try await s.waitFor("sectionnav on the command's output") { $0.contains("> apple") }
    #expect(list.contains("banana split") && list.contains("veg"))
    try s.sendKeys("C-j", "Enter")  // the widget picks with fzf's keys
    let line = try await s.waitFor("the picked item in the command line") {
      $0.contains("echo +\(shell.quoted) + end")
    }
    #expect(!line.contains("> apple"), "sectionnav left its screen behind:\n\(line)")
    try s.sendKeys("Enter")
    try await s.waitFor("the shell running the edited line") { $0.contains("+banana split + end") }
    // Several marked with Tab, as in fzf's Ctrl-T: one quoted word each.
    try s.sendLiteral("echo")
    try s.sendKeys("Space", "C-x", "C-s")
    try await s.waitFor("sectionnav again") { $0.contains("> apple") }
    try s.sendKeys("Tab", "Tab", "Enter")
    try await s.waitFor("both marked items in the command line") { $0.contains("echo apple \(shell.quoted)") }
    try s.sendKeys("Enter")
    try await s.waitFor("the shell running it") { $0.lines.contains("apple banana split") }
  }

  /// The widget under the settings and data that broke it: `set -e` (Esc
  /// ended the bash session: the widget returned 130), `pipefail` (a
  /// command that ends non-zero lost the pick), options that look like
  /// code (`SECTIONNAV_WIDGET_OPTS` was eval'd: `$(touch PWNED)` ran), an
  /// item holding a line break (split into two words) and an empty one
  /// (dropped). Each item is one argument, exactly.
  @Test(arguments: [Shell.bash, .zsh, .fish])
  func widgetSurvivesHostileSettingsAndItems(shell: Shell) async throws {
    guard shell.isInstalled else { return }
    let s = try TmuxSession(
      #"mkdir bin && ln -s "$SECTIONNAV" bin/sectionnav && PATH="$PWD/bin:$PATH" "# + shell.start,
      files: ["items.json": #"{"A": ["", "p\nq", "x"]}"#])
    defer { s.close() }
    try await s.waitFor("the \(shell) prompt") { !$0.row(1).isEmpty }
    try s.sendLiteral(shell.load)
    try s.sendKeys("Enter")
    try await s.waitFor("the snippet loaded") { $0.contains("widget-42") }
    let settings: String
    switch shell {
    case .bash: settings = #"set -e -o pipefail; export SECTIONNAV_WIDGET_COMMAND='cat items.json; false'"#
    case .zsh: settings = #"setopt err_exit pipe_fail; export SECTIONNAV_WIDGET_COMMAND='cat items.json; false'"#
    case .fish: settings = #"set -x SECTIONNAV_WIDGET_COMMAND 'cat items.json; false'"#
    }
    try s.sendLiteral(settings)
    try s.sendKeys("Enter")
    try s.sendLiteral(
      shell == .fish
        ? #"set -x SECTIONNAV_WIDGET_OPTS '--header "$(touch PWNED)"'"#
        : #"export SECTIONNAV_WIDGET_OPTS='--header "$(touch PWNED)"'"#)
    try s.sendKeys("Enter")
    // Esc: the shell and the line stay.
    try s.sendLiteral("echo kept")
    try s.sendKeys("C-x", "C-s")
    try await s.waitFor("sectionnav") { $0.contains("p␊q") }
    try s.sendKeys("Escape")
    try await s.waitFor("sectionnav gone") { !$0.contains("p␊q") }
    try s.sendLiteral(" line")
    try s.sendKeys("Enter")
    try await s.waitFor("the shell running the line Esc left") { $0.lines.contains("kept line") }
    // All three marked: three arguments, the empty one and the line break kept.
    try s.sendLiteral("printf '<%s>' ")
    try s.sendKeys("C-x", "C-s")
    try await s.waitFor("sectionnav again") { $0.contains("p␊q") }
    try s.sendKeys("Tab", "Tab", "Tab", "Enter")
    try await s.waitFor("the items in the command line") { !$0.contains("p␊q") }
    try s.sendKeys("Enter")
    try await s.waitFor("one argument each") { $0.contains("<><p") && $0.contains("q><x>") }
    #expect(s.file("PWNED") == nil, "SECTIONNAV_WIDGET_OPTS ran as code")
  }

  /// The default command lists files NUL-ended, read with `--read0`: a file
  /// name holding a line break is one item, inserted whole (it was two
  /// items, each half a name).
  @Test(arguments: [Shell.bash, .zsh, .fish])
  func theDefaultCommandKeepsANameWithALineBreakWhole(shell: Shell) async throws {
    guard shell.isInstalled else { return }
    let s = try TmuxSession(
      #"mkdir bin d && ln -s "$SECTIONNAV" bin/sectionnav && touch "d/$(printf 'p\nq')" d/plain && PATH="$PWD/bin:$PATH" "#
        + shell.start)
    defer { s.close() }
    try await s.waitFor("the \(shell) prompt") { !$0.row(1).isEmpty }
    try s.sendLiteral(shell.load)
    try s.sendKeys("Enter")
    try await s.waitFor("the snippet loaded") { $0.contains("widget-42") }
    try s.sendLiteral(#"printf '<%s>\n' "#)
    try s.sendKeys("C-x", "C-s")
    try await s.waitFor("the files, grouped by directory") { $0.contains("p␊q") && $0.contains("plain") }
    try s.sendLiteral("q")
    try await s.waitFor("the name with a line break alone") { !$0.contains("plain") }
    try s.sendKeys("Enter")
    try await s.waitFor("the name in the command line") { !$0.contains("p␊q") }
    try s.sendKeys("Enter")
    try await s.waitFor("one argument: the whole name") { $0.lines.contains("<d/p") && $0.lines.contains("q>") }
  }

  /// zsh without compinit loads the widget quietly (the completion said
  /// `command not found: compdef`); with compinit it registers.
  @Test(.enabled(if: Shell.zsh.isInstalled, "zsh is not installed"))
  func zshLoadsWithOrWithoutCompinit() throws {
    let quiet = try Binary.run(
      [], shell: #"eval "$("$0" --shell zsh)"; print -r -- $+functions[sectionnav-widget]"#.zshScript)
    #expect(quiet.stdout == "1\n" && quiet.stderr.isEmpty, "\(quiet.stderr)")
    let dump = Scratch.file("", suffix: ".zcompdump")
    defer { Scratch.remove(dump) }
    let registered = try Binary.run(
      [dump],
      shell:
        #"autoload -Uz compinit && compinit -u -d "$1"; eval "$("$0" --shell zsh)"; print -r -- $_comps[sectionnav]"#
        .zshScript)
    #expect(registered.stdout == "_sectionnav\n", "\(registered.stderr)")
    // Under `setopt nounset` with no command set (the default), the widget
    // reads the variable as `${…-}`: it stopped at "parameter not set".
    let strict = try Binary.run(
      [],
      shell: #"eval "$("$0" --shell zsh)"; setopt nounset; unset SECTIONNAV_WIDGET_COMMAND; sectionnav-widget"#
        .zshScript)
    #expect(!strict.stderr.contains("parameter not set"), "\(strict.stderr)")
    #expect(strict.stderr.contains("widgets can only be called when ZLE is active"), "\(strict.stderr)")
  }

  @Test func shellPrintsTheWidgetThenTheCompletion() throws {
    for shell in ["bash", "zsh", "fish"] {
      let result = try Binary.run(["--shell", shell])
      #expect(result.status == 0)
      #expect(result.stdout.contains("sectionnav-widget") || result.stdout.contains("__sectionnav_widget"))
      #expect(result.stdout.contains("no-config"), "the \(shell) completion is missing")
    }
    let bad = try Binary.run(["--shell", "csh"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("invalid value 'csh' for --shell"))
  }
}

extension String {
  /// This zsh script as a `sh -c` script: zsh run on it with the same `$0` and arguments.
  fileprivate var zshScript: String {
    "exec /usr/bin/zsh -f -c '" + replacingOccurrences(of: "'", with: "'\\''") + "' \"$0\" \"$@\""
  }
}
