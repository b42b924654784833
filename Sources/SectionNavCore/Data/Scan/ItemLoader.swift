/// Loads data that is a list of items rather than sectioned JSON: a list
/// inside a JSON document (`--path`), grouped into sections (`--group-by`),
/// JSON Lines, CSV and TSV. See `JSONItemScan`, `CSVScan`.
public enum ItemLoader {
  /// A loaded list and what was skipped on the way.
  public struct Result: Sendable {
    public var list: SectionedList
    /// `skipped N bad lines (first: line L: …)` under `--skip-bad`.
    public var warning: String?
    /// The top-level JSON values read (0 for CSV and TSV).
    public var values = 0
  }

  /// Loads complete input. `defaultTitle` names the one section when
  /// nothing else does (no `--group-by`, no key in `--path`).
  ///
  /// `progress`, when given, is called about every 4 MiB with the bytes
  /// scanned and a way to build the list so far (as `JSONIndexer.load`
  /// offers), so a large file shows its first rows early.
  public static func load(
    _ buffer: ByteBuffer, options: LoadOptions, defaultTitle: String = "items",
    progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)? = nil
  ) throws(LoadError) -> Result {
    try loadHalves(
      buffer, options: options, defaultTitle: defaultTitle, progress: progress, parallel: Cores.available >= 2
    ).result
  }

  /// `load`, telling how many scans shared the work (1, 2, or 3–4 when a
  /// half's thread also took a part of the other's). `parallel`: let a
  /// second thread scan the second half of input of `minimumSplitSize`
  /// bytes or more (`ItemSplit`; tests and the fuzzer split small ones).
  /// `help`: when a half's thread takes a part of the other's
  /// (`SplitHelp`; tests and the fuzzer have one taken always).
  /// `objectLoop` false: object items go through the general loop too
  /// (`JSONItemScan.objectItems`), and CSV/TSV records through the byte
  /// loop (`CSVScan.quickRecords`); tests and the fuzzer compare the two.
  static func loadHalves(
    _ buffer: ByteBuffer, options: LoadOptions, defaultTitle: String = "items",
    progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)? = nil, parallel: Bool,
    minimumSplitSize: Int = ScanSplit.minimumSize, objectLoop: Bool = true, help: SplitHelp = .whenBehind
  ) throws(LoadError) -> (result: Result, halves: Int) {
    var stream = ItemStream(buffer: buffer, options: options, defaultTitle: defaultTitle)
    defer { stream.release() }
    stream.json?.objectItems = objectLoop
    stream.records?.quickRecords = objectLoop
    let split = parallel ? try ItemSplit.start(&stream, minimumSize: minimumSplitSize, help: help) : nil
    defer { split?.stop() }
    // The first half ends where the second starts.
    if let split {
      try split.scanFirstHalf(&stream, step: 4 << 20, progress: progress)
    } else {
      try stream.scan(to: buffer.count, eof: true, step: 4 << 20, progress: progress)
    }
    var halves = 1
    if let split { halves += try split.join(into: &stream) }
    try stream.advance(available: buffer.count, eof: true)
    let values = stream.json?.state.roots ?? 0
    return (Result(list: stream.finalList(), warning: stream.warning, values: values), halves)
  }

  /// Whether a file name says JSON Lines (`.jsonl`, `.ndjson`).
  public static func isJSONLinesName(_ path: String) -> Bool {
    let lower = path.lowercased()
    return lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson")
  }
}

/// Item loading fed piece by piece: `advance` as bytes arrive, `list` for
/// what has been found so far. The buffer's bytes up to `available` must
/// not change, and its base must not move, while the stream lives.
public struct ItemStream {
  var json: JSONItemScan?
  var records: CSVScan?
  let buffer: ByteBuffer
  let options: LoadOptions
  let defaultTitle: String
  public internal(set) var available = 0
  /// The mapped pages before this were given back (`releasePassed`); a
  /// part scanned apart starts it at its start (`secondHalf`).
  var releasedTo = 0
  /// The list has been settled by `evaluatePath` (once, at the end).
  var evaluated = false

  /// `validateOnly`: check the JSON syntax and keep no items (JSON from a
  /// stream that is not sectioned after all, indexed once complete).
  public init(
    buffer: ByteBuffer, options: LoadOptions, defaultTitle: String = "items", validateOnly: Bool = false
  ) {
    self.buffer = buffer
    self.defaultTitle = defaultTitle
    self.options = options
    switch options.format {
    case .json, .jsonLines:
      let field = options.itemField
      let template = options.itemFormat
      json = JSONItemScan(buffer: buffer, options: options, defaultTitle: defaultTitle) { ranges in
        .json(JSONItems(buffer: buffer, ranges: ranges, itemField: field, template: template))
      }
      // A path the pass cannot follow is only checked, and evaluated at the end.
      json!.validateOnly = validateOnly || options.path?.streams == false
    case .csv, .tsv:
      records = CSVScan(buffer: buffer, options: options, defaultTitle: defaultTitle)
    case .lines:
      // `LineInput` groups lines (`StreamLoad` follows them with `LineFollower`).
      break
    }
  }

