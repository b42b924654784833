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
  /// A large block starts on a huge-page boundary and is made writable in
  /// whole huge pages, so every part of it can fault in 2 MiB at a time
  /// (`PackedRangesBuilder.adviseHugePages`; 4 KiB faults at unaligned
  /// edges cost a tenth of a 60 MB load).
  init?(capacity: Int) {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    let bytes = max(page, (max(capacity, 1) * 8 + page - 1) / page * page)
    let align = bytes >= Self.hugePage ? Self.hugePage : page
    let raw = mmap(nil, bytes + align - page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    guard let raw, raw != MAP_FAILED else { return nil }
    let start = (Int(bitPattern: raw) + align - 1) & ~(align - 1)
    let head = start - Int(bitPattern: raw)
    if head > 0 { munmap(raw, head) }
    if align - page - head > 0 { munmap(UnsafeMutableRawPointer(bitPattern: start + bytes), align - page - head) }
    pointer = UnsafeMutablePointer(bitPattern: start)!
    self.capacity = bytes / 8
    mapped = bytes
    PackedRangesBuilder.adviseHugePages(UnsafeMutableRawPointer(pointer), bytes: bytes)
  }

  static let hugePage = 2 << 20

  deinit { munmap(pointer, mapped) }

  /// Makes at least `entries` entries writable (doubling, in whole pages —
  /// huge ones past the first — at most `capacity`); returns how many now
  /// are, or nil when `entries` exceeds the reservation or the memory is refused.
  func commit(atLeast entries: Int) -> Int? {
    guard entries > committed else { return committed }
    guard entries <= capacity else { return nil }
    let want = max(entries * 8, committed * 16, 64 << 10)
    let unit = want > Self.hugePage ? Self.hugePage : Int(sysconf(Int32(_SC_PAGESIZE)))
    let bytes = min(capacity * 8, (want + unit - 1) / unit * unit)
    guard mprotect(pointer, bytes, PROT_READ | PROT_WRITE) == 0 else { return nil }
    committed = bytes / 8
    return committed
  }

  /// Gives back the address space after the first `entries` entries (the
  /// load is over and no list will view more).
  func trim(to entries: Int) {
    // Whole huge pages stay whole (splitting one costs more than it frees).
    let unit = mapped >= Self.hugePage ? Self.hugePage : Int(sysconf(Int32(_SC_PAGESIZE)))
    let keep = max(unit, (entries * 8 + unit - 1) / unit * unit)
    guard keep < mapped else { return }
    munmap(UnsafeMutableRawPointer(pointer) + keep, mapped - keep)
    mapped = keep
    committed = min(committed, keep / 8)
  }
}
