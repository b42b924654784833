import Foundation
import Testing

/// `eval "$(sectionnav --shell bash)"` in a real interactive bash: Ctrl-X
/// Ctrl-S opens sectionnav on a command's output and puts the chosen item,
/// shell-quoted, into the command line at the cursor.
@Suite(
  .enabled(if: TmuxSession.isAvailable, "tmux is not installed (scripts/setup installs it)"), .timeLimit(.minutes(1)))
struct TmuxShellWidgetTests {
  @Test func bashWidgetInsertsThePickedItemQuotedAtTheCursor() async throws {
    // bash finds sectionnav on PATH (a link to the built binary), like an installed one.
    let s = try TmuxSession(
      #"mkdir bin && ln -s "$SECTIONNAV" bin/sectionnav && PATH="$PWD/bin:$PATH" bash --norc --noprofile -i"#)
    defer { s.close() }
    try await s.waitFor("the bash prompt") { $0.row(1) == "$" }
    // Wait for the output of a command after the eval: the snippet's `stty
    // -ixon` must have run before C-s reaches the terminal, or the line
    // discipline would take it as XOFF.
    try s.sendLiteral(#"eval "$(sectionnav --shell bash)"; clear; echo widget-$((6 * 7))"#)
    try s.sendKeys("Enter")
    try await s.waitFor("the snippet loaded") { $0.contains("widget-42") }
    // Two sections; the item with a space must come back quoted.
    try s.sendLiteral(#"SECTIONNAV_WIDGET_COMMAND="printf 'fruit\\tapple\\nfruit\\tbanana split\\nveg\\tleek\\n'""#)
    try s.sendKeys("Enter")
    try s.sendLiteral("echo [] end")
    try s.sendKeys("Left", "Left", "Left", "Left", "Left")  // cursor between the brackets
    try s.sendKeys("C-x", "C-s")
    let list = try await s.waitFor("sectionnav on the command's output") { $0.contains("> apple") }
    #expect(list.contains("banana split") && list.contains("veg"))
    try s.sendKeys("j", "Enter")
    let line = try await s.waitFor("the picked item in the command line") {
      $0.contains(#"$ echo [banana\ split ] end"#)
    }
    #expect(!line.contains("> apple"), "sectionnav left its screen behind:\n\(line)")
    try s.sendKeys("Enter")
    try await s.waitFor("bash running the edited line") { $0.contains("[banana split ] end") }
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
