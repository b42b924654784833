import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Indexing one document on two cores. A JSON scan cannot start in the
/// middle of a text — a byte may lie inside a string or not, at any depth —
/// so the second half is *speculative*: it starts at a likely section
/// boundary near the middle (`],` then a key for `{"T": […], …}`, `},` then
/// `{` for `[{…}, …]`) assuming the state a section boundary has (depth 1
/// of the document's container), while the first half scans from the
/// start. When the first half reaches that very byte after a `,` at depth
/// 1 in that state, the assumption was true — the scan is deterministic
/// from a position and a state — and it adopts the second half's sections,
/// items, widths and errors. Anywhere else, the second half is cancelled
/// and the first half goes on alone: a wrong guess costs the other core's
/// time, never correctness. Snapshots and progress stay with the first
/// half (progress counts both).
final class ScanSplit: @unchecked Sendable {
  /// Documents smaller than this are scanned by one thread (a thread costs
  /// about 0.1 ms; 1 MiB takes about 1 ms).
  static let minimumSize = 1 << 20
  /// Bytes the candidate's probe scans before the second thread starts.
  static let probeLength = 64 << 10

  let buffer: ByteBuffer
  let options: LoadOptions
  /// The document's container kind, known from its first byte.
  let shape: Scan.Shape
  /// Where the second half starts (the `"` of a key, or a section's `{`).
  let offset: Int
  /// Set by the first half when the guess turned out wrong or the load failed.
  let cancelled = Atomic<Bool>(false)
  /// Bytes the second half has passed, for the first half's progress.
  let scanned = Atomic<Int>(0)
  /// Signalled when `second`/`failure` are final.
  let done = DispatchSemaphore(value: 0)
  /// The second half's scan (written by its thread before `done`).
  var second: Scan?
  /// Its syntax error, if any (genuine once the first half confirms the start).
  var failure: SyntaxFailure?
  private init(buffer: ByteBuffer, options: LoadOptions, shape: Scan.Shape, offset: Int) {
    self.buffer = buffer
    self.options = options
    self.shape = shape
    self.offset = offset
  }

  /// Starts the second half on its own thread when the document is large
  /// and a boundary near the middle passes a short probe; nil otherwise
  /// (one thread scans everything). `after`: the first half has got that
  /// far already (a stream scanned as it arrived): the rest is split.
  static func start(
    _ buffer: ByteBuffer, options: LoadOptions, minimumSize: Int = minimumSize, after: Int = 0
  ) -> ScanSplit? {
    guard buffer.count - after >= max(minimumSize, 2) else { return nil }
    let first = JSONLexer.skipSpace(buffer.base, buffer.base + buffer.count)
    guard first < buffer.base + buffer.count else { return nil }
    let shape: Scan.Shape
    switch first.pointee {
    case 0x7B: shape = .objectOfSections
    case 0x5B: shape = .arrayOfSections
    default: return nil
    }
    var from = after + (buffer.count - after) / 2
    // A few tries: a boundary-like run of bytes inside a string or an item fails its probe.
    for _ in 0..<8 {
      guard let candidate = Self.candidate(buffer, shape: shape, from: from),
        candidate < buffer.count - (buffer.count - after) / 8
      else { return nil }
      if probe(buffer, options: options, shape: shape, at: candidate) {
        let split = ScanSplit(buffer: buffer, options: options, shape: shape, offset: candidate)
        DetachedThread.start { split.runSecond() }
        return split
      }
      from = candidate + 1
    }
    return nil
  }

  /// The next likely section boundary at or after `from`: the first byte of
  /// the next section after `]`/`}`, `,` and spaces — in an object of
  /// sections, a key whose value is an array (object items whose members
  /// hold arrays, `"tags": […], "dims": {…}`, have `],` and a key in every
  /// item: each would cost a probe).
  static func candidate(_ buffer: ByteBuffer, shape: Scan.Shape, from: Int) -> Int? {
    let base = buffer.base
    let end = base + buffer.count
    let close: UInt8 = shape == .objectOfSections ? 0x5D : 0x7D  // ] }
    let open: UInt8 = shape == .objectOfSections ? 0x22 : 0x7B  // " {
    var p = base + from
    while p < end, let hit = memchr(p, Int32(close), end - p) {
      let at = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
      var q = JSONLexer.skipSpace(at + 1, end)
      if q < end, q.pointee == 0x2C {
        q = JSONLexer.skipSpace(q + 1, end)
        if q < end, q.pointee == open, shape != .objectOfSections || keyOfAnArray(q, end) { return q - base }
      }
      p = at + 1
    }
    return nil
  }

  /// Whether the string at `quote` is followed by `:` and `[` (spaces
  /// between), as a section's title is. A guess, as the boundary is: the
  /// probe and the join decide.
  static func keyOfAnArray(_ quote: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Bool {
    var plain = true
    guard let after = try? JSONLexer.skipString(quote, end, quote, &plain) else { return false }
    var q = JSONLexer.skipSpace(after, end)
    guard q < end, q.pointee == 0x3A else { return false }
    q = JSONLexer.skipSpace(q + 1, end)
    return q < end && q.pointee == 0x5B
  }

  /// Whether a scan starting at `offset` in the boundary state reads the
  /// next `probeLength` bytes without a syntax or shape error (running out
  /// of bytes at the probe's end is expected).
  static func probe(_ buffer: ByteBuffer, options: LoadOptions, shape: Scan.Shape, at offset: Int) -> Bool {
    let length = min(probeLength, buffer.count - offset)
    let window = ByteBuffer(base: buffer.base + offset, count: length, ownership: .borrowed(buffer))
    var scan = Scan(buffer: window, itemField: options.itemField, collation: options.collation)
    scan.shape = shape
    defer { scan.items.discard() }
    do {
      try scan.run(options: options, progress: nil, entry: 0)
    } catch {
      // Cut off by the window (a value, string or escape left open at its end).
      return error.offset >= length - 16 && scan.shapeFailure == nil
    }
    return scan.shapeFailure == nil
  }

  /// The second thread: scans from `offset` to the end, then measures its
  /// pending widths and makes its ICU sort keys (work the first half would
  /// do; the C locale's are made in the scan, `Scan.keysInScan`).
  private func runSecond() {
    var scan = Scan(buffer: buffer, itemField: options.itemField, collation: options.collation)
    scan.shape = shape
    do {
      try scan.run(options: options, progress: nil, entry: offset, split: self)
      if !cancelled.load(ordering: .relaxed) {
        _ = scan.resolveWidest(options: options)
        if !options.keepOrder && scan.shape == .objectOfSections { _ = scan.makeSortKeys() }
      }
    } catch {
      failure = error
    }
    if cancelled.load(ordering: .relaxed) {
      scan.items.discard()
    } else {
      second = scan
    }
    done.signal()
  }

  /// Tells the second half to stop (its work is not needed).
  func cancel() { cancelled.store(true, ordering: .relaxed) }

  deinit { second?.items.discard() }
}
