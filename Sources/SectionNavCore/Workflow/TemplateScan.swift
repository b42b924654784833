/// Reads a command template the way `sh` will, to learn the quoting each
/// placeholder stands in: quotes, backslashes, `$(…)`, backquotes, `${…}`,
/// `$((…))`, bash's `$'…'` and `((…))`, and comments (whose `'` opens
/// nothing). Quoting aside, a wrong guess costs nothing: a placeholder
/// becomes `${V+"$V"}`, one word in and out of double quotes (only single
/// quotes are closed around it). Where it must be right is where bash
/// evaluates a value — arithmetic and (with `ShellNamePositions`) variable
/// names — and the sketch of the grammar here is where fuzzing against dash
/// and bash keeps finding gaps. Arithmetic: the shell evaluates
/// what an expansion gives there: a placeholder inside it is refused — in
/// `$((…))` and `((…))`, and where bash (the `sh` of many systems) also
/// evaluates: `$[…]`, `[[ … ]]` (its `-eq`, `-lt`… operands), `let …`, and a
/// `${…}` subscript or substring offset — as is one inside `$'…'`, which dash
/// (before POSIX 2024) reads as `$` and `'…'`.
struct TemplateScan {
  typealias Piece = CommandTemplate.Piece

  private enum Frame {
    /// Commands: the whole template, `$(…)` (ends at its `)`), or backquotes.
    case code(end: CodeEnd, parens: Int)
    case double
    case single
    case ansi
    /// `${…}`, with the `{` nesting inside it; `quoted`: inside `"…"`;
    /// `arithmetic`: past a `[` subscript or a `:` offset.
    /// `start`: where its text begins, after `${`.
    case braced(depth: Int, quoted: Bool, arithmetic: Bool, start: Int)
    /// `$((…))` or `((…))`.
    case arithmetic(parens: Int)
    /// bash's `$[…]`, `[[ … ]]` (ends at `]]`, `double`) and `let …` (ends
    /// with its command): arithmetic too.
    case bracketed(depth: Int, double: Bool)
    case letCommand

    /// Whether the shell evaluates an expansion here as arithmetic (in
    /// `[[ … ]]` only some operands are: `isArithmeticOperand`).
    var isArithmetic: Bool {
      switch self {
      case .arithmetic, .letCommand: true
      case .bracketed(_, let double): !double
      case .braced(_, _, let arithmetic, _): arithmetic
      default: false
      }
    }
  }

  private enum CodeEnd { case template, paren, backquote }

  private let s: [Unicode.Scalar]
  private var i = 0
  private var stack: [Frame] = [.code(end: .template, parens: 0)]
  private var out: [Piece] = []
  private var literal = String.UnicodeScalarView()
  private var names: ShellNamePositions
  /// The `case` statements open in commands, innermost last: a pattern's
  /// `)` closes no `$(…)` (`"$(case a in a) printf %s {};; esac)"`: read as
  /// closing one, the placeholder after it looked quoted and was left bare).
  private var cases: [OpenCase] = []

  private struct OpenCase {
    /// The `stack` count of the commands it stands in.
    let depth: Int
    /// The `(` nesting there when it opened: a `)` back at it ends a pattern.
    let parens: Int
    var phase: CasePhase
  }

  private enum CasePhase { case word, pattern, body }
  /// Where the last case pattern's `)` stands: a command starts after it.
  private var patternEnd = -1

  /// The template has a here-document (`<<`, not `<<<`) in commands, quoted
  /// ones too (`"$(cat <<E …)"`), found as the scan reaches it (not in
  /// `$((1<<2))`).
  private var hereDocument = false
  /// The first text placeholder, for a here-document found after it.
  private var firstTextPlaceholder: String?
  /// A `((` or `$((` closed by a single `)` (see `step`).
  private var unevenArithmetic = false

  private init(_ text: String) {
    s = Self.joiningContinuedLines(Array(text.unicodeScalars))
    names = ShellNamePositions(s)
  }

  /// What ends a word, and starts the next one.
  static let wordEnds = " \t\n;&|()".unicodeScalars

