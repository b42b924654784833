/// The one table of the script and prompt grammar: each row names a command,
/// spells its arguments (for usage errors and the help screen), says what Tab
/// offers for them and parses them. `CommandParser`, `CommandCompletion` and
/// `KeyBindings.helpLines` all read it, so they cannot drift apart.
public struct CommandSpec: Sendable {
  /// What Tab offers for an argument.
  public enum Choices: Sendable, Equatable {
    /// Section titles.
    case titles
    /// These words; `final` when nothing follows the argument (no trailing space).
    case words([String], final: Bool)
  }

  public let name: String
  /// Other spellings the parser accepts (not offered by completion).
  public let aliases: [String]
  /// The arguments as users read them; empty for none.
  public let usage: String
  public let summary: String
  /// Script-only commands (test hooks) are not offered at the `:` prompt.
  public let scriptOnly: Bool
  /// Choices for the argument after `done` (the words before it, command
  /// name excluded); nil offers nothing.
  let choices: @Sendable (_ done: [String]) -> Choices?
  let parse: @Sendable (_ args: [String]) throws(CommandError) -> Command

  init(
    _ name: String, _ usage: String = "", aliases: [String] = [], scriptOnly: Bool = false, _ summary: String,
    choices: @escaping @Sendable (_ done: [String]) -> Choices? = { _ in nil },
    parse: @escaping @Sendable (_ args: [String]) throws(CommandError) -> Command
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage
    self.summary = summary
    self.scriptOnly = scriptOnly
    self.choices = choices
    self.parse = parse
  }

  /// A command without arguments.
  init(_ name: String, aliases: [String] = [], scriptOnly: Bool = false, _ summary: String, _ command: Command) {
    self.init(name, aliases: aliases, scriptOnly: scriptOnly, summary) { (args) throws(CommandError) in
      guard args.isEmpty else { throw CommandError("\(name) takes no arguments") }
      return command
    }
  }
}

public enum CommandGrammar {
  typealias P = CommandParser
  static let alignments = Command.Alignment.allCases.map(\.rawValue)
  /// Named keys offered after `key`; single characters need no completion.
  static let keyNames: [String] =
    [
      "Up", "Down", "Left", "Right", "Home", "End", "PgUp", "PgDn", "Tab", "Enter", "Esc",
      "Space", "Backspace", "F1",
    ] + (UInt8(ascii: "a")...UInt8(ascii: "z")).map { "C-" + String(UnicodeScalar($0)) }

