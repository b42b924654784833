/// Where bash reads a value as a variable's name, whose subscript it then
/// evaluates as arithmetic — so an item `a[$(cmd)]` there runs `cmd`, though
/// the placeholder is quoted: a subscript written around a placeholder
/// (`a[{}]=1`, `printf -v "a[{}]"`, `([{}]=1)`), a placeholder standing as a
/// name (`read {}`, `printf -v {}`, `test -v {}`, `declare {}`), and the
/// value of an integer or nameref variable (`declare -i n={}`, `declare -n
/// r={}`, or `n={}` after `declare -i n`). `TemplateScan` refuses
/// placeholders found here. The reading is a word-level sketch of the
/// shell's (quotes dropped, `;`, `&`, `|`, parentheses and backquotes end a
/// command): a template it reads wrong is refused at worst, and a refusal
/// says how to write the command instead.
struct ShellNamePositions {
  private let s: [Unicode.Scalar]
  /// The current command's finished words, quotes dropped.
  private var words: [String] = []
  private var word = ""
  /// The word being read follows a redirection (`< {}`, `<<< {}`): a
  /// file or a here-string, no argument of the command.
  private var redirected = false
  /// A word has begun, maybe empty (`''`: an argument all the same).
  private var begun = false
  /// The quote open where the last reading stopped.
  private var quote: Unicode.Scalar? = nil
  /// The quote open is bash's `$'…'`, where a backslash escapes (`\'` ends nothing).
  private var ansiQuote = false
  /// Aliases defined so far (`alias r=read`, `alias p='printf -v'`): bash
  /// in POSIX mode expands them in `sh -c`, so `r {}` is `read {}`. Name →
  /// its words, put in place of the name where a command starts.
  private var aliases: [String: [String]] = [:]
  /// Where the reading stopped.
  private var position = 0
  /// Names given the integer or nameref attribute so far (`declare -i n`).
  private var evaluatedNames: Set<String> = []
  /// Where `$(…)` and backquotes open (just inside) and close (at their
  /// `)` or backquote), as `TemplateScan` finds them, in order: inside
  /// quotes they hold commands all the same (`"$(read {})"`), which a
  /// reading that drops quotes took for a quoted word.
  private var marks: [(at: Int, open: Bool)] = []
  private var nextMark = 0
  /// The `)` or backquote at hand closes commands just left: it ends nothing.
  private var closing = false
  /// Per open mark, what the reading held outside it (taken back at its
  /// close): in quotes or in a word, the command outside goes on after it.
  private var outside: [Outside] = []

  private struct Outside {
    let quote: Unicode.Scalar?
    let words: [String]
    let word: String
    let begun: Bool
    let redirected: Bool
  }

  /// `TemplateScan` found `$(` or a backquote ending just before `at`.
  mutating func commandsOpen(at: Int) { marks.append((at, true)) }
  /// … and the `)` or backquote that closes it at `at`.
  mutating func commandsClose(at: Int) { marks.append((at, false)) }

  /// Applies the marks up to `i`: into commands from a quote, or back.
  private mutating func applyMarks(upTo i: Int) {
    while nextMark < marks.count, marks[nextMark].at <= i {
      defer { nextMark += 1 }
      // In quotes or in a word (`read $() {}`), the commands inside leave
      // the command outside as it was: its words, and the word going on.
      if marks[nextMark].open {
        outside.append(Outside(quote: quote, words: words, word: word, begun: begun, redirected: redirected))
        (quote, words, word, begun, redirected) = (nil, [], "", false, false)
      } else if let back = outside.popLast() {
        endWord()
        endCommand()
        (quote, words, word, begun, redirected) = (back.quote, back.words, back.word, back.begun, back.redirected)
        closing = true
      }
    }
  }

  init(_ scalars: [Unicode.Scalar]) {
    s = scalars
    // Anywhere in the template, `declare -i`/`-n` makes every text
    // placeholder suspect: whatever reaches such a variable — by `read`,
    // `printf -v`, `for`, `mapfile`, an array, a default — bash evaluates.
    var whole = ShellNamePositions(scanning: scalars)
    whole.read(from: 0, to: scalars.count)
    whole.endWord()
    whole.endCommand()
    givesEvaluatedAttribute =
      !whole.evaluatedNames.isEmpty || whole.namesIntegerVariable || Self.declaresEvaluatedAnywhere(scalars)
    definesAlias = whole.definesAlias
  }

