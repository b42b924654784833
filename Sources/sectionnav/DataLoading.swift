import Foundation
import SectionNavCore

/// Turns the configuration into a `SectionedList` and index labels.
enum DataLoading {
  /// The display name of the data source in error messages.
  static func sourceName(_ config: Configuration) -> String {
    config.file == "-" ? "<stdin>" : config.file ?? "demo:\(config.demo)"
  }

  static func loadOptions(_ config: Configuration) -> LoadOptions {
    LoadOptions(config)
  }

  /// Whether options that only make sense for item data ask for standard
  /// input when no FILE is given (`kubectl … | sectionnav --path .items`).
  static func wantsItemInput(_ config: Configuration) -> Bool {
    config.dataFormat != nil || config.path != nil || config.groupBy != nil
  }

  /// Options that cannot go together.
  static func checkCombination(_ config: Configuration) throws(Exit) {
    if config.lines && (config.dataFormat != nil || config.path != nil || config.groupBy != nil) {
      throw Exit(
        status: 2,
        message:
          "sectionnav: error: --lines reads plain text; it does not combine with --jsonl, --csv, --tsv, --path or --group-by"
      )
    }
    if config.path != nil, let f = config.dataFormat, f == .csv || f == .tsv {
      throw Exit(status: 2, message: "sectionnav: error: --path selects inside JSON; CSV and TSV have no paths")
    }
  }

  /// The title of the one section when the data names none: the file's name without extension.
  static func defaultTitle(_ config: Configuration) -> String {
    guard let file = config.file, file != "-" else { return "stdin" }
    let name = file.split(separator: "/").last.map(String.init) ?? file
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { return String(name[..<dot]) }
    return name
  }

  /// A warning line for standard error (`--skip-bad`).
  static func warn(_ warning: String?, _ config: Configuration) {
    if let warning { Output.error("sectionnav: warning: \(sourceName(config)): \(warning)") }
  }

  /// The embedded demo named by `--demo`.
  static func demo(_ config: Configuration) throws(Exit) -> SectionedList {
    guard let demo = Demos.named(config.demo) else {
      throw Exit(
        status: 2,
        message:
          "sectionnav: error: unknown demo '\(config.demo)' (expected \(Demos.names.joined(separator: ", ")))")
    }
    return config.keepOrder ? demo : demo.sortedByTitle()
  }

  /// Loads everything before returning (scripts, `--check`, small files).
  static func load(_ config: Configuration) throws(Exit) -> SectionedList {
    guard let file = config.file else { return try demo(config) }
    switch try open(file) {
    case .buffer(let buffer):
      return try parse(buffer, config)
    case .stream(let fd):
      defer { if fd != 0 { close(fd) } }
      return try parseStream(fd: fd, config)
    }
  }

  /// Opens a data file: a regular file is mapped; a pipe, terminal or device is a stream.
  static func open(_ path: String) throws(Exit) -> DataSource.Opened {
    do {
      return try DataSource.openInput(path: path)
    } catch {
      throw Exit(status: 2, message: "sectionnav: error: \(error.description)")
    }
  }

  /// Reads and indexes a stream as it arrives (`StreamLoad`): item data is
  /// scanned chunk by chunk and JSON is validated on the way, so bad input
  /// stops the reading at its first bad byte. `progress` as for `StreamLoad.run`.
  static func parseStream(
    fd: Int32, _ config: Configuration,
    progress: ((_ bytes: Int, _ items: Int, _ snapshot: () -> SectionedList) -> Void)? = nil
  ) throws(Exit) -> SectionedList {
    let options = loadOptions(config)
    let outcome: StreamLoad.Outcome
    do {
      let lines: ((ByteBuffer) -> SectionedList)? =
        config.lines ? { LineInput.load($0, delimiter: config.delimiter, keepOrder: config.keepOrder) } : nil
      outcome = try StreamLoad.run(
        fd: fd, name: config.file ?? "-", options: config.lines ? LoadOptions() : options, validate: !config.lines,
        defaultTitle: defaultTitle(config), prefixList: progress == nil ? nil : lines, progress: progress)
    } catch {
      switch error {
      case .read(let e): throw Exit(status: 2, message: "sectionnav: error: \(e.description)")
      case .data(let e, _): throw Exit(status: 2, message: "\(sourceName(config)):\(e.description)")
      }
    }
    if let items = outcome.items {
      warn(items.warning, config)
      return items.list
    }
    return try parse(outcome.buffer, config)
  }

  /// Indexes `buffer` per the configuration; `progress` as for `JSONIndexer.load`.
  static func parse(
    _ buffer: ByteBuffer, _ config: Configuration,
    progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)? = nil
  ) throws(Exit) -> SectionedList {
    var list: SectionedList
    if config.lines {
      list = LineInput.load(buffer, delimiter: config.delimiter, keepOrder: config.keepOrder)
    } else {
      let options = loadOptions(config)
      do throws(LoadError) {
        if options.selectsItems {
          let result = try ItemLoader.load(buffer, options: options, defaultTitle: defaultTitle(config))
          warn(result.warning, config)
          list = result.list
        } else {
          do {
            list = try JSONIndexer.load(buffer, options: options, progress: progress)
          } catch  where error.message.hasSuffix("after the JSON value") {
            // Several top-level values: JSON Lines (or a stream like `jq .` prints).
            list = try ItemLoader.load(buffer, options: options, defaultTitle: defaultTitle(config)).list
          }
          if let template = options.itemFormat { list = list.showing(template) }
        }
      } catch {
        try checkUnchanged(config)
        throw Exit(status: 2, message: "\(sourceName(config)):\(error.description)")
      }
    }
    try checkUnchanged(config)
    return list
  }

  /// A file that shrank under its mapping read as zero bytes: say so rather
  /// than report what those zeros look like.
  static func checkUnchanged(_ config: Configuration) throws(Exit) {
    if DataSource.mappedFileChanged {
      throw Exit(status: 2, message: changedMessage(config))
    }
  }

  static func changedMessage(_ config: Configuration) -> String {
    "sectionnav: error: \(sourceName(config)): the file shrank while it was being read"
  }

  /// Maps a file (or reads standard input for "-").
  static func read(_ path: String) throws(Exit) -> ByteBuffer {
    do {
      return path == "-" ? try DataSource.readStandardInput() : try DataSource.read(path: path)
    } catch {
      throw Exit(status: 2, message: "sectionnav: error: \(error.description)")
    }
  }

  /// Section labels from `--index-labels FILE` (a JSON object of strings), or the demo's.
  static func indexLabels(_ config: Configuration) throws(Exit) -> [String: String] {
    guard let path = config.indexLabelsFile else {
      return config.file == nil ? Demos.indexLabels(for: config.demo) ?? [:] : [:]
    }
    let buffer = try read(path)
    let data = withExtendedLifetime(buffer) { Data(buffer.bytes) }
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw Exit(status: 2, message: "sectionnav: error: \(path): --index-labels needs a JSON object of strings")
    }
    var labels: [String: String] = [:]
    for (title, value) in object {
      guard let label = value as? String, !label.isEmpty else {
        throw Exit(status: 2, message: "sectionnav: error: \(path): label for '\(title)' is not a non-empty string")
      }
      labels[title] = label
    }
    return labels
  }
}
