import Foundation
import SectionNavCore

/// Turns the configuration into a `SectionedList` and index labels.
enum DataLoading {
  /// The display name of the data source in error messages.
  static func sourceName(_ config: Configuration) -> String {
    config.file == "-" ? "<stdin>" : config.file ?? "demo:\(config.demo)"
  }

  static func loadOptions(_ config: Configuration) -> LoadOptions {
    LoadOptions(keepOrder: config.keepOrder, itemField: config.itemField)
  }

  /// The embedded demo named by `--demo`.
  static func demo(_ config: Configuration) throws(Failure) -> SectionedList {
    guard let demo = Demos.named(config.demo) else {
      throw Failure("unknown demo '\(config.demo)' (expected \(Demos.names.joined(separator: ", ")))")
    }
    return config.keepOrder ? demo : demo.sortedByTitle()
  }

  /// Loads everything before returning (scripts, `--check`, small files).
  static func load(_ config: Configuration) throws(Failure) -> SectionedList {
    guard let file = config.file else { return try demo(config) }
    return try parse(try read(file), config)
  }

  /// Indexes `buffer` per the configuration; `progress` as for `JSONIndexer.load`.
  static func parse(
    _ buffer: ByteBuffer, _ config: Configuration,
    progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)? = nil
  ) throws(Failure) -> SectionedList {
    let list: SectionedList
    if config.lines {
      list = LineInput.load(buffer, delimiter: config.delimiter, keepOrder: config.keepOrder)
    } else {
      do {
        list = try JSONIndexer.load(buffer, options: loadOptions(config), progress: progress)
      } catch {
        try checkUnchanged(config)
        throw error.failure(in: sourceName(config))
      }
    }
    try checkUnchanged(config)
    return list
  }

  /// The data file as mapped (path and length), to notice any cut later.
  nonisolated(unsafe) static var mappedData: (path: String, count: Int)?

  /// Whether the data file shrank under its mapping since it was read, by
  /// whole pages or inside the last one (`DataSource.shrank`).
  static var dataShrank: Bool {
    if DataSource.mappedFileChanged { return true }
    guard let mapped = mappedData else { return false }
    return DataSource.isShorter(path: mapped.path, than: mapped.count)
  }

  /// A file that shrank under its mapping read as zero bytes: say so rather
  /// than report what those zeros look like (a NUL "control character" at a
  /// column past the new end).
  static func checkUnchanged(_ config: Configuration) throws(Failure) {
    if dataShrank {
      throw Failure(changedMessage(config))
    }
  }

  static func changedMessage(_ config: Configuration) -> String {
    "\(sourceName(config)): the file shrank while it was being read"
  }

  /// Maps a file (or reads standard input for "-").
  static func read(_ path: String) throws(Failure) -> ByteBuffer {
    if path == "-" && Output.standardInputClosed {
      throw Failure("standard input is closed: nothing to read from '-'")
    }
    do {
      let buffer = path == "-" ? try DataSource.readStandardInput() : try DataSource.read(path: path)
      if buffer.isMapped { mappedData = (path, buffer.count) }
      return buffer
    } catch {
      throw Failure(error.description)
    }
  }

  /// Section labels from `--index-labels FILE` (a JSON object of strings), or the demo's.
  static func indexLabels(_ config: Configuration) throws(Failure) -> [String: String] {
    guard let path = config.indexLabelsFile else {
      return config.file == nil ? Demos.indexLabels(for: config.demo) ?? [:] : [:]
    }
    let bytes = try SideFile.read(path, limit: SideFile.labelsLimit, option: "--index-labels")
    do {
      return try IndexLabelsFile.parse(bytes)
    } catch {
      let kind = error.kind == .invalidJSON ? error.kind.rawValue : "not index labels"
      throw Failure("\(kind): \(error.message)", at: "\(path == "-" ? "<stdin>" : path):\(error.line):\(error.column)")
    }
  }
}
