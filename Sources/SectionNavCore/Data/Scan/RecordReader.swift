#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the CSV/TSV records of a buffer (the syntax `CSVScan` describes)
/// and the fields of each: a few bytes of state, so a call per record
/// copies nothing.
struct RecordReader {
  typealias Pointer = UnsafePointer<UInt8>
  typealias Field = CSVScan.Field

  /// The buffer's start, from which errors are located.
  let base: Pointer
  let separator: UInt8
  let quoted: Bool

  /// The record starting at `start`: where it ends (before its line break),
  /// where the next one starts, and its fields `0...last` (as `fields`
  /// splits them) put in `found` on the way, with how many there were — one
  /// pass over the bytes for both. Nil when it runs past what has arrived.
  @inline(__always)
  func record(_ start: Pointer, _ end: Pointer, eof: Bool, upTo last: Int, into found: UnsafeMutablePointer<Field>)
    throws(SyntaxFailure) -> (Pointer, Pointer, Int)?
  {
    var p = start
    var k = 0
    // At the start of field `k`.
    while k <= last {
      if quoted && p < end && p.pointee == 0x22 {
        let open = p
        guard let close = try closingQuote(open, end, eof: eof) else { return nil }
        found[k] = (open + 1 - start, close - start, true)
        k += 1
        p = close + 1
        guard p < end else { return (end, end, k) }
        let c = p.pointee
        if c == separator {
          p += 1
          continue
        }
        if c != 0x0A && c != 0x0D { throw afterQuote(p, end) }
        return lineEnd(p, end, eof: eof).map { ($0.0, $0.1, k) }
      }
      let stop = Self.nextStop(p, end, separator: separator)
      if stop == end && !eof { return nil }
      found[k] = (p - start, stop - start, false)
      k += 1
      if stop == end { return (end, end, k) }
      if stop.pointee == separator {
        p = stop + 1
        continue
      }
      return lineEnd(stop, end, eof: eof).map { ($0.0, $0.1, k) }
    }
    // The rest of the record, its separators passed over.
    return try recordBounds(start, from: p, end, eof: eof).map { ($0.0, $0.1, k) }
  }

  /// The record's end and the next one's start, given the line break `p` ends it with.
  @inline(__always)
  func lineEnd(_ p: Pointer, _ end: Pointer, eof: Bool) -> (Pointer, Pointer)? {
    if p.pointee == 0x0A { return (p, p + 1) }
    // CRLF, or a lone CR (which ends the record too, as in Python).
    if p + 1 < end { return (p, p[1] == 0x0A ? p + 2 : p + 1) }
    return eof ? (p, end) : nil
  }

  /// The quote closing the quoted field opened at `open` (`""` is a quote
  /// in it); nil when that is not known yet.
  @inline(__always)
  func closingQuote(_ open: Pointer, _ end: Pointer, eof: Bool) throws(SyntaxFailure) -> Pointer? {
    var p = open + 1
    while true {
      guard let q = memchr(p, 0x22, end - p) else {
        if eof { throw SyntaxFailure(offset: open - base, message: "unterminated quoted field") }
        return nil
      }
      let close = UnsafePointer(q.assumingMemoryBound(to: UInt8.self))
      p = close + 1
      if p < end, p.pointee == 0x22 {
        p += 1
        continue
      }
      // A quote at the end so far may yet be doubled.
      if p == end && !eof { return nil }
      return close
    }
  }

  /// The error for the byte at `p` after a closing quote.
  func afterQuote(_ p: Pointer, _ end: Pointer) -> SyntaxFailure {
    SyntaxFailure(
      offset: p - base,
      message: "unexpected \(JSONLexer.describe(p, end)) after a closing quote (expected ',' or the end of the line)")
  }

  /// The end of the record starting at `start` (before its line break) and
  /// where the next one starts, read from `from` (a field's start); nil
  /// when it runs past what has arrived.
  func recordBounds(_ start: Pointer, from: Pointer, _ end: Pointer, eof: Bool) throws(SyntaxFailure) -> (
    Pointer, Pointer
  )? {
    var p = from
    while p < end {
      let c = p.pointee
      // A quote opens a quoted field only at the field's start.
      if quoted && c == 0x22 && (p == start || p[-1] == separator) {
        guard let close = try closingQuote(p, end, eof: eof) else { return nil }
        p = close + 1
        if p < end {
          let c = p.pointee
          if c != separator && c != 0x0A && c != 0x0D { throw afterQuote(p, end) }
        }
        continue
      }
      if c == separator {
        p += 1
        continue
      }
      if c == 0x0A || c == 0x0D { return lineEnd(p, end, eof: eof) }
      p = Self.nextBreak(p + 1, end, quoted: quoted)
    }
    guard eof else { return nil }
    return (end, end)
  }

  /// The first separator or line break at or after `p`, or `end`: eight
  /// bytes at a time (a field is often shorter than a `memchr` call's setup).
  /// Each byte equal to one of them becomes a zero byte; the lowest zero
  /// byte flagged is always a true one.
  @inline(__always)
  static func nextStop(_ p: Pointer, _ end: Pointer, separator: UInt8) -> Pointer {
    var p = p
    let ones = JSONLexer.ones
    let highs = JSONLexer.highs
    let separators = UInt64(separator) &* ones
    while end - p >= 8 {
      let w = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self)
      let s = w ^ separators
      let lf = w ^ 0x0A0A_0A0A_0A0A_0A0A
      let cr = w ^ 0x0D0D_0D0D_0D0D_0D0D
      let hits = (((s &- ones) & ~s) | ((lf &- ones) & ~lf) | ((cr &- ones) & ~cr)) & highs
      if hits != 0 { return p + hits.trailingZeroBitCount >> 3 }
      p += 8
    }
    while p < end {
      let c = p.pointee
      if c == separator || c == 0x0A || c == 0x0D { return p }
      p += 1
    }
    return end
  }

  /// The first line break (or quote, when `quoted`) at or after `p`, or
  /// `end`: 16 bytes at a time, since most of a record is neither.
  @inline(__always)
  static func nextBreak(_ p: Pointer, _ end: Pointer, quoted: Bool) -> Pointer {
    var p = p
    let lf = SIMD16<UInt8>(repeating: 0x0A)
    let cr = SIMD16<UInt8>(repeating: 0x0D)
    let quote = SIMD16<UInt8>(repeating: quoted ? 0x22 : 0x0A)
    while end - p >= 16 {
      let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
      let hits = (v .== lf) .| (v .== cr) .| (v .== quote)
      if any(hits) {
        for i in 0..<16 where hits[i] { return p + i }
      }
      p += 16
    }
    while p < end {
      let c = p.pointee
      if c == 0x0A || c == 0x0D || (quoted && c == 0x22) { return p }
      p += 1
    }
    return end
  }
}
