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
/// a control (`breakers`); regional indicators in pairs; a pictograph after
/// a ZWJ after one (GB11: `pictographs`, found with Swift's own breaking).
/// Anything else — a mark with nothing to attach to (drawn on `◌`), Hangul
/// jamo, a prepended concatenation mark, an invisible format character, a
/// cluster ending in a ZWJ, bad UTF-8 — leaves it to `TextSanitizer`.
extension TextWidth {
  /// A scalar's join class and widths, for the first two planes (128 KiB,
  /// built on first use): bit 0 an attacher, bit 1 a breaker, bits 2–3 its
  /// width alone (`CellWidth.of`), bits 4–5 what it adds to a cluster that
  /// is no emoji sequence (`CellWidth.spacingWidth`); widths for attachers
  /// only (any other scalar starts a cluster, and `scalar` gives its width).
  /// Bit 6: it may be an emoji (`CellWidth.mayBeEmoji`); bit 7: a pictograph
  /// (`pictographs`). Asked per scalar, a function call or a `String` built
  /// for each pair around a ZWJ was a fifth of measuring emoji text.
  static var joinTable: UnsafePointer<UInt8> { joinClasses.bits }
  static let joinClasses = JoinClasses()

  struct JoinClasses: @unchecked Sendable {
    let bits: UnsafePointer<UInt8>
    /// For each scalar of the first plane, what `joinedCells` measures in
    /// a run of its own: `plainBase` for one that starts a cluster no
    /// emoji sequence, no control and no joining scalar (a letter of most
    /// scripts, a CJK ideograph), `plainMark` for one that attaches to such
    /// a cluster with a fixed width (a vowel sign, a virama, an accent; not
    /// a ZWJ, a variation selector 16 or an emoji modifier), with the cells
    /// it adds in bits 0–1; zero for any other.
    let plain: UnsafePointer<UInt8>
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
      for v in 0xA9..<UInt32(end) where CellWidth.mayBeEmoji(v) { table[Int(v)] |= TextWidth.mayBeEmojiBit }
      for r in TextWidth.pictographs where Int(r.low) < end {
        for v in r.low...min(r.high, UInt32(end - 1)) { table[Int(v)] |= TextWidth.pictographBit }
      }
      bits = UnsafePointer(table)
      let plain = UnsafeMutablePointer<UInt8>.allocate(capacity: 0x10000)
      let widths = TextWidth.bmp
      for v in 0..<0x10000 {
        let b = table[v]
        let w = widths[v]
        // Not the digits, `#` and `*`, which a VS16 makes emoji (keycaps).
        let emoji = v < 0xA9 && Unicode.Scalar(UInt8(v)).properties.isEmoji
        if b & (1 | 2 | TextWidth.mayBeEmojiBit) == 0 && w > 0 && !emoji {
          plain[v] = TextWidth.plainBase | UInt8(w)
        } else if b & (1 | TextWidth.mayBeEmojiBit) == 1 && v != 0x200D && v != 0xFE0F {
          plain[v] = TextWidth.plainMark | (CellWidth.isSpacingExtender(UInt32(v)) ? 1 : b >> 4 & 3)
        } else {
          plain[v] = 0
        }
      }
      self.plain = UnsafePointer(plain)
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
    if CellWidth.mayBeEmoji(v) { bits |= mayBeEmojiBit }
    if inRanges(pictographs, v) { bits |= pictographBit }
    return bits
  }

  static let mayBeEmojiBit: UInt8 = 0x40
  static let pictographBit: UInt8 = 0x80
  static let plainBase: UInt8 = 0x40
  static let plainMark: UInt8 = 0x80

  /// An attacher's bits: its widths as `CellWidth` gives them.
  static func joinBits(_ v: UInt32) -> UInt8 {
    guard let s = Unicode.Scalar(v) else { return 0 }
    return 1 | UInt8(min(CellWidth.of(s), 3)) << 2 | UInt8(min(CellWidth.spacingWidth(s), 3)) << 4
  }

