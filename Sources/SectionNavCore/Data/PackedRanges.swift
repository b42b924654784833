#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Items as byte ranges into a `ByteBuffer`, one `UInt64` each: no string
/// and no heap object per item, so millions of items cost 8 bytes apiece.
///
/// Layout: bits 0–39 the offset (files up to 1 TiB), bits 40–62 the length,
/// bit 63 set when the item is not plain — plain means the scan already knew
/// its display width exactly (ASCII without escapes: one cell per byte), so
/// only the others need measuring. Lengths of 8 MiB and more store `lengthSentinel` and live in
/// `overflow`, keyed by offset (offsets are unique per item).
final class PackedRanges: @unchecked Sendable {
  static let offsetBits: UInt64 = 40
  static let offsetMask: UInt64 = (1 << 40) - 1
  static let lengthSentinel: UInt64 = (1 << 23) - 1
  static let notPlainBit: UInt64 = 1 << 63

  let pointer: UnsafeMutablePointer<UInt64>
  let count: Int
  let overflow: [Int: Int]
  /// The shared block `pointer` points into, kept alive by this list; nil
  /// when the list owns a `malloc`ed block of its own.
  let storage: RangeStorage?

  init(pointer: UnsafeMutablePointer<UInt64>, count: Int, overflow: [Int: Int], storage: RangeStorage? = nil) {
    self.pointer = pointer
    self.count = count
    self.overflow = overflow
    self.storage = storage
  }

  deinit { if storage == nil { free(pointer) } }

  @inline(__always) func offset(_ i: Int) -> Int { Int(truncatingIfNeeded: pointer[i] & Self.offsetMask) }

  @inline(__always) func length(_ i: Int) -> Int {
    let l = (pointer[i] >> Self.offsetBits) & Self.lengthSentinel
    return l == Self.lengthSentinel ? overflow[offset(i)]! : Int(truncatingIfNeeded: l)
  }

  @inline(__always) func isPlain(_ i: Int) -> Bool { pointer[i] & Self.notPlainBit == 0 }
}

/// Grows the packed item array with `realloc` (large blocks move by
/// remapping pages, not copying, so growth never doubles peak memory) — or,
/// made with `reserving:`, in a `RangeStorage` that never moves, so lists
/// of the entries so far (`share`) can be handed out while it fills.
struct PackedRangesBuilder {
  var pointer: UnsafeMutablePointer<UInt64>
  var count = 0
  var capacity: Int
  var overflow: [Int: Int] = [:]
  /// The reservation `pointer` points into (nil: a `malloc`ed block).
  var storage: RangeStorage?
  /// Entries `..<shared` are seen by lists from `share`: they must never
  /// change (`truncate` below it moves to a fresh block instead).
  var shared = 0

  /// `hugePages: false` for a block filled in scattered runs while another
  /// is given back (`releasePages`): huge pages would make it all resident
  /// at the first writes.
  init(expected: Int, hugePages: Bool = true) {
    capacity = max(expected, 16)
    pointer = malloc(capacity * 8)!.assumingMemoryBound(to: UInt64.self)
    if hugePages { Self.adviseHugePages(pointer, bytes: capacity * 8) }
  }

  /// A builder whose entries never move, for up to `maximum` of them (more
  /// move once, to a larger block): `share` then costs nothing. Falls back
  /// to a `malloc`ed block (`share` copies) when the address space is refused.
  init(reserving maximum: Int) {
    if let storage = RangeStorage(capacity: maximum), let committed = storage.commit(atLeast: 16) {
      self.storage = storage
      pointer = storage.pointer
      capacity = committed
    } else {
      self = PackedRangesBuilder(expected: maximum / 4)
    }
  }

