import CMapGuard

/// A syntax error found while scanning: where (byte offset) and what.
struct SyntaxFailure: Error {
  var offset: Int
  var message: String
  /// What callers act on, when the message is not all there is to it.
  var cause: LoadError.Cause? = nil

  /// A byte order mark before a JSON text or the first JSON line: refused
  /// (RFC 8259 §8.1 allows either), and named.
  static let byteOrderMark = SyntaxFailure(
    offset: 0, message: "byte order mark before the JSON text (save the file as UTF-8 without BOM)")

  /// UTF-16 input (`ByteOrderMark.startsUTF16`), named as such.
  static let utf16 = SyntaxFailure(offset: 0, message: ByteOrderMark.utf16Message, cause: .utf16)
}

/// The token-level scanning the indexer is built from. Everything works on
/// raw pointers with an explicit end, without bounds checks in the loops;
/// callers guarantee `p <= end`.
enum JSONLexer {
  typealias Pointer = UnsafePointer<UInt8>

  static let ones: UInt64 = 0x0101_0101_0101_0101
  static let highs: UInt64 = 0x8080_8080_8080_8080

  /// The bytes of the word `w` that end a string's plain run — `"`, `\`
  /// or below 0x20 — as their top bits (SWAR has-zero / has-less-than
  /// tricks: the lowest flagged byte is always a true match).
  @inline(__always)
  static func stringStops(_ w: UInt64) -> UInt64 {
    let q = w ^ 0x2222_2222_2222_2222
    let b = w ^ 0x5C5C_5C5C_5C5C_5C5C
    return (((q &- ones) & ~q) | ((b &- ones) & ~b) | ((w &- 0x2020_2020_2020_2020) & ~w)) & highs
  }

  /// RFC 8259 whitespace: space, tab, line feed, carriage return.
  @inline(__always)
  static func isSpace(_ c: UInt8) -> Bool {
    // One compare and a bit test: bits 9, 10, 13 and 32 of the mask.
    c <= 0x20 && (UInt64(0x1_0000_2600) >> c) & 1 != 0
  }

  /// After an object key: the `:` with the space around it (counted in
  /// `spaces`); returns the value's first byte. Both loaders parse keys so.
  @inline(__always)
  static func skipColon(
    _ after: Pointer, _ end: Pointer, base: Pointer, _ spaces: inout Int
  ) throws(SyntaxFailure) -> Pointer {
    let q = JSONLexer.skipSpace(after, end)
    spaces &+= q - after
    if q == end { throw SyntaxFailure(offset: q - base, message: "unexpected end of input, expected ':'") }
    if q.pointee != 0x3A {
      throw SyntaxFailure(offset: q - base, message: "expected ':' after the key, found \(JSONLexer.describe(q, end))")
    }
    let r = JSONLexer.skipSpace(q + 1, end)
    spaces &+= r - q - 1
    return r
  }

  /// After a value inside an object (`inObject`) or an array, at `p`: the
  /// input ends there, or holds something other than `,` or the closing
  /// bracket. Both loaders word these errors so.
  static func notAfterValue(_ p: Pointer, _ end: Pointer, _ base: Pointer, inObject: Bool) -> SyntaxFailure {
    if p == end {
      return SyntaxFailure(
        offset: p - base,
        message: inObject
          ? "unexpected end of input, expected ',' or '}'" : "unexpected end of input, expected ',' or ']'")
    }
    return SyntaxFailure(
      offset: p - base,
      message: inObject
        ? "expected ',' or '}' after a member, found \(describe(p, end))"
        : "expected ',' or ']' after an element, found \(describe(p, end))")
  }

  @inline(__always)
  static func skipSpace(_ p: Pointer, _ end: Pointer) -> Pointer {
    var p = p
    while p < end, isSpace(p.pointee) { p += 1 }
    return p
  }

