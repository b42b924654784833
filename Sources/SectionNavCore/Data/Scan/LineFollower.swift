import Dispatch
import Synchronization

/// Groups `--lines` input on another thread while it is still being read
/// (`StreamLoad`), so that when a pipe ends only its last piece is left to
/// group: the reading (mostly the kernel handing out pages to copy into) and
/// the grouping run on two cores instead of one after the other. The reader
/// says how far the bytes go (`arrived`); the follower takes the complete
/// lines below that, which no longer change. A fast writer leaves the
/// grouping behind: then the rest is grouped in two halves at the end, one
/// on the core the reader no longer needs, as a file's would be.
final class LineFollower: @unchecked Sendable {
  /// Touched by the follower's thread only, until `finish` has stopped it.
  private var grouping: LineScan
  private var grouped = 0
  private let available = Atomic<Int>(0)
  private let stopping = Atomic<Bool>(false)
  private let wake = DispatchSemaphore(value: 0)
  private let stopped = DispatchSemaphore(value: 0)

  /// `buffer`: the stream's growing buffer (its bytes below what `arrived`
  /// says never change).
  init(
    buffer: ByteBuffer, delimiter: String?, keepOrder: Bool, collation: LocaleCollation? = nil,
    lineEnd: LineEnd = .newline
  ) {
    grouping = LineScan(
      buffer: buffer, delimiter: delimiter.map { Array($0.utf8) } ?? [], keepOrder: keepOrder,
      expectedBytes: 64 << 20, collation: collation, lineEnd: lineEnd)
    DetachedThread.start { [self] in
      follow()
      stopped.signal()
    }
  }

  /// The first `count` bytes have arrived.
  func arrived(_ count: Int) {
    available.store(count, ordering: .releasing)
    wake.signal()
  }

  private func follow() {
    while true {
      wake.wait()
      let count = available.load(ordering: .acquiring)
      // Up to the last line's end: the line after it may still grow.
      let base = grouping.buffer.base
      let lineEnd = grouping.lineEnd.byte
      var end = count
      while end > grouped, base[end - 1] != lineEnd { end -= 1 }
      // A step at a time, so that `finish` soon takes over what is left.
      while end > grouped {
        if stopping.load(ordering: .acquiring) { return }
        let step = StreamFollower.step
        let to = grouped + step < end ? memchrPointer(base + grouped + step, base + end, lineEnd)! + 1 - base : end
        grouping.scan(from: grouped, to: to)
        grouped = to
      }
      if stopping.load(ordering: .acquiring) { return }
    }
  }

  /// Ends the thread (after the step it is grouping); idempotent.
  func stop() {
    guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else { return }
    wake.signal()
    stopped.wait()
  }

  /// The list of `buffer`'s lines (the whole stream, now ended), as
  /// `LineInput.load` makes it. The rest, when `minimumSplit` bytes or
  /// more, is grouped in two halves, as `LineInput.load` groups a file.
  func finish(_ buffer: ByteBuffer, minimumSplit: Int = StreamFollower.restToSplit) -> SectionedList {
    stop()
    grouping.buffer = buffer
    grouping.scan(from: grouped, to: buffer.count, twoThreadsFrom: Cores.available >= 2 ? minimumSplit : nil)
    // Moved out, so that its memory goes as it is laid out, not with this object.
    var taken = LineScan(
      buffer: buffer, delimiter: [], expectedBytes: 0, collation: grouping.collation, lineEnd: grouping.lineEnd)
    swap(&taken, &grouping)
    return taken.finish()
  }
}
