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
      itemField = nil
    }
    noHeader = config.noHeader
    skipBad = config.skipBad
    collation = config.collation
    format = config.dataFormat ?? Self.format(forName: config.file ?? "")
  }

  /// The format a file name implies: `.jsonl`/`.ndjson`, `.csv`, `.tsv`; else JSON.
  public static func format(forName name: String) -> Format {
    if ItemLoader.isJSONLinesName(name) { return .jsonLines }
    let lower = name.lowercased()
    if lower.hasSuffix(".csv") { return .csv }
    if lower.hasSuffix(".tsv") || lower.hasSuffix(".tab") { return .tsv }
    return .json
  }
}