  /// Scans a string whose opening quote is at `p`; returns the position just
  /// after the closing quote. `plain` is cleared when the body holds an
  /// escape or a non-ASCII byte. Invalid UTF-8 is let through (shown as
  /// U+FFFD later); raw control characters and bad escapes are errors.
  ///
  /// The body is skipped 16 bytes at a time (SSE2), then 8: a block is
  /// searched at once for `"`, `\` and bytes below 0x20 (a word by SWAR
  /// has-zero / has-less-than tricks, whose lowest flagged byte is always a
  /// true match).
  @inline(__always)
  static func skipString(_ quote: Pointer, _ end: Pointer, _ base: Pointer, _ plain: inout Bool)
    throws(SyntaxFailure) -> Pointer
  {
    var saved = 0
    return try skipString(quote, end, base, &plain, saved: &saved)
  }

  /// `skipString`, adding to `saved` how many more bytes its escapes take
  /// than the cells they can show as at most (`\X` one cell, `\uXXXX` one
  /// below U+1100, else two): the string is at most its body's length minus
  /// that wide, which spares measuring most escaped items (`ItemWidth`).
  @inline(__always)
  static func skipString(
    _ quote: Pointer, _ end: Pointer, _ base: Pointer, _ plain: inout Bool, saved: inout Int
  ) throws(SyntaxFailure) -> Pointer {
    try skipBody(quote + 1, end, base, &plain, high: 0, saved: &saved)
  }

  /// Moves `p` over string bytes sixteen, then eight at a time up to the
  /// first quote, backslash or control character, OR-ing the bytes it
  /// passes into `high` (for `plain`; a byte of 0x80 or more among sixteen
  /// as 0x80): true when it stopped at one, false when fewer than eight
  /// bytes are left before `end`.
  @inline(__always)
  static func skipPlainWords(_ p: inout Pointer, _ end: Pointer, _ high: inout UInt64) -> Bool {
    // 16 bytes a step while they last (SSE2, `sn_string_stops16`), then words.
    while end - p >= 16 {
      var highBits: UInt32 = 0
      let stops = sn_string_stops16(p, &highBits)
      if stops == 0 {
        if highBits != 0 { high |= 0x80 }
        p += 16
        continue
      }
      let bit = stops.trailingZeroBitCount
      if highBits & ((1 << UInt32(bit)) &- 1) != 0 { high |= 0x80 }
      p += bit
      return true
    }
    while end - p >= 8 {
      let w = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
      let hits = stringStops(w)
      if hits == 0 {
        high |= w
        p += 8
        continue
      }
      let bit = hits.trailingZeroBitCount
      high |= w & ((1 << UInt64(bit & ~7)) &- 1)
      p += bit >> 3
      return true
    }
    return false
  }

  /// `skipString` from `from` inside the body; `high`: the bytes before it
  /// OR-ed together (for `plain`).
  @inline(__always)
  static func skipBody(
    _ from: Pointer, _ end: Pointer, _ base: Pointer, _ plain: inout Bool, high: UInt64, saved: inout Int
  ) throws(SyntaxFailure) -> Pointer {
    var p = from
    var high = high
    while true {
      if !skipPlainWords(&p, end, &high) {
        // Tail: byte by byte up to the next special byte or the end.
        while p < end {
          let c = p.pointee
          if c == 0x22 || c == 0x5C || c < 0x20 { break }
          high |= UInt64(c)
          p += 1
        }
        if p == end { throw SyntaxFailure(offset: end - base, message: "unterminated string") }
      }
      let c = p.pointee
      if c == 0x22 {
        if high & highs != 0 { plain = false }
        return p + 1
      }
      if c == 0x5C {
        plain = false
        let escape = p
        p = try skipEscape(p, end, base, saved: &saved)
        let (next, closed) = try skipEscaped(p, end, base, saved: &saved, afterU: escape[1] == 0x75)
        if closed { return next }
        p = next
        continue
      }
      throw controlCharacter(p, base)
    }
  }