  /// `declare -i`/`-n` (also `typeset`, `local`, …) anywhere in the text,
  /// quotes or not (`"$(declare -i n; …)"` is one too): the words cut at
  /// blanks, quotes and operators.
  static func declaresEvaluatedAnywhere(_ s: [Unicode.Scalar]) -> Bool {
    let words = s.split(whereSeparator: { " \t\n;&|()`\"'".unicodeScalars.contains($0) }).map {
      String(String.UnicodeScalarView($0))
    }
    for (k, word) in words.enumerated() where declaring.contains(word) {
      for option in words[(k + 1)..<min(words.count, k + 6)] where option.hasPrefix("-") && !option.hasPrefix("--") {
        if option.contains("i") || option.contains("n") { return true }
      }
    }
    return false
  }

  /// The template defines an alias: bash (as `sh`) expands aliases in ways
  /// this reading does not follow (chains, `alias c=[[`), so it takes no
  /// text placeholder.
  private var definesAlias = false

  private init(scanning scalars: [Unicode.Scalar]) { s = scalars }

  /// The template gives some variable the integer or nameref attribute,
  /// or names one of bash's integer variables as a word (`read RANDOM`,
  /// `printf -v OPTIND`, `for RANDOM in`: whatever fills it is evaluated).
  private var givesEvaluatedAttribute = false
  private var namesIntegerVariable = false

  /// Bash's own integer variables: a value assigned to one is evaluated.
  private static let integerVariables: Set<String> = ["RANDOM", "SRANDOM", "OPTIND", "HISTCMD", "LINENO", "SECONDS"]

  /// Words before a command that leave it the command (`command read`,
  /// `{ read …; }`, `! read`, `then read`).
  private static let prefixes: Set<String> = [
    "command", "builtin", "exec", "nohup", "time", "{", "}", "!", "then", "do", "else", "elif", "if", "while",
    "until", "coproc", "--", "-p",
  ]

  /// Commands whose arguments bash takes as variable names.
  private static let declaring: Set<String> = ["declare", "typeset", "local", "export", "readonly"]
  private static let naming: Set<String> = declaring.union([
    "read", "printf", "test", "[", "unset", "mapfile", "readarray", "getopts", "wait",
  ])

