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
/// a ZWJ after one (GB11: `pictographs`, found with Swift's own breaking);
/// Hangul jamo by their classes (GB6–GB8). Anything else — a mark with
/// nothing to attach to (drawn on `◌`), a prepended concatenation mark, an
/// invisible format character, a ZWJ after a letter, bad UTF-8 — leaves it
/// to `TextSanitizer`, with an upper bound for the widest-row pass
/// (`joinedBound`).
extension TextWidth {
  /// A scalar's join class and widths, for the first two planes (128 KiB,
  /// built on first use): bit 0 an attacher, bit 1 a breaker, bits 2–3 its
  /// width alone (`CellWidth.of`), bits 4–5 what it adds to a cluster that
  /// is no emoji sequence (`CellWidth.spacingWidth`); widths for attachers
  /// only (any other scalar starts a cluster, and `scalar` gives its width);
  /// for a breaker, bit 2 says it is an invisible format character (ZWSP,
  /// word joiner, BOM: `invisibleBit`).
  /// Bit 6: it may be an emoji (`CellWidth.mayBeEmoji`); bit 7: a pictograph
  /// (`pictographs`). Asked per scalar, a function call or a `String` built
  /// for each pair around a ZWJ was a fifth of measuring emoji text.
  static var joinTable: UnsafePointer<UInt8> { joinClasses.bits }
  static let joinClasses = JoinClasses()

  struct JoinClasses: @unchecked Sendable {
    let bits: UnsafePointer<UInt8>
    /// For each scalar of the first plane, what `joinedBound` measures in
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
        for v in r.low...min(r.high, UInt32(end - 1)) { table[Int(v)] |= 2 | TextWidth.invisibleBits(v) }
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
    if inRanges(breakers, v) { bits |= 2 | invisibleBits(v) }
    if CellWidth.mayBeEmoji(v) { bits |= mayBeEmojiBit }
    if inRanges(pictographs, v) { bits |= pictographBit }
    return bits
  }

  /// `invisibleBit` for a breaker of no width of its own that is a format
  /// character (`TextSanitizer.isInvisible`), else 0.
  static func invisibleBits(_ v: UInt32) -> UInt8 {
    guard scalar(v) <= 0, let s = Unicode.Scalar(v), s.properties.generalCategory == .format else { return 0 }
    return invisibleBit
  }

  static let invisibleBit: UInt8 = 0x04
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
    /// Scalars after its first with a cell of their own (`CellWidth.of`).
    var marks = 0
    var unit = false
    /// Nothing attaches to it: its first scalar is a control.
    var closed = true
    /// Its last scalar is a ZWJ.
    var endsInJoiner = false
    /// Since its last emoji, only scalars that extend an emoji (a
    /// variation selector, a skin tone): a ZWJ then may join the next emoji.
    var emojiTail = false
    /// The Hangul class of its last scalar (`hangulClass`; 0: none), which
    /// the jamo after it may join (GB6–GB8).
    var hangul: UInt8 = 0
    /// It starts with a vowel or trailing jamo (no leading one before it):
    /// with no cell of its own it is drawn on `◌`, one cell.
    var lone = false
    /// Cells of it already counted (a letter and its marks in a run):
    /// what may turn out not to be there when a stretch joins it.
    var counted = 0

    /// The cells `CellWidth.of` gives it (nil: the sanitizer's to tell).
    var cells: Int? { endsInJoiner ? nil : bound }

