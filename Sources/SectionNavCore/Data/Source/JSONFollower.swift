/// Indexes sectioned JSON from a stream while it is still being read: the
/// indexer's own scan (`Scan`) follows the reader (`StreamFollower`) and
/// waits where the bytes run out, so a pipe is scanned once, on the second
/// core, while the first copies it in, and a bad byte is found as soon as
/// it arrives. When the input ends only its last piece is left to scan.
final class JSONFollower: @unchecked Sendable {
  let follower: StreamFollower
  /// Touched by the follower's thread only, until it has stopped.
  private var scan: Scan?

  /// `buffer`: the stream's growing buffer (its bytes below what has
  /// arrived never change). `progress` as for `StreamFollower.Feed.progress`.
  init(
    buffer: ByteBuffer, options: LoadOptions,
    progress: ((_ bytes: Int, _ items: Int, _ snapshot: () -> SectionedList) -> Void)?
  ) {
    scan = Scan(
      buffer: buffer, itemField: options.itemField, collation: options.collation, expectedBytes: Self.expectedBytes)
    follower = StreamFollower(progress: progress)
    follower.start { [self] feed in try scan!.run(options: options, progress: nil, feed: feed) }
  }

  /// Room for the items of this much input is reserved up front (more moves once).
  static let expectedBytes = 64 << 20

  /// The scan's syntax error, once it has stopped at one before the end of the input.
  var earlyFailure: SyntaxFailure? { follower.earlyFailure as? SyntaxFailure }

  /// The whole input (`buffer`) has arrived: when the scan is far behind,
  /// the rest of it is split, its second half scanned on another thread
  /// (`ScanSplit`) for this scan to adopt, as a file's would be.
  /// `minimum`: the least rest worth it (`StreamFollower.jsonRestToSplit`).
  func splitRest(_ buffer: ByteBuffer, options: LoadOptions, minimum: Int = StreamFollower.jsonRestToSplit) {
    guard Cores.available >= 2 else { return }
    let scanned = follower.feed.scanned.load(ordering: .acquiring)
    guard buffer.count - scanned >= minimum,
      let split = ScanSplit.start(buffer, options: options, after: scanned + (4 << 20))
    else { return }
    self.split = split
    follower.feed.offer(split)
  }

  /// The split of the rest, cancelled when the scan ends without adopting it.
  private var split: ScanSplit?

  /// The list, once the whole input (`buffer`) has arrived; nil when the
  /// scan failed or found another shape (the caller indexes it again to
  /// tell why, as it would a file).
  func finish(_ buffer: ByteBuffer, options: LoadOptions) -> SectionedList? {
    let failure = follower.stop(at: buffer.count)
    split?.cancel()
    guard failure == nil, var scan, scan.shapeFailure == nil else { return nil }
    self.scan = nil
    scan.buffer = buffer
    halves = scan.adopted ? 2 : 1
    return scan.finish(options: options)
  }

  /// How many scans shared the work (2 once the split rest was adopted), after `finish`.
  private(set) var halves = 1
}
