/// A top-level JSON array that is not sectioned data (`["b","a"]`,
/// `[{"name":…},…]`): what its first element is, so the loader can open it
/// as a list anyway instead of refusing it (issue 24, finding 9).
public enum PlainArray: Sendable, Equatable {
  /// Strings (or numbers, booleans): a list grouped by initial.
  case values
  /// Objects: one list, with the first object's field names for the note
  /// that suggests `--group-by FIELD`.
  case objects(fields: [String])

  /// The shape of `buffer` when it is a JSON array of plain values or of
  /// objects; nil for anything else (an object, sectioned data, nested arrays).
  public static func of(_ buffer: ByteBuffer) -> PlainArray? { settled(buffer).shape }

  /// `of`, and whether more bytes could change it (`settled` false): the
  /// input so far ends before the array's first element starts, or inside
  /// a first object before its `fieldLimit` keys or its `}`. A first
  /// object not closed within `window` bytes is taken as settled, with no
  /// shape (a stream asks again as it grows: each look stays that short).
  public static func settled(_ buffer: ByteBuffer, window: Int = .max) -> (shape: PlainArray?, settled: Bool) {
    let bytes = UnsafeBufferPointer(start: buffer.base, count: buffer.count)
    var i = 0
    func skipSpace() { while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 } }
    if bytes.count < 3 && ByteOrderMark.utf8.starts(with: bytes) { return (nil, false) }
    if bytes.starts(with: ByteOrderMark.utf8) { i = 3 }
    skipSpace()
    guard i < bytes.count else { return (nil, false) }
    guard bytes[i] == UInt8(ascii: "[") else { return (nil, true) }
    i += 1
    skipSpace()
    guard i < bytes.count else { return (nil, false) }
    switch bytes[i] {
    case UInt8(ascii: "{"):
      let stop = bytes.count - i > window ? i + window : bytes.count
      let (fields, closed) = fieldNames(UnsafeBufferPointer(rebasing: bytes[..<stop]), from: i)
      // Sections with an error somewhere: that error is the one to report.
      let shape: PlainArray? = fields.contains("title") && fields.contains("items") ? nil : .objects(fields: fields)
      if !closed && fields.count < fieldLimit && stop < bytes.count { return (nil, true) }
      return (shape, closed || fields.count >= fieldLimit)
    case UInt8(ascii: "["), UInt8(ascii: "]"): return (nil, true)
    default: return (.values, true)
    }
  }

  /// Whether `JSONIndexer` surely refuses the array as sections: its first
  /// element is a value, or an object all of whose keys were read (none
  /// escaped) and are not both "title" and "items" (`of`). Such an array
  /// can be read as a list at once, not after the indexer's failed scan.
  public var refusesSections: Bool {
    switch self {
    case .values: true
    case .objects(let fields):
      fields.count < Self.fieldLimit && !fields.contains { $0.utf8.contains(UInt8(ascii: "\\")) }
    }
  }

  /// How the array is read as a list: each element an item (`--path .`),
  /// values grouped by initial, objects as one list (what `options` adds,
  /// such as `--item-format`, stays).
  public func itemOptions(_ options: LoadOptions) -> LoadOptions {
    var items = options
    items.format = .json
    items.path = JSONPath(steps: [], text: ".")
    items.groupBy = self == .values ? .initial : nil
    return items
  }

  /// Whether `other` is read the same way (`itemOptions`): both values, or
  /// both objects, whatever fields each has seen.
  func readsAlike(_ other: PlainArray) -> Bool { (self == .values) == (other == .values) }

  /// The most keys `fieldNames` reads.
  static let fieldLimit = 20

  /// The distinct keys of the object at `start`, in order (at most `fieldLimit`),
  /// and whether its `}` was reached.
  static func fieldNames(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (names: [String], closed: Bool) {
    var names: [String] = []
    var depth = 0
    var i = start
    var expectKey = false
    while i < bytes.count && names.count < fieldLimit {
      let b = bytes[i]
      switch b {
      case UInt8(ascii: "\""):
        var j = i + 1
        while j < bytes.count && bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
        if depth == 1 && expectKey {
          // A repeated key is one field (jq keeps its last value): named once.
          let key = UnsafeBufferPointer(rebasing: bytes[(i + 1)..<min(j, bytes.count)])
          let name = String(decoding: key, as: UTF8.self)
          if !names.contains(name) { names.append(name) }
          expectKey = false
        }
        i = j
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if depth == 1 { expectKey = true }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return (names, true) }
      case UInt8(ascii: ","):
        if depth == 1 { expectKey = true }
      default: break
      }
      i += 1
    }
    return (names, false)
  }

  /// The note shown with an array opened as one list that starts with an
  /// object: its elements counted (other kinds may follow: `[{…}, "s", 2]`
  /// was "3 objects"), the first object's fields named.
  public func note(count: Int) -> String? {
    guard case .objects(let fields) = self else { return nil }
    let listed = fields.prefix(8).joined(separator: ", ") + (fields.count > 8 ? ", …" : "")
    return "an array of \(count) item\(count == 1 ? "" : "s"), shown as one list; --group-by FIELD makes sections"
      + (fields.isEmpty ? "" : " (the first object's fields: \(listed))")
  }
}
