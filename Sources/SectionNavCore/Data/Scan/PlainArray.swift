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
  public static func of(_ buffer: ByteBuffer) -> PlainArray? {
    let bytes = UnsafeBufferPointer(start: buffer.base, count: buffer.count)
    var i = 0
    func skipSpace() { while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 } }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
    skipSpace()
    guard i < bytes.count, bytes[i] == UInt8(ascii: "[") else { return nil }
    i += 1
    skipSpace()
    guard i < bytes.count else { return nil }
    switch bytes[i] {
    case UInt8(ascii: "{"):
      let fields = fieldNames(bytes, from: i)
      // Sections with an error somewhere: that error is the one to report.
      return fields.contains("title") && fields.contains("items") ? nil : .objects(fields: fields)
    case UInt8(ascii: "["), UInt8(ascii: "]"): return nil
    default: return .values
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

  /// The most keys `fieldNames` reads.
  static let fieldLimit = 20

  /// The keys of the object at `start`, in order (at most `fieldLimit`).
  static func fieldNames(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [String] {
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
          names.append(
            String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 1)..<min(j, bytes.count)]), as: UTF8.self))
          expectKey = false
        }
        i = j
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if depth == 1 { expectKey = true }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 0 { return names }
      case UInt8(ascii: ","):
        if depth == 1 { expectKey = true }
      default: break
      }
      i += 1
    }
    return names
  }

  /// The note shown with an array of objects opened as one list.
  public func note(count: Int) -> String? {
    guard case .objects(let fields) = self else { return nil }
    let listed = fields.prefix(8).joined(separator: ", ") + (fields.count > 8 ? ", …" : "")
    return "an array of \(count) objects, shown as one list; --group-by FIELD makes sections"
      + (fields.isEmpty ? "" : " (fields: \(listed))")
  }
}
