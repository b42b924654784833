/// Everything that can change the app state. Keys, mouse reports, prompt
/// commands and script lines all arrive as events, and time is an event too
/// (`tick`), so the core never reads a clock.
public enum Event: Sendable, Equatable {
  case key(KeyEvent)
  case mouse(MouseEvent)
  /// Bracketed paste: text typed as a whole.
  case paste(String)
  case resize(width: Int, height: Int)
  /// The clock advanced by this many milliseconds.
  case tick(milliseconds: Int)
  case command(Command)
  /// More of the data has been indexed (or all of it, re-sorted).
  case data(DataUpdate)
  /// Survivors of a filter run from a background thread (partial or complete).
  case filtered(FilterResult)
}
