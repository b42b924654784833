#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// CSV (RFC 4180) and TSV records as items.
///
/// CSV: fields separated by `,`, records by LF, CRLF or a lone CR (as
/// Python's `csv` reads them); a field in double quotes may hold commas,
/// line breaks and `""` for a quote. Text after a closing quote (other than
/// `,` or the line end) and a quote left open at the end are errors, where
/// Python's strict mode has them; a quote inside an unquoted field is kept
/// as text, as Python and most CSV tools do. TSV: fields separated by tabs,
/// the same line ends, no quoting (quotes are text, as `cut`). A UTF-8
/// byte-order mark at the start is skipped. Blank lines are skipped. The
/// first record names the columns unless `noHeader`, when columns are named
/// `1`, `2`, …; a name given to several columns means the last of them (as
/// Python's `DictReader`). An item is a record's bytes as written (no copy);
/// its row shows the record as written, or the columns chosen by
/// `--item-field` / `--item-format`.
struct CSVScan {
  typealias Pointer = UnsafePointer<UInt8>

  let buffer: ByteBuffer
  let separator: UInt8
  let quoted: Bool
  let noHeader: Bool
  let grouping: GroupBy
  /// `--locale`'s collation (nil: the C locale).
  let collation: LocaleCollation?
  let itemField: String?
  let template: ItemTemplate?
  /// Rows show columns (`--item-field`, `--item-format`), not the record as written.
  let showsColumns: Bool
  /// Finds records and their fields (apart from the scan: calling a method
  /// of the scan itself per record copied the whole scan each time).
  let reader: RecordReader
  var columns: [String]? = nil
  var groupColumn = -1
  /// `--item-field`'s column (-1: none).
  var itemColumn = -1
  /// The column of the field an `--item-format` row starts with (-1: none,
  /// or the template starts with text): its bytes start the row, so
  /// `--group-by initial` reads the initial there without rendering the row.
  var templateFirstColumn = -1
  /// How rows are measured (set again once the columns are known).
  var rowCells: RecordCells
  /// Room for the fields of a record split up to the columns wanted (no
  /// allocation, nor a closure's copy of the scan, per record).
  var scratch = UnsafeMutablePointer<Field>.allocate(capacity: 16)
  var scratchCount = 16
  var items: ItemGroups
  /// Renders a row whose initial its bytes do not settle (made at the first record).
  var renderer: RowRenderer?
  /// Where the next record starts.
  var offset = 0
  var wanted = 0
  /// Records split by `RecordReader.quickRecord` where it can (false: the
  /// byte loop alone, for tests to compare).
  var quickRecords = true

  init(buffer: ByteBuffer, options: LoadOptions, defaultTitle: String) {
    self.buffer = buffer
    separator = options.format == .tsv ? 0x09 : 0x2C
    quoted = options.format == .csv
    noHeader = options.noHeader
    grouping = options.groupBy ?? .single(defaultTitle)
    collation = options.collation
    itemField = options.itemField
    template = options.itemFormat
    showsColumns = options.itemField != nil || options.itemFormat != nil
    reader = RecordReader(base: buffer.base, separator: separator, quoted: quoted)
    items = ItemGroups(expected: 1024, collation: options.collation, separate: true)
    rowCells = RecordCells(separator: separator, quoted: quoted, columns: [], itemField: nil, template: nil)
  }

