/// Parses one line of the script/prompt grammar into a `Command`. Blank lines
/// and `#` comment lines give nil.
public enum CommandParser {
  public static func parse(_ line: String) throws(CommandError) -> Command? {
    let trimmed = line.drop(while: \.isWhitespace)
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    let words = try CommandLexer.words(line)
    guard let name = words.first else { return nil }
    let args = Array(words.dropFirst())
    switch name {
    case "key":
      guard !args.isEmpty else { throw CommandError("key needs at least one key name") }
      var keys: [KeyEvent] = []
      for a in args { keys.append(try KeyNames.parse(a)) }
      return .key(keys)
    case "type":
      try count(args, 1, name)
      return .type(args[0])
    case "click", "press", "move", "release":
      try count(args, 2, name, usage: "COL ROW")
      let c = try cell(args[0], "column")
      let r = try cell(args[1], "row")
      switch name {
      case "click": return .click(column: c, row: r)
      case "press": return .press(column: c, row: r)
      case "move": return .move(column: c, row: r)
      default: return .release(column: c, row: r)
      }
    case "drag":
      try count(args, 4, name, usage: "COL ROW COL2 ROW2")
      return .drag(
        column: try cell(args[0], "column"), row: try cell(args[1], "row"),
        toColumn: try cell(args[2], "column"), toRow: try cell(args[3], "row"))
    case "wheel":
      guard (1...4).contains(args.count), args.count != 3 else {
        throw CommandError("usage: wheel up|down|left|right [N] [COL ROW]")
      }
      guard let direction = Command.WheelDirection(rawValue: args[0]) else {
        throw CommandError("bad wheel direction '\(args[0])' (expected up, down, left or right)")
      }
      var n = 1
      var rest = args.dropFirst()
      if rest.count == 1 || rest.count == 3 {
        n = try integer(rest.first!, "wheel count", min: 1, max: 10_000)
        rest = rest.dropFirst()
      }
      if rest.count == 2 {
        return .wheel(
          direction, count: n, column: try cell(rest.first!, "column"), row: try cell(rest.last!, "row"))
      }
      return .wheel(direction, count: n, column: nil, row: nil)
    case "resize":
      try count(args, 1, name, usage: "WxH")
      let (w, h) = try size(args[0])
      return .resize(width: w, height: h)
    case "goto":
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
      let item: Command.ItemReference? = itemWord.map { Int($0).map { .index($0) } ?? .text($0) }
      return .goto(section: args[0], item: item, alignment: alignment)
    case "scroll":
      try count(args, 1, name, usage: "top|center|bottom")
      guard let a = Command.Alignment(rawValue: args[0]) else {
        throw CommandError("bad scroll target '\(args[0])' (expected top, center or bottom)")
      }
      return .scroll(a)
    case "scroll-to":
      try count(args, 2, name, usage: "FX FY")
      return .scrollTo(x: try fraction(args[0]), y: try fraction(args[1]))
    case "search", "/":
      try count(args, 1, name, usage: "TEXT")
      return .search(args[0])
    case "next":
      try count(args, 0, name)
      return .next
    case "previous":
      try count(args, 0, name)
      return .previous
    case "filter", "&":
      try count(args, 1, name, usage: "TEXT")
      return .filter(args[0])
    case "mark":
      try count(args, 0, name)
      return .mark
    case "tick":
      try count(args, 1, name, usage: "MS")
      return .tick(try integer(args[0], "milliseconds", min: 0, max: 86_400_000))
    case "print":
      if args.isEmpty { return .print(ansi: false) }
      guard args == ["ansi"] else { throw CommandError("usage: print [ansi]") }
      return .print(ansi: true)
    case "state":
      try count(args, 0, name)
      return .state
    case "help":
      return .help
    case "quit", "q":
      try count(args, 0, name)
      return .quit
    case "hold":
      try count(args, 0, name)
      return .hold
    case "settle":
      try count(args, 0, name)
      return .settle
    case "simulate":
      switch args.first {
      case "load-failed":
        guard args.count == 2 else { throw CommandError("usage: simulate load-failed MESSAGE") }
        return .simulate(.loadFailed(args[1]))
      case "shrank":
        guard args.count == 1 else { throw CommandError("usage: simulate shrank") }
        return .simulate(.dataShrank)
      case "indexing":
        guard args.count == 2 else { throw CommandError("usage: simulate indexing PERCENT") }
        return .simulate(.indexing(percent: try integer(args[1], "percentage", min: 0, max: 99)))
      case "loaded":
        guard args.count == 1 else { throw CommandError("usage: simulate loaded") }
        return .simulate(.loaded)
      default:
        throw CommandError("usage: simulate indexing PERCENT|loaded|load-failed MESSAGE|shrank")
      }
    default:
      throw CommandError("unknown command '\(name)'")
    }
  }

  private static func count(_ args: [String], _ n: Int, _ name: String, usage: String? = nil)
    throws(CommandError)
  {
    guard args.count == n else {
      if let usage { throw CommandError("usage: \(name) \(usage)") }
      throw CommandError("\(name) takes \(n == 0 ? "no arguments" : n == 1 ? "one argument" : "\(n) arguments")")
    }
  }

  static func integer(_ text: String, _ what: String, min: Int, max: Int) throws(CommandError) -> Int {
    guard let n = Int(text), n >= min, n <= max else {
      throw CommandError("bad \(what) '\(text)' (expected a whole number from \(min) to \(max))")
    }
    return n
  }

  private static func cell(_ text: String, _ what: String) throws(CommandError) -> Int {
    try integer(text, what, min: 1, max: 100_000)
  }

  private static func fraction(_ text: String) throws(CommandError) -> Double {
    guard let f = Double(text), f.isFinite else {
      throw CommandError("bad fraction '\(text)' (expected a number from 0 to 1)")
    }
    return min(max(f, 0), 1)
  }

  /// `WxH` with each side from 1 to 1000.
  public static func size(_ text: String) throws(CommandError) -> (Int, Int) {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...1000).contains(w),
      (1...1000).contains(h)
    else { throw CommandError("bad size '\(text)' (expected WxH, each from 1 to 1000)") }
    return (w, h)
  }
}
