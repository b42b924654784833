/// The one folding rule of sectionnav, shared by the index (initials and
/// type-ahead), the section sort order, `/` search and the filter, so that
/// what files under `N` in the index sorts among the N's and is found by `n`.
///
/// Folding works on UTF-8 bytes, one scalar at a time, without making a
/// `String`: ASCII letters lower-case inline, other scalars go through a
/// table (`FoldTable`) generated from Foundation's case, diacritic and
/// width folding, so `É` → `e`, `ẞ`/`ß` → `ss`, `ﬁ` → `fi`, `Σ`/`ς` → `σ`,
/// `İ` → `i`, `Ａ` → `a`, combining marks vanish (`e` + U+0301 → `e`), and
/// Latin letters without a decomposition fold to the letter they are filed
/// under (`ø` → `o`, `ł` → `l`, `ŋ` → `n`). Bytes that are not valid UTF-8
/// are kept as they are. Folding never reorders: every output byte comes
/// from one source scalar, and output order is source order, which is what
/// lets a match in the folded text be mapped back to the original
/// (`fold(_:rule:into:origins:)`).
public enum Folding {
  /// What folding ignores. `.standard` ignores both; `--literal` keeps
  /// accents (`Rule(ignoresCase: …, ignoresAccents: false)`).
  public struct Rule: Sendable, Hashable {
    public var ignoresCase: Bool
    public var ignoresAccents: Bool
    public init(ignoresCase: Bool, ignoresAccents: Bool) {
      self.ignoresCase = ignoresCase
      self.ignoresAccents = ignoresAccents
    }
    /// Case- and accent-insensitive: the index, the sort order, and search
    /// and filter without `--literal` (smart case aside).
    public static let standard = Rule(ignoresCase: true, ignoresAccents: true)
    /// Nothing folded.
    public static let exact = Rule(ignoresCase: false, ignoresAccents: false)

    var table: FoldTable? {
      switch (ignoresCase, ignoresAccents) {
      case (true, true): FoldTable.caseAndAccents
      case (false, true): FoldTable.accents
      case (true, false): FoldTable.caseOnly
      case (false, false): nil
      }
    }
  }

  /// Appends `bytes` folded under `rule` to `out`.
  public static func fold(_ bytes: UnsafeBufferPointer<UInt8>, rule: Rule = .standard, into out: inout [UInt8]) {
    guard let base = bytes.baseAddress else { return }
    forEachFoldedByte(base, bytes.count, rule: rule) { b, _ in out.append(b) }
  }

  /// Appends `bytes` folded under `rule` to `out`, and to `origins`, for
  /// each byte appended, the offset in `bytes` of the scalar it came from
  /// (so a match at `out[i..<j]` covers the source from `origins[i]` up to
  /// the end of the scalar at `origins[j - 1]`).
  public static func fold(
    _ bytes: UnsafeBufferPointer<UInt8>, rule: Rule = .standard, into out: inout [UInt8], origins: inout [Int32]
  ) {
    guard let base = bytes.baseAddress else { return }
    forEachFoldedByte(base, bytes.count, rule: rule) { b, at in
      out.append(b)
      origins.append(Int32(truncatingIfNeeded: at))
    }
  }

  /// `text` folded under `rule`.
  public static func fold(_ text: some StringProtocol, rule: Rule = .standard) -> String {
    var s = String(text)
    var out: [UInt8] = []
    out.reserveCapacity(s.utf8.count)
    s.withUTF8 { fold($0, rule: rule, into: &out) }
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

  /// Calls `emit(byte, sourceOffset)` for each byte of `p[0..<n]` folded.
  @inline(__always)
  static func forEachFoldedByte(
    _ p: UnsafePointer<UInt8>, _ n: Int, rule: Rule, _ emit: (UInt8, Int) -> Void
  ) {
    let lower = rule.ignoresCase
    guard rule != .exact else {
      for i in 0..<n { emit(p[i], i) }
      return
    }
    // The table is built on first use: ASCII text never needs it.
    var table: FoldTable? = nil
    var i = 0
    while i < n {
      let b = p[i]
      if b < 0x80 {
        emit(lower && b &- 0x41 < 26 ? b | 0x20 : b, i)
        i += 1
        continue
      }
      if table == nil { table = rule.table }
      let (length, entry) = step(p, n, at: i, table: table!)
      if entry == 0 {
        for k in 0..<length { emit(p[i + k], i) }
      } else {
        let count = Int(entry >> 56) & 0x7F
        for k in 0..<count { emit(UInt8(truncatingIfNeeded: entry >> UInt64(8 * k)), i) }
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

  /// Writes `p[0..<n]` folded under `rule` to `out` (room for
  /// `capacity(for: n)` bytes); returns the count written. The search loop's
  /// fold: ASCII goes eight bytes at a time.
  static func fold(_ p: UnsafePointer<UInt8>, _ n: Int, rule: Rule, to out: UnsafeMutablePointer<UInt8>) -> Int {
    guard rule != .exact else {
      out.update(from: p, count: n)
      return n
    }
    // The table is built on first use: ASCII text never needs it.
    var table: FoldTable? = nil
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let lower = rule.ignoresCase
    var i = 0
    var o = 0
    while i < n {
      while n - i >= 8 {
        var w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
        if w & highs != 0 { break }
        if lower {
          // Bytes from "A" to "Z" get 0x20 added (all bytes are below 0x80 here).
          let fromA = w &+ (0x80 - 0x41) &* ones
          let pastZ = w &+ (0x80 - 0x5B) &* ones
          w |= ((fromA & ~pastZ) & highs) >> 2
        }
        UnsafeMutableRawPointer(out + o).storeBytes(of: w, as: UInt64.self)
        i += 8
        o += 8
      }
      guard i < n else { break }
      let b = p[i]
      if b < 0x80 {
        out[o] = lower && b &- 0x41 < 26 ? b | 0x20 : b
        o += 1
        i += 1
        continue
      }
      if table == nil { table = rule.table }
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

  /// The UTF-8 spellings of every scalar that folds under `rule` to text
  /// containing `target` (the folded UTF-8 of one scalar), `target` itself
  /// first: what raw bytes must hold for their fold to hold `target`.
  static func spellings(of target: [UInt8], rule: Rule) -> [[UInt8]] {
    var result = [target]
    guard let table = rule.table else { return result }
    guard target.count <= 7 else { return result }
    var packed: UInt64 = 0
    for (k, b) in target.enumerated() { packed |= UInt64(b) << UInt64(8 * k) }
    let width = UInt64(8 * target.count)
    let mask: UInt64 = width == 64 ? ~0 : (1 << width) - 1
    for page in 0..<table.pages.count where table.pages[page] != 0 {
      for low in 0..<256 {
        let entry = table.entries[Int(table.pages[page]) << 8 | low]
        let count = Int(entry >> 56) & 0x7F
        guard entry != 0, count >= target.count else { continue }
        // Whether the entry's bytes hold the target at some offset.
        var found = false
        for shift in 0...(count - target.count) where (entry >> UInt64(8 * shift)) & mask == packed { found = true }
        guard found, let scalar = Unicode.Scalar(UInt32(page << 8 | low)) else { continue }
        let spelling = Array(String(scalar).utf8)
        if spelling != target { result.append(spelling) }
      }
    }
    return result
  }
}
