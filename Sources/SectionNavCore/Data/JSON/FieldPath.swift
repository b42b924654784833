/// A field inside an item, for `--group-by`, `--item-format` and
/// `--item-field`: `name`, dotted `a.b` for nested objects, or a jq-style
/// path (`.initial`, `."a.b"`, `.tags[0]`) when a key holds dots or clashes
/// with a keyword. For CSV the whole text names a column.
public struct FieldPath: Sendable, Equatable, Hashable, CustomStringConvertible {
  public enum Step: Sendable, Equatable, Hashable {
    case key(String)
    case index(Int)
  }

  public let steps: [Step]
  /// The field as written.
  public let text: String

  public var description: String { text }

  /// The field that is the one key `name`: written bare where that reads
  /// as the key itself, else jq's way (`."a.b"`).
  static func key(_ name: String) -> FieldPath? {
    if let bare = try? FieldPath(name), bare.steps == [.key(name)] { return bare }
    return try? FieldPath("." + JSONText.quoted(name))
  }

  public init(_ text: String) throws(UsageError) {
    self.text = text
    if text.hasPrefix(".") || text.hasPrefix("[") {
      let path = try JSONPath(text, what: "field")
      var steps: [Step] = []
      if path.optional.contains(true) { throw UsageError("'?' has no meaning in the field '\(text)'") }
      for step in path.steps {
        switch step {
        case .key(let k): steps.append(.key(k))
        case .index(let n) where n >= 0: steps.append(.index(n))
        case .index: throw UsageError("negative indexes are not supported in the field '\(text)'")
        case .slice: throw UsageError("slices are not supported in the field '\(text)'")
        case .each: throw UsageError("'[]' has no meaning in the field '\(text)'")
        }
      }
      if steps.isEmpty { throw UsageError("empty field '\(text)'") }
      self.steps = steps
    } else {
      if text.isEmpty { throw UsageError("empty field name") }
      let keys = text.split(separator: ".", omittingEmptySubsequences: false)
      // What a plain name cannot mean is an error, not a key nobody has
      // (every item filed under `(none)`, a blank row): jq's syntax says it.
      if keys.contains(where: \.isEmpty) {
        throw UsageError("empty key in the field '\(text)' (a key with dots is written .\"\(text)\")")
      }
      if let c = text.first(where: { "\"[]:{}".contains($0) }) {
        let hint: String
        switch c {
        case "[", "]": hint = "an element is written .a[0], a key with brackets .\"a[0]\""
        case ":": hint = "format specs such as {name:>20} are not supported; a key with ':' is written .\"a:b\""
        default: hint = "a key with quotes, braces or other such characters is written jq-style, .\"key\""
        }
        throw UsageError("'\(c)' in the field '\(text)': \(hint)")
      }
      steps = keys.map { .key(String($0)) }
    }
  }

  /// The column name a CSV header must carry.
  var columnName: String {
    if !text.hasPrefix("."), !text.hasPrefix("[") { return text }
    if steps.count == 1, case .key(let k) = steps[0] { return k }
    return text
  }
}

extension JSONValueText {
  /// The range of the value at `field` inside the value at `p`, or nil when
  /// a step is missing or meets the wrong kind of value. `first`: the
  /// steps before it were taken already (`p` is where they led).
  static func lookup(_ field: FieldPath, in p: Pointer, _ length: Int, from first: Int = 0) -> (
    offset: Int, length: Int
  )? {
    var offset = 0
    var count = length
    for step in field.steps[first...] {
      let q = p + offset
      guard count > 0 else { return nil }
      switch step {
      case .key(let name):
        var name = name
        guard q.pointee == 0x7B, let f = name.withUTF8({ self.field($0, in: q, count) }) else { return nil }
        offset += f.offset
        count = f.length
      case .index(let n):
        guard q.pointee == 0x5B, let e = element(n, in: q, count) else { return nil }
        offset += e.offset
        count = e.length
      }
    }
    return (offset, count)
  }

  /// The range of element `n` of the array at `p`.
  static func element(_ n: Int, in p: Pointer, _ length: Int) -> (offset: Int, length: Int)? {
    for (k, element) in Elements(UnsafeBufferPointer(start: p, count: length)).enumerated() where k == n {
      return (element.lowerBound, element.count)
    }
    return nil
  }

  /// A field's value as text: strings unescaped, other values as compact
  /// JSON; nil for a missing field or `null`.
  static func fieldText(_ field: FieldPath, in p: Pointer, _ length: Int) -> String? {
    guard let f = lookup(field, in: p, length), f.length > 0 else { return nil }
    let q = p + f.offset
    if q.pointee == 0x6E { return nil }  // null
    return display(q, f.length, itemField: nil)
  }
}
