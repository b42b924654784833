import CMapGuard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Grows packed item ranges (`PackedRanges`): appended in order, or written
/// at any index of a known count (`setCount`, `write`) when items are laid
/// out section by section. Made with `reserving:`, the memory never moves,
/// so lists of the entries so far (`share`) can be handed out while it fills.
struct PackedRangesBuilder {
  private(set) var storage: RangeStorage
  private var entries: UnsafeMutablePointer<UInt32>
  private var headers: UnsafeMutablePointer<UInt64>
  private var wide: UnsafeMutablePointer<UInt64>
  private(set) var count = 0
  /// Items with room in `entries` and `headers`.
  private var capacity = 0
  /// Wide entries in use (whole blocks) and room for them.
  private var wideCount = 0
  private var wideCapacity = 0
  var overflow: [Int: Int] = [:]
  /// Entries `..<shared` are seen by lists from `share`: they must never
  /// change (`truncate` below it moves to fresh memory instead).
  private var shared = 0

  /// Room for `expected` items, growing as needed (see `RangeStorage.init(expected:hugePages:)`).
  init(expected: Int, hugePages: Bool = true) {
    self.init(storage: RangeStorage(expected: expected, hugePages: hugePages))
  }

  /// A builder whose entries never move, for up to `maximum` of them (more
  /// move once, to a larger reservation): `share` then costs nothing. Falls
  /// back to `malloc`ed memory (`share` copies) when the address space is refused.
  init(reserving maximum: Int) {
    if let storage = RangeStorage(reserving: maximum) {
      self.init(storage: storage)
    } else {
      self.init(expected: maximum / 4)
    }
  }

  private init(storage: RangeStorage) {
    self.storage = storage
    entries = storage.entries.base.assumingMemoryBound(to: UInt32.self)
    headers = storage.headers.base.assumingMemoryBound(to: UInt64.self)
    wide = storage.wide.base.assumingMemoryBound(to: UInt64.self)
    sync()
  }

  /// Takes the pointers and room from `storage` after it grew.
  private mutating func sync() {
    entries = storage.entries.base.assumingMemoryBound(to: UInt32.self)
    headers = storage.headers.base.assumingMemoryBound(to: UInt64.self)
    wide = storage.wide.base.assumingMemoryBound(to: UInt64.self)
    // Whole blocks only: widening a block reads all its entries.
    capacity =
      min(storage.entries.capacity / 4, storage.headers.capacity / 8 * RangeCodec.blockSize)
      / RangeCodec.blockSize * RangeCodec.blockSize
    wideCapacity = storage.wide.capacity / 8
  }

  @inline(__always) func offset(_ i: Int) -> Int {
    RangeCodec.offset(i, entries: entries, headers: headers, wide: wide)
  }

  @inline(__always) func length(_ i: Int) -> Int {
    RangeCodec.length(i, entries: entries, headers: headers, wide: wide, overflow: overflow)
  }

  /// All three at once, reading the header and the entry once.
  @inline(__always) func range(_ i: Int) -> (offset: Int, length: Int, plain: Bool) {
    RangeCodec.range(i, entries: entries, headers: headers, wide: wide, overflow: overflow)
  }

  @inline(__always)
  mutating func append(offset: Int, length: Int, plain: Bool) {
    if count == capacity { reserve(count + 1) }
    write(at: count, offset: offset, length: length, plain: plain)
    count += 1
  }

  /// Makes `n` items, to be written in any order with `write` (each once).
  mutating func setCount(_ n: Int) {
    reserve(n)
    count = n
  }

  /// Writes item `i` (below `count`, not yet shared).
  @inline(__always)
  mutating func write(at i: Int, offset: Int, length: Int, plain: Bool) {
    let h = headers[i &>> RangeCodec.blockShift]
    if h & RangeCodec.narrowTag != 0 {
      let delta = offset &- Int(truncatingIfNeeded: h & RangeCodec.payloadMask)
      if UInt(bitPattern: delta) < UInt(RangeCodec.deltaLimit)
        && UInt(bitPattern: length) < UInt(RangeCodec.narrowLengthLimit)
      {
        entries[i] = RangeCodec.narrow(delta: delta, length: length, plain: plain)
        return
      }
    } else if h == 0 && UInt(bitPattern: length) < UInt(RangeCodec.narrowLengthLimit) {
      headers[i &>> RangeCodec.blockShift] = RangeCodec.narrowTag | UInt64(truncatingIfNeeded: offset)
      entries[i] = RangeCodec.narrow(delta: 0, length: length, plain: plain)
      return
    } else if h & RangeCodec.wideTag != 0 {
      wide[Int(truncatingIfNeeded: h & RangeCodec.payloadMask) &+ (i & (RangeCodec.blockSize - 1))] =
        RangeCodec.wide(offset: offset, length: length, plain: plain, overflow: &overflow)
      return
    }
    writeStartingOrWidening(at: i, offset: offset, length: length, plain: plain)
  }

