/// Reading a stream (pipe, terminal, device) while scanning it: items are
/// found as the bytes arrive, an error stops the reading early (so an
/// endless invalid input such as `/dev/zero` fails at its first bad byte),
/// and `progress` can show the list so far.
public enum StreamLoad {
  /// What went wrong: reading, or the data.
  public enum Failure: Error {
    case read(DataSourceError)
    case data(LoadError, ByteBuffer)
    /// `run`'s `cancelled` said so.
    case cancelled
  }

  /// The whole input, and its items when `options.selectsItems` or `.lines`,
  /// or its sections when it was sectioned JSON indexed as it arrived, or
  /// its list when it was an array read as one (`plainArray`); otherwise
  /// the caller indexes the bytes, which tells why they are not sectioned JSON.
  public struct Outcome {
    public var buffer: ByteBuffer
    public var items: ItemLoader.Result?
  }

  /// Reads `fd` to its end. `validate`: sectioned JSON, indexed as it
  /// arrives on another thread (`JSONFollower`), which also stops bad input
  /// early and makes the early screens. When that scan finds something else
  /// (JSON Lines, a plain array, a syntax error such a document's loader
  /// words otherwise), the input is checked as before it was tried: as it
  /// arrives by an `ItemStream`, as far as `check` goes (it shows nothing
  /// early: it is not sectioned JSON), and indexed once complete — or, for
  /// an array the indexer surely refuses, read as a list as it arrives
  /// (`ItemFollower`), as item data is. `progress` is
  /// called after each chunk with the bytes read and a way to build the
  /// list found so far (only valid during the call). Without item data,
  /// `prefixList` makes that list from the complete lines read so far
  /// (`--lines`). Lines (format `.lines`) are grouped (when nobody watches
  /// them arrive) on another thread as they are read, and returned as
  /// `items`. `uncheckedLimit`: see `StreamLoad.uncheckedLimit`.
  /// `started`: what `sniff` read before the format was known. `cancelled`,
  /// asked after each read: the result is no longer wanted (a reload that a
  /// newer one replaced, its command killed) — the run ends with
  /// `Failure.cancelled` at once, rather than lay out all that was read.
  public static func run(
    fd: Int32, name: String, options: LoadOptions, validate: Bool, defaultTitle: String,
    prefixList: ((ByteBuffer) -> SectionedList)? = nil,
    progress: ((_ bytes: Int, _ items: Int, _ snapshot: () -> SectionedList) -> Void)? = nil,
    uncheckedLimit: Int = StreamLoad.uncheckedLimit, started: Started? = nil, cancelled: (() -> Bool)? = nil
  ) throws(Failure) -> Outcome {
    let storage: StreamBuffer
    if let started { storage = started.storage } else { storage = try newStorage(name: name) }
    // Bytes already read (`sniff`) are taken in before reading more.
    var unread = started.map { $0.storage.count > 0 || $0.atEnd } ?? false
    defer { storage.finishReading() }
    // Checked a quarter of the pipe at a time: the writer can fill the rest meanwhile.
    let slice = (StreamBuffer.widenPipe(fd) ?? 1 << 20) / 4
    var scanOptions = options
    if !options.selectsItems { scanOptions.format = .json }
    let itemStream = {
      ItemStream(
        buffer: storage.growingBuffer(), options: scanOptions, defaultTitle: defaultTitle,
        validateOnly: !options.selectsItems)
    }
    // Item data is scanned on another thread as it arrives.
    var items = options.selectsItems ? ItemFollower(itemStream(), progress: progress) : nil
    defer { items?.follower.stop(at: storage.count) }
    // Sectioned JSON is indexed as it arrives, unless that scan gives up;
    // then `stream` checks it (`check`), and `JSONIndexer` indexes it once complete.
    var sections =
      validate && !options.selectsItems
      ? JSONFollower(buffer: storage.growingBuffer(), options: options, progress: progress) : nil
    defer { sections?.follower.stop(at: storage.count) }
    var stream = validate && !options.selectsItems ? itemStream() : nil
    defer { stream?.release() }
    // An array the indexer surely refuses (`PlainArray.refusesSections`)
    // opens as a list (`DataLoading.document`): once its first element has
    // arrived, it is read so as it arrives — scanned once, not validated
    // by the sectioned scan and then read again.
    var plain: PlainArray? = nil
    var shapeSettled = sections == nil
    /// The scans stop where they stand: the load fails or is given up.
    func abandonScans() {
      items?.follower.feed.abandon()
      sections?.follower.feed.abandon()
    }
    func followPlainArray() {
      let (shape, settled) = PlainArray.settled(storage.buffer(), window: 1 << 16)
      shapeSettled = settled
      guard let shape, settled, shape.refusesSections else { return }
      _ = sections?.follower.stop(at: storage.count)
      sections = nil
      stream?.release()
      stream = nil
      plain = shape
      let list = ItemStream(
        buffer: storage.growingBuffer(), options: shape.itemOptions(options), defaultTitle: defaultTitle)
      items = ItemFollower(list, progress: progress)
    }
    let lines = options.format == .lines
    let follower =
      progress == nil && lines
      ? LineFollower(
        buffer: storage.growingBuffer(), delimiter: options.delimiter, keepOrder: options.keepOrder,
        collation: options.collation, lineEnd: options.lineEnd) : nil
    defer { follower?.stop() }
    storage.prefaults = follower == nil && sections == nil && items == nil
    var text = lines || prefixList != nil ? TextCheck(lineEnd: options.lineEnd) : nil
    /// Offers the lines read so far (complete ones until the end).
    func offerLines(_ progress: (Int, Int, () -> SectionedList) -> Void, eof: Bool) {
      progress(storage.count, 0) {
        prefixList?(storage.buffer(count: eof ? storage.count : storage.completeLines(options.lineEnd)))
          ?? SectionedList([])
      }
    }
    while true {
      let n: Int
      if unread {
        n = started!.atEnd ? 0 : storage.count
        unread = false
      } else {
        // A quiet writer is not waited for once the scan has stopped at a bad byte.
        if let scan = sections?.follower ?? items?.follower, StreamBuffer.wouldWait(fd) {
          scan.awaitInput(fd)
          if let failure = items?.earlyFailure { throw .data(failure, storage.buffer()) }
          if let failure = sections?.earlyFailure {
            try stop(at: failure, storage)
            sections = nil
          }
        } else if let progress, sections == nil && items == nil && storage.count > 0 {
          // Offered again while the writer is quiet, as the followers
          // offer theirs (`Feed.wait`): the last offer may have come too
          // soon after the one before it to be shown.
          while StreamBuffer.wouldWait(fd, milliseconds: StreamFollower.Feed.reofferMilliseconds) {
            offerLines(progress, eof: false)
          }
        }
        do {
          n = try storage.read(from: fd, name: name)
        } catch {
          abandonScans()
          throw .read(error)
        }
      }
      if cancelled?() == true {
        abandonScans()
        throw .cancelled
      }
      let eof = n == 0
      follower?.arrived(storage.count)
      if !shapeSettled { followPlainArray() }
      if let followed = sections {
        followed.follower.feed.arrive(storage.count, atEnd: eof)
        if let failure = followed.earlyFailure {
          try stop(at: failure, storage)
          sections = nil
        } else if eof {
          let buffer = storage.buffer()
          followed.splitRest(buffer, options: options)
          guard let list = followed.finish(buffer, options: options) else { return Outcome(buffer: buffer, items: nil) }
          do throws(LoadError) {
            return Outcome(buffer: buffer, items: ItemLoader.Result(list: try list.showingFields(options)))
          } catch {
            throw .data(error, buffer)
          }
        } else {
          followed.follower.keepUp(with: storage.count, limit: uncheckedLimit)
          continue
        }
      }
      if let items {
        items.follower.feed.arrive(storage.count, atEnd: eof)
        do throws(LoadError) {
          // (A plain array's syntax error is where and what the caller would find.)
          if let failure = items.earlyFailure { throw failure }
          if eof {
            let buffer = storage.buffer()
            guard let shape = plain else {
              return Outcome(buffer: buffer, items: try items.finish(count: storage.count))
            }
            // Anything but the array alone, whole, is indexed by the caller, as a file would be.
            let result = try? items.finish(count: storage.count)
            return Outcome(buffer: buffer, items: result.flatMap { plainArray($0, shape, buffer) })
          }
        } catch {
          throw .data(error, storage.buffer())
        }
        items.follower.keepUp(with: storage.count, limit: uncheckedLimit)
        continue
      }
      do {
        try text?.advance(storage.growingBuffer(), count: storage.count, stream: true)
        if stream != nil, !eof { try check(&stream!, storage, fd: fd, slice: slice, uncheckedLimit: uncheckedLimit) }
      } catch {
        throw .data(error, storage.buffer())
      }
      if let progress { offerLines(progress, eof: eof) }
      if eof { break }
    }
    let buffer = storage.buffer()
    if let follower {
      return Outcome(
        buffer: buffer, items: ItemLoader.Result(list: follower.finish(buffer)))
    }
    return Outcome(buffer: buffer, items: nil)
  }

