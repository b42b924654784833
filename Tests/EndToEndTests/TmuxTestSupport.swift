import Foundation
import Testing

/// Shared pieces of the tmux tests.
enum TmuxTest {
  /// The frames a script run prints: each `print` in `commands` gives one
  /// frame of exactly `height` lines (drawn as on a colour terminal: eighth-
  /// block thumbs). What the real terminal shows must be
  /// the same text (the compositor is shared; the screen writer's diffs and
  /// scroll regions must land on the same cells).
  /// `frameHeight` is the height of the printed frames when `commands`
  /// resize (the run starts at `width`×`height`).
  static func scriptFrames(
    _ arguments: [String], _ commands: [String], width: Int = 80, height: Int = 24, frameHeight: Int? = nil
  ) throws -> [[String]] {
    let frameHeight = frameHeight ?? height
    let r = try Binary.run(
      arguments + ["--color", "always", "--size", "\(width)x\(height)", "--script", "-"],
      input: commands.joined(separator: "\n") + "\n")
    guard r.status == 0 else { throw TmuxSession.Failure(description: "script run failed: \(r.stderr)") }
    var lines = r.stdout.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    return stride(from: 0, to: lines.count, by: frameHeight).map {
      Array(lines[$0..<min($0 + frameHeight, lines.count)])
    }
  }

  /// The one frame of `commands` + `print`.
  static func scriptFrame(
    _ arguments: [String], _ commands: [String] = [], width: Int = 80, height: Int = 24, frameHeight: Int? = nil
  ) throws -> [String] {
    try scriptFrames(arguments, commands + ["print"], width: width, height: height, frameHeight: frameHeight).last
      ?? []
  }

  /// Records an issue unless the pane's terminal is as the program found it.
  static func expectRestored(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
    if let problem = try session.restorationProblem() {
      Issue.record("terminal not restored: \(problem)", sourceLocation: sourceLocation)
    }
  }

  /// A session running `sh -i` that has started `sectionnav ARGUMENTS` and
  /// shows its first screen (`status` on the status line), for job control.
  static func startFromShell(_ arguments: String, status: String) async throws -> (TmuxSession, TmuxSession.Screen) {
    let s = try TmuxSession("sh -i")
    try await s.waitFor("the shell prompt") { $0.row(1).hasPrefix("$") }
    try s.sendLiteral(#""$SECTIONNAV" "# + arguments)
    try s.sendKeys("Enter")
    return (s, try await s.waitForStatus(status))
  }

  /// Sends C-z and checks the shell got the terminal back as it was: main
  /// screen, no mouse, cursor shown, the same `stty -a`. Returns the screen.
  @discardableResult
  static func suspend(
    _ s: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> TmuxSession.Screen {
    try s.sendKeys("C-z")
    let stopped = try await s.waitFor("the shell prompt after C-z", sourceLocation: sourceLocation) {
      $0.contains("Stopped") && $0.lines.last(where: { !$0.isEmpty })?.hasPrefix("$") == true
    }
    #expect(!stopped.contains("0–9"), sourceLocation: sourceLocation)
    #expect(
      try s.display("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "0 0 1", sourceLocation: sourceLocation)
    try s.sendLiteral("stty -a > during")
    try s.sendKeys("Enter")
    let during = try await s.waitForFile("during")
    #expect(
      TmuxSession.withoutSize(during) == TmuxSession.withoutSize(s.file("before") ?? ""),
      sourceLocation: sourceLocation)
    return stopped
  }

  /// The rows of `screen` that differ from `expected`, described; nil when none do.
  static func difference(_ screen: TmuxSession.Screen, _ expected: [String], rows: ClosedRange<Int>? = nil)
    -> String?
  {
    let range = rows ?? 1...max(expected.count, screen.lines.count)
    var diffs: [String] = []
    for r in range {
      let want = r <= expected.count ? expected[r - 1] : ""
      if screen.row(r) != want { diffs.append("row \(r): got  |\(screen.row(r))|\n        want |\(want)|") }
    }
    return diffs.isEmpty ? nil : diffs.joined(separator: "\n")
  }

  /// CJK (also straddling the right edge), full- and half-width forms,
  /// combining marks, Indic conjuncts (one grapheme, a cell per consonant
  /// as terminals draw them; a ZWJ joining the next into its cell),
  /// prepended concatenation marks (a cell each), control characters, long rows. No emoji: terminals
  /// disagree on their widths (tmux 3.3 draws ❤️ — U+2764 U+FE0F — in one
  /// cell and 👍🏽 in four, where the cell-width table, like most current
  /// terminals, counts two), so they cannot be compared cell for cell.
  static let wideJSON = #"""
    {"漢字セクション": ["日本語のアイテム 一", "中文项目 二 very long line xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "combining e\u0301 cafe\u0301 n\u0303", "full-width ＡＢＣ and half-width ｶﾀｶﾅ end"],
     "Indic": ["conjunct \u0915\u094D\u0937 and \u0938\u094D\u0924\u094D\u0930\u0940 end", "bengali \u0995\u09CD\u09B7 x", "two marks \u09AC\u09BE\u0982\u09B2\u09BE \u0D15\u0D3E\u0D02 \u0D4E\u0D2E\u0D4D\u0D2E \u0C15\u0C41\u0C02 thai \u0E19\u0E49\u0E33 \u0E01\u0E33 end", "\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937\u0915\u094D\u0937|"],
     "Joined": ["zwj \u0915\u094D\u200D\u0937\u093F \u0D28\u0D4D\u200D\u0D28\u0D4D\u0D31\u0D46 \u0D05\u0D35\u0D28\u0D4D\u200D\u0D31\u0D46 end", "prepended \u0600y x\u0600\u0600\u0600y \u06DD1 end"],
     "Ctrl": ["bell\u0007 esc\u001b[31m red", "tab\there", "del\u007f c1\u0085 x"],
     "Wide edge": ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa漢字", "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb漢", "cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc漢字"]}
    """#

  /// A small data set with a section whose title has a space.
  static let devicesJSON: String = {
    func items(_ prefix: String, _ n: Int) -> String {
      (1...n).map { "\"\(prefix) \($0)\"" }.joined(separator: ", ")
    }
    return """
      {"AirPods": [\(items("AirPods", 30))],
       "Apple Watch": [\(items("Watch Series", 12))],
       "iPad": [\(items("iPad", 20))],
       "iPhone": [\(items("iPhone", 20))],
       "Mac": [\(items("Mac", 20))]}
      """
  }()
}
