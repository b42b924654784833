/// What a `--bind` key does: one step of `KEY:ACTION+ACTION…`. Every key
/// action of the list (`KeyBindings.table`) is available by name, and fzf's
/// actions that make sense here are added.
public enum BindAction: Sendable, Equatable {
  /// A list action by name (`cursor-down`, `page-up`, `search`, …).
  case action(Action)
  /// Run `sh -c CMD` with the terminal handed over, as the `:` prompt does;
  /// the screen comes back after it ends.
  case execute(CommandTemplate)
  /// Run `sh -c CMD` without touching the screen; its output is discarded.
  case executeSilent(CommandTemplate)
  /// Replace the data with the output of `sh -c CMD`, read in the current
  /// input format; the cursor stays on its item when it still exists.
  /// Shown as it arrives, as fzf's `reload` is; `sync` (`reload-sync`)
  /// keeps the current data on screen until the command has ended.
  case reload(CommandTemplate, sync: Bool = false)
  /// Print the cursor's item in this format and end, like Enter (fzf's
  /// `print(…)+accept`).
  case print(PrintFormat)
  case togglePreview
  case previewUp, previewDown, previewPageUp, previewPageDown, previewTop, previewBottom
  /// Mark the cursor's item for `--multi` (needs the filter's marks).
  case toggleMark
  /// fzf's `select-all`, `deselect-all`, `toggle-all`: every item shown
  /// (the matches, with a filter on) marked, unmarked or flipped (`--multi`).
  case markAll(MarkAll)
  /// fzf's `clear-query`: the query line emptied, the whole list back.
  case clearQuery
  /// fzf's `change-query(TEXT)`: the query line set to TEXT, filtered at once.
  case changeQuery(String)
  /// fzf's `change-prompt(TEXT)`: pick mode's prompt from now on.
  case changePrompt(String)
  /// fzf's `become(CMD)`: the terminal given back and the program replaced
  /// by `sh -c CMD` (placeholders as for `execute`); its output and status
  /// are the program's (`enter:become(vim {})`).
  case become(CommandTemplate)
  /// fzf's `accept-non-empty`: `accept`, but nothing happens when there is
  /// nothing to choose (no match, nothing marked).
  case acceptNonEmpty
  /// fzf's `ignore`: the key does nothing (not even what it did by default).
  case ignore

  public enum MarkAll: Sendable, Equatable {
    case select, deselect, toggle
  }

  /// Names that take no argument, fzf's spelling first where it has one.
  static let plainNames: [String: BindAction] = {
    var names: [String: BindAction] = [
      "accept": .action(.choose), "abort": .action(.quit), "clear-screen": .action(.redraw),
      "up": .action(.cursorUp), "down": .action(.cursorDown),
      "first": .action(.firstRow), "last": .action(.lastRow),
      "toggle-preview": .togglePreview, "toggle-mark": .toggleMark,
      "select-all": .markAll(.select), "deselect-all": .markAll(.deselect), "toggle-all": .markAll(.toggle),
      "clear-query": .clearQuery, "accept-non-empty": .acceptNonEmpty, "ignore": .ignore,
      "top": .action(.firstRow),
      "preview-up": .previewUp, "preview-down": .previewDown,
      "preview-page-up": .previewPageUp, "preview-page-down": .previewPageDown,
      "preview-top": .previewTop, "preview-bottom": .previewBottom,
    ]
    // A list action of the same name wins (the filter's `toggle-mark`, once it has one).
    for binding in KeyBindings.table { names[Self.name(of: binding.action)] = .action(binding.action) }
    names["toggle"] = names["toggle-mark"]  // fzf's name
    return names
  }()

  /// Names that take `(CMD)` or `(FORMAT)`.
  static let argumentNames = [
    "execute", "execute-silent", "reload", "reload-sync", "print", "become", "change-query", "change-prompt",
  ]

  /// `cursorDown` → `cursor-down`: the list actions' names come from the
  /// cases themselves, so a new action is bindable without a table edit.
  public static func name(of action: Action) -> String {
    var name = ""
    for c in String(describing: action) {
      if c.isUppercase { name += "-" + c.lowercased() } else { name.append(c) }
    }
    return name
  }

  /// Every action name, for help and errors.
  public static var allNames: [String] { (plainNames.keys + argumentNames).sorted() }
}
