import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A scan that follows a stream on another thread while the reader reads
/// it (`StreamLoad`): the reader tells it what has arrived (`feed`), the
/// scan waits where the bytes run out, and the reader learns of an error
/// before the input ends (`earlyFailure`), even while it waits for a quiet
/// writer (`awaitInput`). Reading (mostly the kernel handing out pages) and
/// scanning then run on two cores instead of one after the other.
/// `JSONFollower` (sectioned JSON) and `ItemFollower` (item data) are its scans.
final class StreamFollower: @unchecked Sendable {
  /// When the input ends with this much or more left unscanned, the scan
  /// of item data or `--lines` splits the rest over two cores where it
  /// stands, as a file of that size is split (`ScanSplit.minimumSize`): a
  /// writer faster than the scan (`cat`) leaves it about half the input
  /// behind, so a 2–32 MiB input ends with 1–16 MiB left, which one core
  /// alone took twice as long to scan.
  static let restToSplit = ScanSplit.minimumSize
  /// The same for sectioned JSON (`JSONFollower.splitRest`), whose rest is
  /// split on another thread while the scan goes on, from 4 MiB past where
  /// the scan last said it stood: the scan looks for it every 4 MiB
  /// (`Scan.run`), so it may be that far on already, and must not have
  /// passed the second half's start when it looks. From 8 MiB on, that
  /// start lies 2 MiB or more past the look; the scan's own share is then
  /// 2–6 MiB of the 8 instead of 4–8.
  static let jsonRestToSplit = 8 << 20
  /// How far a follower scans between looks at whether the input has
  /// ended, so that the end is noticed soon and the rest split.
  static let step = 1 << 20

  /// What the reader has read, told to the scan that waits for it.
  final class Feed: @unchecked Sendable {
    private let arrived = Atomic<Int>(0)
    private let ended = Atomic<Bool>(false)
    private let abandoned = Atomic<Bool>(false)
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

    /// Whether the input has ended (then `available` is all of it).
    var atEnd: Bool { ended.load(ordering: .acquiring) }

    /// Whether the load was given up (`abandon`): the scan stops where it
    /// stands, its result unwanted.
    var isAbandoned: Bool { abandoned.load(ordering: .acquiring) }

    /// Gives the load up: the reading failed (the stream outgrew its cap)
    /// or a newer reload replaced it. A scan far behind the reader stops at
    /// its next step instead of scanning, and laying out, all that was read
    /// (`yes | sectionnav --csv` went on from 6 to 19 GB after its cap).
    func abandon() {
      abandoned.store(true, ordering: .releasing)
      ended.store(true, ordering: .releasing)
      wake.signal()
    }

    /// The first `count` bytes have arrived (`atEnd`: all of them).
    func arrive(_ count: Int, atEnd: Bool) {
      arrived.store(count, ordering: .releasing)
      if atEnd { ended.store(true, ordering: .releasing) }
      wake.signal()
    }

    /// The scan has passed `offset`, with `items` found. A list with no
    /// items is not offered: it would only hold back the first one that has some.
    func passed(_ offset: Int, items: Int, snapshot: () -> SectionedList) {
      reached(offset)
      if items > 0 { progress?(offset, items, snapshot) }
    }

    /// The scan has passed `offset` (told to a reader waiting for it to keep up).
    func reached(_ offset: Int) {
      scanned.store(offset, ordering: .releasing)
      moved.signal()
    }

    /// The scan has used the first `count` bytes: waits for more, and
    /// returns how many have arrived; nil when the input ends at `count`.
    /// While it waits, the list so far is offered again every
    /// `reofferInterval`: the one offered on arriving may have come too
    /// soon after the last to be shown, and a quiet writer sends nothing
    /// that would offer it again.
    func wait(beyond count: Int, items: Int, snapshot: () -> SectionedList) -> Int? {
      passed(count, items: items, snapshot: snapshot)
      while true {
        if isAbandoned { return nil }
        let ended = ended.load(ordering: .acquiring)
        let n = available
        if n > count { return n }
        if ended { return nil }
        if progress == nil || items == 0 {
          wake.wait()
        } else if wake.wait(timeout: .now() + .milliseconds(Int(Self.reofferMilliseconds))) == .timedOut {
          progress?(count, items, snapshot)
        }
      }
    }

    /// How often the list so far is offered again while the input is quiet.
    static let reofferMilliseconds: Int32 = 100

    /// The rest of a complete input, started on another thread for the
    /// scan to adopt when it gets there (`JSONFollower.splitRest`).
    private let rest = Mutex<ScanSplit?>(nil)

    func offer(_ split: ScanSplit) { rest.withLock { $0 = split } }

    /// The split offered since the last call, if any.
    func takeSplit() -> ScanSplit? { rest.withLock { $0.take() } }

    func signalEnd() {
      moved.signal()
    }
  }

  let feed = Feed()
  /// The scan's error, final once `done` is signalled.
  private var failure: (any Error)?
  private let finished = Atomic<Bool>(false)
  private let done = DispatchSemaphore(value: 0)
  private var started = false
  private var joined = false
  /// A pipe written to when the scan ends, to wake a reader waiting for input (`awaitInput`).
  private var ended: [Int32] = [-1, -1]

  /// `progress` as for `Feed.progress`.
  init(progress: ((_ bytes: Int, _ items: Int, _ snapshot: () -> SectionedList) -> Void)?) {
    feed.progress = progress
    if pipe(&ended) != 0 { ended = [-1, -1] }
    for end in ended where end >= 0 { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
  }

  /// Runs `scan` on its own thread; what it throws is the failure.
  func start(_ scan: @escaping @Sendable (Feed) throws -> Void) {
    started = true
    DetachedThread.start(stackSize: 1 << 20) { [self] in
      do {
        try scan(feed)
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

  /// The scan's error, once it has stopped at one before the end of the input.
  var earlyFailure: (any Error)? {
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

  /// Ends the scan where the input is now, and waits for its thread; its error, if any.
  @discardableResult
  func stop(at count: Int) -> (any Error)? {
    feed.arrive(count, atEnd: true)
    join()
    return failure
  }

  private func join() {
    if joined || !started { return }
    done.wait()
    joined = true
  }
}
