/// Runs of ASCII digits, found eight bytes a step: a JSON number's
/// integer, fraction and exponent (`JSONLexer.skipNumber`) and the numbers
/// in section titles (`NaturalOrder`'s sort keys). Numbers of random length
/// end in a step or two, not in a branch per digit the predictor cannot learn.
enum ASCIIDigits {
  /// Just past the run of ASCII digits at `p` (before `end`): eight bytes
  /// a step while eight are left, then byte by byte.
  @inline(__always)
  static func runEnd(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
    var p = p
    while end - p >= 8 {
      let other = nonDigits(UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
      if other == 0 {
        p += 8
        continue
      }
      return p + other.trailingZeroBitCount >> 3
    }
    while p < end, p.pointee &- 0x30 < 10 { p += 1 }
    return p
  }

  /// `runEnd` over bytes readable at least 8 past `end` (a scratch
  /// buffer): the last step is a word too, cut at `end` — a title's
  /// number at its end (most) takes no byte loop.
  @inline(__always)
  static func runEnd(padded p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> UnsafePointer<UInt8> {
    var p = p
    while p < end {
      let other = nonDigits(UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
      if other != 0 { return min(end, p + other.trailingZeroBitCount >> 3) }
      p += 8
    }
    return end
  }

  /// The high bit of each byte of `w` that is not an ASCII digit.
  @inline(__always)
  static func nonDigits(_ w: UInt64) -> UInt64 {
    // Per byte, without carries between bytes: the high bit of `above`
    // is set from 0x3A, that of `from` from 0x30 (of the low seven bits).
    let highs: UInt64 = 0x8080_8080_8080_8080
    let low7 = w & ~highs
    let above = low7 &+ 0x4646_4646_4646_4646
    let from = (low7 | highs) &- 0x3030_3030_3030_3030
    return (above | ~from | w) & highs
  }
}