  /// The list a stream read as the plain array `shape` (`followPlainArray`)
  /// makes, with its note (as `DataLoading.document` gives it); nil when
  /// the whole input is not that array alone (a second value: JSON Lines),
  /// for the caller to index as before.
  static func plainArray(_ result: ItemLoader.Result, _ shape: PlainArray, _ buffer: ByteBuffer)
    -> ItemLoader.Result?
  {
    guard result.values == 1, let whole = PlainArray.of(buffer), whole.refusesSections, whole.readsAlike(shape)
    else { return nil }
    var result = result
    result.warning = whole.note(count: result.list.itemCount)
    return result
  }

  /// Where the scan of sectioned JSON stopped early (`JSONFollower`): a
  /// syntax error there is the input's, unless it is JSON Lines or a plain
  /// array, whose loader words errors its own way — then it returns, and
  /// the input is checked from the start as before that scan was tried.
  static func stop(at failure: SyntaxFailure, _ storage: StreamBuffer) throws(Failure) {
    let buffer = storage.buffer()
    guard failure.cause != .valueAfterTheValue && PlainArray.of(buffer) == nil else { return }
    throw .data(
      TextPosition.error(.invalidJSON, in: buffer, at: failure.offset, failure.message, cause: failure.cause), buffer)
  }

