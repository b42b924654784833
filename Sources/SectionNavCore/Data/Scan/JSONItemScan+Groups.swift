import CMapGuard

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Filing items under their sections (`--group-by`) and making the list.
extension JSONItemScan {
  /// Files the item at `start..<end` under its section. `whitespace`: the
  /// bytes between its tokens (so a plain object's compact width is known);
  /// `saved`: for a string, what its escapes save (`JSONLexer.scanString`);
  /// `group`: where its group value ends as the scan found it (-1: none),
  /// or nil to look the field up; `fieldsFound`: the fields its row shows
  /// were found by the scan (`shown`), else they are looked up.
  mutating func addItem(
    start: Int, end: Int, plain: Bool, whitespace: Int, saved: Int, group: Int?, fieldsFound: Bool
  ) {
    let p = buffer.base + start
    let length = end - start
    let c = p.pointee
    let container = c == 0x7B || c == 0x5B
    // An object shown by `--item-field`: where the field lies (the object itself when it has none).
    var field: (offset: Int, length: Int)? = nil
    if c == 0x7B, let itemFieldBytes, !hasTemplate {
      field = fieldsFound ? shown.range(0, itemStart: start) : JSONValueText.field(itemFieldBytes, in: p, length)
    }
    // Objects shown by their fields are measured from the fields.
    let plainItem = plain && !(container && rendersFields)
    if plainItem {
      items.rows.note(exact: c == 0x22 ? length - 2 : container ? length - whitespace : length)
    } else if let field,
      field.length - (field.length > 1 && p[field.offset] == 0x22 ? 2 : 0) - (fieldsFound ? shown.saved[0] : 0)
        <= items.rows.floor
    {
      // The row is the field, no wider than its bytes (a string's body's,
      // less what its escapes save; as with any value; the item's length is
      // a far looser bound): it cannot be the widest.
    } else if c == 0x7B, hasTemplate, fieldsFound, shown.templateBound(p, itemStart: start) <= items.rows.floor {
      // Nor can a template's row no wider than its fields' bytes and its text.
    } else if c == 0x22, length - 2 - saved <= items.rows.floor {
      // Nor a string no wider than its body's bytes less what its escapes
      // save (`\u00e9`, six bytes, one cell: Python's default output).
    } else {
      items.noteRow(offset: start, length: length, bytesBound: !(hasTemplate && c == 0x7B)) { floor in
        if let field { return JSONValueText.cells(p + field.offset, field.length, floor: floor) }
        guard c == 0x7B, hasTemplate else { return JSONValueText.cells(p, length, floor: floor) }
        return fieldsFound ? shown.templateCells(p, itemStart: start) : templateCells!.cells(p, length)
      }
    }
    let section: Int
    switch grouping {
    case .single(let title):
      section = items.titles.isEmpty ? items.section(titled: title) : 0
    case .field(let field):
      if let group {
        section = group < 0 ? items.section(titled: GroupBy.none, kind: .none) : groupSection(raw: groupStart, group)
      } else if c == 0x7B, let f = JSONValueText.lookup(field, in: p, length) {
        section = groupSection(raw: start + f.offset, start + f.offset + f.length)
      } else {
        section = items.section(titled: GroupBy.none, kind: .none)
      }
    case .initial:
      section = initialSection(p, length, field: field)
    }
    items.append(offset: start, length: length, plain: plainItem, section: section)
    if !fieldCheck.unseen.isEmpty { fieldCheck.note(p, length, offset: start) }
  }

  /// The section of the group value at `start..<end`: null files under `(none)`.
  mutating func groupSection(raw start: Int, _ end: Int) -> Int {
    let p = buffer.base + start
    let length = end - start
    if length == 0 || p.pointee == 0x6E { return items.section(titled: GroupBy.none, kind: .none) }
    // jq's equality: strings by their decoded text, numbers by value,
    // objects by content whatever the key order, each kind apart.
    let title = {
      p.pointee == 0x22
        ? (JSONValueText.unescape(p, length), GroupKey.Kind.text) : (JSONValueText.canonical(p, length), .json)
    }
    if p.pointee == 0x22, length >= 2, memchr(p + 1, 0x5C, length - 2) == nil {
      return items.section(
        rawKey: p, length, written: UnsafeRawBufferPointer(start: p + 1, count: length - 2), kind: .text, title: title)
    }
    if Self.isCanonicalInteger(p, length) {
      return items.section(
        rawKey: p, length, written: UnsafeRawBufferPointer(start: p, count: length), kind: .json, title: title)
    }
    return items.section(rawKey: p, length, title: title)
  }

  /// Whether the number `p[0..<length]` is written as jq writes it: an
  /// integer of up to 15 digits (exact in a double), no leading zero, not `-0`.
  static func isCanonicalInteger(_ p: Pointer, _ length: Int) -> Bool {
    let first = p.pointee == 0x2D ? 1 : 0
    let digits = length - first
    guard digits >= 1, digits <= 15 else { return false }
    if p[first] == 0x30 { return length == 1 }
    for k in first..<length where p[k] &- 0x30 > 9 { return false }
    return true
  }

