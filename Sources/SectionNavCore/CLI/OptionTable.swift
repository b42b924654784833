/// One command-line option (or the FILE argument): the single description that
/// parsing, `--help`, the man page test and the completion test all read.
public struct OptionSpec: Sendable {
  public enum Kind: Sendable { case positional, flag, value }
  /// Help-text heading the option is listed under, in this order.
  public enum Group: String, CaseIterable, Sendable {
    case input = "Input", index = "Index", search = "Search", appearance = "Appearance", output = "Output"
    case filter = "Filter", workflow = "Preview and key bindings", script = "Script", general = "General"
  }

  /// `--size`, or `FILE` for the positional argument.
  public let name: String
  /// `-h` for `--help`; nil for the others.
  public let short: String?
  public let kind: Kind
  /// What the value is called in help (`WxH`, `MODE`); nil for flags.
  public let placeholder: String?
  /// The only values accepted (help and completions list them); empty = any.
  public let allowed: [String]
  /// The value used when the option is not given, for the help text.
  public let defaultValue: String?
  public let group: Group
  /// One sentence, lower case, no final period.
  public let help: String
  /// `--colors` may be given many times and accumulates.
  public let repeatable: Bool
  let apply: @Sendable (inout Configuration, String) throws(UsageError) -> Void

  /// Whether the value names a file (FILE, `--script FILE`): it keeps the
  /// bytes argv gave; any other value reads as a repairing decoder reads
  /// it, U+FFFD for a byte outside UTF-8 (`SystemPath`).
  var namesFile: Bool { kind == .positional || placeholder == "FILE" }

  init(
    _ name: String, short: String? = nil, kind: Kind, placeholder: String? = nil,
    allowed: [String] = [], defaultValue: String? = nil, group: Group, repeatable: Bool = false,
    help: String, apply: @escaping @Sendable (inout Configuration, String) throws(UsageError) -> Void
  ) {
    self.name = name
    self.short = short
    self.kind = kind
    self.placeholder = placeholder
    self.allowed = allowed
    self.defaultValue = defaultValue
    self.group = group
    self.repeatable = repeatable
    self.help = help
    self.apply = apply
  }
}