    /// Its cells whatever comes after it: what a ZWJ ending it (left out
    /// where it is drawn) or anything that joins it past here adds is the
    /// joining scalars' own bound.
    @inline(__always) var bound: Int {
      if count == 1 { return alone }
      if unit { return min(min(widest, 2) + extra + marks, 2) }
      return lone ? max(sum + extra, 1) : sum + extra
    }
  }

  /// The class of `v` in the Hangul rules (GB6–GB8): 1 a leading jamo
  /// (L), 2 a vowel (V), 3 a trailing jamo (T), 4 an LV syllable, 5 an LVT
  /// one; 0 for any other scalar. Vowels and trailing jamo take no cell,
  /// the others two (`CellWidth`; a test holds them to it).
  @inline(__always)
  static func hangulClass(_ v: UInt32) -> UInt8 {
    switch v {
    case 0x1100...0x115F, 0xA960...0xA97C: return 1
    case 0x1160...0x11A7, 0xD7B0...0xD7C6: return 2
    case 0x11A8...0x11FF, 0xD7CB...0xD7FB: return 3
    case 0xAC00...0xD7A3: return (v - 0xAC00) % 28 == 0 ? 4 : 5
    default: return 0
    }
  }

  /// Whether a scalar of Hangul class `next` joins one of class `last`:
  /// L × (L | V | LV | LVT), (LV | V) × (V | T), (LVT | T) × T.
  static func hangulJoins(_ last: UInt8, _ next: UInt8) -> Bool {
    switch last {
    case 1: return next != 3 && next != 0
    case 2, 4: return next == 2 || next == 3
    case 3, 5: return next == 3
    default: return false
    }
  }

  /// The exact cells of text `p[0..<n]` (a JSON string body when
  /// `escapes`), as `TextSanitizer` draws it, when the bytes tell its
  /// clusters (see above); nil when only grapheme breaking can. (The
  /// loaders take `joinedBound`'s bound too; this is its exact answer alone.)
  static func joinedCells(_ p: Pointer, _ n: Int, escapes: Bool) -> Int? {
    let measured = joinedBound(p, n, escapes: escapes)
    return measured.exact ? measured.cells : nil
  }

  /// `joinedCells`, or where the bytes cannot tell, an upper bound: the
  /// clusters they tell counted exactly; an invisible format character as
  /// the one cell its `◌` may take; a ZWJ after a letter as if nothing
  /// joined it (a consonant it joins, GB9c, adds no cell); any other
  /// stretch (a lone mark, a Prepend) by its scalars' bound (`skip`), up to
  /// where clusters start again whatever came before. Such a scalar then
  /// costs its item a cell or two of slack, not the whole item's: text with
  /// one in most items was decoded item after item (30 MB in 3.5 s).
  /// Its lower bound (`Cells.least`) takes off what each such place may
  /// have counted that is not there: the cell of an invisible character,
  /// two for a consonant a ZWJ may join, a cluster before a ZWJ that joins
  /// nothing, a stretch and the cluster it may join.
  /// A row no wider than `floor` cannot be the widest (`ItemWidth.Bar`):
  /// once what is counted and the bytes left (no scalar takes more cells
  /// than bytes) come to no more, measuring stops there, with that bound.
  /// (A third of such text's rows was measured to the end for nothing.)
  @inline(never)
  static func joinedBound(_ p: Pointer, _ n: Int, escapes: Bool, floor: Int = -1) -> Cells {
    var total = 0
    var c = Cluster()
    var exact = true
    var slack = 0
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
    /// Counts the open cluster by its `bound` and the stretch the bytes
    /// cannot tell — from the scalar at `at` to where measuring can go on,
    /// searched from `from` (`prepend`: the scalar before it is a Prepend)
    /// — by its scalars, and goes on there with no cluster open. It goes
    /// on at a scalar that starts a cluster whatever stood before it:
    /// printable ASCII but after a Prepend (GB9b), or a letter (`plainBase`)
    /// after ASCII or another letter (no conjunct, GB9c, no jamo, GB6).
    /// Counts the open cluster, which what comes next does not join: one
    /// ending in a ZWJ is drawn without it, and after a letter the ZWJ may
    /// join what comes next (GB9c), which then adds no cell — a bound.
    func close() {
      guard c.count > 0 else { return }
      total += c.bound
      if c.endsInJoiner {
        exact = false
        slack += c.bound
      }
    }
    func skip(at start: Int, from: Int, prepend: Bool = false) {
      if c.count > 0 {
        total += c.bound
        slack += c.bound + c.counted
      }
      var j = from
      var afterPrepend = prepend
      var afterLetter = false
      while j < n {
        let b = p[j]
        let ascii = b >= 0x20 && b < 0x7F && (b != 0x5C || !escapes)
        if ascii && !afterPrepend && j > start { break }
        guard let (v, next) = scalar(at: j, p, n, escapes: escapes) else {
          (afterPrepend, afterLetter) = (false, false)
          j += 1
          continue
        }
        let letter = v < 0x10000 && plain[Int(v)] & plainBase != 0
        if letter && afterLetter && j > start { break }
        afterPrepend = !letter && v >= 0x600 && (v >= tableEnd || widths[Int(v)] < 0) && inRanges(prependers, v)
        afterLetter = ascii || letter
        j = next
      }
      let stretch = cells(p + start, j - start, escapes: escapes, joining: false).cells
      total += stretch
      slack += stretch
      exact = false
      c = Cluster()
      i = j
    }
    while i < n {
      let b = p[i]
      if b >= 0x20 && b < 0x7F && (b != 0x5C || !escapes) {
        // Printable ASCII, most of any text: clusters of one cell each.
        // (Between words, where a row that cannot be the widest is left.)
        let most = total + c.bound + (n - i)
        if most <= floor { return Cells(cells: most, exact: false, least: total - slack) }
        // A cluster ending in a ZWJ (after an emoji: GB11 would join a
        // pictograph) joins no ASCII: as drawn, without the ZWJ.
        close()
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
      let at = i
      if b >= 0xE0 || b == 0x5C {
        // A run of letters and the marks on them (`plain`), three-byte or
        // `\uXXXX`, most of Indic, Thai or CJK text: their cells added as
        // they come, with no branch on which is which (a mark after a
        // letter, at random, was a misprediction each).
        (v, length) = runScalar(at: i, p, n, escapes: escapes)
        // (After a leading jamo, a syllable joins it: taken below.)
        var f = length > 0 && c.hangul != 1 ? plain[Int(v)] : 0
        if f & plainBase != 0 {
          // The cluster before the run's first letter ends there. Nor
          // does a letter join a ZWJ, being no pictograph (as above); after
          // a ZWJ after a letter, a consonant may join (GB9c): no more cells.
          close()
          c = Cluster(first: v, firstBits: classes[Int(v)], count: 1, closed: false)
        } else if f & plainMark == 0 || c.count == 0 || c.closed || c.unit || c.endsInJoiner || c.first >= 0x10000
          || plain[Int(c.first)] & plainBase == 0
        {
          f = 0
        } else {
          // Marks on the cluster before: its cells so far are counted now.
          guard let cells = c.cells else {
            skip(at: i, from: i)
            continue
          }
          total += cells
          c.counted += cells
          (c.alone, c.sum, c.extra) = (0, 0, 0)
        }
        if f != 0 {
          // The run's last letter starts the cluster left open: its cells
          // and its marks' are counted, so what attaches to it past the run
          // adds from zero.
          var last = c.first
          var endsInLetter = false
          var counted = c.counted
          repeat {
            let cells = Int(f & 3)
            total += cells
            endsInLetter = f & plainBase != 0
            last = endsInLetter ? v : last
            counted = endsInLetter ? cells : counted + cells
            i += length
            (v, length) = runScalar(at: i, p, n, escapes: escapes)
            f = length > 0 ? plain[Int(v)] : 0
          } while f != 0
          if last != c.first { c = Cluster(first: last, firstBits: classes[Int(last)], count: 1, closed: false) }
          c.counted = counted
          c.hangul = endsInLetter && last >= 0xAC00 ? hangulClass(last) : 0
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
        guard let (scalar, next) = scalar(at: i, p, n, escapes: escapes) else {
          skip(at: i, from: i)
          continue
        }
        v = scalar
        i = next
      }
      let bits = joinClass(v, classes)
      if v == 0x200D || v == 0xFE0F || bits & 1 != 0 {
        // Attaches to the cluster before it, unless that is a control or there is none.
        guard c.count > 0, !c.closed else {
          skip(at: at, from: i)
          continue
        }
        c.count += 1
        c.hangul = 0
        let joined = c.endsInJoiner
        c.endsInJoiner = v == 0x200D
        if v == 0x200D {
          // Only in an emoji sequence: after a letter, a ZWJ may join an
          // Indic conjunct (GB9c) into a cluster this does not follow —
          // counted as if it did not (the scalar after a ZWJ adds no cell
          // to a cluster it joins), a bound.
          guard c.emojiTail else {
            exact = false
            slack += 2
            continue
          }
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
            guard c.firstBits & mayBeEmojiBit != 0 else {
              skip(at: at, from: i)
              continue
            }
            c.unit = true
          }
          let (alone, spacing) = (Int(bits >> 2 & 3), Int(bits >> 4 & 3))
          c.widest = max(c.widest, alone)
          c.sum += spacing
          if spacing > 0 && !joined { c.marks += 1 }
          if !(0x1F3FB...0x1F3FF).contains(v) && !(0xFE00...0xFE0E).contains(v) { c.emojiTail = false }
        }
        continue
      }
      if v >= 0x1100 && v <= 0xD7FB, case let kind = hangulClass(v), kind != 0 {
        // Jamo join a cluster of Hangul before them, else start one; a
        // cluster of them is as wide as its scalars (leading jamo and
        // syllables two cells each, vowels and trailing jamo none).
        let cells = kind == 2 || kind == 3 ? 0 : 2
        if c.count > 0 && hangulJoins(c.hangul, kind) {
          c.count += 1
          c.hangul = kind
          c.widest = max(c.widest, cells)
          c.sum += cells
          continue
        }
        close()
        c = Cluster(
          first: v, firstBits: bits, count: 1, alone: max(cells, 1), widest: cells, sum: cells, closed: false,
          hangul: kind, lone: cells == 0)
        continue
      }
      let isFlag = (0x1F1E6...0x1F1FF).contains(v)
      let w = isFlag ? CellWidth.of(Unicode.Scalar(v)!) : v < 0x300 ? 1 : v < tableEnd ? Int(widths[Int(v)]) : scalar(v)
      if bits & (2 | invisibleBit) == 2 | invisibleBit {
        // An invisible format character (ZWSP, word joiner, BOM) ends the
        // cluster before it and is left out where it is drawn, but for a
        // `◌` when the clusters around it would fuse: a cell at most.
        if c.count > 0 { total += c.bound }
        total += 1
        slack += 1
        exact = false
        c = Cluster()
        continue
      }
      // Any other scalar that has no width of its own (a lone mark) or may
      // join its neighbours (prepended marks).
      guard w > 0 else {
        skip(at: at, from: i, prepend: v >= 0x600 && inRanges(prependers, v))
        continue
      }
      if isFlag && c.count == 1 && (0x1F1E6...0x1F1FF).contains(c.first) {
        // The second of a pair of regional indicators: one flag.
        c.count += 1
        c.widest = max(c.widest, w)
        continue
      }
      if c.endsInJoiner {
        // A pictograph after a ZWJ joins the pictograph before it (GB11).
        if c.emojiTail && c.firstBits & bits & pictographBit != 0 {
          c.count += 1
          c.endsInJoiner = false
          c.widest = max(c.widest, w)
          c.sum += w
          continue
        }
        // Anything else starts a cluster here, the one before it drawn
        // without its ZWJ (a ZWJ after a letter: a consonant that joins it
        // by GB9c would add no cell, so this bounds it).
        exact = false
        slack += c.bound
      }
      if c.count > 0 { total += c.bound }
      let emoji = bits & mayBeEmojiBit != 0
      c = Cluster(
        first: v, firstBits: bits, count: 1, alone: w, widest: w, sum: w, unit: emoji, closed: bits & 2 != 0,
        emojiTail: emoji)
    }
    close()
    return Cells(cells: total, exact: exact, least: total - slack)
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
