/// Single-pass, iterative loader for sectioned JSON. (Stub: being written.)
public enum JSONIndexer {
  /// Validates `bytes` as RFC 8259 JSON and indexes it as sectioned data.
  public static func load(_ bytes: [UInt8], options: LoadOptions = LoadOptions()) throws(LoadError)
    -> SectionedList
  {
    throw LoadError(.invalidJSON, line: 1, column: 1, "loader not written yet")
  }
}
