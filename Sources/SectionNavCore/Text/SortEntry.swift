#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension SortEntry {
  /// Sort keys one after another in one array of bytes: key `i` is
  /// `bytes[ends[i - 1]..<ends[i]]` (from 0 for the first). Pointers into
  /// the caller's arrays, alive while it sorts.
  struct Keys {
    let bytes: UnsafePointer<UInt8>
    let ends: UnsafePointer<Int>
    let count: Int
    /// How many bytes `bytes` holds: a key's first 16 may be read as
    /// words where they lie within them (`Order.entry`).
    let readable: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<Int>) {
      self.bytes = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
      self.ends = ends.baseAddress ?? UnsafePointer(bitPattern: 8)!
      count = ends.count
      readable = bytes.count
    }

    /// The first 16 bytes of key `i` (after its first `skip`), zero past
    /// its end, as two integers that compare as the bytes do (big-endian).
    @inline(__always) func prefix(_ i: Int, skipping skip: Int = 0) -> (UInt64, UInt64) {
      let lo = (i == 0 ? 0 : ends[i - 1]) + skip
      let n = ends[i] - lo
      guard n > 0 else { return (0, 0) }
      guard readable - lo >= 16 else {
        var words: (UInt64, UInt64) = (0, 0)
        _ = withUnsafeMutableBytes(of: &words) { memcpy($0.baseAddress!, bytes + lo, min(n, 16)) }
        return (UInt64(bigEndian: words.0), UInt64(bigEndian: words.1))
      }
      // Two loads and masks instead of a copy through memory (a call, and
      // loads that wait on its stores): most keys are shorter than 16.
      let at = UnsafeRawPointer(bytes + lo)
      let high = UInt64(bigEndian: at.loadUnaligned(as: UInt64.self))
      let low = UInt64(bigEndian: at.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
      @inline(__always) func kept(_ k: Int) -> UInt64 { k >= 8 ? ~0 : k <= 0 ? 0 : ~(~0 >> UInt64(8 * k)) }
      return (high & kept(n), low & kept(n - 8))
    }

    @inline(__always) func key(_ i: Int) -> (UnsafePointer<UInt8>, Int) {
      let lo = i == 0 ? 0 : ends[i - 1]
      return (bytes + lo, ends[i] - lo)
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

  /// Whether both have the same group and key prefix, as entries of equal
  /// titles do: all but a few other pairs differ here.
  @inline(__always) func samePrefix(_ other: SortEntry) -> Bool {
    high == other.high && low == other.low && group == other.group
  }

  /// Whether `x` and `y`, side by side in order, have the same title
  /// (`title(i)`), once their keys are gone: the titles are read only
  /// when the prefixes are equal.
  static func same(_ x: SortEntry, _ y: SortEntry, title: (Int) -> String) -> Bool {
    x.samePrefix(y) && title(Int(x.index)).sameScalars(as: title(Int(y.index)))
  }

  /// Byte `d` (0..<16) of the key prefix: the radix sort's digit.
  @inline(__always) func byte(_ d: Int) -> Int {
    let word = d < 8 ? high : low
    return Int(truncatingIfNeeded: word >> UInt64(56 - 8 * (d & 7))) & 0xFF
  }

  /// The order between entries: group, key bytes, key length, title bytes,
  /// index — total, so any sort (one thread or two, any algorithm) gives
  /// the same result. Pointers into the caller's arrays, alive while it sorts.
  struct Order: @unchecked Sendable {
    /// The keys: those of the first `keys.0.count` titles, then the rest
    /// (`NaturalOrder.SortKeys`' two parts).
    let keys: (Keys, Keys)
    /// Title `i` (key `i`'s), read only to order equal keys.
    let title: (Int) -> String
    /// Whether title `i` goes after all others (`NaturalOrder`'s `last`).
    let isLast: ((Int) -> Bool)?

    /// Key `i`: where its bytes start, and how many.
    @inline(__always) func key(_ i: Int) -> (UnsafePointer<UInt8>, Int) {
      let first = keys.0.count
      return i < first ? keys.0.key(i) : keys.1.key(i - first)
    }

    /// Gives entries `e[..<n]`, whose keys' first `16 * level` bytes are
    /// all the same, the next 16 bytes of their keys as prefixes, for the
    /// radix sort to go on with; false when no key is that long (nothing
    /// more to tell them apart by, the prefixes left as they were).
    /// `precedes` and `same` stay right: they read whole keys past 16
    /// bytes, and entries are compared only within such a bucket.
    func refill(_ e: UnsafeMutablePointer<SortEntry>, _ n: Int, level: Int) -> Bool {
      let skip = 16 * level
      guard (0..<n).contains(where: { key(Int(e[$0].index)).1 > skip }) else { return false }
      let first = keys.0.count
      for j in 0..<n {
        let i = Int(e[j].index)
        (e[j].high, e[j].low) = i < first ? keys.0.prefix(i, skipping: skip) : keys.1.prefix(i - first, skipping: skip)
      }
      return true
    }

    func entry(_ i: Int, last: Bool) -> SortEntry {
      let first = keys.0.count
      let (high, low) = i < first ? keys.0.prefix(i) : keys.1.prefix(i - first)
      return SortEntry(high: high, low: low, index: Int32(i), group: last ? 1 : 0)
    }

    func precedes(_ x: SortEntry, _ y: SortEntry) -> Bool {
      if x.group != y.group { return x.group < y.group }
      if x.high != y.high { return x.high < y.high }
      if x.low != y.low { return x.low < y.low }
      let a = Int(x.index)
      let c = Int(y.index)
      let (ka, la) = key(a)
      let (kc, lc) = key(c)
      if la > 16 || lc > 16 {
        let r = memcmp(ka, kc, min(la, lc))
        if r != 0 { return r < 0 }
      }
      if la != lc { return la < lc }
      let ta = title(a)
      let tc = title(c)
      if !ta.sameScalars(as: tc) { return ta.utf8.lexicographicallyPrecedes(tc.utf8) }
      return a < c
    }

    /// Whether `x` and `y`, side by side in order, have the same title:
    /// their prefixes tell most apart; the keys are read only past 16
    /// bytes, the titles only when the keys are equal.
    func same(_ x: SortEntry, _ y: SortEntry) -> Bool {
      guard x.samePrefix(y) else { return false }
      let a = Int(x.index)
      let c = Int(y.index)
      let (ka, la) = key(a)
      let (kc, lc) = key(c)
      guard la == lc else { return false }
      if la > 16, memcmp(ka, kc, la) != 0 { return false }
      return title(a).sameScalars(as: title(c))
    }

    /// The indices `indices` in order, and whether a title repeats: entries
    /// made and sorted in place by their key prefixes' bytes (`sort`).
    func sorted(_ indices: Range<Int>) -> (order: [Int], repeats: Bool) {
      let n = indices.count
      var entries = [SortEntry](unsafeUninitializedCapacity: n) { out, made in
        guard let base = out.baseAddress else { return }
        HugePages.prepare(base, count: n)
        sort(indices, into: base)
        made = n
      }
      return entries.withUnsafeMutableBufferPointer { all in
        var repeats = false
        let order = [Int](unsafeUninitializedCapacity: n) { out, made in
          guard let e = all.baseAddress, let o = out.baseAddress else { return }
          HugePages.prepare(o, count: n)
          if n >= NaturalOrder.parallelCount && Cores.available > 1 {
            // Two halves at once (a million: 12 ms on one core).
            let (entries, shared) = (SendablePointer(base: e), SendablePointer(base: o))
            let (a, b) = ForkJoin.both(
              { readOrder(e, 0..<n / 2, to: o) }, { readOrder(entries.base, n / 2..<n, to: shared.base) })
            repeats = a || b
          } else {
            repeats = readOrder(e, 0..<n, to: o)
          }
          made = n
        }
        return (order, repeats)
      }
    }

    /// Makes the entries of `indices` at `out` (uninitialized room for as
    /// many) and sorts them there by their key prefixes' bytes
    /// (`radixSort`), many on two cores.
    func sort(_ indices: Range<Int>, into out: UnsafeMutablePointer<SortEntry>) {
      let n = indices.count
      if n >= NaturalOrder.parallelCount && Cores.available > 1 { return sortOnTwoCores(indices, into: out) }
      for (k, i) in indices.enumerated() { (out + k).initialize(to: entry(i, last: isLast?(i) == true)) }
      var all = UnsafeMutableBufferPointer(start: out, count: n)
      // `last`'s group after the others, each part sorted alone (the
      // order is total, so the partition need not be stable).
      let firstGroup = all.partition { $0.group != 0 }
      for part in [0..<firstGroup, firstGroup..<n] where part.count > 1 {
        radixSort(out + part.lowerBound, part.count, depth: 0)
      }
    }

    /// Writes the indices of the sorted entries `e[range]` to `out[range]`;
    /// returns whether a title there repeats the one before it. The
    /// entries' pages go back to the kernel behind the reading, so the
    /// order and the entries are never both whole in memory (a million
    /// sections: 8 MB less at the load's peak); only whole 2 MiB blocks
    /// within `range`, so two readers of neighbouring ranges never take
    /// each other's, and a huge page (`HugePages.prepare`) is never given
    /// back in part (which splits it, at more cost than it frees).
    func readOrder(_ e: UnsafeMutablePointer<SortEntry>, _ range: Range<Int>, to out: UnsafeMutablePointer<Int>)
      -> Bool
    {
      var repeats = false
      let raw = UnsafeMutableRawPointer(e)
      let stride = MemoryLayout<SortEntry>.stride
      let (address, block) = (Int(bitPattern: raw), RangeRegion.hugePage)
      var released = (address + range.lowerBound * stride + block - 1) & ~(block - 1)
      for i in range {
        if !repeats, i > 0, same(e[i - 1], e[i]) { repeats = true }
        out[i] = Int(e[i].index)
        if i & 0x3FFF == 0x3FFF {
          let read = (address + i * stride) & ~(block - 1)
          if read > released {
            RangeRegion.release(raw, from: released - address, to: read - address)
            released = read
          }
        }
      }
      return repeats
    }

    /// A title's bucket for `sortOnTwoCores(_:into:)`: its group, then its key's
    /// first byte — the order's first two criteria.
    @inline(__always) func bucket(_ i: Int) -> Int {
      let (bytes, n) = key(i)
      return (isLast?(i) == true ? 256 : 0) + (n > 0 ? Int(bytes[0]) : 0)
    }

    /// `sort` on two cores: each counts its half of the titles by bucket,
    /// then makes their entries straight into their buckets' places at
    /// `out`, then sorts the buckets of about half of them (one bucket of
    /// more than half — titles that all start alike — is split again by
    /// `sortOnTwoCores`). No entry is made or moved by one core alone.
    func sortOnTwoCores(_ indices: Range<Int>, into out: UnsafeMutablePointer<SortEntry>) {
      let n = indices.count
      let halves = (indices.lowerBound..<indices.lowerBound + n / 2, indices.lowerBound + n / 2..<indices.upperBound)
      @Sendable func histogram(_ part: Range<Int>) -> [Int] {
        var counts = [Int](repeating: 0, count: 512)
        for i in part { counts[bucket(i)] += 1 }
        return counts
      }
      let (a, b) = ForkJoin.both({ histogram(halves.0) }, { histogram(halves.1) })
      var starts = [Int](repeating: 0, count: 513)
      for k in 0..<512 { starts[k + 1] = starts[k] + a[k] + b[k] }
      let buckets = starts
      let shared = SendablePointer(base: out)
      @Sendable func place(_ part: Range<Int>, _ next: [Int]) {
        var next = next
        for i in part {
          let k = bucket(i)
          (shared.base + next[k]).initialize(to: entry(i, last: k >= 256))
          next[k] += 1
        }
      }
      _ = ForkJoin.both(
        { place(halves.0, Array(buckets[0..<512])) }, { place(halves.1, (0..<512).map { buckets[$0] + a[$0] }) })
      let largest = (0..<512).max { buckets[$0 + 1] - buckets[$0] < buckets[$1 + 1] - buckets[$1] }!
      if buckets[largest + 1] - buckets[largest] > n / 2 {
        sortOnTwoCores(out + buckets[largest], buckets[largest + 1] - buckets[largest])
        buckets.withUnsafeBufferPointer {
          sortBuckets(out, $0, 0..<largest, depth: 1)
          sortBuckets(out, $0, largest + 1..<512, depth: 1)
        }
        return
      }
      sortBucketsOnTwoCores(out, buckets, depth: 1)
    }

    /// Sorts the buckets whose bounds are `starts` (0 first) in `e` from
    /// byte `depth` on, on two cores: each takes the buckets of about half
    /// of the entries.
    func sortBucketsOnTwoCores(_ e: UnsafeMutablePointer<SortEntry>, _ starts: [Int], depth: Int) {
      let buckets = starts.count - 1
      let n = starts[buckets]
      // The bucket boundary nearest the middle.
      var middle = 0
      for k in 0...buckets where abs(starts[k] - n / 2) < abs(starts[middle] - n / 2) { middle = k }
      let split = middle
      let shared = SendablePointer(base: e)
      _ = ForkJoin.both(
        { starts.withUnsafeBufferPointer { sortBuckets(e, $0, 0..<split, depth: depth) } },
        { starts.withUnsafeBufferPointer { sortBuckets(shared.base, $0, split..<buckets, depth: depth) } })
    }

    /// Sorts buckets `range` of `e` (`starts` their bounds) from byte
    /// `depth` on, the ones `scatter` may take through one scratch buffer as
    /// large as the largest of them: one allocation per core, not one per
    /// bucket (each a fresh mapping whose pages fault in again).
    func sortBuckets(
      _ e: UnsafeMutablePointer<SortEntry>, _ starts: UnsafeBufferPointer<Int>, _ range: Range<Int>, depth: Int,
      level: Int = 0
    ) {
      var room = 0
      for k in range where starts[k + 1] - starts[k] <= Self.scatterLimit {
        room = max(room, starts[k + 1] - starts[k])
      }
      let scratch = UnsafeMutablePointer<SortEntry>.allocate(capacity: max(room, 1))
      defer { scratch.deallocate() }
      for k in range {
        let count = starts[k + 1] - starts[k]
        if count > 1 {
          radixSort(e + starts[k], count, depth: depth, scratch: count <= room ? scratch : nil, level: level)
        }
      }
    }

    /// Below this many entries, a bucket is sorted by comparisons.
    static let smallBucket = 48

    /// Sorts `e[..<n]` by `precedes`, in place: most-significant-digit
    /// radix sort on the 16 prefix bytes from byte `depth` on (American
    /// flag sort: each byte position one counting pass, then entries
    /// swapped into their buckets; no pass when every entry shares the
    /// byte), buckets of equal prefixes and small ones sorted by
    /// comparisons. Each entry moves once per byte that tells it from its
    /// neighbours, not log n times as in a comparison sort — a million
    /// titles sort in a fraction of the time. Up to `scatterLimit` entries
    /// they move through `scratch` (room for `n`; made here when not
    /// given), larger buckets in place (the buckets under them through one
    /// scratch, `sortBuckets`). The order is `precedes`'s: the
    /// integers compare as their big-endian bytes do. A large bucket whose
    /// 16 prefix bytes are all alike (paths, URLs) goes on with the next 16
    /// bytes of its keys (`refill`, `level` times 16 bytes in), instead of
    /// by comparisons each reading two keys elsewhere in memory (2 M
    /// `path:line` titles: most of a 0.3 s sort).
    func radixSort(
      _ e: UnsafeMutablePointer<SortEntry>, _ n: Int, depth: Int, scratch: UnsafeMutablePointer<SortEntry>? = nil,
      level: Int = 0
    ) {
      if scratch == nil && n > Self.smallBucket && n <= Self.scatterLimit {
        let room = UnsafeMutablePointer<SortEntry>.allocate(capacity: n)
        defer { room.deallocate() }
        return radixSort(e, n, depth: depth, scratch: room, level: level)
      }
      var d = depth
      while n > Self.smallBucket && d < 16 {
        let split = withUnsafeTemporaryAllocation(of: Int.self, capacity: 514) { table -> Bool in
          // Bucket starts (257), then each bucket's next unsorted place (257).
          let starts = UnsafeMutableBufferPointer(rebasing: table[..<257])
          let next = UnsafeMutableBufferPointer(rebasing: table[257...])
          // Which prefix bits differ from the first entry's, in byte `d`'s word.
          var differ: UInt64 = 0
          let first = d < 8 ? e[0].high : e[0].low
          starts.initialize(repeating: 0)
          for i in 0..<n {
            starts[e[i].byte(d) + 1] += 1
            differ |= (d < 8 ? e[i].high : e[i].low) ^ first
          }
          if starts[e[0].byte(d) + 1] == n {
            // One bucket: skip every byte all entries share.
            d = (d & ~7) + differ.leadingZeroBitCount / 8
            return false
          }
          for b in 1...256 { starts[b] += starts[b - 1] }
          _ = next.initialize(from: starts)
          guard let scratch else {
            // Split in place; the buckets under it share one scratch.
            Self.permute(e, starts: starts, next: next, byte: d)
            sortBuckets(e, UnsafeBufferPointer(starts), 0..<256, depth: d + 1, level: level)
            return true
          }
          Self.scatter(e, n, through: scratch, next: next, byte: d)
          for b in 0..<256 where starts[b + 1] - starts[b] > 1 {
            radixSort(e + starts[b], starts[b + 1] - starts[b], depth: d + 1, scratch: scratch, level: level)
          }
          return true
        }
        if split { return }
      }
      if n > Self.smallBucket && refill(e, n, level: level + 1) {
        return radixSort(e, n, depth: 0, scratch: scratch, level: level + 1)
      }
      insertionOrStandardSort(e, n)
    }

    /// Up to this many entries (1.5 MB) a bucket is split through a scratch
    /// buffer (`scatter`), larger ones in place (`permute`): a sort never
    /// holds a second copy of all its entries, and the buckets under the
    /// first byte of a million titles (a few tens of thousands each) take
    /// the faster way.
    static let scatterLimit = 1 << 16

    /// Moves each of `e[..<n]` into its bucket (byte `byte` of its prefix)
    /// at `scratch` (room for `n`), then all back; `next` holds each
    /// bucket's first place. Each entry's place is known once its byte is
    /// read, so the loads run ahead, where `permute`'s cycles wait on a load
    /// whose address the swap before decided (857 k titles of a word and a
    /// number, their first bytes' buckets sorted on two cores: 20 ms instead
    /// of 23, medians of 15 loads; their scratch 0.8 MB a core, at most 1.5).
    @inline(__always)
    static func scatter(
      _ e: UnsafeMutablePointer<SortEntry>, _ n: Int, through scratch: UnsafeMutablePointer<SortEntry>,
      next: UnsafeMutableBufferPointer<Int>, byte d: Int
    ) {
      for i in 0..<n {
        let x = e[i]
        let b = x.byte(d)
        (scratch + next[b]).initialize(to: x)
        next[b] += 1
      }
      e.update(from: scratch, count: n)
    }

    /// Moves each entry into its bucket (byte `byte` of its prefix) by
    /// cycles of swaps; `starts` the buckets' bounds, `next` (a copy of
    /// them) each one's first place not yet holding its own entry.
    @inline(__always)
    static func permute(
      _ e: UnsafeMutablePointer<SortEntry>, starts: UnsafeMutableBufferPointer<Int>,
      next: UnsafeMutableBufferPointer<Int>, byte d: Int
    ) {
      for b in 0..<256 {
        while next[b] < starts[b + 1] {
          var x = e[next[b]]
          var bx = x.byte(d)
          while bx != b {
            swap(&x, &e[next[bx]])
            next[bx] += 1
            bx = x.byte(d)
          }
          e[next[b]] = x
          next[b] += 1
        }
      }
    }

    /// Sorts a small bucket, or one whose 16-byte prefixes are all equal.
    func insertionOrStandardSort(_ e: UnsafeMutablePointer<SortEntry>, _ n: Int) {
      if n > Self.smallBucket {
        var all = UnsafeMutableBufferPointer(start: e, count: n)
        all.sort(by: precedes)
        return
      }
      for i in 1..<max(n, 1) {
        let x = e[i]
        var j = i
        while j > 0, precedes(x, e[j - 1]) {
          e[j] = e[j - 1]
          j -= 1
        }
        e[j] = x
      }
    }

    /// `radixSort` on two cores, for entries of one group: one pass moves
    /// them into buckets by the first byte that tells them apart, then
    /// each core sorts the buckets of about half of them.
    func sortOnTwoCores(_ e: UnsafeMutablePointer<SortEntry>, _ n: Int) {
      var differ: (UInt64, UInt64) = (0, 0)
      for i in 0..<n {
        differ.0 |= e[i].high ^ e[0].high
        differ.1 |= e[i].low ^ e[0].low
      }
      let d =
        differ.0 != 0
        ? differ.0.leadingZeroBitCount / 8 : differ.1 != 0 ? 8 + differ.1.leadingZeroBitCount / 8 : 16
      guard d < 16 else { return radixSort(e, n, depth: 16) }
      var starts = [Int](repeating: 0, count: 257)
      for i in 0..<n { starts[e[i].byte(d) + 1] += 1 }
      for b in 1...256 { starts[b] += starts[b - 1] }
      var next = starts
      starts.withUnsafeMutableBufferPointer { s in
        next.withUnsafeMutableBufferPointer { Self.permute(e, starts: s, next: $0, byte: d) }
      }
      sortBucketsOnTwoCores(e, starts, depth: d + 1)
    }
  }
}
