/// jq's meaning of a `--path` over complete, already validated JSON, for the
/// cases the single-pass scan cannot settle as it goes: a missing key or
/// index and `null` give `null` (an item when the path ends there), the last
/// of duplicate keys wins (at the first one's place under `[]`, as jq keeps
/// it), negative indexes, slices and `?`. Errors are where jq's are, located
/// at the value that caused them. The items are written out as one JSON
/// array (`serialized`) that the scan then reads like any other list.
struct PathEvaluation {
  typealias Pointer = UnsafePointer<UInt8>

  /// A value the path reached.
  enum Value {
    /// Bytes of the input (`offset`, `length`).
    case raw(Int, Int)
    /// `null`: written as such, or made by a missing key or element (`why`
    /// says which, for the error if the path goes on to iterate it).
    case null(why: SyntaxFailure?)
    /// A slice of an array, and where that array starts.
    case array([Value], at: Int)
    /// A slice of a string, and where that string starts.
    case text(String, at: Int)
  }

  let buffer: ByteBuffer
  let path: JSONPath

  var bytes: UnsafeBufferPointer<UInt8> { buffer.bytes }

  /// The items the path gives for the value at `root` (offset, length):
  /// the steps applied depth first as jq does (so the error reported is the
  /// first one jq meets), with a stack of its own rather than a call per
  /// step — a path of 50 000 steps ran the thread's stack out.
  func items(root: (Int, Int)) throws(SyntaxFailure) -> [Value] {
    var out: [Value] = []
    // Values still to follow and the step each is at, the next one last.
    var pending: [(value: Value, depth: Int)] = [(.raw(root.0, root.1), 0)]
    while let (value, d) = pending.popLast() {
      if d == path.steps.count {
        if path.yieldsItems {
          out.append(value)
        } else {
          try elementsOfList(value, into: &out)
        }
        continue
      }
      let next: [Value]
      do {
        next = try apply(path.steps[d], to: value, depth: d)
      } catch {
        if path.optional[d] { continue }
        throw error
      }
      for v in next.reversed() { pending.append((v, d + 1)) }
    }
    return out
  }

  /// A path without `[]` ends on the array whose elements are the items.
  func elementsOfList(_ value: Value, into out: inout [Value]) throws(SyntaxFailure) {
    switch value {
    case .array(let elements, _): out += elements
    case .raw(let offset, _) where bytes[offset] == 0x5B: out += elements(at: offset)
    case .null(let why?): throw why
    default:
      // `[]` takes an object's values; a string or a number has none.
      let at = offset(of: value)
      let object = bytes.indices.contains(at) && bytes[at] == 0x7B
      throw SyntaxFailure(
        offset: at,
        message: "\(path.prefixText(path.steps.count)) is \(kind(value)), expected an array of items"
          + (object ? " (add '[]' to take each value)" : ""))
    }
  }

  func apply(_ step: JSONPath.Step, to value: Value, depth d: Int) throws(SyntaxFailure) -> [Value] {
    if case .null(let why) = value {
      switch step {
      case .each: throw why ?? failure(value, d, "an array or an object (for '[]')")
      default: return [value]
      }
    }
    // A `null` in the data goes on as itself (so messages point at it).
    if case .raw(let offset, _) = value, bytes[offset] == 0x6E, step != .each { return [value] }
    switch step {
    case .key(let k):
      guard case .raw(let offset, _) = value, bytes[offset] == 0x7B else {
        throw failure(value, d, "an object (to take \(JSONText.quoted(k)))")
      }
      let found = members(at: offset).last { $0.key.sameScalars(as: k) }
      return [
        found?.value
          ?? .null(
            why: SyntaxFailure(offset: offset, message: "\(path.prefixText(d)) has no key \(JSONText.quoted(k))"))
      ]
    case .index(let i):
      guard let list = array(value) else { throw failure(value, d, "an array (to take element \(i))") }
      let at = i < 0 ? list.count + i : i
      if at >= 0 && at < list.count { return [list[at]] }
      let why = SyntaxFailure(
        offset: offset(of: value), message: "\(path.prefixText(d)) has no element \(i) (it has \(list.count))")
      return [.null(why: why)]
    case .slice(let from, let to):
      if let list = array(value) {
        let r = Self.range(from, to, count: list.count)
        return [.array(Array(list[r]), at: offset(of: value))]
      }
      let text: String
      switch value {
      case .text(let s, _): text = s
      case .raw(let offset, let length) where bytes[offset] == 0x22:
        text = JSONValueText.unescape(buffer.base + offset, length)
      default: throw failure(value, d, "an array or a string (to take a slice)")
      }
      let scalars = Array(text.unicodeScalars)
      let r = Self.range(from, to, count: scalars.count)
      return [.text(String(String.UnicodeScalarView(scalars[r])), at: offset(of: value))]
    case .each:
      if let list = array(value) { return list }
      guard case .raw(let offset, _) = value, bytes[offset] == 0x7B else {
        throw failure(value, d, "an array or an object (for '[]')")
      }
      // jq keeps a repeated key at its first place with its last value.
      var order: [GroupKey] = []
      var last: [GroupKey: Value] = [:]
      for m in members(at: offset) {
        let key = GroupKey(text: m.key, kind: .text)
        if last.updateValue(m.value, forKey: key) == nil { order.append(key) }
      }
      return order.map { last[$0]! }
    }
  }

