/// Exact widths of text whose scalars join into clusters — a letter with
/// its marks (`é` written as `e` and U+0301, `कि`, `กำ`), an Indic
/// conjunct, an emoji with its modifier, variation selector or ZWJ
/// partners, a flag — told from the bytes, by the rule `CellWidth.of`
/// applies to each cluster. Without it every such item whose upper bound
/// could be the widest row was measured through `String` and grapheme
/// breaking: 60 MB of Hindi, Thai and emoji text loaded at 42 MB/s.
///
/// Only what the bytes settle is measured: a scalar that attaches to the
/// one before it (Extend, SpacingMark, ZWJ: `attachers`) after anything but
/// a control (`breakers`); regional indicators in pairs; an emoji after a
/// ZWJ where Swift's own breaking joins it. Anything else — a mark with
/// nothing to attach to (drawn on `◌`), Hangul jamo, a prepended
/// concatenation mark, an invisible format character, a cluster ending in
/// a ZWJ, bad UTF-8 — leaves it to `TextSanitizer`.
extension TextWidth {
  /// A scalar's join class and widths, for the first two planes (128 KiB,
  /// built on first use): bit 0 an attacher, bit 1 a breaker, bits 2–3 its
  /// width alone (`CellWidth.of`), bits 4–5 what it adds to a cluster that
  /// is no emoji sequence (`CellWidth.spacingWidth`); widths for attachers
  /// only (any other scalar starts a cluster, and `scalar` gives its width).
  static var joinTable: UnsafePointer<UInt8> { joinClasses.bits }
  static let joinClasses = JoinClasses()

  struct JoinClasses: @unchecked Sendable {
    let bits: UnsafePointer<UInt8>
    init() {
      let end = Int(TextWidth.tableEnd)
      let table = UnsafeMutablePointer<UInt8>.allocate(capacity: end)
      table.initialize(repeating: 0, count: end)
      for r in TextWidth.attachers where Int(r.low) < end {
        for v in r.low...min(r.high, UInt32(end - 1)) { table[Int(v)] = TextWidth.joinBits(v) }
      }
      for r in TextWidth.breakers where Int(r.low) < end {
        for v in r.low...min(r.high, UInt32(end - 1)) { table[Int(v)] |= 2 }
      }
      for v in 0..<0x20 { table[v] |= 2 }
      table[0x7F] |= 2
      bits = UnsafePointer(table)
    }
  }

  /// The class bits of `v` (see `joinTable`, passed in: a static's
  /// every read is a `swift_once` call, a tenth of this pass).
  @inline(__always)
  static func joinClass(_ v: UInt32, _ table: UnsafePointer<UInt8>) -> UInt8 {
    if v < tableEnd { return table[Int(v)] }
    return joinClassBeyond(v)
  }

  static func joinClassBeyond(_ v: UInt32) -> UInt8 {
    var bits: UInt8 = 0
    if inRanges(attachers, v) { bits = joinBits(v) }
    if inRanges(breakers, v) { bits |= 2 }
    return bits
  }

  /// An attacher's bits: its widths as `CellWidth` gives them.
  static func joinBits(_ v: UInt32) -> UInt8 {
    guard let s = Unicode.Scalar(v) else { return 0 }
    return 1 | UInt8(min(CellWidth.of(s), 3)) << 2 | UInt8(min(CellWidth.spacingWidth(s), 3)) << 4
  }

  /// The cluster being measured: the terms of `CellWidth.of`.
  private struct Cluster {
    var first: UInt32 = 0
    /// Scalars in it.
    var count = 0
    /// Its width when it is one scalar (`scalar`: a control as its picture).
    var alone = 0
    var widest = 0
    var sum = 0
    var extra = 0
    var unit = false
    /// Nothing attaches to it: its first scalar is a control.
    var closed = true
    /// Its last scalar is a ZWJ.
    var endsInJoiner = false
    /// Since its last emoji, only scalars that extend an emoji (a
    /// variation selector, a skin tone): a ZWJ then may join the next emoji.
    var emojiTail = false

    /// The cells `CellWidth.of` gives it (nil: the sanitizer's to tell).
    var cells: Int? {
      guard !endsInJoiner else { return nil }
      if count == 1 { return alone }
      return unit ? min(min(widest, 2) + extra, 2) : sum + extra
    }
  }

