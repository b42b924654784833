/// How raw input becomes sections.
public struct LoadOptions: Sendable, Equatable {
  /// What the bytes are.
  public enum Format: Sendable, Equatable {
    /// JSON: sectioned data, or a list chosen by `path` / grouped by `groupBy`;
    /// several top-level values are read as JSON Lines.
    case json
    /// One JSON value per line (`--jsonl`).
    case jsonLines
    /// Comma-separated values, RFC 4180 (`--csv`).
    case csv
    /// Tab-separated values, no quoting (`--tsv`).
    case tsv
    /// Plain text, one item per line (`--lines`), grouped by initial or by
    /// the text before `delimiter`.
    case lines
  }

  /// Keep sections in input order instead of sorting them by title.
  public var keepOrder = false
  /// Show object items by this field.
  public var itemField: String?
  public var format = Format.json
  /// `--path`: the list inside the document.
  public var path: JSONPath?
  /// `--group-by`: nil keeps the default (sectioned JSON, or one section).
  public var groupBy: GroupBy?
  /// `--item-format`: the row text of an object or record.
  public var itemFormat: ItemTemplate?
  /// The option `itemFormat` came from, for errors: a dotted or jq-style
  /// `--item-field` is read as a template of that one field.
  public var itemFormatOption = "--item-format"
  /// `--no-header`: the first CSV/TSV row is data; columns are named 1, 2, …
  public var noHeader = false
  /// `--skip-bad`: bad JSON lines are counted and skipped, not fatal.
  public var skipBad = false
  /// `--delimiter` of `.lines`: a line's section is the text before it.
  public var delimiter: String?
  /// What ends a `.lines` item: a line feed, or NUL with `--read0`.
  public var lineEnd = LineEnd.newline
  /// `--locale`: sections sorted, and `--group-by initial` bucketed, by this
  /// locale's collation and alphabetic index; nil is the C locale.
  public var collation: LocaleCollation?

  public init(keepOrder: Bool = false, itemField: String? = nil) {
    self.keepOrder = keepOrder
    self.itemField = itemField
  }

  /// Whether the input is read item by item (`ItemLoader`) rather than as
  /// sectioned JSON (`JSONIndexer`) or as lines (`LineInput`).
  public var selectsItems: Bool {
    switch format {
    case .json: path != nil || groupBy != nil
    case .lines: false
    case .jsonLines, .csv, .tsv: true
    }
  }
}

/// What ends an item of `--lines`: a line feed (a CR before it is dropped),
/// or with `--read0` a NUL byte — fzf's option, for `find -print0` and file
/// names that hold line breaks (nothing is dropped before a NUL).
public enum LineEnd: UInt8, Sendable, Equatable {
  case newline = 0x0A
  case nul = 0x00

  var byte: UInt8 { rawValue }
}
