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
    return try parse(try read(file), config)
  }

  /// Indexes `buffer` per the configuration; `progress` as for `JSONIndexer.load`.
  static func parse(
    _ buffer: ByteBuffer, _ config: Configuration,
    progress: ((_ bytesScanned: Int, _ snapshot: () -> SectionedList) -> Void)? = nil
  ) throws(Exit) -> SectionedList {
    let list: SectionedList
    if config.lines {
      list = LineInput.load(buffer, delimiter: config.delimiter, keepOrder: config.keepOrder)
    } else {
      do {
        list = try JSONIndexer.load(buffer, options: loadOptions(config), progress: progress)
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
    if path == "-" && Output.standardInputClosed {
      throw Exit(status: 2, message: "sectionnav: error: standard input is closed: nothing to read from '-'")
    }
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
    let bytes = try SideFile.read(path, limit: SideFile.labelsLimit, option: "--index-labels")
    do {
      return try IndexLabelsFile.parse(bytes)
    } catch {
      let kind = error.kind == .invalidJSON ? error.kind.rawValue : "not index labels"
      throw Exit(
        status: 2,
        message: "\(path == "-" ? "<stdin>" : path):\(error.line):\(error.column): error: \(kind): \(error.message)")
    }
  }
}
