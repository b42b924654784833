/// Splits `SECTIONNAV_OPTS` and config-file lines into words the way a POSIX
/// shell would, so a value with spaces can be quoted: blanks separate words;
/// `'…'` is literal; `"…"` is literal except that `\` escapes `"`, `\`, `$` and
/// `` ` ``; outside quotes `\` makes the next character literal. No expansion
/// of any kind. `source` names the text in errors (empty: the caller says
/// where). With `comments`, an unquoted `#` starting a word ends the line
/// (config files, and `SECTIONNAV_OPTS` as fzf reads `FZF_DEFAULT_OPTS`).
/// Read scalar by scalar, not by grapheme, as a shell reads bytes: a quote
/// followed by a combining mark (`"\u{301}x"`) is still a quote.
public enum ShellWords {
  public static func split(_ text: String, source: String = "SECTIONNAV_OPTS", comments: Bool = false)
    throws(UsageError) -> [String]
  {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    var inWord = false
    var iterator = text.unicodeScalars.makeIterator()
    while let c = iterator.next() {
      switch c {
      case " ", "\t", "\n", "\r":
        if inWord { words.append(String(word)) }
        word = String.UnicodeScalarView()
        inWord = false
      case "#" where comments && !inWord:
        while let n = iterator.next(), n != "\n" {}
      case "'":
        inWord = true
        var closed = false
        while let q = iterator.next() {
          if q == "'" { closed = true; break }
          word.append(q)
        }
        if !closed { throw UsageError("unterminated single quote" + (source.isEmpty ? "" : " in \(source)")) }
      case "\"":
        inWord = true
        var closed = false
        while let q = iterator.next() {
          if q == "\"" { closed = true; break }
          if q == "\\" {
            guard let e = iterator.next() else { break }
            if !"\"\\$`".unicodeScalars.contains(e) { word.append("\\") }
            word.append(e)
          } else {
            word.append(q)
          }
        }
        if !closed { throw UsageError("unterminated double quote" + (source.isEmpty ? "" : " in \(source)")) }
      case "\\":
        inWord = true
        if let e = iterator.next() { word.append(e) } else { word.append("\\") }
      default:
        inWord = true
        word.append(c)
      }
    }
    if inWord { words.append(String(word)) }
    return words
  }
}
