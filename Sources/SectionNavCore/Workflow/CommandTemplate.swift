/// A shell command with placeholders for the cursor's item, run through
/// `sh -c` by `--preview` and the `execute`/`reload` actions.
///
/// `{item}` (also fzf's `{}`), `{section}`, `{index}` (0-based in its
/// section) and `{json}` become the values single-quoted for the shell, so
/// any item text is one word and never code. Everything else is the command's
/// own text: other braces (`awk '{print $1}'`, `{a,b}`) and `${item}` (a shell
/// variable) are left alone.
public struct CommandTemplate: Sendable, Equatable {
  public let text: String

  public init(_ text: String) { self.text = text }

  enum Placeholder: String, CaseIterable { case item, section, index, json }

  static let names: [String: Placeholder] = {
    var names = Dictionary(uniqueKeysWithValues: Placeholder.allCases.map { ("{\($0.rawValue)}", $0) })
    names["{}"] = .item
    return names
  }()

  /// Whether the command reads the item's JSON text (so callers can skip it).
  public var usesJSON: Bool { text.contains("{json}") }

  /// The command line for `sh -c`.
  public func render(section: String, item: String, index: Int, json: String) -> String {
    var out = ""
    var rest = Substring(text)
    while let open = rest.firstIndex(of: "{") {
      out += rest[..<open]
      let afterDollar = open > rest.startIndex && rest[rest.index(before: open)] == "$"
      if !afterDollar, let close = rest[open...].firstIndex(of: "}"),
        let placeholder = Self.names[String(rest[open...close])]
      {
        switch placeholder {
        case .item: out += Self.quote(item)
        case .section: out += Self.quote(section)
        case .index: out += String(index)
        case .json: out += Self.quote(json)
        }
        rest = rest[rest.index(after: close)...]
      } else {
        out.append("{")
        rest = rest[rest.index(after: open)...]
      }
    }
    return out + rest
  }

  /// `text` as one single-quoted sh word; NUL (which no argument can hold)
  /// is dropped. Scalar by scalar, as the shell reads bytes: a `'` that a
  /// combining mark follows is still a quote to the shell, though not a
  /// `Character` of its own to `String` comparison.
  public static func quote(_ text: String) -> String {
    var word = "'"
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\0": continue
      case "'": word += #"'\''"#
      default: word.unicodeScalars.append(scalar)
      }
    }
    return word + "'"
  }
}