  /// The template with each `\` + newline outside single quotes and
  /// comments removed, as the shell removes it before reading words
  /// (`le\⏎t x={}` is `let`).
  static func joiningContinuedLines(_ s: [Unicode.Scalar]) -> [Unicode.Scalar] {
    var out: [Unicode.Scalar] = []
    out.reserveCapacity(s.count)
    var single = false
    var double = false
    var i = 0
    while i < s.count {
      let c = s[i]
      if c == "'" && !double {
        single.toggle()
      } else if c == "\"" && !single {
        double.toggle()
      } else if c == "#" && !single && !double && (i == 0 || wordEnds.contains(s[i - 1])) {
        // A comment runs to its line's end, a backslash there included.
        while i < s.count && s[i] != "\n" {
          out.append(s[i])
          i += 1
        }
        continue
      } else if c == "\\" && !single {
        if i + 1 < s.count && s[i + 1] == "\n" {
          i += 2
          continue
        }
        if i + 1 < s.count {
          out.append(c)
          out.append(s[i + 1])
          i += 2
          continue
        }
      }
      out.append(c)
      i += 1
    }
    return out
  }

  /// `text` as literal text and placeholders in their contexts.
  static func pieces(_ text: String) throws(UsageError) -> [Piece] {
    var scan = TemplateScan(text)
    return try scan.run()
  }

  private mutating func run() throws(UsageError) -> [Piece] {
    while i < s.count {
      if s[i] == "{", !escapedOrVariable(i), let (placeholder, end) = try self.placeholder(at: i) {
        let word = String(String.UnicodeScalarView(s[i..<end]))
        if placeholder.isText && hereDocument { throw Self.besideHereDocument(word) }
        if placeholder.isText && firstTextPlaceholder == nil { firstTextPlaceholder = word }
        if placeholder.isText && escapedBackquoteBefore {
          throw UsageError(
            "placeholder \(word) after an escaped backquote (\\`) inside `…`: bash starts commands there that "
              + "this reading does not follow; write $(…) instead")
        }
        if placeholder.isText && backquotesInDoubleQuotes {
          throw UsageError(
            "placeholder \(word) after a backslash inside `…` within double quotes: the shell takes "
              + "the backslash (\\\") before it reads the command, so the quoting is not what it looks like; "
              + "write $(…) instead")
        }
        try names.check(
          placeholder: word, at: i, end: end, value: placeholder.isText,
          file: [.itemFile, .jsonFile, .markedFile].contains(placeholder))
        let context: CommandTemplate.Context
        if stack.contains(where: \.isArithmetic) || isArithmeticOperand(at: i, end: end) {
          guard placeholder == .index else {
            throw UsageError(
              "placeholder \(word) inside $((…)), ((…)), $[…], [[ … ]], "
                + "let or a ${…} subscript or offset: the shell evaluates what it gives as arithmetic (bash runs "
                + "code in it); only {index} may stand there")
          }
          context = .plain
        } else if placeholder.isText, assignsOrReplacesUnquoted {
          throw UsageError(
            "placeholder \(word) inside ${x=…}, ${x:=…} or ${x/…/…} outside double quotes: the shell splits and "
              + "globs what it gives (the value assigned or put in), quotes or not; write it in double quotes "
              + "(\"${x:=…}\")")
        } else if case .ansi = stack.last! {
          throw UsageError(
            "placeholder \(word) inside $'…', which bash and dash read "
              + "differently: write it outside the quotes")
        } else {
          context = self.context
        }
        flush()
        out.append(.placeholder(placeholder, context))
        i = end
        continue
      }
      step()
    }
    if hereDocument, let word = firstTextPlaceholder { throw Self.besideHereDocument(word) }
    if unevenArithmetic, let word = firstTextPlaceholder {
      throw UsageError(
        "placeholder \(word) in a template with a $((…) or ((…) closed by one ')': bash reads it as commands, "
          + "dash as arithmetic; write $( (…) ) or ( (…) ) with spaces")
    }
    flush()
    return out
  }