  /// Reads the template up to the placeholder `word` at `at` (calls come
  /// in order) and, for a placeholder of text (`value`: not `{index}` or a
  /// file's path), throws when bash would read it as a name or evaluate it.
  /// `file`: a placeholder of a file holding item text (`{f}`), whose
  /// text reaches an integer variable as well (`read n < {f}`).
  mutating func check(placeholder word: String, at: Int, end: Int, value: Bool, file: Bool = false)
    throws(UsageError)
  {
    read(from: position, to: at)
    position = end
    defer { self.word.append("\u{1}") }
    if givesEvaluatedAttribute && (value || file) {
      throw UsageError(
        "placeholder \(word) in a command that gives a variable the integer or nameref attribute (declare -i, "
          + "-n) or fills bash's own integer variables (RANDOM, OPTIND…): bash evaluates what reaches such a "
          + "variable, which runs code in an item like a[$(cmd)]")
    }
    guard value else { return }
    if definesAlias {
      throw UsageError(
        "placeholder \(word) in a template that defines an alias: bash expands aliases in ways this reading "
          + "does not follow (chains, aliases for [[ or ((); use a function or the command itself")
    }
    guard !redirected else { return }
    let command = self.command
    // A word that is only `$(…)` or backquotes may expand to nothing
    // (`printf -v $(:) {}`): the word before it counts.
    let arguments = commandIndex.map { words[($0 + 1)...].filter { !Self.mayVanish($0) } } ?? []
    let previous = commandIndex.map { words[$0] }.map { arguments.last ?? $0 }
    // `{a[…]}<file`: a descriptor's variable, its subscript evaluated too.
    if let name = openSubscript, name.hasPrefix("{"), Self.isName(String(name.dropFirst())) {
      throw UsageError(
        "placeholder \(word) in a subscript (\(name.dropFirst())[…]): bash evaluates it as arithmetic, which "
          + "runs code in an item like a[$(cmd)]")
    }
    if let name = openSubscript,
      (name.isEmpty && subscriptAssigned(after: end))
        || (Self.isName(name) && (subscriptAssigned(after: end) || command.map(Self.naming.contains) == true))
    {
      throw UsageError(
        "placeholder \(word) in a subscript (\(name)[…]): bash evaluates it as arithmetic, which runs code "
          + "in an item like a[$(cmd)]; use an associative array (declare -A) set from \"$SECTIONNAV_ITEM\"")
    }
    if command == "let" {
      throw UsageError(
        "placeholder \(word) inside let: the shell evaluates what it gives as arithmetic (bash runs code in it); "
          + "only {index} may stand there")
    }
    // `declare -a "a=({})"`: bash reads the value again as words of an
    // array, expanding what it holds (a plain `$(cmd)` item runs).
    if let command, Self.declaring.contains(command), self.word.contains("=(") {
      throw UsageError(
        "placeholder \(word) in a compound assignment given to \(command): bash expands the value again, "
          + "which runs code in an item like $(cmd); assign the array outside (a=(\"$SECTIONNAV_ITEM\"))")
    }
    if let assignment = self.word.firstIndex(of: "=") {
      let name = String(self.word[..<assignment].prefix { $0 != "[" && $0 != "+" })
      // An integer variable's value is evaluated whatever assigns it (`RANDOM={}`, `export RANDOM={}`).
      let integer = evaluatedNames.contains(name) || Self.integerVariables.contains(name)
      let evaluated = command.map { Self.declaring.contains($0) && (declaresEvaluated || integer) } ?? integer
      if evaluated {
        throw UsageError(
          "placeholder \(word) as the value of \(name), an integer or nameref variable: bash evaluates it "
            + "(arithmetic, a name), which runs code in an item like a[$(cmd)]")
      }
      return
    }
    guard let command, Self.naming.contains(command) else { return }
    // An option's value written against it: `printf -v{}`, `read -ra{}`, `wait -p{}`.
    if self.word.hasPrefix("-"), !self.word.hasPrefix("--") {
      let letters = self.word.dropFirst()
      let naming: Character? = command == "printf" ? "v" : command == "read" ? "a" : command == "wait" ? "p" : nil
      if let naming, let at = letters.firstIndex(of: naming),
        command == "read" ? letters[..<at].allSatisfy(\.isLetter) : at == letters.startIndex
      {
        throw UsageError(
          "placeholder \(word) as a variable name of \(command): bash evaluates a subscript in a name, which "
            + "runs code in an item like a[$(cmd)]; pass the value as an argument instead")
      }
      return
    }
    let taken: Bool
    switch command {
    case "read": taken = !["-d", "-i", "-n", "-N", "-p", "-t", "-u"].contains(previous ?? "")
    // `printf {}`: the item is the format, and an item `-v a[…]` names a variable.
    case "printf": taken = previous == "-v" || arguments.allSatisfy { $0.hasPrefix("-") }
    // `wait -p NAME` (also `-np`), and any argument: an item `-p a[…]` is one.
    case "wait": taken = true
    case "test", "[": taken = previous == "-v" || previous == "-R"
    case "mapfile", "readarray": taken = !["-d", "-n", "-O", "-s", "-u", "-C", "-c"].contains(previous ?? "")
    case "getopts": taken = words.count - commandIndex! == 2  // `getopts OPTSTRING NAME [ARG…]`
    default: taken = true
    }
    if taken {
      throw UsageError(
        "placeholder \(word) as a variable name of \(command): bash evaluates a subscript in a name, which "
          + "runs code in an item like a[$(cmd)]; pass the value as an argument instead")
    }
  }