  /// A block's first item too long for a narrow one makes the block wide;
  /// so does an item that does not fit a narrow block: its entries are
  /// copied to the wide pool before the header points there, so a list
  /// sharing the block reads either form.
  @inline(never)
  private mutating func writeStartingOrWidening(at i: Int, offset: Int, length: Int, plain: Bool) {
    let b = i >> RangeCodec.blockShift
    let h = headers[b]
    let at = takeWideBlock()
    if h & RangeCodec.narrowTag != 0 {
      let first = b << RangeCodec.blockShift
      let base = Int(truncatingIfNeeded: h & RangeCodec.payloadMask)
      var none: [Int: Int] = [:]
      for j in 0..<RangeCodec.blockSize {
        let (delta, length, plain) = RangeCodec.fields(entries[first + j])
        wide[at + j] = RangeCodec.wide(offset: base + delta, length: length, plain: plain, overflow: &none)
      }
    }
    sn_store_release_u64(headers + b, RangeCodec.wideTag | UInt64(at))
    wide[at + (i & (RangeCodec.blockSize - 1))] =
      RangeCodec.wide(offset: offset, length: length, plain: plain, overflow: &overflow)
  }

  /// Room for one more wide block; returns its first index.
  private mutating func takeWideBlock() -> Int {
    let need = wideCount + RangeCodec.blockSize
    if need > wideCapacity {
      if !storage.wide.grow(atLeast: need * 8) {
        relocate(reserving: max(2 * count, need))
        if !storage.wide.grow(atLeast: need * 8) { sn_out_of_memory(need * 8) }
      }
      sync()
    }
    wideCount = need
    return need - RangeCodec.blockSize
  }

  /// Makes room for `n` items (a reservation outgrown moves once).
  mutating func reserve(_ n: Int) {
    guard n > capacity else { return }
    let blocks = RangeCodec.blocks(n)
    let grown =
      storage.entries.grow(atLeast: blocks * RangeCodec.blockSize * 4) && storage.headers.grow(atLeast: blocks * 8)
    if !grown {
      if !storage.isReserved { sn_out_of_memory(blocks * RangeCodec.blockSize * 4) }
      relocate(reserving: max(2 * n, 1 << 16))
      reserve(n)
      return
    }
    sync()
  }

  /// Moves all of `other`'s entries to the end (`other` is left empty, its
  /// pages given back 256 KiB at a time as it is copied, so the peak stays
  /// near one copy).
  mutating func append(contentsOf other: inout PackedRangesBuilder) {
    appendEntries(of: other, releasing: true)
    other.overflow = [:]
    other.count = 0
  }

  /// Copies all of `other`'s entries to the end (`other` keeps them: a
  /// snapshot of sections kept apart, `ItemGroups.list`).
  mutating func append(copyOf other: PackedRangesBuilder) {
    appendEntries(of: other, releasing: false)
  }

  /// `other`'s entries added at the end, a narrow block at a time where
  /// they can be (`copyNarrow`); `releasing`: `other`'s pages are given
  /// back as they are passed.
  private mutating func appendEntries(of other: PackedRangesBuilder, releasing: Bool) {
    reserve(count + other.count)
    let n = other.count
    var released = 0
    var j = 0
    while j < n {
      let end = min(((j >> RangeCodec.blockShift) + 1) << RangeCodec.blockShift, n)
      let h = other.headers[j >> RangeCodec.blockShift]
      if h & RangeCodec.wideTag == 0 {
        copyNarrow(other.entries, from: j, to: end, base: Int(truncatingIfNeeded: h & RangeCodec.payloadMask))
      } else {
        for k in j..<end {
          let r = other.range(k)
          write(at: count + k, offset: r.offset, length: r.length, plain: r.plain)
        }
      }
      j = end
      if releasing && j - released >= 1 << 16 {
        other.releasePages(from: released, below: j)
        released = j
      }
    }
    count += other.count
  }

  /// Copies items `from..<to` of one narrow block (based at `base`) of
  /// another builder to `count + from…`: where they land in a narrow block
  /// whose base keeps them in range, by shifting their entries in one pass
  /// (the offset field takes the difference of the bases), else one by one.
  private mutating func copyNarrow(_ source: UnsafeMutablePointer<UInt32>, from: Int, to: Int, base: Int) {
    let mask = UInt32(RangeCodec.deltaLimit - 1)
    var k = from
    while k < to {
      let d = count + k
      let end = min(to, k + RangeCodec.blockSize - (d & (RangeCodec.blockSize - 1)))
      let h = headers[d >> RangeCodec.blockShift]
      if h == 0 {
        // The block's first item sets its base; the rest may then shift.
        let (delta, length, plain) = RangeCodec.fields(source[k])
        write(at: d, offset: base + delta, length: length, plain: plain)
        k += 1
        continue
      }
      if h & RangeCodec.narrowTag != 0 {
        let shift = base - Int(truncatingIfNeeded: h & RangeCodec.payloadMask)
        var low = mask
        var high: UInt32 = 0
        for x in k..<end {
          low = min(low, source[x] & mask)
          high = max(high, source[x] & mask)
        }
        if shift + Int(low) >= 0 && shift + Int(high) < RangeCodec.deltaLimit {
          let add = UInt32(truncatingIfNeeded: shift)
          for x in k..<end { entries[count + x] = source[x] &+ add }
          k = end
          continue
        }
      }
      for x in k..<end {
        let (delta, length, plain) = RangeCodec.fields(source[x])
        write(at: count + x, offset: base + delta, length: length, plain: plain)
      }
      k = end
    }
  }

