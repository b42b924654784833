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
}

/// Candidates for the command grammar (`CommandGrammar.table`): command names
/// first, then per-command arguments (section titles, alignments, key names, …).
/// Matching is a case-insensitive prefix match.
public enum CommandCompletion {
  /// Command names in the order they are offered (the grammar table's).
  public static var commands: [String] { CommandGrammar.promptCommands.map(\.name) }

  /// Completes the word that ends at `cursor` (a character offset) in `line`.
  /// `titles` are the section titles offered after `goto`.
  public static func complete(line: String, cursor: Int, titles: [String]) -> Completion {
    let prefix = Array(line.prefix(max(0, cursor)))
    let cursor = prefix.count
    let words = WordSplit(prefix)
    let first = words.done.first ?? words.current
    if first.text.hasPrefix("#") && !first.quoted { return .none(at: cursor) }  // a comment

    guard let name = words.done.first?.text.lowercased() else {
      let specs = CommandGrammar.promptCommands.filter {
        $0.name.lowercased().hasPrefix(words.current.text.lowercased())
      }
      return finish(
        words.current, specs.map(\.name), final: specs.count == 1 && specs[0].usage.isEmpty)
    }
    guard let spec = CommandGrammar.spec(named: name), !spec.scriptOnly,
      let choices = spec.choices(words.done.dropFirst().map(\.text))
    else { return .none(at: cursor) }
    switch choices {
    case .titles: return finish(words.current, matches(titles, words.current.text), final: false)
    case .words(let list, let final): return finish(words.current, matches(list, words.current.text), final: final)
    }
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