  /// The rest of a string past its first escape (so not plain): the next
  /// 64 bytes escape by escape (most strings end there), then 64 bytes at
  /// a time, each block checked whole (simdjson's way): which bytes
  /// are escaped comes from the backslash mask by bit arithmetic, then one
  /// test each for a control character, a bad escape, a `\u` not followed
  /// by four hex digits, and `saved` from bit counts — no branch per
  /// escape (Python writes non-ASCII as `\u00e9`, an escape every few
  /// bytes). Returns just after the closing quote (`closed`), or — near
  /// `end` — an escape boundary where the rest starts, for `skipBody`.
  /// Any error: the block is walked escape by escape from the last
  /// boundary (`skipEscapedOneByOne`), which names it exactly. The blocks
  /// are C (`sn_escaped_blocks`): it picks AVX2 and hardware bit counts
  /// at run time, which Swift cannot for one function of a build that
  /// targets every x86-64 (a tenth less CPU time on Python's `\u00e9` logs).
  @inline(__always)
  static func skipEscaped(
    _ from: Pointer, _ end: Pointer, _ base: Pointer, saved: inout Int, afterU: Bool
  ) throws(SyntaxFailure) -> (Pointer, closed: Bool) {
    // Most strings end soon after their first escape (`"said \"hi\""`):
    // the next 64 bytes escape by escape, without the block's masks. But
    // one whose first escape was a `\u` is most likely text with every
    // non-ASCII letter escaped (Python's default), where a block's masks
    // cost less than an escape's decoding every few bytes.
    var p = from
    if !afterU {
      let (next, closed) = try skipEscapedOneByOne(p, end, base, saved: &saved, blocks: 1)
      if closed { return (next, true) }
      p = next
    }
    let run = sn_escaped_blocks(p, end)
    saved += Int(run.saved)
    switch run.status {
    case sn_escaped_closed: return (run.next, true)
    case sn_escaped_bad: return try skipEscapedOneByOne(run.next, end, base, saved: &saved)
    default: return (run.next, false)
    }
  }

  /// Whether `c` may follow a backslash as a one-letter escape other than
  /// a quote or a backslash: `/bfnrt` (`sn_short_escape`, shared with the C blocks).
  @inline(__always)
  static func isShortEscape(_ c: UInt8) -> Bool { sn_short_escape(c) != 0 }

  /// `skipEscaped` escape by escape, 64 bytes of stops at a time
  /// (`sn_string_stops64`), each escape taken by its bit and checked by
  /// `skipEscape`: where an error is, exactly. From an escape boundary,
  /// for at most `blocks` blocks.
  @inline(__always)
  static func skipEscapedOneByOne(
    _ from: Pointer, _ end: Pointer, _ base: Pointer, saved: inout Int, blocks: Int = .max
  ) throws(SyntaxFailure) -> (Pointer, closed: Bool) {
    var p = from
    var left = blocks
    blocks: while end - p >= 64 && left > 0 {
      left -= 1
      var stops = sn_string_stops64(p)
      while stops != 0 {
        let q = p + stops.trailingZeroBitCount
        let c = q.pointee
        if c == 0x22 { return (q + 1, true) }
        guard c == 0x5C else { throw controlCharacter(q, base) }
        let next = try skipEscape(q, end, base, saved: &saved)
        let passed = next - p
        if passed >= 64 {
          p = next
          continue blocks
        }
        stops &= ~UInt64(0) &<< UInt64(passed)
      }
      p += 64
    }
    return (p, false)
  }

  /// A raw control character at `p` inside a string.
  static func controlCharacter(_ p: Pointer, _ base: Pointer) -> SyntaxFailure {
    SyntaxFailure(
      offset: p - base, message: "control character \(hexScalar(p.pointee)) in string (write it as an escape)")
  }

  /// The common case of `skipString`, small enough to inline into the
  /// indexer's loop: a string with no escape or control character whose
  /// closing quote lies at least 8 bytes before the end. Returns nil for
  /// anything else (then `skipString` decides).
  @inline(__always)
  static func quickString(_ quote: Pointer, _ end: Pointer, _ plain: inout Bool) -> Pointer? {
    var p = quote + 1
    var high: UInt64 = 0
    guard skipPlainWords(&p, end, &high), p.pointee == 0x22 else { return nil }
    if high & highs != 0 { plain = false }
    return p + 1
  }

