#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Walking JSON that a scan has validated — a row's fields, `--group-by`'s
/// canonical text, jq's evaluation of a path — in one way: a value's end is
/// found by a depth counter and a search for each string's closing quote,
/// with no checks (those were made), and objects and arrays are taken one
/// member or element at a time by `Members` and `Elements`. Each stays
/// within the given bytes even on odd input.
extension JSONValueText {
  /// End (exclusive) of the value starting at `i` in `bytes`, assuming valid JSON.
  static func valueEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var i = start
    var depth = 0
    let n = bytes.count
    while i < n {
      let c = bytes[i]
      switch c {
      case 0x22:
        // memchr to the closing quote: string bodies are most of the bytes.
        i = stringEnd(bytes.baseAddress!, from: i + 1, n) + 1
      case 0x7B, 0x5B:
        depth += 1
        i += 1
      case 0x7D, 0x5D:
        depth -= 1
        i += 1
      default:
        if depth == 0 {
          // A scalar: runs to the next delimiter.
          while i < n, !JSONLexer.isSpace(bytes[i]), bytes[i] != 0x2C, bytes[i] != 0x7D, bytes[i] != 0x5D { i += 1 }
          return i
        }
        i += 1
      }
      if depth == 0 { return min(i, n) }
    }
    return n
  }

  /// Where the string whose body starts at `p[i]` ends (its closing quote,
  /// or `length`): the next quote not escaped by an odd run of backslashes.
  static func stringEnd(_ p: Pointer, from i: Int, _ length: Int) -> Int {
    var i = i
    while i < length {
      guard let hit = memchr(p + i, 0x22, length - i) else { return length }
      let q = UnsafeRawPointer(hit) - UnsafeRawPointer(p)
      var k = q
      while k > i, p[k - 1] == 0x5C { k -= 1 }
      if (q - k) % 2 == 0 { return q }
      i = q + 1
    }
    return length
  }

  /// Where a walk through one object or array stands (just past `open`,
  /// its bracket, at first): `Members` and `Elements` step it over
  /// separators and values.
  struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var i: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, open: Int) {
      self.bytes = bytes
      i = open + 1
    }

    /// Whether `i` is before the end and at `c` (`!=` when `not`).
    @inline(__always) func at(_ c: UInt8, not: Bool = false) -> Bool { i < bytes.count && (bytes[i] == c) != not }

    /// Moves past spaces and `separator`s.
    @inline(__always) mutating func skip(_ separator: UInt8) {
      while i < bytes.count, JSONLexer.isSpace(bytes[i]) || bytes[i] == separator { i += 1 }
    }

    /// The value at `i`; the cursor then stands just after it.
    @inline(__always) mutating func value() -> Range<Int> {
      let start = i
      i = valueEnd(bytes, from: i)
      return start..<i
    }
  }

  /// The members of the object whose `{` is `bytes[open]`, in order: where
  /// each key lies (its quotes included) and where its value does, as
  /// offsets into `bytes`.
  struct Members: Sequence, IteratorProtocol {
    var cursor: Cursor

    init(_ bytes: UnsafeBufferPointer<UInt8>, open: Int = 0) { cursor = Cursor(bytes, open: open) }

    @inline(__always)
    mutating func next() -> (key: Range<Int>, value: Range<Int>)? {
      cursor.skip(0x2C)
      guard cursor.at(0x22) else { return nil }
      let n = cursor.bytes.count
      let key = cursor.i..<Swift.min(n, stringEnd(cursor.bytes.baseAddress!, from: cursor.i + 1, n) + 1)
      cursor.i = key.upperBound
      cursor.skip(0x3A)
      return (key, cursor.value())
    }
  }

  /// The elements of the array whose `[` is `bytes[open]`, in order, as
  /// offsets into `bytes`.
  struct Elements: Sequence, IteratorProtocol {
    var cursor: Cursor

    init(_ bytes: UnsafeBufferPointer<UInt8>, open: Int = 0) { cursor = Cursor(bytes, open: open) }

    @inline(__always)
    mutating func next() -> Range<Int>? {
      cursor.skip(0x2C)
      guard cursor.at(0x5D, not: true) else { return nil }
      return cursor.value()
    }
  }

  /// Whether the key `key` of `bytes` (its quotes included) is `name`: the
  /// same bytes when it has no escape, else — or past ASCII, where invalid
  /// UTF-8 reads as U+FFFD — the same scalars once decoded (`decoded` keeps
  /// them for the next name; NFC and NFD spellings stay two names,
  /// `ExactText.swift`).
  @inline(__always)
  static func key(
    _ key: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, is name: UnsafeBufferPointer<UInt8>,
    decoded: inout String?
  ) -> Bool {
    let raw = UnsafeBufferPointer(start: bytes.baseAddress! + key.lowerBound + 1, count: Swift.max(0, key.count - 2))
    // Bytes as written are the key's own only without an escape: `"\\"`
    // is one backslash, not the two a name `\\` has.
    if memchr(raw.baseAddress!, 0x5C, raw.count) == nil {
      if raw.count == name.count && (raw.count == 0 || memcmp(raw.baseAddress!, name.baseAddress!, raw.count) == 0) {
        return true
      }
      guard raw.contains(where: { $0 >= 0x80 }) else { return false }
    }
    if decoded == nil { decoded = unescape(bytes.baseAddress! + key.lowerBound, key.count) }
    return decoded!.utf8.elementsEqual(name)
  }
}