  /// The first word of the current command that is not an assignment.
  private var commandIndex: Int? {
    var k = 0
    while k < words.count {
      let word = words[k]
      // `function f {`, `coproc NAME {`: the name before `{` is no command.
      if (word == "function" || word == "coproc") && k + 2 < words.count && words[k + 2] == "{" {
        k += 3
      } else if word == "function" && k + 1 < words.count {
        k += 2
      } else if Self.isAssignment(word) || Self.prefixes.contains(word) {
        k += 1
      } else {
        return k
      }
    }
    return nil
  }

  /// The command word (an alias's words are put in place by `endWord`).
  private var command: String? { commandIndex.map { words[$0] } }

  /// Where the `${…}` whose `{` is at `from` ends, when it holds no
  /// commands (`${x:-$(read {})}` is read as it goes, for its commands'
  /// marks) and ends before `to`; nil otherwise.
  private func wholeBraced(from: Int, to: Int, inDouble: Bool) -> Int? {
    let end = Self.bracedEnd(s, from: from, to: to, inDouble: inDouble)
    guard end < to || (end == to && to > from && s[to - 1] == "}") else { return nil }
    if nextMark < marks.count, marks[nextMark].at < end { return nil }
    return end
  }

  /// Where the `${…}` whose `{` is at `from` ends (past its `}`), its
  /// quotes and escapes heeded: `'…'` quotes outside double quotes and in
  /// a pattern, and is a character in `"${x:-'}"` (`TemplateScan.quotesAreText`).
  static func bracedEnd(_ s: [Unicode.Scalar], from: Int, to: Int, inDouble: Bool) -> Int {
    var i = from + 1
    let start = i
    var depth = 1
    var quote: Unicode.Scalar? = nil
    while i < to {
      let c = s[i]
      i += 1
      if let q = quote {
        if c == q { quote = nil } else if c == "\\" && q == "\"" && i < to { i += 1 }
        continue
      }
      switch c {
      case "\\": if i < to { i += 1 }
      case "\"": quote = c
      case "'" where !inDouble || !TemplateScan.quotesAreText(s[start..<(i - 1)]): quote = c
      case "{": depth += 1
      case "}":
        depth -= 1
        if depth == 0 { return i }
      default: break
      }
    }
    return to
  }

  /// The scalar of the `$'…'` escape whose letter is at `at` (after its
  /// backslash), and where the text goes on: `\xHH`, `\uHHHH`, `\UHHHHHHHH`,
  /// `\NNN` (octal), `\cX`, and bash's one-letter escapes.
  static func ansiEscape(_ s: [Unicode.Scalar], at: Int, to: Int) -> (Unicode.Scalar, Int) {
    func number(from: Int, radix: Int, most: Int) -> (UInt32, Int)? {
      var value: UInt32 = 0
      var j = from
      while j < to, j - from < most, let digit = Int(String(s[j]), radix: radix) {
        value = value &* UInt32(radix) &+ UInt32(digit)
        j += 1
      }
      return j > from ? (value, j) : nil
    }
    let c = s[at]
    let simple: [Unicode.Scalar: Unicode.Scalar] = [
      "a": "\u{7}", "b": "\u{8}", "e": "\u{1B}", "E": "\u{1B}", "f": "\u{C}", "n": "\n", "r": "\r", "t": "\t",
      "v": "\u{B}",
    ]
    if let mapped = simple[c] { return (mapped, at + 1) }
    let coded: (UInt32, Int)?
    switch c {
    case "x": coded = number(from: at + 1, radix: 16, most: 2)
    case "u": coded = number(from: at + 1, radix: 16, most: 4)
    case "U": coded = number(from: at + 1, radix: 16, most: 8)
    case "0"..."7": coded = number(from: at, radix: 8, most: 3)
    case "c" where at + 1 < to: coded = (s[at + 1].value & 0x1F, at + 2)
    default: coded = nil
    }
    if let (value, next) = coded { return (Unicode.Scalar(value) ?? "\u{FFFD}", next) }
    return (c, at + 1)
  }