  private static func besideHereDocument(_ word: String) -> UsageError {
    UsageError(
      "placeholder \(word) beside a here-document (<<): its body "
        + "is read by other rules (a quote there is text), which this reading does not follow; "
        + "write the text with printf (sh -c runs dash, which has no here-string)")
  }

  /// Whether the placeholder at `i` stands in the word of an unquoted
  /// `${x=…}`, `${x:=…}` or `${x/…/…}`, quoted inside it or not.
  private var assignsOrReplacesUnquoted: Bool {
    for frame in stack.reversed() {
      switch frame {
      case .braced(_, let quoted, _, let start):
        if !quoted && Self.resultIsSplit(s[start..<i]) { return true }
      case .single, .double: continue
      default: return false
      }
    }
    return false
  }

  /// Whether `${` + `text` (up to a placeholder) assigns or replaces
  /// (`${x=…}`, `${x:=…}`, bash's `${x/…/…}`): unquoted, the value it gives
  /// is split and globbed, quotes around the placeholder or not (`${x:-"…"}`
  /// keeps its quotes).
  static func resultIsSplit(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
    guard let op = bracedOperator(text) else { return false }
    return op == "=" || op == "/"
  }

  /// Whether inside double quotes a `'` in `${` + `text` is a character:
  /// in the word of `-`, `=`, `?`, `+` (with or without `:`), not in a
  /// pattern (`#`, `%`, `/`), where dash and bash take it as a quote.
  static func quotesAreText(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
    guard let op = bracedOperator(text) else { return true }
    return "-=?+".unicodeScalars.contains(op)
  }

  /// The operator of `${` + `text` (`-` of `x:-`, `#` of `x##`), if `text`
  /// reaches it: the first scalar after the name and a `:`.
  static func bracedOperator(_ text: ArraySlice<Unicode.Scalar>) -> Unicode.Scalar? {
    var j = text.startIndex
    if j < text.endIndex, "@*?$!-#0123456789".unicodeScalars.contains(text[j]) { j += 1 }
    while j < text.endIndex, text[j].properties.isAlphabetic || text[j] == "_" || ("0"..."9").contains(text[j]) {
      j += 1
    }
    guard j < text.endIndex else { return nil }
    if text[j] == ":" { j += 1 }
    return j < text.endIndex ? text[j] : nil
  }

  /// Inside `[[ … ]]`, whether bash may evaluate a placeholder there: when
  /// the test holds `-eq`, `-ne`, `-lt`, `-le`, `-gt`, `-ge` (arithmetic),
  /// `-v` or `-R` (a variable's name, its subscript arithmetic) anywhere —
  /// the whole `[[ … ]]`, not the placeholder's neighbours: words told apart
  /// by blanks were told wrong by quotes (`[[ 1 -eq " "{} ]]`). String and
  /// file tests alone (`-f {}`, `{} == *.md`, `=~`) evaluate nothing.
  private func isArithmeticOperand(at: Int, end: Int) -> Bool {
    guard stack.contains(where: { if case .bracketed(_, true) = $0 { true } else { false } }) else { return false }
    // From the `[[` before to the `]]` after (or the line's end), quotes
    // and backslashes dropped, cut at blanks.
    var first = at
    while first > 1 && !(s[first - 1] == "[" && s[first - 2] == "[") { first -= 1 }
    var last = end
    while last + 1 < s.count && !(s[last] == "]" && s[last + 1] == "]") { last += 1 }
    let text = s[first..<min(last, s.count)].filter { !"\"'\\".unicodeScalars.contains($0) }
    let words = text.split(whereSeparator: { " \t\n".unicodeScalars.contains($0) }).map {
      String(String.UnicodeScalarView($0))
    }
    let evaluating: Set<String> = ["-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-v", "-R"]
    return words.contains(where: evaluating.contains)
  }

