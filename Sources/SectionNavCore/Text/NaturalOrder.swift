#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Case- and accent-insensitive natural order ("Item 2" before "Item 10",
/// "Émile" among the E's, "Ŋoma" among the N's), the order a keyed data
/// model sorted by key shows to people. Titles are folded by `Folding` (the
/// rule the index files them by), digit runs compare as numbers, and titles
/// equal under that order fall back to code-point order, so sorting is
/// total and repeatable.
///
/// Each title's key is made once and keys compare as bytes (an 8-byte
/// prefix as an integer first), so sorting many titles costs no string
/// comparison at all.
public enum NaturalOrder {
  /// From this many titles on, keys are made and sorted on two cores.
  static let parallelCount = 1 << 15

  /// The sort key of `title`: its fold, with each run of ASCII digits
  /// written as `0`, the run's length without leading zeros (one byte) and
  /// those digits two to a byte (`SortKeys.packed`; as they are from 255
  /// digits on) — so longer numbers sort after shorter ones and the marker
  /// `0` sorts where a digit would.
  public static func sortKey(_ title: String) -> [UInt8] {
    var keys = SortKeys()
    keys.append(title)
    keys.trim()
    return keys.bytes
  }

  /// Sort keys of many titles in one byte array (no array per title: a
  /// million sections make two allocations, not a million).
  public struct SortKeys: Sendable {
    var bytes: [UInt8] = []
    /// `bytes[ends[i - 1]..<ends[i]]` is key `i` (0 before the first).
    var ends: [Int] = []
    /// The keys after those, made on another thread (a second half's,
    /// `adopt`), kept as that thread made them instead of copied: key
    /// `ends.count + j` is `laterBytes[laterEnds[j - 1]..<laterEnds[j]]`.
    var laterBytes: [UInt8] = []
    var laterEnds: [Int] = []
    /// Where a title is folded, then rewritten as its key.
    var scratch: [UInt8] = []
    /// A locale's collation (`--locale`): keys are ICU sort keys (digit runs
    /// as numbers there too) instead of the fold; nil is the C locale.
    public let collation: LocaleCollation?

    public init(collation: LocaleCollation? = nil) { self.collation = collation }

    public var count: Int { ends.count + laterEnds.count }

    /// The keys of `titles`, made on two cores when they are many: an ICU
    /// key costs about a microsecond, so a million titles would take a
    /// second on one.
    public static func of(_ titles: [String], collation: LocaleCollation? = nil) -> SortKeys {
      guard titles.count >= NaturalOrder.parallelCount else { return of(titles[...], collation: collation) }
      let half = titles.count / 2
      var (first, second) = ForkJoin.both(
        { of(titles[..<half], collation: collation) }, { of(titles[half...], collation: collation) })
      first.append(contentsOf: second)
      return first
    }

    static func of(_ titles: ArraySlice<String>, collation: LocaleCollation?) -> SortKeys {
      var keys = SortKeys(collation: collation)
      keys.ends.reserveCapacity(titles.count)
      guard let collation else {
        keys.append(keysOf: titles)
        return keys
      }
      withExtendedLifetime(collation) {
        let (collator, filing) = (collation.collator, collation.keyFiling)
        for t in titles {
          LocaleCollation.appendSortKey(collator, t, filing: filing, to: &keys.bytes)
          keys.ends.append(keys.bytes.count)
        }
      }
      return keys
    }

    /// Titles sort by their first 64 KiB: a key of the whole of a 100 MB
    /// value (`--group-by` on a huge field) would cost five times its size;
    /// titles alike that far are ordered as equal keys are, by their text.
    static let titleLimit = 64 << 10

    /// Appends the key of `title`.
    public mutating func append(_ title: String) { append(keysOf: CollectionOfOne(title)) }

