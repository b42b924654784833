/// The terminal modes sectionnav switches, as bytes. Leaving undoes entering
/// in reverse order.
public enum ControlSequences {
  public static let beginSynchronizedUpdate = bytes("\u{1B}[?2026h")
  public static let endSynchronizedUpdate = bytes("\u{1B}[?2026l")

  /// Alternate screen, hidden cursor, no auto-wrap (a wide grapheme in the
  /// last column can never scroll the screen), optional SGR mouse with
  /// button-motion tracking, bracketed paste.
  public static func enter(mouse: Bool) -> [UInt8] {
    var s = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"
    if mouse { s += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" }
    s += "\u{1B}[?2004h"
    return bytes(s)
  }

  /// Everything `enter` set, undone in reverse order (mouse modes are turned
  /// off even if they were not on: harmless, and safe after a crash).
  public static let leave = leaveKeepingScreen + bytes("\u{1B}[?1049l")

  /// `leave` except the switch back to the main screen: for a prompt drawn
  /// over the UI (cursor shown, wrapping on, mouse and paste reporting off).
  public static let leaveKeepingScreen = bytes(
    "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h")

  /// Back on the alternate screen for a prompt after a stop: the modes of
  /// `leaveKeepingScreen` otherwise (cursor shown, no reporting).
  public static let enterForPrompt = bytes("\u{1B}[?1049h")

  static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
}