  /// Scans a string as `skipString` does: `quickString`'s small loop,
  /// inlined, while the body is plain; at an escape or near the end, the
  /// rest out of line from where the quick look stopped (not from the
  /// quote again: most escaped strings hold their first escape far in).
  @inline(__always)
  static func scanString(_ quote: Pointer, _ end: Pointer, _ base: Pointer, _ plain: inout Bool)
    throws(SyntaxFailure) -> Pointer
  {
    var saved = 0
    return try scanString(quote, end, base, &plain, saved: &saved)
  }

  /// `scanString`, adding to `saved` what `skipString` does.
  @inline(__always)
  static func scanString(
    _ quote: Pointer, _ end: Pointer, _ base: Pointer, _ plain: inout Bool, saved: inout Int
  ) throws(SyntaxFailure) -> Pointer {
    var p = quote + 1
    var high: UInt64 = 0
    if skipPlainWords(&p, end, &high), p.pointee == 0x22 {
      if high & highs != 0 { plain = false }
      return p + 1
    }
    return try skipRest(p, end, base, &plain, high: high, saved: &saved)
  }

  /// The rest of `scanString`, out of line.
  @inline(never)
  static func skipRest(
    _ p: Pointer, _ end: Pointer, _ base: Pointer, _ plain: inout Bool, high: UInt64, saved: inout Int
  ) throws(SyntaxFailure) -> Pointer {
    try skipBody(p, end, base, &plain, high: high, saved: &saved)
  }

  /// Validates the escape whose backslash is at `p`; returns the position
  /// after it. `saved` as for `skipString`.
  @inline(__always)
  static func skipEscape(_ p: Pointer, _ end: Pointer, _ base: Pointer, saved: inout Int) throws(SyntaxFailure)
    -> Pointer
  {
    let e = p + 1
    if e == end { throw SyntaxFailure(offset: end - base, message: "unterminated string") }
    switch e.pointee {
    case let c where c == 0x22 || c == 0x5C || isShortEscape(c):  // " \ and /bfnrt
      saved &+= 1
      return e + 1
    case 0x75:  // u
      // Four hex digits at once, without a branch per digit (`\u` runs
      // are most of Python's default output); errors and a short tail go
      // digit by digit below, for the exact position.
      if end - e > 4 {
        let v = hex4(e + 1)
        if v >= 0 {
          saved &+= v < 0x1100 ? 5 : 4
          return e + 5
        }
      }
      var h = e + 1
      var v = 0
      for _ in 0..<4 {
        if h == end { throw SyntaxFailure(offset: end - base, message: "unterminated string") }
        let d = hexValue(h.pointee)
        if d < 0 {
          throw SyntaxFailure(offset: h - base, message: "\\u must be followed by four hexadecimal digits")
        }
        v = v << 4 | Int(d)
        h += 1
      }
      saved &+= v < 0x1100 ? 5 : 4
      return h
    default:
      throw SyntaxFailure(offset: e - base, message: "invalid escape \(describe(e, end))")
    }
  }

  /// Scans a number starting at `p` (a `-` or a digit) per the RFC grammar.
  @inline(__always)
  static func skipNumber(_ p: Pointer, _ end: Pointer, _ base: Pointer) throws(SyntaxFailure) -> Pointer {
    var p = p
    if p.pointee == 0x2D { p += 1 }  // -
    if p == end { throw SyntaxFailure(offset: end - base, message: "unexpected end of input in a number") }
    let first = p.pointee
    if first == 0x30 {
      p += 1
    } else if first &- 0x31 < 9 {
      p = ASCIIDigits.runEnd(p + 1, end)
    } else {
      throw SyntaxFailure(offset: p - base, message: "expected a digit, found \(describe(p, end))")
    }
    if p < end, p.pointee == 0x2E {  // .
      p += 1
      p = try digits(p, end, base, after: "'.'")
    }
    if p < end, p.pointee | 0x20 == 0x65 {  // e E
      p += 1
      if p < end, p.pointee == 0x2B || p.pointee == 0x2D { p += 1 }
      p = try digits(p, end, base, after: "the exponent mark")
    }
    return p
  }

