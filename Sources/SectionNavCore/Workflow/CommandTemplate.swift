/// A shell command with placeholders for the cursor's item, run through
/// `sh -c` by `--preview` and the `execute`/`reload` actions.
///
/// The values never enter the command's text: each placeholder becomes a
/// reference to an environment variable holding its value (`{item}` →
/// `${SECTIONNAV_ITEM+"$SECTIONNAV_ITEM"}`), written the one way that is one
/// unsplit, unglobbed word both outside double quotes and inside them (the
/// quotes nest within `${…}`, in dash and bash alike), so a mistaken reading
/// of the quoting around a placeholder costs nothing; inside single quotes,
/// those are closed around it (`'{}'` → `''${SECTIONNAV_ITEM+"$…"}''`). The
/// shell expands a variable without reading its value as code, so whatever
/// the item holds, data stays data. The one context where an
/// expansion is evaluated — arithmetic, `$((…))`, code in bash's hands — is
/// refused at parse time, and so is bash's `$'…'`, which dash does not know.
/// `{index}` is a number and written as one.
///
/// Placeholders: `{item}` (fzf's `{}`), `{section}`, `{index}` (0-based in
/// its section), `{json}`, `{q}` (the filter query), `{+}` (the marked
/// items, each its own word; the cursor's item when none is marked), and the
/// file forms for values too long for a command line: `{f}`/`{item-file}`,
/// `{json-file}`, `{+f}` (marked items, one a line) become the path of a
/// temporary file holding the value. fzf's field forms (`{1}`, `{2..}`,
/// `{-1}`, `{n}`, `{s}`, `{r}`) are refused with a message. Everything else is
/// the command's own text: other braces (`awk '{print $1}'`, `{a,b}`),
/// `${item}` (a shell variable), `\{}` (an escaped brace) are left alone.
public struct CommandTemplate: Sendable, Equatable {
  public let text: String
  let pieces: [Piece]

  public static func == (a: CommandTemplate, b: CommandTemplate) -> Bool { a.text == b.text }

  enum Placeholder: Equatable, Sendable {
    case item, section, index, json, query, marked, itemFile, jsonFile, markedFile

    /// Whether it gives text from the data or the user (not a number or one of sectionnav's paths).
    var isText: Bool {
      switch self {
      case .item, .section, .json, .query, .marked: true
      case .index, .itemFile, .jsonFile, .markedFile: false
      }
    }

    /// The environment variable holding the value (marked items: this name with `_1`, `_2`, …).
    var variable: String {
      switch self {
      case .item: "SECTIONNAV_ITEM"
      case .section: "SECTIONNAV_SECTION"
      case .index: "SECTIONNAV_INDEX"
      case .json: "SECTIONNAV_JSON"
      case .query: "SECTIONNAV_QUERY"
      case .marked: "SECTIONNAV_MARKED"
      case .itemFile: "SECTIONNAV_ITEM_FILE"
      case .jsonFile: "SECTIONNAV_JSON_FILE"
      case .markedFile: "SECTIONNAV_MARKED_FILE"
      }
    }
  }

  /// Where a placeholder stands, as the shell reads it there.
  enum Context: Equatable, Sendable {
    /// Outside quotes (also inside `$(…)` and backquotes).
    case plain
    /// Inside `"…"` or the word of `${x:-…}`.
    case double
    /// Inside `'…'`.
    case single
  }

  enum Piece: Equatable, Sendable {
    case text(String)
    case placeholder(Placeholder, Context)
  }

  static let names: [String: Placeholder] = [
    "{}": .item, "{item}": .item, "{section}": .section, "{index}": .index, "{json}": .json,
    "{q}": .query, "{+}": .marked, "{f}": .itemFile, "{item-file}": .itemFile,
    "{json-file}": .jsonFile, "{+f}": .markedFile,
  ]

  /// The placeholders, for messages.
  static let known = "{item} (or {}), {section}, {index}, {json}, {q}, {+}, {f}, {json-file}, {+f}"

  /// Reads `text`; a placeholder where the shell would evaluate its value
  /// (arithmetic) or an fzf form sectionnav does not have is refused, the
  /// message saying why.
  public init(_ text: String) throws(UsageError) {
    self.text = text
    pieces = try TemplateScan.pieces(text)
  }

