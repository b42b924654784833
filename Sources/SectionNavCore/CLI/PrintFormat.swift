/// What Enter prints for the chosen item (`--print FORMAT`), parsed once so a
/// bad format is a usage error at start-up, not a surprise at the end.
///
/// Placeholders: `{section}` (the section title), `{item}` (the item as shown;
/// `{}` too, as in `--preview` and fzf),
/// `{index}` (the item's 0-based position within its section, the number
/// `goto SECTION ITEM` takes) and `{json}` (the item's original JSON text, e.g.
/// `"iPhone 12"` with its quotes, or an object). Escapes: `\t`, `\n`, `\\`, and
/// `\{` for a literal brace. The whole format `json` is short for `{json}`.
/// Text is printed as it is in the data (not sanitised): it goes to a pipe or
/// a variable, not to the screen. `render` adds no final newline.
public struct PrintFormat: Sendable, Equatable {
  enum Piece: Sendable, Equatable {
    case text(String), section, item, index, json
  }

  let pieces: [Piece]

  /// The default, `{item}`.
  public static let standard = PrintFormat(pieces: [.item])

  init(pieces: [Piece]) {
    self.pieces = pieces
  }

  public init(_ template: String) throws(UsageError) {
    if template == "json" {
      self.init(pieces: [.json])
      return
    }
    var pieces: [Piece] = []
    var text = ""
    var iterator = template.makeIterator()
    while let c = iterator.next() {
      switch c {
      case "\\":
        guard let e = iterator.next() else {
          throw UsageError("trailing '\\' in --print format '\(template)'")
        }
        switch e {
        case "t": text.append("\t")
        case "n": text.append("\n")
        case "\\", "{", "}": text.append(e)
        default:
          throw UsageError(
            "unknown escape '\\\(e)' in --print format (expected \\t, \\n, \\\\, \\{ or \\})")
        }
      case "{":
        var name = ""
        var closed = false
        while let n = iterator.next() {
          if n == "}" { closed = true; break }
          name.append(n)
        }
        guard closed else {
          throw UsageError("unterminated placeholder '{\(name)' in --print format")
        }
        let piece: Piece
        switch name {
        case "section": piece = .section
        case "item", "": piece = .item
        case "index": piece = .index
        case "json": piece = .json
        default:
          throw UsageError(
            "unknown placeholder '{\(name)}' in --print format "
              + "(expected {section}, {item} (or {}), {index} or {json})")
        }
        if !text.isEmpty { pieces.append(.text(text)) }
        text = ""
        pieces.append(piece)
      default:
        text.append(c)
      }
    }
    if !text.isEmpty { pieces.append(.text(text)) }
    self.init(pieces: pieces)
  }

  /// Whether the format needs the item's JSON text, so the caller can skip
  /// extracting it otherwise.
  public var usesJSON: Bool { pieces.contains(.json) }

  /// `render` as bytes, the item's written by `item`: as they are in the
  /// data, so a line's bytes that are not UTF-8 (a file name from `find
  /// -print0`) come back unchanged instead of as U+FFFD.
  public func bytes(section: String, item: (inout [UInt8]) -> Void, index: Int, json: String) -> [UInt8] {
    var out: [UInt8] = []
    for piece in pieces {
      switch piece {
      case .text(let t): out += t.utf8
      case .section: out += section.utf8
      case .item: item(&out)
      case .index: out += String(index).utf8
      case .json: out += json.utf8
      }
    }
    return out
  }

  /// The text to print for an item. `index` is 0-based within its section.
  public func render(section: String, item: String, index: Int, json: String) -> String {
    var out = ""
    for piece in pieces {
      switch piece {
      case .text(let t): out += t
      case .section: out += section
      case .item: out += item
      case .index: out += String(index)
      case .json: out += json
      }
    }
    return out
  }
}
