import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Item data (JSON Lines, CSV, TSV) on two cores, as `ScanSplit` does for
/// sectioned JSON. The second half starts at a line break after the middle
/// and scans to the end on its own thread while the first half scans up to
/// it. A JSON Lines line, or a TSV record, always starts after a line
/// break, so that boundary is certain. A CSV line break may lie inside a
/// quoted field: the second half starts after one with an even number of
/// quotes before it (true for RFC 4180 text), and is adopted only when the
/// first half's records end exactly there — a scan from a record start is
/// the same whoever makes it. Anywhere else the second half is cancelled
/// and the first goes on alone: a wrong guess costs the other core's time,
/// never correctness. Progress stays with the first half.
///
/// The halves are rarely done together (the two cores of a shared machine
/// run at different speeds from one run to the next: 62 against 72 ms,
/// then 102 against 75, on the same file). So the thread done first,
/// while the other half is still far from its end, takes the back half of
/// what that half has not yet started, from a boundary found as the
/// split's own is: the first half's thread a back part of the second's
/// (`help`), the second half's thread a front part of the first's
/// (`helpFront`). The helped half stops there, and `join` adopts the parts
/// in input order — each only when the part before it ended exactly where
/// it starts, as for the halves.
final class ItemSplit: @unchecked Sendable {
  /// Where the second half starts (just after a line break).
  let offset: Int
  let cancelled = Atomic<Bool>(false)
  /// Signalled when `second` and `failure` are final.
  let done = DispatchSemaphore(value: 0)
  /// The second half's scan (written by its thread before `done`).
  var second: ItemStream
  /// Its first error (genuine once the first half reaches `offset`).
  var failure: LoadError?
  /// `stop` has waited for the second half.
  private var stopped = false
  /// How far the second half may scan (the end, until `help` takes the
  /// back of its part), and how far it has gone or is going: it takes
  /// `step` bytes at a time, so a part it has not begun can be taken.
  private let reach: Mutex<SplitReach>
  /// The back part `help` took (it starts at `part.start`) and its error.
  private var part: (start: Int, stream: ItemStream, failure: LoadError?)?
  /// How far the first half may scan (`offset`, until `helpFront` takes
  /// the back of its part), and how far it has gone or is going
  /// (`scanFirstHalf`, `step` bytes at a time).
  private let frontReach: Mutex<SplitReach>
  /// The front part `helpFront` took (it starts at `front.start` and ends
  /// at `offset`) and its error; written by the second half's thread before `done`.
  private var front: (start: Int, stream: ItemStream, failure: LoadError?)?
  /// The least that `help` takes: less is done sooner by the second half
  /// than found and scanned apart.
  private let smallestHelp: Int
  /// Tests: the second half waits until `help` has taken its part, so a
  /// part is taken whatever the threads' speeds.
  private let hold: DispatchSemaphore?
  /// Tests: the first half waits until `helpFront` has taken its part.
  private let frontHold: DispatchSemaphore?

  /// The second half's bytes per scan call: small enough that the rest of
  /// a part can be taken soon after the first half is done.
  static let step = 2 << 20
  /// `help` takes the back of at least this many bytes not yet begun.
  static let helpMinimum = 4 << 20

  private init(offset: Int, from: Int, second: ItemStream, help: SplitHelp) {
    self.offset = offset
    self.second = second
    reach = Mutex(SplitReach(limit: second.buffer.count, committed: offset))
    frontReach = Mutex(SplitReach(limit: offset, committed: from))
    smallestHelp = help.least(Self.helpMinimum)
    hold = help.makeHold(for: .always)
    frontHold = help.makeHold(for: .front)
  }

  /// Starts the second half when the input is large enough and a boundary
  /// near the middle is found; nil otherwise (one thread scans it all).
  /// CSV and TSV have their header read by `stream` first, so the second
  /// half knows the columns. Throws what that read finds.
  static func start(_ stream: inout ItemStream, minimumSize: Int, help: SplitHelp = .whenBehind) throws(LoadError)
    -> ItemSplit?
  {
    let buffer = stream.buffer
    let count = buffer.count
    guard count >= max(minimumSize, 2), stream.position == 0 else { return nil }
    if stream.options.format == .csv || stream.options.format == .tsv {
      // The first line first: the header, the columns every record is read by.
      guard let newline = memchr(buffer.base, 0x0A, count) else { return nil }
      let header = UnsafeRawPointer(newline) - UnsafeRawPointer(buffer.base) + 1
      try stream.scan(available: header, eof: false)
    }
    return start(&stream, in: buffer, from: 0, help: help)
  }

