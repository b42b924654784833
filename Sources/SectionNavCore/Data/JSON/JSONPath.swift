/// `--path PATH`: which list inside a JSON document holds the items. A
/// subset of jq paths, read as jq reads them:
///
/// - `.` — the whole document;
/// - `.key` (letters, digits, `_`, not starting with a digit), `."any key"`
///   and `.["any key"]` (JSON string syntax, escapes allowed) — a member;
/// - `[N]` / `.[N]` — the element at index N (negative counts from the end);
/// - `[M:N]` — a slice (either end may be left out or negative);
/// - `[]` / `.[]` — each element (or each member value of an object);
/// - `?` after a step — that step yields nothing where it would fail.
///
/// Steps chain: `.a.b[0].c`, `.items[].spec.containers[]`; whitespace may
/// stand between tokens as jq allows (`.a .b`, `.[ 0 ]`, `. "a b"`), but
/// not inside `.key`. A path without `[]` must end on an array, whose
/// elements are the items; a path with `[]` yields the items itself (what
/// `jq -c PATH` prints, one per item).
public struct JSONPath: Sendable, Equatable, CustomStringConvertible {
  public enum Step: Sendable, Equatable {
    case key(String)
    case index(Int)
    case each
    /// `[from:to]`, jq's slice of an array or a string.
    case slice(Int?, Int?)
  }

  public let steps: [Step]
  /// Per step: whether a `?` follows it.
  public let optional: [Bool]
  /// The path as the user wrote it (for messages).
  public let text: String

  public var description: String { text }

  /// Whether a `[]` step makes the path yield the items itself.
  public var yieldsItems: Bool { steps.contains(.each) }

  /// Whether the single-pass scan can follow the path as it goes: keys,
  /// indexes from the start and `[]`. Negative indexes, slices and `?` need
  /// the whole value (`PathEvaluation`).
  var streams: Bool {
    !optional.contains(true)
      && steps.allSatisfy {
        switch $0 {
        case .key, .each: true
        case .index(let i): i >= 0
        case .slice: false
        }
      }
  }

  /// The last member name, used as the title of the single section when no
  /// `--group-by` is given.
  public var lastKey: String? {
    for step in steps.reversed() { if case .key(let k) = step { return k } }
    return nil
  }

  public init(steps: [Step], optional: [Bool]? = nil, text: String) {
    self.steps = steps
    self.optional = optional ?? steps.map { _ in false }
    self.text = text
  }

  /// Parses `text`; errors name the position and what was expected, and
  /// `what` the text is (`--path`, or a field of `--group-by` and the like).
  public init(_ text: String, what: String = "--path") throws(UsageError) {
    var reader = Reader(chars: Array(text.unicodeScalars), text: text, what: what)
    let (steps, optional) = try reader.path()
    self.init(steps: steps, optional: optional, text: text)
  }

  /// jq's tokens for the subset: `.key` is one token (no space inside),
  /// everything else may have whitespace around it.
  struct Reader {
    let chars: [Unicode.Scalar]
    let text: String
    let what: String
    var i = 0
    /// An index of more than 15 digits: past every list, and no sum with
    /// a list's length overflows.
    static let beyondAnyList = 1_000_000_000_000_000

    init(chars: [Unicode.Scalar], text: String, what: String) {
      self.chars = chars
      self.text = text
      self.what = what
    }

    func fail(_ expected: String) -> UsageError {
      UsageError(
        "invalid \(what) '\(text)' at character \(i + 1): \(expected) (e.g. .items, .\"a b\", .[\"x\"], .[0], .[-1], .[2:4], .[])"
      )
    }

    var current: Unicode.Scalar? { i < chars.count ? chars[i] : nil }

    mutating func skipSpace() {
      while i < chars.count, chars[i] == " " || chars[i] == "\t" || chars[i] == "\n" || chars[i] == "\r" { i += 1 }
    }

    mutating func path() throws(UsageError) -> ([Step], [Bool]) {
      var steps: [Step] = []
      var optional: [Bool] = []
      skipSpace()
      guard current == "." || current == "[" else { throw fail("a path starts with '.'") }
      var first = true
      while true {
        skipSpace()
        guard let c = current else { break }
        if c == "?" {
          i += 1
          if !optional.isEmpty { optional[optional.count - 1] = true }
          continue
        }
        if c == "." {
          i += 1
          if let n = current, JSONPath.isIdentifier(n, first: true) {
            let start = i
            while let n = current, JSONPath.isIdentifier(n, first: i == start) { i += 1 }
            steps.append(.key(String(String.UnicodeScalarView(chars[start..<i]))))
            optional.append(false)
          } else if current == "." {
            throw fail("'..' (recursive descent) is not supported")
          } else {
            skipSpace()
            if current == "\"" {
              guard let key = JSONPath.string(chars, &i) else { throw fail("unterminated or invalid quoted key") }
              steps.append(.key(key))
              optional.append(false)
            } else if current == "[" {
              continue
            } else if current == nil, first {
              break  // `.`: the value itself
            } else if current == "." || current == "?" {
              continue  // that `.` was the value itself
            } else {
              let rest = JSONPath.rest(chars, i)
              throw fail(rest.isEmpty ? "expected a key after '.'" : "quote keys with other characters: .\"\(rest)\"")
            }
          }
        } else if c == "[" {
          i += 1
          steps.append(try bracket())
          optional.append(false)
        } else {
          throw fail("expected '.', '[' or '?'")
        }
        first = false
      }
      return (steps, optional)
    }

    /// After `[`: `]`, `"key"]`, `N]` or `M:N]`.
    mutating func bracket() throws(UsageError) -> Step {
      skipSpace()
      if current == "]" {
        i += 1
        return .each
      }
      if current == "\"" {
        guard let key = JSONPath.string(chars, &i) else { throw fail("unterminated or invalid quoted key") }
        try close()
        return .key(key)
      }
      let from = try integer()
      skipSpace()
      if current == ":" {
        i += 1
        let to = try integer()
        guard from != nil || to != nil else { throw fail("a slice needs a start or an end") }
        try close()
        return .slice(from, to)
      }
      guard let from else { throw fail("expected ']', a quoted key, an index or a slice") }
      try close()
      return .index(from)
    }

    mutating func close() throws(UsageError) {
      skipSpace()
      guard current == "]" else { throw fail("expected ']'") }
      i += 1
    }

    /// An optional integer, `-` allowed; nil when none is there.
    mutating func integer() throws(UsageError) -> Int? {
      skipSpace()
      var negative = false
      if current == "-" {
        negative = true
        i += 1
        skipSpace()
      }
      let start = i
      while let c = current, c.isASCII, c.properties.numericType == .decimal { i += 1 }
      if i == start {
        if negative { throw fail("expected a number after '-'") }
        return nil
      }
      // Past any list's length (at most 2^31 items), as jq's doubles are:
      // `.[99999999999999999999]` is null, `.[1000000000000:]` empty.
      let digits = chars[start..<i].drop { $0 == "0" }
      let n = digits.count > 15 ? Self.beyondAnyList : Int(String(String.UnicodeScalarView(digits))) ?? 0
      return negative ? -n : n
    }
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
    if let cut = s.firstIndex(where: { $0 == "." || $0 == "[" || $0 == " " }) { s = String(s[..<cut]) }
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
