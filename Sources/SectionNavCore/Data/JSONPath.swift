/// `--path PATH`: which list inside a JSON document holds the items. A small
/// subset of jq paths, written as jq writes them:
///
/// - `.` — the whole document;
/// - `.key` (letters, digits, `_`, not starting with a digit), `."any key"`
///   and `.["any key"]` (JSON string syntax, escapes allowed) — a member;
/// - `[N]` / `.[N]` — the element at 0-based index N;
/// - `[]` / `.[]` — each element (or each member value of an object).
///
/// Steps chain: `.a.b[0].c`, `.items[].spec.containers[]`. A path without
/// `[]` must end on an array, whose elements are the items; a path with
/// `[]` yields the items itself (what `jq -c PATH` prints, one per item).
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
  public enum Step: Sendable, Equatable {
    case key(String)
    case index(Int)
    case each
  }

  public let steps: [Step]
  /// The path as the user wrote it (for messages).
  public let text: String

  public var description: String { text }

  /// Whether a `[]` step makes the path yield the items itself.
  public var yieldsItems: Bool { steps.contains(.each) }

  /// The last member name, used as the title of the single section when no
  /// `--group-by` is given.
  public var lastKey: String? {
    for step in steps.reversed() { if case .key(let k) = step { return k } }
    return nil
  }

  public init(steps: [Step], text: String) {
    self.steps = steps
    self.text = text
  }

  /// Parses `text`; errors name the position and what was expected.
  public init(_ text: String) throws(UsageError) {
    let chars = Array(text.unicodeScalars)
    var i = 0
    var steps: [Step] = []
    func fail(_ what: String) -> UsageError {
      UsageError("invalid --path '\(text)' at character \(i + 1): \(what) (e.g. .items, .\"a b\", .[\"x\"], .[0], .[])")
    }
    guard chars.first == "." || chars.first == "[" else { throw fail("a path starts with '.'") }
    while i < chars.count {
      let c = chars[i]
      if c == "." {
        i += 1
        if i == chars.count {
          // A lone `.` (or a trailing one after `.`) means the value itself.
          if steps.isEmpty && chars.count == 1 { break }
          throw fail("expected a key after '.'")
        }
        if chars[i] == "[" { continue }
        if chars[i] == "\"" {
          guard let key = Self.string(chars, &i) else { throw fail("unterminated or invalid quoted key") }
          steps.append(.key(key))
          continue
        }
        let start = i
        while i < chars.count, Self.isIdentifier(chars[i], first: i == start) { i += 1 }
        if i == start {
          let rest = Self.rest(chars, start)
          throw fail(rest.isEmpty ? "expected a key after '.'" : "quote keys with other characters: .\"\(rest)\"")
        }
        steps.append(.key(String(String.UnicodeScalarView(chars[start..<i]))))
      } else if c == "[" {
        i += 1
        if i < chars.count, chars[i] == "]" {
          steps.append(.each)
          i += 1
        } else if i < chars.count, chars[i] == "\"" {
          guard let key = Self.string(chars, &i) else { throw fail("unterminated or invalid quoted key") }
          guard i < chars.count, chars[i] == "]" else { throw fail("expected ']'") }
          i += 1
          steps.append(.key(key))
        } else {
          let start = i
          while i < chars.count, chars[i].properties.numericType == .decimal, chars[i].isASCII { i += 1 }
          guard i > start, i - start <= 9, let n = Int(String(String.UnicodeScalarView(chars[start..<i]))) else {
            throw fail("expected ']', a quoted key or an index (0 or more)")
          }
          guard i < chars.count, chars[i] == "]" else { throw fail("expected ']'") }
          i += 1
          steps.append(.index(n))
        }
      } else {
        throw fail("expected '.' or '['")
      }
    }
    self.init(steps: steps, text: text)
  }

  static func isIdentifier(_ c: Unicode.Scalar, first: Bool) -> Bool {
    switch c {
    case "a"..."z", "A"..."Z", "_": return true
    case "0"..."9": return !first
    default: return false
    }
  }

  static func rest(_ chars: [Unicode.Scalar], _ start: Int) -> String {
    var s = String(String.UnicodeScalarView(chars[start...]))
    if let cut = s.firstIndex(where: { $0 == "." || $0 == "[" }) { s = String(s[..<cut]) }
    return s
  }

  /// A JSON string starting at the quote at `i`; leaves `i` after the closing quote.
  static func string(_ chars: [Unicode.Scalar], _ i: inout Int) -> String? {
    var j = i + 1
    var raw = "\""
    while j < chars.count {
      let c = chars[j]
      raw.unicodeScalars.append(c)
      if c == "\\" {
        j += 1
        guard j < chars.count else { return nil }
        raw.unicodeScalars.append(chars[j])
      } else if c == "\"" {
        let bytes = Array(raw.utf8)
        var plain = true
        let ok = bytes.withUnsafeBufferPointer { b -> Bool in
          (try? JSONLexer.skipString(b.baseAddress!, b.baseAddress! + b.count, b.baseAddress!, &plain))
            == b.baseAddress! + b.count
        }
        guard ok else { return nil }
        i = j + 1
        return bytes.withUnsafeBufferPointer { JSONValueText.unescape($0.baseAddress!, $0.count) }
      }
      j += 1
    }
    return nil
  }
}