  /// Starts the second half of what `buffer` (the whole input) holds past
  /// `from`, where `stream` stands (its header read). Also how a stream
  /// whose scan is still far behind when its input ends splits the rest
  /// (`ItemFollower`): `buffer` is then the complete input, `stream`'s own
  /// the stream's growing buffer.
  static func start(_ stream: inout ItemStream, in buffer: ByteBuffer, from: Int, help: SplitHelp = .whenBehind)
    -> ItemSplit?
  {
    let count = buffer.count
    let rest = count - from
    switch stream.options.format {
    case .jsonLines:
      // `--path` steps that need jq's evaluation settle the whole input at the end: one thread.
      guard stream.options.path?.streams ?? true else { return nil }
    case .csv, .tsv:
      guard stream.records?.columns != nil else { return nil }
    case .lines:
      return nil
    case .json:
      // A top-level array of objects, arrays or strings, its items found
      // without `--path` (or with `.`, the same items: how a plain array
      // opens as a list), or a path that starts at each element (`.[]…`).
      guard stream.options.path.map(startsAtEachElement) ?? true else { return nil }
    }
    // The middle: the joining and the list come after both halves, so an
    // earlier start (a shorter first half, as once here) only left the
    // second half longer (`--group-by user.id`: 7 ms of 116 waiting for it).
    guard let offset = partStart(stream, in: buffer, from: max(from + rest / 2, stream.position)),
      offset < count - rest / 8
    else { return nil }
    let split = ItemSplit(
      offset: offset, from: stream.position, second: stream.secondHalf(from: offset, in: buffer), help: help)
    DetachedThread.start { split.runSecond() }
    return split
  }

  /// Where a part of `buffer` scanned apart by `stream`'s format can start,
  /// at or after `from`: after a line break (CSV: one from which whole
  /// records read, or with an even number of quotes before it), after an
  /// element of a top-level array; nil when none is found near `from`.
  static func partStart(_ stream: ItemStream, in buffer: ByteBuffer, from: Int) -> Int? {
    switch stream.options.format {
    case .json:
      return arrayBoundary(buffer, from: from)
    case .csv:
      if let columns = stream.records?.columns?.count, let offset = recordStart(buffer, from: from, columns: columns) {
        return offset
      }
      return boundary(buffer, from: from, quoted: true)
    case .jsonLines, .tsv:
      return boundary(buffer, from: from, quoted: false)
    case .lines:
      return nil
    }
  }

  /// Whether the scan of `path` is the same from any element of a
  /// top-level array on: `.` (the elements are the items) or a path
  /// followed as the input is read whose first step is `[]`.
  static func startsAtEachElement(_ path: JSONPath) -> Bool {
    path.steps.isEmpty || (path.steps.first == .each && path.streams)
  }