    /// Appends the keys of `titles`. In the C locale each is folded into
    /// the scratch buffer, then written with its digit runs rewritten
    /// straight into room at the end of `bytes`, made ahead in blocks (a
    /// million titles: no array append per key, which took more
    /// instructions than the fold and the rewriting together). The room
    /// left after them stays for the keys to come (`trim` drops it).
    public mutating func append(keysOf titles: some Sequence<String>) {
      flatten()
      if let collation {
        for title in titles {
          collation.appendSortKey(title, to: &bytes)
          ends.append(bytes.count)
        }
        return
      }
      var used = end
      // Room ahead for about 64 bytes a title to come, up to a block (a
      // single title's key makes room for itself alone).
      let ahead = min(Self.block, max(titles.underestimatedCount, 1) * 64)
      var rest = titles.makeIterator()
      // Each title moved along (`take`), never copied: a million titles,
      // four runtime calls each fewer.
      var next = rest.next()
      while var title = next.take() {
        // Three bytes more for a `lead` mark.
        let (foldRoom, keyRoom) = Self.room(title.utf8.count + 3)
        makeRoom(fold: foldRoom, key: keyRoom, after: used, ahead: ahead)
        scratch.withUnsafeMutableBufferPointer { room in
          bytes.withUnsafeMutableBufferPointer { out in
            let (f, o) = (room.baseAddress!, out.baseAddress!)
            while true {
              title.withUTF8 { t in
                // Not a byte past the title is read: `String` makes no such promise.
                if let p = t.baseAddress {
                  let (skip, mark) = Self.lead(t)
                  used += Self.write(mark: mark, o + used)
                  let n = Self.limited(p + skip, t.count - skip)
                  used += Self.write(p + skip, n, readable: n, f, o + used)
                }
              }
              ends.append(used)
              next = rest.next()
              guard let following = next else { return }
              // The next one here while its room is there.
              let (foldRoom, keyRoom) = Self.room(following.utf8.count + 3)
              guard foldRoom <= room.count, out.count - used >= keyRoom else { return }
              title = next.take()!
            }
          }
        }
      }
    }

    /// Appends the key of the title whose bytes are `p[0..<n]`, read from
    /// the data where it lies (`Scan`: no `String` is read back for it),
    /// when they are ASCII: then they are the title's text. Returns false,
    /// appending nothing, for any other title: invalid UTF-8 is shown (and
    /// keyed, `append(_:)`) as U+FFFD, so the key must come from the
    /// title's `String`, as every other load path makes it — or, once the
    /// caller knows them valid, from the bytes (`append(utf8:)`).
    /// `readable`: the bytes from `p` that may be read, at least `n`; with 8
    /// more, the title is keyed in one pass (`numbered(lowering:)`). Leaves
    /// room ahead in `bytes` for the keys to come, as `append(keysOf:)`
    /// does. The C locale only.
    public mutating func append(ascii p: UnsafePointer<UInt8>, count n: Int, readable: Int) -> Bool {
      guard Self.isASCII(p, n, readable: readable) else { return false }
      append(utf8: p, count: n, readable: readable, ascii: true)
      return true
    }

    /// Appends the key of the title whose bytes `p[0..<n]` are valid UTF-8
    /// (so they are its text), ASCII when `ascii`: as `append(_:)` keys its
    /// `String`, without making or reading one (a title of its own on each
    /// `grep` line: the generic way was a tenth of the scan).
    mutating func append(utf8 p: UnsafePointer<UInt8>, count n: Int, readable: Int, ascii: Bool) {
      precondition(collation == nil, "ICU keys are made from titles")
      flatten()
      let (skip, mark) = Self.lead(UnsafeBufferPointer(start: p, count: n))
      let n = Self.limited(p + skip, n - skip)
      let used = end
      let (foldRoom, keyRoom) = Self.room(n + 3)  // three bytes more for a `lead` mark
      makeRoom(fold: foldRoom, key: keyRoom, after: used, ahead: Self.block)
      // Other than ASCII, folded first (`write`, as if no byte past it could be read).
      let readable = ascii ? readable - skip : n
      let written = scratch.withUnsafeMutableBufferPointer { room in
        bytes.withUnsafeMutableBufferPointer { out in
          let o = out.baseAddress! + used
          let m = Self.write(mark: mark, o)
          return m + Self.write(p + skip, n, readable: readable, room.baseAddress!, o + m)
        }
      }
      ends.append(used + written)
    }

    /// Put first in the key of a title whose first character (`Initials.filedStart`)
    /// is neither a letter nor a whole number: below the `0` that starts a digit
    /// run, so symbols sort before digits before letters, as in ICU's root
    /// order, and with the `#` they file under at the index's top (a
    /// `~tilde` or `€uro` sorted by its code point came after `Z`).
    static let symbolMark: UInt8 = 0x2F

