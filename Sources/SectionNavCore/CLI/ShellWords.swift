/// Splits `SECTIONNAV_OPTS` and config-file lines into words the way a POSIX
/// shell would, so a value with spaces can be quoted: blanks separate words;
/// `'…'` is literal; `"…"` is literal except that `\` escapes `"`, `\`, `$` and
/// `` ` ``; outside quotes `\` makes the next character literal. No expansion
/// of any kind. `source` names the text in errors (empty: the caller says
/// where). With `comments`, an unquoted `#` starting a word ends the text
/// (config files); `SECTIONNAV_OPTS` keeps `#` as an ordinary character.
public enum ShellWords {
  public static func split(_ text: String, source: String = "SECTIONNAV_OPTS", comments: Bool = false)
    throws(UsageError) -> [String]
  {
    var words: [String] = []
    var word = ""
    var inWord = false
    var iterator = text.makeIterator()
    while let c = iterator.next() {
      switch c {
      case " ", "\t", "\n", "\r", "\r\n":  // "\r\n" is one Character
        if inWord { words.append(word) }
        word = ""
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
            if !"\"\\$`".contains(e) { word.append("\\") }
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
    if inWord { words.append(word) }
    return words
  }
}
