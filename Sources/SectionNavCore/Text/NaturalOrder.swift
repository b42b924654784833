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
  /// The sort key of `title`: its fold, with each run of ASCII digits
  /// written as `0`, the run's length without leading zeros (one byte) and
  /// those digits — so longer numbers sort after shorter ones and the
  /// marker `0` sorts where a digit would.
  /// From this many titles on, keys are made and sorted on two cores.
  static let parallelCount = 1 << 15

  public static func sortKey(_ title: String) -> [UInt8] {
    var keys = SortKeys()
    keys.append(title)
    return keys.bytes
  }

  /// Sort keys of many titles in one byte array (no array per title: a
  /// million sections make two allocations, not a million).
  public struct SortKeys: Sendable {
    var bytes: [UInt8] = []
    /// `bytes[ends[i - 1]..<ends[i]]` is key `i` (0 before the first).
    var ends: [Int] = []
    var folded: [UInt8] = []
    /// A locale's collation (`--locale`): keys are ICU sort keys (digit runs
    /// as numbers there too) instead of the fold; nil is the C locale.
    public let collation: LocaleCollation?

    public init(collation: LocaleCollation? = nil) { self.collation = collation }

    public var count: Int { ends.count }

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
        for t in titles { keys.append(t) }
        return keys
      }
      withExtendedLifetime(collation) {
        let collator = collation.collator
        for t in titles {
          LocaleCollation.appendSortKey(collator, t, to: &keys.bytes)
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
    public mutating func append(_ title: String) {
      if let collation {
        collation.appendSortKey(title, to: &bytes)
        ends.append(bytes.count)
        return
      }
      var title = title
      let m = title.withUTF8 { t in
        var n = t.count
        if n > Self.titleLimit {
          n = Self.titleLimit
          while n > 0, UTF8Lead.isContinuation(t[n]) { n -= 1 }  // whole scalars only
        }
        let need = Folding.capacity(for: n)
        if folded.count < need { folded = [UInt8](repeating: 0, count: max(need, 64)) }
        return folded.withUnsafeMutableBufferPointer { f in
          t.baseAddress.map { Folding.fold($0, n, to: f.baseAddress!) } ?? 0
        }
      }
      folded.withUnsafeBufferPointer { f in
        var i = 0
        while i < m {
          guard f[i] &- 0x30 < 10 else {
            bytes.append(f[i])
            i += 1
            continue
          }
          var start = i
          while i < m, f[i] &- 0x30 < 10 { i += 1 }
          while start < i, f[start] == 0x30 { start += 1 }
          bytes.append(0x30)
          bytes.append(UInt8(min(i - start, 255)))
          bytes.append(contentsOf: UnsafeBufferPointer(rebasing: f[start..<i]))
        }
      }
      ends.append(bytes.count)
    }

    /// Appends `other`'s keys after these (keys made on another thread).
    public mutating func append(contentsOf other: SortKeys) {
      let shift = bytes.count
      bytes += other.bytes
      ends += other.ends.lazy.map { $0 + shift }
    }

    func range(_ i: Int) -> Range<Int> { (i == 0 ? 0 : ends[i - 1])..<ends[i] }

    /// Forgets the last key (one made for a single snapshot).
    mutating func removeLast() {
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
  static func merge(_ order: inout [Int], adding new: Range<Int>, titles: (Int) -> String, keys: SortKeys) -> Bool {
    guard !new.isEmpty else { return false }
    if order.count < new.count {
      // Mostly new (the first sections, or a first snapshot's few, then
      // the whole file's): one sort of all compares key prefixes as integers, where
      // placing each new title compares whole keys scattered in memory.
      let (all, repeats) = sortedIndicesAndRepeats((0..<new.upperBound).map(titles), keys: keys)
      order = all
      return repeats
    }
    let added = sortedIndices(new.map(titles), keys: keys, offset: new.lowerBound)
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
        if ta != tc { return ta.utf8.lexicographicallyPrecedes(tc.utf8) }
        return a < c
      }
      /// Whether two titles are equal, looking at the titles only when their keys are.
      func same(_ a: Int, _ c: Int) -> Bool {
        let ra = keys.range(a)
        let rc = keys.range(c)
        return ra.count == rc.count && memcmp(b + ra.lowerBound, b + rc.lowerBound, ra.count) == 0
          && titles(a) == titles(c)
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

  /// `sortedIndices(titles)` with each title's key already made
  /// (a background load keeps them from one snapshot to the next); the
  /// titles and their indices start at key `offset`.
  static func sortedIndices(
    _ titles: [String], keys: SortKeys, offset: Int = 0, last: ((String) -> Bool)? = nil
  ) -> [Int] {
    sortedIndicesAndRepeats(titles, keys: keys, offset: offset, last: last).order
  }

  /// `sortedIndices`, and whether a title repeats — told from the sorted
  /// entries side by side (their key prefixes), not by reading the keys
  /// again in sorted order: a cache miss each for a million titles.
  static func sortedIndicesAndRepeats(
    _ titles: [String], keys: SortKeys, offset: Int = 0, last: ((String) -> Bool)? = nil
  ) -> (order: [Int], repeats: Bool) {
    var entries: [SortEntry] = []
    entries.reserveCapacity(titles.count)
    return keys.bytes.withUnsafeBufferPointer { bytesBuffer in
      keys.ends.withUnsafeBufferPointer { endsBuffer in
        titles.withUnsafeBufferPointer { t in
          let order = SortEntry.Order(
            bytes: bytesBuffer.baseAddress ?? UnsafePointer(bitPattern: 1)!,
            ends: endsBuffer.baseAddress ?? UnsafePointer(bitPattern: 8)!, titles: t.baseAddress, offset: offset)
          // A title is read only for `last`: the keys hold the rest, and
          // a million titles scattered in memory cost a cache miss each.
          for j in t.indices {
            entries.append(order.entry(j + offset, last: last?(t[j]) == true))
          }
          return entries.withUnsafeMutableBufferPointer { e in order.sortedIndices(e) }
        }
      }
    }
  }
}

/// A title's place in `NaturalOrder.sortedIndices`: its group, the first
/// 16 key bytes as two integers (most comparisons end there), its index.
struct SortEntry {
  var high: UInt64
  var low: UInt64
  var index: Int32
  var group: UInt8

  /// The order between entries: group, key bytes, key length, title bytes,
  /// index — total, so any sort (one thread or two halves merged) gives
  /// the same result. Pointers into the caller's arrays, alive while it sorts.
  struct Order: @unchecked Sendable {
    let bytes: UnsafePointer<UInt8>
    let ends: UnsafePointer<Int>
    let titles: UnsafePointer<String>?
    let offset: Int

    @inline(__always) func start(_ i: Int) -> Int { i == 0 ? 0 : ends[i - 1] }

    func entry(_ i: Int, last: Bool) -> SortEntry {
      let lo = start(i)
      let hi = ends[i]
      var words: (UInt64, UInt64) = (0, 0)
      var k = 0
      while k < 16 {
        let byte = UInt64(lo + k < hi ? bytes[lo + k] : 0)
        if k < 8 { words.0 = words.0 << 8 | byte } else { words.1 = words.1 << 8 | byte }
        k += 1
      }
      return SortEntry(high: words.0, low: words.1, index: Int32(i), group: last ? 1 : 0)
    }

    func precedes(_ x: SortEntry, _ y: SortEntry) -> Bool {
      if x.group != y.group { return x.group < y.group }
      if x.high != y.high { return x.high < y.high }
      if x.low != y.low { return x.low < y.low }
      let a = Int(x.index)
      let c = Int(y.index)
      let la = ends[a] - start(a)
      let lc = ends[c] - start(c)
      if la > 16 || lc > 16 {
        let r = memcmp(bytes + start(a), bytes + start(c), min(la, lc))
        if r != 0 { return r < 0 }
      }
      if la != lc { return la < lc }
      let ta = titles![a - offset]
      let tc = titles![c - offset]
      if ta != tc { return ta.utf8.lexicographicallyPrecedes(tc.utf8) }
      return a < c
    }

    /// Whether `x` and `y`, side by side in order, have the same title:
    /// their prefixes tell most apart; the keys are read only past 16
    /// bytes, the titles only when the keys are equal.
    func same(_ x: SortEntry, _ y: SortEntry) -> Bool {
      guard x.high == y.high, x.low == y.low, x.group == y.group else { return false }
      let a = Int(x.index)
      let c = Int(y.index)
      let la = ends[a] - start(a)
      guard la == ends[c] - start(c) else { return false }
      if la > 16, memcmp(bytes + start(a), bytes + start(c), la) != 0 { return false }
      return titles![a - offset] == titles![c - offset]
    }

    /// The indices of `entries` in order, and whether a title repeats: many
    /// are sorted as two halves on two cores, then merged.
    func sortedIndices(_ entries: UnsafeMutableBufferPointer<SortEntry>) -> (order: [Int], repeats: Bool) {
      var all = entries
      guard entries.count >= NaturalOrder.parallelCount, Cores.available > 1, let base = entries.baseAddress else {
        all.sort(by: precedes)
        let repeats = zip(all, all.dropFirst()).contains { same($0, $1) }
        return (all.map { Int($0.index) }, repeats)
      }
      let n = entries.count
      let half = n / 2
      let shared = SendablePointer(base: base)
      _ = ForkJoin.both(
        {
          var first = UnsafeMutableBufferPointer(start: shared.base, count: half)
          first.sort(by: precedes)
        },
        {
          var second = UnsafeMutableBufferPointer(start: shared.base + half, count: n - half)
          second.sort(by: precedes)
        })
      var result: [Int] = []
      result.reserveCapacity(n)
      var repeats = false
      var previous: SortEntry? = nil
      var i = 0
      var j = half
      while i < half || j < n {
        // The first half's entry unless the second's precedes it (stable).
        let e: SortEntry
        if j == n || (i < half && !precedes(base[j], base[i])) {
          e = base[i]
          i += 1
        } else {
          e = base[j]
          j += 1
        }
        if !repeats, let previous, same(previous, e) { repeats = true }
        previous = e
        result.append(Int(e.index))
      }
      return (result, repeats)
    }
  }
}