  /// Asks for transparent huge pages on a big block: millions of items
  /// then fault in 2 MiB at a time instead of 4 KiB (a tenth of the load
  /// time went to page faults). Only the part actually written is backed.
  static func adviseHugePages(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
    #if os(Linux)
      guard bytes >= 8 << 20 else { return }
      let page = 4096
      let start = (Int(bitPattern: pointer) + page - 1) & ~(page - 1)
      let end = (Int(bitPattern: pointer) + bytes) & ~(page - 1)
      if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_HUGEPAGE) }
    #endif
  }

  @inline(__always)
  mutating func append(offset: Int, length: Int, plain: Bool) {
    if count == capacity { grow() }
    var l = UInt64(truncatingIfNeeded: length)
    if l >= PackedRanges.lengthSentinel {
      overflow[offset] = length
      l = PackedRanges.lengthSentinel
    }
    pointer[count] =
      UInt64(truncatingIfNeeded: offset) | (l << PackedRanges.offsetBits) | (plain ? 0 : PackedRanges.notPlainBit)
    count += 1
  }

  /// Appends an already packed entry (re-grouping merged sections).
  @inline(__always)
  mutating func append(packed: UInt64) {
    if count == capacity { grow() }
    pointer[count] = packed
    count += 1
  }

  /// Moves all of `other`'s entries to the end (`other` is left empty, its
  /// memory freed a few MiB at a time as it is copied, so the peak stays
  /// near one copy).
  mutating func append(contentsOf other: inout PackedRangesBuilder) {
    while capacity < count + other.count { grow() }
    let chunk = 1 << 18
    var i = 0
    while i < other.count {
      let n = min(chunk, other.count - i)
      (pointer + count + i).update(from: other.pointer + i, count: n)
      other.releasePages(from: i, below: i + n)
      i += n
    }
    count += other.count
    overflow.merge(other.overflow) { a, _ in a }
    other.overflow = [:]
    other.count = 0
  }

  /// Forgets items from `newCount` on (a repeated `"items"` key replaces the earlier one).
  /// Entries a shared list shows are copied to a fresh block first (rare:
  /// only a repeated key does this).
  mutating func truncate(to newCount: Int) {
    guard newCount < count else { return }
    if newCount < shared { relocate(reserving: storage?.capacity ?? capacity) }
    for i in newCount..<count
    where (pointer[i] >> PackedRanges.offsetBits) & PackedRanges.lengthSentinel
      == PackedRanges.lengthSentinel
    {
      overflow[Int(truncatingIfNeeded: pointer[i] & PackedRanges.offsetMask)] = nil
    }
    count = newCount
  }

  mutating func grow() {
    if let storage {
      if let committed = storage.commit(atLeast: capacity + 1) {
        capacity = committed
      } else {
        relocate(reserving: storage.capacity * 2)
      }
      return
    }
    capacity *= 2
    pointer = realloc(pointer, capacity * 8)!.assumingMemoryBound(to: UInt64.self)
  }

  /// Moves the entries to a new block of room for `maximum` (a reservation
  /// when possible), leaving the old one to the lists that share it.
  mutating func relocate(reserving maximum: Int) {
    var moved = PackedRangesBuilder(reserving: max(maximum, count + 16))
    while moved.capacity <= count { moved.grow() }
    moved.pointer.update(from: pointer, count: count)
    if storage == nil { free(pointer) }
    storage = moved.storage
    pointer = moved.pointer
    capacity = moved.capacity
    shared = 0
  }

  /// A list of the first `n` entries (at most `count`). With a reservation
  /// it shares them — they will not change — else it copies them.
  mutating func share(_ n: Int) -> PackedRanges {
    guard let storage else {
      let copy = malloc(max(n, 1) * 8)!.assumingMemoryBound(to: UInt64.self)
      copy.update(from: pointer, count: n)
      return PackedRanges(pointer: copy, count: n, overflow: overflow)
    }
    shared = max(shared, n)
    return PackedRanges(pointer: pointer, count: n, overflow: overflow, storage: storage)
  }

  /// Hands the memory over, trimmed to size.
  consuming func finish() -> PackedRanges {
    if let storage {
      storage.trim(to: count)
      return PackedRanges(pointer: pointer, count: count, overflow: overflow, storage: storage)
    }
    if count < capacity, let trimmed = realloc(pointer, max(count, 1) * 8) {
      pointer = trimmed.assumingMemoryBound(to: UInt64.self)
    }
    return PackedRanges(pointer: pointer, count: count, overflow: overflow)
  }

  /// Lets the kernel take back the whole pages holding entries
  /// `first..<index`, which the caller will not read again (they read as zeros
  /// after this); the block itself is still freed as usual.
  func releasePages(from first: Int, below index: Int) {
    let page = 4096
    let start = (Int(bitPattern: pointer) + first * 8 + page - 1) & ~(page - 1)
    let end = (Int(bitPattern: pointer) + min(index, count) * 8) & ~(page - 1)
    if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, MADV_DONTNEED) }
  }

  /// Releases the memory when loading fails (a reservation goes with the last list sharing it).
  consuming func discard() { if storage == nil { free(pointer) } }
}
