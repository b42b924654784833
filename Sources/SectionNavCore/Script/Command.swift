/// One command of the script and prompt grammar (README.md, "Script mode"): the same
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
  /// Background work started from here on waits (scripts only: so a script
  /// can act while a search "runs", e.g. press Esc to cancel it).
  case hold
  /// Finishes the held background work now, delivering its results in order.
  case settle
  /// Sends an event that otherwise only the world sends (tests only).
  case simulate(SimulatedEvent)

}

/// The world's events a script may stand in for (`simulate …`), so the rules
/// for them are reachable from fixtures: a load that fails after the first
/// screen, a file that shrinks under the program.
public enum SimulatedEvent: Sendable, Equatable {
  /// `simulate indexing PERCENT`: the data shown is a snapshot of a load
  /// still running (as for a large file indexed in the background).
  case indexing(percent: Int)
  /// `simulate loaded`: that load finished; the data shown is complete.
  case loaded
  /// `simulate load-failed LOCATION MESSAGE`: that load found the data invalid.
  case loadFailed(location: String, message: String)
  /// `simulate shrank`: the mapped file shrank after it was indexed.
  case dataShrank

  func event(for state: AppState) -> Event {
    switch self {
    case .indexing(let percent): return .data(DataUpdate(list: state.list, progress: Double(percent) / 100))
    case .loaded: return .data(DataUpdate(list: state.list, progress: nil))
    case .loadFailed(let location, let message): return .loadFailed(Failure(message, at: location))
    case .dataShrank: return .dataShrank
    }
  }
}
