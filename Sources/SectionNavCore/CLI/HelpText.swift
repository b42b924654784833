/// `--help`, generated from `OptionTable` so it can never miss an option.
public enum HelpText {
  static let width = 80
  static let column = 28

  public static func render() -> String {
    var out = "Usage: sectionnav [OPTIONS] [FILE]\n\n"
    out +=
      wrap(
        "Browse a sectioned list (JSON sections of items, or lines of text) in the "
          + "terminal, with a section index on the right edge: click, drag or type a "
          + "letter on it to jump to a section. Enter prints the chosen item on "
          + "standard output; the screen is drawn on /dev/tty, so "
          + "item=$(sectionnav data.json) works.", indent: 0) + "\n"
    for group in OptionSpec.Group.allCases {
      let options = OptionTable.options.filter { $0.group == group }
      guard !options.isEmpty else { continue }
      out += "\n\(group.rawValue):\n"
      for option in options { out += entry(option) }
    }
    out += ModeKeys.helpText()
    out +=
      "\n"
      + wrap(
        "Keys: press ? in the navigator; sectionnav(1) lists the keys, the mouse and "
          + "the script commands.", indent: 0) + "\n"
    out += "\nEnvironment:\n"
    out += row("  SECTIONNAV_OPTS", "default options, applied after the config file, before the command line")
    out += row("  NO_COLOR", "when non-empty, no colours unless --color always")
    out += row("  LC_ALL, LANG", "the --locale when none is given (LC_ALL, else LC_COLLATE, else LANG)")
    out += row("  XDG_STATE_HOME", "where the prompt history is kept (default ~/.local/state)")
    out += row(
      "  XDG_CONFIG_HOME",
      "sectionnav/config there (default ~/.config) holds options read before SECTIONNAV_OPTS")
    out += "\nExit status:\n"
    for code in ExitCode.allCases { out += row("  \(code.rawValue)", code.meaning) }
    return out
  }

  /// How the option is written in help: `  -h, --help`, `      --size WxH`.
  public static func synopsis(_ option: OptionSpec) -> String {
    if option.kind == .positional { return "  " + option.name }
    var s = option.short.map { "  \($0), " } ?? "      "
    s += option.name
    if let placeholder = option.placeholder { s += " " + placeholder }
    return s
  }

  static func entry(_ option: OptionSpec) -> String {
    var help = option.help
    var notes: [String] = []
    if !option.allowed.isEmpty { notes.append(OptionTable.listing(option.allowed)) }
    if let d = option.defaultValue { notes.append("default: \(d)") }
    if !notes.isEmpty { help += " (" + notes.joined(separator: "; ") + ")" }
    return row(synopsis(option), help)
  }

  /// `left` then `text` wrapped in the help column; `left` on a line of its
  /// own when it reaches into the column.
  static func row(_ left: String, _ text: String) -> String {
    let body = wrap(text, indent: column)
    if left.count + 2 <= column {
      return left + String(repeating: " ", count: column - left.count) + body.dropFirst(column)
        + "\n"
    }
    return left + "\n" + body + "\n"
  }

  /// `text` wrapped at `width`, every line indented by `indent` spaces.
  static func wrap(_ text: String, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, indent + line.count + 1 + word.count > width {
        lines.append(pad + line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(pad + line) }
    return lines.joined(separator: "\n")
  }
}
