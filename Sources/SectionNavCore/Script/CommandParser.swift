/// Parses one line of the script/prompt grammar (`CommandGrammar.table`) into
/// a `Command`. Blank lines and `#` comment lines give nil.
public enum CommandParser {
  /// `atPrompt`: the line was typed at the `:` prompt, where the commands
  /// marked `scriptOnly` are refused.
  public static func parse(_ line: String, atPrompt: Bool = false) throws(CommandError) -> Command? {
    let trimmed = line.drop(while: \.isWhitespace)
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    let words = try CommandLexer.words(line)
    guard let name = words.first else { return nil }
    let args = Array(words.dropFirst())
    guard let spec = CommandGrammar.spec(named: name) else {
      throw CommandError("unknown command '\(name)'")
    }
    let command = try spec.parse(args)
    if atPrompt && spec.scriptOnly { throw CommandError("'\(name)' works in scripts only") }
    return command
  }

  static func count(_ args: [String], _ n: Int, _ name: String, usage: String? = nil)
    throws(CommandError)
  {
    guard args.count == n else {
      if let usage { throw CommandError("usage: \(name) \(usage)") }
      throw CommandError("\(name) takes \(n == 0 ? "no arguments" : n == 1 ? "one argument" : "\(n) arguments")")
    }
  }

  /// `text` as a number written in decimal digits (a `-` first where
  /// negatives are allowed): `+5`, `0x10` and `1e3` are not numbers here,
  /// nowhere in a script (some commands took `+5`, `resize` did not).
  static func decimal(_ text: String, negative: Bool = false) -> Int? {
    let digits = negative && text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 &- 0x30 < 10 }) else { return nil }
    return Int(text)
  }

  static func integer(_ text: String, _ what: String, min: Int, max: Int) throws(CommandError) -> Int {
    guard let n = decimal(text, negative: min < 0), n >= min, n <= max else {
      throw CommandError("bad \(what) '\(text)' (expected a whole number from \(min) to \(max))")
    }
    return n
  }

  static func cell(_ text: String, _ what: String) throws(CommandError) -> Int {
    try integer(text, what, min: 1, max: 100_000)
  }

  static func fraction(_ text: String) throws(CommandError) -> Double {
    // Out of range is an error, as the message says, not silently clamped.
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let decimal = parts.allSatisfy { $0.utf8.allSatisfy { $0 &- 0x30 < 10 } } && parts.contains { !$0.isEmpty }
    guard decimal, let f = Double(text), f.isFinite, (0...1).contains(f) else {
      throw CommandError("bad fraction '\(text)' (expected a number from 0 to 1)")
    }
    return f
  }

  /// `WxH` with each side from 1 to 1000 (`CellSize`).
  public static func size(_ text: String) throws(CommandError) -> (Int, Int) {
    guard let size = CellSize(text) else {
      throw CommandError("bad size '\(text)' (expected WxH, each from 1 to 1000)")
    }
    return (size.width, size.height)
  }
}
