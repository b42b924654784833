/// One line being edited, with its caret: the built-in `:`/`/` prompt and
/// the `&` filter line both edit through it, with readline's keys (the ones
/// libedit's Emacs bindings and fzf's query line have too).
public struct LineEdit: Sendable, Equatable {
  public private(set) var text: String
  /// Caret position in `text`, in characters.
  public private(set) var caret: Int
  /// How many characters `text` has (kept, as counting them is a pass over it).
  private var count: Int

  /// `text` with the caret at its end.
  public init(_ text: String = "") {
    self.text = text
    caret = text.count
    count = caret
  }

  /// Applies an editing key: a character, `Backspace`/`C-h`, `Delete`/`C-d`,
  /// `C-u` (to the start), `C-w` (the word before the caret), `Left`/`C-b`,
  /// `Right`/`C-f`, `Home`/`C-a`, `End`/`C-e`. False for any other key (the
  /// line's owner decides what it does).
  mutating func edit(_ key: Key) -> Bool {
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
      line.removeFirst(at)
      at = 0
    case .ctrl("w"):
      var start = at
      while start > 0 && line[start - 1] == " " { start -= 1 }
      while start > 0 && line[start - 1] != " " { start -= 1 }
      line.removeSubrange(start..<at)
      at = start
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