  @inline(__always)
  static func digits(_ p: Pointer, _ end: Pointer, _ base: Pointer, after: String) throws(SyntaxFailure) -> Pointer {
    if p == end { throw SyntaxFailure(offset: end - base, message: "unexpected end of input in a number") }
    if p.pointee &- 0x30 >= 10 {
      throw SyntaxFailure(offset: p - base, message: "expected a digit after \(after), found \(describe(p, end))")
    }
    return ASCIIDigits.runEnd(p + 1, end)
  }

  /// Scans `true`, `false` or `null` starting at `p`.
  @inline(__always)
  static func skipLiteral(_ p: Pointer, _ end: Pointer, _ base: Pointer) throws(SyntaxFailure) -> Pointer {
    let word: StaticString
    switch p.pointee {
    case 0x74: word = "true"
    case 0x66: word = "false"
    default: word = "null"
    }
    let n = word.utf8CodeUnitCount
    let w = word.utf8Start
    for i in 1..<n {
      if p + i == end { throw SyntaxFailure(offset: end - base, message: "unexpected end of input in '\(word)'") }
      if p[i] != w[i] {
        throw SyntaxFailure(offset: p + i - base, message: "invalid literal (expected '\(word)')")
      }
    }
    return p + n
  }

  /// The value of the four hexadecimal digits at `p`, or -1 (`sn_hex4`,
  /// shared with the C blocks).
  @inline(__always)
  static func hex4(_ p: Pointer) -> Int { Int(sn_hex4(p)) }

  /// Value of a hexadecimal digit, or -1.
  @inline(__always)
  static func hexValue(_ c: UInt8) -> Int {
    switch c {
    case 0x30...0x39: return Int(c &- 0x30)
    case 0x41...0x46: return Int(c &- 0x37)
    case 0x61...0x66: return Int(c &- 0x57)
    default: return -1
    }
  }

  static func hexScalar(_ c: UInt8) -> String {
    let h = String(c, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: 4 - h.count) + h
  }

  /// The error where an object key must start but `p` is not a `"`: the
  /// end of input, a trailing comma (`}`), or another character.
  static func notAKey(_ p: Pointer, _ end: Pointer, _ base: Pointer) -> SyntaxFailure {
    let message =
      p == end
      ? "unexpected end of input, expected a string key"
      : p.pointee == 0x7D
        ? "expected a key after ',', found '}' (trailing comma)" : "expected a string key, found \(describe(p, end))"
    return SyntaxFailure(offset: p - base, message: message)
  }

  /// The character at `p` for an error message: `'x'`, `U+000A`, `byte 0xFF`, or end of input.
  static func describe(_ p: Pointer, _ end: Pointer) -> String {
    if p >= end { return "end of input" }
    let c = p.pointee
    if c >= 0x20 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
    if c < 0x80 { return hexScalar(c) }
    // A multi-byte character: show it when it is valid UTF-8.
    var n = 1
    while n < 4, p + n < end, UTF8Lead.isContinuation(p[n]) { n += 1 }
    var it = UnsafeBufferPointer(start: p, count: n).makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let s) = decoder.decode(&it) {
      let v = String(s.value, radix: 16, uppercase: true)
      let code = "U+" + String(repeating: "0", count: max(0, 4 - v.count)) + v
      // Shown only when it draws as itself: a format character (U+FEFF,
      // U+200B), a space, a lone mark or a private one would stand between
      // the quotes unseen or borrow from them.
      switch s.properties.generalCategory {
      case .format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark,
        .enclosingMark, .spacingMark, .privateUse, .surrogate, .unassigned:
        return code
      default:
        return "'\(Character(s))' (\(code))"
      }
    }
    return "byte 0x" + String(c, radix: 16, uppercase: true)
  }
}