  /// jq's slice bounds: negative counts from the end, both clamped.
  static func range(_ from: Int?, _ to: Int?, count: Int) -> Range<Int> {
    func clamp(_ v: Int) -> Int { min(max(v < 0 ? count + v : v, 0), count) }
    let start = clamp(from ?? 0)
    let end = clamp(to ?? count)
    return start..<max(start, end)
  }

  func failure(_ value: Value, _ d: Int, _ expected: String) -> SyntaxFailure {
    SyntaxFailure(offset: offset(of: value), message: "\(path.prefixText(d)) is \(kind(value)), expected \(expected)")
  }

  func offset(of value: Value) -> Int {
    switch value {
    case .raw(let offset, _), .array(_, let offset), .text(_, let offset): offset
    case .null(let why): why?.offset ?? 0
    }
  }

  func kind(_ value: Value) -> String {
    switch value {
    case .raw(let offset, _): Scan.kind(bytes[offset])
    case .null: "null"
    case .array: "an array"
    case .text: "a string"
    }
  }

  /// The elements of an array value, or nil for anything else.
  func array(_ value: Value) -> [Value]? {
    switch value {
    case .array(let elements, _): elements
    case .raw(let offset, _) where bytes[offset] == 0x5B: elements(at: offset)
    default: nil
    }
  }

  func elements(at offset: Int) -> [Value] {
    JSONValueText.Elements(bytes, open: offset).map { .raw($0.lowerBound, $0.count) }
  }

  func members(at offset: Int) -> [(key: String, value: Value)] {
    JSONValueText.Members(bytes, open: offset).map {
      (JSONValueText.unescape(buffer.base + $0.key.lowerBound, $0.key.count), .raw($0.value.lowerBound, $0.value.count))
    }
  }

  /// The items as one JSON array: input bytes copied as written, `null`,
  /// slices of arrays as arrays, slices of strings as JSON strings.
  func serialized(_ items: [Value]) -> [UInt8] {
    var out: [UInt8] = [0x5B]
    for (n, item) in items.enumerated() {
      if n > 0 { out += [0x2C, 0x0A] }
      write(item, to: &out)
    }
    out += [0x0A, 0x5D]
    return out
  }

  func write(_ value: Value, to out: inout [UInt8]) {
    switch value {
    case .raw(let offset, let length): out += UnsafeBufferPointer(rebasing: bytes[offset..<offset + length])
    case .null: out += Array("null".utf8)
    case .text(let s, _): out += Array(JSONText.quoted(s).utf8)
    case .array(let elements, _):
      out.append(0x5B)
      for (n, e) in elements.enumerated() {
        if n > 0 { out.append(0x2C) }
        write(e, to: &out)
      }
      out.append(0x5D)
    }
  }
}

extension JSONPath {
  /// The path up to step `d`, for messages: `'.a.b'` of `.a.b[0].c`.
  func prefixText(_ d: Int) -> String {
    var out = ""
    for step in steps.prefix(d) {
      switch step {
      case .key(let k):
        let simple = k.unicodeScalars.enumerated().allSatisfy { JSONPath.isIdentifier($1, first: $0 == 0) }
        out += simple && !k.isEmpty ? ".\(k)" : ".\(JSONText.quoted(k))"
      case .index(let i): out += "[\(i)]"
      case .each: out += "[]"
      case .slice(let from, let to): out += "[\(from.map(String.init) ?? ""):\(to.map(String.init) ?? "")]"
      }
    }
    // jq writes a path that starts with an index as `.[0]`, not `[0]`.
    return out.isEmpty ? "the document (.)" : "'\(out.hasPrefix("[") ? "." : "")\(out)'"
  }
}
