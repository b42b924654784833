/// The keys that differ between the two modes, side by side: the one table
/// `--help` prints and the man page's and README's "both modes" tables
/// follow (`DocsConsistencyTests` checks the man page against it). The
/// full dispatch table is `KeyBindings`; this is its summary for a reader
/// choosing a mode.
public enum ModeKeys {
  public struct Row: Sendable {
    public let keys: String
    public let browse: String
    public let pick: String
  }

  public static let rows: [Row] = [
    Row(keys: "letters, digits, Space", browse: "commands (? lists them)", pick: "type into the query"),
    Row(keys: "Down C-j C-n / Up C-k C-p", browse: "cursor down / up", pick: "cursor down / up"),
    Row(keys: "PgDn / PgUp", browse: "page down / up", pick: "page down / up"),
    Row(keys: "Enter", browse: "print the item, exit 0", pick: "print the item, exit 0; 1 when nothing matches"),
    Row(keys: "Esc", browse: "quit, exit 0 (a filter on: clear it first)", pick: "abort, exit 130"),
    Row(keys: "C-g C-q", browse: "-", pick: "abort, exit 130"),
    Row(keys: "C-c", browse: "exit 130", pick: "exit 130"),
    Row(
      keys: "Tab / S-Tab", browse: "focus the index; --multi: mark, move down", pick: "--multi: mark, move down / up"),
    Row(keys: "C-u C-w C-a C-e Left Right", browse: "commands", pick: "edit the query"),
    Row(keys: "M-b M-f M-d M-Backspace C-y", browse: "commands", pick: "by words; put back the last deletion"),
  ]

  /// The table as `--help` prints it: the keys, then each mode's meaning.
  static func helpText() -> String {
    var out = "\nKeys (browse: less's habits; pick: fzf's, with --pick or captured output):\n"
    for row in rows {
      out += HelpText.row("  " + row.keys, "browse: \(row.browse); pick: \(row.pick)")
    }
    return out
  }
}