    /// How a title's key starts, as its initial is read: the bytes before
    /// its first filed character (leading whitespace and emoji, skipped, as
    /// `Initials` skips them: ` lead` and `🇫🇷 France` sort among the titles
    /// of the letter they file under), and a mark written first (a scalar,
    /// 0 for none): `symbolMark` before a symbol; before a Hangul syllable
    /// the consonant it files under (`한` under `ㅎ`: by its code point a
    /// syllable sorted after every Han title, its entry before them). A
    /// title starting with an ASCII letter or digit, most of them, is
    /// decided by its first byte.
    @inline(__always)
    static func lead(_ t: UnsafeBufferPointer<UInt8>) -> (skip: Int, mark: UInt32) {
      guard let c = t.first else { return (0, 0) }
      if (c | 0x20) &- 0x61 < 26 || c &- 0x30 < 10 { return (0, 0) }
      if c > 0x20 && c < 0x7F { return (0, UInt32(Self.symbolMark)) }
      return slowLead(t)
    }

    static func slowLead(_ t: UnsafeBufferPointer<UInt8>) -> (skip: Int, mark: UInt32) {
      var bytes = t.makeIterator()
      var decoder = UTF8()
      // A letter or digit of another script (`É`, `я`, `王`, `٣`) stands first as it is.
      if t[0] >= 0x80, case .scalarValue(let s) = decoder.decode(&bytes) {
        if let initial = Initials.hangulInitial(s) { return (0, initial.value) }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber:
          return (0, 0)
        default: break
        }
      }
      let title = String(decoding: t, as: UTF8.self)
      guard let start = Initials.filedStart(title) else { return (t.count, 0) }
      let skip = title.utf8.distance(from: title.startIndex, to: start)
      let first = title[start]
      if let s = first.unicodeScalars.first, let initial = Initials.hangulInitial(s) { return (skip, initial.value) }
      // A whole number of another form (`²`, `①`) folds to its digits; `½` and `㎏` stay symbols.
      return (skip, !first.isLetter && !first.isWholeNumber ? UInt32(Self.symbolMark) : 0)
    }

    /// Writes `mark` (a scalar, `lead`'s; 0: none) as UTF-8 at `out`; returns its length.
    @inline(__always)
    static func write(mark: UInt32, _ out: UnsafeMutablePointer<UInt8>) -> Int {
      guard mark != 0, let scalar = Unicode.Scalar(mark) else { return 0 }
      var n = 0
      UTF8.encode(scalar) {
        out[n] = $0
        n += 1
      }
      return n
    }

    /// Where the keys end in `bytes` (room may follow, `append(ascii:)`).
    var end: Int { ends.last ?? 0 }

    /// Drops the room after the keys.
    mutating func trim() { bytes.removeLast(bytes.count - end) }

    /// A scratch of `fold` bytes, and `key` bytes of room after `used` in
    /// `bytes` — `ahead` more within the reserved capacity where it allows.
    @inline(__always)
    mutating func makeRoom(fold: Int, key: Int, after used: Int, ahead: Int) {
      if scratch.count < fold { scratch = [UInt8](repeating: 0, count: max(fold, 256)) }
      guard bytes.count - used < key else { return }
      let grow = max(key, min(bytes.capacity, used + ahead) - used)
      bytes.append(contentsOf: repeatElement(0, count: used + grow - bytes.count))
    }

    /// `n` cut to the title limit, at a scalar's start.
    @inline(__always)
    static func limited(_ t: UnsafePointer<UInt8>, _ n: Int) -> Int {
      guard n > titleLimit else { return n }
      var n = titleLimit
      while n > 0, UTF8Lead.isContinuation(t[n]) { n -= 1 }  // whole scalars only
      return n
    }

    /// Writes the key of the title `t[0..<n]` at `out`; returns its length.
    /// Folded into `scratch` first, then its digit runs rewritten
    /// (`numbered`) — unless 8 bytes past it can be read (`readable`) and
    /// it is ASCII (the caller has checked, `append(ascii:)`): then it is
    /// lower-cased as the runs are rewritten, in one pass over its own
    /// bytes (reading back the fold's stores stalled the word loads that
    /// followed them).
    @inline(__always)
    static func write(
      _ t: UnsafePointer<UInt8>, _ n: Int, readable: Int, _ scratch: UnsafeMutablePointer<UInt8>,
      _ out: UnsafeMutablePointer<UInt8>
    ) -> Int {
      if readable - n >= 8 { return numbered(t, n, lowering: true, to: out) }
      return numbered(scratch, Folding.fold(t, n, to: scratch), lowering: false, to: out)
    }

