/// What the front end must do after an event: the core never exits, prints or
/// touches the terminal itself.
public enum Effect: Sendable, Equatable {
  case none
  /// Quit without choosing (q, Esc, `quit`).
  case quit
  /// C-c: exit 130.
  case interrupt
  /// Enter on an item: print it and exit 0.
  case choose(section: Int, item: Int)
  /// C-z: restore the terminal and stop.
  case suspend
  /// Text for standard output (`print`, `state`).
  case output(String)
}