  /// The most that is read past the checked bytes before checking them,
  /// however fast the writer: `max(uncheckedLimit, bytes checked)`. So an
  /// endless bad input such as `/dev/zero` fails within 64 MiB, and what is
  /// read past a bad byte never outgrows what came before it.
  public static let uncheckedLimit = 64 << 20

  /// Checks JSON that `JSONFollower` gave up on (not sectioned) while the
  /// reader would wait anyway (the writer is behind), `slice` bytes at a
  /// time so the writer never waits for the check; a writer that keeps
  /// ahead is caught up with at `uncheckedLimit`. So a slow writer's bad
  /// byte stops the reading at once, while a fast pipe is read at the speed
  /// of copying and indexed at the end.
  static func check(
    _ stream: inout ItemStream, _ storage: StreamBuffer, fd: Int32, slice: Int, uncheckedLimit: Int
  ) throws(LoadError) {
    let count = storage.count
    if count - stream.available >= max(uncheckedLimit, stream.available) {
      if count >= stream.wanted { try stream.advance(available: count, eof: false) }
      return
    }
    while stream.available < count && StreamBuffer.wouldWait(fd) {
      let to = min(count, max(stream.available + slice, stream.wanted))
      if to < stream.wanted { return }
      try stream.advance(available: to, eof: false)
    }
  }
}