    /// Whether `p[0..<n]` is ASCII: a word at a time (up to 7 bytes past
    /// `n`) where 8 bytes past it may be read (`readable`), else byte by byte.
    @inline(__always)
    static func isASCII(_ p: UnsafePointer<UInt8>, _ n: Int, readable: Int) -> Bool {
      guard readable - n >= 8 else { return !UnsafeBufferPointer(start: p, count: n).contains { $0 >= 0x80 } }
      var high: UInt64 = 0
      var i = 0
      while i < n {
        let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
        high |= n - i >= 8 ? w : w & ((1 << UInt64(8 * (n - i))) &- 1)
        i += 8
      }
      return high & 0x8080_8080_8080_8080 == 0
    }

    /// The room a key of a title of `count` bytes is made in: the fold
    /// takes up to `capacity(for:)` its bytes (to the title limit), and the
    /// key up to three times the fold (a lone digit becomes three bytes) and
    /// word stores 8 past it.
    @inline(__always)
    static func room(_ count: Int) -> (fold: Int, key: Int) {
      let fold = Folding.capacity(for: min(count, titleLimit))
      return (fold, 3 * fold + 8)
    }

    /// How far `bytes` grows ahead of the keys at a time.
    static let block = 64 << 10

    /// Writes `f[0..<m]` with each run of ASCII digits as `0`, the run's
    /// length without leading zeros (one byte) and those digits (`packed`),
    /// "A"–"Z" lower-cased when `lowering` (ASCII `f`: its fold); returns
    /// the count written. Eight bytes at a time up to the next digit, and
    /// through the digits (a branch per byte was most of a key's cost); `f`
    /// must be readable and `out` writable 8 bytes past what they hold.
    @inline(__always)
    static func numbered(
      _ f: UnsafePointer<UInt8>, _ m: Int, lowering: Bool, to out: UnsafeMutablePointer<UInt8>
    ) -> Int {
      let ones: UInt64 = 0x0101_0101_0101_0101
      let highs: UInt64 = 0x8080_8080_8080_8080
      var i = 0
      var o = 0
      while i < m {
        // Copy up to the next digit, a word at a time.
        let w = UnsafeRawPointer(f + i).loadUnaligned(as: UInt64.self)
        // Lower-casing carries no further than past the title's bytes (ASCII).
        UnsafeMutableRawPointer(out + o).storeBytes(of: lowering ? Folding.lowercased(w) : w, as: UInt64.self)
        let low7 = w & ~highs
        let fromZero = low7 &+ (0x80 - 0x30) &* ones
        let pastNine = low7 &+ (0x80 - 0x3A) &* ones
        let digits = fromZero & ~pastNine & ~w & highs
        let skip = min(digits.trailingZeroBitCount >> 3, m - i)
        i += skip
        o += skip
        guard skip < 8, i < m else { continue }
        var start = i
        i = ASCIIDigits.runEnd(padded: f + i, f + m) - f
        while start < i, f[start] == 0x30 { start += 1 }
        out[o] = 0x30
        out[o + 1] = UInt8(min(i - start, 255))
        o += 2
        // The digits two to a byte, eight a step (both buffers have the
        // room). A run of 255 or more, its length not told by its byte,
        // is written as it is, so that it compares digit by digit with what
        // follows a shorter one, as it always has.
        let pack = i - start < 255
        var j = start
        while j < i {
          let word = UnsafeRawPointer(f + j).loadUnaligned(as: UInt64.self)
          let count = min(i - j, 8)
          UnsafeMutableRawPointer(out + o).storeBytes(of: pack ? packed(word, count) : word, as: UInt64.self)
          o += pack ? (count + 1) / 2 : count
          j += 8
        }
      }
      return o
    }

    /// The first `count` (1...8) ASCII digits of `word` (little-endian,
    /// the first in its low byte) as `(count + 1) / 2` bytes in its low
    /// bytes, two digits a byte, the first in the high half, a lone last
    /// digit's low half 0: bytes that compare as the digits do, in half as
    /// many — a number's digits are half as many radix passes of the sort.
    @inline(__always)
    static func packed(_ word: UInt64, _ count: Int) -> UInt64 {
      // Digits are at least 0x30: subtracting borrows from no digit, only
      // from the bytes past them, masked off after.
      let kept: UInt64 = count == 8 ? ~0 : (1 << UInt64(8 * count)) &- 1
      let values = (word &- 0x3030_3030_3030_3030) & kept
      let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
      var pairs = ((values & lanes) << 4) | ((values >> 8) & lanes)
      pairs = (pairs | pairs >> 8) & 0x0000_FFFF_0000_FFFF
      return (pairs | pairs >> 16) & 0xFFFF_FFFF
    }

