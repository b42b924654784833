/// What Tab does at the `:` prompt: which words fit at the cursor and what to
/// put in place of the word typed so far. Pure, so the prompt and tests share it.
public struct Completion: Equatable, Sendable {
  /// Character offset in the line where the word being completed starts; the
  /// text from here to the cursor is what `replacement` replaces.
  public var replaceFrom: Int
  /// Every word that fits, as the user reads it (titles unquoted), in the order
  /// they are offered. More than one is listed below the prompt.
  public var candidates: [String]
  /// Text to put in place of `replaceFrom..<cursor`, already quoted for the
  /// script grammar: the whole word (plus a space when more may follow) for a
  /// unique candidate, the longest common prefix for several, nil when typing
  /// cannot be extended.
  public var replacement: String?

  public init(replaceFrom: Int, candidates: [String] = [], replacement: String? = nil) {
    self.replaceFrom = replaceFrom
    self.candidates = candidates
    self.replacement = replacement
  }

  /// Nothing to complete at `cursor`.
  public static func none(at cursor: Int) -> Completion { Completion(replaceFrom: cursor) }

  /// Exactly one word fits.
  public var isUnique: Bool { candidates.count == 1 }
}

/// Candidates for the command grammar of SPEC section 6: command names first,
/// then per-command arguments (section titles, alignments, key names, …).
/// Matching is a case-insensitive prefix match.
public enum CommandCompletion {
  /// Command names in the order they are offered.
  public static let commands = [
    "key", "type", "click", "press", "move", "release", "drag", "wheel", "resize", "goto",
    "scroll", "scroll-to", "search", "next", "previous", "filter", "mark", "tick", "print", "state", "quit", "help",
  ]
  /// Commands that take no argument: completing them adds no trailing space.
  static let argumentless: Set<String> = ["next", "previous", "mark", "state", "quit", "help"]
  public static let alignments = ["top", "center", "bottom"]
  public static let wheelDirections = ["up", "down"]
  /// Named keys for `key`; single characters need no completion.
  public static let keyNames: [String] =
    [
      "Up", "Down", "Left", "Right", "Home", "End", "PgUp", "PgDn", "Tab", "Enter", "Esc",
      "Space", "Backspace", "F1",
    ] + (UInt8(ascii: "a")...UInt8(ascii: "z")).map { "C-" + String(UnicodeScalar($0)) }

  /// Completes the word that ends at `cursor` (a character offset) in `line`.
  /// `titles` are the section titles offered after `goto`.
  public static func complete(line: String, cursor: Int, titles: [String]) -> Completion {
    let prefix = Array(line.prefix(max(0, cursor)))
    let cursor = prefix.count
    let words = WordSplit(prefix)
    let first = words.done.first ?? words.current
    if first.text.hasPrefix("#") && !first.quoted { return .none(at: cursor) }  // a comment

    let command = words.done.first?.text.lowercased()
    let position = words.done.count
    let choices: [String]
    var final = false
    switch (command, position) {
    case (nil, _):
      let matching = matches(commands, words.current.text)
      return finish(
        words.current, matching, final: matching.count == 1 && argumentless.contains(matching[0]))
    case ("goto", 1): choices = titles
    case ("goto", 2...3), ("scroll", 1):
      choices = alignments
      final = true
    case ("key", _): choices = keyNames
    case ("wheel", 1): choices = wheelDirections
    case ("print", 1):
      choices = ["ansi"]
      final = true
    default: return .none(at: cursor)
    }
    if command == "goto", position == 3, alignments.contains(words.done[2].text.lowercased()) {
      return .none(at: cursor)
    }
    return finish(words.current, matches(choices, words.current.text), final: final)
  }

  /// Unique candidate → the whole quoted word; several → their common prefix
  /// when it is longer than what was typed or spelled differently ("ip" → "iP").
  static func finish(_ word: WordSplit.Word, _ candidates: [String], final: Bool) -> Completion {
    var completion = Completion(replaceFrom: word.start, candidates: candidates)
    if candidates.count == 1 {
      completion.replacement =
        quote(candidates[0], open: false, force: word.quoted) + (final ? "" : " ")
    } else if let common = commonPrefix(candidates), common.count >= word.text.count,
      common != word.text
    {
      completion.replacement = quote(common, open: true, force: word.quoted)
    }
    return completion
  }

  static func matches(_ choices: [String], _ typed: String) -> [String] {
    let typed = typed.lowercased()
    var seen = Set<String>()
    return choices.filter { $0.lowercased().hasPrefix(typed) && seen.insert($0).inserted }
  }

  /// Longest prefix all candidates share, ignoring case (spelled as the first).
  static func commonPrefix(_ candidates: [String]) -> String? {
    guard let first = candidates.first else { return nil }
    let others = candidates.dropFirst().map { Array($0) }
    var length = 0
    for (index, character) in first.enumerated() {
      let folded = String(character).lowercased()
      guard others.allSatisfy({ index < $0.count && String($0[index]).lowercased() == folded })
      else { break }
      length = index + 1
    }
    return String(first.prefix(length))
  }

  /// The word as the grammar reads it: double-quoted with `\"` and `\\` when it
  /// holds spaces, quotes, backslashes or starts a comment (or the user opened
  /// a quote); `open` leaves the closing quote off so typing can continue.
  static func quote(_ word: String, open: Bool, force: Bool) -> String {
    let needsQuotes =
      force || word.isEmpty || word.hasPrefix("#")
      || word.contains { $0.isWhitespace || $0 == "\"" || $0 == "\\" }
    guard needsQuotes else { return word }
    var quoted = "\""
    for character in word {
      if character == "\"" || character == "\\" { quoted.append("\\") }
      quoted.append(character)
    }
    return open ? quoted : quoted + "\""
  }
}

/// The text before the cursor split into finished words and the word being typed.
struct WordSplit {
  struct Word {
    /// Character offset of the word's first character (its opening quote if any).
    var start: Int
    /// The word with quotes and escapes removed.
    var text = ""
    /// The word began with a double quote.
    var quoted = false
  }

  var done: [Word] = []
  var current: Word

  init(_ characters: [Character]) {
    var word: Word?
    var inQuotes = false
    var escaped = false
    var done: [Word] = []
    for (offset, character) in characters.enumerated() {
      if var open = word {
        if escaped {
          open.text.append(character)
          escaped = false
        } else if inQuotes && character == "\\" {
          escaped = true
        } else if character == "\"" {
          inQuotes.toggle()
        } else if character.isWhitespace && !inQuotes {
          done.append(open)
          word = nil
          continue
        } else {
          open.text.append(character)
        }
        word = open
      } else if !character.isWhitespace {
        word = Word(start: offset)
        if character == "\"" {
          word?.quoted = true
          inQuotes = true
        } else {
          word?.text.append(character)
        }
      }
    }
    self.done = done
    self.current = word ?? Word(start: characters.count)
  }
}
