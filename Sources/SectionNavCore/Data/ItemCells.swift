#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How wide each item's row is, from the item's bytes (`TextWidth`, the one
/// width rule): no `String` per item. Exact unless only grapheme breaking
/// can tell (a combining mark, a joiner…), then an upper bound.
extension ItemStore {
  typealias Cells = (cells: Int, exact: Bool)

  /// Whether rows are built by `--item-format` (which may be wider than the item's bytes).
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
    case .strings(let s): return { (TextSanitizer.width(s[$0]), true) }
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
    return { i in
      let p = buffer.base + ranges.offset(i)
      let length = ranges.length(i)
      if p.pointee == 0x7B {
        if let template {
          return template.cells { JSONValueText.fieldCells($0, in: p, length) }
        }
        if let name, let f = JSONValueText.field(name, in: p, length) {
          return JSONValueText.cells(p + f.offset, f.length)
        }
      }
      return JSONValueText.cells(p, length)
    }
  }
}

extension JSONValueText {
  /// The cells of `display(p, length, itemField: nil)`.
  static func cells(_ p: Pointer, _ length: Int) -> ItemStore.Cells {
    guard length > 0 else { return (0, true) }
    switch p.pointee {
    case 0x22: return TextWidth.cells(p + 1, length - 2, escapes: true)
    case 0x7B, 0x5B: return compactCells(p, length)
    default: return TextWidth.cells(p, length, escapes: false)
    }
  }

  /// The cells of `compact(p, length)`: strings as written (escapes shown),
  /// whitespace outside them left out.
  static func compactCells(_ p: Pointer, _ length: Int) -> ItemStore.Cells {
    var cells = 0
    var exact = true
    var i = 0
    while i < length {
      let c = p[i]
      i += 1
      if c == 0x22 {
        let start = i
        i = JSONValueText.stringEnd(p, from: i, length)
        let body = TextWidth.cells(p + start, i - start, escapes: false)
        cells += body.cells + 2
        exact = exact && body.exact
        i += 1
      } else if !JSONLexer.isSpace(c) {
        cells += 1
      }
    }
    return (cells, exact)
  }

  /// Where the string whose body starts at `p[i]` ends (its closing quote,
  /// or `length`): the next quote not escaped by an odd run of backslashes.
  static func stringEnd(_ p: Pointer, from i: Int, _ length: Int) -> Int {
    var i = i
    while i < length {
      guard let hit = memchr(p + i, 0x22, length - i) else { return length }
      let q = UnsafeRawPointer(hit) - UnsafeRawPointer(p)
      var k = q
      while k > i, p[k - 1] == 0x5C { k -= 1 }
      if (q - k) % 2 == 0 { return q }
      i = q + 1
    }
    return length
  }

  /// The cells of `fieldText(field, in: p, length)` (nothing when missing or null).
  static func fieldCells(_ field: FieldPath, in p: Pointer, _ length: Int) -> ItemStore.Cells {
    guard let f = lookup(field, in: p, length), f.length > 0 else { return (0, true) }
    let q = p + f.offset
    if q.pointee == 0x6E { return (0, true) }
    return cells(q, f.length)
  }
}

extension ItemTemplate {
  /// The cells of `render(value)`, given each field's cells.
  func cells(_ value: (FieldPath) -> ItemStore.Cells) -> ItemStore.Cells {
    var cells = literalCells
    var exact = literalsExact
    for piece in pieces {
      if case .field(let f) = piece {
        let v = value(f)
        cells += v.cells
        exact = exact && v.exact
      }
    }
    return (cells, exact)
  }
}

extension RecordItems {
  func measurer() -> (Int) -> ItemStore.Cells {
    let base = buffer.base
    let separator = separator
    let quoted = quoted
    func fieldCells(_ column: Int?, _ p: UnsafePointer<UInt8>, _ length: Int) -> ItemStore.Cells {
      guard let column, let f = CSVScan.field(column, p, length, separator: separator, quoted: quoted) else {
        return (0, true)
      }
      return CSVScan.cells(p + f.start, f.end - f.start, quoted: f.quoted)
    }
    if let template {
      var columnOf: [FieldPath: Int] = [:]
      for case .field(let f) in template.pieces { columnOf[f] = columns.lastIndex(of: f.columnName) }
      return { i in
        let p = base + ranges.offset(i)
        let length = ranges.length(i)
        return template.cells { fieldCells(columnOf[$0] ?? nil, p, length) }
      }
    }
    if let itemField {
      let column = columns.lastIndex(of: itemField)
      return { fieldCells(column, base + ranges.offset($0), ranges.length($0)) }
    }
    return { TextWidth.cells(base + ranges.offset($0), ranges.length($0), escapes: false) }
  }
}

extension CSVScan {
  /// Where field `column` of the record `p[0..<length]` lies (inside its
  /// quotes when `quoted`), as `fields` splits it; nil when the record is shorter.
  static func field(_ column: Int, _ p: Pointer, _ length: Int, separator: UInt8, quoted: Bool)
    -> (start: Int, end: Int, quoted: Bool)?
  {
    var i = 0
    var k = 0
    while true {
      let start = i
      var isQuoted = false
      var end: Int
      if quoted, i < length, p[i] == 0x22 {
        isQuoted = true
        i += 1
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
        end = i
        while i < length, p[i] != separator { i += 1 }
      } else {
        while i < length, p[i] != separator { i += 1 }
        end = i
      }
      if k == column { return isQuoted ? (start + 1, end, true) : (start, end, false) }
      if i >= length { return nil }
      i += 1
      k += 1
    }
  }

  /// The cells of a field's text: a quoted field's body shows `""` as `"`.
  static func cells(_ p: Pointer, _ n: Int, quoted: Bool) -> ItemStore.Cells {
    let raw = TextWidth.cells(p, n, escapes: false)
    guard quoted else { return raw }
    var pairs = 0
    var i = 0
    while i + 1 < n {
      if p[i] == 0x22 && p[i + 1] == 0x22 {
        pairs += 1
        i += 2
      } else {
        i += 1
      }
    }
    return (raw.cells - pairs, raw.exact)
  }
}
