#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How wide each item's row is, from the item's bytes (`TextWidth`, the one
/// width rule): no `String` per item. Exact unless only grapheme breaking
/// can tell (a combining mark, a joiner…), then an upper bound.
extension ItemStore {
  typealias Cells = TextWidth.Cells

  /// Whether rows are built by `--item-format` (which may be wider than the item's bytes).
  /// The items' byte ranges (nil for strings held whole, and a subset).
  var ranges: PackedRanges? {
    switch self {
    case .json(let j): j.ranges
    case .lines(let l): l.ranges
    case .records(let r): r.ranges
    case .strings, .subset: nil
    }
  }

  var rendersTemplate: Bool {
    switch self {
    case .json(let j): j.template != nil
    case .records(let r): r.template != nil
    case .subset(let s): s.base.store.rendersTemplate
    case .strings, .lines: false
    }
  }

  /// A function giving the cells of item `i`'s row (what `text(at:)` shows),
  /// with what every item shares (column numbers, field names) worked out once.
  func measurer() -> (Int) -> ItemStore.Cells {
    switch self {
    case .strings(let s): return { .exact(TextSanitizer.width(s[$0])) }
    case .json(let j): return j.measurer()
    case .lines(let l):
      return { TextWidth.cells(l.buffer.base + l.ranges.offset($0), l.ranges.length($0), escapes: false) }
    case .records(let r): return r.measurer()
    case .subset(let s):
      let base = s.base.store.measurer()
      return { base(Int(s.ordinals[$0])) }
    }
  }
}

extension JSONItems {
  func measurer() -> (Int) -> ItemStore.Cells {
    let name = itemField.map { Array($0.utf8) }
    let templateCells = template.map { TemplateCells($0) }
    return { i in
      Self.rowCells(buffer.base + ranges.offset(i), ranges.length(i), field: name, template: templateCells)
    }
  }

  /// The cells of the row of the item `p[0..<length]` (as `text(at:)`
  /// shows it) under `--item-field` `field` (UTF-8) or a template.
  @inline(__always)
  static func rowCells(
    _ p: JSONValueText.Pointer, _ length: Int, field: [UInt8]?, template: TemplateCells?
  ) -> ItemStore.Cells {
    if p.pointee == 0x7B {
      if let template { return template.cells(p, length) }
      if let field, let f = JSONValueText.field(field, in: p, length) {
        return JSONValueText.cells(p + f.offset, f.length)
      }
    }
    return JSONValueText.cells(p, length)
  }
}

/// The cells of an object's row under `--item-format`, its members walked
/// once for all the template's fields (a look-up per field walked the whole
/// object again for each).
struct TemplateCells {
  let template: ItemTemplate
  /// The distinct first keys of the fields, as UTF-8.
  let keys: [[UInt8]]
  /// Per field piece, in order: the index of its first key in `keys` (-1:
  /// the field starts with an index, looked up on its own), and the field.
  let plan: [(key: Int, field: FieldPath)]

  init(_ template: ItemTemplate) {
    self.template = template
    var keys: [[UInt8]] = []
    var plan: [(Int, FieldPath)] = []
    for field in template.fields {
      guard case .key(let k)? = field.steps.first else {
        plan.append((-1, field))
        continue
      }
      let bytes = Array(k.utf8)
      if let at = keys.firstIndex(of: bytes) {
        plan.append((at, field))
      } else {
        keys.append(bytes)
        plan.append((keys.count - 1, field))
      }
    }
    self.keys = keys
    self.plan = plan
  }

  /// The cells of the row of the object at `p`.
  func cells(_ p: JSONValueText.Pointer, _ length: Int) -> ItemStore.Cells {
    withUnsafeTemporaryAllocation(of: (offset: Int, length: Int).self, capacity: max(1, keys.count)) { found in
      JSONValueText.members(keys, in: p, length, found: found.baseAddress!)
      var cells = template.literal
      for (key, field) in plan {
        var value: (offset: Int, length: Int)?
        if key < 0 {
          value = JSONValueText.lookup(field, in: p, length)
        } else if found[key].length >= 0 {
          let member = found[key]
          value =
            field.steps.count == 1
            ? member
            : JSONValueText.lookup(field, in: p + member.offset, member.length, from: 1).map {
              (member.offset + $0.offset, $0.length)
            }
        }
        guard let value, value.length > 0, p[value.offset] != 0x6E else { continue }
        cells = cells + JSONValueText.cells(p + value.offset, value.length)
      }
      return cells
    }
  }
}

extension JSONValueText {
  /// The last value of each member named in `names` of the object at `p`
  /// (as `field` finds one), in one walk: `found[k]` is its range, or a
  /// length of -1 when the object has no such member.
  static func members(
    _ names: [[UInt8]], in p: Pointer, _ length: Int, found: UnsafeMutablePointer<(offset: Int, length: Int)>
  ) {
    for k in names.indices { found[k] = (0, -1) }
    let bytes = UnsafeBufferPointer(start: p, count: length)
    for member in Members(bytes) {
      var decoded: String?
      for (k, name) in names.enumerated()
      where name.withUnsafeBufferPointer({ key(member.key, of: bytes, is: $0, decoded: &decoded) }) {
        found[k] = (member.value.lowerBound, member.value.count)
      }
    }
  }

