extension LoadOptions {
  /// The loading options the command line asks for; the format comes from
  /// `--jsonl`/`--csv`/`--tsv`, else from the file name's extension.
  public init(_ config: Configuration) {
    self.init(keepOrder: config.keepOrder, itemField: config.itemField)
    path = config.path
    groupBy = config.groupBy
    itemFormat = config.itemFormat
    // A dotted or jq-style --item-field reaches into nested objects, as a
    // template of one field. One key however spelled (`.a`, `."a"`,
    // `.["a"]`) is that key's name, shown as `a` is: the spellings of one
    // field showed an object without it, and null, differently.
    if itemFormat == nil, let field = config.itemField, field.contains(".") || field.hasPrefix("[") {
      // (Not a key with a quote, a backslash or a control character, which
      // the data writes escaped, nor the empty key: templates read those.)
      if let steps = try? FieldPath(field).steps, steps.count == 1, case .key(let key) = steps[0], !key.isEmpty,
        !key.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 })
      {
        itemField = key
      } else if let template = try? ItemTemplate("{" + field + "}") {
        itemFormat = template
        itemFormatOption = "--item-field"
        itemField = nil
      }
    }
    noHeader = config.noHeader
    skipBad = config.skipBad
    collation = config.collation
    // `--skip-bad` alone means JSON Lines (`… | sectionnav --skip-bad`).
    format = config.dataFormat ?? Self.namedFormat(config.file ?? "") ?? (config.skipBad ? .jsonLines : .json)
    if config.lines {
      format = .lines
      delimiter = config.delimiter
      lineEnd = config.lineEnd
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
  /// `--check`, `--filter-print` and `--script`, each a run of its own: the
  /// command line's alone, defaults of the others dropped (an error when
  /// the command line gave two, or the defaults clash). Settled before
  /// standard input's role is, which a script run decides (`--script` in
  /// `SECTIONNAV_OPTS` under `--check` dropped out, but left standard
  /// input unread: the demo was checked instead of the data piped in).
  public mutating func settleRuns() throws(UsageError) {
    let runs: [(name: String, drop: (inout Configuration) -> Void)?] = [
      check ? ("--check", { $0.check = false }) : nil,
      filterPrint.map { _ in ("--filter-print", { $0.filterPrint = nil }) },
      script.map { _ in ("--script", { $0.script = nil }) },
    ]
    try keepOne(of: runs.compactMap { $0 }) {
      "\($0.joined(separator: " and ")) cannot be used together: each is a run of its own"
    }
  }

  /// Of options that exclude each other, set here: the command line's
  /// alone, the others dropped; an error when it gave more than one, or
  /// none (the defaults clash among themselves).
  private mutating func keepOne(
    of set: [(name: String, drop: (inout Configuration) -> Void)], _ message: (_ named: [String]) -> String
  ) throws(UsageError) {
    guard set.count > 1 else { return }
    let ours = set.filter { commandLineOptions.contains($0.name) }
    guard ours.count == 1 else {
      throw UsageError(
        message((ours.isEmpty ? set : ours).map(\.name))
          + (ours.isEmpty ? " (in the config file or SECTIONNAV_OPTS)" : ""))
    }
    for option in set where option.name != ours[0].name { option.drop(&self) }
  }

  /// Options that cannot go together, or that do not apply to the input as
  /// it will be read (after `file` is settled): a usage error rather than
  /// silently ignored or silently winning (issue 24 #8, issue 26 #11) —
  /// when the command line asked for them. Defaults from the config file
  /// or `SECTIONNAV_OPTS` that clash with the command line, or do not
  /// apply to this run's input (`--delimiter` for runs without `--lines`),
  /// drop out: the command line wins, as everywhere.
  public mutating func settleCombination() throws(UsageError) {
    let given = commandLineOptions
    /// `name`, set here but not applying: dropped when a default, else `message`.
    func notApplying(_ name: String, _ message: String, drop: (inout Configuration) -> Void) throws(UsageError) {
      guard given.contains(name) else { return drop(&self) }
      throw UsageError(message)
    }
    try settleRuns()
    if demoChosen, let file {
      let named = file == "-" ? "-" : "'\(file)'"
      try notApplying("--demo", "--demo shows a demo and reads no data: drop it or the FILE (\(named))") {
        $0.demoChosen = false
      }
    }
    if lines {
      let others: [(String, (inout Configuration) -> Void)?] = [
        dataFormat.map { f in (Self.formatOption(f), { $0.dataFormat = nil }) },
        path.map { _ in ("--path", { $0.path = nil }) }, groupBy.map { _ in ("--group-by", { $0.groupBy = nil }) },
        skipBad ? ("--skip-bad", { $0.skipBad = false }) : nil,
        noHeader ? ("--no-header", { $0.noHeader = false }) : nil,
        itemField.map { _ in ("--item-field", { $0.itemField = nil }) },
        itemFormat.map { _ in ("--item-format", { $0.itemFormat = nil }) },
      ]
      for case let (name, drop)? in others where lines {
        try keepOne(of: [("--lines", { $0.lines = false }), (name, drop)]) { _ in Self.linesClash(name) }
      }
      // An item is a line: a delimiter holding a line break could never
      // split one — unless items end at NUL (`--read0`) and may hold one.
      if lines, !read0, let delimiter, delimiter.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
        throw UsageError("--delimiter cannot hold a line break: each line is one item (--read0 items may hold one)")
      }
      if lines { return }
    }
    if read0 {
      try notApplying("--read0", "--read0 applies to --lines (NUL-ended items)") { $0.read0 = false }
    }
    if delimiter != nil {
      try notApplying("--delimiter", "--delimiter applies to --lines (CSV and TSV have their own separators)") {
        $0.delimiter = nil
      }
    }
    guard file != nil else { return }
    let format = LoadOptions(self).format
    // Where the format came from: the file name, or for standard input
    // (not sniffed once such an option is given) the default.
    let named =
      dataFormat != nil
      ? ""
      : file == "-"
        ? " (standard input is JSON unless --jsonl, --csv or --tsv says otherwise)"
        : " (from the file name; --jsonl, --csv or --tsv choose another)"
    switch format {
    case .csv, .tsv:
      if path != nil {
        try notApplying("--path", "--path selects inside JSON; CSV and TSV have no paths\(named)") { $0.path = nil }
      }
      if skipBad {
        try notApplying("--skip-bad", "--skip-bad applies to JSON Lines, not to CSV or TSV\(named)") {
          $0.skipBad = false
        }
      }
    case .json:
      if skipBad {
        try notApplying("--skip-bad", "--skip-bad applies to JSON Lines, not to a JSON document\(named)") {
          $0.skipBad = false
        }
      }
      if noHeader {
        try notApplying("--no-header", "--no-header applies to CSV and TSV, not to JSON\(named)") {
          $0.noHeader = false
        }
      }
    case .jsonLines:
      if noHeader {
        try notApplying("--no-header", "--no-header applies to CSV and TSV, not to JSON Lines\(named)") {
          $0.noHeader = false
        }
      }
    case .lines:
      break  // `--lines` was settled above.
    }
  }

  /// Why `option` does not go with `--lines`.
  static func linesClash(_ option: String) -> String {
    switch option {
    case "--skip-bad": "--skip-bad applies to JSON Lines, not to --lines"
    case "--no-header": "--no-header applies to CSV and TSV, not to --lines"
    case "--item-field", "--item-format":
      "\(option) reads fields of objects or CSV columns; --lines items are plain text"
    default: "--lines reads plain text; it does not combine with --jsonl, --csv, --tsv, --path or --group-by"
    }
  }

  /// The option that names `format`.
  static func formatOption(_ format: LoadOptions.Format) -> String {
    switch format {
    case .json: "--json"
    case .jsonLines: "--jsonl"
    case .csv: "--csv"
    case .tsv: "--tsv"
    case .lines: "--lines"
    }
  }
}
