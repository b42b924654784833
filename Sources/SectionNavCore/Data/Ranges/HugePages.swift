import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Whether transparent huge pages are worth asking for, as this process
/// finds out while it fills them. Where the memory behind a huge page is
/// ready, one fault fills 2 MiB for the cost of a few 4 KiB faults (60 MB
/// read from a pipe: 5 ms of faults against 22 ms). But a virtual machine
/// that hands free memory back to its host (virtio-balloon free page
/// reporting takes back free 2 MiB blocks a couple of seconds after they are
/// freed) keeps only a few ready: each huge page past them then took 5–7 ms
/// to fault in, against 0.2 ms for a ready one and about 1 ms for the same
/// 2 MiB in small pages (which stay ready). `cat 60MB | sectionnav --lines
/// --check -` after a few idle seconds took 182 ms with huge pages, 96 ms
/// without (median of 6 runs, each after 3 s idle, 2026-12-02); run back to
/// back, 74 ms with them, 100 ms without. So the pages are made in 2 MiB
/// blocks, timed, and the first slow block turns huge pages off for the
/// rest of the process.
enum HugePages {
  private static let dear = Atomic<Bool>(false)

  /// A 2 MiB block that takes longer than this to fault in came fresh from the host.
  private static let dearAfterNanoseconds = Atomic<Int>(2_000_000)

  /// Starts over as if no block had been timed, with blocks slower than
  /// `nanoseconds` counted as slow (tests: -1 makes the first one slow).
  static func restart(slowerThan nanoseconds: Int = 2_000_000) {
    dearAfterNanoseconds.store(nanoseconds, ordering: .relaxed)
    dear.store(false, ordering: .relaxed)
  }

  /// Whether to ask for huge pages (yes until a slow block was seen).
  static var cheap: Bool { !dear.load(ordering: .relaxed) }

  /// Makes room for `count` elements at `start` that are about to be
  /// written whole (a sort's entries, a list of a million sections): asks
  /// for huge pages when they are cheap, then makes the pages resident
  /// 2 MiB at a time (`populate`, timed), instead of taking a fault every
  /// 4 KiB as they are written (a million sections: 14 000 faults fewer,
  /// a tenth of the load's CPU time), half of them on each core: the
  /// kernel zeroes every page it makes, and the caller waits (857 k
  /// sections' sort entries, 20 MB: 10 ms on one core while the other
  /// idled). Below 8 MB, nothing.
  static func prepare<T>(_ start: UnsafeMutablePointer<T>?, count: Int) {
    let bytes = count * MemoryLayout<T>.stride
    guard let start, bytes >= 8 << 20 else { return }
    let raw = UnsafeMutableRawPointer(start)
    RangeRegion.adviseHugePages(raw, bytes: bytes)
    guard let (from, length) = RangeRegion.wholePages(raw, bytes: bytes) else { return }
    let end = from + length
    let middle = from + (length / 2 & ~(RangeRegion.hugePage - 1))
    guard middle > from, Cores.available > 1 else {
      _ = populate(from, end, regionEnd: end)
      return
    }
    let (later, last) = (Int(bitPattern: middle), Int(bitPattern: end))
    _ = ForkJoin.both(
      { populate(from, middle, regionEnd: end) },
      {
        let (p, e) = (UnsafeMutableRawPointer(bitPattern: later)!, UnsafeMutableRawPointer(bitPattern: last)!)
        return populate(p, e, regionEnd: e)
      })
  }

  /// Makes the pages from `start` to `end` writable-resident (Linux 5.14,
  /// `MADV_POPULATE_WRITE`), one 2 MiB-aligned block at a time, each timed
  /// while huge pages are thought cheap. On the first slow one, asks for
  /// small pages from there to `regionEnd`. False when the system cannot
  /// populate (the caller's writes then fault the pages in as they come).
  static func populate(
    _ start: UnsafeMutableRawPointer, _ end: UnsafeMutableRawPointer, regionEnd: UnsafeMutableRawPointer
  ) -> Bool {
    #if os(Linux)
      let huge = RangeRegion.hugePage
      var p = start
      while p < end {
        let next = min(end, UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: p) + huge) & ~(huge - 1))!)
        let timed = cheap
        var before = timespec()
        // This thread's CPU time, which the page zeroing is part of: not
        // the wall clock, which also counts time the thread waited for a
        // core (2 cores, `cat`, a reader and a scan share them).
        if timed { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &before) }
        guard madvise(p, next - p, 23 /* MADV_POPULATE_WRITE */) == 0 else { return false }
        if timed {
          var after = timespec()
          clock_gettime(CLOCK_THREAD_CPUTIME_ID, &after)
          let nanoseconds = (after.tv_sec - before.tv_sec) * 1_000_000_000 + (after.tv_nsec - before.tv_nsec)
          if nanoseconds > dearAfterNanoseconds.load(ordering: .relaxed) {
            dear.store(true, ordering: .relaxed)
            if regionEnd > next { _ = madvise(next, regionEnd - next, MADV_NOHUGEPAGE) }
          }
        }
        p = next
      }
      return true
    #else
      return false
    #endif
  }
}