  /// Whether a `#` at `at` starts a comment: first, or after a blank or an
  /// operator that is not escaped.
  private static func startsComment(_ s: [Unicode.Scalar], at: Int) -> Bool {
    guard at > 0 else { return true }
    guard " \t\n;&|".unicodeScalars.contains(s[at - 1]) else { return false }
    return at < 2 || s[at - 2] != "\\" || s[at - 1] == "\n"
  }

  /// A word that is one command substitution, which may give nothing.
  private static func mayVanish(_ word: String) -> Bool {
    (word.hasPrefix("$(") && word.hasSuffix(")")) || (word.hasPrefix("`") && word.hasSuffix("`") && word.count > 1)
  }

  /// `2` of `2>x`, `v` of `{v}<&0`: a descriptor's number or name.
  private static func namesDescriptor(_ word: String) -> Bool {
    if word.unicodeScalars.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) { return true }
    return word.hasPrefix("{") && word.hasSuffix("}") && word.count > 2 && isName(String(word.dropFirst().dropLast()))
  }

  /// Whether the current command (`declare`…) gives the integer or nameref attribute.
  private var declaresEvaluated: Bool {
    words.contains { $0.hasPrefix("-") && ($0.contains("i") || $0.contains("n")) }
  }

  /// The name before a `[` the current word leaves open (`a[x` → `a`), if any.
  private var openSubscript: String? {
    guard let open = word.lastIndex(of: "["), !word[open...].contains("]") else { return nil }
    return String(word[..<open])
  }

  /// Whether the word goes on, past the placeholder ending at `end`, to a
  /// `]` followed by `=` or `+=`: an array element assigned.
  private func subscriptAssigned(after end: Int) -> Bool {
    // Bash reads `a[…]` to its matching `]`, whatever stands inside
    // (`a[{}|0]=`, `a[({})]=`, a line break).
    var j = end
    var depth = 0
    while j < s.count {
      if s[j] == "[" {
        depth += 1
      } else if s[j] == "]" {
        if depth == 0 {
          let next = j + 1 < s.count ? s[j + 1] : " "
          return next == "=" || (next == "+" && j + 2 < s.count && s[j + 2] == "=")
        }
        depth -= 1
      }
      j += 1
    }
    return false
  }

  private static func isName(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, first == "_" || first.isASCIILetter else { return false }
    return text.unicodeScalars.allSatisfy(\.isNameScalar)
  }

  private static func isAssignment(_ text: String) -> Bool {
    guard let equals = text.firstIndex(of: "=") else { return false }
    let name = text[..<equals].prefix { $0 != "[" && $0 != "+" }
    return isName(String(name))
  }

  /// Words and commands of `s[from..<to]`; quotes are dropped, their text kept.
  private mutating func read(from: Int, to: Int) {
    var i = from
    defer { applyMarks(upTo: to) }
    while i < to {
      applyMarks(upTo: i)
      let c = s[i]
      i += 1
      // The `(` of `$(` and an opening backquote begin commands inside the
      // word (a mark follows them), the closing ones end them: neither ends
      // the command outside.
      if closing || (quote == nil && nextMark < marks.count && marks[nextMark].open && marks[nextMark].at == i) {
        closing = false
        word.unicodeScalars.append(c)
        continue
      }
      // Inside `a[…]` bash reads to the matching `]`: blanks, `(`, `|`, `<`,
      // a line break end nothing (`a[({})]=2`).
      if quote == nil, " \t\n()|&<>;".unicodeScalars.contains(c), openSubscript.map(Self.isName) == true {
        word.unicodeScalars.append(c)
        continue
      }
      if let q = quote {
        if q == "\"", c == "$", i < to, s[i] == "{", let end = wholeBraced(from: i, to: to, inDouble: true) {
          // `"${x:-"it's"}"`: its quotes nest; it is read whole.
          word.unicodeScalars.append(contentsOf: s[(i - 1)..<end])
          i = end
          continue
        }
        if c == q {
          quote = nil
          ansiQuote = false
        } else if c == "\\" && ansiQuote && i < to {
          // `$'re\x61d'` is `read`: bash decodes the escapes.
          let (scalar, next) = Self.ansiEscape(s, at: i, to: to)
          word.unicodeScalars.append(scalar)
          i = next
        } else if c == "\\" && q == "\"" && i < to {
          if s[i] != "\n" { word.unicodeScalars.append(s[i]) }
          i += 1
        } else {
          word.unicodeScalars.append(c)
        }
        continue
      }
      switch c {
      // A comment starts a word after a blank or an operator, not after a
      // `)` or backquote that ends a substitution inside a word, nor after
      // an escaped blank (`\ #`).
      case "#" where word.isEmpty && !begun && Self.startsComment(s, at: i - 1):
        // A comment, to its line's end (a backslash there continues nothing).
        while i < to && s[i] != "\n" { i += 1 }
      case "'", "\"":
        quote = c
        begun = true
      // `${…}`, read whole into the word: a blank or `#` in it (`${x:- #}`)
      // ends nothing.
      case "$" where i < to && s[i] == "{" && wholeBraced(from: i, to: to, inDouble: false) != nil:
        let end = wholeBraced(from: i, to: to, inDouble: false)!
        word.unicodeScalars.append(contentsOf: s[(i - 1)..<end])
        i = end
      // bash's `$'…'` and `$"…"` are the quoted text (`$'read'` is `read`).
      case "$" where i < to && (s[i] == "'" || s[i] == "\""):
        quote = s[i]
        ansiQuote = s[i] == "'"
        begun = true
        i += 1
      case "\\":
        if i < to {
          // `\` + newline joins lines (`rea\⏎d` is `read`), whatever the
          // joiner before this reading made of the quotes around it.
          if s[i] != "\n" { word.unicodeScalars.append(s[i]) }
          i += 1
        }
      case " ", "\t": endWord()
      case "<", ">":
        // `2>/dev/null read {}`, `{v}<&0 read {}`: digits or `{name}` against
        // it name a descriptor, no word.
        if !begun, !word.isEmpty, Self.namesDescriptor(word) { word = "" }
        endWord()
        redirected = true
        // `>|`: one operator (its `|` is no pipe).
        if c == ">", i < to, s[i] == "|" { i += 1 }
      case "&" where redirected && word.isEmpty:
        break  // `>&2`
      // `&>file`, `&>>file`: a redirection, not `&` ending the command.
      case "&" where i < to && s[i] == ">":
        endWord()
        redirected = true
        i += 1
        if i < to && s[i] == ">" { i += 1 }
      case "\n", ";", "&", "|", "(", ")", "`":
        endWord()
        endCommand()
      default: word.unicodeScalars.append(c)
      }
    }
  }

  private mutating func endWord() {
    defer { begun = false }
    guard !word.isEmpty || begun else { return }
    // A redirection's target is no argument; an alias where a command
    // starts is its words.
    if !redirected {
      if commandIndex == nil, !begun, let expansion = aliases[word] {
        words += expansion
      } else {
        words.append(word)
      }
    }
    redirected = false
    word = ""
  }

  /// Notes the names a `declare -i`/`-n` gave, then starts a new command.
  private mutating func endCommand() {
    redirected = false
    if words.contains(where: Self.integerVariables.contains) { namesIntegerVariable = true }
    if let k = commandIndex, words[k] == "alias" {
      definesAlias = true
      for definition in words[(k + 1)...] {
        guard let equals = definition.firstIndex(of: "=") else { continue }
        let value = definition[definition.index(after: equals)...]
        aliases[String(definition[..<equals])] = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(
          String.init)
      }
    }
    if let k = commandIndex, Self.declaring.contains(words[k]), declaresEvaluated {
      for w in words[(k + 1)...] where !w.hasPrefix("-") {
        evaluatedNames.insert(String(w.prefix { $0 != "=" && $0 != "[" && $0 != "+" }))
      }
    }
    words = []
  }
}

extension Unicode.Scalar {
  fileprivate var isASCIILetter: Bool { (value | 0x20) >= 0x61 && (value | 0x20) <= 0x7A }
  fileprivate var isNameScalar: Bool { isASCIILetter || (value >= 0x30 && value <= 0x39) || self == "_" }
}
