/// The one table of UTF-8 lead bytes (RFC 3629), for the byte-level readers:
/// the input decoder, item widths, folding, error positions.
public enum UTF8Lead {
  /// Bytes in the sequence `b` starts: 1 for ASCII, 2–4 for a lead byte, 0
  /// for a byte that cannot start one (a continuation byte, C0, C1, F5–FF).
  @inline(__always)
  public static func length(_ b: UInt8) -> Int {
    b < 0x80 ? 1 : b < 0xC2 ? 0 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : b <= 0xF4 ? 4 : 0
  }

  /// The bits of the lead byte that belong to the scalar, for a sequence of `length`.
  @inline(__always)
  public static func payload(_ b: UInt8, length: Int) -> UInt32 {
    UInt32(b) & (0xFF >> UInt32(length + 1))
  }

  /// Where the second byte must lie after lead `b`: narrower after E0, ED,
  /// F0 and F4, which rules out overlong forms, surrogates and values past
  /// U+10FFFF.
  public static func secondByte(after b: UInt8) -> ClosedRange<UInt8> {
    switch b {
    case 0xE0: return 0xA0...0xBF
    case 0xED: return 0x80...0x9F
    case 0xF0: return 0x90...0xBF
    case 0xF4: return 0x80...0x8F
    default: return 0x80...0xBF
    }
  }

  @inline(__always)
  public static func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }

  /// Whether `p[0..<n]` is well-formed UTF-8: ASCII skipped eight bytes at
  /// a time, every other sequence checked by its lead byte (`length`,
  /// `secondByte`). The standard library's check (`UTF8Span(validating:)`,
  /// what `String(decoding:)` runs too) took ten instructions a byte on
  /// line titles that are paths, most of them ASCII.
  static func isValid(_ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    let highs: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    while i < n {
      if n - i >= 8 {
        let high = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & highs
        if high == 0 {
          i += 8
          continue
        }
        i += high.trailingZeroBitCount >> 3  // to the first byte of 0x80 or more
      }
      let b = p[i]
      guard b >= 0x80 else {
        i += 1
        continue
      }
      let need = length(b)
      guard need > 0, n - i >= need, secondByte(after: b).contains(p[i + 1]) else { return false }
      for k in 2..<max(2, need) where !isContinuation(p[i + k]) { return false }
      i += need
    }
    return true
  }
}