  /// Inside backquotes that stand inside double quotes (`"`…`"`), with a
  /// backslash before `"`, `\` or a backquote between the opening backquote
  /// and here: the shell takes those backslashes before it reads the
  /// backquotes' text, so `"`echo \"{}\"`"` leaves the value unquoted,
  /// split and globbed (`"`echo {}`"` and `"`printf '%s\n' {}`"` are read
  /// as they look).
  /// Inside backquotes, after a `\`` since the opening one: nested
  /// backquotes, which bash reads as commands of their own.
  private var escapedBackquoteBefore: Bool {
    guard stack.contains(where: { if case .code(.backquote, _) = $0 { true } else { false } }) else { return false }
    var j = i - 1
    while j > 0 {
      if s[j] == "`" {
        if s[j - 1] != "\\" { return false }
        return true
      }
      j -= 1
    }
    return false
  }

  private var backquotesInDoubleQuotes: Bool {
    guard let backquote = stack.lastIndex(where: { if case .code(.backquote, _) = $0 { true } else { false } })
    else { return false }
    // The quoting the backquotes stand in: `$(…)` starts afresh.
    for frame in stack[..<backquote].reversed() {
      if case .code = frame { return false }
      guard case .double = frame else { continue }
      var j = i - 1
      while j >= 0, s[j] != "`" || (j > 0 && s[j - 1] == "\\") {
        if s[j] == "\\", j + 1 < i, "\"\\`".unicodeScalars.contains(s[j + 1]) { return true }
        j -= 1
      }
      return false
    }
    return false
  }

  private var context: CommandTemplate.Context {
    switch stack.last! {
    case .code: .plain
    case .double: .double
    // Unquoted, `${x:-word}`'s word is split and globbed: quoted there.
    case .braced(_, let quoted, _, _): quoted ? .double : .plain
    case .single: .single
    case .arithmetic, .ansi, .bracketed, .letCommand: .plain
    }
  }

  /// A `{` after `$` opens a shell variable. (An escaped brace, `\{`, never
  /// gets here: the backslash's step copies both.)
  private func escapedOrVariable(_ at: Int) -> Bool { at > 0 && s[at - 1] == "$" }

  /// The placeholder starting at `at` and the index past its `}`; nil when
  /// the braces are the command's own. fzf's forms sectionnav lacks are refused.
  private func placeholder(at: Int) throws(UsageError) -> (CommandTemplate.Placeholder, Int)? {
    var j = at + 1
    while j < s.count, j - at <= 24, s[j] != "}" {
      if s[j] == "{" || s[j].properties.isWhitespace { return nil }
      j += 1
    }
    guard j < s.count, s[j] == "}" else { return nil }
    let word = String(String.UnicodeScalarView(s[at...j]))
    if let p = CommandTemplate.names[word] { return (p, j + 1) }
    if Self.isFZFForm(word.dropFirst().dropLast()) {
      throw UsageError(
        "unsupported placeholder \(word): sectionnav has none of fzf's field and flag forms but {+} and {f} "
          + "(cut or awk {item} for a field); placeholders are \(CommandTemplate.known)")
    }
    return nil
  }

