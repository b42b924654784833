/// The one folding rule of sectionnav, shared by the index (initials and
/// type-ahead), the section sort order, `/` search and the filter, so that
/// what files under `N` in the index sorts among the N's and is found by `n`.
///
/// Folding works on UTF-8 bytes, one scalar at a time, without making a
/// `String`: ASCII letters lower-case inline, other scalars go through a
/// table (`FoldTable`) built once from Foundation's case, diacritic and
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
    let b0 = UInt32(p[i])
    if b0 < 0xC2 || b0 > 0xF4 { return (1, 0) }
    let need = b0 < 0xE0 ? 2 : (b0 < 0xF0 ? 3 : 4)
    guard i + need <= n else { return (1, 0) }
    var v = b0 & (0xFF >> UInt32(need + 1))
    for k in 1..<need {
      let c = UInt32(p[i + k])
      guard c & 0xC0 == 0x80 else { return (1, 0) }
      v = v << 6 | (c & 0x3F)
    }
    return (need, table.entry(v))
  }

  /// Calls `emit(byte, sourceOffset)` for each byte of `p[0..<n]` folded.
  @inline(__always)
  static func forEachFoldedByte(
    _ p: UnsafePointer<UInt8>, _ n: Int, rule: Rule, _ emit: (UInt8, Int) -> Void
  ) {
    let lower = rule.ignoresCase
    guard let table = rule.table else {
      for i in 0..<n { emit(p[i], i) }
      return
    }
    var i = 0
    while i < n {
      let b = p[i]
      if b < 0x80 {
        emit(lower && b &- 0x41 < 26 ? b | 0x20 : b, i)
        i += 1
        continue
      }
      let (length, entry) = step(p, n, at: i, table: table)
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