/// Every option (README.md, "Options, environment, exit status"), in help order.
public enum OptionTable {
  public static let options: [OptionSpec] = [
    // Input
    OptionSpec(
      "FILE", kind: .positional, group: .input,
      help: "data to browse (JSON, JSON Lines, CSV, TSV); '-' reads standard input, as does no FILE when it is not "
        + "a terminal; else the demo of --demo"
    ) { c, v throws(UsageError) in c.file = try nonEmpty(v, "FILE") },
    OptionSpec(
      "--demo", kind: .value, placeholder: "NAME", allowed: Demo.allCases.map(\.rawValue), defaultValue: "devices",
      group: .input, help: "embedded data shown when no FILE is given"
    ) { c, v throws(UsageError) in
      c.demo = try enumValue(v, "--demo")
      c.demoChosen = true
    },
    OptionSpec(
      "--lines", kind: .flag, group: .input,
      help: "input is plain text, one item per line, grouped by first letter"
    ) { c, _ in c.setFormat(lines: true) },
    OptionSpec(
      "--read0", kind: .flag, group: .input,
      help: "items end at NUL, not at a line break, as find -print0 writes them (implies --lines)"
    ) { c, _ in
      if !c.lines { c.setFormat(lines: true, fromRead0: true) }
      c.read0 = true
    },
    OptionSpec(
      "--no-read0", kind: .flag, group: .input,
      help: "--lines items end at a line break (the default; undoes a config's --read0)"
    ) { c, _ in
      if c.linesFromRead0 { c.setFormat() }
      c.read0 = false
    },
    OptionSpec(
      "--delimiter", kind: .value, placeholder: "D", group: .input,
      help: "with --lines, split each line into SECTION D ITEM ('\\t' is a tab)"
    ) { c, v throws(UsageError) in c.delimiter = try delimiter(v) },
    OptionSpec(
      "--item-field", kind: .value, placeholder: "NAME", group: .input,
      help: "show object items by this field"
    ) { c, v throws(UsageError) in
      // Spelled as --group-by's field is: what a name cannot mean is an error.
      do throws(UsageError) { _ = try FieldPath(v) } catch { throw UsageError("--item-field: \(error.message)") }
      c.itemField = v
    },
    OptionSpec(
      "--item-format", kind: .value, placeholder: "TEMPLATE", group: .input,
      help: "row text of object items built from fields, e.g. '{name} ({code})'; dotted fields reach nested objects"
    ) { c, v throws(UsageError) in c.itemFormat = try ItemTemplate(v) },
    OptionSpec(
      "--path", kind: .value, placeholder: "PATH", group: .input,
      help: "the list of items inside the JSON, in jq syntax: .key, .\"a key\", .[0], .[-1], .[2:4], .[], ?"
    ) { c, v throws(UsageError) in c.path = try JSONPath(v) },
    OptionSpec(
      "--group-by", kind: .value, placeholder: "FIELD", group: .input,
      help: "one section per value of FIELD (a.b for nested fields, a CSV column); 'initial' groups by first letter"
    ) { c, v throws(UsageError) in c.groupBy = try GroupBy(option: v) },
    OptionSpec(
      "--jsonl", kind: .flag, group: .input,
      help: "input is JSON Lines, one value per line (the default for .jsonl and .ndjson files)"
    ) { c, _ in c.setFormat(.jsonLines) },
    OptionSpec(
      "--skip-bad", kind: .flag, group: .input,
      help: "with JSON Lines, skip bad lines with a warning instead of stopping"
    ) { c, _ in c.skipBad = true },
    OptionSpec(
      "--csv", kind: .flag, group: .input,
      help: "input is CSV (RFC 4180 quoting); the first row names the columns (the default for .csv files)"
    ) { c, _ in c.setFormat(.csv) },
    OptionSpec(
      "--tsv", kind: .flag, group: .input,
      help: "input is tab-separated values; the first row names the columns (the default for .tsv files)"
    ) { c, _ in c.setFormat(.tsv) },
    OptionSpec(
      "--no-header", kind: .flag, group: .input,
      help: "with CSV or TSV, the first row is data and columns are named 1, 2, ..."
    ) { c, _ in c.noHeader = true },
    OptionSpec(
      "--keep-order", kind: .flag, group: .input,
      help: "keep sections in input order instead of sorting them naturally"
    ) { c, _ in c.keepOrder = true },
    OptionSpec(
      "--check", kind: .flag, group: .input,
      help: "validate FILE, print 'N sections, M items' and exit; errors give FILE:LINE:COLUMN"
    ) { c, _ in c.check = true },
    // Index
    OptionSpec(
      "--index", kind: .value, placeholder: "MODE",
      allowed: SectionIndex.Mode.allCases.map(\.rawValue), defaultValue: "initials",
      group: .index,
      help: "index entries: one per first letter, one per section title, or every letter (A-Z and #, or the locale's)"
    ) { c, v throws(UsageError) in c.indexMode = try enumValue(v, "--index") },
    OptionSpec(
      "--index-labels", kind: .value, placeholder: "FILE", group: .index,
      help: "JSON object mapping section titles to index labels (a glyph or short text)"
    ) { c, v throws(UsageError) in c.indexLabelsFile = try nonEmpty(v, "--index-labels") },
    OptionSpec(
      "--index-anchor", kind: .value, placeholder: "WHERE",
      allowed: Configuration.indexAnchors.map(\.rawValue), defaultValue: "top",
      group: .index, help: "where a jump through the index puts the section in the list"
    ) { c, v throws(UsageError) in
      c.indexAnchor = Command.Alignment(
        rawValue: try oneOf(v, Configuration.indexAnchors.map(\.rawValue), "--index-anchor"))!
    },
    OptionSpec(
      "--locale", kind: .value, placeholder: "LOCALE", group: .index,
      help:
        "sort sections and build the index in this language (sv, ja, zh_TW; C for A-Z); default from LC_ALL, LC_COLLATE or LANG"
    ) { c, v throws(UsageError) in
      guard LocaleCollation.isWellFormed(v) else {
        throw UsageError("--locale: '\(v)' is not a locale name (like sv, de_DE.UTF-8, zh_TW or C)")
      }
      c.locale = v
    },
    // Search
    OptionSpec(
      "--literal", kind: .flag, group: .search,
      help: "match accents as typed: 'cafe' no longer finds 'café' (case still follows smart case)"
    ) { c, _ in c.literal = true },
    // Appearance
    OptionSpec(
      "--color", kind: .value, placeholder: "WHEN",
      allowed: Configuration.ColorWhen.allCases.map(\.rawValue), defaultValue: "auto",
      group: .appearance,
      help: "use colours; auto: on a terminal unless NO_COLOR is set"
    ) { c, v throws(UsageError) in c.color = try enumValue(v, "--color") },
    OptionSpec(
      "--colors", kind: .value, placeholder: "SPEC", group: .appearance, repeatable: true,
      help: "per-element style, e.g. thumb=red,header=bold,bubble=black+bg:#ff8800; "
        + "repeatable, later specs win"
    ) { c, v throws(UsageError) in c.colorSpecs.append(try ThemeSpec(v)) },
    OptionSpec(
      "--indicators", kind: .value, placeholder: "MODE",
      allowed: Configuration.IndicatorMode.allCases.map(\.rawValue), defaultValue: "always",
      group: .appearance, help: "scroll indicators; auto hides them 1.5 s after scrolling"
    ) { c, v throws(UsageError) in c.indicators = try enumValue(v, "--indicators") },
    OptionSpec(
      "--no-mouse", kind: .flag, group: .appearance, help: "do not enable mouse reporting"
    ) { c, _ in c.noMouse = true },
    OptionSpec(
      "--smooth", kind: .flag, group: .appearance,
      help: "animate jumps over a few frames (scripts advance them with 'tick')"
    ) { c, _ in c.smooth = true },
    // Output
    OptionSpec(
      "--print", kind: .value, placeholder: "FORMAT", defaultValue: "{item}", group: .output,
      help: "what Enter prints: {section}, {item} (or {}), {index} (0-based in its section), {json}; "
        + "'json' alone prints the item's JSON value"
    ) { c, v throws(UsageError) in c.printFormat = try PrintFormat(v) },
    OptionSpec(
      "--pick", kind: .flag, group: .output,
      help: "pick mode, fzf's keys: typing filters, Enter picks, Esc aborts (130), 1 when nothing is chosen; "
        + "the default when standard output is not a terminal"
    ) { c, _ in c.pick = true },
    OptionSpec(
      "--browse", kind: .flag, group: .output,
      help: "browse mode, less's keys, even when standard output is not a terminal"
    ) { c, _ in c.browse = true },
    OptionSpec(
      "--print0", kind: .flag, group: .output,
      help: "end each printed item with a NUL byte instead of a newline (for xargs -0)"
    ) { c, _ in c.print0 = true },
    OptionSpec(
      "--no-print0", kind: .flag, group: .output,
      help: "end printed items with a newline (the default; undoes a config's --print0)"
    ) { c, _ in c.print0 = false },
    // Filter
    OptionSpec(
      "--filter", kind: .flag, group: .filter,
      help: "start with the filter line open (type to narrow the list, like fzf)"
    ) { c, _ in c.filter = true },
    OptionSpec(
      "--query", short: "-q", kind: .value, placeholder: "TEXT", group: .filter,
      help: "start filtered by TEXT (fzf's extended syntax)"
    ) { c, v in c.query = v },
    OptionSpec(
      "--multi", short: "-m", kind: .flag, group: .filter,
      help: "Tab in the filter line and m in the list mark items; Enter prints every marked item"
    ) { c, _ in c.multi = true },
    OptionSpec(
      "--no-multi", short: "+m", kind: .flag, group: .filter,
      help: "one item is chosen, none marked (the default; undoes a config's --multi, fzf's +m)"
    ) { c, _ in c.multi = false },
    OptionSpec(
      "--cycle", kind: .flag, group: .filter,
      help: "a step down from the last item goes to the first, and up from the first to the last (fzf's)"
    ) { c, _ in c.cycle = true },
    OptionSpec(
      "--no-cycle", kind: .flag, group: .filter, help: "steps stop at the ends (the default; undoes --cycle)"
    ) { c, _ in c.cycle = false },
    OptionSpec(
      "--sort", kind: .flag, group: .filter,
      help: "rank filtered items by match score within sections, sections by their best item "
        + "(pick mode's and --filter-print's default)"
    ) { c, _ in c.sort = true },
    OptionSpec(
      "--no-sort", short: "+s", kind: .flag, group: .filter,
      help: "keep filtered items in data order (browse mode's default; fzf's +s)"
    ) { c, _ in c.sort = false },
    OptionSpec(
      "--disabled", kind: .flag, group: .filter,
      help: "the query filters nothing: it is for --bind commands that read {q} "
        + "(change:reload(rg {q}), as fzf's --disabled)"
    ) { c, _ in c.disabled = true },
    OptionSpec(
      "--hscroll", kind: .flag, group: .filter,
      help: "a long row whose match lies past the edge shows from further in (the default, fzf's)"
    ) { c, _ in c.hscroll = true },
    OptionSpec(
      "--no-hscroll", kind: .flag, group: .filter, help: "long rows show from their start, matches or not"
    ) { c, _ in c.hscroll = false },
    OptionSpec(
      "--hscroll-off", kind: .value, placeholder: "COLS", defaultValue: "10", group: .filter,
      help: "columns kept in view after the match of a row scrolled to it (at most half the row)"
    ) { c, v throws(UsageError) in
      guard let n = Int(v), n >= 0, n <= 10_000 else {
        throw UsageError("--hscroll-off: '\(v)' is not a number of columns (0 to 10000)")
      }
      c.hscrollOff = n
    },
    OptionSpec(
      "--prompt", kind: .value, placeholder: "TEXT", defaultValue: "> ", group: .filter,
      help: "what the filter line starts with in pick mode"
    ) { c, v in c.prompt = v },
    OptionSpec(
      "--header", kind: .value, placeholder: "TEXT", group: .filter,
      help: "a line of TEXT between the prompt line and the list (fzf's)"
    ) { c, v in c.header = v },
    OptionSpec(
      "--layout", kind: .value, placeholder: "LAYOUT", allowed: PickChrome.Layout.allCases.map(\.rawValue),
      defaultValue: "default", group: .filter,
      help: "reverse puts the prompt line on top; default and reverse-list keep it at the bottom "
        + "(the list always reads top down)"
    ) { c, v throws(UsageError) in c.layout = try enumValue(v, "--layout") },
    OptionSpec(
      "--reverse", kind: .flag, group: .filter, help: "the same as --layout=reverse"
    ) { c, _ in c.layout = .reverse },
    OptionSpec(
      "--no-reverse", kind: .flag, group: .filter,
      help: "the same as --layout=default (undoes a config's --reverse, as in fzf)"
    ) { c, _ in c.layout = .default },
    OptionSpec(
      "--height", kind: .value, placeholder: "N[%]", group: .filter,
      help: "draw in N rows (N% of the terminal, at least 10; -N: all but N) below the shell prompt instead of "
        + "the whole screen, in pick and browse mode (fzf's)"
    ) { c, v throws(UsageError) in c.inlineHeight = try InlineHeight.parse(v) },
    OptionSpec(
      "--no-height", kind: .flag, group: .filter,
      help: "the whole screen (the default; undoes a config's --height, as in fzf)"
    ) { c, _ in c.inlineHeight = nil },
    OptionSpec(
      "--select-1", short: "-1", kind: .flag, group: .filter,
      help: "when exactly one item matches the starting query, print it and exit 0 without a screen"
    ) { c, _ in c.selectOne = true },
    OptionSpec(
      "--exit-0", short: "-0", kind: .flag, group: .filter,
      help: "when no item matches the starting query, exit 1 at once without a screen"
    ) { c, _ in c.exitZero = true },
    OptionSpec(
      "--exact", short: "-e", kind: .flag, group: .filter,
      help: "plain filter terms match exactly, 'term fuzzily (fzf's -e)"
    ) { c, _ in c.match.exact = true },
    OptionSpec(
      "--no-exact", short: "+e", kind: .flag, group: .filter,
      help: "plain filter terms match fuzzily (the default; undoes a config's -e, fzf's +e)"
    ) { c, _ in c.match.exact = false },
    OptionSpec(
      "--ignore-case", short: "-i", kind: .flag, group: .filter,
      help: "filter terms ignore case, capitals or not (fzf's -i)"
    ) { c, _ in c.match.caseMode = .ignore },
    OptionSpec(
      "--no-ignore-case", short: "+i", kind: .flag, group: .filter,
      help: "filter terms match case exactly (fzf's +i)"
    ) { c, _ in c.match.caseMode = .respect },
    OptionSpec(
      "--smart-case", kind: .flag, group: .filter,
      help: "a filter term ignores case unless it has a capital (the default)"
    ) { c, _ in c.match.caseMode = .smart },
    OptionSpec(
      "--tiebreak", kind: .value, placeholder: "CRI[,..]", defaultValue: "length", group: .filter,
      help: "how --sort orders items of equal score: length, chunk, pathname, begin, end, index (fzf's)"
    ) { c, v throws(UsageError) in c.match.tiebreak = try MatchOptions.tiebreak(v).get() },
    OptionSpec(
      "--nth", kind: .value, placeholder: "FIELDS", allowed: ["item", "section,item"], defaultValue: "item",
      group: .filter, help: "what filter terms match: the item, or also its section's title (section,item)"
    ) { c, v throws(UsageError) in
      c.match.titles = try oneOf(v == "item,section" ? "section,item" : v, ["item", "section,item"], "--nth") != "item"
    },
    OptionSpec(
      "--filter-print", kind: .value, placeholder: "QUERY", group: .filter,
      help: "print the items matching QUERY (per --print, ranked unless --no-sort) and exit; 1 when none match, "
        + "like fzf --filter"
    ) { c, v in c.filterPrint = v },
    // Preview and key bindings
    OptionSpec(
      "--preview", kind: .value, placeholder: "CMD", group: .workflow,
      help: "show the output of 'sh -c CMD' for the cursor's item in a pane; {item}, {section}, "
        + "{index}, {json}, {q}, {+} stand for the item's values (never run as code), {f} for a file holding it"
    ) { c, v throws(UsageError) in
      // `--preview ''` is no preview, as in fzf (it undoes a config's).
      guard !v.isEmpty else {
        c.preview = nil
        return
      }
      do throws(UsageError) {
        c.preview = try CommandTemplate(v)
      } catch {
        throw UsageError("invalid --preview '\(v)': \(error.message)")
      }
    },
    OptionSpec(
      "--no-preview", kind: .flag, group: .workflow,
      help: "no preview pane (undoes a --preview given before it, in the config file or SECTIONNAV_OPTS, as in fzf; "
        + "so does --preview '')"
    ) { c, _ in c.preview = nil },
    OptionSpec(
      "--preview-window", kind: .value, placeholder: "SPEC", defaultValue: "right:50%", group: .workflow,
      help: "where the pane goes and its size: right, bottom, left or top, N% or N cells, hidden (p shows it)"
    ) { c, v throws(UsageError) in c.previewWindow = try PreviewWindow(v) },
    OptionSpec(
      "--bind", kind: .value, placeholder: "KEY:ACTION", group: .workflow, repeatable: true,
      help: "make KEY (ctrl-r, alt-x, f5, x, C-r) run ACTION[+ACTION...]: accept, abort, execute(CMD), "
        + "execute-silent(CMD), reload(CMD), reload-sync(CMD), print(FORMAT), toggle-preview, preview-up, "
        + "preview-down, "
        + "toggle-mark, select-all, clear-query, change-query(TEXT), become(CMD), or a key action of the help screen by name (page-down, search, ...; "
        + "an unknown name lists them all); repeatable"
    ) { c, v throws(UsageError) in c.binds += try KeyBind.parse(v) },
    // Script
    OptionSpec(
      "--script", kind: .value, placeholder: "FILE", group: .script,
      help: "run the commands of FILE ('-' = standard input) and print what they ask for"
    ) { c, v throws(UsageError) in c.script = try nonEmpty(v, "--script") },
    OptionSpec(
      "--size", kind: .value, placeholder: "WxH", defaultValue: "80x24", group: .script,
      help: "frame size in cells for script runs, 1-1000 each"
    ) { c, v throws(UsageError) in (c.width, c.height) = try size(v) },
    // General
    OptionSpec(
      "--help", short: "-h", kind: .flag, group: .general, help: "show this help and exit"
    ) { c, _ in c.help = true },
    OptionSpec(
      "--shell", kind: .value, placeholder: "SHELL", allowed: ShellScripts.shells, group: .general,
      help: "print a key binding (Ctrl-X Ctrl-S picks from a command's output into the command "
        + "line) and the completion, for eval \"$(sectionnav --shell bash)\", and exit"
    ) { c, v throws(UsageError) in c.shell = try oneOf(v, ShellScripts.shells, "--shell") },
    OptionSpec(
      "--no-config", kind: .flag, group: .general,
      help: "ignore the config file ($XDG_CONFIG_HOME/sectionnav/config)"
    ) { c, _ in c.noConfig = true },
    OptionSpec(
      "--version", kind: .flag, group: .general, help: "show the version and exit"
    ) { c, _ in c.version = true },
  ]

