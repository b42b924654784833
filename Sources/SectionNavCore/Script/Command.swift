/// One command of the script and prompt grammar (SPEC section 6): the same
/// values come from a script line, the `:` prompt and the scroll proxy.
public enum Command: Sendable, Equatable {
  public enum Alignment: String, Sendable, CaseIterable { case top, center, bottom }
  public enum WheelDirection: String, Sendable, CaseIterable { case up, down, left, right }
  /// An item named by 0-based index or by exact text.
  public enum ItemReference: Sendable, Equatable {
    case index(Int)
    case text(String)
  }

  case key([KeyEvent])
  case type(String)
  case click(column: Int, row: Int)
  case press(column: Int, row: Int)
  case move(column: Int, row: Int)
  case release(column: Int, row: Int)
  case drag(column: Int, row: Int, toColumn: Int, toRow: Int)
  case wheel(WheelDirection, count: Int, column: Int?, row: Int?)
  case resize(width: Int, height: Int)
  case goto(section: String, item: ItemReference?, alignment: Alignment)
  case scroll(Alignment)
  case scrollTo(x: Double, y: Double)
  case search(String)
  case next
  case previous
  case tick(Int)
  /// Sets the filter query ("" clears the filter).
  case filter(String)
  /// Toggles the cursor's mark (`--multi`).
  case mark
  case print(ansi: Bool)
  case state
  case help
  case quit

  /// Names accepted as the first word, for completion and help.
  public static let names = [
    "key", "type", "click", "press", "move", "release", "drag", "wheel", "resize", "goto", "scroll",
    "scroll-to", "search", "next", "previous", "filter", "mark", "tick", "print", "state", "help", "quit",
  ]
}