  /// A CSV line start at or after `from` that is very likely a record's:
  /// the next eight records read from there each have `columns` fields.
  /// (Counting the quotes before a line break is certain, but reads half
  /// the input on one core before the second starts; a wrong guess here
  /// only costs the split, found out at `join`.) Nil when no line start
  /// among the next 64 passes, as in CSV whose records vary in length.
  static func recordStart(_ buffer: ByteBuffer, from: Int, columns: Int) -> Int? {
    let base = buffer.base
    let end = base + buffer.count
    var at = base + from
    for _ in 0..<64 {
      guard at < end, let hit = memchr(at, 0x0A, end - at) else { return nil }
      let start = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) + 1
      if wholeRecords(start, end, columns: columns, count: 8) { return start - base }
      at = start
    }
    return nil
  }

  /// Whether `count` records of `columns` fields each start at `p` (a
  /// quoted field may hold separators, quotes doubled and line breaks).
  static func wholeRecords(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>, columns: Int, count: Int) -> Bool {
    var q = p
    for _ in 0..<count {
      var fields = 1
      while true {
        guard q < end else { return false }
        if q.pointee == 0x22 {
          q += 1
          while true {
            guard q < end, let hit = memchr(q, 0x22, end - q) else { return false }
            q = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) + 1
            if q < end, q.pointee == 0x22 {
              q += 1
              continue
            }
            break
          }
        } else {
          while q < end, q.pointee != 0x2C, q.pointee != 0x0A, q.pointee != 0x0D { q += 1 }
        }
        guard q < end else { return false }
        if q.pointee == 0x2C {
          fields += 1
          q += 1
          continue
        }
        if q.pointee != 0x0A && q.pointee != 0x0D { return false }
        break
      }
      if fields != columns { return false }
      q += q.pointee == 0x0D && q + 1 < end && q[1] == 0x0A ? 2 : 1
    }
    return true
  }

  /// The start of the line after the first line break at or after `from`
  /// (with an even number of quotes before it when `quoted`), or nil.
  static func boundary(_ buffer: ByteBuffer, from: Int, quoted: Bool) -> Int? {
    let base = buffer.base
    let count = buffer.count
    var quotes = quoted ? countQuotes(base, from) : 0
    var at = from
    for _ in 0..<64 {
      guard at < count, let hit = memchr(base + at, 0x0A, count - at) else { return nil }
      let newline = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
      if quoted { quotes &+= countQuotes(base + at, newline - at) }
      if quotes & 1 == 0 { return newline + 1 }
      at = newline + 1
    }
    return nil
  }

  /// Just after an element of a top-level array (`[` first) whose next
  /// element starts as its first one does: the first `}`, `,`, `{` at or
  /// after `from` (whitespace between) when that is an object, `]`, `,`,
  /// `[` for an array, `"`, `,`, `"` for a string (not after a backslash).
  /// A guess: the same bytes inside a string or a nested value are found
  /// out at `join`. Nil for arrays of numbers and literals (a number at the
  /// end of the first half's bytes might go on, so none ends there).
  static func arrayBoundary(_ buffer: ByteBuffer, from: Int) -> Int? {
    let base = buffer.base
    let end = base + buffer.count
    let first = JSONLexer.skipSpace(base, end)
    guard first < end, first.pointee == 0x5B else { return nil }
    let element = JSONLexer.skipSpace(first + 1, end)
    guard element < end else { return nil }
    let open = element.pointee
    let close: UInt8
    switch open {
    case 0x7B: close = 0x7D  // { }
    case 0x5B: close = 0x5D  // [ ]
    case 0x22: close = 0x22  // " "
    default: return nil
    }
    var p = base + max(from, element - base + 1)
    for _ in 0..<64 {
      guard p < end, let hit = memchr(p, Int32(close), end - p) else { return nil }
      let at = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
      p = at + 1
      if close == 0x22 && at[-1] == 0x5C { continue }
      var q = JSONLexer.skipSpace(at + 1, end)
      if q < end, q.pointee == 0x2C {
        q = JSONLexer.skipSpace(q + 1, end)
        if q < end, q.pointee == open { return at + 1 - base }
      }
    }
    return nil
  }

  /// The number of `"` among `p[0..<n]`, eight bytes at a time: a quote
  /// byte becomes a zero byte, and the zero bytes are counted exactly (each
  /// sets the top bit of its byte in `zeros`, nothing else does).
  static func countQuotes(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    let raw = UnsafeRawPointer(p)
    let quotes: UInt64 = 0x2222_2222_2222_2222
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    var total = 0
    var i = 0
    while i + 8 <= n {
      let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ quotes
      let zeros = ~(((x & low) &+ low) | x | low)
      total += zeros.nonzeroBitCount
      i += 8
    }
    while i < n {
      if p[i] == 0x22 { total += 1 }
      i += 1
    }
    return total
  }

  /// The second thread: scans from `offset` to the end a piece at a time,
  /// so a cancel stops it soon.
  private func runSecond() {
    hold?.wait()
    let count = second.buffer.count
    var scanned = offset
    do throws(LoadError) {
      while !cancelled.load(ordering: .relaxed) {
        guard let next = reach.withLock({ $0.claim(Self.step) }) else {
          // Stopped where `help` took the back part: unless this half ends
          // exactly there (a boundary guessed inside an item, or a value
          // cut off), it scans on to the end and `join` drops that part.
          guard scanned < count, second.position != scanned || !second.isAtItemBoundary else { break }
          reach.withLock { $0.limit = count }
          continue
        }
        scanned = next
        if scanned < count && scanned < second.wanted { continue }
        try second.scan(available: scanned, eof: scanned == count)
      }
    } catch {
      failure = error
    }
    if failure == nil && !cancelled.load(ordering: .relaxed) { helpFront() }
    frontHold?.signal()
    done.signal()
  }

  /// The first half, on the caller's thread: scans `stream` up to `offset`
  /// a piece of `step` bytes at a time (`progress` shown the list after
  /// each), or up to the start of the front part the second half's thread
  /// took (`helpFront`) — unless it does not end exactly there (a boundary
  /// guessed inside an item): then on to `offset`, and `join` drops that part.
  func scanFirstHalf(
    _ stream: inout ItemStream, step: Int,
    progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)? = nil
  ) throws(LoadError) {
    frontHold?.wait()
    var scanned = stream.available
    while true {
      guard let next = frontReach.withLock({ $0.claim(step) }) else {
        guard scanned < offset, stream.position != scanned || !stream.isAtItemBoundary else { break }
        frontReach.withLock { $0.limit = offset }
        continue
      }
      scanned = next
      if scanned < offset && scanned < stream.wanted { continue }
      try stream.scan(available: scanned, eof: false)
      if let progress { progress(scanned) { stream.list() } }
    }
  }

  /// The second half's thread, done with its part while the first half
  /// still has at least `smallestHelp` bytes not yet begun: takes the back
  /// half of them and scans it here, up to `offset`.
  private func helpFront() {
    front = takePart(of: frontReach, like: second, to: offset, eof: false, hold: frontHold)
  }

  /// The first half's thread, done with its part (`stream` stands at
  /// `offset`): when the second half has at least `smallestHelp` bytes not
  /// yet begun, takes the back half of them and scans it here.
  private func help(_ stream: ItemStream) {
    part = takePart(of: reach, like: stream, to: second.buffer.count, eof: true, hold: hold)
  }

  /// Takes the back half of what a half (`reach`) has not begun, when that
  /// is at least `smallestHelp`, from a boundary found as the split's own
  /// is, and scans it up to `end` (the input's end when `eof`) with a
  /// stream like `template`; then lets `hold` go. Nil when none is taken.
  private func takePart(
    of reach: borrowing Mutex<SplitReach>, like template: ItemStream, to end: Int, eof: Bool,
    hold: DispatchSemaphore?
  ) -> (start: Int, stream: ItemStream, failure: LoadError?)? {
    let (committed, rest) = reach.withLock { ($0.committed, $0.rest) }
    let start =
      rest >= smallestHelp ? Self.partStart(template, in: second.buffer, from: committed + rest / 2) : nil
    let took = start.map { start in start < end && reach.withLock { $0.take(at: start) } } ?? false
    // Once, taken or not: the half held (`SplitHelp`) goes on from here.
    hold?.signal()
    guard took, let start else { return nil }
    var taken = template.secondHalf(from: start, in: second.buffer)
    do throws(LoadError) {
      try taken.scan(to: end, eof: eof, step: Self.step)
      return (start, taken, nil)
    } catch {
      return (start, taken, error)
    }
  }

  /// Ends the split once the first half has scanned up to `offset`, or up
  /// to the front part (`scanFirstHalf`): adopts the parts after it in
  /// order — the front part, the second half, the back part the first
  /// half's thread took (`help`) — while each starts exactly where the
  /// scan stands (and throws the first one's error, if it had one), and
  /// drops the rest. Returns how many parts were adopted (0–3).
  func join(into stream: inout ItemStream) throws(LoadError) -> Int {
    // Where the first half stopped: `offset`, or the front part's start.
    let frontStart = frontReach.withLock { $0.limit }
    let reached = stream.position == frontStart && stream.isAtItemBoundary
    if reached && frontStart == offset { help(stream) }
    stop(keeping: reached)
    guard reached else { return 0 }
    defer {
      second.release()
      part?.stream.release()
      part = nil
      front?.stream.release()
      front = nil
    }
    var adopted = 0
    if frontStart < offset {
      // A second top-level value makes the first one item (JSON Lines):
      // what a later part filed inside it no longer stands.
      guard var first = front, first.stream.json?.state.sequence != true else { return 0 }
      if let failure = first.failure { throw failure }
      stream.adopt(&first.stream)
      adopted = 1
      guard stream.position == offset, stream.isAtItemBoundary else { return adopted }
    }
    if second.json?.state.sequence == true { return adopted }
    if let failure { throw failure }
    stream.adopt(&second)
    guard var back = part, stream.position == back.start, stream.isAtItemBoundary,
      back.stream.json?.state.sequence != true
    else { return adopted + 1 }
    if let failure = back.failure { throw failure }
    stream.adopt(&back.stream)
    return adopted + 2
  }

  /// Waits for the second half, cancelled unless `keeping` (its work is not
  /// needed: the first half failed or passed the boundary). Once only.
  func stop(keeping: Bool = false) {
    guard !stopped else { return }
    stopped = true
    if !keeping { cancelled.store(true, ordering: .relaxed) }
    hold?.signal()
    done.wait()
    guard !keeping else { return }
    second.release()
    front?.stream.release()
    front = nil
  }
}

