/// Scans item data (JSON Lines, CSV, arrays of objects) from a stream on
/// another thread while it is still being read (`StreamFollower`), with the
/// same `ItemStream` that scans it piece by piece: a pipe is read on one
/// core and scanned on the other.
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
          try self.stream.advance(available: seen, eof: true)
          return
        }
        if n >= self.stream.wanted { try self.stream.advance(available: n, eof: false) }
        seen = n
      }
    }
  }

  /// The scan's error, once it has stopped at one before the end of the input.
  var earlyFailure: LoadError? { follower.earlyFailure as? LoadError }

  /// The items, once the whole input (`count` bytes) has arrived.
  func finish(count: Int) throws(LoadError) -> ItemLoader.Result {
    if let failure = follower.stop(at: count) as? LoadError { throw failure }
    defer { stream.release() }
    return ItemLoader.Result(list: stream.list(), warning: stream.warning)
  }
}
