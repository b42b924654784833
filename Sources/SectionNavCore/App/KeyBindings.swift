/// What a key does in the list. One table both dispatches keys and generates
/// the help screen, so the two cannot drift apart.
public enum Action: Sendable, Equatable {
  case cursorDown, cursorUp, viewDown, viewUp, pageDown, pageUp, halfPageDown, halfPageUp
  case firstRow, lastRow, scrollLeft, scrollRight, leftEdge, rightEdge
  case previousSection, nextSection, jumpToEntry, focusIndex
  case search, nextMatch, previousMatch, commandPrompt
  case filter, toggleDown
  case choose, help, quit, interrupt, suspend, redraw
}

/// One row of the key table.
public struct KeyBinding: Sendable {
  public var keys: [KeyEvent]
  public var action: Action
  public var help: String
}

public enum KeyBindings {
  /// Key names as scripts spell them; a misspelt one stops the program at
  /// once (every name is checked by a test) rather than binding some other key.
  private static func k(_ names: String...) -> [KeyEvent] {
    names.map { name in
      do throws(CommandError) {
        return try KeyNames.parse(name)
      } catch {
        preconditionFailure("KeyBindings.table: \(error.message)")
      }
    }
  }

  /// The list-mode key table, in help order.
  public static let table: [KeyBinding] = [
    KeyBinding(keys: k("j", "Down", "C-j", "C-n"), action: .cursorDown, help: "cursor down"),
    KeyBinding(keys: k("k", "Up", "C-k", "C-p"), action: .cursorUp, help: "cursor up"),
    KeyBinding(keys: k("C-e"), action: .viewDown, help: "view down one row, cursor stays"),
    KeyBinding(keys: k("C-y"), action: .viewUp, help: "view up one row, cursor stays"),
    KeyBinding(keys: k("Space", "f", "PgDn", "C-f"), action: .pageDown, help: "page down"),
    KeyBinding(keys: k("b", "PgUp", "C-b"), action: .pageUp, help: "page up"),
    KeyBinding(keys: k("d", "C-d"), action: .halfPageDown, help: "half page down"),
    KeyBinding(keys: k("u", "C-u"), action: .halfPageUp, help: "half page up"),
    KeyBinding(keys: k("g", "Home"), action: .firstRow, help: "first row"),
    KeyBinding(keys: k("G", "End"), action: .lastRow, help: "last row"),
    KeyBinding(keys: k("h", "Left"), action: .scrollLeft, help: "scroll left"),
    KeyBinding(keys: k("l", "Right"), action: .scrollRight, help: "scroll right"),
    KeyBinding(keys: k("0"), action: .leftEdge, help: "left edge"),
    KeyBinding(keys: k("$"), action: .rightEdge, help: "right edge"),
    KeyBinding(keys: k("["), action: .previousSection, help: "previous section"),
    KeyBinding(keys: k("]"), action: .nextSection, help: "next section"),
    KeyBinding(keys: k("'"), action: .jumpToEntry, help: "then a character: jump to that index entry"),
    KeyBinding(keys: k("Tab"), action: .focusIndex, help: "focus the index (type a title); --multi: mark"),
    KeyBinding(keys: k("/"), action: .search, help: "search (smart case)"),
    KeyBinding(keys: k("n"), action: .nextMatch, help: "next match"),
    KeyBinding(keys: k("N"), action: .previousMatch, help: "previous match"),
    KeyBinding(keys: k(":"), action: .commandPrompt, help: "command prompt (script commands)"),
    KeyBinding(keys: k("&"), action: .filter, help: "filter: show only matching items (fzf syntax)"),
    KeyBinding(keys: k("m"), action: .toggleDown, help: "with --multi: mark the item, cursor down"),
    KeyBinding(keys: k("Enter"), action: .choose, help: "print the chosen item and exit"),
    KeyBinding(keys: k("?", "F1"), action: .help, help: "this help"),
    KeyBinding(keys: k("q", "Esc"), action: .quit, help: "quit (Esc first clears a filter)"),
    KeyBinding(keys: k("C-c"), action: .interrupt, help: "interrupt (exit 130)"),
    KeyBinding(keys: k("C-z"), action: .suspend, help: "suspend to the shell"),
    KeyBinding(keys: k("C-l"), action: .redraw, help: "redraw the screen (after another program wrote to it)"),
  ]

  private static let lookup: [KeyEvent: Action] = {
    var map: [KeyEvent: Action] = [:]
    for binding in table { for key in binding.keys where map[key] == nil { map[key] = binding.action } }
    return map
  }()

  public static func action(for key: KeyEvent) -> Action? { lookup[key] }

  /// Mouse actions, for the help screen.
  public static let mouseHelp: [(String, String)] = [
    ("click/drag index", "jump to the section under the pointer"),
    ("drag indicator", "scroll: the track maps to the whole content"),
    ("wheel", "scroll 3 rows (shift: columns)"),
    ("click item", "move the cursor there"),
  ]

  /// The help screen's lines for the key table alone.
  public static var helpLines: [String] { helpLines(groups: []) }

  /// The help screen's lines: the table without the keys that `groups`
  /// (the preview keys, `--bind`) take over, then those groups, then the mouse.
  public static func helpLines(
    groups: [(title: String, rows: [(key: KeyEvent, does: String)])], events: [(name: String, does: String)] = []
  ) -> [String] {
    let taken = Set(groups.flatMap { $0.rows.map(\.key) })
    var lines = ["sectionnav keys", ""]
    for b in table {
      let keys = b.keys.filter { !taken.contains($0) }
      guard !keys.isEmpty else { continue }
      let names = keys.map(KeyNames.name(of:)).joined(separator: " ")
      lines.append("  " + column(names) + b.help)
    }
    for group in groups where !group.rows.isEmpty {
      lines.append("")
      lines.append(group.title)
      for row in group.rows {
        lines.append("  " + column(KeyNames.name(of: row.key)) + row.does)
      }
    }
    if !events.isEmpty {
      lines += ["", "--bind events"] + events.map { "  " + column($0.name) + $0.does }
    }
    lines.append("")
    lines.append("mouse")
    for (what, does) in mouseHelp {
      lines.append("  " + column(what) + does)
    }
    lines.append("")
    lines.append("commands (at the : prompt)")
    for spec in CommandGrammar.promptCommands {
      let call = spec.usage.isEmpty ? spec.name : spec.name + " " + spec.usage
      lines.append(
        "  " + (call.count < 22 ? column(call) : call + "  ") + spec.summary)
    }
    lines.append("")
    lines.append("press any key to close")
    return lines
  }

  /// `text` in the help screen's first column: cut or padded with spaces to 22 characters.
  static func column(_ text: String) -> String {
    text.count >= 22 ? String(text.prefix(22)) : text + String(repeating: " ", count: 22 - text.count)
  }
}
