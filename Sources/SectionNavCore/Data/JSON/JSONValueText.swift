#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Decoding one already-validated JSON value from its bytes, on demand:
/// what a drawn row, a search or `--print` needs. Nothing here recurses, and
/// nothing re-validates (the indexer did), but every routine stays within
/// the given length even on odd input.
enum JSONValueText {
  typealias Pointer = UnsafePointer<UInt8>

  /// The text of the string value at `p` (opening quote included in
  /// `length`): escapes resolved, surrogate pairs joined, lone surrogates
  /// and invalid UTF-8 shown as U+FFFD.
  static func unescape(_ p: Pointer, _ length: Int) -> String {
    guard length >= 2 else { return "" }
    let body = UnsafeBufferPointer(start: p + 1, count: length - 2)
    // (`contains`, not `memchr`: with `memchr` here the compiler laid out
    // the indexer's item loop worse, 2 % more instructions per item on
    // plain sections (cachegrind), even with this function out of line.)
    guard body.contains(0x5C) else { return text(p + 1, body.count) }
    var out: [UInt8] = []
    out.reserveCapacity(body.count)
    appendUnescaped(body, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The UTF-8 text `p[0..<n]`, invalid bytes repaired as
  /// `String(decoding:as:)` repairs them, but a short text is one copy into
  /// the small string and a check of its two words for ASCII, not a byte
  /// loop. Every section title comes this way: on many-sections
  /// `String(decoding:)` was 7 % of the load's instructions (cachegrind),
  /// this is 3 %.
  static func text(_ p: Pointer, _ n: Int) -> String {
    String(unsafeUninitializedCapacity: n) { out in
      if let to = out.baseAddress { memcpy(to, p, n) }
      return n
    }
  }

  /// Appends the UTF-8 of a string body (the bytes between the quotes) with
  /// its escapes resolved, as `unescape` shows it (before invalid UTF-8 is
  /// replaced): what search matches escaped items against.
  static func appendUnescaped(_ body: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
    guard let base = body.baseAddress, !body.isEmpty else { return }
    let start = out.count
    // Unescaped text is never longer than its escaped form.
    out.append(contentsOf: repeatElement(0, count: body.count))
    let written = out.withUnsafeMutableBufferPointer { unescape(base, body.count, to: $0.baseAddress! + start) }
    out.removeLast(body.count - written)
  }

  /// Writes the string body `p[0..<n]` with its escapes resolved to `out`
  /// (room for `n` bytes: the result is never longer); returns the count.
  /// Runs without escapes are copied whole.
  static func unescape(_ p: UnsafePointer<UInt8>, _ n: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
    let body = UnsafeBufferPointer(start: p, count: n)
    var i = 0
    var o = 0
    while i < n {
      guard let hit = memchr(p + i, 0x5C, n - i) else {
        (out + o).update(from: p + i, count: n - i)
        o += n - i
        break
      }
      let k = UnsafeRawPointer(hit) - UnsafeRawPointer(p + i)
      (out + o).update(from: p + i, count: k)
      o += k
      i += k
      guard i + 1 < n else { break }
      let e = p[i + 1]
      i += 2
      switch e {
      case 0x62: out[o] = 0x08
      case 0x66: out[o] = 0x0C
      case 0x6E: out[o] = 0x0A
      case 0x72: out[o] = 0x0D
      case 0x74: out[o] = 0x09
      case 0x75:
        guard let unit = hex4(body, i) else { continue }
        i += 4
        var scalar: UInt32 = 0xFFFD
        if unit >= 0xD800 && unit < 0xDC00 {
          // A high surrogate: joined only with an immediately following low one.
          if i + 6 <= n, p[i] == 0x5C, p[i + 1] == 0x75, let low = hex4(body, i + 2), low >= 0xDC00 && low < 0xE000 {
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
        } else if unit < 0xDC00 || unit >= 0xE000 {
          scalar = unit
        }
        o += writeUTF8(scalar, to: out + o)
        continue
      default: out[o] = e  // " \ /
      }
      o += 1
    }
    return o
  }

  /// Writes the UTF-8 of `v` at `out`; returns its length.
  @inline(__always)
  static func writeUTF8(_ v: UInt32, to out: UnsafeMutablePointer<UInt8>) -> Int {
    switch v {
    case 0..<0x80:
      out[0] = UInt8(v)
      return 1
    case 0x80..<0x800:
      out[0] = UInt8(0xC0 | v >> 6)
      out[1] = UInt8(0x80 | v & 0x3F)
      return 2
    case 0x800..<0x10000:
      out[0] = UInt8(0xE0 | v >> 12)
      out[1] = UInt8(0x80 | (v >> 6) & 0x3F)
      out[2] = UInt8(0x80 | v & 0x3F)
      return 3
    default:
      out[0] = UInt8(0xF0 | v >> 18)
      out[1] = UInt8(0x80 | (v >> 12) & 0x3F)
      out[2] = UInt8(0x80 | (v >> 6) & 0x3F)
      out[3] = UInt8(0x80 | v & 0x3F)
      return 4
    }
  }

  /// The start of the string body `p[0..<n]` with its escapes resolved,
  /// written to `out` (room for `bytes + 12`): at least its first `bytes`
  /// bytes as written, cut only between escapes (a surrogate pair is kept
  /// whole), so its first scalars are the text's own. Returns the count
  /// written and whether that is the whole body. What a row's initial is
  /// read from when the row starts with an escape (`\u00c9mile`, as
  /// Python writes non-ASCII), without a `String` of all of it.
  static func unescapedPrefix(
    _ p: UnsafePointer<UInt8>, _ n: Int, bytes: Int, to out: UnsafeMutablePointer<UInt8>
  ) -> (count: Int, whole: Bool) {
    let body = UnsafeBufferPointer(start: p, count: n)
    var cut = 0
    while cut < n && cut < bytes {
      guard p[cut] == 0x5C else {
        cut += 1
        continue
      }
      var step = 2
      if cut + 1 < n, p[cut + 1] == 0x75 {
        step = 6
        if let unit = hex4(body, cut + 2), unit >= 0xD800 && unit < 0xDC00, cut + 12 <= n, p[cut + 6] == 0x5C,
          p[cut + 7] == 0x75
        {
          step = 12
        }
      }
      cut += step
    }
    cut = min(cut, n)
    return (unescape(p, cut, to: out), cut == n)
  }

  /// The four hexadecimal digits at `b[i...]` (`JSONLexer.hex4`), nil
  /// when fewer are left or one is not a digit.
  static func hex4(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32? {
    guard i + 4 <= b.count, let p = b.baseAddress else { return nil }
    return TextWidth.hex4(p + i)
  }

  static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
    switch v {
    case 0..<0x80:
      out.append(UInt8(v))
    case 0x80..<0x800:
      out.append(UInt8(0xC0 | v >> 6))
      out.append(UInt8(0x80 | v & 0x3F))
    case 0x800..<0x10000:
      out.append(UInt8(0xE0 | v >> 12))
      out.append(UInt8(0x80 | (v >> 6) & 0x3F))
      out.append(UInt8(0x80 | v & 0x3F))
    default:
      out.append(UInt8(0xF0 | v >> 18))
      out.append(UInt8(0x80 | (v >> 12) & 0x3F))
      out.append(UInt8(0x80 | (v >> 6) & 0x3F))
      out.append(UInt8(0x80 | v & 0x3F))
    }
  }

  /// The value at `p` as compact JSON: whitespace outside strings removed,
  /// strings kept exactly as written (escapes included).
  static func compact(_ p: Pointer, _ length: Int) -> String {
    let bytes = UnsafeBufferPointer(start: p, count: length)
    var out: [UInt8] = []
    out.reserveCapacity(length)
    var inString = false
    var i = 0
    while i < length {
      let c = bytes[i]
      if inString {
        out.append(c)
        if c == 0x5C, i + 1 < length {
          out.append(bytes[i + 1])
          i += 1
        } else if c == 0x22 {
          inString = false
        }
      } else if !JSONLexer.isSpace(c) {
        out.append(c)
        if c == 0x22 { inString = true }
      }
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The range of member `name`'s value in the object at `p`, the last one
  /// when the name repeats (as JSON decoders keep), or nil.
  static func field(_ nameBytes: [UInt8], in p: Pointer, _ length: Int) -> (offset: Int, length: Int)? {
    nameBytes.withUnsafeBufferPointer { field($0, in: p, length) }
  }

  /// `field`, the name given as UTF-8 bytes in place (no array per look-up).
  static func field(_ nameBytes: UnsafeBufferPointer<UInt8>, in p: Pointer, _ length: Int) -> (
    offset: Int, length: Int
  )? {
    let bytes = UnsafeBufferPointer(start: p, count: length)
    var found: (Int, Int)? = nil
    for member in Members(bytes) {
      var decoded: String? = nil
      if key(member.key, of: bytes, is: nameBytes, decoded: &decoded) {
        found = (member.value.lowerBound, member.value.count)
      }
    }
    return found
  }

  /// How an item is shown: strings unescaped, objects and arrays as compact
  /// JSON (objects by `itemField` when they have it), other values as written.
  static func display(_ p: Pointer, _ length: Int, itemField: String?) -> String {
    guard length > 0 else { return "" }
    switch p.pointee {
    case 0x22:
      return unescape(p, length)
    case 0x7B:
      if let itemField, let f = field(Array(itemField.utf8), in: p, length) {
        return display(p + f.offset, f.length, itemField: nil)
      }
      return compact(p, length)
    case 0x5B:
      return compact(p, length)
    default:
      return String(decoding: UnsafeBufferPointer(start: p, count: length), as: UTF8.self)
    }
  }

  /// The item as JSON text: as written, with whitespace outside strings removed.
  static func json(_ p: Pointer, _ length: Int) -> String {
    guard length > 0 else { return "" }
    switch p.pointee {
    case 0x7B, 0x5B: return compact(p, length)
    default: return String(decoding: UnsafeBufferPointer(start: p, count: length), as: UTF8.self)
    }
  }
}
