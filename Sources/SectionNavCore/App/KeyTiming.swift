/// Timing facts about keys, shared by the run loop and the line editor.
public enum KeyTiming {
  /// Milliseconds of silence after which a lone ESC byte is the Esc key, not
  /// the start of an escape sequence (arrow keys arrive as ESC [ A at once).
  public static let escapeTimeout = 40
}
