/// Scans item data (JSON Lines, CSV, arrays of objects) from a stream on
/// another thread while it is still being read (`StreamFollower`), with the
/// same `ItemStream` that scans it piece by piece: a pipe is read on one
/// core and scanned on the other. A fast writer leaves the scan behind;
/// when the input ends with much of it unscanned, the rest is split
/// (`ItemSplit`) and its second half scanned on the core the reader no
/// longer needs, as a file's would be.
final class ItemFollower: @unchecked Sendable {
  let follower: StreamFollower
  /// Touched by the follower's thread only, until it has stopped.
  private var stream: ItemStream

  /// `stream` scans the stream's growing buffer. `progress` as for `StreamFollower.Feed.progress`.
  init(_ stream: ItemStream, progress: ((_ bytes: Int, _ items: Int, _ snapshot: () -> SectionedList) -> Void)?) {
    self.stream = stream
    follower = StreamFollower(progress: progress)
    follower.start { [self] feed throws(LoadError) in
      var seen = self.stream.available
      while true {
        // Waits for more than `seen` bytes; nil once the input ends there.
        let list = { self.stream.list() }
        guard let n = feed.wait(beyond: seen, items: self.stream.itemCount, snapshot: list) else {
          if !feed.isAbandoned { try self.stream.advance(available: seen, eof: true) }
          return
        }
        if try scan(to: n, from: seen, feed) { return }
        seen = n
      }
    }
  }

  /// Scans the bytes `from..<to` a `StreamFollower.step` at a time, so
  /// that the end of the input is noticed soon after it comes; once it
  /// has come, scans the rest (`scanRest`) and returns true.
  private func scan(to: Int, from: Int, _ feed: StreamFollower.Feed) throws(LoadError) -> Bool {
    var scanned = from
    while scanned < to {
      if feed.isAbandoned { return true }
      if feed.atEnd {
        try Self.scanRest(&stream, count: feed.available)
        return true
      }
      scanned = min(to, scanned + StreamFollower.step)
      if scanned < to && scanned < stream.wanted { continue }
      try stream.advance(available: scanned, eof: false)
      feed.reached(scanned)
    }
    return false
  }

  /// Scans the input to its end, `count` bytes of `stream`'s buffer (a
  /// stream's growing one), from where `stream` stands; a rest of
  /// `minimum` bytes or more in two halves, as a file is
  /// (`ItemLoader.loadHalves`). Returns how many scans did (1–4).
  @discardableResult
  static func scanRest(
    _ stream: inout ItemStream, count: Int, minimum: Int = StreamFollower.restToSplit
  ) throws(LoadError) -> Int {
    let from = stream.position
    var halves = 1
    if Cores.available >= 2, count - from >= max(minimum, 2),
      let split = ItemSplit.start(
        &stream, in: ByteBuffer(base: stream.buffer.base, count: count, ownership: .borrowed(stream.buffer)),
        from: from)
    {
      defer { split.stop() }
      try split.scanFirstHalf(&stream, step: split.offset - from)
      halves += try split.join(into: &stream)
    }
    try stream.advance(available: count, eof: true)
    return halves
  }

  /// The scan's buffers go with the follower, whether the load finished,
  /// failed or was given up (a pipe that turned out to be another shape):
  /// the scan's thread holds it until it has stopped.
  deinit { stream.release() }

  /// The scan's error, once it has stopped at one before the end of the input.
  var earlyFailure: LoadError? { follower.earlyFailure as? LoadError }

  /// The items, once the whole input (`count` bytes) has arrived.
  func finish(count: Int) throws(LoadError) -> ItemLoader.Result {
    if let failure = follower.stop(at: count) as? LoadError { throw failure }
    return ItemLoader.Result(
      list: stream.finalList(), warning: stream.warning, values: stream.json?.state.roots ?? 0)
  }
}