  /// The exact cells of text `p[0..<n]` (a JSON string body when
  /// `escapes`), as `TextSanitizer` draws it, when the bytes tell its
  /// clusters (see above); nil when only grapheme breaking can.
  @inline(never)
  static func joinedCells(_ p: Pointer, _ n: Int, escapes: Bool) -> Int? {
    var total = 0
    var c = Cluster()
    var i = 0
    let (widths, classes) = (bmp, joinTable)
    while i < n {
      let b = p[i]
      if b >= 0x20 && b < 0x7F && (b != 0x5C || !escapes) {
        // Printable ASCII, most of any text: a cluster of one cell.
        if c.count > 0 {
          guard let cells = c.cells else { return nil }
          total += cells
        }
        c = Cluster(first: UInt32(b), count: 1, alone: 1, widest: 1, sum: 1, closed: false)
        i += 1
        continue
      }
      let v: UInt32
      if b & 0xF0 == 0xE0, i + 2 < n, p[i + 1] & 0xC0 == 0x80, p[i + 2] & 0xC0 == 0x80,
        (b != 0xE0 || p[i + 1] >= 0xA0) && (b != 0xED || p[i + 1] < 0xA0)
      {
        // Three bytes (most scripts' letters and marks), decoded in place.
        v = UInt32(b & 0x0F) << 12 | UInt32(p[i + 1] & 0x3F) << 6 | UInt32(p[i + 2] & 0x3F)
        i += 3
      } else {
        guard let (decoded, next) = scalar(at: i, p, n, escapes: escapes) else { return nil }
        v = decoded
        i = next
      }
      let bits = joinClass(v, classes)
      if v == 0x200D || v == 0xFE0F || bits & 1 != 0 {
        // Attaches to the cluster before it, unless that is a control or there is none.
        guard c.count > 0, !c.closed else { return nil }
        c.count += 1
        c.endsInJoiner = v == 0x200D
        if v == 0x200D {
          // Only in an emoji sequence: after a letter, a ZWJ may join an
          // Indic conjunct (GB9c) into a cluster this does not follow.
          guard c.emojiTail else { return nil }
          c.unit = true
        } else if v == 0xFE0F {
          if Unicode.Scalar(c.first)?.properties.isEmoji == true {
            c.widest = 2
            c.unit = true
          }
        } else if CellWidth.isSpacingExtender(v) {
          c.extra += 1
          c.emojiTail = false
        } else {
          if CellWidth.mayBeEmoji(v) {
            // A skin tone or tag on anything but an emoji: as rare as it is odd.
            guard CellWidth.mayBeEmoji(c.first) else { return nil }
            c.unit = true
          }
          c.widest = max(c.widest, Int(bits >> 2 & 3))
          c.sum += Int(bits >> 4 & 3)
          if !(0x1F3FB...0x1F3FF).contains(v) && !(0xFE00...0xFE0E).contains(v) { c.emojiTail = false }
        }
        continue
      }
      let isFlag = (0x1F1E6...0x1F1FF).contains(v)
      let w = isFlag ? CellWidth.of(Unicode.Scalar(v)!) : v < 0x300 ? 1 : v < tableEnd ? Int(widths[Int(v)]) : scalar(v)
      // Any other scalar that has no width of its own (a lone mark, a
      // format character) or may join its neighbours (jamo, prepended marks).
      guard w > 0 else { return nil }
      if isFlag && c.count == 1 && (0x1F1E6...0x1F1FF).contains(c.first) {
        // The second of a pair of regional indicators: one flag.
        c.count += 1
        c.widest = max(c.widest, w)
        continue
      }
      if c.endsInJoiner {
        // An emoji after a ZWJ joins the emoji before it (GB11), as
        // Swift's breaking tells: the pair is asked, not a property table.
        guard c.emojiTail, CellWidth.mayBeEmoji(v), Self.joins(c.first, v) else { return nil }
        c.count += 1
        c.endsInJoiner = false
        c.widest = max(c.widest, w)
        c.sum += w
        continue
      }
      if c.count > 0 {
        guard let cells = c.cells else { return nil }
        total += cells
      }
      c = Cluster(
        first: v, count: 1, alone: w, widest: w, sum: w, unit: CellWidth.mayBeEmoji(v), closed: bits & 2 != 0,
        emojiTail: CellWidth.mayBeEmoji(v))
    }
    if c.count > 0 {
      guard let cells = c.cells else { return nil }
      total += cells
    }
    return total
  }

  /// Whether `emoji`, a ZWJ and `next` are one grapheme (GB11: both Extended_Pictographic).
  static func joins(_ emoji: UInt32, _ next: UInt32) -> Bool {
    guard let a = Unicode.Scalar(emoji), let b = Unicode.Scalar(next) else { return false }
    var text = String.UnicodeScalarView()
    text.append(a)
    text.append("\u{200D}")
    text.append(b)
    return String(text).count == 1
  }

  /// The scalar at byte `i` of `p[0..<n]` and where the next starts: a
  /// JSON escape when `escapes` (a lone surrogate as U+FFFD, as decoding
  /// makes it), else UTF-8; nil for bytes that are not UTF-8.
  @inline(__always)
  static func scalar(at i: Int, _ p: Pointer, _ n: Int, escapes: Bool) -> (UInt32, Int)? {
    let c = p[i]
    if c < 0x80 {
      guard c == 0x5C && escapes && i + 1 < n else { return (UInt32(c), i + 1) }
      let e = p[i + 1]
      guard e == 0x75 else {
        switch e {
        case 0x6E: return (0x0A, i + 2)
        case 0x74: return (0x09, i + 2)
        case 0x72: return (0x0D, i + 2)
        case 0x62: return (0x08, i + 2)
        case 0x66: return (0x0C, i + 2)
        default: return (UInt32(e), i + 2)
        }
      }
      guard i + 6 <= n, let v = hex4(p + i + 2) else { return nil }
      if v >= 0xD800 && v < 0xDC00, i + 12 <= n, p[i + 6] == 0x5C, p[i + 7] == 0x75, let low = hex4(p + i + 8),
        low >= 0xDC00 && low < 0xE000
      {
        return (0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00), i + 12)
      }
      return (v >= 0xD800 && v < 0xE000 ? 0xFFFD : v, i + 6)
    }
    let need = UTF8Lead.length(c) - 1
    guard need > 0, i + need < n, UTF8Lead.secondByte(after: c).contains(p[i + 1]) else { return nil }
    var v = UTF8Lead.payload(c, length: need + 1)
    for k in 1...need {
      let b = p[i + k]
      guard UTF8Lead.isContinuation(b) else { return nil }
      v = v << 6 | UInt32(b & 0x3F)
    }
    return (v, i + need + 1)
  }
}