extension ItemStream {
  /// A stream for the same input (`input`: this one's, or all of it when
  /// this one's is a stream's growing buffer) and options that starts at
  /// `offset` (the start of a line), knowing what this one learnt from the header.
  func secondHalf(from offset: Int, in input: ByteBuffer) -> ItemStream {
    var other = ItemStream(buffer: input, options: options, defaultTitle: defaultTitle)
    if json != nil {
      other.json!.state.offset = offset
      other.json!.objectItems = json!.objectItems
      if !json!.lineMode { other.json!.enterTopArray() }
      other.json!.saved = other.json!.state
    }
    if let records {
      other.records!.quickRecords = records.quickRecords
      other.records!.columns = records.columns
      other.records!.groupColumn = records.groupColumn
      other.records!.itemColumn = records.itemColumn
      other.records!.templateFirstColumn = records.templateFirstColumn
      other.records!.rowCells = records.rowCells
      other.records!.offset = offset
    }
    other.available = offset
    other.releasedTo = offset
    return other
  }

  /// Whether the scan stands where a JSON second half starts: just after
  /// an element of the top-level array (`JSONItemScan.enterTopArray`).
  /// Always true of line-based formats, whose every line start is one.
  var isAtItemBoundary: Bool {
    guard let scan = json, !scan.lineMode else { return true }
    let s = scan.state
    return s.afterValue && s.depth == 1 && s.itemDepth == scan.elementItemDepth && s.roots == 1 && !s.sequence
      && scan.stack[1] == 0
  }

  /// Takes over the items `later` found after this stream's position, as
  /// if this stream had scanned them (`later` is left empty).
  mutating func adopt(_ later: inout ItemStream) {
    if json != nil, later.json != nil {
      json!.items.append(contentsOf: &later.json!.items)
      json!.skipped += later.json!.skipped
      if json!.firstSkipped == nil { json!.firstSkipped = later.json!.firstSkipped }
      json!.skippedLines += later.json!.skippedLines
      json!.needsEvaluation = json!.needsEvaluation || later.json!.needsEvaluation
      json!.fieldCheck.merge(later.json!.fieldCheck)
      if json!.lineMode {
        json!.state.offset = later.json!.state.offset
      } else {
        let firstRootStart = json!.state.firstRootStart
        json!.state = later.json!.state
        json!.state.firstRootStart = firstRootStart
        json!.state.items = json!.items.count
        json!.saved = json!.state
      }
      json!.finished = later.json!.finished
    }
    if records != nil, later.records != nil {
      records!.widest = max(records!.widest, later.records!.widest)
      records!.items.append(contentsOf: &later.records!.items)
      records!.offset = later.records!.offset
    }
    available = later.available
  }
}
