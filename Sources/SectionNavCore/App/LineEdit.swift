/// One line being edited, with its caret: the built-in `:`/`/` prompt and
/// the `&` filter line both edit through it, with readline's keys (the ones
/// libedit's Emacs bindings and fzf's query line have too).
public struct LineEdit: Sendable, Equatable {
  public private(set) var text: String
  /// Caret position in `text`, in characters.
  public private(set) var caret: Int
  /// How many characters `text` has (kept, as counting them is a pass over it).
  private var count: Int
  /// What the last kill took (`C-u`, `C-w`, `M-d`, `M-Backspace`), for `C-y`.
  private var killed = ""

  /// `text` with the caret at its end.
  public init(_ text: String = "") {
    self.text = text
    caret = text.count
    count = caret
  }

  /// Applies an editing key: a character, `Backspace`/`C-h`, `Delete`/`C-d`,
  /// `C-u` (to the start), `C-w` (the word before the caret), `Left`/`C-b`,
  /// `Right`/`C-f`, `Home`/`C-a`, `End`/`C-e`, `C-y` (what the last kill
  /// took, back at the caret), and by words of letters and
  /// digits as fzf's query line: `M-b`/`S-Left`/`M-Left`, `M-f`/`S-Right`/`M-Right`, `M-d`
  /// (the word after), `M-Backspace` (the word before). False for any other
  /// key, an Alt chord too (the line's owner decides what it does: `M-x`
  /// never types `x`).
  mutating func edit(_ event: KeyEvent) -> Bool {
    let key = event.key
    if !event.modifiers.isEmpty { return editWords(event) }
    if case .char(let c) = key, caret >= count, let ascii = c.asciiValue, ascii >= 0x20, ascii < 0x7F,
      text.utf8.last.map({ $0 < 0x80 }) ?? true
    {
      // Printable ASCII after ASCII at the end is one more character (no
      // cluster joins them): each key making the line an array of
      // characters and back made typing a long line quadratic.
      text.append(c)
      count += 1
      caret = count
      return true
    }
    if case .char(let c) = key, caret >= count {
      // Any other character at the end: it can only join the last cluster
      // (a combining mark after a letter), so that cluster and it tell the
      // new count — the whole line as characters, each key, made typing
      // a long non-ASCII line quadratic (10 000 `é`: 7 s).
      let visible = TextSanitizer.visible(String(c))
      let joined = text.last.map { (String($0) + visible).count - 1 } ?? visible.count
      text += visible
      count += joined
      caret = count
      return true
    }
    var line = Array(text)
    var at = min(caret, line.count)
    switch key {
    case .char(let c):
      let visible = TextSanitizer.visible(String(c))
      line.insert(contentsOf: visible, at: at)
      at += visible.count
    case .backspace, .ctrl("h"):
      if at > 0 {
        line.remove(at: at - 1)
        at -= 1
      }
    case .delete, .ctrl("d"):
      if at < line.count { line.remove(at: at) }
    case .ctrl("u"):
      kill(&line, 0..<at)
      at = 0
    case .ctrl("w"):
      var start = at
      while start > 0 && line[start - 1] == " " { start -= 1 }
      while start > 0 && line[start - 1] != " " { start -= 1 }
      kill(&line, start..<at)
      at = start
    case .ctrl("y"):
      line.insert(contentsOf: killed, at: at)
      at += killed.count
    case .left, .ctrl("b"): at = max(0, at - 1)
    case .right, .ctrl("f"): at = min(line.count, at + 1)
    case .home, .ctrl("a"): at = 0
    case .end, .ctrl("e"): at = line.count
    default: return false
    }
    text = String(line)
    // In characters of the text as it now reads: a combining mark typed
    // after a letter joins it, and the caret stays before what followed.
    caret = String(line[..<at]).count
    count = text.count
    return true
  }

  /// The word keys (`edit`): fzf's, where a word is a run of letters and digits.
  private mutating func editWords(_ event: KeyEvent) -> Bool {
    var line = Array(text)
    let at = min(caret, line.count)
    func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber }
    var before = at
    while before > 0 && !isWord(line[before - 1]) { before -= 1 }
    while before > 0 && isWord(line[before - 1]) { before -= 1 }
    var after = at
    while after < line.count && !isWord(line[after]) { after += 1 }
    while after < line.count && isWord(line[after]) { after += 1 }
    let shift = event.modifiers == .shift
    let alt = event.modifiers == .alt
    var to = at
    switch event.key {
    case .char("b") where alt, .left where shift || alt: to = before
    case .char("f") where alt, .right where shift || alt: to = after
    case .char("d") where alt: kill(&line, at..<after)
    case .backspace where alt, .ctrl("h") where alt:
      kill(&line, before..<at)
      to = before
    default: return false
    }
    text = String(line)
    caret = String(line[..<to]).count
    count = text.count
    return true
  }

  /// Removes `range` from `line`, kept for `C-y` when it is not empty.
  private mutating func kill(_ line: inout [Character], _ range: Range<Int>) {
    if !range.isEmpty { killed = String(line[range]) }
    line.removeSubrange(range)
  }

  /// Pasted text at the caret, as one edit (line breaks dropped, controls made visible).
  mutating func paste(_ pasted: String) {
    let chars = Array(TextSanitizer.visible(pasted.filter { !$0.isNewline }))
    var line = Array(text)
    let at = min(caret, line.count)
    line.insert(contentsOf: chars, at: at)
    text = String(line)
    caret = String(line[..<(at + chars.count)]).count
    count = text.count
  }

  /// The text before the caret and after it, for drawing the caret between them.
  var split: (before: String, after: String) {
    let chars = Array(text)
    let at = min(caret, chars.count)
    return (String(chars[..<at]), String(chars[at...]))
  }
}