  /// The cells of `display(p, length, itemField: nil)`; `floor` as
  /// `TextWidth.cells` takes it.
  static func cells(_ p: Pointer, _ length: Int, floor: Int = -1) -> ItemStore.Cells {
    guard length > 0 else { return .exact(0) }
    switch p.pointee {
    case 0x22: return TextWidth.cells(p + 1, length - 2, escapes: true, floor: floor)
    case 0x7B, 0x5B: return compactCells(p, length)
    default: return TextWidth.cells(p, length, escapes: false, floor: floor)
    }
  }

  /// The cells of `compact(p, length)`: strings as written (escapes shown),
  /// whitespace outside them left out.
  static func compactCells(_ p: Pointer, _ length: Int) -> ItemStore.Cells {
    var cells = ItemStore.Cells.exact(0)
    // Punctuation, numbers, literals and quotes: a cell a byte.
    var plain = 0
    var i = 0
    while i < length {
      let c = p[i]
      i += 1
      if c == 0x22 {
        let start = i
        i = JSONValueText.stringEnd(p, from: i, length)
        cells = cells + TextWidth.cells(p + start, i - start, escapes: false)
        plain += 2
        i += 1
      } else if !JSONLexer.isSpace(c) {
        plain += 1
      }
    }
    return cells + .exact(plain)
  }

  /// The cells of `fieldText(field, in: p, length)` (nothing when missing or null).
  static func fieldCells(_ field: FieldPath, in p: Pointer, _ length: Int) -> ItemStore.Cells {
    guard let f = lookup(field, in: p, length), f.length > 0 else { return .exact(0) }
    let q = p + f.offset
    if q.pointee == 0x6E { return .exact(0) }
    return cells(q, f.length)
  }
}

extension ItemTemplate {
  /// The cells of `render(value)`, given each field's cells.
  func cells(_ value: (FieldPath) -> ItemStore.Cells) -> ItemStore.Cells {
    var cells = literal
    for piece in pieces {
      if case .field(let f) = piece { cells = cells + value(f) }
    }
    return cells
  }
}

extension RecordItems {
  func measurer() -> (Int) -> ItemStore.Cells {
    let base = buffer.base
    let cells = RecordCells(
      separator: separator, quoted: quoted, columns: columns, itemField: itemField, template: template)
    return { cells.cells(base + ranges.offset($0), ranges.length($0)) }
  }
}

/// The cells of a CSV/TSV record's row (`RecordItems.text`), with the
/// columns the row shows worked out once.
struct RecordCells: Sendable {
  let separator: UInt8
  let quoted: Bool
  /// Rows come from `--item-format` (a flag: testing the optional copies the template).
  let hasTemplate: Bool
  /// The cells of the template's literal text.
  let literal: TextWidth.Cells
  /// Per template field piece, its column (-1: none).
  let plan: [Int]
  /// `plan` when it has at most 8 pieces, inline (-1 past its end):
  /// `bound` reads it for every row, and an array's storage is a heap
  /// line that both halves of a split scan read, beside what either may
  /// write (the count's load waited on that line for 60 % of
  /// `CSVScan.add`'s time; 60 MB of TSV under `--item-format`: 77 → 62 ms
  /// of CPU, depending on where the heap put it).
  let shortPlan: SIMD8<Int32>?
  /// The last column the template shows (-1: none).
  let last: Int
  /// `--item-field`'s column (nil: no such column); unused without `--item-field`.
  let column: Int?
  let showsField: Bool

  init(separator: UInt8, quoted: Bool, columns: [String], itemField: String?, template: ItemTemplate?) {
    self.separator = separator
    self.quoted = quoted
    hasTemplate = template != nil
    literal = template?.literal ?? .exact(0)
    plan = template?.fields.map { columns.lastIndex(ofName: $0.columnName) ?? -1 } ?? []
    var short = SIMD8<Int32>(repeating: -1)
    for (k, column) in plan.prefix(8).enumerated() { short[k] = Int32(clamping: column) }
    shortPlan = plan.count <= 8 ? short : nil
    last = plan.max() ?? -1
    showsField = itemField != nil
    column = itemField.flatMap { columns.lastIndex(ofName: $0) }
    lastColumn = template != nil ? last : column ?? -1
  }

  /// The last column the row shows (-1: none, or the whole record).
  let lastColumn: Int

  /// The cells of the row of the record `p[0..<length]`.
  @inline(__always)
  func cells(_ p: UnsafePointer<UInt8>, _ length: Int) -> ItemStore.Cells {
    guard hasTemplate || showsField else { return TextWidth.cells(p, length, escapes: false) }
    // The record is split once for all the fields shown.
    let last = lastColumn
    return withUnsafeTemporaryAllocation(of: CSVScan.Field.self, capacity: max(0, last) + 1) { found in
      let fields = found.baseAddress!
      let n = last < 0 ? 0 : CSVScan.fields(p, length, upTo: last, separator: separator, quoted: quoted, into: fields)
      return cells(p, length, fields: fields, n)
    }
  }

