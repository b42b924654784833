import CMapGuard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The memory behind packed item ranges: narrow entries, block headers and
/// the wide blocks' entries (`PackedRanges`). A builder grows it; lists view
/// it; it is freed when the builder and the last list viewing it are gone.
final class RangeStorage: @unchecked Sendable {
  /// Four bytes an item.
  var entries: RangeRegion
  /// Eight bytes per block of `RangeCodec.blockSize` items; zero until written.
  var headers: RangeRegion
  /// Eight bytes an item of a wide block, a block's worth at a time.
  var wide: RangeRegion

  /// Room reserved for up to `maximum` items, none of it writable yet
  /// (reserved address space costs no memory): it never moves, so lists of
  /// the entries so far can view it while it fills. Nil when the address
  /// space is refused.
  init?(reserving maximum: Int) {
    let blocks = RangeCodec.blocks(maximum)
    guard let e = RangeRegion(reserving: maximum * 4) else { return nil }
    // Headers are a 32nd of the entries: a huge page would mostly be waste.
    guard let h = RangeRegion(reserving: blocks * 8, hugePages: false) else {
      e.deallocate()
      return nil
    }
    guard let w = RangeRegion(reserving: blocks * RangeCodec.blockSize * 8) else {
      e.deallocate()
      h.deallocate()
      return nil
    }
    (entries, headers, wide) = (e, h, w)
  }

  /// `malloc`ed room for `expected` items, grown by `realloc` (large blocks
  /// move by remapping pages, not copying). `hugePages: false` for entries
  /// written in scattered runs while another block is given back: huge
  /// pages would make them all resident at the first writes.
  init(expected: Int, hugePages: Bool) {
    let blocks = max(RangeCodec.blocks(expected), 1)
    entries = RangeRegion(allocating: blocks * RangeCodec.blockSize * 4, zeroed: false, hugePages: hugePages)
    headers = RangeRegion(allocating: blocks * 8, zeroed: true, hugePages: false)
    wide = RangeRegion(allocating: 0, zeroed: false, hugePages: false)
  }

  var isReserved: Bool { entries.isReserved }

  deinit {
    entries.deallocate()
    headers.deallocate()
    wide.deallocate()
  }
}

/// One growable block of memory: address space reserved up front and made
/// writable as it fills (it never moves), or a `malloc`ed block.
struct RangeRegion {
  private(set) var base: UnsafeMutableRawPointer
  /// Bytes writable now.
  private(set) var capacity: Int
  /// Bytes of address space mapped (reserved regions only).
  private var mapped = 0
  let isReserved: Bool
  /// New bytes read as zero (headers rely on it).
  private var zeroed = true
  private var hugePages = true

  static let hugePage = 2 << 20
  static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

