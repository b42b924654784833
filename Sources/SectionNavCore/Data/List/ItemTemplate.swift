/// `--item-format '{name} ({alpha_2})'`: the row text of an object (or CSV
/// record) built from its fields. `{field}` takes a `FieldPath`; `{{` and
/// `}}` are literal braces. A missing or null field shows as nothing.
public struct ItemTemplate: Sendable, Equatable {
  enum Piece: Sendable, Equatable {
    case text(String)
    case field(FieldPath)
  }

  let pieces: [Piece]
  /// The template as written.
  public let text: String
  /// The cells the literal text takes (see `TextWidth`).
  let literal: TextWidth.Cells

  /// The `}` that ends a field starting at `from`: the first one outside
  /// a quoted key (`{."x}"}` names the key `x}`), or nil.
  static func fieldEnd(_ text: String, from: String.Index) -> String.Index? {
    var quoted = false
    var i = from
    while i < text.endIndex {
      let c = text[i]
      if quoted && c == "\\" {
        i = text.index(after: i)
        if i < text.endIndex { i = text.index(after: i) }
        continue
      }
      if c == "\"" { quoted.toggle() } else if c == "}" && !quoted { return i }
      i = text.index(after: i)
    }
    return nil
  }

  public init(_ text: String) throws(UsageError) {
    self.text = text
    var pieces: [Piece] = []
    var literal = ""
    var i = text.startIndex
    while i < text.endIndex {
      let c = text[i]
      let next = text.index(after: i)
      if c == "{" || c == "}", next < text.endIndex, text[next] == c {
        literal.append(c)
        i = text.index(after: next)
        continue
      }
      if c == "}" { throw UsageError("unmatched '}' in --item-format '\(text)' (write '}}' for a brace)") }
      if c == "{" {
        guard let close = Self.fieldEnd(text, from: next) else {
          throw UsageError("unterminated '{' in --item-format '\(text)' (write '{{' for a brace)")
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        literal = ""
        let name = String(text[next..<close])
        do {
          pieces.append(.field(try FieldPath(name)))
        } catch {
          let column = text.distance(from: text.startIndex, to: i) + 1
          throw UsageError("in --item-format '\(text)' at column \(column): \(error.message)")
        }
        i = text.index(after: close)
        continue
      }
      literal.append(c)
      i = next
    }
    if !literal.isEmpty { pieces.append(.text(literal)) }
    if !pieces.contains(where: { if case .field = $0 { true } else { false } }) {
      throw UsageError("--item-format '\(text)' names no field (e.g. '{name}')")
    }
    self.pieces = pieces
    var literals = ""
    for case .text(let t) in pieces { literals += t }
    let utf8 = Array(literals.utf8)
    self.literal =
      utf8.isEmpty
      ? .exact(0) : utf8.withUnsafeBufferPointer { TextWidth.cells($0.baseAddress!, $0.count, escapes: false) }
  }

  /// The row text, given how to read one field.
  func render(_ value: (FieldPath) -> String?) -> String {
    var out = ""
    for piece in pieces {
      switch piece {
      case .text(let t): out += t
      case .field(let f): out += value(f) ?? ""
      }
    }
    return out
  }
}
