extension NaturalOrder {
  /// `sortedIndices(titles, collation:)` with the titles equal to
  /// `lastTitle` after all others — by their values alone when every
  /// other title is a whole number written plainly (`wholeNumber`), as
  /// ids are: natural order is then the numbers' order, and a radix sort
  /// of the values takes a few milliseconds where making and sorting a
  /// quarter of a million sort keys took a sixth of `--group-by user.id`'s
  /// load.
  static func sortedIndices(_ titles: [String], collation: LocaleCollation?, lastTitle: String?) -> [Int] {
    if collation == nil, let order = wholeNumberOrder(titles, lastTitle: lastTitle) { return order }
    return sortedIndices(titles, collation: collation) { $0 == lastTitle }
  }

  /// The order of `titles` when all but those equal to `lastTitle` (put
  /// last, in their own order) are whole numbers whose values and indices
  /// fit one 64-bit word together; nil otherwise. From `parallelFrom`
  /// titles on, each half is read and sorted on a core of its own.
  static func wholeNumberOrder(
    _ titles: [String], lastTitle: String?, parallelFrom: Int = NaturalOrder.parallelCount
  ) -> [Int]? {
    let n = titles.count
    guard n > 1 else { return nil }
    let indexBits = UInt64(Int.bitWidth - (n - 1).leadingZeroBitCount)
    let lastValue = lastTitle.flatMap { wholeNumber($0) }
    /// Titles `range` as keys (value above, index below), with the indices
    /// of the last ones and the values' bits together; nil at a title that
    /// is neither.
    @Sendable func keys(_ range: Range<Int>) -> (keys: [UInt64], lasts: [Int], widest: UInt64)? {
      var lasts: [Int] = []
      var widest: UInt64 = 0
      var keys: [UInt64] = []
      keys.reserveCapacity(range.count)
      for i in range {
        let title = titles[i]
        guard let value = wholeNumber(title) else {
          guard title == lastTitle else { return nil }
          lasts.append(i)
          continue
        }
        if value == lastValue {
          lasts.append(i)
          continue
        }
        widest |= value
        keys.append(value << indexBits | UInt64(i))
      }
      return (keys, lasts, widest)
    }
    let parallel = n >= parallelFrom && Cores.available > 1
    let halves =
      parallel ? ForkJoin.both({ keys(0..<n / 2) }, { keys(n / 2..<n) }) : (keys(0..<n), ([], [], 0))
    guard let first = halves.0, let second = halves.1 else { return nil }
    let widest = first.widest | second.widest
    guard UInt64(UInt64.bitWidth - widest.leadingZeroBitCount) + indexBits <= 64 else { return nil }
    let lasts = first.lasts + second.lasts
    let numbers = first.keys.count + second.keys.count
    return [Int](unsafeUninitializedCapacity: numbers + lasts.count) { out, made in
      let empty = UnsafePointer<UInt64>(bitPattern: 8)!
      first.keys.withUnsafeBufferPointer { a in
        second.keys.withUnsafeBufferPointer { b in
          RadixByBits(from: indexBits, to: UInt64(UInt64.bitWidth - (widest << indexBits).leadingZeroBitCount))
            .sort(
              (
                .init(base: a.baseAddress ?? empty, count: a.count), .init(base: b.baseAddress ?? empty, count: b.count)
              ),
              parallel: parallel, into: out.baseAddress!)
        }
      }
      for (k, i) in lasts.enumerated() { (out.baseAddress! + numbers + k).initialize(to: i) }
      made = numbers + lasts.count
    }
  }