  /// Scans the complete records up to `available` bytes.
  mutating func run(available: Int, eof: Bool) throws(SyntaxFailure) {
    let base = buffer.base
    let end = base + available
    wanted = 0
    if offset == 0 {
      if ByteOrderMark.startsUTF16(base, count: available) { throw SyntaxFailure.utf16 }
      // A UTF-8 byte-order mark is not part of the first column's name.
      let seen = min(available, 3)
      if (0..<seen).allSatisfy({ base[$0] == ByteOrderMark.utf8[$0] }) {
        if seen < 3 && !eof {
          wanted = 3
          return
        }
        if seen == 3 { offset = 3 }
      }
    }
    var p = base + offset
    var block = RecordReader.Block()
    while p < end {
      // Skip blank lines (LF, CRLF or a lone CR).
      if p.pointee == 0x0A || p.pointee == 0x0D {
        p += p.pointee == 0x0D && p + 1 < end && p[1] == 0x0A ? 2 : 1
        offset = p - base
        continue
      }
      let start = p
      // The fields the section and the row need are found on the way (none in the header).
      let last = columns == nil ? -1 : lastField
      reserveScratch(last)
      var record = quickRecords ? reader.quickRecord(p, end, upTo: last, into: scratch, &block) : nil
      if record == nil { record = try reader.record(p, end, eof: eof, upTo: last, into: scratch) }
      guard let (recordEnd, next, n) = record else {
        // Only a stream leaves a record open here (a file is scanned to its end, or to a record's start).
        if end - start > TextCheck.maximumLine {
          throw columns == nil && !noHeader ? Self.longHeader(start - base) : Self.longRecord(start - base)
        }
        wanted = offset + 2 * (available - offset) + 4096
        break
      }
      if columns == nil {
        if !noHeader && recordEnd - start > TextCheck.maximumLine { throw Self.longHeader(start - base) }
        if noHeader {
          let count = Self.fieldCount(start, recordEnd - start, separator: separator, quoted: quoted)
          columns = (1...max(1, count, highestNamedColumn)).map(String.init)
          try setUp(at: start)
          reserveScratch(lastField)
          let length = recordEnd - start
          let n =
            lastField < 0
            ? 0 : Self.fields(start, length, upTo: lastField, separator: separator, quoted: quoted, into: scratch)
          add(start, recordEnd, fields: n)
        } else {
          columns = Self.fields(start, recordEnd - start, separator: separator, quoted: quoted)
          try setUp(at: start)
        }
      } else {
        add(start, recordEnd, fields: n)
      }
      p = next
      offset = p - base
    }
    if eof, columns == nil {
      columns = []
      try setUp(at: base + available)
    }
  }

  /// A header row past `TextCheck.maximumLine` (`/dev/zero`, one endless
  /// line): column names that long are no header, and each name is a copy
  /// of its bytes — an endless one held the input twice over before it was
  /// refused at a quarter of memory.
  static func longHeader(_ offset: Int) -> SyntaxFailure {
    SyntaxFailure(
      offset: offset,
      message: "a header row longer than \(TextCheck.maximumLine >> 20) MiB (an endless line?); "
        + "--no-header reads it as data")
  }

  /// A record still open past `TextCheck.maximumLine` bytes of a stream
  /// (`--no-header /dev/zero`, `yes | tr -d '\n'`): refused there, as
  /// `--lines` refuses such a line, instead of read to a quarter of memory.
  /// (Python's `csv` refuses a field past 128 KiB.)
  static func longRecord(_ offset: Int) -> SyntaxFailure {
    SyntaxFailure(offset: offset, message: "a record longer than \(TextCheck.maximumLine >> 20) MiB (an endless line?)")
  }

  /// Resolves the `--group-by` column once the columns are known, and checks
  /// that every column the options name exists (input with no header row
  /// at all has nothing to check against).
  mutating func setUp(at p: Pointer) throws(SyntaxFailure) {
    _ = p
    let columns = columns!
    rowCells = RecordCells(
      separator: separator, quoted: quoted, columns: columns, itemField: itemField, template: template)
    guard !columns.isEmpty else { return }
    func column(_ name: String, _ option: String) throws(SyntaxFailure) -> Int {
      guard let k = columns.lastIndex(ofName: name) else {
        let names = columns.prefix(20).map { JSONText.quoted($0) }.joined(separator: ", ")
        throw SyntaxFailure(
          offset: 0, message: "\(option): no column \(JSONText.quoted(name)) (columns: \(names))", cause: .unknownColumn
        )
      }
      return k
    }
    for field in template?.fields ?? [] { _ = try column(field.columnName, "--item-format") }
    if case .field(let first) = template?.pieces.first {
      templateFirstColumn = try column(first.columnName, "--item-format")
    }
    if let itemField { itemColumn = try column(itemField, "--item-field") }
    if case .field(let field) = grouping { groupColumn = try column(field.columnName, "--group-by") }
  }

