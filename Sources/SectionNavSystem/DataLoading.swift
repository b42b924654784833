import SectionNavCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns the configuration into a `SectionedList` and index labels.
public enum DataLoading {
  /// The display name of the data source in error messages.
  static func sourceName(_ config: Configuration) -> String { Session.sourceName(config) }

  static func loadOptions(_ config: Configuration) -> LoadOptions {
    LoadOptions(config)
  }

  /// Options that cannot go together, and defaults that do not apply,
  /// dropped (`Configuration.settleCombination`).
  public static func settleCombination(_ config: inout Configuration) throws(Failure) {
    do { try config.settleCombination() } catch { throw Failure(error.message) }
  }

  /// The title of the one section when the data names none: the file's name without extension.
  static func defaultTitle(_ config: Configuration) -> String {
    guard let file = config.file.map(SystemPath.shown), file != "-" else { return "stdin" }
    let name = file.split(separator: "/").last.map(String.init) ?? file
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { return String(name[..<dot]) }
    return name
  }

  /// Warnings held back while the full screen is up (`holdWarnings`), to
  /// print once the terminal is given back. Loader threads warn too, so the
  /// switch and the lines live under one lock.
  private struct HeldWarnings {
    var holding = false
    var lines: [String] = []
  }
  private static let held = Mutex(HeldWarnings())

  /// From now on warnings wait for `releaseWarnings` (the screen is taken).
  public static func holdWarnings() {
    held.withLock { $0.holding = true }
  }

  /// A warning line for standard error (`--skip-bad`).
  static func warn(_ warning: String?, _ config: Configuration) {
    guard let warning else { return }
    let line = TextSanitizer.visible("sectionnav: warning: \(sourceName(config)): \(warning)")
    let now = held.withLock { held -> Bool in
      if held.holding { held.lines.append(line) }
      return !held.holding
    }
    if now { Output.error(line) }
  }

  /// Prints the warnings held back, and stops holding them.
  public static func releaseWarnings() {
    let lines = held.withLock { held in
      defer { held = HeldWarnings() }
      return held.lines
    }
    for line in lines { Output.error(line) }
  }

  /// The embedded demo named by `--demo`.
  static func demo(_ config: Configuration) throws(Failure) -> SectionedList {
    if config.demo.locale != nil { return Demos.contacts(config.demo, collation: config.collation) }
    let demo = Demos.named(config.demo)
    return config.keepOrder ? demo : demo.sortedByTitle(collation: config.collation)
  }

  /// Loads everything before returning (scripts, `--check`, small files).
  public static func load(_ config: Configuration) throws(Failure) -> SectionedList {
    guard let file = config.file else { return try demo(config) }
    switch try open(file) {
    case .buffer(let buffer):
      return try parse(buffer, config)
    case .stream(let fd):
      defer { if fd != 0 { close(fd) } }
      return try parseStream(fd: fd, config)
    }
  }

  /// Opens a data file: a regular file is mapped (as `read`); a pipe,
  /// terminal or device is a stream, read as it arrives.
  public static func open(_ path: String) throws(Failure) -> DataSource.Opened {
    if path == "-" && Output.standardInputClosed {
      throw Failure("standard input is closed: there is no data to read")
    }
    do {
      let opened = try DataSource.openInput(path: path)
      if case .buffer(let buffer) = opened, buffer.isMapped {
        mapped.withLock { $0 = MappedFile(path: path, count: buffer.count, identity: DataSource.identity(path: path)) }
      }
      return opened
    } catch {
      throw Failure(error.description)
    }
  }

