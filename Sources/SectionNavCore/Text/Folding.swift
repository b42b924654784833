/// The collation folding of sectionnav, shared by the index (initials and
/// type-ahead), `goto` and the section sort order, so that what files under
/// `N` in the index sorts among the N's. (Matching — `/` and `&` — folds as
/// fzf does instead: `FzfNormalize`.)
///
/// Folding works on UTF-8 bytes, one scalar at a time, without making a
/// `String`: ASCII letters lower-case inline, other scalars go through a
/// table (`FoldTable`) generated from Foundation's case, diacritic and
/// width folding, so `É` → `e`, `ẞ`/`ß` → `ss`, `ﬁ` → `fi`, `Σ`/`ς` → `σ`,
/// `İ` → `i`, `Ａ` → `a`, combining marks vanish (`e` + U+0301 → `e`), and
/// Latin letters without a decomposition fold to the letter they are filed
/// under (`ø` → `o`, `ł` → `l`, `ŋ` → `n`). Bytes that are not valid UTF-8
/// are kept as they are.
public enum Folding {
  /// Appends `bytes` folded to `out`.
  public static func fold(_ bytes: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
    guard let base = bytes.baseAddress else { return }
    forEachFoldedByte(base, bytes.count) { out.append($0) }
  }

  /// `text` folded.
  public static func fold(_ text: some StringProtocol) -> String {
    var s = String(text)
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    s.withUTF8 { fold($0, into: &out) }
    return String(decoding: out, as: UTF8.self)
  }

  /// The folded bytes of the scalar starting at `p[i]` (`p[0..<n]`):
  /// how many source bytes it takes, and its table entry (0: the source
  /// bytes unchanged; else `0x80 | count` in the top byte, bytes from the
  /// low byte up). ASCII is left to callers.
  @inline(__always)
  static func step(_ p: UnsafePointer<UInt8>, _ n: Int, at i: Int, table: FoldTable) -> (length: Int, entry: UInt64) {
    let need = UTF8Lead.length(p[i])
    guard need > 1, i + need <= n else { return (1, 0) }
    var v = UTF8Lead.payload(p[i], length: need)
    for k in 1..<need {
      let c = p[i + k]
      guard UTF8Lead.isContinuation(c) else { return (1, 0) }
      v = v << 6 | UInt32(c & 0x3F)
    }
    return (need, table.entry(v))
  }

  /// Calls `emit(byte)` for each byte of `p[0..<n]` folded.
  @inline(__always)
  static func forEachFoldedByte(_ p: UnsafePointer<UInt8>, _ n: Int, _ emit: (UInt8) -> Void) {
    // The table is built on first use: ASCII text never needs it.
    var table: FoldTable? = nil
    var i = 0
    while i < n {
      let b = p[i]
      if b < 0x80 {
        emit(b &- 0x41 < 26 ? b | 0x20 : b)
        i += 1
        continue
      }
      if table == nil { table = FoldTable.caseAndAccents }
      let (length, entry) = step(p, n, at: i, table: table!)
      if entry == 0 {
        for k in 0..<length { emit(p[i + k]) }
      } else {
        let count = Int(entry >> 56) & 0x7F
        for k in 0..<count { emit(UInt8(truncatingIfNeeded: entry >> UInt64(8 * k))) }
      }
      i += length
    }
  }
}

extension Folding {
  /// The most bytes folding can make of `n` bytes (a scalar of two or more
  /// bytes folds to at most seven).
  static func capacity(for n: Int) -> Int { n * 4 + 8 }

  /// The most bytes one scalar folds to (a table entry holds up to seven).
  static let maxScalarBytes = 7

  /// The eight ASCII bytes of `w` with "A"–"Z" lower-cased: 0x20 added to
  /// each, by per-byte range tests without carries between bytes.
  @inline(__always)
  static func lowercased(_ w: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let fromA = w &+ (0x80 - 0x41) &* ones
    let pastZ = w &+ (0x80 - 0x5B) &* ones
    return w | ((fromA & ~pastZ) & 0x8080_8080_8080_8080) >> 2
  }

  /// Writes `p[0..<n]` folded to `out` (room for `capacity(for: n)`
  /// bytes); returns the count written. The sort keys' fold: ASCII goes
  /// eight bytes at a time, its last bytes too.
  static func fold(_ p: UnsafePointer<UInt8>, _ n: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
    // The table is built on first use: ASCII text never needs it.
    var table: FoldTable? = nil
    let highs: UInt64 = 0x8080_8080_8080_8080
    var i = 0
    var o = 0
    while i < n {
      while n - i >= 8 {
        let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
        if w & highs != 0 { break }
        UnsafeMutableRawPointer(out + o).storeBytes(of: lowercased(w), as: UInt64.self)
        i += 8
        o += 8
      }
      guard i < n else { break }
      if n >= 8 && n - i < 8 {
        // Fewer than eight bytes left: when the last eight are ASCII, one
        // word ending at `n`, over bytes it writes again as they were
        // written (ASCII one for one), not a byte loop (most titles).
        let w = UnsafeRawPointer(p + n - 8).loadUnaligned(as: UInt64.self)
        if w & highs == 0 {
          UnsafeMutableRawPointer(out + o - (i - (n - 8))).storeBytes(of: lowercased(w), as: UInt64.self)
          o += n - i
          break
        }
      }
      let b = p[i]
      if b < 0x80 {
        out[o] = b &- 0x41 < 26 ? b | 0x20 : b
        o += 1
        i += 1
        continue
      }
      if table == nil { table = FoldTable.caseAndAccents }
      let (length, entry) = step(p, n, at: i, table: table!)
      if entry == 0 {
        for k in 0..<length { out[o + k] = p[i + k] }
        o += length
      } else {
        let count = Int(entry >> 56) & 0x7F
        for k in 0..<count { out[o + k] = UInt8(truncatingIfNeeded: entry >> UInt64(8 * k)) }
        o += count
      }
      i += length
    }
    return o
  }
}