  /// The highest column number the options name (`--no-header`: columns
  /// are numbers, and a later record may have more than the first — as
  /// `cut -f3` reads a third field where there is one); 0 for none.
  var highestNamedColumn: Int {
    var names = (template?.fields ?? []).map(\.columnName)
    if let itemField { names.append(itemField) }
    if case .field(let field) = grouping { names.append(field.columnName) }
    return names.compactMap { Int($0) }.filter { $0 > 0 }.max() ?? 0
  }

  /// The last column the section or the row needs split out (-1: none).
  var lastField: Int { max(groupColumn, showsColumns ? rowCells.lastColumn : -1) }

  /// Makes the scratch room hold fields `0...last`.
  mutating func reserveScratch(_ last: Int) {
    guard last >= scratchCount else { return }
    scratch.deallocate()
    scratchCount = 2 * (last + 1)
    scratch = .allocate(capacity: scratchCount)
  }

  /// The most fields a record had, counted up to `lastField` (`--no-header`:
  /// a column number beyond every record is the mistake a missing field is).
  var widest = 0

  /// With `--no-header`, the error for a column number the options name
  /// that no record reaches; nil when one does, or there were no records.
  func missingColumn(records: Int) -> SyntaxFailure? {
    let named = highestNamedColumn
    guard noHeader, records > 0, named > widest else { return nil }
    return SyntaxFailure(
      offset: 0, message: "no record has a column \(named) (the widest has \(widest) field\(widest == 1 ? "" : "s"))")
  }

