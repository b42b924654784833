/// What keys do now. One value instead of flags checked in a fixed order:
/// the state is in exactly one of these, and `handleKey` switches on it.
public enum Mode: Sendable, Equatable {
  /// Browsing the list (keys from `KeyBindings.table`).
  case list
  /// The `&` line has the keys: typing edits the query (`Filtering.line`),
  /// Up/Down move the cursor through the survivors.
  case filterLine(FilterLine)
  /// The help screen, on this page.
  case help(page: Int)
  /// The `:` or `/` prompt (the built-in one scripts type into, or the
  /// runner's line editor between `.editLine` and `.lineEdited`).
  case prompt(AppState.Prompt)
  /// `'` was pressed: the next character names an index entry.
  case awaitingEntry
  /// Tab: keys go to the index (type-ahead, Up/Down).
  case indexFocus(TypeAhead)
  /// Enter or `q` while the data was still being indexed: the run ends when
  /// indexing does (Esc goes back to the list).
  case waitingForLoad(PendingExit)
}

/// Type-ahead on the focused index: the text so far and when it was last
/// extended (it starts over after a second without typing).
public struct TypeAhead: Sendable, Equatable {
  public var text = ""
  /// `clock` at the last key.
  public var at = 0
}

/// How the filter line was opened, and keys waiting for its result.
public struct FilterLine: Sendable, Equatable {
  /// Opened with `&` (an empty Enter then clears, as in less) rather than by `--filter` or pick mode.
  var openedByKey = true
  /// Keys that choose or run something (Enter, a bound key) that came while
  /// the result of the query typed before them was still being made, and
  /// the keys after them: they act on that result once it is complete, in
  /// order, never on the rows of an older query (typed fast, `zzz` Enter
  /// picked the first item; `--bind enter:accept` did not wait).
  var held: [KeyEvent] = []
}

/// An exit asked for while the data was still being indexed.
public enum PendingExit: Sendable, Equatable {
  case quit, choose

  /// The status line while the exit waits.
  var waitingNote: String { "\(self == .quit ? "quitting" : "printing") once indexing ends (Esc stays)" }
}

extension AppState {
  /// The mode the help, a prompt, an index jump or a waiting exit gives the
  /// keys back to: in pick mode the filter line (it has them from the
  /// start, as fzf's query line does), else the list.
  var restingMode: Mode { settings.pick ? .filterLine(FilterLine(openedByKey: false)) : .list }

  /// Whether an exit waits for the load (`PendingExit`).
  var isWaitingForLoad: Bool {
    if case .waitingForLoad = mode { return true }
    return false
  }

  /// Whether the filter line has the keys.
  public var filterLineOpen: Bool {
    if case .filterLine = mode { return true }
    return false
  }

  /// The open prompt, if any.
  public var prompt: Prompt? {
    if case .prompt(let p) = mode { return p }
    return nil
  }

  public var showHelp: Bool {
    if case .help = mode { return true }
    return false
  }

  /// The help page shown (the help is paged when it is taller than the screen).
  public var helpPage: Int {
    if case .help(let page) = mode { return page }
    return 0
  }

  public var focus: Focus {
    if case .indexFocus = mode { return .index }
    return .list
  }

  /// The type-ahead text while the index has focus.
  var typeahead: String {
    if case .indexFocus(let t) = mode { return t.text }
    return ""
  }
}
