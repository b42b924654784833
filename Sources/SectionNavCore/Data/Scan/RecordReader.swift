import CMapGuard

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
  /// pass over the bytes for both, field by field to the end (a word of
  /// bytes at a time; no faster without the separators, it turned out).
  /// Nil when it runs past what has arrived.
  @inline(__always)
  func record(_ start: Pointer, _ end: Pointer, eof: Bool, upTo last: Int, into found: UnsafeMutablePointer<Field>)
    throws(SyntaxFailure) -> (Pointer, Pointer, Int)?
  {
    var p = start
    var k = 0
    // At the start of field `k` (kept when `k <= last`).
    while true {
      if quoted && p < end && p.pointee == 0x22 {
        let open = p
        guard let close = try closingQuote(open, end, eof: eof) else { return nil }
        if k <= last { found[k] = (open + 1 - start, close - start, true) }
        k += 1
        p = close + 1
        guard p < end else { return (end, end, min(k, last + 1)) }
        let c = p.pointee
        if c == separator {
          p += 1
          continue
        }
        if c != 0x0A && c != 0x0D { throw afterQuote(p, end) }
        return lineEnd(p, end, eof: eof).map { ($0.0, $0.1, min(k, last + 1)) }
      }
      let stop = Self.nextStop(p, end, separator: separator)
      if stop == end && !eof { return nil }
      if k <= last { found[k] = (p - start, stop - start, false) }
      k += 1
      if stop == end { return (end, end, min(k, last + 1)) }
      if stop.pointee == separator {
        p = stop + 1
        continue
      }
      return lineEnd(stop, end, eof: eof).map { ($0.0, $0.1, min(k, last + 1)) }
    }
  }

  /// 64 bytes of masks from `at` (`sn_csv_mask64`): separators and line
  /// breaks, and quotes. Kept from one record to the next, which mostly
  /// starts inside the same 64 bytes.
  struct Block {
    var at: Pointer? = nil
    var stops: UInt64 = 0
    var quotes: UInt64 = 0
  }

  /// Makes `block` cover `p`; false when fewer than 64 bytes are left from `p`.
  @inline(__always)
  func cover(_ block: inout Block, _ p: Pointer, _ end: Pointer) -> Bool {
    if let at = block.at, p >= at, p - at < 64 { return true }
    guard end - p >= 64 else { return false }
    sn_csv_mask64(p, separator, &block.stops, &block.quotes)
    block.at = p
    return true
  }

  /// `record`, for a well-formed record that ends 64 bytes or more before
  /// `end`, found with bit scans over `block`'s masks instead of a byte
  /// loop per field. Nil for anything else — near the end, text after a
  /// closing quote — which `record` then reads from the start, with its
  /// exact errors and waiting; what this returns, `record` would too.
  @inline(__always)
  func quickRecord(
    _ start: Pointer, _ end: Pointer, upTo last: Int, into found: UnsafeMutablePointer<Field>, _ block: inout Block
  ) -> (Pointer, Pointer, Int)? {
    var p = start
    var k = 0
    // At the start of field `k`.
    while true {
      guard cover(&block, p, end) else { return nil }
      if quoted && p.pointee == 0x22 {
        var from = p + 1
        var close: Pointer
        while true {
          guard cover(&block, from, end), let at = block.at else { return nil }
          let q = block.quotes & (~UInt64(0) &<< UInt64(from - at))
          if q == 0 {
            from = at + 64
            continue
          }
          close = at + q.trailingZeroBitCount
          guard end - close >= 2 else { return nil }
          if close[1] != 0x22 { break }
          from = close + 2  // `""`: a quote in the field
        }
        if k <= last { found[k] = (p + 1 - start, close - start, true) }
        k += 1
        p = close + 1
        let c = p.pointee
        if c == separator {
          p += 1
          continue
        }
        if c != 0x0A && c != 0x0D { return nil }
        return lineEnd(p, end, eof: false).map { ($0.0, $0.1, min(k, last + 1)) }
      }
      var from = p
      var stop: Pointer
      while true {
        guard cover(&block, from, end), let at = block.at else { return nil }
        let s = block.stops & (~UInt64(0) &<< UInt64(from - at))
        if s != 0 {
          stop = at + s.trailingZeroBitCount
          break
        }
        from = at + 64
      }
      if k <= last { found[k] = (p - start, stop - start, false) }
      k += 1
      if stop.pointee == separator {
        p = stop + 1
        continue
      }
      return lineEnd(stop, end, eof: false).map { ($0.0, $0.1, min(k, last + 1)) }
    }
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
}