  /// The flags that each choose how the input is read; one source of
  /// options may give only one of them.
  static let inputFormats: Set<String> = ["--lines", "--jsonl", "--csv", "--tsv"]

  /// The input format `option` chooses, if any: `--read0` reads lines.
  static func inputFormat(_ option: String) -> String? {
    option == "--read0" ? "--lines" : inputFormats.contains(option) ? option : nil
  }

  /// The option named `--name` or `-h`, if any.
  public static func option(named name: String) -> OptionSpec? {
    options.first { $0.kind != .positional && ($0.name == name || $0.short == name) }
  }

  // MARK: Value checks shared by the table

  static func nonEmpty(_ value: String, _ option: String) throws(UsageError) -> String {
    if value.isEmpty { throw UsageError("empty value for \(option)") }
    return value
  }

  static func oneOf(_ value: String, _ allowed: [String], _ option: String) throws(UsageError)
    -> String
  {
    guard allowed.contains(value) else {
      throw UsageError("invalid value '\(value)' for \(option) (expected \(listing(allowed)))")
    }
    return value
  }

  static func enumValue<E: RawRepresentable & CaseIterable>(_ value: String, _ option: String)
    throws(UsageError) -> E where E.RawValue == String
  {
    E(rawValue: try oneOf(value, E.allCases.map(\.rawValue), option))!
  }