  /// Every command, in the order completion offers them and help lists them.
  public static let table: [CommandSpec] = [
    CommandSpec(
      "key", "NAME...", "press keys: j, Down, PgDn, C-d, M-x, Tab, Enter, Esc, Space, F1, …",
      choices: { _ in .words(keyNames, final: false) }
    ) { (args) throws(CommandError) in
      guard !args.isEmpty else { throw CommandError("key needs at least one key name") }
      var keys: [KeyEvent] = []
      for a in args { keys.append(try KeyNames.parse(a)) }
      return .key(keys)
    },
    CommandSpec("type", "TEXT", "type characters") { (args) throws(CommandError) in
      try P.count(args, 1, "type")
      return .type(args[0])
    },
    pointer("click", "click at a cell") { .click(column: $0, row: $1) },
    pointer("press", "press the button at a cell") { .press(column: $0, row: $1) },
    pointer("move", "move the pointer to a cell") { .move(column: $0, row: $1) },
    pointer("release", "release the button at a cell") { .release(column: $0, row: $1) },
    CommandSpec("drag", "COL ROW COL2 ROW2", "press, move through every cell between, release") {
      (args) throws(CommandError) in
      try P.count(args, 4, "drag", usage: "COL ROW COL2 ROW2")
      return .drag(
        column: try P.cell(args[0], "column"), row: try P.cell(args[1], "row"),
        toColumn: try P.cell(args[2], "column"), toRow: try P.cell(args[3], "row"))
    },
    CommandSpec(
      "wheel", "up|down|left|right [N] [COL ROW]", "N wheel notches",
      choices: { $0.isEmpty ? .words(Command.WheelDirection.allCases.map(\.rawValue), final: false) : nil }
    ) { (args) throws(CommandError) in
      guard (1...4).contains(args.count), args.count != 3 else {
        throw CommandError("usage: wheel up|down|left|right [N] [COL ROW]")
      }
      guard let direction = Command.WheelDirection(rawValue: args[0]) else {
        throw CommandError("bad wheel direction '\(args[0])' (expected up, down, left or right)")
      }
      var n = 1
      var rest = args.dropFirst()
      if rest.count == 1 || rest.count == 3 {
        n = try P.integer(rest.first!, "wheel count", min: 1, max: 10_000)
        rest = rest.dropFirst()
      }
      if rest.count == 2 {
        return .wheel(
          direction, count: n, column: try P.cell(rest.first!, "column"), row: try P.cell(rest.last!, "row"))
      }
      return .wheel(direction, count: n, column: nil, row: nil)
    },
    CommandSpec("resize", "WxH", "new frame size (1–1000 each)") { (args) throws(CommandError) in
      try P.count(args, 1, "resize", usage: "WxH")
      let (w, h) = try P.size(args[0])
      return .resize(width: w, height: h)
    },
    CommandSpec(
      "goto", "SECTION [ITEM] [top|center|bottom]", "jump to a section (and item)",
      choices: { done in
        switch done.count {
        case 0: return .titles
        case 1: return .words(alignments, final: true)
        // After an item: the alignment; after an alignment, nothing.
        case 2 where !alignments.contains(done[1].lowercased()): return .words(alignments, final: true)
        default: return nil
        }
      }
    ) { (args) throws(CommandError) in
      guard (1...3).contains(args.count) else {
        throw CommandError("usage: goto SECTION [ITEM] [top|center|bottom]")
      }
      var alignment = Command.Alignment.top
      var itemWord: String? = nil
      if args.count == 3 {
        guard let a = Command.Alignment(rawValue: args[2]) else {
          throw CommandError("bad alignment '\(args[2])' (expected top, center or bottom)")
        }
        itemWord = args[1]
        alignment = a
      } else if args.count == 2 {
        // One extra word: an alignment if it is one, else an item.
        if let a = Command.Alignment(rawValue: args[1]) { alignment = a } else { itemWord = args[1] }
      }
      let item: Command.ItemReference? = itemWord.map { P.decimal($0).map { .index($0) } ?? .text($0) }
      return .goto(section: args[0], item: item, alignment: alignment)
    },
    CommandSpec(
      "scroll", "top|center|bottom", "scroll to the top, middle or end",
      choices: { $0.isEmpty ? .words(alignments, final: true) : nil }
    ) { (args) throws(CommandError) in
      try P.count(args, 1, "scroll", usage: "top|center|bottom")
      guard let a = Command.Alignment(rawValue: args[0]) else {
        throw CommandError("bad scroll target '\(args[0])' (expected top, center or bottom)")
      }
      return .scroll(a)
    },
    CommandSpec("scroll-to", "FX FY", "scroll to fractions (0–1) of the content") { (args) throws(CommandError) in
      try P.count(args, 2, "scroll-to", usage: "FX FY")
      return .scrollTo(x: try P.fraction(args[0]), y: try P.fraction(args[1]))
    },
    CommandSpec("search", "TEXT", aliases: ["/"], "search (smart case)") { (args) throws(CommandError) in
      try P.count(args, 1, "search", usage: "TEXT")
      return .search(args[0])
    },
    CommandSpec("next", "next match", .next),
    CommandSpec("previous", "previous match", .previous),
    CommandSpec("filter", "TEXT", aliases: ["&"], "filter the list (fzf syntax; \"\" clears)") {
      (args) throws(CommandError) in
      try P.count(args, 1, "filter", usage: "TEXT")
      return .filter(args[0])
    },
    CommandSpec("mark", "toggle the cursor's mark (--multi)", .mark),
    CommandSpec("tick", "MS", "advance the clock") { (args) throws(CommandError) in
      try P.count(args, 1, "tick", usage: "MS")
      return .tick(try P.integer(args[0], "milliseconds", min: 0, max: 86_400_000))
    },
    CommandSpec(
      "print", "[ansi]", "the frame as text (with SGR codes)",
      choices: { $0.isEmpty ? .words(["ansi"], final: true) : nil }
    ) { (args) throws(CommandError) in
      if args.isEmpty { return .print(ansi: false) }
      guard args == ["ansi"] else { throw CommandError("usage: print [ansi]") }
      return .print(ansi: true)
    },
    CommandSpec("state", "one line of JSON: offset, cursor, rows, size, …", .state),
    CommandSpec("quit", aliases: ["q"], "stop", .quit),
    CommandSpec("help", "the help screen", .help),
    CommandSpec("hold", scriptOnly: true, "background work waits until settle", .hold),
    CommandSpec("settle", scriptOnly: true, "finish held background work", .settle),
    CommandSpec(
      "simulate", "indexing PERCENT|loaded|load-failed LOCATION MESSAGE|shrank", scriptOnly: true,
      "send an event of a background load (tests)"
    ) { (args) throws(CommandError) in
      switch (args.first, args.count) {
      case ("indexing", 2): return .simulate(.indexing(percent: try P.integer(args[1], "percentage", min: 0, max: 99)))
      case ("loaded", 1): return .simulate(.loaded)
      case ("load-failed", 3): return .simulate(.loadFailed(location: args[1], message: args[2]))
      case ("shrank", 1): return .simulate(.dataShrank)
      default: throw CommandError("usage: simulate indexing PERCENT|loaded|load-failed LOCATION MESSAGE|shrank")
      }
    },
  ]

  static func pointer(_ name: String, _ summary: String, _ make: @escaping @Sendable (Int, Int) -> Command)
    -> CommandSpec
  {
    CommandSpec(name, "COL ROW", summary) { (args) throws(CommandError) in
      try P.count(args, 2, name, usage: "COL ROW")
      return make(try P.cell(args[0], "column"), try P.cell(args[1], "row"))
    }
  }

  private static let byName: [String: CommandSpec] = {
    var map: [String: CommandSpec] = [:]
    for spec in table {
      for name in [spec.name] + spec.aliases {
        precondition(map[name] == nil, "command '\(name)' twice in the grammar")
        map[name] = spec
      }
    }
    return map
  }()

  /// The row for a command word (exact spelling or alias).
  public static func spec(named name: String) -> CommandSpec? { byName[name] }

  /// The commands offered at the `:` prompt, in table order.
  public static var promptCommands: [CommandSpec] { table.filter { !$0.scriptOnly } }
}