  /// The section of the item's initial; `field`: where its `--item-field` lies in it.
  mutating func initialSection(_ p: Pointer, _ length: Int, field: (offset: Int, length: Int)?) -> Int {
    let (start, complete) = rowStart(p, length, field: field)
    if let known = items.knownInitialSection(start) { return known }
    let store = store
    let single = single
    let offset = p - buffer.base
    return items.section(initialOf: start, complete: complete) {
      store(single.list(offset: offset, length: length)).text(at: 0, prefixBytes: 256)
    }
  }

  /// The first bytes of the item's row as shown (`JSONItems.text`), and
  /// whether they are all of it: where they lie in the input as they are —
  /// a string's text up to its first escape, a number or literal as
  /// written, the `{` or `[` compact JSON starts with; nothing for a
  /// template — or, for a string that starts with an escape (spaces
  /// aside), its first bytes decoded into `rowScratch` (valid until the
  /// next call).
  /// Inlined: a call would copy the whole scan (a kilobyte) per item to
  /// pass `self` from the mutating `initialSection`.
  @inline(__always)
  func rowStart(_ p: Pointer, _ length: Int, field: (offset: Int, length: Int)?) -> (
    UnsafeBufferPointer<UInt8>, complete: Bool
  ) {
    var p = p
    var length = length
    if length > 0, p.pointee == 0x7B, rendersFields {
      if hasTemplate { return (UnsafeBufferPointer(start: p, count: 0), false) }
      if let f = field {
        p += f.offset
        length = f.length
      }
    }
    guard length >= 2, p.pointee == 0x22 else { return (UnsafeBufferPointer(start: p, count: length), true) }
    let inner = length - 2
    guard let escape = memchr(p + 1, 0x5C, inner) else {
      return (UnsafeBufferPointer(start: p + 1, count: inner), true)
    }
    let plain = UnsafeRawPointer(escape) - UnsafeRawPointer(p + 1)
    var k = 0
    while k < plain, InitialSections.skipsByte(p[1 + k]) { k += 1 }
    // Text before the first escape, spaces aside: it holds the initial.
    // Else the row starts with an escape: its first bytes decoded.
    if k < plain { return (UnsafeBufferPointer(start: p + 1, count: plain), false) }
    return Self.decodedStart(p + 1, inner, to: rowScratch)
  }

  /// The first bytes of the string body `body[0..<n]` decoded into
  /// `scratch` (`JSONValueText.unescapedPrefix`), and whether that is all of it.
  @inline(never)
  static func decodedStart(_ body: Pointer, _ n: Int, to scratch: UnsafeMutablePointer<UInt8>) -> (
    UnsafeBufferPointer<UInt8>, complete: Bool
  ) {
    let (count, whole) = JSONValueText.unescapedPrefix(body, n, bytes: rowPrefix, to: scratch)
    return (UnsafeBufferPointer(start: scratch, count: count), whole)
  }

  /// The items found so far as a list.
  func list(keepOrder: Bool) -> SectionedList {
    items.list(buffer: buffer, keepOrder: keepOrder, grouping: grouping, collation: collation, makeStore: store)
  }
}

/// A list of one item's range, rewritten for each item a scan renders while
/// loading (to find its initial): an allocation per record made
/// `--group-by initial` over CSV 60 % slower.
final class SingleRange: @unchecked Sendable {
  private let storage = RangeStorage(expected: 1, hugePages: false)
  private let one: PackedRanges

  init() {
    // Room for one wide block before the list takes the pointers: they never change after.
    if !storage.wide.grow(atLeast: RangeCodec.blockSize * 8) { sn_out_of_memory(RangeCodec.blockSize * 8) }
    one = PackedRanges(storage: storage, count: 1, overflow: [:])
  }

  /// The list holding just `offset..<offset + length`, valid until the next call.
  func list(offset: Int, length: Int) -> PackedRanges {
    guard length < Int(RangeCodec.lengthSentinel) else {
      // Lengths of 8 MiB and more live in a list's overflow table: a list of its own.
      var b = PackedRangesBuilder(expected: 1)
      b.append(offset: offset, length: length, plain: false)
      return b.finish()
    }
    let headers = storage.headers.base.assumingMemoryBound(to: UInt64.self)
    if length < RangeCodec.narrowLengthLimit {
      headers[0] = RangeCodec.narrowTag | UInt64(truncatingIfNeeded: offset)
      storage.entries.base.assumingMemoryBound(to: UInt32.self)[0] = RangeCodec.narrow(
        delta: 0, length: length, plain: false)
    } else {
      var none: [Int: Int] = [:]
      headers[0] = RangeCodec.wideTag
      storage.wide.base.assumingMemoryBound(to: UInt64.self)[0] = RangeCodec.wide(
        offset: offset, length: length, plain: false, overflow: &none)
    }
    return one
  }
}