  /// fzf's `{1}`, `{-1}`, `{2..}`, `{..3}`, `{1..3}`, `{n}`, `{s}`, `{r}`,
  /// `{+n}`, … (flags `+sfr*` before a field, `n` or nothing), `{*}` (all
  /// items), `{q:1}` (a field of the query) and `{fzf:query}`, `{fzf:action}`….
  static func isFZFForm(_ content: Substring) -> Bool {
    if content.hasPrefix("fzf:") { return true }
    if content.hasPrefix("q:") { return isFZFForm(content.dropFirst(2)) && !content.dropFirst(2).isEmpty }
    let body = content.drop { "+sfr*".contains($0) }
    if body.isEmpty || body == "n" || body == "q" { return true }
    let parts = body.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
    func number(_ p: Substring) -> Bool {
      let digits = p.first == "-" ? p.dropFirst() : p
      return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
    if parts.count == 1 { return number(parts[0]) }
    return (parts[0].isEmpty || number(parts[0])) && (parts[1].isEmpty || number(parts[1]))
  }

  private mutating func flush() {
    if !literal.isEmpty { out.append(.text(String(literal))) }
    literal = String.UnicodeScalarView()
  }

  private mutating func copy(_ n: Int = 1) {
    let end = min(s.count, i + n)
    literal.append(contentsOf: s[i..<end])
    i = end
  }

  private func next(_ k: Int = 1) -> Unicode.Scalar? { i + k < s.count ? s[i + k] : nil }

  /// Right after `for`, `while`, `until`, `if`, `elif`, `then`, `else`,
  /// `do`, `time`, `!`, `{` or `coproc` written against what follows
  /// (`for((i=0;;))`, `then((x))`, `{((x))}`).
  private var afterKeyword: Bool {
    for keyword in ["for", "while", "until", "if", "elif", "then", "else", "do", "time", "!", "{", "coproc"] {
      let k = Array(keyword.unicodeScalars)
      guard i >= k.count, Array(s[(i - k.count)..<i]) == k else { continue }
      let start = i - k.count
      if start == 0 || Self.wordEnds.contains(s[start - 1]) { return true }
    }
    return false
  }

  private var atWordStart: Bool {
    guard i > 0 else { return true }
    return " \t\n;&|()<>`".unicodeScalars.contains(s[i - 1])
  }

  /// Whether a `#` at `i` surely starts a comment: first, or after an
  /// unescaped blank, line break, `;`, `&` or `|`. Where in doubt (after a
  /// `)` that may end `$(…)` inside a word, after `\ `), it is read as text:
  /// a comment read as text costs nothing, text read as a comment hid a
  /// `$((` from this reading.
  private var atCommentStart: Bool {
    guard i > 0 else { return true }
    guard " \t\n;&|".unicodeScalars.contains(s[i - 1]) else { return false }
    return i < 2 || s[i - 2] != "\\" || s[i - 1] == "\n"
  }

  /// Reserved words a command may follow (`then case …`, `do let …`).
  static let leadingWords: Set<String> = [
    "then", "do", "else", "elif", "if", "while", "until", "time", "!", "{", "coproc",
  ]

  /// Whether a command starts at `i`, where `case` and `let` are keywords:
  /// first in the template, `$(…)` or backquotes, after `;`, `&`, `|`, `(`,
  /// a line break, a case pattern's `)` or a word that leads a command —
  /// not an argument (`echo "$(echo case in x) {}"`: no case pattern there,
  /// and the `)` closes the `$(…)`).
  private var atCommandStart: Bool {
    guard atWordStart else { return false }
    var j = i - 1
    while j >= 0, s[j] == " " || s[j] == "\t" { j -= 1 }
    guard j >= 0 else { return true }
    if ";&|(\n`".unicodeScalars.contains(s[j]) { return true }
    // A case pattern's `)`, or a function's `()` (`f() case …`).
    if s[j] == ")" { return j == patternEnd || (j > 0 && s[j - 1] == "(") }
    var start = j
    while start > 0, !Self.wordEnds.contains(s[start - 1]) { start -= 1 }
    return Self.leadingWords.contains(String(String.UnicodeScalarView(s[start...j])))
  }

  private mutating func set(_ frame: Frame) { stack[stack.count - 1] = frame }

  /// Opens `$(…)` or backquotes `width` scalars long at `i`: commands
  /// again, wherever they stand (`ShellNamePositions` is told: inside
  /// quotes or a word, they leave the command outside as it was).
  private mutating func openCommands(_ end: CodeEnd, width: Int) {
    stack.append(.code(end: end, parens: 0))
    copy(width)
    names.commandsOpen(at: i)
  }

  private mutating func pop() {
    if stack.count > 1, case .code = stack.removeLast() { names.commandsClose(at: i) }
    while let last = cases.last, last.depth > stack.count { cases.removeLast() }
  }

  /// Whether the word `keyword` stands at `i`, a whole word at a word's
  /// start (`command`: where a command starts).
  private func keyword(_ keyword: String, command: Bool = false) -> Bool {
    guard command ? atCommandStart : atWordStart else { return false }
    let k = Array(keyword.unicodeScalars)
    guard i + k.count <= s.count, Array(s[i..<(i + k.count)]) == k else { return false }
    return i + k.count == s.count || Self.wordEnds.contains(s[i + k.count])
  }

  /// The `case` statement open in the commands being read, if any.
  private var openCase: CasePhase? {
    guard let last = cases.last, last.depth == stack.count else { return nil }
    return last.phase
  }

  /// A `case` statement's words (`case`, `in`, a pattern's `)`, `;;`,
  /// `esac`) in commands: stepped over, its phase moved on; false for
  /// anything else. `parens`: the commands' `(` nesting.
  private mutating func caseWord(_ c: Unicode.Scalar, parens: Int) -> Bool {
    switch (c, openCase) {
    case ("c", _) where keyword("case", command: true):
      cases.append(OpenCase(depth: stack.count, parens: parens, phase: .word))
      copy(4)
    case ("i", .word?) where keyword("in"):
      cases[cases.count - 1].phase = .pattern
      copy(2)
    case ("e", .pattern?) where keyword("esac", command: true), ("e", .body?) where keyword("esac", command: true):
      cases.removeLast()
      copy(4)
    // A pattern's optional `(`, and the `)` that ends it.
    case ("(", .pattern?) where atWordStart: copy()
    case (")", .pattern?) where parens == cases[cases.count - 1].parens:
      cases[cases.count - 1].phase = .body
      patternEnd = i
      copy()
    // `;;`, `;&`, `;;&`: the next pattern.
    case (";", .body?) where next() == ";" || next() == "&":
      cases[cases.count - 1].phase = .pattern
      copy(next() == ";" && next(2) == "&" ? 3 : 2)
    default: return false
    }
    return true
  }

  /// `$((`, `$(`, `${`, `$[`, and (where `ansi`) `$'`: opens its frame;
  /// else a plain `$`. `quoted`: inside `"…"`.
  private mutating func dollar(ansi: Bool, quoted: Bool = false) {
    if next() == "(" && next(2) == "(" {
      stack.append(.arithmetic(parens: 0))
      copy(3)
    } else if next() == "(" {
      openCommands(.paren, width: 2)
    } else if next() == "{" {
      stack.append(.braced(depth: 0, quoted: quoted, arithmetic: false, start: i + 2))
      copy(2)
    } else if next() == "[" {
      stack.append(.bracketed(depth: 0, double: false))
      copy(2)
    } else if ansi && next() == "'" {
      stack.append(.ansi)
      copy(2)
    } else {
      copy()
    }
  }

  /// One scalar (or an escape, an opener) in the innermost frame.
  private mutating func step() {
    let c = s[i]
    switch stack.last! {
    case .code(let end, let parens):
      if caseWord(c, parens: parens) { return }
      switch c {
      case "<" where next() == "<" && next(2) != "<" && (i == 0 || s[i - 1] != "<"):
        hereDocument = true
        copy(2)
      case "`":
        if end == .backquote {
          pop()
          copy()
        } else {
          openCommands(.backquote, width: 1)
        }
      case "$": dollar(ansi: true)
      case "[" where next() == "[" && atWordStart:
        stack.append(.bracketed(depth: 0, double: true))
        copy(2)
      case "l" where atCommandStart && next() == "e" && next(2) == "t" && (next(3) == " " || next(3) == "\t"):
        stack.append(.letCommand)
        copy(3)
      case "(":
        if next() == "(" && (atWordStart || afterKeyword) {
          stack.append(.arithmetic(parens: 0))
          copy(2)
        } else {
          set(.code(end: end, parens: parens + 1))
          copy()
        }
      case ")":
        if parens > 0 { set(.code(end: end, parens: parens - 1)) } else if end == .paren { pop() }
        copy()
      case "#" where atCommentStart:
        while i < s.count && s[i] != "\n" { copy() }
      default: if !nested(c) { copy() }
      }
    case .double:
      switch c {
      case "\\": copy(2)
      case "\"":
        pop()
        copy()
      case "`":
        openCommands(.backquote, width: 1)
      case "$": dollar(ansi: false, quoted: true)
      default: copy()
      }
    case .single:
      if c == "'" { pop() }
      copy()
    case .ansi:
      if c == "\\" {
        copy(2)
        return
      }
      if c == "'" { pop() }
      copy()
    case .braced(let depth, let quoted, let arithmetic, let start):
      switch c {
      // In `"${x:-…}"` a `'` is a character, as dash and POSIX bash read it
      // (in `"${x#'…'}"`, a pattern, it quotes).
      case "'" where quoted && Self.quotesAreText(s[start..<i]): copy()
      case "}":
        if depth == 0 {
          pop()
        } else {
          set(.braced(depth: depth - 1, quoted: quoted, arithmetic: arithmetic, start: start))
        }
        copy()
      case "{":
        set(.braced(depth: depth + 1, quoted: quoted, arithmetic: arithmetic, start: start))
        copy()
      // `${a[…]}` and `${a:offset:length}` (not `:-`, `:=`, `:?`, `:+`) are evaluated as arithmetic.
      case "[" where depth == 0:
        set(.braced(depth: depth, quoted: quoted, arithmetic: true, start: start))
        copy()
      case ":" where depth == 0 && !"-=?+".unicodeScalars.contains(next() ?? " "):
        set(.braced(depth: depth, quoted: quoted, arithmetic: true, start: start))
        copy()
      default: if !nested(c) { copy() }
      }
    case .arithmetic(let parens):
      switch c {
      // Quotes hold their `)` (`(( ")"; … ))` is two subshells to dash).
      case "\"", "'", "\\": _ = nested(c)
      case "(":
        set(.arithmetic(parens: parens + 1))
        copy()
      case ")":
        if parens > 0 {
          set(.arithmetic(parens: parens - 1))
          copy()
        } else {
          // `$((…)` closed by one `)`: bash reads it again as `$( (…) …)`,
          // commands, where dash sees arithmetic — no one reading holds.
          if next() != ")" { unevenArithmetic = true }
          pop()
          copy(next() == ")" ? 2 : 1)
        }
      case "`":
        openCommands(.backquote, width: 1)
      case "$": dollar(ansi: false)
      default: copy()
      }
    case .bracketed(let depth, let double):
      switch c {
      case "[":
        set(.bracketed(depth: depth + 1, double: double))
        copy()
      case "]":
        if depth > 0 {
          set(.bracketed(depth: depth - 1, double: double))
          copy()
        } else if !double || (next() == "]" && atWordStart && (next(2).map(Self.wordEnds.contains) ?? true)) {
          // `]]` ends `[[` only as a word of its own (`x]]` is an operand).
          pop()
          copy(double ? 2 : 1)
        } else {
          copy()
        }
      // dash knows no `[[`: a `#` there starts a comment, a `<<` a here-document.
      case "#" where double && atCommentStart:
        while i < s.count && s[i] != "\n" { copy() }
      case "<" where double && next() == "<" && next(2) != "<":
        hereDocument = true
        copy(2)
      default: if !nested(c) { copy() }
      }
    case .letCommand:
      switch c {
      case ";", "&", "|", "\n", ")":
        pop()
        step()
      case "#" where atCommentStart:
        while i < s.count && s[i] != "\n" { copy() }
      // `let x=1<<2` is `let x=1` with a here-document (`<<` is the shell's operator here).
      case "<" where next() == "<" && next(2) != "<":
        hereDocument = true
        copy(2)
      default: if !nested(c) { copy() }
      }
    }
  }

  /// An escape, quotes, backquotes or an expansion (not `$'…'`) opened in
  /// commands, `${…}`, `$[…]`, `[[ … ]]` or `let`: stepped over or its frame
  /// pushed; false for any other scalar.
  private mutating func nested(_ c: Unicode.Scalar) -> Bool {
    switch c {
    case "\\": copy(2)
    case "'":
      stack.append(.single)
      copy()
    case "\"":
      stack.append(.double)
      copy()
    case "`":
      openCommands(.backquote, width: 1)
    case "$": dollar(ansi: false)
    default: return false
    }
    return true
  }
}