  /// The cluster being measured: the terms of `CellWidth.of`.
  private struct Cluster {
    var first: UInt32 = 0
    /// `first`'s class bits (`joinTable`).
    var firstBits: UInt8 = 0
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
    let (widths, classes, plain) = (bmp, joinTable, joinClasses.plain)
    // The last scalar a VS16 followed, and whether it is an emoji: asked
    // of its properties once for a run of `❤️`.
    var emojiAsked = UInt32.max
    var emojiAnswer = false
    func isEmoji(_ v: UInt32) -> Bool {
      emojiAsked = v
      emojiAnswer = Unicode.Scalar(v)?.properties.isEmoji == true
      return emojiAnswer
    }
    while i < n {
      let b = p[i]
      if b >= 0x20 && b < 0x7F && (b != 0x5C || !escapes) {
        // Printable ASCII, most of any text: clusters of one cell each.
        if c.count > 0 {
          guard let cells = c.cells else { return nil }
          total += cells
        }
        var last = b
        i += 1
        while i < n {
          let b = p[i]
          guard b >= 0x20 && b < 0x7F && (b != 0x5C || !escapes) else { break }
          total += 1
          last = b
          i += 1
        }
        c = Cluster(
          first: UInt32(last), firstBits: classes[Int(last)], count: 1, alone: 1, widest: 1, sum: 1, closed: false)
        continue
      }
      var v: UInt32 = 0
      var length = 0
      if b >= 0xE0 || b == 0x5C {
        // A run of letters and the marks on them (`plain`), three-byte or
        // `\uXXXX`, most of Indic, Thai or CJK text: their cells added as
        // they come, with no branch on which is which (a mark after a
        // letter, at random, was a misprediction each).
        (v, length) = runScalar(at: i, p, n, escapes: escapes)
        var f = length > 0 ? plain[Int(v)] : 0
        if f & plainBase != 0 {
          // The cluster before the run's first letter ends there.
          if c.count > 0 {
            guard let cells = c.cells else { return nil }
            total += cells
          }
          c = Cluster(first: v, firstBits: classes[Int(v)], count: 1, closed: false)
        } else if f & plainMark == 0 || c.count == 0 || c.closed || c.unit || c.endsInJoiner || c.first >= 0x10000
          || plain[Int(c.first)] & plainBase == 0
        {
          f = 0
        } else {
          // Marks on the cluster before: its cells so far are counted now.
          guard let cells = c.cells else { return nil }
          total += cells
          (c.alone, c.sum, c.extra) = (0, 0, 0)
        }
        if f != 0 {
          // The run's last letter starts the cluster left open: its cells
          // and its marks' are counted, so what attaches to it past the run
          // adds from zero.
          var last = c.first
          repeat {
            total += Int(f & 3)
            last = f & plainBase != 0 ? v : last
            i += length
            (v, length) = runScalar(at: i, p, n, escapes: escapes)
            f = length > 0 ? plain[Int(v)] : 0
          } while f != 0
          if last != c.first { c = Cluster(first: last, firstBits: classes[Int(last)], count: 1, closed: false) }
          continue
        }
      }
      // Any other scalar: three bytes or `\uXXXX` as decoded above, two
      // (accents as combining marks) and four (emoji) in place, anything
      // else (a surrogate pair, a short escape) by `scalar(at:)`.
      if length > 0 {
        i += length
      } else if b >= 0xC2 && b < 0xE0 && i + 1 < n && p[i + 1] & 0xC0 == 0x80 {
        v = UInt32(b & 0x1F) << 6 | UInt32(p[i + 1] & 0x3F)
        i += 2
      } else if b >= 0xF0 && b < 0xF5 && i + 3 < n && UTF8Lead.secondByte(after: b).contains(p[i + 1])
        && p[i + 2] & 0xC0 == 0x80 && p[i + 3] & 0xC0 == 0x80
      {
        v = UInt32(b & 0x07) << 18 | UInt32(p[i + 1] & 0x3F) << 12
        v |= UInt32(p[i + 2] & 0x3F) << 6 | UInt32(p[i + 3] & 0x3F)
        i += 4
      } else {
        guard let (scalar, next) = scalar(at: i, p, n, escapes: escapes) else { return nil }
        v = scalar
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
          if c.first == emojiAsked ? emojiAnswer : isEmoji(c.first) {
            c.widest = 2
            c.unit = true
          }
        } else if CellWidth.isSpacingExtender(v) {
          c.extra += 1
          c.emojiTail = false
        } else {
          if bits & mayBeEmojiBit != 0 {
            // A skin tone or tag on anything but an emoji: as rare as it is odd.
            guard c.firstBits & mayBeEmojiBit != 0 else { return nil }
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
        // A pictograph after a ZWJ joins the pictograph before it (GB11).
        guard c.emojiTail, c.firstBits & bits & pictographBit != 0 else { return nil }
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
      let emoji = bits & mayBeEmojiBit != 0
      c = Cluster(
        first: v, firstBits: bits, count: 1, alone: w, widest: w, sum: w, unit: emoji, closed: bits & 2 != 0,
        emojiTail: emoji)
    }
    if c.count > 0 {
      guard let cells = c.cells else { return nil }
      total += cells
    }
    return total
  }

  /// The scalar at byte `i` of `p[0..<n]` when it is three bytes or a
  /// `\uXXXX` escape (`escapes`) of no surrogate, and its length; else length 0.
  @inline(__always)
  static func runScalar(at i: Int, _ p: Pointer, _ n: Int, escapes: Bool) -> (UInt32, Int) {
    if i + 2 < n && p[i] & 0xF0 == 0xE0 {
      let b0 = p[i]
      let b1 = p[i + 1]
      let b2 = p[i + 2]
      guard b1 & 0xC0 == 0x80 && b2 & 0xC0 == 0x80 && (b0 != 0xE0 || b1 >= 0xA0) && (b0 != 0xED || b1 < 0xA0) else {
        return (0, 0)
      }
      return (UInt32(b0 & 0x0F) << 12 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F), 3)
    }
    if escapes && i + 6 <= n && p[i] == 0x5C && p[i + 1] == 0x75 {
      let h = JSONLexer.hex4(p + i + 2)
      guard h >= 0 && (h < 0xD800 || h >= 0xE000) else { return (0, 0) }
      return (UInt32(truncatingIfNeeded: h), 6)
    }
    return (0, 0)
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