  /// Appends a block's worth (or the last, shorter run) of items given as
  /// wide entries, narrow when they all fit one — based at the lowest offset,
  /// so items laid out in any order pack as well as they can — else wide
  /// without touching the narrow entries' memory. `count` must be a multiple
  /// of the block size.
  mutating func appendBlock(_ block: UnsafeBufferPointer<UInt64>, overflow source: [Int: Int]) {
    reserve(count + block.count)
    var low = Int.max
    var high = 0
    var longest: UInt64 = 0
    for e in block {
      let o = Int(truncatingIfNeeded: e & RangeCodec.offsetMask)
      low = min(low, o)
      high = max(high, o)
      longest = max(longest, (e >> RangeCodec.offsetBits) & RangeCodec.lengthSentinel)
    }
    let b = count >> RangeCodec.blockShift
    if high - low < RangeCodec.deltaLimit && longest < UInt64(RangeCodec.narrowLengthLimit) {
      headers[b] = RangeCodec.narrowTag | UInt64(truncatingIfNeeded: low)
      for (j, e) in block.enumerated() {
        entries[count + j] = RangeCodec.narrow(
          delta: Int(truncatingIfNeeded: e & RangeCodec.offsetMask) - low,
          length: Int(truncatingIfNeeded: (e >> RangeCodec.offsetBits) & RangeCodec.lengthSentinel),
          plain: e & RangeCodec.notPlainBit == 0)
      }
    } else {
      let at = takeWideBlock()
      for (j, e) in block.enumerated() {
        wide[at + j] = e
        if (e >> RangeCodec.offsetBits) & RangeCodec.lengthSentinel == RangeCodec.lengthSentinel {
          let o = Int(truncatingIfNeeded: e & RangeCodec.offsetMask)
          overflow[o] = source[o]
        }
      }
      headers[b] = RangeCodec.wideTag | UInt64(at)
    }
    count += block.count
  }

  /// Forgets items from `newCount` on (a repeated `"items"` key replaces the earlier one).
  /// Entries a shared list shows are copied to fresh memory first (rare:
  /// only a repeated key does this).
  mutating func truncate(to newCount: Int) {
    guard newCount < count else { return }
    if newCount < shared { relocate(reserving: max(2 * count, 1 << 16)) }
    for i in newCount..<count where length(i) >= Int(RangeCodec.lengthSentinel) { overflow[offset(i)] = nil }
    // Blocks wholly past the end start afresh (their base may no longer fit).
    for b in RangeCodec.blocks(newCount)..<RangeCodec.blocks(count) { headers[b] = 0 }
    count = newCount
  }

  /// Moves the entries to new memory with room for `maximum` (a reservation
  /// when possible), leaving the old to the lists that share it.
  private mutating func relocate(reserving maximum: Int) {
    var moved = PackedRangesBuilder(reserving: max(maximum, count + 16))
    moved.copy(from: self, count: count)
    moved.count = count
    moved.overflow = overflow
    self = moved
  }

  /// Copies the first `n` entries and all wide blocks of `source` (a fresh builder).
  private mutating func copy(from source: PackedRangesBuilder, count n: Int) {
    reserve(n)
    if source.wideCount > 0 {
      if !storage.wide.grow(atLeast: source.wideCount * 8) { sn_out_of_memory(source.wideCount * 8) }
      sync()
      wide.update(from: source.wide, count: source.wideCount)
      wideCount = source.wideCount
    }
    entries.update(from: source.entries, count: n)
    headers.update(from: source.headers, count: RangeCodec.blocks(n))
  }

  /// A list of the first `n` entries (at most `count`). With a reservation
  /// it shares them — they will not change — else it copies them.
  mutating func share(_ n: Int) -> PackedRanges {
    guard storage.isReserved else {
      var copy = PackedRangesBuilder(expected: n, hugePages: false)
      copy.copy(from: self, count: n)
      return PackedRanges(storage: copy.storage, count: n, overflow: overflow)
    }
    shared = max(shared, n)
    return PackedRanges(storage: storage, count: n, overflow: overflow)
  }

  /// Hands the memory over, trimmed to size.
  consuming func finish() -> PackedRanges {
    storage.entries.trim(to: count * 4)
    storage.headers.trim(to: RangeCodec.blocks(count) * 8)
    storage.wide.trim(to: wideCount * 8)
    return PackedRanges(storage: storage, count: count, overflow: overflow)
  }

  /// Lets the kernel take back the whole pages holding entries
  /// `first..<index`, which the caller will not read again.
  func releasePages(from first: Int, below index: Int) {
    storage.entries.release(from: first * 4, to: min(index, count) * 4)
  }

  /// Releases the memory when loading fails (a reservation goes with the
  /// last list sharing it).
  consuming func discard() {}
}