  /// Adds the record `start..<end`, its first `n` fields in `scratch` (up to `lastField`).
  mutating func add(_ start: Pointer, _ end: Pointer, fields n: Int) {
    if n > widest { widest = n }
    let length = end - start
    let offset = start - buffer.base
    let plain = !showsColumns && Self.isASCII(start, length)
    let found = UnsafePointer(scratch)
    let section: Int
    switch grouping {
    case .single(let title):
      section = items.titles.isEmpty ? items.section(titled: title) : 0
    case .field:
      // The field's bytes as written key its section: decoded only the first time.
      if groupColumn >= 0, groupColumn < n, found[groupColumn].end > found[groupColumn].start {
        let f = found[groupColumn]
        let p = start + f.start
        let n = f.end - f.start
        // A quoted key keeps its opening quote: `a""b` quoted and as written differ.
        let key = p - (f.quoted ? 1 : 0)
        let keyLength = n + (f.quoted ? 1 : 0)
        section = items.section(rawKey: key, keyLength) {
          (
            f.quoted
              ? Self.unquoted(p, n) : String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self),
            .text
          )
        }
      } else {
        section = items.section(titled: GroupBy.none, kind: .none)
      }
    case .initial:
      let (row, complete) = rowStart(start, length, fields: found, n)
      if renderer == nil { renderer = RowRenderer(self) }
      let renderer = renderer.unsafelyUnwrapped
      section = items.section(initialOf: row, complete: complete) { renderer.text(offset: offset, length: length) }
    }
    if plain {
      items.rows.note(exact: length)
    } else if !showsColumns {
      items.noteRow(offset: offset, length: length, bytesBound: true) {
        TextWidth.cells(start, length, escapes: false, floor: $0)
      }
    } else if rowCells.bound(fields: found, n) > items.rows.floor {
      // Measured only when its bytes could make it the widest row.
      items.noteRow(offset: offset, length: length, bytesBound: false) { _ in
        rowCells.cells(start, length, fields: found, n)
      }
    }
    items.append(offset: offset, length: length, plain: plain, section: section)
  }

  /// Frees the scratch room (once, when the scan is done with).
  func release() { scratch.deallocate() }

  /// Whether `p[0..<n]` is all ASCII, eight bytes at a time.
  @inline(__always)
  static func isASCII(_ p: Pointer, _ n: Int) -> Bool {
    var i = 0
    var high: UInt64 = 0
    while i + 8 <= n {
      high |= UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
      i += 8
    }
    while i < n {
      high |= UInt64(p[i])
      i += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }

  /// The first bytes of the record's row as shown (`RecordItems.text`)
  /// where they lie in the input as they are, and whether they are all of
  /// it: the record as written, or the `--item-field` column's text up to
  /// a `""`; a template's first field (never all of the row).
  /// `found[0..<n]`: the record's fields, split up to the columns shown.
  func rowStart(_ start: Pointer, _ length: Int, fields found: UnsafePointer<Field>, _ n: Int) -> (
    UnsafeBufferPointer<UInt8>, complete: Bool
  ) {
    // A template's row goes on after its first field: never complete there.
    // (Flags, not the options: testing an optional template copies it.)
    let hasTemplate = rowCells.hasTemplate
    let column = hasTemplate ? templateFirstColumn : itemColumn
    if hasTemplate, column < 0 || column >= n { return (UnsafeBufferPointer(start: start, count: 0), false) }
    guard rowCells.showsField || hasTemplate else { return (UnsafeBufferPointer(start: start, count: length), true) }
    guard column >= 0, column < n else { return (UnsafeBufferPointer(start: start, count: 0), true) }
    let f = found[column]
    let n = f.end - f.start
    guard f.quoted, let quote = memchr(start + f.start, 0x22, n) else {
      return (UnsafeBufferPointer(start: start + f.start, count: n), !hasTemplate)
    }
    return (
      UnsafeBufferPointer(start: start + f.start, count: UnsafeRawPointer(quote) - UnsafeRawPointer(start + f.start)),
      false
    )
  }

  func recordItems(_ ranges: PackedRanges) -> RecordItems {
    RecordItems(
      buffer: buffer, ranges: ranges, separator: separator, quoted: quoted, columns: columns ?? [],
      itemField: itemField, template: template)
  }

  func list(keepOrder: Bool) -> SectionedList {
    items.list(
      buffer: buffer, keepOrder: keepOrder, grouping: grouping, collation: collation,
      makeStore: { .records(recordItems($0)) })
  }

  /// The text of a quoted field's body `p[0..<n]`: `""` is `"`.
  static func unquoted(_ p: Pointer, _ n: Int) -> String {
    var field: [UInt8] = []
    field.reserveCapacity(n)
    var i = 0
    while i < n {
      field.append(p[i])
      i += p[i] == 0x22 && i + 1 < n && p[i + 1] == 0x22 ? 2 : 1
    }
    return String(decoding: field, as: UTF8.self)
  }

  /// The fields of the record at `p`, decoded.
  static func fields(_ p: Pointer, _ length: Int, separator: UInt8, quoted: Bool) -> [String] {
    var out: [String] = []
    forEachField(p, length, separator: separator, quoted: quoted) { start, end, isQuoted in
      // Decoded in place: a copy first took the field twice over again
      // (a header of 390 MB read from /dev/zero: 1.2 GB).
      out.append(
        isQuoted
          ? unquoted(p + start, end - start)
          : String(decoding: UnsafeBufferPointer(start: p + start, count: end - start), as: UTF8.self))
    }
    return out
  }

  /// How many fields the record at `p` has, none decoded (`--no-header`
  /// numbers the columns from the first record: decoding it to count them
  /// held a copy of a 250 MB record, twice the input's memory).
  static func fieldCount(_ p: Pointer, _ length: Int, separator: UInt8, quoted: Bool) -> Int {
    var count = 0
    forEachField(p, length, separator: separator, quoted: quoted) { _, _, _ in count += 1 }
    return count
  }

  /// Calls `body` with each field's bytes `start..<end` in `p[0..<length]`:
  /// a quoted field's body between its quotes (`""` still doubled; text
  /// after its closing quote is not part of it).
  private static func forEachField(
    _ p: Pointer, _ length: Int, separator: UInt8, quoted: Bool,
    _ body: (_ start: Int, _ end: Int, _ quoted: Bool) -> Void
  ) {
    var i = 0
    while true {
      if quoted, i < length, p[i] == 0x22 {
        i += 1
        let start = i
        while i < length {
          if p[i] == 0x22 {
            if i + 1 < length, p[i + 1] == 0x22 {
              i += 2
              continue
            }
            break
          }
          i += 1
        }
        body(start, i, true)
        while i < length, p[i] != separator { i += 1 }
      } else {
        let start = i
        while i < length, p[i] != separator { i += 1 }
        body(start, i, false)
      }
      if i >= length { break }
      i += 1  // separator
    }
  }
}