  /// A bound on `cells` from the bytes of the fields shown (a field takes
  /// no more cells than bytes), given the record's first `n` fields: a row
  /// no wider than the widest so far need not be measured.
  @inline(__always)
  func bound(fields found: UnsafePointer<CSVScan.Field>, _ n: Int) -> Int {
    if hasTemplate {
      var bytes = literal.cells
      if let short = shortPlan {
        for k in 0..<8 {
          let column = Int(short[k])
          if column >= 0 && column < n { bytes += found[column].end - found[column].start }
        }
      } else {
        for column in plan where column >= 0 && column < n { bytes += found[column].end - found[column].start }
      }
      return bytes
    }
    guard let column, column < n else { return 0 }
    return found[column].end - found[column].start
  }

  /// `cells`, given the record's first `n` fields (up to `lastColumn` or all of them).
  @inline(__always)
  func cells(_ p: UnsafePointer<UInt8>, _ length: Int, fields found: UnsafePointer<CSVScan.Field>, _ n: Int)
    -> ItemStore.Cells
  {
    if hasTemplate {
      var cells = literal
      for column in plan where column >= 0 && column < n {
        let f = found[column]
        cells = cells + CSVScan.cells(p + f.start, f.end - f.start, quoted: f.quoted)
      }
      return cells
    }
    if showsField {
      guard let column, column < n else { return .exact(0) }
      let f = found[column]
      return CSVScan.cells(p + f.start, f.end - f.start, quoted: f.quoted)
    }
    return TextWidth.cells(p, length, escapes: false)
  }
}

extension CSVScan {
  /// Where a field of a record lies: inside its quotes when `quoted`.
  typealias Field = (start: Int, end: Int, quoted: Bool)

  /// The field of the record `p[0..<length]` that starts at `i`, as
  /// `fields` splits it, and where the next one starts (past `length`: none).
  @inline(__always)
  static func field(at i: Int, _ p: Pointer, _ length: Int, separator: UInt8, quoted: Bool) -> (Field, next: Int) {
    var i = i
    if quoted, i < length, p[i] == 0x22 {
      let start = i + 1
      i += 1
      // Quote by quote: a doubled one is text, the next closes the field.
      while i < length {
        guard let hit = memchr(p + i, 0x22, length - i) else {
          i = length
          break
        }
        i = UnsafeRawPointer(hit) - UnsafeRawPointer(p)
        if i + 1 < length, p[i + 1] == 0x22 {
          i += 2
          continue
        }
        break
      }
      let end = i
      while i < length, p[i] != separator { i += 1 }
      return ((start, end, true), i + 1)
    }
    let start = i
    if let hit = memchr(p + i, Int32(separator), length - i) {
      i = UnsafeRawPointer(hit) - UnsafeRawPointer(p)
    } else {
      i = length
    }
    return ((start, i, false), i + 1)
  }

  /// Where field `column` of the record `p[0..<length]` lies (inside its
  /// quotes when `quoted`), as `fields` splits it; nil when the record is shorter.
  static func field(_ column: Int, _ p: Pointer, _ length: Int, separator: UInt8, quoted: Bool) -> Field? {
    var i = 0
    var k = 0
    while true {
      let (f, next) = field(at: i, p, length, separator: separator, quoted: quoted)
      if k == column { return f }
      if next > length { return nil }
      i = next
      k += 1
    }
  }

  /// Fields `0...last` of the record `p[0..<length]` into `found`, in one
  /// pass; returns how many there were (fewer when the record is shorter).
  static func fields(
    _ p: Pointer, _ length: Int, upTo last: Int, separator: UInt8, quoted: Bool, into found: UnsafeMutablePointer<Field>
  ) -> Int {
    var i = 0
    var k = 0
    while k <= last {
      let (f, next) = field(at: i, p, length, separator: separator, quoted: quoted)
      found[k] = f
      k += 1
      if next > length { break }
      i = next
    }
    return k
  }

  /// The cells of a field's text: a quoted field's body shows `""` as `"`.
  static func cells(_ p: Pointer, _ n: Int, quoted: Bool) -> ItemStore.Cells {
    let raw = TextWidth.cells(p, n, escapes: false)
    guard quoted else { return raw }
    // Quote by quote (`memchr`), not byte by byte.
    var pairs = 0
    var i = 0
    while i + 1 < n, let hit = memchr(p + i, 0x22, n - i - 1) {
      let q = UnsafeRawPointer(hit) - UnsafeRawPointer(p)
      if p[q + 1] == 0x22 {
        pairs += 1
        i = q + 2
      } else {
        i = q + 1
      }
    }
    return raw.less(pairs)
  }
}
