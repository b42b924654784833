extension LoadOptions {
  /// The loading options the command line asks for; the format comes from
  /// `--jsonl`/`--csv`/`--tsv`, else from the file name's extension.
  public init(_ config: Configuration) {
    self.init(keepOrder: config.keepOrder, itemField: config.itemField)
    path = config.path
    groupBy = config.groupBy
    itemFormat = config.itemFormat
    // A dotted or jq-style --item-field reaches into nested objects, as a template of one field.
    if itemFormat == nil, let field = config.itemField,
      field.contains(".") || field.hasPrefix("["),
      let template = try? ItemTemplate("{" + field + "}")
    {
      itemFormat = template
      itemFormatOption = "--item-field"
      itemField = nil
    }
    noHeader = config.noHeader
    skipBad = config.skipBad
    collation = config.collation
    // `--skip-bad` alone means JSON Lines (`… | sectionnav --skip-bad`).
    format = config.dataFormat ?? Self.namedFormat(config.file ?? "") ?? (config.skipBad ? .jsonLines : .json)
    if config.lines {
      format = .lines
      delimiter = config.delimiter
    }
  }

  /// The format a file name implies: `.jsonl`/`.ndjson`, `.csv`, `.tsv`; else JSON.
  public static func format(forName name: String) -> Format { namedFormat(name) ?? .json }

  /// The format a file name's extension names (`.json` too), or nil.
  public static func namedFormat(_ name: String) -> Format? {
    if ItemLoader.isJSONLinesName(name) { return .jsonLines }
    let lower = name.lowercased()
    if lower.hasSuffix(".csv") { return .csv }
    if lower.hasSuffix(".tsv") || lower.hasSuffix(".tab") { return .tsv }
    if lower.hasSuffix(".json") { return .json }
    return nil
  }
}

extension Configuration {
  /// Options that cannot go together, or that do not apply to the input as
  /// it will be read (after `file` is settled): each a usage error rather
  /// than silently ignored or silently winning (issue 24 #8, issue 26 #11).
  public func checkCombination() throws(UsageError) {
    let runs = [check ? "--check" : nil, filterPrint.map { _ in "--filter-print" }, script.map { _ in "--script" }]
      .compactMap { $0 }
    if runs.count > 1 {
      throw UsageError("\(runs.joined(separator: " and ")) cannot be used together: each is a run of its own")
    }
    if demoChosen, let file {
      let named = file == "-" ? "-" : "'\(file)'"
      throw UsageError("--demo shows a demo and reads no data: drop it or the FILE (\(named))")
    }
    if lines {
      if dataFormat != nil || path != nil || groupBy != nil {
        throw UsageError(
          "--lines reads plain text; it does not combine with --jsonl, --csv, --tsv, --path or --group-by")
      }
      if skipBad { throw UsageError("--skip-bad applies to JSON Lines, not to --lines") }
      if noHeader { throw UsageError("--no-header applies to CSV and TSV, not to --lines") }
      if let option = itemField != nil ? "--item-field" : itemFormat != nil ? "--item-format" : nil {
        throw UsageError("\(option) reads fields of objects or CSV columns; --lines items are plain text")
      }
      return
    }
    if delimiter != nil {
      throw UsageError("--delimiter applies to --lines (CSV and TSV have their own separators)")
    }
    guard file != nil else { return }
    let format = LoadOptions(self).format
    let named = dataFormat == nil ? " (from the file name; --jsonl, --csv or --tsv choose another)" : ""
    switch format {
    case .csv, .tsv:
      if path != nil { throw UsageError("--path selects inside JSON; CSV and TSV have no paths\(named)") }
      if skipBad { throw UsageError("--skip-bad applies to JSON Lines, not to CSV or TSV\(named)") }
    case .json:
      if skipBad { throw UsageError("--skip-bad applies to JSON Lines, not to a JSON document\(named)") }
      if noHeader { throw UsageError("--no-header applies to CSV and TSV, not to JSON\(named)") }
    case .jsonLines:
      if noHeader { throw UsageError("--no-header applies to CSV and TSV, not to JSON Lines\(named)") }
    case .lines:
      break  // `--lines` was settled above.
    }
  }
}