    /// Appends `other`'s keys after these (keys made on another thread).
    public mutating func append(contentsOf other: SortKeys) {
      flatten()
      trim()
      var other = other
      other.flatten()
      other.trim()
      let shift = bytes.count
      reserve(keys: other.count, bytes: other.bytes.count)
      bytes += other.bytes
      other.ends.withUnsafeBufferPointer { for end in $0 { ends.append(end + shift) } }
    }

    /// Takes `other`'s keys after these without copying them (a second
    /// half's, made on its own thread: a million sections' keys are 20 MB).
    mutating func adopt(_ other: SortKeys) {
      precondition(laterEnds.isEmpty && other.laterEnds.isEmpty, "one second half")
      guard !other.ends.isEmpty else { return }
      guard !ends.isEmpty else {
        (bytes, ends) = (other.bytes, other.ends)
        return
      }
      (laterBytes, laterEnds) = (other.bytes, other.ends)
    }

    /// All keys in `bytes` and `ends` (a reader of one array, or more keys to come).
    mutating func flatten() {
      guard !laterEnds.isEmpty else { return }
      let later = SortKeys(bytes: laterBytes, ends: laterEnds, collation: collation)
      (laterBytes, laterEnds) = ([], [])
      append(contentsOf: later)
    }

    private init(bytes: [UInt8], ends: [Int], collation: LocaleCollation?) {
      self.bytes = bytes
      self.ends = ends
      self.collation = collation
    }

    /// Room for `keys` more keys of `bytes` bytes in all, made at once: a
    /// million keys appended one by one would copy the arrays twenty
    /// times as they double (and fault in their pages each time). Grows
    /// at least twofold, so reserving before each of many batches stays linear.
    mutating func reserve(keys: Int, bytes more: Int) {
      if ends.capacity < ends.count + keys { ends.reserveCapacity(max(ends.count + keys, ends.capacity * 2)) }
      let need = bytes.count + more
      if bytes.capacity < need { bytes.reserveCapacity(max(need, bytes.capacity * 2)) }
    }

    /// Key `i`'s bytes in `bytes` (the keys must be flat: `flatten`).
    func range(_ i: Int) -> Range<Int> { (i == 0 ? 0 : ends[i - 1])..<ends[i] }