  /// Frees the scan's memory (lists already made keep their own copies).
  public mutating func release() {
    json?.release()
    records?.release()
    json?.items.releaseTitles()
    records?.items.releaseTitles()
    json?.items.discard()
    records?.items.discard()
    json = nil
    records = nil
  }

  /// Bytes to wait for before the next `advance` is worth it.
  public var wanted: Int { json?.wanted ?? records?.wanted ?? 0 }

  /// Keys and rows decoded into a `String` so far (`ItemGroups.decoded`).
  var decodedStrings: Int { json?.items.decoded ?? records?.items.decoded ?? 0 }

  /// The widest row so far and how many rows measuring it decoded
  /// (`ItemGroups.widestRow`), as `list()` finds it.
  var widestRow: (cells: Int, decoded: Int) {
    if let json { return json.items.widestRow(makeStore: json.store) }
    if let records { return records.items.widestRow { .records(records.recordItems($0)) } }
    return (0, 0)
  }

  /// Items found so far.
  public var itemCount: Int { json?.items.count ?? records?.items.count ?? 0 }

  /// Scans the input up to `available` bytes (`eof`: the input is complete).
  /// Throws at the first error, located in the buffer.
  public mutating func advance(available: Int, eof: Bool) throws(LoadError) {
    try scan(available: available, eof: eof)
    if eof, let records, let failure = records.missingColumn(records: records.items.count) {
      throw TextPosition.error(.field, in: buffer, at: failure.offset, failure.message, loneCR: true)
    }
    if json != nil {
      if eof, let failure = json!.pathFailure {
        throw TextPosition.error(.path, in: buffer, at: failure.offset, failure.message)
      }
      if eof, !evaluated, needsEvaluation {
        evaluated = true
        try evaluatePath()
      }
      // After `evaluatePath` the items live in the rewritten array, not in
      // the input: the field check names its fields but cannot place them.
      if eof, !json!.validateOnly,
        let failure = json!.fieldCheck.failure(base: json!.buffer.base, items: json!.items.count)
      {
        throw TextPosition.error(.field, in: buffer, at: evaluated ? 0 : failure.offset, failure.message)
      }
    }
  }

  /// Scans up to `available` bytes, without the checks made once the whole
  /// input is known (the path's evaluation, fields no item had): what each
  /// half of an `ItemSplit` does.
  mutating func scan(available: Int, eof: Bool) throws(LoadError) {
    self.available = available
    do throws(SyntaxFailure) {
      if json != nil {
        try json!.run(available: available, eof: eof)
      } else if records != nil {
        try records!.run(available: available, eof: eof)
      }
    } catch {
      let kind: LoadError.Kind =
        json != nil
        ? .invalidJSON : error.cause == .unknownColumn ? .field : options.format == .csv ? .invalidCSV : .invalidTSV
      throw TextPosition.error(kind, in: buffer, at: error.offset, error.message, loneCR: json == nil)
    }
    releasePassed()
  }

  /// Scans up to `end` (all of the input there is when `eof`) a piece of
  /// `step` bytes at a time, as a stream arrives: `progress` is shown the
  /// list so far after each piece short of the input's end, and the pages
  /// passed go back as the scan goes (`releasePassed`). A piece that ends
  /// inside a value waits for the next (`wanted`).
  mutating func scan(
    to end: Int, eof: Bool, step: Int,
    progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)? = nil
  ) throws(LoadError) {
    var scanned = available
    while scanned < end {
      scanned = min(end, scanned + step)
      if scanned < end && scanned < wanted { continue }
      try scan(available: scanned, eof: eof && scanned == end)
      if let progress, !(eof && scanned == end) { progress(scanned) { list() } }
    }
  }

  /// Gives the mapped pages the scan has passed back to the kernel every
  /// few MiB, as the sectioned scan does, but the last MiB (a value cut
  /// off at the end of what is available is scanned again from its start):
  /// items are read again only to be shown or measured, and then come back
  /// from the page cache, so a file is not resident beside its ranges
  /// (60 MB of JSON Lines grouped by an id: peak RSS 1.5× the file before).
  mutating func releasePassed() {
    let keep = position - (1 << 20)
    guard keep - releasedTo >= 4 << 20 else { return }
    buffer.releasePages(from: releasedTo, to: keep)
    releasedTo = keep
  }

  /// Where the scan has got to: the start of the first value or record not yet scanned.
  var position: Int { json?.state.offset ?? records?.offset ?? 0 }

  /// The whole input's list, once scanned: the groups' lookups go first.
  public mutating func finalList() -> SectionedList {
    json?.items.dropLookups()
    records?.items.dropLookups()
    return list()
  }

  /// The items so far as a list (sorted unless `--keep-order`).
  public func list() -> SectionedList {
    json?.list(keepOrder: options.keepOrder) ?? records?.list(keepOrder: options.keepOrder) ?? SectionedList([])
  }

  /// The `--skip-bad` summary, if lines were skipped.
  public var warning: String? {
    guard let s = json, s.skipped > 0, let first = s.firstSkipped else { return nil }
    let (line, _) = TextPosition.lineColumn(buffer.bytes, offset: min(first.offset, available))
    let plural = s.skipped == 1 ? "line" : "lines"
    return "skipped \(s.skipped) bad \(plural) (first: line \(line): \(first.message))"
  }
}