  /// Whether the command reads the item's JSON text (so callers can skip it).
  public var usesJSON: Bool { uses(.json) || uses(.jsonFile) }
  /// Whether it reads the marked items (so callers can skip collecting them).
  public var usesMarked: Bool { uses(.marked) || uses(.markedFile) }
  /// Whether it reads the query (a preview then follows it).
  public var usesQuery: Bool { uses(.query) }

  /// Whether it has any placeholder at all.
  var hasPlaceholders: Bool { pieces.contains { if case .placeholder = $0 { true } else { false } } }

  func uses(_ p: Placeholder) -> Bool { pieces.contains { if case .placeholder(p, _) = $0 { true } else { false } } }

  /// The values placeholders stand for.
  public struct Values: Sendable {
    public var section = ""
    public var item = ""
    public var index = 0
    public var json = ""
    public var query = ""
    /// The marked items (the cursor's item when none is marked).
    public var marked: [String] = []
    /// What ends each of them in `{+f}`'s file: a line feed, or NUL
    /// under `--print0` (fzf's `{+f}` follows `--print0` too).
    public var markedEnd = "\n"

    public init(
      section: String = "", item: String = "", index: Int = 0, json: String = "", query: String = "",
      marked: [String] = [], markedEnd: String = "\n"
    ) {
      self.section = section
      self.item = item
      self.index = index
      self.json = json
      self.query = query
      self.marked = marked
      self.markedEnd = markedEnd
    }
  }

  /// The command line for `sh -c` and the environment it needs.
  public func render(_ values: Values) -> ShellLine {
    var line = ShellLine(text: "")
    line.declares = CodeInValues.namesDeclaration(text)
    func set(_ name: String, _ value: String) {
      if !line.environment.contains(where: { $0.name == name }) {
        line.environment.append(.init(name: name, value: value))
      }
    }
    func file(_ name: String, _ contents: String) {
      if !line.files.contains(where: { $0.name == name }) { line.files.append(.init(name: name, value: contents)) }
    }
    for piece in pieces {
      switch piece {
      case .text(let t): line.text += t
      case .placeholder(let p, let context):
        var names = [p.variable]
        switch p {
        case .index:
          line.text += String(values.index)
          continue
        case .item: set(p.variable, values.item)
        case .section: set(p.variable, values.section)
        case .json: set(p.variable, values.json)
        case .query: set(p.variable, values.query)
        case .marked:
          names = values.marked.indices.map { "\(p.variable)_\($0 + 1)" }
          for (name, value) in zip(names, values.marked) { set(name, value) }
        // Ended as a line (NUL under --print0), as fzf writes it: `read x < {f}` reads it.
        case .itemFile: file(p.variable, values.item + values.markedEnd)
        case .jsonFile: file(p.variable, values.json + "\n")
        case .markedFile: file(p.variable, values.marked.map { $0 + values.markedEnd }.joined())
        }
        line.text += Self.reference(names, context)
      }
    }
    return line
  }

  /// `names` expanded as one word each, written for `context`: the same
  /// in and out of double quotes (two lexer rounds against dash and bash
  /// found quoting this reading got wrong, each a word split and globbed).
  static func reference(_ names: [String], _ context: Context) -> String {
    if names.isEmpty { return "" }
    let words = names.map { "${\($0)+\"$\($0)\"}" }.joined(separator: " ")
    switch context {
    case .plain, .double: return words
    case .single: return "'" + words + "'"
    }
  }
}

/// A command ready for `sh -c`: its text, the variables its placeholders
/// refer to, and the values to be written to temporary files (the variable
/// then names the file). The runner sets them; NUL, which no variable can
/// hold, is dropped from variables (files keep it).
public struct ShellLine: Sendable, Equatable {
  public struct Variable: Sendable, Equatable {
    public var name: String
    public var value: String
  }

  public var text: String
  public var environment: [Variable] = []
  public var files: [Variable] = []
  /// The command names a builtin that may read a value as an array's words
  /// (`CodeInValues.namesDeclaration`).
  public var declares = false

  public init(text: String, environment: [Variable] = [], files: [Variable] = []) {
    self.text = text
    self.environment = environment
    self.files = files
  }

  /// The value of the variable `name` (tests).
  public func value(_ name: String) -> String? { environment.first { $0.name == name }?.value }
}