  /// `a, b or c`.
  static func listing(_ values: [String]) -> String {
    guard values.count > 1 else { return values.first ?? "" }
    return values.dropLast().joined(separator: ", ") + " or " + values.last!
  }

  /// `--delimiter '\t'` must mean a tab: shells pass the two characters.
  static func delimiter(_ value: String) throws(UsageError) -> String {
    let text = value.replacingEscapes()
    if text.isEmpty { throw UsageError("empty value for --delimiter") }
    return text
  }

  /// `WxH`, each 1…1000 (`CellSize`).
  static func size(_ value: String) throws(UsageError) -> (Int, Int) {
    guard let size = CellSize(value) else {
      throw UsageError("invalid size '\(value)' (expected WxH, 1…1000 each)")
    }
    return (size.width, size.height)
  }
}

extension String {
  /// `\t` → tab, `\n` → newline, `\\` → backslash; other text unchanged.
  func replacingEscapes() -> String {
    var out = ""
    var iterator = makeIterator()
    while let c = iterator.next() {
      guard c == "\\", let e = iterator.next() else {
        out.append(c)
        continue
      }
      switch e {
      case "t": out.append("\t")
      case "n": out.append("\n")
      case "\\": out.append("\\")
      default: out.append("\\"); out.append(e)
      }
    }
    return out
  }
}

extension Configuration {
  /// One of `inputFormats`: the format of a later source of options
  /// replaces an earlier one's (`SECTIONNAV_OPTS=--lines`, then `--csv`).
  mutating func setFormat(_ format: LoadOptions.Format? = nil, lines: Bool = false, fromRead0: Bool = false) {
    self.lines = lines
    dataFormat = format
    linesFromRead0 = fromRead0
  }
}
