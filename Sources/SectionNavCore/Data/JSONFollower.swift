import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Indexes sectioned JSON from a stream on another thread while it is still
/// being read (`StreamLoad`): the indexer's own scan (`Scan`) follows the
/// reader and waits where the bytes run out (`Feed`), so a pipe is scanned
/// once, on the second core, while the first copies it in — and a bad byte
/// is found as soon as it arrives. When the input ends only its last piece
/// is left to scan.
final class JSONFollower: @unchecked Sendable {
  /// What the reader has read, told to the scan that waits for it.
  final class Feed: @unchecked Sendable {
    private let arrived = Atomic<Int>(0)
    private let ended = Atomic<Bool>(false)
    /// How far the scan has got (the reader waits when too far ahead, `StreamLoad.uncheckedLimit`).
    let scanned = Atomic<Int>(0)
    private let wake = DispatchSemaphore(value: 0)
    /// Signalled whenever `scanned` moves and when the scan ends.
    let moved = DispatchSemaphore(value: 0)
    /// Set before the scan starts; called on the scan's thread with the
    /// bytes scanned, the items found and a way to make the list so far.
    var progress: ((_ bytes: Int, _ items: Int, _ snapshot: () -> SectionedList) -> Void)?

    /// Bytes read so far.
    var available: Int { arrived.load(ordering: .acquiring) }

    /// The first `count` bytes have arrived (`atEnd`: all of them).
    func arrive(_ count: Int, atEnd: Bool) {
      arrived.store(count, ordering: .releasing)
      if atEnd { ended.store(true, ordering: .releasing) }
      wake.signal()
    }

    /// The scan has passed `offset`.
    func passed(_ offset: Int, items: Int, snapshot: () -> SectionedList) {
      scanned.store(offset, ordering: .releasing)
      moved.signal()
      progress?(offset, items, snapshot)
    }

    /// The scan has used the first `count` bytes: waits for more, and
    /// returns how many have arrived; nil when the input ends at `count`.
    func wait(beyond count: Int, items: Int, snapshot: () -> SectionedList) -> Int? {
      passed(count, items: items, snapshot: snapshot)
      while true {
        let ended = ended.load(ordering: .acquiring)
        let n = available
        if n > count { return n }
        if ended { return nil }
        wake.wait()
      }
    }

    func signalEnd() {
      moved.signal()
    }
  }

  let feed = Feed()
  /// Touched by the follower's thread only, until `done` is signalled.
  private var scan: Scan?
  private var failure: SyntaxFailure?
  private let finished = Atomic<Bool>(false)
  private let done = DispatchSemaphore(value: 0)
  private var joined = false
  /// A pipe written to when the scan ends, to wake a reader waiting for input (`awaitInput`).
  private var ended: [Int32] = [-1, -1]

  /// `buffer`: the stream's growing buffer (its bytes below what `arrive`
  /// says never change). `progress` as for `Feed.progress`.
  init(
    buffer: ByteBuffer, options: LoadOptions,
    progress: ((_ bytes: Int, _ items: Int, _ snapshot: () -> SectionedList) -> Void)?
  ) {
    scan = Scan(
      buffer: buffer, itemField: options.itemField, collation: options.collation, expectedBytes: Self.expectedBytes)
    feed.progress = progress
    if pipe(&ended) != 0 { ended = [-1, -1] }
    for end in ended where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    DetachedThread.start(stackSize: 1 << 20) { [self] in
      do throws(SyntaxFailure) {
        try scan!.run(options: options, progress: nil, feed: feed)
      } catch {
        failure = error
      }
      finished.store(true, ordering: .releasing)
      feed.signalEnd()
      if ended[1] >= 0 {
        var byte: UInt8 = 0
        _ = write(ended[1], &byte, 1)
      }
      done.signal()
    }
  }

  deinit {
    for end in ended where end >= 0 { close(end) }
  }

  /// Waits until `fd` has input (or its end) or the scan has stopped: a
  /// writer that goes quiet after a bad byte is not waited for.
  func awaitInput(_ fd: Int32) {
    guard ended[0] >= 0, !finished.load(ordering: .acquiring) else { return }
    var entries = [
      pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: ended[0], events: Int16(POLLIN), revents: 0),
    ]
    while poll(&entries, 2, -1) < 0 && errno == EINTR {}
  }

  /// Room for the items of this much input is reserved up front (more moves once).
  static let expectedBytes = 64 << 20

  /// The scan's syntax error, once it has stopped at one before the end of the input.
  var earlyFailure: SyntaxFailure? {
    guard finished.load(ordering: .acquiring) else { return nil }
    join()
    return failure
  }

  /// Waits while the reader, at `count` bytes, is `limit` (or as much as
  /// has been scanned) ahead of the scan, so that a bad byte is found
  /// before much more is read past it.
  func keepUp(with count: Int, limit: Int) {
    while !finished.load(ordering: .acquiring) {
      let scanned = feed.scanned.load(ordering: .acquiring)
      if count - scanned < max(limit, scanned) { return }
      feed.moved.wait()
    }
  }

  /// Ends the scan where the input is now, and waits for its thread.
  func stop(at count: Int) {
    feed.arrive(count, atEnd: true)
    join()
  }

  private func join() {
    if joined { return }
    done.wait()
    joined = true
  }

  /// The list, once the whole input (`buffer`) has arrived; nil when the
  /// scan failed or found another shape (the caller indexes it again to
  /// tell why, as it would a file).
  func finish(_ buffer: ByteBuffer, options: LoadOptions) -> SectionedList? {
    stop(at: buffer.count)
    guard failure == nil, var scan, scan.shapeFailure == nil else { return nil }
    self.scan = nil
    scan.buffer = buffer
    return scan.finish(options: options)
  }
}
