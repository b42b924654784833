/// Writing JSON text: string quoting with the escapes RFC 8259 requires.
public enum JSONText {
  public static func quoted(_ s: String) -> String { quoted(s, terminalSafe: false) }

  /// `quoted`, also escaping what a terminal must never get raw (DEL, C1,
  /// bidi controls, line separators: what `TextSanitizer` replaces), for
  /// JSON written where a terminal may read it (`state`). The same value.
  public static func terminalQuoted(_ s: String) -> String { quoted(s, terminalSafe: true) }

  private static func quoted(_ s: String, terminalSafe: Bool) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      default:
        // DEL too, as jq writes it (`--group-by` titles are jq's text of a value).
        if scalar.value < 0x20 || scalar.value == 0x7F
          || (terminalSafe && TextSanitizer.replacement(for: scalar) != nil)
        {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }
}
