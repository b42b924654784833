/// What the front end must do after an event: the core never exits, prints or
/// touches the terminal itself.
public enum Effect: Sendable, Equatable {
  case none
  /// Quit without choosing (q, Esc, `quit`).
  case quit
  /// C-c: exit 130.
  case interrupt
  /// Enter on an item (of the full data, `dataList`): print it and exit 0.
  case choose(section: Int, item: Int)
  /// Enter with marked items (`--multi`): print them all, in data order, and exit 0.
  case chooseItems([ChosenItem])
  /// C-z: restore the terminal and stop.
  case suspend
  /// Text for standard output (`print`, `state`).
  case output(String)
}

/// An item of the full data (not of a filtered view): section and 0-based item.
public struct ChosenItem: Sendable, Equatable {
  public var section: Int
  public var item: Int
  public init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }
}
