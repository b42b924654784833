import Foundation
import SectionNavCore

/// Turns the configuration into a `SectionedList` and index labels.
enum DataLoading {
  /// The display name of the data source in error messages.
  static func sourceName(_ config: Configuration) -> String {
    config.file == "-" ? "<stdin>" : config.file ?? "demo:\(config.demo)"
  }

  static func load(_ config: Configuration) throws(Exit) -> SectionedList {
    guard let file = config.file else {
      guard let demo = Demos.named(config.demo) else {
        throw Exit(
          status: 2,
          message: "sectionnav: error: unknown demo '\(config.demo)' (expected \(Demos.names.joined(separator: ", ")))")
      }
      return config.keepOrder ? demo : demo.sortedByTitle()
    }
    let bytes = try read(file)
    let name = sourceName(config)
    if config.lines {
      return LineInput.load(bytes, delimiter: config.delimiter, keepOrder: config.keepOrder)
    }
    do {
      return try JSONIndexer.load(bytes, options: LoadOptions(keepOrder: config.keepOrder, itemField: config.itemField))
    } catch {
      throw Exit(status: 2, message: "\(name):\(error.description)")
    }
  }

  /// Reads a file or standard input ("-").
  static func read(_ path: String) throws(Exit) -> [UInt8] {
    if path == "-" {
      return Array(FileHandle.standardInput.readDataToEndOfFile())
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw Exit(status: 2, message: "sectionnav: error: \(path): no such file")
    }
    if isDirectory.boolValue {
      throw Exit(status: 2, message: "sectionnav: error: \(path): is a directory")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Exit(status: 2, message: "sectionnav: error: \(path): cannot read file")
    }
    return Array(data)
  }

  /// Section labels from `--index-labels FILE` (a JSON object of strings), or the demo's glyphs.
  static func indexLabels(_ config: Configuration) throws(Exit) -> [String: String] {
    guard let path = config.indexLabelsFile else {
      return config.file == nil ? Demos.indexLabels(for: config.demo) ?? [:] : [:]
    }
    let bytes = try read(path)
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
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