  /// Reserves `bytes` of address space, none writable yet. A large region
  /// starts on a huge-page boundary and is made writable in whole huge
  /// pages, so every part of it can fault in 2 MiB at a time (4 KiB faults
  /// cost a tenth of a 60 MB load).
  init?(reserving bytes: Int, hugePages: Bool = true) {
    let page = Self.page
    let size = max(page, (bytes + page - 1) / page * page)
    let align = hugePages && size >= Self.hugePage ? Self.hugePage : page
    let raw = mmap(nil, size + align - page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    guard let raw, raw != MAP_FAILED else { return nil }
    let start = (Int(bitPattern: raw) + align - 1) & ~(align - 1)
    let head = start - Int(bitPattern: raw)
    if head > 0 { munmap(raw, head) }
    if align - page - head > 0 { munmap(UnsafeMutableRawPointer(bitPattern: start + size), align - page - head) }
    base = UnsafeMutableRawPointer(bitPattern: start)!
    capacity = 0
    mapped = size
    isReserved = true
    self.hugePages = hugePages
    if hugePages { Self.adviseHugePages(base, bytes: size) }
  }

  init(allocating bytes: Int, zeroed: Bool, hugePages: Bool) {
    let size = max(bytes, 64)
    guard let block = zeroed ? calloc(size, 1) : malloc(size) else { sn_out_of_memory(size) }
    base = block
    capacity = size
    isReserved = false
    self.zeroed = zeroed
    self.hugePages = hugePages
    if hugePages { Self.adviseHugePages(base, bytes: size) }
  }

  /// Makes at least `bytes` writable (at least doubling); false when that
  /// exceeds a reservation or the memory is refused. A `malloc`ed region
  /// may move.
  mutating func grow(atLeast bytes: Int) -> Bool {
    guard bytes > capacity else { return true }
    if isReserved {
      guard bytes <= mapped else { return false }
      let want = max(bytes, capacity * 2, 64 << 10)
      let unit = hugePages && want > Self.hugePage ? Self.hugePage : Self.page
      let size = min(mapped, (want + unit - 1) / unit * unit)
      guard mprotect(base, size, PROT_READ | PROT_WRITE) == 0 else { return false }
      capacity = size
      return true
    }
    let size = max(bytes, capacity * 2)
    guard let moved = realloc(base, size) else { return false }
    if zeroed { memset(moved + capacity, 0, size - capacity) }
    base = moved
    capacity = size
    if hugePages { Self.adviseHugePages(base, bytes: size) }
    return true
  }

  /// Gives back what lies after the first `bytes` (no list will view more).
  mutating func trim(to bytes: Int) {
    if isReserved {
      // Whole huge pages stay whole (splitting one costs more than it frees).
      let unit = hugePages && mapped >= Self.hugePage ? Self.hugePage : Self.page
      let keep = max(unit, (bytes + unit - 1) / unit * unit)
      guard keep < mapped else { return }
      munmap(base + keep, mapped - keep)
      mapped = keep
      capacity = min(capacity, keep)
    } else if bytes < capacity, let trimmed = realloc(base, max(bytes, 64)) {
      base = trimmed
      capacity = max(bytes, 64)
    }
  }

  /// Lets the kernel take back the whole pages within bytes `from..<to`,
  /// which will not be read again (they read as zeros after this).
  func release(from: Int, to: Int) { Self.release(base, from: from, to: min(to, capacity)) }

  /// Gives back the whole pages within bytes `from..<to` of `base`.
  static func release(_ base: UnsafeMutableRawPointer, from: Int, to: Int) {
    guard let (start, count) = wholePages(base + from, bytes: to - from) else { return }
    _ = madvise(start, count, MADV_DONTNEED)
  }

  /// The whole pages within `bytes` bytes at `pointer` (rounded inwards):
  /// where they start and how many bytes they take; nil when none.
  static func wholePages(_ pointer: UnsafeMutableRawPointer, bytes: Int) -> (UnsafeMutableRawPointer, Int)? {
    let start = (Int(bitPattern: pointer) + page - 1) & ~(page - 1)
    let end = (Int(bitPattern: pointer) + bytes) & ~(page - 1)
    guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return nil }
    return (first, end - start)
  }

  func deallocate() {
    if isReserved { munmap(base, mapped) } else { free(base) }
  }

  /// Asks for transparent huge pages on a big block, when they are cheap
  /// here (`HugePages`): millions of items then fault in 2 MiB at a time
  /// instead of 4 KiB (a tenth of the load time went to page faults); when
  /// they are dear, asks for small pages even where the system would use
  /// huge ones unasked. Only the part actually written is backed.
  static func adviseHugePages(_ pointer: UnsafeMutableRawPointer, bytes: Int) {
    #if os(Linux)
      guard bytes >= 8 << 20, let (start, count) = wholePages(pointer, bytes: bytes) else { return }
      _ = madvise(start, count, HugePages.cheap ? MADV_HUGEPAGE : MADV_NOHUGEPAGE)
    #endif
  }
}