/// The row text of one record at a time, for `--group-by initial` rows
/// whose bytes do not settle their initial: made once, so a record costs no
/// copy of the columns and template.
final class RowRenderer {
  let records: RecordItems
  let single: SingleRange

  init(_ scan: CSVScan) {
    single = SingleRange()
    records = scan.recordItems(single.list(offset: 0, length: 0))
  }

  func text(offset: Int, length: Int) -> String {
    let r = records
    return RecordItems(
      buffer: r.buffer, ranges: single.list(offset: offset, length: length), separator: r.separator, quoted: r.quoted,
      columns: r.columns, itemField: r.itemField, template: r.template
    ).text(at: 0)
  }
}

/// Items that are CSV/TSV records in a buffer.
struct RecordItems: Sendable {
  let buffer: ByteBuffer
  let ranges: PackedRanges
  let separator: UInt8
  let quoted: Bool
  let columns: [String]
  let itemField: String?
  let template: ItemTemplate?

  func fields(_ index: Int) -> [String] {
    CSVScan.fields(
      buffer.base + ranges.offset(index), ranges.length(index), separator: separator, quoted: quoted)
  }

  func value(_ fields: [String], _ name: String) -> String? {
    guard let k = columns.lastIndex(ofName: name), k < fields.count else { return nil }
    return fields[k]
  }

  func text(at index: Int) -> String {
    if let template {
      let f = fields(index)
      return template.render { value(f, $0.columnName) }
    }
    if let itemField { return value(fields(index), itemField) ?? "" }
    return String(
      decoding: UnsafeBufferPointer(start: buffer.base + ranges.offset(index), count: ranges.length(index)),
      as: UTF8.self)
  }

  /// The record as a JSON object, column name to text. A name shared by
  /// several columns is written once, at its first place, with the last
  /// column's value (what `{name}` shows, and what Python's `DictReader`
  /// and jq make of it). A field past the header's columns is named by its
  /// place (`3`), or when a column has that name, as Miller names it
  /// (`3_2`, `3_3`…): it never takes a column's value. A short record
  /// that lacks a name's last column has no such key, as it has none for
  /// any column it lacks (not the value of an earlier column of the name).
  func json(at index: Int) -> String {
    let f = fields(index)
    // The names of the columns the record lacks: their last column is one.
    let lacked = Set(columns[min(f.count, columns.count)...].map(ExactName.init))
    var names: [ExactName] = []
    var values: [ExactName: String] = [:]
    for (k, v) in f.enumerated() {
      if k < columns.count && lacked.contains(ExactName(columns[k])) { continue }
      var name = ExactName(k < columns.count ? columns[k] : String(k + 1))
      var suffix = 2
      while k >= columns.count && values[name] != nil {
        name = ExactName("\(k + 1)_\(suffix)")
        suffix += 1
      }
      if values.updateValue(v, forKey: name) == nil { names.append(name) }
    }
    return "{" + names.map { JSONText.quoted($0.text) + ":" + JSONText.quoted(values[$0]!) }.joined(separator: ",")
      + "}"
  }
}
