/// Splits a command line into words: whitespace separates, double quotes group
/// with `\"` and `\\` escapes. Read scalar by scalar, not by grapheme: a quote
/// followed by a combining mark (`"\u{301}x"`) is still a quote.
public enum CommandLexer {
  public static func words(_ line: String) throws(CommandError) -> [String] {
    var words: [String] = []
    var current = String.UnicodeScalarView()
    var inWord = false
    var quoted = false
    var iterator = line.unicodeScalars.makeIterator()
    while let c = iterator.next() {
      if quoted {
        switch c {
        case "\\":
          guard let n = iterator.next() else { throw CommandError("unterminated escape at end of line") }
          guard n == "\"" || n == "\\" else { throw CommandError("unknown escape '\\\(n)' in quotes") }
          current.append(n)
        case "\"": quoted = false
        default: current.append(c)
        }
        continue
      }
      if c.properties.isWhitespace {
        if inWord { words.append(String(current)) }
        current = String.UnicodeScalarView()
        inWord = false
      } else if c == "\"" {
        quoted = true
        inWord = true
      } else {
        current.append(c)
        inWord = true
      }
    }
    if quoted { throw CommandError("unterminated quote") }
    if inWord { words.append(String(current)) }
    return words
  }
}