  /// The value of a title that is a whole number written as jq writes it:
  /// ASCII digits, no sign, no leading zero, at most 19 of them. Others
  /// (`007`, `-3`, `1e3`) sort by their keys: leading zeros and signs are
  /// what natural order weighs in its own way.
  static func wholeNumber(_ title: String) -> UInt64? {
    // The bytes in place (a short title's are in the string itself): the
    // view's iterator took as long as the sort. Text whose bytes are not in
    // one piece (none on Linux) sorts by its key.
    let value = title.utf8.withContiguousStorageIfAvailable { bytes -> UInt64? in
      guard (1...19).contains(bytes.count), bytes[0] != 0x30 || bytes.count == 1 else { return nil }
      var value: UInt64 = 0
      for c in bytes {
        let digit = c &- 0x30
        guard digit < 10 else { return nil }
        value = value &* 10 &+ UInt64(digit)
      }
      return value
    }
    return value ?? nil
  }

  /// A stable least-significant-digit radix sort of 64-bit keys by their
  /// bits `from..<to`, in as few passes as digits of up to 11 bits allow
  /// (ids below a million: two, where bytes took three; 2048 counters
  /// still fit the first-level cache). Each pass counts, then scatters;
  /// on two cores each takes half of the keys, its scatter starting in
  /// each bucket after the first half's, so the order stays stable.
  struct RadixByBits {
    let from: UInt64
    let to: UInt64

    static let widest: UInt64 = 11

    /// A part of the keys, for either core.
    struct Part: @unchecked Sendable {
      let base: UnsafePointer<UInt64>
      let count: Int
    }

    /// Sorts the keys of `parts.0` then `parts.1` (as one sequence) and
    /// writes each one's bits below `from` (its index), in order, to `out`.
    func sort(_ parts: (Part, Part), parallel: Bool, into out: UnsafeMutablePointer<Int>) {
      let n = parts.0.count + parts.1.count
      let index: UInt64 = (1 << from) - 1
      let passes = to > from ? (to - from + Self.widest - 1) / Self.widest : 0
      let bits = passes > 0 ? (to - from + passes - 1) / passes : 0
      let buckets = 1 << Int(bits)
      // Keys between passes: none for one pass, one set for two, two in turn for more.
      let buffers = UnsafeMutablePointer<UInt64>.allocate(capacity: max(1, min(Int(passes) - 1, 2) * n))
      defer { buffers.deallocate() }
      let indices = SendablePointer(base: out)
      var source = parts
      var target = buffers
      for pass in 0..<passes {
        let shift = from + pass * bits
        let last = pass == passes - 1
        @Sendable func counts(_ part: Part) -> [Int] {
          var counts = [Int](repeating: 0, count: buckets)
          for k in 0..<part.count { counts[Int(truncatingIfNeeded: part.base[k] >> shift) & (buckets - 1)] += 1 }
          return counts
        }
        let (first, second) = source
        let (a, b) = parallel ? ForkJoin.both({ counts(first) }, { counts(second) }) : (counts(first), counts(second))
        var starts = (a, b)
        var total = 0
        for d in 0..<buckets {
          starts.0[d] = total
          starts.1[d] = total + a[d]
          total += a[d] + b[d]
        }
        let keys = SendablePointer(base: target)
        /// The last pass writes indices, the others keys for the next.
        @Sendable func scatter(_ part: Part, _ next: [Int]) {
          var next = next
          for k in 0..<part.count {
            let key = part.base[k]
            let d = Int(truncatingIfNeeded: key >> shift) & (buckets - 1)
            if last { indices.base[next[d]] = Int(truncatingIfNeeded: key & index) } else { keys.base[next[d]] = key }
            next[d] += 1
          }
        }
        if parallel {
          let (next0, next1) = starts
          _ = ForkJoin.both({ scatter(first, next0) }, { scatter(second, next1) })
        } else {
          scatter(first, starts.0)
          scatter(second, starts.1)
        }
        source = (Part(base: target, count: n / 2), Part(base: target + n / 2, count: n - n / 2))
        target = target == buffers ? buffers + n : buffers
      }
      guard passes == 0 else { return }
      for k in 0..<parts.0.count { out[k] = Int(truncatingIfNeeded: parts.0.base[k] & index) }
      for k in 0..<parts.1.count { out[parts.0.count + k] = Int(truncatingIfNeeded: parts.1.base[k] & index) }
    }
  }
}