  /// Reads and indexes a stream as it arrives (`StreamLoad`): item data is
  /// scanned chunk by chunk and JSON is validated on the way, so bad input
  /// stops the reading at its first bad byte. `progress` as for `StreamLoad.run`.
  public static func parseStream(
    fd: Int32, _ config: Configuration,
    progress: ((_ bytes: Int, _ items: Int, _ snapshot: () -> SectionedList) -> Void)? = nil,
    cancelled: (() -> Bool)? = nil
  ) throws(Failure) -> SectionedList {
    var config = config
    let outcome: StreamLoad.Outcome
    do {
      let started = try sniff(fd: fd, &config)
      let options = loadOptions(config)
      let lines: ((ByteBuffer) -> SectionedList)? =
        config.lines
        ? {
          LineInput.load(
            $0, delimiter: config.delimiter, keepOrder: config.keepOrder, collation: config.collation,
            lineEnd: config.lineEnd)
        } : nil
      outcome = try StreamLoad.run(
        fd: fd, name: config.file ?? "-", options: options, validate: !config.lines,
        defaultTitle: defaultTitle(config), prefixList: progress == nil ? nil : lines, progress: progress,
        started: started, cancelled: cancelled)
    } catch {
      switch error {
      case .read(let e): throw Failure(e.description)
      case .cancelled: throw Failure("cancelled")
      case .data(let e, let read): throw failure(e, config, startsLikeText: StdinFormat.startsAsText(read))
      }
    }
    if let items = outcome.items {
      try items.list.checkItemCount(source: sourceName(config))
      warn(items.warning, config)
      return items.list
    }
    return try parse(outcome.buffer, config)
  }

  /// A load error located in the source; JSON that standard input only
  /// looked like (`StdinFormat`) says how to read it as lines instead, as
  /// does a FILE whose name says no format and that does not start like
  /// JSON (`sectionnav list.txt`, read as JSON: the name decides, never
  /// the bytes). `startsLikeText`: `StdinFormat.startsAsText`.
  static func failure(_ error: LoadError, _ config: Configuration, startsLikeText: Bool = false) -> Failure {
    var error = error
    if error.cause == .utf16 {
      // No other format reads it: nothing to suggest.
    } else if config.guessesStdinFormat && error.kind == .invalidJSON {
      error.message += " (input starting with '{' or '[' is read as JSON; --lines reads lines)"
    } else if startsLikeText && error.kind == .invalidJSON && config.dataFormat == nil && config.path == nil
      && config.groupBy == nil && config.itemField == nil && config.itemFormat == nil,
      let file = config.file, file != "-", LoadOptions.namedFormat(file) == nil
    {
      error.message += " (a FILE not named .json, .jsonl, .csv or .tsv is read as JSON; --lines reads lines)"
    }
    return error.failure(in: sourceName(config))
  }

  /// Standard input with no format option: its start, read until
  /// `StdinFormat` tells JSON from lines, and `config.lines` set to match.
  static func sniff(fd: Int32, _ config: inout Configuration) throws(StreamLoad.Failure) -> StreamLoad.Started? {
    guard config.guessesStdinFormat else { return nil }
    let started = try StreamLoad.sniff(fd: fd, name: config.file ?? "-")
    config.lines = started.format == .lines
    return started
  }

