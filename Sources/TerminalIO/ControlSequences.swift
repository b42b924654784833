import SectionNavCore

/// The terminal modes sectionnav switches, as bytes. Leaving undoes entering
/// in reverse order.
public enum ControlSequences {
  public static let beginSynchronizedUpdate = bytes("\u{1B}[?2026h")
  public static let endSynchronizedUpdate = bytes("\u{1B}[?2026l")

  /// Alternate screen, hidden cursor, no auto-wrap (a wide grapheme in the
  /// last column can never scroll the screen), optional SGR mouse with
  /// button-motion tracking, bracketed paste. Inline (`--height`) stays on
  /// the main screen.
  public static func enter(mouse: Bool, alternateScreen: Bool = true) -> [UInt8] {
    var s = (alternateScreen ? "\u{1B}[?1049h" : "") + "\u{1B}[?25l\u{1B}[?7l"
    if mouse { s += "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h" }
    s += "\u{1B}[?2004h"
    return bytes(s)
  }

  /// Everything `enter` set, undone in reverse order (mouse modes are turned
  /// off even if they were not on: harmless, and safe after a crash).
  public static let leave = leaveKeepingScreen + bytes("\u{1B}[?1049l")

  /// `leave` except the switch back to the main screen: for a prompt drawn
  /// over the UI (cursor shown, wrapping on, mouse and paste reporting off;
  /// the prompt turns paste reporting on again, `pasteReportingOn`).
  public static let leaveKeepingScreen = bytes(
    "\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h")

  /// Back on the alternate screen for a prompt after a stop: the modes of
  /// `leaveKeepingScreen` otherwise (cursor shown, no mouse reporting).
  public static let enterForPrompt = bytes("\u{1B}[?1049h")

  /// Bracketed paste, for the prompt's line editor: a paste arrives marked,
  /// so that its line breaks and control characters are text, never keys.
  public static let pasteReportingOn = bytes("\u{1B}[?2004h")

  /// Device status report: the terminal answers with the cursor position.
  static let requestCursorPosition = bytes("\u{1B}[6n")
  /// Control Sequence Introducer, ESC [.
  static let csi: [UInt8] = [0x1B, 0x5B]
  /// Plain attributes.
  static let resetStyle = bytes(SGR.reset)
  /// Plain attributes, cursor home, screen cleared.
  static let clearScreen = bytes("\u{1B}[0m\u{1B}[H\u{1B}[2J")
  /// Clears the cursor's row (in the current background).
  static let clearLine = bytes("\u{1B}[2K")
  /// Clears from the cursor to the end of the screen.
  static let clearToEnd = bytes("\u{1B}[J")
  static let hideCursor = bytes("\u{1B}[?25l")
  static let showCursor = bytes("\u{1B}[?25h")
  /// DECSC / DECRC: the cursor's place (and style) kept and put back, around
  /// a repaint behind a line editor that owns the cursor.
  static let saveCursor: [UInt8] = [0x1B, 0x37]
  static let restoreCursor: [UInt8] = [0x1B, 0x38]
  static let autoWrapOff = bytes("\u{1B}[?7l")
  static let autoWrapOn = bytes("\u{1B}[?7h")
  /// DECSTBM without margins: the whole screen scrolls again.
  static let resetScrollRegion = bytes("\u{1B}[r")
  /// IND (ESC D) scrolls up at the bottom margin; RI (ESC M) down at the top.
  static let index: [UInt8] = [0x1B, 0x44]
  static let reverseIndex: [UInt8] = [0x1B, 0x4D]

  static func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
}
