/// Whether a batch of key hashes holds two equal ones, found with no table
/// the size of the batch: the hashes are first dealt into buckets by their
/// top bits (a few thousand places written in turn, which the cache
/// holds), then each bucket is looked through with a small table of its
/// own that stays in the cache. Entering a million titles in a `KeyTable`
/// to learn that none repeats was a cache miss a title, 16 MB probed at
/// random: a quarter of a `--keep-order` load.
enum HashRepeats {
  /// Whether two of `hashes` are equal; on two cores when many.
  static func any(_ hashes: UnsafeBufferPointer<UInt64>) -> Bool {
    let n = hashes.count
    guard n > 1, let input = hashes.baseAddress else { return false }
    // Buckets of 256 to 512 hashes on average, at most 4096 of them.
    var bits = 0
    while bits < 12 && n >> (bits + 9) > 0 { bits += 1 }
    let buckets = 1 << bits
    let shift = UInt64(64 - bits)
    @Sendable @inline(__always) func bucket(_ hash: UInt64) -> Int {
      shift == 64 ? 0 : Int(truncatingIfNeeded: hash >> shift)
    }
    let two = n >= NaturalOrder.parallelCount && Cores.available > 1
    let halves = two ? (0..<n / 2, n / 2..<n) : (0..<n, n..<n)
    let source = SendablePointer(base: UnsafeMutablePointer(mutating: input))
    @Sendable func counts(_ part: Range<Int>) -> [Int] {
      var counts = [Int](repeating: 0, count: buckets)
      for i in part { counts[bucket(source.base[i])] += 1 }
      return counts
    }
    let (a, b) = two ? ForkJoin.both({ counts(halves.0) }, { counts(halves.1) }) : (counts(halves.0), counts(halves.1))
    var starts = [Int](repeating: 0, count: buckets + 1)
    var largest = 0
    for k in 0..<buckets {
      let size = a[k] + b[k]
      starts[k + 1] = starts[k] + size
      largest = max(largest, size)
    }
    let dealt = UnsafeMutablePointer<UInt64>.allocate(capacity: n)
    defer { dealt.deallocate() }
    let out = SendablePointer(base: dealt)
    @Sendable func deal(_ part: Range<Int>, _ next: [Int]) {
      var next = next
      for i in part {
        let hash = source.base[i]
        let k = bucket(hash)
        (out.base + next[k]).initialize(to: hash)
        next[k] += 1
      }
    }
    let (bounds, most) = (starts, largest)
    @Sendable func look(_ range: Range<Int>) -> Bool {
      Self.look(through: UnsafePointer(out.base), bounds, range, largest: most)
    }
    // Each half's hashes go after the earlier half's in every bucket.
    let next = (Array(bounds.dropLast()), (0..<buckets).map { bounds[$0] + a[$0] })
    guard two else {
      deal(halves.0, next.0)
      return look(0..<buckets)
    }
    _ = ForkJoin.both({ deal(halves.0, next.0) }, { deal(halves.1, next.1) })
    let (first, second) = ForkJoin.both({ look(0..<buckets / 2) }, { look(buckets / 2..<buckets) })
    return first || second
  }

  /// Whether a bucket of `range` (bucket `k`: `dealt[starts[k]..<starts[k + 1]]`)
  /// holds two equal hashes: each entered in a table of its own, at least
  /// twice its size (room for the `largest` bucket's made once), cleared
  /// as far as it is used (a few kilobytes).
  private static func look(
    through dealt: UnsafePointer<UInt64>, _ starts: [Int], _ range: Range<Int>, largest: Int
  ) -> Bool {
    func room(_ size: Int) -> Int {
      var capacity = 16
      while capacity < 2 * size { capacity *= 2 }
      return capacity
    }
    let table = UnsafeMutablePointer<UInt64>.allocate(capacity: room(largest))
    defer { table.deallocate() }
    for k in range {
      let capacity = room(starts[k + 1] - starts[k])
      let mask = capacity - 1
      table.initialize(repeating: 0, count: capacity)
      // 0 marks an empty slot: a hash of 0 (`KeyTable.hash` makes none) is counted apart.
      var zero = false
      for i in starts[k]..<starts[k + 1] {
        let hash = dealt[i]
        if hash == 0 {
          if zero { return true }
          zero = true
          continue
        }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while table[slot] != 0 {
          if table[slot] == hash { return true }
          slot = (slot + 1) & mask
        }
        table[slot] = hash
      }
    }
    return false
  }
}