  /// Indexes `buffer` per the configuration; `progress` as for `JSONIndexer.load`.
  public static func parse(
    _ buffer: ByteBuffer, _ config: Configuration,
    progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)? = nil
  ) throws(Failure) -> SectionedList {
    var list: SectionedList
    if config.lines || config.guessesStdinFormat && StdinFormat.of(buffer) == .lines {
      var text = TextCheck(lineEnd: config.lineEnd)
      do {
        try text.advance(buffer, count: buffer.count, stream: false)
      } catch {
        throw failure(error, config)
      }
      list = LineInput.load(
        buffer, delimiter: config.delimiter, keepOrder: config.keepOrder, collation: config.collation,
        lineEnd: config.lineEnd, progress: progress)
    } else {
      let options = loadOptions(config)
      do throws(LoadError) {
        if options.selectsItems {
          let result = try ItemLoader.load(
            buffer, options: options, defaultTitle: defaultTitle(config), progress: progress)
          warn(result.warning, config)
          list = result.list
        } else {
          list = try document(buffer, options: options, config, progress: progress)
        }
      } catch {
        if buffer.isMapped { try checkUnchanged(config) }
        throw failure(error, config, startsLikeText: StdinFormat.startsAsText(buffer))
      }
    }
    // Only the mapped input file can shrink under its reader; a reload's
    // output is in memory, whatever became of the file.
    if buffer.isMapped { try checkUnchanged(config) }
    try list.checkItemCount(source: sourceName(config))
    return list
  }

  /// A JSON document read without `--path` or `--group-by`: sectioned data
  /// (`JSONIndexer`), else several values on their own lines (JSON Lines,
  /// or what `jq .` prints), else any array: strings as a list by initial,
  /// objects as one list with a note. The item loader applies
  /// `--item-format` itself; the indexer's sections are shown through it.
  static func document(
    _ buffer: ByteBuffer, options: LoadOptions, _ config: Configuration,
    progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)?
  ) throws(LoadError) -> SectionedList {
    func plainArray(_ shape: PlainArray) throws(LoadError) -> ItemLoader.Result {
      try ItemLoader.load(buffer, options: shape.itemOptions(options), defaultTitle: defaultTitle(config))
    }
    // An array the indexer surely refuses is read as a list at once (the
    // indexer's scan to its end, to be thrown away, cost as much again);
    // a second value after it, or an error, takes the steps below instead.
    if let shape = PlainArray.of(buffer), shape.refusesSections,
      let result = try? plainArray(shape), result.values == 1
    {
      warn(shape.note(count: result.list.itemCount), config)
      return result.list
    }
    let sectioned: SectionedList
    do {
      sectioned = try JSONIndexer.load(buffer, options: options, progress: progress)
    } catch  where error.cause == .valueAfterTheValue {
      return try ItemLoader.load(buffer, options: options, defaultTitle: defaultTitle(config)).list
    } catch  where PlainArray.of(buffer) != nil {
      let shape = PlainArray.of(buffer)!
      let list = try plainArray(shape).list
      warn(shape.note(count: list.itemCount), config)
      return list
    }
    return try sectioned.showingFields(options)
  }

  /// The data file as mapped (path and length), to notice any cut later.
  private struct MappedFile {
    let path: String
    let count: Int
    let identity: DataSource.FileIdentity?
  }
  /// Set by the loader (maybe on a background thread), read by the runner.
  private static let mapped = Mutex<MappedFile?>(nil)

  /// Whether the data file shrank under its mapping since it was read, by
  /// whole pages or inside the last one (`DataSource.shrank`).
  public static var dataShrank: Bool {
    if DataSource.mappedFileChanged { return true }
    guard let file = mapped.withLock({ $0 }) else { return false }
    return DataSource.isShorter(path: file.path, than: file.count, identity: file.identity)
  }

  /// A file that shrank under its mapping read as zero bytes: say so rather
  /// than report what those zeros look like (a NUL "control character" at a
  /// column past the new end).
  public static func checkUnchanged(_ config: Configuration) throws(Failure) {
    if dataShrank { throw Failure.sourceShrank(sourceName(config)) }
  }

  /// Section labels from `--index-labels FILE` (a JSON object of strings), or the demo's.
  public static func indexLabels(_ config: Configuration) throws(Failure) -> IndexLabels {
    guard let path = config.indexLabelsFile else {
      return config.file == nil ? Demos.indexLabels(for: config.demo) : [:]
    }
    let bytes = try SideFile.read(path, limit: SideFile.labelsLimit, option: "--index-labels", regular: true)
    do {
      return try IndexLabelsFile.parse(bytes)
    } catch {
      let kind = error.kind == .invalidJSON ? error.kind.rawValue : "not index labels"
      let name = SideFile.displayName(path, regular: true)
      throw Failure("\(kind): \(error.message)", at: "\(name):\(error.line):\(error.column)")
    }
  }
}