    /// Forgets the last key (one made for a single snapshot).
    mutating func removeLast() {
      flatten()
      ends.removeLast()
      bytes.removeLast(bytes.count - (ends.last ?? 0))
    }
  }

  /// Whether `a` sorts before `b`.
  public static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
    sortedIndices([b, a]) == [1, 0]
  }

  /// The order of `titles` (indices into it), stable for equal titles.
  /// `last` puts the titles it picks after all others (nil: plain
  /// natural order).
  public static func sortedIndices(
    _ titles: [String], collation: LocaleCollation? = nil, last: ((String) -> Bool)? = nil
  ) -> [Int] {
    sortedIndices(titles, keys: SortKeys.of(titles, collation: collation), last: last)
  }

  /// Adds titles `new` — indices after all of `order`'s — to `order`,
  /// which holds the others sorted: only the new ones are sorted, then each
  /// is placed by binary search, so a list that grows is never sorted
  /// again (a background load's snapshots). Returns whether a new title
  /// equals another title (equal titles end up side by side) — or, when
  /// the new ones outnumber the others (all of them, at first), whether
  /// any title repeats.
  static func merge(
    _ order: inout [Int], adding new: Range<Int>, titles: @escaping (Int) -> String, keys: SortKeys
  ) -> Bool {
    guard !new.isEmpty else { return false }
    if order.count < new.count {
      // Mostly new (the first sections, or a first snapshot's few, then
      // the whole file's): one sort of all compares key prefixes as integers, where
      // placing each new title compares whole keys scattered in memory.
      let (all, repeats) = sortedIndicesAndRepeats(0..<new.upperBound, title: titles, keys: keys)
      order = all
      return repeats
    }
    let added = sortedIndicesAndRepeats(new, title: titles, keys: keys).order
    var keys = keys
    keys.flatten()  // compared key by key below
    var duplicate = false
    var result: [Int] = []
    result.reserveCapacity(order.count + added.count)
    keys.bytes.withUnsafeBufferPointer { bytesBuffer in
      let b = bytesBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
      /// The order `sortedIndices` sorts by, between two titles whose keys are made.
      func precedes(_ a: Int, _ c: Int) -> Bool {
        let ra = keys.range(a)
        let rc = keys.range(c)
        let r = memcmp(b + ra.lowerBound, b + rc.lowerBound, min(ra.count, rc.count))
        if r != 0 { return r < 0 }
        if ra.count != rc.count { return ra.count < rc.count }
        let ta = titles(a)
        let tc = titles(c)
        if !ta.sameScalars(as: tc) { return ta.utf8.lexicographicallyPrecedes(tc.utf8) }
        return a < c
      }
      /// Whether two titles are equal, looking at the titles only when their keys are.
      func same(_ a: Int, _ c: Int) -> Bool {
        let ra = keys.range(a)
        let rc = keys.range(c)
        return ra.count == rc.count && memcmp(b + ra.lowerBound, b + rc.lowerBound, ra.count) == 0
          && titles(a).sameScalars(as: titles(c))
      }
      // Each new title placed by binary search while they are few beside
      // the others; one pass over both when they are many.
      let steps = Int.bitWidth - order.count.leadingZeroBitCount
      if added.count * steps > order.count + added.count {
        var i = 0
        var lastIsNew = false
        for x in added {
          while i < order.count && precedes(order[i], x) {
            if lastIsNew, same(result.last!, order[i]) { duplicate = true }
            result.append(order[i])
            lastIsNew = false
            i += 1
          }
          if let before = result.last, same(before, x) { duplicate = true }
          result.append(x)
          lastIsNew = true
        }
        if lastIsNew, i < order.count, same(result.last!, order[i]) { duplicate = true }
        result += order[i...]
        return
      }
      var from = 0
      for x in added {
        var lo = from
        var hi = order.count
        while lo < hi {
          let mid = (lo + hi) / 2
          if precedes(order[mid], x) { lo = mid + 1 } else { hi = mid }
        }
        result += order[from..<lo]
        if let before = result.last, same(before, x) { duplicate = true }
        if lo < order.count, same(order[lo], x) { duplicate = true }
        result.append(x)
        from = lo
      }
      result += order[from...]
    }
    order = result
    return duplicate
  }

  /// `sortedIndices(titles)` with each title's key already made.
  static func sortedIndices(_ titles: [String], keys: SortKeys, last: ((String) -> Bool)? = nil) -> [Int] {
    sortedIndicesAndRepeats(titles.indices, title: { titles[$0] }, keys: keys, last: last).order
  }

  /// The order of titles `indices` (each `title(i)`, its key `keys`' key
  /// `i`: a background load keeps them from one snapshot to the next), and
  /// whether a title repeats — told from the sorted entries side by side
  /// (their key prefixes), not by reading the keys again in sorted order:
  /// a cache miss each for a million titles. A title is read only for
  /// `last` and between equal keys, so no array of them is made.
  static func sortedIndicesAndRepeats(
    _ indices: Range<Int>, title: @escaping (Int) -> String, keys: SortKeys, last: ((String) -> Bool)? = nil
  ) -> (order: [Int], repeats: Bool) {
    withOrder(title: title, keys: keys, last: last) { $0.sorted(indices) }
  }

  /// Makes the entries of titles `0..<count` (each `title(i)`, its key
  /// `keys`' key `i`) at `out`, room for as many, and sorts them there:
  /// for a list made straight from the sorted entries, in its own memory.
  static func sortEntries(
    count: Int, title: @escaping (Int) -> String, keys: SortKeys, into out: UnsafeMutablePointer<SortEntry>
  ) {
    withOrder(title: title, keys: keys, last: nil) { $0.sort(0..<count, into: out) }
  }

  /// `body` with the order between titles whose keys are `keys`: it points
  /// into the keys, so it is valid only during the call.
  private static func withOrder<R>(
    title: @escaping (Int) -> String, keys: SortKeys, last: ((String) -> Bool)?, _ body: (SortEntry.Order) -> R
  ) -> R {
    // Escaping closures: a sorting thread may release its copy of them
    // after the sort has returned.
    keys.bytes.withUnsafeBufferPointer { bytes in
      keys.ends.withUnsafeBufferPointer { ends in
        keys.laterBytes.withUnsafeBufferPointer { laterBytes in
          keys.laterEnds.withUnsafeBufferPointer { laterEnds in
            body(
              SortEntry.Order(
                keys: (SortEntry.Keys(bytes, ends), SortEntry.Keys(laterBytes, laterEnds)), title: title,
                isLast: last.map { last in { last(title($0)) } }))
          }
        }
      }
    }
  }
}
