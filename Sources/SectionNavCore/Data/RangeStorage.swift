#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Packed item ranges that a background load's snapshots share while it
/// runs: one block of address space reserved up front for the most entries
/// the input can hold and made writable as it fills, so it never moves. A
/// snapshot is then a view of the first entries (`PackedRangesBuilder.share`),
/// not a copy; the block is unmapped when the builder and the last list
/// viewing it are gone.
final class RangeStorage: @unchecked Sendable {
  /// First entry of the reservation.
  let pointer: UnsafeMutablePointer<UInt64>
  /// Entries reserved.
  let capacity: Int
  /// Entries made writable so far (only the loading thread changes it).
  private(set) var committed = 0
  /// Bytes still mapped (`trim` gives back the unused tail).
  private var mapped: Int

  /// Reserves room for `capacity` entries, none writable yet (reserved
  /// address space costs no memory); nil when the address space is refused.
  init?(capacity: Int) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let bytes = max(page, (max(capacity, 1) * 8 + page - 1) / page * page)
    let raw = mmap(nil, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    guard let raw, raw != MAP_FAILED else { return nil }
    pointer = raw.assumingMemoryBound(to: UInt64.self)
    self.capacity = bytes / 8
    mapped = bytes
    PackedRangesBuilder.adviseHugePages(raw, bytes: bytes)
  }

  deinit { munmap(pointer, mapped) }

  /// Makes at least `entries` entries writable (a whole page at a time,
  /// doubling, at most `capacity`); returns how many now are, or nil when
  /// `entries` exceeds the reservation or the memory is refused.
  func commit(atLeast entries: Int) -> Int? {
    guard entries > committed else { return committed }
    guard entries <= capacity else { return nil }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let want = min(capacity * 8, max(entries * 8, committed * 16, 64 << 10))
    let bytes = min(capacity * 8, (want + page - 1) / page * page)
    guard mprotect(pointer, bytes, PROT_READ | PROT_WRITE) == 0 else { return nil }
    committed = bytes / 8
    return committed
  }

  /// Gives back the address space after the first `entries` entries (the
  /// load is over and no list will view more).
  func trim(to entries: Int) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let keep = max(page, (entries * 8 + page - 1) / page * page)
    guard keep < mapped else { return }
    munmap(UnsafeMutableRawPointer(pointer) + keep, mapped - keep)
    mapped = keep
    committed = min(committed, keep / 8)
  }
}
